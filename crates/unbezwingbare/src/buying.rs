//! Trading building cards (U40–U42, U73), buying areas (U43–U46) with isolation (U67–U69), and
//! buying influence cards (U50).

use crate::errors::{Check, need};
use crate::moves::NOBODY;
use crate::options::Rounding;
use crate::state::{AREAS, FIVE, Frame, State, bits64, block};

impl State {
    /// What a card sells for at the Pfandhaus: half its value, rounded by `sell_rounding` (U40).
    pub fn sell_price(&self, card: u8) -> u16 {
        let v = u16::from(self.card(card).price);
        match self.opts.sell_rounding {
            Rounding::Down => v / 2,
            Rounding::Up => v.div_ceil(2),
        }
    }

    /// U40: a building card of the hand may be sold to the Pfandhaus.
    pub fn check_sell(&self, card: u8) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::TRADE, "U40")?;
        need(self.holds(self.actor, card), "U40", "the card is not in the hand")
    }

    /// Sells a hand card to the Pfandhaus; it lies there open (U40).
    pub fn sell(&mut self, card: u8) {
        self.receive(self.actor, self.sell_price(card));
        self.leave_hand(self.actor, card);
        self.pawnshop |= 1u128 << card;
    }

    /// U41: a card lying at the Pfandhaus may be bought for 5.
    pub fn check_buy_pawned(&self, card: u8) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::TRADE, "U41")?;
        need(card < 128 && self.pawnshop & (1u128 << card) != 0, "U41", "the card is not at the Pfandhaus")?;
        need(self.stones[usize::from(self.actor)] >= FIVE, "U41", "a card from the Pfandhaus costs 5 stones")
    }

    /// Buys a card from the Pfandhaus; known to all (U41, U76).
    pub fn buy_pawned(&mut self, card: u8) {
        self.pay(self.actor, FIVE);
        self.pawnshop &= !(1u128 << card);
        self.enter_hand(self.actor, card, true);
    }

    /// U42, N9: a building card may be bought from the draw pile for 5 while it or the discard
    /// pile holds a card.
    pub fn check_buy_drawn(&self) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::TRADE, "U42")?;
        need(
            self.top_part() != 0 || self.discard != 0,
            "U42",
            "the draw pile and the discard pile are empty",
        )?;
        need(self.stones[usize::from(self.actor)] >= FIVE, "U42", "a card from the draw pile costs 5 stones")
    }

    /// Pays 5 and turns cards until a building card, events carried out (U42, S5).
    pub fn buy_drawn(&mut self) {
        self.pay(self.actor, FIVE);
        self.push(Frame::Drawing { p: self.actor, left: 1, reshuffled: false });
    }

    /// U73: the free market is open to a player with a Handel building on the board.
    fn check_market(&self) -> Check {
        self.in_phase2()?;
        need(self.opts.free_market, "U73", "the free market is not in play")?;
        self.not_blocked(block::TRADE, "U73")?;
        need(
            self.owns_category(self.actor, crate::data::Category::Handel),
            "U73",
            "only a player with a Handel building trades on the free market",
        )
    }

    /// U73: sell a hand card on the free market for its value.
    pub fn check_sell_market(&self, card: u8) -> Check {
        self.check_market()?;
        need(self.holds(self.actor, card), "U73", "the card is not in the hand")
    }

    /// Sells a hand card on the free market (U73, N23).
    pub fn sell_market(&mut self, card: u8) {
        self.receive(self.actor, u16::from(self.card(card).price));
        self.leave_hand(self.actor, card);
        self.market |= 1u128 << card;
        self.market_sold |= 1u128 << card;
    }

    /// U73, N23: buy a card of the free market for its value, not one sold there this turn.
    pub fn check_buy_market(&self, card: u8) -> Check {
        self.check_market()?;
        need(card < 128 && self.market & (1u128 << card) != 0, "U73", "the card is not at the free market")?;
        need(
            self.market_sold & (1u128 << card) == 0,
            "N23",
            "a card sold on the free market this turn is not bought back",
        )?;
        need(
            self.stones[usize::from(self.actor)] >= u16::from(self.card(card).price),
            "U73",
            "not enough stones",
        )
    }

    /// Buys a card from the free market (U73).
    pub fn buy_market(&mut self, card: u8) {
        self.pay(self.actor, u16::from(self.card(card).price));
        self.market &= !(1u128 << card);
        self.enter_hand(self.actor, card, true);
    }

    /// U43, U45, U46: a neutral area bordering an own area, 2 a turn, its price, a knight.
    pub fn check_buy_area(&self, a: u8) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::BUY_AREA, "U43")?;
        need(usize::from(a) < AREAS, "U6", "no such area")?;
        let p = usize::from(self.actor);
        need(self.bought < self.area_limit(), "U43", "at most 2 areas a turn")?;
        need(self.owner[usize::from(a)] == NOBODY, "U43", "the area is not neutral")?;
        need(
            self.bordering(self.owned[p]) & (1u64 << a) != 0,
            "U43",
            "the area borders none of the buyer's areas",
        )?;
        need(self.knights[p] > 0, "U46", "no knight left in the supply")?;
        need(
            self.stones[p] >= u16::from(self.mat.price[usize::from(a)]),
            "U43",
            "not enough stones for the area's price",
        )
    }

    /// Buys an area: pays its price, puts a knight on it; a building on it comes free (U43,
    /// U45); then isolation (U67–U69).
    pub fn buy_area(&mut self, a: u8) {
        self.pay(self.actor, u16::from(self.mat.price[usize::from(a)]));
        self.occupy(a, self.actor);
        self.bought += 1;
        if self.opts.isolation {
            self.isolate_around(a);
        }
    }

    /// U67–U69, N21: every area of another player bordering `a` whose neighbours are now all
    /// owned, none by its owner, passes to the buyer, in id order while he has knights.
    fn isolate_around(&mut self, a: u8) {
        let me = self.actor;
        for x in bits64(self.mat.neighbours[usize::from(a)]) {
            let q = self.owner[usize::from(x)];
            if q == NOBODY || q == me || self.knights[usize::from(me)] == 0 {
                continue;
            }
            let around = self.mat.neighbours[usize::from(x)];
            if around & self.neutral() == 0 && around & self.owned[usize::from(q)] == 0 {
                let b = self.building[usize::from(x)];
                let worth = if b == NOBODY { 0 } else { self.card(b).price };
                let mi = usize::from(me);
                self.isolated[mi] = self.isolated[mi].saturating_add(1);
                self.isolated_points[mi] = self.isolated_points[mi].saturating_add(worth);
                self.take_over(x, me);
            }
        }
    }

    /// U50, N17: an influence card may be bought for 5 while the pile or its discards hold one.
    pub fn check_buy_influence(&self) -> Check {
        self.in_phase2()?;
        self.not_blocked(block::BUY_INFLUENCE, "U50")?;
        need(
            self.influence_pile != 0 || self.influence_discard != 0,
            "N17",
            "no influence card is left to buy",
        )?;
        need(self.stones[usize::from(self.actor)] >= FIVE, "U50", "an influence card costs 5 stones")
    }

    /// Buys the top influence card (U50).
    pub fn buy_influence(&mut self) {
        self.pay(self.actor, FIVE);
        self.push(Frame::Influence { p: self.actor, left: 1 });
    }

    /// Whether `p` holds the building card `card`.
    pub fn holds(&self, p: u8, card: u8) -> bool {
        card < 128 && self.hand[usize::from(p)] & (1u128 << card) != 0
    }

    /// A card leaves a hand.
    pub fn leave_hand(&mut self, p: u8, card: u8) {
        self.hand[usize::from(p)] &= !(1u128 << card);
        self.known[usize::from(p)] &= !(1u128 << card);
    }

    /// A card enters a hand, openly or not (N25).
    pub fn enter_hand(&mut self, p: u8, card: u8, open: bool) {
        self.hand[usize::from(p)] |= 1u128 << card;
        if open {
            self.known[usize::from(p)] |= 1u128 << card;
        }
    }
}
