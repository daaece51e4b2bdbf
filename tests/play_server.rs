//! `stadt play --human N`, the server side, through the binary and plain HTTP: it listens on
//! loopback only, answers nothing without its token, answers malformed requests with 400 (never a
//! panic) and illegal moves with a message, sends nothing that depends on the hidden tile order
//! (two games whose piles differ only in tiles not drawn yet get byte-identical answers), and stops
//! at the end of the game or on Ctrl-C, writing the record. The page itself is played by clicking
//! in .ci/play-check.py. A game of Catan is played on the generic page: its moves as buttons, the
//! picture of what the person's seat sees.

mod common;

use common::{STADT, stadt};
use serde_json::Value;
use stadt_testkit::cli::signal;
use stadt_testkit::scratch;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `stadt play --human 1` and its address.
struct Game {
    child: Child,
    port: u16,
    token: String,
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `stadt play --human 1 --bots greedy,steerer` with `extra` arguments.
fn start(extra: &[&str]) -> Game {
    let mut args = vec!["play", "--human", "1", "--bots", "greedy,steerer"];
    args.extend(extra);
    start_with(&args)
}

/// Starts `stadt` with these arguments (a game with a person at the page).
fn start_with(args: &[&str]) -> Game {
    let mut child =
        Command::new(STADT).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let rest = url.strip_prefix("http://127.0.0.1:").unwrap_or_else(|| panic!("{url} is not on 127.0.0.1"));
    let (port, token) = rest.split_once("/?token=").unwrap();
    Game { child, port: port.parse().unwrap(), token: token.to_string(), _stdout: stdout }
}

/// Sends raw bytes to the server and returns the status code and body of its answer.
fn raw(port: u16, request: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(request).unwrap();
    // Done sending: a request cut short (a body shorter than its length) ends here.
    s.shutdown(std::net::Shutdown::Write).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

impl Game {
    /// A request (HTTP/1.0, so the answer is not chunked) with this game's token.
    fn call(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        self.call_raw(method, &format!("{path}?token={}", self.token), body.as_bytes())
    }

    fn call_raw(&self, method: &str, target: &str, body: &[u8]) -> (u16, String) {
        let mut req = format!(
            "{method} {target} HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        req.extend_from_slice(body);
        raw(self.port, &req)
    }

    /// The view once the game waits for the person or has ended (the raw answer and its JSON).
    fn settled(&self) -> (String, Value) {
        let start = Instant::now();
        loop {
            let (status, body) = self.call("GET", "/state", "");
            assert_eq!(status, 200, "{body}");
            let v: Value = serde_json::from_str(&body).unwrap();
            if v["waiting"] == true || v["over"] == true {
                return (body, v);
            }
            assert!(start.elapsed() < Duration::from_secs(60), "the bots never gave the turn back");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends SIGINT (Ctrl-C) and waits for the exit code.
    fn interrupt(&mut self) -> i32 {
        signal(self.child.id(), "INT");
        self.child.wait().unwrap().code().unwrap_or(-1)
    }
}

/// The local address of the socket listening on `port`, from /proc/net/tcp (hex, as the kernel
/// writes it: 0100007F is 127.0.0.1, 00000000 is every address).
fn listening_addresses(port: u16) -> Vec<String> {
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap()
        + &std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
    table
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (addr, p) = f.get(1)?.split_once(':')?;
            (u16::from_str_radix(p, 16).ok()? == port && f.get(3) == Some(&"0A")).then(|| addr.to_string())
        })
        .collect()
}

#[test]
fn the_server_listens_on_loopback_only_and_answers_only_with_its_token() {
    let game = start(&["--seed", "3"]);
    assert_eq!(listening_addresses(game.port), ["0100007F"], "listening on more than 127.0.0.1");
    assert_eq!(game.token.len(), 32);
    let other = start(&["--seed", "3"]);
    assert_ne!(game.token, other.token, "two servers, one token");
    // The token with its last digit changed.
    let wrong = format!("{}{}", &game.token[..31], if game.token.ends_with('0') { '1' } else { '0' });
    for target in [
        "/".to_string(),
        "/state".into(),
        "/state?token=".into(),
        format!("/state?token={wrong}"),
        format!("/state?token={}x", game.token),
        format!("/state?token={}", other.token),
        format!("/state?tok={}", game.token),
    ] {
        let (status, body) = game.call_raw("GET", &target, b"");
        assert_eq!(status, 403, "{target}: {body}");
        assert!(!body.contains("tile") && !body.contains("svg"), "{target} told: {body}");
    }
    let (status, body) = game.call_raw("POST", "/move", b"tile 0 0 0");
    assert_eq!(status, 403, "{body}");
    let (status, page) = game.call("GET", "/", "");
    assert_eq!(status, 200);
    let outside = page.replace("http://www.w3.org/2000/svg", "");
    assert!(
        page.contains("<script>") && !outside.contains("src=") && !outside.contains("http"),
        "the page loads something"
    );
    let (_, v) = game.settled();
    assert_eq!(v["status"], "your turn");
    assert_eq!(v["log"].as_array().unwrap().len(), 0, "a move was played without the token");
}

#[test]
fn malformed_requests_get_400_illegal_moves_a_message_and_the_server_goes_on() {
    let game = start(&["--seed", "4"]);
    game.settled();
    let token = &game.token;
    for body in [
        "",
        "\n",
        "tile",
        "tile a b c",
        "tile 1 2 45",
        "tile 99999999999 0 0",
        "follower XX",
        "p9: tile 0 0 0",
        "tile 0 0 0\ntile 0 0 0",
        "wall 1 2",
        "{\"move\":1}",
    ] {
        let (status, answer) = game.call("POST", "/move", body);
        assert_eq!(status, 400, "{body:?}: {answer}");
        assert!(!answer.is_empty());
    }
    let (status, _) = game.call_raw("POST", &format!("/move?token={token}"), &[0xff, 0xfe, b't']);
    assert_eq!(status, 400, "a body that is not UTF-8");
    let (status, _) = game.call("POST", "/move", &"x".repeat(5000));
    assert_eq!(status, 413);
    assert_eq!(game.call("PUT", "/move", "tile 0 0 0").0, 405);
    assert_eq!(game.call("GET", "/move", "").0, 405);
    assert_eq!(game.call("GET", "/nothing", "").0, 404);
    for garbage in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"\x00\x01\x02\r\n\r\n",
        format!("POST /move?token={token} HTTP/1.1\r\nContent-Length: -5\r\n\r\n").as_bytes(),
        format!("POST /move?token={token} HTTP/1.1\r\nContent-Length: 10\r\n\r\nti").as_bytes(),
    ] {
        let (status, _) = raw(game.port, garbage);
        assert!(status == 400 || status == 0 || status == 505, "{garbage:?} got {status}");
    }
    // An illegal move: refused with a message that says why; the game still waits.
    let (status, answer) = game.call("POST", "/move", "tile 5 5 0");
    assert_eq!(status, 422);
    assert!(answer.contains("tile 0 0 0"), "{answer}");
    let (status, answer) = game.call("POST", "/move", "p2: tile 0 0 0");
    assert_eq!(status, 422, "{answer}");
    let (_, v) = game.settled();
    assert_eq!(v["log"].as_array().unwrap().len(), 0);
    // And a legal one is played: the server survived everything above.
    let (status, answer) = game.call("POST", "/move", "tile 0 0 0");
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = game.call("POST", "/move", "follower none");
    assert!(status == 200 || status == 409, "{answer}");
    let (_, v) = game.settled();
    assert_eq!(v["log"][0], "p1: tile 0 0 0");
}

/// Plays the person's first choice until the game waits no more or `go_on` says stop; returns every
/// settled answer and every move answer, in order.
fn first_choices(game: &Game, go_on: &dyn Fn(&Value) -> bool) -> Vec<String> {
    let mut answers = Vec::new();
    loop {
        let (body, v) = game.settled();
        answers.push(body);
        if v["over"] == true || !go_on(&v) {
            return answers;
        }
        let mv = v["choices"][0]["text"].as_str().unwrap().to_string();
        let (status, answer) = game.call("POST", "/move", &mv);
        assert_eq!(status, 200, "{mv}: {answer}");
        answers.push(answer);
    }
}

/// A deal file: `base`'s header with pile 3's last tile swapped with the last earlier tile of pile
/// 3 of another type; returns the file's text and how many tiles are drawn before either moved one.
fn swapped_deal(base: &str) -> (String, usize) {
    let mut lines: Vec<String> = base.lines().map(String::from).collect();
    let k = lines.iter().position(|l| l.starts_with("pile3 ")).unwrap();
    let mut names: Vec<String> = lines[k].split_whitespace().skip(1).map(String::from).collect();
    let last = names.len() - 1;
    let j = (0..last).rev().find(|&j| names[j] != names[last]).unwrap();
    names.swap(j, last);
    lines[k] = format!("pile3 {}", names.join(" "));
    (lines.join("\n") + "\n", 30 + 25 + j)
}

#[test]
fn same_history_different_hidden_order_same_answers_and_ctrl_c_writes_the_record() {
    let dir = scratch("play-server-honesty");
    let a = dir.join("a.rec");
    let (code, _, err) = stadt(&["play", "--players", "3", "--seed", "9", "--record", a.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let header: String =
        std::fs::read_to_string(&a).unwrap().lines().take(6).map(|l| format!("{l}\n")).collect();
    std::fs::write(&a, &header).unwrap();
    let (b_text, same_until) = swapped_deal(&header);
    assert_ne!(b_text, header);
    let b = dir.join("b.rec");
    std::fs::write(&b, b_text).unwrap();
    let (ra, rb) = (dir.join("game-a.rec"), dir.join("game-b.rec"));
    let mut ga = start(&[
        "--players",
        "3",
        "--seed",
        "5",
        "--deal",
        a.to_str().unwrap(),
        "--record",
        ra.to_str().unwrap(),
    ]);
    let mut gb = start(&[
        "--players",
        "3",
        "--seed",
        "5",
        "--deal",
        b.to_str().unwrap(),
        "--record",
        rb.to_str().unwrap(),
    ]);
    // Tiles drawn so far (the one in hand included) = 75 - tiles left.
    let before_swap = |v: &Value| {
        let left: u64 = v["piles"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).sum();
        75 - (left as usize) < same_until
    };
    let answers_a = first_choices(&ga, &before_swap);
    let answers_b = first_choices(&gb, &before_swap);
    assert!(answers_a.len() > 40, "too short a comparison: {} answers", answers_a.len());
    assert_eq!(answers_a.len(), answers_b.len());
    for (i, (x, y)) in answers_a.iter().zip(&answers_b).enumerate() {
        assert!(x == y, "answer {i} differs between the two hidden orders");
    }
    // Ctrl-C: both stop, each writing the decisions made, which replay as a partial game.
    for (g, rec) in [(&mut ga, &ra), (&mut gb, &rb)] {
        assert_eq!(g.interrupt(), 130);
        let text = std::fs::read_to_string(rec).unwrap();
        let (code, out, err) = stadt(&["replay", "--partial", rec.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("score p1 "), "{out}");
        assert!(text.lines().filter(|l| l.starts_with("p1:")).count() > 20, "{text}");
    }
}

#[test]
fn the_server_stops_by_itself_at_the_end_writing_a_record_that_replays() {
    let dir = scratch("play-server-end");
    let rec = dir.join("game.rec");
    let mut game = start(&["--seed", "6", "--record", rec.to_str().unwrap()]);
    let answers = first_choices(&game, &|_| true);
    let last: Value = serde_json::from_str(answers.last().unwrap()).unwrap();
    assert_eq!(last["over"], true);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = game.child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the server goes on after the game ended");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let (code, out, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let p1 = last["players"][0]["points"][5].as_i64().unwrap();
    assert!(out.contains(&format!("final p1 score={p1} ")), "{out}");
    let html = dir.join("game.html");
    assert_eq!(stadt(&["replay", rec.to_str().unwrap(), "--html", html.to_str().unwrap()]).0, 0);
    assert!(Path::new(&html).is_file());
}

#[test]
fn port_fixes_the_port_and_bad_settings_are_refused_before_serving() {
    let free = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap().local_addr().unwrap().port();
    let game = start(&["--port", &free.to_string()]);
    assert_eq!(game.port, free);
    drop(game);
    let dir = scratch("play-server-refusals");
    let taken = dir.join("taken.rec");
    std::fs::write(&taken, "x").unwrap();
    let deal4 = dir.join("deal4.rec");
    let (code, _, err) = stadt(&["play", "--players", "4", "--record", deal4.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for (args, expect) in [
        (vec!["--human", "4", "--bots", "greedy,steerer"], "the seats are 1 to 3"),
        (vec!["--human", "0", "--bots", "greedy"], "the seats are 1 to 2"),
        (vec!["--human", "1", "--bots", "greedy,greedy,greedy,greedy"], "not 5 (R1)"),
        (vec!["--human", "1", "--bots", "nobot"], "nobot"),
        (vec!["--human", "1", "--bots", "greedy", "--svg", "x.svg"], "--svg and --show"),
        (vec!["--human", "1", "--bots", "greedy", "--record", taken.to_str().unwrap()], "taken.rec"),
        (vec!["--human", "1", "--bots", "greedy", "--deal", deal4.to_str().unwrap()], "for 4 players, not 2"),
        (vec!["--port", "8080", "--bots", "greedy"], "--human"),
        // --players with --human is checked as for a bots' game (issue trust, 6: it was ignored).
        (vec!["--human", "1", "--players", "4", "--bots", "greedy,steerer"], "for 4 players with the person"),
        (vec!["--human", "1", "--players", "5", "--bots", "greedy"], "--players must be 2, 3 or 4"),
    ] {
        let mut all = vec!["play"];
        all.extend(args.iter().copied());
        let (code, out, err) = stadt(&all);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(expect), "{args:?}: expected {expect:?} in {err}");
        assert!(!out.contains("http://"), "{args:?} served: {out}");
    }
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "x");
}

#[test]
fn a_person_plays_catan_on_the_generic_page_seeing_only_their_seat_and_the_record_replays() {
    person_plays_catan("play-server-catan", "random", "turns=40");
}

/// Städte und Ritter in the browser too (issue knights, item 7): three players, the person's
/// progress cards shown and the bots' only counted.
#[test]
fn a_person_plays_staedte_und_ritter_on_the_generic_page_and_the_record_replays() {
    person_plays_catan("play-server-knights", "random,greedy", "game=knights turns=30");
}

/// A person plays seat 2 of a game of Catan under `options` against `bots`, always the first
/// move offered; the page shows only the person's seat, and the record replays to the end printed.
fn person_plays_catan(folder: &str, bots: &str, options: &str) {
    let dir = scratch(folder);
    let rec = dir.join("catan.rec");
    let mut game = start_with(&[
        "--game",
        "catan",
        "play",
        "--human",
        "2",
        "--bots",
        bots,
        "--seed",
        "5",
        "--options",
        options,
        "--record",
        rec.to_str().unwrap(),
    ]);
    let (status, page) = game.call("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("play against the bots") && page.contains("id=\"moves\""), "{page}");
    let mut decisions = 0;
    let start = Instant::now();
    loop {
        let (status, body) = game.call("GET", "/state", "");
        assert_eq!(status, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        if v["over"] == true {
            assert!(v["picture"].as_str().unwrap().contains("the end of the game"), "{body}");
            break;
        }
        let moves = v["moves"].as_array().unwrap();
        if moves.is_empty() {
            assert!(start.elapsed() < Duration::from_secs(120), "the bots never gave the turn back");
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        let picture = v["picture"].as_str().unwrap();
        // The person's own cards are shown, the bot's hidden ones only counted.
        assert!(picture.contains("p2 you") && picture.contains(" hidden"), "{picture}");
        if decisions == 0 {
            let (status, body) = game.call("POST", "/move", "settle 99");
            assert_eq!(status, 422, "{body}");
            assert!(body.contains("not one of your"), "{body}");
        }
        let (status, body) = game.call("POST", "/move", moves[0].as_str().unwrap());
        assert_eq!(status, 200, "{body}");
        decisions += 1;
    }
    assert!(decisions > 10, "{decisions} decisions of the person");
    let code = game.child.wait().unwrap().code();
    assert_eq!(code, Some(0));
    let mut printed = String::new();
    game._stdout.read_to_string(&mut printed).unwrap();
    let (code, replayed, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(printed.ends_with(&replayed), "play printed\n{printed}\nreplay printed\n{replayed}");
}
