//! Tests named after the rule ids of docs/unbezwingbare/rules.md, on small positions built by
//! hand over the test data set (tests/data/).

mod common;

use common::{building, built, dealt, event, force, give, nth, rng, rule, take_out, test_set, twin};
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::material::DECK;
use stadt_unbezwingbare::state::{Frame, Stage};
use stadt_unbezwingbare::{Move, NOBODY, Options, SetupError, State};

/// A game over the test set, dealt, start areas skipped: seat 0 in phase 2.
fn table(opts: Options) -> State {
    common::table_on(test_set(), opts)
}

/// The base game of 3.
fn three() -> State {
    table(Options::base(3))
}

/// The first area index with this property.
fn area_where(f: impl Fn(usize) -> bool) -> u8 {
    (0..48).find(|&a| f(a)).expect("the board has such an area") as u8
}

#[test]
fn u1_u74_targets_by_players_and_variant() {
    let t =
        |p: u8, strat: bool| if strat { Options::strategic(p).target() } else { Options::base(p).target() };
    assert_eq!([t(3, false), t(4, false), t(5, false)], [30, 25, 20]);
    assert_eq!([t(2, true), t(3, true), t(4, true), t(5, true)], [50, 35, 30, 25]);
    let mut o = Options::base(4);
    o.set("target", "12").unwrap();
    assert_eq!(o.target(), 12);
}

#[test]
fn u5_six_players_and_unknown_options_are_refused() {
    assert_eq!(State::new(test_set(), Options::base(6)).unwrap_err(), SetupError::Players(6));
    assert!(Options::base(3).set("colour", "red").is_err());
    assert!(Options::base(3).set("sell_rounding", "sideways").is_err());
    let mut o = Options::base(3);
    o.set("two_player", "plain").unwrap();
    assert_eq!(State::new(test_set(), o).unwrap_err(), SetupError::TwoPlayerOnly(3));
    assert_eq!(State::new(test_set(), Options::base(1)).unwrap_err(), SetupError::Players(1));
}

#[test]
fn u23_u24_hands_stones_and_the_draw_pile() {
    let s = dealt(test_set(), Options::base(4), 3);
    for p in 0..4 {
        assert_eq!(s.hand[p].count_ones(), 3);
        assert_eq!(s.stones[p], 5);
        assert_eq!(s.known[p], 0, "dealt cards are seen by their taker only (N25)");
    }
    assert_eq!(s.pile.iter().map(|p| p.count_ones()).sum::<u32>(), 68 - 12 + 15);
    assert_eq!(s.marker, [0; 5], "U22: every score starts at 0");
}

#[test]
fn u58_two_players_five_areas_five_cards_ten_stones() {
    let s = dealt(test_set(), Options::base(2), 3);
    assert_eq!(s.hand[0].count_ones(), 5);
    assert_eq!(s.stones[..2], [10, 10]);
    assert_eq!(s.opts.start(), (5, 10, 5, 20));
}

#[test]
fn u59_two_orders_play_four_seats() {
    let mut o = Options::base(2);
    o.set("two_player", "two_orders").unwrap();
    let s = dealt(test_set(), o, 3);
    assert_eq!(s.seats(), 4);
    assert_eq!(o.target(), 25);
}

