//! What each legal move is worth to the player making it, without making it: the points it
//! scores now and the open points it leads to, as greedy counts them (`Standing`), worked out from
//! the union-find's roots around the move. A tile is valued with its best follower after it.
//!
//! A playout that picks its moves by these values needs them at every turn, so they are found
//! from what a placement touches: the tile's segments with the roots of the features its ports
//! face (joined in a small local union-find), the markets those joins merge (which residential
//! areas anywhere may border twice), the rows of the player's watchmen that end at the cell, and
//! whether the tile lets R23c end the game (the wall's chain search with the tile added). Which
//! markets border each residential area is kept from one decision to the next along a playout
//! (only the joins and borders the tiles since added are applied), so a turn does not read the
//! whole border list again. The
//! moves after which the game ends (the end's scoring is the whole game's), a tile that may close
//! a pocket while the ends are close, and positions past the border list's room are valued by
//! playing them on a copy; `playout_gains` values the first as if the game went on instead.

use super::*;
use crate::board::PlacedTile;
use std::cell::RefCell;

/// The weight on open points of the game's own one-ply judgement (`stadt_core::game::Game::
/// move_values`): greedy's default `open`.
pub const OPEN_WEIGHT: f64 = 0.5;

/// A player's standing as greedy judges a position: points so far, and the open points of the
/// features it leads as they stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Points scored, every source.
    pub points: i32,
    /// Incomplete roads and markets it leads at their R12 points, residential areas it leads at
    /// R26 points as they stand, and its watchmen's rows at R27 points.
    pub open: i32,
}

impl Standing {
    /// Points plus `weight` times the open points: greedy's value with `open = weight`.
    #[inline]
    pub fn value(self, weight: f64) -> f64 {
        self.points as f64 + weight * self.open as f64
    }
}

/// Residential areas with borders a position can hold: one per recorded border.
const MAX_AREAS: usize = MAX_BORDERS;
/// Markets the residential bookkeeping can tell apart (bits of a `u128`).
const MAX_MARKET_IDS: usize = 128;
/// Elements of a placement's local union-find: the tile's segments, then the roots its 12 ports
/// face.
const LOCAL: usize = crate::tiles::MAX_SEGMENTS + 12;
const NONE: u8 = u8::MAX;
/// No node (a node id no table reaches).
const NONE_NODE: NodeId = NodeId::new(u16::MAX as usize);

/// A residential area with borders before the move: its root, and the markets bordering it.
#[derive(Clone, Copy, Default)]
struct Area {
    root: u16,
    /// Bordering markets as market ids (`Around::market_id`).
    markets: u128,
}

/// What a tile decision's values share. One per thread, reused: the residential areas and their
/// markets are brought up to date from the last decision's when the position follows it (a
/// playout's next turn), and found again otherwise, clearing only the entries filled.
struct Around {
    me: Player,
    players: usize,
    /// Index into `areas` by residential root, `NONE` if it borders no market.
    area_of: [u8; crate::features::MAX_NODES],
    areas: [Area; MAX_AREAS],
    area_count: usize,
    /// Id by market root, `NONE` for markets bordering no residential area.
    market_id: [u8; crate::features::MAX_NODES],
    /// The market root of each id.
    market_roots: [u16; MAX_MARKET_IDS],
    market_ids: usize,
    /// The actor's watchmen whose rows stop at a gap: the empty cell, and the building points a
    /// tile there adds beyond its own (the row on from the tile beyond the gap).
    gaps: [(Cell, i32); FOLLOWERS as usize],
    gap_count: usize,
    /// Whether the wall's free ends lie close enough for R23c to end the game after this turn.
    close_ends: bool,
    /// The position the areas and markets were found for, to update them from when the next
    /// decision's position follows it (a playout's next turn): its tile set, its tiles as
    /// `placed_key`s in placement order, and how many recorded borders were read.
    tileset: *const TileSet,
    placed: [u32; TILE_COUNT],
    placed_count: usize,
    borders_read: usize,
    /// `Features::old_joins` then: while it is the same, the roots held are still roots.
    old_joins: u16,
    /// The market ids still in use (a join of two markets retires one of their ids).
    live: u128,
}

/// One placement's local union-find element: a segment of the tile, or the root of a feature a
/// port faces, with the feature data a join adds up (at the group's first element).
#[derive(Clone, Copy, Default)]
struct Element {
    parent: u8,
    /// The root's node (old roots only).
    root: u16,
    open: i32,
    meta: u8,
    followers: u16,
    tiles: u128,
    /// The market ids of old markets (markets), or the markets bordering old areas (areas).
    markets: u128,
}

