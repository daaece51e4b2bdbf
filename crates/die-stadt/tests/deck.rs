//! A sampled deck made to repeat a draw (`Game::draw_kth_of_type`, how a search revisits a draw it
//! has seen): the chosen tile comes to the top and is drawn, the rest of the deck keeps its tiles,
//! and a call that cannot be met changes nothing.

use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A game some random moves in, stopped at a draw (its last move applied without drawing).
fn at_a_draw(seed: u64) -> Option<Game> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::shuffled(TileSet::default_set(), 2, &mut rng).unwrap();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..rng.random_range(1..80) {
        if game.is_over() {
            return None;
        }
        game.legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.apply_decision(mv);
        if game.table().step() == Step::Draw {
            if rng.random_range(0..4) == 0 {
                return Some(game);
            }
            game.resolve_draws();
        }
    }
    None
}

/// The undrawn part of the deck, sorted: the tiles still to come, whatever their order.
fn undrawn(game: &Game, from: usize) -> Vec<u8> {
    let mut rest = game.order()[from..].to_vec();
    rest.sort_unstable();
    rest
}

#[test]
fn a_repeated_draw_puts_the_kth_tile_of_its_type_on_top_and_keeps_the_deck_s_tiles() {
    let mut checked = 0;
    for seed in 0..200u64 {
        let Some(game) = at_a_draw(seed) else { continue };
        let top = game.table().drawn();
        let unseen = game.table().unseen().to_vec();
        for (ty, &n) in unseen.iter().enumerate() {
            for k in 0..n as usize {
                let mut g = game.clone();
                assert!(g.draw_kth_of_type(ty as u8, k), "seed {seed}: type {ty}, k {k} of {n}");
                let positions: Vec<usize> =
                    (top..game.order().len()).filter(|&j| game.order()[j] == ty as u8).collect();
                // The k-th of its type swapped with the top tile, nothing else moved.
                let mut expected = *game.order();
                expected.swap(top, positions[k]);
                assert_eq!(g.order(), &expected, "seed {seed}: type {ty}, k {k}");
                assert_eq!(undrawn(&g, top), undrawn(&game, top));
                assert_eq!(g.order()[top], ty as u8);
                // Drawn as the deck's next tile: in hand unless it fits nowhere (R10).
                if g.table().step() == Step::PlaceTile && g.table().drawn() == top + 1 {
                    assert_eq!(g.table().in_hand(), ty as u8);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} draws checked");
}

#[test]
fn a_repeated_draw_that_cannot_be_met_changes_nothing() {
    let game = (0..50).find_map(at_a_draw).expect("a game stopped at a draw");
    let (unseen, order) = (game.table().unseen().to_vec(), *game.order());
    for (ty, &n) in unseen.iter().enumerate() {
        let mut g = game.clone();
        assert!(!g.draw_kth_of_type(ty as u8, n as usize), "type {ty}: only {n} undrawn");
        assert_eq!((g.order(), g.table().unseen()), (&order, &unseen[..]));
    }
    let mut g = game.clone();
    assert!(!g.draw_kth_of_type(u8::MAX, 0), "no such type");
    // Not at a draw: a tile is in hand.
    g.resolve_draws();
    if !g.is_over() {
        let ty = g.order()[g.table().drawn()];
        let before = *g.order();
        assert!(!g.draw_kth_of_type(ty, 0));
        assert_eq!(g.order(), &before);
    }
}
