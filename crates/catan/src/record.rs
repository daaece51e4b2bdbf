//! Moves as text and whole games as records (docs/catan/README.md, "Records"): the header pins
//! the board and the options. A record of version 2 (`stadt-catan-record 2`) carries every chance
//! outcome as a line of its own (`chance: dice 3 4`, `chance_log`), so it replays without the
//! dice generator's seed or the decks' order, which it may leave out; a record of version 1 has
//! no chance lines and replays its chance from the header's seed and decks. Replaying checks
//! every move and outcome and names the line of the first that is wrong.

use crate::board::Board;
use crate::chance_log::{PREFIX as CHANCE, chance_line, parse_chance};
use crate::deal::unshuffled_deck;
use crate::ids::{Cards, DevCard, Edge, Hex, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::{Colour, DECK as PROGRESS_DECK, ProgressCard};
use crate::knights::decks::Deck;
use crate::knights::tracks::{Commodity, Track};
use crate::moves::{Move, Phase};
use crate::options::{BeforeRoll, Discard, LongestRoad, Numbers, Options, Shortage, Variant, Win};
use crate::state::{DECK, State};

/// What a card kind's name is, in errors.
const KIND: &str = "card kind (a resource or cloth, coin, paper)";

/// The first line of a record as stadt writes it now: version 2, with every chance outcome.
pub const HEADER: &str = "stadt-catan-record 2";

/// The first line of a record of version 1: no chance lines, chance from the seed and decks.
pub const HEADER_V1: &str = "stadt-catan-record 1";

/// Whether `first` is the first line of a Catan record (either version).
pub fn is_header(first: Option<&str>) -> bool {
    first.is_some_and(|l| l == HEADER || l == HEADER_V1)
}

fn cards_text(c: &Cards) -> String {
    c.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
}

fn parse_cards(s: &str) -> Result<Cards, String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 5 {
        return Err(format!("`{s}` is not five counts (lumber,brick,wool,grain,ore)"));
    }
    let mut out = [0u8; 5];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = p.parse().map_err(|_| format!("`{p}` is not a count"))?;
    }
    Ok(out)
}

