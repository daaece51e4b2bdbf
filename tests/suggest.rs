//! `stadt suggest`: the next decision of a bot for a partial record, the same whatever the piles
//! hold in the tiles not drawn yet, reproducible from its seed, and clear errors for bad input.

mod common;

use common::stadt;
use die_stadt::record::{self, Record, Tiles};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_testkit::bots::{every_bot, reshuffled_after};
use stadt_testkit::scratch;
use std::path::Path;

/// A whole game record written by `stadt play` (greedy, steerer, random and greedy in the seats).
fn played(dir: &Path, players: usize, seed: u64) -> String {
    let path = dir.join(format!("game-{players}-{seed}.rec"));
    let bots = ["greedy", "steerer", "random", "greedy"][..players].join(",");
    let (players, seed) = (players.to_string(), seed.to_string());
    let args =
        ["play", "--players", &players, "--seed", &seed, "--bots", &bots, "--record", path.to_str().unwrap()];
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(path).unwrap()
}

/// The record cut after its first `lines` lines, and the same with the tiles not yet drawn at that
/// point reshuffled in the piles; None when those tiles cannot come in another order.
fn cut_and_reshuffled(text: &str, lines: usize, seed: u64) -> Option<(String, String)> {
    let cut = head(text, lines);
    let rec = Record::parse(&cut, Tiles::Default).unwrap();
    let out = record::replay(&rec, true).unwrap();
    let drawn = out.game.table().drawn();
    let order = reshuffled_after(&rec.order, drawn, &mut Pcg64Mcg::seed_from_u64(seed))?;
    let header = record::header(rec.players, &rec.tiles, rec.tileset, &order, rec.seed);
    let decisions: String =
        cut.lines().skip_while(|l| !l.starts_with("p1: tile")).map(|l| format!("{l}\n")).collect();
    Some((cut, header + &decisions))
}

fn suggest(bot: &str, record: &Path, seed: u64) -> String {
    let (code, out, err) =
        stadt(&["suggest", "--bot", bot, record.to_str().unwrap(), "--seed", &seed.to_string()]);
    assert_eq!(code, 0, "suggest --bot {bot} {}: {err}", record.display());
    assert_eq!(out.lines().count(), 1, "one line: {out:?}");
    out.trim_end().to_string()
}

