//! The board file (`stadt-unbezwingbare-board 1`): 48 areas and the score track (rules.md U6–U8,
//! U13–U15, U49, U62; format in docs/unbezwingbare/data.md).

use super::error::{DataError, Problem};
use super::line::{Item, items};

/// The version line a board file starts with.
pub const BOARD_VERSION: &str = "stadt-unbezwingbare-board 1";
/// Areas on the board (U6).
pub const AREAS: usize = 48;
/// Roads on the board (U49).
pub const ROADS: u8 = 3;

/// An area's id, 1 to 48.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AreaId(pub u8);

impl AreaId {
    /// The index of the area in [`Board::areas`].
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }
}

/// A road's id, 1 to 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoadId(pub u8);

/// One area of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// Its id.
    pub id: AreaId,
    /// Its ring, 1 the innermost (the old town, where Gewerbe may not stand, U13).
    pub ring: u8,
    /// Its price in stones, the dots printed on it: 1 to 8 (U6).
    pub price: u8,
    /// Its income bonus, 0 to 3 (U7, N2).
    pub bonus: u8,
    /// The road through it, if any (Handel must stand on one, U15; toll houses, U49).
    pub road: Option<RoadId>,
    /// Whether the river runs through it (Städtische Gebäude may not stand there, U14).
    pub water: bool,
    /// The areas it borders, in the file's order.
    pub neighbours: Vec<AreaId>,
}

/// The score track on the city wall (U8, U53, U62).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    /// Its printed length, for pictures only: a score beyond it counts in full.
    pub length: u16,
    /// Its red fields, ascending.
    pub red: Vec<u16>,
}

impl Track {
    /// Whether a field is red.
    pub fn is_red(&self, field: u16) -> bool {
        self.red.binary_search(&field).is_ok()
    }
}

/// The board: 48 areas indexed by id − 1, the score track, and the file's SHA-256.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The areas, `areas[i]` having id `i + 1`.
    pub areas: [Area; AREAS],
    /// The score track.
    pub track: Track,
    /// SHA-256 of the file's bytes, in hex: the name a record gives the board.
    pub sha256: String,
}

impl Board {
    /// Reads a board file.
    pub fn load(path: &std::path::Path) -> Result<Board, DataError> {
        let text = super::read_text(path)?;
        Board::parse(&path.display().to_string(), &text)
    }

    /// Reads a board from its text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Board, DataError> {
        let mut slots: Vec<Option<(Area, usize)>> = vec![None; AREAS];
        let mut track: Option<(Track, usize)> = None;
        let mut last_area_line = 1;
        for mut item in items(file, text, BOARD_VERSION)? {
            match item.word {
                "area" => {
                    let area = read_area(&mut item)?;
                    let slot = &mut slots[area.id.index()];
                    if slot.is_some() {
                        return Err(item.error(Problem::DuplicateArea(area.id.0)));
                    }
                    *slot = Some((area, item.line));
                    last_area_line = item.line;
                }
                "track" => {
                    if track.is_some() {
                        return Err(item.error(Problem::Track("given twice")));
                    }
                    track = Some((read_track(&mut item)?, item.line));
                }
                other => return Err(item.error(Problem::UnknownItem(other.to_string()))),
            }
        }
        let found = slots.iter().filter(|s| s.is_some()).count();
        if found != AREAS {
            let problem = Problem::Count { what: "areas".to_string(), found, expected: AREAS };
            return Err(DataError::new(file, last_area_line, problem));
        }
        let (areas, lines): (Vec<Area>, Vec<usize>) = slots.into_iter().flatten().unzip();
        let Some((track, _)) = track else {
            return Err(DataError::new(file, 1, Problem::Track("the `track` line is missing")));
        };
        check_neighbours(file, &areas, &lines)?;
        check_shape(file, &areas, &lines)?;
        let areas: [Area; AREAS] = areas.try_into().map_err(|_| {
            DataError::new(file, 1, Problem::Count { what: "areas".into(), found, expected: AREAS })
        })?;
        Ok(Board { areas, track, sha256: super::sha256_hex(text.as_bytes()) })
    }

    /// The area with this id.
    pub fn area(&self, id: AreaId) -> &Area {
        &self.areas[id.index()]
    }

    /// The number of rings; ring 1 is the innermost, this one the rim.
    pub fn rings(&self) -> u8 {
        self.areas.iter().map(|a| a.ring).max().unwrap_or(1)
    }

    /// Whether two areas border each other.
    pub fn borders(&self, a: AreaId, b: AreaId) -> bool {
        self.area(a).neighbours.contains(&b)
    }
}

