//! The lookahead bot (`lookahead.rs`, docs/unbezwingbare/bots.md): `k = 1` is the greedy, a spec
//! plays a whole 4-player game, the same seed gives the same moves, and games alike to its seat
//! get the same move (U76).

mod common;

use common::{invented, rng, test_set};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::bots::registry::BOTS;
use stadt_unbezwingbare::greedy::Greedy;
use stadt_unbezwingbare::lookahead::{Lookahead, Settings};
use stadt_unbezwingbare::shown::Shown;
use stadt_unbezwingbare::{Move, Options, State};

fn settings(k: usize) -> Settings {
    Settings { samples: 4, k, turns: 2, opponent: 1.0 }
}

/// Plays a game from deal `deal`, seat `seat` by `pick`, the others greedy; calls `pick` with
/// the real game and the seat, and returns the seat's moves.
fn game(
    mat: &'static stadt_unbezwingbare::Material,
    deal: u64,
    seat: u8,
    mut pick: impl FnMut(&State, u8) -> Move,
) -> Vec<Move> {
    let mut chance = rng(deal);
    let mut r = Pcg64Mcg::seed_from_u64(deal);
    let mut g = Greedy::default();
    let mut s = State::new(mat, Options::base(4)).unwrap();
    let mut mine = Vec::new();
    loop {
        match s.turn() {
            Turn::Over => return mine,
            Turn::Chance => {
                s.resolve(&mut chance);
            }
            Turn::Player(p) => {
                let m = if p as u8 == seat {
                    let m = pick(&s, seat);
                    mine.push(m);
                    m
                } else {
                    g.choose(&s.view(p as u8), p as u8, &mut r)
                };
                assert_eq!(s.check(m), Ok(()), "{m:?}");
                s.apply(m);
            }
        }
    }
}

#[test]
fn k_1_plays_the_greedy_move() {
    let mut la = Lookahead::new(settings(1));
    let mut g = Greedy::default();
    let mut n = 0;
    game(invented(), 1, 0, |s, me| {
        let (mut a, mut b) = (Pcg64Mcg::seed_from_u64(n), Pcg64Mcg::seed_from_u64(n));
        n += 1;
        let x = la.choose(&s.view(me), me, &mut a);
        let y = g.choose(&s.view(me), me, &mut b);
        assert_eq!(x, y, "decision {n}");
        y
    });
    assert!(n > 10, "{n} decisions");
}

#[test]
fn a_spec_builds_and_plays_a_whole_4_player_game() {
    let spec = BOTS.parse_bot("lookahead:samples=4,k=3,turns=2", &BotDirs::none()).unwrap();
    assert_eq!(spec.full(), "lookahead:samples=4,k=3,turns=2,opponent=0");
    assert!(BOTS.parse_bot("lookahead:k=0", &BotDirs::none()).is_err());
    assert!(BOTS.parse_bot("lookahead:opponent=3", &BotDirs::none()).is_err());
    let mut bot = spec.build();
    let mut r = Pcg64Mcg::seed_from_u64(5);
    let moves = game(invented(), 2, 2, |s, _| bot.act(&Shown::new(s), &mut r));
    assert!(moves.len() > 10, "{} decisions", moves.len());
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let play = || {
        let mut la = Lookahead::new(settings(4));
        let mut r = Pcg64Mcg::seed_from_u64(7);
        game(test_set(), 3, 1, |s, me| la.choose(&s.view(me), me, &mut r))
    };
    let first = play();
    assert!(first.len() > 10);
    assert_eq!(first, play());
}

#[test]
fn u76_the_lookahead_decides_alike_in_games_that_look_alike_to_its_seat() {
    // At every decision of the seat, a sample of its view (equal in all it sees, different in
    // the rest) gets the same move under the same seed.
    let mut la = Lookahead::new(settings(4));
    let mut other = Lookahead::new(settings(4));
    let mut r = Pcg64Mcg::seed_from_u64(11);
    let mut pairs = 0;
    for (deal, mat) in [(0, invented()), (1, test_set())] {
        game(mat, deal, 3, |s, me| {
            let alike = s.sample(me, &mut r);
            let (mut a, mut b) = (Pcg64Mcg::seed_from_u64(pairs), Pcg64Mcg::seed_from_u64(pairs));
            let x = la.choose(Shown::new(s).view(), me, &mut a);
            let y = other.choose(Shown::new(&alike).view(), me, &mut b);
            assert_eq!(x, y, "deal {deal}, decision {pairs}: the same move in games that look alike");
            pairs += 1;
            x
        });
    }
    assert!(pairs > 20, "{pairs} decisions compared");
}

/// The value's weights are the lookahead's parameters too (after its own), for `stadt tune`: a
/// spec names those set away from their defaults, checks them against their bounds, and they
/// change the judgement only (the playouts' greedy keeps the greedy's default weights). Two of
/// its defaults are its own (bots.md, "The lookahead's weights").
#[test]
fn the_value_s_weights_are_parameters_of_the_judgement() {
    let spec = BOTS.parse_bot("lookahead:samples=8,w_income=6", &BotDirs::none()).unwrap();
    assert_eq!(spec.full(), "lookahead:samples=8,k=8,turns=1,opponent=0,w_income=6");
    assert_eq!(
        BOTS.parse_bot("lookahead", &BotDirs::none()).unwrap().full(),
        "lookahead:samples=256,k=8,turns=1,opponent=0"
    );
    assert!(BOTS.parse_bot("lookahead:w_income=51", &BotDirs::none()).is_err());
    let params = BOTS.find("lookahead").unwrap().params;
    let keys: Vec<&str> = params.iter().map(|p| p.key).collect();
    let weights: Vec<&str> = stadt_unbezwingbare::value::WEIGHTS.iter().map(|w| w.0).collect();
    assert_eq!(keys[..4], ["samples", "k", "turns", "opponent"]);
    assert_eq!(keys[4..], weights[..]);
    let default = |key: &str| params.iter().find(|p| p.key == key).unwrap().default;
    assert_eq!((default("w_income"), default("w_influence"), default("w_points")), ("5", "4", "10.0"));
    let mut weights = stadt_unbezwingbare::value::Weights::default();
    weights.set("w_income", 5.0).unwrap();
    let mut la = Lookahead::with_weights(settings(3), weights);
    assert_eq!(la.policy, stadt_unbezwingbare::value::Weights::default());
    let mut r = Pcg64Mcg::seed_from_u64(9);
    let moves = game(invented(), 4, 0, |s, me| la.choose(&s.view(me), me, &mut r));
    assert!(moves.len() > 10);
}
