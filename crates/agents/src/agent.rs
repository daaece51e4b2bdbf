//! The `Agent` trait: a player of Die Stadt that decides from an observation, never from the
//! hidden order of the tiles.

use crate::observation::Observation;
use die_stadt::ids::Player;
use die_stadt::moves::Move;
use rand_pcg::Pcg64Mcg;

/// A player. Agents are seeded by the runner from the game seed and seat, so games reproduce.
pub trait Agent: Send {
    /// Chooses one of the legal moves of the current step for `obs.me()`.
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move;

    /// Told once, before its first decision, which game it plays (the runner tells every agent;
    /// only a bot in another process needs it).
    fn new_game(&mut self, _game: &GameInfo) {}

    /// Whether its observations must carry the public record of the game so far (a bot in another
    /// process reads the position from it).
    fn wants_history(&self) -> bool {
        false
    }

    /// Why it lost its game, once it has (a bot in another process that timed out, crashed or
    /// broke the protocol); it is taken, so each forfeit is reported once. The agent still answers
    /// `act` (a fallback plays on), so the others' game goes to its end.
    fn forfeit(&mut self) -> Option<Forfeit> {
        None
    }
}

/// What an agent is told of its game before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    /// Its seat.
    pub seat: Player,
    /// Players in the game.
    pub players: usize,
    /// The seed its generator is seeded with (the runner's `agent_rng` for the seat).
    pub seed: u64,
    /// The tile set: `default` or a file's name.
    pub tiles: String,
    /// SHA-256 of the tile set's text.
    pub tiles_sha256: String,
}

/// A lost game: why, and what the bot last wrote to its stderr.
#[derive(Clone, Debug, PartialEq)]
pub struct Forfeit {
    /// One word naming the failure (`timeout`, `crash`, ...): the `failure` column of `games.csv`.
    pub kind: &'static str,
    /// What happened.
    pub message: String,
    /// The last lines of its stderr (bounded).
    pub stderr_tail: String,
}
