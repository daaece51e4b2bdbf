//! One SPSA iteration: perturb every weight at once by plus or minus its step, play both
//! candidates against the pool on the same decks, seats and agent seeds (common random numbers),
//! and step along the estimated gradient.

use super::{Objective, TuneSpec, log};
use crate::hosted::Hosted;
use crate::weight::Weight;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use stadt_core::error::Error;
use stadt_core::game::Game;
use stadt_core::runner::{Table, play};
use stadt_core::seat::Seat;
use stadt_core::seeds::{derive, stream};
use stadt_core::stats::mean_se;
use stadt_core::stop::Stop;
use stadt_core::tournament::failures::Note;
use std::sync::atomic::AtomicBool;

/// The candidate's objective in one game: its score and its opponent's; a margin counts in units
/// of `margin_unit` points.
pub fn objective_value(objective: Objective, margin_unit: f64, (mine, theirs): (f64, f64)) -> f64 {
    match objective {
        Objective::Margin => (mine - theirs) / margin_unit,
        Objective::Win => match mine.total_cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
    }
}

/// What an iteration did.
pub struct Step {
    /// The weights after it.
    pub values: Vec<f64>,
    /// Its line in the log.
    pub line: String,
    /// Both candidates' mean objective and its standard error.
    pub score: (f64, f64),
    /// The forfeits of its games (bots in other programs), numbered in the run's order.
    pub forfeits: Vec<Note>,
}

/// Games against the pool: each one's (candidate's, opponent's) counted points, and the
/// forfeits, numbered from 0 in the order of the games.
pub struct Against {
    /// The candidate's points and each opponent's, a pair per opponent of each game (one pair a
    /// game in two-player games), deck by deck.
    pub games: Vec<(f64, f64)>,
    /// Who forfeited which game, and why.
    pub forfeits: Vec<Note>,
}

impl Against {
    /// The forfeits with their games numbered from `first`.
    pub fn forfeits_from(&self, first: usize) -> Vec<Note> {
        self.forfeits.iter().map(|n| Note { game: first + n.game, ..n.clone() }).collect()
    }
}

/// Iteration `k` (from 0) from the weights `values`; runs on the current thread pool.
pub fn step<K: Hosted>(spec: &TuneSpec<K>, ws: &[Weight], values: &[f64], k: usize) -> Result<Step, Error> {
    let big_a = (spec.iterations as f64 / 10.0).max(1.0);
    let a_k = spec.a / (k as f64 + 1.0 + big_a).powf(0.602);
    let c_k = spec.c / (k as f64 + 1.0).powf(0.101);
    // Each iteration's perturbation comes from its own stream, so a resumed run draws the same.
    let mut rng = Pcg64Mcg::seed_from_u64(derive(spec.seed, &[stream::TUNE, k as u64]));
    let delta: Vec<f64> = (0..ws.len()).map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 }).collect();
    let at = |sign: f64| -> Vec<f64> {
        values.iter().zip(&delta).zip(ws).map(|((v, d), w)| v + sign * c_k * d * w.scale).collect()
    };
    // The same decks and seeds for both: the difference is the weights, not the luck.
    let decks = 100 + k as u64;
    let eval = |values: &[f64]| -> Result<Against, Error> {
        let bot = K::with_weights(&spec.bot, ws, values)?;
        Ok(play_against(
            &spec.kind,
            spec.players,
            &bot,
            &spec.pool,
            spec.games_per_eval,
            spec.seed,
            decks,
            None,
        )?
        .unwrap_or(Against { games: Vec::new(), forfeits: Vec::new() }))
    };
    let objective = |a: &Against| -> Vec<f64> {
        a.games.iter().map(|&g| objective_value(spec.objective, K::MARGIN_UNIT, g)).collect()
    };
    let (plus, minus) = (eval(&at(1.0))?, eval(&at(-1.0))?);
    let (fp, fm) = (objective(&plus), objective(&minus));
    let (mp, _) = mean_se(&fp);
    let (mm, _) = mean_se(&fm);
    let both: Vec<f64> = fp.iter().chain(&fm).copied().collect();
    let (score, se) = mean_se(&both);
    // Games are numbered in the run's order: each iteration's with + then with -.
    let n = games_per_candidate(spec.games_per_eval, spec.players);
    let mut forfeits = plus.forfeits_from(2 * k * n);
    forfeits.extend(minus.forfeits_from(2 * k * n + n));
    let values: Vec<f64> = values
        .iter()
        .zip(&delta)
        .zip(ws)
        .map(|((v, d), w)| (v + a_k * (mp - mm) / (2.0 * c_k * d) * w.scale).clamp(w.range.0, w.range.1))
        .collect();
    let line = log::line(k + 1, (a_k, c_k), &values, [mp, mm, score, se]);
    Ok(Step { values, line, score: (score, se), forfeits })
}

