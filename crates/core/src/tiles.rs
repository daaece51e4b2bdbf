//! The tile set (RULES.md section 8): parsing and validating the one-line-per-tile-type table, and
//! the per-rotation data the engine's hot path reads (port to segment maps, road side masks).

use crate::geom::{PORTS, is_middle_port, port_name, port_side, rotate_port};
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
/// The default tile set, RULES.md section 8, as a data file.
pub const DEFAULT_TILES: &str = include_str!("data/default.tiles");

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
    /// The default set of RULES.md section 8, parsed once and shared.
    pub fn default_set() -> &'static TileSet {
        static SET: OnceLock<TileSet> = OnceLock::new();
        SET.get_or_init(|| TileSet::parse(DEFAULT_TILES, "default").expect("the built-in tile set is valid"))
    }

    /// Parses and validates a tile set in the table form of RULES.md section 8.
    pub fn parse(text: &str, source: &str) -> Result<TileSet, TileSetError> {
        let mut types: Vec<TileType> = Vec::new();
        let mut base_names: Vec<String> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |message: String| TileSetError { line: line_no, message };
            if !line.starts_with('|') {
                return Err(err(
                    "not a table row: rows read `| name | count | ports N E S W | areas | public each | historic |`"
                        .to_string(),
                ));
            }
            let cols: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            if cols.first().is_some_and(|c| *c == "name")
                || cols.iter().all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue; // header or separator row
            }
            if cols.len() != 6 {
                return Err(err(format!(
                    "a tile row has 6 columns (name, count, ports, areas, public each, historic), found {}",
                    cols.len()
                )));
            }
            let row = parse_row(&cols).map_err(err)?;
            if base_names.contains(&row.0) {
                return Err(err(format!("tile type `{}` is defined twice", row.0)));
            }
            base_names.push(row.0.clone());
            for t in row.1 {
                if let Some(existing) = types.iter_mut().find(|e| e.name == t.name) {
                    existing.count += t.count;
                } else {
                    types.push(t);
                }
            }
        }
        let total: usize = types.iter().map(|t| t.count as usize).sum();
        let segments: usize = types.iter().map(|t| t.count as usize * t.seg_count as usize).sum();
        let scorable: usize = types
            .iter()
            .map(|t| {
                t.count as usize
                    * t.seg_kind[..t.seg_count as usize].iter().filter(|k| k.is_scorable()).count()
            })
            .sum();
        if total == TILE_COUNT && segments > MAX_TOTAL_SEGMENTS {
            return Err(TileSetError {
                line: 0,
                message: format!(
                    "the 75 tiles have {segments} segments (roads and areas) in all; at most {MAX_TOTAL_SEGMENTS} are supported"
                ),
            });
        }
        if total == TILE_COUNT && scorable > MAX_SCORABLE_SEGMENTS {
            return Err(TileSetError {
                line: 0,
                message: format!(
                    "the 75 tiles have {scorable} road and market segments in all; at most {MAX_SCORABLE_SEGMENTS} are supported"
                ),
            });
        }
        if total != TILE_COUNT {
            return Err(TileSetError {
                line: 0,
                message: format!(
                    "the counts add up to {total} tiles; Die Stadt needs exactly {TILE_COUNT} (piles of 30, 25 and 20)"
                ),
            });
        }
        Ok(TileSet { source: source.to_string(), text: text.to_string(), types })
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

/// One parsed row: its base name and the tile types (variants) it defines.
type Row = (String, Vec<TileType>);

