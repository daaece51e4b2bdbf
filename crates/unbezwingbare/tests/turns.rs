//! The course of turns and what each seat sees: ids U25–U31, U37, U39, U54, U59, U61, U63, U65,
//! U69, U76, U77.

mod common;

use common::{building, built, dealt, force, fund, give, rng, table_on, test_set};
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::material::DECK;
use stadt_unbezwingbare::state::{Frame, Stage};
use stadt_unbezwingbare::{Move, NOBODY, Options, State};

/// Chooses start areas (the first legal each time) until the first turn begins.
fn through_start(s: &mut State) {
    let mut buf = Vec::new();
    while s.stage == Stage::Start {
        Game::legal_moves(s, &mut buf);
        s.apply(buf[0]);
    }
}

/// Plays turns ending phase 2 at once, random chance, until `turns` turns have begun; the
/// actor of each phase 2 reached.
fn quick_turns(s: &mut State, turns: u32) -> Vec<u8> {
    let mut r = rng(11);
    let mut seen = Vec::new();
    let mut buf = Vec::new();
    while s.turns <= turns && !s.is_over() {
        match s.turn() {
            Turn::Chance => {
                s.resolve(&mut r);
            }
            _ => {
                if s.stage == Stage::Phase2 && s.top().is_none() {
                    seen.push(s.actor);
                    s.apply(Move::EndPhase2);
                } else {
                    Game::legal_moves(s, &mut buf);
                    let mv = buf
                        .iter()
                        .copied()
                        .find(|m| *m == Move::TurnCards || *m == Move::Pass)
                        .unwrap_or(buf[0]);
                    s.apply(mv);
                }
            }
        }
    }
    seen
}

#[test]
fn u25_u26_u30_u54_seat_0_begins_and_play_goes_round_in_seat_order() {
    let mut s = dealt(test_set(), Options::base(4), 2);
    through_start(&mut s);
    assert_eq!(s.actor, 0, "U25, N4: seat 0 is the start player");
    assert_eq!(s.turns, 1);
    assert_eq!(s.turn(), Turn::Chance, "U30: he begins by turning a card");
    let seen = quick_turns(&mut s, 8);
    assert_eq!(seen, vec![0, 1, 2, 3, 0, 1, 2, 3]);
}

#[test]
fn u31_u37_phase1_turns_to_a_building_card_which_goes_to_the_player_to_act() {
    let mut s = dealt(test_set(), Options::base(3), 2);
    through_start(&mut s);
    let building = (0..68u8).find(|&c| s.pile[0] & (1u128 << c) != 0).unwrap();
    force(&mut s, u64::from(building));
    assert_eq!(s.stage, Stage::Phase2, "phase 1 ends with the building card, phase 2 begins");
    assert!(s.hand[0] & (1u128 << building) != 0);
    assert!(s.known[0] & (1u128 << building) != 0, "shown to all (U32, U76)");
    s.play(Move::EndPhase2).unwrap();
    assert_eq!(s.actor, 1, "phase 3 ends the turn (U52)");
}

#[test]
fn u29_start_areas_are_own_areas_no_purchase_and_never_isolate() {
    let mut s = dealt(test_set(), Options::strategic(3), 2);
    through_start(&mut s);
    assert_eq!(s.bought, 0);
    let total: u32 = (0..3).map(|p| s.owned[p].count_ones()).sum();
    assert!(total >= 6);
    for p in 0..3u8 {
        assert_eq!(u32::from(s.knights[usize::from(p)]) + s.owned[usize::from(p)].count_ones(), 25);
    }
    // A start area lets its owner buy a bordering area (U43).
    let mut r = rng(1);
    while s.stage != Stage::Phase2 {
        s.resolve(&mut r);
    }
    let a = (0..48u8)
        .find(|&a| s.owner[usize::from(a)] == NOBODY && s.bordering(s.owned[0]) & (1u64 << a) != 0)
        .unwrap();
    fund(&mut s, 0, 10);
    assert!(s.check(Move::BuyArea(a)).is_ok());
}

#[test]
fn u39_phase2_actions_in_any_order_and_optional() {
    let mut s = table_on(test_set(), Options::base(3));
    fund(&mut s, 0, 30);
    let c = building(&s, Category::Buergertum, 1);
    give(&mut s, 0, c);
    s.occupy(0, 0);
    let a = (0..48u8)
        .find(|&a| s.owner[usize::from(a)] == NOBODY && s.bordering(s.owned[0]) & (1u64 << a) != 0)
        .unwrap();
    s.play(Move::BuyArea(a)).unwrap();
    s.play(Move::Place { card: c, area: a }).unwrap();
    s.play(Move::BuyInfluence).unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    let (base, set) = s.outcomes();
    force(&mut s, base + u64::from(set.trailing_zeros()));
    assert_eq!(s.stage, Stage::Phase2);
    s.play(Move::BuyDrawn).unwrap();
    assert!(s.check(Move::EndPhase2).is_err(), "the card is drawn first");
}

