//! The messages of `stadt-bot 1` (docs/bot-protocol.md) as Die Stadt's bots speak them: the
//! messages every game shares are the core's (`stadt_core::protocol`), Die Stadt's new game and
//! move texts its engine's (`die_stadt::spoken`). The host side is the core's
//! (`stadt_core::bots::process`) and `stadt serve-bot` the bot side.

pub use die_stadt::kind::{sha256_hex, tiles_sha256};
pub use die_stadt::spoken::move_texts;
pub use stadt_core::protocol::{VERSION, answer, decide, hello, kind, quit, ready};

/// A new game begins: the bot's seat (1 = p1, the start player), the players, a seed for its own
/// randomness and the tile set.
pub fn new_game(info: &die_stadt::kind::GameInfo) -> serde_json::Value {
    stadt_core::protocol::new_game_message::<die_stadt::kind::DieStadt>(info, info.seed)
}
