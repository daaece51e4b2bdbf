//! A game as learners see it (`ActionSpace`, part of every `Plugin`): its moves and chance
//! outcomes as numbers in fixed ranges, chance step by step with each outcome's probability, what
//! a seat observes as a tensor of fixed shape, returns at the end, and samples of what a seat
//! cannot see. The Python package (`stadt.Game`, its OpenSpiel game and PettingZoo environment)
//! reaches every game through it; each game implements it with thin calls into its own crates.

use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::GameKind;

/// A game's fixed action space, chance outcomes, observation tensor and returns. Its states can
/// be shared between threads (`Sync`), as Python's objects are.
pub trait ActionSpace: GameKind<State: Sync> + Sized {
    /// Why a game set up so has no fixed action space (a move whose parts have no number), if it
    /// has none: such a game is refused.
    fn unnumbered(&self) -> Option<String> {
        None
    }

    /// The deal of `seed` for `players` (`GameKind::deal`), before chance's first step where the
    /// deal itself takes it (Die Stadt's first tile).
    fn deal_at_start(&self, players: usize, seed: u64) -> Result<Self::State, stadt_core::error::Error> {
        self.deal(players, seed)
    }

    /// How many actions there are: every move is a number below it, the same in every position.
    fn actions(&self) -> usize;

    /// The number of `mv`, a move of the player to act in `state`; None for a move without one.
    fn action_of(&self, state: &Self::State, mv: Self::Move) -> Option<usize>;

    /// The move `action` names in `state` (whether it is legal is `GameKind::check`'s to say), or
    /// why it names none.
    fn move_of(&self, state: &Self::State, action: usize) -> Result<Self::Move, String>;

    /// How many chance outcome numbers there are (an outcome is a number below it).
    fn outcome_count(&self) -> usize;

    /// The chance outcomes of the chance step `state` stands at, each with its number and
    /// probability given what everybody has seen, ascending; Err says why they have no numbers.
    fn outcomes(&self, state: &Self::State) -> Result<Vec<(usize, f64)>, String>;

    /// The outcome numbered `outcome` as text (`draw NAME`, `dice 3 4`), or why no outcome is.
    fn outcome_text(&self, state: &Self::State, outcome: usize) -> Result<String, String>;

    /// Applies the outcome numbered `outcome` at the chance step `state` stands at; Err, nothing
    /// changed, says why it cannot happen there.
    fn apply_outcome(&self, state: &mut Self::State, outcome: usize) -> Result<(), String>;

    /// Resolves the one chance step `state` stands at from the game's hidden part (its deck, its
    /// dice's generator; `rng` where it has neither) and returns the outcome's number (None for
    /// an outcome without one).
    fn resolve_one(&self, state: &mut Self::State, rng: &mut Pcg64Mcg) -> Option<usize>;

    /// The seats that see the outcome of the chance step `state` stands at: all by default.
    fn witnesses(&self, state: &Self::State) -> Vec<usize> {
        (0..state.players()).collect()
    }

    /// Whether every move and every chance outcome is seen by every seat (OpenSpiel's perfect
    /// information, with chance).
    fn perfect_information(&self) -> bool;

    /// Why some chance outcomes of a game set up so have no number (they cannot be given to the
    /// game, only drawn from its hidden part), if some have none.
    fn unnumbered_chance(&self) -> Option<String> {
        None
    }

    /// The observation tensor's shape.
    fn tensor_shape(&self) -> Vec<usize>;

    /// The least and the greatest number the observation tensor can hold.
    fn tensor_range(&self) -> (f32, f32);

    /// What `seat` observes of `state` into `out` (the shape's product of floats, overwritten):
    /// only what that seat sees, so two games it cannot tell apart give the same numbers.
    fn tensor(&self, state: &Self::State, seat: usize, out: &mut [f32]);

    /// What `seat` observes of `state` as one JSON object, for a game that has such a form.
    fn observation_json(&self, _state: &Self::State, _seat: usize) -> Option<serde_json::Value> {
        None
    }

    /// The seat a question about "the player" means when none is named: the player to decide, or
    /// at a chance step or the end the one whose turn it is.
    fn seat_of(&self, state: &Self::State) -> usize {
        match state.turn() {
            Turn::Player(p) => p,
            Turn::Chance | Turn::Over => 0,
        }
    }

    /// Each player's result: 0 before the end; at the end `(n·w − 1)/(n − 1)`, `w` = 1/k for each
    /// of k winners and 0 for the others (+1 for a sole winner, zero-sum). By default the winners
    /// are those with the highest score.
    fn returns(&self, state: &Self::State) -> Vec<f64> {
        let n = state.players();
        if state.turn() != Turn::Over {
            return vec![0.0; n];
        }
        let mut scores = vec![0.0; n];
        state.scores(&mut scores);
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        shared_returns(n, |p| scores[p] == best)
    }

    /// The name of the step `state` stands at (`tile`, `draw`, `pre-roll`, ...).
    fn step_name(&self, state: &Self::State) -> String;

    /// A game `seat` cannot tell from `state`, everything it does not see dealt afresh by `rng`.
    fn sample(&self, state: &Self::State, seat: usize, rng: &mut Pcg64Mcg) -> Self::State;

    /// An upper bound on the moves and chance outcomes of a game of `players`.
    fn max_game_length(&self, players: usize) -> usize;

    /// The header a record of a game dealt from `seed` (when known) is written with.
    fn record_head_for(&self, seed: Option<u64>) -> Self::RecordHead;

    /// The header `record` was written with, to write it again.
    fn record_head_of(&self, _record: &str) -> Self::RecordHead {
        self.record_head_for(None)
    }

    /// The header of the record of a game that started at `start` and stands at `now` (chance
    /// outcomes chosen from outside may have changed what the start holds for later).
    fn header_now(&self, start: &Self::State, _now: &Self::State, head: &Self::RecordHead) -> String {
        self.record_header(start, head)
    }
}

/// Returns of a finished game of `players` whose winners `won` picks: `(n·w − 1)/(n − 1)` with
/// `w` = 1/k for each of k winners and 0 for the others; all 0 without a winner.
pub fn shared_returns(players: usize, won: impl Fn(usize) -> bool) -> Vec<f64> {
    let n = players as f64;
    let k = (0..players).filter(|&p| won(p)).count();
    if k == 0 {
        return vec![0.0; players];
    }
    (0..players)
        .map(|p| {
            let w = if won(p) { 1.0 / k as f64 } else { 0.0 };
            (n * w - 1.0) / (n - 1.0)
        })
        .collect()
}
