//! What a player observes, for Python: the public table as a dict and as a tensor of planes
//! (docs/python.md lists both). Built from the `Table` alone, so no hidden order can reach them.

use die_stadt::actions::{REACH, SIDE};
use die_stadt::board::{BLOCKED, HOLE};
use die_stadt::geom::{SIDES, port_name};
use die_stadt::ids::Player;
use die_stadt::moves::{Move, Step};
use die_stadt::table::Table;
use die_stadt::tiles::{MarketKind, SegKind};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Planes of the observation tensor.
pub const PLANES: usize = 26;

/// What each plane holds, in order (docs/python.md explains them).
pub const PLANE_NAMES: [&str; PLANES] = [
    "tile",
    "road_n",
    "road_e",
    "road_s",
    "road_w",
    "residential",
    "market_fish",
    "market_grain",
    "market_livestock",
    "public_buildings",
    "historic_building",
    "follower_me",
    "follower_next",
    "follower_second",
    "follower_third",
    "wall_n",
    "wall_e",
    "wall_s",
    "wall_w",
    "watchman_me",
    "watchman_next",
    "watchman_second",
    "watchman_third",
    "blocked",
    "enclosed",
    "fits_tile_in_hand",
];

/// A player's points by source, with their sum as `score`.
pub fn points<'py>(py: Python<'py>, table: &Table, p: Player) -> PyResult<Bound<'py, PyDict>> {
    let pts = table.player(p).points;
    let d = PyDict::new(py);
    d.set_item("score", pts.total())?;
    d.set_item("roads", pts.roads)?;
    d.set_item("markets", pts.markets)?;
    d.set_item("towers", pts.towers)?;
    d.set_item("residential", pts.residential)?;
    d.set_item("watchmen", pts.watchmen)?;
    Ok(d)
}

/// The plane index of `owner`'s piece among four player planes starting at `base`, counted from `me`.
fn player_plane(base: usize, owner: Player, me: Player, players: usize) -> usize {
    base + (owner.index() + players - me.index()) % players
}

/// Where cell (x, y) lies in a plane; None outside the numbered square (never for a real city).
fn at(x: i32, y: i32) -> Option<usize> {
    let (cx, cy) = (x + REACH, y + REACH);
    let n = SIDE as i32;
    ((0..n).contains(&cx) && (0..n).contains(&cy)).then(|| (cy * n + cx) as usize)
}

/// Floats in the tensor.
pub const TENSOR_LEN: usize = PLANES * SIDE * SIDE;

/// The tensor, planes × 149 × 149 flattened: cell (x, y) of plane k at k·149² + (y+74)·149 + (x+74).
pub fn tensor(table: &Table, me: Player) -> Vec<f32> {
    let mut t = vec![0f32; TENSOR_LEN];
    tensor_into(table, me, &mut t);
    t
}

/// Writes the tensor into `t` (`TENSOR_LEN` floats), overwriting all of it.
pub fn tensor_into(table: &Table, me: Player, t: &mut [f32]) {
    let plane = SIDE * SIDE;
    t.fill(0.0);
    let players = table.players();
    let set = table.tileset();
    for (_, tile) in table.board().slots() {
        let Some(i) = at(tile.x as i32, tile.y as i32) else { continue };
        let ty = set.get(tile.ty);
        let rot = &ty.rotated[tile.rot as usize];
        t[i] = 1.0;
        for s in 0..4 {
            if rot.road_sides & (1 << s) != 0 {
                t[(1 + s) * plane + i] = 1.0;
            }
            if tile.walls & (1 << s) != 0 {
                t[(15 + s) * plane + i] = 1.0;
            }
        }
        for k in &ty.seg_kind[..ty.seg_count as usize] {
            match k {
                SegKind::Residential => t[5 * plane + i] = 1.0,
                SegKind::Market(m) => t[(6 + *m as usize) * plane + i] = 1.0,
                SegKind::Road => {}
            }
        }
        t[9 * plane + i] = ty.public as f32;
        t[10 * plane + i] = ty.historic.is_some() as u8 as f32;
        if let Some((owner, _)) = tile.follower() {
            t[player_plane(11, owner, me, players) * plane + i] = 1.0;
        }
        for side in SIDES {
            if let Some(owner) = tile.watchman(side) {
                t[player_plane(19, owner, me, players) * plane + i] += 1.0;
            }
        }
    }
    for f in table.board().frontier() {
        let Some(i) = at(f.x as i32, f.y as i32) else { continue };
        if f.flags & BLOCKED != 0 {
            t[23 * plane + i] = 1.0;
        }
        if f.flags & HOLE != 0 {
            t[24 * plane + i] = 1.0;
        }
    }
    if table.step() == Step::PlaceTile {
        let mut moves = Vec::new();
        table.legal_moves(&mut moves);
        for mv in moves {
            if let Move::Tile { x, y, .. } = mv
                && let Some(i) = at(x as i32, y as i32)
            {
                t[25 * plane + i] = 1.0;
            }
        }
    }
}

