//! The card file (`stadt-unbezwingbare-cards 1`): building, event, influence, great power and
//! trade cards (rules.md U5, U11–U17, U33, U56, U65, U72; format in docs/unbezwingbare/data.md).

use super::effects::{self, Clause, Effect, EffectError, Filter, Holder, Kind};
use super::error::{DataError, Problem};
use super::line::{Item, items};

/// The version line a card file starts with.
pub const CARDS_VERSION: &str = "stadt-unbezwingbare-cards 1";
/// Building cards in the box (U5).
pub const BUILDINGS: usize = 68;
/// Event cards in the box (U5).
pub const EVENTS: usize = 15;
/// Influence cards in the box (U5).
pub const INFLUENCE: usize = 30;

/// A building category (U12–U15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Bürgertum, brown: built anywhere (U12).
    Buergertum,
    /// Gewerbe, green: not in the innermost ring (U13).
    Gewerbe,
    /// Städtische Gebäude, violet: not on water (U14).
    Staedtisch,
    /// Handel, blue: only on an area with a road (U15).
    Handel,
}

impl Category {
    /// The four, in the order of the rule book.
    pub const ALL: [Category; 4] =
        [Category::Buergertum, Category::Gewerbe, Category::Staedtisch, Category::Handel];

    /// The category of a colour word: brown, green, violet, blue.
    pub fn parse(word: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.word() == word)
    }

    /// The colour word the files use.
    pub fn word(self) -> &'static str {
        match self {
            Category::Buergertum => "brown",
            Category::Gewerbe => "green",
            Category::Staedtisch => "violet",
            Category::Handel => "blue",
        }
    }

    /// How many building cards of this category the box holds (U12–U15).
    pub fn cards(self) -> usize {
        match self {
            Category::Buergertum => 20,
            Category::Gewerbe => 18,
            Category::Staedtisch => 16,
            Category::Handel => 14,
        }
    }

    /// The great power of this category: (points, income bonus) (U72).
    pub fn great_power(self) -> (u8, u8) {
        match self {
            Category::Buergertum => (1, 1),
            Category::Gewerbe => (2, 1),
            Category::Staedtisch => (3, 2),
            Category::Handel => (4, 2),
        }
    }
}

/// A period letter (U17, U65).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Period {
    /// Early middle ages.
    A,
    /// High middle ages.
    B,
    /// Renaissance.
    C,
}

impl Period {
    /// Reads `A`, `B` or `C`.
    fn parse(word: &str) -> Option<Period> {
        match word {
            "A" => Some(Period::A),
            "B" => Some(Period::B),
            "C" => Some(Period::C),
            _ => None,
        }
    }
}

/// A tag on a building card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    /// `toll_house`: a Mauthaus, at most one per road (U49).
    TollHouse,
}

impl Tag {
    /// Reads a tag word.
    pub fn parse(word: &str) -> Option<Tag> {
        (word == "toll_house").then_some(Tag::TollHouse)
    }
}

/// When an influence card may be played outside its owner's turn (S9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// `when_targeted`: in answer to an influence card another player plays against him.
    WhenTargeted,
    /// `on_event`: when an event is turned, before it is carried out.
    OnEvent,
    /// `on_tax`: when a violet card is turned, before the tax (U34).
    OnTax,
    /// `anytime`: at any point of another player's turn where a player may act.
    Anytime,
}

impl Moment {
    /// Reads a moment word.
    fn parse(word: &str) -> Option<Moment> {
        match word {
            "when_targeted" => Some(Moment::WhenTargeted),
            "on_event" => Some(Moment::OnEvent),
            "on_tax" => Some(Moment::OnTax),
            "anytime" => Some(Moment::Anytime),
            _ => None,
        }
    }
}

/// One kind of building card and how many of it the box holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildingCard {
    /// Its name, unique in the file.
    pub name: String,
    /// Its category.
    pub category: Category,
    /// Its value: price and points, 1 to 5 (U11).
    pub price: u8,
    /// Its period.
    pub period: Period,
    /// How many cards of it.
    pub count: u8,
    /// Its tags.
    pub tags: Vec<Tag>,
}

impl BuildingCard {
    /// Whether it carries a tag.
    pub fn has(&self, tag: Tag) -> bool {
        self.tags.contains(&tag)
    }
}

/// One kind of event card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventCard {
    /// Its name, unique in the file.
    pub name: String,
    /// Its period (U65).
    pub period: Period,
    /// How many cards of it.
    pub count: u8,
    /// What it does to every player (U33).
    pub effect: Effect,
}

/// One kind of influence card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfluenceCard {
    /// Its name, unique in the file.
    pub name: String,
    /// How many cards of it.
    pub count: u8,
    /// What it does.
    pub effect: Effect,
    /// When it may be played outside its owner's turn; `None`: only in his turn (U56).
    pub outside_turn: Option<Moment>,
}

