//! Which progress cards may be played now, and how (K51–K82): one check per card move naming the
//! rule it breaks, and the list of card moves, with the same predicates. Officially a card the
//! public position shows can do nothing may not be played (K53); under H14 it may, and is lost
//! (`Move::Play` of a card none of whose moves is legal).

use super::barbarians::Strength;
use super::card_kind::CardKind;
use super::cards::ProgressCard::{self, *};
use super::expansion::{Knight, WALLS};
use super::pieces::{cities_of, improvable_with, joined, promotion, recruit_sites, robber_active};
use super::tracks::{Commodity, Track};
use crate::ids::{Edge, Hex, Node, Player, Resource};
use crate::illegal::Illegal;
use crate::moves::{Move, Phase};
use crate::packed::{count, covers, pack};
use crate::sites::{need, road_sites};
use crate::state::{CITIES, ROADS, State};
use crate::topology::{EDGES, HEXES, NODES, TOPOLOGY};

/// What Medicine's city costs (K61): 2 ore and 1 grain.
pub(crate) const MEDICINE_PACKED: u64 = pack(&[0, 0, 0, 1, 2]);

/// Whether the player on turn holds `card`.
fn holds(s: &State, card: ProgressCard) -> bool {
    s.ck.progress[s.current as usize][card.index()] > 0
}

/// Whether H5 holds the player on turn to putting back or playing until he is within the limit.
pub(crate) fn must_reduce(s: &State) -> bool {
    s.options.house(5) && s.ck.held(s.current as usize) > super::cards::HAND_LIMIT as u32
}

/// The hexes touching one of `p`'s buildings, a bit each.
fn touched_hexes(s: &State, p: u8) -> u32 {
    (0..HEXES).filter(|&h| TOPOLOGY.hex_node_bits[h] & s.built[p as usize] != 0).fold(0, |m, h| m | 1 << h)
}

/// Irrigation's or Mining's cards (K60, K62): 2 of `r` per hex of `r` touching `p`'s buildings.
pub(crate) fn harvest(s: &State, p: u8, r: Resource) -> u8 {
    let hexes = touched_hexes(s, p);
    2 * (0..HEXES).filter(|&h| hexes & (1 << h) != 0 && s.board.terrain[h] == Some(r)).count() as u8
}

/// Whether the hexes `a` and `b` share a side (a corner, on this board).
fn neighbours(a: usize, b: usize) -> bool {
    a != b && TOPOLOGY.hex_node_bits[a] & TOPOLOGY.hex_node_bits[b] != 0
}

/// Why Inventor may not swap the tokens of `a` and `b`, if it may not (K59, H8).
fn inventor_ok(s: &State, a: Hex, b: Hex) -> Result<(), Illegal> {
    let (a, b) = (a.index(), b.index());
    need(a < HEXES && b < HEXES && a < b, Illegal::CardCannotWork)?;
    let (x, y) = (s.board.numbers[a], s.board.numbers[b]);
    let swappable = |n: u8| n != 0 && ![2, 12, 6, 8].contains(&n);
    need(swappable(x) && swappable(y) && x != y, Illegal::CardCannotWork)?;
    if !s.options.house(8) {
        return Ok(());
    }
    // H8: afterwards no two equal tokens lie on neighbouring hexes anywhere on the board, not
    // only beside the two moved (the club: "danach keine zwei identischen Zahlenchips
    // nebeneinander").
    let token = |h: usize| {
        if h == a {
            y
        } else if h == b {
            x
        } else {
            s.board.numbers[h]
        }
    };
    let clash = (0..HEXES).any(|h| {
        let t = token(h);
        t != 0 && (h + 1..HEXES).any(|g| neighbours(h, g) && token(g) == t)
    });
    need(!clash, Illegal::EqualTokensBeside)
}

