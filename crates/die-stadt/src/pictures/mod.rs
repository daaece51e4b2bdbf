//! Pictures of games as self-contained SVG files: no scripts, no external files or fonts, so a
//! picture opens the same anywhere and can be checked pixel by pixel.

pub mod city;
pub mod terminal;

use crate::board::PlacedTile;
use crate::geom::{PORTS, Side, port_side};
use crate::ids::Player;
use crate::tiles::TileSet;

/// The follower on a placed tile and the board port it is drawn on: the first port, clockwise
/// from N0, of the segment it stands on, as the tile lies.
pub fn follower_port(tiles: &TileSet, t: &PlacedTile) -> Option<(Player, usize)> {
    let (p, seg) = t.follower()?;
    let ports = tiles.get(t.ty).rotated[t.rot as usize].seg_ports[seg];
    Some((p, ports.trailing_zeros() as usize % PORTS))
}

/// The point `t` (0..1) of the way along port `port`'s third of a cell's rim, clockwise, in
/// fractions of the cell from its north-west corner: the port geometry the SVG and the terminal
/// pictures share.
pub fn rim(port: usize, t: f64) -> (f64, f64) {
    let along = ((port % 3) as f64 + t) / 3.0;
    match port_side(port) {
        Side::N => (along, 0.0),
        Side::E => (1.0, along),
        Side::S => (1.0 - along, 1.0),
        Side::W => (0.0, 1.0 - along),
    }
}
