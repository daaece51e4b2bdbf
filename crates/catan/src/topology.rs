//! The fixed geometry of the base game's board (C6, C7): which intersections a hex has, which
//! paths join which intersections, where the harbours are. Computed once at compile time from the
//! hexes' cube coordinates, numbering intersections as Catanatron does so its logs import as they
//! are.

/// Land hexes.
pub const HEXES: usize = 19;
/// Intersections on land.
pub const NODES: usize = 54;
/// Paths between land intersections.
pub const EDGES: usize = 72;
/// Harbour positions.
pub const HARBOURS: usize = 9;
/// Marks an empty slot in the small fixed-size lists below.
pub const NONE: u8 = u8::MAX;

/// Cube coordinates (x, y, z) of the land hexes, in Catanatron's order: centre, inner ring, outer
/// ring (`BASE_MAP_TEMPLATE`).
pub const HEX_COORDS: [[i8; 3]; HEXES] = [
    [0, 0, 0],
    [1, -1, 0],
    [0, -1, 1],
    [-1, 0, 1],
    [-1, 1, 0],
    [0, 1, -1],
    [1, 0, -1],
    [2, -2, 0],
    [1, -2, 1],
    [0, -2, 2],
    [-1, -1, 2],
    [-2, 0, 2],
    [-2, 1, 1],
    [-2, 2, 0],
    [-1, 2, -1],
    [0, 2, -2],
    [1, 1, -2],
    [2, 0, -2],
    [2, -1, -1],
];

/// The six directions in Catanatron's order: east, south-east, south-west, west, north-west,
/// north-east. Side k of a hex faces direction k; the opposite side is (k + 3) mod 6.
pub const DIRECTIONS: [[i8; 3]; 6] = [[1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0], [0, 1, -1], [1, 0, -1]];

/// The harbours' water hexes and the direction from each to the land hex it serves (C7), in
/// Catanatron's order.
const HARBOUR_WATER: [([i8; 3], usize); HARBOURS] = [
    ([3, -3, 0], 3),
    ([1, -3, 2], 4),
    ([-1, -2, 3], 4),
    ([-3, 0, 3], 5),
    ([-3, 2, 1], 0),
    ([-2, 3, -1], 0),
    ([0, 3, -3], 1),
    ([2, 1, -3], 2),
    ([3, -1, -2], 2),
];

/// The whole table.
pub struct Topology {
    /// Each hex's corners, by corner (north, north-east, south-east, south, south-west, north-west).
    pub hex_nodes: [[u8; 6]; HEXES],
    /// Each path's two ends, lower first.
    pub edge_nodes: [[u8; 2]; EDGES],
    /// The hexes an intersection touches (up to 3, `NONE` after).
    pub node_hexes: [[u8; 3]; NODES],
    /// The intersections one path away (up to 3, `NONE` after).
    pub node_neighbours: [[u8; 3]; NODES],
    /// The paths at an intersection, in the order of `node_neighbours` (`NONE` after).
    pub node_edges: [[u8; 3]; NODES],
    /// Each harbour's two intersections, lower first.
    pub harbour_nodes: [[u8; 2]; HARBOURS],
    /// Each hex's neighbouring land hexes by direction (`NONE` at the coast).
    pub hex_neighbours: [[u8; 6]; HEXES],
    /// Each hex's corners as a bit set of intersections.
    pub hex_node_bits: [u64; HEXES],
    /// Each intersection's paths as a bit set of paths.
    pub node_edge_bits: [u128; NODES],
    /// Each intersection and its neighbours as a bit set: where a building forbids settling (C17).
    pub node_near_bits: [u64; NODES],
}

/// Every intersection, a bit each.
pub const ALL_NODES: u64 = (1 << NODES) - 1;

const fn hex_at(c: [i8; 3]) -> u8 {
    let mut i = 0;
    while i < HEXES {
        let h = HEX_COORDS[i];
        if h[0] == c[0] && h[1] == c[1] && h[2] == c[2] {
            return i as u8;
        }
        i += 1;
    }
    NONE
}

const fn step(c: [i8; 3], d: usize) -> [i8; 3] {
    let v = DIRECTIONS[d];
    [c[0] + v[0], c[1] + v[1], c[2] + v[2]]
}

const fn push(list: &mut [u8; 3], v: u8) {
    let mut i = 0;
    while i < 3 {
        if list[i] == v {
            return;
        }
        if list[i] == NONE {
            list[i] = v;
            return;
        }
        i += 1;
    }
}

