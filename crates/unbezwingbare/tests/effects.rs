//! The effect words of data.md ("Effects") carried out, on the shipped invented set whose events
//! and influence cards use most of them, and on the test set for the rest.

mod common;

use common::{
    building, built, event, force, fund, give, give_influence, influence, invented, rule, table_on, test_set,
};
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::state::{Frame, Stage};
use stadt_unbezwingbare::{Move, NOBODY, Options, State};

/// The invented set, 3 players, seat 0 in phase 2.
fn three() -> State {
    table_on(invented(), Options::base(3))
}

/// Turns `card` in a phase 1 of seat 0 (its turning begun).
fn turn_in_phase1(s: &mut State, card: u8) {
    s.stage = Stage::Before;
    s.apply(Move::TurnCards);
    force(s, u64::from(card));
}

/// A neutral area bordering one of `p`'s.
fn next_to(s: &State, p: u8) -> u8 {
    (0..48u8)
        .find(|&a| {
            s.owner[usize::from(a)] == NOBODY && s.bordering(s.owned[usize::from(p)]) & (1u64 << a) != 0
        })
        .expect("a neutral neighbour")
}

#[test]
fn effect_gain_per_name_gute_ernte_pays_three_for_every_getreidemuehle() {
    let mut s = three();
    let m = (0..68u8).find(|&c| s.mat.name(c) == "Getreidemühle").unwrap();
    built(&mut s, 1, 10, m);
    let e = event(&s, "Gute Ernte");
    turn_in_phase1(&mut s, e);
    assert_eq!(s.stones[..3], [5, 8, 5]);
    assert_eq!(s.turn(), Turn::Chance, "the turning goes on");
}

#[test]
fn effect_lose_per_area_pays_what_one_holds_n3() {
    let mut s = three();
    for a in [0u8, 2, 4, 6, 8, 10, 12] {
        s.occupy(a, 1);
    }
    let e = event(&s, "Hochwasser");
    turn_in_phase1(&mut s, e);
    assert_eq!(s.stones[1], 0, "7 owed, 5 held: all paid");
}

#[test]
fn effect_tax_to_three() {
    let mut s = three();
    fund(&mut s, 2, 10);
    let e = event(&s, "Steuereintreiber");
    turn_in_phase1(&mut s, e);
    assert_eq!(s.stones[..3], [3, 3, 3]);
}

#[test]
fn effect_discard_asks_each_player_in_turn_order_n6() {
    let mut s = three();
    let e = event(&s, "Pest");
    turn_in_phase1(&mut s, e);
    for p in 0..3u8 {
        assert_eq!(s.turn(), Turn::Player(usize::from(p)), "seat {p} discards");
        let mut buf = Vec::new();
        Game::legal_moves(&s, &mut buf);
        assert!(buf.iter().all(|m| matches!(m, Move::Discard(_))));
        let before = s.hand[usize::from(p)].count_ones();
        s.play(buf[0]).unwrap();
        assert_eq!(s.hand[usize::from(p)].count_ones(), before - 1);
    }
    assert_eq!(s.turn(), Turn::Chance);
}

#[test]
fn effect_remove_knight_self_empty_each_player_picks_his_own() {
    let mut s = three();
    s.occupy(0, 0);
    s.occupy(5, 1);
    let e = event(&s, "Aufstand");
    turn_in_phase1(&mut s, e);
    assert_eq!(s.turn(), Turn::Player(0));
    s.play(Move::PickArea(0)).unwrap();
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(rule(&s, Move::PickArea(0)), "U44");
    s.play(Move::PickArea(5)).unwrap();
    assert_eq!(s.owner[0], NOBODY);
    assert_eq!(s.owner[5], NOBODY);
}

#[test]
fn effect_no_income_the_card_pays_nobody_but_still_taxes() {
    let mut s = three();
    let w = building(&s, Category::Staedtisch, 1);
    built(&mut s, 1, 10, w);
    fund(&mut s, 1, 5);
    let e = event(&s, "Belagerung");
    turn_in_phase1(&mut s, e);
    let violet = (0..68u8)
        .find(|&c| {
            s.mat.deck[usize::from(c)].category == Category::Staedtisch && s.pile[0] & (1u128 << c) != 0
        })
        .unwrap();
    force(&mut s, u64::from(violet));
    assert_eq!(s.stones[1], 5, "taxed to 5, then no income");
}

