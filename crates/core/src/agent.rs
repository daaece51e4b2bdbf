//! The `Agent` trait: a player of a game that decides from what its seat is shown, never from the
//! hidden part.

use crate::kind::GameKind;
use rand_pcg::Pcg64Mcg;

/// A player of games of kind `K`. Agents are seeded by the runner from the game seed and seat, so
/// games reproduce.
pub trait Agent<K: GameKind>: Send {
    /// Chooses one of the legal moves of the player to decide in `obs`.
    fn act(&mut self, obs: &K::Observation<'_>, rng: &mut Pcg64Mcg) -> K::Move;

    /// Told once, before its first decision, which game it plays (the runner tells every agent
    /// that wants the history; only a bot in another process needs it).
    fn new_game(&mut self, _game: &K::Info) {}

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