#[test]
fn u27_u28_start_areas_reverse_order_limits_and_stopping() {
    let mut s = dealt(test_set(), Options::base(3), 3);
    assert_eq!(s.turn(), Turn::Player(2), "U27: the last player chooses first");
    let a = area_where(|a| s.mat.price[a] <= 3);
    s.play(Move::StartArea(a)).unwrap();
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(rule(&s, Move::StartArea(a)), "U27", "a taken area is not free");
    s.play(Move::StartArea(area_where(|x| s.owner[x] == NOBODY && s.mat.price[x] <= 3))).unwrap();
    s.play(Move::StartArea(area_where(|x| s.owner[x] == NOBODY && s.mat.price[x] <= 3))).unwrap();
    assert_eq!(s.turn(), Turn::Player(2));
    assert_eq!(rule(&s, Move::StopStart), "U28", "a player stops only with 2 areas");
    let near = (0..48u8)
        .find(|&x| s.mat.neighbours[usize::from(a)] & (1u64 << x) != 0 && s.owner[usize::from(x)] == NOBODY)
        .unwrap();
    assert_eq!(rule(&s, Move::StartArea(near)), "U28", "start areas do not border each other");
    let dear = area_where(|x| s.owner[x] == NOBODY && u16::from(s.mat.price[x]) + s.dots(2) > 10);
    assert_eq!(rule(&s, Move::StartArea(dear)), "U28", "at most 10 dots");
}

#[test]
fn u28_s2_a_player_stops_at_three_areas_and_n5_with_none_left() {
    let mut s = dealt(test_set(), Options::base(3), 3);
    let mut buf = Vec::new();
    let mut r = rng(5);
    while s.stage == Stage::Start {
        if s.turn() == Turn::Chance {
            s.resolve(&mut r);
            continue;
        }
        Game::legal_moves(&s, &mut buf);
        let mv = buf.iter().copied().find(|m| matches!(m, Move::StartArea(_))).unwrap_or(buf[0]);
        s.apply(mv);
    }
    for p in 0..3 {
        let k = s.owned[p].count_ones();
        assert!(k <= 3);
        assert!(s.dots(p as u8) <= 10);
    }
    assert_eq!(s.actor, 0, "U30: the start player begins");
    assert_eq!(s.turns, 1);
}

#[test]
fn u28_n5_a_player_with_no_legal_area_left_stops_below_two() {
    let mut s = dealt(test_set(), Options::base(3), 3);
    assert_eq!(s.start_chooser(), 2);
    s.occupy(0, 2);
    // Every other area taken by seat 0 (beyond any rule): nothing is left for seat 2 or 1.
    for a in 1..48u8 {
        s.occupy(a, 0);
    }
    s.settle();
    assert_eq!(s.stopped, 0b111);
    assert_eq!(s.owned[2].count_ones(), 1, "stopped with one area");
    assert_eq!(s.stage, Stage::Phase1, "the first turn began");
}

#[test]
fn u34_a_violet_card_taxes_everyone_down_to_5_before_income() {
    let mut s = three();
    s.stage = Stage::Before;
    s.stones[..3].copy_from_slice(&[9, 5, 12]);
    s.bank = 160 - 26;
    s.apply(Move::TurnCards);
    let violet = (0..68u8)
        .find(|&c| {
            s.mat.deck[usize::from(c)].category == Category::Staedtisch && s.pile[0] & (1u128 << c) != 0
        })
        .unwrap();
    force(&mut s, u64::from(violet));
    assert_eq!(s.stones[..3], [5, 5, 5]);
    assert!(s.hand[0] & (1u128 << violet) != 0, "U37: the card goes to the player who turned it");
}

#[test]
fn u35_u36_income_is_a_choice_among_ones_buildings_of_the_category() {
    let mut s = three();
    let small = building(&s, Category::Buergertum, 1);
    let big = building(&s, Category::Buergertum, 4);
    let a1 = area_where(|a| s.mat.bonus[a] == 0);
    let a2 = area_where(|a| a != usize::from(a1) && s.mat.bonus[a] == 3);
    built(&mut s, 1, a1, small);
    built(&mut s, 1, a2, big);
    s.stage = Stage::Before;
    s.apply(Move::TurnCards);
    let brown = (0..68u8)
        .find(|&c| {
            s.mat.deck[usize::from(c)].category == Category::Buergertum && s.pile[0] & (1u128 << c) != 0
        })
        .unwrap();
    force(&mut s, u64::from(brown));
    assert_eq!(s.turn(), Turn::Player(1), "seat 1 chooses among two buildings");
    let mut buf = Vec::new();
    Game::legal_moves(&s, &mut buf);
    assert_eq!(buf.len(), 2);
    let other = area_where(|a| s.owner[a] == NOBODY);
    assert_eq!(rule(&s, Move::Income(other)), "U35");
    let before = s.stones[1];
    s.play(Move::Income(a2)).unwrap();
    assert_eq!(s.stones[1], before + 4 + 3, "value plus the area's bonus, one building only");
}

