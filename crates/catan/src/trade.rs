//! Trade with the bank (C34–C36; K22, K44, K45, K70 under Städte und Ritter): the harbours a
//! player uses and the one rate function, `Rates::rate`, for both games.

use crate::board::Harbour;
use crate::ids::{Node, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::tracks::Track;
use crate::packed::pack;
use crate::state::{NODE_HARBOUR, State};
use crate::topology::NONE;

/// What gives a player a better rate than the bank's 4:1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rates {
    /// A 3:1 harbour (C36): 3:1 for every kind, commodities too (K44).
    pub generic_harbour: bool,
    /// The resources of his 2:1 harbours, a bit per resource (C36).
    pub special_harbours: u8,
    /// The trading house, trade level 3 (K22): 2:1 for every commodity.
    pub trading_house: bool,
    /// The resource of the hex the merchant he controls stands on (K45): 2:1 for it.
    pub merchant: Option<Resource>,
    /// The kinds a Merchant Fleet played this turn named (K70), a bit per lane: 2:1 for them.
    pub fleet: u8,
}

impl Rates {
    /// What the harbours of `bits` give (bits 0–4 a 2:1 of that resource, bit 5 a 3:1), as
    /// `State::harbour_bits` keeps them.
    pub(crate) fn harbours(bits: u8) -> Rates {
        Rates { generic_harbour: bits & 1 << 5 != 0, special_harbours: bits & 0x1F, ..Rates::default() }
    }

    /// What `p` has in `s` now: his harbours, and under Städte und Ritter his trading house, the
    /// merchant and a Merchant Fleet he played this turn (all absent in the base game).
    pub(crate) fn of(s: &State, p: u8) -> Rates {
        let i = p as usize;
        Rates {
            trading_house: s.ck.levels[i][Track::Trade as usize] >= 3,
            merchant: if s.ck.merchant_owner == p { s.board.terrain[s.ck.merchant as usize] } else { None },
            fleet: if s.current == p { s.ck.in_play.fleet } else { 0 },
            ..Rates::harbours(s.harbour_bits[i])
        }
    }

    /// Adds what `harbour` gives.
    pub fn with_harbour(mut self, harbour: Harbour) -> Rates {
        match harbour {
            Harbour::Generic => self.generic_harbour = true,
            Harbour::Special(r) => self.special_harbours |= 1 << r.index(),
        }
        self
    }

    /// How many cards of `kind` buy one card of any kind from the bank (C35, C36; K44: the best
    /// rate): 2 by a 2:1 harbour of a resource, the trading house for a commodity, the merchant's
    /// hex or a Merchant Fleet; 3 by a 3:1 harbour; 4.
    #[inline]
    pub fn rate(&self, kind: CardKind) -> u8 {
        let two = match kind {
            CardKind::Resource(r) => {
                self.special_harbours & (1 << r.index()) != 0 || self.merchant == Some(r)
            }
            CardKind::Commodity(_) => self.trading_house,
        } || self.fleet & (1 << kind.index()) != 0;
        if two {
            2
        } else if self.generic_harbour {
            3
        } else {
            4
        }
    }
}

/// The rate at which `p` trades `kind` with the bank in `s` now (`Rates::rate`).
#[inline]
pub(crate) fn rate(s: &State, p: u8, kind: CardKind) -> u8 {
    Rates::of(s, p).rate(kind)
}

/// Records the harbour at `n`, if any, for its new owner `p` (C36).
pub(crate) fn settle_harbour(s: &mut State, p: u8, n: Node) {
    let h = NODE_HARBOUR[n.index()];
    if h == NONE {
        return;
    }
    s.harbour_bits[p as usize] |= match s.board.harbours[h as usize] {
        Harbour::Generic => 1 << 5,
        Harbour::Special(r) => 1 << r.index(),
    };
    set_rates(s, p);
}

/// `p`'s rates for the resources from his harbours alone, packed into `State::rates` for the
/// base game's quick checks (C36); Städte und Ritter's other rates change too often to keep.
fn set_rates(s: &mut State, p: u8) {
    let rates = Rates::harbours(s.harbour_bits[p as usize]);
    s.rates[p as usize] = pack(&Resource::ALL.map(|r| rates.rate(CardKind::Resource(r))));
}

/// `p`'s harbours counted again from his buildings, after one left the board (K42 under H11).
pub(crate) fn recount_harbours(s: &mut State, p: u8) {
    s.harbour_bits[p as usize] = 0;
    set_rates(s, p);
    let mut built = s.built[p as usize];
    while built != 0 {
        let n = built.trailing_zeros() as u8;
        built &= built - 1;
        settle_harbour(s, p, Node(n));
    }
}