const fn build() -> Topology {
    let mut hex_nodes = [[NONE; 6]; HEXES];
    let mut hex_neighbours = [[NONE; 6]; HEXES];
    let mut next_node = 0u8;
    let mut h = 0;
    while h < HEXES {
        // Corners shared with hexes numbered before: across side k, my corners k+1 and k+2 are
        // the neighbour's corners k+5 and k+4.
        let mut k = 0;
        while k < 6 {
            let nb = hex_at(step(HEX_COORDS[h], k));
            hex_neighbours[h][k] = nb;
            if nb != NONE && (nb as usize) < h {
                hex_nodes[h][(k + 1) % 6] = hex_nodes[nb as usize][(k + 5) % 6];
                hex_nodes[h][(k + 2) % 6] = hex_nodes[nb as usize][(k + 4) % 6];
            }
            k += 1;
        }
        let mut r = 0;
        while r < 6 {
            if hex_nodes[h][r] == NONE {
                hex_nodes[h][r] = next_node;
                next_node += 1;
            }
            r += 1;
        }
        h += 1;
    }
    assert!(next_node as usize == NODES);

    let mut edge_nodes = [[NONE; 2]; EDGES];
    let mut next_edge = 0usize;
    let mut h = 0;
    while h < HEXES {
        let mut k = 0;
        while k < 6 {
            let a = hex_nodes[h][(k + 1) % 6];
            let b = hex_nodes[h][(k + 2) % 6];
            let pair = if a < b { [a, b] } else { [b, a] };
            let mut seen = false;
            let mut e = 0;
            while e < next_edge {
                if edge_nodes[e][0] == pair[0] && edge_nodes[e][1] == pair[1] {
                    seen = true;
                }
                e += 1;
            }
            if !seen {
                edge_nodes[next_edge] = pair;
                next_edge += 1;
            }
            k += 1;
        }
        h += 1;
    }
    assert!(next_edge == EDGES);

    let mut node_hexes = [[NONE; 3]; NODES];
    let mut h = 0;
    while h < HEXES {
        let mut r = 0;
        while r < 6 {
            push(&mut node_hexes[hex_nodes[h][r] as usize], h as u8);
            r += 1;
        }
        h += 1;
    }
    let mut node_neighbours = [[NONE; 3]; NODES];
    let mut node_edges = [[NONE; 3]; NODES];
    let mut e = 0;
    while e < EDGES {
        let [a, b] = edge_nodes[e];
        push(&mut node_neighbours[a as usize], b);
        push(&mut node_edges[a as usize], e as u8);
        push(&mut node_neighbours[b as usize], a);
        push(&mut node_edges[b as usize], e as u8);
        e += 1;
    }

    let mut harbour_nodes = [[NONE; 2]; HARBOURS];
    let mut i = 0;
    while i < HARBOURS {
        let (water, d) = HARBOUR_WATER[i];
        let land = hex_at(step(water, d));
        assert!(land != NONE);
        // The land hex's side facing the water hex.
        let side = (d + 3) % 6;
        let a = hex_nodes[land as usize][(side + 1) % 6];
        let b = hex_nodes[land as usize][(side + 2) % 6];
        harbour_nodes[i] = if a < b { [a, b] } else { [b, a] };
        i += 1;
    }

    let mut hex_node_bits = [0u64; HEXES];
    let mut h = 0;
    while h < HEXES {
        let mut r = 0;
        while r < 6 {
            hex_node_bits[h] |= 1 << hex_nodes[h][r];
            r += 1;
        }
        h += 1;
    }
    let mut node_edge_bits = [0u128; NODES];
    let mut node_near_bits = [0u64; NODES];
    let mut n = 0;
    while n < NODES {
        node_near_bits[n] = 1 << n;
        let mut i = 0;
        while i < 3 && node_edges[n][i] != NONE {
            node_edge_bits[n] |= 1 << node_edges[n][i];
            node_near_bits[n] |= 1 << node_neighbours[n][i];
            i += 1;
        }
        n += 1;
    }

    Topology {
        hex_nodes,
        edge_nodes,
        node_hexes,
        node_neighbours,
        node_edges,
        harbour_nodes,
        hex_neighbours,
        hex_node_bits,
        node_edge_bits,
        node_near_bits,
    }
}

/// The board's geometry.
pub static TOPOLOGY: Topology = build();

/// The path joining two intersections, if one does.
pub fn edge_between(a: u8, b: u8) -> Option<u8> {
    let t = &TOPOLOGY;
    let i = t.node_neighbours.get(a as usize)?.iter().position(|&n| n == b)?;
    Some(t.node_edges[a as usize][i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_intersection_has_two_or_three_paths_and_hexes_have_six_corners() {
        let t = &TOPOLOGY;
        for n in 0..NODES {
            let deg = t.node_neighbours[n].iter().filter(|&&x| x != NONE).count();
            assert!((2..=3).contains(&deg), "node {n}");
        }
        let coast =
            (0..NODES).filter(|&n| t.node_hexes[n].iter().filter(|&&x| x != NONE).count() < 3).count();
        assert_eq!(coast, 30);
    }

    /// Catanatron 3.2.1's numbering, printed from `CatanMap.from_template(BASE_MAP_TEMPLATE)`:
    /// each land tile's nodes north, north-east, ..., north-west, and its ports' node pairs.
    #[test]
    fn c6_c7_intersections_and_harbours_are_numbered_as_catanatron_numbers_them() {
        let catanatron: [[u8; 6]; HEXES] = [
            [0, 1, 2, 3, 4, 5],
            [6, 7, 8, 9, 2, 1],
            [2, 9, 10, 11, 12, 3],
            [4, 3, 12, 13, 14, 15],
            [16, 5, 4, 15, 17, 18],
            [19, 20, 0, 5, 16, 21],
            [22, 23, 6, 1, 0, 20],
            [24, 25, 26, 27, 8, 7],
            [8, 27, 28, 29, 10, 9],
            [10, 29, 30, 31, 32, 11],
            [12, 11, 32, 33, 34, 13],
            [14, 13, 34, 35, 36, 37],
            [17, 15, 14, 37, 38, 39],
            [40, 18, 17, 39, 41, 42],
            [43, 21, 16, 18, 40, 44],
            [45, 46, 19, 21, 43, 47],
            [48, 49, 22, 20, 19, 46],
            [50, 51, 52, 23, 22, 49],
            [52, 53, 24, 7, 6, 23],
        ];
        assert_eq!(TOPOLOGY.hex_nodes, catanatron);
        let ports =
            [[25, 26], [28, 29], [32, 33], [35, 36], [38, 39], [40, 44], [45, 47], [48, 49], [52, 53]];
        assert_eq!(TOPOLOGY.harbour_nodes, ports);
    }
}
