//! What `stadt tune` may change in a bot of any game: its real-valued parameters, each a weight
//! with the step scale and range SPSA uses, and the bot rebuilt with new values. It sits apart
//! from tune/ because every game's hosting (`Hosted::weights`) names it, and tune/ reaches the runs
//! that host the games: kept in tune/, it tied the games to the tuner in an import circle.

use stadt_core::bots::def::BotSpec;
use stadt_core::bots::params::{ParamKind, Value};
use stadt_core::error::Error;
use stadt_core::kind::GameKind;

/// A tunable weight of a bot, as `Hosted::weights` offers it to `stadt tune`: its key, starting
/// value, scale (the size of a step) and range.
#[derive(Clone, Debug)]
pub struct Weight {
    /// Parameter key.
    pub key: &'static str,
    /// Starting value.
    pub value: f64,
    /// Step scale: the default's size, at least 0.25.
    pub scale: f64,
    /// Smallest and largest valid value.
    pub range: (f64, f64),
}

/// The tunable weights of a bot: every real-valued parameter.
pub fn weights<K: GameKind>(bot: &BotSpec<K>) -> Vec<Weight> {
    bot.def
        .params
        .iter()
        .filter_map(|p| match p.kind {
            ParamKind::Real { min, max } => {
                let v = bot.params.real(p.key);
                let default = match p.check(bot.def.name, p.default) {
                    Ok(Value::Real(d)) => d,
                    _ => v,
                };
                Some(Weight { key: p.key, value: v, scale: default.abs().max(0.25), range: (min, max) })
            }
            _ => None,
        })
        .collect()
}

/// The bot with these weights, each kept within its parameter's range.
pub fn with_weights<K: GameKind>(
    bot: &BotSpec<K>,
    ws: &[Weight],
    values: &[f64],
) -> Result<BotSpec<K>, Error> {
    let mut b = bot.clone();
    for (w, v) in ws.iter().zip(values) {
        b = b.with_real(w.key, round6(v.clamp(w.range.0, w.range.1)))?;
    }
    Ok(b)
}

fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}