#[test]
fn u36_n7_a_card_bought_from_the_draw_pile_brings_no_income_and_is_unseen() {
    let mut s = three();
    let small = building(&s, Category::Buergertum, 1);
    built(&mut s, 1, 0, small);
    s.stones[0] = 10;
    s.bank -= 5;
    s.play(Move::BuyDrawn).unwrap();
    let brown = (0..68u8)
        .find(|&c| {
            s.mat.deck[usize::from(c)].category == Category::Buergertum && s.pile[0] & (1u128 << c) != 0
        })
        .unwrap();
    force(&mut s, u64::from(brown));
    assert_eq!(s.stones[..2], [5, 5]);
    assert!(s.hand[0] & (1u128 << brown) != 0);
    assert_eq!(s.known[0] & (1u128 << brown), 0, "unseen by the others");
    assert_eq!(s.stage, Stage::Phase2);
}

#[test]
fn u32_u33_u42_events_are_carried_out_and_the_turning_goes_on() {
    let mut s = three();
    s.stones[0] = 10;
    s.bank -= 5;
    let regen = event(&s, "Regen");
    let klein = building(&s, Category::Buergertum, 1);
    built(&mut s, 0, 0, klein);
    s.play(Move::BuyDrawn).unwrap();
    force(&mut s, u64::from(regen));
    assert_eq!(s.stones[0], 6, "Regen: 1 per Kleines Haus");
    assert!(s.discard & (1u128 << regen) != 0, "the event goes to the discard pile (S10)");
    assert_eq!(s.turn(), Turn::Chance, "turning on until a building card");
}

#[test]
fn u38_n8_an_empty_pile_reshuffles_the_discards_once() {
    let mut s = three();
    let all: u128 = s.pile.iter().fold(0, |m, p| m | p);
    s.discard |= all;
    s.pile = [0; 3];
    s.stage = Stage::Before;
    s.apply(Move::TurnCards);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.pile[0], all, "the discards are the new pile");
    let mut t = three();
    let all: u128 = t.pile.iter().fold(0, |m, p| m | p);
    // No cards anywhere to turn: phase 1 ends with nothing.
    t.pawnshop |= all;
    t.pile = [0; 3];
    t.stage = Stage::Before;
    t.apply(Move::TurnCards);
    assert_eq!(t.stage, Stage::Phase2);
}

#[test]
fn u40_u41_selling_and_buying_at_the_pfandhaus() {
    let mut s = three();
    let c = building(&s, Category::Gewerbe, 5);
    give(&mut s, 0, c);
    s.play(Move::Sell(c)).unwrap();
    assert_eq!(s.stones[0], 7, "half of 5 rounded down");
    assert!(s.pawnshop & (1u128 << c) != 0);
    assert_eq!(rule(&s, Move::Sell(c)), "U40");
    s.play(Move::BuyPawned(c)).unwrap();
    assert_eq!(s.stones[0], 2);
    assert!(s.known[0] & (1u128 << c) != 0, "bought openly (U76)");
    assert_eq!(rule(&s, Move::BuyPawned(c)), "U41");
    let mut up = Options::base(3);
    up.set("sell_rounding", "up").unwrap();
    let mut t = table(up);
    give(&mut t, 0, c);
    t.play(Move::Sell(c)).unwrap();
    assert_eq!(t.stones[0], 8, "half of 5 rounded up (S4)");
}

