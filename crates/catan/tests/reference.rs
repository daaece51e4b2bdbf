//! Random games checked step by step against a slow reference that recomputes everything from
//! the raw board: card and piece conservation, the distance rule, every player's longest road by
//! exhaustive search and who holds the card (C32, C33), largest army (C31), points (C38),
//! harbour rates (C36), production with the shortage rule (C15, C16), discards (C29), the turn's
//! flow, and the legal moves of every step, each candidate move checked both ways.
//!
//! Games mix the options: official and Catanatron's readings alternate, and some games mix
//! single options or trade between players (C37).
//!
//! `CATAN_REFERENCE_GAMES=n` sets the number of games (default 2,500 in release builds: 2,000
//! with 4 players, 400 with 3, 100 with 2; 100 in debug builds); `CATAN_REFERENCE_SEED=s` plays
//! only game `s`.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::options::{BeforeRoll, Discard, LongestRoad, Options, Shortage, Win};
use stadt_catan::state::{Building, State};
use stadt_catan::topology::{EDGES, HEXES, NODES, TOPOLOGY};
use stadt_testkit::catan_geometry::{Geometry, geometry, longest_trail, owner, road_owner};
use std::collections::BTreeSet;
use std::time::Instant;

/// Exhaustive longest trail of `p`'s roads (C32): another's building blocks.
fn longest(s: &State, g: &Geometry, p: u8) -> u8 {
    longest_trail(s, g, p, &|n| owner(s, n).is_some_and(|o| o != p))
}

/// The longest trail by Catanatron's reading (C32, option `longest_road=catanatron`): trails
/// start at intersections in `reached` and never step onto another player's building.
fn longest_catanatron(s: &State, g: &Geometry, p: u8, reached: u64) -> u8 {
    fn go(s: &State, g: &Geometry, p: u8, at: usize, used: &mut Vec<(usize, usize)>) -> usize {
        let mut best = used.len();
        for &m in &g.neighbours[at] {
            let key = (at.min(m), at.max(m));
            if road_owner(s, g, at, m) == Some(p)
                && !used.contains(&key)
                && owner(s, m).is_none_or(|o| o == p)
            {
                used.push(key);
                best = best.max(go(s, g, p, m, used));
                used.pop();
            }
        }
        best
    }
    (0..NODES)
        .filter(|&a| reached & (1 << a) != 0)
        .map(|a| go(s, g, p, a, &mut Vec::new()))
        .max()
        .unwrap_or(0) as u8
}

/// What last happened to the roads, for Catanatron's longest road.
#[derive(Clone, Copy, Default, PartialEq)]
enum RoadEvent {
    #[default]
    None,
    /// This player built a road.
    Built(u8),
    /// A settlement cut this player's road in two at this intersection.
    Cut(u8, usize),
}

/// The rate for `r` from the buildings on harbour intersections (C35, C36).
fn rate(s: &State, p: u8, r: Resource) -> u8 {
    let mut best = 4;
    for (h, nodes) in TOPOLOGY.harbour_nodes.iter().enumerate() {
        if nodes.iter().any(|&n| owner(s, n as usize) == Some(p)) {
            best = best.min(match s.board().harbours[h] {
                stadt_catan::board::Harbour::Generic => 3,
                stadt_catan::board::Harbour::Special(x) if x == r => 2,
                _ => 4,
            });
        }
    }
    best
}

/// What the reference remembers of the game's history (never read from the engine).
#[derive(Clone, Default)]
struct Memory {
    bought: [u8; 5],
    card_played: bool,
    rolled: bool,
    last_settlement: usize,
    longest: Option<u8>,
    army: Option<u8>,
    /// Catanatron's longest road: intersections each player's roads reached while free of
    /// others' buildings, the holder's length when last set, and what just happened.
    reached: [u64; 4],
    holder_len: u8,
    event: RoadEvent,
    /// Catanatron's counts: recounted (never lowered) when the player builds a road, recounted
    /// when a settlement cuts his road in two, else kept.
    counts: [u8; 4],
    /// The count just made for the player who built a road (what the card goes by).
    fresh: u8,
    /// Proposals made this turn and who accepted the one on the table (C37).
    proposals: u8,
    accepted: Vec<u8>,
    /// The last moves, for failure messages.
    recent: Vec<String>,
    /// The board the lengths were last counted on, and the lengths.
    counted: Option<Counted>,
    /// How often rarer situations came up.
    stats: Stats,
}

