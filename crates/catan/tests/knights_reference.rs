//! Random games of Städte und Ritter checked after every step against a slow reference that
//! recomputes from the raw board what the engine keeps: every card, piece, knight and progress
//! card conserved (K3–K5, K47); points by K84 counted from the board; each player's longest route
//! by exhaustive search, another's building or knight blocking it (K46); production with
//! commodities and the shortage rule per kind (K13, K14, H1, H9); the event die, the barbarians'
//! strength and outcome (K11, K38–K43); who draws at a gate (K12); a 7's discards and whether
//! the robber moves (K15–K17); the legal moves of building, knights and improvements at every
//! main step (K18–K36), each candidate checked both ways; the moves of the steps a roll asks for
//! and of the cards that name a piece or a player; and what bank trades and the progress cards
//! whose effect the board shows did to the hands (K44, K45, K57, K58, K60–K62, K70–K72, K81).
//!
//! Games alternate the official rules and `house=cuxtan`, 3 and 4 players.
//! `KNIGHTS_REFERENCE_GAMES=n` sets the number of games (default 2,000 in release builds, 60 in
//! debug builds); `KNIGHTS_REFERENCE_SEED=s` plays only game `s`.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::{Edge, Node, Player, Resource};
use stadt_catan::knights::barbarians::Strength;
use stadt_catan::knights::card_kind::CardKind;
use stadt_catan::knights::cards::Colour;
use stadt_catan::knights::tracks::{Commodity, Track};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::options::{Options, Shortage};
use stadt_catan::state::{Building, State};
use stadt_catan::topology::{EDGES, HEXES, NODES, TOPOLOGY};
use stadt_testkit::catan_geometry::{Geometry, geometry, longest_trail, owner, road_owner};
use stadt_testkit::catan_knights::assert_conserved;
use std::collections::BTreeSet;

/// Counts over the games, to show that every checked situation came up.
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    steps: u64,
    productions: u32,
    attacks: u32,
    barbarians_won: u32,
    gates: u32,
    sevens: u32,
    main_steps: u32,
    candidates: u64,
    /// Trades and progress cards whose effect was recomputed.
    effects: u64,
    /// Steps other than the main step's building whose moves were recomputed.
    other_steps: u64,
}

/// What the reference remembers that the board does not show: the cities sabotaged (H9).
#[derive(Default)]
struct Memory {
    sabotaged: u64,
    /// The kinds a Merchant Fleet made 2:1 on this turn (K70).
    fleet: Vec<CardKind>,
}

fn kind_count(s: &State, p: usize, k: CardKind) -> u32 {
    s.cards_of(Player(p as u8), k) as u32
}

fn knights_of(s: &State, p: u8) -> Vec<(usize, stadt_catan::knights::expansion::Knight)> {
    (0..NODES).filter_map(|n| s.knight(Node(n as u8)).filter(|k| k.owner() == p).map(|k| (n, k))).collect()
}

fn metropolis_nodes(s: &State) -> Vec<usize> {
    Track::ALL.iter().filter_map(|&t| s.metropolis(t).1.map(|n| n.index())).collect()
}

/// Points by K84, from the board and the public counts.
fn points(s: &State, p: u8) -> u32 {
    let mut v = 0;
    for n in 0..NODES {
        match s.building(Node(n as u8)) {
            Some(Building::Settlement(o)) if o.0 == p => v += 1,
            Some(Building::City(o)) if o.0 == p => v += 2,
            _ => {}
        }
    }
    for t in Track::ALL {
        if s.metropolis(t).0.holder() == Some(Player(p)) {
            v += 2;
        }
    }
    v += 2 * (s.longest_road() == Some(Player(p))) as u32;
    v += s.merchant().is_some_and(|(_, o)| o.0 == p) as u32;
    v + s.defenders(Player(p)) as u32 + s.progress_points(Player(p)) as u32
}

