//! Die Stadt as a game that learns: its features (`die_stadt_bots::learned::features`), the
//! samples of a record, and `mcts` with `eval=FILE`.

use super::Learnable;
use crate::entrant::Entrant;
use die_stadt::game::Game;
use die_stadt::kind::{DieStadt, RecordHead};
use die_stadt::record::{self, Record, Tiles};
use die_stadt_bots::learned::features::{FeatureSet, LIST, banked, features, open_total};
use stadt_core::error::Error;
use stadt_core::learned::FeatureList;
use stadt_core::learned::fit::Sample;
use std::path::Path;

impl Learnable for DieStadt {
    const FEATURES: FeatureList = LIST;
    const BASELINE: &'static str = "projected scores";
    const LEARN_BOT: &'static str = "mcts:iters=500";

    fn samples(&self, text: &str, path: &Path, game: usize, out: &mut Vec<Sample>) -> Result<(), Error> {
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
            let (f, b) = (features(t, FeatureSet::Extended), banked(t));
            for p in 0..rec.players {
                out.push(Sample {
                    game,
                    features: f[p].to_vec(),
                    banked: b[p],
                    // Projected scores count half of each open value.
                    baseline: 0.5 * open_total(&f[p]),
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

    fn with_eval(entrant: &Entrant, eval: Option<&Path>, label: &str) -> Result<Entrant, Error> {
        let Entrant::Bot(bot) = entrant else {
            return Err(Error::Setting(
                "learning needs one of stadt's bots with an `eval` parameter (mcts)".into(),
            ));
        };
        if !bot.def.params.iter().any(|p| p.key == "eval") {
            return Err(Error::Setting(format!(
                "--bot {}: learning needs a bot with an `eval` parameter (mcts)",
                bot.label
            )));
        }
        let mut b = match eval {
            Some(path) => bot.with("eval", &path.to_string_lossy())?,
            None => bot.clone(),
        };
        b.label = label.to_string();
        Ok(Entrant::Bot(b))
    }

    fn self_play_head(&self, deck_seed: u64) -> RecordHead {
        RecordHead { tiles: "default".into(), seed: Some(deck_seed) }
    }
}