/// Buildings and roads of a board, and the road lengths counted on it.
type Counted = (Vec<Option<Building>>, Vec<Option<Player>>, Vec<u8>);

/// Situations counted over all games, so a check that never fires is seen.
#[derive(Clone, Default, Debug)]
struct Stats {
    longest_changes: u64,
    longest_set_aside: u64,
    army_changes: u64,
    shortages: u64,
    single_shortages: u64,
    discards: u64,
    steals: u64,
    free_roads: u64,
    wins: u64,
    turn_limits: u64,
    catanatron_cuts: u64,
    catanatron_short_holders: u64,
    exchanges: u64,
}

fn affords(hand: &[u8; 5], cost: [u8; 5]) -> bool {
    hand.iter().zip(cost).all(|(&h, c)| h >= c)
}

fn road_site(s: &State, g: &Geometry, p: u8, e: usize) -> bool {
    let [a, b] = TOPOLOGY.edge_nodes[e];
    s.road(Edge(e as u8)).is_none()
        && [a as usize, b as usize].iter().any(|&n| match owner(s, n) {
            Some(o) => o == p,
            None => g.neighbours[n].iter().any(|&m| road_owner(s, g, n, m) == Some(p)),
        })
}

fn site_free(s: &State, g: &Geometry, n: usize) -> bool {
    owner(s, n).is_none() && g.neighbours[n].iter().all(|&m| owner(s, m).is_none())
}

/// The legal moves recomputed from the raw board and the reference's memory.
fn reference_moves(s: &State, g: &Geometry, mem: &Memory) -> BTreeSet<u32> {
    let mut out = Vec::new();
    let p = s.actor().0;
    let hand = s.hand(Player(p));
    let (settlements, cities, roads) = {
        let mut c = (0, 0, 0);
        for n in 0..NODES {
            match s.building(Node(n as u8)) {
                Some(Building::Settlement(o)) if o.0 == p => c.0 += 1,
                Some(Building::City(o)) if o.0 == p => c.1 += 1,
                _ => {}
            }
        }
        c.2 = (0..EDGES).filter(|&e| s.road(Edge(e as u8)) == Some(Player(p))).count();
        c
    };
    let usable = |k: DevCard| {
        let fresh = if s.options().fresh_cards { 0 } else { mem.bought[k.index()] };
        !mem.card_played && s.dev_cards(Player(p))[k.index()] > fresh
    };
    let any_road = roads < 15 && (0..EDGES).any(|e| road_site(s, g, p, e));
    let cards = |out: &mut Vec<Move>, before_roll: bool| {
        let allowed = |k| !before_roll || s.options().before_roll == BeforeRoll::Any || k == DevCard::Knight;
        if usable(DevCard::Knight) {
            out.push(Move::Knight);
        }
        let cost_ok = !s.options().road_building_cost || affords(&hand, [1, 1, 0, 0, 0]);
        if usable(DevCard::RoadBuilding) && allowed(DevCard::RoadBuilding) && any_road && cost_ok {
            out.push(Move::RoadBuilding);
        }
        if usable(DevCard::YearOfPlenty) && allowed(DevCard::YearOfPlenty) {
            let bank = s.bank();
            let pair = |a: Resource, b: Resource| {
                if a == b { bank[a.index()] >= 2 } else { bank[a.index()] >= 1 && bank[b.index()] >= 1 }
            };
            for a in Resource::ALL {
                for b in Resource::ALL {
                    if a <= b && pair(a, b) {
                        out.push(Move::YearOfPlenty(a, Some(b)));
                    }
                }
                if bank[a.index()] >= 1 && Resource::ALL.iter().any(|&b| !pair(a, b)) {
                    out.push(Move::YearOfPlenty(a, None));
                }
            }
        }
        if usable(DevCard::Monopoly) && allowed(DevCard::Monopoly) {
            out.extend(Resource::ALL.map(Move::Monopoly));
        }
    };
    match s.phase() {
        Phase::SetupSettlement => {
            out.extend((0..NODES).filter(|&n| site_free(s, g, n)).map(|n| Move::Settle(Node(n as u8))))
        }
        Phase::SetupRoad => {
            let n = mem.last_settlement;
            for &m in &g.neighbours[n] {
                if road_owner(s, g, n, m).is_none() {
                    out.push(Move::Road(Edge(g.edge_of[n][m].unwrap() as u8)));
                }
            }
        }
        Phase::PreRoll => {
            out.push(Move::Roll);
            cards(&mut out, true);
        }
        Phase::Main => {
            out.push(Move::End);
            if affords(&hand, [1, 1, 0, 0, 0]) && roads < 15 {
                out.extend((0..EDGES).filter(|&e| road_site(s, g, p, e)).map(|e| Move::Road(Edge(e as u8))));
            }
            if affords(&hand, [1, 1, 1, 1, 0]) && settlements < 5 {
                for n in 0..NODES {
                    if site_free(s, g, n)
                        && g.neighbours[n].iter().any(|&m| road_owner(s, g, n, m) == Some(p))
                    {
                        out.push(Move::Settle(Node(n as u8)));
                    }
                }
            }
            if affords(&hand, [0, 0, 0, 2, 3]) && cities < 4 {
                for n in 0..NODES {
                    if s.building(Node(n as u8)) == Some(Building::Settlement(Player(p))) {
                        out.push(Move::City(Node(n as u8)));
                    }
                }
            }
            if affords(&hand, [0, 0, 1, 1, 1]) && s.deck_left() > 0 {
                out.push(Move::Buy);
            }
            cards(&mut out, false);
            if s.options().player_trade && mem.proposals < 3 {
                for give in sides() {
                    for get in sides() {
                        let disjoint = (0..5).all(|r| give[r] == 0 || get[r] == 0);
                        if disjoint && affords(&hand, give) {
                            out.push(Move::Propose(give, get));
                        }
                    }
                }
            }
            for a in Resource::ALL {
                for b in Resource::ALL {
                    if a != b && hand[a.index()] >= rate(s, p, a) && s.bank()[b.index()] > 0 {
                        out.push(Move::Trade(a, b));
                    }
                }
            }
        }
        Phase::FreeRoads => {
            out.extend((0..EDGES).filter(|&e| road_site(s, g, p, e)).map(|e| Move::Road(Edge(e as u8))))
        }
        Phase::Answer => {
            if affords(&hand, s.offer().1) {
                out.push(Move::Accept);
            }
            out.push(Move::Decline);
        }
        Phase::Pick => {
            out.push(Move::Pick(None));
            out.extend(mem.accepted.iter().map(|&q| Move::Pick(Some(Player(q)))));
        }
        Phase::Discard => {
            out.extend(Resource::ALL.iter().filter(|r| hand[r.index()] > 0).map(|&r| Move::Discard(r)))
        }
        Phase::Robber => {
            for h in 0..HEXES {
                if h == s.robber().index() {
                    continue;
                }
                let victims: BTreeSet<u8> = TOPOLOGY.hex_nodes[h]
                    .iter()
                    .filter_map(|&n| owner(s, n as usize))
                    .filter(|&o| o != p && s.hand_size(Player(o)) > 0)
                    .collect();
                if victims.is_empty() {
                    out.push(Move::Robber(Hex(h as u8), None));
                }
                out.extend(victims.into_iter().map(|v| Move::Robber(Hex(h as u8), Some(Player(v)))));
            }
        }
        _ => {}
    }
    out.iter().map(|&m| key(m)).collect()
}

