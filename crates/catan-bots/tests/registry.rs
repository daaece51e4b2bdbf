//! Catan's bots by name (`registry::BOTS`): their parameter tables agree with the bots' own
//! constants, and a bot built from a spec plays move for move as the same bot built by hand.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::greedy::{GreedyCatan, GreedyWeights, PARAMS, WEIGHTS};
use stadt_catan_bots::mcts::{MCTS_DEPTH, MctsCatan};
use stadt_catan_bots::random::RandomCatan;
use stadt_catan_bots::registry::BOTS;
use stadt_core::agent::Agent;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::params::ParamKind;
use stadt_core::game::{Game, Turn};
use stadt_core::search::playout::Policy;

#[test]
fn the_bots_are_random_mcts_greedy_and_lookahead_and_each_builds_from_its_defaults() {
    let names: Vec<&str> = BOTS.bots.iter().map(|d| d.name).collect();
    assert_eq!(names, ["random", "mcts", "greedy", "lookahead"]);
    assert_eq!(BOTS.game, stadt_catan::kind::NAME);
    assert!(!BOTS.bare_files, "a bot file of Catan names its game");
    for def in BOTS.every() {
        // The defaults are checked when a spec is built (a bad default panics, naming it).
        let spec = BOTS.parse_bot(def.name, &BotDirs::none()).unwrap();
        assert_eq!(spec.label, def.name);
    }
}

#[test]
fn greedys_parameters_are_its_weights_with_their_defaults_and_bounds() {
    assert_eq!(PARAMS.len(), WEIGHTS.len());
    for (p, &(name, default, lo, hi)) in PARAMS.iter().zip(WEIGHTS) {
        assert_eq!(p.key, name);
        assert_eq!(p.default.parse::<f64>().unwrap(), default, "{name}");
        assert!(matches!(p.kind, ParamKind::Real { min, max } if (min, max) == (lo, hi)), "{name}");
    }
    let spec = BOTS.parse_bot("greedy", &BotDirs::none()).unwrap();
    let read: Vec<(&str, f64)> = WEIGHTS.iter().map(|w| (w.0, spec.params.real(w.0))).collect();
    assert_eq!(read, GreedyWeights::default().pairs());
    let mcts = BOTS.parse_bot("mcts", &BotDirs::none()).unwrap();
    assert_eq!(mcts.params.int("depth") as usize, MCTS_DEPTH);
}

/// The first `n` decisions of `bot` in every seat of a 3-player base game dealt from `seed`, its
/// generator seeded as given.
fn decisions(mut bot: Box<dyn Agent<Catan>>, seed: u64, n: usize) -> Vec<Move> {
    let mut s = State::deal(3, Options::OFFICIAL, seed).unwrap();
    let (mut rng, mut chance) = (Pcg64Mcg::seed_from_u64(seed), Pcg64Mcg::seed_from_u64(!seed));
    let mut out = Vec::new();
    while out.len() < n {
        match Game::turn(&s) {
            Turn::Over => break,
            Turn::Chance => {
                Game::resolve_chance(&mut s, &mut chance);
            }
            Turn::Player(_) => {
                let mv = bot.act(&Observation::new(&s), &mut rng);
                s.apply(mv);
                out.push(mv);
            }
        }
    }
    out
}

#[test]
fn a_bot_built_from_its_spec_plays_as_the_same_bot_built_by_hand() {
    let weights = GreedyWeights::from_pairs([("w_points", 12.0), ("w_opponent", 0.0)]).unwrap();
    let cases: [(&str, Box<dyn Agent<Catan>>, usize); 4] = [
        ("random", Box::new(RandomCatan::default()), 200),
        ("greedy:w_points=12,w_opponent=0", Box::new(GreedyCatan::new(weights)), 120),
        ("mcts:iters=20,c=0.5", Box::new(MctsCatan::new(20, 0.5, Policy::Random)), 30),
        (
            "mcts:iters=20,playout=softmax:1,depth=50",
            Box::new(MctsCatan::judged(20, 0.7, Policy::Softmax(1.0), 50, None)),
            30,
        ),
    ];
    for (spec, by_hand, n) in cases {
        let built = BOTS.parse_bot(spec, &BotDirs::none()).unwrap().build();
        assert_eq!(decisions(built, 5, n), decisions(by_hand, 5, n), "{spec}");
    }
}
