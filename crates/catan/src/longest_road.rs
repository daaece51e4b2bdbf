//! Longest road (C32, C33): a player's longest trail of roads, and who holds the card after a
//! change. Lengths are recounted only for players whose roads a move touched.

use crate::state::{NOBODY, State};
use crate::topology::{NODES, NONE, TOPOLOGY};

/// The longest trail of `p`'s roads that uses no path twice and passes through no intersection
/// holding another player's building (C32). Depth-first from every intersection the player's
/// roads touch: at most 15 roads, so the search stays small.
pub(crate) fn length(s: &State, p: u8) -> u8 {
    let mut own: u128 = 0;
    for (e, &o) in s.edges.iter().enumerate() {
        if o == p + 1 {
            own |= 1 << e;
        }
    }
    if own == 0 {
        return 0;
    }
    let mut best = 0;
    for n in 0..NODES {
        if TOPOLOGY.node_edges[n].iter().any(|&e| e != NONE && own & (1 << e) != 0) {
            best = best.max(walk(s, p, n, 0, own));
        }
    }
    best
}

fn walk(s: &State, p: u8, node: usize, used: u128, own: u128) -> u8 {
    let mut best = 0;
    for i in 0..3 {
        let e = TOPOLOGY.node_edges[node][i];
        if e == NONE {
            break;
        }
        let bit = 1u128 << e;
        if own & bit == 0 || used & bit != 0 {
            continue;
        }
        let next = TOPOLOGY.node_neighbours[node][i] as usize;
        let owner = s.owner_at(next);
        let further = if owner != NOBODY && owner != p { 0 } else { walk(s, p, next, used | bit, own) };
        best = best.max(1 + further);
    }
    best
}

/// Who holds the card given the lengths (C32, C33): the holder keeps it while he has 5 or more
/// and nobody is longer; otherwise the one player who alone is longest with 5 or more takes it;
/// otherwise it is set aside.
pub(crate) fn holder(lengths: &[u8], current: u8) -> u8 {
    let max = lengths.iter().copied().max().unwrap_or(0);
    if current != NOBODY && lengths[current as usize] >= 5 && lengths[current as usize] == max {
        return current;
    }
    let mut longest = lengths.iter().enumerate().filter(|&(_, &l)| l == max && l >= 5);
    match (longest.next(), longest.next()) {
        (Some((p, _)), None) => p as u8,
        _ => NOBODY,
    }
}

/// Recounts the players in `who` (a bit set of players) and passes the card on (C32, C33).
pub(crate) fn update(s: &mut State, who: u8) {
    for p in 0..s.players {
        if who & (1 << p) != 0 {
            s.road_length[p as usize] = length(s, p);
        }
    }
    s.longest = holder(&s.road_length[..s.players as usize], s.longest);
}
