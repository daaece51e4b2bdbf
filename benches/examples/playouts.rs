//! Random 4-player playouts for profiling and for checking that a speed change keeps every game
//! the same: `cargo run --release -p stadt-benches --example playouts -- GAMES SEED` plays GAMES
//! games from seed SEED through `stadt bench`'s playout loop and prints a digest of every move
//! and final score with the time taken. Two builds that print the same digest played the same
//! games. A third argument `fast` skips the digest (whose formatting would dominate a profile):
//! run that under `perf record` to see where a playout spends its time. With `mcts` instead, it
//! runs `stadt bench`'s MCTS figure for GAMES seconds (single thread); with `no-followers` every
//! follower choice is none (the tile phase alone), and `list-followers` lists the choices first.
//! With `search SPEC`, the search bot SPEC decides the first GAMES of `stadt bench`'s MCTS
//! positions once each at its 200 iterations: a fixed amount of work, for counting instructions
//! (`valgrind --tool=callgrind`), which a shared machine's load cannot move.

use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::tiles::TileSet;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

/// FNV-1a over the words fed to it: a digest, not a hash map (no HashMap in stadt's hot paths).
struct Digest(u64);

impl Digest {
    fn feed(&mut self, text: &str) {
        for b in text.bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |a| a.parse().unwrap_or_else(|_| panic!("not a number: {a}")))
    };
    let games = number(0, 20_000);
    let seed = number(1, 1);
    let mode = args.get(2).map_or("digest", String::as_str);
    if !["digest", "fast", "mcts", "search", "no-followers", "list-followers"].contains(&mode) {
        panic!("unknown mode {mode}: digest, fast, mcts, search, no-followers or list-followers");
    }
    let with_digest = mode == "digest";
    // Where a game's time goes: `no-followers` answers every follower choice with none (so
    // nothing is scored and no wall is built: the tile phase alone); `list-followers` also lists
    // the choices first, which prices listing them.
    let no_followers = mode == "no-followers" || mode == "list-followers";
    if mode == "mcts" {
        // `stadt bench`'s MCTS figure for GAMES seconds, for profiling the search instead.
        let positions = stadt_harness::bench::mcts_positions(50, seed);
        let rate = stadt_harness::bench::mcts_iterations_per_second(&positions, 1, games as f64, seed);
        println!("mcts iterations per second {rate:.0}");
        return;
    }
    if mode == "search" {
        let spec = args.get(3).expect("search needs a bot spec, such as lmcts:rollout=best:4");
        let positions = stadt_harness::bench::mcts_positions(games as usize, seed);
        match stadt_harness::bench::search_decisions(spec, &positions, seed) {
            Ok((iterations, moves)) => println!("{spec}: {iterations} iterations, moves digest {moves}"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
        return;
    }
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut order = ts.deck();
    let mut game = Game::new(ts, 4, &order).expect("a full deck");
    let mut moves = Vec::with_capacity(256);
    let mut digest = Digest(0xcbf2_9ce4_8422_2325);
    let mut decisions = 0u64;
    let start = Instant::now();
    for _ in 0..games {
        order.shuffle(&mut rng);
        game.reset(4, &order).expect("a full deck");
        while !game.is_over() {
            let mv = if no_followers && game.table().step() == Step::Follower {
                if mode == "list-followers" {
                    game.table().legal_moves(&mut moves);
                    std::hint::black_box(&moves);
                }
                Move::Follower(None)
            } else {
                die_stadt::playable::random_move(game.table(), &mut moves, &mut rng)
            };
            if with_digest {
                digest.feed(&format!("{mv:?}"));
            }
            game.apply(mv);
            decisions += 1;
        }
        if with_digest {
            digest.feed(&format!("{:?}", game.table().scores()));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("games {games} seed {seed} decisions {decisions} digest {:016x} seconds {secs:.2}", digest.0);
}
