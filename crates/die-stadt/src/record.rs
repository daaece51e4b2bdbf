//! The game record format `stadt-record 1` (docs/die-stadt/record-format.md): parsing, writing, and replaying a record
//! against the rules with the line number of the first illegal or malformed line.

use crate::game::Game;
use crate::geom::{Edge, Point, parse_port, port_name};
use crate::ids::Player;
use crate::moves::{HEAD, Move, Step, TAIL, WallEdge};
use crate::table::{MAX_PLAYERS, PILES, Table};
use crate::tiles::{TILE_COUNT, TileSet};
use std::fmt::Write as _;

/// An error in a record, naming its line (1-based; 0 when it concerns the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError { line, message: message.into() })
}

/// One decision line as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// `tile X Y R` (R in degrees).
    Tile {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Degrees: 0, 90, 180 or 270.
        degrees: u32,
    },
    /// `follower none` or `follower PORT`.
    Follower(Option<usize>),
    /// `gate X1 Y1 X2 Y2`: the edge, and whether (X1, Y1) is its east or south point (the order
    /// matters for R21).
    Gate(Edge, bool),
    /// `wall X1 Y1 X2 Y2 [watchman]`.
    Wall(Edge, bool),
    /// `tower X Y` or `tower none`.
    Tower(Option<Point>),
}

/// A decision with its line number and optional `pN:` player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecisionLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The deciding player when the line names one.
    pub player: Option<Player>,
    /// The decision.
    pub decision: Decision,
}

/// A parsed record: its header, and its decision lines as written (each is read when it is
/// replayed, so that the first bad line is the one reported, whatever is wrong with it).
#[derive(Clone, Debug)]
pub struct Record {
    /// Number of players.
    pub players: usize,
    /// The `tiles` line: `default` or the name of a tile-set file beside the record.
    pub tiles: String,
    /// The tile set the piles were read with.
    pub tileset: &'static TileSet,
    /// The draw order: pile 1, 2, 3, top first, as type indices.
    pub order: Vec<u8>,
    /// The `seed` line, if any.
    pub seed: Option<u64>,
    /// The decision lines: line number and words.
    pub decisions: Vec<(usize, Vec<String>)>,
}

/// Where a record's tile set comes from.
#[derive(Clone, Copy)]
pub enum Tiles<'a> {
    /// The built-in set, and only a record whose `tiles` line says `default`.
    Default,
    /// As its `tiles` line says: `default` is the built-in set; any other name is given to this
    /// function, which returns the set or says why not (the command line reads a file of that
    /// name beside the record, and nothing else).
    Named(&'a dyn Fn(&str) -> Result<&'static TileSet, String>),
    /// This set, whatever the record's `tiles` line says (`--tiles`).
    Given(&'static TileSet),
}

/// Lines of a text with comments removed: (line number, words), blank lines skipped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let line = raw.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        (!words.is_empty()).then_some((i + 1, words))
    })
}

