//! Every command of stadt run on every registered game and alias, as a user runs them, naming no
//! game (issue 56): tournament, sprt, tune, learn, play (its record and picture), replay (the
//! states, the viewer, a picture part-way), suggest, a person's game at the browser, check-bot
//! with a bot in another program, serve-bot, and bench. A game added to the registry is run through all of
//! them by this file alone; serve-bot serves each game's bots to a check-bot run.

mod common;
use common::{STADT, stadt};
use stadt::registry;
use stadt_core::bots::params::ParamKind;
use stadt_harness::plugin::{BotsOf, Listed};
use stadt_testkit::scratch;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every game and alias, as `stadt games` lists them.
fn games() -> Vec<Listed> {
    registry::games()
}

/// Runs `stadt --game GAME ARGS...`, asserting it succeeds: its stdout.
fn ok(game: &str, args: &[&str]) -> String {
    let all: Vec<&str> = ["--game", game].iter().copied().chain(args.iter().copied()).collect();
    let (code, out, err) = stadt(&all);
    assert_eq!(code, 0, "stadt {all:?}: {out}{err}");
    out
}

/// A bot of the game to tune (one with a real-valued parameter) and its spec, cheap to play: a
/// searcher's iterations cut to 20.
fn tunable(game: &str) -> String {
    let bots = registry::dispatch(game, "test", BotsOf).unwrap();
    let (name, _, params) = bots
        .entries()
        .into_iter()
        .filter(|(_, _, params)| params.iter().any(|p| matches!(p.kind, ParamKind::Real { .. })))
        .min_by_key(|(_, _, params)| params.iter().any(|p| p.key == "iters"))
        .unwrap_or_else(|| panic!("{game}: no bot with a real-valued parameter to tune"));
    if params.iter().any(|p| p.key == "iters") { format!("{name}:iters=20") } else { name.to_string() }
}

#[test]
fn runs_play_replay_and_suggest_on_every_game() {
    let dir = scratch("every-command-play");
    for g in games() {
        let players = g.players.start().to_string();
        let rec = dir.join(format!("{}.rec", g.name));
        let svg = dir.join(format!("{}.svg", g.name));
        let printed = ok(
            g.name,
            &[
                "play",
                "--players",
                &players,
                "--bots",
                "random",
                "--seed",
                "4",
                "--record",
                rec.to_str().unwrap(),
                "--svg",
                svg.to_str().unwrap(),
            ],
        );
        assert!(
            std::fs::read_to_string(&svg).unwrap().starts_with("<svg")
                || std::fs::read_to_string(&svg).unwrap().starts_with("<?xml")
        );
        // The record replays to what play printed, and writes its states and the viewer.
        let states = dir.join(format!("{}.states", g.name));
        let html = dir.join(format!("{}.html", g.name));
        let at1 = dir.join(format!("{}-1.svg", g.name));
        let replayed = ok(
            g.name,
            &[
                "replay",
                rec.to_str().unwrap(),
                "--states",
                states.to_str().unwrap(),
                "--html",
                html.to_str().unwrap(),
                "--svg",
                at1.to_str().unwrap(),
                "--upto",
                "1",
            ],
        );
        assert_eq!(replayed, printed, "{}: replay prints what play printed", g.name);
        let lines = std::fs::read_to_string(&states).unwrap();
        assert!(lines.lines().count() > 2, "{}: {lines}", g.name);
        assert!(std::fs::read_to_string(&html).unwrap().contains("<html"), "{}", g.name);
        // A bot suggests the next decision of the record cut short somewhere early.
        let text = std::fs::read_to_string(&rec).unwrap();
        let all: Vec<&str> = text.lines().collect();
        let first = all.iter().position(|l| l.starts_with("p1")).expect("a move of p1");
        let suggested = (first..(first + 12).min(all.len())).find_map(|cut| {
            let part = dir.join(format!("{}-part.rec", g.name));
            std::fs::write(&part, all[..cut].join("\n") + "\n").unwrap();
            let (code, out, _) =
                stadt(&["--game", g.name, "suggest", "--bot", "random", part.to_str().unwrap()]);
            (code == 0).then_some(out)
        });
        let suggested =
            suggested.unwrap_or_else(|| panic!("{}: no early cut of the record took a suggestion", g.name));
        assert_eq!(suggested.lines().count(), 1, "{}: one move: {suggested}", g.name);
    }
}

#[test]
fn runs_tournament_sprt_tune_and_learn_on_every_game() {
    let dir = scratch("every-command-runs");
    for g in games() {
        let players = g.players.start().to_string();
        let randoms = vec!["random"; *g.players.start()].join(",");
        let out = |what: &str| dir.join(format!("{}-{what}", g.name)).to_string_lossy().into_owned();
        let t = ok(
            g.name,
            &[
                "tournament",
                "--bots",
                &randoms,
                "--players",
                &players,
                "--games",
                "1",
                "--quiet",
                "--out",
                &out("t"),
            ],
        );
        assert!(t.contains("games.csv"), "{t}");
        ok(
            g.name,
            &[
                "sprt",
                "--bot",
                "random",
                "--against",
                "random",
                "--elo0",
                "0",
                "--elo1",
                "50",
                "--max-games",
                "4",
                "--players",
                &players,
                "--quiet",
                "--out",
                &out("s"),
            ],
        );
        let bot = tunable(g.name);
        let tune_out = out("tune");
        let tune = [
            "tune",
            "--bot",
            &bot,
            "--against",
            "random",
            "--iterations",
            "1",
            "--games-per-eval",
            "2",
            "--verify-games",
            "2",
            "--quiet",
            "--out",
            &tune_out,
        ];
        // Tuning plays games of two, or of the game's fewest players, the candidate in every
        // seat: the held-out check's games are whole decks of such seatings.
        ok(g.name, &tune);
        let seats = if g.players.contains(&2) { 2 } else { *g.players.start() };
        let verify = std::fs::read_to_string(Path::new(&tune_out).join("verify.csv")).unwrap();
        // The bots' labels may hold quoted commas: `games` is the ninth field from the end.
        let fields: Vec<&str> = verify.lines().nth(1).unwrap().split(',').collect();
        let games: usize = fields[fields.len() - 9].parse().unwrap();
        assert_eq!(games % seats, 0, "{}: {verify}", g.name);
        assert!(games >= 2, "{}: {verify}", g.name);
        ok(
            g.name,
            &[
                "learn",
                "--players",
                &players,
                "--games",
                "5",
                "--generations",
                "1",
                "--match-games",
                "0",
                "--quiet",
                "--out",
                &out("learn"),
                "--bot",
                &learn_bot(g.name),
            ],
        );
    }
}

