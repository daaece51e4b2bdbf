//! The engine: one flat game state (fixed-size arrays, no allocation, `Copy`) and its rules T1–T5
//! of docs/kartenspitze/rules.md: the deal, a card played onto the pile, a card drawn, the end.

use crate::errors::{Illegal, ImpossibleDraw, SetupError};
use crate::moves::{Hand, Move};
use crate::options::Options;
use crate::rules::{COPIES, DECK, MAX_PLAYERS, VALUES, max_players};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player to act plays a card (T3).
    Play,
    /// The player who just played draws (T4): chance.
    Draw,
    /// Every hand is empty (T5).
    Over,
}

/// A game of Kartenspitze, its hidden part (hands, the draw pile's order) included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) players: u8,
    pub(crate) options: Options,
    pub(crate) hands: [Hand; MAX_PLAYERS],
    /// The draw pile in draw order: `draw[drawn..draw_len]` is still to be drawn, top first;
    /// before `drawn` the cards drawn so far (0 where a seat's view hides who drew what).
    pub(crate) draw: [u8; DECK],
    pub(crate) draw_len: u8,
    pub(crate) drawn: u8,
    /// Every card played, in order; play `i` was made by seat `i % players` (T3, T5).
    pub(crate) played: [u8; DECK],
    pub(crate) plays: u8,
    /// Bit `i` set when play `i` scored.
    pub(crate) scored: u32,
    /// How many cards lie on the public pile: the last `pile` played.
    pub(crate) pile: u8,
    /// A byte each: all 18 cards together are worth 90 points.
    pub(crate) scores: [u8; MAX_PLAYERS],
    pub(crate) phase: Phase,
}

/// One play as everyone saw it (T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The seat that played (0-based).
    pub seat: usize,
    /// The card's value.
    pub card: u8,
    /// Whether it scored (T3).
    pub scored: bool,
}

/// The deck in order: 1, 1, 2, 2, ..., 9, 9 (T2).
pub fn sorted_deck() -> [u8; DECK] {
    std::array::from_fn(|i| (i / COPIES as usize) as u8 + 1)
}

/// Whether `players` may play with `options` (T1, T2).
pub fn check_players(players: usize, options: Options) -> Result<(), SetupError> {
    if players < 2 || players > max_players(options.hand) {
        return Err(SetupError::Players { players, hand: options.hand });
    }
    Ok(())
}

impl State {
    /// A game of `players` dealt from the deck shuffled by a generator seeded with `seed` (T2).
    pub fn deal(players: usize, options: Options, seed: u64) -> Result<State, SetupError> {
        let mut deck = sorted_deck();
        deck.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
        State::with_deck(players, options, &deck)
    }

    /// A game of `players` dealt from `deck` in this order, top first: `hand` cards to each
    /// seat in turn, the rest the draw pile (T2).
    pub fn with_deck(players: usize, options: Options, deck: &[u8; DECK]) -> Result<State, SetupError> {
        check_players(players, options)?;
        let mut sorted = *deck;
        sorted.sort_unstable();
        if sorted != sorted_deck() {
            return Err(SetupError::NotTheDeck);
        }
        let h = options.hand as usize;
        let hands: [Hand; MAX_PLAYERS] =
            std::array::from_fn(
                |p| if p < players { Hand::of(&deck[p * h..(p + 1) * h]) } else { Hand::EMPTY },
            );
        let mut s = State::from_hands(players, options, &hands[..players])?;
        let rest = &deck[players * h..];
        s.draw[..rest.len()].copy_from_slice(rest);
        Ok(s)
    }