/// One placement's working space: its local union-find, and the joins that make two old markets
/// one (as (the joined ids, the id they become)).
#[derive(Default)]
struct Scratch {
    el: [Element; LOCAL],
    joins: [(u128, u128); crate::tiles::MAX_SEGMENTS],
}

/// Which values `values` gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Values {
    /// `move_values`.
    Absolute,
    /// `move_gains`.
    Gains,
    /// `playout_gains`.
    Playout,
}

thread_local! {
    /// Copies to play moves on where the values are not worked out (allocated once per thread).
    static COPIES: RefCell<[Option<Box<Table>>; 2]> = const { RefCell::new([None, None]) };
    /// The tile decisions' shared part (allocated once per thread).
    static AROUND: RefCell<Option<Box<Around>>> = const { RefCell::new(None) };
    /// One placement's working space, reused without clearing.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Table {
    /// Player `p`'s standing as greedy judges this position (see `Standing`).
    pub fn standing(&self, p: Player) -> Standing {
        let open = self.roads_markets_led(p)
            + self.residential_points()[p.index()]
            + self.watchman_points()[p.index()];
        Standing { points: self.player[p.index()].points.total(), open }
    }

    /// R12 points of the incomplete roads and markets `p` leads (holds the most followers on).
    fn roads_markets_led(&self, p: Player) -> i32 {
        let f = &self.features;
        let mut seen = [NodeId::default(); AREAS];
        let (mut n, mut out) = (0, 0);
        for (slot, t) in self.board.slots() {
            let Some((_, seg)) = t.follower() else { continue };
            let r = f.root(self.node(slot, seg));
            if f.category(r) == RESIDENTIAL || holds(&seen[..n], r) {
                continue;
            }
            seen[n] = r;
            n += 1;
            if leads(f.followers_packed(r), self.players(), p) {
                out += scoring::feature_points(f, r);
            }
        }
        out
    }

    /// The value to the player to act of each of `moves` (legal now), into `out` (cleared first):
    /// `Standing::value(weight)` of the position after the move, a tile with the best follower
    /// choice after it. Equal to playing each move on a copy and judging that, as greedy does.
    pub fn move_values(&self, weight: f64, moves: &[Move], out: &mut Vec<f64>) {
        self.values(weight, moves, out, Values::Absolute);
    }

    /// `move_values` less the value of the position now, the same for every move: what a choice
    /// among the moves needs (greedy's, a softmax's), found without judging the whole position.
    pub fn move_gains(&self, weight: f64, moves: &[Move], out: &mut Vec<f64>) {
        self.values(weight, moves, out, Values::Gains);
    }

    /// `move_gains` as a playout uses them: a move after which the game ends is valued as if
    /// it went on, without the end's scoring (closing the wall, R24-R27), which costs as much as
    /// a hundred moves' values. Every other move's gain is `move_gains`'.
    pub fn playout_gains(&self, weight: f64, moves: &[Move], out: &mut Vec<f64>) {
        self.values(weight, moves, out, Values::Playout);
    }

    /// `move_values`, `move_gains` or `playout_gains`.
    fn values(&self, weight: f64, moves: &[Move], out: &mut Vec<f64>, kind: Values) {
        let absolute = kind == Values::Absolute;
        let ends_count = kind != Values::Playout;
        out.clear();
        let me = self.actor;
        let mut now = None;
        let mut now = || *now.get_or_insert_with(|| self.standing(me));
        let mut push = |gain: Option<(Standing, i32)>, mv: Move| {
            out.push(match gain {
                Some((d, follower)) => {
                    let base = if absolute { now() } else { Standing::default() };
                    let after = Standing { points: base.points + d.points, open: base.open + d.open };
                    let none = after.value(weight);
                    if follower == 0 {
                        none
                    } else {
                        // Greedy takes the best of every follower choice; a positive weight makes
                        // the largest gain best.
                        none.max(Standing { open: after.open + follower, ..after }.value(weight))
                    }
                }
                None => {
                    let played = self.played_value(mv, me, weight);
                    if absolute { played } else { played - now().value(weight) }
                }
            })
        };
        match self.step {
            Step::PlaceTile => AROUND.with(|cell| {
                let mut around = cell.borrow_mut();
                let a = around.get_or_insert_with(Around::empty);
                let ready = a.prepare(self, me, ends_count);
                SCRATCH.with(|scratch| {
                    let scratch = &mut *scratch.borrow_mut();
                    for &mv in moves {
                        push(if ready { self.tile_gain(a, scratch, mv) } else { None }, mv);
                    }
                })
            }),
            Step::Follower => {
                let gains = self.follower_gains(me, ends_count);
                for &mv in moves {
                    push(
                        gains.as_ref().and_then(|(d, open_of)| {
                            Some((Standing { open: d.open + open_of(mv)?, ..*d }, 0))
                        }),
                        mv,
                    );
                }
            }
            Step::Gate | Step::Wall => {
                for &mv in moves {
                    push(Some((self.wall_gain(mv), 0)), mv);
                }
            }
            _ => {
                let ends = ends_count && self.step == Step::Tower && self.ending().is_some();
                for &mv in moves {
                    let towers = match mv {
                        Move::Tower(Some(e)) => self.tower_points(e),
                        _ => 0,
                    };
                    push((!ends).then_some((Standing { points: towers, open: 0 }, 0)), mv);
                }
            }
        }
    }

    /// The value of `mv` found by playing it on a copy (a tile with each follower choice after it).
    fn played_value(&self, mv: Move, me: Player, weight: f64) -> f64 {
        COPIES.with(|copies| {
            let [after, after_follower] = &mut *copies.borrow_mut();
            let after = copy_into(after, self);
            after.apply(mv);
            if after.step != Step::Follower || !matches!(mv, Move::Tile { .. }) {
                return after.standing(me).value(weight);
            }
            let mut best = f64::NEG_INFINITY;
            let mut choices = if after.player[me.index()].supply > 0 { after.follower_choices() } else { 0 };
            let mut option = None;
            loop {
                let t = copy_into(after_follower, after);
                t.apply(Move::Follower(option));
                best = best.max(t.standing(me).value(weight));
                if choices == 0 {
                    return best;
                }
                option = Some(choices.trailing_zeros() as u8);
                choices &= choices - 1;
            }
        })
    }

    /// Tower points a tower on end `e` gives now (R21).
    fn tower_points(&self, e: WallEnd) -> i32 {
        let since = self.wall.since_tower;
        if self.wall.ends[0].point() == self.wall.ends[1].point() {
            since[0].max(since[1]) as i32
        } else {
            since[e.index()] as i32
        }
    }

    /// The follower step's gains: the completed features scored (the same for every choice), and
    /// a function giving the open points a follower move adds (its feature led). None when the
    /// turn would end the game and `ends_count` (the moves are then played).
    #[allow(clippy::type_complexity)]
    fn follower_gains(
        &self,
        me: Player,
        ends_count: bool,
    ) -> Option<(Standing, impl Fn(Move) -> Option<i32> + '_)> {
        let mut gain = Standing::default();
        let mut event = false;
        for &root in &self.completed[..self.completed_len as usize] {
            let packed = self.features.followers_packed(root);
            event |= packed != 0;
            if leads(packed, self.players(), me) {
                let points = scoring::feature_points(&self.features, root);
                gain.points += points;
                gain.open -= points;
            }
        }
        let building = event && Table::pile_of(self.drawn as usize - 1) >= 2;
        if ends_count && !building && self.ending().is_some() {
            return None;
        }
        let open_of = move |mv: Move| match mv {
            Move::Follower(Some(seg)) => {
                let r = self.features.root(self.node(self.last_slot, seg as usize));
                if self.features.category(r) == RESIDENTIAL {
                    self.markets_bordering(r).map(|m| 2 * m)
                } else {
                    Some(scoring::feature_points(&self.features, r))
                }
            }
            _ => Some(0),
        };
        Some((gain, open_of))
    }

    /// Distinct markets bordering the residential area rooted at `r` (R9), from the recorded
    /// borders; None when they overflowed.
    fn markets_bordering(&self, r: NodeId) -> Option<i32> {
        const WORDS: usize = crate::features::MAX_NODES.div_ceil(64);
        let mut seen = [0u64; WORDS];
        let mut n = 0;
        for &(m, h) in self.borders()? {
            if self.features.root(h) == r {
                let m = self.features.root(m).index();
                if seen[m / 64] & (1 << (m % 64)) == 0 {
                    seen[m / 64] |= 1 << (m % 64);
                    n += 1;
                }
            }
        }
        Some(n)
    }

    /// What a gate or wall piece gains (R15, R17, R18): the features its side closes and completes
    /// are scored (R22), a watchman adds its row (R27). The building goes on, so the game cannot
    /// end here.
    fn wall_gain(&self, mv: Move) -> Standing {
        let mut gain = Standing::default();
        let (slot, side, watchman) = match mv {
            Move::Gate { edge, .. } => {
                let (slot, side) = self.gate_side(edge).expect("a legal gate");
                (slot, side, false)
            }
            Move::Wall { edge, watchman } => {
                let piece = self.piece_on(edge).expect("a legal wall piece");
                (piece.slot, piece.side, watchman)
            }
            _ => return gain,
        };
        if watchman {
            gain.open += self.row_points(slot, side);
        }
        let t = self.board.tile(slot);
        let r = &self.tileset.get(t.ty).rotated[t.rot as usize];
        let (mut roots, mut closes, mut n) = ([NodeId::default(); 3], [0u16; 3], 0);
        let mut ports = (r.scorable_ports >> (3 * side.index())) & 0b111;
        while ports != 0 {
            let k = ports.trailing_zeros() as usize;
            ports &= ports - 1;
            let root = self.features.root(t.node_base.offset(r.port_seg[3 * side.index() + k] as usize));
            match roots[..n].iter().position(|&x| x == root) {
                Some(i) => closes[i] += 1,
                None => {
                    (roots[n], closes[n]) = (root, 1);
                    n += 1;
                }
            }
        }
        for (&root, &c) in roots[..n].iter().zip(&closes) {
            if self.features.open(root) == c
                && leads(self.features.followers_packed(root), self.players(), self.actor)
            {
                let points = scoring::feature_points(&self.features, root);
                gain.points += points;
                gain.open -= points;
            }
        }
        gain
    }

    /// What a tile placement gains, and the open points the best follower choice after it adds
    /// (0 if none adds any). None when the game ends after it (R23c), or may (the ends are close
    /// and the tile may close a pocket), or when it needs more market ids than the bookkeeping
    /// holds: the caller then plays it.
    fn tile_gain(&self, a: &Around, scratch: &mut Scratch, mv: Move) -> Option<(Standing, i32)> {
        let Move::Tile { x, y, rot } = mv else { return None };
        let cell = Cell::new(x as i32, y as i32);
        // A tile that may close a pocket changes which empty cells lie outside, which R23c's
        // search reads: such a placement is played when the ends are close.
        if a.close_ends && self.board.may_enclose(cell) {
            return None;
        }
        let t = self.tileset.get(self.in_hand);
        let r = &t.rotated[rot as usize];
        let new_tile = 1u128 << self.board.tile_count();
        let segs = t.seg_count as usize;
        // Every element a placement reads is written first: the scratch is not cleared.
        let Scratch { el, joins } = scratch;
        for (s, e) in el.iter_mut().enumerate().take(segs) {
            let tiles = if t.scorable_segs & (1 << s) != 0 { new_tile } else { 0 };
            *e = Element { parent: s as u8, meta: t.seg_meta[s], tiles, ..Element::default() };
        }
        let mut n = segs;
        // Borders the tile adds, as (market element, residential element).
        let mut borders = [(0u8, 0u8); 32];
        let mut nb = 0;
        for &(m, h) in &t.borders {
            borders[nb] = (m, h);
            nb += 1;
        }
        let mut empty_sides = 0u16;
        for side in SIDES {
            let Some(ns) = self.board.slot_at(cell.step(side)) else {
                empty_sides |= side_port_mask(side);
                continue;
            };
            let nbr = self.board.tile(ns);
            let nty = self.tileset.get(nbr.ty);
            let nrot = &nty.rotated[nbr.rot as usize];
            let (mine, theirs) = (3 * side.index(), 3 * side.opposite().index());
            // As in placing the tile: a run of facing ports joining the same two segments at once.
            for &(k, run) in facing_runs(r, nrot, side) {
                let (my_seg, their_seg) =
                    (r.port_seg[mine + k] as usize, nrot.port_seg[theirs + 2 - k] as usize);
                let root = self.features.root(nbr.node_base.offset(their_seg));
                let e = match el[segs..n].iter().position(|x| x.root == root.index() as u16) {
                    Some(i) => segs + i,
                    None => {
                        el[n] = a.old_element(self, root, n);
                        n += 1;
                        n - 1
                    }
                };
                if nty.scorable_segs & (1 << their_seg) != 0 {
                    el[e].open -= run as i32;
                }
                match (t.seg_meta[my_seg] & 0b11, el[e].meta & 0b11) {
                    (a, b) if a == b => join(el, my_seg, e),
                    (MARKET, RESIDENTIAL) => {
                        borders[nb] = (my_seg as u8, e as u8);
                        nb += 1;
                    }
                    (RESIDENTIAL, MARKET) => {
                        borders[nb] = (e as u8, my_seg as u8);
                        nb += 1;
                    }
                    _ => {}
                }
            }
        }
        let mut open = r.scorable_ports & empty_sides;
        while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            el[r.port_seg[b] as usize].open += 1;
        }
        let mut gain = Standing::default();
        // The old features lose what they gave as they stood (the groups give it back as they
        // will stand): roads and markets the player leads, and its residential areas.
        for e in &el[segs..n] {
            if e.meta & 0b11 == RESIDENTIAL {
                if leads(e.followers, a.players, a.me) {
                    gain.open -= 2 * e.markets.count_ones() as i32;
                }
            } else if leads(e.followers, a.players, a.me) {
                gain.open -= scoring::feature_points(&self.features, NodeId::new(e.root as usize));
            }
        }
        // Each group's feature: its elements' data added up at its first element (the root:
        // joins keep the lower index). So an element's parent comes before it, and its group is
        // already known.
        let mut group = [0u8; LOCAL];
        for i in 0..n {
            let p = el[i].parent;
            let g = if p as usize == i { p } else { group[p as usize] };
            group[i] = g;
            if g as usize != i {
                let e = el[i];
                let s = &mut el[g as usize];
                s.open += e.open;
                s.meta |= e.meta;
                s.followers += e.followers;
                s.tiles |= e.tiles;
                s.markets |= e.markets;
            }
        }
        // Market groups: one id each (an old id of the group, or a new one), and the joins that
        // make two old markets one.
        let mut rep = [0u8; LOCAL];
        let (mut nj, mut next_id, mut joined) = (0, a.market_ids, 0u128);
        for g in 0..n {
            let ids = el[g].markets;
            if group[g] as usize != g || el[g].meta & 0b11 != MARKET {
                continue;
            }
            rep[g] = if ids != 0 {
                ids.trailing_zeros() as u8
            } else if next_id < MAX_MARKET_IDS {
                next_id += 1;
                (next_id - 1) as u8
            } else {
                return None;
            };
            if ids & ids.wrapping_sub(1) != 0 {
                joins[nj] = (ids, 1 << rep[g]);
                joined |= ids;
                nj += 1;
            }
        }
        let merge = |mut set: u128| {
            for &(ids, rep) in &joins[..nj] {
                if set & ids != 0 {
                    set = set & !ids | rep;
                }
            }
            set
        };
        // Residential areas the tile does not touch lose a market where a join merges two of
        // theirs; the player's own are the ones that count.
        if nj > 0 {
            for area in &a.areas[..a.area_count] {
                if area.markets & joined != 0
                    && leads(self.features.followers_packed(NodeId::new(area.root as usize)), a.players, a.me)
                    && !el[segs..n].iter().any(|e| e.root == area.root)
                {
                    gain.open -= 2 * (area.markets.count_ones() - merge(area.markets).count_ones()) as i32;
                }
            }
        }
        // An area's markets: its old areas' (residential groups hold those in `markets`) and the
        // new borders'.
        for &(m, h) in &borders[..nb] {
            let g = group[h as usize] as usize;
            el[g].markets |= 1 << rep[group[m as usize] as usize];
        }
        // The groups: completed roads and markets score now (R12), open ones count as they stand,
        // residential areas by their markets (R26); a group holding a segment of the tile (its
        // root is one of them) and no follower is a follower choice.
        let (mut follower, mut event) = (0, false);
        let may_place = self.player[a.me.index()].supply > 0;
        for g in 0..n {
            if group[g] as usize != g {
                continue;
            }
            let s = el[g];
            let complete = s.meta & 0b11 != RESIDENTIAL && s.open == 0;
            event |= complete && s.followers != 0;
            // Points are counted only where they count (counting bits is dear without a popcount
            // instruction): a follower choice, or a feature the player leads.
            let counts = if s.followers == 0 {
                !complete && may_place && g < segs
            } else {
                leads(s.followers, a.players, a.me)
            };
            if !counts {
                continue;
            }
            let points = match s.meta & 0b11 {
                RESIDENTIAL => 2 * merge(s.markets).count_ones() as i32,
                ROAD => scoring::road_points(s.tiles.count_ones()),
                _ => scoring::market_points(s.tiles.count_ones(), (s.meta >> 2).count_ones()),
            };
            if s.followers == 0 {
                follower = follower.max(points);
            } else if complete {
                gain.points += points;
            } else {
                gain.open += points;
            }
        }
        for &(gap, beyond) in &a.gaps[..a.gap_count] {
            if gap == cell {
                gain.open += t.building_points() + beyond;
            }
        }
        // Without a wall building, the turn ends after the follower, and R23c may end the game:
        // the moves that end it are played (the end's scoring is the whole game's).
        let building = event && Table::pile_of(self.drawn as usize - 1) >= 2;
        if a.close_ends && !building {
            let added = self.board.grid_index(cell).expect("a frontier cell lies on the grid");
            if wall::ends_within_after(&self.board, &self.wall, CLOSE_DISTANCE, added) {
                return None;
            }
        }
        Some((gain, follower))
    }
}