/// A move as text: `settle 12`, `road 40`, `city 12`, `buy`, `roll`, `end`, `knight`,
/// `road-building`, `year-of-plenty grain [ore]`, `monopoly ore`, `robber 5 [p2]`,
/// `discard wool`, `trade lumber ore`, `propose 1,0,0,0,0 0,0,0,0,1`, `accept`, `decline`,
/// `pick [p2]` (players 1-based); under Städte und Ritter also `wall 12`, `recruit 12`,
/// `promote 12`, `activate 12`, `move-knight 12 14`, `chase 12`, `relocate 12`,
/// `improve trade|politics|science`, `metropolis 12`, `exchange cloth ore`, `lose-city 12`,
/// `defender-deck science|trade|politics`, `put-back spy`, `aqueduct grain`, `discard cloth`.
pub fn move_text(mv: Move) -> String {
    let who = |p: Option<Player>| p.map_or(String::new(), |p| format!(" p{}", p.0 + 1));
    match mv {
        Move::Settle(n) => format!("settle {}", n.0),
        Move::Road(e) => format!("road {}", e.0),
        Move::City(n) => format!("city {}", n.0),
        Move::Buy => "buy".into(),
        Move::Roll => "roll".into(),
        Move::End => "end".into(),
        Move::Knight => "knight".into(),
        Move::RoadBuilding => "road-building".into(),
        Move::YearOfPlenty(a, b) => {
            format!("year-of-plenty {a}{}", b.map_or(String::new(), |b| format!(" {b}")))
        }
        Move::Monopoly(r) => format!("monopoly {r}"),
        Move::Robber(h, v) => format!("robber {}{}", h.0, who(v)),
        Move::Discard(r) => format!("discard {r}"),
        Move::Trade(a, b) => format!("trade {a} {b}"),
        Move::Propose(give, get) => format!("propose {} {}", cards_text(&give), cards_text(&get)),
        Move::Accept => "accept".into(),
        Move::Decline => "decline".into(),
        Move::Pick(q) => format!("pick{}", who(q)),
        Move::Wall(n) => format!("wall {}", n.0),
        Move::Recruit(n) => format!("recruit {}", n.0),
        Move::Promote(n) => format!("promote {}", n.0),
        Move::Activate(n) => format!("activate {}", n.0),
        Move::MoveKnight(a, b) => format!("move-knight {} {}", a.0, b.0),
        Move::Chase(n) => format!("chase {}", n.0),
        Move::Relocate(n) => format!("relocate {}", n.0),
        Move::Improve(t) => format!("improve {}", t.name()),
        Move::Metropolis(n) => format!("metropolis {}", n.0),
        Move::Exchange(a, b) => format!("exchange {a} {b}"),
        Move::LoseCity(n) => format!("lose-city {}", n.0),
        Move::DefenderDeck(c) => format!("defender-deck {}", c.name()),
        Move::PutBack(k) => format!("put-back {}", k.name()),
        Move::Aqueduct(r) => format!("aqueduct {r}"),
        Move::DiscardCommodity(c) => format!("discard {}", c.name()),
        Move::Play(k) => format!("play {}", k.name()),
        Move::Alchemist(r, y) => format!("alchemist {r} {y}"),
        Move::Crane(t) => format!("crane {}", t.name()),
        Move::Engineer(n) => format!("engineer {}", n.0),
        Move::Inventor(a, b) => format!("inventor {} {}", a.0, b.0),
        Move::Medicine(n) => format!("medicine {}", n.0),
        Move::Smith(a, b) => format!("smith {}{}", a.0, b.map_or(String::new(), |b| format!(" {}", b.0))),
        Move::Merchant(h) => format!("merchant {}", h.0),
        Move::Fleet(k) => format!("fleet {k}"),
        Move::ResourceMonopoly(r) => format!("resource-monopoly {r}"),
        Move::TradeMonopoly(c) => format!("trade-monopoly {}", c.name()),
        Move::Bishop(h) => format!("bishop {}", h.0),
        Move::Deserter(q) => format!("deserter{}", who(Some(q))),
        Move::Diplomat(e) => format!("diplomat {}", e.0),
        Move::Intrigue(n) => format!("intrigue {}", n.0),
        Move::Spy(q) => format!("spy{}", who(Some(q))),
        Move::MasterMerchant(q) => format!("master-merchant{}", who(Some(q))),
        Move::HarbourOffer(q, r) => format!("harbour-offer{} {r}", who(Some(q))),
        Move::Desert(n) => format!("desert {}", n.0),
        Move::Place(n) => format!("place {}", n.0),
        Move::SpyTake(k) => format!("spy-take {}", k.name()),
        Move::Take(k) => format!("take {k}"),
        Move::Give(k) => format!("give {k}"),
        Move::Skip => "skip".into(),
        Move::Sabotage(n) => format!("sabotage {}", n.0),
        Move::Repair(n) => format!("repair {}", n.0),
    }
}

