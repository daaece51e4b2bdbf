//! What each legal move is worth to the player making it, without making it: the points it
//! scores now and the open points it leads to, as greedy counts them (`Standing`), worked out from
//! the union-find's roots around the move. A tile is valued with its best follower after it.
//!
//! A playout that picks its moves by these values needs them for every tile placement of every
//! turn, so they are found from what the placement touches: the tile's segments with the roots
//! of the features its ports face (joined in a small local union-find), the markets those joins
//! merge (which residential areas anywhere may border twice), and the rows of the player's
//! watchmen that end at the cell. Moves after which the game ends (the last tile, a closing wall,
//! R23) and positions whose border list overflowed are valued by playing them on a copy.

use super::*;
use crate::geom::Point;
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

/// Residential areas a position can hold: one per recorded border, plus one per follower.
const MAX_AREAS: usize = MAX_BORDERS + AREAS;
/// Markets the residential bookkeeping can tell apart (bits of a `u128`).
const MAX_MARKET_IDS: usize = 128;
/// Elements of a placement's local union-find: the tile's segments, then the roots its 12 ports
/// face.
const LOCAL: usize = crate::tiles::MAX_SEGMENTS + 12;
const NONE: u8 = u8::MAX;
/// Steps from the head plus steps to the tail within which R23c's search reads a lattice point
/// (its 5 pieces, and one more for safety).
const NEAR_ENDS: i32 = CLOSE_DISTANCE as i32 + 1;

/// A residential area before the move: its root, its followers, and the markets bordering it.
#[derive(Clone, Copy, Default)]
struct Area {
    root: u16,
    followers: u16,
    /// Bordering markets as market ids (`Around::market_id`).
    markets: u128,
}

/// What a tile decision's values share, found once per decision.
struct Around {
    me: Player,
    players: usize,
    now: Standing,
    /// Open points of residential areas and all the rest, before the move.
    residential: i32,
    /// Index into `areas` by residential root, `NONE` if it has neither borders nor bailiffs.
    area_of: [u8; crate::features::MAX_NODES],
    areas: [Area; MAX_AREAS],
    area_count: usize,
    /// Id by market root, `NONE` for markets bordering no residential area.
    market_id: [u8; crate::features::MAX_NODES],
    market_ids: usize,
    /// The actor's watchmen whose rows stop at a gap: the empty cell, and the building points a
    /// tile there adds beyond its own (the row on from the tile beyond the gap).
    gaps: [(Cell, i32); FOLLOWERS as usize],
    gap_count: usize,
    /// The wall's free ends when they lie close enough for R23c to end the game after this turn.
    close_ends: Option<[Point; 2]>,
}

/// One placement's local union-find element: a segment of the tile, or the root of a feature a
/// port faces, with the feature data a join adds up.
#[derive(Clone, Copy, Default)]
struct Element {
    parent: u8,
    /// The root's node (old roots only).
    root: u16,
    old: bool,
    open: i32,
    meta: u8,
    followers: u16,
    tiles: u128,
}

