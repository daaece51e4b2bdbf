//! What the tests share: decks laid out by hand, seats for the core's runner, and random games.

#![allow(dead_code)]

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::error::Error;
use stadt_core::game::{Game, Turn};
use stadt_core::runner::{PlayedGame, Table, play};
use stadt_core::seat::{Seat, SeatAgent};
use stadt_testgame::bots;
use stadt_testgame::kind::{Kartenspitze, RecordHead};
use stadt_testgame::options::Options;
use stadt_testgame::rules::DECK;
use stadt_testgame::state::{State, sorted_deck};
use std::sync::atomic::AtomicBool;

/// A deck that starts with `top` and holds the other cards after it in ascending order.
pub fn deck_starting(top: &[u8]) -> [u8; DECK] {
    let mut rest = sorted_deck().to_vec();
    for v in top {
        let at = rest.iter().position(|c| c == v).expect("at most two of a value");
        rest.remove(at);
    }
    let mut deck = [0; DECK];
    deck[..top.len()].copy_from_slice(top);
    deck[top.len()..].copy_from_slice(&rest);
    deck
}

/// A game of `players` with `hand` cards each, dealt from a deck starting with `top`.
pub fn game(players: usize, hand: u8, top: &[u8]) -> State {
    State::with_deck(players, Options { hand }, &deck_starting(top)).expect("a valid deal")
}

/// Every player count and hand size the rules allow (T1, T2).
pub fn setups() -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for hand in 2..=5u8 {
        for players in 2..=4usize {
            if players * hand as usize <= DECK {
                out.push((players, hand));
            }
        }
    }
    out
}

/// Every state of a game played by uniformly random moves from `seed`'s deal, the first and
/// the last included.
pub fn random_states(players: usize, hand: u8, seed: u64) -> Vec<State> {
    let mut s = State::deal(players, Options { hand }, seed).expect("a valid deal");
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
    let mut buf = Vec::new();
    let mut out = vec![s];
    loop {
        match s.turn() {
            Turn::Over => return out,
            Turn::Chance => {
                s.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                let mv = s.random_move(&mut buf, &mut rng);
                s.apply(mv);
            }
        }
        out.push(s);
    }
}

/// A seat taken by one of the game's bots, by name.
pub struct BotSeat(pub &'static str);

impl Seat<Kartenspitze> for BotSeat {
    fn label(&self) -> &str {
        self.0
    }
    fn full(&self) -> String {
        self.0.to_string()
    }
    fn clairvoyant(&self) -> bool {
        false
    }
    fn agent(&self, _agent_seed: u64, _seat: usize) -> Result<SeatAgent<Kartenspitze>, Error> {
        let bot = bots::by_name(self.0).ok_or_else(|| Error::Setting(format!("no bot {}", self.0)))?;
        Ok(SeatAgent::Bot(bot))
    }
}

/// A game played by the core's runner between `seats` on `seed`'s deal, with its record.
pub fn run(kind: &Kartenspitze, seats: &[BotSeat], seed: u64) -> PlayedGame<Kartenspitze> {
    let stop = AtomicBool::new(false);
    let head = RecordHead { seed: Some(seed) };
    let table = Table { kind, agent_seed: seed, chance_seed: seed, want_record: Some(&head), stop: &stop };
    let dealt = stadt_core::kind::GameKind::deal(kind, seats.len(), seed).expect("a valid deal");
    play(&table, seats, dealt, &mut |_, _| {}).expect("no illegal move").expect("not stopped")
}