fn check_position(s: &State, g: &Geometry, seed: u64) {
    assert_conserved(s, seed);
    let n = s.players();
    for a in 0..NODES {
        if owner(s, a).is_some() {
            assert!(g.neighbours[a].iter().all(|&b| owner(s, b).is_none()), "seed {seed}: C17 at {a}");
            assert!(s.knight(Node(a as u8)).is_none(), "seed {seed}: K36 a knight on a building");
        }
        if let Some(k) = s.knight(Node(a as u8)) {
            let road = g.neighbours[a].iter().any(|&b| road_owner(s, g, a, b) == Some(k.owner()));
            assert!(road, "seed {seed}: K29 a knight stands on its owner's road");
        }
    }
    for p in 0..n as u8 {
        assert_eq!(s.points(Player(p)) as u32, points(s, p), "seed {seed}: K84 points of p{}", p + 1);
        let blocked = |m: usize| {
            owner(s, m).is_some_and(|o| o != p) || s.knight(Node(m as u8)).is_some_and(|k| k.owner() != p)
        };
        assert_eq!(
            s.road_length(Player(p)),
            longest_trail(s, g, p, &blocked),
            "seed {seed}: K46 the route of p{}",
            p + 1
        );
    }
    // The longest route card (C32, C33 = H12): its holder has 5 or more and nobody more.
    if let Some(h) = s.longest_road() {
        let l = s.road_length(h);
        assert!(l >= 5 && (0..n).all(|q| s.road_length(Player(q as u8)) <= l), "seed {seed}: H12 holder");
    }
}

/// What each player is owed by a roll of `roll` (K13, H9): a settlement one resource, a city on
/// pasture, mountains or forest one and a commodity, on fields or hills two; a sabotaged city
/// and a city on its side as a settlement; the robber's hex nothing.
fn owed(s: &State, roll: u8, mem: &Memory) -> Vec<[u32; 8]> {
    let mut out = vec![[0u32; 8]; s.players()];
    for h in 0..HEXES {
        if s.board().numbers[h] != roll || s.robber().index() == h {
            continue;
        }
        let Some(r) = s.board().terrain[h] else { continue };
        for &n in &TOPOLOGY.hex_nodes[h] {
            match s.building(Node(n)) {
                Some(Building::Settlement(p)) => out[p.index()][r.index()] += 1,
                Some(Building::City(p)) if mem.sabotaged & (1 << n) != 0 => out[p.index()][r.index()] += 1,
                Some(Building::City(p)) => {
                    out[p.index()][r.index()] += 1;
                    let second = match r {
                        Resource::Wool => CardKind::Commodity(Commodity::Cloth).index(),
                        Resource::Ore => CardKind::Commodity(Commodity::Coin).index(),
                        Resource::Lumber => CardKind::Commodity(Commodity::Paper).index(),
                        _ => r.index(),
                    };
                    out[p.index()][second] += 1;
                }
                None => {}
            }
        }
    }
    out
}

/// What the bank pays of `owed` (K14, C16, H1), per kind.
fn paid(s: &State, owed: &[[u32; 8]]) -> Vec<[u32; 8]> {
    let mut out = vec![[0u32; 8]; owed.len()];
    for (k, kind) in CardKind::ALL.iter().enumerate() {
        let total: u32 = owed.iter().map(|o| o[k]).sum();
        let bank = s.bank_of(*kind) as u32;
        let owing: Vec<usize> = (0..owed.len()).filter(|&p| owed[p][k] > 0).collect();
        if total <= bank {
            for p in &owing {
                out[*p][k] = owed[*p][k];
            }
        } else if owing.len() == 1 && s.options().shortage == Shortage::Official {
            out[owing[0]][k] = bank;
        }
    }
    out
}

