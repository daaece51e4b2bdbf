//! Die Siedler von Catan in the harness (the engine and its adapter are `stadt-catan`, its bots
//! and their list `stadt-catan-bots`): what the runs need of it (`Hosted`). Its bots are named,
//! parsed and filed by the core's bot layer (`stadt_core::bots`) as every game's are; a seat is a
//! bot spec. Catan's tournaments, SPRT runs and tuning go through the same generic code as Die
//! Stadt's. The options (`--options`, `options` in experiment files) are the engine's, and
//! `board=FILE` fixes the board.

use crate::hosted::{Hosted, TunedFile, options_error};
use crate::weight::Weight;
use stadt_catan::kind::RecordHead;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::registry::BOTS;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use std::path::Path;

pub use stadt_catan::kind::{Catan, NAME};

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

impl Hosted for Catan {
    type Entrant = BotSpec<Catan>;

    fn set_up(tiles: &str, options: &str) -> Result<Catan, Error> {
        if tiles != "default" {
            return Err(Error::Setting(format!(
                "--tiles {tiles}: {NAME} has no tile set (its board is dealt from the seed, or fixed with --options board=FILE)"
            )));
        }
        let (options, board) = Options::parse_with_board(options).map_err(|e| options_error(NAME, e))?;
        let board = board.map(|file| read_board(Path::new(&file))).transpose()?;
        Ok(Catan { options, board })
    }

    fn rules_text(&self) -> Option<String> {
        Some(stadt_catan::record::options_text(&self.options))
    }

    fn setup_sha256(&self) -> String {
        // Every option and the fixed board, if any, decide the games.
        stadt_core::digest::sha256_hex(self.setup_text().as_bytes())
    }

    fn bots() -> &'static Roster<Catan> {
        &BOTS
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<BotSpec<Catan>, Error> {
        Ok(BOTS.parse_bot(spec, dirs)?)
    }

    fn record_head(&self, _dir: &Path, _setup: &str) -> Result<RecordHead, Error> {
        // A record's header holds its board, options, deck and dice seed: nothing beside it.
        Ok(RecordHead)
    }

    fn worker_done() {
        stadt_core::process_agent::release_idle();
    }

    fn outside_program(
        entrant: &BotSpec<Catan>,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>> {
        (entrant.def.name == process::NAME).then(|| process::Settings::of(&entrant.params))
    }

    // Victory points: two are a city, a road or an army; most games end 10 to 7 or closer.
    const MARGIN_UNIT: f64 = 2.0;

    fn weights(entrant: &BotSpec<Catan>) -> Vec<Weight> {
        crate::weight::weights(entrant)
    }

    fn with_weights(
        entrant: &BotSpec<Catan>,
        ws: &[Weight],
        values: &[f64],
    ) -> Result<BotSpec<Catan>, Error> {
        // Labelled by its spec, as Catan's tuned bots always were (the held-out check names it so).
        let mut tuned = crate::weight::with_weights(entrant, ws, values)?;
        tuned.label = tuned.full();
        Ok(tuned)
    }

    fn tuned_file(entrant: &BotSpec<Catan>, about: &str) -> TunedFile {
        TunedFile { extension: "bot", text: BOTS.file_text(entrant, about), usage: "--bots NAME".into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bot `spec` names, as a tournament reads it.
    fn bot(spec: &str) -> Result<BotSpec<Catan>, String> {
        Catan::entrant(spec, &BotDirs::none()).map_err(|e| e.to_string())
    }

    #[test]
    fn greedy_specs_set_weights_by_name_and_refuse_unknown_names_and_values_out_of_bounds() {
        let plain = bot("greedy").unwrap();
        assert_eq!(plain.full(), "greedy");
        let set = bot("greedy:w_points=12,w_opponent=0").unwrap();
        assert_eq!((set.params.real("w_points"), set.params.real("w_opponent")), (12.0, 0.0));
        assert_eq!(set.full(), "greedy:w_points=12,w_opponent=0");
        // What `full` writes is read back to the same bot; a weight given at its default is not named.
        assert_eq!(bot(&set.full()).unwrap(), set);
        assert_eq!(bot("greedy:w_points=10,w_cards=0.30").unwrap().full(), "greedy");
        let err = bot("greedy:w_bogus=1").unwrap_err();
        assert!(err.contains("bot `greedy` has no parameter `w_bogus`") && err.contains("w_points"), "{err}");
        let err = bot("greedy:w_points=1000").unwrap_err();
        assert!(err.contains("w_points=1000 is not a number from 0 to 100"), "{err}");
        let err = bot("greedy:w_points=x").unwrap_err();
        assert!(err.contains("w_points=x is not a number"), "{err}");
        let err = bot("greedy:iters=5").unwrap_err();
        assert!(err.contains("bot `greedy` has no parameter `iters`"), "{err}");
        let err = bot("mcts:w_points=5").unwrap_err();
        assert!(err.contains("bot `mcts` has no parameter `w_points`"), "{err}");
    }

    #[test]
    fn mcts_names_iters_and_c_always_and_the_later_parameters_when_set() {
        assert_eq!(bot("mcts").unwrap().full(), "mcts:iters=200,c=0.7");
        assert_eq!(bot("mcts:c=0.50").unwrap().full(), "mcts:iters=200,c=0.5");
        assert_eq!(
            bot("mcts:iters=30,playout=softmax:1,depth=20").unwrap().full(),
            "mcts:iters=30,c=0.7,playout=softmax:1,depth=20"
        );
        assert_eq!(bot("mcts:playout=random,depth=400,eval=points").unwrap().full(), "mcts:iters=200,c=0.7");
        let err = bot("mcts:iters=0").unwrap_err();
        assert!(err.contains("iters=0 is not a whole number from 1 to 10000000"), "{err}");
        let err = bot("steerer").unwrap_err();
        assert!(err.contains("unknown bot `steerer`; the bots are: "), "{err}");
        assert!(err.contains("lookahead"), "{err}");
    }

    #[test]
    fn tuning_sees_every_real_parameter_with_its_default_as_scale() {
        let weights = Catan::weights(&bot("mcts:c=1.5").unwrap());
        // c, then the search's margin scale and the greedy prior's weight, temperature, widening.
        let keys: Vec<&str> = weights.iter().map(|w| w.key).collect();
        assert_eq!(keys, ["c", "margin", "prior", "tau", "widen"]);
        let c = &weights[0];
        assert_eq!((c.key, c.value, c.scale, c.range), ("c", 1.5, 0.7, (0.0, 10.0)));
        let greedy = bot("greedy").unwrap();
        let weights = Catan::weights(&greedy);
        let names: Vec<&str> = weights.iter().map(|w| w.key).collect();
        let listed: Vec<&str> = stadt_catan_bots::greedy::WEIGHTS.iter().map(|w| w.0).collect();
        assert_eq!(names, listed);
        let values: Vec<f64> = weights.iter().map(|w| w.value).collect();
        let mut moved = values.clone();
        moved[0] = 12.0;
        moved[1] = 1e9;
        let tuned = Catan::with_weights(&greedy, &weights, &moved).unwrap();
        assert_eq!(tuned.label, "greedy:w_points=12,w_production=300");
        assert_eq!(tuned.label, tuned.full());
    }
}
