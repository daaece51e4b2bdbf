//! What a seat sees (U76, N25), and full games sampled from it. Hidden from a seat: the others'
//! building cards not known to be there, their influence cards, the order of the draw pile (each
//! card is drawn uniformly, so the pile is a set), the influence pile, and the influence discards
//! put there face down by others (N15). A view deals the cards it cannot see back to the places
//! that hide them, keeping every place's size, in ascending order (so two games that look the
//! same to the seat give the same view); a sample deals them by the agent's generator.
//!
//! Under `periods`, until the first reshuffle each part of the draw pile takes cards of its own
//! period only (U66). What a seat could infer beyond the sets above (that a dealt card was an A
//! card, which card an opponent took from its hand) is not used: the sample is uniform over the
//! hidden cards within those places.

use crate::moves::Move;
use crate::state::{SEATS, Stage, State};
use rand::{Rng, RngExt};
use stadt_core::game::Determinize;

/// Takes `k` cards from `pool` (a bit set): the lowest, or uniformly chosen with `rng`.
fn take<R: Rng + ?Sized>(pool: &mut u128, k: u32, rng: &mut Option<&mut R>) -> u128 {
    let mut out = 0u128;
    for _ in 0..k {
        let size = pool.count_ones();
        if size == 0 {
            break;
        }
        let mut m = *pool;
        if let Some(r) = rng.as_deref_mut() {
            for _ in 0..r.random_range(0..size) {
                m &= m - 1;
            }
        }
        let bit = m & m.wrapping_neg();
        out |= bit;
        *pool &= !bit;
    }
    out
}

impl State {
    /// Whether `viewer` sees seat `q`'s hands: its own, and under `two_player=two_orders` its
    /// person's other order too (N19: seats 0 and 2 are one person, 1 and 3 the other).
    pub fn sees_hand(&self, viewer: u8, q: u8) -> bool {
        q == viewer || (self.opts.seats() != self.opts.players && q % 2 == viewer % 2)
    }

    /// Deals what `viewer` cannot see afresh, every place keeping its size: shuffled by `rng`, or
    /// the lowest cards first when `rng` is None.
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, viewer: u8, mut rng: Option<&mut R>) {
        let n = usize::from(self.n);
        let hidden_seats: u8 = (0..self.n).filter(|&q| !self.sees_hand(viewer, q)).fold(0, |m, q| m | 1 << q);
        let others = move |q: &usize| hidden_seats & (1 << q) != 0;
        // Building and event cards.
        let mut pool = 0u128;
        let mut hidden = [0u32; SEATS];
        for q in (0..n).filter(others) {
            let h = self.hand[q] & !self.known[q];
            hidden[q] = h.count_ones();
            pool |= h;
            self.hand[q] &= !h;
        }
        let parts = self.pile.map(|p| p.count_ones());
        if self.stage == Stage::Deal {
            // U23, U66: while the hands are dealt, only the deal's source (the first part) hides
            // cards; the cards set apart for the draw pile are a known set, the same in every game.
            pool |= self.pile[0];
            self.pile[0] = take(&mut pool, parts[0], &mut rng);
        } else if self.opts.periods && !self.mixed {
            pool |= self.pile.iter().fold(0, |m, p| m | p);
            self.pile = [0; 3];
            for (k, &size) in parts.iter().enumerate() {
                let mut of_period = pool & self.mat.period_mask[k];
                let got = take(&mut of_period, size, &mut rng);
                self.pile[k] = got;
                pool &= !got;
            }
        } else {
            pool |= self.pile.iter().fold(0, |m, p| m | p);
            self.pile = [0; 3];
            for (k, &size) in parts.iter().enumerate() {
                self.pile[k] = take(&mut pool, size, &mut rng);
            }
        }
        for q in (0..n).filter(others) {
            self.hand[q] |= take(&mut pool, hidden[q], &mut rng);
        }
        // Influence cards.
        let mine = (0..n).filter(|q| !others(q)).fold(0, |m, q| m | self.dropped[q]);
        let face_down = self.influence_discard & !self.played_influence & !mine;
        let mut ipool = u128::from(face_down | self.influence_pile);
        let (down, pile) = (face_down.count_ones(), self.influence_pile.count_ones());
        let mut sizes = [0u32; SEATS];
        for q in (0..n).filter(others) {
            sizes[q] = self.influence[q].count_ones();
            ipool |= u128::from(self.influence[q]);
            self.influence[q] = 0;
        }
        self.influence_pile = take(&mut ipool, pile, &mut rng) as u32;
        self.influence_discard =
            (self.influence_discard & !face_down) | take(&mut ipool, down, &mut rng) as u32;
        for q in (0..n).filter(others) {
            self.influence[q] = take(&mut ipool, sizes[q], &mut rng) as u32;
            self.dropped[q] = 0;
        }
    }

    /// The game as `viewer` sees it: what is hidden from it dealt lowest first.
    pub fn view(&self, viewer: u8) -> State {
        let mut s = *self;
        s.redeal_hidden::<rand::rngs::ThreadRng>(viewer, None);
        s
    }

    /// A full game consistent with what `viewer` sees, the hidden part dealt by `rng`.
    pub fn sample<R: Rng + ?Sized>(&self, viewer: u8, rng: &mut R) -> State {
        let mut s = *self;
        s.redeal_hidden(viewer, Some(rng));
        s
    }
}

/// What the seat to decide is shown: its view of the game (what it cannot see dealt lowest first),
/// or the game itself for a clairvoyant experiment. As the core's `Determinize` over the engine's
/// `State`, full games are sampled from it (`State::sample`); the bots' `Shown` wraps one.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    view: State,
    me: u8,
    clairvoyant: bool,
}

impl Observation {
    /// The observation of `state` for the seat to decide (seat 0 at a chance step or the end).
    pub fn new(state: &State) -> Observation {
        let me = state.decider().unwrap_or(0);
        Observation { view: state.view(me), me, clairvoyant: false }
    }

    /// The game itself, hidden part included (an experiment's clairvoyant bot).
    pub fn clairvoyant(state: &State) -> Observation {
        Observation { view: *state, me: state.decider().unwrap_or(0), clairvoyant: true }
    }

    /// The seat.
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The game as the seat sees it.
    pub fn view(&self) -> &State {
        &self.view
    }
}

impl Determinize for Observation {
    type Full = State;
    type Public = State;

    fn actor(&self) -> usize {
        usize::from(self.me)
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

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.view.legal_moves(out);
    }

    /// A game the seat cannot tell from this one (the game itself when clairvoyant).
    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        if self.clairvoyant { self.view } else { self.view.sample(self.me, rng) }
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut State, rng: &mut R) {
        *full = self.determinize(rng);
    }
}
