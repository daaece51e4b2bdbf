//! What the play page is sent: built from the public table and the decisions made so far only,
//! so it cannot carry the hidden tile order (tests compare two games that differ only there).

use crate::pictures::city::{CELL, FOLLOWER_DEPTH, Layout, city_svg, tile_svg};
use crate::viewer::{PlayerInfo, players, tile_text, turn_text};
use die_stadt::geom::Point;
use die_stadt::ids::Player;
use die_stadt::moves::{Move, Step};
use die_stadt::record;
use die_stadt::table::Table;
use serde::Serialize;

/// A legal choice of the person, with where the page draws it (pixels of the city picture).
#[derive(Serialize)]
pub struct Choice {
    /// The decision in record notation (`tile 3 -1 90`), what the page sends back.
    pub text: String,
    /// `place` (a cell for the tile in hand), `spot` (a point on the picture) or `button` (no
    /// place in the picture: `follower none`, `tower none`).
    pub kind: &'static str,
    /// The rotation in degrees, for `place`.
    pub degrees: u32,
    /// Left or centre x.
    pub x: f64,
    /// Top or centre y.
    pub y: f64,
    /// Width of a `place` (0 otherwise).
    pub size: f64,
}

/// The page's view of the game.
#[derive(Serialize)]
pub struct View {
    /// The person's seat.
    pub you: String,
    /// Who sits where: `you` or a bot's label, by seat.
    pub seats: Vec<String>,
    /// Whether the game waits for the person.
    pub waiting: bool,
    /// Whether the game is over.
    pub over: bool,
    /// What is going on, in words.
    pub status: String,
    /// Whose decision comes next and what it is.
    pub turn: String,
    /// The tile in hand or just placed.
    pub tile: String,
    /// Tiles left per pile.
    pub piles: [usize; 3],
    /// Supplies and points by player.
    pub players: Vec<PlayerInfo>,
    /// The city picture (the one `replay --svg` draws, with the seats named).
    pub svg: String,
    /// The tile in hand turned 0, 90, 180 and 270 degrees, when the person is to place it.
    pub hand: Vec<String>,
    /// The person's legal choices, when the game waits for the person.
    pub choices: Vec<Choice>,
    /// Every decision so far, as record lines.
    pub log: Vec<String>,
}

/// The choices of `table`'s actor, placed on the picture laid out by `layout`.
pub fn choices(table: &Table, layout: &Layout) -> Vec<Choice> {
    let mut moves = Vec::new();
    table.legal_moves(&mut moves);
    let point = |p: Point| layout.point(p);
    moves
        .into_iter()
        .map(|mv| {
            let text = record::decision_text(table, mv);
            let spot =
                |(x, y): (f64, f64)| Choice { text: text.clone(), kind: "spot", degrees: 0, x, y, size: 0.0 };
            // Two choices on one edge (the gate's two directions; a wall piece with or without a
            // watchman) sit at a third and two thirds of it.
            let along = |(a, b): (Point, Point), t: f64| {
                let (a, b) = (point(a), point(b));
                (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
            };
            match mv {
                Move::Tile { x, y, rot } => {
                    let (px, py) = layout.in_cell(die_stadt::geom::Cell::new(x as i32, y as i32), (0.0, 0.0));
                    Choice {
                        kind: "place",
                        degrees: rot as u32 * 90,
                        x: px,
                        y: py,
                        size: CELL,
                        ..spot((0.0, 0.0))
                    }
                }
                Move::Follower(Some(seg)) => {
                    let slot = table.last_slot();
                    let port = table.seg_ports(slot, seg as usize).trailing_zeros() as usize;
                    spot(layout.port_point(table.board().tile(slot).cell(), port, FOLLOWER_DEPTH))
                }
                Move::Gate { edge, reversed } => spot(along(edge.points(reversed), 1.0 / 3.0)),
                Move::Wall { edge, watchman } => {
                    spot(along(edge.points(false), if watchman { 2.0 / 3.0 } else { 1.0 / 3.0 }))
                }
                Move::Tower(Some(end)) => spot(point(table.wall_ends()[end.index()].point())),
                Move::Follower(None) | Move::Tower(None) => Choice { kind: "button", ..spot((0.0, 0.0)) },
            }
        })
        .collect()
}

/// The view of `table` for the person in seat `you`; `waiting`: the game waits for the person.
pub fn view(
    table: &Table,
    you: Player,
    seats: &[String],
    waiting: bool,
    log: &[String],
    status: &str,
) -> View {
    let layout = Layout::of(table);
    let over = table.is_over();
    let hand = if waiting && table.step() == Step::PlaceTile {
        (0..4).map(|r| tile_svg(table.tileset(), table.in_hand(), r)).collect()
    } else {
        Vec::new()
    };
    View {
        you: you.to_string(),
        seats: seats.to_vec(),
        waiting,
        over,
        status: status.to_string(),
        turn: turn_text(table),
        tile: tile_text(table),
        piles: table.pile_sizes(),
        players: players(table),
        svg: city_svg(table, seats, over),
        hand,
        choices: if waiting { choices(table, &layout) } else { Vec::new() },
        log: log.to_vec(),
    }
}
