//! Shared helpers of the engine's tests: the data sets leaked once, random play, invariants.
#![allow(dead_code)]

use rand::SeedableRng;
use rand_pcg::Pcg64;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::data::DataSet;
use stadt_unbezwingbare::material::DECK;
use stadt_unbezwingbare::state::{Frame, SEATS, Source};
use stadt_unbezwingbare::{Material, Move, NOBODY, Options, State};
use std::path::PathBuf;
use std::sync::OnceLock;

/// A set's folder.
fn dir(set: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(set)
}

/// The test data set, leaked once.
pub fn test_set() -> &'static Material {
    static M: OnceLock<&'static Material> = OnceLock::new();
    M.get_or_init(|| Material::leak(DataSet::load_dir(&dir("tests/data")).expect("the test set loads")))
}

/// The shipped invented set, leaked once.
pub fn invented() -> &'static Material {
    static M: OnceLock<&'static Material> = OnceLock::new();
    M.get_or_init(|| {
        Material::leak(DataSet::load_dir(&dir("data/invented")).expect("the invented set loads"))
    })
}

/// A generator.
pub fn rng(seed: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed)
}

/// Resolves chance steps until a player decides or the game ends.
pub fn chance(s: &mut State, r: &mut Pcg64) {
    while s.turn() == Turn::Chance {
        s.resolve(r);
    }
}

/// A new game with the deal done.
pub fn dealt(mat: &'static Material, opts: Options, seed: u64) -> State {
    let mut s = State::new(mat, opts).expect("the game sets up");
    chance(&mut s, &mut rng(seed));
    s
}

/// Checks every invariant of a state; panics naming the broken one.
pub fn invariants(s: &State) {
    let n = s.seats();
    // Stones are conserved: the players' and the bank's are the box's 160 (U9, S11).
    let held: i32 = s.stones.iter().map(|&x| i32::from(x)).sum();
    assert_eq!(held + s.bank, 160, "stones conserved");
    if s.opts.bank_cap {
        assert!(s.bank >= 0, "the capped bank never goes below 0");
    }
    // Deck cards: each in exactly one place.
    let mut places: Vec<u128> = s.pile.to_vec();
    places.push(s.discard);
    places.push(s.pawnshop);
    places.push(s.market);
    places.extend(s.hand.iter().take(n));
    let mut built = 0u128;
    for &b in &s.building {
        if b != NOBODY {
            built |= 1u128 << b;
        }
    }
    places.push(built);
    let mut events = 0u128;
    for f in &s.frames[..usize::from(s.depth)] {
        // Cards between places: an event being carried out, the card turned while income is paid.
        if let Frame::Effect { src: Source::Event(c), .. } | Frame::Income { card: c, .. } = f {
            events |= 1u128 << c;
        }
    }
    places.push(events);
    let total: u32 = places.iter().map(|m| m.count_ones()).sum();
    let union = places.iter().fold(0u128, |a, m| a | m);
    assert_eq!(union, (1u128 << DECK) - 1, "every deck card somewhere");
    assert_eq!(total as usize, DECK, "no deck card in two places");
    // Influence cards.
    let inf: Vec<u32> = [s.influence_pile, s.influence_discard]
        .into_iter()
        .chain(s.influence.iter().take(n).copied())
        .collect();
    assert_eq!(inf.iter().map(|m| m.count_ones()).sum::<u32>(), 30, "influence cards conserved");
    assert_eq!(inf.iter().fold(0, |a, m| a | m), (1u32 << 30) - 1, "every influence card somewhere");
    for p in 0..n {
        assert_eq!(u32::from(s.knights[p]) + s.owned[p].count_ones(), 25, "knights: supply and board are 25");
        // Points are the placed buildings' prices (U51), plus great powers (U72).
        let mut pts = 0u16;
        for a in 0..48 {
            if s.owner[a] == p as u8 && s.building[a] != NOBODY {
                pts += u16::from(s.mat.deck[usize::from(s.building[a])].price);
            }
        }
        for (c, &h) in s.great.iter().enumerate() {
            if h == p as u8 {
                pts += u16::from(stadt_unbezwingbare::data::Category::ALL[c].great_power().0);
            }
        }
        assert_eq!(s.points(p as u8), pts, "points are the buildings' values");
        assert!(s.marker[p] <= pts, "the marker never above the points (N14)");
        // The counts the engine keeps (State::cat_count) are the buildings on his areas.
        for c in Category::ALL {
            let n = (0..48)
                .filter(|&a| {
                    s.owner[a] == p as u8
                        && s.building[a] != NOBODY
                        && s.mat.deck[usize::from(s.building[a])].category == c
                })
                .count();
            assert_eq!(usize::from(s.count_category(p as u8, c)), n, "buildings of {c:?} counted");
        }
        assert!(
            s.influence[p].count_ones() <= 2 || matches!(s.top(), Some(Frame::Drop { .. })),
            "at most 2 influence cards (U55)"
        );
        assert_eq!(s.known[p] & !s.hand[p], 0, "known cards are in the hand");
    }
    for p in n..SEATS {
        assert_eq!(s.hand[p], 0);
    }
    for a in 0..48 {
        let o = s.owner[a];
        for p in 0..n {
            assert_eq!(s.owned[p] & (1u64 << a) != 0, o == p as u8, "owner and bit sets agree");
        }
    }
}

