//! What the core's search (`stadt_core::search::mcts`) needs beyond the game trait: the game
//! seen with a progress that counts turns ([`TurnCut`]), so that a playout cut after `depth`
//! judges the position at a turn's boundary (`depth = k * TURN`: at the first decision k turns
//! on; a mid-turn position is no fair judge of the player to act, who has paid and not yet
//! placed), and the observation over it ([`TurnView`]). Moves, chance, scores are the game's.

use crate::greedy::{GreedyPrior, GreedyRollout};
use crate::moves::Move;
use crate::observation::Observation;
use crate::state::State;
use crate::value::{Weights, leaf_scores};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Determinize, Game, Turn};
use stadt_core::search::mcts::{Config, Mcts, Prior, Reward, Rollout};

/// The progress one turn is worth: `depth = TURN` cuts a playout at the next turn's first
/// decision, `depth = 4 * TURN` a round later in a 4-player game.
pub const TURN: usize = 1 << 20;

/// The game for a search whose playouts are cut at turn boundaries: progress is turns × `TURN`
/// + steps (steps below `TURN` a turn, so it only grows).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnCut(pub State);

impl Game for TurnCut {
    type Move = Move;

    fn players(&self) -> usize {
        self.0.seats()
    }

    fn turn(&self) -> Turn {
        Game::turn(&self.0)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        Game::is_legal(&self.0, mv)
    }

    fn apply(&mut self, mv: Move) {
        self.0.apply(mv);
    }

    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        self.0.resolve(rng)
    }

    fn force_chance(&mut self, outcome: u64) -> bool {
        self.0.force(outcome)
    }

    /// The value in points of every seat (`value::leaf_scores`, default weights), at the end
    /// too, where the win's weight makes the winner's lead larger than any lead in play: a cut
    /// playout and a finished one are judged on one scale (the core's `Margin` and `Mix`
    /// rewards; `Win` takes the leader, at the end the winner).
    fn scores(&self, out: &mut [f64]) {
        leaf_scores(&self.0, &Weights::default(), out);
    }

    fn progress(&self) -> usize {
        self.0.turns as usize * TURN + (self.0.steps as usize % TURN)
    }

    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        Game::move_values(&self.0, moves, out)
    }
}

/// The seat's observation, sampled into [`TurnCut`] games.
pub struct TurnView<'a>(pub &'a Observation);

impl Determinize for TurnView<'_> {
    type Full = TurnCut;
    type Public = TurnCut;

    fn actor(&self) -> usize {
        self.0.actor()
    }

    fn public(&self) -> TurnCut {
        TurnCut(self.0.public())
    }

    fn public_into(&self, out: &mut TurnCut) {
        self.0.public_into(&mut out.0);
    }

    fn is_public(&self, p: &TurnCut) -> bool {
        self.0.is_public(&p.0)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }

    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> TurnCut {
        TurnCut(self.0.determinize(rng))
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut TurnCut, rng: &mut R) {
        self.0.determinize_into(&mut full.0, rng);
    }
}

impl Rollout<TurnCut> for GreedyRollout {
    fn choose(&mut self, state: &TurnCut, rng: &mut Pcg64Mcg) -> Move {
        Rollout::<State>::choose(self, &state.0, rng)
    }
}

impl Prior<TurnCut> for GreedyPrior {
    fn weights(&mut self, state: &TurnCut, moves: &[Move], out: &mut Vec<f32>) {
        Prior::<State>::weights(self, &state.0, moves, out);
    }
}

/// The search's settings measured best against the greedy (docs/unbezwingbare/bots.md):
/// `iters` iterations a decision, PUCT with the greedy prior at weight 2 ([`PRIOR_TEMPERATURE`]),
/// exploration 0.2, playouts by the greedy to the end of the seat's turn, judged by the margin
/// of the value in points ([`leaf`] at [`LEAF_SCALE`]).
pub fn config(iters: u64) -> Config {
    Config { depth: TURN, prior: 2.0, ..Config::uct(iters, 0.2, Reward::Margin) }
}

/// The greedy prior's temperature in [`config`]: a softmax of the move values over 5 (a point
/// is 10 at the default `w_points`).
pub const PRIOR_TEMPERATURE: f64 = 5.0;

/// The leaf's scale in [`config`]: a point of value counts 5 points of margin, so that the
/// margin reward (40 points to a sure win) tells moves a point apart.
pub const LEAF_SCALE: f64 = 5.0;

/// A cut playout's judgement: every seat's value in points (`value::leaf_scores`) times
/// `scale`, into `out`.
pub fn leaf(t: &TurnCut, w: &Weights, scale: f64, out: &mut [f64]) {
    leaf_scores(&t.0, w, out);
    for x in out.iter_mut().take(t.0.seats()) {
        *x *= scale;
    }
}

/// The search bot's state between decisions: the core's MCTS over [`TurnCut`] games with the
/// greedy's prior and playouts, and the leaf's weights and scale. The plug-in's `Agent` wraps it:
/// `act` is `self.choose(obs, rng)`.
pub struct Search {
    mcts: Mcts<TurnCut, GreedyRollout, GreedyPrior>,
    weights: Weights,
    scale: f64,
}

impl Search {
    /// A search under `config` (`depth` in turns × [`TURN`]), the value's `weights` at its leaves
    /// (times `scale`), in its prior (softmax at `temperature`) and in its playouts (a uniform move
    /// with probability `epsilon`).
    pub fn new(config: Config, weights: Weights, temperature: f64, epsilon: f64, scale: f64) -> Search {
        let mcts = Mcts::with_prior(
            config,
            move || GreedyRollout::new(weights, epsilon),
            move || GreedyPrior::new(weights, temperature),
        );
        Search { mcts, weights, scale }
    }

    /// The configuration of [`config`] with the default weights, `iters` iterations a decision
    /// or, when `ms` > 0, `ms` milliseconds.
    pub fn standard(iters: u64, ms: u64) -> Search {
        let cfg = Config { ms, ..config(iters) };
        Search::new(cfg, Weights::default(), PRIOR_TEMPERATURE, 0.0, LEAF_SCALE)
    }

    /// The move of the seat `obs` is for.
    pub fn choose(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        let (w, k) = (self.weights, self.scale);
        self.mcts.choose(&TurnView(obs), &|t: &TurnCut, out: &mut [f64]| leaf(t, &w, k, out), rng)
    }
}
