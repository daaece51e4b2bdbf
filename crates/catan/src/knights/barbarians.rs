//! The barbarians' attack (K37–K43): the two strengths, and who is rewarded or hit.

use crate::ids::Player;

/// Ship faces the barbarians need to land: the attack comes on the 7th since the last one (K37).
pub const TRACK: u8 = 7;

/// A knight's strength (K29, K30): basic 1, strong 2, mighty 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// 1.
    Basic = 1,
    /// 2.
    Strong = 2,
    /// 3.
    Mighty = 3,
}

/// What one player brings to an attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Side {
    /// The strength of its active knights (K38).
    pub knights: u8,
    /// Its cities without a metropolis (a city on its side, K42, is a settlement: not counted).
    pub cities: u8,
    /// Its cities carrying a metropolis.
    pub metropolises: u8,
}

/// What an attack comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Catan's strength is at least the barbarians' (K39): the single strongest defender takes a
    /// Defender of Catan card; when several share the highest contribution, each of them (a bit
    /// per seat) draws a progress card instead; nobody is rewarded when nobody had an active
    /// knight **[reading]**.
    CatanWins {
        /// The defender, if one player alone contributed most.
        defender: Option<Player>,
        /// The players who share the highest contribution, a bit per seat (0 with a defender).
        tied: u8,
    },
    /// The barbarians are stronger (K40): every player hit (a bit per seat) loses a city. The
    /// hit are the players with a city without a metropolis whose contribution is lowest among
    /// them; nobody when no player has such a city.
    BarbariansWin {
        /// The players hit, a bit per seat.
        hit: u8,
    },
}

/// An attack on `sides` (one per seat): the barbarians' strength, Catan's, and the outcome.
pub fn attack(sides: &[Side]) -> (u32, u32, Outcome) {
    // Every city counts once, a metropolis city too (K38).
    let barbarians: u32 = sides.iter().map(|s| s.cities as u32 + s.metropolises as u32).sum();
    let catan: u32 = sides.iter().map(|s| s.knights as u32).sum();
    let bits = |keep: &dyn Fn(&Side) -> bool| {
        sides.iter().enumerate().filter(|(_, s)| keep(s)).fold(0u8, |m, (i, _)| m | 1 << i)
    };
    if catan >= barbarians {
        let best = sides.iter().map(|s| s.knights).max().unwrap_or(0);
        if best == 0 {
            return (barbarians, catan, Outcome::CatanWins { defender: None, tied: 0 });
        }
        let tops = bits(&|s| s.knights == best);
        let outcome = if tops.count_ones() == 1 {
            Outcome::CatanWins { defender: Some(Player(tops.trailing_zeros() as u8)), tied: 0 }
        } else {
            Outcome::CatanWins { defender: None, tied: tops }
        };
        return (barbarians, catan, outcome);
    }
    let lowest = sides.iter().filter(|s| s.cities > 0).map(|s| s.knights).min();
    let hit = match lowest {
        Some(low) => bits(&|s| s.cities > 0 && s.knights == low),
        None => 0,
    };
    (barbarians, catan, Outcome::BarbariansWin { hit })
}
