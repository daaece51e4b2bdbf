//! What an agent sees: the public table, never the hidden order of the tiles (unless an
//! experiment makes a bot clairvoyant), and full games sampled from it for search.

use crate::game::Game;
use crate::ids::Player;
use crate::moves::Move;
use crate::table::Table;
use rand::Rng;
use stadt_core::game::Determinize;

/// What an agent sees: the public table (never the hidden tile order), unless the runner made it
/// clairvoyant for an experiment.
pub struct Observation<'a> {
    table: &'a Table,
    revealed: Option<&'a Game>,
    history: Option<&'a str>,
}

impl<'a> Observation<'a> {
    /// An honest observation of a game.
    pub fn new(game: &'a Game) -> Observation<'a> {
        Observation { table: game.table(), revealed: None, history: None }
    }

    /// An observation of a bare table (no hidden order exists or is known).
    pub fn of_table(table: &'a Table) -> Observation<'a> {
        Observation { table, revealed: None, history: None }
    }

    /// A clairvoyant observation that reveals the real tile order (experiments only).
    pub fn clairvoyant(game: &'a Game) -> Observation<'a> {
        Observation { table: game.table(), revealed: Some(game), history: None }
    }

    /// The same observation carrying the public record of the game so far
    /// (`die_stadt::public_record`), for agents that read the position from it.
    pub fn with_history(self, record: &'a str) -> Observation<'a> {
        Observation { history: Some(record), ..self }
    }

    /// The public record of the game so far, when the runner keeps one.
    pub fn history(&self) -> Option<&'a str> {
        self.history
    }

    /// The public table.
    #[inline]
    pub fn table(&self) -> &'a Table {
        self.table
    }

    /// The player to decide.
    #[inline]
    pub fn me(&self) -> Player {
        self.table.actor()
    }

    /// The legal moves.
    #[inline]
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.table.legal_moves(out);
    }

    /// Whether this observation reveals the real tile order.
    pub fn is_clairvoyant(&self) -> bool {
        self.revealed.is_some()
    }

    /// The real tile order, when this observation reveals it (clairvoyant experiments only).
    pub fn revealed_order(&self) -> Option<&[u8]> {
        self.revealed.map(|g| &g.order()[..])
    }
}

/// Two observations are equal when they show the same table and reveal the same order, if any:
/// what an agent could possibly learn from them.
impl PartialEq for Observation<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.table == other.table && self.revealed_order() == other.revealed_order()
    }
}

/// A game to simulate from: the unseen tiles shuffled by the agent's generator into the remaining
/// piles (docs/die-stadt/rules.md section 7), or the real order when clairvoyant.
impl Determinize for Observation<'_> {
    type Full = Game;
    type Public = Table;

    fn actor(&self) -> usize {
        self.me().index()
    }

    fn public(&self) -> Table {
        self.table.clone()
    }

    fn public_into(&self, out: &mut Table) {
        out.clone_from(self.table);
    }

    fn is_public(&self, p: &Table) -> bool {
        self.table == p
    }

    /// Tiles are placed in slot order and never move: `earlier`'s newest tile must lie in this
    /// view's board in the same slot, cell, type and rotation.
    fn may_lead_here(&self, earlier: &Table) -> bool {
        let (mine, theirs) = (self.table.board(), earlier.board());
        let n = theirs.tile_count();
        if n > mine.tile_count() || earlier.drawn() > self.table.drawn() {
            return false;
        }
        n == 0 || {
            let slot = crate::ids::Slot::new(n - 1);
            let (a, b) = (mine.tile(slot), theirs.tile(slot));
            (a.x, a.y, a.ty, a.rot) == (b.x, b.y, b.ty, b.rot)
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.table.legal_moves(out);
    }

    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        match self.revealed {
            Some(g) => g.clone(),
            None => Game::determinize(self.table, rng),
        }
    }

    fn determinize_into<R: Rng + ?Sized>(&self, game: &mut Game, rng: &mut R) {
        match self.revealed {
            Some(g) => game.clone_from(g),
            None => game.reset_from(self.table, rng),
        }
    }
}
