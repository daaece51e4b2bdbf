//! Features (R5, R6): roads, markets and residential areas as an incremental union-find over tile
//! segments. Each root carries what the rules ask of a feature: open ports (R8), the tiles it
//! covers (R7), market kinds (R12) and followers per player (R11, R12, R26).

use crate::ids::{NodeId, Player, Slot};
#[cfg(test)]
use crate::tiles::SegKind;
use crate::tiles::TileType;

/// Most union-find nodes: segments over the 75 tiles (the default set has 250; tile sets are
/// checked against this when loaded).
pub const MAX_NODES: usize = crate::tiles::MAX_TOTAL_SEGMENTS;
/// Most road and market segments over the 75 tiles (the default set has 124).
pub const MAX_SCORABLE: usize = crate::tiles::MAX_SCORABLE_SEGMENTS;
const NO_SET: u8 = u8::MAX;

/// Feature category of a node, as in `SegKind::category`.
pub const ROAD: u8 = 0;
/// Residential area category.
pub const RESIDENTIAL: u8 = 1;
/// Market category (any kind).
pub const MARKET: u8 = 2;

/// One union-find node with its feature's data. The fields a union or a scoring reads together
/// share one 8-byte record, so joining two features touches two records, not five arrays.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Node {
    parent: u16,
    /// Open road or market ports of the feature (roots only).
    open: u16,
    /// Followers per player, 4 bits each (roots only).
    followers: u16,
    /// Category in bits 0-1, market kinds mask in bits 2-4 (kinds: roots only).
    meta: u8,
    /// For road and market nodes: the index of their tile set in `sets`.
    set: u8,
}

/// The union-find and the per-root feature data. Cloning and comparing look only at the nodes and
/// tile sets in use (a game uses about half the room), so a search copies what it needs.
pub struct Features {
    nodes: [Node; MAX_NODES],
    /// Tiles covered by a road or market, as a bit set over slots (roots only). Residential
    /// areas need no length, so only roads and markets carry one: that keeps the state small.
    sets: [u128; MAX_SCORABLE],
    len: u16,
    sets_len: u8,
    /// The first node of the latest tile.
    base: u16,
    /// Joins of two features that both stood before the latest tile (wrapping): while it stays
    /// the same, every root of an earlier position is still a root (`old_joins`).
    old_joins: u16,
}

impl Clone for Features {
    fn clone(&self) -> Features {
        Features {
            nodes: self.nodes,
            sets: self.sets,
            len: self.len,
            sets_len: self.sets_len,
            base: self.base,
            old_joins: self.old_joins,
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Features) {
        let (n, s) = (source.len as usize, source.sets_len as usize);
        self.nodes[..n].copy_from_slice(&source.nodes[..n]);
        self.sets[..s].copy_from_slice(&source.sets[..s]);
        self.len = source.len;
        self.sets_len = source.sets_len;
        self.base = source.base;
        self.old_joins = source.old_joins;
    }
}

impl PartialEq for Features {
    fn eq(&self, other: &Features) -> bool {
        // `base` and `old_joins` follow from how the nodes came about: bookkeeping, not the
        // position.
        let (n, s) = (self.len as usize, self.sets_len as usize);
        self.len == other.len
            && self.sets_len == other.sets_len
            && self.nodes[..n] == other.nodes[..n]
            && self.sets[..s] == other.sets[..s]
    }
}

impl Eq for Features {}

impl Default for Features {
    fn default() -> Self {
        Features::new()
    }
}

impl Features {
    /// No nodes yet.
    pub fn new() -> Features {
        Features {
            nodes: [Node { parent: 0, open: 0, followers: 0, meta: 0, set: NO_SET }; MAX_NODES],
            sets: [0; MAX_SCORABLE],
            len: 0,
            sets_len: 0,
            base: 0,
            old_joins: 0,
        }
    }

    /// Drops every node (each is initialised again when added).
    pub(crate) fn reset(&mut self) {
        self.len = 0;
        self.sets_len = 0;
        self.base = 0;
        self.old_joins = 0;
    }

    /// Number of nodes.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no nodes.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many times two features that stood before a tile were joined by it, counted
    /// wrapping: two positions of one game with the same count between them have the same roots
    /// for the features of the earlier one (the roots a cache of them holds stay right).
    #[inline]
    pub fn old_joins(&self) -> u16 {
        self.old_joins
    }

    /// Adds a node for a segment of the tile in `slot`.
    #[cfg(test)]
    pub(crate) fn add(&mut self, slot: Slot, kind: SegKind) -> NodeId {
        self.add_node(slot, kind.meta(), kind.is_scorable())
    }