fn parse_row(cols: &[&str]) -> Result<Row, String> {
    let name = cols[0];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(format!(
            "tile name `{name}` must be lowercase letters, digits and dashes (it is a word in records)"
        ));
    }
    let (count, variants) = parse_count(cols[1]).map_err(|m| format!("{name}: {m}"))?;
    let ports = parse_ports(cols[2]).map_err(|m| format!("{name}: {m}"))?;
    let areas = parse_areas(cols[3], &ports).map_err(|m| format!("{name}: {m}"))?;
    let public: u8 = cols[4]
        .parse()
        .map_err(|_| format!("{name}: public buildings `{}` is not a whole number 0..255", cols[4]))?;
    let historic = if cols[5].is_empty() { None } else { Some(cols[5].to_string()) };

    // Letters that take their market kind from the count column, in the order the areas name them.
    let variable: Vec<char> = areas.iter().filter(|a| a.1 == AreaSpec::Variable).map(|a| a.0).collect();
    let mut out = Vec::new();
    match (&variants, variable.is_empty()) {
        (None, true) => {
            out.push(build_type(name.to_string(), count, public, &historic, &ports, &areas, &[])?)
        }
        (None, false) => {
            return Err(format!(
                "{name}: areas {} take a market kind from the count column, but the count `{}` lists no kinds (write e.g. `3 (F,G,V)`)",
                list(&variable),
                cols[1]
            ));
        }
        (Some(_), true) => {
            return Err(format!("{name}: the count lists market kinds, but no area is written `=kind`"));
        }
        (Some(vs), false) => {
            for v in vs {
                if v.len() != variable.len() {
                    return Err(format!(
                        "{name}: variant `{}` gives {} kind(s) for {} market area(s) ({})",
                        v.iter().map(|k| k.letter()).collect::<String>(),
                        v.len(),
                        variable.len(),
                        list(&variable)
                    ));
                }
                let full = format!("{name}/{}", v.iter().map(|k| k.letter()).collect::<String>());
                out.push(build_type(full, 1, public, &historic, &ports, &areas, v)?);
            }
        }
    }
    Ok((name.to_string(), out))
}

fn list(letters: &[char]) -> String {
    letters.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// Parses `4`, `3 (F,G,V)`, `6 (2 each)`, `3 (FG,GV,VF)`: the count and the market variants.
/// Market kinds of each variant of a tile type (one kind per `kind` area).
type Variants = Vec<Vec<MarketKind>>;

fn parse_count(text: &str) -> Result<(u8, Option<Variants>), String> {
    let (num, rest) = match text.find('(') {
        Some(i) => (text[..i].trim(), Some(text[i..].trim())),
        None => (text.trim(), None),
    };
    let count: u8 = num
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("count `{text}` does not start with a whole number 1..255"))?;
    let Some(rest) = rest else {
        return Ok((count, None));
    };
    let inner = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .ok_or_else(|| format!("count `{text}`: the kinds go in one pair of parentheses"))?
        .trim();
    let mut variants = Vec::new();
    if let Some(each) = inner.strip_suffix("each") {
        let k: u8 = each.trim().parse().map_err(|_| format!("count `{text}`: expected `N each`"))?;
        for kind in [MarketKind::Fish, MarketKind::Grain, MarketKind::Livestock] {
            for _ in 0..k {
                variants.push(vec![kind]);
            }
        }
    } else {
        for item in inner.split(',') {
            let item = item.trim();
            let kinds: Option<Vec<MarketKind>> = item.chars().map(MarketKind::from_letter).collect();
            match kinds {
                Some(k) if !k.is_empty() => variants.push(k),
                _ => {
                    return Err(format!(
                        "count `{text}`: `{item}` is not a market kind (F, G or V, or several for several markets)"
                    ));
                }
            }
        }
    }
    if variants.len() != count as usize {
        return Err(format!(
            "count `{text}` does not add up: {count} tiles but {} market variant(s) listed",
            variants.len()
        ));
    }
    Ok((count, Some(variants)))
}

/// A port as written: an area letter or a road digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PortSpec {
    Area(char),
    Road(char),
}

impl PortSpec {
    fn label(self) -> char {
        match self {
            PortSpec::Area(c) | PortSpec::Road(c) => c,
        }
    }
}

