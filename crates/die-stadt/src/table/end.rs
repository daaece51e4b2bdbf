//! The end of the game (R23-R27): closing the wall, clearing unfinished features, residential and
//! watchman scoring.

use super::*;

impl Table {
    /// R24-R27: close the wall, clear unfinished features, score residential areas and watchmen.
    pub(super) fn finish_game(&mut self, rule: EndRule) {
        self.ended_by = Some(rule);
        self.close_wall();
        // R25: followers on unfinished roads and markets leave without points.
        for i in 0..self.board.tile_count() {
            let slot = Slot::new(i);
            let Some((p, seg)) = self.board.tile(slot).follower() else {
                continue;
            };
            let node = self.node(slot, seg);
            let root = self.features.find(node);
            if self.features.is_unfinished(root) {
                self.board.tile_mut(slot).follower = NO_FOLLOWER;
                self.features.clear_followers(root);
                self.player[p.index()].supply += 1;
            }
        }
        let residential = self.residential_points();
        let watchmen = self.watchman_points();
        for p in 0..self.players() {
            self.player[p].points.residential += residential[p];
            self.player[p].points.watchmen += watchmen[p];
            self.player[p].supply += self.player[p].returning;
            self.player[p].returning = 0;
        }
        self.step = Step::GameOver;
    }

    /// R24: close the wall along the shortest legal path, with pieces while the supply lasts.
    /// Without a gate, or when no legal path joins the ends, the whole outer boundary of the city
    /// counts as walled.
    pub(super) fn close_wall(&mut self) {
        if self.wall.gate.is_some() {
            let mut steps = [0u16; MAX_PATH];
            if let Some(len) = wall::closing_steps(&self.board, &self.wall, &mut steps) {
                for &step in &steps[..len] {
                    let real = self.wall.supply > 0;
                    if real {
                        self.wall.supply -= 1;
                    }
                    let (slot, side, outside) = wall::step_piece(&self.board, step);
                    self.build_on(slot, side, outside, !real);
                }
                self.wall.closed = true;
                return;
            }
        }
        // Walling a side blocks its outside cell but encloses no cell and walls no other side, so
        // the sides that face the outside can be read once, before any is walled (R15).
        let mut outside = [0u8; TILE_COUNT];
        self.board.all_outside_sides(&mut outside);
        for (i, &outside) in outside.iter().enumerate().take(self.board.tile_count()) {
            let slot = Slot::new(i);
            let cell = self.board.tile(slot).cell();
            let sides = outside & !self.board.tile(slot).walls;
            for side in SIDES {
                if sides & (1 << side.index()) != 0 {
                    self.build_on_cell(slot, side, cell.step(side), true);
                }
            }
        }
        self.wall.closed = true;
    }
}
