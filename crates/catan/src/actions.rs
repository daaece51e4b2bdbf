//! A fixed action space: every move but a player-trade proposal as a number below `ACTIONS`, for
//! learners that need one (the Python package's `CatanGame`, PettingZoo). The numbering
//! (docs/python.md, "Catan"): settlements 0–53 by intersection, roads 54–125 by path,
//! cities 126–179, buy 180, roll 181, end 182, knight 183, road building 184, year of plenty
//! 185–204 (one card 185–189 by resource, then two cards a ≤ b in order), monopoly 205–209,
//! robber 210–304 (hex × 5: nobody, then p1–p4 robbed), discard 305–309, bank trade 310–334
//! (give × 5 + get), accept 335, decline 336, pick 337–341 (nobody, then p1–p4).

use crate::ids::{Edge, Hex, Node, Player, Resource};
use crate::moves::Move;
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

/// The number of `mv`, or None for a proposal (`Move::Propose`, whose cards have no fixed number)
/// and for Städte und Ritter's own moves (this action space is the base game's).
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
        // A proposal, and every move of Städte und Ritter.
        _ => return None,
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
        _ => return None,
    })
}