/// Whether Smith may promote the knights on `a` and (if any) `b` (K65).
fn smith_ok(s: &State, p: u8, a: Node, b: Option<Node>) -> bool {
    let knight =
        |n: Node| (n.index() < NODES).then(|| s.ck.knight(n.index())).flatten().filter(|k| k.owner() == p);
    let Some(ka) = knight(a) else { return false };
    let Some(next_a) = promotion(s, ka) else { return false };
    let Some(b) = b else { return true };
    if b.index() <= a.index() {
        return false;
    }
    let Some(kb) = knight(b) else { return false };
    match promotion(s, kb) {
        Some(next_b) if next_b == next_a => s.ck.supply[p as usize][next_a as usize - 1] >= 2,
        Some(_) => true,
        None => false,
    }
}

/// Whether `p`'s road on `e` is open for a Diplomat (K77, H7): at one of its ends he has no
/// other road and no building, and officially no knight either.
fn open_road(s: &State, q: u8, e: usize) -> bool {
    let i = q as usize;
    let knights = if s.options.house(7) { 0 } else { s.ck.knight_bits[i] };
    TOPOLOGY.edge_nodes[e].iter().any(|&n| {
        let others = TOPOLOGY.node_edge_bits[n as usize] & s.road_edges[i] & !(1u128 << e);
        others == 0 && (s.built[i] | knights) & (1 << n) == 0
    })
}

/// Whether a Diplomat may remove the road on `e` (K77): an open road whose removal leaves every
/// knight of its owner joined to one of his buildings (K36); under H7 any open road
/// **[reading]**: "any terminal road", a knight it cuts off going back to its owner's supply.
fn diplomat_ok(s: &State, e: Edge) -> bool {
    if e.index() >= EDGES || s.edges[e.index()] == 0 {
        return false;
    }
    let q = s.edges[e.index()] - 1;
    open_road(s, q, e.index())
        && (s.options.house(7) || s.ck.knight_bits[q as usize] & !joined(s, q, 1u128 << e.0) == 0)
}

/// Whether `q` is another player, at the table.
fn other(s: &State, q: Player) -> bool {
    q.0 < s.players && q.0 != s.current
}

/// Why the card move `mv` cannot be made now (the step is checked by the caller).
pub(crate) fn check(s: &State, mv: Move) -> Result<(), Illegal> {
    let p = s.current;
    let i = p as usize;
    let hand = s.hands[i];
    let card = card_of(mv).ok_or(Illegal::WrongStep)?;
    // A Commercial Harbor's offers follow the card, played before.
    need(matches!(mv, Move::HarbourOffer(..)) || holds(s, card), Illegal::NotHeldToPlay)?;
    let ok = match mv {
        Move::Play(k) => return play_ok(s, k),
        Move::Alchemist(r, y) => (1..=6).contains(&r) && (1..=6).contains(&y),
        Move::Crane(t) => improvable_with(s, p, t, true).is_ok(),
        Move::Engineer(n) => {
            n.index() < NODES && cities_of(s, p) & !s.ck.walls & (1 << n.0) != 0 && s.ck.wall_count[i] < WALLS
        }
        Move::Inventor(a, b) => return inventor_ok(s, a, b),
        Move::Medicine(n) => {
            let sideways = s.ck.sideways & s.built[i];
            n.index() < NODES
                && s.nodes[n.index()] == p + 1
                && (sideways == 0 || sideways & (1 << n.0) != 0)
                && (sideways != 0 || s.cities[i] < CITIES)
                && covers(hand, MEDICINE_PACKED)
        }
        Move::Smith(a, b) => smith_ok(s, p, a, b),
        Move::Merchant(h) => h.index() < HEXES && TOPOLOGY.hex_node_bits[h.index()] & s.built[i] != 0,
        Move::Fleet(k) => s.ck.in_play.fleet & (1 << k.index()) == 0,
        Move::ResourceMonopoly(_) | Move::TradeMonopoly(_) => true,
        Move::Bishop(h) => {
            need(robber_active(s), Illegal::RobberInactive)?;
            h.index() < HEXES && h != s.robber
        }
        Move::Deserter(q) => other(s, q) && s.ck.knight_bits[q.index()] != 0,
        Move::Diplomat(e) => diplomat_ok(s, e),
        Move::Intrigue(n) => {
            n.index() < NODES
                && s.ck.knight(n.index()).is_some_and(|k| k.owner() != p)
                && s.road_nodes[i] & (1 << n.0) != 0
        }
        Move::Spy(q) => other(s, q) && s.ck.held(q.index()) > 0,
        Move::MasterMerchant(q) => {
            other(s, q) && s.points(q) > s.points(Player(p)) && s.hands[q.index()] != 0
        }
        Move::Sabotage(n) => s.options.house(9) && n.index() < NODES && sabotage_targets(s) & (1 << n.0) != 0,
        Move::HarbourOffer(q, r) => {
            s.ck.in_play.harbour
                && other(s, q)
                && s.ck.in_play.harbour_done & (1 << q.0) == 0
                && count(hand, r.index()) > 0
        }
        _ => false,
    };
    need(ok, Illegal::CardCannotWork)
}

