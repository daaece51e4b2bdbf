//! The legal moves (into a reused buffer), the check of one move naming the rule it breaks, and
//! applying a move: the entry points of the engine.

use crate::errors::{Check, Illegal, need};
use crate::moves::{Move, NOBODY};
use crate::state::{CHANCE, Frame, OVER, Stage, State, bits32, bits64, bits128};

impl State {
    /// Who decides now: a seat, or `None` for chance or the end.
    pub fn decider(&self) -> Option<u8> {
        (self.to_act < self.n).then_some(self.to_act)
    }

    /// The legal moves of the seat to decide, into `out` (cleared first); empty at a chance
    /// step or the end. Cards of one kind give one move (the lowest id).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.to_act == CHANCE || self.to_act == OVER {
            return;
        }
        match self.top() {
            Some(Frame::Income { card, next, .. }) => {
                let p = self.after_actor(next);
                out.extend(bits64(self.income_areas(p, card)).map(Move::Income));
                return;
            }
            Some(Frame::Drop { p }) => {
                out.extend(bits32(self.influence[usize::from(p)]).map(Move::DropInfluence));
                return;
            }
            Some(Frame::Effect { .. }) => {
                self.effect_moves(out);
                return;
            }
            Some(Frame::Answer { .. }) => {
                self.answer_moves(out);
                return;
            }
            Some(_) => return,
            None => {}
        }
        match self.stage {
            Stage::Start => {
                out.extend(bits64(self.start_areas(self.start_chooser())).map(Move::StartArea));
                if self.check_start(None).is_ok() {
                    out.push(Move::StopStart);
                }
            }
            Stage::Before => {
                out.push(Move::TurnCards);
                self.play_moves(out);
            }
            Stage::Phase2 => self.phase2_moves(out),
            _ => {}
        }
    }

    /// The influence cards the player to act may play, with their targets.
    fn play_moves(&self, out: &mut Vec<Move>) {
        for c in bits32(self.influence[usize::from(self.actor)]) {
            if self.mat.needs_target(c) {
                for t in (0..self.n).filter(|&t| t != self.actor) {
                    out.push(Move::Play { card: c, target: t });
                }
            } else {
                out.push(Move::Play { card: c, target: NOBODY });
            }
        }
        out.retain(|&m| !matches!(m, Move::Play { .. }) || self.check(m).is_ok());
    }

    /// The moves of phase 2 (U39).
    fn phase2_moves(&self, out: &mut Vec<Move>) {
        let me = usize::from(self.actor);
        let start = out.len();
        let hand = self.distinct(self.hand[me]);
        for c in bits128(hand) {
            out.push(Move::Sell(c));
            if self.opts.free_market {
                out.push(Move::SellMarket(c));
            }
        }
        for c in bits128(self.distinct(self.pawnshop)) {
            out.push(Move::BuyPawned(c));
        }
        // N23 bars by card, so a kind's card sold this turn must not hide another of its kind.
        for c in bits128(self.distinct(self.market & !self.market_sold)) {
            out.push(Move::BuyMarket(c));
        }
        out.push(Move::BuyDrawn);
        let own = self.owned[me];
        for a in bits64(self.neutral() & self.bordering(own)) {
            out.push(Move::BuyArea(a));
        }
        for a in bits64(own) {
            let built = self.building[usize::from(a)] != NOBODY;
            for c in bits128(hand) {
                out.push(if built {
                    Move::Rebuild { card: c, area: a }
                } else {
                    Move::Place { card: c, area: a }
                });
            }
        }
        out.push(Move::BuyInfluence);
        let mut i = start;
        while i < out.len() {
            if self.check(out[i]).is_ok() {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        self.play_moves(out);
        out.push(Move::EndPhase2);
    }

    /// One card of each kind of a set: the lowest id.
    fn distinct(&self, set: u128) -> u128 {
        let mut kinds = 0u128;
        let mut out = 0;
        for c in bits128(set) {
            let k = self.card(c).kind;
            if kinds & (1u128 << k) == 0 {
                kinds |= 1u128 << k;
                out |= 1u128 << c;
            }
        }
        out
    }

    /// Whether `mv` is legal now; else the rule it breaks.
    pub fn check(&self, mv: Move) -> Check {
        need(self.to_act != OVER, "U2", "the game is over")?;
        need(self.to_act != CHANCE, "U77", "chance acts now, not a player")?;
        match self.top() {
            Some(Frame::Answer { .. }) => return self.check_answer(mv),
            Some(Frame::Income { card, next, .. }) => {
                let Move::Income(a) = mv else {
                    return Err(Illegal::new("U35", "the income for the card turned is chosen first"));
                };
                let p = self.after_actor(next);
                return need(
                    a < 64 && self.income_areas(p, card) & (1u64 << a) != 0,
                    "U35",
                    "no building of the card's category on that own area",
                );
            }
            Some(Frame::Drop { .. }) => {
                let Move::DropInfluence(c) = mv else {
                    return Err(Illegal::new("U55", "an influence card is discarded first"));
                };
                return self.check_drop(c);
            }
            Some(Frame::Effect { .. }) => return self.check_effect(mv),
            Some(_) => return Err(Illegal::new("U77", "chance acts now, not a player")),
            None => {}
        }
        match mv {
            Move::StartArea(a) => self.check_start(Some(a)),
            Move::StopStart => self.check_start(None),
            Move::TurnCards => {
                need(self.stage == Stage::Before, "U30", "cards are turned at the start of phase 1")
            }
            Move::Sell(c) => self.check_sell(c),
            Move::BuyPawned(c) => self.check_buy_pawned(c),
            Move::BuyDrawn => self.check_buy_drawn(),
            Move::SellMarket(c) => self.check_sell_market(c),
            Move::BuyMarket(c) => self.check_buy_market(c),
            Move::BuyArea(a) => self.check_buy_area(a),
            Move::Place { card, area } => self.check_place(card, area),
            Move::Rebuild { card, area } => self.check_rebuild(card, area),
            Move::BuyInfluence => self.check_buy_influence(),
            Move::Play { card, target } => self.check_play(card, target),
            Move::EndPhase2 => self.in_phase2(),
            Move::Income(_) => Err(Illegal::new("U35", "no income is being paid")),
            Move::DropInfluence(_) => Err(Illegal::new("U55", "no influence card is to be discarded")),
            Move::PickArea(_) | Move::Discard(_) | Move::MoveBuilding { .. } => {
                Err(Illegal::new("U33", "no effect asks for a decision"))
            }
            Move::Pass => Err(Illegal::new("S9", "no influence card can be answered now")),
        }
    }

    /// Checks and applies a move.
    pub fn play(&mut self, mv: Move) -> Check {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Applies a legal move (`check` passed), then settles the automatic steps that follow.
    pub fn apply(&mut self, mv: Move) {
        self.steps += 1;
        match self.top() {
            Some(Frame::Effect { .. }) => {
                self.apply_effect(mv);
                self.settle();
                return;
            }
            Some(Frame::Answer { .. }) => {
                self.apply_answer(mv);
                self.settle();
                return;
            }
            _ => {}
        }
        match mv {
            Move::StartArea(a) => self.take_start(a),
            Move::StopStart => self.stop_start(),
            Move::TurnCards => self.begin_phase1(),
            Move::Income(a) => self.take_income(a),
            Move::Sell(c) => self.sell(c),
            Move::BuyPawned(c) => self.buy_pawned(c),
            Move::BuyDrawn => self.buy_drawn(),
            Move::SellMarket(c) => self.sell_market(c),
            Move::BuyMarket(c) => self.buy_market(c),
            Move::BuyArea(a) => self.buy_area(a),
            Move::Place { card, area } => self.place(card, area),
            Move::Rebuild { card, area } => self.rebuild(card, area),
            Move::BuyInfluence => self.buy_influence(),
            Move::Play { card, target } => self.play_influence(card, target),
            Move::EndPhase2 => self.stage = Stage::Phase3,
            Move::DropInfluence(c) => self.drop_influence(c),
            Move::PickArea(_) | Move::Discard(_) | Move::MoveBuilding { .. } | Move::Pass => {}
        }
        self.settle();
    }
}