#[test]
fn u43_u46_buying_areas_bordering_two_a_turn_knights() {
    let mut s = three();
    s.stones[0] = 60;
    s.bank -= 55;
    s.occupy(0, 0);
    let far = area_where(|a| s.mat.neighbours[0] & (1u64 << a) == 0 && a != 0);
    assert_eq!(rule(&s, Move::BuyArea(far)), "U43", "it must border an own area");
    let n: Vec<u8> = (0..48u8).filter(|&a| s.mat.neighbours[0] & (1u64 << a) != 0).collect();
    s.play(Move::BuyArea(n[0])).unwrap();
    assert_eq!(rule(&s, Move::BuyArea(n[0])), "U43", "not neutral");
    s.play(Move::BuyArea(n[1])).unwrap();
    assert_eq!(rule(&s, Move::BuyArea(n[2])), "U43", "at most 2 a turn");
    let mut t = three();
    t.occupy(0, 0);
    t.knights[0] = 0;
    t.stones[0] = 60;
    t.bank -= 55;
    assert_eq!(rule(&t, Move::BuyArea(n[0])), "U46");
}

#[test]
fn u44_u45_n10_a_knight_taken_off_leaves_a_neutral_building_bought_with_the_area() {
    let mut s = three();
    let dom = building(&s, Category::Staedtisch, 5);
    let a = area_where(|a| !s.mat.water[a]);
    built(&mut s, 1, a, dom);
    s.marker[1] = 5;
    assert_eq!(s.points(1), 5);
    s.vacate(a);
    assert_eq!(s.points(1), 0, "its former owner loses its points at once");
    assert_eq!(s.marker[1], 0, "the marker moves back at once (N14)");
    assert_eq!(s.knights[1], 25, "the knight goes back (N10)");
    let b = (0..48u8).find(|&x| s.mat.neighbours[usize::from(a)] & (1u64 << x) != 0).unwrap();
    s.occupy(b, 0);
    s.stones[0] = 20;
    s.bank -= 15;
    let price = u16::from(s.mat.price[usize::from(a)]);
    s.play(Move::BuyArea(a)).unwrap();
    assert_eq!(s.stones[0], 20 - price, "the area's price alone");
    assert_eq!(s.points(0), 5, "the building is the buyer's");
    assert_eq!(s.placed, 0, "N11: no placement");
}

#[test]
fn u12_u13_u14_u15_u16_where_each_category_may_stand() {
    let s = three();
    let inner = area_where(|a| s.mat.inner[a]);
    let water = area_where(|a| s.mat.water[a]);
    let no_road = area_where(|a| s.mat.road[a] == 0);
    assert!(s.may_stand(building(&s, Category::Buergertum, 1), inner).is_ok());
    assert!(s.may_stand(building(&s, Category::Buergertum, 1), water).is_ok());
    assert_eq!(s.may_stand(building(&s, Category::Gewerbe, 2), inner).unwrap_err().rule, "U13");
    assert_eq!(s.may_stand(building(&s, Category::Staedtisch, 1), water).unwrap_err().rule, "U14");
    assert_eq!(s.may_stand(building(&s, Category::Handel, 3), no_road).unwrap_err().rule, "U15");
}

#[test]
fn u47_placing_on_own_empty_areas_two_a_turn() {
    let mut s = three();
    s.stones[0] = 30;
    s.bank -= 25;
    let c1 = building(&s, Category::Buergertum, 1);
    let c2 = nth(&s, c1, 1);
    let c3 = nth(&s, c1, 2);
    for c in [c1, c2, c3] {
        give(&mut s, 0, c);
    }
    let free = area_where(|a| s.owner[a] == NOBODY);
    assert_eq!(rule(&s, Move::Place { card: c1, area: free }), "U47");
    for a in [0u8, 2, 4] {
        s.occupy(a, 0);
    }
    s.play(Move::Place { card: c1, area: 0 }).unwrap();
    assert_eq!(rule(&s, Move::Place { card: c2, area: 0 }), "U47", "the area has a building");
    s.play(Move::Place { card: c2, area: 2 }).unwrap();
    assert_eq!(rule(&s, Move::Place { card: c3, area: 4 }), "U47", "at most 2 a turn");
    assert_eq!(s.points(0), 2, "U51: points are the buildings' values");
    assert_eq!(s.stones[0], 28);
}