#[test]
fn every_bot_suggests_the_same_whatever_the_tiles_not_yet_drawn() {
    let d = scratch("suggest-honest");
    let bots = every_bot("iters=200");
    let mut checked = 0;
    for players in 2..=4 {
        let text = played(&d, players, 40 + players as u64);
        let first = text.lines().position(|l| l.starts_with("p1: tile")).unwrap();
        let total = text.lines().count();
        for (k, lines) in (first + 1..total).step_by((total - first) / 7).enumerate() {
            let Some((cut, other)) = cut_and_reshuffled(&text, lines, k as u64) else { continue };
            let (a, b) = (d.join("a.rec"), d.join("b.rec"));
            std::fs::write(&a, &cut).unwrap();
            std::fs::write(&b, &other).unwrap();
            for bot in &bots {
                let seed = 7 + k as u64;
                let (sa, sb) = (suggest(bot, &a, seed), suggest(bot, &b, seed));
                assert_eq!(
                    sa, sb,
                    "{bot}, {players} players, after line {lines}: the piles' hidden part changed the suggestion"
                );
                assert_eq!(suggest(bot, &a, seed), sa, "{bot}: the same seed gives the same suggestion");
                // The suggestion is a legal next line of the record.
                std::fs::write(d.join("next.rec"), format!("{cut}{sa}\n")).unwrap();
                let (code, _, err) = stadt(&["replay", "--partial", d.join("next.rec").to_str().unwrap()]);
                assert_eq!(code, 0, "{bot} suggested `{sa}`: {err}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked} suggestions checked");
}

#[test]
fn suggest_names_bad_input_with_exit_code_2() {
    let d = scratch("suggest-bad");
    let text = played(&d, 2, 3);
    let whole = d.join("whole.rec");
    std::fs::write(&whole, &text).unwrap();
    let (code, out, err) = stadt(&["suggest", "--bot", "greedy", whole.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("the game is over"), "{err}");
    let part = d.join("part.rec");
    let first = text.lines().position(|l| l.starts_with("p1: tile")).unwrap();
    std::fs::write(&part, head(&text, first + 5)).unwrap();
    let (code, _, err) = stadt(&["suggest", "--bot", "wizard", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot `wizard`") && err.contains("greedy"), "{err}");
    let (code, _, err) = stadt(&["suggest", "--bot", "mcts:speed=3", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no parameter `speed`"), "{err}");
    let (code, _, err) = stadt(&["suggest", "--bot", "greedy", "/no/such.rec"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let bad = d.join("bad.rec");
    std::fs::write(&bad, head(&text, first + 2) + "p1: tile 40 40 0\n").unwrap();
    let (code, _, err) = stadt(&["suggest", "--bot", "greedy", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("line {}:", first + 3)), "{err}");
    let (code, _, err) = stadt(&["suggest", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--bot"), "{err}");
}

/// The record of one game of Catan played by `stadt --game catan tournament` with `settings`
/// (bots, players, ...) into `dir`.
fn catan_record(dir: &Path, settings: &[&str]) -> String {
    let run = dir.join("run");
    let mut args = vec!["--game", "catan", "tournament", "--games", "1", "--records", "--quiet"];
    args.extend_from_slice(settings);
    args.extend(["--out", run.to_str().unwrap()]);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(run.join("records/0.rec")).unwrap()
}

/// The first `n` lines of `text`.
fn head(text: &str, n: usize) -> String {
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

/// A cut Catan record with the undrawn part of its deck (below the cards the cut's `buy` lines
/// drew) reversed: the same game so far, other hidden cards to come.
fn catan_deck_reversed(cut: &str) -> String {
    let drawn = cut.lines().filter(|l| l.ends_with(": buy")).count();
    cut.lines()
        .map(|l| match l.strip_prefix("deck ") {
            Some(cards) => {
                let mut cards: Vec<&str> = cards.split_whitespace().collect();
                cards[drawn..].reverse();
                format!("deck {}\n", cards.join(" "))
            }
            None => format!("{l}\n"),
        })
        .collect()
}

#[test]
fn catan_suggest_gives_a_legal_move_reproducibly_and_unchanged_by_the_order_of_the_undrawn_deck() {
    let d = scratch("suggest-catan");
    let text =
        catan_record(&d, &["--bots", "random,greedy,mcts:iters=30,random", "--players", "4", "--seed", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    let (part, other, with) = (d.join("part.rec"), d.join("other.rec"), d.join("with.rec"));
    let mut asked = 0;
    // Each cut ends before a decision: a record of version 2 that stops before a chance outcome
    // (a `chance:` line next) has no decision to suggest.
    let before_decision = |n: usize| (n..lines.len()).find(|&k| lines[k].starts_with('p'));
    for cut in [25, 26, 120, 333, 600].into_iter().filter_map(before_decision) {
        let cut_text = head(&text, cut);
        let seat = lines[cut].split_once(':').unwrap().0;
        std::fs::write(&part, &cut_text).unwrap();
        std::fs::write(&other, catan_deck_reversed(&cut_text)).unwrap();
        for bot in ["greedy", "mcts:iters=50", "random"] {
            let mv = suggest(bot, &part, 3);
            assert_eq!(suggest(bot, &part, 3), mv, "the same seed, the same suggestion");
            assert_eq!(suggest(bot, &other, 3), mv, "{bot} at line {cut}: the undrawn cards changed it");
            std::fs::write(&with, format!("{cut_text}{seat}: {mv}\n")).unwrap();
            let (code, _, err) = stadt(&["replay", "--partial", with.to_str().unwrap()]);
            assert_eq!(code, 0, "{bot} at line {cut} suggested `{mv}`, which the replay refuses: {err}");
            asked += 1;
        }
    }
    assert!(asked >= 9, "{asked}");
    // A bot in another program is shown the public record and answers too.
    if stadt_testkit::tools::require("python3", "the Python example bot").is_some() {
        let file = stadt_testkit::files::repo_path("bots/examples/random-python-catan.bot");
        assert!(!suggest(file.to_str().unwrap(), &part, 3).is_empty());
    }
    let whole = d.join("whole.rec");
    std::fs::write(&whole, &text).unwrap();
    let (code, _, err) = stadt(&["suggest", "--bot", "greedy", whole.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("the game is over"), "{err}");
    let (code, _, err) =
        stadt(&["--game", "die-stadt", "suggest", "--bot", "greedy", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1: a record of catan, not of die-stadt"), "{err}");
    let (code, _, err) = stadt(&["suggest", "--bot", "steerer", part.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown bot `steerer`; the bots are: random, mcts, greedy, lookahead (catan's)"),
        "{err}"
    );
    let bad = head(&text, 30) + "p1: fly 3\n";
    std::fs::write(&with, bad).unwrap();
    let (code, _, err) = stadt(&["suggest", "--bot", "greedy", with.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 31"), "{err}");
    // Cut before the dice's outcome: no decision yet, exit 2 naming what is missing.
    let dice = lines.iter().position(|l| l.starts_with("chance: dice ")).unwrap();
    std::fs::write(&with, head(&text, dice)).unwrap();
    let (code, _, err) = stadt(&["suggest", "--bot", "greedy", with.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("the record stops before the dice (`chance: dice ...`)"), "{err}");
}

/// A Catan bot in another program that writes the options its new game names to `told.txt` and
/// plays the first move it is offered.
const TOLD: &str = r#"
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "new_game":
        open("told.txt", "w").write(m["options"])
    elif m["type"] == "decide":
        print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)
"#;

#[test]
fn catan_suggest_tells_a_bot_in_another_program_the_records_options() {
    if stadt_testkit::tools::require("python3", "the logging bot").is_none() {
        return;
    }
    let d = scratch("suggest-catan-options");
    let text = catan_record(&d, &["--bots", "random,greedy", "--players", "2", "--options", "catanatron"]);
    let options = text.lines().find_map(|l| l.strip_prefix("options ")).unwrap().trim().to_string();
    assert!(options.contains("discard=random"), "{options}");
    let part = d.join("part.rec");
    std::fs::write(&part, head(&text, 40)).unwrap();
    std::fs::write(d.join("told.py"), TOLD).unwrap();
    let bot = d.join("told.bot");
    std::fs::write(&bot, "game = catan\nbot = process\ncommand = python3 told.py\n").unwrap();
    suggest(bot.to_str().unwrap(), &part, 1);
    assert_eq!(std::fs::read_to_string(d.join("told.txt")).unwrap().trim(), options);
}
