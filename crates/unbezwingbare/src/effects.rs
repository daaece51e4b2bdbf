//! Carrying out the effect words of event and influence cards (docs/unbezwingbare/data.md,
//! "Effects"). An event applies to each player in turn order from the player to act, all its
//! clauses for one player before the next (U33, N6); an influence card once, for its player.

use crate::data::{Kind, Who};
use crate::errors::{Check, Illegal, need};
use crate::flow::Step;
use crate::material::{Op, Per, Pick};
use crate::moves::{Move, NOBODY};
use crate::state::{AREAS, Frame, Source, Stage, State, bits64, bits128};

/// What the effect on top asks of whom: the clause, the player it acts for, the chooser, the
/// player it acts on.
struct At {
    clause: Op,
    /// The player the clause is carried out for (`self`).
    me: u8,
    /// The opponent named, or [`NOBODY`].
    target: u8,
    left: u8,
}

impl State {
    /// The clause at hand of the effect on top, or `None` when the effect is done.
    #[inline]
    fn at(&self) -> Option<At> {
        let Some(Frame::Effect { src, clause, off, left }) = self.top() else { return None };
        let (clause, me, target) = match src {
            Source::Event(c) => (self.mat.event_op(c, clause)?, self.after_actor(off), NOBODY),
            Source::Influence { card, by, target } => (self.mat.influence_op(card, clause)?, by, target),
        };
        Some(At { clause, me, target, left })
    }

    /// Moves the effect on top to its next clause (or next player).
    fn next_clause(&mut self) {
        if let Some(Frame::Effect { src, clause, off, .. }) = self.top() {
            self.set_top(Frame::Effect { src, clause: clause + 1, off, left: 0 });
        }
    }

    /// How many of `kind` a player owns (`per`): buildings on his areas, or his areas.
    pub fn count_kind(&self, p: u8, kind: &Kind) -> u16 {
        self.count_per(p, self.mat.per(kind))
    }

    /// How many of a resolved kind a player owns: buildings on his areas, or his areas.
    #[inline]
    pub fn count_per(&self, p: u8, per: Per) -> u16 {
        let own = self.owned[usize::from(p)];
        let set = match per {
            Per::Area => own,
            Per::Category(c) => return u16::from(self.cat_count[usize::from(p)][c as usize]),
            Per::Building => own & self.built,
            Per::Toll => own & self.tolls,
            Per::Nothing => 0,
            Per::Kind(k) if let Some(slot) = self.mat.named_slot(k) => {
                return u16::from(self.named_count[usize::from(p)][slot]);
            }
            Per::Kind(_) => {
                return bits64(own & self.built).filter(|&a| self.building_is(a, per)).count() as u16;
            }
        };
        set.count_ones() as u16
    }

    /// Whether the building on `a` is of `per` (false with no building).
    #[inline]
    fn building_is(&self, a: u8, per: Per) -> bool {
        let b = self.building[usize::from(a)];
        if b == NOBODY {
            return false;
        }
        let c = self.card(b);
        match per {
            Per::Category(cat) => c.category == cat,
            Per::Toll => c.toll,
            Per::Building => true,
            Per::Area | Per::Nothing => false,
            Per::Kind(k) => !c.event && c.kind == k,
        }
    }

    /// The player a clause's WHO names.
    fn who(at: &At, who: Who) -> u8 {
        match who {
            Who::Own => at.me,
            Who::Opponent => at.target,
        }
    }

    /// The areas a removal may pick: `p`'s areas that pass the filter (with a building, for
    /// `remove_building`).
    fn removable(&self, p: u8, filter: Pick, building: bool) -> u64 {
        if p >= self.n {
            return 0;
        }
        let mut out = 0;
        for a in bits64(self.owned[usize::from(p)]) {
            let has = self.building[usize::from(a)] != NOBODY;
            let ok = match filter {
                Pick::Any => !building || has,
                Pick::Empty => !has,
                Pick::Building(k) => self.building_is(a, k),
            };
            if ok {
                out |= 1u64 << a;
            }
        }
        out
    }

    /// The areas `free_area` may take for `p`: neutral, bordering his own, a knight left.
    fn free_areas(&self, p: u8) -> u64 {
        if self.knights[usize::from(p)] == 0 {
            return 0;
        }
        self.neutral() & self.bordering(self.owned[usize::from(p)])
    }

    /// The moves `move_building` allows `p`: one of his buildings to one of his empty areas.
    fn moves_of_building(&self, p: u8, out: &mut Vec<Move>) {
        let own = self.owned[usize::from(p)];
        for from in bits64(own) {
            let b = self.building[usize::from(from)];
            if b == NOBODY {
                continue;
            }
            for to in bits64(own) {
                if self.building[usize::from(to)] == NOBODY && self.may_stand_moved(b, from, to) {
                    out.push(Move::MoveBuilding { from, to });
                }
            }
        }
    }