/// The card a move plays, if it plays one (a Commercial Harbor's offer plays none).
pub(crate) fn card_of(mv: Move) -> Option<ProgressCard> {
    Some(match mv {
        Move::Play(k) => k,
        Move::Alchemist(..) => Alchemist,
        Move::Crane(_) => Crane,
        Move::Engineer(_) => Engineer,
        Move::Inventor(..) => Inventor,
        Move::Medicine(_) => Medicine,
        Move::Smith(..) => Smith,
        Move::Merchant(_) => Merchant,
        Move::Fleet(_) => MerchantFleet,
        Move::ResourceMonopoly(_) => ResourceMonopoly,
        Move::TradeMonopoly(_) => TradeMonopoly,
        Move::Bishop(_) => Bishop,
        Move::Deserter(_) => Deserter,
        Move::Diplomat(_) => Diplomat,
        Move::Intrigue(_) => Intrigue,
        Move::Spy(_) => Spy,
        Move::MasterMerchant(_) => MasterMerchant,
        Move::HarbourOffer(..) => CommercialHarbor,
        Move::Sabotage(_) => Saboteur,
        _ => return None,
    })
}

/// Whether `Move::Play(k)` is legal (the player holds `k`): a card that names nothing and can
/// work (K53), or under H14 any card none of whose moves is legal now.
fn play_ok(s: &State, k: ProgressCard) -> Result<(), Illegal> {
    let p = s.current;
    let works = match k {
        Irrigation => harvest(s, p, Resource::Grain) > 0 && count(s.bank, Resource::Grain.index()) > 0,
        Mining => harvest(s, p, Resource::Ore) > 0 && count(s.bank, Resource::Ore.index()) > 0,
        RoadBuilding => s.roads[p as usize] < ROADS && road_sites(s, p) != 0,
        CommercialHarbor => (0..s.players).any(|q| q != p && s.ck.in_play.harbour_done & (1 << q) == 0),
        // Under H9 the older card names a city (`Move::Sabotage`).
        Saboteur if s.options.house(9) => {
            need(s.options.house(14) && sabotage_targets(s) == 0, Illegal::CardCannotWork)?;
            true
        }
        Saboteur => (0..s.players).any(|q| q != p && saboteur_hits(s, q)),
        Warlord => (0..NODES).any(|n| s.ck.knight(n).is_some_and(|k| k.owner() == p && !k.active())),
        Wedding => (0..s.players)
            .any(|q| q != p && s.points(Player(q)) > s.points(Player(p)) && s.hands[q as usize] != 0),
        _ => {
            // A card that names something: only under H14, when none of its moves is legal.
            need(s.options.house(14), Illegal::CardCannotWork)?;
            let mut any = false;
            card_moves(s, k, &mut |_| any = true);
            return need(!any, Illegal::CardCannotWork);
        }
    };
    need(works || s.options.house(14), Illegal::CardCannotWork)
}

/// The cities the older Saboteur may hit (H9) **[reading]**: another player's upright city
/// without a metropolis, not sabotaged yet, of a player with as many points as the card's player
/// or more (the official card's threshold, K79).
pub(crate) fn sabotage_targets(s: &State) -> u64 {
    let me = s.points(Player(s.current));
    (0..s.players)
        .filter(|&q| q != s.current && s.points(Player(q)) >= me)
        .fold(0, |m, q| m | cities_of(s, q))
        & !s.ck.metropolis_bits()
        & !s.ck.sabotaged
}

