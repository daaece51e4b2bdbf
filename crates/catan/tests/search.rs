//! Catan through the core's game trait: the core's MCTS plays it, samples keep what a player
//! sees, and no decision depends on the hidden part (the deck's order, the others' development
//! cards, the dice to come).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_core::game::{Determinize, Game, Turn};
use stadt_core::search::mcts::{Config, Mcts, NoPrior, RandomRollout, Reward};

fn config() -> Config {
    Config { depth: 60, ..Config::uct(200, 0.7, Reward::Win) }
}

fn points(s: &State, out: &mut [f64]) {
    Game::scores(s, out);
}

/// A position `steps` random steps into game `seed` where the player to act has a choice and
/// some other player holds development cards.
fn position(seed: u64) -> State {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    loop {
        let mut s = State::deal(4, Options::OFFICIAL, rng.random()).unwrap();
        let target = rng.random_range(200..700);
        let mut n = 0;
        while !s.is_over() {
            match Game::turn(&s) {
                Turn::Chance => {
                    Game::resolve_chance(&mut s, &mut rng);
                }
                Turn::Player(p) => {
                    s.legal_moves(&mut buf);
                    let others: u8 = (0..4)
                        .filter(|&q| q != p as u8)
                        .map(|q| s.dev_cards(Player(q)).iter().sum::<u8>())
                        .sum();
                    if n >= target && buf.len() >= 3 && others > 0 {
                        return s;
                    }
                    s.apply(buf[rng.random_range(0..buf.len())]);
                    n += 1;
                }
                Turn::Over => unreachable!(),
            }
        }
    }
}

#[test]
fn samples_keep_what_the_player_sees_and_redeal_the_rest() {
    let s = position(1);
    let me = s.actor().index();
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let view = Observation::new(&s);
    for _ in 0..50 {
        let d = view.determinize(&mut rng);
        assert_eq!(d.dev_cards(Player(me as u8)), s.dev_cards(Player(me as u8)));
        for q in 0..4u8 {
            assert_eq!(d.hand(Player(q)), s.hand(Player(q)));
            assert_eq!(d.dev_cards(Player(q)).iter().sum::<u8>(), s.dev_cards(Player(q)).iter().sum::<u8>());
            assert_eq!(d.public_points(Player(q)), s.public_points(Player(q)));
        }
        assert_eq!(d.deck_left(), s.deck_left());
        assert_eq!(d.canonical(me), s.canonical(me));
        assert!(view.is_public(&d.canonical(me)));
    }
}

#[test]
fn no_decision_depends_on_the_hidden_part() {
    let mut changed = 0;
    for seed in 0..12 {
        let s = position(seed);
        let me = s.actor().index();
        let mut other = s.clone();
        other.redeal_hidden(me, Some(&mut Pcg64Mcg::seed_from_u64(seed + 100)));
        changed += (other != s) as u32;
        assert_eq!(other.canonical(me), s.canonical(me), "the same view");
        let decide = |g: &State| {
            let mut search: Mcts<State, RandomRollout<State>, NoPrior> =
                Mcts::with_prior(config(), RandomRollout::default, || NoPrior);
            search.choose(&Observation::new(g), &points, &mut Pcg64Mcg::seed_from_u64(seed))
        };
        assert_eq!(decide(&s), decide(&other), "seed {seed}: the decision follows the hidden part");
    }
    assert!(changed >= 10, "the hidden part changed in only {changed} positions");
}

#[test]
fn mcts_plays_whole_games_through_the_core() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut s = State::deal(3, Options::OFFICIAL, 5).unwrap();
    let mut search: Mcts<State, RandomRollout<State>, NoPrior> =
        Mcts::with_prior(Config { iters: 30, ..config() }, RandomRollout::default, || NoPrior);
    let mut buf = Vec::new();
    let mut decisions = 0;
    while Game::turn(&s) != Turn::Over && decisions < 3000 {
        match Game::turn(&s) {
            Turn::Chance => {
                Game::resolve_chance(&mut s, &mut rng);
            }
            Turn::Player(p) => {
                let mv: Move = if p == 0 {
                    search.choose(&Observation::new(&s), &points, &mut rng)
                } else {
                    s.random_move(&mut buf, &mut rng)
                };
                assert!(s.check(mv).is_ok());
                s.apply(mv);
                decisions += 1;
            }
            Turn::Over => {}
        }
    }
    assert!(s.is_over(), "the game ends");
}

#[test]
fn a_forced_outcome_is_the_outcome_resolved() {
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    let mut s = State::deal(4, Options::OFFICIAL, 6).unwrap();
    let mut buf = Vec::new();
    let mut forced = 0;
    while !s.is_over() && forced < 200 {
        match Game::turn(&s) {
            Turn::Chance => {
                let mut a = s.clone();
                let id = Game::resolve_chance(&mut a, &mut rng);
                let mut b = s.clone();
                if b.force_chance(id) {
                    // Equal but for the dice generator, which forcing does not advance (Debug
                    // leaves it out).
                    assert_eq!(format!("{a:?}"), format!("{b:?}"));
                    forced += 1;
                }
                s = a;
            }
            _ => {
                s.legal_moves(&mut buf);
                s.apply(buf[rng.random_range(0..buf.len())]);
            }
        }
    }
    assert!(forced >= 100);
}
