//! Reading a tile set in the table form of docs/die-stadt/rules.md section 8: rows, counts and market variants,
//! ports and areas, then each type's per-rotation data, with every check naming the line at fault.

use super::*;
use crate::geom::{is_middle_port, port_name, port_side, rotate_port};

impl TileSet {
    /// Parses and validates a tile set in the table form of docs/die-stadt/rules.md section 8.
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
    use crate::tiles::DEFAULT_TILES;

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
        for (row, want) in [
            ("| odd | 3 | aqa aaa aaa aaa | a=H | 1 | |", "unknown letter `q`"),
            ("| odd | 3 | 1aa aaa aaa aaa | a=H | 1 | |", "road port on a corner"),
            ("| odd | 4 | aaa aaa aaa aaa | a=H | 1 | |", "add up to 76"),
            ("| odd | 3 (F,G) | mmm aaa aaa aaa | m=kind, a=H | 1 | |", "does not add up"),
            ("| odd | 3 | a1a bbb b1b aaa | a,b=H | 1 | |", "split inconsistently"),
            ("| odd | 3 | aab bbb bba aaa | a,b=H | 1 | |", "split inconsistently"),
            ("| odd | 3 | a1a a1a a1a aaa | a=H | 1 | |", "touches 3 sides"),
            ("| odd | 3 | aaa aaa aaa aaa | a=X | 1 | |", "kind `X` is unknown"),
            ("| odd | 3 | aaa aaa aaa | a=H | 1 | |", "four groups of three"),
            ("| odd | 3 | aaa aaa aaa aaa | a=H | 1 |", "6 columns"),
            ("| straight | 3 | aaa aaa aaa aaa | a=H | 1 | |", "defined twice"),
        ] {
            let e = err(&with_row(row));
            assert!(e.contains(want), "{row}: {e}");
        }
        let e = err("hello\n");
        assert!(e.contains("line 1"), "{e}");
    }
}