#[test]
fn u48_n12_rebuilding_costs_five_and_the_value_and_counts_as_a_placement() {
    let mut s = three();
    s.stones[0] = 30;
    s.bank -= 25;
    let old = building(&s, Category::Buergertum, 1);
    let new = building(&s, Category::Buergertum, 4);
    built(&mut s, 0, 0, old);
    give(&mut s, 0, new);
    s.play(Move::Rebuild { card: new, area: 0 }).unwrap();
    assert_eq!(s.stones[0], 21);
    assert!(s.discard & (1u128 << old) != 0, "the old card is discarded face up");
    assert_eq!(s.points(0), 4);
    assert_eq!(s.placed, 1);
    assert_eq!(rule(&s, Move::Rebuild { card: old, area: 0 }), "U48");
}

#[test]
fn u49_one_toll_house_a_road() {
    let mut s = three();
    let toll = (0..68u8).find(|&c| s.mat.deck[usize::from(c)].toll).unwrap();
    let toll2 = twin(&s, toll);
    let road1: Vec<u8> = (0..48u8).filter(|&a| s.mat.road[usize::from(a)] == 1).collect();
    built(&mut s, 1, road1[0], toll);
    assert_eq!(s.may_stand(toll2, road1[1]).unwrap_err().rule, "U49");
    let road2 = area_where(|a| s.mat.road[a] == 2);
    assert!(s.may_stand(toll2, road2).is_ok());
}

#[test]
fn u50_u55_n15_buying_an_influence_card_and_the_hand_limit() {
    let mut s = three();
    s.stones[0] = 20;
    s.bank -= 15;
    s.influence_pile &= !0b11;
    s.influence[0] = 0b11;
    s.play(Move::BuyInfluence).unwrap();
    assert_eq!(s.stones[0], 15);
    force(&mut s, 100 + 5);
    assert!(matches!(s.top(), Some(Frame::Drop { p: 0 })), "three cards: one is discarded");
    assert_eq!(rule(&s, Move::EndPhase2), "U55");
    s.play(Move::DropInfluence(5)).unwrap();
    assert_eq!(s.influence[0], 0b11);
    assert!(s.influence_discard & (1 << 5) != 0);
}

#[test]
fn u57_n17_an_empty_influence_pile_is_refilled_from_the_discards() {
    let mut s = three();
    s.stones[0] = 20;
    s.bank -= 15;
    s.influence_discard = s.influence_pile;
    s.influence_pile = 0;
    s.play(Move::BuyInfluence).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    let mut t = three();
    t.stones[0] = 20;
    t.bank -= 15;
    t.influence[1] = t.influence_pile & 0b11;
    t.influence[2] = t.influence_pile & !0b11;
    t.influence_pile = 0;
    assert_eq!(rule(&t, Move::BuyInfluence), "N17");
}

#[test]
fn u51_u52_u53_n14_red_fields_draw_only_forward_in_ones_own_phase3() {
    let mut s = three();
    let c = building(&s, Category::Buergertum, 1);
    let c2 = twin(&s, c);
    give(&mut s, 0, c);
    give(&mut s, 0, c2);
    s.occupy(0, 0);
    s.occupy(2, 0);
    s.play(Move::Place { card: c, area: 0 }).unwrap();
    s.play(Move::Place { card: c2, area: 2 }).unwrap();
    s.play(Move::EndPhase2).unwrap();
    assert_eq!(s.marker[0], 2);
    assert_eq!(s.turn(), Turn::Chance, "field 2 is red: an influence card is drawn");
    // Back on field 2 by a loss: no card (U53).
    let mut t = three();
    built(&mut t, 0, 0, c);
    built(&mut t, 0, 2, c2);
    let third = nth(&t, c, 2);
    built(&mut t, 0, 4, third);
    t.marker[0] = 3;
    t.vacate(4);
    assert_eq!(t.marker[0], 2);
    t.play(Move::EndPhase2).unwrap();
    assert!(!matches!(t.top(), Some(Frame::Influence { .. })), "no influence card is drawn");
    assert_eq!(t.actor, 1, "the next player's turn");
}

