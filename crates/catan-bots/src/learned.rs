//! Catan's learned evaluation: a player's final points estimated as the points it has now plus a
//! weighted sum of its features, the weights fitted by `stadt --game catan learn` and read from an
//! evaluation file (`stadt_core::learned::file`). The features are the terms of the greedy bot's
//! value (`greedy::value`), each on its own, and the strongest other player's points and
//! production.

use crate::greedy::{production, sites, toward};
use stadt_catan::ids::{DevCard, Player, Resource};
use stadt_catan::moves::Phase;
use stadt_catan::state::State;
use stadt_core::bots::params::FileValue;
use stadt_core::learned::{FeatureList, Weights};
use std::sync::Arc;

/// How many features a player has.
pub const COUNT: usize = 16;

/// The features' names, in vector order (docs/catan/README.md, "Learned evaluation").
pub const NAMES: [&str; COUNT] = [
    "one",
    "points",
    "production",
    "variety",
    "harbour",
    "generic_harbour",
    "dev_cards",
    "knights",
    "road_length",
    "spots",
    "reach",
    "cards",
    "excess",
    "progress",
    "best_other_points",
    "best_other_production",
];

/// Catan's features as the core's learned evaluations take them: one set, `base`.
pub const LIST: FeatureList = FeatureList { names: &NAMES, sets: &[("base", COUNT)] };

/// Player `p`'s features in `s` (a game not over; a chance step a move led to is valued as the
/// greedy bot values it).
pub fn features(s: &State, p: Player) -> [f64; COUNT] {
    let prod = production(s, p);
    let mut harbour = 0.0;
    let mut generic = 0.0;
    for r in Resource::ALL {
        match s.rate(p, r) {
            2 => harbour += prod[r.index()] * 36.0 / 5.0,
            3 => generic = 1.0,
            _ => {}
        }
    }
    let dev = s.dev_cards(p);
    let held = dev.iter().sum::<u8>() - dev[DevCard::VictoryPoint.index()];
    let pending = if s.phase() == Phase::Draw { 1.0 } else { 0.0 };
    let (now, beyond) = sites(s, p);
    let stolen = if s.phase() == Phase::Steal && s.current() == p { 1 } else { 0 };
    let cards = s.hand_size(p) + stolen;
    let others = (0..s.players() as u8).map(Player).filter(|&q| q != p);
    let best_points = others.clone().map(|q| s.public_points(q)).max().unwrap_or(0);
    let best_production = others.map(|q| production(s, q).iter().sum::<f64>()).fold(0.0, f64::max);
    [
        1.0,
        s.points(p) as f64,
        prod.iter().sum(),
        prod.iter().filter(|&&x| x > 0.0).count() as f64,
        harbour,
        generic,
        held as f64 + pending,
        s.played(p)[DevCard::Knight.index()] as f64,
        s.road_length(p) as f64,
        now.min(3) as f64,
        beyond.min(3) as f64,
        cards.min(7) as f64,
        cards.saturating_sub(7) as f64,
        toward(s, p, now),
        best_points as f64,
        best_production,
    ]
}

/// The points `p` has banked in `s`: what the learned part is added to.
pub fn banked(s: &State, p: Player) -> f64 {
    s.points(p) as f64
}

/// Every player's estimated final points in `s`, into `out` (one per player).
pub fn evaluate(weights: &Weights, s: &State, out: &mut [f64]) {
    for (p, o) in out.iter_mut().enumerate().take(s.players()) {
        let p = Player(p as u8);
        *o = banked(s, p) + weights.weigh(&features(s, p));
    }
}

/// Checks an `eval=` value (`PATH` or `PATH@sha256:HASH`): reads an evaluation file of Catan's
/// features, refuses it when its hash differs from the one given, and returns the value to record,
/// `PATH@sha256:HASH`, with the weights read.
pub fn check(value: &str) -> Result<FileValue, String> {
    let (recorded, weights) = stadt_core::learned::file::read(value, &LIST)?;
    Ok(FileValue { recorded, content: Arc::new(weights) })
}
