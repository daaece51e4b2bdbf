//! Die Siedler von Catan in the harness (the engine and its adapter are `stadt-catan`): its seats
//! (a random player, the core's MCTS over determinised games, and a greedy one-ply player,
//! `catan_greedy`) and what the runs need of it
//! (`Hosted`). Catan's tournaments and SPRT runs go through the same generic code as Die Stadt's.
//! Not yet: bot files and bots in other programs, options other than the official rules (the
//! engine has them; no flag sets them), and a picture.

use crate::catan_greedy::{GreedyCatan, GreedyWeights, WEIGHTS};
use crate::hosted::Hosted;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_agents::botfile::BotDirs;
use stadt_catan::kind::RecordHead;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::error::Error;
use stadt_core::game::Game;
use stadt_core::search::mcts::{Config, Mcts, NoPrior, RandomRollout, Reward};
use stadt_core::seat::{Seat, SeatAgent};
use std::path::Path;

pub use stadt_catan::kind::{Catan, NAME};

/// A Catan bot: `random`; `mcts` (the core's MCTS over determinised games, random playouts)
/// with `iters=N` (default 200) and `c=X` (default 0.7); or `greedy` with its weights
/// (`catan_greedy::WEIGHTS`, e.g. `greedy:w_points=12`).
#[derive(Clone, Debug)]
pub enum CatanBot {
    /// Uniform among the legal moves.
    Random,
    /// The core's MCTS with this many iterations and this exploration constant.
    Mcts {
        /// Iterations per decision.
        iters: u64,
        /// Exploration constant.
        c: f64,
    },
    /// One ply on a hand-written value of the position (`catan_greedy`).
    Greedy(GreedyWeights),
}

/// A Catan bot in a seat, with the spec it was written as.
#[derive(Clone, Debug)]
pub struct CatanEntrant {
    /// The bot.
    pub bot: CatanBot,
    label: String,
}

/// Catan's bots, as `stadt games` and errors name them.
pub const BOTS: &str = "random, mcts (iters=N, c=X), greedy (w_points=X, ... as in docs/catan/README.md)";

impl CatanEntrant {
    /// The bot a spec names (`random`, `mcts`, `mcts:iters=1000,c=0.5`), or why it names none.
    pub fn parse(spec: &str) -> Result<CatanEntrant, String> {
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let mut bot = match name {
            "random" => CatanBot::Random,
            "mcts" => CatanBot::Mcts { iters: 200, c: 0.7 },
            "greedy" => CatanBot::Greedy(GreedyWeights::default()),
            _ if name.ends_with(".bot") || name.contains('/') => {
                return Err(format!(
                    "`{spec}`: Catan's bots come by name ({BOTS}); bot files are Die Stadt's"
                ));
            }
            _ => return Err(format!("`{name}` is not a bot of {NAME}: its bots are {BOTS}")),
        };
        for pair in params.split(',').filter(|p| !p.is_empty()) {
            let (key, value) =
                pair.split_once('=').ok_or(format!("`{pair}` in `{spec}` is not key=value"))?;
            match (&mut bot, key) {
                (CatanBot::Mcts { iters, .. }, "iters") => {
                    *iters =
                        value.parse().ok().filter(|n| (1..=10_000_000).contains(n)).ok_or(format!(
                            "`iters={value}` in `{spec}`: a whole number from 1 to 10000000"
                        ))?;
                }
                (CatanBot::Mcts { c, .. }, "c") => {
                    *c = value
                        .parse()
                        .ok()
                        .filter(|x: &f64| (0.0..=10.0).contains(x))
                        .ok_or(format!("`c={value}` in `{spec}`: a number from 0 to 10"))?;
                }
                (CatanBot::Greedy(w), _) if WEIGHTS.iter().any(|w| w.0 == key) => {
                    let x: f64 = value
                        .parse()
                        .map_err(|_| format!("`{key}={value}` in `{spec}`: `{value}` is not a number"))?;
                    w.set(key, x).map_err(|e| format!("{e} (`{spec}`)"))?;
                }
                (CatanBot::Greedy(_), _) => {
                    let names: Vec<&str> = WEIGHTS.iter().map(|w| w.0).collect();
                    return Err(format!(
                        "`{key}` is not a setting of greedy in {NAME} (`{spec}`): its weights are {}",
                        names.join(", ")
                    ));
                }
                _ => return Err(format!("`{key}` is not a setting of {name} in {NAME} (`{spec}`)")),
            }
        }
        Ok(CatanEntrant { bot, label: spec.to_string() })
    }
}

impl CatanEntrant {
    /// A greedy bot with these weights (what a tuner builds from `GreedyWeights::from_pairs`),
    /// labelled as its spec.
    pub fn greedy(weights: GreedyWeights) -> CatanEntrant {
        let mut entrant = CatanEntrant { bot: CatanBot::Greedy(weights), label: String::new() };
        entrant.label = entrant.full();
        entrant
    }
}

impl Seat<Catan> for CatanEntrant {
    fn label(&self) -> &str {
        &self.label
    }

    fn full(&self) -> String {
        match self.bot {
            CatanBot::Random => "random".into(),
            CatanBot::Mcts { iters, c } => format!("mcts:iters={iters},c={c}"),
            CatanBot::Greedy(w) => {
                // The weights set away from their defaults, in `WEIGHTS` order.
                let set: Vec<String> = w
                    .pairs()
                    .into_iter()
                    .zip(WEIGHTS)
                    .filter(|((_, x), d)| *x != d.1)
                    .map(|((name, x), _)| format!("{name}={x}"))
                    .collect();
                if set.is_empty() { "greedy".into() } else { format!("greedy:{}", set.join(",")) }
            }
        }
    }

