//! The three improvement tracks and the commodities that pay for them (K4, K12, K13, K20–K25).

use super::cards::Colour;
use crate::ids::Resource;

/// A commodity: what a city on pasture, mountains or forest yields beside the resource (K13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Commodity {
    /// From pasture, beside wool; pays for trade.
    Cloth,
    /// From mountains, beside ore; pays for politics.
    Coin,
    /// From forest, beside lumber; pays for science.
    Paper,
}

/// The bank's stock of each commodity at the start (K4).
pub const COMMODITY_STOCK: u8 = 12;

impl Commodity {
    /// The three, in index order.
    pub const ALL: [Commodity; 3] = [Commodity::Cloth, Commodity::Coin, Commodity::Paper];

    /// Its name in records.
    pub fn name(self) -> &'static str {
        ["cloth", "coin", "paper"][self as usize]
    }

    /// The commodity a record names.
    pub fn parse(s: &str) -> Option<Commodity> {
        Commodity::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The commodity a city takes beside `r` from its hex, if any (K13: wool, ore and lumber have
    /// one; grain and brick none, a city takes two of them instead).
    pub fn beside(r: Resource) -> Option<Commodity> {
        match r {
            Resource::Wool => Some(Commodity::Cloth),
            Resource::Ore => Some(Commodity::Coin),
            Resource::Lumber => Some(Commodity::Paper),
            Resource::Grain | Resource::Brick => None,
        }
    }
}

/// An improvement track (K20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    /// Yellow, paid in cloth; level 3 the trading house (K22).
    Trade,
    /// Blue, paid in coin; level 3 the fortress (K23).
    Politics,
    /// Green, paid in paper; level 3 the aqueduct (K24).
    Science,
}

/// The highest level of a track.
pub const TOP_LEVEL: u8 = 5;

/// The level whose ability a player keeps from then on (K22–K25).
pub const ABILITY_LEVEL: u8 = 3;

/// The level that takes a track's metropolis first (K26); the top level holds it for good (K27).
pub const METROPOLIS_LEVEL: u8 = 4;

impl Track {
    /// The three, in index order.
    pub const ALL: [Track; 3] = [Track::Trade, Track::Politics, Track::Science];

    /// The commodity its levels are paid in (K20).
    pub fn commodity(self) -> Commodity {
        match self {
            Track::Trade => Commodity::Cloth,
            Track::Politics => Commodity::Coin,
            Track::Science => Commodity::Paper,
        }
    }

    /// Its name in records.
    pub fn name(self) -> &'static str {
        ["trade", "politics", "science"][self as usize]
    }

    /// The track a record names.
    pub fn parse(s: &str) -> Option<Track> {
        Track::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The colour of the deck its gate draws from (K12).
    pub fn colour(self) -> Colour {
        match self {
            Track::Trade => Colour::Trade,
            Track::Politics => Colour::Politics,
            Track::Science => Colour::Science,
        }
    }

    /// The commodities level `level` (1 to 5) costs: as many as the level (K20).
    pub fn cost(level: u8) -> u8 {
        assert!((1..=TOP_LEVEL).contains(&level), "levels are 1 to {TOP_LEVEL}, not {level}");
        level
    }

    /// Whether a player at `level` on a track draws a card of its colour when the event die
    /// shows its gate and the red die `red` (K12: level L draws on a red 1 to L + 1).
    pub fn draws(level: u8, red: u8) -> bool {
        level >= 1 && red <= level + 1
    }
}

/// Why a level cannot be bought (K20, K26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CannotImprove {
    /// The track is at its top level.
    TopLevel,
    /// The player has no city on the board.
    NoCity,
    /// Levels 4 and 5 need a city without a metropolis (unless he holds this track's at 4).
    NoFreeCity,
    /// Too few commodities of the track's kind.
    CannotAfford,
}

/// Whether a player at `level` on a track may buy the next level: he has `cities` cities on the
/// board, `free_cities` of them without a metropolis, holds this track's metropolis or not, and
/// has `commodities` of the track's kind (a Crane, K57, takes one off the cost: `crane`).
pub fn can_improve(
    level: u8,
    cities: u8,
    free_cities: u8,
    holds_this_metropolis: bool,
    commodities: u8,
    crane: bool,
) -> Result<(), CannotImprove> {
    if level >= TOP_LEVEL {
        return Err(CannotImprove::TopLevel);
    }
    if cities == 0 {
        return Err(CannotImprove::NoCity);
    }
    let next = level + 1;
    // K26: the holder of this track's metropolis buying its fifth level moves nothing.
    if next >= METROPOLIS_LEVEL && free_cities == 0 && !(next == TOP_LEVEL && holds_this_metropolis) {
        return Err(CannotImprove::NoFreeCity);
    }
    if commodities < Track::cost(next) - crane as u8 {
        return Err(CannotImprove::CannotAfford);
    }
    Ok(())
}
