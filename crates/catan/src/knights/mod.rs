//! *Städte und Ritter* (docs/catan/rules.md, section 13, rules K1–K85), which the engine plays
//! with `game=knights`: its state beside the base game's (`expansion`), the progress cards
//! (`cards`) and their decks (`decks`), the improvement tracks and commodities (`tracks`), the
//! event die and the barbarian ship (`dice`), the barbarians' attack (`barbarians`), a roll and
//! what it asks for (`roll`), the metropolises (`metropolis`), knights on the board
//! (`knight_moves`), card kinds (`card_kind`), the checks and effects of moves and cards, points
//! (`points`) and the club's house rules as options (`house`). Production with commodities and
//! the bank's rates are the base game's functions (`crate::production`, `crate::trade`), which
//! read the expansion's parts, so that each is written once.

pub mod barbarians;
pub mod card_kind;
pub mod cards;
pub(crate) mod checks;
pub mod decks;
pub mod dice;
pub mod expansion;
pub mod house;
pub mod knight_moves;
pub mod metropolis;
pub(crate) mod pieces;
pub(crate) mod play;
pub mod points;
pub(crate) mod progress_checks;
pub(crate) mod progress_effects;
mod public;
pub mod roll;
pub mod tracks;