/// A number per move, for comparing sets of moves.
fn key(m: Move) -> u32 {
    let r = |r: Resource| r.index() as u32;
    match m {
        Move::Settle(n) => 100 + n.0 as u32,
        Move::City(n) => 200 + n.0 as u32,
        Move::Road(e) => 300 + e.0 as u32,
        Move::Buy => 1,
        Move::Roll => 2,
        Move::End => 3,
        Move::Knight => 4,
        Move::RoadBuilding => 5,
        Move::YearOfPlenty(a, b) => 400 + 10 * r(a) + b.map_or(9, r),
        Move::Monopoly(a) => 500 + r(a),
        Move::Robber(h, v) => 600 + 10 * h.0 as u32 + v.map_or(9, |v| v.0 as u32),
        Move::Discard(a) => 900 + r(a),
        Move::Trade(a, b) => 1000 + 10 * r(a) + r(b),
        Move::Propose(give, get) => {
            let pack = |c: [u8; 5]| c.iter().fold(0u32, |acc, &n| acc * 8 + n.min(7) as u32);
            2000 + pack(give) * 32768 + pack(get)
        }
        Move::Accept => 6,
        Move::Decline => 7,
        Move::Pick(None) => 8,
        Move::Pick(Some(q)) => 10 + q.0 as u32,
        other => panic!("{other:?} is no move of the base game"),
    }
}

/// The sides of a proposal (C37): one or two cards.
fn sides() -> Vec<[u8; 5]> {
    let mut out = Vec::new();
    for a in 0..5 {
        for b in a..=5 {
            let mut c = [0u8; 5];
            c[a] += 1;
            if b < 5 {
                c[b] += 1;
            }
            out.push(c);
        }
    }
    out
}

