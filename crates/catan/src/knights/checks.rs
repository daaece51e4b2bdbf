//! Which moves are legal under Städte und Ritter (K7, K16–K45): one check per move naming the
//! rule it breaks, and the legal moves of the expansion's steps, with the same predicates.

use super::barbarians::Strength;
use super::card_kind::CardKind;
use super::cards::{Colour, HAND_LIMIT, ProgressCard};
use super::expansion::{Knight, WALLS};
use super::knight_moves::{self, Board};
use super::pieces::{
    cities_of, free_cities, improvable_with, metropolis_sites, promotion, recruit_sites, robber_active,
};
use super::progress_checks::{
    self, alchemist_moves, card_of, card_step, main_card_moves, must_reduce, step_moves,
};
use super::tracks::Track;
use crate::ids::{Edge, Node, Player, Resource};
use crate::illegal::Illegal;
use crate::moves::{Move, Phase};
use crate::packed::{ONE_OF_ALL, at_least_all, count, covers, kinds, pack};
use crate::robber::robber_ok;
use crate::sites::{
    built_road_ok, built_settlement_ok, free_road_ok, need, push_bits, road_sites, settlement_site,
    setup_road_ok,
};
use crate::state::{CITIES, CITY_PACKED, ROAD_PACKED, ROADS, SETTLEMENT_PACKED, SETTLEMENTS, State};
use crate::topology::{NODES, TOPOLOGY};
use crate::trade::{Rates, rate};

/// A city wall's cost (K18): 2 brick.
pub(crate) const WALL_PACKED: u64 = pack(&[0, 2, 0, 0, 0]);
/// A knight's, and a promotion's, cost (K18): wool and ore.
pub(crate) const KNIGHT_PACKED: u64 = pack(&[0, 0, 1, 0, 1]);
/// An activation's cost (K18): grain.
pub(crate) const ACTIVATE_PACKED: u64 = pack(&[0, 0, 0, 1, 0]);

/// The knights on the board as `knight_moves` reads them.
pub(crate) fn board_of(s: &State) -> Board {
    std::array::from_fn(|n| s.ck.knight(n).map(|k| (Player(k.owner()), k.strength())))
}

/// Where `p`'s knight on `from` may go (K33) and whom it may displace (K34), a bit each.
pub(crate) fn knight_targets(s: &State, p: u8, from: usize, strength: Strength) -> (u64, u64) {
    knight_moves::moves(s, &board_of(s), Player(p), Node(from as u8), strength)
}

/// Why `p` cannot buy the next level of `t`, if he cannot (K20, K26).
fn improvable(s: &State, p: u8, t: Track) -> Result<(), Illegal> {
    improvable_with(s, p, t, false)
}

/// The rule a base-game move breaks under Städte und Ritter: the development cards are gone
/// (K1), and bank trades name resources or commodities (K44).
fn not_here(mv: Move) -> Illegal {
    match mv {
        Move::Buy
        | Move::Knight
        | Move::RoadBuilding
        | Move::YearOfPlenty(..)
        | Move::Monopoly(_)
        | Move::Trade(..)
        | Move::Propose(..)
        | Move::Accept
        | Move::Decline
        | Move::Pick(_) => Illegal::NotThisGame,
        _ => Illegal::WrongStep,
    }
}

