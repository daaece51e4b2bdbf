//! The flat game state: fixed arrays and bit sets, no heap, cloned by a copy of its bytes; the
//! data held by a `&'static` reference (`Material::leak`).

use crate::data::Category;
use crate::material::Material;
use crate::moves::NOBODY;
use crate::options::Options;

/// Seats at most (U5: five colours).
pub const SEATS: usize = 5;
/// Areas on the board (U6).
pub const AREAS: usize = 48;
/// Knights of a colour (U5, U20).
pub const KNIGHTS: u8 = 25;
/// The box's stones: 60 small and 20 large (U5, U9).
pub const BOX_STONES: i32 = 160;
/// The price of a card from the Pfandhaus, the draw pile, an influence card, a demolition (U41,
/// U42, U48, U50).
pub const FIVE: u16 = 5;
/// The deepest nesting of effects and turnings (an event's `draw` turning another event ...).
pub const MAX_FRAMES: usize = 8;

/// `to_act` when chance acts.
pub const CHANCE: u8 = 254;
/// `to_act` when the game is over.
pub const OVER: u8 = 255;

/// Where the game stands, beneath any frames in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Dealing the starting hands, a card a chance step (U23, U77).
    Deal,
    /// Choosing start areas (U27, U28).
    Start,
    /// Before phase 1: influence cards may be played (U56, N16).
    Before,
    /// Phase 1 under way (its turning and income are frames).
    Phase1,
    /// Phase 2: the player to act trades and builds (U39).
    Phase2,
    /// Phase 3: the points are added (U51–U53).
    Phase3,
    /// The turn's scoring is done; the turn ends (U52, U54).
    Scored,
    /// The game is over.
    Over,
}

/// Where an effect comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// An event card of the deck (U33): applies to each player in turn order (N6).
    Event(u8),
    /// An influence card played by `by` against `target` (or [`NOBODY`]) (U56).
    Influence {
        /// The influence card.
        card: u8,
        /// Who played it.
        by: u8,
        /// The opponent named.
        target: u8,
    },
}

/// A process under way that may stop for a decision or a chance step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// Phase 1's turning until a building card (U32, U38, N8).
    Turning {
        /// Whether the discards were reshuffled already in this turning (N8).
        reshuffled: bool,
    },
    /// Drawing building cards unseen into a hand (U42, effect `draw`).
    Drawing {
        /// Whose hand.
        p: u8,
        /// Cards still to draw.
        left: u8,
        /// Whether the discards were reshuffled already (N8).
        reshuffled: bool,
    },
    /// Income for the building card turned (U35), from the player to act on (N6).
    Income {
        /// The card turned.
        card: u8,
        /// The next player, as an offset from the player to act.
        next: u8,
        /// The violet card's tax is still to be levied (U34).
        tax: bool,
    },
    /// Other players may answer with an influence card playable outside their turn (S9).
    Answer {
        /// What is answered: [`TARGETED`], [`ON_EVENT`] or [`ON_TAX`].
        moment: u8,
        /// The next player to ask, as an offset from the player to act.
        off: u8,
        /// Whether an answer cancelled what is answered (`cancel`).
        cancelled: bool,
    },
    /// An effect being carried out.
    Effect {
        /// Its card.
        src: Source,
        /// The clause at hand.
        clause: u8,
        /// The player at hand, an offset from the player to act (events, N6).
        off: u8,
        /// What remains of the clause (cards still to discard), 0 when it has not begun.
        left: u8,
    },
    /// Influence cards to draw (U53, U50, effect `draw_influence`).
    Influence {
        /// Whose hand.
        p: u8,
        /// Cards still to draw.
        left: u8,
    },
    /// A player holding three influence cards discards one (U55).
    Drop {
        /// Who.
        p: u8,
    },
}

/// An influence card played against a player, answered by him (`when_targeted`).
pub const TARGETED: u8 = 0;
/// An event turned, answered before it is carried out (`on_event`).
pub const ON_EVENT: u8 = 1;
/// A violet card turned, answered before the tax (`on_tax`).
pub const ON_TAX: u8 = 2;

/// The actions a `block` effect bars, as bits (kept in `material`, whose resolved effects name them).
pub use crate::material::block;

