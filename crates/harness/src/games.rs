//! The games stadt plays, by the name `--game` and experiment files' `game` take: the one place
//! that lists them.

use crate::catan::Catan;
use die_stadt::kind::DieStadt;
use die_stadt::tiles::TileSet;
use stadt_core::error::Error;
use stadt_core::kind::{GameKind, GameOption};
use std::ops::RangeInclusive;

/// The game played when none is named.
pub const DEFAULT: &str = die_stadt::kind::NAME;

/// A game as `stadt games` lists it.
pub struct Listed {
    /// Its name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Its player counts.
    pub players: RangeInclusive<usize>,
    /// Its options.
    pub options: &'static [GameOption],
}

/// Every game, in the order `stadt games` lists them.
pub fn games() -> Vec<Listed> {
    let die_stadt = DieStadt::new(TileSet::default_set());
    let catan = Catan::new(stadt_catan::options::Options::OFFICIAL);
    vec![
        Listed {
            name: die_stadt.name(),
            about: "Carcassonne: Die Stadt (Hans im Glück, 2004), rules R1-R28 of docs/die-stadt/rules.md",
            players: die_stadt.players(),
            options: die_stadt.options(),
        },
        Listed {
            name: catan.name(),
            about: "Die Siedler von Catan, the base game, rules C1-C41 of docs/catan/rules.md (tournament, sprt, tune, play, replay and bench; options with --options or `options` in experiment files; bots: random, mcts, greedy, and bot files of bots in other programs)",
            players: catan.players(),
            options: catan.options(),
        },
    ]
}

/// A game stadt plays, as commands dispatch on it (each runs generic code with the game's type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Carcassonne: Die Stadt.
    DieStadt,
    /// Die Siedler von Catan.
    Catan,
}

/// The game `name` names, given as `how` (`--game`, `game` in an experiment file); the error
/// names it and lists the games.
pub fn parse(name: &str, how: &str) -> Result<Game, Error> {
    if name == die_stadt::kind::NAME {
        return Ok(Game::DieStadt);
    }
    if name == crate::catan::NAME {
        return Ok(Game::Catan);
    }
    let names: Vec<&str> = games().iter().map(|g| g.name).collect();
    Err(Error::Setting(format!("unknown game `{name}` ({how}): the games are {}", names.join(", "))))
}

/// The name of `game`, as `--game` takes it.
pub fn name(game: Game) -> &'static str {
    match game {
        Game::DieStadt => die_stadt::kind::NAME,
        Game::Catan => crate::catan::NAME,
    }
}

/// Checks that `name`, given as `how`, is a game stadt plays (`parse`).
pub fn check(name: &str, how: &str) -> Result<(), Error> {
    parse(name, how).map(|_| ())
}

/// The game a run plays: the one its experiment file names (`from_file`), the one `--game`
/// names (`flag`), or Die Stadt; an error when the two name different games.
pub fn of_run(flag: Option<&str>, from_file: Option<&str>) -> Result<Game, Error> {
    match (flag, from_file) {
        (Some(f), Some(e)) if f != e => Err(Error::Setting(format!(
            "--game {f}, but the experiment file is a game of {e}: give one game"
        ))),
        (Some(name), _) => parse(name, "--game"),
        (None, Some(name)) => parse(name, "`game`"),
        (None, None) => Ok(Game::DieStadt),
    }
}

/// The game an experiment file's `game` names when it names none.
pub fn default_game() -> String {
    DEFAULT.to_string()
}

/// What `stadt games` prints: every game with its player counts and options.
pub fn listing() -> String {
    let mut s = String::new();
    for g in games() {
        s.push_str(&format!(
            "{}: {} ({} to {} players)\n",
            g.name,
            g.about,
            g.players.start(),
            g.players.end()
        ));
        for o in g.options {
            s.push_str(&format!("  {} (default {}): {}\n", o.name, o.default, o.about));
        }
    }
    s
}

/// The game an alias names (Städte und Ritter is Catan's), for the commands not yet generic.
pub fn name_of(name: &str) -> &str {
    if name == "staedte-und-ritter" { crate::catan::NAME } else { name }
}