#[test]
fn u61_u76_dealt_and_drawn_cards_are_hidden_pawnshop_and_turned_cards_known() {
    let mut s = table_on(test_set(), Options::base(3));
    assert_eq!(s.known, [0; 5], "dealt cards are seen by their taker only");
    fund(&mut s, 0, 20);
    let c = building(&s, Category::Gewerbe, 2);
    give(&mut s, 0, c);
    s.play(Move::Sell(c)).unwrap();
    s.play(Move::BuyPawned(c)).unwrap();
    assert_eq!(s.known[0], 1u128 << c);
    s.play(Move::BuyDrawn).unwrap();
    let b = (0..68u8).find(|&x| s.pile[0] & (1u128 << x) != 0).unwrap();
    force(&mut s, u64::from(b));
    assert_eq!(s.known[0], 1u128 << c, "a card bought from the draw pile is unseen");
}

#[test]
fn u63_an_influence_card_drawn_in_phase3_ends_the_turn_unplayed() {
    let mut s = table_on(test_set(), Options::base(3));
    let c = building(&s, Category::Buergertum, 1);
    let c2 = common::nth(&s, c, 1);
    built(&mut s, 0, 0, c);
    built(&mut s, 0, 2, c2);
    s.marker[0] = 0;
    s.play(Move::EndPhase2).unwrap();
    assert!(matches!(s.top(), Some(Frame::Influence { p: 0, .. })));
    let (base, set) = s.outcomes();
    force(&mut s, base + u64::from(set.trailing_zeros()));
    assert_eq!(s.influence[0].count_ones(), 1);
    assert_eq!(s.actor, 1, "the turn is over: the card waits for his next turn");
}

#[test]
fn u65_period_letters_come_from_the_data() {
    let s = table_on(test_set(), Options::base(3));
    for c in 0..DECK {
        let d = s.mat.deck[c];
        let data = if d.event {
            s.mat.data.cards.events[usize::from(d.kind)].period
        } else {
            s.mat.data.cards.buildings[usize::from(d.kind)].period
        };
        assert_eq!(d.period, data);
    }
}

#[test]
fn u69_n21_only_a_purchase_isolates_not_a_free_area() {
    let mut s = table_on(test_set(), Options::strategic(3));
    let x = 20u8;
    let around: Vec<u8> =
        (0..48u8).filter(|&a| s.mat.neighbours[usize::from(x)] & (1u64 << a) != 0).collect();
    s.occupy(x, 1);
    let (last, rest) = around.split_last().unwrap();
    for &a in rest {
        s.occupy(a, 0);
    }
    // The last neighbour taken by an effect's free area: no isolation.
    s.occupy(*last, 0);
    assert_eq!(s.owner[usize::from(x)], 1);
}

#[test]
fn u77_every_chance_step_names_its_outcome_and_impossible_ones_are_refused() {
    let mut s = State::new(test_set(), Options::base(3)).unwrap();
    assert_eq!(s.turn(), Turn::Chance, "the deal is chance");
    let (_, set) = s.outcomes();
    assert_eq!(set.count_ones(), 68, "dealt from the building cards only");
    assert!(!s.force(70), "an event is not dealt");
    let mut r = rng(3);
    let id = s.resolve(&mut r);
    assert!(id < 68);
    assert!(s.hand[0] & (1u128 << id) != 0);
    assert!(!s.force(id), "a card dealt is not dealt again");
    assert!(!Game::is_legal(&s, Move::EndPhase2));
}

#[test]
fn u59_n19_two_orders_the_person_of_the_winning_order_wins() {
    let mut o = Options::base(2);
    o.set("two_player", "two_orders").unwrap();
    let mut s = dealt(test_set(), o, 1);
    s.stage = Stage::Over;
    s.winners = 0b0100;
    let mut out = [0.0; 4];
    s.win_shares(&mut out);
    assert_eq!(out, [1.0, 0.0, 1.0, 0.0]);
    s.winners = 0b0110;
    s.win_shares(&mut out);
    assert_eq!(out, [0.5; 4]);
}
