//! A game as a plug-in: the one interface through which the command line, the runs and Python
//! reach a game (`Plugin`, over `Hosted` and `Learnable`), and the registry macro that lists the
//! games (`registry!`). The harness names no game: the stadt package's `registry.rs` is the only
//! place that does, one line a game.

use crate::learn::learnable::Learnable;
use stadt_core::error::Error;
use stadt_core::kind::GameOption;
use stadt_core::protocol::Spoken;
use std::ops::RangeInclusive;

/// A game stadt plays: everything a command needs of it, beyond the core's adapter.
pub trait Plugin: Learnable + Spoken + Clone {
    /// One line on what it is (`stadt games`).
    const ABOUT: &'static str;

    /// Other names of it, each a preset of its options (Städte und Ritter is Catan with
    /// `game=knights`).
    const ALIASES: &'static [Alias] = &[];

    /// Whether `first_line` is the first line of one of its records (`stadt replay` finds a
    /// record's game by it).
    fn is_record(first_line: &str) -> bool;
}

/// Another name of a game: the options it presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The name `--game` takes.
    pub name: &'static str,
    /// The options it sets (`name=value` words).
    pub options: &'static str,
    /// One line on what it is.
    pub about: &'static str,
}

/// A game by the name it was asked for: the plug-in, and the options that name presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The name given (the game's own, or an alias).
    pub name: &'static str,
    /// The options the name presets (empty for the game's own name).
    pub preset: &'static str,
}

impl Chosen {
    /// The options of a run: the preset's words, then `given`'s; a word of `given` setting an
    /// option the preset sets is an error naming both.
    pub fn options(&self, given: &str) -> Result<String, Error> {
        if self.preset.is_empty() {
            return Ok(given.to_string());
        }
        let key = |w: &str| w.split_once('=').map_or(w, |(k, _)| k).to_string();
        let preset: Vec<String> = crate::hosted::option_words(self.preset).map(key).collect();
        if let Some(w) = crate::hosted::option_words(given).find(|w| preset.contains(&key(w))) {
            return Err(Error::Setting(format!(
                "options: `{w}`: the game `{}` sets {} itself ({})",
                self.name,
                key(w),
                self.preset
            )));
        }
        Ok(if given.trim().is_empty() { self.preset.to_string() } else { format!("{} {given}", self.preset) })
    }
}

/// A game (or an alias) as `stadt games` lists it.
#[derive(Clone, Debug)]
pub struct Listed {
    /// Its name.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Its player counts.
    pub players: RangeInclusive<usize>,
    /// The rule that sets them.
    pub players_rule: &'static str,
    /// Its options.
    pub options: &'static [GameOption],
    /// The options an alias presets (empty for a game's own name).
    pub preset: &'static str,
}

/// The entries `stadt games` lists for `K`: the game, then each alias (set up with its preset).
pub fn listed<K: Plugin>() -> Vec<Listed> {
    let entry = |name, about, preset: &'static str| {
        let kind = K::set_up(crate::settings::TILES, preset).expect("a game's presets are its options");
        Listed {
            name,
            about,
            players: kind.players(),
            players_rule: kind.players_rule(),
            options: kind.options(),
            preset,
        }
    };
    let kind = K::set_up(crate::settings::TILES, "").expect("a game is set up by its defaults");
    let mut out = vec![entry(kind.name(), K::ABOUT, "")];
    out.extend(K::ALIASES.iter().map(|a| entry(a.name, a.about, a.options)));
    out
}

/// The name `name` as one of `K`'s: its own or an alias.
pub fn chosen<K: Plugin>(name: &str) -> Option<Chosen> {
    let kind = K::set_up(crate::settings::TILES, "").expect("a game is set up by its defaults");
    if kind.name() == name {
        return Some(Chosen { name: kind.name(), preset: "" });
    }
    K::ALIASES.iter().find(|a| a.name == name).map(|a| Chosen { name: a.name, preset: a.options })
}

/// The game whose manifests leave out `game` (`Hosted::UNNAMED_IN_MANIFESTS`), as the registry
/// noted it: how a manifest without `game` is named when two are compared.
static UNNAMED: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// Notes `K` as the game whose manifests name none, when it is (the registry calls it).
pub fn note_unnamed<K: Plugin>() {
    if K::UNNAMED_IN_MANIFESTS {
        let kind = K::set_up(crate::settings::TILES, "").expect("a game is set up by its defaults");
        let _ = UNNAMED.set(kind.name());
    }
}

/// The name of the game whose manifests leave out `game`.
pub fn unnamed() -> &'static str {
    UNNAMED.get().copied().unwrap_or("(a manifest without `game`)")
}

/// Work done with whichever game a name picks: the registry calls `run` with the game's type.
pub trait ForGame {
    /// What the work gives.
    type Out;

    /// Does the work with the game `K`, as `chosen` names it.
    fn run<K: Plugin>(self, chosen: Chosen) -> Self::Out;
}

/// The error for a name no game has, given as `how`: it lists the games.
pub fn unknown(name: &str, how: &str, games: &[Listed]) -> Error {
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    Error::Setting(format!("unknown game `{name}` ({how}): the games are {}", names.join(", ")))
}

/// What `stadt games` prints: every game with its player counts and options.
pub fn listing(games: &[Listed]) -> String {
    let mut s = String::new();
    for g in games {
        let preset = if g.preset.is_empty() { String::new() } else { format!(" [options {}]", g.preset) };
        s.push_str(&format!(
            "{}: {} ({} to {} players){preset}\n",
            g.name,
            g.about,
            g.players.start(),
            g.players.end()
        ));
        if g.preset.is_empty() {
            for o in g.options {
                s.push_str(&format!("  {} (default {}): {}\n", o.name, o.default, o.about));
            }
        }
    }
    s
}

/// Lists the games, in order: the first is the one played when none is named. It writes the
/// registry's functions where it is invoked: `games()` (every game and alias, as listed),
/// `default_name()`, `dispatch(name, how, work)` (runs `work` with the game `name` names, or an
/// error listing the games) and `of_record(first_line)` (the name of the game whose record starts
/// so).
#[macro_export]
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game and alias, in the order `stadt games` lists them.
        pub fn games() -> Vec<$crate::plugin::Listed> {
            let mut out = Vec::new();
            $(out.extend($crate::plugin::listed::<$game>());)+
            out
        }

        /// The game played when none is named: the first listed.
        pub fn default_name() -> &'static str {
            games()[0].name
        }

        /// Runs `work` with the game `name` names (given as `how`: `--game`, `game` in a file).
        pub fn dispatch<W: $crate::plugin::ForGame>(
            name: &str,
            how: &str,
            work: W,
        ) -> Result<W::Out, stadt_core::error::Error> {
            $($crate::plugin::note_unnamed::<$game>();)+
            $(
                if let Some(chosen) = $crate::plugin::chosen::<$game>(name) {
                    return Ok(work.run::<$game>(chosen));
                }
            )+
            Err($crate::plugin::unknown(name, how, &games()))
        }

        /// The name of the game whose records start with `first_line`, if any.
        pub fn of_record(first_line: &str) -> Option<&'static str> {
            $(
                if <$game as $crate::plugin::Plugin>::is_record(first_line) {
                    return $crate::plugin::listed::<$game>().first().map(|l| l.name);
                }
            )+
            None
        }
    };
}
