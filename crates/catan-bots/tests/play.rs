//! Catan's bots in whole games, base game and Städte und Ritter: every decision is a legal move of
//! the real game, the same seeds give the same game, and greedy beats random.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::greedy::{GreedyCatan, GreedyWeights};
use stadt_catan_bots::mcts::MctsCatan;
use stadt_catan_bots::random::RandomCatan;
use stadt_core::agent::Agent;
use stadt_core::game::{Game, Turn};
use stadt_core::search::playout::Policy;

/// A bot of this crate by name, as small a search as still searches.
fn bot(name: &str) -> Box<dyn Agent<Catan>> {
    match name {
        "random" => Box::new(RandomCatan::default()),
        "greedy" => Box::new(GreedyCatan::new(GreedyWeights::default())),
        "mcts" => Box::new(MctsCatan::new(20, 0.7, Policy::Random)),
        "mcts-informed" => Box::new(MctsCatan::new(20, 0.7, Policy::Greedy)),
        _ => unreachable!("{name}"),
    }
}

/// What one game gave: every decision in order and the last position.
struct Played {
    decisions: Vec<Move>,
    end: State,
}

/// Plays game `seed` with `names` in the seats for at most `limit` decisions, each seat with its
/// own generator (from `seed` and the seat), asserting that every decision is legal in the real
/// game.
fn play(names: &[&str], options: Options, seed: u64, limit: usize) -> Played {
    let mut s = State::deal(names.len(), options, seed).unwrap();
    let mut bots: Vec<Box<dyn Agent<Catan>>> = names.iter().map(|n| bot(n)).collect();
    let mut rngs: Vec<Pcg64Mcg> =
        (0..names.len()).map(|i| Pcg64Mcg::seed_from_u64(seed * 16 + i as u64)).collect();
    let mut chance = Pcg64Mcg::seed_from_u64(!seed);
    let (mut decisions, mut legal) = (Vec::new(), Vec::new());
    while decisions.len() < limit {
        match Game::turn(&s) {
            Turn::Over => break,
            Turn::Chance => {
                Game::resolve_chance(&mut s, &mut chance);
            }
            Turn::Player(p) => {
                let mv = bots[p].act(&Observation::new(&s), &mut rngs[p]);
                Game::legal_moves(&s, &mut legal);
                assert!(
                    legal.contains(&mv),
                    "{} in seat {p} of game {seed} played {mv:?}, not one of the {} legal moves",
                    names[p],
                    legal.len()
                );
                s.apply(mv);
                decisions.push(mv);
            }
        }
    }
    Played { decisions, end: s }
}

#[test]
fn every_bot_plays_only_legal_moves_in_the_base_game() {
    for (seed, seats) in
        [(1, ["random", "greedy", "mcts", "mcts-informed"]), (2, ["greedy", "mcts", "random", "greedy"])]
    {
        let game = play(&seats, Options::OFFICIAL, seed, 1500);
        assert!(game.decisions.len() > 100, "game {seed} stopped after {} decisions", game.decisions.len());
    }
    // Greedy against itself ends its games.
    for seed in 3..6 {
        let game = play(&["greedy", "greedy", "greedy"], Options::OFFICIAL, seed, 20_000);
        assert!(game.end.is_over(), "greedy's 3-player game {seed} did not end in 20,000 decisions");
    }
}

#[test]
fn every_bot_plays_only_legal_moves_in_staedte_und_ritter() {
    for (seed, seats) in [(11, ["random", "greedy", "mcts"]), (12, ["greedy", "random", "mcts-informed"])] {
        let game = play(&seats, Options::KNIGHTS, seed, 1500);
        assert!(game.decisions.len() > 100, "game {seed} stopped after {} decisions", game.decisions.len());
    }
    let game = play(&["greedy", "greedy", "greedy", "greedy"], Options::CUXTAN, 13, 40_000);
    assert!(game.end.is_over(), "greedy's Städte und Ritter game (the club's rules) did not end");
}

#[test]
fn the_same_seeds_give_the_same_decisions_and_other_seeds_other_ones() {
    for seats in [["random", "random"], ["greedy", "greedy"], ["mcts", "greedy"]] {
        let a = play(&seats, Options::OFFICIAL, 21, 300);
        let b = play(&seats, Options::OFFICIAL, 21, 300);
        assert_eq!(a.decisions, b.decisions, "{seats:?} on the same seeds");
        let c = play(&seats, Options::OFFICIAL, 22, 300);
        assert_ne!(a.decisions, c.decisions, "{seats:?} on other seeds");
    }
}

#[test]
fn greedy_beats_random() {
    let games = 10u64;
    let mut won = 0u64;
    for seed in 0..games {
        // Greedy in the first seat half the time, the second the other half.
        let seats = if seed % 2 == 0 { ["greedy", "random"] } else { ["random", "greedy"] };
        let game = play(&seats, Options::OFFICIAL, 100 + seed, 50_000);
        let greedy = Player((seed % 2) as u8);
        won += u64::from(game.end.winner() == Some(greedy));
    }
    assert!(won >= 9, "greedy won {won} of {games} 2-player games against random");
}
