//! Knights on the board (K29, K33, K34, K36): where a player may recruit one, where one of his
//! knights may move along his roads, and which weaker knights of others it may displace.

use super::barbarians::Strength;
use crate::ids::{Edge, Node, Player};
use crate::state::State;
use crate::topology::{NODES, NONE, TOPOLOGY};

/// The knights on the board: per intersection, its owner and strength (None: no knight).
pub type Board = [Option<(Player, Strength)>; NODES];

/// Whether intersection `n` holds nothing: no building, no knight.
fn empty(s: &State, knights: &Board, n: usize) -> bool {
    s.building(Node(n as u8)).is_none() && knights[n].is_none()
}

/// Whether `p` may pass through `n` on his roads: it is empty or holds a piece of his own.
fn passable(s: &State, knights: &Board, p: Player, n: usize) -> bool {
    s.building(Node(n as u8)).is_none_or(|b| b.owner() == p) && knights[n].is_none_or(|(q, _)| q == p)
}

/// The empty intersections one of `p`'s roads touches, as a bit set: where he may recruit a
/// knight (K29).
pub fn recruit_sites(s: &State, knights: &Board, p: Player) -> u64 {
    let mut out = 0;
    for n in 0..NODES {
        if empty(s, knights, n) && on_road(s, p, n) {
            out |= 1 << n;
        }
    }
    out
}

/// Whether one of `p`'s roads ends at `n`.
fn on_road(s: &State, p: Player, n: usize) -> bool {
    TOPOLOGY.node_edges[n].iter().any(|&e| e != NONE && s.road(Edge(e)) == Some(p))
}

/// Where a knight of `p` of strength `strength` on `from` may go (K33, K34), as two bit sets: the
/// empty intersections his roads lead to from `from`, passing only intersections that are empty
/// or hold his own pieces; and the intersections so reached that hold a weaker knight of another
/// player, which it may displace.
pub fn moves(s: &State, knights: &Board, p: Player, from: Node, strength: Strength) -> (u64, u64) {
    let (mut to, mut displace) = (0u64, 0u64);
    let mut seen = 1u64 << from.index();
    let mut stack = [0u8; NODES];
    let mut len = 0;
    stack[len] = from.0;
    len += 1;
    while len > 0 {
        len -= 1;
        let n = stack[len] as usize;
        for (k, &e) in TOPOLOGY.node_edges[n].iter().enumerate() {
            if e == NONE || s.road(Edge(e)) != Some(p) {
                continue;
            }
            let m = TOPOLOGY.node_neighbours[n][k] as usize;
            if seen & (1 << m) != 0 {
                continue;
            }
            seen |= 1 << m;
            match knights[m] {
                Some((q, weaker)) if q != p => {
                    if weaker < strength && s.building(Node(m as u8)).is_none() {
                        displace |= 1 << m;
                    }
                    continue;
                }
                _ => {}
            }
            if !passable(s, knights, p, m) {
                continue;
            }
            if empty(s, knights, m) {
                to |= 1 << m;
            }
            stack[len] = m as u8;
            len += 1;
        }
    }
    (to, displace)
}