impl Around {
    /// An empty one, to be prepared.
    fn empty() -> Box<Around> {
        Box::new(Around {
            me: Player::new(0),
            players: 0,
            area_of: [NONE; crate::features::MAX_NODES],
            areas: [Area::default(); MAX_AREAS],
            area_count: 0,
            market_id: [NONE; crate::features::MAX_NODES],
            market_roots: [0; MAX_MARKET_IDS],
            market_ids: 0,
            gaps: [(Cell::new(0, 0), 0); FOLLOWERS as usize],
            gap_count: 0,
            close_ends: false,
            tileset: std::ptr::null(),
            placed: [0; TILE_COUNT],
            placed_count: 0,
            borders_read: 0,
            old_joins: 0,
            live: 0,
        })
    }

    /// Fills it for a tile decision of `me` in `t`; false when the recorded borders overflowed,
    /// or when `ends_count` and the turn may end the game in a way a placement cannot tell (the
    /// last tile): the caller then plays the moves. Without `ends_count`, R23 is not looked at.
    fn prepare(&mut self, t: &Table, me: Player, ends_count: bool) -> bool {
        (self.me, self.players, self.gap_count) = (me, t.players(), 0);
        let wall = &t.wall;
        let ends = wall.ends.map(|e| e.point());
        let near = (ends[0].x - ends[1].x).abs() + (ends[0].y - ends[1].y).abs() <= CLOSE_DISTANCE as i32;
        self.close_ends = ends_count && wall.gate.is_some() && near;
        if ends_count
            && (t.drawn as usize == TILE_COUNT || wall.gate.is_some() && (wall.supply == 0 || wall.closed))
        {
            return false;
        }
        // A playout's next turn follows the last: its areas and markets are brought up to date.
        // Any other position starts again, as does one the update fails on (ids ran out).
        let ready = self.follows(t) && self.update(t) || {
            self.restart(t);
            self.update(t)
        };
        if !ready {
            self.forget();
            return false;
        }
        self.find_gaps(t, me);
        true
    }

