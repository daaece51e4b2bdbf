//! The data set turned into flat tables the engine reads: one entry per card instance (the deck of
//! 68 building and 15 event cards, the 30 influence cards) and per area, leaked once so that
//! every state holds a `&'static` reference and clones without touching the heap.

use crate::data::board::AREAS;
use crate::data::cards::{BUILDINGS, EVENTS, INFLUENCE};
use crate::data::{Category, Clause, DataSet, Effect, Filter, Kind, Moment, Period, Tag};

/// Cards in the draw pile's world: 68 building cards (ids 0..68) and 15 events (ids 68..83).
pub const DECK: usize = BUILDINGS + EVENTS;
/// The first event id in the deck.
pub const FIRST_EVENT: u8 = BUILDINGS as u8;

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
    /// Each building name an effect names (`per NAME`, a filter), by the address of the name's
    /// text in `data` (which never moves or changes), with its kind: no string compare in play.
    name_kinds: Vec<(usize, u8)>,
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
            name_kinds,
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
    pub fn needs_target(&self, card: u8) -> bool {
        self.influence_effect(card).0.iter().any(|c| {
            matches!(
                c,
                Clause::Steal(_)
                    | Clause::TakeCard
                    | Clause::RemoveKnight { who: crate::data::Who::Opponent, .. }
                    | Clause::RemoveBuilding { who: crate::data::Who::Opponent, .. }
                    | Clause::SkipPhase { who: crate::data::Who::Opponent, .. }
                    | Clause::Block { who: crate::data::Who::Opponent, .. }
            )
        })
    }

    /// Whether an influence card does anything when played in its owner's turn (a card that only
    /// cancels answers another card, S9, and is not played on its own).
    pub fn playable_alone(&self, card: u8) -> bool {
        self.influence_effect(card).0.iter().any(|c| !matches!(c, Clause::Cancel))
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
