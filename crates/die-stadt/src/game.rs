//! A full game: the public table plus the hidden order of the tiles (R4). Only the game runner
//! holds a `Game`; agents see the `Table`, and search agents make their own `Game` by sampling
//! the unseen tiles (`Game::determinize`).

use crate::moves::{Move, Step};
use crate::table::{Illegal, SetupError, Table};
use crate::tiles::{TILE_COUNT, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// The table and the order in which tiles will be drawn.
#[derive(Clone)]
pub struct Game {
    table: Table,
    order: [u8; TILE_COUNT],
}

impl Game {
    /// A game whose tiles are drawn in `order` (pile 1, then 2, then 3, top first): tile type
    /// indices that must be exactly the tile set. The first tile is drawn at once.
    pub fn new(tileset: &'static TileSet, players: usize, order: &[u8]) -> Result<Game, SetupError> {
        let mut game = Game { table: Table::new(tileset, players)?, order: [0; TILE_COUNT] };
        game.reset(players, order)?;
        Ok(game)
    }

    /// A game whose tiles are drawn in `order`, as `new`, before its first draw.
    pub fn before_draw(tileset: &'static TileSet, players: usize, order: &[u8]) -> Result<Game, SetupError> {
        let mut game = Game { table: Table::new(tileset, players)?, order: [0; TILE_COUNT] };
        game.check_order(order)?;
        game.order.copy_from_slice(order);
        Ok(game)
    }

    /// Starts a new game in place (see `Table::reset`): the playout loop's way to begin a game
    /// without copying or clearing whole boards.
    pub fn reset(&mut self, players: usize, order: &[u8]) -> Result<(), SetupError> {
        self.check_order(order)?;
        self.table.reset(players)?;
        self.order.copy_from_slice(order);
        self.resolve_draws();
        Ok(())
    }

    /// Whether `order` is exactly the tile set's tiles (an error if not).
    fn check_order(&self, order: &[u8]) -> Result<(), SetupError> {
        let tileset = self.table.tileset();
        let mut counts = [0u8; TILE_COUNT];
        let mut ok = order.len() == TILE_COUNT;
        for &t in order {
            match counts.get_mut(t as usize) {
                Some(c) if (t as usize) < tileset.types.len() => *c += 1,
                _ => ok = false,
            }
        }
        ok &= tileset.types.iter().enumerate().all(|(i, t)| counts[i] == t.count);
        if !ok {
            return Err(SetupError::Deck);
        }
        Ok(())
    }

    /// A game with the tiles shuffled by `rng`.
    pub fn shuffled<R: Rng + ?Sized>(
        tileset: &'static TileSet,
        players: usize,
        rng: &mut R,
    ) -> Result<Game, SetupError> {
        let mut order = tileset.deck();
        order.shuffle(rng);
        Game::new(tileset, players, &order)
    }

    /// A game continuing from `table` with the unseen tiles in an order sampled by `rng`: what a
    /// search agent may simulate (docs/die-stadt/rules.md section 7).
    pub fn determinize<R: Rng + ?Sized>(table: &Table, rng: &mut R) -> Game {
        let mut game = Game { table: table.clone(), order: [0; TILE_COUNT] };
        game.resample(rng);
        game
    }

    /// A game standing where `table` stands, a draw not yet made, the unseen tiles in an order
    /// sampled by `rng`: a player's view of a game as a game (the Python package's).
    pub fn sampled<R: Rng + ?Sized>(table: &Table, rng: &mut R) -> Game {
        let mut game = Game { table: table.clone(), order: [0; TILE_COUNT] };
        game.shuffle_unseen(rng);
        game
    }

    /// Reshuffles the tiles not drawn yet (for reuse of one `Game` across search iterations).
    pub fn resample<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.shuffle_unseen(rng);
        self.resolve_draws();
    }

    /// Puts the unseen tiles after the drawn ones in an order sampled by `rng`.
    fn shuffle_unseen<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let start = self.table.drawn();
        let mut i = start;
        for (ty, &n) in self.table.unseen().iter().enumerate() {
            for _ in 0..n {
                self.order[i] = ty as u8;
                i += 1;
            }
        }
        debug_assert_eq!(i, TILE_COUNT);
        self.order[start..].shuffle(rng);
    }

    /// Overwrites this game with `table` and a fresh sample of the unseen tiles, reusing memory.
    pub fn reset_from<R: Rng + ?Sized>(&mut self, table: &Table, rng: &mut R) {
        self.table.clone_from(table);
        self.resample(rng);
    }

    /// The public table.
    #[inline]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The draw order (type indices); for records. Entries before `table().drawn()` are only
    /// meaningful in games built with `Game::new`.
    pub fn order(&self) -> &[u8; TILE_COUNT] {
        &self.order
    }

    /// Appends the legal moves of the current step.
    #[inline]
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.table.legal_moves(out);
    }

    /// Applies a legal move, then draws until a tile is in hand or the game is over.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        self.table.apply(mv);
        self.resolve_draws();
    }

    /// Applies a legal move and stops at the next draw (for play that handles chance itself;
    /// `resolve_draws` then draws from the deck).
    #[inline]
    pub fn apply_decision(&mut self, mv: Move) {
        self.table.apply(mv);
    }

    /// Checks and applies a move.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.table.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// Puts the `k`-th undrawn tile of type `ty` (in deck order) on top of the deck, swapping it
    /// with the top tile, then draws as `resolve_draws` does: how a search makes a sampled order
    /// repeat a draw it has seen (with `k` uniform, the order stays a uniform sample given that
    /// draw). False, nothing changed, when no draw is due or fewer than `k + 1` such tiles are
    /// undrawn.
    pub fn draw_kth_of_type(&mut self, ty: u8, k: usize) -> bool {
        if self.table.step() != Step::Draw {
            return false;
        }
        let top = self.table.drawn();
        let Some(j) = (top..TILE_COUNT).filter(|&j| self.order[j] == ty).nth(k) else {
            return false;
        };
        self.order.swap(top, j);
        self.resolve_draws();
        true
    }

    /// Draws the deck's next tile at a draw (R10: set aside when it fits nowhere, the game then
    /// still at a draw) and returns its type; None, nothing changed, when no draw is due.
    pub fn draw_next(&mut self) -> Option<u8> {
        if self.table.step() != Step::Draw {
            return None;
        }
        let ty = self.order[self.table.drawn()];
        self.table.draw(ty).expect("the deck holds exactly the unseen tiles");
        Some(ty)
    }

    /// Draws a tile of type `ty` at a draw, as `draw_next` does, the first such tile of the deck
    /// moved to its top first (the tiles between keep their order), so that the deck still holds
    /// the draws so far and a record written later replays them: how a chance outcome chosen from
    /// outside is drawn. An error, nothing changed, when no draw is due or no tile of that type is
    /// unseen.
    pub fn draw_type(&mut self, ty: u8) -> Result<(), Illegal> {
        let top = self.table.drawn();
        if self.table.step() != Step::Draw {
            return Err(Illegal::NotDrawing);
        }
        let Some(j) = (top..TILE_COUNT).find(|&j| self.order[j] == ty) else {
            return Err(Illegal::NoUnseenTile(ty));
        };
        self.order[top..=j].rotate_right(1);
        self.table.draw(ty)
    }

    /// Draws from the deck until a tile is in hand or the game is over (tiles that fit nowhere are
    /// set aside on the way, R10).
    #[inline]
    pub fn resolve_draws(&mut self) {
        while self.table.step() == Step::Draw {
            let ty = self.order[self.table.drawn()];
            self.table.draw(ty).expect("the deck holds exactly the unseen tiles");
        }
    }
}
