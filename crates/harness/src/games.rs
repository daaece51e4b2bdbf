//! The games stadt plays, by the name `--game` and experiment files' `game` take: the one place
//! that lists them.

use crate::error::Error;
use die_stadt::kind::DieStadt;
use die_stadt::tiles::TileSet;
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
    vec![Listed {
        name: die_stadt.name(),
        about: "Carcassonne: Die Stadt (Hans im Glück, 2004), rules R1-R28 of docs/die-stadt/rules.md",
        players: die_stadt.players(),
        options: die_stadt.options(),
    }]
}

/// Checks that `name`, given as `how` (`--game`, `game` in an experiment file), is a game stadt
/// plays; the error names it and lists the games.
pub fn check(name: &str, how: &str) -> Result<(), Error> {
    let all = games();
    if all.iter().any(|g| g.name == name) {
        return Ok(());
    }
    let names: Vec<&str> = all.iter().map(|g| g.name).collect();
    Err(Error::Setting(format!("unknown game `{name}` ({how}): the games are {}", names.join(", "))))
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