    fn clairvoyant(&self) -> bool {
        false
    }

    fn agent(&self, _agent_seed: u64, _seat: usize) -> Result<SeatAgent<Catan>, Error> {
        Ok(SeatAgent::Bot(match &self.bot {
            CatanBot::Random => Box::new(RandomCatan { moves: Vec::new() }),
            &CatanBot::Mcts { iters, c } => Box::new(MctsCatan {
                search: Mcts::with_prior(mcts_config(iters, c), RandomRollout::default, || NoPrior),
            }),
            CatanBot::Greedy(w) => Box::new(GreedyCatan::new(*w)),
        }))
    }
}

/// The search's settings for `iters` iterations and exploration `c`: plain UCT with the win as
/// reward, playouts cut at 400 steps.
fn mcts_config(iters: u64, c: f64) -> Config {
    Config { depth: 400, ..Config::uct(iters, c, Reward::Win) }
}

/// Uniform among the legal moves of what it sees.
struct RandomCatan {
    moves: Vec<Move>,
}

impl Agent<Catan> for RandomCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        // The legal moves depend only on what the player sees (Determinize's own list).
        stadt_core::game::Determinize::legal_moves(obs, &mut self.moves);
        self.moves[rng.random_range(0..self.moves.len())]
    }
}

/// The core's MCTS, searching games sampled from what it sees.
struct MctsCatan {
    search: Mcts<State, RandomRollout<State>, NoPrior>,
}

impl Agent<Catan> for MctsCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng)
    }
}

impl Hosted for Catan {
    type Entrant = CatanEntrant;

    fn set_up(setup: &str) -> Result<Catan, Error> {
        if setup != "default" {
            return Err(Error::Setting(format!(
                "--tiles {setup}: {NAME} has no tile set (its board is dealt from the seed)"
            )));
        }
        Ok(Catan { options: Options::OFFICIAL })
    }

    fn setup_sha256(&self) -> String {
        // The board is dealt from the seed; what decides the games is the options.
        stadt_agents::protocol::sha256_hex(format!("{NAME} {:?}", self.options).as_bytes())
    }

    fn entrant(spec: &str, _dirs: &BotDirs) -> Result<CatanEntrant, Error> {
        CatanEntrant::parse(spec).map_err(Error::Setting)
    }

    fn record_head(&self, _dir: &Path, _setup: &str) -> Result<RecordHead, Error> {
        Catan::can_keep_records().map(|()| RecordHead)
    }

    fn can_keep_records() -> Result<(), Error> {
        // The engine writes records; the report's viewer pages of notable games read Die
        // Stadt's only so far.
        Err(Error::Setting(format!("--records: a {NAME} tournament cannot keep records yet")))
    }

    fn worker_done() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_specs_set_weights_by_name_and_refuse_unknown_names_and_values_out_of_bounds() {
        let plain = CatanEntrant::parse("greedy").unwrap();
        assert!(matches!(plain.bot, CatanBot::Greedy(w) if w == GreedyWeights::default()));
        assert_eq!(plain.full(), "greedy");
        let set = CatanEntrant::parse("greedy:w_points=12,w_opponent=0").unwrap();
        let CatanBot::Greedy(w) = set.bot else { panic!("a greedy bot") };
        assert_eq!((w.points, w.opponent, w.production), (12.0, 0.0, GreedyWeights::default().production));
        assert_eq!(set.full(), "greedy:w_points=12,w_opponent=0");
        // What `full` writes is read back to the same bot.
        assert!(matches!(CatanEntrant::parse(&set.full()).unwrap().bot, CatanBot::Greedy(v) if v == w));
        let built = CatanEntrant::greedy(
            GreedyWeights::from_pairs([("w_points", 12.0), ("w_opponent", 0.0)]).unwrap(),
        );
        assert_eq!(built.label(), "greedy:w_points=12,w_opponent=0");
        let err = CatanEntrant::parse("greedy:w_bogus=1").unwrap_err();
        assert!(err.contains("`w_bogus` is not a setting of greedy") && err.contains("w_points"), "{err}");
        let err = CatanEntrant::parse("greedy:w_points=1000").unwrap_err();
        assert!(err.contains("`w_points=1000`: a number from 0 to 100"), "{err}");
        let err = CatanEntrant::parse("greedy:w_points=x").unwrap_err();
        assert!(err.contains("`x` is not a number"), "{err}");
        let err = CatanEntrant::parse("greedy:iters=5").unwrap_err();
        assert!(err.contains("`iters` is not a setting of greedy"), "{err}");
        let err = CatanEntrant::parse("mcts:w_points=5").unwrap_err();
        assert!(err.contains("`w_points` is not a setting of mcts"), "{err}");
    }

    #[test]
    fn every_listed_weight_has_its_default_inside_its_bounds_and_a_field() {
        let w = GreedyWeights::default();
        for (&(name, default, lo, hi), (field, value)) in WEIGHTS.iter().zip(w.pairs()) {
            assert_eq!(name, field);
            assert_eq!(value, default, "{name}");
            assert!(lo <= default && default <= hi, "{name}");
        }
        let map = [("w_spots", 5.0), ("w_cards", 1.0)];
        let w = GreedyWeights::from_pairs(map).unwrap();
        assert_eq!((w.spots, w.cards), (5.0, 1.0));
        assert!(GreedyWeights::from_pairs([("w_spots", -1.0)]).is_err());
    }
}
