//! `stadt.tournament`: the command line's tournament with Python agents as entrants beside the
//! bots. A Python entrant is a name and a factory: `factory(seed, player)` is called at the start
//! of each game it plays in and returns the callable that decides, `act(view) -> action`, where
//! `view` is a `stadt.Game` without deck or history.

use crate::errors::{harness_error, value_error};
use crate::game::{PyGame, die_stadt_view};
use die_stadt::actions;
use die_stadt::kind::DieStadt;
use die_stadt::moves::Move;
use die_stadt::observation::Observation;
use die_stadt_bots::registry::BOTS;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use stadt_core::bots::dirs::BotDirs;
use stadt_core::seat::{OutsideAgent, OutsideEntrant};
use stadt_core::stop::Stop;
use stadt_core::tournament::schedule::Shard;
use stadt_harness::entrant::Entrant;
use stadt_harness::limits;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{self, GAMES, PLAYERS, RunSettings, SEED, TILES};
use stadt_harness::tournament::{Options, run, spec::TournamentSpec};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The first exception a Python agent raised in a run, raised again when the run is over.
pub(crate) type Raised = Arc<Mutex<Option<PyErr>>>;

/// A Python entrant.
struct PyEntrant {
    name: String,
    factory: Py<PyAny>,
    raised: Raised,
}

/// A Python agent for one game.
struct PyAgent {
    act: Py<PyAny>,
    raised: Raised,
}

/// Keeps the first exception and gives its message to the runner.
fn keep(raised: &Raised, py: Python<'_>, e: PyErr) -> String {
    let message = e.value(py).repr().map(|r| r.to_string()).unwrap_or_else(|_| e.to_string());
    raised.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
    message
}

impl OutsideEntrant<DieStadt> for PyEntrant {
    fn label(&self) -> &str {
        &self.name
    }

    fn spec(&self) -> String {
        format!("python:{}", self.name)
    }

    fn build(&self, seed: u64, seat: usize) -> Result<Box<dyn OutsideAgent<DieStadt>>, String> {
        Python::attach(|py| {
            let act = self.factory.call1(py, (seed, seat)).map_err(|e| keep(&self.raised, py, e))?;
            if !act.bind(py).is_callable() {
                return Err(format!(
                    "the factory of {} returned {}, not a callable",
                    self.name,
                    act.bind(py).repr().map(|r| r.to_string()).unwrap_or_default()
                ));
            }
            Ok(Box::new(PyAgent { act, raised: self.raised.clone() }) as Box<dyn OutsideAgent<DieStadt>>)
        })
    }
}

impl OutsideAgent<DieStadt> for PyAgent {
    fn act(&mut self, obs: &Observation) -> Result<Move, String> {
        Python::attach(|py| {
            let table = obs.table();
            let set = table.tileset();
            let setup = if set.text == die_stadt::tiles::TileSet::default_set().text {
                TILES.to_string()
            } else {
                set.source.clone()
            };
            let view = PyGame { inner: Box::new(die_stadt_view(DieStadt::new(set), setup, table)) };
            let view = Py::new(py, view).map_err(|e| keep(&self.raised, py, e))?;
            let action: i64 = self
                .act
                .call1(py, (view,))
                .and_then(|a| a.extract(py))
                .map_err(|e| keep(&self.raised, py, e))?;
            actions::decode(table, action).map_err(|e| e.to_string())
        })
    }
}

