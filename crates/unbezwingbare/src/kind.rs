//! Die Unbezwingbare Stadt for the harness: the core's adapter (`stadt_core::kind::GameKind`)
//! over the engine. A seat sees its view (U76, `shown::Shown`); records are
//! `stadt-unbezwingbare-record 1`, every chance step on a `chance:` line (U77), so a record
//! replays without its seed; a bot in another program is shown the public record as its seat saw
//! it (`record::seat_record`).

use crate::chosen::{self, Data, OPTIONS};
use crate::logged::Logged;
use crate::moves::Move;
use crate::options::{Options, TwoPlayer};
use crate::picture;
use crate::record::{self, PublicLog};
use crate::shown::Shown;
use crate::state::State;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::error::Error;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::{Columns, GameKind, GameOption};
use stadt_core::seeds::{derive, stream};
use std::ops::RangeInclusive;

/// The name `--game` takes.
pub use crate::chosen::NAME;

/// Die Unbezwingbare Stadt with a set of options and a data set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unbezwingbare {
    /// The options every game is dealt with (`players` is the table's).
    pub options: Options,
    /// The board and the cards.
    pub data: Data,
}

impl Default for Unbezwingbare {
    /// The base game on the invented data.
    fn default() -> Unbezwingbare {
        Unbezwingbare { options: Options::base(3), data: Data::invented() }
    }
}

impl Unbezwingbare {
    /// The game these options (`name=value` words, section 13) set up: an error names the word,
    /// the option and its rule, or the data file and line.
    pub fn from_options(text: &str) -> Result<Unbezwingbare, Error> {
        let (options, board, cards) =
            chosen::read(text).map_err(|e| stadt_harness::hosted::options_error(NAME, e))?;
        let data = Data::load(board.as_deref(), cards.as_deref())
            .map_err(|e| Error::Setting(format!("options: {e} (section 17, docs/unbezwingbare/data.md)")))?;
        Ok(Unbezwingbare { options, data })
    }

    /// The options of a game of `players` seats (the kind's, with its players: under
    /// `two_orders` 4 seats are 2 persons, U59).
    pub fn game_options(&self, players: usize) -> Options {
        let persons = if self.options.two_player == Some(TwoPlayer::TwoOrders) { 2 } else { players };
        chosen::normal(Options { players: persons.min(usize::from(u8::MAX)) as u8, ..self.options })
    }

    /// The options as `name=value` words (those set, and the data files given).
    pub fn options_text(&self) -> String {
        chosen::text(&self.options, &self.data, false)
    }

    /// A new game of `players`, before the deal.
    pub fn fresh(&self, players: usize) -> Result<State, Error> {
        State::new(self.data.mat, self.game_options(players)).map_err(|e| Error::Setup(Box::new(e)))
    }

    /// The kind of the game `s` (its options and data; the data files as `data` names them).
    pub fn of(s: &State, data: Data) -> Unbezwingbare {
        Unbezwingbare { options: s.opts, data }
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
    /// The options, as `chosen::text` writes them for the game.
    pub options: String,
}

/// What a record's header holds besides the options and data: the seed it was dealt from, when
/// known (a record replays without it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordHead {
    /// The `seed` line.
    pub seed: Option<u64>,
}

impl GameKind for Unbezwingbare {
    type State = Logged;
    type Move = Move;
    type Observation<'a> = Shown<'a>;
    type Info = GameInfo;
    type RecordHead = RecordHead;
    type History = PublicLog;