/// Whether a Saboteur makes `q` discard (K79): as many points as the player or more, and at least
/// 2 cards.
pub(crate) fn saboteur_hits(s: &State, q: u8) -> bool {
    s.points(Player(q)) >= s.points(Player(s.current)) && crate::packed::sum(s.hands[q as usize]) >= 2
}

/// The legal moves of `card` for the player on turn in the main step (without `Move::Play` of a
/// card that names something), each given to `found`.
fn card_moves(s: &State, card: ProgressCard, found: &mut dyn FnMut(Move)) {
    let p = s.current;
    let mut push = |mv: Move| {
        if check(s, mv).is_ok() {
            found(mv);
        }
    };
    match card {
        Crane => Track::ALL.into_iter().for_each(|t| push(Move::Crane(t))),
        Engineer => (0..NODES as u8).for_each(|n| push(Move::Engineer(Node(n)))),
        Inventor => {
            for a in 0..HEXES as u8 {
                for b in a + 1..HEXES as u8 {
                    push(Move::Inventor(Hex(a), Hex(b)));
                }
            }
        }
        Medicine => (0..NODES as u8).for_each(|n| push(Move::Medicine(Node(n)))),
        Smith => {
            let mine = s.ck.knight_bits[p as usize];
            for a in (0..NODES as u8).filter(|&n| mine & (1 << n) != 0) {
                push(Move::Smith(Node(a), None));
                for b in (a + 1..NODES as u8).filter(|&n| mine & (1 << n) != 0) {
                    push(Move::Smith(Node(a), Some(Node(b))));
                }
            }
        }
        Merchant => (0..HEXES as u8).for_each(|h| push(Move::Merchant(Hex(h)))),
        MerchantFleet => CardKind::ALL.into_iter().for_each(|k| push(Move::Fleet(k))),
        ResourceMonopoly => Resource::ALL.into_iter().for_each(|r| push(Move::ResourceMonopoly(r))),
        TradeMonopoly => Commodity::ALL.into_iter().for_each(|c| push(Move::TradeMonopoly(c))),
        Bishop => (0..HEXES as u8).for_each(|h| push(Move::Bishop(Hex(h)))),
        Deserter => (0..s.players).for_each(|q| push(Move::Deserter(Player(q)))),
        Diplomat => (0..EDGES as u8).for_each(|e| push(Move::Diplomat(Edge(e)))),
        Intrigue => (0..NODES as u8).for_each(|n| push(Move::Intrigue(Node(n)))),
        Spy => (0..s.players).for_each(|q| push(Move::Spy(Player(q)))),
        MasterMerchant => (0..s.players).for_each(|q| push(Move::MasterMerchant(Player(q)))),
        Saboteur => (0..NODES as u8).for_each(|n| push(Move::Sabotage(Node(n)))),
        _ => {}
    }
}

/// The card moves of the player on turn in the main step, into `out` (K51).
pub(crate) fn main_card_moves(s: &State, out: &mut Vec<Move>) {
    let i = s.current as usize;
    for card in s.ck.hand_kinds(i) {
        if card == Alchemist && !s.options.house(14) {
            continue;
        }
        card_moves(s, card, &mut |mv| out.push(mv));
        if play_ok(s, card).is_ok() {
            out.push(Move::Play(card));
        }
    }
    if s.ck.in_play.harbour {
        for q in 0..s.players {
            if q != s.current && s.ck.in_play.harbour_done & (1 << q) == 0 {
                for r in Resource::ALL {
                    if count(s.hands[i], r.index()) > 0 {
                        out.push(Move::HarbourOffer(Player(q), r));
                    }
                }
            }
        }
    }
}

/// The Alchemist's moves before the roll (K56).
pub(crate) fn alchemist_moves(s: &State, out: &mut Vec<Move>) {
    if holds(s, Alchemist) {
        for r in 1..=6 {
            for y in 1..=6 {
                out.push(Move::Alchemist(r, y));
            }
        }
    }
}

/// Whether `phase` is one of the progress cards' own steps (K67, K68, K76, K77, K80, K82).
pub(crate) fn card_step(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::HarbourGive
            | Phase::Give
            | Phase::Take
            | Phase::Desert
            | Phase::DeserterPlace
            | Phase::DiplomatRoad
            | Phase::Spy
    )
}

