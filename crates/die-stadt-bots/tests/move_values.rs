//! The engine's move values (`Table::move_values`, worked out without playing the moves) against
//! greedy's own judgement, which plays each move on a copy and values what it leads to
//! (`GreedySearch::move_value`): equal, move for move, at every decision of random games; and
//! the gains (`Table::move_gains`) are the values less the position's own.

use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::tiles::TileSet;
use die_stadt_bots::helpers::GreedySearch;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays games of 2, 3 and 4 players until `positions` decisions have been compared, each
/// decision's moves valued both ways at open weight `weights[k]` for the k-th decision; the moves
/// played are greedy's by the engine's values half of the time, so that games reach the positions
/// greedy play does (long features, many followers, walls with watchmen). Returns the number of
/// moves compared.
fn compare(positions: usize, weights: &[f64], seed: u64) -> usize {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut search = GreedySearch::default();
    let (mut moves, mut values, mut gains) = (Vec::new(), Vec::new(), Vec::new());
    let (mut seen, mut compared, mut game_no) = (0, 0, 0);
    while seen < positions {
        let players = 2 + game_no % 3;
        game_no += 1;
        let mut game = Game::shuffled(TileSet::default_set(), players, &mut rng).unwrap();
        let greedy_game = rng.random_bool(0.5);
        while !game.is_over() && seen < positions {
            let t = game.table();
            t.legal_moves(&mut moves);
            let weight = weights[seen % weights.len()];
            t.move_values(weight, &moves, &mut values);
            assert_eq!(values.len(), moves.len());
            let me = t.actor();
            // The gains are the values less the value of the position now.
            t.move_gains(weight, &moves, &mut gains);
            let now = t.standing(me).value(weight);
            for (g, v) in gains.iter().zip(&values) {
                assert!((g - (v - now)).abs() < 1e-9, "gain {g}, value {v}, now {now}");
            }
            for (&mv, &v) in moves.iter().zip(&values) {
                let played = search.move_value(t, mv, me, weight, 0.0);
                assert!(
                    v == played,
                    "game {game_no}, {} tiles, step {:?}, {mv:?} at weight {weight}: engine {v}, played {played}",
                    t.board().tile_count(),
                    t.step()
                );
                compared += 1;
            }
            seen += 1;
            let mv = if greedy_game && t.step() != Step::GameOver {
                let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let top: Vec<Move> =
                    moves.iter().zip(&values).filter(|(_, v)| **v == best).map(|(m, _)| *m).collect();
                top[rng.random_range(0..top.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            game.apply(mv);
        }
    }
    compared
}

#[test]
fn move_values_equal_playing_each_move_on_a_copy_at_100000_decisions() {
    let compared = compare(100_000, &[0.5], 1);
    assert!(compared > 1_000_000, "{compared} moves compared");
}

#[test]
fn move_values_equal_playing_each_move_on_a_copy_at_other_open_weights() {
    compare(20_000, &[1.0, -0.5, 0.0, 2.5], 2);
}

/// A tile decision's shared part (the residential areas and the markets bordering them) is
/// brought up to date from the last decision's when the position follows it, as a playout's
/// next turn does, and found again otherwise. Positions valued in an order that jumps between
/// games of 2, 3 and 4 players, back to saved positions and on from them by other moves are
/// valued as playing each move on a copy values them.
#[test]
fn move_values_equal_playing_each_move_on_a_copy_in_any_order_of_positions() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut search = GreedySearch::default();
    let (mut moves, mut values) = (Vec::new(), Vec::new());
    let new_game =
        |players: usize, rng: &mut Pcg64Mcg| Game::shuffled(TileSet::default_set(), players, rng).unwrap();
    let mut games: Vec<Game> = (2..=4).map(|players| new_game(players, &mut rng)).collect();
    let mut saved: Vec<Game> = Vec::new();
    let (mut compared, mut jumps) = (0, 0);
    while compared < 300_000 {
        let g = rng.random_range(0..games.len());
        if !saved.is_empty() && rng.random_bool(0.1) {
            games[g] = saved[rng.random_range(0..saved.len())].clone();
            jumps += 1;
        }
        if games[g].is_over() {
            games[g] = new_game(2 + g, &mut rng);
        }
        let t = games[g].table();
        t.legal_moves(&mut moves);
        if t.step() == Step::PlaceTile {
            t.move_values(0.5, &moves, &mut values);
            for (&mv, &v) in moves.iter().zip(&values) {
                let played = search.move_value(t, mv, t.actor(), 0.5, 0.0);
                assert!(v == played, "{} tiles, {mv:?}: engine {v}, played {played}", t.board().tile_count());
                compared += 1;
            }
            if rng.random_bool(0.05) {
                saved.push(games[g].clone());
            }
        }
        let mv = moves[rng.random_range(0..moves.len())];
        games[g].apply(mv);
    }
    assert!(jumps > 1_000, "{jumps} jumps");
}
