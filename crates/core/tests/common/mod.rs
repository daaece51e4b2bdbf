//! The core's test game, which is not Die Stadt: a counter from 10 that two players take 1 to 3
//! from in turn, the one who takes the last winning. With `valued`, it has move values: 1 for a
//! move that leaves a multiple of 4 (the winning move where there is one), else 0.

#![allow(dead_code)]

use rand::Rng;
use stadt_core::error::Error;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::{Columns, GameKind, GameOption};
use std::ops::RangeInclusive;

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

/// The adapter of the counting game: 2 players, a record line per move, a picture.
pub struct CountdownKind;

impl GameKind for CountdownKind {
    type State = Countdown;
    type Move = u32;
    type Observation<'a> = &'a Countdown;
    type Info = usize;
    type RecordHead = ();
    type History = String;
    fn name(&self) -> &'static str {
        "countdown"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn players_rule(&self) -> &'static str {
        "none: a test game"
    }
    fn options(&self) -> &'static [GameOption] {
        &[]
    }
    fn columns(&self) -> Columns {
        Columns::new(&[], &["left"])
    }
    fn final_values(&self, state: &Countdown, _: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        sources.clear();
        details.clear();
        details.push(state.left.to_string());
    }
    fn deal(&self, players: usize, _: u64) -> Result<Countdown, Error> {
        if players != 2 {
            return Err(Error::Setting(format!("countdown is for 2 players, not {players}")));
        }
        Ok(Countdown::new(false))
    }
    fn observe<'a>(&self, state: &'a Countdown, _: bool, _: Option<&'a str>) -> &'a Countdown {
        state
    }
    fn check(&self, state: &Countdown, mv: u32) -> Result<(), String> {
        if state.is_legal(mv) {
            Ok(())
        } else {
            Err(format!("`take {mv}`: only 1 to 3, at most {}", state.left))
        }
    }
    fn info(&self, _: usize, seat: usize, _: u64) -> usize {
        seat
    }
    fn record_header(&self, state: &Countdown, _: &()) -> String {
        format!("countdown from {}\n", state.left)
    }
    fn record_line(&self, state: &Countdown, mv: u32) -> String {
        format!("p{} takes {mv}\n", state.to_move + 1)
    }
    fn history(&self, _: usize) -> String {
        String::new()
    }
    fn history_catch_up(&self, _: &mut String, _: &Countdown) {}
    fn history_push(&self, h: &mut String, _: &Countdown, mv: u32) {
        h.push_str(&mv.to_string());
    }
    fn history_text<'h>(&self, h: &'h String) -> &'h str {
        h
    }

    fn seat_picture(&self, obs: &Self::Observation<'_>, seats: &[String]) -> String {
        self.picture(obs, seats)
    }

    fn picture(&self, s: &Countdown, _seats: &[String]) -> String {
        let mut svg = stadt_core::svg::Svg::new(100.0, 20.0, "countdown");
        svg.text((0.0, 10.0), stadt_core::svg::Font::new(10.0), &format!("{s:?}"));
        svg.finish()
    }
}
