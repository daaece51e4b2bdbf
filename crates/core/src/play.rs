//! Playing a game to its end through the game trait: chance resolved, every decision asked of
//! `decide`. The runner's loop; it knows nothing of the game it plays.

use crate::game::{Game, Turn};
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::{AtomicBool, Ordering};

/// Who decides a player's moves: `decide(game, player)`, or an error that ends the game.
pub type Decide<'a, G, E> = dyn FnMut(&G, usize) -> Result<<G as Game>::Move, E> + 'a;

/// Plays `game` to its end: at a chance node `chance` resolves it (a game with its own deck does
/// not need it), at a decision `decide(game, player)` chooses the move. Returns whether the game
/// ended (false when `stop` was set, checked before every decision), or `decide`'s error.
pub fn play_out<G: Game, E>(
    game: &mut G,
    decide: &mut Decide<'_, G, E>,
    chance: &mut Pcg64Mcg,
    stop: &AtomicBool,
) -> Result<bool, E> {
    loop {
        match game.turn() {
            Turn::Over => return Ok(true),
            Turn::Chance => {
                game.resolve_chance(chance);
            }
            Turn::Player(p) => {
                if stop.load(Ordering::Relaxed) {
                    return Ok(false);
                }
                let mv = decide(game, p)?;
                game.apply(mv);
            }
        }
    }
}
