//! The search's optional ideas: tree reuse keeps exactly the chosen move's subtree for the
//! player's next decision, and only when that decision's position is the one it holds; the
//! prior orders children and steers PUCT; with every idea on, the search is still reproducible
//! from its seed at any thread count.

use die_stadt::game::Game;
use die_stadt::moves::Step;
use die_stadt::observation::Observation;
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use die_stadt_bots::prior::{GreedyPrior, softmax};
use die_stadt_bots::registry::BOTS;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, RandomRollout, Reward};

fn config(reuse: bool, threads: usize) -> Config {
    Config { threads, depth: 6, prior: 0.5, widen: 2.0, reuse, ..Config::uct(400, 0.7, Reward::Margin) }
}

type Search = Mcts<Game, RandomRollout<Game>, GreedyPrior>;

fn search(reuse: bool, threads: usize) -> Search {
    Mcts::with_prior(config(reuse, threads), RandomRollout::default, || GreedyPrior::new(0.5, 4.0))
}

fn projected(g: &Game, out: &mut [f64]) {
    let p = die_stadt_bots::eval::projected(g.table(), 0.5);
    out.copy_from_slice(&p[..out.len()]);
}

/// A 2-player game some random moves in, at a tile placement with a choice.
fn midgame(ts: &'static TileSet, rng: &mut Pcg64Mcg) -> Game {
    midgame_of(ts, 2, rng)
}

/// A game of `players` some random moves in, at a tile placement with a choice.
fn midgame_of(ts: &'static TileSet, players: usize, rng: &mut Pcg64Mcg) -> Game {
    use rand::RngExt;
    let mut moves = Vec::new();
    loop {
        let mut g = Game::shuffled(ts, players, rng).unwrap();
        for _ in 0..rng.random_range(10..60) {
            g.legal_moves(&mut moves);
            g.apply(moves[rng.random_range(0..moves.len())]);
        }
        g.legal_moves(&mut moves);
        if !g.is_over() && g.table().step() == Step::PlaceTile && moves.len() > 1 {
            return g;
        }
    }
}

/// A game at a tile placement whose chosen move is followed by a follower choice of the same
/// player: the searches' first decision in each test.
fn tile_then_follower(s: &mut Search, seed: u64) -> (Game, die_stadt::moves::Move) {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..50 {
        let g = midgame(ts, &mut rng);
        let mv = s.choose(&Observation::new(&g), &projected, &mut rng);
        let mut after = g.clone();
        after.apply(mv);
        let mut moves = Vec::new();
        after.legal_moves(&mut moves);
        if after.table().step() == Step::Follower && moves.len() > 1 {
            return (after, mv);
        }
    }
    panic!("no tile placement followed by a follower choice");
}

#[test]
fn tree_reuse_keeps_the_chosen_moves_subtree_for_the_next_decision() {
    for threads in [1, 2] {
        let mut s = search(true, threads);
        let (after, mv) = tile_then_follower(&mut s, 7);
        let kept = s.root_visits(mv);
        assert!(kept > 1, "the chosen move had {kept} visits");
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        s.choose(&Observation::new(&after), &projected, &mut rng);
        assert_eq!(
            s.reused_visits(),
            kept,
            "threads={threads}: the next search did not start from the subtree"
        );
        // Without reuse the next search starts afresh.
        let mut fresh = search(false, threads);
        let (after, _) = tile_then_follower(&mut fresh, 7);
        fresh.choose(&Observation::new(&after), &projected, &mut rng);
        assert_eq!(fresh.reused_visits(), 0);
    }
}

#[test]
fn tree_reuse_is_refused_when_the_position_is_not_the_one_the_tree_holds() {
    let mut s = search(true, 1);
    let (after, _) = tile_then_follower(&mut s, 7);
    // Another position where the same player chooses a follower: not the chosen move's.
    let mut other_search = search(false, 1);
    let (other, _) = tile_then_follower(&mut other_search, 8);
    assert!(other.table() != after.table());
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    s.choose(&Observation::new(&other), &projected, &mut rng);
    assert_eq!(s.reused_visits(), 0);
}

/// Plain UCT (every root move is tried once before any twice) with reuse, following the other
/// players' moves and the draws when `follow` is set.
fn plain(follow: bool, threads: usize) -> Search {
    let cfg = Config { iters: 2000, prior: 0.0, widen: 0.0, reuse: true, follow, ..config(true, threads) };
    Mcts::with_prior(cfg, RandomRollout::default, || GreedyPrior::new(0.5, 4.0))
}

