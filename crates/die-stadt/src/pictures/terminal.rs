//! A picture of the city in the terminal (`--show`): tiles with roads, market kinds and
//! buildings, followers by player, the wall with gate, watchmen, towers and free ends, and
//! blocked cells.
//!
//! Each cell is 5 x 3 characters inside a lattice of corners and edges. Its twelve ports run
//! clockwise around the rim (N0 N1 N2 along the top, E0 E1 E2 down the right, and so on).

use super::{follower_port, rim};
use crate::geom::{Cell, PORTS, Point, SIDES, Side};
use crate::table::Table;
use crate::tiles::SegKind;
use std::fmt::Write as _;

/// Rim position (column, row) of port N0..W2 inside a cell's 5 x 3 box: the middle of its third
/// of the rim, snapped to the box.
fn port_pos(port: usize) -> (usize, usize) {
    let (u, v) = rim(port, 0.5);
    ((u * 4.0).round() as usize, (v * 2.0).round() as usize)
}

/// The legend printed under the picture.
pub const LEGEND: &str = "\
legend: . residential  F G V market kinds  | - roads  ^ public building  H historic building
        1-4 follower of p1-p4 (drawn on a port of its road, market or residential area)
        # wall piece (a digit on it: that player's watchman)  ~ closed at the end without a piece
        @ gate  T tower  * free end of the wall  xxx blocked cell (R20)";

/// Draws the city.
pub fn render(table: &Table) -> String {
    let board = table.board();
    if board.tile_count() == 0 {
        return "(no tiles placed)\n".into();
    }
    let ((x0, y0), (x1, y1)) = board.bounds();
    let (x0, y0, x1, y1) = (x0 - 1, y0 - 1, x1 + 1, y1 + 1);
    let w = (x1 - x0 + 1) as usize;
    let h = (y1 - y0 + 1) as usize;
    let cols = w * 6 + 1;
    let rows = h * 4 + 1;
    let mut g = vec![vec![' '; cols]; rows];
    let origin = |c: Cell| (((c.x - x0) * 6) as usize, ((c.y - y0) * 4) as usize);

    for f in board.frontier() {
        if f.flags & crate::board::BLOCKED != 0 {
            let (ox, oy) = origin(f.cell());
            for r in 1..4 {
                for c in 1..6 {
                    g[oy + r][ox + c] = 'x';
                }
            }
        }
    }
    for (slot, t) in board.slots() {
        let (ox, oy) = origin(t.cell());
        let ty = table.tile_type(slot);
        let rot = &ty.rotated[t.rot as usize];
        for port in 0..PORTS {
            let (c, r) = port_pos(port);
            let seg = rot.port_seg[port] as usize;
            g[oy + 1 + r][ox + 1 + c] = match ty.seg_kind[seg] {
                SegKind::Road => {
                    if port == 1 || port == 7 {
                        '|'
                    } else {
                        '-'
                    }
                }
                SegKind::Residential => '.',
                SegKind::Market(k) => k.letter(),
            };
        }
        // The middle row: a public building, the road's centre, a historic building.
        let roads = rot.road_sides;
        g[oy + 2][ox + 3] = match roads {
            0 => ' ',
            0b0101 => '|',
            0b1010 => '-',
            _ => '+',
        };
        if ty.public > 0 {
            g[oy + 2][ox + 2] = '^';
        }
        if ty.historic.is_some() {
            g[oy + 2][ox + 4] = 'H';
        }
        if let Some((p, port)) = follower_port(table.tileset(), t) {
            let (c, r) = port_pos(port);
            g[oy + 1 + r][ox + 1 + c] = char::from(b'1' + p.index() as u8);
        }
        // Edges and corners around the tile.
        for side in SIDES {
            let ch = if t.virtual_walls & (1 << side.index()) != 0 {
                '~'
            } else if table.wall().gate == Some((slot, side)) {
                '@'
            } else if t.walled(side) {
                '#'
            } else {
                match side {
                    Side::N | Side::S => '-',
                    Side::E | Side::W => '|',
                }
            };
            let watch = t.watchman(side).map(|p| char::from(b'1' + p.index() as u8));
            match side {
                Side::N | Side::S => {
                    let y = if side == Side::N { oy } else { oy + 4 };
                    for c in 1..6 {
                        if g[y][ox + c] == ' ' || ch != '-' {
                            g[y][ox + c] = ch;
                        }
                    }
                    if let Some(d) = watch {
                        g[y][ox + 3] = d;
                    }
                }
                Side::E | Side::W => {
                    let x = if side == Side::W { ox } else { ox + 6 };
                    for r in 1..4 {
                        if g[oy + r][x] == ' ' || ch != '|' {
                            g[oy + r][x] = ch;
                        }
                    }
                    if let Some(d) = watch {
                        g[oy + 2][x] = d;
                    }
                }
            }
            for (cx, cy) in [(ox, oy), (ox + 6, oy), (ox, oy + 4), (ox + 6, oy + 4)] {
                if g[cy][cx] == ' ' {
                    g[cy][cx] = '+';
                }
            }
        }
    }
    let point_pos = |p: Point| -> Option<(usize, usize)> {
        let cx = (p.x - x0) * 6;
        let cy = (p.y - y0) * 4;
        (cx >= 0 && cy >= 0 && (cx as usize) < cols && (cy as usize) < rows)
            .then_some((cx as usize, cy as usize))
    };
    let wall = table.wall();
    if wall.gate.is_some() && !wall.closed {
        for e in wall.ends {
            if let Some((cx, cy)) = point_pos(e.point()) {
                g[cy][cx] = '*';
            }
        }
    }
    for &(x, y, _) in &wall.towers[..wall.tower_count as usize] {
        if let Some((cx, cy)) = point_pos(Point::new(x as i32, y as i32)) {
            g[cy][cx] = 'T';
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "x = {x0}..{x1} (6 columns per cell), y = {y0}..{y1} (4 rows per cell)");
    let lines: Vec<String> =
        g.into_iter().map(|row| row.into_iter().collect::<String>().trim_end().to_string()).collect();
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(0);
    let last = lines.iter().rposition(|l| !l.is_empty()).unwrap_or(0);
    for line in &lines[first..=last] {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{LEGEND}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_sit_clockwise_on_the_rim_of_the_five_by_three_box() {
        let expected =
            [(1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (3, 2), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0)];
        let got: Vec<(usize, usize)> = (0..PORTS).map(port_pos).collect();
        assert_eq!(got, expected);
    }
}
