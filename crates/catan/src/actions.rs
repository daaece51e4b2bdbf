//! A fixed action space: every move but a player-trade proposal as a number, for learners that
//! need one (the Python package's `stadt.Game`, OpenSpiel, PettingZoo), and the chance outcomes
//! as numbers with their probabilities. The base game's moves are the numbers below `ACTIONS`
//! (docs/python.md, "Catan"): settlements 0–53 by intersection, roads 54–125 by path,
//! cities 126–179, buy 180, roll 181, end 182, knight 183, road building 184, year of plenty
//! 185–204 (one card 185–189 by resource, then two cards a ≤ b in order), monopoly 205–209,
//! robber 210–304 (hex × 5: nobody, then p1–p4 robbed), discard 305–309, bank trade 310–334
//! (give × 5 + get), accept 335, decline 336, pick 337–341 (nobody, then p1–p4). Städte und
//! Ritter's own moves follow, `ACTIONS` to `KNIGHTS_ACTIONS` − 1, block by block in the order of
//! `KNIGHT_BLOCKS`.

use crate::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::{Colour, ProgressCard};
use crate::knights::tracks::{Commodity, Track};
use crate::moves::{Chance, Move, Phase};
use crate::options::Options;
use crate::packed::count;
use crate::state::State;
use crate::topology::{EDGES, HEXES, NODES};

const SETTLE: usize = 0;
const ROAD: usize = SETTLE + NODES;
const CITY: usize = ROAD + EDGES;
const BUY: usize = CITY + NODES;
const ROLL: usize = BUY + 1;
const END: usize = ROLL + 1;
const KNIGHT: usize = END + 1;
const ROAD_BUILDING: usize = KNIGHT + 1;
const YEAR_OF_PLENTY: usize = ROAD_BUILDING + 1;
const MONOPOLY: usize = YEAR_OF_PLENTY + 20;
const ROBBER: usize = MONOPOLY + 5;
const DISCARD: usize = ROBBER + HEXES * 5;
const TRADE: usize = DISCARD + 5;
const ACCEPT: usize = TRADE + 25;
const DECLINE: usize = ACCEPT + 1;
const PICK: usize = DECLINE + 1;

/// How many actions there are.
pub const ACTIONS: usize = PICK + 5;