fn parse_ports(text: &str) -> Result<[PortSpec; PORTS], String> {
    let groups: Vec<&str> = text.split_whitespace().collect();
    if groups.len() != 4 || groups.iter().any(|g| g.chars().count() != 3) {
        return Err(format!("ports `{text}` must be four groups of three (N E S W, e.g. `a1b bbb b1a aaa`)"));
    }
    let mut ports = [PortSpec::Area('a'); PORTS];
    for (i, c) in groups.concat().chars().enumerate() {
        ports[i] = if c.is_ascii_lowercase() {
            PortSpec::Area(c)
        } else if ('1'..='9').contains(&c) {
            if !is_middle_port(i) {
                return Err(format!(
                    "a road port on a corner: {} is `{c}`, but roads leave a tile only by a middle port (N1, E1, S1, W1)",
                    port_name(i)
                ));
            }
            PortSpec::Road(c)
        } else {
            return Err(format!(
                "port {} is `{c}`: ports are lowercase area letters or road digits 1-9",
                port_name(i)
            ));
        };
    }
    Ok(ports)
}

/// How an area letter's kind is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AreaSpec {
    Fixed(SegKind),
    /// `kind`/`kinds`: from the count column's variants.
    Variable,
}

/// Parses `a,b=H`, `m=kind, h=H`, `m,n=kinds, h=H`, or a bare `H` (every letter).
fn parse_areas(text: &str, ports: &[PortSpec; PORTS]) -> Result<Vec<(char, AreaSpec)>, String> {
    let used: Vec<char> = {
        let mut v: Vec<char> = ports
            .iter()
            .filter_map(|p| match p {
                PortSpec::Area(c) => Some(*c),
                PortSpec::Road(_) => None,
            })
            .collect();
        v.dedup();
        let mut seen = Vec::new();
        for c in v {
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
        seen
    };
    let kind_of = |word: &str| -> Result<AreaSpec, String> {
        match word {
            "H" => Ok(AreaSpec::Fixed(SegKind::Residential)),
            "kind" | "kinds" => Ok(AreaSpec::Variable),
            w => match w.chars().next().and_then(MarketKind::from_letter) {
                Some(k) if w.len() == 1 => Ok(AreaSpec::Fixed(SegKind::Market(k))),
                _ => Err(format!(
                    "area kind `{w}` is unknown (H, F, G, V, or kind/kinds for the count's market kinds)"
                )),
            },
        }
    };
    let mut out: Vec<(char, AreaSpec)> = Vec::new();
    let tokens: Vec<&str> = text.split([',', ' ']).map(str::trim).filter(|t| !t.is_empty()).collect();
    if tokens.len() == 1 && !tokens[0].contains('=') {
        let spec = kind_of(tokens[0])?;
        for c in &used {
            out.push((*c, spec));
        }
    } else {
        let mut pending: Vec<char> = Vec::new();
        for tok in tokens {
            let (letter, kind) = match tok.split_once('=') {
                Some((l, k)) => (l.trim(), Some(k.trim())),
                None => (tok, None),
            };
            let mut chars = letter.chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => c,
                _ => return Err(format!("areas `{text}`: `{letter}` is not one area letter")),
            };
            pending.push(c);
            if let Some(kind) = kind {
                let spec = kind_of(kind)?;
                for p in pending.drain(..) {
                    if out.iter().any(|o| o.0 == p) {
                        return Err(format!("areas `{text}`: letter {p} is given a kind twice"));
                    }
                    out.push((p, spec));
                }
            }
        }
        if !pending.is_empty() {
            return Err(format!("areas `{text}`: letters {} have no `=KIND`", list(&pending)));
        }
    }
    for c in &used {
        if !out.iter().any(|o| o.0 == *c) {
            return Err(format!("unknown letter `{c}` in the ports: the areas column gives no kind for it"));
        }
    }
    if let Some(o) = out.iter().find(|o| !used.contains(&o.0)) {
        return Err(format!("area `{}` has a kind but is on no port", o.0));
    }
    // Variable letters are returned in the order the areas column names them.
    Ok(out)
}

