//! The wall building after a scoring event from pile 2 or 3 (R13-R22): who builds how many pieces,
//! the gate, each piece with its watchman, what walls complete, and the tower.

use super::*;

impl Table {
    pub(super) fn begin_building(&mut self, pile: u8) {
        let players = self.players as usize;
        let each = if pile == 2 { 1 } else { 2 } * if players == 2 { 2 } else { 1 };
        let gate_first = self.wall.gate.is_none();
        let mut b = Building { scorer: self.current, gate_first, ..Building::default() };
        let mut from_supply = 0;
        'laps: for _ in 0..each {
            for k in 0..players {
                let is_gate = gate_first && b.len == 0;
                if !is_gate {
                    if from_supply == self.wall.supply {
                        break 'laps; // R16: short supply, one at a time until none are left
                    }
                    from_supply += 1;
                }
                b.seq[b.len as usize] = Player::new((self.current.index() + k) % players);
                b.len += 1;
            }
        }
        self.building = b;
        self.advance_building();
    }

    /// Moves to the next builder who can place a piece; then to the tower (R21).
    pub(super) fn advance_building(&mut self) {
        loop {
            let b = &self.building;
            if b.pos >= b.len {
                self.step = Step::Tower;
                self.actor = b.scorer;
                return;
            }
            let builder = b.seq[b.pos as usize];
            if b.pos == 0 && b.gate_first {
                self.step = Step::Gate;
                self.actor = builder;
                return;
            }
            let mut buf = [NO_PIECE; 6];
            let n = wall::legal_pieces(&self.board, &self.wall, &mut buf);
            if n > 0 {
                self.pieces = buf;
                self.piece_count = n as u8;
                self.step = Step::Wall;
                self.actor = builder;
                return;
            }
            // Neither end can take a piece: it stays in supply (R16).
            self.building.pos += 1;
        }
    }

    pub(super) fn place_gate(&mut self, e: WallEdge, reversed: bool) {
        let (slot, side) = self.gate_side(e).expect("a legal gate edge has its tile inside");
        let cell = self.board.tile(slot).cell();
        self.wall.gate = Some((slot, side));
        let (head, tail) = Wall::ends_for_gate(cell, side);
        self.wall.ends = [head, tail];
        // R21: the last gap extends the end grown from the gate's second point.
        let second = e.points(reversed).1;
        self.wall.meet_end = if head.point() == second { HEAD } else { TAIL };
        self.build_on_cell(slot, side, cell.step(side), false);
        self.building.pos += 1;
        self.advance_building();
    }

    pub(super) fn place_wall(&mut self, e: WallEdge, watchman: bool) {
        let piece = *self.piece_on(e).expect("a legal wall edge");
        let p = self.actor.index();
        if watchman {
            let t = self.board.tile_mut(piece.slot);
            t.watch |= ((p as u16) + 1) << (4 * piece.side.index());
            self.player[p].supply -= 1;
            self.player[p].followers_placed += 1;
        }
        self.wall.supply -= 1;
        self.player[p].walls_built += 1;
        self.wall.since_tower[piece.end.index()] += 1;
        self.wall.ends[piece.end.index()] = piece.next;
        // R21 counts back along the chain to the previous tower: if this end comes back to a point
        // that holds one (the wall looped around a pocket), the count starts again there.
        if self.wall.tower_at(piece.next.point()) {
            self.wall.since_tower[piece.end.index()] = 0;
        }
        if self.wall.ends[0].point() == self.wall.ends[1].point() {
            self.wall.closed = true;
        }
        self.build_on_cell(piece.slot, piece.side, piece.outside, false);
        self.building.pos += 1;
        self.advance_building();
    }

    /// Walls one side of a tile: blocks the outside cell (R20), given by window grid index, closes
    /// the tile's ports there and scores what that completes (R22).
    pub(super) fn build_on(&mut self, slot: Slot, side: Side, outside: usize, virtual_piece: bool) {
        let t = self.board.tile_mut(slot);
        t.walls |= 1 << side.index();
        if virtual_piece {
            t.virtual_walls |= 1 << side.index();
        }
        let t = *t;
        self.board.block(outside);
        let ty = self.tileset.get(t.ty);
        let r = &ty.rotated[t.rot as usize];
        let mut roots = [NodeId::new(0); 3];
        let mut n = 0;
        // Only road and market ports count open ports (R8).
        let mut ports = (r.scorable_ports >> (3 * side.index())) & 0b111;
        while ports != 0 {
            let k = ports.trailing_zeros() as usize;
            ports &= ports - 1;
            let seg = r.port_seg[3 * side.index() + k] as usize;
            let root = self.features.find(t.node_base.offset(seg));
            self.features.close_port(root);
            if !holds(&roots[..n], root) {
                roots[n] = root;
                n += 1;
            }
        }
        for &root in &roots[..n] {
            if self.features.is_complete(root) {
                self.score_feature(root);
            }
        }
    }

    /// Walls one side of a tile whose outside is `outside` (see `build_on`).
    pub(super) fn build_on_cell(&mut self, slot: Slot, side: Side, outside: Cell, virtual_piece: bool) {
        let i = self.board.grid_index(outside).expect("a wall's outside cell lies on the grid");
        self.build_on(slot, side, i, virtual_piece);
    }

    pub(super) fn place_tower(&mut self, opt: Option<WallEnd>) {
        if let Some(e) = opt {
            let p = self.building.scorer;
            let same = self.wall.ends[0].point() == self.wall.ends[1].point();
            // Where the ends meet, the tower closes both stretches; it counts the longer one.
            let points = if same {
                self.wall.since_tower[0].max(self.wall.since_tower[1])
            } else {
                self.wall.since_tower[e.index()]
            };
            self.player[p.index()].points.towers += points as i32;
            self.player[p.index()].towers -= 1;
            if same {
                self.wall.since_tower = [0, 0];
            } else {
                self.wall.since_tower[e.index()] = 0;
            }
            let pt = self.wall.ends[e.index()].point();
            self.wall.towers[self.wall.tower_count as usize] = (pt.x as i8, pt.y as i8, p);
            self.wall.tower_count += 1;
        }
        self.end_turn();
    }
}