/// The whole game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State {
    /// The data.
    pub mat: &'static Material,
    /// The options.
    pub opts: Options,
    /// Seats in play.
    pub n: u8,
    /// Each area's owner, or [`NOBODY`] (neutral).
    pub owner: [u8; AREAS],
    /// Each area's building (a deck card), or [`NOBODY`].
    pub building: [u8; AREAS],
    /// The areas with a building, as a bit set (kept with `building` by `set_building`, as are
    /// the three sets below: whatever the owners, so a change of owner touches none of them).
    pub built: u64,
    /// The areas whose building is of each category, in the order of `Category::ALL`.
    pub built_in: [u64; 4],
    /// Bit plane j: the areas whose building's value has bit j set (points by popcounts).
    pub value_planes: [u64; 8],
    /// The areas with a toll house (U49).
    pub tolls: u64,
    /// The areas whose building is of each building card kind an effect names, by
    /// `Material::named_slot` (`per NAME` by a popcount).
    pub named: [u64; crate::material::NAMED],
    /// Each seat's buildings on the board by category (order of `Category::ALL`), kept by
    /// `set_building` and the changes of owner (`areas.rs`).
    pub cat_count: [[u8; 4]; SEATS],
    /// Each seat's buildings on the board of each kind in `named`.
    pub named_count: [[u8; crate::material::NAMED]; SEATS],
    /// Each seat's areas as a bit set.
    pub owned: [u64; SEATS],
    /// Each seat's stones.
    pub stones: [u16; SEATS],
    /// The bank's stones (160 less the players'; only a limit under `bank=160`, S11).
    pub bank: i32,
    /// Knights in each seat's supply (U20, U46).
    pub knights: [u8; SEATS],
    /// Each grand master's field on the wall (U53, N14).
    pub marker: [u16; SEATS],
    /// Each seat's building cards in hand (bit i: deck card i).
    pub hand: [u128; SEATS],
    /// The hand cards every seat knows of (turned in phase 1, bought openly; N25).
    pub known: [u128; SEATS],
    /// Each seat's influence cards (bit i: influence card i).
    pub influence: [u32; SEATS],
    /// The draw pile in its parts, drawn from the first part holding a card (U66; one part
    /// outside `periods`). Each turned card is drawn uniformly from that part (U77).
    pub pile: [u128; 3],
    /// The discarded building and event cards (S10).
    pub discard: u128,
    /// The cards lying open at the Pfandhaus (U40).
    pub pawnshop: u128,
    /// The cards lying open at the free market (U73, N23).
    pub market: u128,
    /// Cards the player to act sold on the free market this turn (N23).
    pub market_sold: u128,
    /// The influence pile.
    pub influence_pile: u32,
    /// The influence discards (N15, N17).
    pub influence_discard: u32,
    /// The influence discards that were played, face up (U56): public.
    pub played_influence: u32,
    /// The influence discards each seat put there face down (N15): known to him only.
    pub dropped: [u32; SEATS],
    /// Whether the discards were ever reshuffled into the draw pile (then its parts no longer
    /// follow the periods, U66).
    pub mixed: bool,
    /// Each great power's holder, or [`NOBODY`] (U70–U72).
    pub great: [u8; 4],
    /// The player to act.
    pub actor: u8,
    /// Turns begun (U75).
    pub turns: u32,
    /// The stage.
    pub stage: Stage,
    /// Areas bought this turn (U43).
    pub bought: u8,
    /// Buildings placed this turn (U47).
    pub placed: u8,
    /// Extra areas allowed this turn (`extra_areas`).
    pub extra_areas: u8,
    /// Extra placements allowed this turn (`extra_placements`).
    pub extra_placed: u8,
    /// Actions blocked in each seat's current turn (its own) or next ([`block`] bits).
    pub blocked_now: [u8; SEATS],
    /// Actions blocked in each seat's next turn.
    pub blocked_next: [u8; SEATS],
    /// Phases each seat skips next (bit 1, 2, 3).
    pub skip: [u8; SEATS],
    /// The current phase 1's card pays no income (`no_income`).
    pub no_income: bool,
    /// The deal: cards still to deal (U23).
    pub deal_left: u8,
    /// Start areas: the seats that have stopped (bit set).
    pub stopped: u8,
    /// Start areas: the next chooser, as a step of the reverse order (U27).
    pub chooser: u8,
    /// Whether the last area has been taken (U3, N1).
    pub last_area: bool,
    /// Whether the target was reached under `last_round=complete` (U60).
    pub final_round: bool,
    /// The winners (bit set), once the game is over.
    pub winners: u8,
    /// Areas each seat has taken by isolation (U67), for the results: nothing in play reads it.
    pub isolated: [u8; SEATS],
    /// The value of the buildings standing on those areas when taken (U67, U45), likewise.
    pub isolated_points: [u8; SEATS],
    /// Whether phase 3 scored in this turn (U52; `skip_phase 3` skips it).
    pub scored: bool,
    /// Who decides now: a seat, [`CHANCE`] or [`OVER`] (kept by `settle`).
    pub to_act: u8,
    /// Steps taken: decisions and chance outcomes.
    pub steps: u32,
    /// Frames under way, the last on top.
    pub frames: [Frame; MAX_FRAMES],
    /// Frames in use.
    pub depth: u8,
}

impl State {
    /// Seats in play.
    pub fn seats(&self) -> usize {
        usize::from(self.n)
    }

    /// The seat `off` places after the player to act.
    #[inline]
    pub fn after_actor(&self, off: u8) -> u8 {
        // Offsets are below the seats: one subtraction, not a division (the remainder kept for
        // any other).
        let s = self.actor + off;
        if s < self.n {
            s
        } else if s - self.n < self.n {
            s - self.n
        } else {
            s % self.n
        }
    }