/// The moves of building, knights and improvements (K18–K36) the player to act has at a main
/// step, recomputed from the board.
fn reference_main_moves(s: &State, g: &Geometry, mem: &Memory) -> BTreeSet<u32> {
    let p = s.actor().0;
    let pi = p as usize;
    let have = |r: Resource| kind_count(s, pi, CardKind::Resource(r));
    let affords = |cost: [u32; 5]| Resource::ALL.iter().all(|&r| have(r) >= cost[r.index()]);
    let mut out = BTreeSet::new();
    let building = |n: usize| s.building(Node(n as u8));
    let knight = |n: usize| s.knight(Node(n as u8));
    let own_road_at = |n: usize| g.neighbours[n].iter().any(|&m| road_owner(s, g, n, m) == Some(p));
    let (settlements, cities, roads) = s.pieces(Player(p));
    // Roads (C18, K36): from his building, or from a free end of his road no other's knight holds.
    if affords([1, 1, 0, 0, 0]) && roads < 15 {
        for e in 0..EDGES {
            if s.road(Edge(e as u8)).is_some() {
                continue;
            }
            let [a, b] = TOPOLOGY.edge_nodes[e];
            let from = |n: usize| {
                owner(s, n) == Some(p)
                    || (own_road_at(n) && owner(s, n).is_none() && knight(n).is_none_or(|k| k.owner() == p))
            };
            if from(a as usize) || from(b as usize) {
                out.insert(key(Move::Road(Edge(e as u8))));
            }
        }
    }
    if affords([1, 1, 1, 1, 0]) && settlements < 5 {
        for n in 0..NODES {
            let free = building(n).is_none()
                && knight(n).is_none()
                && g.neighbours[n].iter().all(|&m| building(m).is_none());
            if free && own_road_at(n) {
                out.insert(key(Move::Settle(Node(n as u8))));
            }
        }
    }
    let sideways: Vec<usize> =
        (0..NODES).filter(|&n| s.sideways(Node(n as u8)) && owner(s, n) == Some(p)).collect();
    if affords([0, 0, 0, 2, 3]) {
        for n in 0..NODES {
            if building(n) == Some(Building::Settlement(Player(p)))
                && (if sideways.is_empty() { cities < 4 } else { sideways.contains(&n) })
            {
                out.insert(key(Move::City(Node(n as u8))));
            }
        }
    }
    let upright: Vec<usize> =
        (0..NODES).filter(|&n| building(n) == Some(Building::City(Player(p)))).collect();
    if affords([0, 2, 0, 0, 0]) && s.walls_of(Player(p)) < 3 {
        for &n in upright.iter().filter(|&&n| !s.wall(Node(n as u8))) {
            out.insert(key(Move::Wall(Node(n as u8))));
        }
    }
    let knight_paid = affords([0, 0, 1, 0, 1]);
    if knight_paid && s.knight_supply(Player(p))[0] > 0 {
        for n in 0..NODES {
            if building(n).is_none() && knight(n).is_none() && own_road_at(n) {
                out.insert(key(Move::Recruit(Node(n as u8))));
            }
        }
    }
    let supply = s.knight_supply(Player(p));
    for (n, k) in knights_of(s, p) {
        let next = match k.strength() {
            Strength::Basic => Some(Strength::Strong),
            Strength::Strong if s.level(Player(p), Track::Politics) >= 3 => Some(Strength::Mighty),
            _ => None,
        };
        if knight_paid && !k.promoted() && next.is_some_and(|st| supply[st as usize - 1] > 0) {
            out.insert(key(Move::Promote(Node(n as u8))));
        }
        if !k.active() && have(Resource::Grain) > 0 {
            out.insert(key(Move::Activate(Node(n as u8))));
        }
        if k.ready() {
            // K33, K34: along his roads, through empty intersections or his own pieces.
            let mut seen = BTreeSet::from([n]);
            let mut stack = vec![n];
            while let Some(a) = stack.pop() {
                for &b in &g.neighbours[a] {
                    if road_owner(s, g, a, b) != Some(p) || !seen.insert(b) {
                        continue;
                    }
                    if let Some(other) = knight(b).filter(|o| o.owner() != p) {
                        if other.strength() < k.strength() {
                            out.insert(key(Move::MoveKnight(Node(n as u8), Node(b as u8))));
                        }
                        continue;
                    }
                    if owner(s, b).is_some_and(|o| o != p) {
                        continue;
                    }
                    if building(b).is_none() && knight(b).is_none() {
                        out.insert(key(Move::MoveKnight(Node(n as u8), Node(b as u8))));
                    }
                    stack.push(b);
                }
            }
            if s.ship().attacks > 0 && TOPOLOGY.hex_nodes[s.robber().index()].contains(&(n as u8)) {
                out.insert(key(Move::Chase(Node(n as u8))));
            }
        }
    }
    // K20, K26: levels in order, a city needed, from level 4 one without a metropolis (and not
    // sabotaged, H9) unless its holder buys the fifth.
    let metropolises = metropolis_nodes(s);
    let free =
        upright.iter().filter(|n| !metropolises.contains(n) && mem.sabotaged & (1 << **n) == 0).count();
    for t in Track::ALL {
        let next = s.level(Player(p), t) + 1;
        let holds = s.metropolis(t).0.holder() == Some(Player(p));
        let commodities = s.cards_of(Player(p), CardKind::Commodity(t.commodity()));
        if next <= 5
            && !upright.is_empty()
            && (next < 4 || free > 0 || (next == 5 && holds))
            && commodities >= next
        {
            out.insert(key(Move::Improve(t)));
        }
    }
    out
}