/// Plays a game from a midgame of seed `seed` for up to `steps` moves, greedy for the other
/// player: `decide` chooses the first player's moves, told the game, the step and whether the other
/// player moved since that player's last decision.
fn against_greedy(seed: u64, steps: u64, mut decide: impl FnMut(&Game, u64, bool) -> die_stadt::moves::Move) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut g = midgame(TileSet::default_set(), &mut rng);
    let me = g.table().actor();
    let mut greedy = BOTS.parse_bot("greedy", &BotDirs::none()).unwrap().build();
    let mut others_moved = false;
    for k in 0..steps {
        if g.is_over() {
            break;
        }
        let mv = if g.table().actor() == me {
            let mv = decide(&g, k, others_moved);
            others_moved = false;
            mv
        } else {
            others_moved = true;
            greedy.act(&Observation::new(&g), &mut Pcg64Mcg::seed_from_u64(k))
        };
        assert!(g.table().check(mv).is_ok(), "step {k}: {mv:?}");
        g.apply(mv);
    }
}

/// Whether `s` kept a tree for its last decision and, if so, that the kept node was that decision's
/// position: its children are exactly the legal `moves`, each tried at least once by UCT.
fn kept_the_position(s: &Search, moves: &[die_stadt::moves::Move], at: &str) -> bool {
    if s.reused_visits() == 0 {
        return false;
    }
    if moves.len() * 4 < 2000 {
        for &m in moves {
            assert!(s.root_visits(m) > 0, "{at}: {m:?} unvisited");
        }
    }
    true
}

#[test]
fn tree_reuse_follows_the_other_players_moves_and_the_draws_to_the_next_decision() {
    for threads in [1, 2] {
        let (mut followed, mut after_others) = (0, 0);
        for game in 0..2u64 {
            let (mut follow, mut own) = (plain(true, threads), plain(false, threads));
            let mut moves = Vec::new();
            against_greedy(30 + game, 60, |g, k, others_moved| {
                let view = Observation::new(g);
                let mv = follow.choose(&view, &projected, &mut Pcg64Mcg::seed_from_u64(k));
                let mv_own = own.choose(&view, &projected, &mut Pcg64Mcg::seed_from_u64(k));
                assert!(g.table().check(mv_own).is_ok());
                g.legal_moves(&mut moves);
                if others_moved && moves.len() > 1 {
                    after_others += 1;
                    // Reuse alone never gets past another player's move.
                    assert_eq!(own.reused_visits(), 0, "game {game}, decision {k}");
                    followed += usize::from(kept_the_position(
                        &follow,
                        &moves,
                        &format!("game {game}, decision {k}"),
                    ));
                }
                mv
            });
        }
        assert!(
            after_others >= 10,
            "threads={threads}: only {after_others} decisions after another player's"
        );
        assert!(
            followed >= 3,
            "threads={threads}: the tree was followed at {followed} of {after_others} decisions after another player's"
        );
    }
}

#[test]
fn tree_reuse_survives_a_forced_move() {
    // A decision with one legal move is not searched, but the tree kept for it holds the next
    // decision one move down: the search after a forced move starts from that node.
    let (mut after_forced, mut kept) = (0, 0);
    for game in 0..6u64 {
        let mut s = plain(true, 1);
        let mut forced = false;
        let mut moves = Vec::new();
        against_greedy(50 + game, 200, |g, k, _| {
            g.legal_moves(&mut moves);
            let mv = s.choose(&Observation::new(g), &projected, &mut Pcg64Mcg::seed_from_u64(k));
            if forced && moves.len() > 1 {
                after_forced += 1;
                kept += usize::from(kept_the_position(&s, &moves, &format!("game {game}, decision {k}")));
            }
            forced = moves.len() == 1;
            mv
        });
    }
    assert!(after_forced >= 5, "only {after_forced} decisions after a forced move");
    assert!(kept >= 2, "the tree was kept at {kept} of {after_forced} decisions after a forced move");
}