/// A great power card (U72): fixed by the rules, checked when a file lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreatPower {
    /// Its category.
    pub category: Category,
    /// Its points.
    pub points: u8,
    /// Its income bonus on the category's buildings.
    pub bonus: u8,
}

/// The card file read: every kind of card, and the file's SHA-256.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cards {
    /// Building cards, in the file's order.
    pub buildings: Vec<BuildingCard>,
    /// Event cards, in the file's order.
    pub events: Vec<EventCard>,
    /// Influence cards, in the file's order.
    pub influence: Vec<InfluenceCard>,
    /// The four great powers in the order of [`Category::ALL`] (U72; the file may omit them).
    pub great_powers: [GreatPower; 4],
    /// SHA-256 of the file's bytes, in hex: the name a record gives the cards.
    pub sha256: String,
}

impl Cards {
    /// Reads a card file.
    pub fn load(path: &std::path::Path) -> Result<Cards, DataError> {
        let text = super::read_text(path)?;
        Cards::parse(&path.display().to_string(), &text)
    }

    /// Reads cards from their text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Cards, DataError> {
        let mut buildings: Vec<BuildingCard> = Vec::new();
        let mut events: Vec<(EventCard, usize)> = Vec::new();
        let mut influence: Vec<(InfluenceCard, usize)> = Vec::new();
        let mut powers: Vec<(GreatPower, usize)> = Vec::new();
        let mut trade: Vec<(String, usize)> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut last = [1usize; 5];
        for mut item in items(file, text, CARDS_VERSION)? {
            let kind = match item.word {
                "building" => 0,
                "event" => 1,
                "influence" => 2,
                "great_power" => 3,
                "trade" => 4,
                other => return Err(item.error(Problem::UnknownItem(other.to_string()))),
            };
            last[kind] = item.line;
            match kind {
                0 => {
                    let name = unique_name(&mut item, &mut names)?;
                    buildings.push(read_building(&mut item, name)?);
                }
                1 => {
                    let name = unique_name(&mut item, &mut names)?;
                    events.push((read_event(&mut item, name)?, item.line));
                }
                2 => {
                    let name = unique_name(&mut item, &mut names)?;
                    influence.push((read_influence(&mut item, name)?, item.line));
                }
                3 => {
                    let power = read_great_power(&mut item)?;
                    if powers.iter().any(|(p, _)| p.category == power.category) {
                        let what = format!("{} is given twice", power.category.word());
                        return Err(item.error(Problem::GreatPower(what)));
                    }
                    powers.push((power, item.line));
                }
                _ => {
                    let name = item.need("name")?.to_string();
                    item.finish()?;
                    if trade.iter().any(|(n, _)| *n == name) {
                        return Err(item.error(Problem::TradeCard(format!("`{name}` is given twice"))));
                    }
                    if name != "Pfandhaus" && name != "Freier Markt" {
                        let what = format!("`{name}` is neither Pfandhaus nor Freier Markt");
                        return Err(item.error(Problem::TradeCard(what)));
                    }
                    trade.push((name, item.line));
                }
            }
        }
        let count_err = |line: usize, what: String, found: usize, expected: usize| {
            DataError::new(file, line, Problem::Count { what, found, expected })
        };
        for category in Category::ALL {
            let found: usize =
                buildings.iter().filter(|b| b.category == category).map(|b| usize::from(b.count)).sum();
            if found != category.cards() {
                let what = format!("{} building cards", category.word());
                return Err(count_err(last[0], what, found, category.cards()));
            }
        }
        let found: usize = events.iter().map(|(e, _)| usize::from(e.count)).sum();
        if found != EVENTS {
            return Err(count_err(last[1], "event cards".into(), found, EVENTS));
        }
        let found: usize = influence.iter().map(|(c, _)| usize::from(c.count)).sum();
        if found != INFLUENCE {
            return Err(count_err(last[2], "influence cards".into(), found, INFLUENCE));
        }
        if !powers.is_empty() && powers.len() != 4 {
            let what = format!("{} of the 4 are listed; list all four or none", powers.len());
            return Err(DataError::new(file, last[3], Problem::GreatPower(what)));
        }
        if trade.len() == 1 {
            let what = "list both Pfandhaus and Freier Markt, or neither".to_string();
            return Err(DataError::new(file, last[4], Problem::TradeCard(what)));
        }
        // Names in effects are checked once every building card is read: events may come first.
        for (effect, line) in
            events.iter().map(|(e, l)| (&e.effect, *l)).chain(influence.iter().map(|(c, l)| (&c.effect, *l)))
        {
            if let Some(name) = unknown_name(effect, &buildings) {
                return Err(DataError::new(file, line, Problem::UnknownName(name)));
            }
        }
        Ok(Cards {
            buildings,
            events: events.into_iter().map(|(e, _)| e).collect(),
            influence: influence.into_iter().map(|(c, _)| c).collect(),
            great_powers: Category::ALL.map(|category| {
                let (points, bonus) = category.great_power();
                GreatPower { category, points, bonus }
            }),
            sha256: super::sha256_hex(text.as_bytes()),
        })
    }

    /// The building card with this name.
    pub fn building(&self, name: &str) -> Option<&BuildingCard> {
        self.buildings.iter().find(|b| b.name == name)
    }

    /// How many building cards carry this period letter (the deal under `periods` needs 3 a
    /// player, 10 under U58: rules.md section 17).
    pub fn buildings_in_period(&self, period: Period) -> usize {
        self.buildings.iter().filter(|b| b.period == period).map(|b| usize::from(b.count)).sum()
    }
}

