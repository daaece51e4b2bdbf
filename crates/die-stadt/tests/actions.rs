//! The fixed action space (docs/python.md): every legal move has one number, the number names the
//! move back, and numbers outside the space are refused.

use die_stadt::actions::{self, ACTIONS, ActionError, FOLLOWER, GATE, TOWER, WALL};
use die_stadt::game::Game;
use die_stadt::moves::Move;
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn every_legal_move_has_one_number_that_names_it_back() {
    let ts = TileSet::default_set();
    let (mut moves, mut scratch, mut numbers) = (Vec::new(), Vec::new(), Vec::new());
    let mut kinds = [0usize; 5];
    for seed in 0..200u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut g = Game::shuffled(ts, 2 + (seed % 3) as usize, &mut rng).unwrap();
        while !g.is_over() {
            let t = g.table();
            g.legal_moves(&mut moves);
            actions::legal_actions(t, &mut scratch, &mut numbers);
            assert_eq!(numbers.len(), moves.len(), "two legal moves share a number");
            assert!(numbers.windows(2).all(|w| w[0] < w[1]), "legal actions ascend");
            for &mv in &moves {
                let a = actions::encode(t, mv).expect("a legal move has a number");
                assert!(a < ACTIONS);
                assert_eq!(actions::decode(t, a as i64), Ok(mv), "action {a}");
                kinds[match a {
                    a if a < FOLLOWER => 0,
                    a if a < GATE => 1,
                    a if a < WALL => 2,
                    a if a < TOWER => 3,
                    _ => 4,
                }] += 1;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            g.apply(mv);
        }
    }
    assert!(kinds.iter().all(|&k| k > 0), "every kind of action was seen: {kinds:?}");
}

#[test]
fn numbers_outside_the_space_and_followers_before_any_tile_are_refused() {
    let table = Table::new(TileSet::default_set(), 2).unwrap();
    assert_eq!(actions::decode(&table, -1), Err(ActionError::OutOfRange(-1)));
    assert_eq!(actions::decode(&table, ACTIONS as i64), Err(ActionError::OutOfRange(ACTIONS as i64)));
    assert_eq!(actions::decode(&table, FOLLOWER as i64 + 1), Err(ActionError::NoTilePlaced(FOLLOWER + 1)));
    assert_eq!(actions::decode(&table, FOLLOWER as i64), Ok(Move::Follower(None)));
    assert_eq!(actions::decode(&table, 0), Ok(Move::Tile { x: -74, y: -74, rot: 0 }));
    assert_eq!(actions::decode(&table, (FOLLOWER - 1) as i64), Ok(Move::Tile { x: 74, y: 74, rot: 3 }));
    // The layout docs/python.md gives.
    assert_eq!((FOLLOWER, GATE, WALL, TOWER, ACTIONS), (88_804, 88_817, 178_817, 268_817, 268_820));
}
