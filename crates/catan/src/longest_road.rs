//! Longest road (C32, C33): a player's longest trail of roads, and who holds the card after a
//! change. Lengths are recounted only for players whose roads a move touched. Under the option
//! `longest_road=catanatron` both follow Catanatron 3.2.1 (`Board.build_road`,
//! `Board.build_settlement`, `longest_acyclic_path`) instead.

use crate::ids::{Edge, Node};
use crate::options::LongestRoad;
use crate::state::{NOBODY, State};
use crate::topology::{NODES, NONE, TOPOLOGY};

/// The longest trail of `p`'s roads that uses no path twice and passes through no intersection
/// holding another player's building (C32). A longest trail can be taken to start where the
/// network ends, forks or is blocked (any other start could be extended or turned, around a
/// cycle, to one of those); a network that is a bare cycle has none, so its paths, untouched
/// by the first searches, get one search of their own.
pub(crate) fn length(s: &State, p: u8) -> u8 {
    let own = s.road_edges[p as usize];
    if own == 0 {
        return 0;
    }
    let net = Network::new(s, p, true);
    let mut best = 0;
    let mut touched = 0u32;
    let mut nodes = s.road_nodes[p as usize];
    while nodes != 0 {
        let n = nodes.trailing_zeros() as usize;
        nodes &= nodes - 1;
        if net.degree[n] != 2 || net.blocked & (1 << n) != 0 {
            best = best.max(net.walk::<true>(n, 0, &mut touched));
        }
    }
    while touched != net.all {
        let start = net.ends[(!touched & net.all).trailing_zeros() as usize] as usize;
        best = best.max(net.walk::<true>(start, 0, &mut touched));
    }
    best
}

/// A player's roads as a small graph for the trail searches: his roads numbered 0.. (so that a
/// set of them is a `u32`), and per intersection the roads that lead on from it with the
/// intersection at their other end.
struct Network {
    /// Intersections holding another player's building.
    blocked: u64,
    /// Per intersection: (road number, intersection at its other end), `degree` of them.
    next: [[(u8, u8); 3]; NODES],
    degree: [u8; NODES],
    /// One end of each road, by number.
    ends: [u8; 16],
    /// Every road's bit.
    all: u32,
    /// Whether the roads between intersections free of others' buildings close a cycle.
    cyclic: bool,
}

impl Network {
    /// `p`'s roads; `onto_blocked`: whether a trail may step onto (and end at) another's building
    /// (the official reading) or not at all (Catanatron's).
    fn new(s: &State, p: u8, onto_blocked: bool) -> Network {
        let blocked = s.others_built(p);
        let mut net = Network {
            blocked,
            next: [[(0, 0); 3]; NODES],
            degree: [0; NODES],
            ends: [0; 16],
            all: 0,
            cyclic: false,
        };
        // A union-find over the intersections: a road joining two already joined closes a cycle.
        let mut root: [u8; NODES] = std::array::from_fn(|n| n as u8);
        let find = |root: &mut [u8; NODES], mut n: u8| {
            while root[n as usize] != n {
                root[n as usize] = root[root[n as usize] as usize];
                n = root[n as usize];
            }
            n
        };
        let mut own = s.road_edges[p as usize];
        let mut k = 0u8;
        while own != 0 {
            let [a, b] = TOPOLOGY.edge_nodes[own.trailing_zeros() as usize];
            own &= own - 1;
            if blocked & (1 << a | 1 << b) == 0 {
                let (ra, rb) = (find(&mut root, a), find(&mut root, b));
                net.cyclic |= ra == rb;
                root[ra as usize] = rb;
            }
            for (from, to) in [(a, b), (b, a)] {
                if onto_blocked || blocked & (1 << to) == 0 {
                    let d = &mut net.degree[from as usize];
                    net.next[from as usize][*d as usize] = (k, to);
                    *d += 1;
                }
            }
            net.ends[k as usize] = a;
            net.all |= 1 << k;
            k += 1;
        }
        net
    }

