//! Points (R12): what a completed road or market is worth, and a player's points by source. The
//! end-of-game scoring of residential areas and watchmen (R26, R27) reads the whole table and lives
//! with it (`table/score.rs`).

use crate::features::{Features, RESIDENTIAL, ROAD};
use crate::ids::NodeId;

/// A player's points by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// Completed roads (R12, R22, R24).
    pub roads: i32,
    /// Completed markets (R12, R22, R24).
    pub markets: i32,
    /// Towers (R21).
    pub towers: i32,
    /// Residential areas at the end (R26).
    pub residential: i32,
    /// Watchmen at the end (R27).
    pub watchmen: i32,
}

impl Points {
    /// The sum of the five sources.
    #[inline]
    pub fn total(&self) -> i32 {
        self.roads + self.markets + self.towers + self.residential + self.watchmen
    }
}

/// A completed road of `len` tiles: 1 point per tile up to 3 tiles, 2 per tile from 4 (R12).
#[inline]
pub fn road_points(len: u32) -> i32 {
    if len <= 3 { len as i32 } else { 2 * len as i32 }
}

/// A completed market: tiles times different kinds (R12).
#[inline]
pub fn market_points(len: u32, kinds: u32) -> i32 {
    (len * kinds) as i32
}

/// What the road or market rooted at `root` gives when complete.
#[inline]
pub fn feature_points(features: &Features, root: NodeId) -> i32 {
    match features.category(root) {
        ROAD => road_points(features.length(root)),
        RESIDENTIAL => 0,
        _ => market_points(features.length(root), features.kind_count(root)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r12_road_of_three_gives_three_and_of_four_gives_eight() {
        assert_eq!(road_points(3), 3);
        assert_eq!(road_points(4), 8);
        assert_eq!(road_points(1), 1);
    }

    #[test]
    fn r12_market_points_are_tiles_times_kinds() {
        assert_eq!(market_points(3, 3), 9);
        assert_eq!(market_points(4, 2), 8);
        assert_eq!(market_points(6, 3), 18);
    }
}
