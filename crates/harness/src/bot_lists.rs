//! Every game's bots, by the game: what `stadt bots` and Python's `bot_names` list.

use crate::catan::Catan;
use crate::games::Game;
use crate::hosted::Hosted;
use die_stadt::kind::DieStadt;
use stadt_core::bots::listing::Listing;

/// The bots of `game`.
pub fn of(game: Game) -> &'static dyn Listing {
    match game {
        Game::DieStadt => DieStadt::bots(),
        Game::Catan => Catan::bots(),
    }
}
