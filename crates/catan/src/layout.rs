//! Setting up a board: the beginners' board (C11), the official variable set-up with its spiral of
//! lettered number tokens (C9), and Catanatron's shuffle of the tokens (C10).

use crate::board::{Board, Harbour};
use crate::ids::Resource;
use crate::topology::{HEX_COORDS, HEXES};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// The number tokens in alphabetical order, A to R (C9).
pub const LETTERED: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// The 19 terrains of the box (C3), desert last.
const TERRAINS: [Option<Resource>; HEXES] = {
    use Resource::*;
    [
        Some(Lumber),
        Some(Lumber),
        Some(Lumber),
        Some(Lumber),
        Some(Brick),
        Some(Brick),
        Some(Brick),
        Some(Wool),
        Some(Wool),
        Some(Wool),
        Some(Wool),
        Some(Grain),
        Some(Grain),
        Some(Grain),
        Some(Grain),
        Some(Ore),
        Some(Ore),
        Some(Ore),
        None,
    ]
};

/// The hexes in reading order: rows north to south, each west to east.
fn reading_order() -> [usize; HEXES] {
    let mut order: [usize; HEXES] = std::array::from_fn(|i| i);
    order.sort_by_key(|&h| (HEX_COORDS[h][2], HEX_COORDS[h][0]));
    order
}

/// A hex's angle about the centre, counter-clockwise from east, with north up (pointy-topped
/// hexes: x to the east, z rows to the south).
fn angle(h: usize) -> f64 {
    let [x, _, z] = HEX_COORDS[h];
    let px = 3f64.sqrt() * (x as f64 + z as f64 / 2.0);
    let py = -1.5 * z as f64;
    py.atan2(px)
}

fn ring(h: usize) -> i8 {
    HEX_COORDS[h].iter().map(|c| c.abs()).max().unwrap_or(0)
}

/// The spiral of C9 from the corner of the outer ring in direction `corner` (0–5, Catanatron's
/// direction order): the outer ring counter-clockwise from it, the inner ring from the hex
/// toward that corner, then the centre.
pub fn spiral(corner: usize) -> [usize; HEXES] {
    let d = crate::topology::DIRECTIONS[corner % 6];
    let start = |r: i8| {
        (0..HEXES).find(|&h| (0..3).all(|i| HEX_COORDS[h][i] == d[i] * r)).expect("a corner hex of the ring")
    };
    let mut out = Vec::with_capacity(HEXES);
    for r in [2, 1] {
        let first = angle(start(r));
        let mut hexes: Vec<usize> = (0..HEXES).filter(|&h| ring(h) == r).collect();
        let turn = |h: usize| (angle(h) - first).rem_euclid(std::f64::consts::TAU);
        hexes.sort_by(|&a, &b| turn(a).total_cmp(&turn(b)));
        out.extend(hexes);
    }
    out.push(0);
    std::array::from_fn(|i| out[i])
}

impl Board {
    /// The beginners' board (C11).
    pub fn beginners() -> Board {
        use Resource::*;
        let rows: [(Option<Resource>, u8); HEXES] = [
            (Some(Ore), 10),
            (Some(Wool), 2),
            (Some(Lumber), 9),
            (Some(Grain), 12),
            (Some(Brick), 6),
            (Some(Wool), 4),
            (Some(Brick), 10),
            (Some(Grain), 9),
            (Some(Lumber), 11),
            (None, 0),
            (Some(Lumber), 3),
            (Some(Ore), 8),
            (Some(Lumber), 8),
            (Some(Ore), 3),
            (Some(Grain), 4),
            (Some(Wool), 5),
            (Some(Brick), 5),
            (Some(Grain), 6),
            (Some(Wool), 11),
        ];
        let mut board = Board { terrain: [None; HEXES], numbers: [0; HEXES], harbours: Harbour::BOX };
        for (&h, &(t, n)) in reading_order().iter().zip(rows.iter()) {
            board.terrain[h] = t;
            board.numbers[h] = n;
        }
        board.harbours = [
            Harbour::Generic,
            Harbour::Special(Wool),
            Harbour::Generic,
            Harbour::Generic,
            Harbour::Special(Brick),
            Harbour::Special(Lumber),
            Harbour::Generic,
            Harbour::Special(Grain),
            Harbour::Special(Ore),
        ];
        board
    }

    /// The official variable set-up (C9): terrains and harbours shuffled, tokens on the spiral
    /// from a random corner.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let mut board = Board { terrain: TERRAINS, numbers: [0; HEXES], harbours: Harbour::BOX };
        board.terrain.shuffle(rng);
        board.harbours.shuffle(rng);
        let mut tokens = LETTERED.iter();
        for h in spiral(rng.random_range(0..6)) {
            if board.terrain[h].is_some() {
                board.numbers[h] = *tokens.next().expect("18 tokens for 18 hexes");
            }
        }
        board
    }

    /// Catanatron's set-up (C10): terrains, harbours and tokens each shuffled.
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let mut board = Board { terrain: TERRAINS, numbers: [0; HEXES], harbours: Harbour::BOX };
        board.terrain.shuffle(rng);
        board.harbours.shuffle(rng);
        let mut tokens = LETTERED;
        tokens.shuffle(rng);
        let mut next = tokens.iter();
        for h in 0..HEXES {
            if board.terrain[h].is_some() {
                board.numbers[h] = *next.next().expect("18 tokens for 18 hexes");
            }
        }
        board
    }
}
