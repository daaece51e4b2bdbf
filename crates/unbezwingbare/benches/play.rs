//! Criterion benches of the engine (issue 58): random 4-player games on the invented set, steps
//! counted (each decision and each chance outcome), and a clone of a mid-game state. Before the
//! criterion runs, a summary on one thread: steps and games a second, bytes allocated a game (the
//! core's counting allocator is installed in this binary), a clone's time, and a digest of the
//! games played (equal before and after a change that keeps the rules).
//!
//! `cargo bench -p stadt-unbezwingbare --bench play` (add `-- --quick` for a short criterion run;
//! `UB_BENCH_SECONDS=N` sets the summary's seconds, 3 by default).

use criterion::{Criterion, Throughput};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::alloc_count::{CountingAlloc, allocated_bytes_here};
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::{Material, Move, Options, State};
use std::hint::black_box;
use std::time::Instant;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The shipped invented set, leaked once.
fn invented() -> &'static Material {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/invented");
    Material::load(&dir).expect("the invented set loads")
}

/// One random game from a new state: chance by `resolve_chance`, moves uniform from
/// `legal_moves` into the reused buffer. The steps taken.
fn play(fresh: &State, moves: &mut Vec<Move>, rng: &mut Pcg64Mcg) -> (State, u64) {
    let mut s = *fresh;
    let mut steps = 0;
    loop {
        match s.turn() {
            Turn::Over => break,
            Turn::Chance => {
                s.resolve_chance(rng);
            }
            Turn::Player(_) => {
                Game::legal_moves(&s, moves);
                let m = moves[rng.random_range(0..moves.len())];
                Game::apply(&mut s, m);
            }
        }
        steps += 1;
    }
    (s, steps)
}

/// A mid-game state: game `seed` played at random for `steps` steps.
fn mid_game(fresh: &State, seed: u64, steps: u32) -> State {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::with_capacity(4096);
    let mut s = *fresh;
    for _ in 0..steps {
        match s.turn() {
            Turn::Over => break,
            Turn::Chance => {
                s.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                Game::legal_moves(&s, &mut moves);
                let m = moves[rng.random_range(0..moves.len())];
                Game::apply(&mut s, m);
            }
        }
    }
    s
}

/// This thread's time on a CPU so far, in seconds (Linux: /proc/thread-self/schedstat), or
/// `None`: on a shared machine the play's speed by CPU time is steadier than by the clock.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// The summary: plays games for a few seconds on this thread, each from its own seed.
fn summary(fresh: &State) {
    let seconds: f64 = std::env::var("UB_BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let mut moves = Vec::with_capacity(4096);
    // A digest of 200 seeded games: the same before and after a change that keeps every game.
    let mut digest = 0u64;
    for seed in 0..200u64 {
        let (s, steps) = play(fresh, &mut moves, &mut Pcg64Mcg::seed_from_u64(seed));
        let mut scores = [0.0; 4];
        s.scores(&mut scores);
        let pts: u64 = (0..4).map(|p| u64::from(s.points(p)) << (16 * p)).sum();
        digest =
            digest.rotate_left(7) ^ steps ^ pts.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(s.winners);
    }
    let (mut games, mut steps, mut bytes) = (0u64, 0u64, Some(0u64));
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        let before = allocated_bytes_here();
        let (_, k) = play(fresh, &mut moves, &mut Pcg64Mcg::seed_from_u64(1000 + games));
        bytes = match (bytes, before, allocated_bytes_here()) {
            (Some(sum), Some(b), Some(a)) => Some(sum + (a - b)),
            _ => None,
        };
        steps += k;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, cpu_seconds()) {
        (Some(a), Some(b)) => format!(
            "\n  by this thread's CPU time ({:.1} s): {:.2} M steps/s, {:.0} games/s",
            b - a,
            steps as f64 / (b - a) / 1e6,
            games as f64 / (b - a)
        ),
        _ => String::new(),
    };
    let s = mid_game(fresh, 7, 3000);
    let clones = 1_000_000u32;
    let t = Instant::now();
    for _ in 0..clones {
        black_box(*black_box(&s));
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / f64::from(clones);
    eprintln!(
        "unbezwingbare, random 4-player play on the invented set, one thread, {secs:.1} s:\n  \
         {:.2} M steps/s, {:.0} games/s, {:.0} steps a game{cpu}\n  bytes allocated a game: {}\n  \
         clone of a mid-game state ({} bytes): {clone_ns:.1} ns\n  digest of 200 seeded games: {digest:016x}",
        steps as f64 / secs / 1e6,
        games as f64 / secs,
        steps as f64 / games.max(1) as f64,
        bytes.map_or("not counted".to_string(), |b| format!("{:.1}", b as f64 / games.max(1) as f64)),
        std::mem::size_of::<State>(),
    );
}

/// Ten seeded random games a sample; throughput counts their steps.
fn random_games(c: &mut Criterion, fresh: &State) {
    let mut moves = Vec::with_capacity(4096);
    let total: u64 = (0..10).map(|g| play(fresh, &mut moves, &mut Pcg64Mcg::seed_from_u64(g)).1).sum();
    let mut group = c.benchmark_group("random_4p");
    group.throughput(Throughput::Elements(total));
    group.bench_function("10_games_steps", |b| {
        b.iter(|| {
            for g in 0..10 {
                black_box(play(black_box(fresh), &mut moves, &mut Pcg64Mcg::seed_from_u64(g)));
            }
        })
    });
    group.finish();
}

/// A clone of a mid-game state (`State` is `Copy`: a copy of its bytes).
fn state_clone(c: &mut Criterion, fresh: &State) {
    let s = mid_game(fresh, 7, 3000);
    c.bench_function("state_clone_mid_game", |b| b.iter(|| black_box(*black_box(&s))));
}

fn main() {
    let fresh = State::new(invented(), Options::base(4)).expect("4 players");
    summary(&fresh);
    let mut c = Criterion::default().configure_from_args();
    random_games(&mut c, &fresh);
    state_clone(&mut c, &fresh);
    c.final_summary();
}