/// Plays a random game to its end, checking every step; returns the steps taken.
pub fn random_game(mat: &'static Material, opts: Options, seed: u64) -> (State, usize) {
    let mut r = rng(seed);
    let mut s = State::new(mat, opts).expect("the game sets up");
    let mut buf: Vec<Move> = Vec::new();
    let mut steps = 0;
    loop {
        invariants(&s);
        match s.turn() {
            Turn::Over => return (s, steps),
            Turn::Chance => {
                let id = s.resolve(&mut r);
                assert_ne!(id, u64::MAX, "a chance step has an outcome");
            }
            Turn::Player(_) => {
                Game::legal_moves(&s, &mut buf);
                assert!(!buf.is_empty(), "a player to decide has a move: {:?} {:?}", s.stage, s.top());
                for &m in &buf {
                    assert_eq!(s.check(m), Ok(()), "every listed move passes the check: {m:?}");
                }
                use rand::RngExt;
                let m = buf[r.random_range(0..buf.len())];
                s.apply(m);
            }
        }
        steps += 1;
        assert!(steps < 2_000_000, "the game ends");
    }
}

/// A game dealt, start areas skipped: seat 0 in phase 2 of turn 1.
pub fn table_on(mat: &'static Material, opts: Options) -> State {
    let mut s = dealt(mat, opts, 1);
    s.stopped = (1 << s.n) - 1;
    s.stage = stadt_unbezwingbare::state::Stage::Phase2;
    s.actor = 0;
    s.to_act = 0;
    s.turns = 1;
    s
}

/// Moves a deck card from wherever it is into `p`'s hand.
pub fn give(s: &mut State, p: u8, card: u8) {
    take_out(s, card);
    s.hand[usize::from(p)] |= 1u128 << card;
}

/// Takes a deck card out of every place.
pub fn take_out(s: &mut State, card: u8) {
    let bit = !(1u128 << card);
    for part in &mut s.pile {
        *part &= bit;
    }
    for h in &mut s.hand {
        *h &= bit;
    }
    for k in &mut s.known {
        *k &= bit;
    }
    s.discard &= bit;
    s.pawnshop &= bit;
}

/// Puts a building on an area of `p` (taking the area if neutral), outside any rule.
pub fn built(s: &mut State, p: u8, a: u8, card: u8) {
    if s.owner[usize::from(a)] == NOBODY {
        s.occupy(a, p);
    }
    take_out(s, card);
    s.put_up(a, card);
}

/// A building card of this category and value (the test set's names).
pub fn building(s: &State, cat: Category, price: u8) -> u8 {
    (0..DECK as u8)
        .find(|&c| {
            !s.mat.deck[usize::from(c)].event
                && s.mat.deck[usize::from(c)].category == cat
                && s.mat.deck[usize::from(c)].price == price
        })
        .expect("the test set has it")
}

/// Another card of the same kind as `card`.
pub fn twin(s: &State, card: u8) -> u8 {
    let k = s.mat.deck[usize::from(card)].kind;
    (0..DECK as u8)
        .find(|&c| c != card && s.mat.deck[usize::from(c)].kind == k && !s.mat.deck[usize::from(c)].event)
        .expect("two of a kind")
}

/// The `n`-th card (from 0) of the kind of `card`.
pub fn nth(s: &State, card: u8, n: usize) -> u8 {
    let k = s.mat.deck[usize::from(card)].kind;
    (0..68u8).filter(|&c| s.mat.deck[usize::from(c)].kind == k).nth(n).expect("enough of a kind")
}

/// An event card of the test set with this name.
pub fn event(s: &State, name: &str) -> u8 {
    (0..DECK as u8).find(|&c| s.mat.name(c) == name).expect("the event exists")
}

/// Forces an outcome.
pub fn force(s: &mut State, id: u64) {
    assert!(s.force(id), "outcome {id} possible");
}

/// The rule a move breaks.
pub fn rule(s: &State, mv: Move) -> &'static str {
    s.check(mv).expect_err("the move is illegal").rule
}

/// The influence card (first of its kind) with this name.
pub fn influence(s: &State, name: &str) -> u8 {
    (0..30u8)
        .find(|&c| s.mat.data.cards.influence[usize::from(s.mat.influence_kind[usize::from(c)])].name == name)
        .expect("the influence card exists")
}

/// Gives `p` an influence card from the pile.
pub fn give_influence(s: &mut State, p: u8, card: u8) {
    s.influence_pile &= !(1u32 << card);
    s.influence_discard &= !(1u32 << card);
    s.influence[usize::from(p)] |= 1u32 << card;
}

/// Gives `p` stones from the bank.
pub fn fund(s: &mut State, p: u8, n: u16) {
    s.stones[usize::from(p)] += n;
    s.bank -= i32::from(n);
}
