//! The rules T1–T5 of docs/kartenspitze/rules.md, each on positions laid out by hand (T6, what a
//! seat sees, is tests/hidden.rs).

mod common;

use common::{game, random_states, setups};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::GameKind;
use stadt_testgame::errors::{Illegal, ImpossibleDraw, SetupError};
use stadt_testgame::kind::Kartenspitze;
use stadt_testgame::moves::{Hand, Move};
use stadt_testgame::options::Options;
use stadt_testgame::rules::DECK;
use stadt_testgame::state::{State, sorted_deck};

fn rng() -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(1)
}

#[test]
fn t1_two_to_four_players() {
    for players in 2..=4 {
        assert!(State::deal(players, Options::default(), 1).is_ok(), "{players} players");
    }
    for players in [0, 1, 5] {
        let e = State::deal(players, Options::default(), 1).unwrap_err();
        assert_eq!(e, SetupError::Players { players, hand: 3 });
        assert!(e.to_string().contains("T1"), "{e}");
    }
    let kind = Kartenspitze::default();
    assert_eq!(kind.players(), 2..=4);
    assert_eq!(kind.players_rule(), "T1");
    let e = kind.deal(5, 1).expect_err("5 players refused").to_string();
    assert!(e.contains("not 5") && e.contains("T1"), "{e}");
}

