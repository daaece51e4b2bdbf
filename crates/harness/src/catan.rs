//! Die Siedler von Catan in the harness (the engine and its adapter are `stadt-catan`, its bots
//! `stadt-catan-bots`): its seats (a random player, the core's MCTS over determinised games, a
//! greedy one-ply player, and bots in other programs) and what the runs need of it (`Hosted`). Catan's
//! tournaments, SPRT runs and tuning go through the same generic code as Die Stadt's. The options
//! (`--options`, `options` in experiment files) are the engine's, and `board=FILE` fixes the
//! board. A Catan bot file (`game = catan`, `bot = process`) is a bot in another program, over
//! the core's `stadt-bot 1` host (`stadt_core::process_agent`).

use crate::hosted::{Hosted, TunedFile, option_words};
use crate::weight::Weight;
use die_stadt_bots::bot_def::BotSpec;
use die_stadt_bots::botfile::{BotDirs, parse_process_file};
use die_stadt_bots::process_bot::Settings as ProcessSettings;
use stadt_catan::kind::RecordHead;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::greedy::{GreedyCatan, GreedyWeights, WEIGHTS};
use stadt_catan_bots::mcts::{MCTS_C, MCTS_DEPTH, MCTS_ITERS, MctsCatan};
use stadt_catan_bots::random::RandomCatan;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::process_agent::ProcessAgent;
use stadt_core::search::playout::Policy;
use stadt_core::seat::{Seat, SeatAgent};
use std::path::Path;

pub use stadt_catan::kind::{Catan, NAME};

/// A Catan bot: `random`; `mcts` (the core's MCTS over determinised games, random playouts)
/// with `iters=N` (default 200), `c=X` (default 0.7) and `playout=P` (`random`, the default,
/// `greedy`, `eps:E`, `softmax:T`, `best:K`, `sample:K` (as `best:K` here): by Catan's move values), its playouts cut after `depth=N`
/// steps (default 400) and judged by the points or a learned evaluation (`eval=FILE`, written by
/// `stadt --game catan learn`); or `greedy` with its weights
/// (`stadt_catan_bots::greedy::WEIGHTS`, e.g. `greedy:w_points=12`).
#[derive(Clone, Debug)]
pub enum CatanBot {
    /// Uniform among the legal moves.
    Random,
    /// A bot in another program (`stadt-bot 1`), from a bot file saying `game = catan` and
    /// `bot = process`; `random` plays its seat to the end after a failure.
    Process(Box<BotSpec>),
    /// The core's MCTS with this many iterations, this exploration constant and playouts.
    Mcts {
        /// Iterations per decision.
        iters: u64,
        /// Exploration constant.
        c: f64,
        /// How its playouts pick their moves (`playout=greedy`, by Catan's move values).
        playout: Policy,
        /// Steps a playout makes before the position is judged (`depth=N`).
        depth: usize,
        /// The learned evaluation that judges it (`eval=FILE`; None: the points).
        eval: Option<EvalFile>,
    },
    /// One ply on a hand-written value of the position (`stadt_catan_bots::greedy`).
    Greedy(GreedyWeights),
}

/// A learned evaluation a bot reads (`eval=FILE`): the file as a spec records it
/// (`PATH@sha256:HASH`) and the weights read from it.
#[derive(Clone, Debug)]
pub struct EvalFile {
    /// `PATH@sha256:HASH`.
    pub recorded: String,
    /// The weights.
    pub weights: std::sync::Arc<stadt_core::learned::Weights>,
}

impl EvalFile {
    /// Reads an evaluation file of Catan's features (`PATH` or `PATH@sha256:HASH`), or says why
    /// it cannot be used.
    pub fn read(value: &str) -> Result<EvalFile, String> {
        let (recorded, weights) = stadt_core::learned::file::read(value, &stadt_catan_bots::learned::LIST)?;
        Ok(EvalFile { recorded, weights: std::sync::Arc::new(weights) })
    }
}

/// A Catan bot in a seat, with the spec it was written as.
#[derive(Clone, Debug)]
pub struct CatanEntrant {
    /// The bot.
    pub bot: CatanBot,
    label: String,
}

