//! The one adapter a game gives the core: its name and player counts, what a seat is shown and
//! told, how a move is checked and written, its records and its picture. The runner, tournaments and every
//! agent are generic over it; a game crate implements it once.

use crate::game::Game;
pub use crate::options::GameOption;
use std::fmt::Debug;
use std::ops::RangeInclusive;

/// A game for the harness: one value holds its options (a tile set, a board), and the associated
/// types say what is played, decided and seen.
pub trait GameKind: Send + Sync + 'static {
    /// A game being played, its hidden part included.
    type State: Game<Move = Self::Move>;
    /// A decision.
    type Move: Copy + PartialEq + Debug + Send + Sync;
    /// What the agent in a seat is shown before it decides: never the hidden part, unless an
    /// experiment makes it clairvoyant.
    type Observation<'a>;
    /// What an agent is told of its game before its first decision (a bot in another program).
    type Info: Clone + Debug + PartialEq + Send;
    /// What a record's header holds besides the deal: the options' names and the seed.
    type RecordHead: Clone + Debug + Send + Sync;
    /// The public record of a game so far, shown to agents that read the position from it.
    type History: Send;

    /// The game's name, as `--game` takes it.
    fn name(&self) -> &'static str;

    /// The player counts it is played with.
    fn players(&self) -> RangeInclusive<usize>;

    /// The id of the rule that sets those counts (`R1`), named when a count is refused.
    fn players_rule(&self) -> &'static str;

    /// The options a game of it is set up with (`stadt games` lists them).
    fn options(&self) -> &'static [GameOption];

    /// The columns of `games.csv` that are this game's own.
    fn columns(&self) -> Columns;

    /// The values of those columns for `seat` (0-based) of the finished game `state`, into
    /// `sources` and `details` (cleared first).
    fn final_values(
        &self,
        state: &Self::State,
        seat: usize,
        sources: &mut Vec<i32>,
        details: &mut Vec<String>,
    );

    /// A game of `players` dealt from `seed` (the board, the deck, the dice: everything chance
    /// fixes before play), so every seating of one deal plays the same game.
    fn deal(&self, players: usize, seed: u64) -> Result<Self::State, crate::error::Error>;

    /// What the player to act in `state` is shown; `history` is the public record so far, when
    /// kept.
    fn observe<'a>(
        &self,
        state: &'a Self::State,
        clairvoyant: bool,
        history: Option<&'a str>,
    ) -> Self::Observation<'a>;

    /// Whether `mv` is legal in `state`: Err names the rule it breaks and the move, in record
    /// notation.
    fn check(&self, state: &Self::State, mv: Self::Move) -> Result<(), String>;

    /// What the agent in `seat` of a game of `players` is told; `seed` is the one its generator
    /// gets.
    fn info(&self, players: usize, seat: usize, seed: u64) -> Self::Info;

    /// The header of the record of `state` (a game about to start).
    fn record_header(&self, state: &Self::State, head: &Self::RecordHead) -> String;

    /// The record's line for `mv`, about to be made in `state` (a game may put lines before it:
    /// the chance outcomes since the last move, say).
    fn record_line(&self, state: &Self::State, mv: Self::Move) -> String;

    /// The record's last lines, once the game in `state` is over (say, the chance outcomes after
    /// the last move, when chance ended the game). None by default.
    fn record_end(&self, _state: &Self::State) -> String {
        String::new()
    }

    /// A public record for a game of `players`.
    fn history(&self, players: usize) -> Self::History;

    /// Brings `history` up to `state` (what chance did since the last decision).
    fn history_catch_up(&self, history: &mut Self::History, state: &Self::State);

    /// Adds `mv`, about to be made in `state`, to `history`.
    fn history_push(&self, history: &mut Self::History, state: &Self::State, mv: Self::Move);

    /// The text of `history`.
    fn history_text<'h>(&self, history: &'h Self::History) -> &'h str;

    /// A picture of `state` (at any step) as one self-contained SVG document, for people: it may
    /// show the hidden part. `seats` labels the players in order (missing or empty labels are
    /// left out).
    fn picture(&self, state: &Self::State, seats: &[String]) -> String;

    /// A picture of what the player to decide in `obs` sees (a person playing that seat): never
    /// the hidden part.
    fn seat_picture(&self, obs: &Self::Observation<'_>, seats: &[String]) -> String;
}

/// The columns of `games.csv` that are a game's own: its points by source (written after `score`,
/// averaged per bot in `summary.csv` as `mean_NAME` and stacked in the report), and what else a
/// finished game records per seat (written after `margin`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Columns {
    /// The sources of points, in order.
    pub sources: Vec<String>,
    /// The other columns, in order.
    pub details: Vec<String>,
}

impl Columns {
    /// Columns of these names.
    pub fn new(sources: &[&str], details: &[&str]) -> Columns {
        Columns {
            sources: sources.iter().map(|s| s.to_string()).collect(),
            details: details.iter().map(|s| s.to_string()).collect(),
        }
    }
}
