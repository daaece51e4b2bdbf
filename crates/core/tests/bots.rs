//! The game-free bot layer on a game that is not Die Stadt (the counting game of `common`): specs
//! checked against a bot's parameters, full specs, bot files of the game found by path or by name,
//! and errors that name the game, the file, the bot, the parameter and the valid values.

mod common;

use common::CountdownKind;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, BotSpec, Full};
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::listing::Listing;
use stadt_core::bots::params::{ParamDef, ParamKind, Params, defaulted, joined};
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;
use stadt_core::seat::Seat;
use std::path::PathBuf;

/// Takes `k` whenever it can, else 1.
struct Take(u32);

impl Agent<CountdownKind> for Take {
    fn act(&mut self, obs: &&common::Countdown, _: &mut Pcg64Mcg) -> u32 {
        if obs.left >= self.0 { self.0 } else { 1 }
    }
}

/// `take`: two parameters always named, a third (added later) named only when set.
static TAKE: BotDef<CountdownKind> = BotDef {
    name: "take",
    summary: "takes k each turn",
    params: &[
        ParamDef { key: "k", default: "1", help: "how many", kind: ParamKind::Int { min: 1, max: 3 } },
        ParamDef {
            key: "w",
            default: "1.0",
            help: "a weight",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef { key: "later", default: "5", help: "added later", kind: ParamKind::Int { min: 0, max: 9 } },
    ],
    full: Full::Changed { after: 2 },
    build: |p: &Params| Box::new(Take(p.int("k") as u32)),
};

static ONE: BotDef<CountdownKind> = BotDef {
    name: "one",
    summary: "takes 1",
    params: &[],
    full: Full::Every,
    build: |_: &Params| Box::new(Take(1)),
};

static PROCESS: BotDef<CountdownKind> = process::bot(|_: &Params| Box::new(Take(1)));

/// The counting game's bots: its files name the game.
static BOTS: Roster<CountdownKind> =
    Roster { game: "countdown", bots: &[&TAKE, &ONE], process: &PROCESS, bare_files: false };

/// The same bots, reading files without a `game` line as the game's.
static BARE: Roster<CountdownKind> =
    Roster { game: "countdown", bots: &[&TAKE, &ONE], process: &PROCESS, bare_files: true };

/// A fresh folder for this test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stadt-core-bots-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn parse(text: &str) -> Result<BotSpec<CountdownKind>, String> {
    BOTS.parse_bot(text, &BotDirs::none()).map_err(|e| e.to_string())
}

#[test]
fn a_spec_is_checked_against_its_bots_parameters_and_its_full_spec_names_what_its_entry_says() {
    let plain = parse("take").unwrap();
    assert_eq!((plain.full(), plain.label.as_str()), ("take:k=1,w=1.0".to_string(), "take"));
    assert_eq!(parse(" take: k = 3 ").unwrap().full(), "take:k=3,w=1.0");
    // A later parameter is named when set away from its default, compared as a value.
    assert_eq!(parse("take:later=6").unwrap().full(), "take:k=1,w=1.0,later=6");
    assert_eq!(parse("take:later=05").unwrap().full(), "take:k=1,w=1.0");
    assert_eq!(parse("one").unwrap().full(), "one");
    assert_eq!(parse("take:k=2").unwrap().with_real("w", 2.5).unwrap().full(), "take:k=2,w=2.5");
    for (bad, says) in [
        ("take:k=4", "bot `take`: k=4 is not a whole number from 1 to 3"),
        ("take:w=x", "bot `take`: w=x is not a number from 0 to 10"),
        ("take:speed=1", "bot `take` has no parameter `speed`; its parameters are: k, w, later"),
        ("one:k=1", "bot `one` takes no parameters, but `k` was given"),
        ("take:k=1,k=2", "bot `take`: parameter `k` is given twice"),
        ("take,one", "`take,one` names 2 bots where one is expected"),
        (
            "nope",
            "unknown bot `nope`; the bots are: take, one (countdown's); bot files (no bot folders): none",
        ),
    ] {
        assert_eq!(parse(bad).unwrap_err(), says, "{bad}");
    }
    // The same settings are the same bot.
    assert_eq!(parse("take:k=2").unwrap(), parse("take: k = 2").unwrap());
    assert_ne!(parse("take:k=2").unwrap(), parse("take:k=3").unwrap());
}

#[test]
fn a_path_is_told_from_a_name_in_one_place() {
    for (text, path) in [
        ("mine.bot", true),
        ("bots/mine", true),
        ("take", false),
        ("take:k=2", false),
        // A spec of one of the game's bots even with a slash in a value; a spec of no bot is a path.
        ("take:later=1/2", false),
        ("nope:x=a/b", true),
    ] {
        assert_eq!(BOTS.is_file_path(text), path, "{text}");
    }
}

