//! Where pieces may go (C17, C18; K36 under Städte und Ritter, where knights block too), shared
//! by the base game's checks and the expansion's.

use crate::ids::{Edge, Node};
use crate::illegal::Illegal;
use crate::packed::covers;
use crate::state::{ROAD_PACKED, ROADS, SETTLEMENT_PACKED, SETTLEMENTS, State};
use crate::topology::{EDGES, NODES, TOPOLOGY};

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
/// intersections his roads touch; not past another player's knight (K36). Under `road_through`
/// also others' buildings on intersections his network took in (Catanatron 3.3.0).
#[inline]
pub(crate) fn road_ends(s: &State, p: u8) -> u64 {
    let others_knights = s.ck.all_knights() & !s.ck.knight_bits[p as usize];
    let ends = s.built[p as usize] | (s.road_nodes[p as usize] & !s.occupied() & !others_knights);
    if s.options.road_through { ends | s.reached[p as usize] } else { ends }
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

/// Whether the set-up road may go on `e` (C12): a free path beside the settlement just placed.
pub(crate) fn setup_road_ok(s: &State, e: Edge) -> Result<(), Illegal> {
    need(e.index() < EDGES, Illegal::OutOfRange)?;
    need(s.edges[e.index()] == 0, Illegal::Occupied)?;
    need(TOPOLOGY.edge_nodes[e.index()].contains(&s.last_settlement.0), Illegal::NotBesideSettlement)
}

/// Whether `p` may build a road on `e` (C18, C21): paid for, one in supply, a place for it.
pub(crate) fn built_road_ok(s: &State, p: u8, e: Edge) -> Result<(), Illegal> {
    need(e.index() < EDGES, Illegal::OutOfRange)?;
    need(covers(s.hands[p as usize], ROAD_PACKED), Illegal::CannotAfford)?;
    need(s.roads[p as usize] < ROADS, Illegal::NoPieceLeft)?;
    road_site(s, p, e.index())
}

/// Whether `p` may place a free road on `e` (C26, K64, K77).
pub(crate) fn free_road_ok(s: &State, p: u8, e: Edge) -> Result<(), Illegal> {
    need(e.index() < EDGES, Illegal::OutOfRange)?;
    road_site(s, p, e.index())
}

/// Whether `p` may build a settlement on `n` (C17, C19, C21; K36): paid for, one in supply, a free
/// site his road touches.
pub(crate) fn built_settlement_ok(s: &State, p: u8, n: Node) -> Result<(), Illegal> {
    need(n.index() < NODES, Illegal::OutOfRange)?;
    need(covers(s.hands[p as usize], SETTLEMENT_PACKED), Illegal::CannotAfford)?;
    need(s.settlements[p as usize] < SETTLEMENTS, Illegal::NoPieceLeft)?;
    settlement_site(s, n.index())?;
    need(road_at(s, p, n.index()), Illegal::NotConnected)
}

/// `Ok` if `ok`, else the rule broken.
pub(crate) fn need(ok: bool, why: Illegal) -> Result<(), Illegal> {
    if ok { Ok(()) } else { Err(why) }
}