/// Reads a move written by `move_text`.
pub fn parse_move(text: &str) -> Result<Move, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let num = |i: usize, max: usize, what: &str| -> Result<u8, String> {
        let w = words.get(i).ok_or_else(|| format!("`{text}` lacks its {what}"))?;
        w.parse::<u8>()
            .ok()
            .filter(|&n| (n as usize) < max)
            .ok_or_else(|| format!("`{w}` is no {what} (0-{})", max - 1))
    };
    let res = |i: usize| -> Result<Resource, String> {
        let w = words.get(i).ok_or_else(|| format!("`{text}` lacks a resource"))?;
        Resource::parse(w).ok_or_else(|| format!("`{w}` is no resource"))
    };
    let player = |i: usize| -> Result<Option<Player>, String> {
        match words.get(i) {
            None => Ok(None),
            Some(w) => w
                .strip_prefix('p')
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|&n| (1..=4).contains(&n))
                .map(|n| Some(Player(n - 1)))
                .ok_or_else(|| format!("`{w}` is no player (p1-p4)")),
        }
    };
    fn named_in<T>(
        words: &[&str],
        text: &str,
        i: usize,
        what: &str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<T, String> {
        let w = words.get(i).ok_or_else(|| format!("`{text}` lacks its {what}"))?;
        parse(w).ok_or_else(|| format!("`{w}` is no {what}"))
    }
    let someone = |i: usize| player(i)?.ok_or_else(|| format!("`{text}` lacks its player (p1-p4)"));
    let die = |i: usize| -> Result<u8, String> {
        let w = words.get(i).ok_or_else(|| format!("`{text}` lacks a die"))?;
        w.parse::<u8>().ok().filter(|d| (1..=6).contains(d)).ok_or_else(|| format!("`{w}` is no die (1-6)"))
    };
    let arity = |n: usize| {
        if words.len() > n { Err(format!("`{text}` has words after the move")) } else { Ok(()) }
    };
    let mv = match words.first().copied() {
        Some("settle") => Move::Settle(Node(num(1, 54, "intersection")?)),
        Some("road") => Move::Road(Edge(num(1, 72, "path")?)),
        Some("city") => Move::City(Node(num(1, 54, "intersection")?)),
        Some("buy") => Move::Buy,
        Some("roll") => Move::Roll,
        Some("end") => Move::End,
        Some("knight") => Move::Knight,
        Some("road-building") => Move::RoadBuilding,
        Some("year-of-plenty") => {
            Move::YearOfPlenty(res(1)?, if words.len() > 2 { Some(res(2)?) } else { None })
        }
        Some("monopoly") => Move::Monopoly(res(1)?),
        Some("robber") => Move::Robber(Hex(num(1, 19, "hex")?), player(2)?),
        Some("discard") => match words.get(1).and_then(|w| Commodity::parse(w)) {
            Some(c) => Move::DiscardCommodity(c),
            None => Move::Discard(res(1)?),
        },
        Some("wall") => Move::Wall(Node(num(1, 54, "intersection")?)),
        Some("recruit") => Move::Recruit(Node(num(1, 54, "intersection")?)),
        Some("promote") => Move::Promote(Node(num(1, 54, "intersection")?)),
        Some("activate") => Move::Activate(Node(num(1, 54, "intersection")?)),
        Some("move-knight") => {
            Move::MoveKnight(Node(num(1, 54, "intersection")?), Node(num(2, 54, "intersection")?))
        }
        Some("chase") => Move::Chase(Node(num(1, 54, "intersection")?)),
        Some("relocate") => Move::Relocate(Node(num(1, 54, "intersection")?)),
        Some("metropolis") => Move::Metropolis(Node(num(1, 54, "intersection")?)),
        Some("lose-city") => Move::LoseCity(Node(num(1, 54, "intersection")?)),
        Some("improve") => {
            Move::Improve(named_in(&words, text, 1, "track (trade, politics, science)", Track::parse)?)
        }
        Some("exchange") => Move::Exchange(
            named_in(&words, text, 1, "card kind (a resource or cloth, coin, paper)", CardKind::parse)?,
            named_in(&words, text, 2, "card kind (a resource or cloth, coin, paper)", CardKind::parse)?,
        ),
        Some("defender-deck") => {
            Move::DefenderDeck(named_in(&words, text, 1, "deck (science, trade, politics)", Colour::parse)?)
        }
        Some("put-back") => Move::PutBack(named_in(&words, text, 1, "progress card", ProgressCard::parse)?),
        Some("aqueduct") => Move::Aqueduct(res(1)?),
        Some("play") => Move::Play(named_in(&words, text, 1, "progress card", ProgressCard::parse)?),
        Some("alchemist") => Move::Alchemist(die(1)?, die(2)?),
        Some("crane") => {
            Move::Crane(named_in(&words, text, 1, "track (trade, politics, science)", Track::parse)?)
        }
        Some("engineer") => Move::Engineer(Node(num(1, 54, "intersection")?)),
        Some("inventor") => Move::Inventor(Hex(num(1, 19, "hex")?), Hex(num(2, 19, "hex")?)),
        Some("medicine") => Move::Medicine(Node(num(1, 54, "intersection")?)),
        Some("smith") => Move::Smith(
            Node(num(1, 54, "intersection")?),
            if words.len() > 2 { Some(Node(num(2, 54, "intersection")?)) } else { None },
        ),
        Some("merchant") => Move::Merchant(Hex(num(1, 19, "hex")?)),
        Some("fleet") => Move::Fleet(named_in(&words, text, 1, KIND, CardKind::parse)?),
        Some("resource-monopoly") => Move::ResourceMonopoly(res(1)?),
        Some("trade-monopoly") => Move::TradeMonopoly(named_in(
            &words,
            text,
            1,
            "commodity (cloth, coin, paper)",
            Commodity::parse,
        )?),
        Some("bishop") => Move::Bishop(Hex(num(1, 19, "hex")?)),
        Some("deserter") => Move::Deserter(someone(1)?),
        Some("diplomat") => Move::Diplomat(Edge(num(1, 72, "path")?)),
        Some("intrigue") => Move::Intrigue(Node(num(1, 54, "intersection")?)),
        Some("spy") => Move::Spy(someone(1)?),
        Some("master-merchant") => Move::MasterMerchant(someone(1)?),
        Some("harbour-offer") => Move::HarbourOffer(someone(1)?, res(2)?),
        Some("desert") => Move::Desert(Node(num(1, 54, "intersection")?)),
        Some("place") => Move::Place(Node(num(1, 54, "intersection")?)),
        Some("spy-take") => Move::SpyTake(named_in(&words, text, 1, "progress card", ProgressCard::parse)?),
        Some("take") => Move::Take(named_in(&words, text, 1, KIND, CardKind::parse)?),
        Some("give") => Move::Give(named_in(&words, text, 1, KIND, CardKind::parse)?),
        Some("skip") => Move::Skip,
        Some("sabotage") => Move::Sabotage(Node(num(1, 54, "intersection")?)),
        Some("repair") => Move::Repair(Node(num(1, 54, "intersection")?)),
        Some("trade") => Move::Trade(res(1)?, res(2)?),
        Some("propose") => {
            let side = |i: usize| {
                words.get(i).ok_or_else(|| format!("`{text}` lacks a side")).and_then(|w| parse_cards(w))
            };
            Move::Propose(side(1)?, side(2)?)
        }
        Some("accept") => Move::Accept,
        Some("decline") => Move::Decline,
        Some("pick") => Move::Pick(player(1)?),
        _ => return Err(format!("`{text}` is no move")),
    };
    // Exactly the words `move_text` writes for it.
    let n = move_text(mv).split_whitespace().count();
    arity(n)?;
    Ok(mv)
}

