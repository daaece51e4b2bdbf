//! What a learning run is: the settings that decide its results.

use die_stadt_bots::learned::features::FeatureSet;
use die_stadt_bots::spec::BotSpec;
use std::path::PathBuf;

/// A learning run.
#[derive(Clone, Debug)]
pub struct LearnSpec {
    /// The self-play bot (one with an `eval` parameter); generation 0 as given.
    pub bot: BotSpec,
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
    /// The features the evaluations weigh.
    pub features: FeatureSet,
    /// Output folder.
    pub out: PathBuf,
}
