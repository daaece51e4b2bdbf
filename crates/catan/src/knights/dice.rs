//! The event die and the barbarian ship (K6, K11, K37): three faces of six move the ship, the
//! other three are the tracks' gates; the seventh ship face since the last attack lands it.

use super::barbarians::TRACK;
use super::tracks::Track;

/// What the event die shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The barbarian ship moves one space (K11).
    Ship,
    /// A track's city gate: progress cards by level and red die (K12).
    Gate(Track),
}

/// The event die's six faces, by face 1 to 6.
pub const FACES: [Event; 6] = [
    Event::Ship,
    Event::Ship,
    Event::Ship,
    Event::Gate(Track::Trade),
    Event::Gate(Track::Politics),
    Event::Gate(Track::Science),
];

/// The barbarian ship on its track: the ship faces rolled since the last attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ship {
    /// Spaces moved, 0 to `TRACK - 1`.
    pub moved: u8,
    /// Attacks so far (the robber is active after the first, K17).
    pub attacks: u16,
}

impl Ship {
    /// Moves the ship one space; true when it lands and the barbarians attack, the ship then
    /// back at the start (K11, K37, K43).
    pub fn advance(&mut self) -> bool {
        self.moved += 1;
        if self.moved < TRACK {
            return false;
        }
        self.moved = 0;
        self.attacks += 1;
        true
    }
}