/// Whether `mv` is legal now under Städte und Ritter (the step is not a chance step and the game
/// is not over).
pub(crate) fn check(s: &State, mv: Move) -> Result<(), Illegal> {
    let p = s.actor;
    let i = p as usize;
    let hand = s.hands[i];
    let node = |n: Node| need(n.index() < NODES, Illegal::OutOfRange).map(|_| n.index());
    if let Some(card) = card_of(mv) {
        return match s.phase {
            Phase::PreRoll if card == ProgressCard::Alchemist && !matches!(mv, Move::Play(_)) => {
                progress_checks::check(s, mv)
            }
            Phase::Main if !matches!(mv, Move::Alchemist(..)) => {
                need(!must_reduce(s) || !matches!(mv, Move::HarbourOffer(..)), Illegal::OverLimit)?;
                progress_checks::check(s, mv)
            }
            _ => Err(Illegal::WrongStep),
        };
    }
    // H5: a player on turn over the limit puts back or plays a card before anything else.
    if s.phase == Phase::Main && must_reduce(s) {
        return match mv {
            Move::PutBack(card) => need(s.ck.progress[i][card.index()] > 0, Illegal::NotHeldToPutBack),
            _ => Err(Illegal::OverLimit),
        };
    }
    match (s.phase, mv) {
        (Phase::SetupSettlement, Move::Settle(n)) => settlement_site(s, node(n)?),
        (Phase::FreeRoads, Move::Road(e)) => free_road_ok(s, p, e),
        (phase, _) if card_step(phase) => progress_checks::check_step(s, mv),
        (Phase::SetupRoad, Move::Road(e)) => setup_road_ok(s, e),
        (Phase::PreRoll, Move::Roll) | (Phase::Main, Move::End) => Ok(()),
        (Phase::Main, Move::Road(e)) => built_road_ok(s, p, e),
        (Phase::Main, Move::Settle(n)) => built_settlement_ok(s, p, n),
        (Phase::Main, Move::City(n)) => {
            let n = node(n)?;
            need(s.nodes[n] == p + 1, Illegal::NoOwnSettlement)?;
            let sideways = s.ck.sideways & s.built[i];
            // K42: a city on its side is raised first, and needs no piece from the supply.
            need(sideways == 0 || sideways & (1 << n) != 0, Illegal::SidewaysFirst)?;
            need(covers(hand, CITY_PACKED), Illegal::CannotAfford)?;
            need(sideways != 0 || s.cities[i] < CITIES, Illegal::NoPieceLeft)
        }
        (Phase::Main, Move::Wall(n)) => {
            let n = node(n)?;
            need(cities_of(s, p) & (1 << n) != 0, Illegal::NotOwnCity)?;
            need(s.ck.walls & (1 << n) == 0, Illegal::Occupied)?;
            need(s.ck.wall_count[i] < WALLS, Illegal::NoPieceLeft)?;
            need(covers(hand, WALL_PACKED), Illegal::CannotAfford)
        }
        (Phase::Main, Move::Recruit(n)) => {
            let n = node(n)?;
            need(covers(hand, KNIGHT_PACKED), Illegal::CannotAfford)?;
            need(s.ck.supply[i][0] > 0, Illegal::NoPieceLeft)?;
            need(recruit_sites(s, p) & (1 << n) != 0, Illegal::NotConnected)
        }
        (Phase::Main, Move::Promote(n)) => {
            let k = own_knight(s, p, node(n)?)?;
            need(promotion(s, k).is_some(), Illegal::NoPromotion)?;
            need(covers(hand, KNIGHT_PACKED), Illegal::CannotAfford)
        }
        (Phase::Main, Move::Activate(n)) => {
            let k = own_knight(s, p, node(n)?)?;
            need(!k.active(), Illegal::KnightActive)?;
            need(covers(hand, ACTIVATE_PACKED), Illegal::CannotAfford)
        }
        (Phase::Main, Move::MoveKnight(from, to)) => {
            let (from, to) = (node(from)?, node(to)?);
            let k = own_knight(s, p, from)?;
            need(k.ready(), Illegal::KnightCannotAct)?;
            let (free, weaker) = knight_targets(s, p, from, k.strength());
            need((free | weaker) & (1 << to) != 0, Illegal::NotReachable)
        }
        (Phase::Main, Move::Chase(n)) => {
            let n = node(n)?;
            let k = own_knight(s, p, n)?;
            need(k.ready(), Illegal::KnightCannotAct)?;
            need(robber_active(s), Illegal::RobberInactive)?;
            need(TOPOLOGY.hex_node_bits[s.robber.index()] & (1 << n) != 0, Illegal::NotBesideRobber)
        }
        (Phase::Main, Move::Improve(t)) => improvable(s, p, t),
        (Phase::Main, Move::Exchange(give, get)) => {
            need(give != get && count(hand, give.index()) >= rate(s, p, give), Illegal::BadTrade)?;
            need(count(s.bank, get.index()) > 0, Illegal::BankCannotPay)
        }
        (Phase::Metropolis, Move::Metropolis(n)) => {
            need(metropolis_sites(s, p) & (1 << node(n)?) != 0, Illegal::NoMetropolisSite)
        }
        (Phase::Main, Move::Repair(n)) => {
            need(s.options.house(9), Illegal::NotThisGame)?;
            need(cities_of(s, p) & s.ck.sabotaged & (1 << node(n)?) != 0, Illegal::NotSabotaged)?;
            need(covers(hand, CITY_PACKED), Illegal::CannotAfford)
        }
        (Phase::LoseCity, Move::LoseCity(n)) => {
            need(free_cities(s, p) & (1 << node(n)?) != 0, Illegal::NotLosableCity)
        }
        (Phase::DefenderDeck, Move::DefenderDeck(c)) => {
            need(!s.ck.decks[c as usize].is_empty(), Illegal::ProgressDeckEmpty)
        }
        (Phase::PutBack, Move::PutBack(card)) => {
            need(s.ck.progress[i][card.index()] > 0, Illegal::NotHeldToPutBack)
        }
        (Phase::Aqueduct, Move::Aqueduct(r)) => need(count(s.bank, r.index()) > 0, Illegal::BankCannotPay),
        (Phase::Relocate, Move::Relocate(n)) => {
            need(relocation_sites(s) & (1 << node(n)?) != 0, Illegal::NotReachable)
        }
        (Phase::Discard, Move::Discard(r)) => need(count(hand, r.index()) > 0, Illegal::CardNotHeld("K16")),
        (Phase::Discard, Move::DiscardCommodity(c)) => {
            need(count(hand, CardKind::Commodity(c).index()) > 0, Illegal::CardNotHeld("K16"))
        }
        (Phase::Robber, Move::Robber(h, v)) => robber_ok(s, p, h, v),
        (_, mv) => Err(not_here(mv)),
    }
}

