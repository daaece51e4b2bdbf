use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt::game::Game;
use stadt::tiles::TileSet;
use std::time::Instant;
fn main() {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut moves = Vec::new();
    let n: u64 = std::env::args().nth(1).map(|a| a.parse().unwrap()).unwrap_or(20000);
    let start = Instant::now();
    let mut steps = 0u64;
    let mut g = Game::shuffled(ts, 4, &mut rng).unwrap();
    let mut order = [0u8; 75];
    order.copy_from_slice(&ts.deck());
    for _ in 0..n {
        rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng);
        g.reset(4, &order).unwrap();
        while !g.is_over() {
            let m = if g.table().step() == stadt::moves::Step::PlaceTile {
                g.table().sample_tile_move(&mut rng)
            } else {
                g.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            };
            g.apply(m);
            steps += 1;
        }
    }
    let el = start.elapsed().as_secs_f64();
    println!(
        "{:.0} games/s, {:.1} steps/game, {:.0} ns/step",
        n as f64 / el,
        steps as f64 / n as f64,
        el * 1e9 / steps as f64
    );
    let g = Game::shuffled(ts, 4, &mut rng).unwrap();
    let t = Instant::now();
    let mut acc = 0;
    for _ in 0..100000 {
        let c = std::hint::black_box(&g).clone();
        acc += c.table().drawn();
    }
    println!(
        "clone {:.0} ns ({acc}) size {}",
        t.elapsed().as_secs_f64() * 1e9 / 100000.0,
        std::mem::size_of::<Game>()
    );
}