/// Each player's points by source (`points p1 7 (settlements 3, ...)`) and who won, one line each:
/// what `stadt play` and `stadt replay` print at the end of a game of Catan (`moves`: the
/// decisions made, for a game that is not over).
pub fn points_text(kind: &Catan, s: &State, moves: usize) -> String {
    let columns = kind.columns();
    let (mut sources, mut details) = (Vec::new(), Vec::new());
    let mut out = String::new();
    for seat in 0..s.players() {
        kind.final_values(s, seat, &mut sources, &mut details);
        let by_source: Vec<String> =
            columns.sources.iter().zip(&sources).map(|(c, v)| format!("{c} {v}")).collect();
        out.push_str(&format!(
            "points p{} {} ({})\n",
            seat + 1,
            sources.iter().sum::<i32>(),
            by_source.join(", ")
        ));
    }
    out.push_str(&match s.winner() {
        Some(w) => format!("winner p{} after {} turns\n", w.0 + 1, s.turns()),
        None if s.is_over() => {
            format!("no winner: the turn limit ended the game after {} turns\n", s.turns())
        }
        None => format!("not over: {moves} moves, turn {}\n", s.turns()),
    });
    out
}

/// A board file (`stadt-catan-board 1`): the error names the file and the line at fault.
fn read_board(path: &Path) -> Result<stadt_catan::board::Board, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io_on("read", "board", path, e))?;
    stadt_catan::board::Board::parse(&text).map_err(|e| Error::file_of("board", path, e.to_string()))
}

/// Catan's bots, as `stadt games` and errors name them.
pub const BOTS: &str = "random, mcts (iters=N, c=X, playout=random|greedy|eps:E|softmax:T|best:K|sample:K, depth=N, eval=FILE), greedy (w_points=X, ... as in docs/catan/README.md)";

impl CatanEntrant {
    /// The bot a spec names (`random`, `mcts`, `mcts:iters=1000,c=0.5`), or why it names none.
    pub fn parse(spec: &str) -> Result<CatanEntrant, String> {
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let mut bot = match name {
            "random" => CatanBot::Random,
            "mcts" => CatanBot::Mcts {
                iters: MCTS_ITERS,
                c: MCTS_C,
                playout: Policy::Random,
                depth: MCTS_DEPTH,
                eval: None,
            },
            "greedy" => CatanBot::Greedy(GreedyWeights::default()),
            _ if name.ends_with(".bot") || name.contains('/') => {
                return Err(format!(
                    "`{spec}`: a bot file of {NAME} is read where a bot folder is known (its bots come by name: {BOTS})"
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
                (CatanBot::Mcts { depth, .. }, "depth") => {
                    *depth = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=100_000).contains(n))
                        .ok_or(format!("`depth={value}` in `{spec}`: a whole number from 1 to 100000"))?;
                }
                (CatanBot::Mcts { eval, .. }, "eval") => {
                    *eval =
                        Some(EvalFile::read(value).map_err(|e| format!("eval={value} in `{spec}`: {e}"))?);
                }
                (CatanBot::Mcts { playout, .. }, "playout") => {
                    *playout =
                        Policy::parse(value).map_err(|e| format!("playout={value} in `{spec}`: {e}"))?;
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
    /// `bot` labelled `label`.
    pub fn labelled(bot: CatanBot, label: &str) -> CatanEntrant {
        CatanEntrant { bot, label: label.to_string() }
    }

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
        match &self.bot {
            CatanBot::Random => "random".into(),
            CatanBot::Process(spec) => spec.full(),
            // Settings at their defaults past `c` are not named, so older specs keep their text.
            CatanBot::Mcts { iters, c, playout, depth, eval } => {
                let mut text = format!("mcts:iters={iters},c={c}");
                if *playout != Policy::Random {
                    text.push_str(&format!(",playout={}", playout.text()));
                }
                if *depth != MCTS_DEPTH {
                    text.push_str(&format!(",depth={depth}"));
                }
                if let Some(e) = eval {
                    text.push_str(&format!(",eval={}", e.recorded));
                }
                text
            }
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
            CatanBot::Random => Box::new(RandomCatan::default()),
            CatanBot::Process(spec) => Box::new(ProcessAgent::<Catan>::new(
                ProcessSettings::of(&spec.params),
                Box::new(RandomCatan::default()),
            )),
            CatanBot::Mcts { iters, c, playout, depth, eval } => Box::new(MctsCatan::judged(
                *iters,
                *c,
                *playout,
                *depth,
                eval.as_ref().map(|e| e.weights.clone()),
            )),
            CatanBot::Greedy(w) => Box::new(GreedyCatan::new(*w)),
        }))
    }

    fn can_forfeit(&self) -> bool {
        matches!(self.bot, CatanBot::Process(_))
    }
}

impl Hosted for Catan {
    type Entrant = CatanEntrant;

