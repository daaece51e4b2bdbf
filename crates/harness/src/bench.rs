//! `stadt bench`: the engine's and MCTS's speed figures, one CSV line each (figure, value, unit,
//! target). Criterion benches in `benches/engine.rs` measure the same operations with statistics.

use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::observation::Observation;
use die_stadt::table::Table;
use die_stadt::tiles::{TILE_COUNT, TileSet};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::alloc_count::{allocated_bytes, allocated_bytes_here};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A figure: name, value, unit, target (empty when there is none).
pub struct Figure {
    /// Name.
    pub name: String,
    /// Value.
    pub value: f64,
    /// Unit.
    pub unit: &'static str,
    /// Target, as text.
    pub target: &'static str,
}

/// Plays one game with uniformly random moves, in place: the playout every figure builds on.
/// Returns the number of decisions taken.
#[inline]
pub fn random_playout(game: &mut Game, moves: &mut Vec<Move>, rng: &mut Pcg64Mcg) -> u32 {
    let mut decisions = 0;
    while !game.is_over() {
        let mv = die_stadt::playable::random_move(game.table(), moves, rng);
        game.apply(mv);
        decisions += 1;
    }
    decisions
}

/// Random 4-player games from start to end on one thread for about `seconds`: (games, elapsed).
pub fn random_games(seconds: f64, seed: u64) -> (u64, Duration) {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut order = [0u8; TILE_COUNT];
    order.copy_from_slice(&ts.deck());
    let mut game = Game::new(ts, 4, &order).expect("a full deck");
    let mut moves = Vec::with_capacity(256);
    let start = Instant::now();
    let mut games = 0;
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..100 {
            order.shuffle(&mut rng);
            game.reset(4, &order).expect("a full deck");
            random_playout(&mut game, &mut moves, &mut rng);
            games += 1;
        }
    }
    (games, start.elapsed())
}

/// Tables at the PlaceTile step, sampled from random games (mid-game positions for benches).
pub fn sample_positions(count: usize, players: usize, seed: u64) -> Vec<Table> {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = Game::shuffled(ts, players, &mut rng).expect("a full deck");
        let keep_at = rng.random_range(10..60);
        while !game.is_over() {
            let t = game.table();
            if t.step() == Step::PlaceTile && t.board().tile_count() == keep_at {
                out.push(t.clone());
                break;
            }
            let mv = if t.step() == Step::PlaceTile {
                t.sample_tile_move(&mut rng)
            } else {
                game.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            };
            game.apply(mv);
        }
    }
    out
}

/// The MCTS bot whose speed is measured: random rollouts, its other parameters at their defaults.
pub const MCTS_BENCH_BOT: &str = "mcts:rollout=random";

/// Iterations each MCTS decision is given when timed (a fixed budget, so time is per iteration).
pub const MCTS_BENCH_ITERS: u64 = 200;

/// Mid-game positions (at the PlaceTile step) with a real choice: with one legal move MCTS does
/// not search, which would inflate iterations per second.
pub fn mcts_positions(count: usize, seed: u64) -> Vec<Table> {
    let mut moves = Vec::new();
    let mut out = sample_positions(count * 2, 4, seed);
    out.retain(|t| {
        t.legal_moves(&mut moves);
        moves.len() > 1
    });
    out.truncate(count);
    out
}

/// The searches whose speed `stadt bench` reports beside today's `mcts`, by figure name: the
/// default (`lmcts`, rollouts cut at 16 tiles and judged by the learned evaluation) and the search
/// with every idea on (`puct`), both with random playouts, then `lmcts` with informed playouts
/// (issue 43): greedy's choice among all legal moves, and the best of 2 and of 4 drawn moves
/// (from the list of legal moves, `best:K`, or one by one without it, `sample:K`), valued by the
/// engine's move values.
pub const SEARCH_BENCH_BOTS: [(&str, &str); 7] = [
    ("lmcts", "lmcts:rollout=random"),
    ("puct", "puct:rollout=random"),
    ("lmcts_greedy_playout", "lmcts:rollout=greedy"),
    ("lmcts_best2_playout", "lmcts:rollout=best:2"),
    ("lmcts_best4_playout", "lmcts:rollout=best:4"),
    ("lmcts_sample2_playout", "lmcts:rollout=sample:2"),
    ("lmcts_sample4_playout", "lmcts:rollout=sample:4"),
];

