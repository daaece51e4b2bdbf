//! The chance outcomes of a game as record lines (`chance: dice 3 4`, docs/catan/README.md,
//! "Records"): the outcomes since the last decision, kept in the state without allocating, and
//! their text both ways. A record that carries them replays without the dice generator's seed or
//! the decks' order, so a game played elsewhere can be written as a record.

use crate::ids::{Cards, DevCard, Resource};
use crate::knights::cards::ProgressCard;
use crate::knights::tracks::Commodity;
use crate::moves::Chance;

/// The most chance steps between two decisions: a roll, then a progress card for each of 4
/// players or a random discard for each of 4 (a steal follows a decision).
const MOST: usize = 8;

/// The chance outcomes applied since the last move, oldest first.
#[derive(Clone, Copy, Debug, Eq)]
pub struct ChanceLog {
    outcomes: [Chance; MOST],
    len: u8,
}

impl Default for ChanceLog {
    fn default() -> ChanceLog {
        ChanceLog { outcomes: [Chance::Dice(0, 0); MOST], len: 0 }
    }
}

/// Two logs are equal when they hold the same outcomes (the slots past them are stale).
impl PartialEq for ChanceLog {
    fn eq(&self, other: &ChanceLog) -> bool {
        self.outcomes() == other.outcomes()
    }
}

impl ChanceLog {
    /// Forgets the outcomes (a move was made).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds an outcome just applied.
    #[inline]
    pub(crate) fn push(&mut self, c: Chance) {
        // More than MOST in a row cannot happen (see MOST); the oldest would be lost, never
        // written out of order.
        debug_assert!((self.len as usize) < MOST, "more chance steps in a row than {MOST}");
        let k = (self.len as usize).min(MOST - 1);
        self.outcomes[k] = c;
        self.len = (k + 1) as u8;
    }

    /// The outcomes since the last move, oldest first.
    pub fn outcomes(&self) -> &[Chance] {
        &self.outcomes[..self.len as usize]
    }
}

/// The record line of a chance outcome: `chance: ` and its text (`chance_text`).
pub fn chance_line(c: Chance) -> String {
    format!("{PREFIX}{}", chance_text(c))
}

/// What starts a record's chance line.
pub const PREFIX: &str = "chance: ";

/// A chance outcome as text: `dice 3 4` (the base game's two dice), `dice 3 4 event 5` (Städte
/// und Ritter's red and yellow dice and the event die's face: 1–3 the ship, 4 trade, 5 politics,
/// 6 science; K6), `draw knight` (a development card bought), `progress spy` (a progress card
/// drawn by the player to draw), `steal ore` or `steal cloth` (the card the robber or a Bishop
/// takes), `discard 1,0,0,2,0` (a random discard: lumber, brick, wool, grain, ore).
pub fn chance_text(c: Chance) -> String {
    match c {
        Chance::Dice(a, b) => format!("dice {a} {b}"),
        Chance::Roll(r, y, e) => format!("dice {r} {y} event {e}"),
        Chance::Draw(k) => format!("draw {}", k.name()),
        Chance::Progress(k) => format!("progress {}", k.name()),
        Chance::Steal(r) => format!("steal {}", r.name()),
        Chance::StealCommodity(c) => format!("steal {}", c.name()),
        Chance::Discard(cards) => {
            let counts: Vec<String> = cards.iter().map(|n| n.to_string()).collect();
            format!("discard {}", counts.join(","))
        }
    }
}

/// Reads a chance outcome written by `chance_text`; the event die's face may also be named
/// (`ship` for face 1, `trade`, `politics`, `science`). The error names the word at fault.
pub fn parse_chance(text: &str) -> Result<Chance, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let word =
        |i: usize, what: &str| words.get(i).copied().ok_or_else(|| format!("`{text}` lacks its {what}"));
    let die = |i: usize, what: &str| -> Result<u8, String> {
        let w = word(i, what)?;
        w.parse::<u8>()
            .ok()
            .filter(|d| (1..=6).contains(d))
            .ok_or_else(|| format!("`{w}` is no {what} (1-6)"))
    };
    let (c, n) = match words.first().copied() {
        Some("dice") if words.len() > 3 => {
            if word(3, "`event`")? != "event" {
                return Err(format!("`{text}`: the event die follows the word `event`"));
            }
            let face = match word(4, "event die")? {
                "ship" => 1,
                "trade" => 4,
                "politics" => 5,
                "science" => 6,
                _ => die(4, "event die face")?,
            };
            (Chance::Roll(die(1, "red die")?, die(2, "yellow die")?, face), 5)
        }
        Some("dice") => (Chance::Dice(die(1, "die")?, die(2, "die")?), 3),
        Some("draw") => {
            let w = word(1, "development card")?;
            let k = DevCard::ALL.into_iter().find(|d| d.name() == w);
            (Chance::Draw(k.ok_or_else(|| format!("`{w}` is no development card"))?), 2)
        }
        Some("progress") => {
            let w = word(1, "progress card")?;
            (Chance::Progress(ProgressCard::parse(w).ok_or_else(|| format!("`{w}` is no progress card"))?), 2)
        }
        Some("steal") => {
            let w = word(1, "card stolen")?;
            let c = match (Resource::parse(w), Commodity::parse(w)) {
                (Some(r), _) => Chance::Steal(r),
                (None, Some(c)) => Chance::StealCommodity(c),
                _ => return Err(format!("`{w}` is no resource or commodity")),
            };
            (c, 2)
        }
        Some("discard") => {
            let w = word(1, "counts")?;
            let parts: Vec<&str> = w.split(',').collect();
            let mut cards: Cards = [0; 5];
            if parts.len() != 5 {
                return Err(format!("`{w}` is not five counts (lumber,brick,wool,grain,ore)"));
            }
            for (slot, p) in cards.iter_mut().zip(parts) {
                *slot = p.parse().map_err(|_| format!("`{p}` is not a count"))?;
            }
            (Chance::Discard(cards), 2)
        }
        _ => return Err(format!("`{text}` is no chance outcome (dice, draw, progress, steal, discard)")),
    };
    if words.len() > n {
        return Err(format!("`{text}` has words after the outcome"));
    }
    Ok(c)
}
