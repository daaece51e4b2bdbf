//! The tile set (docs/die-stadt/rules.md section 8): tile types and the per-rotation data the engine's hot path
//! reads (port to segment maps, road side masks). Reading the text form is `parse`'s job.

mod parse;

use crate::geom::PORTS;
use std::fmt;
use std::sync::OnceLock;

/// Tiles in a game: piles of 30, 25 and 20 (R4).
pub const TILE_COUNT: usize = 75;
/// Most segments (roads and areas) a tile type may have.
pub const MAX_SEGMENTS: usize = 8;
/// Most segments over the 75 tiles of a set (the default set has 250).
pub const MAX_TOTAL_SEGMENTS: usize = 400;
/// Most road and market segments over the 75 tiles of a set (the default set has 124).
pub const MAX_SCORABLE_SEGMENTS: usize = 255;
/// The default tile set, docs/die-stadt/rules.md section 8, as a data file.
pub const DEFAULT_TILES: &str = include_str!("default.tiles");

/// A market kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarketKind {
    /// Fish (F).
    Fish = 0,
    /// Grain (G).
    Grain = 1,
    /// Livestock (V, Vieh).
    Livestock = 2,
}

impl MarketKind {
    /// The kind from its letter F, G or V.
    pub fn from_letter(c: char) -> Option<MarketKind> {
        match c {
            'F' => Some(MarketKind::Fish),
            'G' => Some(MarketKind::Grain),
            'V' => Some(MarketKind::Livestock),
            _ => None,
        }
    }

    /// The letter F, G or V.
    pub fn letter(self) -> char {
        ['F', 'G', 'V'][self as usize]
    }

    /// This kind as a bit in a kinds mask.
    #[inline]
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// What a segment of a tile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegKind {
    /// A road segment (citizens).
    Road,
    /// A residential area (bailiffs).
    Residential,
    /// A market area of one kind (market women).
    Market(MarketKind),
}

impl SegKind {
    /// Whether this is a market area.
    #[inline]
    pub fn is_market(self) -> bool {
        matches!(self, SegKind::Market(_))
    }

    /// Roads and markets can be completed and scored; residential areas never are (R8).
    #[inline]
    pub fn is_scorable(self) -> bool {
        !matches!(self, SegKind::Residential)
    }

    /// The category a feature joins within: road, residential or market (any kind) (R6).
    #[inline]
    pub fn category(self) -> u8 {
        match self {
            SegKind::Road => 0,
            SegKind::Residential => 1,
            SegKind::Market(_) => 2,
        }
    }

    /// The category in bits 0-1 and the market kind's bit in bits 2-4: how a feature starts out.
    #[inline]
    pub fn meta(self) -> u8 {
        self.category()
            | match self {
                SegKind::Market(k) => k.bit() << 2,
                _ => 0,
            }
    }
}

/// One rotation of a tile type, as it lies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotated {
    /// The segment that owns each board port.
    pub port_seg: [u8; PORTS],
    /// The board ports of each segment, as a 12-bit mask.
    pub seg_ports: [u16; MAX_SEGMENTS],
    /// Bit s set when side s (N, E, S, W) has a road port.
    pub road_sides: u8,
    /// Bit s set when side s has a market port (where markets can border across an edge, R9b).
    pub market_sides: u8,
    /// The board ports of road and market segments, the ones walls and neighbours close (R8).
    pub scorable_ports: u16,
    /// The board ports of market areas.
    pub market_ports: u16,
    /// The board ports of residential areas.
    pub residential_ports: u16,
    /// Where a side's ports change segment, 2 bits per side s: bit 2s when port 1 of the side
    /// belongs to another segment than port 0, bit 2s + 1 when port 2 does than port 1.
    pub side_breaks: u8,
}

/// A tile type: one drawing (one market variant), with how many of it are in the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    /// The record name: the table name, plus `/KINDS` for a market variant (`two-markets/GV`).
    pub name: String,
    /// How many tiles of this type the set holds.
    pub count: u8,
    /// Public buildings on the tile (R27: 2 points each in a guarded row).
    pub public: u8,
    /// The historic building on the tile, if any (R27: 3 points in a guarded row).
    pub historic: Option<String>,
    /// Number of segments.
    pub seg_count: u8,
    /// The kind of each segment.
    pub seg_kind: [SegKind; MAX_SEGMENTS],
    /// Each segment's kind as a feature's meta byte: category (`SegKind::category`) in bits 0-1,
    /// its market kind's bit (`MarketKind::bit`) in bits 2-4.
    pub seg_meta: [u8; MAX_SEGMENTS],
    /// Bit s set when segment s is a road or a market (scorable).
    pub scorable_segs: u8,
    /// The tile in each rotation 0, 90, 180, 270.
    pub rotated: [Rotated; 4],
    /// For each rotation, the smallest rotation that lies identically (symmetric tiles).
    pub canonical: [u8; 4],
    /// Pairs (market segment, residential segment) that border on the tile itself (R9a).
    pub borders: Vec<(u8, u8)>,
    /// For a frontier cell's (sides touching tiles) << 4 | (sides needing a road): the distinct
    /// rotations that fit there, as a 4-bit mask (R10). One lookup per cell in move generation.
    pub fits: [u8; 256],
}

