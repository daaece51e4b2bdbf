//! The Catan search's parameters added for a stronger search at a given time (`ms`, `eval=greedy`,
//! `reward`, `margin`, `prior`, `tau`, `widen`): each changes play, a search is the same under a
//! seed when built twice, the time budget bounds a decision, and a bad value is refused with a
//! message naming it and what it takes.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::mcts::{GreedyPrior, greedy_scores, judge_weights};
use stadt_catan_bots::registry::BOTS;
use stadt_core::agent::Agent;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::game::{Game, Turn};
use stadt_core::search::mcts::Prior;
use std::time::{Duration, Instant};

/// The first `n` searched decisions (more than one legal move) of `spec` in every seat of a
/// 3-player game under Catanatron 3.3.0's rules dealt from `seed`, and every decision's time.
fn decisions(spec: &str, seed: u64, n: usize) -> (Vec<Move>, Vec<Duration>) {
    let mut bot: Box<dyn Agent<Catan>> = BOTS.parse_bot(spec, &BotDirs::none()).unwrap().build();
    let options = Options::parse("catanatron3_3").unwrap();
    let mut s = State::deal(3, options, seed).unwrap();
    let (mut rng, mut chance) = (Pcg64Mcg::seed_from_u64(seed), Pcg64Mcg::seed_from_u64(!seed));
    let (mut out, mut times, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    while out.len() < n {
        match Game::turn(&s) {
            Turn::Over => break,
            Turn::Chance => {
                Game::resolve_chance(&mut s, &mut chance);
            }
            Turn::Player(_) => {
                s.legal_moves(&mut moves);
                let start = Instant::now();
                let mv = bot.act(&Observation::new(&s), &mut rng);
                if moves.len() > 1 {
                    times.push(start.elapsed());
                    out.push(mv);
                }
                s.apply(mv);
            }
        }
    }
    (out, times)
}

const BASE: &str = "mcts:iters=60,depth=30";

#[test]
fn each_new_parameter_changes_play_and_a_spec_plays_the_same_when_built_twice() {
    let base = decisions(BASE, 11, 60).0;
    assert_eq!(base, decisions(BASE, 11, 60).0, "{BASE} twice");
    for (extra, against) in [
        ("eval=greedy", BASE.to_string()),
        ("reward=margin", BASE.to_string()),
        ("reward=mix", BASE.to_string()),
        ("reward=rank", BASE.to_string()),
        ("eval=greedy,reward=margin,margin=3", format!("{BASE},eval=greedy,reward=margin")),
        ("prior=1", BASE.to_string()),
        ("prior=1,tau=5", format!("{BASE},prior=1")),
        ("widen=1", BASE.to_string()),
    ] {
        let spec = format!("{BASE},{extra}");
        let mine = decisions(&spec, 11, 60).0;
        assert_eq!(mine, decisions(&spec, 11, 60).0, "{spec} twice");
        assert_ne!(mine, decisions(&against, 11, 60).0, "{spec} against {against}");
    }
}

#[test]
fn a_time_budget_bounds_each_decision_in_place_of_the_iterations() {
    // Ten million iterations would take minutes a decision: `ms=5` stops each search at 5 ms.
    let (moves, times) = decisions("mcts:iters=10000000,ms=5,eval=greedy,depth=10", 3, 12);
    assert_eq!(moves.len(), 12);
    for t in times {
        assert!(t >= Duration::from_millis(5), "{t:?}");
        assert!(t < Duration::from_millis(1000), "{t:?}");
    }
}

#[test]
fn the_greedy_judge_is_greedys_value_in_points_and_the_prior_sums_to_one_favouring_higher_values() {
    let s = State::deal(3, Options::OFFICIAL, 9).unwrap();
    let mut out = [0.0; 3];
    let w = judge_weights();
    assert_eq!(w.opponent, 0.0);
    greedy_scores(&w, &s, &mut out);
    for (p, o) in out.iter().enumerate() {
        let v = stadt_catan_bots::greedy::value(&w, &s, stadt_catan::ids::Player(p as u8));
        assert!((o - v / w.points).abs() < 1e-12);
    }
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert!(moves.len() > 10, "the first settlement has many places");
    let (mut cold, mut hot) = (Vec::new(), Vec::new());
    GreedyPrior::new(0.1).weights(&s, &moves, &mut cold);
    GreedyPrior::new(100.0).weights(&s, &moves, &mut hot);
    for w in [&cold, &hot] {
        assert_eq!(w.len(), moves.len());
        assert!((w.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    }
    let top = |w: &[f32]| w.iter().copied().fold(0.0, f32::max);
    assert!(top(&cold) > top(&hot), "a lower temperature favours the best move more");
}

#[test]
fn a_bad_value_of_a_new_parameter_is_refused_naming_it_and_what_it_takes() {
    for (spec, says) in [
        ("mcts:ms=-1", "ms=-1"),
        ("mcts:reward=best", "one of win, rank, margin, mix"),
        ("mcts:margin=0", "a number from 0.1 to 1000"),
        ("mcts:prior=-1", "a number from 0 to 100"),
        ("mcts:tau=0", "a number from 0.01 to 1000"),
        ("mcts:widen=x", "widen=x"),
        ("mcts:eval=/nonexistent/greedy.eval", "/nonexistent/greedy.eval"),
    ] {
        let err = match BOTS.parse_bot(spec, &BotDirs::none()) {
            Ok(_) => panic!("{spec} accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(says), "{spec}: {err}");
    }
    // The full spec names the new parameters only when set, so older results read as they did.
    let spec = BOTS.parse_bot("mcts:iters=50", &BotDirs::none()).unwrap();
    assert_eq!(spec.full(), "mcts:iters=50,c=0.7");
    let spec = BOTS.parse_bot("mcts:iters=50,ms=20,eval=greedy,prior=1", &BotDirs::none()).unwrap();
    assert_eq!(spec.full(), "mcts:iters=50,c=0.7,eval=greedy,ms=20,prior=1");
}

#[test]
fn lookaheads_parameters_change_play_k_1_is_greedy_and_a_spec_plays_the_same_when_built_twice() {
    let base = "lookahead:samples=4,k=3,turns=2";
    let mine = decisions(base, 13, 50).0;
    assert_eq!(mine, decisions(base, 13, 50).0, "{base} twice");
    for other in [
        "lookahead:samples=4,k=3,turns=2,opponent=0",
        "lookahead:samples=4,k=3,turns=6",
        "lookahead:samples=4,k=6,turns=2",
        "lookahead:samples=12,k=3,turns=2",
    ] {
        let theirs = decisions(other, 13, 50).0;
        assert_eq!(theirs, decisions(other, 13, 50).0, "{other} twice");
        assert_ne!(mine, theirs, "{other} against {base}");
    }
    // One move kept: greedy's ranking alone decides, whatever the samples and the turns.
    let one = decisions("lookahead:samples=4,k=1", 13, 50).0;
    assert_eq!(one, decisions("lookahead:samples=40,k=1,turns=9", 13, 50).0);
    let (_, times) = decisions("lookahead:samples=1000000,ms=5,turns=2", 3, 8);
    for t in times {
        assert!(t >= Duration::from_millis(5) && t < Duration::from_millis(2000), "{t:?}");
    }
    for (spec, says) in [
        ("lookahead:k=0", "a whole number from 1 to 1000"),
        ("lookahead:samples=0", "a whole number from 1 to 1000000"),
        ("lookahead:turns=x", "turns=x"),
        ("lookahead:opponent=3", "a number from 0 to 2"),
        ("lookahead:depth=3", "depth"),
    ] {
        let err = match BOTS.parse_bot(spec, &BotDirs::none()) {
            Ok(_) => panic!("{spec} accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(says), "{spec}: {err}");
    }
}
