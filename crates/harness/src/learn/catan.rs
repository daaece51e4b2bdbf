//! Catan as a game that learns: its features (`stadt_catan_bots::learned`), the samples of a
//! record, and `mcts` with `eval=FILE`.

use super::Learnable;
use stadt_catan::ids::Player;
use stadt_catan::kind::{Catan, RecordHead};
use stadt_catan::record::replay_each;
use stadt_catan_bots::learned::{LIST, banked, features};
use stadt_core::bots::def::BotSpec;
use stadt_core::error::Error;
use stadt_core::learned::FeatureList;
use stadt_core::learned::fit::Sample;
use std::path::Path;

impl Learnable for Catan {
    const FEATURES: FeatureList = LIST;
    // Nothing hand-written expects points to come: the baseline is that none do.
    const BASELINE: &'static str = "no more points";
    const LEARN_BOT: &'static str = "mcts:iters=100";

    fn samples(&self, text: &str, path: &Path, game: usize, out: &mut Vec<Sample>) -> Result<(), Error> {
        let start = out.len();
        let replayed = replay_each(text, &mut |s, _, next| {
            if next.is_none() {
                return;
            }
            for p in 0..s.players() {
                let p = Player(p as u8);
                out.push(Sample {
                    game,
                    features: features(s, p).to_vec(),
                    banked: banked(s, p),
                    baseline: 0.0,
                    final_score: 0.0,
                });
            }
        })
        .map_err(|e| Error::file(path, e.to_string()))?;
        let end = &replayed.game;
        if !end.is_over() {
            return Err(Error::file(path, "the game is not finished; learning needs final scores"));
        }
        let players = end.players();
        for (i, s) in out[start..].iter_mut().enumerate() {
            s.final_score = end.points(Player((i % players) as u8)) as f64;
        }
        Ok(())
    }

    fn with_eval(
        entrant: &BotSpec<Catan>,
        eval: Option<&Path>,
        label: &str,
    ) -> Result<BotSpec<Catan>, Error> {
        super::learnable::with_eval(entrant, eval, label)
    }

    fn self_play_head(&self, _deck_seed: u64) -> RecordHead {
        // A record's header holds its board, options, deck and dice seed.
        RecordHead
    }
}