    /// Whether the building `b` on `from` may stand on `to` (U12–U15, U49, its own toll house
    /// leaving `from`).
    fn may_stand_moved(&self, b: u8, from: u8, to: u8) -> bool {
        self.may_stand_except(b, to, from).is_ok()
    }

    /// Whether `move_building` leaves `p` a move (without listing them).
    fn can_move_building(&self, p: u8) -> bool {
        let own = self.owned[usize::from(p)];
        bits64(own).any(|from| {
            let b = self.building[usize::from(from)];
            b != NOBODY
                && bits64(own)
                    .any(|to| self.building[usize::from(to)] == NOBODY && self.may_stand_moved(b, from, to))
        })
    }

    /// Carries the effect on top forward: a clause without choice at once; one with a choice
    /// asks; at the end the effect is done and an event goes to the discard pile (S10).
    pub(crate) fn effect_step(&mut self) -> Step {
        let Some(Frame::Effect { src, clause, off, left }) = self.top() else { return Step::Go };
        // The clauses without a choice are carried out here one after the other, player after
        // player, the frame written back only where the effect stops (a decision, a chance step,
        // a frame pushed) or ends.
        let (mut clause, mut off, mut left) = (clause, off, left);
        let influence = matches!(src, Source::Influence { .. });
        let passes = if influence { 1 } else { self.n };
        loop {
            let (op, me, target) = match src {
                Source::Event(c) => (self.mat.event_op(c, clause), self.after_actor(off), NOBODY),
                Source::Influence { card, by, target } => (self.mat.influence_op(card, clause), by, target),
            };
            let Some(op) = op else {
                if off + 1 < passes {
                    (clause, off, left) = (0, off + 1, 0);
                    continue;
                }
                self.pop();
                if let Source::Event(c) = src {
                    self.discard |= 1u128 << c;
                }
                return Step::Go;
            };
            let at = At { clause: op, me, target, left };
            let stop = |s: &mut State, left: u8, step: Step| {
                s.set_top(Frame::Effect { src, clause, off, left });
                step
            };
            match op {
                Op::RemoveKnight { who, filter } => {
                    if self.removable(Self::who(&at, who), filter, false) != 0 {
                        return stop(self, left, Step::Decide(me));
                    }
                }
                Op::RemoveBuilding { who, filter } => {
                    if self.removable(Self::who(&at, who), filter, true) != 0 {
                        return stop(self, left, Step::Decide(me));
                    }
                }
                Op::MoveBuilding => {
                    if self.can_move_building(me) {
                        return stop(self, left, Step::Decide(me));
                    }
                }
                Op::FreeArea => {
                    if self.free_areas(me) != 0 {
                        return stop(self, left, Step::Decide(me));
                    }
                }
                Op::Draw(n) => {
                    self.set_top(Frame::Effect { src, clause: clause + 1, off, left: 0 });
                    self.push(Frame::Drawing { p: me, left: n, reshuffled: false });
                    return Step::Go;
                }
                Op::DrawInfluence(n) => {
                    self.set_top(Frame::Effect { src, clause: clause + 1, off, left: 0 });
                    self.push(Frame::Influence { p: me, left: n });
                    return Step::Go;
                }
                Op::Discard(n) => {
                    let left = if left == 0 { n } else { left };
                    if self.hand[usize::from(me)] != 0 && left > 0 {
                        return stop(self, left, Step::Decide(me));
                    }
                }
                Op::TakeCard => {
                    if target < self.n && self.hand[usize::from(target)] != 0 {
                        return stop(self, left, Step::Chance);
                    }
                }
                Op::Cancel => self.cancel_answered(),
                _ => self.plain(op, me, target, influence),
            }
            (clause, left) = (clause + 1, 0);
        }
    }

    /// Carries out a plain clause ([`Op::is_plain`]) for `me` (an opponent named: `target`);
    /// any other clause does nothing here.
    #[inline(always)]
    fn plain(&mut self, op: Op, me: u8, target: u8, influence: bool) {
        match op {
            Op::Gain { n, per } => {
                let k = per.map_or(1, |k| self.count_per(me, k));
                self.receive(me, u16::from(n) * k);
            }
            Op::Lose { n, per } => {
                let k = per.map_or(1, |k| self.count_per(me, k));
                self.lose(me, u16::from(n) * k);
            }
            Op::TaxTo(n) => {
                if influence {
                    self.tax_to(u16::from(n));
                } else if self.stones[usize::from(me)] > u16::from(n) {
                    // The event acts for each player in turn: his own stones.
                    let over = self.stones[usize::from(me)] - u16::from(n);
                    self.pay(me, over);
                }
            }
            Op::Steal(n) if target < self.n => self.transfer(target, me, u16::from(n)),
            Op::ExtraAreas(n) if me == self.actor => self.extra_areas += n,
            Op::ExtraPlacements(n) if me == self.actor => self.extra_placed += n,
            Op::SkipPhase { phase, who } => {
                let v = if who == Who::Own { me } else { target };
                if v < self.n {
                    self.skip[usize::from(v)] |= 1 << phase;
                }
            }
            Op::Block { bit, who } => {
                let v = if who == Who::Own { me } else { target };
                if v == self.actor {
                    self.blocked_now[usize::from(v)] |= bit;
                } else if v < self.n {
                    self.blocked_next[usize::from(v)] |= bit;
                }
            }
            Op::NoIncome => {
                // Played before phase 1 (U56), it acts on the phase 1 to come.
                if matches!(self.stage, Stage::Phase1 | Stage::Before) {
                    self.no_income = true;
                }
            }
            _ => {}
        }
    }