/// The options as one line of `name=value` words (`road_through` only when on, so that lines
/// written before it read the same); under Städte und Ritter `game=knights`, the shortage rule
/// (H1), the set-up's numbers, the turn limit and every other house rule.
pub fn options_text(o: &Options) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    if let Variant::Knights(house) = o.variant {
        let rest: Vec<String> = house.text().split(' ').skip(1).map(str::to_string).collect();
        return format!(
            "game=knights shortage={} numbers={} turns={} {}",
            if o.shortage == Shortage::H1 { "h1" } else { "official" },
            if o.numbers == Numbers::Shuffle { "shuffle" } else { "spiral" },
            o.turn_limit,
            rest.join(" ")
        );
    }
    format!(
        "shortage={} discard={} fresh_cards={} before_roll={} win={} numbers={} road_building_cost={} longest_road={} player_trade={} turns={} setup_turns={}",
        if o.shortage == Shortage::H1 { "h1" } else { "official" },
        if o.discard == Discard::Random { "random" } else { "choose" },
        yes(o.fresh_cards),
        if o.before_roll == BeforeRoll::Knight { "knight" } else { "any" },
        if o.win == Win::AnyTime { "any_time" } else { "own_turn" },
        if o.numbers == Numbers::Shuffle { "shuffle" } else { "spiral" },
        yes(o.road_building_cost),
        if o.longest_road == LongestRoad::Catanatron { "catanatron" } else { "official" },
        yes(o.player_trade),
        o.turn_limit,
        yes(o.setup_turns),
    ) + if o.road_through { " road_through=yes" } else { "" }
}

