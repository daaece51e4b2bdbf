//! What a learning run is: the settings that decide its results.

use crate::hosted::Hosted;
use std::path::PathBuf;

/// A learning run of game `G`.
#[derive(Clone, Debug)]
pub struct LearnSpec<G: Hosted> {
    /// The game, set up with `options`.
    pub kind: G,
    /// The game's options as given (empty: the defaults).
    pub options: String,
    /// The self-play bot (one with an `eval` setting); generation 0 as given.
    pub bot: G::Entrant,
    /// Players per self-play game.
    pub players: usize,
    /// Self-play games per generation.
    pub games: usize,
    /// Evaluations to fit (generations after 0).
    pub generations: usize,
    /// Games of each new generation against the previous one (0: no match).
    pub match_games: u64,
    /// Run seed.
    pub seed: u64,
    /// Ridge penalty of the fit.
    pub ridge: f64,
    /// The feature set the evaluations weigh (an index into the game's `FEATURES.sets`).
    pub features: usize,
    /// Output folder.
    pub out: PathBuf,
}
