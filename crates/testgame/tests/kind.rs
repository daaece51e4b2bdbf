//! The adapter the harness takes (`GameKind`): its name, options, columns, what agents are told,
//! the messages of an illegal move, and the pictures.

mod common;

use common::{BotSeat, random_states, run};
use stadt_core::kind::{Columns, GameKind};
use stadt_testgame::kind::{GameInfo, Kartenspitze, NAME};
use stadt_testgame::moves::Move;
use stadt_testgame::options::Options;

#[test]
fn name_and_options() {
    let kind = Kartenspitze::default();
    assert_eq!(kind.name(), "kartenspitze");
    assert_eq!(NAME, kind.name());
    let options = kind.options();
    assert_eq!(options.len(), 1);
    assert_eq!((options[0].name, options[0].default), ("hand", "3"));
    assert_eq!(options[0].rule, "T2");
    assert_eq!(Options::parse(&format!("hand={}", options[0].default)).unwrap(), Options::default());
}

#[test]
fn columns_and_final_values() {
    let kind = Kartenspitze::default();
    assert_eq!(kind.columns(), Columns::new(&["cards"], &["scored", "cleared"]));
    let g = run(&kind, &[BotSeat("greedy"), BotSeat("random"), BotSeat("greedy")], 4);
    let (mut sources, mut details) = (Vec::new(), Vec::new());
    for seat in 0..3 {
        kind.final_values(&g.game, seat, &mut sources, &mut details);
        assert_eq!(sources, vec![g.game.score(seat) as i32]);
        let plays: Vec<_> = g.game.plays().filter(|p| p.seat == seat).collect();
        let scored = plays.iter().filter(|p| p.scored).count();
        assert_eq!(details, vec![scored.to_string(), (plays.len() - scored).to_string()]);
        assert_eq!(plays.len(), 6, "18 cards, 3 players");
    }
}

#[test]
fn info_names_seat_players_seed_and_options() {
    let kind = Kartenspitze::new(Options { hand: 4 });
    assert_eq!(kind.info(3, 1, 99), GameInfo { seat: 1, players: 3, seed: 99, options: "hand=4".into() });
}

#[test]
fn an_illegal_move_names_the_rule_and_the_move() {
    let kind = Kartenspitze::default();
    let states = random_states(2, 3, 1);
    let s = states[0];
    let missing = (1..=9).find(|&v| s.hand(0).count(v) == 0).unwrap();
    assert_eq!(
        kind.check(&s, Move(missing)),
        Err(format!("`play {missing}`: p1 holds no card of value {missing} (T3)"))
    );
    assert_eq!(kind.check(&states[1], Move(1)), Err("`play 1`: a card is to be drawn first (T4)".into()));
    let last = states.last().unwrap();
    assert_eq!(kind.check(last, Move(1)), Err("`play 1`: the game is over (T5)".into()));
}

#[test]
fn the_picture_shows_every_hand_scores_and_the_end() {
    let kind = Kartenspitze::default();
    let s = common::game(2, 3, &[1, 2, 3, 4, 5, 6]);
    let pic = kind.picture(&s, &["ann".into(), String::new()]);
    for v in 1..=6 {
        assert!(pic.contains(&format!(">{v}<")), "card {v}");
    }
    assert!(pic.contains("p1 ann") && pic.contains(">p2<"), "an empty label is left out");
    assert!(pic.contains("p1 to play"));
    let last = *random_states(2, 3, 8).last().unwrap();
    let end = kind.picture(&last, &[]);
    assert!(end.contains("won"));
    assert!(end.contains(&format!(">{} pts<", last.score(0))));
}

#[test]
fn an_observation_with_history_shows_the_seat_its_record() {
    let kind = Kartenspitze::default();
    let s = common::game(2, 3, &[1, 2, 3, 4, 5, 6]);
    let mut log = kind.history(2);
    kind.history_catch_up(&mut log, &s);
    let obs = kind.observe(&s, false, Some(kind.history_text(&log)));
    let shown = obs.history().unwrap();
    assert!(shown.contains("chance: deal p1 1 2 3"));
    assert!(!shown.contains("deal p2"), "p2's hand is hidden from p1");
}
