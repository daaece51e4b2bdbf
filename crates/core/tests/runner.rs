//! The core's runner plays a game that is not Die Stadt: a counter from 10 that the players take
//! 1 to 3 from in turn, the one who takes the last winning. It keeps the record the game writes,
//! gives each seat its own generator, and stops a bot that makes an illegal move, naming it.

mod common;

use common::{Countdown, CountdownKind};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_core::agent::Agent;
use stadt_core::error::Error;
use stadt_core::game::Game;
use stadt_core::kind::GameKind;
use stadt_core::runner::{Table, play};
use stadt_core::seat::{Seat, SeatAgent};
use std::sync::atomic::AtomicBool;

/// Takes `Some(k)` always, or a random legal amount.
struct Taker(Option<u32>);

impl Agent<CountdownKind> for Taker {
    fn act(&mut self, obs: &&Countdown, rng: &mut Pcg64Mcg) -> u32 {
        self.0.unwrap_or_else(|| rng.random_range(1..=obs.left.min(3)))
    }
}

struct Bot(&'static str, Option<u32>);

impl Seat<CountdownKind> for Bot {
    fn label(&self) -> &str {
        self.0
    }
    fn full(&self) -> String {
        self.0.to_string()
    }
    fn clairvoyant(&self) -> bool {
        false
    }
    fn agent(&self, _: u64, _: usize) -> Result<SeatAgent<CountdownKind>, Error> {
        Ok(SeatAgent::Bot(Box::new(Taker(self.1))))
    }
}

fn game() -> Countdown {
    CountdownKind.deal(2, 0).unwrap()
}

#[test]
fn the_core_runner_plays_a_game_that_is_not_die_stadt_and_keeps_its_record() {
    let never = AtomicBool::new(false);
    let table =
        Table { kind: &CountdownKind, agent_seed: 3, chance_seed: 0, want_record: Some(&()), stop: &never };
    let bots = [Bot("one", Some(1)), Bot("random", None)];
    let mut seen = 0;
    let played = play(&table, &bots, game(), &mut |obs, mv| {
        assert!(obs.is_legal(mv));
        seen += 1;
    })
    .unwrap()
    .unwrap();
    assert_eq!(played.game.left, 0);
    assert_eq!(played.decisions.iter().sum::<u32>(), seen);
    let record = played.record.unwrap();
    assert!(record.starts_with("countdown from 10\np1 takes 1\n"), "{record}");
    assert_eq!(record.lines().count(), 1 + seen as usize);
    // The same seeds play the same game.
    let again = play(&table, &bots, game(), &mut |_, _| {}).unwrap().unwrap();
    assert_eq!(again.record.unwrap(), record);
}

#[test]
fn the_core_runner_stops_a_bot_that_makes_an_illegal_move_and_names_it() {
    let never = AtomicBool::new(false);
    let table =
        Table { kind: &CountdownKind, agent_seed: 3, chance_seed: 0, want_record: None, stop: &never };
    let bots = [Bot("one", Some(1)), Bot("greedy-cheat", Some(4))];
    let Err(Error::IllegalMove(m)) = play(&table, &bots, game(), &mut |_, _| {}) else { panic!("no error") };
    assert_eq!(m, "bot greedy-cheat (p2) chose an illegal move `take 4`: only 1 to 3, at most 9");
}
