//! A turn: drawing and placing a tile (R10), the follower (R11), scoring what the tile completes
//! (R12) and passing the turn on; the game ends after a turn when R23 says so.

use super::*;

impl Table {
    /// Resolves the Draw step with a tile of type `ty`: in hand if it fits somewhere, otherwise set
    /// aside (R10; the same player draws again). Ends the game if no tile is left.
    pub fn draw(&mut self, ty: u8) -> Result<(), Illegal> {
        self.take_unseen(ty)?;
        if self.fits_somewhere(ty) {
            self.in_hand = ty;
            self.step = Step::PlaceTile;
            self.actor = self.current;
        } else {
            self.put_aside(ty);
        }
        Ok(())
    }

    /// Draws an unseen tile of type `ty` at the Draw step.
    fn take_unseen(&mut self, ty: u8) -> Result<(), Illegal> {
        if self.step != Step::Draw {
            return Err(Illegal::NotDrawing);
        }
        if self.unseen.get(ty as usize).copied().unwrap_or(0) == 0 {
            return Err(Illegal::NoUnseenTile(ty));
        }
        self.unseen[ty as usize] -= 1;
        self.drawn += 1;
        Ok(())
    }

    /// Sets a drawn tile aside; with no tile left to draw, the game ends.
    fn put_aside(&mut self, ty: u8) {
        self.set_aside[self.set_aside_len as usize] = ty;
        self.set_aside_len += 1;
        if self.drawn as usize == TILE_COUNT {
            self.finish_game(EndRule::LastTile);
        }
    }

    /// Takes an unseen tile of type `ty` out of the game as if drawn and set aside, whether it fits
    /// or not. Not a move of the game: a tool for building test positions (for example to reach
    /// pile 2 without placing 30 tiles).
    pub fn set_aside_unseen(&mut self, ty: u8) -> Result<(), Illegal> {
        self.take_unseen(ty)?;
        self.put_aside(ty);
        Ok(())
    }

    /// The players with the highest score (R28: tied players share the win), as a bit mask.
    pub fn winners(&self) -> u8 {
        let s = self.scores();
        let best = s[..self.players()].iter().copied().max().unwrap_or(0);
        (0..self.players()).filter(|&p| s[p] == best).fold(0, |m, p| m | (1 << p))
    }

