//! The legal moves (into a reused buffer), the check of one move naming the rule it breaks, and
//! applying a move: the entry points of the engine.

use crate::data::Category;
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

    /// The influence cards the player to act may play, with their targets (U56, N16: the
    /// callers are before phase 1 or in phase 2 with nothing under way; a card that only
    /// cancels is not played alone, S9).
    fn play_moves(&self, out: &mut Vec<Move>) {
        let cards = self.influence[usize::from(self.actor)] & self.mat.playable_alone_set();
        for c in bits32(cards) {
            if self.mat.needs_target(c) {
                for t in (0..self.n).filter(|&t| t != self.actor) {
                    out.push(Move::Play { card: c, target: t });
                }
            } else {
                out.push(Move::Play { card: c, target: NOBODY });
            }
        }
    }

    /// The moves of phase 2 (U39): the candidates, each kept when legal by its check's
    /// conditions as bit sets (buying.rs, building.rs), not by calling `check`. The list keeps
    /// the order it always had (an illegal candidate's place taken by the last one), so seeded
    /// games stay the same.
    fn phase2_moves(&self, out: &mut Vec<Move>) {
        use crate::state::{FIVE, block};
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
        // The conditions every candidate shares.
        let blocked = self.blocked_now[me];
        let stones = self.stones[me];
        let trade = blocked & block::TRADE == 0;
        let market = trade && self.opts.free_market && self.owns_category(self.actor, Category::Handel);
        let drawn = trade && stones >= FIVE && (self.top_part() != 0 || self.discard != 0);
        let areas = blocked & block::BUY_AREA == 0 && self.bought < self.area_limit() && self.knights[me] > 0;
        let places = blocked & block::PLACE == 0 && self.placed < self.place_limit();
        let influence = blocked & block::BUY_INFLUENCE == 0
            && stones >= FIVE
            && (self.influence_pile != 0 || self.influence_discard != 0);
        // Where a toll house may stand (U49), asked only when a toll house is a candidate.
        let mut toll_free = None;
        let mut stands = |card: u8, a: u8| {
            let d = self.card(card);
            self.mat.stand[d.category as usize] & (1u64 << a) != 0
                && (!d.toll
                    || *toll_free.get_or_insert_with(|| self.toll_free(own & self.mat.roads)) & (1u64 << a)
                        != 0)
        };
        let mut i = start;
        while i < out.len() {
            let legal = match out[i] {
                Move::Sell(_) => trade,
                Move::SellMarket(_) => market,
                Move::BuyPawned(_) => trade && stones >= FIVE,
                Move::BuyMarket(c) => market && stones >= u16::from(self.card(c).price),
                Move::BuyDrawn => drawn,
                Move::BuyArea(a) => areas && stones >= u16::from(self.mat.price[usize::from(a)]),
                Move::Place { card, area } => {
                    places && stones >= u16::from(self.card(card).price) && stands(card, area)
                }
                Move::Rebuild { card, area } => {
                    places && stones >= FIVE + u16::from(self.card(card).price) && stands(card, area)
                }
                Move::BuyInfluence => influence,
                _ => true,
            };
            if legal {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        self.play_moves(out);
        out.push(Move::EndPhase2);
    }

    /// Of the areas `set` (each with a road), those where a toll house may stand: no toll house
    /// on another area of its road (U49; one on the area itself is demolished by a rebuild).
    fn toll_free(&self, set: u64) -> u64 {
        let mut out = 0;
        for a in bits64(set) {
            let road = self.mat.road[usize::from(a)];
            let others = self.tolls & !(1u64 << a);
            if !bits64(others).any(|x| self.mat.road[usize::from(x)] == road) {
                out |= 1u64 << a;
            }
        }
        out
    }

    /// One card of each kind of a set: the lowest id.
    #[inline]
    fn distinct(&self, set: u128) -> u128 {
        self.mat.lowest_of_kinds(set)
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