fn build_type(
    name: String,
    count: u8,
    public: u8,
    historic: &Option<String>,
    ports: &[PortSpec; PORTS],
    areas: &[(char, AreaSpec)],
    variant: &[MarketKind],
) -> Result<TileType, String> {
    // Segments in order of first appearance around the tile.
    let mut labels: Vec<PortSpec> = Vec::new();
    let mut port_seg = [0u8; PORTS];
    for (i, p) in ports.iter().enumerate() {
        let idx = match labels.iter().position(|l| l == p) {
            Some(idx) => idx,
            None => {
                labels.push(*p);
                labels.len() - 1
            }
        };
        port_seg[i] = idx as u8;
    }
    if labels.len() > MAX_SEGMENTS {
        return Err(format!("{name}: {} segments; a tile may have at most {MAX_SEGMENTS}", labels.len()));
    }
    let mut seg_kind = [SegKind::Residential; MAX_SEGMENTS];
    let variable_order: Vec<char> = areas.iter().filter(|a| a.1 == AreaSpec::Variable).map(|a| a.0).collect();
    for (s, label) in labels.iter().enumerate() {
        seg_kind[s] = match label {
            PortSpec::Road(_) => SegKind::Road,
            PortSpec::Area(c) => match areas.iter().find(|a| a.0 == *c).map(|a| a.1) {
                Some(AreaSpec::Fixed(k)) => k,
                Some(AreaSpec::Variable) => {
                    let pos = variable_order.iter().position(|v| v == c).unwrap();
                    SegKind::Market(variant[pos])
                }
                None => unreachable!("parse_areas checked every letter"),
            },
        };
    }
    let mut seg_ports0 = [0u16; MAX_SEGMENTS];
    for (i, &s) in port_seg.iter().enumerate() {
        seg_ports0[s as usize] |= 1 << i;
    }
    // A road touches one side (a dead end) or two (it runs through).
    for (s, label) in labels.iter().enumerate() {
        if let PortSpec::Road(c) = label {
            let n = seg_ports0[s].count_ones();
            if n > 2 {
                return Err(format!(
                    "{name}: road `{c}` touches {n} sides; a road segment touches one side (dead end) or two (through)"
                ));
            }
        }
    }
    check_planar(&name, ports)?;
    check_area_borders(&name, ports, &labels, &seg_kind)?;

    let mut rotated = [Rotated {
        port_seg: [0; PORTS],
        seg_ports: [0; MAX_SEGMENTS],
        road_sides: 0,
        market_sides: 0,
        scorable_ports: 0,
        market_ports: 0,
        residential_ports: 0,
        side_breaks: 0,
    }; 4];
    for (q, r) in rotated.iter_mut().enumerate() {
        for (i, &s) in port_seg.iter().enumerate() {
            let b = rotate_port(i, q);
            r.port_seg[b] = s;
            r.seg_ports[s as usize] |= 1 << b;
            if seg_kind[s as usize] == SegKind::Road {
                r.road_sides |= 1 << port_side(b).index();
            }
            if seg_kind[s as usize].is_market() {
                r.market_sides |= 1 << port_side(b).index();
                r.market_ports |= 1 << b;
            }
            if seg_kind[s as usize].is_scorable() {
                r.scorable_ports |= 1 << b;
            } else {
                r.residential_ports |= 1 << b;
            }
        }
    }
    for r in rotated.iter_mut() {
        for side in 0..4 {
            for k in 1..3 {
                if r.port_seg[3 * side + k] != r.port_seg[3 * side + k - 1] {
                    r.side_breaks |= 1 << (2 * side + k - 1);
                }
            }
        }
    }
    // Two rotations are the same placement when every board port has the same kind and the same
    // partition into segments.
    let signature = |r: &Rotated| -> [(u8, u8); PORTS] {
        let mut sig = [(0u8, 0u8); PORTS];
        for (b, item) in sig.iter_mut().enumerate() {
            let s = r.port_seg[b] as usize;
            let kind = seg_kind[s];
            let kind_code = match kind {
                SegKind::Road => 0,
                SegKind::Residential => 1,
                SegKind::Market(k) => 2 + k as u8,
            };
            *item = (kind_code, r.seg_ports[s].trailing_zeros() as u8);
        }
        sig
    };
    let mut canonical = [0u8; 4];
    for q in 0..4 {
        canonical[q] = (0..=q).find(|&p| signature(&rotated[p]) == signature(&rotated[q])).unwrap() as u8;
    }
    let mut borders = Vec::new();
    for i in 0..PORTS {
        let a = port_seg[i];
        let b = port_seg[(i + 1) % PORTS];
        let (ka, kb) = (seg_kind[a as usize], seg_kind[b as usize]);
        let pair = match (ka, kb) {
            (SegKind::Market(_), SegKind::Residential) => Some((a, b)),
            (SegKind::Residential, SegKind::Market(_)) => Some((b, a)),
            _ => None,
        };
        if let Some(p) = pair
            && !borders.contains(&p)
        {
            borders.push(p);
        }
    }
    let mut fits = [0u8; 256];
    for (key, f) in fits.iter_mut().enumerate() {
        let (present, road) = ((key >> 4) as u8, (key & 0xF) as u8);
        for q in 0..4 {
            if canonical[q] == q as u8 && rotated[q].road_sides & present == road {
                *f |= 1 << q;
            }
        }
    }
    let mut seg_meta = [0u8; MAX_SEGMENTS];
    let mut scorable_segs = 0u8;
    for (s, kind) in seg_kind.iter().enumerate().take(labels.len()) {
        seg_meta[s] = kind.meta();
        if kind.is_scorable() {
            scorable_segs |= 1 << s;
        }
    }
    Ok(TileType {
        seg_meta,
        scorable_segs,
        fits,
        name,
        count,
        public,
        historic: historic.clone(),
        seg_count: labels.len() as u8,
        seg_kind,
        rotated,
        canonical,
        borders,
    })
}

