//! The slow reference (issue 58): a second implementation of the rules, written from rules.md and
//! data.md, checks every step of random games of the engine under the base and strategic rules
//! with 2 to 5 players.

#[path = "reference/mod.rs"]
mod checker;

use checker::{Counts, check_game};
use stadt_unbezwingbare::data::DataSet;
use stadt_unbezwingbare::{Material, Options};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The test set (tests/data), leaked once.
fn test_set() -> &'static Material {
    static M: OnceLock<&'static Material> = OnceLock::new();
    M.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        Material::leak(DataSet::load_dir(&dir).expect("the test set loads"))
    })
}

/// The shipped invented set, leaked once.
fn invented() -> &'static Material {
    static M: OnceLock<&'static Material> = OnceLock::new();
    M.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/invented");
        Material::leak(DataSet::load_dir(&dir).expect("the invented set loads"))
    })
}

/// The configurations checked: rule set, players, two-player variant.
fn configs() -> Vec<(&'static str, u8, Option<&'static str>)> {
    let mut v = Vec::new();
    for rules in ["base", "strategic"] {
        v.push((rules, 2, Some("five_areas")));
        v.push((rules, 2, Some("plain")));
        v.push((rules, 2, Some("two_orders")));
        for players in 3..=5 {
            v.push((rules, players, None));
        }
    }
    v
}

/// Options of a configuration.
fn options(rules: &str, players: u8, two: Option<&str>) -> Options {
    let mut o = if rules == "strategic" { Options::strategic(players) } else { Options::base(players) };
    if let Some(t) = two {
        o.set("two_player", t).unwrap();
    }
    o
}

/// Games per configuration: `REFERENCE_GAMES` or `default`.
fn games(default: u64) -> u64 {
    std::env::var("REFERENCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Checks `per` games of every configuration; panics at the first difference.
fn run(per: u64) {
    let mut total = Counts::default();
    for (rules, players, two) in configs() {
        let mut c = Counts::default();
        for g in 0..per {
            let seed = g * 1000 + u64::from(players) * 10 + u64::from(rules == "strategic");
            // Every other game on the test set, whose effects differ (anytime answers, names, tags).
            let mat = if g % 2 == 0 { invented() } else { test_set() };
            let mut o = options(rules, players, two);
            // The other options in turn: U60, S4 (U40), S11 (U9).
            if g % 3 == 1 {
                o.set("last_round", "complete").unwrap();
            }
            if g % 4 == 2 {
                o.set("sell_rounding", "up").unwrap();
            }
            if g % 5 == 3 {
                o.set("bank", "160").unwrap();
            }
            // U75 and U1: a short turn limit, a low target.
            if g % 7 == 5 {
                o.set("turns", "30").unwrap();
            }
            if g % 11 == 6 {
                o.set("target", "12").unwrap();
            }
            // N20: one strategic part alone in a base game.
            if rules == "base" && g % 6 == 4 {
                let part = ["periods", "isolation", "great_powers", "free_market"][(g / 6 % 4) as usize];
                o.set(part, "on").unwrap();
            }
            match check_game(mat, o, seed) {
                Ok(k) => c.add(k),
                Err(e) => panic!("{rules} {players} players {two:?}: {e}"),
            }
        }
        eprintln!(
            "{rules:9} players={players} two_player={:10} games={} steps={} decisions={} moves={} chance={} shares={}",
            two.unwrap_or("-"),
            c.games,
            c.steps,
            c.decisions,
            c.moves,
            c.chance,
            c.shares
        );
        total.add(c);
    }
    eprintln!(
        "total games={} steps={} decisions={} moves={} chance={} shares={}",
        total.games, total.steps, total.decisions, total.moves, total.chance, total.shares
    );
    assert_eq!(total.shares, total.games, "every game's end compared");
}

/// Issue 58 asks for at least 2,000 games: 170 per configuration in release (12 configurations,
/// about 40 s on this machine); a debug build runs 4 per configuration.
#[test]
fn reference_checks_every_step_of_random_games() {
    run(games(if cfg!(debug_assertions) { 4 } else { 170 }));
}