    /// Adds a node for each segment of a tile of type `ty` placed in `slot`; returns the first.
    #[inline]
    pub(crate) fn add_tile(&mut self, slot: Slot, ty: &TileType) -> NodeId {
        // `add_node` for each segment, with the counters kept in registers.
        let base = self.len as usize;
        let mut sets_len = self.sets_len;
        let tile = 1u128 << slot.index();
        for s in 0..ty.seg_count as usize {
            let set = if ty.scorable_segs & (1 << s) != 0 {
                self.sets[sets_len as usize] = tile;
                sets_len += 1;
                sets_len - 1
            } else {
                NO_SET
            };
            let n = (base + s) as u16;
            self.nodes[base + s] = Node { parent: n, open: 0, followers: 0, meta: ty.seg_meta[s], set };
        }
        self.len += ty.seg_count as u16;
        self.sets_len = sets_len;
        self.base = base as u16;
        NodeId::new(base)
    }

    /// Adds a node with meta byte `meta` (category and market kind) for a segment in `slot`.
    #[cfg(test)]
    fn add_node(&mut self, slot: Slot, meta: u8, scorable: bool) -> NodeId {
        let n = self.len;
        let i = n as usize;
        let set = if scorable {
            let s = self.sets_len;
            self.sets[s as usize] = 1u128 << slot.index();
            self.sets_len += 1;
            s
        } else {
            NO_SET
        };
        self.nodes[i] = Node { parent: n, open: 0, followers: 0, meta, set };
        self.len += 1;
        NodeId::new(i)
    }

    /// The root of a node, halving the path on the way.
    #[inline]
    pub(crate) fn find(&mut self, n: NodeId) -> NodeId {
        let mut n = n.index() as u16;
        while self.nodes[n as usize].parent != n {
            let grand = self.nodes[self.nodes[n as usize].parent as usize].parent;
            self.nodes[n as usize].parent = grand;
            n = grand;
        }
        NodeId::new(n as usize)
    }

    /// The root of a node, without changing anything.
    #[inline]
    pub fn root(&self, n: NodeId) -> NodeId {
        let mut n = n.index() as u16;
        while self.nodes[n as usize].parent != n {
            n = self.nodes[n as usize].parent;
        }
        NodeId::new(n as usize)
    }

    /// Joins the features of two nodes; returns the new root.
    #[inline]
    pub(crate) fn union(&mut self, a: NodeId, b: NodeId) -> NodeId {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        // The older node stays root, which keeps trees shallow in practice.
        let (r, c) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let (r, c) = (r.index(), c.index());
        if c < self.base as usize {
            self.old_joins = self.old_joins.wrapping_add(1);
        }
        let child = self.nodes[c];
        self.nodes[c].parent = r as u16;
        let root = &mut self.nodes[r];
        root.open += child.open;
        root.meta |= child.meta & 0b11100;
        root.followers += child.followers;
        if root.set != NO_SET {
            self.sets[root.set as usize] |= self.sets[child.set as usize];
        }
        NodeId::new(r)
    }

    /// The category (ROAD, RESIDENTIAL, MARKET) of a node.
    #[inline]
    pub fn category(&self, n: NodeId) -> u8 {
        self.nodes[n.index()].meta & 0b11
    }

    /// Whether the feature rooted at `r` is a road or a market without open ports: complete (R8).
    /// Residential areas are never complete.
    #[inline]
    pub fn is_complete(&self, r: NodeId) -> bool {
        self.category(r) != RESIDENTIAL && self.nodes[r.index()].open == 0
    }

    /// Whether the feature rooted at `r` is a road or a market with an open port (R25).
    #[inline]
    pub fn is_unfinished(&self, r: NodeId) -> bool {
        self.category(r) != RESIDENTIAL && self.nodes[r.index()].open > 0
    }

    /// Open ports of the feature rooted at `r`.
    #[inline]
    pub fn open(&self, r: NodeId) -> u16 {
        self.nodes[r.index()].open
    }

    /// Adds `k` open ports to the feature rooted at `r`.
    #[inline]
    pub(crate) fn add_open(&mut self, r: NodeId, k: u16) {
        self.nodes[r.index()].open += k;
    }

    #[inline]
    pub(crate) fn close_port(&mut self, r: NodeId) {
        self.close_ports(r, 1);
    }

