//! What the harness's tournaments and sequential tests need of a game beyond the core's adapter
//! (`stadt_core::kind::GameKind`): the game set up from a run's `tiles` setting, a seat from a bot
//! spec, what a manifest records of the set-up, and the header of the records a tournament keeps.
//! A game stadt plays implements it once; the runs themselves are generic over it.

use crate::runner::RecordHead;
use die_stadt::kind::DieStadt;
use stadt_agents::botfile::BotDirs;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::seat::Seat;
use std::ops::RangeInclusive;
use std::path::Path;

/// A game the harness's runs host.
pub trait Hosted: GameKind + Sized {
    /// Who takes a seat: a bot of the game, or an agent from outside.
    type Entrant: Seat<Self> + Clone + Send + Sync + std::fmt::Debug;

    /// The game set up from a run's `tiles` setting (`default`, or a file).
    fn set_up(setup: &str) -> Result<Self, Error>;

    /// The SHA-256 of the data the set-up was read from, which manifests record.
    fn setup_sha256(&self) -> String;

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
}

/// Checks a player count against a game's: the error names it `what` and the counts there are.
pub fn check_players(what: &str, players: usize, range: RangeInclusive<usize>) -> Result<usize, Error> {
    if range.contains(&players) {
        return Ok(players);
    }
    let counts: Vec<String> = range.map(|n| n.to_string()).collect();
    let (last, rest) = counts.split_last().expect("some player count");
    let list = if rest.is_empty() { last.clone() } else { format!("{} or {last}", rest.join(", ")) };
    Err(Error::Setting(format!("{what} must be {list}, not {players}")))
}

impl Hosted for DieStadt {
    type Entrant = crate::entrant::Entrant;

    fn set_up(setup: &str) -> Result<DieStadt, Error> {
        crate::tileset::load(setup).map(DieStadt::new)
    }

    fn setup_sha256(&self) -> String {
        crate::tileset::sha256(self.tileset)
    }

    fn entrant(spec: &str, dirs: &BotDirs) -> Result<Self::Entrant, Error> {
        Ok(crate::entrant::Entrant::Bot(stadt_agents::spec::parse_bot(spec, dirs)?))
    }

    fn record_head(&self, dir: &Path, setup: &str) -> Result<RecordHead, Error> {
        crate::tileset::copy_beside_records(dir, setup).map(|tiles| RecordHead { tiles, seed: None })
    }

    fn worker_done() {
        stadt_agents::process_bot::release_idle();
    }
}
