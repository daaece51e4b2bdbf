//! The greedy bot: the move of the highest immediate value (`State::move_value`: the points a
//! card scores, a card that scores nothing lost at the cost of its value), ties broken uniformly.

use crate::kind::Kartenspitze;
use crate::moves::Move;
use crate::observation::Observation;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::game::Game;
use stadt_core::search::playout::Policy;

/// The best move by its immediate value.
#[derive(Default)]
pub struct GreedyBot {
    moves: Vec<Move>,
    values: Vec<f64>,
}

impl Agent<Kartenspitze> for GreedyBot {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        // The values depend only on the pile and the bot's own hand, both in its view.
        let view = obs.view();
        view.legal_moves(&mut self.moves);
        view.move_values(&self.moves, &mut self.values);
        self.moves[Policy::Greedy.pick(&self.values, rng)]
    }
}
