//! Pictures of games as self-contained SVG files: no scripts, no external files or fonts, so a
//! picture opens the same anywhere and can be checked pixel by pixel.

pub mod city;
pub mod svg;