/// Every move worth trying at a step: legal or not, each must be judged as the list says. With
/// `proposals`, every proposal of one or two cards a side, else three of them.
fn candidates(players: u8, proposals: bool) -> Vec<Move> {
    let mut c = vec![Move::Buy, Move::Roll, Move::End, Move::Knight, Move::RoadBuilding];
    c.extend((0..NODES as u8).flat_map(|n| [Move::Settle(Node(n)), Move::City(Node(n))]));
    c.extend((0..EDGES as u8).map(|e| Move::Road(Edge(e))));
    for a in Resource::ALL {
        c.push(Move::Monopoly(a));
        c.push(Move::Discard(a));
        c.push(Move::YearOfPlenty(a, None));
        for b in Resource::ALL {
            c.push(Move::YearOfPlenty(a, Some(b)));
            c.push(Move::Trade(a, b));
        }
    }
    for h in 0..HEXES as u8 {
        c.push(Move::Robber(Hex(h), None));
        c.extend((0..players).map(|v| Move::Robber(Hex(h), Some(Player(v)))));
    }
    for (i, give) in sides().into_iter().enumerate() {
        for (j, get) in sides().into_iter().enumerate() {
            if proposals || (i == j + 1 && i % 7 == 1) {
                c.push(Move::Propose(give, get));
            }
        }
    }
    c.push(Move::Propose([3, 0, 0, 0, 0], [0, 1, 0, 0, 0]));
    c.push(Move::Propose([0; 5], [0, 1, 0, 0, 0]));
    c.extend([Move::Accept, Move::Decline, Move::Pick(None)]);
    c.extend((0..players).map(|q| Move::Pick(Some(Player(q)))));
    c
}

