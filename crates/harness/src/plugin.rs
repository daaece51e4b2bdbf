//! A game as a plug-in: the one interface through which the command line, the runs and Python
//! reach a game (`Plugin`, over `Hosted` and `Learnable`), and the registry macro that lists the
//! games (`registry!`). The stadt package's `registry.rs` is the only place that lists games, one
//! line a game; the harness's generic code names none (Die Stadt's and Catan's plug-ins still
//! live beside it, in die_stadt_plugin.rs and catan_plugin.rs, until they move to their crates).

use crate::hosted::Hosted;
use crate::learn::learnable::Learnable;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::kind::GameOption;
use stadt_core::protocol::Spoken;
use stadt_core::stop::Stop;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// A game stadt plays: everything a command needs of it, beyond the core's adapter.
pub trait Plugin: Learnable + Spoken + crate::actions::ActionSpace + Clone {
    /// One line on what it is (`stadt games`).
    const ABOUT: &'static str;

    /// Other names of it, each a preset of its options (Städte und Ritter is Catan with
    /// `game=knights`).
    const ALIASES: &'static [Alias] = &[];

    /// Whether `first_line` is the first line of one of its records (`stadt replay` finds a
    /// record's game by it).
    fn is_record(first_line: &str) -> bool;

    /// Replays the record `text` (read from `file`; `setup`: the set-up to read it with instead
    /// of the one it names, `--tiles`), every move and chance outcome checked, showing `visit`
    /// the game before each move and at the end (`Visit`). A record that stops before the game is
    /// over is an error unless `partial`. Errors name the file and the line.
    fn replay_record(
        text: &str,
        file: &Path,
        setup: Option<&str>,
        partial: bool,
        visit: &mut Visit<'_, Self>,
    ) -> Result<Replayed<Self>, Error>;

    /// The text of `mv`, legal in `state`, as records write it (without the seat): what `stadt
    /// suggest` prints.
    fn move_text(&self, state: &Self::State, mv: Self::Move) -> String;

    /// The move `text` names in `state` (as `move_text` writes it), or why it names none.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<Self::Move, String>;

    /// A game that the player to act in `state` cannot tell from it: what they see the same, the
    /// hidden part (others' hands, the order of decks and piles) drawn anew by `rng` among what
    /// it may be. The conformance suite checks that every observation stays the same.
    fn twin(&self, state: &Self::State, rng: &mut rand_pcg::Pcg64Mcg) -> Self::State;

    /// What the chance step `state` stands at decides, for an error naming the outcome a record
    /// lacks.
    fn chance_wanted(&self, _state: &Self::State) -> String {
        "a chance outcome".to_string()
    }

    /// The public state after the start and after every step (each move and each chance
    /// outcome) of the record `text`, one JSON object a line (`stadt replay --states`; the game's
    /// docs give the schema).
    fn states(text: &str, file: &Path, setup: Option<&str>) -> Result<String, Error>;

    /// What `stadt play` and `stadt replay` print at the end: each player's points, and who won
    /// (`moves`: the moves made, for a game that is not over).
    fn result_text(&self, state: &Self::State, moves: usize) -> String;

    /// The game to play: the deal of `seed` for `players`, or the deal of the record `deal` (`stadt
    /// play --deal`), for a game whose records fix one.
    fn dealt(&self, players: usize, seed: u64, deal: Option<&Path>) -> Result<Self::State, Error> {
        match deal {
            None => self.deal(players, seed),
            Some(_) => Err(Error::Setting(format!(
                "--deal: a game of {} is dealt from --seed (its records do not fix a deal to replay)",
                self.name()
            ))),
        }
    }

    /// The header of the record `stadt play` writes to `record` for a game of `seed` set up from
    /// `setup`, and files to write beside it (a tile set the record names).
    fn play_head(&self, record: &Path, setup: &str, seed: u64) -> Result<PlayHead<Self>, Error>;

