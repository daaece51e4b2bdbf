//! The material as the engine holds it: ids U6–U8, U10, U11, U17–U20, U22, U62.

mod common;

use common::{building, built, dealt, fund, give, nth, rule, table_on, test_set};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::material::DECK;
use stadt_unbezwingbare::state::Frame;
use stadt_unbezwingbare::{Move, NOBODY, Options};

#[test]
fn u6_u7_u8_areas_prices_bonuses_and_the_track_come_from_the_board() {
    let s = table_on(test_set(), Options::base(3));
    for (a, area) in s.mat.data.board.areas.iter().enumerate() {
        assert!((1..=8).contains(&s.mat.price[a]));
        assert!(s.mat.bonus[a] <= 3);
        assert_eq!(s.mat.price[a], area.price);
        assert_eq!(s.mat.bonus[a], area.bonus);
        assert_eq!(s.mat.inner[a], area.ring == 1);
        assert_eq!(s.mat.neighbours[a] & (1u64 << a), 0, "no area borders itself");
    }
}

#[test]
fn u10_u76_building_and_influence_cards_are_held_apart() {
    let mut s = table_on(test_set(), Options::base(3));
    s.influence_pile &= !1;
    s.influence[1] = 1;
    assert_eq!(s.hand[1].count_ones(), 3, "building cards");
    assert_eq!(s.influence[1].count_ones(), 1, "influence cards, told apart by their backs");
    assert!(s.hand.iter().all(|h| h & !((1u128 << DECK) - 1) == 0));
}

#[test]
fn u11_u18_a_buildings_value_is_its_price_and_its_points() {
    let mut s = table_on(test_set(), Options::base(3));
    fund(&mut s, 0, 10);
    let c = building(&s, Category::Gewerbe, 5);
    give(&mut s, 0, c);
    let a = (0..48u8).find(|&a| !s.mat.inner[usize::from(a)]).unwrap();
    s.occupy(a, 0);
    assert_eq!(s.points(0), 0, "areas bring no points");
    s.play(Move::Place { card: c, area: a }).unwrap();
    assert_eq!(s.stones[0], 10);
    assert_eq!(s.points(0), 5);
    assert!(s.mat.deck.iter().filter(|d| !d.event).all(|d| (1..=5).contains(&d.price)));
}

#[test]
fn u17_u19_the_base_game_has_no_free_market_and_no_great_powers() {
    let mut s = table_on(test_set(), Options::base(3));
    let c = building(&s, Category::Buergertum, 1);
    for (i, a) in [0u8, 2, 4].into_iter().enumerate() {
        let k = nth(&s, c, i);
        built(&mut s, 0, a, k);
    }
    assert_eq!(s.great, [NOBODY; 4], "no great power in the base game");
    assert_eq!(s.points(0), 3);
    let h = building(&s, Category::Handel, 3);
    let road =
        (0..48u8).find(|&a| s.mat.road[usize::from(a)] != 0 && s.owner[usize::from(a)] == NOBODY).unwrap();
    built(&mut s, 0, road, h);
    let g = building(&s, Category::Gewerbe, 2);
    give(&mut s, 0, g);
    assert_eq!(rule(&s, Move::SellMarket(g)), "U73");
    // U17: periods do not order the base game's draw pile.
    assert_eq!(s.pile[1] | s.pile[2], 0);
}

#[test]
fn u20_u22_each_colour_25_knights_and_every_score_0() {
    let s = dealt(test_set(), Options::base(5), 1);
    assert_eq!(s.knights, [25; 5]);
    assert_eq!(s.marker, [0; 5]);
}

#[test]
fn u62_field_2_is_red_5_and_6_are_not() {
    for (value, red) in [(2u8, true), (5, false)] {
        let mut s = table_on(test_set(), Options::base(3));
        let c =
            if value == 2 { building(&s, Category::Gewerbe, 2) } else { building(&s, Category::Gewerbe, 5) };
        let a = (0..48u8).find(|&a| !s.mat.inner[usize::from(a)]).unwrap();
        built(&mut s, 0, a, c);
        s.play(Move::EndPhase2).unwrap();
        assert_eq!(matches!(s.top(), Some(Frame::Influence { .. })), red, "field {value}");
    }
    let s = table_on(test_set(), Options::base(3));
    assert!(!s.mat.data.board.track.is_red(6));
}