#[test]
fn the_prior_weighs_moves_by_greedy_value_and_sums_to_one() {
    let mut w = Vec::new();
    softmax(&[0.0, 2.0, 4.0], 2.0, &mut w);
    let e = [1.0f64, 1.0f64.exp(), 2.0f64.exp()];
    let sum: f64 = e.iter().sum();
    for (a, b) in w.iter().zip(e.iter().map(|x| x / sum)) {
        assert!((*a as f64 - b).abs() < 1e-6, "{w:?}");
    }
    // On real positions: a move of higher greedy value gets more weight.
    use stadt_core::search::mcts::Prior;
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let (mut p, mut gs) = (GreedyPrior::new(0.5, 4.0), die_stadt_bots::helpers::GreedySearch::default());
    let mut checked = 0;
    for _ in 0..40 {
        let g = midgame(TileSet::default_set(), &mut rng);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        p.weights(&g, &moves, &mut w);
        assert_eq!(w.len(), moves.len());
        assert!((w.iter().map(|&x| x as f64).sum::<f64>() - 1.0).abs() < 1e-5);
        let table: &Table = g.table();
        let v: Vec<f64> = moves.iter().map(|&m| gs.move_value(table, m, table.actor(), 0.5, 0.0)).collect();
        for i in 0..v.len() {
            for j in 0..v.len() {
                if v[i] > v[j] + 1e-9 {
                    assert!(w[i] > w[j], "value {} > {} but weight {} <= {}", v[i], v[j], w[i], w[j]);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} pairs of moves of different value");
}

#[test]
fn mcts_with_every_idea_on_is_reproducible_at_any_thread_count() {
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let g = midgame(TileSet::default_set(), &mut rng);
    for threads in [1, 2] {
        let spec = BOTS.parse_bot(
            &format!(
                "mcts:iters=300,depth=6,prior=0.5,widen=2,expand=2,reuse=true,follow=true,halving=true,chance=1,threads={threads}"
            ),
            &BotDirs::none(),
        )
        .unwrap();
        let m1 = spec.build().act(&Observation::new(&g), &mut Pcg64Mcg::seed_from_u64(9));
        let m2 = spec.build().act(&Observation::new(&g), &mut Pcg64Mcg::seed_from_u64(9));
        assert_eq!(m1, m2, "threads={threads}");
    }
}

/// Whether bots `a` and `b` decide alike, decision for decision (tiles, followers and the rest),
/// over a stretch of 4 games of `players` from the same seeds.
fn decide_alike(a: &str, b: &str, players: usize) {
    let mut rng = Pcg64Mcg::seed_from_u64(21);
    let mut a_bot = BOTS.parse_bot(a, &BotDirs::none()).unwrap().build();
    let mut b_bot = BOTS.parse_bot(b, &BotDirs::none()).unwrap().build();
    let mut steps = std::collections::BTreeSet::new();
    for game in 0..4u64 {
        let mut g = midgame_of(TileSet::default_set(), players, &mut rng);
        for k in 0..12u64 {
            if g.is_over() {
                break;
            }
            let seed = game * 100 + k;
            let x = a_bot.act(&Observation::new(&g), &mut Pcg64Mcg::seed_from_u64(seed));
            let y = b_bot.act(&Observation::new(&g), &mut Pcg64Mcg::seed_from_u64(seed));
            assert_eq!(x, y, "{a} and {b}, {players} players: game {game}, decision {k}");
            steps.insert(format!("{:?}", g.table().step()));
            g.apply(x);
        }
    }
    assert!(steps.len() >= 2, "only {steps:?} were compared");
}

/// `lmcts` is `mcts` with other defaults and nothing else: the same search, decision for decision.
#[test]
fn lmcts_plays_as_mcts_with_the_learned_evaluation_playouts_cut_at_16_tiles_and_c_one_half() {
    for players in 2..=4 {
        decide_alike("lmcts:iters=200", "mcts:iters=200,eval=learned,depth=16,c=0.5", players);
    }
}

/// `eval=learned` judges a game by the built-in weights made for its player count: each plays
/// as the same weights read from their file, and (a check that the test can fail) the 2-player
/// weights play otherwise in 4-player games.
#[test]
fn the_learned_evaluation_built_in_is_the_one_for_the_games_player_count() {
    let file = |players: usize| format!("{}/src/learned/builtin-{players}p.eval", env!("CARGO_MANIFEST_DIR"));
    for players in 2..=4 {
        decide_alike("lmcts:iters=200", &format!("lmcts:iters=200,eval={}", file(players)), players);
    }
    let two = std::panic::catch_unwind(|| {
        decide_alike("lmcts:iters=200", &format!("lmcts:iters=200,eval={}", file(2)), 4)
    });
    assert!(two.is_err(), "the 2-player weights decided 4-player games alike");
}

/// The built-in weights are the learning runs' fits, byte for byte.
#[test]
fn the_built_in_weights_are_the_learning_runs_fits() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for ((name, text), run) in die_stadt_bots::learned::BUILTIN.iter().zip(["learn", "learn-3p", "learn-4p"])
    {
        let fit = std::fs::read_to_string(format!("{root}/results/{run}/gen1.eval")).unwrap();
        assert_eq!(*text, fit, "{name} is not results/{run}/gen1.eval");
    }
}

/// Sequential halving at the root: the first round (a `rounds`-th of the budget) tries every
/// root move in turn, and half of them (rounded down) drop out after it with exactly their share;
/// the search chooses one of the two moves the last round kept (the most visited two: every
/// round spent on them). UCB, on the same position, spreads its visits otherwise.
#[test]
fn halving_tries_every_root_move_in_its_first_round_and_chooses_a_last_round_move() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let g = midgame(TileSet::default_set(), &mut rng);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let k = moves.len() as u64;
    let rounds = u64::from(u64::BITS - (k - 1).leading_zeros());
    let iters: u64 = 3000;
    let first_round = iters.div_ceil(rounds);
    let share = first_round / k..=first_round.div_ceil(k);
    assert!(k >= 4 && *share.start() >= 4, "{k} moves leave a first-round share of {share:?}");
    let visits = |halving: bool| {
        let cfg = Config { iters, prior: 0.0, widen: 0.0, halving, ..config(false, 1) };
        let mut s: Search = Mcts::with_prior(cfg, RandomRollout::default, || GreedyPrior::new(0.5, 4.0));
        let chosen = s.choose(&Observation::new(&g), &projected, &mut Pcg64Mcg::seed_from_u64(6));
        let mut v: Vec<(u64, bool)> = moves.iter().map(|&m| (s.root_visits(m), m == chosen)).collect();
        v.sort_by(|a, b| b.cmp(a));
        v
    };
    let dropped_first = |v: &[(u64, bool)]| v.iter().filter(|(n, _)| share.contains(n)).count() as u64;
    let v = visits(true);
    assert!(v.iter().all(|(n, _)| n >= share.start()), "a move got less than {share:?} visits: {v:?}");
    assert!(
        dropped_first(&v) >= k / 2,
        "fewer than {} moves kept to their first-round share {share:?}: {v:?}",
        k / 2
    );
    assert!(v[..2].iter().any(|&(_, chosen)| chosen), "the chosen move is not among the last round's: {v:?}");
    let ucb = visits(false);
    assert!(dropped_first(&ucb) < k / 2, "UCB spread alike: the test cannot tell them apart: {ucb:?}");
}

// Widening over the draws (`chance`): a chance node holds at most ceil(chance sqrt visits) outcomes.

/// After a search of `iters` with widening over draws `chance`, each chance node's outcomes
/// and visits, over decisions in a few 2-player games.
fn chance_nodes(chance: f64, iters: u64) -> Vec<(usize, u32)> {
    let cfg = Config { depth: 6, chance, ..Config::uct(iters, 0.5, Reward::Margin) };
    let mut search = Mcts::with_prior(cfg, RandomRollout::default, || NoPrior);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut found = Vec::new();
    for _ in 0..3 {
        let mut g = Game::shuffled(TileSet::default_set(), 2, &mut rng).unwrap();
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(10..40) {
            g.legal_moves(&mut moves);
            g.apply(moves[rng.random_range(0..moves.len())]);
        }
        if g.is_over() || g.table().step() != Step::PlaceTile {
            continue;
        }
        search.choose(&Observation::new(&g), &projected, &mut rng);
        found.extend(search.chance_nodes());
    }
    assert!(found.len() > 50, "only {} chance nodes", found.len());
    found
}

/// The most outcomes widening lets a chance node with `visits` visits hold.
fn cap(chance: f64, visits: u32) -> usize {
    ((chance * (visits as f64).sqrt()).ceil() as usize).max(1)
}

#[test]
fn widening_over_draws_holds_a_chance_node_to_ceil_chance_sqrt_visits_outcomes() {
    for chance in [0.5, 1.0] {
        let nodes = chance_nodes(chance, 3000);
        for &(held, visits) in &nodes {
            assert!(held <= cap(chance, visits), "chance={chance}: {held} outcomes after {visits} visits");
        }
        assert!(
            nodes.iter().any(|&(held, visits)| held == cap(chance, visits) && visits >= 16),
            "chance={chance}: no well-visited node at its cap"
        );
    }
    // Without widening, draws are sampled afresh and nodes hold more.
    let nodes = chance_nodes(0.0, 3000);
    assert!(nodes.iter().any(|&(held, visits)| held > cap(1.0, visits)));
}