/// Why a move at one of the progress cards' own steps cannot be made (K67, K68, K76, K77, K80,
/// K82).
pub(crate) fn check_step(s: &State, mv: Move) -> Result<(), Illegal> {
    let a = s.actor as usize;
    let kind_held = |who: usize, k: CardKind| count(s.hands[who], k.index()) > 0;
    match (s.phase, mv) {
        (Phase::HarbourGive, Move::Give(k @ CardKind::Commodity(_))) => {
            need(kind_held(a, k), Illegal::CardNotHeld("K67"))
        }
        (Phase::Give, Move::Give(k)) => need(kind_held(a, k), Illegal::CardNotHeld("K82")),
        (Phase::Take, Move::Take(k)) => {
            need(kind_held(s.ck.in_play.take_from as usize, k), Illegal::CardNotHeld("K68"))
        }
        (Phase::Desert, Move::Desert(n)) => {
            need(n.index() < NODES && s.ck.knight_bits[a] & (1 << n.0) != 0, Illegal::NoOwnKnight)
        }
        (Phase::DeserterPlace, Move::Place(n)) => {
            need(n.index() < NODES && recruit_sites(s, s.actor) & (1 << n.0) != 0, Illegal::NotConnected)
        }
        (Phase::DiplomatRoad, Move::Road(e)) => {
            need(e.index() < EDGES, Illegal::OutOfRange)?;
            crate::sites::road_site(s, s.actor, e.index())
        }
        (Phase::Spy, Move::SpyTake(k)) => {
            need(s.ck.progress[s.ck.in_play.spied as usize][k.index()] > 0, Illegal::CardNotHeld("K80"))
        }
        (Phase::DeserterPlace | Phase::DiplomatRoad | Phase::Spy, Move::Skip) => Ok(()),
        _ => Err(Illegal::WrongStep),
    }
}

/// The legal moves at one of the progress cards' own steps, into `out`.
pub(crate) fn step_moves(s: &State, out: &mut Vec<Move>) {
    let a = s.actor as usize;
    let kinds_of = |who: usize, out: &mut Vec<Move>, make: fn(CardKind) -> Move, only_commodities: bool| {
        for k in CardKind::ALL {
            if count(s.hands[who], k.index()) > 0 && (!only_commodities || k.index() >= 5) {
                out.push(make(k));
            }
        }
    };
    match s.phase {
        Phase::HarbourGive => kinds_of(a, out, Move::Give, true),
        Phase::Give => kinds_of(a, out, Move::Give, false),
        Phase::Take => kinds_of(s.ck.in_play.take_from as usize, out, Move::Take, false),
        Phase::Desert => crate::sites::push_bits(out, s.ck.knight_bits[a] as u128, |n| Move::Desert(Node(n))),
        Phase::DeserterPlace => {
            crate::sites::push_bits(out, recruit_sites(s, s.actor) as u128, |n| Move::Place(Node(n)));
            out.push(Move::Skip);
        }
        Phase::DiplomatRoad => {
            crate::sites::push_bits(out, road_sites(s, s.actor), |e| Move::Road(Edge(e)));
            out.push(Move::Skip);
        }
        Phase::Spy => {
            for card in s.ck.hand_kinds(s.ck.in_play.spied as usize) {
                out.push(Move::SpyTake(card));
            }
            out.push(Move::Skip);
        }
        _ => {}
    }
}

/// The strength of the knight a Deserter's player may place for `removed` (K76, H10): the same,
/// else a basic one (officially) or the strongest lower one in supply (H10); None when none.
pub(crate) fn deserter_strength(s: &State, removed: Knight) -> Option<Strength> {
    let supply = s.ck.supply[s.current as usize];
    let have = |st: Strength| supply[st as usize - 1] > 0;
    let same = removed.strength();
    if have(same) {
        return Some(same);
    }
    if s.options.house(10) {
        [Strength::Strong, Strength::Basic].into_iter().find(|&st| st < same && have(st))
    } else {
        have(Strength::Basic).then_some(Strength::Basic)
    }
}
