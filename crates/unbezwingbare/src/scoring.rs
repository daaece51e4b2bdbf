//! Phase 3 and the end: points added (U51, U52), red fields (U53), the winner at once (U2), the
//! last area (U3, N1), the complete last round (U60), ties (U4) and the turn limit (U75).

use crate::options::LastRound;
use crate::state::{Frame, Stage, State};

impl State {
    /// U52, U53, N14: the marker moves forward to the points; ending on a red field, exactly,
    /// after moving forward, draws an influence card.
    pub(crate) fn score_turn(&mut self) {
        self.stage = Stage::Scored;
        let a = self.actor;
        let s = &mut self.skip[usize::from(a)];
        if *s & (1 << 3) != 0 {
            *s &= !(1 << 3);
            return;
        }
        self.scored = true;
        let pts = self.points(a);
        if pts > self.marker[usize::from(a)] {
            self.marker[usize::from(a)] = pts;
            if self.mat.data.board.track.is_red(pts) {
                self.push(Frame::Influence { p: a, left: 1 });
            }
        }
    }

    /// Ends the turn (U52, U54): the winner, or the next player's turn.
    pub(crate) fn end_turn(&mut self) {
        let a = self.actor;
        let last_of_round = a == self.n - 1;
        if self.scored && self.points(a) >= self.opts.target() {
            match self.opts.last_round {
                LastRound::Immediate => return self.finish(1 << a),
                LastRound::Complete => self.final_round = true,
            }
        }
        if (self.final_round || self.last_area) && last_of_round {
            return self.finish(self.best());
        }
        if self.turns >= self.opts.turns {
            return self.finish(self.best());
        }
        self.actor = (a + 1) % self.n;
        self.begin_turn();
    }

    /// The game ends with these winners.
    fn finish(&mut self, winners: u8) {
        self.winners = winners;
        self.stage = Stage::Over;
    }

    /// U4: the highest points win, ties broken by areas owned, then stones; still tied, shared.
    pub fn best(&self) -> u8 {
        let key =
            |p: u8| (self.points(p), self.owned[usize::from(p)].count_ones(), self.stones[usize::from(p)]);
        let top = (0..self.n).map(key).max().unwrap_or((0, 0, 0));
        (0..self.n).filter(|&p| key(p) == top).fold(0, |m, p| m | 1 << p)
    }
}
