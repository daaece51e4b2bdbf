//! The worked example of the source [l. 221–239] (rules.md section 16), played on the shipped
//! invented set with every chance outcome forced: Mark 0, Mareike 1, Peter 2. Readings it
//! needs: `sell_rounding=up` (S4), N13 (the „Mauthaus“ is the Torhaus, the „Kapelle“ the
//! Aquädukt), N2 (an area without bonus), S2, S3, S8.

mod common;

use common::invented;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::material::DECK;
use stadt_unbezwingbare::state::Stage;
use stadt_unbezwingbare::{Move, NOBODY, Options, State};

const MARK: u8 = 0;
const MAREIKE: u8 = 1;
const PETER: u8 = 2;

/// An area's index from its id in board.txt.
fn area(id: u8) -> u8 {
    id - 1
}

/// The deck cards named so, in id order.
fn cards(s: &State, name: &str) -> Vec<u8> {
    (0..DECK as u8).filter(|&c| s.mat.name(c) == name).collect()
}

/// The first card of this name not yet used.
fn card(s: &State, used: &mut Vec<u8>, name: &str) -> u8 {
    let c = cards(s, name).into_iter().find(|c| !used.contains(c)).expect("the set has the card");
    used.push(c);
    c
}

/// The example's cards, by role.
struct Cards {
    torhaus: u8,
    pferdestall: u8,
    aquaedukt: u8,
    getreidemuehle: u8,
    wehrturm: u8,
    oper: u8,
    dienstwohnung: u8,
    buergerwohnung: u8,
    pferdestall2: u8,
    gute_ernte: u8,
    lagerhalle: u8,
    kapelle: u8,
}

/// Forces a chance outcome, which must be possible.
fn force(s: &mut State, id: u8) {
    assert_eq!(s.turn(), Turn::Chance);
    assert!(s.force(u64::from(id)), "the outcome {} can happen", s.mat.name(id));
}

/// Plays a move, which must be legal.
fn play(s: &mut State, mv: Move) {
    if let Err(e) = s.play(mv) {
        panic!("{mv:?} is illegal: {e}");
    }
}

/// Set-up, start areas and the turns up to Peter's phase 2.
fn to_peters_phase2(rounding: &str) -> (State, Cards) {
    let mut o = Options::base(3);
    o.set("sell_rounding", rounding).unwrap();
    let mut s = State::new(invented(), o).unwrap();
    let mut used = Vec::new();
    let k = Cards {
        torhaus: card(&s, &mut used, "Torhaus"),
        pferdestall: card(&s, &mut used, "Pferdestall"),
        aquaedukt: card(&s, &mut used, "Aquädukt"),
        getreidemuehle: card(&s, &mut used, "Getreidemühle"),
        wehrturm: card(&s, &mut used, "Wehrturm"),
        oper: card(&s, &mut used, "Oper"),
        dienstwohnung: card(&s, &mut used, "Dienstwohnung"),
        buergerwohnung: card(&s, &mut used, "Bürgerwohnung"),
        pferdestall2: card(&s, &mut used, "Pferdestall"),
        gute_ernte: card(&s, &mut used, "Gute Ernte"),
        lagerhalle: card(&s, &mut used, "Lagerhalle"),
        kapelle: card(&s, &mut used, "Kapelle"),
    };
    let fach = card(&s, &mut used, "Fachwerkhaus");
    let hand = card(&s, &mut used, "Handwerkerhaus");
    // U21–U24: 3 cards each, dealt round the table from Mark.
    for c in [
        k.torhaus,
        k.getreidemuehle,
        k.wehrturm,
        k.pferdestall,
        fach,
        k.oper,
        k.aquaedukt,
        hand,
        k.dienstwohnung,
    ] {
        force(&mut s, c);
    }
    assert_eq!(s.stones[..3], [5, 5, 5]);
    assert_eq!(s.marker[..3], [0, 0, 0]);
    // U25–U28, S2: Peter, Mareike, Mark choose in that order, three times.
    let picks = [
        (PETER, 14),
        (MAREIKE, 20),
        (MARK, 15),
        (PETER, 10),
        (MAREIKE, 9),
        (MARK, 19),
        (PETER, 33),
        (MAREIKE, 36),
        (MARK, 22),
    ];
    for (who, id) in picks {
        assert_eq!(s.turn(), Turn::Player(usize::from(who)), "{who} chooses");
        play(&mut s, Move::StartArea(area(id)));
    }
    assert_eq!(s.dots(MARK), 10, "Mark takes 5 + 3 + 2 = 10 dots");
    // Mark, phase 1: Bürgerwohnung; nobody has a building: no income; to his hand (U32, U35, U37).
    force(&mut s, k.buergerwohnung);
    assert_eq!(s.stage, Stage::Phase2);
    assert!(s.known[0] & (1u128 << k.buergerwohnung) != 0, "everyone saw the Bürgerwohnung (U76)");
    // Phase 2: the Torhaus on the road area, the Aquädukt on the area without bonus (N13, N2).
    play(&mut s, Move::Place { card: k.torhaus, area: area(15) });
    play(&mut s, Move::Place { card: k.aquaedukt, area: area(22) });
    assert_eq!(s.stones[..3], [0, 5, 5]);
    play(&mut s, Move::EndPhase2);
    // Phase 3: marker to 5, not red (U62).
    assert_eq!(s.marker[..3], [5, 0, 0]);
    assert_eq!(s.influence[0], 0);
    // Mareike, phase 1: Pferdestall; nobody owns a Bürgertum building.
    assert_eq!(s.actor, MAREIKE);
    force(&mut s, k.pferdestall2);
    assert_eq!(s.stones[..3], [0, 5, 5]);
    play(&mut s, Move::Place { card: k.getreidemuehle, area: area(20) });
    play(&mut s, Move::Place { card: k.pferdestall2, area: area(9) });
    play(&mut s, Move::BuyArea(area(35)));
    assert_eq!(s.stones[..3], [0, 2, 5]);
    play(&mut s, Move::EndPhase2);
    // Phase 3: marker to 2, red: she draws an influence card (U53, S8).
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.marker[..3], [5, 2, 0]);
    force(&mut s, 100);
    assert_eq!(s.influence[1].count_ones(), 1);
    // Peter, phase 1: Gute Ernte (Mareike +3), then the Lagerhalle: Mark's Torhaus 3 + 2.
    assert_eq!(s.actor, PETER);
    force(&mut s, k.gute_ernte);
    assert_eq!(s.turn(), Turn::Chance, "after an event the turning goes on (U32, U33)");
    assert_eq!(s.stones[..3], [0, 5, 5]);
    force(&mut s, k.lagerhalle);
    assert_eq!(s.stones[..3], [5, 5, 5]);
    assert_eq!(s.stage, Stage::Phase2);
    (s, k)
}

