//! The rule options (docs/catan/rules.md sections 11 and 13.13): the official rules by default,
//! each of Catanatron's readings switchable alone or all at once, the harness's turn limit, and
//! the game played: the base game or Städte und Ritter with the club's house rules.

use crate::knights::house::HouseRules;

/// The game played on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The base game (C1–C41).
    Base,
    /// Städte und Ritter (K1–K85) with these house rules on (section 13.13; H1 is `shortage`).
    Knights(HouseRules),
}

/// Who receives a resource the bank cannot pay in full (C16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shortage {
    /// Nobody, unless one player alone is owed it: he takes what is left.
    Official,
    /// Nobody (the club's H1, Catanatron's reading).
    H1,
}

/// How the cards discarded on a 7 are chosen (C29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Discard {
    /// The player chooses, one card at a time.
    Choose,
    /// Drawn uniformly from the hand, a chance event (Catanatron).
    Random,
}

/// Which development cards may be played before the roll (C24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeforeRoll {
    /// Any.
    Any,
    /// Only a knight (Catanatron).
    Knight,
}

/// When a player with 10 points wins (C38).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// On his own turn.
    OwnTurn,
    /// After any action that leaves anyone at 10 (Catanatron).
    AnyTime,
}

/// How the number tokens are laid in a random set-up (C9, C10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numbers {
    /// The lettered spiral.
    Spiral,
    /// Shuffled (Catanatron).
    Shuffle,
}

/// How longest road is counted and passed on (C32, C33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LongestRoad {
    /// The official rules (and H12).
    Official,
    /// Catanatron's: a road's last path into another player's building that stood there before
    /// the road reached it does not count, and after a break the card goes to the longest
    /// player, ties to the lower seat, even below 5.
    Catanatron,
}

/// Every option of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// C16.
    pub shortage: Shortage,
    /// C29.
    pub discard: Discard,
    /// C24: whether a card bought this turn may be played (Catanatron: yes).
    pub fresh_cards: bool,
    /// C24.
    pub before_roll: BeforeRoll,
    /// C38.
    pub win: Win,
    /// C9, C10.
    pub numbers: Numbers,
    /// C26: road building's free roads need lumber and brick in hand (Catanatron: yes).
    pub road_building_cost: bool,
    /// C32, C33.
    pub longest_road: LongestRoad,
    /// C37: trading between players (off by default, as in Catanatron).
    pub player_trade: bool,
    /// C39: turns after which the game ends without a winner.
    pub turn_limit: u16,
    /// The game: the base game or Städte und Ritter.
    pub variant: Variant,
    /// C39: whether the limit counts the set-up round's 2(n − 1) hand-overs as turns too
    /// (Catanatron: yes, its `num_turns` does).
    pub setup_turns: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options::OFFICIAL
    }
}

impl Options {
    /// The official rules.
    pub const OFFICIAL: Options = Options {
        shortage: Shortage::Official,
        discard: Discard::Choose,
        fresh_cards: false,
        before_roll: BeforeRoll::Any,
        win: Win::OwnTurn,
        numbers: Numbers::Spiral,
        road_building_cost: false,
        longest_road: LongestRoad::Official,
        player_trade: false,
        turn_limit: 1000,
        setup_turns: false,
        variant: Variant::Base,
    };

    /// Städte und Ritter under the official rules (K1–K85).
    pub const KNIGHTS: Options =
        Options { variant: Variant::Knights(HouseRules::OFFICIAL), ..Options::OFFICIAL };

    /// Städte und Ritter under the club's house rules (`house=cuxtan`, H1–H14).
    pub const CUXTAN: Options = Options {
        variant: Variant::Knights(HouseRules::CUXTAN),
        shortage: Shortage::H1,
        ..Options::OFFICIAL
    };

    /// Whether the game is Städte und Ritter.
    #[inline]
    pub fn knights(&self) -> bool {
        matches!(self.variant, Variant::Knights(_))
    }

    /// Whether house rule `H{n}` is on (never in the base game, where only `shortage` is H1).
    pub fn house(&self, n: usize) -> bool {
        match self.variant {
            Variant::Knights(h) => h.on(n),
            Variant::Base => false,
        }
    }

    /// Every reading of Catanatron 3.2.1 the engine has (section 11).
    pub const CATANATRON: Options = Options {
        shortage: Shortage::H1,
        discard: Discard::Random,
        fresh_cards: true,
        before_roll: BeforeRoll::Knight,
        win: Win::AnyTime,
        numbers: Numbers::Shuffle,
        road_building_cost: true,
        longest_road: LongestRoad::Catanatron,
        player_trade: false,
        turn_limit: 1000,
        setup_turns: true,
        variant: Variant::Base,
    };
}