#[test]
fn effect_draw_an_event_draws_a_building_card_for_each_player() {
    let mut s = three();
    let before: Vec<u32> = (0..3).map(|p| s.hand[p].count_ones()).collect();
    let e = event(&s, "Bauboom");
    turn_in_phase1(&mut s, e);
    let mut r = common::rng(3);
    // Each player draws one building card (events turned meanwhile carried out), then the
    // phase 1 turning goes on.
    let mut guard = 0;
    while s.depth > 1 || matches!(s.top(), Some(Frame::Effect { .. })) {
        match s.turn() {
            Turn::Chance => {
                let (_, set) = s.outcomes();
                let b = (0..68u8).find(|&c| set & (1u128 << c) != 0).unwrap();
                force(&mut s, u64::from(b));
            }
            _ => {
                let mut buf = Vec::new();
                Game::legal_moves(&s, &mut buf);
                s.apply(buf[0]);
            }
        }
        guard += 1;
        assert!(guard < 100);
        let _ = &mut r;
    }
    for (h, b) in s.hand.iter().zip(&before) {
        assert_eq!(h.count_ones(), b + 1);
    }
}

#[test]
fn effect_remove_building_opponent_brandstiftung() {
    let mut s = three();
    let b = building(&s, Category::Buergertum, 5);
    built(&mut s, 2, 7, b);
    let card = influence(&s, "Brandstiftung");
    give_influence(&mut s, 0, card);
    assert_eq!(rule(&s, Move::Play { card, target: NOBODY }), "U56", "it names an opponent");
    s.play(Move::Play { card, target: 2 }).unwrap();
    assert_eq!(s.turn(), Turn::Player(0), "the card's player picks");
    s.play(Move::PickArea(7)).unwrap();
    assert_eq!(s.building[7], NOBODY);
    assert_eq!(s.owner[7], 2, "the area stays his");
    assert!(s.discard & (1u128 << b) != 0);
    assert_eq!(s.points(2), 0);
}

#[test]
fn effect_remove_knight_opponent_verrat_only_an_empty_area() {
    let mut s = three();
    let b = building(&s, Category::Buergertum, 5);
    built(&mut s, 2, 7, b);
    s.occupy(9, 2);
    let card = influence(&s, "Verrat");
    give_influence(&mut s, 0, card);
    s.play(Move::Play { card, target: 2 }).unwrap();
    let mut buf = Vec::new();
    Game::legal_moves(&s, &mut buf);
    assert_eq!(buf, vec![Move::PickArea(9)]);
}

#[test]
fn effect_move_building_umzug() {
    let mut s = three();
    let b = building(&s, Category::Buergertum, 2);
    built(&mut s, 0, 3, b);
    s.occupy(20, 0);
    let card = influence(&s, "Umzug");
    give_influence(&mut s, 0, card);
    s.play(Move::Play { card, target: NOBODY }).unwrap();
    s.play(Move::MoveBuilding { from: 3, to: 20 }).unwrap();
    assert_eq!(s.building[20], b);
    assert_eq!(s.building[3], NOBODY);
    assert_eq!(s.stage, Stage::Phase2);
}

#[test]
fn effect_free_area_landnahme_costs_nothing_and_is_no_purchase() {
    let mut s = three();
    s.occupy(0, 0);
    let card = influence(&s, "Landnahme");
    give_influence(&mut s, 0, card);
    s.play(Move::Play { card, target: NOBODY }).unwrap();
    let a = next_to(&s, 0);
    s.play(Move::PickArea(a)).unwrap();
    assert_eq!(s.owner[usize::from(a)], 0);
    assert_eq!(s.stones[0], 5);
    assert_eq!(s.bought, 0);
}

#[test]
fn effect_extra_areas_and_extra_placements() {
    let mut s = three();
    for (name, field) in [("Expansion", 0), ("Bauherr", 1)] {
        let card = influence(&s, name);
        give_influence(&mut s, 0, card);
        s.play(Move::Play { card, target: NOBODY }).unwrap();
        assert_eq!([s.extra_areas, s.extra_placed][field], 1);
    }
    assert_eq!(s.area_limit(), 3);
    assert_eq!(s.place_limit(), 3);
}