    #[inline]
    pub(crate) fn close_ports(&mut self, r: NodeId, k: u16) {
        debug_assert!(self.nodes[r.index()].open >= k);
        self.nodes[r.index()].open -= k;
    }

    /// Distinct tiles covered by the road or market rooted at `r` (its length, R7); 0 for a
    /// residential area, which has no length in the rules.
    #[inline]
    pub fn length(&self, r: NodeId) -> u32 {
        self.tile_set(r).count_ones()
    }

    /// The tile slots a road or market covers, as a bit set (empty for a residential area).
    #[inline]
    pub fn tile_set(&self, r: NodeId) -> u128 {
        match self.nodes[r.index()].set {
            NO_SET => 0,
            s => self.sets[s as usize],
        }
    }

    /// Number of different market kinds in the feature rooted at `r`.
    #[inline]
    pub fn kind_count(&self, r: NodeId) -> u32 {
        (self.nodes[r.index()].meta >> 2).count_ones()
    }

    /// The market kinds mask (bit 0 fish, 1 grain, 2 livestock).
    #[inline]
    pub fn kinds(&self, r: NodeId) -> u8 {
        self.nodes[r.index()].meta >> 2
    }

    /// Followers of player p on the feature rooted at `r`.
    #[inline]
    pub fn followers_of(&self, r: NodeId, p: Player) -> u32 {
        ((self.nodes[r.index()].followers >> (4 * p.index())) & 0xF) as u32
    }

    /// Whether the feature rooted at `r` holds any follower.
    #[inline]
    pub fn occupied(&self, r: NodeId) -> bool {
        self.nodes[r.index()].followers != 0
    }

    /// The packed follower counts (4 bits per player).
    #[inline]
    pub fn followers_packed(&self, r: NodeId) -> u16 {
        self.nodes[r.index()].followers
    }

    #[inline]
    pub(crate) fn add_follower(&mut self, r: NodeId, p: Player) {
        self.nodes[r.index()].followers += 1 << (4 * p.index());
    }

    #[inline]
    pub(crate) fn clear_followers(&mut self, r: NodeId) {
        self.nodes[r.index()].followers = 0;
    }
}

/// Whether a short list of nodes holds `x`. A plain loop: for a handful of entries it is cheaper
/// than the library's `contains`, an out-of-line call built for long slices.
#[inline]
#[allow(clippy::manual_contains)]
pub(crate) fn holds<T: PartialEq + Copy>(list: &[T], x: T) -> bool {
    list.iter().any(|&y| y == x)
}

/// Calls `pay(p)` for every player with the most followers in a packed count (R12, R26; ties: all
/// tied players), none when nobody has any.
#[inline]
pub fn for_majority(packed: u16, players: usize, mut pay: impl FnMut(Player)) {
    let winners = majority(packed, players);
    for p in Player::all(players) {
        if winners & (1 << p.index()) != 0 {
            pay(p);
        }
    }
}

/// The players with the most followers in a packed count (R12, R26): a bit mask, 0 if none.
#[inline]
pub fn majority(packed: u16, players: usize) -> u8 {
    let mut best = 0;
    let mut mask = 0u8;
    for p in 0..players {
        let c = (packed >> (4 * p)) & 0xF;
        if c > best {
            best = c;
            mask = 1 << p;
        } else if c == best && c > 0 {
            mask |= 1 << p;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::MarketKind;

    #[test]
    fn r6_markets_of_different_kinds_join() {
        let mut f = Features::new();
        let a = f.add(Slot::new(0), SegKind::Market(MarketKind::Fish));
        let b = f.add(Slot::new(1), SegKind::Market(MarketKind::Grain));
        let r = f.union(a, b);
        assert_eq!(f.kind_count(r), 2);
        assert_eq!(f.length(r), 2);
        assert_eq!(f.root(b), r);
    }

    #[test]
    fn r7_length_counts_distinct_tiles() {
        let mut f = Features::new();
        let a = f.add(Slot::new(0), SegKind::Road);
        let b = f.add(Slot::new(0), SegKind::Road); // same tile, second segment
        let c = f.add(Slot::new(1), SegKind::Road);
        f.union(a, c);
        let r = f.union(b, c);
        assert_eq!(f.length(r), 2);
    }

    #[test]
    fn r12_majority_and_ties() {
        // p0: 1, p1: 2, p2: 2
        let packed = 1 | (2 << 4) | (2 << 8);
        assert_eq!(majority(packed, 4), 0b110);
        assert_eq!(majority(0, 4), 0);
        assert_eq!(majority(1 << 12, 4), 0b1000);
    }
}