/// `p`'s knight on `n`, or why there is none.
fn own_knight(s: &State, p: u8, n: usize) -> Result<Knight, Illegal> {
    s.ck.knight(n).filter(|k| k.owner() == p).ok_or(Illegal::NoOwnKnight)
}

/// Where the displaced knight's owner may move it (K34): the empty intersections his roads lead
/// to from where it stood.
pub(crate) fn relocation_sites(s: &State) -> u64 {
    match s.ck.pending.displaced {
        Some((k, from)) => knight_targets(s, k.owner(), from as usize, Strength::Basic).0,
        None => 0,
    }
}

/// The legal moves of the player to act at the expansion's steps, into `out`.
pub(crate) fn legal_moves(s: &State, out: &mut Vec<Move>) {
    let p = s.actor;
    let i = p as usize;
    match s.phase {
        Phase::PreRoll => {
            out.push(Move::Roll);
            alchemist_moves(s, out);
        }
        Phase::Main if must_reduce(s) => {
            for card in s.ck.hand_kinds(i) {
                out.push(Move::PutBack(card));
            }
            let before = out.len();
            main_card_moves(s, out);
            // Offers under a Commercial Harbor play no card: they wait.
            let mut k = before;
            while k < out.len() {
                if matches!(out[k], Move::HarbourOffer(..)) {
                    out.swap_remove(k);
                } else {
                    k += 1;
                }
            }
        }
        Phase::Main => {
            main_moves(s, out);
            main_card_moves(s, out);
        }
        phase if card_step(phase) => step_moves(s, out),
        Phase::Discard => {
            for k in kinds(at_least_all(s.hands[i], ONE_OF_ALL)) {
                out.push(match CardKind::ALL[k] {
                    CardKind::Resource(r) => Move::Discard(r),
                    CardKind::Commodity(c) => Move::DiscardCommodity(c),
                });
            }
        }
        Phase::Metropolis => push_bits(out, metropolis_sites(s, p) as u128, |n| Move::Metropolis(Node(n))),
        Phase::LoseCity => push_bits(out, free_cities(s, p) as u128, |n| Move::LoseCity(Node(n))),
        Phase::DefenderDeck => {
            for c in Colour::ALL {
                if !s.ck.decks[c as usize].is_empty() {
                    out.push(Move::DefenderDeck(c));
                }
            }
        }
        Phase::PutBack => {
            for card in s.ck.hand_kinds(i) {
                out.push(Move::PutBack(card));
            }
        }
        Phase::Aqueduct => {
            for r in Resource::ALL {
                if count(s.bank, r.index()) > 0 {
                    out.push(Move::Aqueduct(r));
                }
            }
        }
        Phase::Relocate => push_bits(out, relocation_sites(s) as u128, |n| Move::Relocate(Node(n))),
        _ => {}
    }
}