    /// Carries out a plain event (`Material::is_plain_event`) as its frame would: all its
    /// clauses for each player in turn order from the player to act (U33, N6).
    pub(crate) fn plain_event(&mut self, card: u8) {
        for off in 0..self.n {
            let me = self.after_actor(off);
            let mut i = 0;
            while let Some(op) = self.mat.event_op(card, i) {
                self.plain(op, me, NOBODY, false);
                i += 1;
            }
        }
    }

    /// The decisions the effect on top asks for.
    pub(crate) fn effect_moves(&self, out: &mut Vec<Move>) {
        let Some(at) = self.at() else { return };
        match at.clause {
            Op::RemoveKnight { who, filter } => {
                out.extend(bits64(self.removable(Self::who(&at, who), filter, false)).map(Move::PickArea))
            }
            Op::RemoveBuilding { who, filter } => {
                out.extend(bits64(self.removable(Self::who(&at, who), filter, true)).map(Move::PickArea))
            }
            Op::FreeArea => out.extend(bits64(self.free_areas(at.me)).map(Move::PickArea)),
            Op::MoveBuilding => self.moves_of_building(at.me, out),
            Op::Discard(_) => out
                .extend(bits128(self.mat.lowest_of_kinds(self.hand[usize::from(at.me)])).map(Move::Discard)),
            _ => {}
        }
    }

    /// Checks a decision asked by the effect on top.
    pub fn check_effect(&self, mv: Move) -> Check {
        let at = self.at().ok_or(Illegal::new("U33", "no effect asks for a decision"))?;
        let ok = match (at.clause, mv) {
            (Op::RemoveKnight { who, filter }, Move::PickArea(a)) => {
                usize::from(a) < AREAS
                    && self.removable(Self::who(&at, who), filter, false) & (1u64 << a) != 0
            }
            (Op::RemoveBuilding { who, filter }, Move::PickArea(a)) => {
                usize::from(a) < AREAS && self.removable(Self::who(&at, who), filter, true) & (1u64 << a) != 0
            }
            (Op::FreeArea, Move::PickArea(a)) => {
                usize::from(a) < AREAS && self.free_areas(at.me) & (1u64 << a) != 0
            }
            (Op::MoveBuilding, Move::MoveBuilding { from, to }) => {
                usize::from(from) < AREAS
                    && usize::from(to) < AREAS
                    && self.owner[usize::from(from)] == at.me
                    && self.owner[usize::from(to)] == at.me
                    && self.building[usize::from(from)] != NOBODY
                    && self.building[usize::from(to)] == NOBODY
                    && self.may_stand_moved(self.building[usize::from(from)], from, to)
            }
            (Op::Discard(_), Move::Discard(c)) => self.holds(at.me, c),
            _ => false,
        };
        need(ok, "U44", "not a choice the card's effect allows (data.md, Effects)")
    }

    /// Carries out a decision the effect on top asked for.
    pub(crate) fn apply_effect(&mut self, mv: Move) {
        let Some(at) = self.at() else { return };
        match (at.clause, mv) {
            (Op::RemoveKnight { .. }, Move::PickArea(a)) => self.vacate(a),
            (Op::RemoveBuilding { .. }, Move::PickArea(a)) => self.pull_down(a),
            (Op::FreeArea, Move::PickArea(a)) => self.occupy(a, at.me),
            (Op::MoveBuilding, Move::MoveBuilding { from, to }) => {
                let b = self.building[usize::from(from)];
                self.set_building(from, NOBODY);
                self.put_up(to, b);
            }
            (Op::Discard(_), Move::Discard(c)) => {
                self.leave_hand(at.me, c);
                self.discard |= 1u128 << c;
                let left = at.left.saturating_sub(1);
                if left > 0 && self.hand[usize::from(at.me)] != 0 {
                    if let Some(Frame::Effect { src, clause, off, .. }) = self.top() {
                        self.set_top(Frame::Effect { src, clause, off, left });
                    }
                    return;
                }
            }
            _ => return,
        }
        self.next_clause();
    }

    /// `take_card`: a card taken unseen from the opponent's hand (a chance outcome, U77).
    pub(crate) fn card_taken(&mut self, card: u8) {
        let Some(at) = self.at() else { return };
        if at.target < self.n {
            self.leave_hand(at.target, card);
            self.enter_hand(at.me, card, false);
        }
        self.next_clause();
    }
}
