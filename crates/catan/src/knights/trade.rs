//! Trading with the bank under Städte und Ritter (K22, K44, K45, K70): every card kind, resources
//! and commodities alike, at the best rate the player has for it.

use super::tracks::Commodity;
use crate::board::Harbour;
use crate::ids::Resource;

/// A card kind in trade: the five resources in index order (0–4), then cloth, coin and paper
/// (5–7), as `production::Cards` orders them.
pub type Kind = usize;

/// What gives a player a better rate than the bank's 4:1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rates {
    /// The harbours he uses (C36): 3:1 for every kind, 2:1 for one resource each.
    pub generic_harbour: bool,
    /// The resources of his 2:1 harbours, a bit per resource.
    pub special_harbours: u8,
    /// The trading house, trade level 3 (K22): 2:1 for every commodity.
    pub trading_house: bool,
    /// The resource of the hex the merchant he controls stands on (K45): 2:1 for it.
    pub merchant: Option<Resource>,
    /// The kind a Merchant Fleet played this turn named (K70): 2:1 for it.
    pub fleet: Option<Kind>,
}

impl Rates {
    /// Adds what `harbour` gives.
    pub fn with_harbour(mut self, harbour: Harbour) -> Rates {
        match harbour {
            Harbour::Generic => self.generic_harbour = true,
            Harbour::Special(r) => self.special_harbours |= 1 << r.index(),
        }
        self
    }

    /// How many cards of `kind` buy one card of any kind from the bank (K44: the best rate).
    pub fn rate(&self, kind: Kind) -> u8 {
        assert!(kind < 8, "kinds are 0 to 7, not {kind}");
        let commodity = kind >= 5;
        let two = (!commodity && self.special_harbours & (1 << kind) != 0)
            || (commodity && self.trading_house)
            || self.merchant.is_some_and(|r| r.index() == kind)
            || self.fleet == Some(kind);
        if two {
            2
        } else if self.generic_harbour {
            3
        } else {
            4
        }
    }
}

/// The kind of a commodity in trade.
pub fn kind_of(c: Commodity) -> Kind {
    5 + c as usize
}
