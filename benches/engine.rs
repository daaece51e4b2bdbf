//! Criterion benches of the engine and the bots: a random 4-player game, legal tile placements, a
//! state clone, a greedy decision, MCTS iterations (1 and 2 threads) and those of lmcts and puct on mid-game
//! positions, the two evaluations of a cut playout and the prior over a position's moves.
//! `stadt bench` prints the same figures without statistics.
//!
//! Quick run: `cargo bench --bench engine -- --quick`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use die_stadt::game::Game;
use die_stadt::observation::Observation;
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::BOTS;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::bench::{
    MCTS_BENCH_BOT, MCTS_BENCH_ITERS, SEARCH_BENCH_BOTS, mcts_positions, random_playout, sample_positions,
};
use std::hint::black_box;
use std::time::Duration;

/// Positions the decision benches cycle through (the same seed as `stadt bench`).
fn positions() -> Vec<Table> {
    sample_positions(100, 4, 1)
}

/// One random 4-player game from the start, in place (as `stadt bench` plays them).
fn random_game(c: &mut Criterion) {
    let ts = TileSet::default_set();
    let mut order = ts.deck();
    let mut game = Game::new(ts, 4, &order).expect("a full deck");
    let mut moves = Vec::with_capacity(256);
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    c.bench_function("random_4p_game", |b| {
        b.iter(|| {
            order.shuffle(&mut rng);
            game.reset(4, &order).expect("a full deck");
            random_playout(&mut game, &mut moves, &mut rng);
            black_box(game.table().scores());
        })
    });
}

/// Every legal tile placement of 100 mid-game positions; throughput counts placements.
fn legal_placements(c: &mut Criterion) {
    let positions = positions();
    let mut moves = Vec::with_capacity(512);
    let placements: usize = positions
        .iter()
        .map(|t| {
            t.legal_moves(&mut moves);
            moves.len()
        })
        .sum();
    let mut group = c.benchmark_group("legal_tile_placements");
    group.throughput(Throughput::Elements(placements as u64));
    group.bench_function("100_positions", |b| {
        b.iter(|| {
            for t in &positions {
                black_box(t).legal_moves(&mut moves);
            }
            black_box(moves.len())
        })
    });
    group.finish();
}

/// Cloning a mid-game game, into a new value and into an existing one.
fn state_clone(c: &mut Criterion) {
    let table = &positions()[0];
    let game = Game::determinize(table, &mut Pcg64Mcg::seed_from_u64(1));
    c.bench_function("state_clone", |b| b.iter(|| black_box(black_box(&game).clone())));
    let mut sink = game.clone();
    c.bench_function("state_clone_from", |b| {
        b.iter(|| {
            sink.clone_from(black_box(&game));
            black_box(&sink);
        })
    });
}

/// One decision of `bot` per iteration, cycling through mid-game positions.
fn decide(b: &mut criterion::Bencher, bot: &str, positions: &[Table]) {
    let mut agent = BOTS.parse_bot(bot, &BotDirs::none()).expect("a valid bot").build();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut next = positions.iter().cycle();
    b.iter(|| {
        let t = next.next().expect("an endless cycle");
        black_box(agent.act(&Observation::of_table(t), &mut rng))
    });
}

/// A greedy tile decision on mid-game positions.
fn greedy_decision(c: &mut Criterion) {
    let positions = positions();
    c.bench_function("greedy_decision", |b| decide(b, "greedy", &positions));
}

/// MCTS decisions of a fixed iteration budget with random rollouts; throughput counts iterations,
/// so criterion reports iterations per second.
fn mcts_iterations(c: &mut Criterion) {
    let positions = mcts_positions(50, 1);
    let mut group = c.benchmark_group("mcts_iterations");
    group.throughput(Throughput::Elements(MCTS_BENCH_ITERS));
    // A decision takes milliseconds: fewer, longer samples keep the run short.
    group.sample_size(20).measurement_time(Duration::from_secs(4));
    for threads in [1, 2] {
        let bot = format!("{MCTS_BENCH_BOT},iters={MCTS_BENCH_ITERS},threads={threads}");
        group.bench_with_input(BenchmarkId::new("threads", threads), &bot, |b, bot| {
            decide(b, bot, &positions)
        });
    }
    group.finish();
}

/// The decisions of the default that scales (`lmcts`), of the search with every idea on (`puct`)
/// and of `lmcts` with greedy playouts at the same budget, one thread.
fn search_iterations(c: &mut Criterion) {
    let positions = mcts_positions(50, 1);
    let mut group = c.benchmark_group("search_iterations");
    group.throughput(Throughput::Elements(MCTS_BENCH_ITERS));
    group.sample_size(20).measurement_time(Duration::from_secs(4));
    for (name, bot) in SEARCH_BENCH_BOTS {
        let bot = format!("{bot},iters={MCTS_BENCH_ITERS}");
        group.bench_function(name, |b| decide(b, &bot, &positions));
    }
    group.finish();
}

/// The evaluations a cut playout is judged by, per position: today's projected scores and the
/// learned evaluation (features and weights) with the base and the extended features; each gives
/// every player's estimate.
fn evaluation(c: &mut Criterion) {
    let positions = positions();
    let weights = die_stadt_bots::learned::builtin(4);
    let mut group = c.benchmark_group("evaluation");
    let mut next = positions.iter().cycle();
    group.bench_function("projected", |b| {
        b.iter(|| black_box(die_stadt_bots::eval::projected(next.next().expect("endless"), 0.5)))
    });
    let mut out = [0.0; 4];
    group.bench_function("learned", |b| {
        b.iter(|| {
            die_stadt_bots::learned::evaluate(weights, next.next().expect("endless"), &mut out);
            black_box(out)
        })
    });
    // The extended feature set: the built-in weights with the six extended ones set (their
    // values do not change the cost).
    use die_stadt_bots::learned::features::{COUNT, FeatureSet};
    let mut extended = weights.clone();
    extended.set = FeatureSet::Extended as usize;
    extended.w.resize(COUNT, 0.5);
    group.bench_function("learned_extended", |b| {
        b.iter(|| {
            die_stadt_bots::learned::evaluate(&extended, next.next().expect("endless"), &mut out);
            black_box(out)
        })
    });
    group.finish();
}

/// The prior over every legal move of a mid-game position (tile placements with their best
/// follower; the cost of expanding one node).
fn prior(c: &mut Criterion) {
    use stadt_core::search::mcts::Prior;
    let games: Vec<Game> =
        positions().iter().map(|t| Game::determinize(t, &mut Pcg64Mcg::seed_from_u64(1))).collect();
    let mut prior = die_stadt_bots::prior::GreedyPrior::new(0.5, 4.0);
    let (mut moves, mut weights) = (Vec::new(), Vec::new());
    let mut next = games.iter().cycle();
    c.bench_function("prior_all_moves", |b| {
        b.iter(|| {
            let g = next.next().expect("endless");
            g.legal_moves(&mut moves);
            prior.weights(g, &moves, &mut weights);
            black_box(weights.len())
        })
    });
}

criterion_group!(
    benches,
    random_game,
    legal_placements,
    state_clone,
    greedy_decision,
    mcts_iterations,
    search_iterations,
    evaluation,
    prior
);
criterion_main!(benches);
