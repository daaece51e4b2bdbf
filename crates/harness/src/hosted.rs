//! What the harness's tournaments and sequential tests need of a game beyond the core's adapter
//! (`stadt_core::kind::GameKind`): the game set up from a run's `tiles` setting, a seat from a bot
//! spec, what a manifest records of the set-up, and the header of the records a tournament keeps.
//! A game stadt plays implements it once; the runs themselves are generic over it.

use crate::runner::RecordHead;
use crate::weight::Weight;
use die_stadt::kind::DieStadt;
use die_stadt_bots::registry::BOTS;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::process;
use stadt_core::bots::roster::Roster;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::seat::Seat;
use std::ops::RangeInclusive;
use std::path::Path;

/// A game the harness's runs host.
pub trait Hosted: GameKind + Sized {
    /// Who takes a seat: a bot of the game, or an agent from outside.
    type Entrant: Seat<Self> + Clone + Send + Sync + std::fmt::Debug + 'static;

    /// The game set up from a run's `tiles` setting (`default`, or a file) and its options
    /// (`name=value` words read by `stadt_core::options::check` against the game's declared
    /// options; empty: the defaults). An option the game does not have, or a bad value, is an
    /// error naming it and its rule.
    fn set_up(tiles: &str, options: &str) -> Result<Self, Error>;

    /// The SHA-256 of the data the set-up was read from (and of the options), which manifests
    /// record.
    fn setup_sha256(&self) -> String;

    /// Every rule option of the game as set up, defaults included, for manifests; None for a
    /// game without options.
    fn rules_text(&self) -> Option<String> {
        None
    }

    /// The game's bots (its bots crate's list), by which its specs and bot files are read.
    fn bots() -> &'static Roster<Self>;

    /// A seat from a bot spec (`NAME`, `NAME:key=value,...`, or a bot file found in `dirs`).
    fn entrant(spec: &str, dirs: &BotDirs) -> Result<Self::Entrant, Error>;

    /// The header of the records a tournament keeps in `dir` for a game set up from `setup`
    /// (whatever the records need beside them is written there too).
    fn record_head(&self, dir: &Path, setup: &str) -> Result<Self::RecordHead, Error>;

    /// Whether a tournament can keep this game's records (`--records`): Err says why not, before
    /// anything is written.
    fn can_keep_records() -> Result<(), Error> {
        Ok(())
    }

    /// Run on each worker thread when it has no more games (ends the programs of bots kept for
    /// the next game).
    fn worker_done();

    /// For a bot in another program (a bot file with `bot = process`): how it is run, or why its
    /// settings are unusable; None for one of the game's own bots (`stadt check-bot` checks only
    /// the former).
    fn outside_program(
        entrant: &Self::Entrant,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>>;

    /// Whether its manifests leave out `game` (the first game, whose manifests predate games:
    /// run folders made before then resume).
    const UNNAMED_IN_MANIFESTS: bool = false;

    /// What one unit of `stadt tune`'s `margin` objective is, in the game's points (a typical
    /// swing between two good players).
    const MARGIN_UNIT: f64;

    /// The real-valued weights `stadt tune` can tune in `entrant` (none: it cannot be tuned).
    fn weights(entrant: &Self::Entrant) -> Vec<Weight>;

    /// `entrant` with the weights `ws` set to `values` (each kept within its range).
    fn with_weights(entrant: &Self::Entrant, ws: &[Weight], values: &[f64]) -> Result<Self::Entrant, Error>;

    /// The tuned `entrant` as a file, with `about` (how it was tuned and checked) as a comment.
    fn tuned_file(entrant: &Self::Entrant, about: &str) -> TunedFile;
}

/// A tuned bot as `stadt tune` writes it.
pub struct TunedFile {
    /// The file's extension: `bot` for a bot file that `--bots NAME` finds in a bot folder.
    pub extension: &'static str,
    /// Its text.
    pub text: String,
    /// How to use it, for the report (`--bots NAME` once installed, or the spec to give).
    pub usage: String,
}

/// Options text of `game` that could not be read (`reason`, which names the option and rule at
/// fault), as a setting error that says where the options are listed.
pub fn options_error(game: &str, reason: impl std::fmt::Display) -> Error {
    Error::Setting(format!("options: {reason} (`stadt games` lists {game}'s options)"))
}

/// Checks a player count against a game's: the error names it `what`, the counts there are and
/// the rule that sets them.
pub fn check_players(
    what: &str,
    players: usize,
    range: RangeInclusive<usize>,
    rule: &str,
) -> Result<usize, Error> {
    if range.contains(&players) {
        return Ok(players);
    }
    let counts: Vec<String> = range.map(|n| n.to_string()).collect();
    let (last, rest) = counts.split_last().expect("some player count");
    let list = if rest.is_empty() { last.clone() } else { format!("{} or {last}", rest.join(", ")) };
    Err(Error::Setting(format!("{what} must be {list}, not {players} ({rule})")))
}

impl Hosted for DieStadt {
    type Entrant = crate::entrant::Entrant;