/// A bot spec or a Python entrant `(name, factory)`; the entrant's exceptions go to `raised`.
pub(crate) fn entrant(b: &Bound<'_, PyAny>, dirs: &BotDirs, raised: &Raised) -> PyResult<Entrant> {
    if let Ok(text) = b.extract::<String>() {
        return Ok(Entrant::Bot(BOTS.parse_bot(&text, dirs).map_err(|e| value_error(e.to_string()))?));
    }
    let pair = b.cast::<PyTuple>().ok().filter(|t| t.len() == 2).ok_or_else(|| {
        value_error(format!(
            "a bot is a spec (`greedy`, `mcts:iters=500`) or a pair (name, factory), not {}",
            b.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    let name: String =
        pair.get_item(0)?.extract().map_err(|_| value_error("a Python entrant's name must be a string"))?;
    if name.trim().is_empty() || name.contains([',', '\n', '"']) {
        return Err(value_error(format!(
            "a Python entrant's name must be a non-empty word without commas or quotes, not {name:?}"
        )));
    }
    let factory = pair.get_item(1)?;
    if !factory.is_callable() {
        return Err(value_error(format!("the factory of {name} is not callable")));
    }
    Ok(Entrant::Outside(Arc::new(PyEntrant { name, factory: factory.unbind(), raised: raised.clone() })))
}

/// How a run from Python runs: on `threads` worker threads (None: every core), `command` and
/// `about` for its manifest.
pub(crate) fn options(threads: Option<u64>, progress: bool, about: &str, command: &str) -> PyResult<Options> {
    Ok(Options {
        threads: settings::threads("threads", threads).map_err(harness_error)?,
        progress,
        command: command.to_string(),
        about: about.to_string(),
        stop: Stop::new(),
        records: false,
        on_bot_failure: Default::default(),
    })
}

/// Runs `run` (a tournament or a test that may call Python agents) with `opts` on a thread of its
/// own while this one, holding the interpreter only now and then, turns Ctrl-C into a stop
/// request; then raises the first exception a Python agent raised, or the KeyboardInterrupt, or
/// `run`'s error.
pub(crate) fn run_interruptible<T: Send>(
    py: Python<'_>,
    opts: &Options,
    raised: &Raised,
    run: impl FnOnce(&Options) -> Result<T, stadt_core::error::Error> + Send,
) -> PyResult<T> {
    let stop = &opts.stop;
    let mut interrupt = None;
    let result = std::thread::scope(|s| {
        let run = s.spawn(|| run(opts));
        // The run's Python agents take the interpreter in turn; here it is only held to notice Ctrl-C.
        while !run.is_finished() {
            py.detach(|| std::thread::sleep(Duration::from_millis(20)));
            if let Err(e) = py.check_signals() {
                stop.request();
                interrupt.get_or_insert(e);
            }
        }
        run.join()
    });
    let result = result.map_err(|_| value_error("the run stopped on an internal error"))?;
    if let Some(e) = raised.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(e);
    }
    if let Some(e) = interrupt {
        return Err(e);
    }
    result.map_err(harness_error)
}

/// Runs (or resumes) a tournament; see `stadt.tournament` in python/stadt/__init__.py. The
/// defaults are the command line's (`stadt_harness::settings`; `stadt._stadt.DEFAULTS` gives them
/// to the Python half).
#[pyfunction]
#[pyo3(signature = (
    out, bots, players = PLAYERS.default, games = GAMES.default, seed = SEED.default, tiles = TILES.to_string(),
    threads = None, progress = true, about = String::new(), command = String::new(), bot_dir = None, shard = None,
    game = stadt::registry::default_name().to_string(), options = String::new()
))]
#[allow(clippy::too_many_arguments)]
pub fn tournament<'py>(
    py: Python<'py>,
    out: &str,
    bots: Vec<Bound<'py, PyAny>>,
    players: usize,
    games: u64,
    seed: u64,
    tiles: String,
    threads: Option<u64>,
    progress: bool,
    about: String,
    command: String,
    bot_dir: Option<&str>,
    shard: Option<&str>,
    game: String,
    options: String,
) -> PyResult<Bound<'py, PyDict>> {
    let dirs = BotDirs::standard(bot_dir.map(Path::new));
    let raised: Raised = Arc::new(Mutex::new(None));
    let settings = RunSettings { players, games, seed, tiles, options };
    let run_options = self::options(threads, progress, &about, &command)?;
    let work = Tournament {
        py,
        bots: &bots,
        dirs: &dirs,
        raised: &raised,
        settings,
        out,
        shard,
        opts: &run_options,
    };
    stadt::registry::dispatch(&game, "game", work).map_err(harness_error)?
}

/// `tournament` with the game named.
struct Tournament<'a, 'py> {
    py: Python<'py>,
    bots: &'a [Bound<'py, PyAny>],
    dirs: &'a BotDirs,
    raised: &'a Raised,
    settings: RunSettings,
    out: &'a str,
    shard: Option<&'a str>,
    opts: &'a Options,
}

impl<'py> ForGame for Tournament<'_, 'py> {
    type Out = PyResult<Bound<'py, PyDict>>;

    fn run<K: Plugin>(self, chosen: Chosen) -> PyResult<Bound<'py, PyDict>> {
        let mut settings = self.settings;
        settings.options = chosen.options(&settings.options).map_err(harness_error)?;
        let entrants = self
            .bots
            .iter()
            .map(|b| py_entrant::<K>(b, self.dirs, self.raised))
            .collect::<PyResult<Vec<_>>>()?;
        tournament_of::<K>(self.py, entrants, &settings, self.out, self.shard, self.opts, self.raised)
    }
}

/// A seat of the game `K` from Python: a bot's spec (a bot file too), or a Python entrant (a
/// pair (name, factory)), which plays Die Stadt only so far (its agent reads Die Stadt's
/// observation).
pub(crate) fn py_entrant<K: Plugin>(
    b: &Bound<'_, PyAny>,
    dirs: &BotDirs,
    raised: &Raised,
) -> PyResult<K::Entrant> {
    if let Ok(text) = b.extract::<String>() {
        return K::entrant(&text, dirs).map_err(harness_error);
    }
    let seat: Box<dyn std::any::Any> = Box::new(entrant(b, dirs, raised)?);
    seat.downcast::<K::Entrant>().map(|e| *e).map_err(|_| {
        value_error(format!(
            "a bot of {} is a spec (`greedy`, `mcts:iters=500`, a bot file), not {}: Python entrants play {} only so far",
            K::set_up(TILES, "").map(|k| k.name()).unwrap_or_default(),
            b.repr().map(|r| r.to_string()).unwrap_or_default(),
            stadt::registry::default_name()
        ))
    })
}

/// The tournament of `entrants` in the game `K`, the rest as `tournament` was given it.
fn tournament_of<'py, K: Plugin>(
    py: Python<'py>,
    entrants: Vec<K::Entrant>,
    settings: &RunSettings,
    out: &str,
    shard: Option<&str>,
    opts: &Options,
    raised: &Raised,
) -> PyResult<Bound<'py, PyDict>> {
    let mut spec =
        TournamentSpec::<K>::of_entrants(entrants, settings, Path::new(out)).map_err(harness_error)?;
    if let Some(text) = shard {
        spec = spec
            .with_shard(Shard::parse(text, limits::SHARDS).map_err(value_error)?)
            .map_err(harness_error)?;
    }
    let outcome = run_interruptible(py, opts, raised, |o| run(&spec, o))?;
    if outcome.interrupted {
        return Err(PyKeyboardInterrupt::new_err("the tournament was stopped; the same call resumes it"));
    }
    let d = PyDict::new(py);
    d.set_item("out", out)?;
    d.set_item("played", outcome.played)?;
    d.set_item("total", outcome.total)?;
    d.set_item("new", outcome.new)?;
    d.set_item("table", outcome.table)?;
    Ok(d)
}
