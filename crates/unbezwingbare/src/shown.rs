//! What the seat to decide is shown (U76): its `Observation` (its view of the game, or the game
//! itself for a clairvoyant experiment) and the public record so far when kept. As the core's
//! `Determinize`, the full games sampled from it are searched as `Searched` games.

use crate::moves::Move;
use crate::observation::Observation;
use crate::searched::Searched;
use crate::state::State;
use rand::Rng;
use stadt_core::game::Determinize;

/// What one seat is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown<'a> {
    seen: Observation,
    history: Option<&'a str>,
}

impl<'a> Shown<'a> {
    /// What the seat to decide in `s` sees (seat 0 at a chance step or the end).
    pub fn new(s: &State) -> Shown<'a> {
        Shown { seen: Observation::new(s), history: None }
    }

    /// The game itself, hidden part included (an experiment's clairvoyant bot).
    pub fn clairvoyant(s: &State) -> Shown<'a> {
        Shown { seen: Observation::clairvoyant(s), history: None }
    }

    /// With the public record so far (the seat's own part is cut from it, `record::seat_record`).
    pub fn with_history(mut self, history: &'a str) -> Shown<'a> {
        self.history = Some(history);
        self
    }

    /// The seat (0-based).
    pub fn me(&self) -> u8 {
        self.seen.me()
    }

    /// The game as the seat sees it.
    pub fn view(&self) -> &State {
        self.seen.view()
    }

    /// What the seat sees, as a `Determinize` over the engine's own games.
    pub fn observation(&self) -> &Observation {
        &self.seen
    }

    /// Seats in play.
    pub fn players(&self) -> usize {
        self.view().seats()
    }

    /// The public record as this seat is shown it, when kept.
    pub fn history(&self) -> Option<String> {
        self.history.map(|h| crate::record::seat_record(h, usize::from(self.me())))
    }
}

impl Determinize for Shown<'_> {
    type Full = Searched;
    type Public = State;

    fn actor(&self) -> usize {
        self.seen.actor()
    }

    fn public(&self) -> State {
        self.seen.public()
    }

    fn public_into(&self, out: &mut State) {
        self.seen.public_into(out);
    }

    fn is_public(&self, p: &State) -> bool {
        self.seen.is_public(p)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.seen.legal_moves(out);
    }

    /// A game the seat cannot tell from this one, searched by it (`Searched`).
    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Searched {
        Searched::new(self.seen.determinize(rng), self.me())
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut Searched, rng: &mut R) {
        *full = self.determinize(rng);
    }
}