    /// Whether `t` follows the position last prepared: the same tile set, and its first tiles
    /// are that position's tiles (the union-find and the recorded borders are then that
    /// position's with the later tiles' joins and borders added). Ids retired by joins are given
    /// back only by starting again, so a position past three quarters of them starts again.
    fn follows(&self, t: &Table) -> bool {
        let (tiles, n) = (t.board.tiles(), self.placed_count);
        if !std::ptr::eq(self.tileset, t.tileset)
            || tiles.len() < n
            || self.market_ids >= MAX_MARKET_IDS * 3 / 4
        {
            return false;
        }
        let (tiles, placed) = (&tiles[..n], &self.placed[..n]);
        (0..n).all(|i| placed_key(&tiles[i]) == placed[i])
    }

    /// Forgets the areas and markets, to be found again from the start for a position of
    /// `t`'s tile set.
    fn restart(&mut self, t: &Table) {
        self.forget();
        self.tileset = t.tileset;
    }

    /// Empties the areas and markets, and the position they were found for.
    fn forget(&mut self) {
        for area in &self.areas[..self.area_count] {
            self.area_of[area.root as usize] = NONE;
        }
        for id in Bits128(self.live) {
            self.market_id[self.market_roots[id] as usize] = NONE;
        }
        (self.area_count, self.market_ids, self.live) = (0, 0, 0);
        (self.tileset, self.placed_count, self.borders_read) = (std::ptr::null(), 0, 0);
    }

