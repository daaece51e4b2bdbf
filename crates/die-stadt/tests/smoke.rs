use die_stadt::game::Game;
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn random_games_finish() {
    let ts = TileSet::default_set();
    let mut moves = Vec::new();
    for seed in 0..300u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let players = 2 + (seed % 3) as usize;
        let mut g = Game::shuffled(ts, players, &mut rng).unwrap();
        let mut steps = 0;
        while !g.is_over() {
            g.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "no moves at {:?}", g.table().step());
            let m = moves[rng.random_range(0..moves.len())];
            g.apply(m);
            steps += 1;
        }
        if seed < 5 {
            let t = g.table();
            eprintln!(
                "seed {seed} players {players} steps {steps} tiles {} walls left {} scores {:?} drawn {}",
                t.board().tile_count(),
                t.wall().supply,
                &t.scores()[..players],
                t.drawn()
            );
        }
    }
}
