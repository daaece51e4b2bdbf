//! Kartenspitze as a plug-in of the harness (`stadt_harness::plugin::Plugin`): its hosting
//! (options, bots, tuning), learning (features, samples), records, states, points and benchmark
//! figures. With this file and the registry's one line, every command of stadt plays it.

use crate::bots::registry::BOTS;
use crate::kind::{Kartenspitze, NAME, RecordHead};
use crate::learned::{LIST, banked, features};
use crate::moves::Move;
use crate::options::Options;
use crate::record::{self, HEADER};
use crate::state::State;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::json;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;
use stadt_core::error::Error;
use stadt_core::game::{Determinize, Game};
use stadt_core::kind::GameKind;
use stadt_core::learned::FeatureList;
use stadt_core::learned::fit::Sample;
use stadt_harness::bench::Figure;
use stadt_harness::hosted::{Hosted, TunedFile};
use stadt_harness::learn::Learnable;
use stadt_harness::plugin::{PlayHead, Plugin, Replayed, Visit};
use stadt_harness::weight::Weight;
use std::path::Path;
use std::time::Instant;

impl Hosted for Kartenspitze {
    type Entrant = BotSpec<Kartenspitze>;

    fn set_up(tiles: &str, options: &str) -> Result<Kartenspitze, Error> {
        if tiles != "default" {
            return Err(Error::Setting(format!("--tiles {tiles}: {NAME} has no tile set")));
        }
        let options = Options::parse(options).map_err(|e| stadt_harness::hosted::options_error(NAME, e))?;
        Ok(Kartenspitze::new(options))
    }

    fn rules_text(&self) -> Option<String> {
        Some(self.options.text())
    }

    fn setup_sha256(&self) -> String {
        stadt_core::digest::sha256_hex(self.options.text().as_bytes())
    }

    fn bots() -> &'static Roster<Kartenspitze> {
        &BOTS
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<BotSpec<Kartenspitze>, Error> {
        Ok(BOTS.parse_bot(spec, dirs)?)
    }

    fn record_head(&self, _dir: &Path, _setup: &str) -> Result<RecordHead, Error> {
        // The deal and every draw are in the record itself.
        Ok(RecordHead { seed: None })
    }

    fn worker_done() {
        stadt_core::process_agent::release_idle();
    }

    fn outside_program(
        entrant: &BotSpec<Kartenspitze>,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>> {
        (entrant.def.name == process::NAME).then(|| process::Settings::of(&entrant.params))
    }

    // Points: a card scores 1 to 9; a typical swing between two players is a card or two.
    const MARGIN_UNIT: f64 = 5.0;

    fn weights(entrant: &BotSpec<Kartenspitze>) -> Vec<Weight> {
        stadt_harness::weight::weights(entrant)
    }

    fn with_weights(
        entrant: &BotSpec<Kartenspitze>,
        ws: &[Weight],
        values: &[f64],
    ) -> Result<BotSpec<Kartenspitze>, Error> {
        stadt_harness::weight::with_weights(entrant, ws, values)
    }

    fn tuned_file(entrant: &BotSpec<Kartenspitze>, about: &str) -> TunedFile {
        TunedFile { extension: "bot", text: BOTS.file_text(entrant, about), usage: "--bots NAME".into() }
    }
}

impl Learnable for Kartenspitze {
    const FEATURES: FeatureList = LIST;
    const BASELINE: &'static str = "no more points";
    const LEARN_BOT: &'static str = "mcts:iters=200,depth=4";

    fn samples(&self, text: &str, path: &Path, game: usize, out: &mut Vec<Sample>) -> Result<(), Error> {
        let start = out.len();
        let replayed = record::replay_steps(text, &mut |s, _| {
            if s.is_over() || s.phase() != crate::state::Phase::Play {
                return;
            }
            for p in 0..s.players() {
                out.push(Sample {
                    game,
                    features: features(s, p).to_vec(),
                    banked: banked(s, p),
                    baseline: 0.0,
                    final_score: 0.0,
                });
            }
        })
        .map_err(|e| Error::file(path, e.to_string()))?;
        let end = &replayed.state;
        if !end.is_over() {
            return Err(Error::file(path, "the game is not finished; learning needs final scores"));
        }
        let players = end.players();
        for (i, s) in out[start..].iter_mut().enumerate() {
            s.final_score = end.score(i % players) as f64;
        }
        Ok(())
    }

    fn with_eval(
        entrant: &BotSpec<Kartenspitze>,
        eval: Option<&Path>,
        label: &str,
    ) -> Result<BotSpec<Kartenspitze>, Error> {
        stadt_harness::learn::learnable::with_eval(entrant, eval, label)
    }

    fn self_play_head(&self, deck_seed: u64) -> RecordHead {
        RecordHead { seed: Some(deck_seed) }
    }
}

impl Plugin for Kartenspitze {
    const ABOUT: &'static str = "Kartenspitze, a card game invented to test the plug-in interface, rules T1-T6 of docs/kartenspitze/rules.md";

    fn is_record(first_line: &str) -> bool {
        first_line.trim() == HEADER
    }

