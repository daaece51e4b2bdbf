//! `sample:K`'s placements (`Table::sampled_tile_moves`): K distinct legal placements drawn one by
//! one without listing them, every ordered choice of K equally likely, and all of them where
//! there are no more than K.

use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn sampled_tile_moves_are_k_distinct_legal_placements_or_all_of_them() {
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    let (mut listed, mut drawn, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    let (mut checked, mut all) = (0, 0);
    for game_no in 0..150 {
        let mut game = Game::shuffled(TileSet::default_set(), 2 + game_no % 3, &mut rng).unwrap();
        while !game.is_over() {
            let t = game.table();
            if t.step() == Step::PlaceTile {
                t.legal_moves(&mut listed);
                for k in [1, 2, 4, 8, 40] {
                    t.sampled_tile_moves(k, &mut rng, &mut drawn);
                    if listed.len() <= k {
                        assert!(
                            drawn.len() == listed.len() && listed.iter().all(|mv| drawn.contains(mv)),
                            "all of them"
                        );
                        all += 1;
                    } else {
                        assert_eq!(drawn.len(), k);
                        assert!(drawn.iter().all(|mv| listed.contains(mv)), "{drawn:?} not all legal");
                        assert!((1..k).all(|i| !drawn[..i].contains(&drawn[i])), "a repeat: {drawn:?}");
                    }
                    checked += 1;
                }
            }
            t.legal_moves(&mut moves);
            game.apply(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(checked > 30_000 && all > 1_000, "{checked} draws checked, {all} with no more placements than k");
}

/// A tile decision of a random game with between 8 and 12 legal placements.
fn a_position_with_few_placements() -> Table {
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut moves = Vec::new();
    loop {
        let mut game = Game::shuffled(TileSet::default_set(), 2, &mut rng).unwrap();
        while !game.is_over() {
            game.legal_moves(&mut moves);
            if game.table().step() == Step::PlaceTile && (8..=12).contains(&moves.len()) {
                return game.table().clone();
            }
            game.apply(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn sampled_tile_moves_draw_every_ordered_pair_equally_often() {
    let t = a_position_with_few_placements();
    let mut listed = Vec::new();
    t.legal_moves(&mut listed);
    let n = listed.len();
    let index = |mv: &Move| listed.iter().position(|m| m == mv).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(10);
    let (mut drawn, mut counts) = (Vec::new(), vec![0u32; n * n]);
    let draws = 200_000;
    for _ in 0..draws {
        t.sampled_tile_moves(2, &mut rng, &mut drawn);
        counts[index(&drawn[0]) * n + index(&drawn[1])] += 1;
    }
    // Each of the n(n - 1) ordered pairs about draws / (n(n - 1)) times: at least 1,500, whose
    // standard deviation is under 40; 15% either side is more than 5 of them.
    let want = draws as f64 / (n * (n - 1)) as f64;
    for a in 0..n {
        for b in 0..n {
            let c = counts[a * n + b] as f64;
            if a == b {
                assert_eq!(c, 0.0, "a placement drawn twice");
            } else {
                assert!(
                    (c - want).abs() < 0.15 * want,
                    "pair ({a}, {b}) drawn {c} times, about {want} expected"
                );
            }
        }
    }
}