/// The facts of one position that need no history; panics with what differs.
fn check_position(s: &State, g: &Geometry, mem: &mut Memory) {
    let n = s.players() as u8;
    let mut bank_total = s.bank();
    let mut cards = [0u8; 5];
    let k_deck = s.deck();
    for d in k_deck {
        cards[d.index()] += 1;
    }
    for p in 0..n {
        for r in 0..5 {
            bank_total[r] += s.hand(Player(p))[r];
            cards[r] += s.dev_cards(Player(p))[r] + s.played(Player(p))[r];
        }
    }
    assert_eq!(bank_total, [19; 5], "C2: resource cards are conserved");
    assert_eq!(cards, DevCard::COUNTS, "C22: development cards are conserved");
    for a in 0..NODES {
        if owner(s, a).is_some() {
            assert!(g.neighbours[a].iter().all(|&b| owner(s, b).is_none()), "C17: distance rule at {a}");
        }
    }
    let buildings: Vec<Option<Building>> = (0..NODES).map(|x| s.building(Node(x as u8))).collect();
    let roads: Vec<Option<Player>> = (0..EDGES).map(|e| s.road(Edge(e as u8))).collect();
    let catanatron = s.options().longest_road == LongestRoad::Catanatron;
    match mem.event {
        RoadEvent::Built(p) if catanatron => {
            let l = longest_catanatron(s, g, p, mem.reached[p as usize]);
            mem.counts[p as usize] = mem.counts[p as usize].max(l);
            mem.fresh = l;
        }
        RoadEvent::Cut(v, at) => {
            // The halves are walked again from the cut, taking in others' buildings met.
            for &m in &g.neighbours[at] {
                if road_owner(s, g, at, m) == Some(v) {
                    let mut seen = vec![m];
                    let mut i = 0;
                    while i < seen.len() {
                        let x = seen[i];
                        i += 1;
                        if owner(s, x).is_some_and(|o| o != v) {
                            continue;
                        }
                        for &y in &g.neighbours[x] {
                            if road_owner(s, g, x, y) == Some(v) && !seen.contains(&y) {
                                seen.push(y);
                            }
                        }
                    }
                    for x in seen {
                        mem.reached[v as usize] |= 1 << x;
                    }
                }
            }
            mem.counts[v as usize] = longest_catanatron(s, g, v, mem.reached[v as usize]);
        }
        _ => {}
    }
    let lengths_now = match &mem.counted {
        _ if catanatron => mem.counts[..n as usize].to_vec(),
        Some((b, r, l)) if *b == buildings && *r == roads => l.clone(),
        _ => {
            let l: Vec<u8> = (0..n).map(|p| longest(s, g, p)).collect();
            mem.counted = Some((buildings, roads, l.clone()));
            l
        }
    };
    let mut lengths = Vec::new();
    for p in 0..n {
        let mut count = (0, 0, 0);
        for x in 0..NODES {
            match s.building(Node(x as u8)) {
                Some(Building::Settlement(o)) if o.0 == p => count.0 += 1,
                Some(Building::City(o)) if o.0 == p => count.1 += 1,
                _ => {}
            }
        }
        count.2 = (0..EDGES).filter(|&e| s.road(Edge(e as u8)) == Some(Player(p))).count() as u8;
        assert_eq!(s.pieces(Player(p)), count, "C21: pieces of player {p}");
        assert!(count.0 <= 5 && count.1 <= 4 && count.2 <= 15, "C21: supply limits");
        let len = lengths_now[p as usize];
        assert_eq!(s.road_length(Player(p)), len, "C32: longest road of player {p} after {:?}", mem.recent);
        lengths.push(len);
        for r in Resource::ALL {
            assert_eq!(s.rate(Player(p), r), rate(s, p, r), "C36: rate of player {p} for {r}");
        }
    }
    // C32, C33: the holder keeps the card on a tie with 5 or more; else the one longest player
    // with 5 or more takes it; else it is set aside.
    let max = *lengths.iter().max().unwrap();
    let expected = match (s.options().longest_road, std::mem::take(&mut mem.event)) {
        (LongestRoad::Official, _) => match mem.longest {
            Some(h) if lengths[h as usize] >= 5 && lengths[h as usize] == max => Some(h),
            _ => {
                let top: Vec<u8> = (0..n).filter(|&p| lengths[p as usize] == max && max >= 5).collect();
                if top.len() == 1 { Some(top[0]) } else { None }
            }
        },
        // Catanatron: a road of 5 or more longer than the holder's length when it was last set
        // takes the card; a cut gives it to the first longest in seat order, whatever the length.
        (LongestRoad::Catanatron, RoadEvent::Built(p)) => {
            let l = mem.fresh;
            if l >= 5 && l > mem.holder_len {
                mem.holder_len = l;
                Some(p)
            } else {
                mem.longest
            }
        }
        (LongestRoad::Catanatron, RoadEvent::Cut(..)) => {
            mem.stats.catanatron_cuts += 1;
            mem.stats.catanatron_short_holders += (max < 5) as u64;
            mem.holder_len = max;
            (0..n).find(|&p| lengths[p as usize] == max)
        }
        (LongestRoad::Catanatron, RoadEvent::None) => mem.longest,
    };
    assert_eq!(s.longest_road().map(|p| p.0), expected, "C32/C33: longest road card, lengths {lengths:?}");
    if expected != mem.longest {
        mem.stats.longest_changes += 1;
        mem.stats.longest_set_aside += expected.is_none() as u64;
    }
    mem.longest = expected;
    // C31: the first to 3 knights, then only a strictly larger army.
    let knights: Vec<u8> = (0..n).map(|p| s.played(Player(p))[DevCard::Knight.index()]).collect();
    let expected = match mem.army {
        Some(h) => Some((0..n).find(|&p| knights[p as usize] > knights[h as usize]).unwrap_or(h)),
        None => (0..n).find(|&p| knights[p as usize] >= 3),
    };
    assert_eq!(s.largest_army().map(|p| p.0), expected, "C31: largest army, knights {knights:?}");
    mem.stats.army_changes += (expected != mem.army) as u64;
    mem.army = expected;
    for p in 0..n {
        let mut points = 0;
        for x in 0..NODES {
            match s.building(Node(x as u8)) {
                Some(Building::Settlement(o)) if o.0 == p => points += 1,
                Some(Building::City(o)) if o.0 == p => points += 2,
                _ => {}
            }
        }
        points += 2 * (mem.longest == Some(p)) as u8 + 2 * (mem.army == Some(p)) as u8;
        points += s.dev_cards(Player(p))[DevCard::VictoryPoint.index()];
        assert_eq!(s.points(Player(p)), points, "C38: points of player {p}");
        let in_setup = matches!(s.phase(), Phase::SetupSettlement | Phase::SetupRoad);
        if !s.is_over() && !in_setup {
            let ended = match s.options().win {
                Win::OwnTurn => p == s.current().0,
                Win::AnyTime => true,
            };
            assert!(!(ended && points >= 10), "C38: player {p} has {points} points and the game goes on");
        }
    }
    if let Some(w) = s.winner() {
        assert!(s.points(w) >= 10, "C38: the winner has 10 points");
        if s.options().win == Win::OwnTurn {
            assert_eq!(w, s.current(), "C38: one wins on one's own turn");
        }
    }
}

