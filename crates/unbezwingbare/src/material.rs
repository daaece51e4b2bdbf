//! The data set turned into flat tables the engine reads: one entry per card instance (the deck of
//! 68 building and 15 event cards, the 30 influence cards) and per area, leaked once so that
//! every state holds a `&'static` reference and clones without touching the heap.

use crate::data::board::AREAS;
use crate::data::cards::{BUILDINGS, EVENTS, INFLUENCE};
use crate::data::{Action, Category, Clause, DataSet, Effect, Filter, Kind, Moment, Period, Tag, Who};

/// Cards in the draw pile's world: 68 building cards (ids 0..68) and 15 events (ids 68..83).
pub const DECK: usize = BUILDINGS + EVENTS;
/// The first event id in the deck.
pub const FIRST_EVENT: u8 = BUILDINGS as u8;

/// The building card kinds named by effects whose areas the state keeps as bit sets
/// (`State::named`); a data set naming more counts the others area by area.
pub const NAMED: usize = 4;

/// One card of the deck (a building card or an event), as the engine reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckCard {
    /// The index of its kind in `Cards::buildings` or `Cards::events`.
    pub kind: u8,
    /// Whether it is an event.
    pub event: bool,
    /// A building's category (Bürgertum for an event, unused).
    pub category: Category,
    /// A building's value: price and points (U11); 0 for an event.
    pub price: u8,
    /// Its period (U17, U65).
    pub period: Period,
    /// Whether it is a toll house (U49).
    pub toll: bool,
}

/// A [`Kind`] resolved against the data set once: what play tests, no name compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    /// Buildings of a category.
    Category(Category),
    /// Toll houses (`tag:toll_house`).
    Toll,
    /// Any building.
    Building,
    /// Areas owned (`per area`; no building is one).
    Area,
    /// Buildings of this building card kind (a `NAME`).
    Kind(u8),
    /// A name no building card has: nothing is of it.
    Nothing,
}

/// A [`Filter`] resolved against the data set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Any of the player's areas (with a building, for `remove_building`).
    Any,
    /// An area with no building.
    Empty,
    /// An area whose building is of this kind.
    Building(Per),
}

/// A [`Clause`] resolved against the data set: `Copy`, kinds as [`Per`], `block`'s action as
/// its bit (`block`). The engine carries out these; the data keeps the clauses as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `gain N [per KIND]`.
    Gain {
        /// Stones.
        n: u8,
        /// What is counted, if anything.
        per: Option<Per>,
    },
    /// `lose N [per KIND]`.
    Lose {
        /// Stones.
        n: u8,
        /// What is counted, if anything.
        per: Option<Per>,
    },
    /// `tax_to N`.
    TaxTo(u8),
    /// `steal N`.
    Steal(u8),
    /// `remove_knight WHO [FILTER]`.
    RemoveKnight {
        /// Whose knight.
        who: Who,
        /// Which areas may be picked.
        filter: Pick,
    },
    /// `remove_building WHO [KIND]`.
    RemoveBuilding {
        /// Whose building.
        who: Who,
        /// Which buildings may be picked.
        filter: Pick,
    },
    /// `move_building`.
    MoveBuilding,
    /// `free_area`.
    FreeArea,
    /// `extra_areas N`.
    ExtraAreas(u8),
    /// `extra_placements N`.
    ExtraPlacements(u8),
    /// `draw N`.
    Draw(u8),
    /// `draw_influence N`.
    DrawInfluence(u8),
    /// `discard N`.
    Discard(u8),
    /// `take_card`.
    TakeCard,
    /// `skip_phase P WHO`.
    SkipPhase {
        /// The phase.
        phase: u8,
        /// Whose phase.
        who: Who,
    },
    /// `block ACTION WHO`, the action as its bit.
    Block {
        /// The action's bit ([`block`]).
        bit: u8,
        /// Whose turn.
        who: Who,
    },
    /// `no_income`.
    NoIncome,
    /// `cancel`.
    Cancel,
}