/// The pairs a ≤ b of year of plenty's two cards, in action order.
const PAIRS: [(u8, u8); 15] = {
    let mut out = [(0, 0); 15];
    let (mut a, mut k) = (0, 0);
    while a < 5 {
        let mut b = a;
        while b < 5 {
            out[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

/// A seat or nobody as 0 (nobody) or 1 + seat.
fn who(p: Option<Player>) -> usize {
    p.map_or(0, |p| 1 + p.index())
}

/// The number of `mv`, or None for a proposal (`Move::Propose`, whose cards have no fixed number).
pub fn encode(mv: Move) -> Option<usize> {
    Some(match mv {
        Move::Settle(n) => SETTLE + n.index(),
        Move::Road(e) => ROAD + e.index(),
        Move::City(n) => CITY + n.index(),
        Move::Buy => BUY,
        Move::Roll => ROLL,
        Move::End => END,
        Move::Knight => KNIGHT,
        Move::RoadBuilding => ROAD_BUILDING,
        Move::YearOfPlenty(a, None) => YEAR_OF_PLENTY + a.index(),
        Move::YearOfPlenty(a, Some(b)) => {
            let pair = (a.index().min(b.index()) as u8, a.index().max(b.index()) as u8);
            YEAR_OF_PLENTY + 5 + PAIRS.iter().position(|&q| q == pair).expect("every pair is listed")
        }
        Move::Monopoly(r) => MONOPOLY + r.index(),
        Move::Robber(h, victim) => ROBBER + 5 * h.index() + who(victim),
        Move::Discard(r) => DISCARD + r.index(),
        Move::Trade(give, get) => TRADE + 5 * give.index() + get.index(),
        Move::Accept => ACCEPT,
        Move::Decline => DECLINE,
        Move::Pick(p) => PICK + who(p),
        Move::Propose(..) => return None,
        _ => {
            let (block, k) = knights_number(mv)?;
            block_start(block) + k
        }
    })
}

/// The move numbered `action`, or None when no move is (`action` ≥ `ACTIONS`). Whether it is
/// legal is the engine's to say.
pub fn decode(action: usize) -> Option<Move> {
    let resource = |k: usize| Resource::ALL[k];
    let seat = |k: usize| (k > 0).then(|| Player((k - 1) as u8));
    Some(match action {
        a if a < ROAD => Move::Settle(Node((a - SETTLE) as u8)),
        a if a < CITY => Move::Road(Edge((a - ROAD) as u8)),
        a if a < BUY => Move::City(Node((a - CITY) as u8)),
        BUY => Move::Buy,
        ROLL => Move::Roll,
        END => Move::End,
        KNIGHT => Move::Knight,
        ROAD_BUILDING => Move::RoadBuilding,
        a if a < YEAR_OF_PLENTY + 5 => Move::YearOfPlenty(resource(a - YEAR_OF_PLENTY), None),
        a if a < MONOPOLY => {
            let (x, y) = PAIRS[a - YEAR_OF_PLENTY - 5];
            Move::YearOfPlenty(resource(x as usize), Some(resource(y as usize)))
        }
        a if a < ROBBER => Move::Monopoly(resource(a - MONOPOLY)),
        a if a < DISCARD => Move::Robber(Hex(((a - ROBBER) / 5) as u8), seat((a - ROBBER) % 5)),
        a if a < TRADE => Move::Discard(resource(a - DISCARD)),
        a if a < ACCEPT => Move::Trade(resource((a - TRADE) / 5), resource((a - TRADE) % 5)),
        ACCEPT => Move::Accept,
        DECLINE => Move::Decline,
        a if a < ACTIONS => Move::Pick(seat(a - PICK)),
        a => knights_move(a)?,
    })
}

/// Städte und Ritter's moves, one block of numbers each, in this order after the base game's:
/// the block's name and its size. Intersections, paths, hexes and seats are numbered as above;
/// a track, a deck's colour, a commodity, a card kind (resources 0–4, cloth, coin, paper 5–7)
/// and a progress card (`knights::cards::KINDS` order) by their index; two numbers of one move
/// as first × size of the second + second.
pub const KNIGHT_BLOCKS: [(&str, usize); 41] = [
    ("wall: intersection", NODES),
    ("recruit: intersection", NODES),
    ("promote: intersection", NODES),
    ("activate: intersection", NODES),
    ("move-knight: from intersection × 54 + to intersection", NODES * NODES),
    ("chase: intersection", NODES),
    ("relocate: intersection", NODES),
    ("improve: track (trade, politics, science)", 3),
    ("metropolis: intersection", NODES),
    ("exchange: card kind given × 8 + card kind got", 8 * 8),
    ("lose-city: intersection", NODES),
    ("defender-deck: colour (science, trade, politics)", 3),
    ("put-back: progress card", 25),
    ("aqueduct: resource", 5),
    ("discard-commodity: commodity (cloth, coin, paper)", 3),
    ("play: progress card", 25),
    ("alchemist: (red − 1) × 6 + yellow − 1", 36),
    ("crane: track", 3),
    ("engineer: intersection", NODES),
    ("inventor: hex × 19 + hex", HEXES * HEXES),
    ("medicine: intersection", NODES),
    ("smith: intersection × 55 + (0, or 1 + the second intersection)", NODES * (NODES + 1)),
    ("merchant: hex", HEXES),
    ("merchant-fleet: card kind", 8),
    ("resource-monopoly: resource", 5),
    ("trade-monopoly: commodity", 3),
    ("bishop: hex", HEXES),
    ("deserter: seat", 4),
    ("diplomat: path", EDGES),
    ("intrigue: intersection", NODES),
    ("spy: seat", 4),
    ("master-merchant: seat", 4),
    ("harbour-offer: seat × 5 + resource", 4 * 5),
    ("desert: intersection", NODES),
    ("place: intersection", NODES),
    ("spy-take: progress card", 25),
    ("take: card kind", 8),
    ("give: card kind", 8),
    ("skip", 1),
    ("sabotage: intersection", NODES),
    ("repair: intersection", NODES),
];

/// How many actions there are with Städte und Ritter's moves.
pub const KNIGHTS_ACTIONS: usize = block_start(KNIGHT_BLOCKS.len());

/// The first number of block `b` of `KNIGHT_BLOCKS`.
const fn block_start(b: usize) -> usize {
    let mut n = ACTIONS;
    let mut i = 0;
    while i < b {
        n += KNIGHT_BLOCKS[i].1;
        i += 1;
    }
    n
}

/// How many actions a game under `options` numbers: the base game's, or with Städte und
/// Ritter's moves.
pub fn actions(options: &Options) -> usize {
    if options.knights() { KNIGHTS_ACTIONS } else { ACTIONS }
}

/// A move of Städte und Ritter as its block in `KNIGHT_BLOCKS` and its number within it.
fn knights_number(mv: Move) -> Option<(usize, usize)> {
    let n = |x: Node| x.index();
    Some(match mv {
        Move::Wall(x) => (0, n(x)),
        Move::Recruit(x) => (1, n(x)),
        Move::Promote(x) => (2, n(x)),
        Move::Activate(x) => (3, n(x)),
        Move::MoveKnight(a, b) => (4, n(a) * NODES + n(b)),
        Move::Chase(x) => (5, n(x)),
        Move::Relocate(x) => (6, n(x)),
        Move::Improve(t) => (7, t as usize),
        Move::Metropolis(x) => (8, n(x)),
        Move::Exchange(a, b) => (9, a.index() * 8 + b.index()),
        Move::LoseCity(x) => (10, n(x)),
        Move::DefenderDeck(c) => (11, c as usize),
        Move::PutBack(k) => (12, k.index()),
        Move::Aqueduct(r) => (13, r.index()),
        Move::DiscardCommodity(c) => (14, c as usize),
        Move::Play(k) => (15, k.index()),
        Move::Alchemist(r, y) if (1..=6).contains(&r) && (1..=6).contains(&y) => {
            (16, (r as usize - 1) * 6 + y as usize - 1)
        }
        Move::Crane(t) => (17, t as usize),
        Move::Engineer(x) => (18, n(x)),
        Move::Inventor(a, b) => (19, a.index() * HEXES + b.index()),
        Move::Medicine(x) => (20, n(x)),
        Move::Smith(a, b) => (21, n(a) * (NODES + 1) + b.map_or(0, |b| 1 + n(b))),
        Move::Merchant(h) => (22, h.index()),
        Move::Fleet(k) => (23, k.index()),
        Move::ResourceMonopoly(r) => (24, r.index()),
        Move::TradeMonopoly(c) => (25, c as usize),
        Move::Bishop(h) => (26, h.index()),
        Move::Deserter(p) => (27, p.index()),
        Move::Diplomat(e) => (28, e.index()),
        Move::Intrigue(x) => (29, n(x)),
        Move::Spy(p) => (30, p.index()),
        Move::MasterMerchant(p) => (31, p.index()),
        Move::HarbourOffer(p, r) => (32, p.index() * 5 + r.index()),
        Move::Desert(x) => (33, n(x)),
        Move::Place(x) => (34, n(x)),
        Move::SpyTake(k) => (35, k.index()),
        Move::Take(k) => (36, k.index()),
        Move::Give(k) => (37, k.index()),
        Move::Skip => (38, 0),
        Move::Sabotage(x) => (39, n(x)),
        Move::Repair(x) => (40, n(x)),
        _ => return None,
    })
    .filter(|&(b, k)| k < KNIGHT_BLOCKS[b].1)
}

/// The move of Städte und Ritter numbered `action` (≥ `ACTIONS`), if any.
fn knights_move(action: usize) -> Option<Move> {
    let mut k = action.checked_sub(ACTIONS)?;
    let mut block = 0;
    while k >= KNIGHT_BLOCKS.get(block)?.1 {
        k -= KNIGHT_BLOCKS[block].1;
        block += 1;
    }
    let node = |i: usize| Node(i as u8);
    let hex = |i: usize| Hex(i as u8);
    let kind = |i: usize| CardKind::ALL[i];
    let card = |i: usize| ProgressCard::ALL[i];
    let seat = |i: usize| Player(i as u8);
    Some(match block {
        0 => Move::Wall(node(k)),
        1 => Move::Recruit(node(k)),
        2 => Move::Promote(node(k)),
        3 => Move::Activate(node(k)),
        4 => Move::MoveKnight(node(k / NODES), node(k % NODES)),
        5 => Move::Chase(node(k)),
        6 => Move::Relocate(node(k)),
        7 => Move::Improve(Track::ALL[k]),
        8 => Move::Metropolis(node(k)),
        9 => Move::Exchange(kind(k / 8), kind(k % 8)),
        10 => Move::LoseCity(node(k)),
        11 => Move::DefenderDeck(Colour::ALL[k]),
        12 => Move::PutBack(card(k)),
        13 => Move::Aqueduct(Resource::ALL[k]),
        14 => Move::DiscardCommodity(Commodity::ALL[k]),
        15 => Move::Play(card(k)),
        16 => Move::Alchemist((k / 6 + 1) as u8, (k % 6 + 1) as u8),
        17 => Move::Crane(Track::ALL[k]),
        18 => Move::Engineer(node(k)),
        19 => Move::Inventor(hex(k / HEXES), hex(k % HEXES)),
        20 => Move::Medicine(node(k)),
        21 => Move::Smith(node(k / (NODES + 1)), (k % (NODES + 1)).checked_sub(1).map(node)),
        22 => Move::Merchant(hex(k)),
        23 => Move::Fleet(kind(k)),
        24 => Move::ResourceMonopoly(Resource::ALL[k]),
        25 => Move::TradeMonopoly(Commodity::ALL[k]),
        26 => Move::Bishop(hex(k)),
        27 => Move::Deserter(seat(k)),
        28 => Move::Diplomat(Edge(k as u8)),
        29 => Move::Intrigue(node(k)),
        30 => Move::Spy(seat(k)),
        31 => Move::MasterMerchant(seat(k)),
        32 => Move::HarbourOffer(seat(k / 5), Resource::ALL[k % 5]),
        33 => Move::Desert(node(k)),
        34 => Move::Place(node(k)),
        35 => Move::SpyTake(card(k)),
        36 => Move::Take(kind(k)),
        37 => Move::Give(kind(k)),
        38 => Move::Skip,
        39 => Move::Sabotage(node(k)),
        _ => Move::Repair(node(k)),
    })
}

/// Chance outcomes by number: the dice 0–35 (6 × (first − 1) + second − 1), a development card
/// bought 36–40 by kind, a resource stolen 41–45; Städte und Ritter's three dice 46–261
/// (36 × (red − 1) + 6 × (yellow − 1) + event − 1), a progress card drawn 262–286 (`KINDS`
/// order), a commodity stolen 287–289. A whole random discard (`discard=random`) has no number.
pub const CHANCE_OUTCOMES: usize = ROLL_OUTCOME + 216 + 25 + 3;
const DRAW_OUTCOME: usize = 36;
const STEAL_OUTCOME: usize = 41;
const ROLL_OUTCOME: usize = 46;
const PROGRESS_OUTCOME: usize = ROLL_OUTCOME + 216;
const COMMODITY_OUTCOME: usize = PROGRESS_OUTCOME + 25;

/// How many chance outcomes a game under `options` numbers: the base game's 46, or all.
pub fn chance_outcomes_of(options: &Options) -> usize {
    if options.knights() { CHANCE_OUTCOMES } else { ROLL_OUTCOME }
}

/// The number of the chance outcome `c`, or None for a whole random discard.
pub fn outcome_number(c: Chance) -> Option<usize> {
    let die = |d: u8| d as usize - 1;
    Some(match c {
        Chance::Dice(a, b) => die(a) * 6 + die(b),
        Chance::Draw(k) => DRAW_OUTCOME + k.index(),
        Chance::Steal(r) => STEAL_OUTCOME + r.index(),
        Chance::Roll(r, y, e) => ROLL_OUTCOME + die(r) * 36 + die(y) * 6 + die(e),
        Chance::Progress(k) => PROGRESS_OUTCOME + k.index(),
        Chance::StealCommodity(c) => COMMODITY_OUTCOME + c as usize,
        Chance::Discard(_) => return None,
    })
}

/// The chance outcome numbered `n`, if any.
pub fn outcome(n: usize) -> Option<Chance> {
    let die = |k: usize| (k + 1) as u8;
    Some(match n {
        n if n < DRAW_OUTCOME => Chance::Dice(die(n / 6), die(n % 6)),
        n if n < STEAL_OUTCOME => Chance::Draw(DevCard::ALL[n - DRAW_OUTCOME]),
        n if n < ROLL_OUTCOME => Chance::Steal(Resource::ALL[n - STEAL_OUTCOME]),
        n if n < PROGRESS_OUTCOME => {
            let k = n - ROLL_OUTCOME;
            Chance::Roll(die(k / 36), die(k / 6 % 6), die(k % 6))
        }
        n if n < COMMODITY_OUTCOME => Chance::Progress(ProgressCard::ALL[n - PROGRESS_OUTCOME]),
        n if n < CHANCE_OUTCOMES => Chance::StealCommodity(Commodity::ALL[n - COMMODITY_OUTCOME]),
        _ => return None,
    })
}

/// A chance outcome in words, as records write it after `chance:` (`dice 3 4`, `draw knight`,
/// `steal ore`, `dice 2 5 event 3`, `progress smith`, `steal coin`).
pub fn outcome_text(c: Chance) -> String {
    crate::chance_log::chance_text(c)
}

/// The chance outcomes `s` stands at, each with its number and probability, ascending: every
/// pair of dice alike (under Städte und Ritter every roll of the three dice, the red and yellow
/// ones fixed by an Alchemist); a development card bought by the kinds left in the deck; a card
/// stolen by the victim's hand; a progress card by the kinds left in the deck drawn from. Empty
/// where chance does not act; None at a random discard, whose outcomes have no number.
pub fn chance_outcomes(s: &State) -> Option<Vec<(usize, f64)>> {
    let share = |counts: &[u32], number: &dyn Fn(usize) -> usize| -> Vec<(usize, f64)> {
        let all: u32 = counts.iter().sum();
        let mut out: Vec<(usize, f64)> = counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(k, &n)| (number(k), n as f64 / all as f64))
            .collect();
        out.sort_by_key(|&(n, _)| n);
        out
    };
    Some(match s.phase() {
        Phase::Dice if s.options().knights() => match s.ck.in_play.alchemist {
            (0, _) => (ROLL_OUTCOME..PROGRESS_OUTCOME).map(|n| (n, 1.0 / 216.0)).collect(),
            (r, y) => {
                let first = ROLL_OUTCOME + (r as usize - 1) * 36 + (y as usize - 1) * 6;
                (first..first + 6).map(|n| (n, 1.0 / 6.0)).collect()
            }
        },
        Phase::Dice => (0..DRAW_OUTCOME).map(|n| (n, 1.0 / 36.0)).collect(),
        Phase::Draw => {
            let mut counts = [0u32; 5];
            for k in s.deck() {
                counts[k.index()] += 1;
            }
            share(&counts, &|k| DRAW_OUTCOME + k)
        }
        Phase::Steal => {
            let hand = s.hands[s.victim as usize];
            let counts: Vec<u32> = (0..8).map(|lane| count(hand, lane) as u32).collect();
            share(&counts, &|lane| match CardKind::ALL[lane] {
                CardKind::Resource(r) => STEAL_OUTCOME + r.index(),
                CardKind::Commodity(c) => COMMODITY_OUTCOME + c as usize,
            })
        }
        Phase::Progress => {
            let mut counts = [0u32; 25];
            for k in s.ck.decks[s.ck.pending.colour as usize].cards() {
                counts[k.index()] += 1;
            }
            share(&counts, &|k| PROGRESS_OUTCOME + k)
        }
        Phase::RandomDiscard => return None,
        _ => Vec::new(),
    })
}

/// The seats that see the outcome of the chance step `s` stands at (C41): everybody the dice and
/// a progress card's colour, the buyer a development card bought, the drawer a progress card,
/// thief and victim a card stolen, everybody a random discard.
pub fn chance_witnesses(s: &State) -> Vec<usize> {
    match s.phase() {
        Phase::Draw | Phase::Progress => vec![s.current().index()],
        Phase::Steal => {
            let mut both = vec![s.current().index(), s.victim as usize];
            both.sort_unstable();
            both.dedup();
            both
        }
        _ => (0..s.players()).collect(),
    }
}
