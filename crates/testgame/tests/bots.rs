//! The bots through the core's runner: each plays legal whole games, greedy beats random, and
//! the search beats greedy.

mod common;

use common::{BotSeat, run};
use stadt_core::agent::Agent;
use stadt_core::error::Error;
use stadt_core::game::Turn;
use stadt_core::runner::{Table, play};
use stadt_core::search::playout::Policy;
use stadt_core::seat::{Seat, SeatAgent};
use stadt_testgame::bots::{self, MctsBot};
use stadt_testgame::kind::Kartenspitze;
use stadt_testgame::state::State;
use std::sync::atomic::AtomicBool;

/// `a`'s share of the wins against `b` in 2-player games on `deals` deals, each played in both
/// seatings (ties share the win).
fn share(
    a: &dyn Fn() -> Box<dyn Agent<Kartenspitze>>,
    b: &dyn Fn() -> Box<dyn Agent<Kartenspitze>>,
    deals: u64,
) -> f64 {
    let kind = Kartenspitze::default();
    let mut won = 0.0;
    for seed in 0..deals {
        for a_seat in 0..2 {
            let seats: Vec<Made> = (0..2).map(|p| Made(if p == a_seat { a } else { b })).collect();
            let stop = AtomicBool::new(false);
            let table =
                Table { kind: &kind, agent_seed: seed, chance_seed: seed, want_record: None, stop: &stop };
            let dealt = stadt_core::kind::GameKind::deal(&kind, 2, seed).unwrap();
            let g: State = play(&table, &seats, dealt, &mut |_, _| {}).unwrap().unwrap().game;
            let leaders = g.leaders();
            if leaders.contains(&a_seat) {
                won += 1.0 / leaders.len() as f64;
            }
        }
    }
    won / (2 * deals) as f64
}

/// A seat whose agent a closure makes.
struct Made<'a>(&'a dyn Fn() -> Box<dyn Agent<Kartenspitze>>);

impl Seat<Kartenspitze> for Made<'_> {
    fn label(&self) -> &str {
        "made"
    }
    fn full(&self) -> String {
        "made".into()
    }
    fn clairvoyant(&self) -> bool {
        false
    }
    fn agent(&self, _: u64, _: usize) -> Result<SeatAgent<Kartenspitze>, Error> {
        Ok(SeatAgent::Bot((self.0)()))
    }
}

fn random() -> Box<dyn Agent<Kartenspitze>> {
    bots::by_name("random").unwrap()
}

fn greedy() -> Box<dyn Agent<Kartenspitze>> {
    bots::by_name("greedy").unwrap()
}

fn mcts() -> Box<dyn Agent<Kartenspitze>> {
    bots::by_name("mcts").unwrap()
}

#[test]
fn greedy_beats_random_over_200_games() {
    // 71% on these deals when this test was written.
    let won = share(&greedy, &random, 100);
    assert!(won > 0.6, "greedy won {won} of its games against random");
}

#[test]
fn mcts_beats_greedy_over_400_games() {
    // 57% on these deals when this test was written (5,000 iterations: 57% too).
    let won = share(&mcts, &greedy, 200);
    assert!(won > 0.5, "mcts won {won} of its games against greedy");
}

#[test]
fn every_bot_plays_whole_games_of_every_size() {
    for (players, hand) in common::setups() {
        let kind = Kartenspitze::new(stadt_testgame::options::Options { hand });
        let seats: Vec<BotSeat> = (0..players).map(|p| BotSeat(bots::NAMES[p % 3])).collect();
        // The runner ends with an error on an illegal move; `run` unwraps it.
        let g = run(&kind, &seats, players as u64 * 10 + hand as u64);
        assert_eq!(stadt_core::game::Game::turn(&g.game), Turn::Over);
        assert!(g.decisions.iter().all(|&d| d as usize >= hand as usize));
    }
}

#[test]
fn bots_are_found_by_name() {
    assert_eq!(bots::NAMES, ["random", "greedy", "mcts"]);
    for name in bots::NAMES {
        assert!(bots::by_name(name).is_some(), "{name}");
    }
    assert!(bots::by_name("steerer").is_none());
    let _ = MctsBot::new(10, 1.0, Policy::Greedy);
}
