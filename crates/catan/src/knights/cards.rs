//! The 54 progress cards (K47–K83): three decks of 18, science (green), trade (yellow) and
//! politics (blue), each card kind with its count.

/// A deck's colour: the improvement track whose gate draws from it (K12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Green: science, paper.
    Science,
    /// Yellow: trade, cloth.
    Trade,
    /// Blue: politics, coin.
    Politics,
}

impl Colour {
    /// The three, in deck order.
    pub const ALL: [Colour; 3] = [Colour::Science, Colour::Trade, Colour::Politics];

    /// Its name in records.
    pub fn name(self) -> &'static str {
        ["science", "trade", "politics"][self as usize]
    }

    /// The colour a record names.
    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// A progress card's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProgressCard {
    /// K56.
    Alchemist,
    /// K57.
    Crane,
    /// K58.
    Engineer,
    /// K59.
    Inventor,
    /// K60.
    Irrigation,
    /// K61.
    Medicine,
    /// K62.
    Mining,
    /// K63: a victory point.
    Printer,
    /// K64.
    RoadBuilding,
    /// K65.
    Smith,
    /// K67.
    CommercialHarbor,
    /// K68.
    MasterMerchant,
    /// K69.
    Merchant,
    /// K70.
    MerchantFleet,
    /// K71.
    ResourceMonopoly,
    /// K72.
    TradeMonopoly,
    /// K74.
    Bishop,
    /// K75: a victory point.
    Constitution,
    /// K76.
    Deserter,
    /// K77.
    Diplomat,
    /// K78.
    Intrigue,
    /// K79.
    Saboteur,
    /// K80.
    Spy,
    /// K81.
    Warlord,
    /// K82.
    Wedding,
}

/// Every kind with its colour, its count in its deck and its name in records, in deck order
/// (K55, K66, K73).
pub const KINDS: [(ProgressCard, Colour, u8, &str); 25] = [
    (ProgressCard::Alchemist, Colour::Science, 2, "alchemist"),
    (ProgressCard::Crane, Colour::Science, 2, "crane"),
    (ProgressCard::Engineer, Colour::Science, 1, "engineer"),
    (ProgressCard::Inventor, Colour::Science, 2, "inventor"),
    (ProgressCard::Irrigation, Colour::Science, 2, "irrigation"),
    (ProgressCard::Medicine, Colour::Science, 2, "medicine"),
    (ProgressCard::Mining, Colour::Science, 2, "mining"),
    (ProgressCard::Printer, Colour::Science, 1, "printer"),
    (ProgressCard::RoadBuilding, Colour::Science, 2, "road-building"),
    (ProgressCard::Smith, Colour::Science, 2, "smith"),
    (ProgressCard::CommercialHarbor, Colour::Trade, 2, "commercial-harbor"),
    (ProgressCard::MasterMerchant, Colour::Trade, 2, "master-merchant"),
    (ProgressCard::Merchant, Colour::Trade, 6, "merchant"),
    (ProgressCard::MerchantFleet, Colour::Trade, 2, "merchant-fleet"),
    (ProgressCard::ResourceMonopoly, Colour::Trade, 4, "resource-monopoly"),
    (ProgressCard::TradeMonopoly, Colour::Trade, 2, "trade-monopoly"),
    (ProgressCard::Bishop, Colour::Politics, 2, "bishop"),
    (ProgressCard::Constitution, Colour::Politics, 1, "constitution"),
    (ProgressCard::Deserter, Colour::Politics, 2, "deserter"),
    (ProgressCard::Diplomat, Colour::Politics, 2, "diplomat"),
    (ProgressCard::Intrigue, Colour::Politics, 2, "intrigue"),
    (ProgressCard::Saboteur, Colour::Politics, 2, "saboteur"),
    (ProgressCard::Spy, Colour::Politics, 3, "spy"),
    (ProgressCard::Warlord, Colour::Politics, 2, "warlord"),
    (ProgressCard::Wedding, Colour::Politics, 2, "wedding"),
];

/// Cards in each deck (K47).
pub const DECK: usize = 18;

impl ProgressCard {
    /// Every kind, in `KINDS` order.
    pub const ALL: [ProgressCard; 25] = {
        let mut out = [ProgressCard::Alchemist; 25];
        let mut k = 0;
        while k < 25 {
            out[k] = KINDS[k].0;
            k += 1;
        }
        out
    };

    /// Its index in `KINDS`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its row of `KINDS`.
    fn row(self) -> &'static (ProgressCard, Colour, u8, &'static str) {
        &KINDS[self as usize]
    }

    /// The deck it belongs to.
    pub fn colour(self) -> Colour {
        self.row().1
    }

    /// How many of it its deck holds.
    pub fn count(self) -> u8 {
        self.row().2
    }

    /// Its name in records.
    pub fn name(self) -> &'static str {
        self.row().3
    }

    /// The kind a record names, if one.
    pub fn parse(name: &str) -> Option<ProgressCard> {
        KINDS.iter().find(|k| k.3 == name).map(|k| k.0)
    }

    /// Whether it is a victory point, shown and laid down when drawn, never held (K49).
    pub fn is_victory_point(self) -> bool {
        matches!(self, ProgressCard::Printer | ProgressCard::Constitution)
    }
}

/// The deck of `colour` before shuffling: each kind its count of times, in `KINDS` order.
pub fn unshuffled(colour: Colour) -> [ProgressCard; DECK] {
    let mut out = [ProgressCard::Alchemist; DECK];
    let mut n = 0;
    for &(card, c, count, _) in &KINDS {
        if c == colour {
            for _ in 0..count {
                out[n] = card;
                n += 1;
            }
        }
    }
    assert_eq!(n, DECK, "every deck holds {DECK} cards");
    out
}

/// The progress cards a player may hold, victory points aside (K50, H5).
pub const HAND_LIMIT: usize = 4;

/// What a player holding `held` progress cards (victory points aside) must do about the limit
/// (K50, H5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverLimit {
    /// Nothing now.
    Nothing,
    /// Put this many back under their decks now, cards of his choice.
    PutBack(usize),
    /// H5 on his own turn: put one back, or play one at once.
    PutBackOrPlay,
}

/// What the limit asks of a player holding `held` cards: off his turn the surplus goes back at
/// once; on his own turn, officially, only at its end (`turn_ends`), and under H5 (`h5`) at once,
/// a card put back or played.
pub fn over_limit(held: usize, own_turn: bool, turn_ends: bool, h5: bool) -> OverLimit {
    if held <= HAND_LIMIT {
        return OverLimit::Nothing;
    }
    match (own_turn, h5, turn_ends) {
        (false, _, _) | (true, false, true) => OverLimit::PutBack(held - HAND_LIMIT),
        (true, true, _) => OverLimit::PutBackOrPlay,
        (true, false, false) => OverLimit::Nothing,
    }
}
