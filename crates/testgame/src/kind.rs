//! Kartenspitze for the harness: the core's adapter (`stadt_core::kind::GameKind`) over the
//! engine. A seat sees its `Observation` (T6); records are `stadt-kartenspitze-record 1`, every
//! chance outcome on a `chance:` line, so a record replays without its seed; a bot in another
//! program is shown the public record as its seat saw it (`record::seat_record`).

use crate::moves::Move;
use crate::observation::Observation;
use crate::options::{OPTIONS, Options};
use crate::picture;
use crate::record::{self, PublicLog};
use crate::rules::{PLAYERS, max_players};
use crate::state::State;
use stadt_core::error::Error;
use stadt_core::kind::{Columns, GameKind, GameOption};
use stadt_core::seeds::{derive, stream};
use std::ops::RangeInclusive;

/// The name `--game` takes (the crate's, which its options name too).
pub use crate::NAME;

/// Kartenspitze with a set of options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kartenspitze {
    /// The options every game is dealt with.
    pub options: Options,
}

impl Kartenspitze {
    /// Kartenspitze with these options.
    pub fn new(options: Options) -> Kartenspitze {
        Kartenspitze { options }
    }
}

/// What an agent is told of its game before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Its seat (0-based).
    pub seat: usize,
    /// Players in the game.
    pub players: usize,
    /// The seed its generator is seeded with.
    pub seed: u64,
    /// The options, as `Options::text` writes them.
    pub options: String,
}

/// What a record's header holds besides the deal: the seed it was dealt from, when known (a
/// record replays without it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordHead {
    /// The `seed` line.
    pub seed: Option<u64>,
}

impl GameKind for Kartenspitze {
    type State = State;
    type Move = Move;
    type Observation<'a> = Observation<'a>;
    type Info = GameInfo;
    type RecordHead = RecordHead;
    type History = PublicLog;

    fn name(&self) -> &'static str {
        NAME
    }

    /// 2 to 4 (T1), at most 3 with `hand=5` (T2: 4 hands of 5 are more than the deck).
    fn players(&self) -> RangeInclusive<usize> {
        *PLAYERS.start()..=max_players(self.options.hand)
    }

    fn players_rule(&self) -> &'static str {
        if max_players(self.options.hand) < *PLAYERS.end() { "T1, T2" } else { "T1" }
    }

    fn options(&self) -> &'static [GameOption] {
        &OPTIONS
    }

    /// Points come from one source, cards that scored (T3); per seat also the plays that
    /// scored and the plays that cleared the pile.
    fn columns(&self) -> Columns {
        Columns::new(&["cards"], &["scored", "cleared"])
    }

    fn final_values(&self, s: &State, seat: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        let (mut scored, mut cleared) = (0, 0);
        for play in s.plays().filter(|p| p.seat == seat) {
            if play.scored { scored += 1 } else { cleared += 1 }
        }
        sources.clear();
        sources.push(s.score(seat) as i32);
        details.clear();
        details.extend([scored.to_string(), cleared.to_string()]);
    }

    /// The deck shuffled by a generator seeded from `seed`'s deck stream (T2): every seating of
    /// a deal plays the same cards.
    fn deal(&self, players: usize, seed: u64) -> Result<State, Error> {
        State::deal(players, self.options, derive(seed, &[stream::DECK]))
            .map_err(|e| Error::Setup(Box::new(e)))
    }

    fn observe<'a>(&self, s: &'a State, clairvoyant: bool, history: Option<&'a str>) -> Observation<'a> {
        let obs = if clairvoyant { Observation::clairvoyant(s) } else { Observation::new(s) };
        match history {
            Some(h) => obs.with_history(h),
            None => obs,
        }
    }

    fn check(&self, s: &State, mv: Move) -> Result<(), String> {
        s.check(mv).map_err(|e| format!("`{mv}`: {e}"))
    }

    fn info(&self, players: usize, seat: usize, seed: u64) -> GameInfo {
        GameInfo { seat, players, seed, options: self.options.text() }
    }

    fn record_header(&self, s: &State, head: &RecordHead) -> String {
        record::header(s, head.seed)
    }

    /// The card drawn since the last move (`chance: draw N`), then the move's line.
    fn record_line(&self, s: &State, mv: Move) -> String {
        record::record_lines(s, mv)
    }

    fn record_end(&self, s: &State) -> String {
        record::end_lines(s)
    }

    fn history(&self, _players: usize) -> PublicLog {
        PublicLog::new()
    }

    fn history_catch_up(&self, history: &mut PublicLog, s: &State) {
        history.catch_up(s);
    }

    fn history_push(&self, history: &mut PublicLog, s: &State, mv: Move) {
        history.push(s, mv);
    }

    fn history_text<'h>(&self, history: &'h PublicLog) -> &'h str {
        history.text()
    }

    fn picture(&self, s: &State, seats: &[String]) -> String {
        picture::svg(s, seats, None)
    }

    /// Drawn from the seat's view, whose hidden cards are not the real ones, and face down.
    fn seat_picture(&self, obs: &Observation<'_>, seats: &[String]) -> String {
        picture::svg(obs.view(), seats, Some(obs.me()))
    }
}