    fn set_up(tiles: &str, options: &str) -> Result<DieStadt, Error> {
        use die_stadt::kind::{NAME, OPTIONS};
        let given =
            stadt_core::options::check(NAME, &OPTIONS, options).map_err(|e| options_error(NAME, e))?;
        if let Some(g) = given.0.first() {
            return Err(Error::Setting(format!(
                "options: `{}` ({}) of {NAME} is given as --tiles FILE (or `tiles` in an experiment file), not among the options",
                g.option.name, g.option.rule
            )));
        }
        crate::tileset::load(tiles).map(DieStadt::new)
    }

    fn setup_sha256(&self) -> String {
        crate::tileset::sha256(self.tileset)
    }

    fn bots() -> &'static Roster<DieStadt> {
        &BOTS
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<Self::Entrant, Error> {
        Ok(crate::entrant::Entrant::Bot(BOTS.parse_bot(spec, dirs)?))
    }

    fn record_head(&self, dir: &Path, setup: &str) -> Result<RecordHead, Error> {
        crate::tileset::copy_beside_records(dir, setup).map(|tiles| RecordHead { tiles, seed: None })
    }

    fn worker_done() {
        stadt_core::process_agent::release_idle();
    }

    fn outside_program(
        entrant: &Self::Entrant,
    ) -> Option<Result<stadt_core::process_agent::Settings, String>> {
        match entrant {
            crate::entrant::Entrant::Bot(b) if b.def.name == process::NAME => {
                Some(process::Settings::of(&b.params))
            }
            _ => None,
        }
    }

    const MARGIN_UNIT: f64 = 20.0;

    const UNNAMED_IN_MANIFESTS: bool = true;

    fn weights(entrant: &Self::Entrant) -> Vec<Weight> {
        match entrant {
            crate::entrant::Entrant::Bot(b) => crate::weight::weights(b),
            crate::entrant::Entrant::Outside(_) => Vec::new(),
        }
    }

    fn with_weights(entrant: &Self::Entrant, ws: &[Weight], values: &[f64]) -> Result<Self::Entrant, Error> {
        match entrant {
            crate::entrant::Entrant::Bot(b) => {
                crate::weight::with_weights(b, ws, values).map(crate::entrant::Entrant::Bot)
            }
            crate::entrant::Entrant::Outside(_) => Ok(entrant.clone()),
        }
    }

    fn tuned_file(entrant: &Self::Entrant, about: &str) -> TunedFile {
        let text = match entrant {
            crate::entrant::Entrant::Bot(b) => BOTS.file_text(b, about),
            crate::entrant::Entrant::Outside(o) => format!("# {about}\n{}\n", o.spec()),
        };
        TunedFile { extension: "bot", text, usage: "--bots NAME".into() }
    }
}