/// A number per move of those categories, for comparing sets of moves.
fn key(mv: Move) -> u32 {
    let n = |x: Node| x.0 as u32;
    match mv {
        Move::Road(e) => e.0 as u32,
        Move::Settle(x) => 100 + n(x),
        Move::City(x) => 200 + n(x),
        Move::Wall(x) => 300 + n(x),
        Move::Recruit(x) => 400 + n(x),
        Move::Promote(x) => 500 + n(x),
        Move::Activate(x) => 600 + n(x),
        Move::Chase(x) => 700 + n(x),
        Move::Improve(t) => 800 + t as u32,
        Move::MoveKnight(a, b) => 1000 + 100 * n(a) + n(b),
        other => panic!("{other:?} is not listed by the reference"),
    }
}

/// The moves of the steps a roll or a card asks for (K16, K26, K39, K41, K50, K24, C30 with K17),
/// and at a main step the moves of the cards that name a piece or a player (K58, K61, K69, K74,
/// K76, K78, K80, K68), recomputed from the board; None at other steps.
fn reference_step_moves(s: &State, g: &Geometry, mem: &Memory) -> Option<BTreeSet<String>> {
    let p = s.actor();
    let pi = p.index();
    let n = s.players();
    let mut out = BTreeSet::new();
    let mut put = |mv: Move| {
        out.insert(format!("{mv:?}"));
    };
    let metropolises = metropolis_nodes(s);
    let upright: Vec<usize> =
        (0..NODES).filter(|&m| s.building(Node(m as u8)) == Some(Building::City(p))).collect();
    match s.phase() {
        Phase::Discard => {
            for k in CardKind::ALL.into_iter().filter(|&k| kind_count(s, pi, k) > 0) {
                put(match k {
                    CardKind::Resource(r) => Move::Discard(r),
                    CardKind::Commodity(c) => Move::DiscardCommodity(c),
                });
            }
        }
        Phase::LoseCity => {
            for &m in upright.iter().filter(|m| !metropolises.contains(m)) {
                put(Move::LoseCity(Node(m as u8)));
            }
        }
        Phase::Metropolis => {
            for &m in upright.iter().filter(|m| !metropolises.contains(m) && mem.sabotaged & (1 << **m) == 0)
            {
                put(Move::Metropolis(Node(m as u8)));
            }
        }
        Phase::DefenderDeck => {
            for c in Colour::ALL.into_iter().filter(|&c| !s.progress_decks()[c as usize].is_empty()) {
                put(Move::DefenderDeck(c));
            }
        }
        Phase::PutBack => {
            for (k, &held) in s.progress_cards(p).iter().enumerate() {
                if held > 0 {
                    put(Move::PutBack(stadt_catan::knights::cards::ProgressCard::ALL[k]));
                }
            }
        }
        Phase::Aqueduct => {
            for r in Resource::ALL.into_iter().filter(|&r| s.bank_of(CardKind::Resource(r)) > 0) {
                put(Move::Aqueduct(r));
            }
        }
        Phase::Robber => {
            // C30 (K17: only after the first attack): another hex; a player there with a card.
            for h in (0..HEXES as u8).filter(|&h| h != s.robber().0) {
                let victims: Vec<u8> = (0..n as u8)
                    .filter(|&q| q != p.0 && s.hand_size(Player(q)) > 0)
                    .filter(|&q| {
                        TOPOLOGY.hex_nodes[h as usize].iter().any(|&m| owner(s, m as usize) == Some(q))
                    })
                    .collect();
                if victims.is_empty() {
                    put(Move::Robber(stadt_catan::ids::Hex(h), None));
                }
                for q in victims {
                    put(Move::Robber(stadt_catan::ids::Hex(h), Some(Player(q))));
                }
            }
        }
        Phase::Main if s.actor() == s.current() && !has_h5_surplus(s) => {
            use stadt_catan::knights::cards::ProgressCard as C;
            let holds = |c: C| s.progress_cards(p)[c.index()] > 0;
            let own_road_at = |m: usize| g.neighbours[m].iter().any(|&b| road_owner(s, g, m, b) == Some(p.0));
            if holds(C::Engineer) && s.walls_of(p) < 3 {
                for &m in upright.iter().filter(|&&m| !s.wall(Node(m as u8))) {
                    put(Move::Engineer(Node(m as u8)));
                }
            }
            if holds(C::Medicine)
                && kind_count(s, pi, CardKind::Resource(Resource::Ore)) >= 2
                && kind_count(s, pi, CardKind::Resource(Resource::Grain)) >= 1
            {
                let sideways: Vec<usize> =
                    (0..NODES).filter(|&m| s.sideways(Node(m as u8)) && owner(s, m) == Some(p.0)).collect();
                for m in 0..NODES {
                    let settlement = s.building(Node(m as u8)) == Some(Building::Settlement(p));
                    let ok = if sideways.is_empty() { s.pieces(p).1 < 4 } else { sideways.contains(&m) };
                    if settlement && ok {
                        put(Move::Medicine(Node(m as u8)));
                    }
                }
            }
            if holds(C::Merchant) {
                for h in 0..HEXES as u8 {
                    if TOPOLOGY.hex_nodes[h as usize].iter().any(|&m| owner(s, m as usize) == Some(p.0)) {
                        put(Move::Merchant(stadt_catan::ids::Hex(h)));
                    }
                }
            }
            let others = (0..n as u8).filter(|&q| q != p.0).map(Player);
            for q in others {
                let has_knight =
                    (0..NODES).any(|m| s.knight(Node(m as u8)).is_some_and(|k| k.owner() == q.0));
                if holds(C::Deserter) && has_knight {
                    put(Move::Deserter(q));
                }
                if holds(C::Spy) && s.progress_held(q) > 0 {
                    put(Move::Spy(q));
                }
                if holds(C::MasterMerchant) && s.points(q) > s.points(p) && s.hand_size(q) > 0 {
                    put(Move::MasterMerchant(q));
                }
            }
            if holds(C::Intrigue) {
                for m in 0..NODES {
                    if s.knight(Node(m as u8)).is_some_and(|k| k.owner() != p.0) && own_road_at(m) {
                        put(Move::Intrigue(Node(m as u8)));
                    }
                }
            }
            if holds(C::Bishop) && s.ship().attacks > 0 {
                for h in (0..HEXES as u8).filter(|&h| h != s.robber().0) {
                    put(Move::Bishop(stadt_catan::ids::Hex(h)));
                }
            }
        }
        _ => return None,
    }
    Some(out)
}