/// Segments are drawn on a disc with their ports on the rim, so no two may cross: around the rim
/// two labels never alternate a..b..a..b.
fn check_planar(name: &str, ports: &[PortSpec; PORTS]) -> Result<(), String> {
    let labels: Vec<char> = ports.iter().map(|p| p.label()).collect();
    let mut distinct: Vec<char> = labels.clone();
    distinct.sort();
    distinct.dedup();
    for (ai, &a) in distinct.iter().enumerate() {
        for &b in &distinct[ai + 1..] {
            let seq: Vec<char> = labels.iter().copied().filter(|&c| c == a || c == b).collect();
            // Count the runs around the cycle.
            let changes = (0..seq.len()).filter(|&i| seq[i] != seq[(i + 1) % seq.len()]).count();
            if changes > 2 {
                return Err(format!(
                    "{name}: areas split inconsistently: `{a}` and `{b}` alternate around the tile ({}), so they would have to cross",
                    labels.iter().collect::<String>()
                ));
            }
        }
    }
    Ok(())
}

/// Two different areas of the same category side by side with nothing between them would be one
/// area: residential areas are bounded by roads, markets and the wall, markets by the rest.
fn check_area_borders(
    name: &str,
    ports: &[PortSpec; PORTS],
    labels: &[PortSpec],
    seg_kind: &[SegKind; MAX_SEGMENTS],
) -> Result<(), String> {
    let seg_of = |p: PortSpec| labels.iter().position(|l| *l == p).unwrap();
    for i in 0..PORTS {
        let (a, b) = (ports[i], ports[(i + 1) % PORTS]);
        if let (PortSpec::Area(x), PortSpec::Area(y)) = (a, b)
            && x != y
            && seg_kind[seg_of(a)].category() == seg_kind[seg_of(b)].category()
        {
            return Err(format!(
                "{name}: areas split inconsistently: `{x}` and `{y}` are both {} and touch at {}/{} with no road or other area between them (write them as one letter)",
                if seg_kind[seg_of(a)].is_market() { "markets" } else { "residential" },
                port_name(i),
                port_name((i + 1) % PORTS)
            ));
        }
    }
    Ok(())
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

    #[test]
    fn symmetric_rotations_collapse() {
        let s = set();
        let count = |n: &str| s.get(s.find(n).unwrap()).distinct_rotations().count();
        assert_eq!(count("quarter-pub"), 1);
        assert_eq!(count("straight"), 2);
        assert_eq!(count("cross"), 1);
        assert_eq!(count("curve"), 4);
        assert_eq!(count("two-ends-pub"), 2);
        assert_eq!(count("market-square/F"), 1);
        assert_eq!(count("double-curve"), 2);
    }

    #[test]
    fn r9_borders_on_one_tile_need_neighbouring_ports() {
        let s = set();
        let borders = |n: &str| s.get(s.find(n).unwrap()).borders.len();
        assert_eq!(borders("market-corner/F"), 1);
        assert_eq!(borders("two-markets/FG"), 2);
        // A road between market and residential area separates them.
        assert_eq!(borders("market-road/F"), 0);
        assert_eq!(borders("market-tee/F"), 0);
        assert_eq!(borders("market-curve/F"), 0);
        assert_eq!(borders("straight"), 0);
    }

    fn with_row(row: &str) -> String {
        // Replace quarter-pub with a custom row of 3 tiles to keep the total at 75.
        DEFAULT_TILES.replace("| quarter-pub | 3 | aaa aaa aaa aaa | a=H | 1 | |", row)
    }

    fn err(text: &str) -> String {
        TileSet::parse(text, "test").unwrap_err().to_string()
    }

    #[test]
    fn bad_tile_sets_are_named() {
        assert!(TileSet::parse(&with_row("| quarter-pub | 3 | aaa aaa aaa aaa | a=H | 1 | |"), "t").is_ok());
        let e = err(&with_row("| odd | 3 | aqa aaa aaa aaa | a=H | 1 | |"));
        assert!(e.contains("unknown letter `q`"), "{e}");
        let e = err(&with_row("| odd | 3 | 1aa aaa aaa aaa | a=H | 1 | |"));
        assert!(e.contains("road port on a corner"), "{e}");
        let e = err(&with_row("| odd | 4 | aaa aaa aaa aaa | a=H | 1 | |"));
        assert!(e.contains("add up to 76"), "{e}");
        let e = err(&with_row("| odd | 3 (F,G) | mmm aaa aaa aaa | m=kind, a=H | 1 | |"));
        assert!(e.contains("does not add up"), "{e}");
        let e = err(&with_row("| odd | 3 | a1a bbb b1b aaa | a,b=H | 1 | |"));
        assert!(e.contains("split inconsistently"), "{e}");
        let e = err(&with_row("| odd | 3 | aab bbb bba aaa | a,b=H | 1 | |"));
        assert!(e.contains("split inconsistently"), "{e}");
        let e = err(&with_row("| odd | 3 | a1a a1a a1a aaa | a=H | 1 | |"));
        assert!(e.contains("touches 3 sides"), "{e}");
        let e = err(&with_row("| odd | 3 | aaa aaa aaa aaa | a=X | 1 | |"));
        assert!(e.contains("kind `X` is unknown"), "{e}");
        let e = err(&with_row("| odd | 3 | aaa aaa aaa | a=H | 1 | |"));
        assert!(e.contains("four groups of three"), "{e}");
        let e = err(&with_row("| odd | 3 | aaa aaa aaa aaa | a=H | 1 |"));
        assert!(e.contains("6 columns"), "{e}");
        let e = err(&with_row("| straight | 3 | aaa aaa aaa aaa | a=H | 1 | |"));
        assert!(e.contains("defined twice"), "{e}");
        let e = err("hello\n");
        assert!(e.contains("line 1"), "{e}");
    }
}