    fn set_up(tiles: &str, options: &str) -> Result<Catan, Error> {
        if tiles != "default" {
            return Err(Error::Setting(format!(
                "--tiles {tiles}: {NAME} has no tile set (its board is dealt from the seed, or fixed with --options board=FILE)"
            )));
        }
        let (mut words, mut board) = (Vec::new(), None);
        for word in option_words(options) {
            match word.split_once('=') {
                Some(("board", file)) => board = Some(read_board(Path::new(file))?),
                _ => words.push(word),
            }
        }
        let options = stadt_catan::record::parse_options(&words.join(" "), Options::OFFICIAL)
            .map_err(|e| Error::Setting(format!("options: {e} (`stadt games` lists {NAME}'s options)")))?;
        Ok(Catan { options, board })
    }

    fn rules_text(&self) -> Option<String> {
        Some(stadt_catan::record::options_text(&self.options))
    }

    fn setup_sha256(&self) -> String {
        // Every option and the fixed board, if any, decide the games.
        die_stadt_bots::protocol::sha256_hex(self.setup_text().as_bytes())
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<CatanEntrant, Error> {
        // A bot file: a path, or a name found in the bot folders that is not one of Catan's bots
        // (a path in a bot's settings, `mcts:eval=DIR/FILE`, is not one).
        let name = spec.split(':').next().unwrap_or(spec);
        let file = if spec.ends_with(".bot") || name.contains('/') {
            Some(std::path::PathBuf::from(spec))
        } else if !spec.contains(':') && CatanEntrant::parse(spec).is_err() {
            dirs.find(spec)
        } else {
            None
        };
        if let Some(path) = file {
            let bot = parse_process_file(&path.to_string_lossy(), NAME)
                .map_err(|e| Error::Setting(e.to_string()))?;
            return Ok(CatanEntrant { label: bot.label.clone(), bot: CatanBot::Process(Box::new(bot)) });
        }
        CatanEntrant::parse(spec).map_err(Error::Setting)
    }

    fn record_head(&self, _dir: &Path, _setup: &str) -> Result<RecordHead, Error> {
        // A record's header holds its board, options, deck and dice seed: nothing beside it.
        Ok(RecordHead)
    }

    fn worker_done() {
        stadt_core::process_agent::release_idle();
    }

    fn outside_program(
        entrant: &CatanEntrant,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>> {
        match &entrant.bot {
            CatanBot::Process(spec) => Some(ProcessSettings::of(&spec.params)),
            _ => None,
        }
    }

    // Victory points: two are a city, a road or an army; most games end 10 to 7 or closer.
    const MARGIN_UNIT: f64 = 2.0;

    fn weights(entrant: &CatanEntrant) -> Vec<Weight> {
        match entrant.bot {
            CatanBot::Random | CatanBot::Process(_) => Vec::new(),
            CatanBot::Mcts { c, .. } => {
                vec![Weight { key: "c", value: c, scale: MCTS_C.max(0.25), range: (0.0, 10.0) }]
            }
            // Every weight of the value, each stepped by its default's size.
            CatanBot::Greedy(w) => w
                .pairs()
                .into_iter()
                .zip(WEIGHTS)
                .map(|((key, value), &(_, default, lo, hi))| Weight {
                    key,
                    value,
                    scale: f64::abs(default).max(0.25),
                    range: (lo, hi),
                })
                .collect(),
        }
    }

    fn with_weights(entrant: &CatanEntrant, ws: &[Weight], values: &[f64]) -> Result<CatanEntrant, Error> {
        let mut bot = entrant.bot.clone();
        for (w, &v) in ws.iter().zip(values) {
            let v = (v.clamp(w.range.0, w.range.1) * 1e6).round() / 1e6;
            match (&mut bot, w.key) {
                (CatanBot::Mcts { c, .. }, "c") => *c = v,
                (CatanBot::Greedy(g), key) if WEIGHTS.iter().any(|w| w.0 == key) => {
                    g.set(key, v).map_err(Error::Setting)?;
                }
                _ => {
                    return Err(Error::Setting(format!(
                        "`{}` is not a weight of `{}`",
                        w.key, entrant.label
                    )));
                }
            }
        }
        let tuned = CatanEntrant { bot, label: String::new() };
        Ok(CatanEntrant { label: tuned.full(), ..tuned })
    }

    fn tuned_file(entrant: &CatanEntrant, about: &str) -> TunedFile {
        let mut text: String = about.lines().map(|l| format!("# {l}\n")).collect();
        text.push_str(&entrant.full());
        text.push('\n');
        TunedFile {
            extension: "spec",
            text,
            usage: format!("--bots {} ({NAME} has no bot files: its last line is the spec)", entrant.full()),
        }
    }
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