    /// Brings the areas and markets found for an earlier position up to `t`, which follows it:
    /// features joined since are joined here (a market's or an area's root is the lower of two
    /// joined roots), and the borders recorded since are added. False when the recorded borders
    /// overflowed or the market ids ran out.
    fn update(&mut self, t: &Table) -> bool {
        let Some(borders) = t.borders() else { return false };
        let f = &t.features;
        if f.old_joins() != self.old_joins {
            self.join_roots(f);
        }
        if !self.add_borders(f, borders) {
            return false;
        }
        let tiles = t.board.tiles();
        for (k, p) in self.placed[self.placed_count..tiles.len()].iter_mut().zip(&tiles[self.placed_count..])
        {
            *k = placed_key(p);
        }
        (self.placed_count, self.old_joins) = (tiles.len(), f.old_joins());
        true
    }

    /// Joins the markets and the areas whose features were joined since: a market's or an
    /// area's root is the lower of two joined roots.
    fn join_roots(&mut self, f: &Features) {
        for id in Bits128(self.live) {
            let old = self.market_roots[id] as usize;
            let root = f.root(NodeId::new(old)).index();
            if root == old {
                continue;
            }
            self.market_id[old] = NONE;
            match self.market_id[root] {
                NONE => {
                    self.market_id[root] = id as u8;
                    self.market_roots[id] = root as u16;
                }
                kept => {
                    // Two markets an area may both border are one now: their ids become one.
                    self.live &= !(1 << id);
                    for area in &mut self.areas[..self.area_count] {
                        if area.markets & 1 << id != 0 {
                            area.markets = area.markets & !(1 << id) | 1 << kept;
                        }
                    }
                }
            }
        }
        let mut i = 0;
        while i < self.area_count {
            let old = self.areas[i].root as usize;
            let root = f.root(NodeId::new(old));
            if root.index() != old {
                self.area_of[old] = NONE;
                match self.area_of[root.index()] {
                    NONE => {
                        self.area_of[root.index()] = i as u8;
                        self.areas[i].root = root.index() as u16;
                    }
                    kept => {
                        // Joined with another area: its markets go there, and the last area
                        // takes its place.
                        self.areas[kept as usize].markets |= self.areas[i].markets;
                        self.area_count -= 1;
                        let last = self.areas[self.area_count];
                        if i < self.area_count {
                            self.areas[i] = last;
                            self.area_of[last.root as usize] = i as u8;
                        }
                        continue;
                    }
                }
            }
            i += 1;
        }
    }

