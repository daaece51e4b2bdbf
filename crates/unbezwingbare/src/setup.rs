//! Preparation (U18–U24) and the choosing of start areas (U25–U30).

use crate::data::Period;
use crate::data::cards::BUILDINGS;
use crate::errors::{Check, SetupError, need};
use crate::material::{DECK, Material};
use crate::moves::NOBODY;
use crate::options::Options;
use crate::state::{AREAS, BOX_STONES, CHANCE, Frame, KNIGHTS, SEATS, Stage, State};

/// All building cards of the deck.
pub const ALL_BUILDINGS: u128 = (1u128 << BUILDINGS) - 1;
/// All cards of the deck.
pub const ALL_DECK: u128 = (1u128 << DECK) - 1;
/// All influence cards.
pub const ALL_INFLUENCE: u32 = (1u32 << 30) - 1;

impl State {
    /// A new game: cards shuffled (U21), stones given (U23), the deal to come as chance steps.
    pub fn new(mat: &'static Material, opts: Options) -> Result<State, SetupError> {
        opts.check()?;
        let n = opts.seats();
        let (hand, stones, _, _) = opts.start();
        let a_buildings = mat.deck.iter().take(BUILDINGS).enumerate().filter(|(_, c)| c.period == Period::A);
        let a_mask = a_buildings.fold(0u128, |m, (i, _)| m | 1u128 << i);
        if opts.periods {
            let needed = usize::from(hand) * usize::from(n);
            let have = a_mask.count_ones() as usize;
            if have < needed {
                return Err(SetupError::PeriodDeal { needed, have });
            }
        }
        let mut s = State {
            mat,
            opts,
            n,
            owner: [NOBODY; AREAS],
            building: [NOBODY; AREAS],
            built: 0,
            built_in: [0; 4],
            value_planes: [0; 8],
            tolls: 0,
            named: [0; crate::material::NAMED],
            cat_count: [[0; 4]; SEATS],
            named_count: [[0; crate::material::NAMED]; SEATS],
            owned: [0; SEATS],
            stones: [0; SEATS],
            bank: BOX_STONES,
            knights: [0; SEATS],
            marker: [0; SEATS],
            hand: [0; SEATS],
            known: [0; SEATS],
            influence: [0; SEATS],
            // U24, U66: the deal comes from the building cards (the A ones under `periods`).
            // The cards not dealt from wait apart (in the second part, which the deal never
            // draws from) until the pile is made.
            pile: if opts.periods {
                [a_mask, ALL_DECK & !a_mask, 0]
            } else {
                [ALL_BUILDINGS, ALL_DECK & !ALL_BUILDINGS, 0]
            },
            discard: 0,
            pawnshop: 0,
            market: 0,
            market_sold: 0,
            influence_pile: ALL_INFLUENCE,
            influence_discard: 0,
            played_influence: 0,
            dropped: [0; SEATS],
            mixed: false,
            great: [NOBODY; 4],
            actor: 0,
            turns: 0,
            stage: Stage::Deal,
            bought: 0,
            placed: 0,
            extra_areas: 0,
            extra_placed: 0,
            blocked_now: [0; SEATS],
            blocked_next: [0; SEATS],
            skip: [0; SEATS],
            no_income: false,
            deal_left: hand * n,
            stopped: 0,
            chooser: 0,
            last_area: false,
            final_round: false,
            winners: 0,
            isolated: [0; SEATS],
            isolated_points: [0; SEATS],
            scored: false,
            to_act: CHANCE,
            steps: 0,
            frames: [Frame::Turning { reshuffled: false }; crate::state::MAX_FRAMES],
            depth: 0,
        };
        for p in 0..usize::from(n) {
            s.knights[p] = KNIGHTS;
            s.stones[p] = stones;
            s.bank -= i32::from(stones);
        }
        s.settle();
        Ok(s)
    }

    /// The seat the next dealt card goes to: round the table from seat 0 (U23).
    pub fn deal_to(&self) -> u8 {
        let (hand, ..) = self.opts.start();
        let dealt = hand * self.n - self.deal_left;
        dealt % self.n
    }

    /// Deals `card` (a chance outcome) to the next seat, unseen by the others (U23, N25).
    pub fn deal(&mut self, card: u8) {
        let p = self.deal_to();
        self.pile[0] &= !(1u128 << card);
        self.hand[usize::from(p)] |= 1u128 << card;
        self.deal_left -= 1;
        if self.deal_left == 0 {
            self.build_pile();
        }
    }

