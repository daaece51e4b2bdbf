//! A thin interface to a game of chance with several players: whose turn it is (or that chance
//! acts, or that the game is over), the legal moves, applying one, the final scores, and, for a
//! player's view with hidden parts, sampling full games from it (determinising). Random play,
//! MCTS and the runner's loop work through it and know nothing of the game; each game crate
//! implements it for its full game and its public position.

use rand::{Rng, RngExt};
use std::fmt::Debug;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The player with this index decides.
    Player(usize),
    /// Chance acts (a card or tile is drawn, dice are rolled).
    Chance,
    /// The game is over.
    Over,
}

/// A game position that can be played on.
pub trait Game: Clone + Send {
    /// A decision.
    type Move: Copy + PartialEq + Debug + Send + Sync;

    /// Number of players.
    fn players(&self) -> usize;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// The legal moves of the player to act, into `out` (cleared first).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Whether a move is legal now.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Applies a legal move of the player to act.
    fn apply(&mut self, mv: Self::Move);

    /// Resolves the chance node the game stands at (sampling with `rng` where the game itself
    /// does not fix the outcome) and returns an id of the outcome.
    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64;

    /// Resolves the chance node the game stands at to the outcome `outcome` (an id
    /// `resolve_chance` returns), where the game can name one: a public position, where a draw may
    /// be any unseen card or tile. False when it cannot, or when this outcome cannot happen here; the game
    /// may then be left part-way and must not be played on.
    fn force_chance(&mut self, _outcome: u64) -> bool {
        false
    }

    /// Resolves the chance node the game stands at to `outcome` where it can (choosing with
    /// `rng` among the ways the hidden part may bring it about): how a search revisits a draw it
    /// has seen. The outcome reached (normally `outcome`), or None when it cannot, the game then
    /// left as it was.
    fn resolve_chance_as<R: Rng + ?Sized>(&mut self, _outcome: u64, _rng: &mut R) -> Option<u64> {
        None
    }

    /// The players' scores as they stand (final once the game is over), into `out[..players]`.
    fn scores(&self, out: &mut [f64]);

    /// How far the game has come, growing as it is played (playouts are cut by it).
    fn progress(&self) -> usize;

    /// The immediate value of each of `moves` (legal now) for the player to act, higher better,
    /// into `out` (cleared first, one per move), as the game's own one-ply judgement counts it and
    /// ideally without applying them; a constant shared by all the moves may be left out (no
    /// policy's choice depends on it). False when the game has none (informed playouts, search's
    /// `playout`, then play uniformly).
    fn move_values(&self, _moves: &[Self::Move], _out: &mut Vec<f64>) -> bool {
        false
    }

    /// A legal move drawn uniformly at random; `buf` is scratch space.
    fn random_move<R: Rng + ?Sized>(&self, buf: &mut Vec<Self::Move>, rng: &mut R) -> Self::Move {
        self.legal_moves(buf);
        buf[rng.random_range(0..buf.len())]
    }
}

/// A player's view of a game with hidden parts, from which full games can be sampled: what a
/// search that may not see the hidden part plays on.
pub trait Determinize: Sync {
    /// The full game a sample is.
    type Full: Game;

    /// The public position: what every player sees, to recognise a position seen before.
    type Public: Game<Move = <Self::Full as Game>::Move> + PartialEq + Send + 'static;

    /// The player to decide.
    fn actor(&self) -> usize;

    /// The public position of this view.
    fn public(&self) -> Self::Public;

    /// The public position of this view, into an existing one (reusing its memory).
    fn public_into(&self, out: &mut Self::Public);

    /// Whether `p` is this view's public position.
    fn is_public(&self, p: &Self::Public) -> bool;

    /// Whether the public position `earlier` may be on the way to this view's: a cheap test that
    /// lets tree reuse skip branches the game did not take (true when unsure).
    fn may_lead_here(&self, _earlier: &Self::Public) -> bool {
        true
    }

    /// The legal moves of the player to decide.
    fn legal_moves(&self, out: &mut Vec<<Self::Full as Game>::Move>);

    /// A full game consistent with the view, its hidden part sampled by `rng`.
    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Self::Full;

    /// The same, into an existing game (reusing its memory).
    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut Self::Full, rng: &mut R);
}
