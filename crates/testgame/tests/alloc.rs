//! The engine allocates nothing per move: games played through the core's trait, the buffers
//! grown once, allocate no byte (the core's counting allocator, installed for this test alone).

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::alloc_count::{CountingAlloc, allocated_bytes};
use stadt_core::game::{Game, Turn};
use stadt_testgame::options::Options;
use stadt_testgame::state::State;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The bytes allocated while 100 games are sampled from `start` and played out at random.
fn bytes_for_games(start: &State, rng: &mut Pcg64Mcg) -> u64 {
    let mut buf = Vec::with_capacity(9);
    let (mut values, mut moves) = (Vec::with_capacity(9), Vec::with_capacity(9));
    let before = allocated_bytes().expect("the counting allocator is installed");
    for _ in 0..100 {
        let mut s = start.sample(0, rng);
        loop {
            match s.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    s.resolve_chance(rng);
                }
                Turn::Player(_) => {
                    s.legal_moves(&mut moves);
                    s.move_values(&moves, &mut values);
                    let mv = s.random_move(&mut buf, rng);
                    s.apply(mv);
                }
            }
        }
    }
    allocated_bytes().unwrap() - before
}

#[test]
fn a_game_allocates_nothing_per_move() {
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let start = State::deal(4, Options { hand: 4 }, 1).unwrap();
    // The count is the process's: the test harness's own thread now and then allocates while a
    // test runs (900 bytes in one run of four, seen in debug builds). The engine's allocations
    // would be in every run, so one run without any shows it has none.
    let runs: Vec<u64> = (0..5).map(|_| bytes_for_games(&start, &mut rng)).collect();
    assert_eq!(runs.iter().min(), Some(&0), "bytes allocated per run: {runs:?}");
}