/// The game's self-play bot for `stadt learn`, cheap: its searcher at 20 iterations.
fn learn_bot(game: &str) -> String {
    let bots = registry::dispatch(game, "test", BotsOf).unwrap();
    let (name, _, _) = bots
        .entries()
        .into_iter()
        .find(|(_, _, params)| {
            params.iter().any(|p| p.key == "eval") && params.iter().any(|p| p.key == "iters")
        })
        .unwrap_or_else(|| panic!("{game}: no bot with `eval` and `iters` to learn with"));
    format!("{name}:iters=20")
}

#[test]
fn runs_check_bot_bench_and_serve_bot_on_every_game() {
    if stadt_testkit::tools::require("python3", "the bot in another program checked").is_none() {
        return;
    }
    let dir = scratch("every-command-check");
    let random_bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/examples/random_bot.py");
    for g in games() {
        // A bot file of the game (an alias's is its game's).
        let own = registry::dispatch(g.name, "test", BotsOf).unwrap().game();
        let file = dir.join(format!("{}.bot", g.name));
        std::fs::write(
            &file,
            format!("game = {own}\nbot = process\ncommand = python3 {}\n", random_bot.display()),
        )
        .unwrap();
        let report = ok(g.name, &["check-bot", file.to_str().unwrap()]);
        assert!(report.ends_with("PASS\n"), "{report}");
        let figures = ok(g.name, &["bench", "--seconds", "0.05"]);
        assert!(
            figures.starts_with("figure,value,unit,target,met\n") && figures.lines().count() > 2,
            "{figures}"
        );
        // serve-bot: the game's greedy bot, served by stadt and run as a bot in another
        // program, passes the check.
        let (code, _, err) = stadt(&["--game", g.name, "serve-bot", "--bot", "greedy"]);
        assert_eq!(code, 0, "{}: serve-bot with no host: {err}", g.name);
        let served = dir.join(format!("{}-served.bot", g.name));
        let command =
            serde_json::to_string(&[STADT, "--game", g.name, "serve-bot", "--bot", "greedy"]).unwrap();
        std::fs::write(&served, format!("game = {own}\nbot = process\ncommand = {command}\ntime = 60\n"))
            .unwrap();
        let report = ok(g.name, &["check-bot", served.to_str().unwrap()]);
        assert!(report.ends_with("PASS\n"), "{}: {report}", g.name);
    }
}

/// A person's game served by `stadt play --human 1`: the port and token.
struct Served {
    child: std::process::Child,
    port: u16,
    token: String,
}

impl Served {
    fn call(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let req = format!(
            "{method} {path}?token={} HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n{body}",
            self.token,
            body.len()
        );
        s.write_all(req.as_bytes()).unwrap();
        s.shutdown(std::net::Shutdown::Write).unwrap();
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out).into_owned();
        let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        (status, text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string()))
    }
}

#[test]
fn a_person_plays_every_game_on_the_generic_page_or_its_own() {
    let dir = scratch("every-command-person");
    for g in games() {
        let rec = dir.join(format!("{}.rec", g.name));
        let bots = vec!["random"; *g.players.start() - 1].join(",");
        let mut child = Command::new(STADT)
            .args([
                "--game",
                g.name,
                "play",
                "--human",
                "1",
                "--bots",
                &bots,
                "--seed",
                "2",
                "--record",
                rec.to_str().unwrap(),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let url =
            line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}"));
        let rest = url.strip_prefix("http://127.0.0.1:").unwrap();
        let (port, token) = rest.split_once("/?token=").unwrap();
        let served = Served { child, port: port.parse().unwrap(), token: token.to_string() };
        let (status, page) = served.call("GET", "/", "");
        assert_eq!(status, 200, "{}", g.name);
        if !page.contains("id=\"moves\"") {
            // A game with its own page (Die Stadt's: tests/play_server.rs plays it).
            let mut child = served.child;
            let _ = child.kill();
            let _ = child.wait();
            continue;
        }
        let start = Instant::now();
        loop {
            let (status, body) = served.call("GET", "/state", "");
            assert_eq!(status, 200, "{body}");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            if v["over"] == true {
                break;
            }
            let moves = v["moves"].as_array().cloned().unwrap_or_default();
            if moves.is_empty() {
                assert!(
                    start.elapsed() < Duration::from_secs(120),
                    "{}: the bots never gave the turn back",
                    g.name
                );
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
            let (status, body) = served.call("POST", "/move", moves[0].as_str().unwrap());
            assert_eq!(status, 200, "{body}");
        }
        let mut child = served.child;
        assert_eq!(child.wait().unwrap().code(), Some(0), "{}", g.name);
        let (code, _, err) = stadt(&["replay", rec.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: the person's record replays: {err}", g.name);
    }
}