    /// Adds the borders recorded since the last reading; false when the market ids ran out.
    fn add_borders(&mut self, f: &Features, borders: &[(NodeId, NodeId)]) -> bool {
        // Borders come tile by tile, so neighbouring entries often share a node: its root is
        // found once.
        let (mut last_m, mut root_m, mut last_h, mut root_h) = (NONE_NODE, 0, NONE_NODE, NodeId::new(0));
        for &(m, h) in &borders[self.borders_read..] {
            if m != last_m {
                (last_m, root_m) = (m, f.root(m).index());
            }
            if h != last_h {
                (last_h, root_h) = (h, f.root(h));
            }
            let m = root_m;
            if self.market_id[m] == NONE {
                if self.market_ids == MAX_MARKET_IDS {
                    return false;
                }
                self.market_id[m] = self.market_ids as u8;
                self.market_roots[self.market_ids] = m as u16;
                self.live |= 1 << self.market_ids;
                self.market_ids += 1;
            }
            let i = self.area_index(root_h);
            self.areas[i].markets |= 1 << self.market_id[m];
        }
        // Areas without borders need no entry: a placement reads an old area's followers from the
        // union-find, and its markets are none.
        self.borders_read = borders.len();
        true
    }

    /// The actor's watchmen whose rows stop at a gap (`gaps`).
    fn find_gaps(&mut self, t: &Table, me: Player) {
        // Watchmen stand on wall pieces, which come after the gate.
        if t.wall.gate.is_none() {
            return;
        }
        for (slot, tile) in t.board.slots() {
            if tile.watch == 0 {
                continue;
            }
            for side in SIDES {
                if tile.watchman(side) != Some(me) {
                    continue;
                }
                if let Some((gap, beyond)) = wall::row_gap(&t.board, slot, side) {
                    let mut points = 0;
                    if let Some(b) = beyond {
                        wall::row(&t.board, b, side, |s| points += t.tile_type(s).building_points());
                    }
                    self.gaps[self.gap_count] = (gap, points);
                    self.gap_count += 1;
                }
            }
        }
    }