#[test]
fn u56_n16_influence_cards_are_played_before_phase1_or_in_phase2() {
    let mut s = three();
    let eile = (0..30u8)
        .find(|&c| {
            s.mat.data.cards.influence[usize::from(s.mat.influence_kind[usize::from(c)])].name == "Eile"
        })
        .unwrap();
    s.influence_pile &= !(1 << eile);
    s.influence[0] = 1 << eile;
    s.stage = Stage::Before;
    let mut buf = Vec::new();
    Game::legal_moves(&s, &mut buf);
    assert!(buf.contains(&Move::Play { card: eile, target: NOBODY }));
    s.play(Move::Play { card: eile, target: NOBODY }).unwrap();
    assert_eq!(s.extra_placed, 2, "Eile: 2 placements more");
    assert_eq!(s.skip[0] & (1 << 3), 1 << 3, "and phase 3 skipped");
    assert!(s.influence_discard & (1 << eile) != 0);
    let mut s = three();
    let wache = (0..30u8)
        .find(|&c| {
            s.mat.data.cards.influence[usize::from(s.mat.influence_kind[usize::from(c)])].name == "Wache"
        })
        .unwrap();
    s.influence_pile &= !(1 << wache);
    s.influence[0] = 1 << wache;
    assert_eq!(
        rule(&s, Move::Play { card: wache, target: NOBODY }),
        "S9",
        "a cancel card is not played alone"
    );
}

#[test]
fn u2_reaching_the_target_wins_at_the_end_of_ones_turn() {
    let mut o = Options::base(3);
    o.set("target", "4").unwrap();
    let mut s = table(o);
    let c = building(&s, Category::Buergertum, 4);
    give(&mut s, 0, c);
    s.occupy(0, 0);
    s.play(Move::Place { card: c, area: 0 }).unwrap();
    assert!(!s.is_over(), "not before phase 3");
    s.play(Move::EndPhase2).unwrap();
    assert!(s.is_over());
    assert_eq!(s.winners, 1);
}

#[test]
fn u60_complete_last_round_then_u4_ties() {
    let mut o = Options::base(3);
    o.set("target", "4").unwrap();
    o.set("last_round", "complete").unwrap();
    let mut s = table(o);
    let c = building(&s, Category::Buergertum, 4);
    give(&mut s, 0, c);
    s.occupy(0, 0);
    s.play(Move::Place { card: c, area: 0 }).unwrap();
    s.play(Move::EndPhase2).unwrap();
    assert!(!s.is_over(), "the round is played to its end");
    assert!(s.final_round);
    // Seat 2 also has 4 points and more areas: he wins the tie (U4).
    let d = twin(&s, c);
    built(&mut s, 2, 10, d);
    s.occupy(12, 2);
    let mut r = rng(1);
    let mut buf = Vec::new();
    while !s.is_over() {
        match s.turn() {
            Turn::Chance => {
                s.resolve(&mut r);
            }
            _ => {
                Game::legal_moves(&s, &mut buf);
                let mv = if buf.contains(&Move::EndPhase2) { Move::EndPhase2 } else { buf[0] };
                s.apply(mv);
            }
        }
    }
    assert_eq!(s.winners, 0b100);
}