/// The header of a record of `s` (a game about to start). Under Städte und Ritter the `deck`
/// line holds the three progress decks, science, trade and politics, each top first, between
/// ` | ` (K47).
pub fn header(s: &State) -> String {
    let deck: Vec<String> = if s.options().knights() {
        let decks: Vec<String> = s
            .progress_decks()
            .iter()
            .map(|d| d.cards().map(|k| k.name()).collect::<Vec<_>>().join(" "))
            .collect();
        vec![decks.join(" | ")]
    } else {
        s.dealt_deck().iter().map(|d| d.name().to_string()).collect()
    };
    format!(
        "{HEADER}\nplayers {}\noptions {}\nseed {}\ndeck {}\n{}",
        s.players(),
        options_text(s.options()),
        s.seed(),
        deck.join(" "),
        s.board().to_text()
    )
}

/// The record line of `mv`, about to be made by the player to act in `s`.
pub fn move_line(s: &State, mv: Move) -> String {
    format!("p{}: {}", s.actor().0 + 1, move_text(mv))
}

/// A record's lines for `mv`, about to be made in `s`: the chance outcomes since the last move
/// (`chance: ...`), then the move's line, each ending in a newline.
pub fn record_lines(s: &State, mv: Move) -> String {
    let mut out = end_lines(s);
    out.push_str(&move_line(s, mv));
    out.push('\n');
    out
}

/// A record's last lines: the chance outcomes since the last move (a game that chance ended,
/// by a victory point card drawn or a Defender of Catan card, has some).
pub fn end_lines(s: &State) -> String {
    let mut out = String::new();
    for &c in s.chance_since_move() {
        out.push_str(&chance_line(c));
        out.push('\n');
    }
    out
}

/// A record's fault: its 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The three progress decks of a Städte und Ritter record's `deck` line: science, trade and
/// politics, 18 cards each, top first, between ` | ` (K47, K55, K66, K73).
fn parse_progress_decks(text: &str) -> Result<[Deck; 3], String> {
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() != 3 {
        return Err(format!(
            "the deck line holds the three progress decks (science | trade | politics), found {} part(s)",
            parts.len()
        ));
    }
    let mut out = Colour::ALL.map(Deck::unshuffled);
    for (k, (part, colour)) in parts.iter().zip(Colour::ALL).enumerate() {
        let names: Vec<&str> = part.split_whitespace().collect();
        if names.len() != PROGRESS_DECK {
            return Err(format!(
                "the {} deck needs {PROGRESS_DECK} cards, found {}",
                colour.name(),
                names.len()
            ));
        }
        let mut cards = [ProgressCard::Alchemist; PROGRESS_DECK];
        for (slot, name) in cards.iter_mut().zip(&names) {
            *slot = ProgressCard::parse(name).ok_or_else(|| format!("`{name}` is no progress card"))?;
        }
        out[k] = Deck::from_cards(cards)
            .filter(|_| cards[0].colour() == colour)
            .ok_or_else(|| format!("the {} deck is not its 18 cards (K55, K66, K73)", colour.name()))?;
    }
    Ok(out)
}

