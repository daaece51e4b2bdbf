//! Pictures of games as self-contained SVG files: no scripts, no external files or fonts, so a
//! picture opens the same anywhere and can be checked pixel by pixel.

pub mod city;
pub mod svg;

use stadt_core::geom::{Side, port_side};

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
