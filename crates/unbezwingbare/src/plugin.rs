//! Die Unbezwingbare Stadt as a plug-in of the harness (`stadt_harness::plugin::Plugin`): its
//! hosting (options and data, bots, tuning), learning (features, samples), records, states,
//! points and benchmark figures. With this file and the registry's one line, every command of
//! stadt plays it.

use crate::bots::registry::BOTS;
use crate::chosen;
use crate::kind::{NAME, RecordHead, Unbezwingbare};
use crate::learned::{LIST, banked, features};
use crate::logged::Logged;
use crate::moves::Move;
use crate::record::{self, HEADER};
use crate::state::{Stage, State};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;
use stadt_core::error::Error;
use stadt_core::game::{Game, Turn};
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

impl Hosted for Unbezwingbare {
    type Entrant = BotSpec<Unbezwingbare>;

    fn set_up(tiles: &str, options: &str) -> Result<Unbezwingbare, Error> {
        if tiles != "default" {
            return Err(Error::Setting(format!(
                "--tiles {tiles}: {NAME} has no tile set; its board and cards are the options board=FILE and cards=FILE"
            )));
        }
        Unbezwingbare::from_options(options)
    }

    fn rules_text(&self) -> Option<String> {
        Some(self.options_text())
    }

    /// The options and the data files' SHA-256.
    fn setup_sha256(&self) -> String {
        let text = format!(
            "{}\nboard={}\ncards={}",
            self.options_text(),
            self.data.board_sha256(),
            self.data.cards_sha256()
        );
        stadt_core::digest::sha256_hex(text.as_bytes())
    }

    fn bots() -> &'static Roster<Unbezwingbare> {
        &BOTS
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<BotSpec<Unbezwingbare>, Error> {
        Ok(BOTS.parse_bot(spec, dirs)?)
    }

    fn record_head(&self, _dir: &Path, _setup: &str) -> Result<RecordHead, Error> {
        // The deal and every chance step are in the record itself.
        Ok(RecordHead { seed: None })
    }

    fn worker_done() {
        stadt_core::process_agent::release_idle();
    }

    fn outside_program(
        entrant: &BotSpec<Unbezwingbare>,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>> {
        (entrant.def.name == process::NAME).then(|| process::Settings::of(&entrant.params))
    }

    // Points: targets are 20 to 50; a typical swing between two players is a building or two.
    const MARGIN_UNIT: f64 = 5.0;

    fn weights(entrant: &BotSpec<Unbezwingbare>) -> Vec<Weight> {
        stadt_harness::weight::weights(entrant)
    }

    fn with_weights(
        entrant: &BotSpec<Unbezwingbare>,
        ws: &[Weight],
        values: &[f64],
    ) -> Result<BotSpec<Unbezwingbare>, Error> {
        stadt_harness::weight::with_weights(entrant, ws, values)
    }

    fn tuned_file(entrant: &BotSpec<Unbezwingbare>, about: &str) -> TunedFile {
        TunedFile { extension: "bot", text: BOTS.file_text(entrant, about), usage: "--bots NAME".into() }
    }
}

impl Learnable for Unbezwingbare {
    const FEATURES: FeatureList = LIST;
    const BASELINE: &'static str = "no more points";
    const LEARN_BOT: &'static str = "mcts:iters=50,depth=40";