/// Replays a record: the game it ends in, every move checked (chance from the header's seed).
pub fn replay(text: &str) -> Result<State, RecordError> {
    replay_upto(text, None).map(|r| r.game)
}

/// A replayed record.
pub struct Replayed {
    /// The game at the record's end.
    pub game: State,
    /// The game after the first `upto` move lines, when asked for and the record has that many.
    pub at: Option<State>,
    /// The record's move lines.
    pub moves: usize,
}

/// Replays a record, every move checked, keeping also the game after its first `upto` move
/// lines (chance resolved up to the next decision).
pub fn replay_upto(text: &str, upto: Option<usize>) -> Result<Replayed, RecordError> {
    let mut kept = None;
    let replayed = replay_each(text, &mut |s, moves, _| {
        if upto == Some(moves) {
            kept = Some(s.clone());
        }
    })?;
    Ok(Replayed { at: kept, ..replayed })
}

/// What `replay_each` shows each step to: the game, the moves made so far, and the next move's
/// 1-based line and text (None at the end).
pub type Visit<'v> = dyn FnMut(&State, usize, Option<(usize, &str, Move)>) + 'v;

/// Replays a record, every move checked, showing `visit` the game before each move (chance
/// resolved up to the decision) and at the end: the game, how many moves came before, and the
/// move about to be made with its 1-based line, as written and read (None at the end).
pub fn replay_each(text: &str, visit: &mut Visit<'_>) -> Result<Replayed, RecordError> {
    replay_steps(text, visit, &mut |_, _| {})
}

/// A step of a replayed record (a move or a chance outcome), shown once it is applied.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The record line it was read from, 1-based; None for the start and for an outcome that a
    /// record of version 1 leaves to its seed.
    pub line: Option<usize>,
    /// Its line as written (`p2: roll`, `chance: dice 3 4 event 5`); empty at the start.
    pub text: &'a str,
}

/// What the chance step `s` stands at decides, for an error naming the outcome a record lacks
/// (`the dice (`chance: dice ...`)`).
pub fn outcome_wanted(s: &State) -> &'static str {
    match s.phase() {
        Phase::Dice => "the dice (`chance: dice ...`)",
        Phase::Progress => "the progress card drawn (`chance: progress ...`)",
        Phase::Draw => "the development card bought (`chance: draw ...`)",
        Phase::Steal => "the card stolen (`chance: steal ...`)",
        _ => "the random discard (`chance: discard ...`)",
    }
}

