//! The things that happen in a game: a hand of cards, a player's move (a card played, T3) and
//! chance's outcomes (a hand dealt, T2; a card drawn, T4).

use crate::rules::VALUES;

/// A hand of cards: how many of each value, so that equal cards are one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; VALUES as usize],
}

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand { counts: [0; VALUES as usize] };

    /// A hand of these values (each 1 to 9).
    pub fn of(values: &[u8]) -> Hand {
        let mut hand = Hand::EMPTY;
        for &v in values {
            hand.add(v);
        }
        hand
    }

    /// How many cards of value `v` (1 to 9) it holds.
    #[inline]
    pub fn count(&self, v: u8) -> u8 {
        self.counts[v as usize - 1]
    }

    /// How many cards it holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// Whether it holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// Adds a card of value `v`.
    #[inline]
    pub fn add(&mut self, v: u8) {
        self.counts[v as usize - 1] += 1;
    }

    /// Takes a card of value `v` out; false (the hand unchanged) when it holds none.
    #[inline]
    pub fn remove(&mut self, v: u8) -> bool {
        let c = &mut self.counts[v as usize - 1];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Its values in ascending order, equal cards repeated.
    pub fn values(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=VALUES).flat_map(|v| std::iter::repeat_n(v, self.count(v) as usize))
    }
}

/// A decision: play the card of this value (1 to 9) from the hand (T3). Two cards of one value
/// are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u8);

impl Move {
    /// The value of the card played.
    #[inline]
    pub fn card(self) -> u8 {
        self.0
    }
}

/// An outcome of chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chance {
    /// The hand dealt to a seat (0-based) before play (T2).
    Deal {
        /// The seat.
        seat: usize,
        /// Its cards.
        hand: Hand,
    },
    /// A card of this value drawn by the player who just played (T4).
    Draw(u8),
}