#[test]
fn bot_files_name_their_game_and_are_found_by_path_or_by_name_in_the_bot_folders() {
    let dir = folder("files");
    let mine = dir.join("mine.bot");
    std::fs::write(&mine, "# my bot\ngame = countdown\nbot = take\nk = 2  # two\n").unwrap();
    let spec = BOTS.parse_bot(&mine.to_string_lossy(), &BotDirs::none()).unwrap();
    assert_eq!((spec.full(), spec.label.as_str()), ("take:k=2,w=1.0".to_string(), "mine"));
    let dirs = BotDirs::only(&[&dir]);
    assert_eq!(BOTS.parse_bot("mine", &dirs).unwrap(), spec);
    // Written back, the spec reads the same.
    let text = BOTS.file_text(&spec, "tuned\nby hand");
    assert!(text.starts_with("# tuned\n# by hand\ngame = countdown\nbot = take\nk = 2\n"), "{text}");
    let copy = dir.join("copy.bot");
    std::fs::write(&copy, &text).unwrap();
    let read = BOTS.parse_file(&copy.to_string_lossy()).unwrap();
    let p = &read.params;
    assert_eq!((p.int("k"), p.real("w"), p.int("later"), p.changed("later")), (2, 1.0, 5, false));
    assert!(!BARE.file_text(&spec, "").contains("game ="));
    // Files of another game, or of none, are refused naming the file and both games.
    let bare = dir.join("bare.bot");
    std::fs::write(&bare, "bot = take\n").unwrap();
    let chess = dir.join("chess.bot");
    std::fs::write(&chess, "game = chess\nbot = take\n").unwrap();
    let path = |p: &PathBuf| p.to_string_lossy().into_owned();
    assert_eq!(
        BOTS.parse_file(&path(&bare)).unwrap_err().to_string(),
        format!("bot file {}: a bot file of countdown needs the line `game = countdown`", path(&bare))
    );
    assert!(BARE.parse_file(&path(&bare)).is_ok());
    assert_eq!(
        BOTS.parse_file(&path(&chess)).unwrap_err().to_string(),
        format!(
            "bot file {} is for the game `chess` (its `game` line), but its bots play countdown",
            path(&chess)
        )
    );
    assert!(BOTS.owns_file(&mine) && !BOTS.owns_file(&bare) && !BOTS.owns_file(&chess));
    assert!(BARE.owns_file(&bare));
    // An unknown name lists the game's own files only.
    let err = BOTS.parse_bot("nope", &dirs).unwrap_err().to_string();
    assert!(err.ends_with(&format!("bot files ({}): copy, mine", dir.display())), "{err}");
    for (text, says) in [
        ("game = countdown\nk = 2\n", "has no `bot = NAME` line"),
        ("game = countdown\nbot = take\nk\n", "line 3: expected `key = value`"),
        ("game = countdown\nbot = nope\n", "unknown bot `nope`; the bots are: take, one"),
        ("game = countdown\nbot = take\nk = 7\n", "bot `take`: k=7 is not a whole number from 1 to 3"),
    ] {
        let bad = dir.join("bad.bot");
        std::fs::write(&bad, text).unwrap();
        let err = BOTS.parse_file(&path(&bad)).unwrap_err().to_string();
        assert!(err.starts_with(&format!("bot file {}", path(&bad))) && err.contains(says), "{err}");
    }
    let missing = dir.join("missing.bot");
    assert_eq!(
        BOTS.parse_bot(&path(&missing), &dirs).unwrap_err().to_string(),
        format!("bot file {} does not exist", path(&missing))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_process_bot_is_chosen_by_a_bot_file_of_the_game_and_can_forfeit() {
    let dir = folder("process");
    let file = dir.join("outside.bot");
    std::fs::write(&file, "game = countdown\nbot = process\ncommand = python3 bot.py\ntime = 2\n").unwrap();
    let spec = BOTS.parse_file(&file.to_string_lossy()).unwrap();
    assert_eq!(spec.def.name, process::NAME);
    assert!(spec.can_forfeit() && !parse("take").unwrap().can_forfeit());
    let settings = process::Settings::of(&spec.params).unwrap();
    assert_eq!(settings.launch.command, ["python3", "bot.py"]);
    assert_eq!(settings.launch.dir, dir.canonicalize().unwrap());
    assert!(spec.params.text("bot_file_sha256").len() == 64);
    std::fs::write(&file, "game = countdown\nbot = process\ncommand = python3 bot.py\ndir = ..\n").unwrap();
    let err = BOTS.parse_file(&file.to_string_lossy()).unwrap_err().to_string();
    assert!(
        err.contains("line 4: `dir = ..` leads to") && err.contains("outside the bot file's folder"),
        "{err}"
    );
    std::fs::write(&file, "game = countdown\nbot = process\n").unwrap();
    let err = BOTS.parse_file(&file.to_string_lossy()).unwrap_err().to_string();
    assert!(err.contains("`command` is missing"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_listing_sees_the_bots_without_the_games_type() {
    let list: &dyn Listing = &BOTS;
    assert_eq!(list.game(), "countdown");
    assert_eq!(list.bot_names(), ["take", "one"]);
    let names: Vec<&str> = list.entries().iter().map(|e| e.0).collect();
    assert_eq!(names, ["take", "one", "process"]);
}

/// A bot that takes another's parameters (a search taking its value's weights) joins the two
/// lists in a const, its own first, and may give one of the other's its own default; both are
/// read by a spec like any parameter list.
#[test]
fn joined_parameter_lists_keep_their_order_and_defaulted_sets_one_default() {
    const OWN: [ParamDef; 1] = [ParamDef {
        key: "samples",
        default: "8",
        help: "samples",
        kind: ParamKind::Int { min: 1, max: 100 },
    }];
    const OTHER: [ParamDef; 2] = [
        ParamDef { key: "w_a", default: "1", help: "a", kind: ParamKind::Real { min: 0.0, max: 10.0 } },
        ParamDef { key: "w_b", default: "2", help: "b", kind: ParamKind::Real { min: 0.0, max: 10.0 } },
    ];
    const ALL: [ParamDef; 3] = defaulted(joined(&OWN, &OTHER), "w_b", "5");
    let keys: Vec<&str> = ALL.iter().map(|p| p.key).collect();
    assert_eq!(keys, ["samples", "w_a", "w_b"]);
    let defaults: Vec<&str> = ALL.iter().map(|p| p.default).collect();
    assert_eq!(defaults, ["8", "1", "5"]);
    assert_eq!(OTHER[1].default, "2", "the other bot's list is left as it was");
}