/// Whether the engine's move `mv` is of those `reference_step_moves` lists at this step.
fn step_listed(s: &State, mv: &Move) -> bool {
    match s.phase() {
        Phase::Main => matches!(
            mv,
            Move::Engineer(_)
                | Move::Medicine(_)
                | Move::Merchant(_)
                | Move::Deserter(_)
                | Move::Spy(_)
                | Move::MasterMerchant(_)
                | Move::Intrigue(_)
                | Move::Bishop(_)
        ),
        _ => true,
    }
}

/// Whether a move belongs to the categories `reference_main_moves` lists.
fn listed_kind(mv: &Move) -> bool {
    matches!(
        mv,
        Move::Road(_)
            | Move::Settle(_)
            | Move::City(_)
            | Move::Wall(_)
            | Move::Recruit(_)
            | Move::Promote(_)
            | Move::Activate(_)
            | Move::MoveKnight(..)
            | Move::Chase(_)
            | Move::Improve(_)
    )
}

/// Every move of those categories, for checking `check` both ways.
fn candidates() -> Vec<Move> {
    let mut out = Vec::new();
    for n in 0..NODES as u8 {
        for mv in
            [Move::Settle, Move::City, Move::Wall, Move::Recruit, Move::Promote, Move::Activate, Move::Chase]
        {
            out.push(mv(Node(n)));
        }
    }
    out.extend((0..EDGES as u8).map(|e| Move::Road(Edge(e))));
    out.extend(Track::ALL.map(Move::Improve));
    for a in 0..NODES as u8 {
        for b in 0..NODES as u8 {
            if a != b {
                out.push(Move::MoveKnight(Node(a), Node(b)));
            }
        }
    }
    out
}

