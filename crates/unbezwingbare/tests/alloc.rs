//! Issue 58: play allocates nothing. Whole random games (the deal to the end) under the base and
//! the strategic rules, 2 to 5 players, both data sets, moves listed into a reused buffer:
//! 0 bytes allocated (the core's counting allocator, installed for this test binary alone).

mod common;

use common::{invented, test_set};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::alloc_count::{CountingAlloc, allocated_bytes_here};
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::{Options, State};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn random_games_allocate_nothing_in_play() {
    let mut moves = Vec::with_capacity(4096);
    let mut configs = Vec::new();
    for players in 2..=5u8 {
        let o = Options { turns: 300, ..Options::base(players) };
        configs.push(o);
        let mut s = o;
        s.set("variant", "strategic").unwrap();
        configs.push(s);
    }
    let mut games = 0;
    for (i, o) in configs.iter().enumerate() {
        for mat in [invented(), test_set()] {
            for seed in 0..10u64 {
                let mut rng = Pcg64Mcg::seed_from_u64(seed * 100 + i as u64);
                // Counted on this thread only: the test harness's other threads do not count.
                let before = allocated_bytes_here().expect("the counting allocator is installed");
                let mut s = State::new(mat, *o).expect("the game sets up");
                loop {
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
                let bytes = allocated_bytes_here().unwrap() - before;
                assert_eq!(bytes, 0, "bytes allocated in game {seed} of {o:?}");
                games += 1;
            }
        }
    }
    eprintln!("{games} games, 0 bytes allocated");
}