    /// Checks and applies a move.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Applies a legal move (from `legal_moves`); illegal moves are a logic error.
    pub fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv:?}: {:?}", self.check(mv));
        match mv {
            Move::Tile { x, y, rot } => self.place_tile(Cell::new(x as i32, y as i32), rot),
            Move::Follower(opt) => self.place_follower(opt),
            Move::Gate { edge, reversed } => self.place_gate(edge, reversed),
            Move::Wall { edge, watchman } => self.place_wall(edge, watchman),
            Move::Tower(opt) => self.place_tower(opt),
        }
    }

    pub(super) fn place_tile(&mut self, cell: Cell, rot: u8) {
        let ty = self.in_hand;
        let t = self.tileset.get(ty);
        let r = &t.rotated[rot as usize];
        let base = NodeId::new(self.features.len());
        let placed = self.board.place(cell, ty, rot, base, r.road_sides);
        self.features.add_tile(placed.slot, t);
        for &(m, h) in &t.borders {
            self.record_border(base.offset(m as usize), base.offset(h as usize));
        }
        // Road and market ports facing empty cells are open (R8). Counted before any union, while
        // each new node is still its own root; unions add the counts up.
        let mut empty_sides = 0u16;
        for side in SIDES {
            if placed.neighbours[side.index()].is_none() {
                empty_sides |= side_port_mask(side);
            }
        }
        let mut open = r.scorable_ports & empty_sides;
        while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            self.features.add_open(base.offset(r.port_seg[b] as usize), 1);
        }
        // Nodes whose feature may have been completed: ours, and neighbours' closed ports.
        let mut touched = [NodeId::default(); 24];
        let mut nt = 0;
        let mut segs = t.scorable_segs;
        while segs != 0 {
            touched[nt] = base.offset(segs.trailing_zeros() as usize);
            segs &= segs - 1;
            nt += 1;
        }
        for side in SIDES {
            let Some(ns) = placed.neighbours[side.index()] else { continue };
            let nb = self.board.tile(ns);
            let (their_base, nty) = (nb.node_base, self.tileset.get(nb.ty));
            let nrot = &nty.rotated[nb.rot as usize];
            // Port k of this side faces port 2 - k of the neighbour's opposite side. Neighbouring
            // ports often join the same two segments: such a run of ports is handled at once.
            let (mine, theirs) = (3 * side.index(), 3 * side.opposite().index());
            for &(k, run) in facing_runs(r, nrot, side) {
                let (my_seg, their_seg) = (r.port_seg[mine + k], nrot.port_seg[theirs + 2 - k]);
                let their_node = their_base.offset(their_seg as usize);
                if nty.scorable_segs & (1 << their_seg) != 0 {
                    let root = self.features.find(their_node);
                    self.features.close_ports(root, run);
                    if !holds(&touched[..nt], their_node) {
                        touched[nt] = their_node;
                        nt += 1;
                    }
                }
                // Facing ports of one category join (R5, R6); a market and a residential area
                // border each other (R9b).
                let my_node = base.offset(my_seg as usize);
                match (t.seg_meta[my_seg as usize] & 0b11, nty.seg_meta[their_seg as usize] & 0b11) {
                    (a, b) if a == b => {
                        self.features.union(my_node, their_node);
                    }
                    (MARKET, RESIDENTIAL) => self.record_border(my_node, their_node),
                    (RESIDENTIAL, MARKET) => self.record_border(their_node, my_node),
                    _ => {}
                }
            }
        }
        self.completed_len = 0;
        for &node in &touched[..nt] {
            let root = self.features.find(node);
            if self.features.is_complete(root) && !holds(&self.completed[..self.completed_len as usize], root)
            {
                self.completed[self.completed_len as usize] = root;
                self.completed_len += 1;
            }
        }
        self.last_slot = placed.slot;
        self.step = Step::Follower;
    }

    /// Records a border between a market node and a residential node (R9).
    #[inline]
    pub(super) fn record_border(&mut self, market: NodeId, residential: NodeId) {
        if let Some(b) = self.borders.get_mut(self.border_count as usize) {
            *b = (market, residential);
        }
        self.border_count = self.border_count.saturating_add(1);
    }

    pub(super) fn place_follower(&mut self, opt: Option<u8>) {
        let p = self.actor;
        let slot = self.last_slot;
        if let Some(seg) = opt {
            let root = self.features.find(self.node(slot, seg as usize));
            self.features.add_follower(root, p);
            self.board.tile_mut(slot).follower = ((p.index() as u8) << 4) | seg;
            let state = &mut self.player[p.index()];
            state.supply -= 1;
            state.followers_placed += 1;
        }
        // R12: score every road and market the tile completed.
        let mut event = false;
        for i in 0..self.completed_len as usize {
            let root = self.completed[i];
            event |= self.score_feature(root);
        }
        let pile = Table::pile_of(self.drawn as usize - 1);
        if event && pile >= 2 {
            self.begin_building(pile);
        } else {
            self.end_turn();
        }
    }

    /// Scores a completed road or market (R12): full points to the majority, followers return.
    /// Returns whether anyone scored. Most completed features hold no follower, so that check is
    /// inlined into the callers.
    #[inline]
    pub(super) fn score_feature(&mut self, root: NodeId) -> bool {
        let packed = self.features.followers_packed(root);
        if packed == 0 {
            return false;
        }
        self.pay_feature(root, packed);
        true
    }

    /// `score_feature` for a feature holding followers (`packed`).
    pub(super) fn pay_feature(&mut self, root: NodeId, packed: u16) {
        let points = scoring::feature_points(&self.features, root);
        let is_road = self.features.category(root) == ROAD;
        let player = &mut self.player;
        for_majority(packed, self.players as usize, |p| {
            let by_source = &mut player[p.index()].points;
            *(if is_road { &mut by_source.roads } else { &mut by_source.markets }) += points;
        });
        // Only the citizens and market women of this road or market come back; bailiffs and
        // watchmen never do (R14).
        for p in Player::all(self.players()) {
            self.player[p.index()].returning += self.features.followers_of(root, p) as u8;
        }
        self.features.clear_followers(root);
        let mut tiles = self.features.tile_set(root);
        while tiles != 0 {
            let slot = Slot::new(tiles.trailing_zeros() as usize);
            tiles &= tiles - 1;
            if let Some((_, seg)) = self.board.tile(slot).follower() {
                let node = self.node(slot, seg);
                if self.features.find(node) == root {
                    self.board.tile_mut(slot).follower = NO_FOLLOWER;
                }
            }
        }
    }

    /// Which condition of R23 ends the game if the turn ends now (None: play goes on). Returning
    /// followers do not change it, so it may be asked before they return.
    pub(super) fn ending(&self) -> Option<EndRule> {
        if self.wall.gate.is_some() && self.wall.supply == 0 {
            Some(EndRule::LastPiece)
        } else if self.drawn as usize == TILE_COUNT {
            Some(EndRule::LastTile)
        } else if wall::ends_within(&self.board, &self.wall, CLOSE_DISTANCE) {
            Some(EndRule::EndsClose)
        } else {
            None
        }
    }

    pub(super) fn end_turn(&mut self) {
        for p in self.player.iter_mut() {
            p.supply += p.returning;
            p.returning = 0;
        }
        if let Some(rule) = self.ending() {
            self.finish_game(rule);
            return;
        }
        self.current = self.current.next(self.players());
        self.actor = self.current;
        self.step = Step::Draw;
    }
}