    /// U24: the rest of the building cards and the events make the draw pile; U66 under
    /// `periods`: the A cards on top, then B, C at the bottom.
    fn build_pile(&mut self) {
        self.pile[1] = 0;
        for (i, c) in self.mat.deck.iter().enumerate() {
            let bit = 1u128 << i;
            if c.event || !self.opts.periods {
                let part = if self.opts.periods { c.period as usize } else { 0 };
                if c.event {
                    self.pile[part] |= bit;
                }
            } else if c.period != Period::A && !self.in_hands(i as u8) {
                self.pile[c.period as usize] |= bit;
            }
        }
        self.stage = Stage::Start;
    }

    /// Whether a deck card is in any hand.
    fn in_hands(&self, card: u8) -> bool {
        self.hand.iter().any(|h| h & (1u128 << card) != 0)
    }

    /// The seat whose turn to choose a start area it is: reverse order from the last (U27).
    pub fn start_chooser(&self) -> u8 {
        self.n - 1 - self.chooser % self.n
    }

    /// The dots of a seat's areas.
    pub fn dots(&self, p: u8) -> u16 {
        crate::state::bits64(self.owned[usize::from(p)])
            .map(|a| u16::from(self.mat.price[usize::from(a)]))
            .sum()
    }

    /// The start areas `p` may still take (U28): free, within the dots, not bordering his own.
    pub fn start_areas(&self, p: u8) -> u64 {
        let (_, _, most, max_dots) = self.opts.start();
        let own = self.owned[usize::from(p)];
        if own.count_ones() >= u32::from(most) {
            return 0;
        }
        let left = u16::from(max_dots).saturating_sub(self.dots(p));
        let mut free = self.neutral() & !own & !self.bordering(own);
        let mut m = free;
        while m != 0 {
            let a = m.trailing_zeros() as usize;
            m &= m - 1;
            if u16::from(self.mat.price[a]) > left {
                free &= !(1u64 << a);
            }
        }
        free
    }

    /// Settles the choosing of start areas: passes over stopped seats, stops a seat at its most
    /// areas or with none left (S2, N5); ends the choosing when all have stopped (U30).
    pub(crate) fn settle_start(&mut self) -> bool {
        let all = (1u8 << self.n) - 1;
        for _ in 0..self.n {
            if self.stopped == all {
                break;
            }
            let p = self.start_chooser();
            if self.stopped & (1 << p) != 0 {
                self.chooser = self.chooser.wrapping_add(1);
                continue;
            }
            if self.start_areas(p) == 0 {
                self.stopped |= 1 << p;
                self.chooser = self.chooser.wrapping_add(1);
                continue;
            }
            self.to_act = p;
            return true;
        }
        if self.stopped == all {
            self.actor = 0;
            self.begin_turn();
            return false;
        }
        // Every seat was passed over once without a decision: look again.
        false
    }

    /// Checks a start-area move (U27, U28).
    pub fn check_start(&self, area: Option<u8>) -> Check {
        need(self.stage == Stage::Start && self.depth == 0, "U27", "start areas are not being chosen")?;
        let p = self.start_chooser();
        match area {
            Some(a) => {
                need(usize::from(a) < AREAS, "U6", "no such area")?;
                need(self.owner[usize::from(a)] == NOBODY, "U27", "the area is not free")?;
                need(
                    self.start_areas(p) & (1u64 << a) != 0,
                    "U28",
                    "the area would break the limits: 3 areas, 10 dots, none bordering",
                )
            }
            None => need(
                self.owned[usize::from(p)].count_ones() >= 2,
                "U28",
                "a player stops only with 2 start areas or more",
            ),
        }
    }

    /// Takes a start area, free of charge (U27, U29).
    pub fn take_start(&mut self, a: u8) {
        let p = self.start_chooser();
        self.occupy(a, p);
        self.chooser = self.chooser.wrapping_add(1);
    }

    /// Stops choosing (S2).
    pub fn stop_start(&mut self) {
        let p = self.start_chooser();
        self.stopped |= 1 << p;
        self.chooser = self.chooser.wrapping_add(1);
    }

    /// Begins the turn of the player to act (U54): this turn's limits fresh, blocks carried in.
    pub fn begin_turn(&mut self) {
        let a = usize::from(self.actor);
        self.turns += 1;
        self.blocked_now[a] = self.blocked_next[a];
        self.blocked_next[a] = 0;
        self.bought = 0;
        self.placed = 0;
        self.extra_areas = 0;
        self.extra_placed = 0;
        self.no_income = false;
        self.market_sold = 0;
        self.scored = false;
        self.stage = Stage::Before;
    }
}
