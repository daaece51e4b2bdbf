//! Die Stadt as a plug-in (`Plugin`): its records (`stadt-record 1`, the tile set beside them),
//! its states for `replay --states`, the scores it prints, a deal replayed from a record
//! (`play --deal`), its terminal picture, its own viewer and its own page for a person (tiles
//! placed on the board itself), and its benchmark figures.

use crate::plugin::{Person, PersonEnded, PlayHead, Plugin, Replayed, Visit};
use crate::runner::RecordHead;
use crate::{bench, tileset, viewer};
use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::kind::DieStadt;
use die_stadt::record::{self, Record, Tiles};
use serde_json::json;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use std::path::{Path, PathBuf};

impl Plugin for DieStadt {
    const ABOUT: &'static str =
        "Carcassonne: Die Stadt (Hans im Glück, 2004), rules R1-R28 of docs/die-stadt/rules.md";

    fn is_record(first_line: &str) -> bool {
        first_line.starts_with("stadt-record ")
    }

    fn replay_record(
        text: &str,
        file: &Path,
        setup: Option<&str>,
        partial: bool,
        visit: &mut Visit<'_, Self>,
    ) -> Result<Replayed<Self>, Error> {
        let rec = parse_record(file, text, setup)?;
        let kind = DieStadt::new(rec.tileset);
        let out = record::replay_each(&rec, partial, &mut |i, game, next| {
            let Some(d) = next else { return visit(&kind, game, i, None) };
            // A decision that is no move here is refused by the replay right after.
            if let Ok(mv) = record::decision_to_move(game.table(), &d.decision) {
                let text = rec.decisions.get(i).map(|(_, w)| w.join(" ")).unwrap_or_default();
                visit(&kind, game, i, Some((d.line, &text, mv)));
            }
        })
        .map_err(|e| Error::Setting(format!("{}: {e}", file.display())))?;
        Ok(Replayed { kind, game: out.game, moves: rec.decisions.len() })
    }

    fn move_text(&self, state: &Game, mv: die_stadt::moves::Move) -> String {
        record::decision_text(state.table(), mv)
    }

