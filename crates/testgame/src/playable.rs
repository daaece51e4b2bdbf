//! The engine through the core's game trait (`stadt_core::game::Game`), so the core's random
//! play and MCTS run on it. A chance outcome's id is the value drawn (1 to 9).

use crate::moves::Move;
use crate::state::{Phase, State};
use rand::{Rng, RngExt};
use stadt_core::game::{Game, Turn};

impl Game for State {
    type Move = Move;

    #[inline]
    fn players(&self) -> usize {
        State::players(self)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Play => Turn::Player(self.actor()),
            Phase::Draw => Turn::Chance,
            Phase::Over => Turn::Over,
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        State::legal_moves(self, out);
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        State::apply(self, mv);
    }

    /// The top card of the draw pile is drawn: the deal fixed the pile's order (so every seating
    /// of a deal draws the same cards), and a sample a search plays on had its order dealt by
    /// the search's own generator, so `rng` is not needed.
    #[inline]
    fn resolve_chance<R: Rng + ?Sized>(&mut self, _rng: &mut R) -> u64 {
        self.draw_top().map_or(0, u64::from)
    }

    /// A card of value `outcome` is drawn if one is left in the draw pile (whose order nobody
    /// sees, T6). In a seat's view the other hands hold some of the unseen cards too, and a card
    /// dealt there is not drawn here: false then.
    fn force_chance(&mut self, outcome: u64) -> bool {
        u8::try_from(outcome).is_ok_and(|card| self.draw_card(card).is_ok())
    }

    /// As `force_chance`, the card taken from a place chosen uniformly among those that hold it
    /// (the two cards of a value are the same outcome).
    fn resolve_chance_as<R: Rng + ?Sized>(&mut self, outcome: u64, rng: &mut R) -> Option<u64> {
        let card = u8::try_from(outcome).ok()?;
        if self.phase != Phase::Draw {
            return None;
        }
        let places = self.places_of(card).count();
        if places == 0 {
            return None;
        }
        let at = self.places_of(card).nth(rng.random_range(0..places))?;
        self.draw_at(at);
        Some(outcome)
    }

    fn scores(&self, out: &mut [f64]) {
        for (p, o) in out.iter_mut().enumerate().take(self.players()) {
            *o = self.score(p) as f64;
        }
    }

    /// The cards played.
    #[inline]
    fn progress(&self) -> usize {
        self.plays as usize
    }

    /// `State::move_value` of each move: the points it scores, minus its card if it scores none.
    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        out.clear();
        out.extend(moves.iter().map(|&mv| self.move_value(mv)));
        true
    }
}
