//! What a seat observes, for learners (the Python package's `stadt.Game`, OpenSpiel, PettingZoo):
//! the public table as a tensor of planes and as a JSON object (docs/python.md lists both). Built
//! from the `Table` alone, so no hidden order can reach them.

use crate::actions::{REACH, SIDE};
use crate::board::{BLOCKED, HOLE};
use crate::geom::{SIDES, port_name};
use crate::ids::Player;
use crate::moves::{Move, Step};
use crate::table::Table;
use crate::tiles::{MarketKind, SegKind};
use serde_json::{Map, Value, json};

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

/// A player's points by source, with their sum as `score`.
pub fn points(table: &Table, p: Player) -> Map<String, Value> {
    let pts = table.player(p).points;
    let mut d = Map::new();
    d.insert("score".into(), json!(pts.total()));
    d.insert("roads".into(), json!(pts.roads));
    d.insert("markets".into(), json!(pts.markets));
    d.insert("towers".into(), json!(pts.towers));
    d.insert("residential".into(), json!(pts.residential));
    d.insert("watchmen".into(), json!(pts.watchmen));
    d
}

/// The public position as one JSON object, from `me`'s seat; `current` is the player to decide
/// as OpenSpiel numbers it (−1 at a draw, −4 at the end). The keys are docs/python.md's.
pub fn observation(table: &Table, me: Player, current: i64) -> Value {
    let set = table.tileset();
    let name = |ty: u8| set.get(ty).name.clone();
    let players = table.players();
    let mut d = Map::new();
    d.insert("players".into(), json!(players));
    d.insert("me".into(), json!(me.index()));
    d.insert("current_player".into(), json!(current));
    d.insert("step".into(), json!(table.step().name()));
    d.insert("tile_in_hand".into(), json!((table.step() == Step::PlaceTile).then(|| name(table.in_hand()))));
    d.insert("drawn".into(), json!(table.drawn()));
    d.insert("piles_left".into(), json!(table.pile_sizes().to_vec()));
    let mut unseen = Map::new();
    for (ty, &n) in table.unseen().iter().enumerate() {
        if n > 0 {
            unseen.insert(name(ty as u8), json!(n));
        }
    }
    d.insert("unseen".into(), Value::Object(unseen));
    d.insert("set_aside".into(), json!(table.set_aside().iter().map(|&t| name(t)).collect::<Vec<_>>()));

    let mut tiles = Vec::new();
    for (slot, tile) in table.board().slots() {
        let follower = tile.follower().map(|(owner, seg)| {
            let ports = table.seg_ports(slot, seg);
            json!({
                "player": owner.index(),
                "port": port_name(ports.trailing_zeros() as usize),
                "kind": kind_name(table.seg_kind(slot, seg)),
            })
        });
        let sides = |mask: u8| {
            SIDES.iter().filter(|s| mask & (1 << s.index()) != 0).map(|s| s.letter()).collect::<String>()
        };
        let mut watch = Map::new();
        for side in SIDES {
            if let Some(owner) = tile.watchman(side) {
                watch.insert(side.letter().to_string(), json!(owner.index()));
            }
        }
        tiles.push(json!({
            "x": tile.x,
            "y": tile.y,
            "tile": name(tile.ty),
            "rotation": tile.rot as u32 * 90,
            "follower": follower,
            "walls": sides(tile.walls),
            "closing_walls": sides(tile.virtual_walls),
            "watchmen": watch,
        }));
    }
    d.insert("tiles".into(), Value::Array(tiles));
    let cells = |flag: u8| {
        table
            .board()
            .frontier()
            .iter()
            .filter(|f| f.flags & flag != 0)
            .map(|f| json!([f.x, f.y]))
            .collect::<Vec<_>>()
    };
    d.insert("blocked".into(), Value::Array(cells(BLOCKED)));
    d.insert("enclosed".into(), Value::Array(cells(HOLE)));

    let wall = table.wall();
    let (gate, ends) = match wall.gate {
        Some((slot, side)) => {
            let tile = table.board().tile(slot);
            (
                json!([tile.x, tile.y, side.letter().to_string()]),
                json!(wall.ends.iter().map(|e| json!([e.x, e.y])).collect::<Vec<_>>()),
            )
        }
        None => (Value::Null, Value::Null),
    };
    d.insert(
        "wall".into(),
        json!({
            "pieces_left": wall.supply,
            "gate": gate,
            "ends": ends,
            "pieces_since_tower": wall.since_tower.iter().map(|&n| n as u32).collect::<Vec<_>>(),
            "towers": wall.towers[..wall.tower_count as usize]
                .iter()
                .map(|&(x, y, p)| json!([x, y, p.index()]))
                .collect::<Vec<_>>(),
            "closed": wall.closed,
        }),
    );
    let building = matches!(table.step(), Step::Gate | Step::Wall | Step::Tower);
    d.insert("scorer".into(), json!(building.then(|| table.scorer().index())));
    d.insert(
        "builders_left".into(),
        json!(table.builders_left().iter().map(|p| p.index()).collect::<Vec<_>>()),
    );

    let mut seats = Vec::new();
    for p in Player::all(players) {
        let mut s = points(table, p);
        let st = table.player(p);
        s.insert("supply".into(), json!(st.supply));
        s.insert("returning".into(), json!(st.returning));
        s.insert("towers_left".into(), json!(st.towers));
        s.insert("walls_built".into(), json!(st.walls_built));
        s.insert("followers_placed".into(), json!(st.followers_placed));
        seats.push(Value::Object(s));
    }
    d.insert("seats".into(), Value::Array(seats));
    d.insert("ended_by".into(), json!(table.ended_by().map(|r| r.id())));
    Value::Object(d)
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