#[test]
fn u3_n1_the_last_area_ends_the_round() {
    let mut s = three();
    for a in 1..48u8 {
        s.occupy(a, a % 3);
    }
    assert!(!s.last_area);
    s.stones[0] = 20;
    s.bank -= 15;
    let before = s.last_area;
    s.occupy(0, 0);
    assert!(s.last_area && !before);
    s.vacate(0);
    assert!(s.last_area, "N1: once and for good");
    s.play(Move::EndPhase2).unwrap();
    let mut r = rng(2);
    let mut buf = Vec::new();
    while !s.is_over() {
        match s.turn() {
            Turn::Chance => {
                s.resolve(&mut r);
            }
            _ => {
                Game::legal_moves(&s, &mut buf);
                let mv = if buf.contains(&Move::EndPhase2) { Move::EndPhase2 } else { buf[0] };
                s.apply(mv);
            }
        }
    }
    assert!(s.turns <= 3, "the round ends with its last player");
}

#[test]
fn u75_n24_the_turn_limit_ends_the_game() {
    let mut o = Options::base(3);
    o.set("turns", "5").unwrap();
    let (s, _) = common::random_game(test_set(), o, 9);
    assert!(s.is_over());
    assert!(s.turns <= 5);
}

#[test]
fn u9_s11_n3_a_capped_bank_pays_what_it_holds() {
    let mut o = Options::base(3);
    o.set("bank", "160").unwrap();
    let mut s = table(o);
    let held: i32 = s.stones.iter().map(|&x| i32::from(x)).sum();
    s.stones[1] += s.bank as u16;
    s.bank = 0;
    s.receive(0, 5);
    assert_eq!(s.stones[0], 5, "the bank is empty");
    assert_eq!(held + 145, 160);
}

#[test]
fn u66_periods_a_on_top_then_b_then_c() {
    let s = dealt(test_set(), Options::strategic(3), 4);
    for (part, period) in s.pile.iter().zip([0u8, 1, 2]) {
        for c in 0..DECK as u8 {
            if part & (1u128 << c) != 0 {
                assert_eq!(s.mat.deck[usize::from(c)].period as u8, period);
            }
        }
    }
    for p in 0..3 {
        for c in 0..DECK as u8 {
            if s.hand[p] & (1u128 << c) != 0 {
                assert_eq!(s.mat.deck[usize::from(c)].period as u8, 0, "hands dealt from the A cards");
            }
        }
    }
}

#[test]
fn u67_u68_isolation_the_buyer_of_the_last_neutral_neighbour_takes_the_area() {
    let mut s = table(Options::strategic(3));
    let x = 20u8;
    let around: Vec<u8> =
        (0..48u8).filter(|&a| s.mat.neighbours[usize::from(x)] & (1u64 << a) != 0).collect();
    let dom = building(&s, Category::Buergertum, 4);
    built(&mut s, 1, x, dom);
    let (last, rest) = around.split_last().unwrap();
    for (i, &a) in rest.iter().enumerate() {
        s.occupy(a, if i % 2 == 0 { 0 } else { 2 });
    }
    // Seat 0 needs an area bordering `last`.
    let own = (0..48u8)
        .find(|&a| s.owner[usize::from(a)] == 0 && s.mat.neighbours[usize::from(*last)] & (1u64 << a) != 0);
    if own.is_none() {
        let b = (0..48u8)
            .find(|&a| {
                s.owner[usize::from(a)] == NOBODY
                    && a != *last
                    && s.mat.neighbours[usize::from(*last)] & (1u64 << a) != 0
            })
            .unwrap();
        s.occupy(b, 0);
    }
    s.stones[0] = 30;
    s.bank -= 25;
    s.play(Move::BuyArea(*last)).unwrap();
    assert_eq!(s.owner[usize::from(x)], 0, "the isolated area and its building pass to the buyer");
    assert_eq!(s.points(1), 0);
    assert!(s.points(0) >= 4);
}

