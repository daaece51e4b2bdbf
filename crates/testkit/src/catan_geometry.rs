//! Catan's board geometry derived again from the hexes' corners alone, and an exhaustive longest
//! trail: the slow references of the base game and of Städte und Ritter read the board with them.

use stadt_catan::ids::{Edge, Node};
use stadt_catan::state::State;
use stadt_catan::topology::{EDGES, HEXES, NODES, TOPOLOGY};
use std::collections::BTreeSet;

/// Each intersection's neighbours and the path between two neighbours.
pub struct Geometry {
    /// The intersections one path away, ascending.
    pub neighbours: Vec<Vec<usize>>,
    /// The path joining two intersections, if they are neighbours.
    pub edge_of: Vec<Vec<Option<usize>>>,
}

/// The geometry: two corners next to each other on a hex are joined by a path.
pub fn geometry() -> Geometry {
    let mut neighbours = vec![BTreeSet::new(); NODES];
    for h in 0..HEXES {
        let c = TOPOLOGY.hex_nodes[h];
        for k in 0..6 {
            let (a, b) = (c[k] as usize, c[(k + 1) % 6] as usize);
            neighbours[a].insert(b);
            neighbours[b].insert(a);
        }
    }
    let mut edge_of = vec![vec![None; NODES]; NODES];
    for e in 0..EDGES {
        let [a, b] = TOPOLOGY.edge_nodes[e];
        assert!(neighbours[a as usize].contains(&(b as usize)), "edge {e} joins no neighbours");
        edge_of[a as usize][b as usize] = Some(e);
        edge_of[b as usize][a as usize] = Some(e);
    }
    let neighbours: Vec<Vec<usize>> = neighbours.into_iter().map(|s| s.into_iter().collect()).collect();
    assert_eq!(neighbours.iter().map(Vec::len).sum::<usize>(), 2 * EDGES);
    Geometry { neighbours, edge_of }
}

/// The owner of the building on intersection `n`.
pub fn owner(s: &State, n: usize) -> Option<u8> {
    s.building(Node(n as u8)).map(|b| b.owner().0)
}

/// The owner of the road between neighbours `a` and `b`.
pub fn road_owner(s: &State, g: &Geometry, a: usize, b: usize) -> Option<u8> {
    g.edge_of[a][b].and_then(|e| s.road(Edge(e as u8))).map(|p| p.0)
}

/// Exhaustive longest trail of `p`'s roads: every trail from every intersection, no path twice,
/// never passing on through an intersection `blocked` says is another's.
pub fn longest_trail(s: &State, g: &Geometry, p: u8, blocked: &dyn Fn(usize) -> bool) -> u8 {
    fn go(
        s: &State,
        g: &Geometry,
        p: u8,
        blocked: &dyn Fn(usize) -> bool,
        at: usize,
        used: &mut Vec<(usize, usize)>,
    ) -> usize {
        if !used.is_empty() && blocked(at) {
            return used.len();
        }
        let mut best = used.len();
        for &m in &g.neighbours[at] {
            let key = (at.min(m), at.max(m));
            if road_owner(s, g, at, m) == Some(p) && !used.contains(&key) {
                used.push(key);
                best = best.max(go(s, g, p, blocked, m, used));
                used.pop();
            }
        }
        best
    }
    (0..NODES).map(|a| go(s, g, p, blocked, a, &mut Vec::new())).max().unwrap_or(0) as u8
}