fn play(seed: u64, g: &Geometry, all: &[Move], seen: &mut Seen) {
    let options = if seed.is_multiple_of(2) { Options::KNIGHTS } else { Options::CUXTAN };
    let players = 3 + !seed.is_multiple_of(3) as usize;
    let mut s = State::deal(players, options, seed).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED);
    let mut mem = Memory::default();
    let mut buf = Vec::new();
    while !s.is_over() {
        seen.steps += 1;
        check_position(&s, g, seed);
        if s.phase().is_chance() {
            let before = s.clone();
            let c = s.resolve_chance().unwrap();
            if let Chance::Roll(red, yellow, event) = c {
                roll_checked(&before, &s, (red, yellow, event), &mem, seed, seen);
            }
            continue;
        }
        s.legal_moves(&mut buf);
        assert!(!buf.is_empty(), "seed {seed}: no move at {:?}", s.phase());
        if s.phase() == Phase::Main && s.actor() == s.current() && !has_h5_surplus(&s) {
            seen.main_steps += 1;
            let engine: BTreeSet<u32> = buf.iter().filter(|m| listed_kind(m)).map(|&m| key(m)).collect();
            let want = reference_main_moves(&s, g, &mem);
            assert_eq!(engine, want, "seed {seed}: K18-K36 the main step's moves");
            // Every candidate judged both ways at every fourth main step of every tenth game (the
            // list at every step of every game).
            if seed.is_multiple_of(10) && seen.main_steps.is_multiple_of(4) {
                for mv in all {
                    seen.candidates += 1;
                    assert_eq!(s.check(*mv).is_ok(), want.contains(&key(*mv)), "seed {seed}: check({mv:?})");
                }
            }
        }
        if let Some(want) = reference_step_moves(&s, g, &mem) {
            seen.other_steps += 1;
            let engine: BTreeSet<String> =
                buf.iter().filter(|m| step_listed(&s, m)).map(|m| format!("{m:?}")).collect();
            assert_eq!(engine, want, "seed {seed}: the moves at {:?}", s.phase());
        }
        let building: Vec<Move> = buf.iter().copied().filter(|m| !matches!(m, Move::Exchange(..))).collect();
        let mv = if s.phase() == Phase::Main && buf.contains(&Move::End) && rng.random_bool(0.3) {
            Move::End
        } else if !building.is_empty() && rng.random_bool(0.8) {
            building[rng.random_range(0..building.len())]
        } else {
            buf[rng.random_range(0..buf.len())]
        };
        match mv {
            Move::Sabotage(n) => mem.sabotaged |= 1 << n.0,
            Move::Repair(n) | Move::LoseCity(n) => mem.sabotaged &= !(1 << n.0),
            _ => {}
        }
        let before = s.clone();
        s.play(mv).unwrap_or_else(|e| panic!("seed {seed}: {mv:?}: {e}"));
        effect_checked(&before, &s, mv, &mut mem, seed, seen);
    }
    seen.games += 1;
}