    fn name(&self) -> &'static str {
        NAME
    }

    /// 3 to 5 (U1), 2 by a two-player variant (U58, N18); with `two_player` 2 alone, and under
    /// `two_orders` the 4 seats of the two persons' orders (U59, N19: seats 1 and 3 are one
    /// person, 2 and 4 the other).
    fn players(&self) -> RangeInclusive<usize> {
        match self.options.two_player {
            Some(TwoPlayer::TwoOrders) => 4..=4,
            Some(_) => 2..=2,
            None => 2..=5,
        }
    }

    fn players_rule(&self) -> &'static str {
        match self.options.two_player {
            Some(TwoPlayer::TwoOrders) => "U59, N19",
            Some(_) => "U1, U58",
            None => "U1",
        }
    }

    fn options(&self) -> &'static [GameOption] {
        &OPTIONS
    }

    /// Points come from buildings (U51) and great powers (U72); per seat also its areas, stones
    /// and buildings on the board, the areas it took by isolation and their buildings' value
    /// (U67), and, the same in every seat's row, the turns the game lasted and why it ended
    /// (`State::end_reason`): what the study of docs/unbezwingbare/study.md reads.
    fn columns(&self) -> Columns {
        Columns::new(
            &["buildings", "great_powers"],
            &["areas", "stones", "placed", "isolated", "isolated_points", "turns", "end"],
        )
    }

    fn final_values(&self, g: &Logged, seat: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        let s = &g.state;
        let p = seat as u8;
        let great: i32 = s
            .great
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h == p)
            .map(|(c, _)| i32::from(crate::data::Category::ALL[c].great_power().0))
            .sum();
        let placed = s.areas_of(p).filter(|&a| s.building[usize::from(a)] != crate::moves::NOBODY).count();
        sources.clear();
        sources.extend([i32::from(s.points(p)) - great, great]);
        details.clear();
        details.extend([
            s.owned[seat].count_ones().to_string(),
            s.stones[seat].to_string(),
            placed.to_string(),
            s.isolated[seat].to_string(),
            s.isolated_points[seat].to_string(),
            s.turns.to_string(),
            s.end_reason().unwrap_or("unfinished").to_string(),
        ]);
    }

    /// The starting hands dealt by a generator seeded from `seed`'s deck stream (U21, U23):
    /// every seating of a deal holds the same hands; the deal's chance steps are in the game's
    /// log, for the record.
    fn deal(&self, players: usize, seed: u64) -> Result<Logged, Error> {
        let mut g = Logged::new(self.fresh(players)?);
        let mut rng = Pcg64Mcg::seed_from_u64(derive(seed, &[stream::DECK]));
        while g.turn() == Turn::Chance && g.state.stage == crate::state::Stage::Deal {
            g.resolve_chance(&mut rng);
        }
        Ok(g)
    }

    fn observe<'a>(&self, g: &'a Logged, clairvoyant: bool, history: Option<&'a str>) -> Shown<'a> {
        let obs = if clairvoyant { Shown::clairvoyant(&g.state) } else { Shown::new(&g.state) };
        match history {
            Some(h) => obs.with_history(h),
            None => obs,
        }
    }

    fn check(&self, g: &Logged, mv: Move) -> Result<(), String> {
        g.state.check(mv).map_err(|e| format!("`{}`: {e}", crate::text::move_text(&g.state, mv)))
    }

    fn info(&self, players: usize, seat: usize, seed: u64) -> GameInfo {
        GameInfo { seat, players, seed, options: chosen::text(&self.game_options(players), &self.data, true) }
    }

    fn record_header(&self, g: &Logged, head: &RecordHead) -> String {
        record::header(&g.state, &self.data, head.seed)
    }

    /// The chance steps since the last move (`chance: ...` and reshuffle lines), then the move's.
    fn record_line(&self, g: &Logged, mv: Move) -> String {
        record::record_lines(g, mv)
    }

    fn record_end(&self, g: &Logged) -> String {
        record::end_lines(g)
    }

    fn history(&self, _players: usize) -> PublicLog {
        PublicLog::new()
    }

    fn history_catch_up(&self, history: &mut PublicLog, g: &Logged) {
        history.catch_up(g, &self.data);
    }

    fn history_push(&self, history: &mut PublicLog, g: &Logged, mv: Move) {
        history.push(g, &self.data, mv);
    }

    fn history_text<'h>(&self, history: &'h PublicLog) -> &'h str {
        history.text()
    }

    /// Every hand face up.
    fn picture(&self, g: &Logged, seats: &[String]) -> String {
        picture::svg(&g.state, seats, None)
    }

    /// Drawn from the seat's view, whose hidden cards are not the real ones, and face down.
    fn seat_picture(&self, obs: &Shown<'_>, seats: &[String]) -> String {
        picture::svg(obs.view(), seats, Some(obs.me()))
    }
}