impl Op {
    /// Whether the clause is carried out without a decision, a chance step or a frame.
    pub fn is_plain(&self) -> bool {
        matches!(
            self,
            Op::Gain { .. }
                | Op::Lose { .. }
                | Op::TaxTo(_)
                | Op::Steal(_)
                | Op::ExtraAreas(_)
                | Op::ExtraPlacements(_)
                | Op::SkipPhase { .. }
                | Op::Block { .. }
                | Op::NoIncome
        )
    }
}

/// The data set read into tables; made once per data set and leaked (`Material::leak`).
#[derive(Debug)]
pub struct Material {
    /// The data set itself.
    pub data: DataSet,
    /// The deck's cards by id.
    pub deck: [DeckCard; DECK],
    /// Each influence card's kind (index in `Cards::influence`).
    pub influence_kind: [u8; INFLUENCE],
    /// Each area's neighbours as a bit set (bit i: area id i + 1).
    pub neighbours: [u64; AREAS],
    /// Each area's price (U6).
    pub price: [u8; AREAS],
    /// Each area's bonus (U7).
    pub bonus: [u8; AREAS],
    /// Each area's road, 0 for none (U15, U49).
    pub road: [u8; AREAS],
    /// Whether the river runs through the area (U14).
    pub water: [bool; AREAS],
    /// Whether the area is in the innermost ring (U13).
    pub inner: [bool; AREAS],
    /// The deck cards of each period A, B, C (U65).
    pub period_mask: [u128; 3],
    /// The areas where a building of each category may stand by its category (U12–U15), in
    /// the order of `Category::ALL`.
    pub stand: [u64; 4],
    /// The areas with a road (U15, U49).
    pub roads: u64,
    /// Each card id (0..256) as `deck[id % DECK]`: `State::card` without a division.
    by_id: [DeckCard; 256],
    /// Mask j: the deck cards whose id less 2^j is a card of the same kind (for
    /// [`Material::lowest_of_kinds`]), when the cards of each kind have consecutive ids.
    run_masks: [u128; 7],
    /// The masks `lowest_of_kinds` needs (log2 of the most cards of a kind, rounded up); 255
    /// when the cards of a kind are not consecutive (it then goes card by card).
    run_steps: u8,
    /// The slot in `State::named` of each building card kind an effect names (`per NAME`, a
    /// filter), the first [`NAMED`] named; [`NOBODY`](crate::moves::NOBODY) for the others.
    named_slot: [u8; 256],
    /// The bit planes a building's value needs (`State::value_planes`): 3 for values up to 7.
    pub value_planes: u8,
    /// Each building name an effect names (`per NAME`, a filter), by the address of the name's
    /// text in `data` (which never moves or changes), with its kind: no string compare in play.
    name_kinds: Vec<(usize, u8)>,
    /// Every effect's clauses resolved ([`Op`]), effect after effect.
    ops: Vec<Op>,
    /// Each deck card's effect in `ops` (first, count); (0, 0) for a building card.
    deck_ops: [(u16, u8); DECK],
    /// Each influence card's effect in `ops` (first, count).
    influence_ops: [(u16, u8); INFLUENCE],
    /// The influence cards answering at each moment (`state::TARGETED`, `ON_EVENT`, `ON_TAX`;
    /// `anytime` cards in all three), as bit sets of influence ids (S9).
    answer_mask: [u32; 3],
    /// The influence cards that name an opponent.
    target_mask: u32,
    /// The event cards of the deck whose clauses never ask for a decision, a chance step or a
    /// frame (`gain`, `lose`, `tax_to`, `steal`, `extra_*`, `skip_phase`, `block`,
    /// `no_income`).
    plain_events: u128,
    /// The influence cards that do something when played in their owner's turn (not only
    /// `cancel`).
    alone_mask: u32,
}

/// Two tables are equal when they are the same leaked tables or read from the same files (by
/// their SHA-256): what lets two states over them compare.
impl PartialEq for Material {
    fn eq(&self, other: &Material) -> bool {
        std::ptr::eq(self, other)
            || (self.data.board.sha256 == other.data.board.sha256
                && self.data.cards.sha256 == other.data.cards.sha256)
    }
}