/// The moves after the roll (K10 step 5).
fn main_moves(s: &State, out: &mut Vec<Move>) {
    let p = s.actor;
    let i = p as usize;
    let hand = s.hands[i];
    out.push(Move::End);
    if covers(hand, ROAD_PACKED) && s.roads[i] < ROADS {
        push_bits(out, road_sites(s, p), |e| Move::Road(Edge(e)));
    }
    if covers(hand, SETTLEMENT_PACKED) && s.settlements[i] < SETTLEMENTS {
        let sites = s.road_nodes[i] & !s.crowded & !s.ck.all_knights();
        push_bits(out, sites as u128, |n| Move::Settle(Node(n)));
    }
    if covers(hand, CITY_PACKED) {
        let sideways = s.ck.sideways & s.built[i];
        let sites = if sideways != 0 {
            sideways
        } else if s.cities[i] < CITIES {
            s.built[i] & !s.city_bits
        } else {
            0
        };
        push_bits(out, sites as u128, |n| Move::City(Node(n)));
    }
    if s.options.house(9) && covers(hand, CITY_PACKED) {
        push_bits(out, (cities_of(s, p) & s.ck.sabotaged) as u128, |n| Move::Repair(Node(n)));
    }
    if covers(hand, WALL_PACKED) && s.ck.wall_count[i] < WALLS {
        push_bits(out, (cities_of(s, p) & !s.ck.walls) as u128, |n| Move::Wall(Node(n)));
    }
    let knight_paid = covers(hand, KNIGHT_PACKED);
    if knight_paid && s.ck.supply[i][0] > 0 {
        push_bits(out, recruit_sites(s, p) as u128, |n| Move::Recruit(Node(n)));
    }
    let mut mine = s.ck.knight_bits[i];
    while mine != 0 {
        let n = mine.trailing_zeros() as usize;
        mine &= mine - 1;
        let k = Knight(s.ck.knights[n]);
        if knight_paid && promotion(s, k).is_some() {
            out.push(Move::Promote(Node(n as u8)));
        }
        if !k.active() && covers(hand, ACTIVATE_PACKED) {
            out.push(Move::Activate(Node(n as u8)));
        }
        if k.ready() {
            let (free, weaker) = knight_targets(s, p, n, k.strength());
            push_bits(out, (free | weaker) as u128, |m| Move::MoveKnight(Node(n as u8), Node(m)));
            if robber_active(s) && TOPOLOGY.hex_node_bits[s.robber.index()] & (1 << n) != 0 {
                out.push(Move::Chase(Node(n as u8)));
            }
        }
    }
    for t in Track::ALL {
        if improvable(s, p, t).is_ok() {
            out.push(Move::Improve(t));
        }
    }
    let rates = Rates::of(s, p);
    for give in CardKind::ALL {
        if count(hand, give.index()) < rates.rate(give) {
            continue;
        }
        for get in CardKind::ALL {
            if get != give && count(s.bank, get.index()) > 0 {
                out.push(Move::Exchange(give, get));
            }
        }
    }
}

/// A progress card's deck, for putting it back (K47).
pub(crate) fn deck_of(card: ProgressCard) -> usize {
    card.colour() as usize
}

/// Whether `p` holds more progress cards than the limit (K50).
pub(crate) fn over_limit(s: &State, p: usize) -> bool {
    s.ck.held(p) as usize > HAND_LIMIT
}

/// The players of `bits` in seat order from the player on turn, the first of them.
pub(crate) fn first_from_roller(s: &State, bits: u8) -> Option<u8> {
    (0..s.players).map(|k| (s.current + k) % s.players).find(|&q| bits & (1 << q) != 0)
}