/// Replays a record as `replay_each` does, also showing `step` the game after the start and
/// after every step, each move and each chance outcome (those a version-1 record leaves to its
/// seed too, written as `chance_line` writes them, without a line).
pub fn replay_steps(
    text: &str,
    visit: &mut Visit<'_>,
    step: &mut dyn FnMut(&State, Step<'_>),
) -> Result<Replayed, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let at = |line: usize, reason: String| RecordError { line, reason };
    let field = |i: usize, key: &str| -> Result<&str, RecordError> {
        let l = lines.get(i).copied().unwrap_or("");
        l.strip_prefix(key)
            .and_then(|r| r.strip_prefix(' '))
            .ok_or_else(|| at(i + 1, format!("expected `{key} ...`")))
    };
    let outcomes = match lines.first().copied() {
        Some(HEADER) => true,
        Some(HEADER_V1) => false,
        _ => return Err(at(1, format!("the first line is not `{HEADER}` (or version 1's `{HEADER_V1}`)"))),
    };
    let players: usize = field(1, "players")?.parse().map_err(|_| at(2, "players is no number".into()))?;
    let options = Options::parse(field(2, "options")?).map_err(|e| at(3, e))?;
    // Version 2 may leave out the seed and the decks: its chance lines decide every outcome.
    let mut i = 3;
    let present = |i: usize, key: &str| !outcomes || lines.get(i).is_some_and(|l| l.starts_with(key));
    let mut seed = 0;
    if present(i, "seed ") {
        seed = field(i, "seed")?.parse().map_err(|_| at(i + 1, "seed is no number".into()))?;
        i += 1;
    }
    let mut deck = unshuffled_deck();
    let mut progress = None;
    if present(i, "deck ") {
        if options.knights() {
            progress = Some(parse_progress_decks(field(i, "deck")?).map_err(|e| at(i + 1, e))?);
        } else {
            let names: Vec<&str> = field(i, "deck")?.split_whitespace().collect();
            if names.len() != DECK {
                return Err(at(i + 1, format!("the deck needs {DECK} cards, found {}", names.len())));
            }
            for (slot, name) in deck.iter_mut().zip(&names) {
                *slot = DevCard::ALL
                    .into_iter()
                    .find(|d| d.name() == *name)
                    .ok_or_else(|| at(i + 1, format!("`{name}` is no card")))?;
            }
        }
        i += 1;
    }
    let board_text = lines.get(i..i + 4).map(|l| l.join("\n")).unwrap_or_default();
    let board = Board::parse(&board_text).map_err(|e| at(i + e.line.max(1), e.reason))?;
    let mut s = State::with_deck(board, players, options, deck, seed).map_err(|e| at(2, e.to_string()))?;
    if let Some(decks) = progress {
        s.set_progress_decks(decks);
    }
    step(&s, Step { line: None, text: "" });
    // A version-1 record's chance from its seed and decks, each outcome shown as a step.
    let seeded = |s: &mut State, step: &mut dyn FnMut(&State, Step<'_>)| {
        while let Some(c) = s.resolve_chance() {
            step(s, Step { line: None, text: &chance_line(c) });
        }
    };
    let mut moves = 0;
    for (k, line) in lines.iter().enumerate().skip(i + 4) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(CHANCE) {
            if !outcomes {
                return Err(at(
                    k + 1,
                    format!(
                        "a chance line in a record of version 1 (`{HEADER_V1}`), whose chance comes from its seed"
                    ),
                ));
            }
            let c = parse_chance(rest).map_err(|e| at(k + 1, e))?;
            s.chance(c).map_err(|e| at(k + 1, format!("`{rest}`: {e}")))?;
            step(&s, Step { line: Some(k + 1), text: line });
            continue;
        }
        if outcomes {
            if s.phase().is_chance() {
                return Err(at(k + 1, format!("the record lacks {} before this move", outcome_wanted(&s))));
            }
        } else {
            seeded(&mut s, step);
        }
        let (who, rest) = line
            .split_once(": ")
            .ok_or_else(|| at(k + 1, "expected `pN: move` or `chance: outcome`".into()))?;
        if s.is_over() {
            return Err(at(k + 1, "the game is over".into()));
        }
        let want = format!("p{}", s.actor().0 + 1);
        if who != want {
            return Err(at(k + 1, format!("{who} moved, but it is {want}'s decision")));
        }
        let mv = parse_move(rest).map_err(|e| at(k + 1, e))?;
        visit(&s, moves, Some((k + 1, line, mv)));
        moves += 1;
        s.play(mv).map_err(|e| at(k + 1, format!("`{rest}`: {e}")))?;
        step(&s, Step { line: Some(k + 1), text: line });
    }
    if !outcomes {
        seeded(&mut s, step);
    }
    visit(&s, moves, None);
    Ok(Replayed { game: s, at: None, moves })
}

/// What `seat` (0-based) is shown of a game's record (`kind::PublicLog`): every line for all, and the
/// lines only it saw, without their tag.
pub fn seat_record(text: &str, seat: usize) -> String {
    let me = format!("p{}", seat + 1);
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let shown = match line.strip_prefix('[').and_then(|l| l.split_once("] ")) {
            None => Some(line),
            Some((seats, rest)) => seats.split(',').any(|q| q == me).then_some(rest),
        };
        if let Some(l) = shown {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}
