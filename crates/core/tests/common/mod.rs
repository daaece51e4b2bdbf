//! The core's test game, which is not Die Stadt: a counter from 10 that two players take 1 to 3
//! from in turn, the one who takes the last winning. With `valued`, it has move values: 1 for a
//! move that leaves a multiple of 4 (the winning move where there is one), else 0.

#![allow(dead_code)]

use rand::Rng;
use stadt_core::game::{Game, Turn};

/// The counting game.
#[derive(Clone, Debug, PartialEq)]
pub struct Countdown {
    pub left: u32,
    pub to_move: usize,
    pub winner: Option<usize>,
    pub valued: bool,
}

impl Countdown {
    /// The game at its start, with move values or without.
    pub fn new(valued: bool) -> Countdown {
        Countdown { left: 10, to_move: 0, winner: None, valued }
    }
}

impl Game for Countdown {
    type Move = u32;
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.winner.is_some() { Turn::Over } else { Turn::Player(self.to_move) }
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend((1..=3).filter(|&k| k <= self.left));
    }
    fn is_legal(&self, mv: u32) -> bool {
        (1..=3).contains(&mv) && mv <= self.left
    }
    fn apply(&mut self, mv: u32) {
        self.left -= mv;
        if self.left == 0 {
            self.winner = Some(self.to_move);
        }
        self.to_move = 1 - self.to_move;
    }
    fn resolve_chance<R: Rng + ?Sized>(&mut self, _rng: &mut R) -> u64 {
        unreachable!("no chance in countdown")
    }
    fn scores(&self, out: &mut [f64]) {
        for (p, o) in out.iter_mut().enumerate().take(2) {
            *o = f64::from(self.winner == Some(p));
        }
    }
    fn progress(&self) -> usize {
        (10 - self.left) as usize
    }
    fn move_values(&self, moves: &[u32], out: &mut Vec<f64>) -> bool {
        out.clear();
        out.extend(moves.iter().map(|&k| f64::from((self.left - k).is_multiple_of(4))));
        self.valued
    }
}
