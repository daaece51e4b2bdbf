//! The rule options (docs/catan/rules.md sections 11 and 13.13): the official rules by default,
//! each of Catanatron's readings switchable alone or all at once, the harness's turn limit, and
//! the game played: the base game or Städte und Ritter with the club's house rules. Each option is
//! declared once (`OPTIONS`: its rule, values and default); the core's checker reads options text
//! against them and `Options::parse` builds the typed options from what it checked.

use crate::knights::house::{HouseRules, RULES};
use stadt_core::options::{Checked, GameOption, Values, check};

/// The values of an option that is on or off.
const YES_NO: Values = Values::OneOf(&["yes", "no"]);

/// The values of a house rule (section 13.13).
const HOUSE: Values = Values::OneOf(&["official", "cuxtan"]);

/// The house rule `RULES[k]` (H2 to H14; H1 is `shortage`) as an option, with what it sets.
const fn house_rule(k: usize, about: &'static str) -> GameOption {
    GameOption { name: RULES[k].0, rule: RULES[k].1, about, values: HOUSE, default: "official" }
}

/// Catan's options, as `Options::parse` reads them.
pub const OPTIONS: [GameOption; 31] = [
    GameOption {
        name: "shortage",
        rule: "C16, H1",
        about: "`h1`: nobody receives a resource the bank cannot pay in full (Catanatron; the club's H1)",
        values: Values::OneOf(&["official", "h1"]),
        default: "official",
    },
    GameOption {
        name: "discard",
        rule: "C29",
        about: "`random`: the cards discarded on a 7 are drawn from the hand (Catanatron)",
        values: Values::OneOf(&["choose", "random"]),
        default: "choose",
    },
    GameOption {
        name: "fresh_cards",
        rule: "C24",
        about: "`yes` lets a card bought this turn be played (Catanatron)",
        values: YES_NO,
        default: "no",
    },
    GameOption {
        name: "before_roll",
        rule: "C24",
        about: "any card or only a `knight` (Catanatron) before the roll",
        values: Values::OneOf(&["any", "knight"]),
        default: "any",
    },
    GameOption {
        name: "win",
        rule: "C38",
        about: "`any_time`: 10 points win after any action, not only on one's own turn (Catanatron)",
        values: Values::OneOf(&["own_turn", "any_time"]),
        default: "own_turn",
    },
    GameOption {
        name: "numbers",
        rule: "C9, C10",
        about: "`shuffle`: the number tokens are shuffled, not laid in the spiral (Catanatron)",
        values: Values::OneOf(&["spiral", "shuffle"]),
        default: "spiral",
    },
    GameOption {
        name: "road_building_cost",
        rule: "C26",
        about: "`yes` offers road building only with lumber and brick in hand (Catanatron)",
        values: YES_NO,
        default: "no",
    },
    GameOption {
        name: "road_through",
        rule: "C18",
        about: "`yes`: a road may go on from another player's building on an intersection one's own network took in before it was built (Catanatron since 2023, 3.3.0)",
        values: YES_NO,
        default: "no",
    },
    GameOption {
        name: "longest_road",
        rule: "C32, C33",
        about: "how longest road is counted and passed on: the official rules or Catanatron's",
        values: Values::OneOf(&["official", "catanatron"]),
        default: "official",
    },
    GameOption {
        name: "player_trade",
        rule: "C37",
        about: "`yes` allows trading between players",
        values: YES_NO,
        default: "no",
    },
    GameOption {
        name: "trade",
        rule: "C37",
        about: "player_trade in other words: `players` is yes, `bank` no",
        values: Values::OneOf(&["players", "bank"]),
        default: "bank",
    },
    GameOption {
        name: "turns",
        rule: "C39",
        about: "turns after which a game ends without a winner",
        values: Values::Whole { min: 1, max: u16::MAX as u64 },
        default: "1000",
    },
    GameOption {
        name: "setup_turns",
        rule: "C39",
        about: "`yes` counts the set-up round's 2(n - 1) hand-overs as turns (Catanatron)",
        values: YES_NO,
        default: "no",
    },
    GameOption {
        name: "catanatron",
        rule: "section 11",
        about: "all of Catanatron 3.2.1's readings at once (PyPI); an option named beside it wins over it",
        values: Values::Alone,
        default: "",
    },
    GameOption {
        name: "catanatron3_3",
        rule: "section 11",
        about: "all of Catanatron 3.3.0's readings at once (its current source); an option named beside it wins over it",
        values: Values::Alone,
        default: "",
    },
    GameOption {
        name: "board",
        rule: "C8",
        about: "a board file (`stadt-catan-board 1`) that every game is played on (the deck and dice still come from the seed); a path with blanks or commas in double quotes, board=\"my boards/a.txt\"",
        values: Values::File,
        default: "dealt from the seed",
    },
    GameOption {
        name: "game",
        rule: "K1-K85",
        about: "`catan` (the base game) or `knights`: Städte und Ritter (3 or 4 players; of the options above only shortage, numbers, turns and board apply)",
        values: Values::OneOf(&["catan", "knights"]),
        default: "catan",
    },
    GameOption {
        name: "house",
        rule: "H1-H14",
        about: "with game=knights: `cuxtan` sets every house rule H1-H14 (shortage=h1 and each below); a rule named alone wins over house=, and a rule named twice with two values is refused (docs/catan/rules.md section 13.13)",
        values: HOUSE,
        default: "official",
    },
    house_rule(1, "with game=knights: a city yields a resource and a commodity (restates K13)"),
    house_rule(2, "with game=knights: a knight activated this turn does not act (restates K32)"),
    house_rule(3, "with game=knights: the trading house trades two identical commodities (restates K22)"),
    house_rule(4, "with game=knights: at most four progress cards, a fifth put back or played at once"),
    house_rule(5, "with game=knights: the bishop draws one card from each player (restates K74)"),
    house_rule(6, "with game=knights: the diplomat removes any road with a free end"),
    house_rule(7, "with game=knights: the inventor leaves no two equal number tokens side by side"),
    house_rule(8, "with game=knights: the saboteur sabotages a city (the older card)"),
    house_rule(9, "with game=knights: the deserter's victim chooses, and the knight keeps its strength"),
    house_rule(
        10,
        "with game=knights: a city lost to the barbarians goes when no settlement is left (the older rule)",
    ),
    house_rule(11, "with game=knights: the longest trade route as the club plays it (restates K46)"),
    house_rule(12, "with game=knights: a move is final once made (restates the engine)"),
    house_rule(13, "with game=knights: a progress card played without effect is lost"),
];

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
    /// C18: a road may go on from another player's building on an intersection the player's
    /// network took in before the building stood there (Catanatron 3.3.0: yes).
    pub road_through: bool,
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
        road_through: false,
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
        road_through: false,
        longest_road: LongestRoad::Catanatron,
        player_trade: false,
        turn_limit: 1000,
        setup_turns: true,
        variant: Variant::Base,
    };

    /// Every reading of Catanatron 3.3.0 (its current source, not on PyPI; section 11): 3.2.1's,
    /// save that discards are chosen card by card, a card bought this turn waits for the next,
    /// any card may be played before the roll, road building needs no lumber and brick in hand,
    /// and a road may go on from another's building its network took in; the number tokens of
    /// a random set-up lie in the spiral.
    pub const CATANATRON3_3: Options = Options {
        discard: Discard::Choose,
        fresh_cards: false,
        before_roll: BeforeRoll::Any,
        numbers: Numbers::Spiral,
        road_building_cost: false,
        road_through: true,
        ..Options::CATANATRON
    };

    /// Whether the engine keeps `State::reached`, the intersections each player's network took
    /// in (Catanatron's longest road and its roads through others' buildings).
    #[inline]
    pub fn tracks_network(&self) -> bool {
        self.longest_road == LongestRoad::Catanatron || self.road_through
    }
}