impl TileType {
    /// The distinct rotations (quarter turns), one per class of identical placements.
    pub fn distinct_rotations(&self) -> impl Iterator<Item = u8> + '_ {
        (0..4u8).filter(move |&q| self.canonical[q as usize] == q)
    }

    /// Building points of this tile in a guarded row (R27).
    pub fn building_points(&self) -> i32 {
        2 * self.public as i32 + if self.historic.is_some() { 3 } else { 0 }
    }
}

/// A complete tile set of 75 tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// `default`, or the path it was loaded from.
    pub source: String,
    /// The text it was read from (the harness records its hash, and writes it beside records).
    pub text: String,
    /// The tile types, in file order.
    pub types: Vec<TileType>,
}

/// An error in a tile-set file, naming the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSetError {
    /// 1-based line number, or 0 for the file as a whole.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TileSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for TileSetError {}

impl TileSet {
    /// The default set of docs/die-stadt/rules.md section 8, parsed once and shared.
    pub fn default_set() -> &'static TileSet {
        static SET: OnceLock<TileSet> = OnceLock::new();
        SET.get_or_init(|| TileSet::parse(DEFAULT_TILES, "default").expect("the built-in tile set is valid"))
    }

    /// The 75 tiles as type indices, grouped by type (the order a deck is shuffled from).
    pub fn deck(&self) -> Vec<u8> {
        let mut deck = Vec::with_capacity(TILE_COUNT);
        for (i, t) in self.types.iter().enumerate() {
            deck.extend(std::iter::repeat_n(i as u8, t.count as usize));
        }
        deck
    }

    /// The type index of a record tile name (`curve`, `market-corner/F`).
    pub fn find(&self, name: &str) -> Option<u8> {
        self.types.iter().position(|t| t.name == name).map(|i| i as u8)
    }

    /// The type with this index.
    #[inline]
    pub fn get(&self, ty: u8) -> &TileType {
        &self.types[ty as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> &'static TileSet {
        TileSet::default_set()
    }

    #[test]
    fn r4_default_set_has_75_tiles_32_public_7_historic() {
        let s = set();
        let total: usize = s.types.iter().map(|t| t.count as usize).sum();
        assert_eq!(total, 75);
        let public: usize = s.types.iter().map(|t| t.public as usize * t.count as usize).sum();
        assert_eq!(public, 32);
        let historic: usize = s.types.iter().filter(|t| t.historic.is_some()).map(|t| t.count as usize).sum();
        assert_eq!(historic, 7);
        // 11 market tiles of each kind, counting two-markets once per kind it shows.
        for kind in [MarketKind::Fish, MarketKind::Grain, MarketKind::Livestock] {
            let n: usize = s
                .types
                .iter()
                .filter(|t| t.seg_kind[..t.seg_count as usize].contains(&SegKind::Market(kind)))
                .map(|t| t.count as usize)
                .sum();
            assert_eq!(n, 11, "{kind:?}");
        }
        assert_eq!(s.deck().len(), 75);
        let segments: usize = s.types.iter().map(|t| t.count as usize * t.seg_count as usize).sum();
        assert_eq!(segments, 250);
    }

    #[test]
    fn variant_names_carry_their_kinds() {
        let s = set();
        let t = s.get(s.find("two-markets/GV").unwrap());
        let kinds: Vec<SegKind> = t.seg_kind[..t.seg_count as usize].to_vec();
        // mmm hhh nnn hhh: m first (grain), h, then n (livestock).
        assert_eq!(
            kinds,
            vec![
                SegKind::Market(MarketKind::Grain),
                SegKind::Residential,
                SegKind::Market(MarketKind::Livestock)
            ]
        );
        assert_eq!(s.get(s.find("market-road/F").unwrap()).count, 2);
        assert_eq!(s.get(s.find("market-side-pub/V").unwrap()).count, 2);
        assert!(s.find("market-corner").is_none());
        assert!(s.find("saint-nazaire").is_some());
    }

    #[test]
    fn r5_roads_and_areas_become_segments() {
        let s = set();
        let straight = s.get(s.find("straight").unwrap());
        assert_eq!(straight.seg_count, 3); // west area, road, east area
        let r0 = &straight.rotated[0];
        assert_eq!(r0.road_sides, 0b0101); // N and S
        assert_eq!(r0.port_seg[1], r0.port_seg[7]); // the road runs through N1-S1
        let r1 = &straight.rotated[1];
        assert_eq!(r1.road_sides, 0b1010); // E and W after a quarter turn
        let cross = s.get(s.find("cross").unwrap());
        assert_eq!(cross.seg_count, 8);
    }

    /// The type named `name` in the default set.
    fn of(name: &str) -> &'static TileType {
        set().get(set().find(name).unwrap())
    }

    #[test]
    fn symmetric_rotations_collapse() {
        let names =
            ["quarter-pub", "straight", "cross", "curve", "two-ends-pub", "market-square/F", "double-curve"];
        assert_eq!(names.map(|n| of(n).distinct_rotations().count()), [1, 2, 1, 4, 2, 1, 2]);
    }

    #[test]
    fn r9_borders_on_one_tile_need_neighbouring_ports() {
        // A road between market and residential area separates them (the last four).
        let names = [
            "market-corner/F",
            "two-markets/FG",
            "market-road/F",
            "market-tee/F",
            "market-curve/F",
            "straight",
        ];
        assert_eq!(names.map(|n| of(n).borders.len()), [1, 2, 0, 0, 0, 0]);
    }
}