/// Reads the name key, which no other building, event or influence card may share.
fn unique_name(item: &mut Item, names: &mut Vec<String>) -> Result<String, DataError> {
    let name = item.need("name")?.to_string();
    if names.contains(&name) {
        return Err(item.error(Problem::DuplicateName(name)));
    }
    names.push(name.clone());
    Ok(name)
}

/// Reads the period key.
fn period(item: &mut Item) -> Result<Period, DataError> {
    let value = item.need("period")?;
    Period::parse(value).ok_or_else(|| {
        item.error(Problem::BadValue { key: "period".into(), value: value.into(), allowed: "A, B, C" })
    })
}

/// Reads one `building` line.
fn read_building(item: &mut Item, name: String) -> Result<BuildingCard, DataError> {
    let word = item.need("category")?;
    let category =
        Category::parse(word).ok_or_else(|| item.error(Problem::UnknownCategory(word.to_string())))?;
    let price = item.number("price", 1, 5)? as u8;
    let period = period(item)?;
    let count = item.number_or("count", 1, BUILDINGS as i64, 1)? as u8;
    let mut tags = Vec::new();
    if let Some(list) = item.get("tags") {
        for word in list.split(',').filter(|w| !w.is_empty()) {
            let tag = Tag::parse(word).ok_or_else(|| item.error(Problem::UnknownTag(word.to_string())))?;
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
    }
    item.finish()?;
    Ok(BuildingCard { name, category, price, period, count, tags })
}

/// Reads an effect key, turning its errors into this line's.
fn effect(item: &mut Item, holder: Holder) -> Result<Effect, DataError> {
    let text = item.need("effect")?;
    effects::parse(text, holder).map_err(|e| {
        item.error(match e {
            EffectError::UnknownWord(word) => Problem::UnknownEffectWord(word),
            EffectError::Bad { word, what } => Problem::BadEffect { word, what },
        })
    })
}

/// Reads one `event` line.
fn read_event(item: &mut Item, name: String) -> Result<EventCard, DataError> {
    let period = period(item)?;
    let count = item.number_or("count", 1, EVENTS as i64, 1)? as u8;
    let effect = effect(item, Holder::Event)?;
    item.finish()?;
    Ok(EventCard { name, period, count, effect })
}

/// Reads one `influence` line.
fn read_influence(item: &mut Item, name: String) -> Result<InfluenceCard, DataError> {
    let count = item.number_or("count", 1, INFLUENCE as i64, 1)? as u8;
    let outside_turn = match item.get("outside_turn") {
        None => None,
        Some(word) => Some(Moment::parse(word).ok_or_else(|| {
            item.error(Problem::BadValue {
                key: "outside_turn".into(),
                value: word.into(),
                allowed: "when_targeted, on_event, on_tax, anytime",
            })
        })?),
    };
    let effect = effect(item, Holder::Influence { outside_turn: outside_turn.is_some() })?;
    item.finish()?;
    Ok(InfluenceCard { name, count, effect, outside_turn })
}

/// Reads one `great_power` line, which must agree with U72.
fn read_great_power(item: &mut Item) -> Result<GreatPower, DataError> {
    let word = item.need("category")?;
    let category =
        Category::parse(word).ok_or_else(|| item.error(Problem::UnknownCategory(word.to_string())))?;
    let points = item.number("points", 0, 9)? as u8;
    let bonus = item.number("bonus", 0, 9)? as u8;
    item.finish()?;
    if (points, bonus) != category.great_power() {
        let (p, b) = category.great_power();
        let what = format!("{} is {p} points and bonus +{b} (U72)", category.word());
        return Err(item.error(Problem::GreatPower(what)));
    }
    Ok(GreatPower { category, points, bonus })
}

/// The first building name an effect uses that no building card has.
fn unknown_name(effect: &Effect, buildings: &[BuildingCard]) -> Option<String> {
    effect.0.iter().find_map(|clause| {
        let kind = match clause {
            Clause::Gain { per: Some(kind), .. } | Clause::Lose { per: Some(kind), .. } => kind,
            Clause::RemoveKnight { filter: Filter::Building(kind), .. }
            | Clause::RemoveBuilding { filter: Filter::Building(kind), .. } => kind,
            _ => return None,
        };
        match kind {
            Kind::Name(name) if !buildings.iter().any(|b| &b.name == name) => Some(name.clone()),
            _ => None,
        }
    })
}