#[test]
fn effect_steal_wegezoll() {
    let mut s = three();
    let card = influence(&s, "Wegezoll");
    give_influence(&mut s, 0, card);
    s.play(Move::Play { card, target: 1 }).unwrap();
    assert_eq!(s.stones[..2], [8, 2]);
}

#[test]
fn effect_take_card_spion_is_a_chance_step() {
    let mut s = three();
    let card = influence(&s, "Spion");
    give_influence(&mut s, 0, card);
    s.play(Move::Play { card, target: 1 }).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    let (base, set) = s.outcomes();
    assert_eq!(set, s.hand[1], "any card of the opponent's hand");
    let c = set.trailing_zeros() as u8;
    force(&mut s, base + u64::from(c));
    assert!(s.hand[0] & (1u128 << c) != 0);
    assert_eq!(s.known[0] & (1u128 << c), 0);
}

#[test]
fn effect_skip_phase_and_block_act_on_the_opponents_next_turn() {
    let mut s = three();
    let skip = influence(&s, "Bestechung");
    let stop = influence(&s, "Stadtwache");
    give_influence(&mut s, 0, skip);
    give_influence(&mut s, 0, stop);
    s.play(Move::Play { card: skip, target: 1 }).unwrap();
    s.play(Move::Play { card: stop, target: 2 }).unwrap();
    assert_eq!(s.skip[1], 1 << 2);
    assert_eq!(s.blocked_next[2], 1);
    s.play(Move::EndPhase2).unwrap();
    let mut r = common::rng(4);
    common::chance(&mut s, &mut r);
    while s.actor == 0 || s.top().is_some() {
        let mut buf = Vec::new();
        Game::legal_moves(&s, &mut buf);
        s.apply(buf[0]);
        common::chance(&mut s, &mut r);
    }
    // Seat 1 had nothing to decide: his phase 2 was skipped, and seat 2's turn is under way.
    assert_eq!(s.actor, 2, "seat 1 skipped phase 2");
    assert_eq!(s.skip[1], 0);
    assert_eq!(s.blocked_now[2], 1, "seat 2 may not buy areas this turn");
    if s.stage == Stage::Phase2 {
        let a = (0..48u8).find(|&a| s.owner[usize::from(a)] == NOBODY).unwrap();
        assert_eq!(rule(&s, Move::BuyArea(a)), "U43");
    }
}

#[test]
fn effect_draw_influence_and_cancel_on_the_test_set() {
    let mut s = table_on(test_set(), Options::base(3));
    let raub = influence(&s, "Raub");
    give_influence(&mut s, 0, raub);
    let dom = building(&s, Category::Staedtisch, 5);
    let a = (0..48u8).find(|&a| !s.mat.water[usize::from(a)]).unwrap();
    built(&mut s, 1, a, dom);
    s.play(Move::Play { card: raub, target: 1 }).unwrap();
    assert_eq!(s.stones[..2], [7, 3], "steal 2");
    assert_eq!(s.turn(), Turn::Player(0), "then remove_knight opponent Dom");
    s.play(Move::PickArea(a)).unwrap();
    assert_eq!(s.owner[usize::from(a)], NOBODY);
    let c = building(&s, Category::Buergertum, 1);
    give(&mut s, 0, c);
}

#[test]
fn s9_u56_cancel_when_targeted_voids_the_card_played_against_him() {
    let mut s = table_on(test_set(), Options::base(3));
    let raub = influence(&s, "Raub");
    let wache = influence(&s, "Wache");
    give_influence(&mut s, 0, raub);
    give_influence(&mut s, 1, wache);
    s.play(Move::Play { card: raub, target: 1 }).unwrap();
    assert_eq!(s.turn(), Turn::Player(1), "the player named may answer");
    let mut buf = Vec::new();
    Game::legal_moves(&s, &mut buf);
    assert_eq!(buf, vec![Move::Pass, Move::Play { card: wache, target: NOBODY }]);
    s.play(Move::Play { card: wache, target: NOBODY }).unwrap();
    assert_eq!(s.stones[..2], [5, 5], "Raub is cancelled");
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.stage, Stage::Phase2);
    assert_eq!(s.influence_discard & ((1 << raub) | (1 << wache)), (1 << raub) | (1 << wache));
}

