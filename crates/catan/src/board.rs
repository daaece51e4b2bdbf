//! A board as data (C8): the terrain and number of every land hex and the kind of every harbour,
//! written as text, read back with errors that name the line, and hashed for manifests.

use crate::ids::{Hex, Resource};
use crate::topology::{HARBOURS, HEXES};
use sha2::{Digest, Sha256};
use std::fmt;

/// A harbour's kind (C5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Harbour {
    /// Three identical cards for one.
    Generic,
    /// Two cards of this resource for one.
    Special(Resource),
}

impl Harbour {
    /// The nine harbours of the box, in Catanatron's template order (five 2:1, four 3:1).
    pub const BOX: [Harbour; HARBOURS] = [
        Harbour::Special(Resource::Lumber),
        Harbour::Special(Resource::Brick),
        Harbour::Special(Resource::Wool),
        Harbour::Special(Resource::Grain),
        Harbour::Special(Resource::Ore),
        Harbour::Generic,
        Harbour::Generic,
        Harbour::Generic,
        Harbour::Generic,
    ];

    /// Its name in board texts: `3:1`, or the resource of a 2:1 harbour.
    pub fn name(self) -> &'static str {
        match self {
            Harbour::Generic => "3:1",
            Harbour::Special(r) => r.name(),
        }
    }
}

/// The dots on a number token: the rolls of two dice in 36 that bring it (0 for 7 and the
/// desert's 0).
pub fn pips(number: u8) -> u8 {
    match number {
        2..=6 => number - 1,
        8..=12 => 13 - number,
        _ => 0,
    }
}

/// The board: terrain (None for the desert), number tokens (0 on the desert) and harbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each hex's resource; None is the desert.
    pub terrain: [Option<Resource>; HEXES],
    /// Each hex's number token, 2–12; 0 on the desert.
    pub numbers: [u8; HEXES],
    /// Each harbour position's kind.
    pub harbours: [Harbour; HARBOURS],
}

/// Why a board file or board value is not a base-game board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The 1-based line at fault (0 for the board as a whole).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for BoardError {}

/// The first line of a board file.
pub const HEADER: &str = "stadt-catan-board 1";

impl Board {
    /// The hex with the desert (where the robber starts, C4).
    pub fn desert(&self) -> Hex {
        Hex(self.terrain.iter().position(|t| t.is_none()).unwrap_or(0) as u8)
    }

    /// Checks the box's contents: 4/3/4/4/3 terrains and one desert (C3), the 18 tokens on the 18
    /// other hexes (C4), the nine harbours (C5).
    pub fn validate(&self) -> Result<(), BoardError> {
        let err = |line: usize, reason: String| Err(BoardError { line, reason });
        let mut terrains = [0u8; 6];
        for t in self.terrain {
            terrains[t.map_or(5, |r| r.index())] += 1;
        }
        if terrains != [4, 3, 4, 4, 3, 1] {
            return err(
                2,
                format!(
                    "terrains are not 4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert (C3): {terrains:?}"
                ),
            );
        }
        let mut tokens = [0u8; 13];
        for (h, (&n, t)) in self.numbers.iter().zip(self.terrain).enumerate() {
            match (t, n) {
                (None, 0) => {}
                (None, _) => return err(3, format!("hex {h} is the desert but has number {n} (C4)")),
                (Some(_), 2..=6 | 8..=12) => tokens[n as usize] += 1,
                (Some(_), _) => return err(3, format!("hex {h} has no number token 2-6 or 8-12 (C4)")),
            }
        }
        if tokens != [0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1] {
            return err(3, "number tokens are not 2 and 12 once and 3-6, 8-11 twice (C4)".to_string());
        }
        let mut kinds = [0u8; 6];
        for h in self.harbours {
            kinds[match h {
                Harbour::Generic => 5,
                Harbour::Special(r) => r.index(),
            }] += 1;
        }
        if kinds != [1, 1, 1, 1, 1, 4] {
            return err(4, "harbours are not four 3:1 and one 2:1 of each resource (C5)".to_string());
        }
        Ok(())
    }

    /// The board as text (C8).
    pub fn to_text(&self) -> String {
        let terrain: Vec<&str> = self.terrain.iter().map(|t| t.map_or("desert", |r| r.name())).collect();
        let numbers: Vec<String> =
            self.numbers.iter().map(|&n| if n == 0 { "-".to_string() } else { n.to_string() }).collect();
        let harbours: Vec<&str> = self.harbours.iter().map(|h| h.name()).collect();
        format!(
            "{HEADER}\nterrain {}\nnumbers {}\nharbours {}\n",
            terrain.join(" "),
            numbers.join(" "),
            harbours.join(" ")
        )
    }

    /// Reads a board from its text (C8), checked by `validate`.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let lines: Vec<(usize, &str)> =
            text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
        let bad = |line, reason: &str| BoardError { line, reason: reason.to_string() };
        if lines.first().map(|l| l.1) != Some(HEADER) {
            return Err(bad(1, "the first line is not `stadt-catan-board 1`"));
        }
        let field = |i: usize, key: &str, n: usize| -> Result<(usize, Vec<&str>), BoardError> {
            let (line, l) = *lines.get(i).ok_or_else(|| bad(i + 1, &format!("missing line `{key} ...`")))?;
            let mut words = l.split_whitespace();
            if words.next() != Some(key) {
                return Err(bad(line, &format!("expected `{key} ...`")));
            }
            let values: Vec<&str> = words.collect();
            if values.len() != n {
                return Err(bad(line, &format!("`{key}` needs {n} values, found {}", values.len())));
            }
            Ok((line, values))
        };
        let mut board = Board::beginners();
        let (line, terrain) = field(1, "terrain", HEXES)?;
        for (slot, w) in board.terrain.iter_mut().zip(terrain) {
            *slot = match w {
                "desert" => None,
                w => Some(Resource::parse(w).ok_or_else(|| bad(line, &format!("`{w}` is no terrain")))?),
            };
        }
        let (line, numbers) = field(2, "numbers", HEXES)?;
        for (slot, w) in board.numbers.iter_mut().zip(numbers) {
            *slot = match w {
                "-" => 0,
                w => w.parse().map_err(|_| bad(line, &format!("`{w}` is no number")))?,
            };
        }
        let (line, harbours) = field(3, "harbours", HARBOURS)?;
        for (slot, w) in board.harbours.iter_mut().zip(harbours) {
            *slot = match w {
                "3:1" => Harbour::Generic,
                w => Harbour::Special(
                    Resource::parse(w).ok_or_else(|| bad(line, &format!("`{w}` is no harbour")))?,
                ),
            };
        }
        if let Some(&(line, _)) = lines.get(4) {
            return Err(bad(line, "text after the harbours line"));
        }
        board
            .validate()
            .map_err(|e| BoardError { line: lines.get(e.line.saturating_sub(1)).map_or(0, |l| l.0), ..e })?;
        Ok(board)
    }

    /// The SHA-256 of the board's text, in hex, for manifests.
    pub fn sha256(&self) -> String {
        Sha256::digest(self.to_text().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::pips;

    #[test]
    fn pips_count_the_rolls_of_two_dice() {
        let counts: Vec<u8> = (2..=12).map(pips).collect();
        assert_eq!(counts, [1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1]);
        assert_eq!(pips(0), 0, "the desert");
        assert_eq!(counts.iter().map(|&c| c as u32).sum::<u32>(), 36 - 6, "all rolls but the sevens");
    }
}
