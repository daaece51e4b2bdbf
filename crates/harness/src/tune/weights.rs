//! A bot's tunable weights: its real-valued parameters, each with the step scale and range SPSA
//! uses, and the bot rebuilt with new values.

use crate::weight::Weight;
use die_stadt_bots::params::{ParamKind, Value};
use die_stadt_bots::spec::BotSpec;
use stadt_core::error::Error;

/// The tunable weights of a bot: every real-valued parameter.
pub fn weights(bot: &BotSpec) -> Vec<Weight> {
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
pub fn with_weights(bot: &BotSpec, ws: &[Weight], values: &[f64]) -> Result<BotSpec, Error> {
    let mut b = bot.clone();
    for (w, v) in ws.iter().zip(values) {
        b = b.with_real(w.key, round6(v.clamp(w.range.0, w.range.1)))?;
    }
    Ok(b)
}

fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}
