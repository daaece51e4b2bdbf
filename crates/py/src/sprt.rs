//! `stadt.sprt`: the command line's sequential test with bots or Python agents (as in
//! `stadt.tournament`) as the bot under test and its baseline.

use crate::errors::harness_error;
use crate::tournament::{Raised, options as run_options, py_entrant, run_interruptible};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
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
    game = stadt::registry::default_name().to_string(), options = String::new()
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
    let work = Sprt {
        py,
        bot: &bot,
        against: &against,
        dirs: &dirs,
        raised: &raised,
        h,
        settings,
        out,
        opts: &opts,
    };
    stadt::registry::dispatch(&game, "game", work).map_err(harness_error)?
}

/// `sprt` with the game named.
struct Sprt<'a, 'py> {
    py: Python<'py>,
    bot: &'a Bound<'py, PyAny>,
    against: &'a Bound<'py, PyAny>,
    dirs: &'a BotDirs,
    raised: &'a Raised,
    h: Hypotheses,
    settings: RunSettings,
    out: &'a str,
    opts: &'a Options,
}

impl<'py> ForGame for Sprt<'_, 'py> {
    type Out = PyResult<Bound<'py, PyDict>>;

    fn run<K: Plugin>(self, chosen: Chosen) -> PyResult<Bound<'py, PyDict>> {
        let mut settings = self.settings;
        settings.options = chosen.options(&settings.options).map_err(harness_error)?;
        let bot = py_entrant::<K>(self.bot, self.dirs, self.raised)?;
        let against = py_entrant::<K>(self.against, self.dirs, self.raised)?;
        sprt_of::<K>(self.py, bot, against, self.h, &settings, self.out, self.opts, self.raised)
    }
}

/// The test of `bot` against `against` in the game `K`, the rest as `sprt` was given it.
#[allow(clippy::too_many_arguments)]
fn sprt_of<'py, K: Plugin>(
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
