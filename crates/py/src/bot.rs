//! `stadt.Bot`: one of stadt's bots (any spec or bot file the command line takes) choosing actions
//! for Python. It sees the game's public table only, and searches with the interpreter released.

use crate::errors::value_error;
use crate::game::PyGame;
use die_stadt::actions;
use die_stadt::kind::DieStadt;
use die_stadt::observation::Observation;
use die_stadt_bots::registry::BOTS;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use std::path::Path;
use std::sync::Mutex;

/// A bot from a spec (`greedy`, `mcts:iters=500`, a bot file's name or path).
#[pyclass(name = "Bot", module = "stadt._stadt")]
pub struct PyBot {
    spec: BotSpec<DieStadt>,
    /// The agent and its generator; a lock so one bot may be shared between Python threads.
    agent: Mutex<(Box<dyn Agent<DieStadt>>, Pcg64Mcg)>,
}

#[pymethods]
impl PyBot {
    /// A bot from `spec`, its randomness seeded with `seed`; bot files are looked for in
    /// `bot_dir`, then `$STADT_BOTS`, then `./bots`, as on the command line.
    #[new]
    #[pyo3(signature = (spec, seed = 0, bot_dir = None))]
    fn new(spec: &str, seed: u64, bot_dir: Option<&str>) -> PyResult<PyBot> {
        let dirs = BotDirs::standard(bot_dir.map(Path::new));
        let spec = BOTS.parse_bot(spec, &dirs).map_err(|e| value_error(e.to_string()))?;
        let agent = spec.build();
        Ok(PyBot { spec, agent: Mutex::new((agent, Pcg64Mcg::seed_from_u64(seed))) })
    }

    /// The full spec, every parameter written out.
    #[getter]
    fn spec(&self) -> String {
        self.spec.full()
    }

    /// The label (what was asked for).
    #[getter]
    fn label(&self) -> String {
        self.spec.label.clone()
    }

    /// The action this bot chooses for the player to decide in `game`.
    fn act(&self, py: Python<'_>, game: &PyGame) -> PyResult<u32> {
        let table = game.table.clone();
        if table.is_over() || table.step() == die_stadt::moves::Step::Draw {
            return Err(value_error(
                "the bot has nothing to decide: the game is over or a tile is to be drawn (a chance node)",
            ));
        }
        // A bot in another program reads the position from the public record of the game.
        let wants = self.agent.lock().unwrap_or_else(|e| e.into_inner()).0.wants_history();
        let history = if wants { game.public_log() } else { None };
        let (mv, forfeit) = py.detach(|| {
            let mut guard = self.agent.lock().unwrap_or_else(|e| e.into_inner());
            let (agent, rng) = &mut *guard;
            let obs = Observation::of_table(&table);
            let mv = match &history {
                Some(h) => agent.act(&obs.with_history(h), rng),
                None => agent.act(&obs, rng),
            };
            let forfeit = agent.forfeit();
            if forfeit.is_some() {
                // A bot in another program failed: a new one starts at the next call.
                *agent = self.spec.build();
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
                self.spec.label, f.kind, f.message
            )));
        }
        table
            .check(mv)
            .map_err(|e| value_error(format!("bot {} chose an illegal move: {e}", self.spec.label)))?;
        actions::encode(&table, mv).ok_or_else(|| value_error("the bot's move has no action number"))
    }

    fn __call__(&self, py: Python<'_>, game: &PyGame) -> PyResult<u32> {
        self.act(py, game)
    }

    fn __repr__(&self) -> String {
        format!("<stadt.Bot {}>", self.spec.full())
    }
}
