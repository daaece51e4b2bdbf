//! The greedy bot's value term by term, its one-ply choice, its weights, and what the bots may
//! read: every term of `greedy::value` is the learned evaluation's feature of the same name (the
//! two must not drift apart: the evaluation is fitted on what greedy values), greedy plays a move
//! of the highest value with ties broken by its own generator, and no bot of the crate decides
//! differently on a game whose hidden part is dealt otherwise (C41).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::kind::Catan;
use stadt_catan::knights::tracks::Track;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::greedy::{GreedyCatan, GreedyWeights, WEIGHTS, value};
use stadt_catan_bots::learned::{self, COUNT, NAMES, features};
use stadt_catan_bots::mcts::MctsCatan;
use stadt_catan_bots::random::RandomCatan;
use stadt_core::agent::Agent;
use stadt_core::game::{Game, Turn};
use stadt_core::learned::Weights;
use stadt_core::search::playout::Policy;

/// Positions of random games where the player to act has at least two legal moves, taken every
/// few decisions, from the set-up to the end (`count` of them, games over left out).
fn positions(players: usize, options: Options, seed: u64, count: usize) -> Vec<State> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut out, mut legal) = (Vec::new(), Vec::new());
    while out.len() < count {
        let mut s = State::deal(players, options, rng.random()).unwrap();
        let every = rng.random_range(5..40);
        let mut n = 0;
        while out.len() < count {
            match Game::turn(&s) {
                Turn::Over => break,
                Turn::Chance => {
                    Game::resolve_chance(&mut s, &mut rng);
                }
                Turn::Player(_) => {
                    Game::legal_moves(&s, &mut legal);
                    n += 1;
                    if n % every == 0 && legal.len() >= 2 {
                        out.push(s.clone());
                    }
                    s.apply(legal[rng.random_range(0..legal.len())]);
                }
            }
        }
    }
    out
}

/// Greedy's weights all 0 but those named.
fn only(pairs: &[(&str, f64)]) -> GreedyWeights {
    let zero = WEIGHTS.iter().map(|w| (w.0, 0.0));
    GreedyWeights::from_pairs(zero.chain(pairs.iter().copied())).unwrap()
}