/// What a move did to the hands, recomputed (K44, K45, K57, K58, K60–K62, K70–K72, K81): bank
/// trades at the player's best rate, and the progress cards whose effect the board shows.
fn effect_checked(before: &State, s: &State, mv: Move, mem: &mut Memory, seed: u64, seen: &mut Seen) {
    let p = before.actor();
    let pi = p.index();
    let n = before.players();
    let delta = |q: usize, k: CardKind| kind_count(s, q, k) as i64 - kind_count(before, q, k) as i64;
    let touched = |r: Resource| {
        (0..HEXES)
            .filter(|&h| {
                before.board().terrain[h] == Some(r)
                    && TOPOLOGY.hex_nodes[h].iter().any(|&m| owner(before, m as usize) == Some(p.0))
            })
            .count() as i64
    };
    match mv {
        Move::Exchange(give, get) => {
            seen.effects += 1;
            // K44, K22, K45, K70: a 2:1 harbour of the resource, the trading house for a
            // commodity, the merchant's hex, a fleet this turn; else a 3:1 harbour, else 4.
            let harbour = |two: bool| {
                let nodes = (0..NODES).filter(|&m| owner(before, m) == Some(p.0));
                let mut generic = false;
                let mut special = false;
                for m in nodes {
                    for (i, pair) in TOPOLOGY.harbour_nodes.iter().enumerate() {
                        if pair.contains(&(m as u8)) {
                            match before.board().harbours[i] {
                                stadt_catan::board::Harbour::Generic => generic = true,
                                stadt_catan::board::Harbour::Special(r) => {
                                    special |= matches!(give, CardKind::Resource(g) if g == r)
                                }
                            }
                        }
                    }
                }
                if two { special } else { generic }
            };
            let merchant = before.merchant().is_some_and(|(h, o)| {
                o == p
                    && matches!(give, CardKind::Resource(r) if before.board().terrain[h.index()] == Some(r))
            });
            let house = matches!(give, CardKind::Commodity(_)) && before.level(p, Track::Trade) >= 3;
            let fleet = mem.fleet.contains(&give);
            let rate = if harbour(true) || merchant || house || fleet {
                2
            } else if harbour(false) {
                3
            } else {
                4
            };
            assert_eq!(delta(pi, give), -rate, "seed {seed}: K44 {mv:?} at {rate}:1");
            assert_eq!(delta(pi, get), 1, "seed {seed}: K44 {mv:?}");
        }
        Move::Play(
            card @ (stadt_catan::knights::cards::ProgressCard::Irrigation
            | stadt_catan::knights::cards::ProgressCard::Mining),
        ) => {
            seen.effects += 1;
            let r = if card == stadt_catan::knights::cards::ProgressCard::Irrigation {
                Resource::Grain
            } else {
                Resource::Ore
            };
            let want = (2 * touched(r)).min(before.bank_of(CardKind::Resource(r)) as i64);
            assert_eq!(delta(pi, CardKind::Resource(r)), want, "seed {seed}: K60 K62 {card:?}");
        }
        Move::ResourceMonopoly(r) => {
            seen.effects += 1;
            let kind = CardKind::Resource(r);
            let owed: i64 =
                (0..n).filter(|&q| q != pi).map(|q| (kind_count(before, q, kind) as i64).min(2)).sum();
            assert_eq!(delta(pi, kind), owed, "seed {seed}: K71");
        }
        Move::TradeMonopoly(c) => {
            seen.effects += 1;
            let kind = CardKind::Commodity(c);
            let owed: i64 =
                (0..n).filter(|&q| q != pi).map(|q| (kind_count(before, q, kind) as i64).min(1)).sum();
            assert_eq!(delta(pi, kind), owed, "seed {seed}: K72");
        }
        Move::Fleet(k) => mem.fleet.push(k),
        Move::End => mem.fleet.clear(),
        Move::Crane(t) => {
            seen.effects += 1;
            let level = before.level(p, t) as i64;
            assert_eq!(delta(pi, CardKind::Commodity(t.commodity())), -level, "seed {seed}: K57");
        }
        Move::Engineer(m) => {
            seen.effects += 1;
            assert!(s.wall(m) && s.hand_size(p) == before.hand_size(p), "seed {seed}: K58");
        }
        Move::Play(stadt_catan::knights::cards::ProgressCard::Warlord) => {
            seen.effects += 1;
            assert!(knights_of(s, p.0).iter().all(|(_, k)| k.active()), "seed {seed}: K81");
        }
        _ => {}
    }
}

/// Whether H5 holds the player on turn to putting back or playing (the building moves wait).
fn has_h5_surplus(s: &State) -> bool {
    s.options().house(5) && s.progress_held(s.current()) > 4
}

/// A roll checked (K10–K17, K37–K43): the ship, an attack's outcome, a gate's drawers, a 7, or
/// production.
fn roll_checked(
    before: &State,
    s: &State,
    (red, yellow, event): (u8, u8, u8),
    mem: &Memory,
    seed: u64,
    seen: &mut Seen,
) {
    let n = before.players();
    let ship = event <= 3;
    if ship {
        let lands = before.ship().moved == 6;
        assert_eq!(s.ship().attacks, before.ship().attacks + lands as u16, "seed {seed}: K37");
        assert_eq!(s.ship().moved, if lands { 0 } else { before.ship().moved + 1 }, "seed {seed}: K11");
        if lands {
            seen.attacks += 1;
            attack_checked(before, s, seed, seen);
            return;
        }
    } else {
        let t = [Track::Trade, Track::Politics, Track::Science][event as usize - 4];
        let drawers: Vec<u8> = (0..n as u8)
            .filter(|&q| {
                let l = before.level(Player(q), t);
                l >= 1 && red <= l + 1
            })
            .collect();
        let first = (0..n as u8).map(|k| (before.current().0 + k) % n as u8).find(|q| drawers.contains(q));
        if !before.progress_decks()[t.colour() as usize].is_empty() {
            match first {
                Some(q) => {
                    seen.gates += 1;
                    assert_eq!(
                        (s.phase(), s.actor().0),
                        (Phase::Progress, q),
                        "seed {seed}: K12 the first drawer"
                    );
                    return;
                }
                None => assert_ne!(s.phase(), Phase::Progress, "seed {seed}: K12 nobody draws"),
            }
        }
    }
    if red + yellow == 7 {
        seen.sevens += 1;
        for q in 0..n {
            let size = before.hand_size(Player(q as u8));
            let limit = 7 + 2 * before.walls_of(Player(q as u8)) as u32;
            let due = if size > limit { size / 2 } else { 0 };
            assert_eq!(s.to_discard(Player(q as u8)) as u32, due, "seed {seed}: K15 K16 discards");
        }
        if (0..n).all(|q| s.to_discard(Player(q as u8)) == 0) {
            let want = if before.ship().attacks > 0 { Phase::Robber } else { Phase::Main };
            assert_eq!(s.phase(), want, "seed {seed}: K16 K17 the robber");
        }
        return;
    }
    seen.productions += 1;
    let pay = paid(before, &owed(before, red + yellow, mem));
    for (q, want) in pay.iter().enumerate() {
        for k in CardKind::ALL {
            let got = kind_count(s, q, k) as i64 - kind_count(before, q, k) as i64;
            // The aqueduct's resource comes as a move, after the roll.
            assert_eq!(got, want[k.index()] as i64, "seed {seed}: K13 K14 p{} {k}", q + 1);
        }
    }
}