/// The informed playouts of `SEARCH_BENCH_BOTS` (from the third on), whose cost per iteration
/// over random playouts `stadt bench` reports against issue 43's budget (at most 3 times).
const INFORMED_FROM: usize = 2;

/// MCTS iterations per second for about `seconds`: `MCTS_BENCH_BOT` with `threads` root-parallel
/// searches decides `positions` in turn, `MCTS_BENCH_ITERS` iterations each.
pub fn mcts_iterations_per_second(positions: &[Table], threads: usize, seconds: f64, seed: u64) -> f64 {
    search_iterations_per_second(MCTS_BENCH_BOT, positions, threads, seconds, seed).0
}

/// Iterations per second of `bot` (a search bot's spec) deciding `positions` in turn,
/// `MCTS_BENCH_ITERS` iterations each, and the bytes it allocated per iteration after warming up
/// on every position once (NaN without the counting allocator).
pub fn search_iterations_per_second(
    bot: &str,
    positions: &[Table],
    threads: usize,
    seconds: f64,
    seed: u64,
) -> (f64, f64) {
    let mut agent = bench_agent(bot, threads).expect("a valid bot");
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    // Warm up: grow the tree arenas and every buffer, and start rayon's threads, before timing;
    // a search's tree size varies with its samples, so two rounds reach the buffers' high-water
    // marks.
    for t in positions.iter().chain(positions) {
        agent.act(&Observation::of_table(t), &mut rng);
    }
    let before = allocated_bytes();
    let start = Instant::now();
    let mut decisions = 0u64;
    for t in positions.iter().cycle() {
        black_box(agent.act(&Observation::of_table(t), &mut rng));
        decisions += 1;
        if start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    let iterations = (decisions * MCTS_BENCH_ITERS) as f64;
    let bytes = match (before, allocated_bytes()) {
        (Some(b), Some(a)) => (a - b) as f64 / iterations,
        _ => f64::NAN,
    };
    (iterations / start.elapsed().as_secs_f64(), bytes)
}

/// How many positions each search decides in one round of `cost_over`.
const COST_ROUND: usize = 5;

/// The fewest rounds `cost_over` times.
const COST_ROUNDS: usize = 5;

/// `bot`'s cost per iteration over `base`'s (search bots' specs, one thread each, the same
/// iterations per decision): in each round both decide the same few of `positions`, one right
/// after the other, and the round gives the ratio of their times; the median round's ratio, after
/// at least `COST_ROUNDS` rounds and about `seconds`. A shared machine's load drifts over seconds,
/// so timing the two apart (as their iterations per second are) moves the ratio by more than
/// the playouts differ; timed side by side on the same positions, both bear the same load.
pub fn cost_over(bot: &str, base: &str, positions: &[Table], seconds: f64, seed: u64) -> Result<f64, String> {
    let mut agents = [bench_agent(base, 1)?, bench_agent(bot, 1)?];
    let mut rngs = [Pcg64Mcg::seed_from_u64(seed), Pcg64Mcg::seed_from_u64(seed)];
    for (agent, rng) in agents.iter_mut().zip(&mut rngs) {
        for t in positions.iter().take(COST_ROUND) {
            agent.act(&Observation::of_table(t), rng);
        }
    }
    let (start, mut ratios) = (Instant::now(), Vec::new());
    for round in positions.chunks(COST_ROUND).cycle() {
        let mut took = [0.0; 2];
        for ((agent, rng), took) in agents.iter_mut().zip(&mut rngs).zip(&mut took) {
            let begun = Instant::now();
            for t in round {
                black_box(agent.act(&Observation::of_table(t), rng));
            }
            *took = begun.elapsed().as_secs_f64();
        }
        ratios.push(took[1] / took[0]);
        if ratios.len() >= COST_ROUNDS && start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    ratios.sort_by(f64::total_cmp);
    Ok(ratios[ratios.len() / 2])
}

/// `bot` (a search bot's spec) deciding each of `positions` once at `MCTS_BENCH_ITERS`
/// iterations, one thread: a fixed amount of work, for counting instructions. Returns the
/// iterations run and a digest of the moves chosen (the FNV-1a of the rows' `check` column over
/// the moves as written: the same digest, the same decisions); Err names a bad spec.
pub fn search_decisions(bot: &str, positions: &[Table], seed: u64) -> Result<(u64, String), String> {
    let mut agent = bench_agent(bot, 1)?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = String::new();
    for t in positions {
        let mv = agent.act(&Observation::of_table(t), &mut rng);
        moves += &format!("{mv:?}");
    }
    Ok((positions.len() as u64 * MCTS_BENCH_ITERS, stadt_core::tournament::rows::check(&moves)))
}

/// The search bot `bot` (a spec) at `MCTS_BENCH_ITERS` iterations on `threads` threads, as the
/// figures time it; Err names a bad spec.
fn bench_agent(
    bot: &str,
    threads: usize,
) -> Result<Box<dyn stadt_core::agent::Agent<die_stadt::kind::DieStadt>>, String> {
    let spec = format!("{bot},iters={MCTS_BENCH_ITERS},threads={threads}");
    let dirs = stadt_core::bots::dirs::BotDirs::none();
    Ok(die_stadt_bots::registry::BOTS.parse_bot(&spec, &dirs).map_err(|e| format!("bot {bot}: {e}"))?.build())
}

/// Every figure, each measured for about `seconds`.
pub fn run(seconds: f64, seed: u64) -> Vec<Figure> {
    let mut figures = Vec::new();
    let (games, el) = random_games(seconds, seed);
    figures.push(Figure {
        name: "random_4p_games_per_second_1_thread".into(),
        value: games as f64 / el.as_secs_f64(),
        unit: "games/s",
        target: ">=20000",
    });

    let positions = sample_positions(500, 4, seed);
    let mut moves = Vec::with_capacity(512);
    let start = Instant::now();
    let mut placements = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        for t in &positions {
            black_box(t).legal_moves(&mut moves);
            placements += moves.len() as u64;
        }
    }
    figures.push(Figure {
        name: "tile_placements_generated_per_second".into(),
        value: placements as f64 / start.elapsed().as_secs_f64(),
        unit: "placements/s",
        target: "",
    });

    let ts = TileSet::default_set();
    let games: Vec<Game> = positions
        .iter()
        .take(100)
        .enumerate()
        .map(|(i, t)| Game::determinize(t, &mut Pcg64Mcg::seed_from_u64(i as u64)))
        .collect();
    let mut sink = Game::new(ts, 4, &ts.deck()).expect("a full deck");
    figures.push(Figure {
        name: "state_clone_ns".into(),
        value: ns_per_game(&games, seconds.min(1.0), |g| {
            black_box(black_box(g).clone());
        }),
        unit: "ns",
        target: "<=300",
    });
    figures.push(Figure {
        name: "state_clone_from_ns".into(),
        value: ns_per_game(&games, seconds.min(1.0), |g| {
            sink.clone_from(black_box(g));
            black_box(&sink);
        }),
        unit: "ns",
        target: "",
    });

    // Bytes allocated per game once warm: the playout loop with its buffers already grown, and a
    // random agent deciding through the Agent interface.
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut order = [0u8; TILE_COUNT];
    order.copy_from_slice(&ts.deck());
    let mut game = Game::new(ts, 4, &order).expect("a full deck");
    let mut agent = die_stadt_bots::bots::random::Random::default();
    let play = |game: &mut Game,
                order: &mut [u8; TILE_COUNT],
                rng: &mut Pcg64Mcg,
                agent: &mut die_stadt_bots::bots::random::Random| {
        order.shuffle(rng);
        game.reset(4, order).expect("a full deck");
        while !game.is_over() {
            let mv = stadt_core::agent::Agent::<die_stadt::kind::DieStadt>::act(
                agent,
                &Observation::new(game),
                rng,
            );
            game.apply(mv);
        }
    };
    for _ in 0..50 {
        play(&mut game, &mut order, &mut rng, &mut agent);
    }
    // This thread's count: the loop runs here, whatever other threads allocate meanwhile.
    let (value, unit) = match allocated_bytes_here() {
        Some(before) => {
            let n = 1000;
            for _ in 0..n {
                play(&mut game, &mut order, &mut rng, &mut agent);
            }
            ((allocated_bytes_here().unwrap() - before) as f64 / n as f64, "bytes/game")
        }
        None => (f64::NAN, "bytes/game (counting allocator not installed)"),
    };
    figures.push(Figure { name: "bytes_allocated_per_game_after_warmup".into(), value, unit, target: "0" });

    let positions = mcts_positions(50, seed);
    for (threads, name) in
        [(1, "mcts_iterations_per_second_1_thread"), (2, "mcts_iterations_per_second_2_threads")]
    {
        figures.push(Figure {
            name: name.into(),
            value: mcts_iterations_per_second(&positions, threads, seconds, seed),
            unit: "iterations/s",
            target: "",
        });
    }
    for (name, bot) in SEARCH_BENCH_BOTS {
        for threads in [1, 2] {
            let (value, bytes) = search_iterations_per_second(bot, &positions, threads, seconds, seed);
            let plural = if threads > 1 { "s" } else { "" };
            let figure = format!("{name}_iterations_per_second_{threads}_thread{plural}");
            figures.push(Figure { name: figure, value, unit: "iterations/s", target: "" });
            if threads == 1 {
                figures.push(Figure {
                    name: format!("{name}_bytes_allocated_per_iteration_after_warmup"),
                    value: bytes,
                    unit: if bytes.is_nan() {
                        "bytes/iteration (counting allocator not installed)"
                    } else {
                        "bytes/iteration"
                    },
                    target: "0",
                });
            }
        }
    }
    // Issue 43's budget: an informed playout's iteration at most 3 times a random one's.
    let random = SEARCH_BENCH_BOTS[0].1;
    for (name, bot) in SEARCH_BENCH_BOTS.iter().skip(INFORMED_FROM) {
        figures.push(Figure {
            name: format!("{name}_cost_over_random"),
            value: cost_over(bot, random, &positions, seconds, seed).expect("valid bots"),
            unit: "x",
            target: "<=3",
        });
    }
    let one = tournament_games_per_second(1, seconds, seed);
    let two = tournament_games_per_second(2, seconds, seed);
    figures.push(Figure {
        name: "tournament_games_per_second_1_thread".into(),
        value: one,
        unit: "games/s",
        target: "",
    });
    figures.push(Figure {
        name: "tournament_games_per_second_2_threads".into(),
        value: two,
        unit: "games/s",
        target: "",
    });
    figures.push(Figure {
        name: "tournament_speedup_2_threads".into(),
        value: two / one,
        unit: "x",
        target: ">=1.8",
    });
    figures
}

/// Games per second of a greedy-against-random tournament (fast bots, so the runner's own
/// overhead shows) on `threads` worker threads, sized to take about `seconds`.
pub fn tournament_games_per_second(threads: usize, seconds: f64, seed: u64) -> f64 {
    let games = ((seconds * 400.0) as u64).max(40);
    let dir = std::env::temp_dir().join(format!("stadt-bench-{}-{threads}", std::process::id()));
    let bots = ["greedy".to_string(), "random".to_string()];
    let (_, out, elapsed) = timed_tournament(&bots, games, seed, &dir, threads, Default::default());
    let _ = std::fs::remove_dir_all(&dir);
    out.played as f64 / elapsed
}

/// A 2-player tournament of `bots` into a fresh `dir` on `threads` worker threads, for a speed
/// figure: its spec (the bots' labels), its outcome and the seconds it took.
fn timed_tournament(
    bots: &[String; 2],
    games: u64,
    seed: u64,
    dir: &std::path::Path,
    threads: usize,
    on_bot_failure: crate::tournament::OnBotFailure,
) -> (crate::tournament::spec::TournamentSpec, crate::tournament::Outcome, f64) {
    use crate::tournament::{Options, run, spec::TournamentSpec};
    let _ = std::fs::remove_dir_all(dir);
    let settings = crate::settings::RunSettings {
        players: 2,
        games,
        seed,
        tiles: crate::settings::TILES.into(),
        options: String::new(),
    };
    let spec = TournamentSpec::new(bots, &settings, dir, &stadt_core::bots::dirs::BotDirs::none())
        .expect("a valid tournament");
    let opts = Options {
        threads,
        progress: false,
        command: "stadt bench".into(),
        about: String::new(),
        stop: stadt_core::stop::Stop::new(),
        records: false,
        on_bot_failure,
    };
    let start = Instant::now();
    let out = run(&spec, &opts).expect("the bench tournament runs");
    (spec, out, start.elapsed().as_secs_f64())
}

/// Decisions per second of stadt's `greedy` served over the protocol (`stadt serve-bot`, run
/// from the binary `stadt` as a process bot) against `random` in a 2-player tournament on
/// `threads` worker threads (one bot program per thread), sized to take about `seconds`: the round
/// trip of a decision, the public record and the position rebuilt from it included.
pub fn protocol_decisions_per_second(
    stadt: &std::path::Path,
    threads: usize,
    seconds: f64,
    seed: u64,
) -> f64 {
    use stadt_core::tournament::{rows, schedule::Shard};
    let games = ((seconds * 15.0) as u64).max(2);
    let base = std::env::temp_dir().join(format!("stadt-bench-protocol-{}-{threads}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let file = base.join("served-greedy.bot");
    let command = serde_json::to_string(&[&stadt.display().to_string(), "serve-bot", "--bot", "greedy"]);
    std::fs::create_dir_all(&base)
        .and_then(|()| {
            std::fs::write(&file, format!("bot = process\ncommand = {}\ntime = 60\n", command.expect("JSON")))
        })
        .expect("a bot file in the temporary folder");
    let dir = base.join("out");
    let bots = [file.display().to_string(), "random".to_string()];
    let (spec, _, elapsed) =
        timed_tournament(&bots, games, seed, &dir, threads, crate::tournament::OnBotFailure::Stop);
    let text = std::fs::read_to_string(dir.join("games.csv")).expect("games.csv");
    let rows = rows::read(&text, 2, Shard::WHOLE, &dir).expect("games.csv reads back").rows;
    let decisions: u64 = rows.iter().filter(|r| r.bot == spec.labels[0]).map(|r| r.decisions as u64).sum();
    let _ = std::fs::remove_dir_all(&base);
    decisions as f64 / elapsed
}

/// Nanoseconds per call of `op` on each of `games` in turn, over about `seconds`.
fn ns_per_game(games: &[Game], seconds: f64, mut op: impl FnMut(&Game)) -> f64 {
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        for g in games {
            op(g);
            calls += 1;
        }
    }
    start.elapsed().as_secs_f64() * 1e9 / calls as f64
}

impl Figure {
    /// Whether the figure meets its target (`>=N`, `<=N` or exactly `N`); None without a target.
    pub fn met(&self) -> Option<bool> {
        let t = self.target;
        if t.is_empty() {
            return None;
        }
        let (op, n) = if let Some(n) = t.strip_prefix(">=") {
            (">=", n)
        } else if let Some(n) = t.strip_prefix("<=") {
            ("<=", n)
        } else {
            ("=", t)
        };
        let n: f64 = n.parse().ok()?;
        Some(match op {
            ">=" => self.value >= n,
            "<=" => self.value <= n,
            _ => self.value == n,
        })
    }
}

/// The CSV text of figures, with a header line; `met` says whether each target is met.
pub fn csv(figures: &[Figure]) -> String {
    let mut s = String::from("figure,value,unit,target,met\n");
    for f in figures {
        let v = if f.value >= 100.0 { format!("{:.0}", f.value) } else { format!("{:.2}", f.value) };
        let met = match f.met() {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "",
        };
        s.push_str(&format!("{},{},{},{},{met}\n", f.name, v, f.unit, f.target));
    }
    s
}
