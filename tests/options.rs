//! Game options as a user gives them (issue 56, typed options): one reader for `--options`,
//! experiment files, records and an alias's preset. A value in double quotes holds blanks and
//! commas (a Catan board file in such a folder plays a tournament); a value quoted needlessly
//! reads the same; every kind of error exits 2 naming the word, the option and its rule, before
//! anything is written; the house rules keep section 13.13's order.

mod common;
use common::stadt;
use stadt_testkit::{Csv, assert_refused, scratch};
use std::path::Path;

/// A Catan tournament of `players` random bots, 2 games, into `out`, with `extra` arguments.
fn catan_tournament(out: &Path, players: usize, extra: &[&str]) -> stadt_testkit::Outcome {
    let bots = vec!["random"; players].join(",");
    let players = players.to_string();
    let mut args = vec![
        "--game",
        "catan",
        "tournament",
        "--bots",
        &bots,
        "--players",
        &players,
        "--games",
        "2",
        "--quiet",
    ];
    args.extend(extra);
    args.extend(["--out", out.to_str().unwrap()]);
    stadt(&args)
}

/// The board of a game of Catan dealt from seed 5, as a board file's lines.
fn a_board(dir: &Path) -> Vec<String> {
    let rec = dir.join("dealt.rec");
    let (code, _, err) = stadt(&[
        "--game",
        "catan",
        "play",
        "--players",
        "2",
        "--seed",
        "5",
        "--bots",
        "random",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(rec).unwrap();
    let board: Vec<String> = text.lines().skip(5).take(4).map(str::to_string).collect();
    assert_eq!(board[0], "stadt-catan-board 1", "{text}");
    board
}

#[test]
fn a_board_file_in_a_folder_with_a_blank_and_a_comma_plays_given_quoted() {
    let dir = scratch("options-quoted-board");
    let board = a_board(&dir);
    let folder = dir.join("my boards, new");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("a,b c.board");
    std::fs::write(&file, board.join("\n") + "\n").unwrap();
    let path = file.to_str().unwrap();
    assert!(!path.contains('"') && !path.contains('\\'), "the scratch path quotes plainly: {path}");

    // On the command line, quoted, beside another option and a comma.
    let options = format!("board=\"{path}\",turns=500");
    let out = dir.join("cli");
    let (code, _, err) = catan_tournament(&out, 2, &["--records", "--options", &options]);
    assert_eq!(code, 0, "{err}");
    for game in 0..2 {
        let text = std::fs::read_to_string(out.join(format!("records/{game}.rec"))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[5..9], board[..], "game {game} is played on the board file");
        assert!(lines[2].contains("turns=500"), "{}", lines[2]);
    }
    // The same command resumes the finished folder; unquoted, the path is no board.
    let (code, _, err) = catan_tournament(&out, 2, &["--records", "--options", &options]);
    assert_eq!(code, 0, "{err}");
    let unquoted = format!("board={path}");
    assert_refused(
        catan_tournament(&dir.join("unquoted"), 2, &["--options", &unquoted]),
        &["`boards` is not name=value"],
    );

    // In an experiment file, relative to it: the manifest records the resolved path quoted.
    let experiment = folder.join("fixed.toml");
    std::fs::write(
        &experiment,
        "game = \"catan\"\nbots = [\"random\", \"random\"]\nplayers = 2\ngames = 2\nseed = 3\nout = \"fixed\"\noptions = 'board=\"a,b c.board\" discard=random'\n",
    )
    .unwrap();
    let (code, _, err) = stadt(&["tournament", experiment.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let manifest = std::fs::read_to_string(folder.join("fixed/manifest.toml")).unwrap();
    let recorded = format!("board=\"{path}\" discard=random");
    let toml: toml::Table = manifest.parse().unwrap();
    let got = toml.get("options").and_then(|v| v.as_str());
    assert_eq!(got, Some(recorded.as_str()), "{manifest}");
}

#[test]
fn a_value_quoted_needlessly_or_split_by_commas_is_read_the_same() {
    let dir = scratch("options-needless-quotes");
    let run = |name: &str, options: &str| {
        let out = dir.join(name);
        let (code, _, err) = catan_tournament(&out, 2, &["--options", options]);
        assert_eq!(code, 0, "{options}: {err}");
        let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
        let rules = manifest.lines().find(|l| l.starts_with("rules = ")).unwrap_or_default().to_string();
        (rules, Csv::read(&out.join("games.csv")).without(&["decision_ms"]))
    };
    let plain = run("plain", "discard=random turns=300");
    assert!(plain.0.contains("discard=random") && plain.0.contains("turns=300"), "{}", plain.0);
    let quoted = run("quoted", "discard=\"random\", turns=\"300\"");
    assert_eq!(plain, quoted, "the same rules and the same games");
}

#[test]
fn every_kind_of_bad_options_exits_2_naming_the_word_the_option_and_its_rule() {
    let dir = scratch("options-errors");
    let cases: [(&str, &[&str]); 9] = [
        ("bogus=1", &["`bogus` is no option of catan: its options are shortage", "card_played_is_played"]),
        ("turns=0", &["`turns=0`", "option `turns` (C39)", "a whole number from 1 to 65535"]),
        ("discard=maybe", &["`maybe` is no value of option `discard` (C29): it takes choose or random"]),
        (
            "shortage",
            &["`shortage` is not name=value, nor a word that stands alone (catanatron, catanatron3_3)"],
        ),
        ("catanatron=yes", &["`catanatron` (section 11) stands alone and takes no value"]),
        ("win=own_turn win=any_time", &["`win` (C38) is named twice, `win=own_turn` and `win=any_time`"]),
        ("board=\"a b", &["`board=\"a b`: the quoted value has no closing"]),
        ("board=\"a\\qb\"", &["backslash stands only before"]),
        ("board=a\"b", &["`board=a\"b`: a `\"` stands only around a whole value"]),
    ];
    for (i, (options, expect)) in cases.iter().enumerate() {
        let out = dir.join(format!("r{i}"));
        let err = assert_refused(catan_tournament(&out, 2, &["--options", options]), expect);
        assert!(err.contains("`stadt games` lists catan's options"), "{err}");
        assert!(!out.exists(), "{options}: a refused run wrote its folder");
    }
    // The other games: Kartenspitze's hand (T2), Die Stadt's tiles (not an option word).
    assert_refused(
        stadt(&["--game", "kartenspitze", "play", "--bots", "random", "--options", "hand=9"]),
        &["`hand=9`: `9` is no value of option `hand` (T2): it takes a whole number from 2 to 5"],
    );
    assert_refused(
        stadt(&["play", "--bots", "random", "--options", "tiles=default"]),
        &["`tiles` (section 8) of die-stadt is given as --tiles FILE"],
    );
    // An alias's preset: an option it sets is refused, quoted or not.
    assert_refused(
        stadt(&["--game", "staedte-und-ritter", "play", "--bots", "random", "--options", "game=\"knights\""]),
        &["the game `staedte-und-ritter` sets game itself (game=knights)"],
    );
}

#[test]
fn house_rules_keep_their_order_a_rule_alone_wins_and_a_clash_is_refused() {
    let dir = scratch("options-house");
    let rules = |name: &str, options: &str| -> String {
        let out = dir.join(name);
        let (code, _, err) = catan_tournament(&out, 3, &["--options", options]);
        assert_eq!(code, 0, "{options}: {err}");
        let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
        manifest.lines().find(|l| l.starts_with("rules = ")).unwrap().to_string()
    };
    // house= sets every rule first; a rule named alone wins, before or after it.
    let before = rules("before", "game=knights diplomat=official house=cuxtan");
    let after = rules("after", "game=knights,house=cuxtan,diplomat=official");
    assert_eq!(before, after);
    assert!(
        before.contains("shortage=h1")
            && before.contains("diplomat=official")
            && before.contains("saboteur=cuxtan"),
        "{before}"
    );
    // shortage named alone wins over house= too.
    let shortage = rules("shortage", "game=knights house=cuxtan shortage=official");
    assert!(shortage.contains("shortage=official") && shortage.contains("saboteur=cuxtan"), "{shortage}");
    // The same rule twice with two values, house= twice, house rules outside the expansion.
    let refused: [(&str, &str); 4] = [
        ("game=knights diplomat=official diplomat=cuxtan", "`diplomat` (H7) is named twice"),
        ("game=knights house=cuxtan house=official", "`house` (H1-H14) is named twice"),
        ("game=knights shortage=h1 shortage=official", "`shortage` (C16, H1) is named twice"),
        ("house=cuxtan", "`house` is an option of Städte und Ritter (game=knights"),
    ];
    for (i, (options, expect)) in refused.iter().enumerate() {
        let out = dir.join(format!("r{i}"));
        assert_refused(catan_tournament(&out, 3, &["--options", options]), &[expect]);
        assert!(!out.exists());
    }
}
