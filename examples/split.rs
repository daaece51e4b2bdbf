use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt::game::Game;
use stadt::moves::{Move, Step};
use stadt::tiles::TileSet;
use std::time::Instant;
fn main() {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut moves = Vec::new();
    let mut g = Game::shuffled(ts, 4, &mut rng).unwrap();
    let mut order = [0u8; 75];
    order.copy_from_slice(&ts.deck());
    let mut t = [0f64; 8];
    let mut c = [0u64; 8];
    let n: u64 = 5000;
    for _ in 0..n {
        rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng);
        let s = Instant::now();
        g.reset(4, &order).unwrap();
        t[7] += s.elapsed().as_secs_f64();
        while !g.is_over() {
            let s = Instant::now();
            let m = if g.table().step() == Step::PlaceTile {
                g.table().sample_tile_move(&mut rng)
            } else {
                g.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            };
            t[6] += s.elapsed().as_secs_f64();
            let k = match m {
                Move::Tile { .. } => 0,
                Move::Follower(_) => 1,
                Move::Gate(_) => 2,
                Move::Wall { .. } => 3,
                Move::Tower(_) => 4,
            };
            let before_over = g.is_over();
            let s = Instant::now();
            g.apply(m);
            let el = s.elapsed().as_secs_f64();
            if g.is_over() && !before_over {
                t[5] += el;
                c[5] += 1;
            } else {
                t[k] += el;
                c[k] += 1;
            }
        }
    }
    let pr: Vec<u64> =
        stadt::table::PROBE.iter().map(|a| a.load(std::sync::atomic::Ordering::Relaxed) / n as u64).collect();
    println!("close {} r25+flatten {} residential {} watchmen {} ns/game", pr[0], pr[1], pr[2], pr[3]);
    let names = ["tile", "follower", "gate", "wall", "tower", "final step", "choose", "reset"];
    for i in 0..8 {
        println!(
            "{:>10}: {:6.2} us/game  ({} per game, {:.0} ns each)",
            names[i],
            t[i] * 1e6 / n as f64,
            c[i] / n,
            if c[i] > 0 { t[i] * 1e9 / c[i] as f64 } else { 0.0 }
        );
    }
}