/// The value given to the two-valued option `name`, as one of `values` (in the order `OPTIONS`
/// lists its words), or `default` when it was not given.
fn pick<T: Copy>(given: &Checked, name: &str, values: [T; 2], default: T) -> T {
    let words = match OPTIONS.iter().find(|o| o.name == name).map(|o| o.values) {
        Some(Values::OneOf(words)) => words,
        _ => return default,
    };
    given.value(name).and_then(|v| words.iter().position(|w| *w == v)).map_or(default, |i| values[i])
}

impl Options {
    /// The options `text` names (`name=value` words, or `catanatron` alone; empty: the official
    /// rules), without a board: a record's `options` line. Errors name the option, its rule and
    /// what it takes.
    pub fn parse(text: &str) -> Result<Options, String> {
        let (options, board) = Options::parse_with_board(text)?;
        match board {
            Some(file) => Err(format!(
                "`board={}` has no place here: a record holds its board on its own lines",
                stadt_core::options::quote(&file)
            )),
            None => Ok(options),
        }
    }

    /// The options `text` names, and the board file it names (`board=FILE`), if any.
    /// `catanatron` sets all of Catanatron's readings (docs/catan/rules.md section 11) and an
    /// option named beside it wins over it. `game=knights` plays Städte und Ritter, where
    /// `house=official|cuxtan` sets every house rule and each house rule has its own name
    /// (section 13.13): a rule named alone wins over `house=`, wherever the two stand, and a rule
    /// (or `house`) named twice with different values is refused. `house=` and the house rules
    /// belong to Städte und Ritter only; an option of the other game is an error naming it.
    pub fn parse_with_board(text: &str) -> Result<(Options, Option<String>), String> {
        let given = check(crate::NAME, &OPTIONS, text).map_err(|e| e.to_string())?;
        let mut o = match (given.has("catanatron"), given.has("catanatron3_3")) {
            (true, true) => {
                return Err(
                    "`catanatron` (3.2.1) and `catanatron3_3` (3.3.0) set two versions' readings: name one"
                        .into(),
                );
            }
            (true, false) => Options::CATANATRON,
            (false, true) => Options::CATANATRON3_3,
            (false, false) => Options::OFFICIAL,
        };
        o.shortage = pick(&given, "shortage", [Shortage::Official, Shortage::H1], o.shortage);
        o.discard = pick(&given, "discard", [Discard::Choose, Discard::Random], o.discard);
        o.fresh_cards = pick(&given, "fresh_cards", [true, false], o.fresh_cards);
        o.before_roll = pick(&given, "before_roll", [BeforeRoll::Any, BeforeRoll::Knight], o.before_roll);
        o.win = pick(&given, "win", [Win::OwnTurn, Win::AnyTime], o.win);
        o.numbers = pick(&given, "numbers", [Numbers::Spiral, Numbers::Shuffle], o.numbers);
        o.road_building_cost = pick(&given, "road_building_cost", [true, false], o.road_building_cost);
        o.road_through = pick(&given, "road_through", [true, false], o.road_through);
        o.longest_road =
            pick(&given, "longest_road", [LongestRoad::Official, LongestRoad::Catanatron], o.longest_road);
        let (player_trade, trade) = (given.value("player_trade"), given.value("trade"));
        o.player_trade = pick(&given, "player_trade", [true, false], o.player_trade);
        o.player_trade = pick(&given, "trade", [true, false], o.player_trade);
        if let (Some(p), Some(t)) = (player_trade, trade)
            && (p == "yes") != (t == "players")
        {
            return Err(format!("`player_trade={p}` and `trade={t}` (C37) say two things: name it once"));
        }
        o.turn_limit = given.whole("turns").map_or(o.turn_limit, |n| n as u16);
        o.setup_turns = pick(&given, "setup_turns", [true, false], o.setup_turns);
        // The house rules named, `house` first (section 13.13's order does not depend on theirs).
        let house_words: Vec<&str> = given
            .0
            .iter()
            .map(|g| g.option.name)
            .filter(|&k| k == "house" || (k != "shortage" && RULES.iter().any(|r| r.0 == k)))
            .collect();
        if given.value("game") != Some("knights") {
            if let Some(k) = house_words.first() {
                return Err(format!(
                    "`{k}` is an option of Städte und Ritter (game=knights, section 13.13), not of the base game (its H1 is shortage=h1)"
                ));
            }
            return Ok((o, given.value("board").map(str::to_string)));
        }
        let mut house = match given.value("house") {
            Some("cuxtan") => HouseRules::CUXTAN,
            _ => HouseRules::OFFICIAL,
        };
        // `house=` sets H1 too, unless `shortage` is named alone (it wins, as any rule).
        if let (Some(v), None) = (given.value("house"), given.value("shortage")) {
            o.shortage = if v == "cuxtan" { Shortage::H1 } else { Shortage::Official };
        }
        for (k, rule) in RULES.iter().enumerate().skip(1) {
            match given.value(rule.0) {
                Some("cuxtan") => house.0 |= 1 << k,
                Some(_) => house.0 &= !(1 << k),
                None => {}
            }
        }
        // H1 is `shortage`; the base game's other readings have no place in the expansion.
        o.variant = Variant::Knights(HouseRules(house.0 & !1 | (o.shortage == Shortage::H1) as u16));
        let official = Options::OFFICIAL;
        let base_only = [
            ("discard", o.discard != official.discard),
            ("fresh_cards", o.fresh_cards != official.fresh_cards),
            ("before_roll", o.before_roll != official.before_roll),
            ("win", o.win != official.win),
            ("road_building_cost", o.road_building_cost != official.road_building_cost),
            ("road_through", o.road_through != official.road_through),
            ("longest_road", o.longest_road != official.longest_road),
            ("player_trade", o.player_trade != official.player_trade),
            ("setup_turns", o.setup_turns != official.setup_turns),
        ];
        if let Some((k, _)) = base_only.iter().find(|x| x.1) {
            return Err(format!(
                "`{k}` is an option of the base game, not of Städte und Ritter (game=knights)"
            ));
        }
        Ok((o, given.value("board").map(str::to_string)))
    }
}