    /// `state` drawn in the terminal (`--show`), for a game that has such a picture.
    fn terminal(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// The stepping viewer of the record `text` (`stadt replay --html`), for a game with its own;
    /// None: the generic one (the picture after every move).
    fn viewer(
        _text: &str,
        _file: &Path,
        _setup: Option<&str>,
        _partial: bool,
        _title: &str,
    ) -> Option<Result<String, Error>> {
        None
    }

    /// Plays the game `person` describes with a person at the page `server` serves: the generic
    /// page (what the seat sees, and its legal moves as buttons) unless the game has its own.
    fn serve_person(
        &self,
        server: &crate::web::server::LocalServer,
        person: &Person<'_, Self>,
    ) -> Result<PersonEnded, Error> {
        let game = crate::human::any::PersonGame {
            kind: self,
            bots: person.bots,
            person: person.seat,
            chance_seed: person.chance_seed,
            agent_seed: person.agent_seed,
            record: person.record,
        };
        let ended = crate::human::any::serve(server, &game, person.start.clone(), person.stop)?;
        Ok(PersonEnded {
            result: ended.played.as_ref().map(|p| self.result_text(&p.game, 0)),
            record: ended.played.and_then(|p| p.record),
            failure: ended.failure,
        })
    }

    /// The engine's speed as `stadt bench` measures it; `me` is the stadt binary (for a figure
    /// through the bot protocol).
    fn bench(seconds: f64, seed: u64, me: &Path) -> Vec<crate::bench::Figure>;
}

/// What `Plugin::replay_record` shows each step to: the game set up from the record, the game
/// before the next move (chance resolved up to it) or at the end, the moves made so far, and the
/// next move with its 1-based line and its text (None at the end).
pub type Visit<'v, K> =
    dyn FnMut(&K, &<K as GameKind>::State, usize, Option<(usize, &str, <K as GameKind>::Move)>) + 'v;

/// A replayed record.
pub struct Replayed<K: GameKind> {
    /// The game as the record sets it up (its options).
    pub kind: K,
    /// The game at the record's end.
    pub game: K::State,
    /// The record's moves.
    pub moves: usize,
}

/// The header of a record `stadt play` writes, and the files to write beside it.
pub struct PlayHead<K: GameKind> {
    /// The header.
    pub head: K::RecordHead,
    /// Files to write beside the record (path, text), unless there already.
    pub beside: Vec<(PathBuf, String)>,
}

/// A game with a person in one seat (`stadt play --human`).
pub struct Person<'a, K: Hosted> {
    /// The bots of the other seats, in seat order.
    pub bots: &'a [K::Entrant],
    /// The person's seat, 0-based.
    pub seat: usize,
    /// The game dealt.
    pub start: K::State,
    /// The seed of chance's generator.
    pub chance_seed: u64,
    /// The agents' seed.
    pub agent_seed: u64,
    /// The record's header, when a record is wanted.
    pub record: Option<&'a K::RecordHead>,
    /// Set by Ctrl-C.
    pub stop: &'a Stop,
}

/// How a game with a person ended.
pub struct PersonEnded {
    /// The record to write (None: none is written).
    pub record: Option<String>,
    /// What to print (`Plugin::result_text`), when the game got that far.
    pub result: Option<String>,
    /// Why it stopped early, if it did.
    pub failure: Option<String>,
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
        let words =
            |text| stadt_core::options::words(text).map_err(|e| Error::Setting(format!("options: {e}")));
        let preset = words(self.preset)?;
        if let Some(w) = words(given)?.iter().find(|w| preset.iter().any(|p| p.name == w.name)) {
            return Err(Error::Setting(format!(
                "options: `{}`: the game `{}` sets {} itself ({})",
                w.text(),
                self.name,
                w.name,
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

/// Notes `K` as the game whose manifests name none, when it is (the registry calls it).
pub fn note_unnamed<K: Plugin>() {
    if K::UNNAMED_IN_MANIFESTS {
        let kind = K::set_up(crate::settings::TILES, "").expect("a game is set up by its defaults");
        crate::unnamed::note(kind.name());
    }
}

/// Work done with whichever game a name picks: the registry calls `run` with the game's type.
pub trait ForGame {
    /// What the work gives.
    type Out;

    /// Does the work with the game `K`, as `chosen` names it.
    fn run<K: Plugin>(self, chosen: Chosen) -> Self::Out;
}

/// A game's bots, without its type (what `stadt bots` and Python's `bot_names` list).
pub struct BotsOf;

impl ForGame for BotsOf {
    type Out = &'static dyn stadt_core::bots::listing::Listing;

    fn run<K: Plugin>(self, _: Chosen) -> Self::Out {
        K::bots()
    }
}

/// The error for a name no game has, given as `how`: it lists the games.
pub fn unknown(name: &str, how: &str, games: &[Listed]) -> Error {
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    Error::Setting(format!("unknown game `{name}` ({how}): the games are {}", names.join(", ")))
}

/// What `stadt games` prints: every game with its player counts and options, each option with
/// its rule, the values it takes and its default.
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
                // A word that stands alone has no default: it is given or not.
                let default =
                    if o.default.is_empty() { String::new() } else { format!("; default {}", o.default) };
                s.push_str(&format!("  {} ({}; {}{default}): {}\n", o.name, o.rule, o.values, o.about));
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