    fn parse_move(&self, state: &Game, text: &str) -> Result<die_stadt::moves::Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let d = record::parse_decision(1, &words).map_err(|e| format!("`{text}`: {}", e.message))?;
        record::decision_to_move(state.table(), &d.decision)
    }

    fn twin(&self, state: &Game, rng: &mut rand_pcg::Pcg64Mcg) -> Game {
        use stadt_core::game::Determinize;
        self.observe(state, false, None).determinize(rng)
    }

    fn states(text: &str, file: &Path, setup: Option<&str>) -> Result<String, Error> {
        let mut out = String::new();
        let mut previous: Option<(usize, String)> = None;
        Self::replay_record(text, file, setup, true, &mut |_, game, i, next| {
            let step = previous.take();
            out.push_str(&state_line(game, i, step.as_ref().map(|(l, t)| (*l, t.as_str()))));
            out.push('\n');
            previous = next.map(|(line, text, _)| (line, text.to_string()));
        })?;
        Ok(out)
    }

    fn result_text(&self, state: &Game, _moves: usize) -> String {
        record::score_lines(state.table(), state.is_over())
    }

    fn dealt(&self, players: usize, seed: u64, deal: Option<&Path>) -> Result<Game, Error> {
        let Some(file) = deal else { return self.deal(players, seed) };
        let name = file.display();
        let text = std::fs::read_to_string(file)
            .map_err(|e| Error::Setting(format!("--deal: cannot read {name}: {e}")))?;
        let rec = Record::parse(&text, Tiles::Given(self.tileset))
            .map_err(|e| Error::Setting(format!("--deal {name}: {e}")))?;
        if rec.players != players {
            return Err(Error::Setting(format!(
                "--deal {name} is a deal for {} players, not {players} (give --players {})",
                rec.players, rec.players
            )));
        }
        Game::new(self.tileset, players, &rec.order)
            .map_err(|e| Error::Setting(format!("--deal {name}: {e}")))
    }

    fn play_head(&self, record: &Path, setup: &str, seed: u64) -> Result<PlayHead<Self>, Error> {
        let (tiles, beside) = record_tiles(record, setup)?;
        Ok(PlayHead { head: RecordHead { tiles, seed: Some(seed) }, beside })
    }

    fn terminal(&self, state: &Game) -> Option<String> {
        Some(die_stadt::pictures::terminal::render(state.table()))
    }

    fn viewer(
        text: &str,
        file: &Path,
        setup: Option<&str>,
        partial: bool,
        title: &str,
    ) -> Option<Result<String, Error>> {
        Some(parse_record(file, text, setup).and_then(|rec| {
            viewer::page(&rec, partial, title).map_err(|e| Error::Setting(format!("{}: {e}", file.display())))
        }))
    }

    fn serve_person(
        &self,
        server: &crate::web::server::LocalServer,
        person: &Person<'_, Self>,
    ) -> Result<PersonEnded, Error> {
        let bots = person
            .bots
            .iter()
            .map(|b| match b {
                crate::entrant::Entrant::Bot(spec) => Ok(spec.clone()),
                crate::entrant::Entrant::Outside(o) => {
                    Err(Error::Setting(format!("{}: the person plays against bots of stadt only", o.spec())))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let head = person.record.cloned().unwrap_or(RecordHead { tiles: "default".into(), seed: None });
        let game = crate::human::PersonGame {
            tileset: self.tileset,
            bots: &bots,
            person: Player::new(person.seat),
            order: person.start.order(),
            agent_seed: person.agent_seed,
            head,
        };
        let ended = crate::human::serve(server, &game, person.stop)?;
        Ok(PersonEnded {
            record: person.record.map(|_| ended.record),
            result: ended.table.as_ref().map(|t| record::score_lines(t, ended.finished)),
            failure: ended.failure,
        })
    }

    fn bench(seconds: f64, seed: u64, me: &Path) -> Vec<bench::Figure> {
        let mut figures = bench::run(seconds, seed);
        // A bot served over the protocol by the stadt binary itself (`stadt serve-bot`).
        for (threads, name) in
            [(1, "protocol_decisions_per_second_1_thread"), (2, "protocol_decisions_per_second_2_threads")]
        {
            figures.push(bench::Figure {
                name: name.into(),
                value: bench::protocol_decisions_per_second(me, threads, seconds, seed),
                unit: "decisions/s",
                target: "",
            });
        }
        figures
    }
}

/// Parses the record `text` read from `file` (not yet replayed), its tile set `setup` (`--tiles`)
/// or what its `tiles` line names: `default` or a file beside it.
fn parse_record(file: &Path, text: &str, setup: Option<&str>) -> Result<Record, Error> {
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let beside = |name: &str| tileset::beside_record(dir, name).map_err(|e| e.to_string());
    let tiles = match setup {
        Some(t) => Tiles::Given(tileset::load(t)?),
        None => Tiles::Named(&beside),
    };
    Record::parse(text, tiles).map_err(|e| Error::Setting(format!("{}: {e}", file.display())))
}

/// The public state of `game` after `index` steps, the last read from `step` (its line and
/// text; None at the start), as one JSON object (docs/die-stadt/states.md).
fn state_line(game: &Game, index: usize, step: Option<(usize, &str)>) -> String {
    let t = game.table();
    let players: Vec<serde_json::Value> = Player::all(t.players())
        .map(|p| {
            let s = t.player(p);
            let pts = s.points;
            json!({
                "score": pts.total(),
                "roads": pts.roads,
                "markets": pts.markets,
                "towers": pts.towers,
                "residential": pts.residential,
                "watchmen": pts.watchmen,
                "supply": s.supply,
                "towers_left": s.towers,
            })
        })
        .collect();
    json!({
        "step": index,
        "line": step.map(|(l, _)| l),
        "text": step.map_or("", |(_, t)| t),
        "over": t.is_over(),
        "actor": (!t.is_over()).then(|| format!("{}", t.actor())),
        "drawn": t.drawn(),
        "in_hand": (!t.is_over()).then(|| t.in_hand()),
        "piles": t.pile_sizes(),
        "players": players,
    })
    .to_string()
}

/// Where `play --record` puts the tile set: the `tiles` line of the record, and the file to
/// write beside it (none when it is the default set or already there).
fn record_tiles(record: &Path, tiles: &str) -> Result<(String, Vec<(PathBuf, String)>), Error> {
    if tiles == "default" {
        return Ok(("default".into(), Vec::new()));
    }
    let source = Path::new(tiles);
    let file_name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name: String = file_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' })
        .collect();
    let name = if tileset::is_plain_file_name(&name) { name } else { "tiles.tiles".to_string() };
    let dir = record.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let target = dir.join(&name);
    let wanted = std::fs::read_to_string(source)
        .map_err(|e| Error::Setting(format!("cannot read tile set file {tiles}: {e}")))?;
    match std::fs::read_to_string(&target) {
        Ok(there) if there == wanted => Ok((name, Vec::new())),
        Ok(_) => Err(Error::Setting(format!(
            "the record's tile set would be written beside it as {}, but a different file of that name is there; not overwriting it",
            target.display()
        ))),
        Err(_) => Ok((name, vec![(target, wanted)])),
    }
}