    /// The frame on top, if any.
    pub fn top(&self) -> Option<Frame> {
        // The depth is at most MAX_FRAMES (8): the mask only spares a bounds check.
        self.depth.checked_sub(1).map(|d| self.frames[usize::from(d) % MAX_FRAMES])
    }

    /// Replaces the frame on top.
    pub fn set_top(&mut self, f: Frame) {
        if let Some(d) = self.depth.checked_sub(1) {
            self.frames[usize::from(d)] = f;
        }
    }

    /// Pushes a frame; false (nothing pushed) when the nesting is full.
    pub fn push(&mut self, f: Frame) -> bool {
        if usize::from(self.depth) >= MAX_FRAMES {
            return false;
        }
        self.frames[usize::from(self.depth)] = f;
        self.depth += 1;
        true
    }

    /// Pops the frame on top.
    pub fn pop(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The deck card's category, value and toll-house tag.
    pub fn card(&self, card: u8) -> &crate::material::DeckCard {
        self.mat.card(card)
    }

    /// A player's points: his buildings' values (U51) and his great powers' points (U72).
    #[inline]
    pub fn points(&self, p: u8) -> u16 {
        let own = self.owned[usize::from(p)];
        let mut sum = 0u16;
        for j in 0..usize::from(self.mat.value_planes) {
            sum += ((own & self.value_planes[j]).count_ones() as u16) << j;
        }
        for (c, &h) in self.great.iter().enumerate() {
            if h == p {
                sum += u16::from(Category::ALL[c].great_power().0);
            }
        }
        sum
    }

    /// Whether a player owns a building of a category on the board.
    #[inline]
    pub fn owns_category(&self, p: u8, c: Category) -> bool {
        self.cat_count[usize::from(p)][c as usize] > 0
    }

    /// How many buildings of a category a player owns on the board.
    #[inline]
    pub fn count_category(&self, p: u8, c: Category) -> u8 {
        self.cat_count[usize::from(p)][c as usize]
    }

    /// Counts the building on `a` (if any) for `p` (`add`) or no longer (`cat_count`,
    /// `named_count`).
    pub(crate) fn tally(&mut self, a: u8, p: u8, add: bool) {
        let b = self.building[usize::from(a)];
        if b == NOBODY || p >= self.n {
            return;
        }
        let c = *self.card(b);
        let pi = usize::from(p);
        let step = |n: &mut u8| *n = if add { n.wrapping_add(1) } else { n.wrapping_sub(1) };
        step(&mut self.cat_count[pi][c.category as usize]);
        if let Some(slot) = self.mat.named_slot(c.kind).filter(|_| !c.event) {
            step(&mut self.named_count[pi][slot]);
        }
    }

    /// Sets the building on `a` (a deck card, or [`NOBODY`] for none), keeping the building
    /// sets; nothing else follows (see `areas.rs` for what does).
    pub fn set_building(&mut self, a: u8, card: u8) {
        let ai = usize::from(a);
        let bit = 1u64 << ai;
        let owner = self.owner[ai];
        if owner != NOBODY {
            self.tally(a, owner, false);
        }
        let old = self.building[ai];
        if old != NOBODY {
            let c = *self.card(old);
            self.built &= !bit;
            self.built_in[c.category as usize] &= !bit;
            for plane in &mut self.value_planes {
                *plane &= !bit;
            }
            self.tolls &= !bit;
            if let Some(slot) = self.mat.named_slot(c.kind).filter(|_| !c.event) {
                self.named[slot] &= !bit;
            }
        }
        self.building[ai] = card;
        if card != NOBODY {
            let c = *self.card(card);
            self.built |= bit;
            self.built_in[c.category as usize] |= bit;
            for (j, plane) in self.value_planes.iter_mut().enumerate() {
                if c.price >> j & 1 != 0 {
                    *plane |= bit;
                }
            }
            if c.toll {
                self.tolls |= bit;
            }
            if let Some(slot) = self.mat.named_slot(c.kind).filter(|_| !c.event) {
                self.named[slot] |= bit;
            }
        }
        if owner != NOBODY {
            self.tally(a, owner, true);
        }
    }

    /// The neutral areas as a bit set.
    pub fn neutral(&self) -> u64 {
        let all = (1u64 << AREAS) - 1;
        all & !self.owned.iter().fold(0, |m, o| m | o)
    }

    /// The areas bordering a set of areas.
    pub fn bordering(&self, set: u64) -> u64 {
        let mut out = 0;
        let mut m = set;
        while m != 0 {
            let a = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= self.mat.neighbours[a];
        }
        out
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    /// The limit of areas bought this turn: 2 and any extra (U43).
    pub fn area_limit(&self) -> u8 {
        2 + self.extra_areas
    }

    /// The limit of placements this turn: 2 and any extra (U47).
    pub fn place_limit(&self) -> u8 {
        2 + self.extra_placed
    }
}

/// The bits of a u128 as card ids.
pub fn bits128(mut m: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(i)
    })
}

/// The bits of a u64 as area indices.
pub fn bits64(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(i)
    })
}

/// The bits of a u32 as influence card ids.
pub fn bits32(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(i)
    })
}
