//! Copying a position: `clone_from` copies only what the position uses of the board and the
//! features (a search resets its game from the root's table every iteration), so a table that
//! held another, larger game must end up as good as a fresh clone: equal, and playing on exactly
//! as the original does.

use die_stadt::game::Game;
use die_stadt::moves::Move;
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays uniformly random moves from `game` to the end.
fn play_out(game: &mut Game, rng: &mut Pcg64Mcg, moves: &mut Vec<Move>) {
    while !game.is_over() {
        game.legal_moves(moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.apply(mv);
    }
}

/// A finished game's table: a big city, a long wall, most nodes used, to copy over.
fn finished(seed: u64, players: usize) -> Table {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::shuffled(TileSet::default_set(), players, &mut rng).unwrap();
    play_out(&mut game, &mut rng, &mut Vec::new());
    game.table().clone()
}

#[test]
fn clone_from_over_another_game_plays_on_as_the_original() {
    let ts = TileSet::default_set();
    let mut moves = Vec::new();
    let mut other = Vec::new();
    for seed in 0..300u64 {
        let players = 2 + (seed % 3) as usize;
        let mut rng = Pcg64Mcg::seed_from_u64(1000 + seed);
        let mut game = Game::shuffled(ts, players, &mut rng).unwrap();
        // Stop somewhere in the game, at any step.
        let stop = rng.random_range(0..120);
        for _ in 0..stop {
            if game.is_over() {
                break;
            }
            game.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            game.apply(mv);
        }
        let original = game.table();
        // Over a finished game of another seed (and player count), and over a fresh clone.
        let mut copied = finished(seed, 2 + ((seed + 1) % 3) as usize);
        copied.clone_from(original);
        let fresh = original.clone();
        assert!(copied == *original && fresh == *original, "seed {seed}: the copies differ");
        // The same sample of the unseen tiles and the same moves from here on.
        let mut a = Game::determinize(original, &mut Pcg64Mcg::seed_from_u64(seed));
        let mut b = Game::determinize(&copied, &mut Pcg64Mcg::seed_from_u64(seed));
        let mut c = Game::determinize(&fresh, &mut Pcg64Mcg::seed_from_u64(seed));
        while !a.is_over() {
            a.legal_moves(&mut moves);
            b.legal_moves(&mut other);
            assert_eq!(moves, other, "seed {seed}: the copy over another game offers other moves");
            c.legal_moves(&mut other);
            assert_eq!(moves, other, "seed {seed}: the fresh clone offers other moves");
            let mv = moves[rng.random_range(0..moves.len())];
            a.apply(mv);
            b.apply(mv);
            c.apply(mv);
        }
        assert!(b.is_over() && c.is_over());
        assert!(a.table() == b.table() && a.table() == c.table(), "seed {seed}: the games ended apart");
        assert_eq!(a.table().scores(), b.table().scores());
    }
}

#[test]
fn a_table_reused_for_a_new_game_equals_a_new_one_in_the_same_position() {
    // `reset` leaves the last game's tiles and nodes where the new game has not reached yet;
    // equality looks only at what the position uses.
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut moves = Vec::new();
    let mut reused = Game::shuffled(ts, 4, &mut rng).unwrap();
    play_out(&mut reused, &mut rng, &mut moves);
    let mut order = ts.deck();
    rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng);
    reused.reset(3, &order).unwrap();
    let mut new = Game::new(ts, 3, &order).unwrap();
    assert!(reused.table() == new.table());
    while !new.is_over() {
        new.legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        new.apply(mv);
        reused.apply(mv);
        assert!(reused.table() == new.table(), "apart after {mv:?}");
    }
}