/// The games a candidate plays for `games` asked in games of `players`: every seating of each
/// deck (the candidate in each seat).
pub fn games_per_candidate(games: usize, players: usize) -> usize {
    games.div_ceil(players) * players
}

/// The candidate's and each opponent's scores (0 for a seat that forfeited) in `games` games of
/// `players` against the pool: deck d is played in every seating (games nd to nd + n - 1, the
/// candidate in seat g % n), the other seats taken by pool members d, d + 1, ... (modulo the
/// pool) in seat order; `stream` keeps the decks of each tuning iteration and of the verification
/// apart; with the forfeits of bots in other programs. None once `stop` is set.
#[allow(clippy::too_many_arguments)]
pub fn play_against<K: Hosted>(
    kind: &K,
    players: usize,
    candidate: &K::Entrant,
    pool: &[K::Entrant],
    games: usize,
    seed: u64,
    stream: u64,
    stop: Option<&Stop>,
) -> Result<Option<Against>, Error> {
    let n = players;
    let decks = games.div_ceil(n);
    let never = AtomicBool::new(false);
    type Played = (Vec<(f64, f64)>, Vec<Note>);
    let results: Vec<Result<Option<Played>, Error>> = (0..decks * n)
        .into_par_iter()
        .map(|g| {
            let (deck, seat) = (g / n, g % n);
            let mut others = (0..n - 1).map(|j| pool[(deck + j) % pool.len()].clone());
            let bots: Vec<K::Entrant> = (0..n)
                .map(|q| if q == seat { candidate.clone() } else { others.next().expect("n - 1") })
                .collect();
            let deck_seed = derive(seed, &[stream, deck as u64]);
            let table = Table {
                kind,
                agent_seed: derive(seed, &[stream, deck as u64, seat as u64]),
                // A game whose deal fixes every outcome never asks it.
                chance_seed: derive(deck_seed, &[stadt_core::seeds::stream::CHANCE]),
                want_record: None,
                stop: stop.map_or(&never, |s| s.flag()),
            };
            let played = play(&table, &bots, kind.deal(n, deck_seed)?, &mut |_, _| {})?;
            Ok(played.map(|p| {
                let mut s = vec![0.0; n];
                Game::scores(&p.game, &mut s);
                // A seat that forfeited (a bot in another program) counts 0 points, as in
                // margins and score differences (`counted_points`), not its fallback's.
                for (q, v) in s.iter_mut().enumerate() {
                    if p.forfeits.get(q).is_some_and(Option::is_some) {
                        *v = 0.0;
                    }
                }
                let notes = (0..n)
                    .filter_map(|q| {
                        let forfeit = p.forfeits.get(q)?.clone()?;
                        Some(Note { game: g, seat: q + 1, bot: bots[q].label().to_string(), forfeit })
                    })
                    .collect();
                ((0..n).filter(|&q| q != seat).map(|q| (s[seat], s[q])).collect(), notes)
            }))
        })
        .collect();
    let games: Vec<Option<Played>> = results.into_iter().collect::<Result<_, _>>()?;
    let Some(games): Option<Vec<Played>> = games.into_iter().collect() else { return Ok(None) };
    let mut out = Against { games: Vec::new(), forfeits: Vec::new() };
    for (pairs, notes) in games {
        out.games.extend(pairs);
        out.forfeits.extend(notes);
    }
    Ok(Some(out))
}
