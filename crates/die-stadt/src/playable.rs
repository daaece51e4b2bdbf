//! Die Stadt through the core's game trait (`stadt_core::game`): the engine's `Game` (a table and its deck, where chance
//! draws the deck's next tile) and `Table` (the public position, where chance draws any unseen
//! tile). A chance outcome is the tile that ends up in hand, tiles that fit nowhere set aside on
//! the way (R10).
//!
//! The search that calls these lives in other crates: the small methods are `#[inline]` so that
//! they inline there as they did when this file was the agents' own.

use crate::game::Game as Deck;
use crate::moves::{Move, Step};
use crate::table::{OPEN_WEIGHT, Table};
use rand::{Rng, RngExt};
use stadt_core::game::{Game, Turn};

/// The outcome id once no tile can be drawn (the game ended while drawing).
const NO_TILE: u64 = u64::MAX;

/// Who acts in a table.
fn turn(t: &Table) -> Turn {
    match t.step() {
        Step::Draw => Turn::Chance,
        Step::GameOver => Turn::Over,
        _ => Turn::Player(t.actor().index()),
    }
}

/// A uniformly random legal move; tile placements are sampled without listing them all.
#[inline]
pub fn random_move<R: Rng + ?Sized>(t: &Table, buf: &mut Vec<Move>, rng: &mut R) -> Move {
    if t.step() == Step::PlaceTile {
        return t.sample_tile_move(rng);
    }
    t.legal_moves(buf);
    buf[rng.random_range(0..buf.len())]
}

fn scores(t: &Table, out: &mut [f64]) {
    for (o, s) in out.iter_mut().zip(t.scores()).take(t.players()) {
        *o = s as f64;
    }
}

fn in_hand(t: &Table) -> u64 {
    if t.step() == Step::PlaceTile { t.in_hand() as u64 } else { NO_TILE }
}

impl Game for Deck {
    type Move = Move;

    #[inline]
    fn players(&self) -> usize {
        self.table().players()
    }

    #[inline]
    fn turn(&self) -> Turn {
        turn(self.table())
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.table().legal_moves(out);
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.table().check(mv).is_ok()
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        self.apply_decision(mv);
    }

    /// Puts a uniformly chosen undrawn tile of type `outcome` on top of the sampled deck and
    /// draws: the deck stays a uniform sample of the unseen tiles given that draw.
    fn resolve_chance_as<R: Rng + ?Sized>(&mut self, outcome: u64, rng: &mut R) -> Option<u64> {
        let ty = u8::try_from(outcome).ok()?;
        let undrawn = *self.table().unseen().get(ty as usize)? as usize;
        if undrawn == 0 || !self.draw_kth_of_type(ty, rng.random_range(0..undrawn)) {
            return None;
        }
        Some(in_hand(self.table()))
    }

    /// Draws from the deck: `rng` is not needed.
    #[inline]
    fn resolve_chance<R: Rng + ?Sized>(&mut self, _rng: &mut R) -> u64 {
        self.resolve_draws();
        in_hand(self.table())
    }

    #[inline]
    fn scores(&self, out: &mut [f64]) {
        scores(self.table(), out);
    }

    #[inline]
    fn progress(&self) -> usize {
        self.table().board().tile_count()
    }

    /// Greedy's values less the position's own as playouts use them (`Table::playout_gains` at greedy's default weight).
    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        self.table().playout_gains(OPEN_WEIGHT, moves, out);
        true
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, buf: &mut Vec<Move>, rng: &mut R) -> Move {
        random_move(self.table(), buf, rng)
    }
}

impl Game for Table {
    type Move = Move;

    #[inline]
    fn players(&self) -> usize {
        Table::players(self)
    }

    #[inline]
    fn turn(&self) -> Turn {
        turn(self)
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        Table::legal_moves(self, out);
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        Table::apply(self, mv);
    }

    /// Draws unseen tiles, each as likely as its share of the unseen ones, until one is in hand.
    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        while self.step() == Step::Draw {
            let total: usize = self.unseen().iter().map(|&n| n as usize).sum();
            let mut k = rng.random_range(0..total);
            let ty = self
                .unseen()
                .iter()
                .position(|&n| {
                    if k < n as usize {
                        return true;
                    }
                    k -= n as usize;
                    false
                })
                .expect("an unseen tile");
            self.draw(ty as u8).expect("an unseen tile can be drawn");
        }
        in_hand(self)
    }

    /// Draws a tile of type `outcome`; false if none is unseen or it would be set aside (an
    /// outcome names the tile that ends up in hand).
    fn force_chance(&mut self, outcome: u64) -> bool {
        self.step() == Step::Draw
            && u8::try_from(outcome).is_ok_and(|ty| self.draw(ty).is_ok())
            && self.step() == Step::PlaceTile
            && u64::from(self.in_hand()) == outcome
    }

    #[inline]
    fn scores(&self, out: &mut [f64]) {
        scores(self, out);
    }

    #[inline]
    fn progress(&self) -> usize {
        self.board().tile_count()
    }

    /// Greedy's values less the position's own as playouts use them (`Table::playout_gains` at greedy's default weight).
    fn move_values(&self, moves: &[Move], out: &mut Vec<f64>) -> bool {
        Table::playout_gains(self, OPEN_WEIGHT, moves, out);
        true
    }

    fn random_move<R: Rng + ?Sized>(&self, buf: &mut Vec<Move>, rng: &mut R) -> Move {
        random_move(self, buf, rng)
    }
}