    fn samples(&self, text: &str, path: &Path, game: usize, out: &mut Vec<Sample>) -> Result<(), Error> {
        let start = out.len();
        let replayed = record::replay_steps(text, path.parent(), &mut |g, _| {
            let s = &g.state;
            if s.is_over() || s.stage != Stage::Phase2 || s.depth != 0 || s.decider().is_none() {
                return;
            }
            for p in 0..s.seats() {
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
        let end = &replayed.game.state;
        if !end.is_over() {
            return Err(Error::file(path, "the game is not finished; learning needs final scores"));
        }
        let players = end.seats();
        for (i, s) in out[start..].iter_mut().enumerate() {
            s.final_score = f64::from(end.points((i % players) as u8));
        }
        Ok(())
    }

    fn with_eval(
        entrant: &BotSpec<Unbezwingbare>,
        eval: Option<&Path>,
        label: &str,
    ) -> Result<BotSpec<Unbezwingbare>, Error> {
        stadt_harness::learn::learnable::with_eval(entrant, eval, label)
    }

    fn self_play_head(&self, deck_seed: u64) -> RecordHead {
        RecordHead { seed: Some(deck_seed) }
    }
}

/// The public state of `s` as one JSON object (`replay --states`, docs/unbezwingbare/README.md).
fn state_json(s: &State, step: usize, line: Option<usize>, text: &str) -> serde_json::Value {
    let seats = 0..s.n;
    json!({
        "step": step,
        "line": line,
        "text": text,
        "over": s.is_over(),
        "decides": s.decider().map(|p| format!("p{}", p + 1)),
        "actor": format!("p{}", s.actor + 1),
        "turn": s.turns,
        "points": seats.clone().map(|p| s.points(p)).collect::<Vec<_>>(),
        "marker": seats.clone().map(|p| s.marker[usize::from(p)]).collect::<Vec<_>>(),
        "stones": seats.clone().map(|p| s.stones[usize::from(p)]).collect::<Vec<_>>(),
        "areas": seats.clone().map(|p| s.owned[usize::from(p)].count_ones()).collect::<Vec<_>>(),
        "knights": seats.clone().map(|p| s.knights[usize::from(p)]).collect::<Vec<_>>(),
        "hand_sizes": seats.clone().map(|p| s.hand[usize::from(p)].count_ones()).collect::<Vec<_>>(),
        "influence_sizes": seats.map(|p| s.influence[usize::from(p)].count_ones()).collect::<Vec<_>>(),
        "draw_pile": s.pile.iter().map(|p| p.count_ones()).sum::<u32>(),
        "discards": s.discard.count_ones(),
        "pfandhaus": crate::state::bits128(s.pawnshop).map(|c| crate::text::card(s.mat, c)).collect::<Vec<_>>(),
        "buildings": (0..crate::state::AREAS).filter(|&a| s.building[a] != crate::moves::NOBODY)
            .map(|a| json!({"area": a + 1, "owner": format!("p{}", s.owner[a] + 1), "card": crate::text::card(s.mat, s.building[a])}))
            .collect::<Vec<_>>(),
    })
}

impl Plugin for Unbezwingbare {
    const ABOUT: &'static str = "Die Unbezwingbare Stadt (Hans van Tol, 2003): buy areas, build, earn when a card of your buildings' category is turned; rules U1-U77 of docs/unbezwingbare/rules.md, on an invented board and cards";

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
                "--tiles: {name} is a record of {NAME}, which has no tile set (its data files are named in the record)"
            )));
        }
        // Shown before each move (chance resolved up to it) and at the end.
        let mut kind: Option<Unbezwingbare> = None;
        let mut before: Option<Logged> = None;
        let mut moves = 0;
        let dir = file.parent();
        let data = record::read_header(text, dir).map(|h| h.1).ok();
        let out = record::replay_steps(text, dir, &mut |g, step| {
            let k = *kind.get_or_insert_with(|| {
                Unbezwingbare::of(
                    &g.state,
                    data.unwrap_or(chosen::Data { mat: g.state.mat, board: None, cards: None }),
                )
            });
            if let (Some(prev), Some(line), Some(mv)) = (before.take(), step.line, step.mv) {
                visit(&k, &prev, moves, Some((line, step.text, mv)));
                moves += 1;
            }
            before = Some(g.clone());
        })
        .map_err(|e| Error::Setting(format!("{name}: {e}")))?;
        let kind = Unbezwingbare::of(&out.game.state, out.data);
        visit(&kind, &out.game, moves, None);
        if !out.game.state.is_over() && !partial {
            return Err(Error::Setting(format!(
                "{name}: the record stops after {moves} moves, before the game is over (give --partial to accept that)"
            )));
        }
        Ok(Replayed { kind, game: out.game, moves })
    }

    fn states(text: &str, file: &Path, setup: Option<&str>) -> Result<String, Error> {
        if setup.is_some() {
            return Err(Error::Setting(format!("--tiles: {NAME} has no tile set")));
        }
        let mut out = String::new();
        let mut index = 0;
        record::replay_steps(text, file.parent(), &mut |g, step| {
            out.push_str(&state_json(&g.state, index, step.line, step.text).to_string());
            out.push('\n');
            index += 1;
        })
        .map_err(|e| Error::Setting(format!("{}: {e}", file.display())))?;
        Ok(out)
    }

    fn result_text(&self, g: &Logged, moves: usize) -> String {
        let s = &g.state;
        let mut out: String = (0..s.n)
            .map(|p| {
                format!(
                    "score p{} {} (areas {}, stones {})\n",
                    p + 1,
                    s.points(p),
                    s.owned[usize::from(p)].count_ones(),
                    s.stones[usize::from(p)]
                )
            })
            .collect();
        if s.is_over() {
            let winners: Vec<String> =
                (0..s.n).filter(|&p| s.winners & (1 << p) != 0).map(|p| format!("p{}", p + 1)).collect();
            out.push_str(&format!("winner {} (turn {})\n", winners.join(" "), s.turns));
        } else {
            out.push_str(&format!("not over: {moves} moves\n"));
        }
        out
    }

    fn move_text(&self, g: &Logged, mv: Move) -> String {
        crate::text::move_text(&g.state, mv)
    }

    fn parse_move(&self, g: &Logged, text: &str) -> Result<Move, String> {
        crate::text::parse_move(&g.state, text)
    }

    /// What the seat deciding (seat 0 at a chance step) cannot see, dealt anew (U76).
    fn twin(&self, g: &Logged, rng: &mut Pcg64Mcg) -> Logged {
        let me = g.state.decider().unwrap_or(0);
        Logged::new(g.state.sample(me, rng))
    }

    fn chance_wanted(&self, g: &Logged) -> String {
        match crate::logged::due(&g.state) {
            Some(step) => format!("the chance step `{}`", record::step_line(&g.state, step, true)),
            None => "a chance step".to_string(),
        }
    }

    fn play_head(&self, _record: &Path, _setup: &str, seed: u64) -> Result<PlayHead<Self>, Error> {
        Ok(PlayHead { head: RecordHead { seed: Some(seed) }, beside: Vec::new() })
    }

    fn bench(seconds: f64, seed: u64, _me: &Path) -> Vec<Figure> {
        let kind = Unbezwingbare::default();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // Room for the longest list of legal moves (every hand card on every own area), so that the
        // list never grows in play.
        let mut moves = Vec::with_capacity(crate::actions::ACTIONS);
        let (mut games, mut steps, mut in_play) = (0u64, 0u64, Some(0u64));
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < seconds {
            let mut s = kind.fresh(4).expect("4 players of the base game");
            // Only the play counts, on this thread: a move or a chance step must not allocate.
            let before = stadt_core::alloc_count::allocated_bytes_here();
            loop {
                match Game::turn(&s) {
                    Turn::Over => break,
                    Turn::Chance => {
                        s.resolve(&mut rng);
                    }
                    Turn::Player(_) => {
                        let mv = s.random_move(&mut moves, &mut rng);
                        s.apply(mv);
                    }
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
        let s = kind.deal(4, seed).expect("4 players").state;
        let (clones, clone_start) = (1_000_000u32, Instant::now());
        let mut sink = 0u64;
        for _ in 0..clones {
            let c = std::hint::black_box(s);
            sink += u64::from(c.stones[0]);
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
