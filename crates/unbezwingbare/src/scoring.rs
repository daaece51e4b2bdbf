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

    /// Why the game ended, in the words of the results' `end` column (the order `end_turn` checks
    /// in): `target` (U2), `complete_round` (U60), `last_area` (U3), `turn_limit` (U75); `None`
    /// while it goes on.
    pub fn end_reason(&self) -> Option<&'static str> {
        if self.stage != Stage::Over {
            return None;
        }
        let a = self.actor;
        Some(if self.final_round {
            "complete_round"
        } else if self.scored && self.points(a) >= self.opts.target() {
            "target"
        } else if self.last_area && a == self.n - 1 {
            "last_area"
        } else {
            "turn_limit"
        })
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

impl State {
    /// The share of the win of each seat, into `out`: 1 shared among the winners (U4); under
    /// `two_player=two_orders` a seat shares its person's win (N19: seats 0 and 2 are one
    /// person, 1 and 3 the other; both orders of a person count as one winner).
    pub fn win_shares(&self, out: &mut [f64]) {
        let two_orders = self.opts.seats() != self.opts.players;
        let winners = if two_orders {
            // A person wins when one of his orders does.
            let persons =
                (0..self.n).filter(|&p| self.winners & (1 << p) != 0).fold(0u8, |m, p| m | 1 << (p % 2));
            (0..self.n).filter(|&p| persons & (1 << (p % 2)) != 0).fold(0u8, |m, p| m | 1 << p)
        } else {
            self.winners
        };
        let share = if two_orders {
            let persons = (0..2u8).filter(|&q| winners & (1 << q) != 0).count().max(1);
            1.0 / persons as f64
        } else {
            1.0 / winners.count_ones().max(1) as f64
        };
        for (p, o) in out.iter_mut().enumerate().take(self.seats()) {
            *o = if winners & (1 << p) != 0 { share } else { 0.0 };
        }
    }
}