#[test]
fn worked_example_u21_u63_mark_mareike_peter() {
    let (mut s, k) = to_peters_phase2("up");
    // Peter sells the Wehrturm for 1 (S4: rounded up), places the Oper and the Dienstwohnung.
    play(&mut s, Move::Sell(k.wehrturm));
    assert_eq!(s.stones[2], 6);
    assert!(s.pawnshop & (1u128 << k.wehrturm) != 0, "the Wehrturm lies open at the Pfandhaus");
    play(&mut s, Move::Place { card: k.oper, area: area(14) });
    play(&mut s, Move::Place { card: k.dienstwohnung, area: area(10) });
    assert_eq!(s.stones[..3], [5, 5, 0]);
    play(&mut s, Move::EndPhase2);
    assert_eq!(s.marker[..3], [5, 2, 6], "marker to 6, not red");
    assert_eq!(s.influence[2], 0);
    // Mark, phase 1: a violet card: tax (nobody above 5), income Aquädukt 2 + 0, Oper 4 + 1.
    assert_eq!(s.actor, MARK);
    force(&mut s, k.kapelle);
    assert_eq!(s.stones[..3], [7, 5, 5]);
    assert_eq!(s.marker[..3], [5, 2, 6]);
    assert_eq!(s.points(0), 5);
    assert_eq!(s.points(1), 2);
    assert_eq!(s.points(2), 6);
    // Hands: Mark 3 (Pferdestall, Bürgerwohnung, the violet card), Mareike 2 and 1 influence
    // card, Peter 1 (the Lagerhalle); areas 3, 4, 3.
    let mark = (1u128 << k.pferdestall) | (1u128 << k.buergerwohnung) | (1u128 << k.kapelle);
    assert_eq!(s.hand[0], mark);
    assert_eq!(s.hand[1].count_ones(), 2);
    assert_eq!(s.influence[1].count_ones(), 1);
    assert_eq!(s.hand[2], 1u128 << k.lagerhalle);
    assert_eq!([s.owned[0].count_ones(), s.owned[1].count_ones(), s.owned[2].count_ones()], [3, 4, 3]);
    // U76, N25: who saw which card: the turned cards are known, the dealt ones are not.
    assert_eq!(s.known[0], (1u128 << k.buergerwohnung) | (1u128 << k.kapelle));
    assert_eq!(s.known[1], 0);
    assert_eq!(s.known[2], 1u128 << k.lagerhalle);
    assert_eq!(s.pawnshop, 1u128 << k.wehrturm);
    assert_eq!(s.building[usize::from(area(35))], NOBODY);
    assert_eq!(s.turn(), Turn::Player(0), "Mark goes on with his turn");
    let _ = (k.pferdestall2, k.getreidemuehle);
}

#[test]
fn worked_example_s4_u40_with_rounding_down_peters_two_placements_are_not_both_legal() {
    let (mut s, k) = to_peters_phase2("down");
    play(&mut s, Move::Sell(k.wehrturm));
    assert_eq!(s.stones[2], 5, "half of 1 rounded down is 0");
    play(&mut s, Move::Place { card: k.oper, area: area(14) });
    let e = s.check(Move::Place { card: k.dienstwohnung, area: area(10) }).unwrap_err();
    assert_eq!(e.rule, "U47");
}
