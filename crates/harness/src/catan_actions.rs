//! Catan's fixed action space (`ActionSpace`), Städte und Ritter's included: moves and chance
//! outcomes as numbered by `stadt_catan::actions`, the observation vector of
//! `stadt_catan::tensor`, who sees each outcome (C41), the winner's returns.

use crate::actions::{ActionSpace, shared_returns};
use rand_pcg::Pcg64Mcg;
use stadt_catan::actions;
use stadt_catan::ids::Player;
use stadt_catan::kind::{Catan, RecordHead};
use stadt_catan::moves::Move;
use stadt_catan::state::State;

/// Most actions in one turn: the roll, a card played and what it brings, every trade (each leaves
/// a card fewer in hand), every building, every card bought with its draw, every hand's discards,
/// the robber and its steal, knights moved and activated, the end.
const ACTIONS_PER_TURN: usize = 1000;

impl ActionSpace for Catan {
    fn unnumbered(&self) -> Option<String> {
        self.options.player_trade.then(|| {
            "options: player_trade=on has no fixed action space: a proposal's cards have no number"
                .to_string()
        })
    }

    fn actions(&self) -> usize {
        actions::actions(&self.options)
    }

    fn action_of(&self, _state: &State, mv: Move) -> Option<usize> {
        actions::encode(mv)
    }

    fn move_of(&self, _state: &State, action: usize) -> Result<Move, String> {
        actions::decode(action)
            .filter(|_| action < self.actions())
            .ok_or_else(|| format!("action {action} is not one of 0 to {}", self.actions() - 1))
    }

    fn outcome_count(&self) -> usize {
        actions::chance_outcomes_of(&self.options)
    }

    fn outcomes(&self, state: &State) -> Result<Vec<(usize, f64)>, String> {
        actions::chance_outcomes(state).ok_or_else(|| {
            "a random discard (discard=random) has no outcome numbers: its cards are chosen together"
                .to_string()
        })
    }

    fn outcome_text(&self, _state: &State, outcome: usize) -> Result<String, String> {
        actions::outcome(outcome)
            .filter(|_| outcome < self.outcome_count())
            .map(actions::outcome_text)
            .ok_or_else(|| {
                format!("chance outcome {outcome} is not one of 0 to {}", self.outcome_count() - 1)
            })
    }

    fn apply_outcome(&self, state: &mut State, outcome: usize) -> Result<(), String> {
        let c = actions::outcome(outcome).ok_or_else(|| format!("{outcome} names no outcome"))?;
        state.chance(c).map_err(|e| e.to_string())
    }

    fn resolve_one(&self, state: &mut State, _rng: &mut Pcg64Mcg) -> Option<usize> {
        state.resolve_chance().and_then(actions::outcome_number)
    }

    fn witnesses(&self, state: &State) -> Vec<usize> {
        actions::chance_witnesses(state)
    }

    fn perfect_information(&self) -> bool {
        false
    }

    fn tensor_shape(&self) -> Vec<usize> {
        vec![stadt_catan::tensor::len(&self.options)]
    }

    fn tensor_range(&self) -> (f32, f32) {
        // Counts and shares divided so that they stay small (a hand of 100 cards would be 10).
        (0.0, 100.0)
    }

    fn unnumbered_chance(&self) -> Option<String> {
        (self.options.discard == stadt_catan::options::Discard::Random).then(|| {
            "options: discard=random (the catanatron preset) draws a whole discard at once, an outcome without a number".to_string()
        })
    }

    fn tensor(&self, state: &State, seat: usize, out: &mut [f32]) {
        stadt_catan::tensor::observation(state, Player(seat as u8), out);
    }

    fn seat_of(&self, state: &State) -> usize {
        state.actor().index()
    }

    fn returns(&self, state: &State) -> Vec<f64> {
        let winner = state.winner().map(|p| p.index());
        shared_returns(state.players(), |p| winner == Some(p))
    }

    fn step_name(&self, state: &State) -> String {
        stadt_catan::state_json::phase_name(state)
    }

    fn sample(&self, state: &State, seat: usize, rng: &mut Pcg64Mcg) -> State {
        state.determinized(seat, rng)
    }

    fn max_game_length(&self, _players: usize) -> usize {
        ACTIONS_PER_TURN * (self.options.turn_limit as usize + 1)
    }

    fn record_head_for(&self, _seed: Option<u64>) -> RecordHead {
        RecordHead
    }
}