impl Record {
    /// Parses a record's header and collects its decision lines; `tiles` says where its tile set
    /// comes from.
    pub fn parse(text: &str, tiles: Tiles) -> Result<Record, RecordError> {
        let mut lines = content_lines(text).peekable();
        let next_header = |key: &str,
                           lines: &mut std::iter::Peekable<_>|
         -> Result<(usize, Vec<&str>), RecordError> {
            match lines.next() {
                Some((n, words)) => {
                    let words: Vec<&str> = words;
                    if words[0] != key {
                        return err(
                            n,
                            format!(
                                "expected the `{key}` line here (header order: stadt-record, players, tiles, pile1, pile2, pile3, optional seed), found `{}`",
                                words[0]
                            ),
                        );
                    }
                    Ok((n, words))
                }
                None => err(0, format!("the record ends before its `{key}` line")),
            }
        };
        let (n, words) = next_header("stadt-record", &mut lines)?;
        if words.len() != 2 || words[1] != "1" {
            return err(n, "expected `stadt-record 1` (format version 1)");
        }
        let (n, words) = next_header("players", &mut lines)?;
        let players = match words.get(1).and_then(|w| w.parse::<usize>().ok()) {
            Some(p) if words.len() == 2 && crate::table::PLAYERS.contains(&p) => p,
            _ => return err(n, "expected `players N` with N from 2 to 4"),
        };
        let (n, words) = next_header("tiles", &mut lines)?;
        if words.len() != 2 {
            return err(n, "expected `tiles default` or `tiles FILE` (a tile-set file beside the record)");
        }
        let tiles_word = words[1].to_string();
        let tileset = match tiles {
            Tiles::Given(t) => t,
            _ if tiles_word == "default" => TileSet::default_set(),
            Tiles::Default => {
                return err(n, format!("tile set `{tiles_word}`: only the default set is available here"));
            }
            Tiles::Named(resolve) => resolve(&tiles_word).map_err(|m| RecordError { line: n, message: m })?,
        };
        let tiles = tiles_word;
        let mut order = Vec::with_capacity(TILE_COUNT);
        for (k, key) in ["pile1", "pile2", "pile3"].iter().enumerate() {
            let (n, words) = next_header(key, &mut lines)?;
            let names = &words[1..];
            if names.len() != PILES[k] {
                return err(n, format!("{key} must list {} tiles, found {}", PILES[k], names.len()));
            }
            for name in names {
                match tileset.find(name) {
                    Some(ty) => order.push(ty),
                    None => {
                        let hint = if tileset.types.iter().any(|t| t.name.starts_with(&format!("{name}/"))) {
                            format!(" (it comes in market kinds: write e.g. `{name}/F`)")
                        } else {
                            String::new()
                        };
                        return err(n, format!("unknown tile name `{name}` in {key}{hint}"));
                    }
                }
            }
        }
        let mut sorted = order.clone();
        sorted.sort_unstable();
        if sorted != tileset.deck() {
            let mut msg = String::from("the three piles together must be exactly the tile set:");
            for (ty, t) in tileset.types.iter().enumerate() {
                let have = order.iter().filter(|&&o| o as usize == ty).count();
                if have != t.count as usize {
                    let _ = write!(msg, " {} appears {have} time(s), the set has {};", t.name, t.count);
                }
            }
            return err(0, msg.trim_end_matches(';').to_string());
        }
        let mut seed = None;
        if let Some((n, words)) = lines.peek()
            && words[0] == "seed"
        {
            let n = *n;
            seed = match (words.len(), words.get(1).and_then(|w| w.parse::<u64>().ok())) {
                (2, Some(s)) => Some(s),
                _ => return err(n, "expected `seed S` with S a whole number"),
            };
            lines.next();
        }
        let decisions = lines.map(|(n, words)| (n, words.into_iter().map(String::from).collect())).collect();
        Ok(Record { players, tiles, tileset, order, seed, decisions })
    }
}

fn parse_int(line: usize, word: &str, what: &str) -> Result<i32, RecordError> {
    word.parse::<i32>()
        .ok()
        .filter(|v| v.abs() < 1000)
        .map_or_else(|| err(line, format!("{what} `{word}` is not a whole number")), Ok)
}

/// The edge between two points written `X1 Y1 X2 Y2`, and whether the first point written is its
/// east or south end (`Edge::from` is the west or north end).
fn parse_edge(line: usize, words: &[&str]) -> Result<(Edge, bool), RecordError> {
    let v: Vec<i32> = words.iter().map(|w| parse_int(line, w, "coordinate")).collect::<Result<_, _>>()?;
    let first = Point::new(v[0], v[1]);
    Edge::between(first, Point::new(v[2], v[3])).map(|e| (e, e.from != first)).map_or_else(
        || {
            err(
                line,
                format!(
                    "({},{}) and ({},{}) are not the two ends of one lattice edge",
                    v[0], v[1], v[2], v[3]
                ),
            )
        },
        Ok,
    )
}

/// Reads one decision line (its words, comments removed).
pub fn parse_decision(line: usize, words: &[&str]) -> Result<DecisionLine, RecordError> {
    let mut words = words;
    let mut player = None;
    if let Some(p) = words[0].strip_prefix('p').and_then(|r| r.strip_suffix(':')) {
        match p.parse::<usize>() {
            Ok(k) if (1..=MAX_PLAYERS).contains(&k) => player = Some(Player::new(k - 1)),
            _ => return err(line, format!("`{}` is not a player (p1: to p4:)", words[0])),
        }
        words = &words[1..];
        if words.is_empty() {
            return err(line, "a player prefix must be followed by a decision");
        }
    }
    let usage = |what: &str| err(line, format!("malformed `{}` line: expected `{what}`", words[0]));
    let decision = match words[0] {
        "tile" => {
            if words.len() != 4 {
                return usage("tile X Y R");
            }
            let x = parse_int(line, words[1], "x")?;
            let y = parse_int(line, words[2], "y")?;
            let degrees = match words[3] {
                "0" => 0,
                "90" => 90,
                "180" => 180,
                "270" => 270,
                r => return err(line, format!("rotation `{r}` must be 0, 90, 180 or 270")),
            };
            Decision::Tile { x, y, degrees }
        }
        "follower" => {
            if words.len() != 2 {
                return usage("follower none` or `follower PORT");
            }
            if words[1] == "none" {
                Decision::Follower(None)
            } else {
                match parse_port(words[1]) {
                    Some(p) => Decision::Follower(Some(p)),
                    None => {
                        return err(line, format!("`{}` is not a port (N0..W2) or `none`", words[1]));
                    }
                }
            }
        }
        "gate" => {
            if words.len() != 5 {
                return usage("gate X1 Y1 X2 Y2");
            }
            let (edge, reversed) = parse_edge(line, &words[1..5])?;
            Decision::Gate(edge, reversed)
        }
        "wall" => {
            let watchman = match words.len() {
                5 => false,
                6 if words[5] == "watchman" => true,
                _ => return usage("wall X1 Y1 X2 Y2` or `wall X1 Y1 X2 Y2 watchman"),
            };
            Decision::Wall(parse_edge(line, &words[1..5])?.0, watchman)
        }
        "tower" => match words.len() {
            2 if words[1] == "none" => Decision::Tower(None),
            3 => Decision::Tower(Some(Point::new(
                parse_int(line, words[1], "x")?,
                parse_int(line, words[2], "y")?,
            ))),
            _ => return usage("tower X Y` or `tower none"),
        },
        other => {
            return err(line, format!("unknown decision `{other}` (tile, follower, gate, wall, tower)"));
        }
    };
    Ok(DecisionLine { line, player, decision })
}