/// The production of a roll, recomputed (C15, C16): each player's hand after it.
fn produced(s: &State, roll: u8, stats: &mut Stats) -> Vec<[u8; 5]> {
    let n = s.players();
    let mut owed = vec![[0u32; 5]; n];
    for h in 0..HEXES {
        let Some(r) = s.board().terrain[h] else { continue };
        if s.board().numbers[h] != roll || s.robber().index() == h {
            continue;
        }
        for &x in &TOPOLOGY.hex_nodes[h] {
            match s.building(Node(x)) {
                Some(Building::Settlement(o)) => owed[o.index()][r.index()] += 1,
                Some(Building::City(o)) => owed[o.index()][r.index()] += 2,
                None => {}
            }
        }
    }
    let mut hands: Vec<[u8; 5]> = (0..n).map(|p| s.hand(Player(p as u8))).collect();
    for r in 0..5 {
        let total: u32 = owed.iter().map(|o| o[r]).sum();
        let bank = s.bank()[r] as u32;
        let owed_to: Vec<usize> = (0..n).filter(|&p| owed[p][r] > 0).collect();
        if total <= bank {
            for p in 0..n {
                hands[p][r] += owed[p][r] as u8;
            }
        } else {
            stats.shortages += 1;
            if s.options().shortage == Shortage::Official && owed_to.len() == 1 {
                stats.single_shortages += 1;
                hands[owed_to[0]][r] += bank as u8;
            }
        }
    }
    hands
}

fn options_for(seed: u64) -> Options {
    let mut o = if seed.is_multiple_of(2) { Options::OFFICIAL } else { Options::CATANATRON };
    // Every fourth game mixes the options one by one.
    if seed % 4 == 3 {
        o.discard = Discard::Choose;
        o.shortage = Shortage::Official;
    }
    if seed % 8 == 2 {
        o.before_roll = BeforeRoll::Knight;
        o.fresh_cards = true;
    }
    if seed % 10 == 1 {
        o.player_trade = true;
    }
    o
}