    fn replay_record(
        text: &str,
        file: &Path,
        setup: Option<&str>,
        partial: bool,
        visit: &mut Visit<'_, Self>,
    ) -> Result<Replayed<Self>, Error> {
        let name = file.display();
        if setup.is_some() {
            return Err(Error::Setting(format!(
                "--tiles: {name} is a record of {NAME}, which has no tile set"
            )));
        }
        // Shown before each move (draws resolved up to it) and at the end.
        let mut kind = None;
        let mut before: Option<State> = None;
        let mut moves = 0;
        let out = record::replay_steps(text, &mut |s, step| {
            let k = *kind.get_or_insert_with(|| Kartenspitze::new(s.options()));
            if let (Some(prev), Some(line)) = (before.take(), step.line)
                && !step.text.starts_with(record::CHANCE)
                && let Some((_, mv)) = step.text.split_once(": ")
                && let Ok(mv) = mv.parse::<Move>()
            {
                visit(&k, &prev, moves, Some((line, step.text, mv)));
                moves += 1;
            }
            before = Some(*s);
        })
        .map_err(|e| Error::Setting(format!("{name}: {e}")))?;
        let kind = Kartenspitze::new(out.state.options());
        visit(&kind, &out.state, moves, None);
        if !out.state.is_over() && !partial {
            return Err(Error::Setting(format!(
                "{name}: the record stops after {moves} moves, before the game is over (give --partial to accept that)"
            )));
        }
        Ok(Replayed { kind, game: out.state, moves })
    }

    fn states(text: &str, file: &Path, setup: Option<&str>) -> Result<String, Error> {
        if setup.is_some() {
            return Err(Error::Setting(format!("--tiles: {NAME} has no tile set")));
        }
        let mut out = String::new();
        let mut index = 0;
        record::replay_steps(text, &mut |s, step| {
            let line = json!({
                "step": index,
                "line": step.line,
                "text": step.text,
                "over": s.is_over(),
                "actor": (!s.is_over()).then(|| format!("p{}", s.actor() + 1)),
                "top": s.top(),
                "draw_left": s.draw_left(),
                "hand_sizes": (0..s.players()).map(|p| s.hand_size(p)).collect::<Vec<_>>(),
                "scores": (0..s.players()).map(|p| s.score(p)).collect::<Vec<_>>(),
            });
            out.push_str(&line.to_string());
            out.push('\n');
            index += 1;
        })
        .map_err(|e| Error::Setting(format!("{}: {e}", file.display())))?;
        Ok(out)
    }

    fn result_text(&self, s: &State, moves: usize) -> String {
        let mut out: String =
            (0..s.players()).map(|p| format!("score p{} {}\n", p + 1, s.score(p))).collect();
        if s.is_over() {
            let winners: Vec<String> = s.leaders().iter().map(|p| format!("p{}", p + 1)).collect();
            out.push_str(&format!("winner {}\n", winners.join(" ")));
        } else {
            out.push_str(&format!("not over: {moves} moves\n"));
        }
        out
    }

    fn move_text(&self, _state: &State, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|e| e.to_string())
    }

    fn twin(&self, state: &State, rng: &mut Pcg64Mcg) -> State {
        self.observe(state, false, None).determinize(rng)
    }

    fn chance_wanted(&self, _state: &State) -> String {
        "the card drawn (`chance: draw N`)".to_string()
    }

    fn play_head(&self, _record: &Path, _setup: &str, seed: u64) -> Result<PlayHead<Self>, Error> {
        Ok(PlayHead { head: RecordHead { seed: Some(seed) }, beside: Vec::new() })
    }

    fn bench(seconds: f64, seed: u64, _me: &Path) -> Vec<Figure> {
        let kind = Kartenspitze::default();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut moves = Vec::with_capacity(8);
        let (mut games, mut steps, mut in_play) = (0u64, 0u64, Some(0u64));
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < seconds {
            let mut s = kind.deal(4, rng.random()).expect("4 players with 3 cards each");
            // Only the play counts, on this thread: a move or a draw must not allocate.
            let before = stadt_core::alloc_count::allocated_bytes_here();
            loop {
                match s.turn() {
                    stadt_core::game::Turn::Over => break,
                    stadt_core::game::Turn::Chance => {
                        s.resolve_chance(&mut rng);
                    }
                    stadt_core::game::Turn::Player(_) => s.apply(s.random_move(&mut moves, &mut rng)),
                }
                steps += 1;
            }
            in_play = match (in_play, before, stadt_core::alloc_count::allocated_bytes_here()) {
                (Some(sum), Some(b), Some(a)) => Some(sum + (a - b)),
                _ => None,
            };
            games += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        let bytes = in_play.map_or(f64::NAN, |b| b as f64 / games.max(1) as f64);
        let s = kind.deal(4, seed).expect("4 players");
        let (clones, clone_start) = (1_000_000u32, Instant::now());
        let mut sink = 0u64;
        for _ in 0..clones {
            let c = std::hint::black_box(s);
            sink += c.draw_left() as u64;
        }
        std::hint::black_box(sink);
        let clone_ns = clone_start.elapsed().as_nanos() as f64 / f64::from(clones);
        vec![
            Figure {
                name: "random_4p_games_per_second".into(),
                value: games as f64 / secs,
                unit: "games/s",
                target: "",
            },
            Figure {
                name: "random_4p_steps_per_second".into(),
                value: steps as f64 / secs,
                unit: "steps/s",
                target: "",
            },
            Figure {
                name: "bytes_allocated_per_random_game_in_play".into(),
                value: bytes,
                unit: "bytes",
                target: "0",
            },
            Figure { name: "state_clone_ns".into(), value: clone_ns, unit: "ns", target: "" },
        ]
    }
}