#[test]
fn s9_an_answer_may_be_passed_and_the_card_stands() {
    let mut s = table_on(test_set(), Options::base(3));
    let raub = influence(&s, "Raub");
    let wache = influence(&s, "Wache");
    give_influence(&mut s, 0, raub);
    give_influence(&mut s, 1, wache);
    s.play(Move::Play { card: raub, target: 1 }).unwrap();
    s.play(Move::Pass).unwrap();
    assert_eq!(s.stones[..2], [7, 3]);
}

#[test]
fn s9_u34_an_anytime_cancel_voids_an_event_or_the_tax() {
    let mut s = table_on(test_set(), Options::base(3));
    let wache = influence(&s, "Wache");
    give_influence(&mut s, 2, wache);
    let regen = event(&s, "Regen");
    let klein = building(&s, Category::Buergertum, 1);
    built(&mut s, 0, 0, klein);
    turn_in_phase1(&mut s, regen);
    assert_eq!(s.turn(), Turn::Player(2), "another player may answer the event");
    s.play(Move::Play { card: wache, target: NOBODY }).unwrap();
    assert_eq!(s.stones[0], 5, "Regen is cancelled");
    assert!(s.discard & (1u128 << regen) != 0);
    assert_eq!(s.turn(), Turn::Chance, "the turning goes on");
    // The tax.
    let wache2 = (0..30u8)
        .filter(|&c| s.mat.influence_kind[usize::from(c)] == s.mat.influence_kind[usize::from(wache)])
        .nth(1)
        .unwrap();
    give_influence(&mut s, 2, wache2);
    fund(&mut s, 1, 10);
    let violet = (0..68u8)
        .find(|&c| {
            s.mat.deck[usize::from(c)].category == Category::Staedtisch && s.pile[0] & (1u128 << c) != 0
        })
        .unwrap();
    force(&mut s, u64::from(violet));
    assert_eq!(s.turn(), Turn::Player(2));
    s.play(Move::Play { card: wache2, target: NOBODY }).unwrap();
    assert_eq!(s.stones[1], 15, "no tax");
    assert_eq!(s.stage, Stage::Phase2);
}

/// Plays Kaufmannsglück (`draw 2`) for seat 0 with only the event `e` in the pile and `extra`
/// in the discards, turning `e` whenever it can come; the stones seat 0 gains (1 per Handel
/// building a turn of Markttag).
fn draw_two_with_events(extra: u128) -> u16 {
    let mut s = three();
    let blue = building(&s, Category::Handel, 1);
    let road = (0..48u8).find(|&a| s.mat.road[usize::from(a)] != 0).unwrap();
    built(&mut s, 0, road, blue);
    let e = event(&s, "Markttag");
    s.pile = [1u128 << e, 0, 0];
    s.discard = extra;
    let k = influence(&s, "Kaufmannsglück");
    give_influence(&mut s, 0, k);
    let before = s.stones[0];
    s.play(Move::Play { card: k, target: NOBODY }).unwrap();
    let mut guard = 0;
    while s.turn() == Turn::Chance {
        let (_, set) = s.outcomes();
        let id = if set & (1u128 << e) != 0 { e } else { set.trailing_zeros() as u8 };
        force(&mut s, u64::from(id));
        guard += 1;
        assert!(guard < 20);
    }
    assert_eq!(s.depth, 0, "the draw is over");
    s.stones[0] - before
}

#[test]
fn u38_n8_each_card_of_a_draw_is_a_turning_of_its_own_that_may_reshuffle_once() {
    // Found by the reference (tests/reference.rs). `draw N` draws "as by a purchase" (data.md),
    // and N8 lets one purchase's turning reshuffle once: the second card's turning may reshuffle
    // again, after a first card came (Markttag turned 3 times, not 2) ...
    let s = three();
    let b = building(&s, Category::Buergertum, 1);
    assert_eq!(draw_two_with_events(1u128 << b), 3);
    // ... and after the first card's turning stopped without a card (the second still turns).
    assert_eq!(draw_two_with_events(0), 3);
}
