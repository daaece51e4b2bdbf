//! The three progress decks (K47, K48): shuffled face down, drawn from the top, and refilled only
//! from below, where every card played or put back goes; never reshuffled.

use super::cards::{Colour, DECK, ProgressCard, unshuffled};
use rand::Rng;
use rand::seq::SliceRandom;

/// One deck: its cards from the top, in a ring of `DECK` places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: [ProgressCard; DECK],
    top: u8,
    len: u8,
}

impl Deck {
    /// The deck of `colour`, shuffled by `rng`.
    pub fn shuffled<R: Rng + ?Sized>(colour: Colour, rng: &mut R) -> Deck {
        let mut cards = unshuffled(colour);
        cards.shuffle(rng);
        Deck { cards, top: 0, len: DECK as u8 }
    }

    /// The deck of `colour` in `KINDS` order.
    pub fn unshuffled(colour: Colour) -> Deck {
        Deck { cards: unshuffled(colour), top: 0, len: DECK as u8 }
    }

    /// The full deck `cards`, top first (a record's), if they are the 18 cards of one colour.
    pub fn from_cards(cards: [ProgressCard; DECK]) -> Option<Deck> {
        let colour = cards[0].colour();
        let (mut want, mut have) = (unshuffled(colour), cards);
        want.sort();
        have.sort();
        (want == have).then_some(Deck { cards, top: 0, len: DECK as u8 })
    }

    /// A deck holding `cards`, top first (at most 18; a sample's deal of the undrawn cards).
    pub fn with_cards(cards: &[ProgressCard]) -> Deck {
        assert!(cards.len() <= DECK, "a deck holds at most {DECK} cards");
        let mut out = [ProgressCard::Alchemist; DECK];
        out[..cards.len()].copy_from_slice(cards);
        Deck { cards: out, top: 0, len: cards.len() as u8 }
    }

    /// Cards in it.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it is empty (K48: nobody draws from it until a card goes back under it).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the top card, if there is one (K48).
    pub fn draw(&mut self) -> Option<ProgressCard> {
        if self.len == 0 {
            return None;
        }
        let card = self.cards[self.top as usize];
        self.top = (self.top + 1) % DECK as u8;
        self.len -= 1;
        Some(card)
    }

    /// Takes `card` off the deck as its top card (a replayed draw: the card a record names, from
    /// a deck whose order an observer dealt afresh); false when the deck holds none.
    pub fn take(&mut self, card: ProgressCard) -> bool {
        let top = self.top as usize;
        let Some(k) = (0..self.len as usize).find(|&k| self.cards[(top + k) % DECK] == card) else {
            return false;
        };
        self.cards.swap(top, (top + k) % DECK);
        self.draw().is_some()
    }

    /// Puts `to` in the place of a card `from` the deck holds (a seat's deal of the cards it
    /// cannot see); false when it holds none.
    pub fn replace(&mut self, from: ProgressCard, to: ProgressCard) -> bool {
        let top = self.top as usize;
        match (0..self.len as usize).find(|&k| self.cards[(top + k) % DECK] == from) {
            Some(k) => {
                self.cards[(top + k) % DECK] = to;
                true
            }
            None => false,
        }
    }

    /// Whether the deck holds `card`.
    pub fn holds(&self, card: ProgressCard) -> bool {
        self.cards().any(|c| c == card)
    }

    /// Puts `card` (of this deck's colour) face down under the deck (K47). A deck never holds
    /// more than its 18 cards.
    pub fn put_under(&mut self, card: ProgressCard) {
        assert!((self.len as usize) < DECK, "a deck holds at most {DECK} cards");
        self.cards[(self.top as usize + self.len as usize) % DECK] = card;
        self.len += 1;
    }

    /// Its cards from the top (hidden from every player, C41/K85).
    pub fn cards(&self) -> impl Iterator<Item = ProgressCard> + '_ {
        (0..self.len as usize).map(|i| self.cards[(self.top as usize + i) % DECK])
    }
}