/// Reads one `area` line.
fn read_area(item: &mut Item) -> Result<Area, DataError> {
    let id = AreaId(item.number("id", 1, AREAS as i64)? as u8);
    let ring = item.number("ring", 1, AREAS as i64)? as u8;
    let price = item.number("price", 1, 8)? as u8;
    let bonus = item.number("bonus", 0, 3)? as u8;
    let road = match item.need("road")? {
        "none" => None,
        value => Some(RoadId(item.parse_number("road", value, 1, i64::from(ROADS))? as u8)),
    };
    let water = match item.need("water")? {
        "yes" => true,
        "no" => false,
        value => {
            let value = value.to_string();
            return Err(item.error(Problem::BadValue { key: "water".into(), value, allowed: "yes, no" }));
        }
    };
    let mut neighbours: Vec<AreaId> = Vec::new();
    for word in item.need("neighbours")?.split(',') {
        let n = AreaId(item.parse_number("neighbours", word.trim(), 1, AREAS as i64)? as u8);
        if n == id {
            return Err(item.error(Problem::BordersItself(id.0)));
        }
        if neighbours.contains(&n) {
            return Err(item.error(Problem::DuplicateNeighbour(n.0)));
        }
        neighbours.push(n);
    }
    item.finish()?;
    Ok(Area { id, ring, price, bonus, road, water, neighbours })
}

/// Reads the `track` line: its length and red fields, keeping U62 (2 red, 5 and 6 not).
fn read_track(item: &mut Item) -> Result<Track, DataError> {
    let length = item.number("length", 6, 999)? as u16;
    let mut red: Vec<u16> = Vec::new();
    let list = item.need("red")?;
    if !list.is_empty() {
        for word in list.split(',') {
            let field = item.parse_number("red", word.trim(), 1, 999)? as u16;
            if field > length || red.contains(&field) {
                return Err(item.error(Problem::RedField(field)));
            }
            red.push(field);
        }
    }
    item.finish()?;
    red.sort_unstable();
    let track = Track { length, red };
    for (field, must) in [(2, true), (5, false), (6, false)] {
        if track.is_red(field) != must {
            return Err(item.error(Problem::TrackFact { field, red: must }));
        }
    }
    Ok(track)
}

/// Neighbours name existing areas and are symmetric.
fn check_neighbours(file: &str, areas: &[Area], lines: &[usize]) -> Result<(), DataError> {
    for (a, line) in areas.iter().zip(lines) {
        for &n in &a.neighbours {
            if !areas[n.index()].neighbours.contains(&a.id) {
                let problem = Problem::NotSymmetric { area: a.id.0, neighbour: n.0 };
                return Err(DataError::new(file, *line, problem));
            }
        }
    }
    Ok(())
}

/// The board is connected, its rings run 1..R without a gap, each road runs connected from the
/// rim to the innermost ring, and a river exists.
fn check_shape(file: &str, areas: &[Area], lines: &[usize]) -> Result<(), DataError> {
    let last = *lines.iter().max().unwrap_or(&1);
    let reach = reachable(areas, |_| true, AreaId(1));
    if let Some(a) = areas.iter().find(|a| !reach[a.id.index()]) {
        return Err(DataError::new(file, lines[a.id.index()], Problem::NotConnected(a.id.0)));
    }
    let rim = areas.iter().map(|a| a.ring).max().unwrap_or(1);
    for ring in 1..=rim {
        if !areas.iter().any(|a| a.ring == ring) {
            return Err(DataError::new(file, last, Problem::RingMissing(ring)));
        }
    }
    for road in 1..=ROADS {
        let on = |a: &Area| a.road == Some(RoadId(road));
        let err = |what| DataError::new(file, last, Problem::Road { road, what });
        let Some(start) = areas.iter().find(|a| on(a)) else {
            return Err(err("no area is on it"));
        };
        let reach = reachable(areas, on, start.id);
        if areas.iter().any(|a| on(a) && !reach[a.id.index()]) {
            return Err(err("its areas are not connected"));
        }
        if !areas.iter().any(|a| on(a) && a.ring == 1) {
            return Err(err("it does not reach the innermost ring"));
        }
        if !areas.iter().any(|a| on(a) && a.ring == rim) {
            return Err(err("it does not start at the rim"));
        }
    }
    if !areas.iter().any(|a| a.water) {
        return Err(DataError::new(file, last, Problem::NoWater));
    }
    Ok(())
}

/// The areas reachable from `start` through neighbours that satisfy `keep`.
fn reachable(areas: &[Area], keep: impl Fn(&Area) -> bool, start: AreaId) -> Vec<bool> {
    let mut seen = vec![false; areas.len()];
    let mut stack = vec![start];
    seen[start.index()] = true;
    while let Some(a) = stack.pop() {
        for &n in &areas[a.index()].neighbours {
            if !seen[n.index()] && keep(&areas[n.index()]) {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    seen
}
