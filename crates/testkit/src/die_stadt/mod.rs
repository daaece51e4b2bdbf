//! Die Stadt's test support: positions built by hand ([`scenario`]) and an independent, slow
//! recomputation of every rule from the raw board ([`reference`]). Never part of the engine.

pub mod reference;
pub mod scenario;

use die_stadt::ids::Player;

/// The players by their names in records.
pub const P1: Player = Player::new(0);
pub const P2: Player = Player::new(1);
pub const P3: Player = Player::new(2);
pub const P4: Player = Player::new(3);
