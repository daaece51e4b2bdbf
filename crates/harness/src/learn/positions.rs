//! Training samples from game records: at every decision of a finished game, each player's
//! features, the points it had banked, and the final score it reached.

use die_stadt::game::Game;
use die_stadt::record::{self, Record, Tiles};
use die_stadt_bots::learned::features::{FeatureSet, Features, banked, features, open_total};
use stadt_core::error::Error;
use std::path::Path;

/// One player in one position of a finished game.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The game's index among the generation's games (the train/held-out split is by game).
    pub game: usize,
    /// The player's features.
    pub features: Features,
    /// Points banked then.
    pub banked: f64,
    /// Its open values then (what the projected evaluation adds, before its weight).
    pub open: f64,
    /// Its final score.
    pub final_score: f64,
}

impl Sample {
    /// What the learned part of the evaluation is fitted to: points still to come.
    pub fn target(&self) -> f64 {
        self.final_score - self.banked
    }
}

/// Appends the samples (features of `set`) of the finished game recorded in `text` (read from
/// `path`) to `out`.
pub fn samples(
    text: &str,
    path: &Path,
    game: usize,
    set: FeatureSet,
    out: &mut Vec<Sample>,
) -> Result<(), Error> {
    let bad = |line: usize, message: String| {
        Error::file(path, if line > 0 { format!("line {line}: {message}") } else { message })
    };
    let rec = Record::parse(text, Tiles::Default).map_err(|e| bad(e.line, e.message))?;
    let mut g = Game::new(rec.tileset, rec.players, &rec.order).map_err(|e| bad(0, e.to_string()))?;
    let start = out.len();
    for (n, words) in &rec.decisions {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let d = record::parse_decision(*n, &words).map_err(|e| bad(e.line, e.message))?;
        let t = g.table();
        let (f, b) = (features(t, set), banked(t));
        for p in 0..rec.players {
            out.push(Sample {
                game,
                features: f[p],
                banked: b[p],
                open: open_total(&f[p]),
                final_score: 0.0,
            });
        }
        let mv = record::decision_to_move(t, &d.decision).map_err(|m| bad(*n, m))?;
        g.play(mv).map_err(|e| bad(*n, e.to_string()))?;
    }
    if !g.is_over() {
        return Err(bad(0, "the game is not finished; learning needs final scores".into()));
    }
    let scores = g.table().scores();
    for (i, s) in out[start..].iter_mut().enumerate() {
        s.final_score = scores[i % rec.players] as f64;
    }
    Ok(())
}
