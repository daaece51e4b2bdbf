//! Random games checked step by step against the slow reference (the test kit's
//! `die_stadt::reference`).
//!
//! Every game is played once, by uniform random legal moves, and after every step the reference
//! recomputes features, frontier, legal moves, piece counts, points, the wall chain and the turn
//! order from the raw board. The games run once per test binary (the first test to ask runs them
//! on all cores); each test then looks at its own group of facts.
//!
//! `STADT_REFERENCE_GAMES=n` changes the number of games (default 2,100 in release builds, 150 in
//! debug builds); `STADT_REFERENCE_SEED=s` plays only game `s`, to reproduce a failure.

use die_stadt::game::Game;
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use stadt_testkit::die_stadt::reference::{Check, Checker, Mismatch};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Instant;

/// Most steps a game may take before the test calls it stuck.
const MAX_STEPS: usize = 5_000;
/// Failures shown per test.
const SHOWN: usize = 6;

/// The first mismatch of one kind in one game.
#[derive(Clone, Debug)]
struct Failure {
    seed: u64,
    players: usize,
    step: usize,
    mismatch: Mismatch,
}

/// What all games found.
struct Report {
    games: usize,
    steps: usize,
    failures: Vec<Failure>,
    /// How often each rarer situation came up, over all games.
    stats: BTreeMap<&'static str, usize>,
    /// Games that panicked: seed, step and message.
    panics: Vec<String>,
}

/// One game's outcome: steps, first mismatch of each kind, situations met, and where it panicked
/// (engine or reference), if it did.
type Played = (usize, Vec<Failure>, BTreeMap<&'static str, usize>, Option<String>);

fn seeds() -> Vec<u64> {
    if let Some(seed) = std::env::var("STADT_REFERENCE_SEED").ok().and_then(|s| s.parse().ok()) {
        return vec![seed];
    }
    let default = if cfg!(debug_assertions) { 150 } else { 2_100 };
    let games = std::env::var("STADT_REFERENCE_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    (0..games).collect()
}

/// Plays game `seed` (2, 3 or 4 players by `seed % 3`), catching any panic of the engine or the
/// reference so that it is reported with its seed and step.
fn play(seed: u64) -> Played {
    let mut step = 0;
    let mut failures = Vec::new();
    let mut stats = BTreeMap::new();
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play_game(seed, &mut step, &mut failures, &mut stats)
    }));
    let panic = run.err().map(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("seed {seed}, step {step}: {msg}")
    });
    (step, failures, stats, panic)
}

/// The body of [`play`]: its step count and failures stay where a panic leaves them.
fn play_game(
    seed: u64,
    step: &mut usize,
    failures: &mut Vec<Failure>,
    stats: &mut BTreeMap<&'static str, usize>,
) {
    let players = 2 + (seed % 3) as usize;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::shuffled(TileSet::default_set(), players, &mut rng).unwrap();
    let mut checker = Checker::new(game.table());
    let mut record = |step: usize, found: Vec<Mismatch>| {
        for m in found {
            if !failures.iter().any(|f| f.mismatch.check == m.check) {
                failures.push(Failure { seed, players, step, mismatch: m });
            }
        }
    };
    record(0, checker.check(game.table()));
    let mut moves = Vec::new();
    while !game.is_over() && *step < MAX_STEPS {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            record(
                *step,
                vec![Mismatch {
                    check: Check::Moves,
                    message: format!("no legal move at {:?}", game.table().step()),
                }],
            );
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let before = game.table().clone();
        game.apply(mv);
        *step += 1;
        record(*step, checker.step(&before, mv, game.table()));
    }
    if !game.is_over() {
        record(
            *step,
            vec![Mismatch {
                check: Check::Turn,
                message: format!("R23: the game did not end within {MAX_STEPS} steps"),
            }],
        );
    }
    *stats = checker.stats;
}

fn report() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| {
        let start = Instant::now();
        let seeds = seeds();
        let results: Vec<Played> = seeds.par_iter().map(|&s| play(s)).collect();
        let mut stats = BTreeMap::new();
        for (situation, n) in results.iter().flat_map(|r| r.2.iter()) {
            *stats.entry(*situation).or_default() += n;
        }
        let report = Report {
            games: seeds.len(),
            steps: results.iter().map(|r| r.0).sum(),
            panics: results.iter().filter_map(|r| r.3.clone()).collect(),
            failures: results.into_iter().flat_map(|r| r.1).collect(),
            stats,
        };
        eprintln!(
            "reference: {} games, {} steps checked in {:.1} s; situations met:",
            report.games,
            report.steps,
            start.elapsed().as_secs_f64(),
        );
        for (situation, n) in &report.stats {
            eprintln!("  {n:>8}  {situation}");
        }
        report
    })
}

/// Fails with the first few games in which `check` disagreed.
fn assert_agrees(check: Check) {
    let r = report();
    let failed: Vec<&Failure> = r.failures.iter().filter(|f| f.mismatch.check == check).collect();
    if failed.is_empty() {
        return;
    }
    let shown: Vec<String> = failed
        .iter()
        .take(SHOWN)
        .map(|f| {
            format!("  seed {} ({} players), step {}: {}", f.seed, f.players, f.step, f.mismatch.message)
        })
        .collect();
    panic!(
        "ENGINE DISAGREES WITH THE REFERENCE ({check:?}) in {} of {} games; first mismatch per game (reproduce with STADT_REFERENCE_SEED=<seed>):\n{}",
        failed.len(),
        r.games,
        shown.join("\n")
    );
}

/// One test per check, named after the rules it covers.
macro_rules! agreement_tests {
    ($($name:ident: $check:ident,)*) => {
        $(
            #[test]
            fn $name() {
                assert_agrees(Check::$check);
            }
        )*
    };
}

agreement_tests! {
    r5_r8_features_match_reference_in_random_games: Features,
    r10_r15_r20_frontier_matches_reference_in_random_games: Frontier,
    r10_r11_r15_r17_r18_r21_legal_moves_match_reference_in_random_games: Moves,
    r1_r4_r14_pieces_are_conserved_in_random_games: Pieces,
    r12_r22_r24_r25_r26_r27_points_match_reference_in_random_games: Points,
    r21_tower_points_match_reference_in_random_games: Towers,
    r15_r17_r23_r24_wall_chain_matches_reference_in_random_games: Wall,
    r10_r13_r16_r23_turn_order_matches_reference_in_random_games: Turn,
}

#[test]
fn random_games_run_without_panics() {
    let r = report();
    assert!(
        r.panics.is_empty(),
        "{} of {} games panicked (engine or reference):\n  {}",
        r.panics.len(),
        r.games,
        r.panics.iter().take(SHOWN).cloned().collect::<Vec<_>>().join("\n  ")
    );
    assert!(r.steps > r.games * 50, "{} steps in {} games", r.steps, r.games);
}