/// Plays game `seed` checking every step; returns the steps played and what came up.
fn play(seed: u64, g: &Geometry, all: &[[Vec<Move>; 2]; 3]) -> (u64, Stats) {
    let players = match seed % 25 {
        24 => 2,
        0 | 5 | 10 | 15 => 3,
        _ => 4,
    };
    let mut s = State::deal(players, options_for(seed), seed).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9);
    let mut mem = Memory::default();
    let mut buf = Vec::new();
    let mut steps = 0;
    let setup_order: Vec<u8> = (0..players as u8).chain((0..players as u8).rev()).collect();
    while !s.is_over() {
        steps += 1;
        check_position(&s, g, &mut mem);
        let before = s.clone();
        if s.phase().is_chance() {
            let c = s.resolve_chance().unwrap();
            match c {
                Chance::Dice(a, b) => {
                    mem.rolled = true;
                    if a + b != 7 {
                        let want = produced(&before, a + b, &mut mem.stats);
                        for (p, want) in want.iter().enumerate() {
                            assert_eq!(
                                s.hand(Player(p as u8)),
                                *want,
                                "seed {seed}: C15/C16 production of {p}"
                            );
                        }
                        assert!(s.is_over() || s.phase() == Phase::Main);
                    } else {
                        for p in 0..players as u8 {
                            let size = before.hand_size(Player(p));
                            let due = if size > 7 { size / 2 } else { 0 };
                            assert_eq!(
                                s.to_discard(Player(p)) as u32,
                                due,
                                "seed {seed}: C29 discard of {p}"
                            );
                        }
                        let first = (0..players as u8).find(|&p| before.hand_size(Player(p)) > 7);
                        mem.stats.discards += first.is_some() as u64;
                        match first {
                            Some(p) => assert_eq!(s.actor().0, p, "C29: seat order"),
                            None => assert_eq!(s.phase(), Phase::Robber, "C30: robber after a 7"),
                        }
                    }
                }
                Chance::Draw(_) => {
                    let k = s
                        .dev_cards(s.current())
                        .iter()
                        .zip(before.dev_cards(s.current()))
                        .position(|(a, b)| a != b);
                    mem.bought[k.expect("C23: a card in hand")] += 1;
                }
                Chance::Steal(r) => {
                    mem.stats.steals += 1;
                    let v = before.victim().unwrap();
                    assert_eq!(s.hand(v)[r.index()] + 1, before.hand(v)[r.index()], "C30: the card stolen");
                    assert_eq!(s.hand_size(v) + 1, before.hand_size(v));
                }
                Chance::Discard(cards) => {
                    let a = before.actor();
                    assert_eq!(cards.iter().map(|&c| c as u32).sum::<u32>(), before.hand_size(a) / 2, "C29");
                }
                other => panic!("seed {seed}: {other:?} is no outcome of the base game"),
            }
            continue;
        }
        // The legal moves, recomputed and checked candidate by candidate.
        s.legal_moves(&mut buf);
        let engine: BTreeSet<u32> = buf.iter().map(|&m| key(m)).collect();
        assert_eq!(engine.len(), buf.len(), "seed {seed}: a move listed twice");
        let want = reference_moves(&s, g, &mem);
        assert_eq!(engine, want, "seed {seed} step {steps}: legal moves at {:?}", s.phase());
        // Every candidate move is judged both ways in every other game (the list itself is
        // compared in every game); the check costs more than the rest of the step.
        let full = s.phase() == Phase::Main && s.options().player_trade;
        let candidates: &[Move] =
            if seed.is_multiple_of(2) || full { &all[players - 2][full as usize] } else { &[] };
        for mv in candidates {
            let listed = engine.contains(&key(*mv));
            assert_eq!(s.check(*mv).is_ok(), listed, "seed {seed}: check({mv:?}) at {:?}", s.phase());
        }
        if matches!(s.phase(), Phase::SetupSettlement | Phase::SetupRoad) {
            let k = before_setup_index(&s);
            assert_eq!(s.actor().0, setup_order[k], "C12: snake order");
        }
        let mv = buf[rng.random_range(0..buf.len())];
        s.play(mv).unwrap();
        let p = before.actor();
        if mem.recent.len() >= 6 {
            mem.recent.remove(0);
        }
        mem.recent.push(format!("p{} {mv:?}", p.0));
        match mv {
            Move::Settle(n) if before.phase() == Phase::SetupSettlement => mem.reached[p.index()] |= 1 << n.0,
            Move::Road(e) => {
                for x in TOPOLOGY.edge_nodes[e.index()] {
                    if owner(&before, x as usize).is_none_or(|o| o == p.0) {
                        mem.reached[p.index()] |= 1 << x;
                    }
                }
                mem.event = RoadEvent::Built(p.0);
            }
            Move::Settle(n) => {
                let cut = (0..players as u8).find(|&q| {
                    q != p.0
                        && g.neighbours[n.index()]
                            .iter()
                            .filter(|&&m| road_owner(&before, g, n.index(), m) == Some(q))
                            .count()
                            == 2
                });
                if let Some(v) = cut {
                    mem.event = RoadEvent::Cut(v, n.index());
                }
            }
            _ => {}
        }
        match mv {
            Move::Settle(n) if before.phase() == Phase::SetupSettlement => {
                mem.last_settlement = n.index();
                let second = before.pieces(p).0 == 1;
                let mut want = before.hand(p);
                if second {
                    for h in 0..HEXES {
                        if let Some(r) = s.board().terrain[h]
                            && TOPOLOGY.hex_nodes[h].contains(&n.0)
                        {
                            want[r.index()] += 1;
                        }
                    }
                }
                assert_eq!(s.hand(p), want, "seed {seed}: C13 second settlement's yield");
            }
            Move::Propose(give, _) => {
                mem.proposals += 1;
                mem.accepted.clear();
                assert_eq!(s.actor().0, (p.0 + 1) % players as u8, "C37: the next seat answers first");
                assert_eq!(s.hand(p), before.hand(p), "C37: a proposal moves no card");
                let _ = give;
            }
            Move::Accept | Move::Decline => {
                if mv == Move::Accept {
                    mem.accepted.push(p.0);
                }
                let next = (p.0 + 1) % players as u8;
                if next == s.current().0 {
                    let want = if mem.accepted.is_empty() { Phase::Main } else { Phase::Pick };
                    assert_eq!((s.phase(), s.actor()), (want, s.current()), "C37: the pick");
                } else {
                    assert_eq!((s.phase(), s.actor().0), (Phase::Answer, next), "C37: answers in seat order");
                }
            }
            Move::Pick(q) => {
                let (give, get, _) = before.offer();
                if let Some(q) = q {
                    mem.stats.exchanges += 1;
                    for r in 0..5 {
                        assert_eq!(s.hand(p)[r], before.hand(p)[r] - give[r] + get[r], "C37: the exchange");
                        assert_eq!(s.hand(q)[r], before.hand(q)[r] + give[r] - get[r], "C37: the exchange");
                    }
                } else {
                    assert_eq!(s.hand(p), before.hand(p));
                }
                mem.accepted.clear();
                assert_eq!(s.phase(), Phase::Main);
            }
            Move::End => {
                mem.proposals = 0;
                mem.bought = [0; 5];
                mem.card_played = false;
                mem.rolled = false;
                if !s.is_over() || s.winner().is_some() {
                    assert_eq!(s.current().0, (p.0 + 1) % players as u8, "C14: next seat");
                }
            }
            Move::Knight | Move::RoadBuilding | Move::YearOfPlenty(..) | Move::Monopoly(_) => {
                mem.card_played = true;
                if let Move::Monopoly(r) = mv {
                    let all: u8 = (0..players as u8).map(|q| before.hand(Player(q))[r.index()]).sum();
                    assert_eq!(s.hand(p)[r.index()], all, "C28: monopoly takes every card of it");
                }
                if mv == Move::Knight && !s.is_over() {
                    assert_eq!(s.phase(), Phase::Robber, "C25: a knight moves the robber");
                }
            }
            Move::Buy if !s.is_over() => assert_eq!(s.phase(), Phase::Draw),
            Move::Road(_) if before.phase() == Phase::FreeRoads => mem.stats.free_roads += 1,
            Move::Roll => assert_eq!(s.phase(), Phase::Dice),
            _ => {}
        }
        if !s.is_over() && matches!(s.phase(), Phase::PreRoll) {
            assert!(!mem.rolled || mv == Move::End || before.phase() == Phase::SetupRoad, "C14: roll once");
        }
    }
    check_position(&s, g, &mut mem);
    mem.stats.wins += s.winner().is_some() as u64;
    mem.stats.turn_limits += s.winner().is_none() as u64;
    (steps, mem.stats)
}

