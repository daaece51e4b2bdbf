//! *Städte und Ritter*'s parts (docs/catan/rules.md, section 13, rules K1–K85), each a rule of its
//! own with its tests: the progress cards and their decks (`cards`), the improvement tracks and
//! commodities (`tracks`), production with commodities (`production`), the barbarians' attack (`barbarians`) and the club's house rules as
//! options (`house`). The engine does not play the expansion yet: these are the pieces it will
//! be built from (issue knights).

pub mod barbarians;
pub mod cards;
pub mod house;
pub mod production;
pub mod tracks;
