//! The command line: help for every command, clear errors and exit codes for bad input.

mod common;

use common::stadt;
use stadt_testkit::files::repo_path;
use stadt_testkit::scratch;

#[test]
fn help_explains_every_command_and_flag() {
    let (code, out, _) = stadt(&["--help"]);
    assert_eq!(code, 0);
    let flags: &[(&str, &[&str])] = &[
        ("play", &["--players", "--seed", "--bots", "--record", "--show", "--svg", "--tiles"]),
        ("replay", &["--partial", "--show", "--svg", "--upto", "--tiles"]),
        ("suggest", &["--bot", "--seed", "--tiles"]),
        ("bots", &[]),
        ("bench", &["--seconds", "--seed"]),
        (
            "tournament",
            &["--bots", "--players", "--games", "--seed", "--out", "--tiles", "--threads", "--quiet"],
        ),
        (
            "sprt",
            &[
                "--bot",
                "--against",
                "--elo0",
                "--elo1",
                "--alpha",
                "--beta",
                "--players",
                "--seed",
                "--max-games",
                "--out",
                "--tiles",
                "--threads",
                "--quiet",
            ],
        ),
        (
            "tune",
            &[
                "--bot",
                "--against",
                "--iterations",
                "--games-per-eval",
                "--verify-games",
                "--verify",
                "--seed",
                "--out",
                "--name",
                "--bot-dir",
                "--objective",
                "--a",
                "--c",
                "--threads",
                "--quiet",
            ],
        ),
    ];
    for (cmd, cmd_flags) in flags {
        assert!(out.contains(cmd), "{out}");
        let (code, help, _) = stadt(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd}");
        assert!(help.contains("Usage"), "{help}");
        for flag in *cmd_flags {
            // The flag's line in the options list carries an explanation, on it or just below.
            let lines: Vec<&str> = help.lines().collect();
            let i = lines
                .iter()
                .position(|l| {
                    let t = l.trim_start();
                    t.starts_with(&format!("{flag} ")) || t == *flag || t.starts_with(&format!("{flag}, "))
                })
                .unwrap_or_else(|| panic!("{cmd} --help has no {flag}:\n{help}"));
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            let explained =
                lines[i].split_whitespace().count() > 2 || (!next.is_empty() && !next.starts_with('-'));
            assert!(explained, "{cmd} {flag} is not explained:\n{help}");
        }
    }
}

#[test]
fn unknown_commands_and_flags_fail_clearly() {
    let (code, _, err) = stadt(&["fly"]);
    assert_eq!(code, 2);
    assert!(err.contains("unrecognized subcommand 'fly'"), "{err}");
    let (code, _, err) = stadt(&["play", "--colour", "red"]);
    assert_eq!(code, 2);
    assert!(err.contains("--colour"), "{err}");
    let (code, _, err) = stadt(&["play", "--players", "five"]);
    assert_eq!(code, 2);
    assert!(err.contains("five"), "{err}");
}

#[test]
fn play_rejects_bad_player_counts_and_bots() {
    let (code, _, err) = stadt(&["play", "--players", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("--players must be 2, 3 or 4"), "{err}");
    let (code, _, err) = stadt(&["play", "--bots", "wizard"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot `wizard`") && err.contains("random"), "{err}");
    let (code, _, err) = stadt(&["play", "--players", "3", "--bots", "random,random"]);
    assert_eq!(code, 2);
    assert!(err.contains("2 bots for 3 players"), "{err}");
    let (code, _, err) = stadt(&["play", "--bots", "random:speed=3"]);
    assert_eq!(code, 2);
    assert!(err.contains("takes no parameters"), "{err}");
}

#[test]
fn play_writes_a_record_that_replays_to_the_same_scores_and_never_overwrites() {
    let dir = scratch("cli-record");
    let rec = dir.join("game.rec");
    let (code, out, err) =
        stadt(&["play", "--players", "4", "--seed", "9", "--record", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("final p")).count(), 4);
    let (code, out2, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, out2);
    let before = std::fs::read_to_string(&rec).unwrap();
    let (code, _, err) = stadt(&["play", "--seed", "10", "--record", rec.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&rec).unwrap(), before);
}

#[test]
fn replay_reports_the_line_of_an_illegal_decision_with_exit_code_2() {
    let dir = scratch("cli-illegal");
    let (rec, good) = (dir.join("bad.rec"), dir.join("good.rec"));
    stadt(&["play", "--seed", "4", "--record", good.to_str().unwrap()]);
    let text = std::fs::read_to_string(&good).unwrap();
    // Move the second tile somewhere it cannot go.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let i = lines.iter().position(|l| l.starts_with("p2: tile")).unwrap();
    lines[i] = "p2: tile 40 40 0".into();
    std::fs::write(&rec, lines.join("\n")).unwrap();
    let (code, out, err) = stadt(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains(&format!("line {}:", i + 1)) && err.contains("(40,40)"), "{err}");
    let (code, _, err) = stadt(&["replay", "/no/such/record"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn show_draws_the_city() {
    let (code, out, _) = stadt(&["play", "--seed", "2", "--show"]);
    assert_eq!(code, 0);
    assert!(out.contains("legend:") && out.contains("+-----+"), "{out}");
}

#[test]
fn tile_sets_load_from_files_and_bad_ones_are_named() {
    let dir = scratch("cli-tiles");
    let good = dir.join("tiles.txt");
    std::fs::write(&good, die_stadt::tiles::DEFAULT_TILES).unwrap();
    let (code, _, err) = stadt(&["play", "--tiles", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let bad = dir.join("bad-tiles.txt");
    std::fs::write(
        &bad,
        die_stadt::tiles::DEFAULT_TILES
            .replace("| a1b bbb b1a aaa | a,b=H | 0 |", "| a1b bbb b1a aaq | a,b=H | 0 |"),
    )
    .unwrap();
    let (code, _, err) = stadt(&["play", "--tiles", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown letter `q`") && err.contains("line "), "{err}");
    let (code, _, err) = stadt(&["play", "--tiles", "/nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read tile set file"), "{err}");
}

#[test]
fn r15_replay_refuses_a_gate_facing_a_pocket_naming_its_line() {
    let path = repo_path("crates/die-stadt/tests/data/seed7-pocket-gate.rec");
    let line =
        std::fs::read_to_string(&path).unwrap().lines().position(|l| l.contains("gate -1 0 0 0")).unwrap()
            + 1;
    let (code, out, err) = stadt(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!("line {line}:")) && err.contains("outside the city") && err.contains("R15"),
        "{err}"
    );
}

#[test]
fn the_bots_listing_names_every_bot_and_parameter_with_defaults_and_ranges() {
    let (code, text, err) = stadt(&["bots"]);
    assert_eq!(code, 0, "{err}");
    for def in die_stadt_bots::registry::BOTS.every() {
        let head = format!("{}: {}", def.name, def.summary);
        assert!(text.contains(&head), "{}", def.name);
        // The bot's own lines: two bots may share a parameter's name and help.
        let block: Vec<&str> =
            text.lines().skip_while(|l| *l != head).skip(1).take_while(|l| l.starts_with("    ")).collect();
        for p in def.params {
            let line = block
                .iter()
                .find(|l| l.trim_start().starts_with(&format!("{} ", p.key)) && l.contains(p.help));
            let line = line.unwrap_or_else(|| panic!("{} {} not listed", def.name, p.key));
            assert!(line.contains(p.default) && line.contains(&p.kind.describe()), "{line}");
        }
    }
}