    /// A game of `players` whose seats were dealt `hands`, the other cards the draw pile in
    /// ascending order (a record names the hands, and every draw by a `chance:` line).
    pub fn from_hands(players: usize, options: Options, hands: &[Hand]) -> Result<State, SetupError> {
        check_players(players, options)?;
        if hands.len() != players {
            return Err(SetupError::Seats { dealt: hands.len(), players });
        }
        let mut left = [COPIES; VALUES as usize];
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != options.hand as usize {
                return Err(SetupError::HandSize { seat, len: hand.len(), hand: options.hand });
            }
            for v in 1..=VALUES {
                let l = &mut left[v as usize - 1];
                *l = l.checked_sub(hand.count(v)).ok_or(SetupError::TooMany { card: v })?;
            }
        }
        let mut s = State {
            players: players as u8,
            options,
            hands: [Hand::EMPTY; MAX_PLAYERS],
            draw: [0; DECK],
            draw_len: 0,
            drawn: 0,
            played: [0; DECK],
            plays: 0,
            scored: 0,
            pile: 0,
            scores: [0; MAX_PLAYERS],
            phase: Phase::Play,
        };
        s.hands[..players].copy_from_slice(hands);
        for v in 1..=VALUES {
            for _ in 0..left[v as usize - 1] {
                s.draw[s.draw_len as usize] = v;
                s.draw_len += 1;
            }
        }
        Ok(s)
    }

    /// The number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The options it was dealt with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// What the game waits for.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether every hand is empty (T5).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The seat (0-based) to play, or at a draw the seat that draws (T3, T4).
    #[inline]
    pub fn actor(&self) -> usize {
        match self.phase {
            Phase::Draw => (self.plays as usize - 1) % self.players as usize,
            _ => self.plays as usize % self.players as usize,
        }
    }

    /// Seat `p`'s hand (hidden from the others, T6).
    #[inline]
    pub fn hand(&self, p: usize) -> Hand {
        self.hands[p]
    }

    /// How many cards seat `p` holds.
    pub fn hand_size(&self, p: usize) -> usize {
        self.hands[p].len()
    }

    /// The pile's top card, None when the pile is empty (T3).
    #[inline]
    pub fn top(&self) -> Option<u8> {
        (self.pile > 0).then(|| self.played[self.plays as usize - 1])
    }

    /// The cards on the public pile, bottom first.
    pub fn pile(&self) -> &[u8] {
        &self.played[(self.plays - self.pile) as usize..self.plays as usize]
    }

    /// Seat `p`'s score.
    #[inline]
    pub fn score(&self, p: usize) -> u32 {
        self.scores[p] as u32
    }

    /// The cards left in the draw pile.
    #[inline]
    pub fn draw_left(&self) -> usize {
        (self.draw_len - self.drawn) as usize
    }

    /// The cards played so far, in order.
    pub fn played(&self) -> &[u8] {
        &self.played[..self.plays as usize]
    }

    /// Every play so far, in order, as everyone saw it (T6).
    pub fn plays(&self) -> impl Iterator<Item = Play> + '_ {
        self.played().iter().enumerate().map(|(i, &card)| Play {
            seat: i % self.players as usize,
            card,
            scored: self.scored >> i & 1 == 1,
        })
    }

    /// The seats with the highest score: the winners once the game is over (T5).
    pub fn leaders(&self) -> Vec<usize> {
        let n = self.players as usize;
        let best = self.scores[..n].iter().copied().max().unwrap_or(0);
        (0..n).filter(|&p| self.scores[p] == best).collect()
    }

    /// Whether `mv` may be made now; Err names the rule it breaks.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over => return Err(Illegal::Over),
            Phase::Draw => return Err(Illegal::MustDraw),
            Phase::Play => {}
        }
        if !(1..=VALUES).contains(&mv.card()) {
            return Err(Illegal::NoSuchCard { card: mv.card() });
        }
        let seat = self.actor();
        if self.hands[seat].count(mv.card()) == 0 {
            return Err(Illegal::NotInHand { seat, card: mv.card() });
        }
        Ok(())
    }

    /// The legal moves, ascending by card, into `out` (cleared first).
    #[inline]
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.phase != Phase::Play {
            return;
        }
        let hand = &self.hands[self.actor()];
        out.extend((1..=VALUES).filter(|&v| hand.count(v) > 0).map(Move));
    }

    /// Makes `mv` after checking it.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Makes the legal move `mv` (T3), then waits for the draw (T4) or the next player.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()), "apply takes legal moves");
        let card = mv.card();
        let p = self.actor();
        self.hands[p].remove(card);
        if self.top().is_none_or(|top| card > top) {
            self.scores[p] += card;
            self.scored |= 1 << self.plays;
            self.pile += 1;
        } else {
            self.pile = 0;
        }
        self.played[self.plays as usize] = card;
        self.plays += 1;
        if self.drawn < self.draw_len {
            self.phase = Phase::Draw;
        } else {
            self.end_turn();
        }
    }

    /// The next player's turn, or the end once every hand is empty (T5).
    #[inline]
    fn end_turn(&mut self) {
        let n = self.players as usize;
        self.phase = if self.hands[..n].iter().all(Hand::is_empty) { Phase::Over } else { Phase::Play };
    }

    /// The drawer takes the card at `at` (in the undrawn part; the cards above it are hidden, so
    /// it may be any): it moves to the top and is drawn (T4). Returns its value.
    #[inline]
    pub(crate) fn draw_at(&mut self, at: usize) -> u8 {
        debug_assert!(
            self.phase == Phase::Draw && (self.drawn as usize..self.draw_len as usize).contains(&at)
        );
        self.draw.swap(at, self.drawn as usize);
        let v = self.draw[self.drawn as usize];
        let p = self.actor();
        self.hands[p].add(v);
        self.drawn += 1;
        self.end_turn();
        v
    }

    /// Draws the top card of the draw pile (T4) and returns its value.
    pub fn draw_top(&mut self) -> Result<u8, ImpossibleDraw> {
        if self.phase != Phase::Draw {
            return Err(ImpossibleDraw::NoDraw);
        }
        Ok(self.draw_at(self.drawn as usize))
    }

    /// The places in the undrawn pile that hold value `card`.
    pub(crate) fn places_of(&self, card: u8) -> impl Iterator<Item = usize> + '_ {
        (self.drawn as usize..self.draw_len as usize).filter(move |&i| self.draw[i] == card)
    }

    /// Draws a card of value `card` (what a record's `chance: draw` line says was drawn): the
    /// pile's order is hidden, so any card left in it may be the top (T4).
    pub fn draw_card(&mut self, card: u8) -> Result<(), ImpossibleDraw> {
        if self.phase != Phase::Draw {
            return Err(ImpossibleDraw::NoDraw);
        }
        let at = self.places_of(card).next().ok_or(ImpossibleDraw::NotInPile { card })?;
        self.draw_at(at);
        Ok(())
    }

    /// The card drawn since the last move (for the record's `chance:` line), if any: the last
    /// play drew when the pile was not yet empty (T4). None in a seat's view, which forgets who
    /// drew what (T6).
    pub fn drawn_since_move(&self) -> Option<u8> {
        let last = (self.plays as usize).checked_sub(1)?;
        (self.phase != Phase::Draw && last < self.drawn as usize)
            .then_some(self.draw[last])
            .filter(|&v| v > 0)
    }

    /// The hand seat `p` was dealt: what it holds, plus what it played, less what it drew. None
    /// in a seat's view, which forgets who drew what (T6).
    pub fn dealt_hand(&self, p: usize) -> Option<Hand> {
        let n = self.players as usize;
        let mut hand = self.hands[p];
        for (i, &card) in self.played().iter().enumerate() {
            if i % n == p {
                hand.add(card);
            }
        }
        // Draw `i` follows play `i`, by the same seat (T4).
        for (i, &card) in self.draw[..self.drawn as usize].iter().enumerate() {
            if i % n == p && (card == 0 || !hand.remove(card)) {
                return None;
            }
        }
        Some(hand)
    }

    /// The immediate value of `mv` for the player to act: the points it scores (T3); a card
    /// that scores nothing is lost, so it counts as minus its value, and the cheapest is lost
    /// first.
    #[inline]
    pub fn move_value(&self, mv: Move) -> f64 {
        let card = mv.card();
        if self.top().is_none_or(|top| card > top) { card as f64 } else { -(card as f64) }
    }
}
