//! What `stadt learn` needs of a game beyond hosting it: its features, the samples of a finished
//! game's record, and its bot with a learned evaluation.

use crate::hosted::Hosted;
use stadt_core::bots::def::BotSpec;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::learned::FeatureList;
use stadt_core::learned::fit::Sample;
use std::path::Path;

/// A game whose bots can learn an evaluation by self-play.
pub trait Learnable: Hosted {
    /// The features its learned evaluations weigh, and their sets.
    const FEATURES: FeatureList;

    /// What the samples' `baseline` is (the hand-written evaluation the fit is compared with).
    const BASELINE: &'static str;

    /// The self-play bot `stadt learn` uses unless told otherwise.
    const LEARN_BOT: &'static str;

    /// Appends to `out` the samples of the finished game recorded in `text` (read from `path`):
    /// at each decision, each player's features (the widest set's), banked points and the
    /// hand-written evaluation's expectation, then its final score; `game` is the game's index.
    fn samples(&self, text: &str, path: &Path, game: usize, out: &mut Vec<Sample>) -> Result<(), Error>;

    /// `entrant` judging positions with the evaluation file `eval` (None: as given), labelled
    /// `label`; or why it cannot learn (a bot without an `eval` setting).
    fn with_eval(entrant: &Self::Entrant, eval: Option<&Path>, label: &str) -> Result<Self::Entrant, Error>;

    /// The header of the record of a self-play game dealt from `deck_seed`.
    fn self_play_head(&self, deck_seed: u64) -> Self::RecordHead;
}

/// `bot` judging positions with the evaluation file `eval` (None: as given), labelled `label`, for
/// a game whose seats are bot specs (`Learnable::with_eval`); or why it cannot learn (a bot
/// without an `eval` setting).
pub fn with_eval<K: GameKind>(
    bot: &BotSpec<K>,
    eval: Option<&Path>,
    label: &str,
) -> Result<BotSpec<K>, Error> {
    if !bot.def.params.iter().any(|p| p.key == "eval") {
        return Err(Error::Setting(format!(
            "--bot {}: learning needs a bot with an `eval` setting (mcts)",
            bot.full()
        )));
    }
    let mut out = match eval {
        Some(path) => bot.with("eval", &path.to_string_lossy())?,
        None => bot.clone(),
    };
    out.label = label.to_string();
    Ok(out)
}
