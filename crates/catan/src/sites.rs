//! Where pieces may go (C17, C18; K36 under Städte und Ritter, where knights block too), shared
//! by the base game's checks and the expansion's.

use crate::illegal::Illegal;
use crate::state::State;
use crate::topology::TOPOLOGY;

/// Whether intersection `n` and its neighbours are free (C17), and no knight stands on it (K36).
pub(crate) fn settlement_site(s: &State, n: usize) -> Result<(), Illegal> {
    if s.nodes[n] != 0 || s.ck.all_knights() & (1 << n) != 0 {
        return Err(Illegal::Occupied);
    }
    if s.crowded & (1 << n) != 0 {
        return Err(Illegal::TooClose);
    }
    Ok(())
}

/// Whether one of `p`'s roads touches intersection `n`.
#[inline]
pub(crate) fn road_at(s: &State, p: u8, n: usize) -> bool {
    s.road_nodes[p as usize] & (1 << n) != 0
}

/// Whether a road of `p` may go on free path `e` (C18): an end holds `p`'s building, or is free
/// of others' buildings and touches `p`'s road.
pub(crate) fn road_site(s: &State, p: u8, e: usize) -> Result<(), Illegal> {
    if s.edges[e] != 0 {
        return Err(Illegal::Occupied);
    }
    let [a, b] = TOPOLOGY.edge_nodes[e];
    if road_ends(s, p) & (1 << a | 1 << b) != 0 { Ok(()) } else { Err(Illegal::NotConnected) }
}

/// The intersections a road of `p` may start from (C18), a bit each: his buildings, and free
/// intersections his roads touch; not past another player's knight (K36).
#[inline]
pub(crate) fn road_ends(s: &State, p: u8) -> u64 {
    let others_knights = s.ck.all_knights() & !s.ck.knight_bits[p as usize];
    s.built[p as usize] | (s.road_nodes[p as usize] & !s.occupied() & !others_knights)
}

/// The free paths a road of `p` may go on (C18), a bit each.
pub(crate) fn road_sites(s: &State, p: u8) -> u128 {
    let mut ends = road_ends(s, p);
    let mut paths = 0u128;
    while ends != 0 {
        paths |= TOPOLOGY.node_edge_bits[ends.trailing_zeros() as usize];
        ends &= ends - 1;
    }
    let taken = s.road_edges[0] | s.road_edges[1] | s.road_edges[2] | s.road_edges[3];
    paths & !taken
}

/// Whether `p` has any path to put a road on.
pub(crate) fn any_road_site(s: &State, p: u8) -> bool {
    road_sites(s, p) != 0
}

/// Pushes `make(i)` for every bit `i` of `bits`, lowest first.
#[inline]
pub(crate) fn push_bits<T>(out: &mut Vec<T>, mut bits: u128, make: impl Fn(u8) -> T) {
    while bits != 0 {
        out.push(make(bits.trailing_zeros() as u8));
        bits &= bits - 1;
    }
}

/// `Ok` if `ok`, else the rule broken.
pub(crate) fn need(ok: bool, why: Illegal) -> Result<(), Illegal> {
    if ok { Ok(()) } else { Err(why) }
}
