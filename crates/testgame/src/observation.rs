//! What a seat sees (T6), and full games sampled from it. A seat sees its own hand and what
//! everyone sees: the cards played, the pile, the scores, every hand's size and the draw pile's
//! size. The cards it cannot see are the deck less its hand and the cards played; a view deals
//! them to the other hands and the draw pile in ascending order (so two games that look the same
//! to the seat give the same view), and a sample deals them shuffled by the agent's generator.

use crate::moves::{Hand, Move};
use crate::rules::DECK;
use crate::state::{Play, State};
use rand::Rng;
use rand::seq::SliceRandom;
use stadt_core::game::Determinize;

impl State {
    /// Deals the cards `viewer` cannot see afresh to the other hands (each keeping its size) and
    /// the undrawn pile: shuffled by `rng`, or in ascending order when `rng` is None. The cards
    /// drawn so far are forgotten (who drew what is hidden, T6; they are in hands or played).
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, viewer: usize, rng: Option<&mut R>) {
        let n = self.players as usize;
        let mut unseen = [0u8; DECK];
        let mut len = 0;
        for q in (0..n).filter(|&q| q != viewer) {
            for v in self.hands[q].values() {
                unseen[len] = v;
                len += 1;
            }
        }
        let (from, to) = (self.drawn as usize, self.draw_len as usize);
        unseen[len..len + to - from].copy_from_slice(&self.draw[from..to]);
        len += to - from;
        // Sorted first, so that a sample depends only on what the viewer sees and on `rng`.
        unseen[..len].sort_unstable();
        if let Some(rng) = rng {
            unseen[..len].shuffle(rng);
        }
        let mut next = 0;
        for q in (0..n).filter(|&q| q != viewer) {
            let size = self.hands[q].len();
            self.hands[q] = Hand::of(&unseen[next..next + size]);
            next += size;
        }
        self.draw[from..to].copy_from_slice(&unseen[next..len]);
        self.draw[..from].fill(0);
    }

    /// The game as `viewer` sees it: what is hidden from it dealt in ascending order.
    pub fn view(&self, viewer: usize) -> State {
        let mut s = *self;
        s.redeal_hidden::<rand_pcg::Pcg64Mcg>(viewer, None);
        s
    }

    /// A full game consistent with what `viewer` sees, the hidden part dealt by `rng`.
    pub fn sample<R: Rng + ?Sized>(&self, viewer: usize, rng: &mut R) -> State {
        let mut s = *self;
        s.redeal_hidden(viewer, Some(rng));
        s
    }
}

/// What the player to decide is shown: its view of the game (`State::view`), never the real game
/// unless an experiment makes it clairvoyant, and the public record when the runner keeps one.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation<'a> {
    view: State,
    me: usize,
    /// The real game, for a clairvoyant seat only.
    real: Option<&'a State>,
    history: Option<&'a str>,
}

impl<'a> Observation<'a> {
    /// An honest observation of `state` for the seat to act.
    pub fn new(state: &State) -> Observation<'a> {
        let me = state.actor();
        Observation { view: state.view(me), me, real: None, history: None }
    }

    /// A clairvoyant observation: its samples are the real game (experiments only).
    pub fn clairvoyant(state: &'a State) -> Observation<'a> {
        Observation { real: Some(state), ..Observation::new(state) }
    }

    /// The same observation carrying the public record of the game so far.
    pub fn with_history(self, history: &'a str) -> Observation<'a> {
        Observation { history: Some(history), ..self }
    }

    /// The seat to decide (0-based).
    pub fn me(&self) -> usize {
        self.me
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.view.players()
    }

    /// The seat's own hand.
    pub fn hand(&self) -> Hand {
        self.view.hand(self.me)
    }

    /// The pile's top card, None when it is empty.
    pub fn top(&self) -> Option<u8> {
        self.view.top()
    }

    /// Seat `p`'s score.
    pub fn score(&self, p: usize) -> u32 {
        self.view.score(p)
    }

    /// How many cards seat `p` holds.
    pub fn hand_size(&self, p: usize) -> usize {
        self.view.hand_size(p)
    }

    /// The cards left in the draw pile.
    pub fn draw_left(&self) -> usize {
        self.view.draw_left()
    }

    /// Every play so far, in order.
    pub fn plays(&self) -> impl Iterator<Item = Play> + '_ {
        self.view.plays()
    }

    /// The game as the seat sees it (the hidden part dealt in ascending order): what bots play
    /// their moves on.
    pub fn view(&self) -> &State {
        &self.view
    }

    /// The record so far as this seat saw it (`record::seat_record`), when the runner keeps one.
    pub fn history(&self) -> Option<String> {
        self.history.map(|h| crate::record::seat_record(h, self.me))
    }

    /// Whether samples are the real game.
    pub fn is_clairvoyant(&self) -> bool {
        self.real.is_some()
    }
}

impl Determinize for Observation<'_> {
    type Full = State;
    type Public = State;

    fn actor(&self) -> usize {
        self.me
    }

    fn public(&self) -> State {
        self.view
    }

    fn public_into(&self, out: &mut State) {
        *out = self.view;
    }

    fn is_public(&self, p: &State) -> bool {
        *p == self.view
    }

    /// The cards played only grow: an earlier position's are a beginning of this one's.
    fn may_lead_here(&self, earlier: &State) -> bool {
        earlier.plays <= self.view.plays && self.view.played().starts_with(earlier.played())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.view.legal_moves(out);
    }

    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        match self.real {
            Some(real) => *real,
            None => self.view.sample(self.me, rng),
        }
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut State, rng: &mut R) {
        *full = self.determinize(rng);
    }
}