/// An attack checked (K38–K43): the strengths, the defender or the tied, the players hit, every
/// knight inactive.
fn attack_checked(before: &State, s: &State, seed: u64, seen: &mut Seen) {
    let n = before.players();
    let metropolises = metropolis_nodes(before);
    let mut strength = vec![0u32; n];
    let mut exposed = vec![false; n];
    let mut barbarians = 0;
    for m in 0..NODES {
        if let Some(k) = before.knight(Node(m as u8)).filter(|k| k.active()) {
            strength[k.owner() as usize] += k.strength() as u32;
        }
        if let Some(Building::City(q)) = before.building(Node(m as u8)) {
            barbarians += 1;
            exposed[q.index()] |= !metropolises.contains(&m);
        }
    }
    let catan: u32 = strength.iter().sum();
    assert!((0..NODES).all(|m| s.knight(Node(m as u8)).is_none_or(|k| !k.active())), "seed {seed}: K43");
    if catan >= barbarians {
        let best = *strength.iter().max().unwrap();
        let tops: Vec<usize> = (0..n).filter(|&q| strength[q] == best).collect();
        for q in 0..n {
            let more = s.defenders(Player(q as u8)) - before.defenders(Player(q as u8));
            assert_eq!(more as usize, (best > 0 && tops == [q]) as usize, "seed {seed}: K39 defender");
        }
        if best > 0 && tops.len() > 1 && before.progress_decks().iter().any(|d| !d.is_empty()) {
            assert_eq!(s.phase(), Phase::DefenderDeck, "seed {seed}: K39 the tied draw");
        }
        return;
    }
    seen.barbarians_won += 1;
    assert_eq!(s.barbarian_wins(), before.barbarian_wins() + 1);
    if exposed.iter().any(|&e| e) {
        let low = (0..n).filter(|&q| exposed[q]).map(|q| strength[q]).min().unwrap();
        let hit: Vec<usize> = (0..n).filter(|&q| exposed[q] && strength[q] == low).collect();
        let first = (0..n).map(|k| (before.current().index() + k) % n).find(|q| hit.contains(q)).unwrap();
        assert_eq!((s.phase(), s.actor().index()), (Phase::LoseCity, first), "seed {seed}: K40 K41");
    } else {
        assert_ne!(s.phase(), Phase::LoseCity, "seed {seed}: K40 nobody to hit");
    }
}

#[test]
fn k_every_step_of_random_games_of_staedte_und_ritter_agrees_with_a_slow_reference() {
    let g = geometry();
    let all = candidates();
    let games: u64 = std::env::var("KNIGHTS_REFERENCE_GAMES")
        .ok()
        .map(|v| v.parse().expect("KNIGHTS_REFERENCE_GAMES is a number"))
        .unwrap_or(if cfg!(debug_assertions) { 60 } else { 2000 });
    let seeds: Vec<u64> = match std::env::var("KNIGHTS_REFERENCE_SEED") {
        Ok(v) => vec![v.parse().expect("KNIGHTS_REFERENCE_SEED is a number")],
        Err(_) => (0..games).collect(),
    };
    let mut seen = Seen::default();
    for seed in seeds {
        play(seed, &g, &all, &mut seen);
    }
    eprintln!("{seen:?}");
    if seen.games >= 60 {
        assert!(
            seen.productions > 0
                && seen.attacks > 0
                && seen.barbarians_won > 0
                && seen.gates > 0
                && seen.sevens > 0,
            "{seen:?}"
        );
    }
}
