//! The effect vocabulary of event and influence cards (docs/unbezwingbare/data.md, "Effects"):
//! an effect is clauses separated by `;`, each a word and its arguments.

use super::cards::{Category, Tag};

/// Who a clause acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// `self`: the player the card acts for (each player in turn for an event, U33, N6; the
    /// player who plays an influence card).
    Own,
    /// `opponent`: one other player, chosen by the player who plays the influence card.
    Opponent,
}

/// What `per` counts, or what a filter asks of a building.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Buildings of a category: `brown`, `green`, `violet`, `blue`.
    Category(Category),
    /// Buildings with a tag: `tag:toll_house`.
    Tag(Tag),
    /// Any building: `building`.
    Building,
    /// Areas owned: `area` (only after `per`).
    Area,
    /// Buildings of the card with this name (in the file, `_` stands for a space).
    Name(String),
}

/// Which of a player's areas a removal may pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    /// No filter: any of the player's areas (with a building, for `remove_building`).
    Any,
    /// `empty`: an area with no building (for `remove_knight` only).
    Empty,
    /// An area whose building is of this kind.
    Building(Kind),
}

/// One clause of an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clause {
    /// `gain N [per KIND]`: receive N stones from the bank (N per KIND owned).
    Gain {
        /// Stones.
        n: u8,
        /// What is counted, if anything.
        per: Option<Kind>,
    },
    /// `lose N [per KIND]`: pay N stones to the bank (N per KIND owned); short, pay all (N3).
    Lose {
        /// Stones.
        n: u8,
        /// What is counted, if anything.
        per: Option<Kind>,
    },
    /// `tax_to N`: every player holding more than N stones gives back all but N (as U34 with 5).
    TaxTo(u8),
    /// `steal N`: take N stones (or all he holds, if fewer) from an opponent.
    Steal(u8),
    /// `remove_knight WHO [FILTER]`: WHO takes his knight off one of his areas, chosen by the
    /// card's player; the area turns neutral, a building stays on it (U44, N10).
    RemoveKnight {
        /// Whose knight.
        who: Who,
        /// Which areas may be picked.
        filter: Filter,
    },
    /// `remove_building WHO [KIND]`: a building on an area of WHO goes to the discard pile; the
    /// area stays his (its points are lost, U51).
    RemoveBuilding {
        /// Whose building.
        who: Who,
        /// Which buildings may be picked.
        filter: Filter,
    },
    /// `move_building`: the player moves one of his buildings to one of his areas with no
    /// building, where its category may stand (U12–U15, U49).
    MoveBuilding,
    /// `free_area`: the player takes a neutral area bordering one of his, without paying; it is no
    /// purchase (U43's 2) and isolates nothing (U69).
    FreeArea,
    /// `extra_areas N`: this turn he may buy N areas more than U43's 2.
    ExtraAreas(u8),
    /// `extra_placements N`: this turn he may place N buildings more than U47's 2.
    ExtraPlacements(u8),
    /// `draw N`: draw N building cards as by a purchase from the draw pile (U42), unpaid.
    Draw(u8),
    /// `draw_influence N`: draw N influence cards (U55 limits the hand).
    DrawInfluence(u8),
    /// `discard N`: discard N building cards of one's choice from the hand, face up (N25).
    Discard(u8),
    /// `take_card`: take one building card unseen from an opponent's hand (a chance step, U77).
    TakeCard,
    /// `skip_phase P WHO`: WHO's next phase P (1, 2 or 3) is skipped.
    SkipPhase {
        /// The phase, 1 to 3 (U31).
        phase: u8,
        /// Whose phase.
        who: Who,
    },
    /// `block ACTION WHO`: in WHO's turn (the current one if it is his, else his next) he may not
    /// do ACTION.
    Block {
        /// What he may not do.
        action: Action,
        /// Whose turn.
        who: Who,
    },
    /// `no_income`: the building card that ends the current phase 1 pays no income (U35); its tax
    /// still applies (U34).
    NoIncome,
    /// `cancel`: the event or influence card this card answers has no effect (only on a card
    /// with `outside_turn`).
    Cancel,
}