/// The observation dict.
pub fn dict<'py>(py: Python<'py>, table: &Table, me: Player, current: i64) -> PyResult<Bound<'py, PyDict>> {
    let set = table.tileset();
    let name = |ty: u8| set.get(ty).name.clone();
    let players = table.players();
    let d = PyDict::new(py);
    d.set_item("players", players)?;
    d.set_item("me", me.index())?;
    d.set_item("current_player", current)?;
    d.set_item("step", table.step().name())?;
    d.set_item("tile_in_hand", (table.step() == Step::PlaceTile).then(|| name(table.in_hand())))?;
    d.set_item("drawn", table.drawn())?;
    d.set_item("piles_left", table.pile_sizes().to_vec())?;
    let unseen = PyDict::new(py);
    for (ty, &n) in table.unseen().iter().enumerate() {
        if n > 0 {
            unseen.set_item(name(ty as u8), n)?;
        }
    }
    d.set_item("unseen", unseen)?;
    d.set_item("set_aside", table.set_aside().iter().map(|&t| name(t)).collect::<Vec<_>>())?;

    let mut tiles = Vec::new();
    for (slot, tile) in table.board().slots() {
        let t = PyDict::new(py);
        t.set_item("x", tile.x)?;
        t.set_item("y", tile.y)?;
        t.set_item("tile", name(tile.ty))?;
        t.set_item("rotation", tile.rot as u32 * 90)?;
        let follower = match tile.follower() {
            Some((owner, seg)) => {
                let f = PyDict::new(py);
                f.set_item("player", owner.index())?;
                let ports = table.seg_ports(slot, seg);
                f.set_item("port", port_name(ports.trailing_zeros() as usize))?;
                f.set_item("kind", kind_name(table.seg_kind(slot, seg)))?;
                Some(f)
            }
            None => None,
        };
        t.set_item("follower", follower)?;
        let sides = |mask: u8| {
            SIDES.iter().filter(|s| mask & (1 << s.index()) != 0).map(|s| s.letter()).collect::<String>()
        };
        t.set_item("walls", sides(tile.walls))?;
        t.set_item("closing_walls", sides(tile.virtual_walls))?;
        let watch = PyDict::new(py);
        for side in SIDES {
            if let Some(owner) = tile.watchman(side) {
                watch.set_item(side.letter().to_string(), owner.index())?;
            }
        }
        t.set_item("watchmen", watch)?;
        tiles.push(t);
    }
    d.set_item("tiles", tiles)?;
    let cells = |flag: u8| {
        table
            .board()
            .frontier()
            .iter()
            .filter(|f| f.flags & flag != 0)
            .map(|f| (f.x, f.y))
            .collect::<Vec<_>>()
    };
    d.set_item("blocked", cells(BLOCKED))?;
    d.set_item("enclosed", cells(HOLE))?;

    let wall = table.wall();
    let w = PyDict::new(py);
    w.set_item("pieces_left", wall.supply)?;
    match wall.gate {
        Some((slot, side)) => {
            let tile = table.board().tile(slot);
            w.set_item("gate", (tile.x, tile.y, side.letter().to_string()))?;
            w.set_item("ends", wall.ends.iter().map(|e| (e.x, e.y)).collect::<Vec<_>>())?;
        }
        None => {
            w.set_item("gate", py.None())?;
            w.set_item("ends", py.None())?;
        }
    }
    w.set_item("pieces_since_tower", wall.since_tower.iter().map(|&n| n as u32).collect::<Vec<_>>())?;
    w.set_item(
        "towers",
        wall.towers[..wall.tower_count as usize]
            .iter()
            .map(|&(x, y, p)| (x, y, p.index()))
            .collect::<Vec<_>>(),
    )?;
    w.set_item("closed", wall.closed)?;
    d.set_item("wall", w)?;
    let building = matches!(table.step(), Step::Gate | Step::Wall | Step::Tower);
    d.set_item("scorer", building.then(|| table.scorer().index()))?;
    d.set_item("builders_left", table.builders_left().iter().map(|p| p.index()).collect::<Vec<_>>())?;

    let mut seats = Vec::new();
    for p in Player::all(players) {
        let s = points(py, table, p)?;
        let st = table.player(p);
        s.set_item("supply", st.supply)?;
        s.set_item("returning", st.returning)?;
        s.set_item("towers_left", st.towers)?;
        s.set_item("walls_built", st.walls_built)?;
        s.set_item("followers_placed", st.followers_placed)?;
        seats.push(s);
    }
    d.set_item("seats", seats)?;
    d.set_item("ended_by", table.ended_by().map(|r| r.id()))?;
    Ok(d)
}

/// A segment kind's name.
fn kind_name(k: SegKind) -> &'static str {
    match k {
        SegKind::Road => "road",
        SegKind::Residential => "residential",
        SegKind::Market(MarketKind::Fish) => "market-F",
        SegKind::Market(MarketKind::Grain) => "market-G",
        SegKind::Market(MarketKind::Livestock) => "market-V",
    }
}
