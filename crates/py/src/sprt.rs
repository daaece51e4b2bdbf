//! `stadt.sprt`: the command line's sequential test with bots or Python agents (as in
//! `stadt.tournament`) as the bot under test and its baseline.

use crate::errors::harness_error;
use crate::tournament::{Raised, catan_entrant, entrant, options as run_options, run_interruptible};
use die_stadt::kind::DieStadt;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::catan::Catan;
use stadt_harness::games::{self, Game};
use stadt_harness::hosted::Hosted;
use stadt_harness::settings::{ERROR_RATE, MAX_GAMES, PLAYERS, RunSettings, SEED, TILES};
use stadt_harness::sprt::run::run;
use stadt_harness::sprt::spec::{Hypotheses, SprtSpec};
use stadt_harness::tournament::Options;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Runs (or resumes) an SPRT; see `stadt.sprt` in python/stadt/__init__.py. The defaults are the
/// command line's (`stadt_harness::settings`).
#[pyfunction]
#[pyo3(signature = (
    out, bot, against, elo0, elo1, alpha = ERROR_RATE, beta = ERROR_RATE, players = PLAYERS.default,
    seed = SEED.default, max_games = MAX_GAMES.default, tiles = TILES.to_string(), threads = None, progress = true,
    about = String::new(), command = String::new(), bot_dir = None,
    game = stadt_harness::games::DEFAULT.to_string(), options = String::new()
))]
#[allow(clippy::too_many_arguments)]
pub fn sprt<'py>(
    py: Python<'py>,
    out: &str,
    bot: Bound<'py, PyAny>,
    against: Bound<'py, PyAny>,
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    players: usize,
    seed: u64,
    max_games: u64,
    tiles: String,
    threads: Option<u64>,
    progress: bool,
    about: String,
    command: String,
    bot_dir: Option<&str>,
    game: String,
    options: String,
) -> PyResult<Bound<'py, PyDict>> {
    let dirs = BotDirs::standard(bot_dir.map(Path::new));
    let raised: Raised = Arc::new(Mutex::new(None));
    let h = Hypotheses { elo0, elo1, alpha, beta };
    let settings = RunSettings { players, games: max_games, seed, tiles, options };
    let opts = run_options(threads, progress, &about, &command)?;
    match games::parse(&game, "game").map_err(harness_error)? {
        Game::DieStadt => {
            let (b, a) = (entrant(&bot, &dirs, &raised)?, entrant(&against, &dirs, &raised)?);
            sprt_of::<DieStadt>(py, b, a, h, &settings, out, &opts, &raised)
        }
        Game::Catan => {
            let (b, a) = (catan_entrant(&bot, &dirs)?, catan_entrant(&against, &dirs)?);
            sprt_of::<Catan>(py, b, a, h, &settings, out, &opts, &raised)
        }
    }
}

/// The test of `bot` against `against` in the game `K`, the rest as `sprt` was given it.
#[allow(clippy::too_many_arguments)]
fn sprt_of<'py, K: Hosted>(
    py: Python<'py>,
    bot: K::Entrant,
    against: K::Entrant,
    h: Hypotheses,
    settings: &RunSettings,
    out: &str,
    opts: &Options,
    raised: &Raised,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = SprtSpec::<K>::new(bot, against, h, settings, Path::new(out)).map_err(harness_error)?;
    let outcome = run_interruptible(py, opts, raised, |o| run(&spec, o))?;
    if outcome.interrupted {
        return Err(PyKeyboardInterrupt::new_err("the test was stopped; the same call resumes it"));
    }
    let d = PyDict::new(py);
    d.set_item("out", out)?;
    d.set_item("verdict", outcome.verdict.word())?;
    d.set_item("units", outcome.units)?;
    d.set_item("games", outcome.games)?;
    d.set_item("new", outcome.new)?;
    d.set_item("llr", outcome.llr)?;
    d.set_item("lower", outcome.bounds.0)?;
    d.set_item("upper", outcome.bounds.1)?;
    d.set_item("elo", outcome.elo)?;
    d.set_item("summary", outcome.summary.join("\n"))?;
    Ok(d)
}