/// An action of phase 2 that `block` forbids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `buy_area`: buying areas (U43, U45).
    BuyArea,
    /// `place`: placing and rebuilding (U47, U48).
    Place,
    /// `trade`: trading building cards at the Pfandhaus, the draw pile and the free market
    /// (U40–U42, U73).
    Trade,
    /// `buy_influence`: buying influence cards (U50).
    BuyInfluence,
}

/// An effect: its clauses, carried out in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect(pub Vec<Clause>);

/// Where an effect stands, which decides the words it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Holder {
    /// An event: it applies to all players, so no `opponent`, `steal`, `take_card` or `cancel`.
    Event,
    /// An influence card, with whether it may be played outside its owner's turn.
    Influence {
        /// Whether the card has `outside_turn`.
        outside_turn: bool,
    },
}

/// Every word of the vocabulary, in the order of data.md's table.
pub const WORDS: [&str; 18] = [
    "gain",
    "lose",
    "tax_to",
    "steal",
    "remove_knight",
    "remove_building",
    "move_building",
    "free_area",
    "extra_areas",
    "extra_placements",
    "draw",
    "draw_influence",
    "discard",
    "take_card",
    "skip_phase",
    "block",
    "no_income",
    "cancel",
];

/// Most of anything one clause may move: a bound that catches typing slips.
const MOST: i64 = 20;

/// Reads an effect written on a card of `holder`'s kind; building names are checked by the caller,
/// which knows the file's building cards.
pub(crate) fn parse(text: &str, holder: Holder) -> Result<Effect, EffectError> {
    let mut clauses = Vec::new();
    for clause in text.split(';') {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let Some((&word, args)) = words.split_first() else {
            return Err(EffectError::Bad { word: String::new(), what: "an empty clause".into() });
        };
        clauses.push(parse_clause(word, args, holder)?);
    }
    Ok(Effect(clauses))
}

/// What is wrong with an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EffectError {
    /// A word not in the vocabulary.
    UnknownWord(String),
    /// A known word used wrongly.
    Bad {
        /// The word.
        word: String,
        /// What is wrong.
        what: String,
    },
}

