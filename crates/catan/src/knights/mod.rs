//! *Städte und Ritter*'s parts (docs/catan/rules.md, section 13, rules K1–K85), each a rule of its
//! own with its tests: the progress cards (`cards`) and their decks (`decks`), the improvement
//! tracks and commodities (`tracks`), production with commodities (`production`), the event die
//! and the barbarian ship (`dice`), the barbarians' attack (`barbarians`), the metropolises
//! (`metropolis`), knights on the board (`knight_moves`), trade rates (`trade`), points
//! (`points`) and the club's house rules as options (`house`). The engine does not play the
//! expansion yet: these are the pieces it will be built from (issue knights).

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
pub mod production;
pub(crate) mod progress_checks;
pub(crate) mod progress_effects;
mod public;
pub(crate) mod roll;
pub mod tracks;
pub mod trade;