/// The move a decision line means in the current position, or why it cannot mean one.
pub fn decision_to_move(table: &Table, d: &Decision) -> Result<Move, String> {
    Ok(match *d {
        Decision::Tile { x, y, degrees } => {
            let q = (degrees / 90) as usize;
            if x.abs() > 120 || y.abs() > 120 {
                return Err(format!("cell ({x},{y}) is far from the city"));
            }
            // Rotations that lie identically are one placement; the engine names the smallest.
            let rot = if table.step() == Step::PlaceTile {
                table.tileset().get(table.in_hand()).canonical[q]
            } else {
                q as u8
            };
            Move::Tile { x: x as i8, y: y as i8, rot }
        }
        Decision::Follower(None) => Move::Follower(None),
        Decision::Follower(Some(port)) => {
            if table.step() != Step::Follower {
                return Ok(Move::Follower(Some(0))); // wrong step: `check` names it
            }
            Move::Follower(Some(table.seg_at_port(table.last_slot(), port) as u8))
        }
        Decision::Gate(e, reversed) => Move::Gate { edge: near_edge(e)?, reversed },
        Decision::Wall(e, w) => Move::Wall { edge: near_edge(e)?, watchman: w },
        Decision::Tower(None) => Move::Tower(None),
        Decision::Tower(Some(p)) => {
            let ends = table.wall_ends();
            if ends[HEAD.index()].point() == p {
                Move::Tower(Some(HEAD))
            } else if ends[TAIL.index()].point() == p {
                Move::Tower(Some(TAIL))
            } else if table.step() != Step::Tower {
                Move::Tower(None)
            } else {
                return Err(format!(
                    "({},{}) is not a free end of the wall (the ends are {} and {}; R21)",
                    p.x,
                    p.y,
                    ends[0].point(),
                    ends[1].point()
                ));
            }
        }
    })
}

/// The compact form of an edge, which holds any edge near a city of 75 tiles.
fn near_edge(e: Edge) -> Result<WallEdge, String> {
    if e.from.x.abs() > 120 || e.from.y.abs() > 120 {
        return Err(format!("edge {e} is far from the city"));
    }
    Ok(WallEdge::from(e))
}

/// The decision line for a move about to be made in `table`: the deciding player, then the
/// decision (`p2: tile 3 -1 90`).
pub fn move_line(table: &Table, mv: Move) -> String {
    format!("{}: {}", table.actor(), decision_text(table, mv))
}

/// A move about to be made in `table` in record notation, without the player (`tile 3 -1 90`).
/// A move that names no segment or wall end of the position (a faulty bot's) is described as
/// such rather than written.
pub fn decision_text(table: &Table, mv: Move) -> String {
    match mv {
        Move::Tile { x, y, rot } => format!("tile {x} {y} {}", rot as u32 * 90),
        Move::Follower(None) => "follower none".to_string(),
        Move::Follower(Some(seg)) => {
            let placed = table.board().tile_count() > 0;
            if !placed || seg >= table.tile_type(table.last_slot()).seg_count {
                return format!("follower on segment {seg}, which the tile just placed does not have");
            }
            let ports = table.seg_ports(table.last_slot(), seg as usize);
            format!("follower {}", port_name(ports.trailing_zeros() as usize))
        }
        Move::Gate { edge, reversed } => {
            let (a, b) = edge.points(reversed);
            format!("gate {} {} {} {}", a.x, a.y, b.x, b.y)
        }
        Move::Wall { edge, watchman } => {
            format!("wall {}{}", edge.edge(), if watchman { " watchman" } else { "" })
        }
        Move::Tower(None) => "tower none".to_string(),
        Move::Tower(Some(e)) => {
            let p = table.wall_ends()[e.index()].point();
            format!("tower {} {}", p.x, p.y)
        }
    }
}