    /// The longest trail from `node` on roads not in `used`, noting the roads it touches; with
    /// `STOP`, a trail ends at a blocked intersection (the official reading; under Catanatron's
    /// no road leads onto one).
    fn walk<const STOP: bool>(&self, node: usize, used: u32, touched: &mut u32) -> u8 {
        let mut best = 0;
        for &(k, next) in &self.next[node][..self.degree[node] as usize] {
            let bit = 1u32 << k;
            if used & bit != 0 {
                continue;
            }
            *touched |= bit;
            // A road's far end where nothing else leads on ends the trail without a call (the
            // lists are one-way: from a blocked start, the road back is not in the far end's).
            let end = self.degree[next as usize] == 1 && self.next[next as usize][0].0 == k;
            let further = if end || STOP && self.blocked & (1 << next) != 0 {
                0
            } else {
                self.walk::<STOP>(next as usize, used | bit, touched)
            };
            best = best.max(1 + further);
        }
        best
    }
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

/// The longest trail by Catanatron's reading: trails start only at intersections the player's
/// roads reached while they were free of others' buildings (or his own set-up settlements), and
/// never step onto another player's building.
///
/// A trail from a free intersection where exactly two of the player's roads lead on to
/// intersections he may step onto is never the longest: the road it leaves unused leads back
/// from an intersection he reached as well (free or his own now, so when the road was built), and
/// prefixed it gives a longer trail, unless the trail comes back through it as a closed cycle.
/// So trails start elsewhere, and paths no trail touched (a network that is a bare cycle) get a
/// search of their own, as in `length`. Where those roads close no cycle, the same holds of a
/// free intersection where three roads lead on (a trail cannot come back through it): trails
/// then start only at the ends of the network and at others' buildings.
pub(crate) fn catanatron_length(s: &State, p: u8) -> u8 {
    // No road leads onto a blocked intersection: the walk never stops at one.
    let net = Network::new(s, p, false);
    let mut best = 0;
    let mut touched = 0u32;
    let mut starts = s.reached[p as usize];
    let mut passing = 0u64;
    while starts != 0 {
        let n = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        if net.blocked & (1 << n) == 0 && (net.degree[n] == 2 || (net.degree[n] == 3 && !net.cyclic)) {
            passing |= 1 << n;
            continue;
        }
        best = best.max(net.walk::<false>(n, 0, &mut touched));
    }
    if !net.cyclic {
        return best;
    }
    while passing != 0 {
        let n = passing.trailing_zeros() as usize;
        passing &= passing - 1;
        let [(a, _), (b, _), _] = net.next[n];
        if touched & (1 << a | 1 << b) != (1 << a | 1 << b) {
            best = best.max(net.walk::<false>(n, 0, &mut touched));
        }
    }
    best
}

/// The intersections reached from `start` along `p`'s roads, stopping at (and taking in) those
/// with another player's building: Catanatron's `bfs_walk`.
fn walk_from(s: &State, p: u8, start: usize) -> u64 {
    let (mut seen, mut stack) = (1u64 << start, [0u8; NODES]);
    let mut top = 1;
    stack[0] = start as u8;
    while top > 0 {
        top -= 1;
        let n = stack[top] as usize;
        let owner = s.owner_at(n);
        if owner != NOBODY && owner != p {
            continue;
        }
        for i in 0..3 {
            let e = TOPOLOGY.node_edges[n][i];
            if e == NONE {
                break;
            }
            let m = TOPOLOGY.node_neighbours[n][i];
            if s.edges[e as usize] == p + 1 && seen & (1 << m) == 0 {
                seen |= 1 << m;
                stack[top] = m;
                top += 1;
            }
        }
    }
    seen
}

/// After `p` built a road on `e` (C32).
pub(crate) fn road_built(s: &mut State, p: u8, e: Edge) {
    if s.options.tracks_network() {
        for &n in &TOPOLOGY.edge_nodes[e.index()] {
            let o = s.owner_at(n as usize);
            if o == NOBODY || o == p {
                s.reached[p as usize] |= 1 << n;
            }
        }
    }
    if s.options.longest_road == LongestRoad::Official {
        update(s, 1 << p);
        return;
    }
    // Catanatron keeps the longer of the old count and the new one: a count is never lowered by
    // a road of the player's own, even where another's building has since shortened it. The
    // card goes by the new count alone. (Catanatron counts the new road's component only, with
    // components it may have merged across another's building; the full count here is equal
    // save in such corners, which the oracle check is to confirm.)
    let fresh = catanatron_length(s, p);
    s.road_length[p as usize] = fresh.max(s.road_length[p as usize]);
    if fresh >= 5 && fresh > s.holder_length {
        s.longest = p;
        s.holder_length = fresh;
    }
}

/// After `p` placed a settlement on `n`, in the set-up round or not (C33).
pub(crate) fn settled(s: &mut State, p: u8, n: Node, setup: bool) {
    // The players whose roads meet at `n`, and how many of theirs do.
    let mut count = [0u8; 4];
    for &e in &TOPOLOGY.node_edges[n.index()] {
        if e != NONE && s.edges[e as usize] != 0 && s.edges[e as usize] != p + 1 {
            count[(s.edges[e as usize] - 1) as usize] += 1;
        }
    }
    // Catanatron's network: the set-up settlement, and where a road is cut in two, the two
    // halves walked afresh from the cut; the walk takes in the intersections of others'
    // buildings it meets, so trails may start there (and, under `road_through`, roads go on).
    if s.options.tracks_network() {
        if setup {
            s.reached[p as usize] |= 1 << n.0;
        }
        for q in (0..s.players).filter(|&q| !setup && count[q as usize] == 2) {
            for &e in &TOPOLOGY.node_edges[n.index()] {
                if e != NONE && s.edges[e as usize] == q + 1 {
                    let [a, b] = TOPOLOGY.edge_nodes[e as usize];
                    let far = if a == n.0 { b } else { a };
                    s.reached[q as usize] |= walk_from(s, q, far as usize);
                }
            }
        }
    }
    if s.options.longest_road == LongestRoad::Official {
        let broken = count.iter().enumerate().fold(0u8, |m, (q, &c)| if c > 0 { m | 1 << q } else { m });
        if broken != 0 {
            update(s, broken);
        }
        return;
    }
    if setup {
        return;
    }
    // Catanatron recounts only a road cut in two, then gives the card to the longest player
    // (the first in seat order on a tie), whatever his length.
    for q in 0..s.players {
        if count[q as usize] == 2 {
            s.road_length[q as usize] = catanatron_length(s, q);
            let lengths = &s.road_length[..s.players as usize];
            let max = lengths.iter().copied().max().unwrap_or(0);
            s.longest = lengths.iter().position(|&l| l == max).unwrap_or(0) as u8;
            s.holder_length = max;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::topology::edge_between;

    /// Player 0's roads on the paths joining `nodes` in order.
    fn roads(s: &mut State, nodes: &[u8]) {
        for w in nodes.windows(2) {
            let e = edge_between(w[0], w[1]).unwrap();
            s.edges[e as usize] = 1;
            s.road_edges[0] |= 1 << e;
            s.road_nodes[0] |= 1 << w[0] | 1 << w[1];
        }
    }

    #[test]
    fn c32_a_bare_cycle_a_cycle_with_a_tail_and_a_blocked_cycle() {
        let mut s = State::deal(3, Options::OFFICIAL, 1).unwrap();
        let ring = TOPOLOGY.hex_nodes[0];
        let closed: Vec<u8> = ring.iter().chain(&ring[..1]).copied().collect();
        roads(&mut s, &closed);
        assert_eq!(length(&s, 0), 6);
        let tail =
            TOPOLOGY.node_neighbours[ring[0] as usize].iter().copied().find(|n| !ring.contains(n)).unwrap();
        roads(&mut s, &[ring[0], tail]);
        assert_eq!(length(&s, 0), 7);
        s.nodes[ring[3] as usize] = 2;
        s.built[1] |= 1 << ring[3];
        // Through the tail to ring[0], then around either way to the blocked ring[3]: 4; or from
        // ring[3] around the whole ring back to it: 6.
        assert_eq!(length(&s, 0), 6);
    }
}