    /// The area of residential root `r`, added if new.
    fn area_index(&mut self, r: NodeId) -> usize {
        if self.area_of[r.index()] == NONE {
            self.area_of[r.index()] = self.area_count as u8;
            self.areas[self.area_count] = Area { root: r.index() as u16, markets: 0 };
            self.area_count += 1;
        }
        self.area_of[r.index()] as usize
    }

    /// The local element of the old feature rooted at `root`, element number `i`: its data as it
    /// stands, with its market id (a market) or its bordering markets (a residential area).
    fn old_element(&self, t: &Table, root: NodeId, i: usize) -> Element {
        let f = &t.features;
        let category = f.category(root);
        let markets = match category {
            RESIDENTIAL => match self.area_of[root.index()] {
                NONE => 0,
                a => self.areas[a as usize].markets,
            },
            MARKET => match self.market_id[root.index()] {
                NONE => 0,
                id => 1 << id,
            },
            _ => 0,
        };
        Element {
            parent: i as u8,
            root: root.index() as u16,
            open: f.open(root) as i32,
            meta: category | f.kinds(root) << 2,
            followers: f.followers_packed(root),
            tiles: f.tile_set(root),
            markets,
        }
    }
}

/// A placed tile's cell, type and rotation: what the union-find and the borders it adds depend
/// on.
#[inline]
fn placed_key(p: &PlacedTile) -> u32 {
    u32::from_le_bytes([p.x as u8, p.y as u8, p.ty, p.rot])
}

