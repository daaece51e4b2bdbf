//! What the seat to decide is shown (U76): its view of the game (what it cannot see dealt lowest
//! first, `State::view`), or the game itself for a clairvoyant experiment, and the public record
//! so far when kept. As the core's `Determinize`, full games are sampled from it (`State::sample`).

use crate::moves::Move;
use crate::searched::Searched;
use crate::state::State;
use rand::Rng;
use stadt_core::game::Determinize;

/// What one seat is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown<'a> {
    view: State,
    me: u8,
    clairvoyant: bool,
    history: Option<&'a str>,
}

impl<'a> Shown<'a> {
    /// What the seat to decide in `s` sees (seat 0 at a chance step or the end).
    pub fn new(s: &State) -> Shown<'a> {
        let me = s.decider().unwrap_or(0);
        Shown { view: s.view(me), me, clairvoyant: false, history: None }
    }

    /// The game itself, hidden part included (an experiment's clairvoyant bot).
    pub fn clairvoyant(s: &State) -> Shown<'a> {
        Shown { view: *s, me: s.decider().unwrap_or(0), clairvoyant: true, history: None }
    }

    /// With the public record so far (the seat's own part is cut from it, `record::seat_record`).
    pub fn with_history(mut self, history: &'a str) -> Shown<'a> {
        self.history = Some(history);
        self
    }

    /// The seat (0-based).
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The game as the seat sees it.
    pub fn view(&self) -> &State {
        &self.view
    }

    /// Seats in play.
    pub fn players(&self) -> usize {
        self.view.seats()
    }

    /// The public record as this seat is shown it, when kept.
    pub fn history(&self) -> Option<String> {
        self.history.map(|h| crate::record::seat_record(h, usize::from(self.me)))
    }
}

impl Determinize for Shown<'_> {
    type Full = Searched;
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

    /// A game the seat cannot tell from this one, searched by it (`Searched`).
    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Searched {
        let full = if self.clairvoyant { self.view } else { self.view.sample(self.me, rng) };
        Searched::new(full, self.me)
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut Searched, rng: &mut R) {
        *full = self.determinize(rng);
    }
}