#[test]
fn t2_deck_is_nine_values_twice() {
    assert_eq!(sorted_deck(), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
    for (players, hand) in setups() {
        let s = State::deal(players, Options { hand }, 7).unwrap();
        let mut all: Vec<u8> = (0..players).flat_map(|p| s.hand(p).values().collect::<Vec<_>>()).collect();
        for p in 0..players {
            assert_eq!(s.hand_size(p), hand as usize);
        }
        assert_eq!(s.draw_left(), DECK - players * hand as usize);
        // The rest of the deck is the draw pile: the hands and every card drawn are the deck.
        let mut t = s;
        while t.draw_left() > 0 {
            t.apply(Move(t.hand(t.actor()).values().next().unwrap()));
            all.push(t.draw_top().unwrap());
        }
        all.sort_unstable();
        assert_eq!(all, sorted_deck(), "{players} players, hand {hand}");
    }
}

#[test]
fn t2_hands_dealt_seat_by_seat_from_the_top() {
    let s = game(3, 2, &[9, 1, 4, 4, 2, 7, 3]);
    assert_eq!(s.hand(0), Hand::of(&[1, 9]));
    assert_eq!(s.hand(1), Hand::of(&[4, 4]));
    assert_eq!(s.hand(2), Hand::of(&[2, 7]));
    let mut s = s;
    s.apply(Move(9));
    assert_eq!(s.draw_top(), Ok(3), "the draw pile's top is the next card of the deck");
}

#[test]
fn t2_deal_comes_from_the_seed() {
    let a = State::deal(3, Options::default(), 42).unwrap();
    assert_eq!(a, State::deal(3, Options::default(), 42).unwrap());
    let differ = (0..20).filter(|&seed| State::deal(3, Options::default(), seed).unwrap() != a).count();
    assert!(differ >= 19, "other seeds deal other games");
    let kind = Kartenspitze::default();
    assert_eq!(kind.deal(2, 5).unwrap(), kind.deal(2, 5).unwrap());
}

#[test]
fn t2_hand_option_from_two_to_five() {
    for hand in 2..=5u8 {
        assert_eq!(Options::parse(&format!("hand={hand}")).unwrap(), Options { hand });
    }
    for bad in ["hand=1", "hand=6", "hand=x", "hand="] {
        let e = Options::parse(bad).unwrap_err().to_string();
        assert!(e.contains("hand") && e.contains("2 to 5") && e.contains("T2"), "{bad}: {e}");
    }
}

#[test]
fn t2_four_hands_of_five_are_more_than_the_deck() {
    let e = State::deal(4, Options { hand: 5 }, 1).unwrap_err();
    assert!(e.to_string().contains("T2"), "{e}");
    assert!(State::deal(3, Options { hand: 5 }, 1).is_ok());
    let kind = Kartenspitze::new(Options { hand: 5 });
    assert_eq!(kind.players(), 2..=3);
    assert_eq!(kind.players_rule(), "T1, T2");
    assert!(kind.deal(4, 1).is_err());
}

#[test]
fn t2_a_deck_that_is_not_the_deck_is_refused() {
    let mut deck = sorted_deck();
    deck[0] = 9;
    assert_eq!(State::with_deck(2, Options::default(), &deck), Err(SetupError::NotTheDeck));
}

#[test]
fn t3_empty_pile_scores_any_card() {
    let mut s = game(2, 3, &[5, 2, 9, 7, 1, 3]);
    assert_eq!(s.top(), None);
    s.apply(Move(2));
    assert_eq!(s.score(0), 2);
    assert_eq!(s.top(), Some(2));
}

#[test]
fn t3_higher_card_scores_its_value() {
    let mut s = game(2, 3, &[5, 2, 9, 7, 1, 3]);
    s.apply(Move(2));
    s.resolve_chance(&mut rng());
    s.apply(Move(3));
    assert_eq!(s.score(1), 3);
    assert_eq!(s.top(), Some(3));
    assert_eq!(s.pile(), &[2, 3]);
    assert!(s.plays().all(|p| p.scored));
}

#[test]
fn t3_lower_card_scores_nothing() {
    let mut s = game(2, 3, &[5, 2, 9, 7, 1, 3]);
    s.apply(Move(5));
    s.resolve_chance(&mut rng());
    s.apply(Move(3));
    assert_eq!(s.score(1), 0, "3 is lower than 5");
    assert_eq!(s.top(), None, "the pile is cleared, the card played with it");
    assert!(s.pile().is_empty());
    assert!(!s.plays().nth(1).unwrap().scored);
    s.resolve_chance(&mut rng());
    s.apply(Move(2));
    assert_eq!(s.score(0), 5 + 2, "after a clear any card scores");
}

#[test]
fn t3_equal_card_scores_nothing() {
    let mut s = game(2, 3, &[1, 2, 5, 3, 4, 5]);
    s.apply(Move(5));
    s.resolve_chance(&mut rng());
    s.apply(Move(5));
    assert_eq!(s.score(1), 0, "equal is not higher");
    assert_eq!(s.top(), None);
}

#[test]
fn t3_turns_pass_in_seat_order() {
    let states = random_states(3, 3, 11);
    let actors: Vec<usize> = states
        .iter()
        .filter_map(|s| match s.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(actors.len(), DECK);
    for (i, &p) in actors.iter().enumerate() {
        assert_eq!(p, i % 3);
    }
}

#[test]
fn t3_a_card_not_in_hand_is_illegal() {
    let s = game(2, 3, &[5, 2, 9, 7, 1, 3]);
    assert_eq!(s.check(Move(7)), Err(Illegal::NotInHand { seat: 0, card: 7 }));
    assert_eq!(s.check(Move(0)), Err(Illegal::NoSuchCard { card: 0 }));
    assert_eq!(s.check(Move(10)), Err(Illegal::NoSuchCard { card: 10 }));
    let e = Kartenspitze::default().check(&s, Move(7)).unwrap_err();
    assert_eq!(e, "`play 7`: p1 holds no card of value 7 (T3)");
    let mut buf = Vec::new();
    s.legal_moves(&mut buf);
    assert_eq!(buf, vec![Move(2), Move(5), Move(9)]);
}

#[test]
fn t4_the_player_who_played_draws_as_chance() {
    let mut s = game(2, 3, &[5, 2, 9, 7, 1, 3, 8]);
    s.apply(Move(9));
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.actor(), 0, "the drawer is the player who played");
    assert_eq!(s.resolve_chance(&mut rng()), 8, "the outcome is the value drawn");
    assert_eq!(s.hand(0), Hand::of(&[2, 5, 8]));
    assert_eq!(s.turn(), Turn::Player(1));
}

#[test]
fn t4_a_move_before_the_draw_is_illegal() {
    let mut s = game(2, 3, &[5, 2, 9, 7, 1, 3]);
    s.apply(Move(9));
    assert_eq!(s.check(Move(7)), Err(Illegal::MustDraw));
    assert!(Illegal::MustDraw.to_string().contains("T4"));
}

#[test]
fn t4_no_draw_once_the_draw_pile_is_empty() {
    // 4 hands of 4: two cards are left to draw.
    let mut s = State::deal(4, Options { hand: 4 }, 3).unwrap();
    assert_eq!(s.draw_left(), 2);
    for _ in 0..2 {
        s.apply(Move(s.hand(s.actor()).values().next().unwrap()));
        assert_eq!(s.turn(), Turn::Chance);
        s.resolve_chance(&mut rng());
    }
    assert_eq!(s.draw_left(), 0);
    s.apply(Move(s.hand(2).values().next().unwrap()));
    assert_eq!(s.turn(), Turn::Player(3), "nothing is left to draw");
    assert_eq!(s.hand_size(2), 3);
    assert_eq!(s.draw_top(), Err(ImpossibleDraw::NoDraw));
}

#[test]
fn t4_a_draw_forced_to_a_card_not_in_the_pile_is_refused() {
    // 2 hands of 3 from 1 1 2 2 3 3: the pile holds no 1, 2 or 3.
    let mut s = game(2, 3, &[1, 1, 2, 2, 3, 3]);
    s.apply(Move(1));
    assert!(!s.force_chance(2));
    assert_eq!(s.resolve_chance_as(3, &mut rng()), None);
    assert_eq!(s.turn(), Turn::Chance, "a refused outcome leaves the draw to be made");
    assert!(s.force_chance(9));
    assert_eq!(s.hand(0), Hand::of(&[1, 2, 9]));
}

#[test]
fn t5_game_ends_when_every_hand_is_empty() {
    for (players, hand) in setups() {
        let states = random_states(players, hand, 5);
        let last = states.last().unwrap();
        assert_eq!(last.turn(), Turn::Over);
        assert_eq!(last.played().len(), DECK, "every card is played once");
        assert!((0..players).all(|p| last.hand(p).is_empty()));
        for s in &states[..states.len() - 1] {
            assert_ne!(s.turn(), Turn::Over, "not over while a hand holds a card");
            if let Turn::Player(p) = s.turn() {
                assert!(s.hand_size(p) > 0, "no turn comes with an empty hand");
            }
        }
        assert_eq!(last.check(Move(1)), Err(Illegal::Over));
        assert!(Illegal::Over.to_string().contains("T5"));
    }
}

#[test]
fn t5_highest_score_wins_and_ties_share() {
    let mut tie = None;
    for seed in 0..500 {
        let last = *random_states(2, 3, seed).last().unwrap();
        let leaders = last.leaders();
        let best = (0..2).map(|p| last.score(p)).max().unwrap();
        assert!(leaders.iter().all(|&p| last.score(p) == best));
        if leaders.len() == 1 {
            assert!(last.score(leaders[0]) > last.score(1 - leaders[0]));
        } else {
            tie = Some(last);
        }
    }
    let tie = tie.expect("a tie among 500 games");
    assert_eq!(tie.leaders(), vec![0, 1]);
    let mut scores = [0.0; 2];
    tie.scores(&mut scores);
    assert_eq!(scores[0], scores[1]);
    // The win is shared between tied players (the core's reward for the search).
    let mut reward = [0.0f32; 2];
    stadt_core::search::mcts::rewards(&scores, stadt_core::search::mcts::Reward::Win, &mut reward);
    assert_eq!(reward, [0.5, 0.5]);
}