/// The header of a record; `tiles` is its `tiles` line: `default` or the name of the tile-set
/// file that is to lie beside the record.
pub fn header(players: usize, tiles: &str, tileset: &TileSet, order: &[u8], seed: Option<u64>) -> String {
    let mut s = String::from("stadt-record 1\n");
    let _ = writeln!(s, "players {players}");
    let _ = writeln!(s, "tiles {tiles}");
    let mut start = 0;
    for (k, &size) in PILES.iter().enumerate() {
        let names: Vec<&str> =
            order[start..start + size].iter().map(|&t| tileset.get(t).name.as_str()).collect();
        let _ = writeln!(s, "pile{} {}", k + 1, names.join(" "));
        start += size;
    }
    if let Some(seed) = seed {
        let _ = writeln!(s, "seed {seed}");
    }
    s
}

/// The outcome of replaying a record.
pub struct Replay {
    /// The game after the last decision.
    pub game: Game,
    /// Whether the game is over.
    pub finished: bool,
    /// The game after the first `stop` decision lines, when `replay_to` was asked for a stop within
    /// the record.
    pub at_stop: Option<Game>,
}

/// Replays a record, checking every decision. With `partial`, a record may stop before the end.
pub fn replay(record: &Record, partial: bool) -> Result<Replay, RecordError> {
    replay_to(record, partial, None)
}

/// Replays a record like `replay`, keeping a copy of the game after its first `stop` decision lines
/// (0: before the first tile) in `at_stop`, so a position inside a record costs no second replay.
/// `at_stop` is None when `stop` lies past the record's decision lines; the whole record is checked
/// either way.
pub fn replay_to(record: &Record, partial: bool, stop: Option<usize>) -> Result<Replay, RecordError> {
    let mut at_stop = None;
    let out = replay_each(record, partial, &mut |i, game, _| {
        if stop == Some(i) {
            at_stop = Some(game.clone());
        }
    })?;
    Ok(Replay { at_stop, ..out })
}

/// Replays a record like `replay`, showing `visit` the game after each of its first `i` decision
/// lines for every `i` from 0 (before the first tile) to the number of lines, with the line that
/// comes next (None after the last): the positions a viewer steps through.
pub fn replay_each(
    record: &Record,
    partial: bool,
    visit: &mut dyn FnMut(usize, &Game, Option<&DecisionLine>),
) -> Result<Replay, RecordError> {
    let mut game = Game::new(record.tileset, record.players, &record.order)
        .map_err(|e| RecordError { line: 0, message: e.to_string() })?;
    let mut last_line = 0;
    for (i, (n, words)) in record.decisions.iter().enumerate() {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let d = parse_decision(*n, &words)?;
        visit(i, &game, Some(&d));
        last_line = d.line;
        let table = game.table();
        if table.is_over() {
            return err(d.line, "the game is already over; no decision may follow");
        }
        if let Some(p) = d.player
            && p != table.actor()
        {
            return err(d.line, format!("this decision is {}'s, not {p}'s", table.actor()));
        }
        let mv =
            decision_to_move(table, &d.decision).map_err(|m| RecordError { line: d.line, message: m })?;
        game.play(mv).map_err(|e| RecordError { line: d.line, message: e.to_string() })?;
    }
    visit(record.decisions.len(), &game, None);
    let finished = game.is_over();
    if !finished && !partial {
        let t = game.table();
        return err(
            last_line,
            format!(
                "the record ends before the game is over (next: a {} decision by {}); use --partial to score the position reached",
                match t.step() {
                    Step::PlaceTile => "`tile`",
                    Step::Follower => "`follower`",
                    Step::Gate => "`gate`",
                    Step::Wall => "`wall`",
                    Step::Tower => "`tower`",
                    _ => "",
                },
                t.actor()
            ),
        );
    }
    Ok(Replay { game, finished, at_stop: None })
}

/// The closing lines `replay` prints: one per player, `final` (or `score` for a partial game).
pub fn score_lines(table: &Table, finished: bool) -> String {
    let mut s = String::new();
    for p in Player::all(table.players()) {
        let pts = table.player(p).points;
        let _ = writeln!(
            s,
            "{} {p} score={} roads={} markets={} towers={} residential={} watchmen={}",
            if finished { "final" } else { "score" },
            pts.total(),
            pts.roads,
            pts.markets,
            pts.towers,
            pts.residential,
            pts.watchmen
        );
    }
    s
}