/// Reads one clause.
fn parse_clause(word: &str, args: &[&str], holder: Holder) -> Result<Clause, EffectError> {
    // WORDS is the vocabulary data.md documents (a test holds the two equal): no other word.
    if !WORDS.contains(&word) {
        return Err(EffectError::UnknownWord(word.to_string()));
    }
    let bad = |what: &str| EffectError::Bad { word: word.to_string(), what: what.to_string() };
    let count = |n: usize| {
        if args.len() == n { Ok(()) } else { Err(bad(&format!("takes {n} argument(s), has {}", args.len()))) }
    };
    let number = |i: usize, min: i64| -> Result<u8, EffectError> {
        let v: i64 = args
            .get(i)
            .ok_or_else(|| bad("a number is missing"))?
            .parse()
            .map_err(|_| bad(&format!("`{}` is not a whole number", args[i])))?;
        if v < min || v > MOST {
            return Err(bad(&format!("{v} is out of range {min} to {MOST}")));
        }
        Ok(v as u8)
    };
    let who = |i: usize| -> Result<Who, EffectError> {
        match args.get(i).copied() {
            Some("self") => Ok(Who::Own),
            Some("opponent") if holder == Holder::Event => {
                Err(bad("an event applies to all players (U33): no `opponent`"))
            }
            Some("opponent") => Ok(Who::Opponent),
            Some(other) => Err(bad(&format!("`{other}` is neither `self` nor `opponent`"))),
            None => Err(bad("`self` or `opponent` is missing")),
        }
    };
    let influence_only = || {
        if holder == Holder::Event { Err(bad("only an influence card may say this")) } else { Ok(()) }
    };
    let amount = |make: fn(u8, Option<Kind>) -> Clause| -> Result<Clause, EffectError> {
        let n = number(0, 1)?;
        match args {
            [_] => Ok(make(n, None)),
            [_, "per", kind] => Ok(make(n, Some(parse_kind(kind, true).map_err(|w| bad(&w))?))),
            _ => Err(bad("is `N` or `N per KIND`")),
        }
    };
    let clause = match word {
        "gain" => amount(|n, per| Clause::Gain { n, per })?,
        "lose" => amount(|n, per| Clause::Lose { n, per })?,
        "tax_to" => {
            count(1)?;
            Clause::TaxTo(number(0, 0)?)
        }
        "steal" => {
            influence_only()?;
            count(1)?;
            Clause::Steal(number(0, 1)?)
        }
        "remove_knight" | "remove_building" => {
            if args.is_empty() || args.len() > 2 {
                return Err(bad("is `WHO` or `WHO FILTER`"));
            }
            let who = who(0)?;
            let filter = match args.get(1).copied() {
                None => Filter::Any,
                Some("empty") if word == "remove_knight" => Filter::Empty,
                Some(kind) => Filter::Building(parse_kind(kind, false).map_err(|w| bad(&w))?),
            };
            if word == "remove_knight" {
                Clause::RemoveKnight { who, filter }
            } else {
                Clause::RemoveBuilding { who, filter }
            }
        }
        "move_building" => {
            count(0)?;
            Clause::MoveBuilding
        }
        "free_area" => {
            count(0)?;
            Clause::FreeArea
        }
        "extra_areas" => {
            count(1)?;
            Clause::ExtraAreas(number(0, 1)?)
        }
        "extra_placements" => {
            count(1)?;
            Clause::ExtraPlacements(number(0, 1)?)
        }
        "draw" => {
            count(1)?;
            Clause::Draw(number(0, 1)?)
        }
        "draw_influence" => {
            count(1)?;
            Clause::DrawInfluence(number(0, 1)?)
        }
        "discard" => {
            count(1)?;
            Clause::Discard(number(0, 1)?)
        }
        "take_card" => {
            influence_only()?;
            count(0)?;
            Clause::TakeCard
        }
        "skip_phase" => {
            count(2)?;
            let phase = number(0, 1)?;
            if phase > 3 {
                return Err(bad("the phase is 1, 2 or 3 (U31)"));
            }
            Clause::SkipPhase { phase, who: who(1)? }
        }
        "block" => {
            count(2)?;
            let action = match args[0] {
                "buy_area" => Action::BuyArea,
                "place" => Action::Place,
                "trade" => Action::Trade,
                "buy_influence" => Action::BuyInfluence,
                other => {
                    let what = format!("`{other}` is none of buy_area, place, trade, buy_influence");
                    return Err(bad(&what));
                }
            };
            Clause::Block { action, who: who(1)? }
        }
        "no_income" => {
            count(0)?;
            Clause::NoIncome
        }
        "cancel" => {
            count(0)?;
            if holder != (Holder::Influence { outside_turn: true }) {
                return Err(bad("only a card with `outside_turn` answers another card"));
            }
            Clause::Cancel
        }
        other => return Err(EffectError::UnknownWord(other.to_string())),
    };
    Ok(clause)
}

/// Reads a KIND word; `area` only where `per` counts.
fn parse_kind(word: &str, per: bool) -> Result<Kind, String> {
    if let Some(tag) = word.strip_prefix("tag:") {
        return Tag::parse(tag).map(Kind::Tag).ok_or_else(|| format!("unknown tag `{tag}`"));
    }
    if let Some(category) = Category::parse(word) {
        return Ok(Kind::Category(category));
    }
    match word {
        "building" => Ok(Kind::Building),
        "area" if per => Ok(Kind::Area),
        "area" => Err("`area` counts only after `per`".to_string()),
        name => Ok(Kind::Name(name.replace('_', " "))),
    }
}
