//! The game's fixed numbers, each with the rule (docs/kartenspitze/rules.md) that sets it.

use std::ops::RangeInclusive;

/// The players a game is played with (T1).
pub const PLAYERS: RangeInclusive<usize> = 2..=4;

/// The most players the engine's arrays hold (T1).
pub const MAX_PLAYERS: usize = 4;

/// The highest card value; values run from 1 to it (T2).
pub const VALUES: u8 = 9;

/// How many cards of each value the deck holds (T2).
pub const COPIES: u8 = 2;

/// The cards in the deck (T2).
pub const DECK: usize = VALUES as usize * COPIES as usize;

/// The hand sizes the `hand` option takes (T2).
pub const HAND: RangeInclusive<u8> = 2..=5;

/// The hand size unless the `hand` option says otherwise (T2).
pub const DEFAULT_HAND: u8 = 3;

/// The most players a deal of `hand` cards each can serve: the hands together hold at most the
/// deck (T1, T2).
pub fn max_players(hand: u8) -> usize {
    (DECK / hand.max(1) as usize).min(MAX_PLAYERS)
}