/// The set-up step: settlements placed before the one due or just placed.
fn before_setup_index(s: &State) -> usize {
    let placed = (0..NODES).filter(|&n| s.building(Node(n as u8)).is_some()).count();
    if s.phase() == Phase::SetupRoad { placed - 1 } else { placed }
}

#[test]
fn c12_to_c38_random_games_match_the_reference_after_every_step() {
    let g = geometry();
    let all = [2, 3, 4].map(|n| [candidates(n, false), candidates(n, true)]);
    let seeds: Vec<u64> = match std::env::var("CATAN_REFERENCE_SEED").ok().and_then(|s| s.parse().ok()) {
        Some(seed) => vec![seed],
        None => {
            let default = if cfg!(debug_assertions) { 100 } else { 2_500 };
            let n =
                std::env::var("CATAN_REFERENCE_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(default);
            (0..n).collect()
        }
    };
    let start = Instant::now();
    let mut steps = 0;
    let mut by_players = [0; 3];
    let mut stats = Stats::default();
    for &seed in &seeds {
        let run = std::panic::catch_unwind(|| play(seed, &g, &all));
        let (n, st) =
            run.unwrap_or_else(|_| panic!("game {seed} failed (CATAN_REFERENCE_SEED={seed} replays it)"));
        steps += n;
        stats.longest_changes += st.longest_changes;
        stats.longest_set_aside += st.longest_set_aside;
        stats.army_changes += st.army_changes;
        stats.shortages += st.shortages;
        stats.single_shortages += st.single_shortages;
        stats.discards += st.discards;
        stats.steals += st.steals;
        stats.free_roads += st.free_roads;
        stats.wins += st.wins;
        stats.turn_limits += st.turn_limits;
        stats.catanatron_cuts += st.catanatron_cuts;
        stats.catanatron_short_holders += st.catanatron_short_holders;
        stats.exchanges += st.exchanges;
        by_players[match seed % 25 {
            24 => 0,
            0 | 5 | 10 | 15 => 1,
            _ => 2,
        }] += 1;
    }
    eprintln!(
        "{} games ({} with 2, {} with 3, {} with 4 players), {steps} steps checked in {:.1?}",
        seeds.len(),
        by_players[0],
        by_players[1],
        by_players[2],
        start.elapsed()
    );
    eprintln!("{stats:?}");
    if seeds.len() >= 1000 {
        assert!(
            stats.longest_set_aside > 0 && stats.single_shortages > 0 && stats.free_roads > 0,
            "{stats:?}"
        );
    }
}