thread_local! {
    /// Copies to play moves on where the values are not worked out (allocated once per thread).
    static COPIES: RefCell<[Option<Box<Table>>; 2]> = const { RefCell::new([None, None]) };
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
        out.clear();
        let me = self.actor;
        let worked_out = match self.step {
            Step::PlaceTile => {
                let around = Around::new(self, me);
                out.extend(moves.iter().map(|&mv| {
                    around
                        .as_ref()
                        .and_then(|a| self.tile_value(a, mv, weight))
                        .unwrap_or_else(|| self.played_value(mv, me, weight))
                }));
                true
            }
            Step::Follower => self.follower_values(me, weight, moves, out),
            Step::Gate | Step::Wall => {
                let now = self.standing(me);
                out.extend(moves.iter().map(|&mv| self.wall_standing(now, mv).value(weight)));
                true
            }
            Step::Tower if self.ending().is_none() => {
                let now = self.standing(me);
                out.extend(moves.iter().map(|&mv| {
                    let towers = match mv {
                        Move::Tower(Some(e)) => self.tower_points(e),
                        _ => 0,
                    };
                    Standing { points: now.points + towers, ..now }.value(weight)
                }));
                true
            }
            _ => false,
        };
        if !worked_out {
            out.clear();
            out.extend(moves.iter().map(|&mv| self.played_value(mv, me, weight)));
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

    /// The follower step's values: the completed features scored, the follower's feature led.
    /// False when the turn would end the game (the caller then plays the moves).
    fn follower_values(&self, me: Player, weight: f64, moves: &[Move], out: &mut Vec<f64>) -> bool {
        let mut after = self.standing(me);
        let mut event = false;
        for &root in &self.completed[..self.completed_len as usize] {
            let packed = self.features.followers_packed(root);
            event |= packed != 0;
            if leads(packed, self.players(), me) {
                let points = scoring::feature_points(&self.features, root);
                after.points += points;
                after.open -= points;
            }
        }
        let building = event && Table::pile_of(self.drawn as usize - 1) >= 2;
        if !building && self.ending().is_some() {
            return false;
        }
        for &mv in moves {
            let gain = match mv {
                Move::Follower(Some(seg)) => {
                    let r = self.features.root(self.node(self.last_slot, seg as usize));
                    if self.features.category(r) == RESIDENTIAL {
                        let Some(markets) = self.markets_bordering(r) else { return false };
                        2 * markets
                    } else {
                        scoring::feature_points(&self.features, r)
                    }
                }
                _ => 0,
            };
            out.push(Standing { open: after.open + gain, ..after }.value(weight));
        }
        true
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

    /// The standing after a gate or wall piece (R15, R17, R18): the features its side closes and
    /// completes are scored (R22), a watchman adds its row (R27). The building goes on, so the
    /// game cannot end here.
    fn wall_standing(&self, now: Standing, mv: Move) -> Standing {
        let (slot, side, watchman) = match mv {
            Move::Gate { edge, .. } => {
                let (slot, side) = self.gate_side(edge).expect("a legal gate");
                (slot, side, false)
            }
            Move::Wall { edge, watchman } => {
                let piece = self.piece_on(edge).expect("a legal wall piece");
                (piece.slot, piece.side, watchman)
            }
            _ => return now,
        };
        let mut after = now;
        if watchman {
            after.open += self.row_points(slot, side);
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
                after.points += points;
                after.open -= points;
            }
        }
        after
    }

    /// The value of a tile placement with the best follower choice after it. None when the
    /// game may end after it (the ends are close, R23c, and the tile lies near them or may close
    /// a pocket), or when it needs more market ids than the bookkeeping holds: the caller then
    /// plays it.
    fn tile_value(&self, a: &Around, mv: Move, weight: f64) -> Option<f64> {
        let Move::Tile { x, y, rot } = mv else { return None };
        let cell = Cell::new(x as i32, y as i32);
        if let Some([head, tail]) = a.close_ends {
            // R23c's search for a chain of 5 pieces walks only lattice points whose steps from the
            // head plus steps to the tail are at most 5, reading the cells beside its edges, and
            // whether empty cells lie outside, which only a tile that may close a pocket changes.
            let steps = |p: Point, q: Point| (p.x - q.x).abs() + (p.y - q.y).abs();
            let corners =
                [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| Point::new(cell.x + dx, cell.y + dy));
            let read = corners.iter().any(|&q| steps(head, q) + steps(q, tail) <= NEAR_ENDS);
            if read || self.board.may_enclose(cell) {
                return None;
            }
        }
        let t = self.tileset.get(self.in_hand);
        let r = &t.rotated[rot as usize];
        let new_tile = 1u128 << self.board.tile_count();
        let segs = t.seg_count as usize;
        let mut el = [Element::default(); LOCAL];
        for (s, e) in el.iter_mut().enumerate().take(segs) {
            let scorable = t.scorable_segs & (1 << s) != 0;
            *e = Element {
                parent: s as u8,
                meta: t.seg_meta[s],
                tiles: if scorable { new_tile } else { 0 },
                ..Element::default()
            };
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
            for k in 0..3 {
                let (my_seg, their_seg) =
                    (r.port_seg[mine + k] as usize, nrot.port_seg[theirs + 2 - k] as usize);
                let root = self.features.root(nbr.node_base.offset(their_seg));
                let e = match el[segs..n].iter().position(|x| x.root == root.index() as u16) {
                    Some(i) => segs + i,
                    None => {
                        el[n] = Element {
                            parent: n as u8,
                            root: root.index() as u16,
                            old: true,
                            open: self.features.open(root) as i32,
                            meta: self.features.category(root) | self.features.kinds(root) << 2,
                            followers: self.features.followers_packed(root),
                            tiles: self.features.tile_set(root),
                        };
                        n += 1;
                        n - 1
                    }
                };
                if nty.scorable_segs & (1 << their_seg) != 0 {
                    el[e].open -= 1;
                }
                match (t.seg_meta[my_seg] & 0b11, el[e].meta & 0b11) {
                    (a, b) if a == b => join(&mut el, my_seg, e),
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
        // Each local group's feature: the data of its elements added up at its root element.
        let mut group = [0u8; LOCAL];
        for (i, g) in group.iter_mut().enumerate().take(n) {
            *g = local_root(&el, i);
        }
        let mut sum = [Element::default(); LOCAL];
        // Per group: the market ids its old roots had, and the ids of the residential areas merged.
        let mut ids = [0u128; LOCAL];
        let mut residential = [0u128; LOCAL];
        let mut after = a.now;
        after.open -= a.residential;
        let mut res = a.residential;
        for i in 0..n {
            let (g, e) = (group[i] as usize, el[i]);
            let s = &mut sum[g];
            s.open += e.open;
            s.meta |= e.meta;
            s.followers += e.followers;
            s.tiles |= e.tiles;
            if !e.old {
                continue;
            }
            let root = NodeId::new(e.root as usize);
            if e.meta & 0b11 == RESIDENTIAL {
                if let Some(area) = a.area(root) {
                    residential[g] |= area.markets;
                    if leads(area.followers, a.players, a.me) {
                        res -= 2 * area.markets.count_ones() as i32;
                    }
                }
            } else {
                if leads(e.followers, a.players, a.me) {
                    after.open -= scoring::feature_points(&self.features, root);
                }
                if e.meta & 0b11 == MARKET && a.market_id[e.root as usize] != NONE {
                    ids[g] |= 1 << a.market_id[e.root as usize];
                }
            }
        }
        // Market groups: one id each (an old id of the group, or a new one), and the joins that
        // make two old markets one.
        let mut rep = [0u128; LOCAL];
        let mut joins = [(0u128, 0u128); LOCAL];
        let (mut nj, mut next_id) = (0, a.market_ids);
        for g in 0..n {
            if group[g] as usize != g || sum[g].meta & 0b11 != MARKET {
                continue;
            }
            rep[g] = if ids[g] != 0 {
                ids[g] & ids[g].wrapping_neg()
            } else if next_id < MAX_MARKET_IDS {
                next_id += 1;
                1 << (next_id - 1)
            } else {
                return None;
            };
            if ids[g].count_ones() > 1 {
                joins[nj] = (ids[g], rep[g]);
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
                if leads(area.followers, a.players, a.me)
                    && !el[..n].iter().any(|e| e.old && e.root == area.root)
                {
                    res -= 2 * (area.markets.count_ones() - merge(area.markets).count_ones()) as i32;
                }
            }
        }
        for &(m, h) in &borders[..nb] {
            residential[group[h as usize] as usize] |= rep[group[m as usize] as usize];
        }
        // The groups: completed roads and markets score now (R12), open ones count as they stand,
        // residential areas by their markets (R26); each group free of followers is a follower choice.
        let mut best_gain = 0;
        let may_place = self.player[a.me.index()].supply > 0;
        for g in 0..n {
            if group[g] as usize != g {
                continue;
            }
            let s = sum[g];
            let points = match s.meta & 0b11 {
                RESIDENTIAL => 2 * merge(residential[g]).count_ones() as i32,
                ROAD => scoring::road_points(s.tiles.count_ones()),
                _ => scoring::market_points(s.tiles.count_ones(), (s.meta >> 2).count_ones()),
            };
            let complete = s.meta & 0b11 != RESIDENTIAL && s.open == 0;
            if s.followers == 0 {
                // A group holding a segment of the tile has its root among them (joins keep the lower
                // index), and only those can take the follower.
                if !complete && may_place && g < segs {
                    best_gain = best_gain.max(points);
                }
                continue;
            }
            if !leads(s.followers, a.players, a.me) {
                continue;
            }
            match (s.meta & 0b11, complete) {
                (RESIDENTIAL, _) => res += points,
                (_, true) => after.points += points,
                (_, false) => after.open += points,
            }
        }
        after.open += res;
        for &(gap, beyond) in &a.gaps[..a.gap_count] {
            if gap == cell {
                after.open += t.building_points() + beyond;
            }
        }
        let none = after.value(weight);
        if best_gain == 0 || !may_place {
            return Some(none);
        }
        // Greedy takes the best of every choice; a positive weight makes the largest gain best.
        Some(none.max(Standing { open: after.open + best_gain, ..after }.value(weight)))
    }
}

impl Around {
    /// What the values of a tile decision share; None when the turn may end the game (R23) or the
    /// recorded borders overflowed: the caller then plays the moves.
    fn new(t: &Table, me: Player) -> Option<Around> {
        let wall = &t.wall;
        let ends = wall.ends.map(|e| e.point());
        let near = (ends[0].x - ends[1].x).abs() + (ends[0].y - ends[1].y).abs() <= CLOSE_DISTANCE as i32;
        if t.drawn as usize == TILE_COUNT || wall.gate.is_some() && (wall.supply == 0 || wall.closed) {
            return None;
        }
        let borders = t.borders()?;
        let f = &t.features;
        let mut a = Around {
            me,
            players: t.players(),
            now: t.standing(me),
            residential: 0,
            area_of: [NONE; crate::features::MAX_NODES],
            areas: [Area::default(); MAX_AREAS],
            area_count: 0,
            market_id: [NONE; crate::features::MAX_NODES],
            market_ids: 0,
            gaps: [(Cell::new(0, 0), 0); FOLLOWERS as usize],
            gap_count: 0,
            close_ends: (wall.gate.is_some() && near).then_some(ends),
        };
        for &(m, h) in borders {
            let m = f.root(m).index();
            if a.market_id[m] == NONE {
                if a.market_ids == MAX_MARKET_IDS {
                    return None;
                }
                a.market_id[m] = a.market_ids as u8;
                a.market_ids += 1;
            }
            let i = a.area_index(f, f.root(h));
            a.areas[i].markets |= 1 << a.market_id[m];
        }
        for (slot, tile) in t.board.slots() {
            if let Some((_, seg)) = tile.follower()
                && t.seg_kind(slot, seg) == crate::tiles::SegKind::Residential
            {
                a.area_index(f, f.root(t.node(slot, seg)));
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
                    a.gaps[a.gap_count] = (gap, points);
                    a.gap_count += 1;
                }
            }
        }
        for i in 0..a.area_count {
            let area = a.areas[i];
            if leads(area.followers, a.players, me) {
                a.residential += 2 * area.markets.count_ones() as i32;
            }
        }
        Some(a)
    }

    /// The area of residential root `r`, added if new.
    fn area_index(&mut self, f: &Features, r: NodeId) -> usize {
        if self.area_of[r.index()] == NONE {
            self.area_of[r.index()] = self.area_count as u8;
            self.areas[self.area_count] =
                Area { root: r.index() as u16, followers: f.followers_packed(r), markets: 0 };
            self.area_count += 1;
        }
        self.area_of[r.index()] as usize
    }

    /// The area of residential root `r`, if it has borders or bailiffs.
    fn area(&self, r: NodeId) -> Option<&Area> {
        match self.area_of[r.index()] {
            NONE => None,
            i => Some(&self.areas[i as usize]),
        }
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

/// Copies `table` into a reused box (allocated on first use only).
fn copy_into<'a>(slot: &'a mut Option<Box<Table>>, table: &Table) -> &'a mut Table {
    match slot {
        Some(t) => {
            (**t).clone_from(table);
            t
        }
        None => slot.insert(Box::new(table.clone())),
    }
}