/// A feature's index by name.
fn feature(name: &str) -> usize {
    NAMES.iter().position(|n| *n == name).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn each_term_of_the_value_is_the_learned_feature_of_its_name() {
    // (weight, feature, sign): the base game's terms; excess is subtracted.
    let terms = [
        ("w_points", "points", 1.0),
        ("w_production", "production", 1.0),
        ("w_variety", "variety", 1.0),
        ("w_harbour", "harbour", 1.0),
        ("w_generic_harbour", "generic_harbour", 1.0),
        ("w_dev", "dev_cards", 1.0),
        ("w_knights", "knights", 1.0),
        ("w_road_length", "road_length", 1.0),
        ("w_spots", "spots", 1.0),
        ("w_reach", "reach", 1.0),
        ("w_cards", "cards", 1.0),
        ("w_excess", "excess", -1.0),
        ("w_progress", "progress", 1.0),
    ];
    let mut nonzero = [0; COUNT];
    for s in positions(4, Options::OFFICIAL, 1, 300) {
        for p in (0..4).map(Player) {
            let f = features(&s, p);
            for (weight, name, sign) in terms {
                let v = value(&only(&[(weight, 2.0)]), &s, p);
                assert!(
                    close(v, sign * 2.0 * f[feature(name)]),
                    "{weight}: value {v}, feature {name} {}",
                    f[feature(name)]
                );
                nonzero[feature(name)] += usize::from(f[feature(name)] != 0.0);
            }
            // The opponent term: the strongest other player by the same weights, here the points
            // and the production on their own.
            let v = value(&only(&[("w_points", 1.0), ("w_opponent", 0.5)]), &s, p);
            assert!(close(v, f[feature("points")] - 0.5 * f[feature("best_other_points")]));
            let v = value(&only(&[("w_production", 1.0), ("w_opponent", 0.5)]), &s, p);
            assert!(close(v, f[feature("production")] - 0.5 * f[feature("best_other_production")]));
            assert_eq!(value(&only(&[]), &s, p), 0.0);
        }
    }
    // Every term was seen at work, so that none of the comparisons above was 0 = 0 only.
    for (_, name, _) in terms {
        assert!(nonzero[feature(name)] > 0, "the feature {name} was 0 in every position sampled");
    }
}

#[test]
fn the_expansion_adds_its_levels_walls_and_progress_cards() {
    let (mut levels, mut cards) = (0, 0);
    for s in positions(3, Options::KNIGHTS, 2, 300) {
        for p in (0..3).map(Player) {
            let sum: u8 = Track::ALL.iter().map(|&t| s.level(p, t)).sum();
            assert!(close(value(&only(&[("w_levels", 1.0)]), &s, p), sum as f64));
            assert!(close(value(&only(&[("w_walls", 1.0)]), &s, p), s.walls_of(p) as f64));
            // Progress cards count as development cards do (the base game's are not dealt).
            let dev = features(&s, p)[feature("dev_cards")];
            assert!(close(value(&only(&[("w_dev", 1.0)]), &s, p), dev + s.progress_held(p) as f64));
            levels += u32::from(sum > 0);
            cards += u32::from(s.progress_held(p) > 0);
        }
    }
    assert!(levels > 0 && cards > 0, "no level ({levels}) or no progress card ({cards}) seen");
}

#[test]
fn a_game_won_is_worth_a_million_and_a_game_lost_minus_a_million() {
    let mut s = positions(2, Options::OFFICIAL, 3, 1).remove(0);
    let mut bots = [GreedyCatan::new(GreedyWeights::default()), GreedyCatan::new(GreedyWeights::default())];
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    while !s.is_over() {
        match Game::turn(&s) {
            Turn::Chance => {
                Game::resolve_chance(&mut s, &mut rng);
            }
            Turn::Player(p) => {
                let mv = bots[p].act(&Observation::new(&s), &mut rng);
                s.apply(mv);
            }
            Turn::Over => unreachable!(),
        }
    }
    let winner = s.winner().unwrap();
    for p in (0..2).map(Player) {
        let want = if p == winner { 1e6 } else { -1e6 };
        assert_eq!(value(&GreedyWeights::default(), &s, p), want);
    }
}

/// The value of every legal move of the player to act, on the position it sees.
fn move_values(w: &GreedyWeights, s: &State) -> Vec<(Move, f64)> {
    let obs = Observation::new(s);
    let me = Player(obs.me() as u8);
    let mut legal = Vec::new();
    obs.view().legal_moves(&mut legal);
    legal
        .into_iter()
        .map(|mv| {
            let mut next = obs.view().clone();
            next.apply(mv);
            (mv, value(w, &next, me))
        })
        .collect()
}

#[test]
fn greedy_plays_a_move_of_the_highest_value_and_breaks_ties_with_its_generator() {
    let weights = GreedyWeights::default();
    for (i, s) in positions(3, Options::OFFICIAL, 4, 100).iter().enumerate() {
        let values = move_values(&weights, s);
        let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
        let mv = GreedyCatan::new(weights).act(&Observation::new(s), &mut Pcg64Mcg::seed_from_u64(i as u64));
        let chosen = values.iter().find(|v| v.0 == mv).expect("greedy played a legal move").1;
        assert!(chosen >= best - 1e-9, "greedy chose {mv:?} worth {chosen}; the best is worth {best}");
    }
    // With every weight 0 every move ties: the seat's generator picks among them, the same
    // generator the same move.
    let flat = only(&[]);
    let s = positions(3, Options::OFFICIAL, 5, 40)
        .into_iter()
        .find(|s| move_values(&flat, s).len() >= 4)
        .unwrap();
    let pick =
        |seed: u64| GreedyCatan::new(flat).act(&Observation::new(&s), &mut Pcg64Mcg::seed_from_u64(seed));
    let picks: std::collections::HashSet<Move> = (0..40).map(pick).collect();
    assert!(
        picks.len() >= 2,
        "40 generators broke a tie of {} moves the same way",
        move_values(&flat, &s).len()
    );
    assert_eq!(pick(7), pick(7));
}

#[test]
fn the_weights_are_named_bounded_and_listed_in_order() {
    let w = GreedyWeights::default();
    let pairs = w.pairs();
    assert_eq!(pairs.len(), WEIGHTS.len());
    for ((name, value), &(listed, default, lo, hi)) in pairs.iter().zip(WEIGHTS) {
        assert_eq!((*name, *value), (listed, default));
        assert!(lo <= default && default <= hi, "{name}: {default} outside [{lo}, {hi}]");
    }
    assert_eq!(GreedyWeights::from_pairs(pairs.iter().copied()).unwrap(), w);
    let tuned = GreedyWeights::from_pairs([("w_points", 12.5), ("w_opponent", 0.0)]).unwrap();
    assert_eq!((tuned.points, tuned.opponent, tuned.production), (12.5, 0.0, w.production));
    let unknown = GreedyWeights::from_pairs([("w_luck", 1.0)]).unwrap_err();
    assert!(
        unknown.contains("`w_luck` is not a weight of greedy") && unknown.contains("w_points"),
        "{unknown}"
    );
    let bounded = GreedyWeights::from_pairs([("w_opponent", 2.5)]).unwrap_err();
    assert!(bounded.contains("`w_opponent=2.5`: a number from 0 to 2"), "{bounded}");
}

#[test]
fn the_learned_evaluation_is_the_banked_points_plus_the_weighted_features() {
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    let weights = Weights { set: 0, w: (0..COUNT).map(|_| rng.random_range(-1.0..1.0)).collect() };
    for s in positions(4, Options::OFFICIAL, 6, 50) {
        let mut out = [0.0; 4];
        learned::evaluate(&weights, &s, &mut out);
        for p in (0..4).map(Player) {
            let f = features(&s, p);
            let want = s.points(p) as f64 + f.iter().zip(&weights.w).map(|(x, w)| x * w).sum::<f64>();
            assert!(close(out[p.index()], want), "player {p:?}: {} against {want}", out[p.index()]);
            assert_eq!(f[feature("one")], 1.0);
        }
    }
}

/// A fresh bot of this crate.
type MakeBot = fn() -> Box<dyn Agent<Catan>>;

#[test]
fn no_bot_decides_differently_when_only_the_hidden_part_of_the_game_differs() {
    let bots: [(&str, MakeBot); 4] = [
        ("random", || Box::new(RandomCatan::default())),
        ("greedy", || Box::new(GreedyCatan::new(GreedyWeights::default()))),
        ("mcts", || Box::new(MctsCatan::new(30, 0.7, Policy::Random))),
        ("mcts informed", || Box::new(MctsCatan::new(30, 0.7, Policy::Greedy))),
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut differed = 0;
    for (i, s) in positions(4, Options::OFFICIAL, 7, 40).iter().enumerate() {
        let me = s.actor().index();
        // The same game with everything the player to act cannot see dealt anew.
        let other = s.determinized(me, &mut rng);
        differed += usize::from(other != *s);
        assert_eq!(
            Observation::new(s).view(),
            Observation::new(&other).view(),
            "position {i}: the views differ"
        );
        for (name, make) in &bots {
            let seed = 1000 + i as u64;
            let a = make().act(&Observation::new(s), &mut Pcg64Mcg::seed_from_u64(seed));
            let b = make().act(&Observation::new(&other), &mut Pcg64Mcg::seed_from_u64(seed));
            assert_eq!(a, b, "{name} at position {i} decided by what it cannot see");
        }
    }
    assert!(differed >= 30, "only {differed} of 40 positions had a hidden part to deal anew");
}