/// The set bits of a `u128`, lowest first.
struct Bits128(u128);

impl Iterator for Bits128 {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            b
        })
    }
}

/// Whether `p` holds the most followers (ties included) in a packed count.
#[inline]
fn leads(packed: u16, players: usize, p: Player) -> bool {
    crate::features::majority(packed, players) & (1 << p.index()) != 0
}

/// The root element of element `i` of a placement's local union-find.
#[inline]
fn local_root(el: &[Element; LOCAL], mut i: usize) -> u8 {
    while el[i].parent as usize != i {
        i = el[i].parent as usize;
    }
    i as u8
}

/// Joins the groups of elements `a` and `b`.
#[inline]
fn join(el: &mut [Element; LOCAL], a: usize, b: usize) {
    let (ra, rb) = (local_root(el, a), local_root(el, b));
    if ra != rb {
        el[ra.max(rb) as usize].parent = ra.min(rb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::game::Game;
    use rand::{RngExt, SeedableRng};

    /// Checks `ends_within_after` against placing a tile on a copy of the board, for every
    /// frontier cell that closes no pocket and chain limits 5 to 8; returns (answers checked,
    /// answers the tile changed).
    fn check_after(board: &Board, wall: &Wall) -> (usize, usize) {
        let (mut checked, mut changed) = (0, 0);
        for f in board.frontier() {
            let cell = f.cell();
            if f.flags & crate::board::BLOCKED != 0 || board.may_enclose(cell) {
                continue;
            }
            let added = board.grid_index(cell).unwrap();
            let mut placed = board.clone();
            placed.place(cell, 0, 0, NodeId::new(0), 0);
            for limit in CLOSE_DISTANCE..=8 {
                let predicted = wall::ends_within_after(board, wall, limit, added);
                let actual = wall::ends_within(&placed, wall, limit);
                assert_eq!(predicted, actual, "cell {cell:?}, limit {limit}");
                checked += 1;
                changed += (actual != wall::ends_within(board, wall, limit)) as usize;
            }
        }
        (checked, changed)
    }

    /// R23c after a tile: `ends_within_after` answers as `ends_within` does once the tile stands,
    /// at chain limits 5 to 8 (R23c's is 5; longer ones find more chains that a tile opens or
    /// cuts). On two tiles with the gate on the north of the west one the rest of the boundary is
    /// 5 pieces: a tile beside them makes it 7. At every decision of random games with a gate (the
    /// wall steps included, where the ends come close), the answers agree too.
    #[test]
    fn r23c_ends_within_after_a_tile_equals_placing_it() {
        let mut board = Board::new();
        let west = board.place(Cell::new(0, 0), 0, 0, NodeId::new(0), 0).slot;
        board.place(Cell::new(1, 0), 0, 0, NodeId::new(0), 0);
        let (head, tail) = Wall::ends_for_gate(Cell::new(0, 0), Side::N);
        let wall = Wall { gate: Some((west, Side::N)), ends: [head, tail], ..Wall::default() };
        board.tile_mut(west).walls |= 1 << Side::N.index();
        board.block(board.grid_index(Cell::new(0, -1)).unwrap());
        assert!(wall::ends_within(&board, &wall, CLOSE_DISTANCE));
        let (checked, changed) = check_after(&board, &wall);
        assert!(checked == 5 * 4 && changed == 5 * 2, "{checked} answers, {changed} changed");

        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        let (mut moves, mut checked) = (Vec::new(), 0);
        for game_no in 0..60 {
            let mut game = Game::shuffled(TileSet::default_set(), 2 + game_no % 3, &mut rng).unwrap();
            while !game.is_over() {
                let t = game.table();
                if t.wall.gate.is_some() && !t.wall.closed && t.board.tile_count() < TILE_COUNT {
                    checked += check_after(&t.board, &t.wall).0;
                }
                t.legal_moves(&mut moves);
                game.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 100_000, "{checked} answers checked");
    }
}
