//! `stadt.Bot`: one of a game's bots (any spec or bot file the command line takes) choosing
//! actions for Python. It is shown what its seat sees (the game's observation, as the runner
//! shows it), and searches with the interpreter released.

use crate::errors::{harness_error, value_error};
use crate::game::PyGame;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::game::{Game as _, Turn};
use stadt_core::seat::{Seat, SeatAgent};
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use std::path::Path;
use std::sync::Mutex;

/// A bot of some game, whatever the game.
trait DynBot: Send + Sync {
    fn act(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize>;
    fn full(&self) -> String;
    fn label(&self) -> String;
    fn game(&self) -> &'static str;
}

/// A bot of the game `K`.
struct BotOf<K: Plugin> {
    entrant: K::Entrant,
    game: &'static str,
    seed: u64,
    /// The agent and its generator; a lock so one bot may be shared between Python threads.
    agent: Mutex<(Box<dyn Agent<K>>, Pcg64Mcg)>,
}

/// The agent `entrant` plays with.
fn agent_of<K: Plugin>(entrant: &K::Entrant, seed: u64) -> PyResult<Box<dyn Agent<K>>> {
    match entrant.agent(seed, 0).map_err(harness_error)? {
        SeatAgent::Bot(agent) => Ok(agent),
        SeatAgent::Outside(_) => Err(value_error(format!("{} is no bot of stadt's", entrant.label()))),
    }
}

impl<K: Plugin> DynBot for BotOf<K> {
    fn act(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize> {
        let g = game.of::<K>().ok_or_else(|| {
            value_error(format!(
                "bot {} plays {}, not {}",
                self.entrant.label(),
                self.game,
                game.inner.name()
            ))
        })?;
        let (kind, state) = (g.kind().clone(), g.state().clone());
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(value_error(
                "the bot has nothing to decide: the game is over or chance acts (a chance node)",
            ));
        }
        // A bot in another program reads the position from the public record of the game.
        let wants = self.agent.lock().unwrap_or_else(|e| e.into_inner()).0.wants_history();
        let history = if wants { game.inner.public_record().ok() } else { None };
        let (mv, forfeit) = py.detach(|| {
            let mut guard = self.agent.lock().unwrap_or_else(|e| e.into_inner());
            let (agent, rng) = &mut *guard;
            let obs = kind.observe(&state, false, history.as_deref());
            let mv = agent.act(&obs, rng);
            let forfeit = agent.forfeit();
            if forfeit.is_some() {
                // A bot in another program failed: a new one starts at the next call.
                if let Ok(fresh) = agent_of::<K>(&self.entrant, self.seed) {
                    *agent = fresh;
                }
            }
            (mv, forfeit)
        });
        if let Some(f) = forfeit {
            let tail = if f.stderr_tail.is_empty() {
                String::new()
            } else {
                format!("; its stderr:\n{}", f.stderr_tail)
            };
            return Err(value_error(format!(
                "bot {} failed ({}): {}{tail}",
                self.entrant.label(),
                f.kind,
                f.message
            )));
        }
        kind.check(&state, mv)
            .map_err(|e| value_error(format!("bot {} chose an illegal move {e}", self.entrant.label())))?;
        kind.action_of(&state, mv).ok_or_else(|| value_error("the bot's move has no action number"))
    }

    fn full(&self) -> String {
        self.entrant.full()
    }

    fn label(&self) -> String {
        self.entrant.label().to_string()
    }

    fn game(&self) -> &'static str {
        self.game
    }
}

/// Makes a bot of the game it is given.
struct NewBot<'a> {
    spec: &'a str,
    seed: u64,
    dirs: BotDirs,
}

impl ForGame for NewBot<'_> {
    type Out = PyResult<Box<dyn DynBot>>;

    fn run<K: Plugin>(self, chosen: Chosen) -> PyResult<Box<dyn DynBot>> {
        let entrant = K::entrant(self.spec, &self.dirs).map_err(harness_error)?;
        let agent = agent_of::<K>(&entrant, self.seed)?;
        Ok(Box::new(BotOf::<K> {
            entrant,
            game: chosen.name,
            seed: self.seed,
            agent: Mutex::new((agent, Pcg64Mcg::seed_from_u64(self.seed))),
        }))
    }
}

/// A bot from a spec (`greedy`, `mcts:iters=500`, a bot file's name or path) of a game.
#[pyclass(name = "Bot", module = "stadt._stadt")]
pub struct PyBot {
    bot: Box<dyn DynBot>,
}

#[pymethods]
impl PyBot {
    /// A bot of `game` (default: the first game `stadt.games()` lists) from `spec`, its
    /// randomness seeded with `seed`; bot files are looked for in `bot_dir`, then
    /// `$STADT_BOTS`, then `./bots`, as on the command line.
    #[new]
    #[pyo3(signature = (spec, seed = 0, bot_dir = None, game = None))]
    fn new(spec: &str, seed: u64, bot_dir: Option<&str>, game: Option<&str>) -> PyResult<PyBot> {
        let dirs = BotDirs::standard(bot_dir.map(Path::new));
        let name = game.unwrap_or_else(|| stadt::registry::default_name());
        let bot =
            stadt::registry::dispatch(name, "game", NewBot { spec, seed, dirs }).map_err(harness_error)??;
        Ok(PyBot { bot })
    }

    /// The full spec, every parameter written out.
    #[getter]
    fn spec(&self) -> String {
        self.bot.full()
    }

    /// The label (what was asked for).
    #[getter]
    fn label(&self) -> String {
        self.bot.label()
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.bot.game()
    }

    /// The action this bot chooses for the player to decide in `game`.
    fn act(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize> {
        self.bot.act(py, game)
    }

    fn __call__(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize> {
        self.bot.act(py, game)
    }

    fn __repr__(&self) -> String {
        format!("<stadt.Bot {} ({})>", self.bot.full(), self.bot.game())
    }
}