#[test]
fn u70_u71_u72_great_powers_three_buildings_and_most() {
    let mut s = table(Options::strategic(3));
    let c = building(&s, Category::Buergertum, 1);
    let c2 = twin(&s, c);
    let c3 = nth(&s, c, 2);
    built(&mut s, 1, 0, c);
    built(&mut s, 1, 2, c2);
    assert_eq!(s.great[0], NOBODY);
    built(&mut s, 1, 4, c3);
    assert_eq!(s.great[0], 1, "3 Bürgertum buildings: the great power");
    assert_eq!(s.points(1), 3 + 1, "its point");
    s.vacate(4);
    assert_eq!(s.great[0], NOBODY, "below 3: lost");
}

#[test]
fn u73_n23_the_free_market_needs_a_handel_building() {
    let mut s = table(Options::strategic(3));
    let c = building(&s, Category::Gewerbe, 5);
    give(&mut s, 0, c);
    assert_eq!(rule(&s, Move::SellMarket(c)), "U73");
    let h = building(&s, Category::Handel, 3);
    let road = area_where(|a| s.mat.road[a] != 0);
    built(&mut s, 0, road, h);
    s.play(Move::SellMarket(c)).unwrap();
    assert_eq!(s.stones[0], 10, "sold for its full value");
    assert_eq!(rule(&s, Move::BuyMarket(c)), "N23");
}

#[test]
fn u73_n23_a_card_sold_this_turn_does_not_hide_another_of_its_kind_at_the_free_market() {
    // Found by the reference (tests/reference.rs): the legal moves listed the lowest id of a kind
    // at the market, barred by N23, and so left out the other card of that kind.
    let mut s = table(Options::strategic(3));
    let h = building(&s, Category::Handel, 3);
    let road = area_where(|a| s.mat.road[a] != 0);
    built(&mut s, 0, road, h);
    let c = building(&s, Category::Gewerbe, 5);
    let (first, second) = (nth(&s, c, 0), nth(&s, c, 1));
    give(&mut s, 0, first);
    s.play(Move::SellMarket(first)).unwrap();
    take_out(&mut s, second);
    s.market |= 1u128 << second;
    assert_eq!(rule(&s, Move::BuyMarket(first)), "N23");
    assert_eq!(s.check(Move::BuyMarket(second)), Ok(()));
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert!(moves.contains(&Move::BuyMarket(second)), "the other card of the kind is listed");
}

#[test]
fn u71_n22_on_a_tie_the_holder_keeps_the_great_power_and_more_takes_it() {
    let mut s = table(Options::strategic(3));
    let c = building(&s, Category::Buergertum, 1);
    for (i, a) in [0u8, 2, 4].into_iter().enumerate() {
        let k = nth(&s, c, i);
        built(&mut s, 1, a, k);
    }
    assert_eq!(s.great[0], 1);
    for (i, a) in [20u8, 22, 24].into_iter().enumerate() {
        let k = nth(&s, c, 3 + i);
        built(&mut s, 2, a, k);
    }
    assert_eq!(s.great[0], 1, "a tie: the holder keeps it");
    let k = nth(&s, c, 6);
    built(&mut s, 2, 26, k);
    assert_eq!(s.great[0], 2, "more buildings take it");
    assert_eq!(s.points(2), 4 + 1);
    assert_eq!(s.points(1), 3);
}

#[test]
fn u49_n12_a_toll_house_rebuilt_in_place_of_a_toll_house() {
    let mut s = three();
    common::fund(&mut s, 0, 20);
    let toll = (0..68u8).find(|&c| s.mat.deck[usize::from(c)].toll).unwrap();
    let toll2 = twin(&s, toll);
    let road = area_where(|a| s.mat.road[a] == 1);
    built(&mut s, 0, road, toll);
    give(&mut s, 0, toll2);
    assert!(s.check(Move::Rebuild { card: toll2, area: road }).is_ok(), "the old toll house goes");
}