impl Material {
    /// Reads a data set into tables and leaks them: one small allocation for the program's life,
    /// as Die Stadt leaks its tile set.
    pub fn leak(data: DataSet) -> &'static Material {
        Box::leak(Box::new(Material::new(data)))
    }

    /// Loads `board.txt` and `cards.txt` from a folder and leaks their tables (errors name the
    /// file and line, data.md).
    pub fn load(dir: &std::path::Path) -> Result<&'static Material, crate::data::DataError> {
        Ok(Material::leak(DataSet::load_dir(dir)?))
    }

    /// Reads a data set into tables (the loader already checked the counts).
    pub fn new(data: DataSet) -> Material {
        let blank = DeckCard {
            kind: 0,
            event: true,
            category: Category::Buergertum,
            price: 0,
            period: Period::A,
            toll: false,
        };
        let mut deck = [blank; DECK];
        let mut i = 0;
        for (k, b) in data.cards.buildings.iter().enumerate() {
            for _ in 0..b.count {
                if i < BUILDINGS {
                    deck[i] = DeckCard {
                        kind: k as u8,
                        event: false,
                        category: b.category,
                        price: b.price,
                        period: b.period,
                        toll: b.has(Tag::TollHouse),
                    };
                }
                i += 1;
            }
        }
        let mut i = BUILDINGS;
        for (k, e) in data.cards.events.iter().enumerate() {
            for _ in 0..e.count {
                if i < DECK {
                    deck[i] = DeckCard { kind: k as u8, period: e.period, ..blank };
                }
                i += 1;
            }
        }
        let mut influence_kind = [0u8; INFLUENCE];
        let mut i = 0;
        for (k, c) in data.cards.influence.iter().enumerate() {
            for _ in 0..c.count {
                if i < INFLUENCE {
                    influence_kind[i] = k as u8;
                }
                i += 1;
            }
        }
        let mut neighbours = [0u64; AREAS];
        let mut price = [0u8; AREAS];
        let mut bonus = [0u8; AREAS];
        let mut road = [0u8; AREAS];
        let mut water = [false; AREAS];
        let mut inner = [false; AREAS];
        for (i, a) in data.board.areas.iter().enumerate() {
            neighbours[i] = a.neighbours.iter().fold(0, |m, n| m | 1u64 << n.index());
            price[i] = a.price;
            bonus[i] = a.bonus;
            road[i] = a.road.map_or(0, |r| r.0);
            water[i] = a.water;
            inner[i] = a.ring == 1;
        }
        let mut period_mask = [0u128; 3];
        for (i, c) in deck.iter().enumerate() {
            period_mask[c.period as usize] |= 1u128 << i;
        }
        let by_id: [DeckCard; 256] = std::array::from_fn(|i| deck[i % DECK]);
        let key = |c: usize| (deck[c].event, deck[c].kind);
        let mut consecutive = true;
        let mut longest = 1usize;
        let mut run = 1usize;
        for c in 1..DECK {
            if key(c) == key(c - 1) {
                run += 1;
                longest = longest.max(run);
            } else {
                run = 1;
                if (0..c).any(|d| key(d) == key(c)) {
                    consecutive = false;
                }
            }
        }
        let mut run_masks = [0u128; 7];
        for (j, m) in run_masks.iter_mut().enumerate() {
            let k = 1usize << j;
            for c in k..DECK {
                if key(c) == key(c - k) {
                    *m |= 1u128 << c;
                }
            }
        }
        let run_steps = if consecutive { (usize::BITS - (longest - 1).leading_zeros()) as u8 } else { 255 };
        let mut stand = [0u64; 4];
        let mut roads = 0u64;
        for i in 0..data.board.areas.len().min(AREAS) {
            let bit = 1u64 << i;
            stand[Category::Buergertum as usize] |= bit;
            if !inner[i] {
                stand[Category::Gewerbe as usize] |= bit;
            }
            if !water[i] {
                stand[Category::Staedtisch as usize] |= bit;
            }
            if road[i] != 0 {
                stand[Category::Handel as usize] |= bit;
                roads |= bit;
            }
        }
        let top = deck.iter().map(|c| c.price).max().unwrap_or(0);
        let value_planes = (8 - top.leading_zeros()) as u8;
        let mut name_kinds = Vec::new();
        let effects =
            data.cards.events.iter().map(|e| &e.effect).chain(data.cards.influence.iter().map(|c| &c.effect));
        for effect in effects {
            for clause in &effect.0 {
                let kind = match clause {
                    Clause::Gain { per: Some(k), .. } | Clause::Lose { per: Some(k), .. } => Some(k),
                    Clause::RemoveKnight { filter: Filter::Building(k), .. }
                    | Clause::RemoveBuilding { filter: Filter::Building(k), .. } => Some(k),
                    _ => None,
                };
                if let Some(Kind::Name(n)) = kind
                    && let Some(i) = data.cards.buildings.iter().position(|b| b.name == *n)
                {
                    name_kinds.push((n.as_ptr() as usize, i as u8));
                }
            }
        }
        let resolve = |k: &Kind| -> Per {
            match k {
                Kind::Category(c) => Per::Category(*c),
                Kind::Tag(Tag::TollHouse) => Per::Toll,
                Kind::Building => Per::Building,
                Kind::Area => Per::Area,
                Kind::Name(n) => data
                    .cards
                    .buildings
                    .iter()
                    .position(|b| b.name == *n)
                    .map_or(Per::Nothing, |i| Per::Kind(i as u8)),
            }
        };
        let pick = |f: &Filter| match f {
            Filter::Any => Pick::Any,
            Filter::Empty => Pick::Empty,
            Filter::Building(k) => Pick::Building(resolve(k)),
        };
        let op = |c: &Clause| -> Op {
            match c {
                Clause::Gain { n, per } => Op::Gain { n: *n, per: per.as_ref().map(resolve) },
                Clause::Lose { n, per } => Op::Lose { n: *n, per: per.as_ref().map(resolve) },
                Clause::TaxTo(n) => Op::TaxTo(*n),
                Clause::Steal(n) => Op::Steal(*n),
                Clause::RemoveKnight { who, filter } => Op::RemoveKnight { who: *who, filter: pick(filter) },
                Clause::RemoveBuilding { who, filter } => {
                    Op::RemoveBuilding { who: *who, filter: pick(filter) }
                }
                Clause::MoveBuilding => Op::MoveBuilding,
                Clause::FreeArea => Op::FreeArea,
                Clause::ExtraAreas(n) => Op::ExtraAreas(*n),
                Clause::ExtraPlacements(n) => Op::ExtraPlacements(*n),
                Clause::Draw(n) => Op::Draw(*n),
                Clause::DrawInfluence(n) => Op::DrawInfluence(*n),
                Clause::Discard(n) => Op::Discard(*n),
                Clause::TakeCard => Op::TakeCard,
                Clause::SkipPhase { phase, who } => Op::SkipPhase { phase: *phase, who: *who },
                Clause::Block { action, who } => Op::Block {
                    bit: match action {
                        Action::BuyArea => block::BUY_AREA,
                        Action::Place => block::PLACE,
                        Action::Trade => block::TRADE,
                        Action::BuyInfluence => block::BUY_INFLUENCE,
                    },
                    who: *who,
                },
                Clause::NoIncome => Op::NoIncome,
                Clause::Cancel => Op::Cancel,
            }
        };
        let mut ops = Vec::new();
        let mut compile = |e: &Effect| -> (u16, u8) {
            let first = ops.len() as u16;
            ops.extend(e.0.iter().map(op));
            (first, e.0.len() as u8)
        };
        let mut deck_ops = [(0u16, 0u8); DECK];
        for (i, c) in deck.iter().enumerate() {
            if c.event {
                deck_ops[i] = compile(&data.cards.events[usize::from(c.kind)].effect);
            }
        }
        let mut influence_ops = [(0u16, 0u8); INFLUENCE];
        let (mut answer_mask, mut target_mask, mut alone_mask) = ([0u32; 3], 0u32, 0u32);
        for i in 0..INFLUENCE {
            let card = &data.cards.influence[usize::from(influence_kind[i])];
            influence_ops[i] = compile(&card.effect);
            let bit = 1u32 << i;
            let clauses = &card.effect.0;
            let targets = clauses.iter().any(|c| {
                matches!(
                    c,
                    Clause::Steal(_)
                        | Clause::TakeCard
                        | Clause::RemoveKnight { who: Who::Opponent, .. }
                        | Clause::RemoveBuilding { who: Who::Opponent, .. }
                        | Clause::SkipPhase { who: Who::Opponent, .. }
                        | Clause::Block { who: Who::Opponent, .. }
                )
            });
            if targets {
                target_mask |= bit;
            }
            if clauses.iter().any(|c| !matches!(c, Clause::Cancel)) {
                alone_mask |= bit;
            }
            // The moments in the order of state::TARGETED, ON_EVENT, ON_TAX.
            let at = match card.outside_turn {
                Some(Moment::Anytime) => [true; 3],
                Some(Moment::WhenTargeted) => [true, false, false],
                Some(Moment::OnEvent) => [false, true, false],
                Some(Moment::OnTax) => [false, false, true],
                None => [false; 3],
            };
            for (m, &yes) in at.iter().enumerate() {
                if yes {
                    answer_mask[m] |= bit;
                }
            }
        }
        let mut named_slot = [crate::moves::NOBODY; 256];
        let mut slots = 0;
        for op in &ops {
            let per = match op {
                Op::Gain { per: Some(k), .. } | Op::Lose { per: Some(k), .. } => Some(*k),
                Op::RemoveKnight { filter: Pick::Building(k), .. }
                | Op::RemoveBuilding { filter: Pick::Building(k), .. } => Some(*k),
                _ => None,
            };
            if let Some(Per::Kind(k)) = per
                && named_slot[usize::from(k)] == crate::moves::NOBODY
                && slots < NAMED
            {
                named_slot[usize::from(k)] = slots as u8;
                slots += 1;
            }
        }
        let mut plain_events = 0u128;
        for (i, c) in deck.iter().enumerate() {
            let (first, len) = deck_ops[i];
            let ops_of = &ops[usize::from(first)..usize::from(first) + usize::from(len)];
            if c.event && ops_of.iter().all(Op::is_plain) {
                plain_events |= 1u128 << i;
            }
        }
        Material {
            data,
            deck,
            influence_kind,
            neighbours,
            price,
            bonus,
            road,
            water,
            inner,
            period_mask,
            named_slot,
            by_id,
            run_masks,
            run_steps,
            stand,
            roads,
            value_planes,
            name_kinds,
            ops,
            deck_ops,
            influence_ops,
            answer_mask,
            target_mask,
            alone_mask,
            plain_events,
        }
    }

    /// The slot in `State::named` of a building card kind, if it has one.
    #[inline]
    pub fn named_slot(&self, kind: u8) -> Option<usize> {
        let s = self.named_slot[usize::from(kind)];
        (usize::from(s) < NAMED).then_some(usize::from(s))
    }

    /// Whether an event card's clauses never ask for anything (see `plain_events`).
    #[inline]
    pub fn is_plain_event(&self, card: u8) -> bool {
        card < 128 && self.plain_events & (1u128 << card) != 0
    }

    /// The deck card `id` (as `deck[id % DECK]`).
    #[inline]
    pub fn card(&self, id: u8) -> &DeckCard {
        &self.by_id[usize::from(id)]
    }

    /// One card of each kind of a set of deck cards: the lowest id of the kind in the set.
    #[inline]
    pub fn lowest_of_kinds(&self, set: u128) -> u128 {
        if self.run_steps == 255 {
            let mut kinds = [0u128; 2];
            let mut out = 0;
            let mut m = set;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let d = &self.by_id[c];
                let seen = &mut kinds[usize::from(d.event)];
                if *seen & (1u128 << d.kind) == 0 {
                    *seen |= 1u128 << d.kind;
                    out |= 1u128 << c;
                }
            }
            return out;
        }
        // The ids of a kind are consecutive: a card is the lowest of its kind in the set when
        // no card of the set lies below it in its run (an OR down the runs by doubling).
        let mut below = set;
        for j in 0..usize::from(self.run_steps) {
            below |= (below << (1u32 << j)) & self.run_masks[j];
        }
        set & !((below << 1) & self.run_masks[0])
    }

    /// Clause `i` of an event card's effect, resolved; `None` past its last.
    #[inline]
    pub fn event_op(&self, card: u8, i: u8) -> Option<Op> {
        let (first, len) = self.deck_ops[usize::from(card) % DECK];
        (i < len).then(|| self.ops[usize::from(first) + usize::from(i)])
    }

    /// Clause `i` of an influence card's effect, resolved; `None` past its last.
    #[inline]
    pub fn influence_op(&self, card: u8, i: u8) -> Option<Op> {
        let (first, len) = self.influence_ops[usize::from(card) % INFLUENCE];
        (i < len).then(|| self.ops[usize::from(first) + usize::from(i)])
    }

    /// The influence cards that answer at a moment (`state::TARGETED`, `ON_EVENT`, `ON_TAX`),
    /// as a bit set of influence ids (S9).
    #[inline]
    pub fn answering(&self, moment: u8) -> u32 {
        self.answer_mask.get(usize::from(moment)).copied().unwrap_or(0)
    }

    /// The influence cards that name an opponent, as a bit set.
    #[inline]
    pub fn targeting(&self) -> u32 {
        self.target_mask
    }

    /// The influence cards playable on their own (not only `cancel`), as a bit set.
    #[inline]
    pub fn playable_alone_set(&self) -> u32 {
        self.alone_mask
    }

    /// A [`Kind`] resolved against this data set.
    pub fn per(&self, kind: &Kind) -> Per {
        match kind {
            Kind::Category(c) => Per::Category(*c),
            Kind::Tag(Tag::TollHouse) => Per::Toll,
            Kind::Building => Per::Building,
            Kind::Area => Per::Area,
            Kind::Name(n) => self.kind_named(n).map_or(Per::Nothing, Per::Kind),
        }
    }

    /// The kind index of the building card named `name` (found by the address of a name held in
    /// the data's effects, else by comparing the text).
    pub fn kind_named(&self, name: &str) -> Option<u8> {
        let at = name.as_ptr() as usize;
        if let Some(&(_, k)) = self.name_kinds.iter().find(|(p, _)| *p == at) {
            return Some(k);
        }
        self.data.cards.buildings.iter().position(|b| b.name == name).map(|i| i as u8)
    }

    /// The effect of an event card of the deck.
    pub fn event_effect(&self, card: u8) -> &Effect {
        &self.data.cards.events[usize::from(self.deck[usize::from(card)].kind)].effect
    }

    /// The effect of an influence card.
    pub fn influence_effect(&self, card: u8) -> &Effect {
        &self.data.cards.influence[usize::from(self.influence_kind[usize::from(card)])].effect
    }

    /// When an influence card may be played outside its owner's turn (S9).
    pub fn influence_moment(&self, card: u8) -> Option<Moment> {
        self.data.cards.influence[usize::from(self.influence_kind[usize::from(card)])].outside_turn
    }

    /// Whether an influence card names an opponent (it is played against one, chosen with it).
    #[inline]
    pub fn needs_target(&self, card: u8) -> bool {
        card < 32 && self.target_mask & (1u32 << card) != 0
    }

    /// Whether an influence card does anything when played in its owner's turn (a card that only
    /// cancels answers another card, S9, and is not played on its own).
    #[inline]
    pub fn playable_alone(&self, card: u8) -> bool {
        card < 32 && self.alone_mask & (1u32 << card) != 0
    }

    /// The building card kind's name of a deck card (for messages).
    pub fn name(&self, card: u8) -> &str {
        let d = &self.deck[usize::from(card)];
        if d.event {
            &self.data.cards.events[usize::from(d.kind)].name
        } else {
            &self.data.cards.buildings[usize::from(d.kind)].name
        }
    }
}

/// Action bits for `block` (data.md): buy_area, place, trade, buy_influence.
pub mod block {
    /// Buying areas (U43, U45).
    pub const BUY_AREA: u8 = 1;
    /// Placing and rebuilding (U47, U48).
    pub const PLACE: u8 = 2;
    /// Trading building cards (U40–U42, U73).
    pub const TRADE: u8 = 4;
    /// Buying influence cards (U50).
    pub const BUY_INFLUENCE: u8 = 8;
}
