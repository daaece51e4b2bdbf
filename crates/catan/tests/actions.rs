//! The fixed action space (`stadt_catan::actions`): every number names one move and back, and
//! every legal move of random games (a proposal aside) has its own number, Städte und Ritter's
//! too; the chance outcomes' numbers and probabilities; the observation vector shows a seat only
//! what it sees.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::actions::{
    ACTIONS, CHANCE_OUTCOMES, KNIGHTS_ACTIONS, chance_outcomes, decode, encode, outcome, outcome_number,
};
use stadt_catan::moves::{Move, Phase};
use stadt_catan::options::Options;
use stadt_catan::state::State;

#[test]
fn every_action_number_names_one_move_and_back() {
    for a in 0..KNIGHTS_ACTIONS {
        let mv = decode(a).unwrap_or_else(|| panic!("{a} names no move"));
        assert_eq!(encode(mv), Some(a), "{a}: {mv:?}");
    }
    assert_eq!(decode(KNIGHTS_ACTIONS), None);
    assert_eq!((ACTIONS, KNIGHTS_ACTIONS), (342, 7766));
    for n in 0..CHANCE_OUTCOMES {
        let c = outcome(n).unwrap_or_else(|| panic!("{n} names no outcome"));
        assert_eq!(outcome_number(c), Some(n), "{n}: {c:?}");
    }
    assert_eq!(outcome(CHANCE_OUTCOMES), None);
}

/// Every legal move of random games of Städte und Ritter, official and the club's, has its own
/// number; at every chance step the outcomes listed are the ones the engine takes, their
/// probabilities sum to 1, and the outcome the game's own generator gives is among them.
#[test]
fn knights_moves_and_chance_outcomes_have_numbers() {
    let (mut moves, mut numbers) = (Vec::new(), Vec::new());
    let mut seen = vec![false; KNIGHTS_ACTIONS];
    let mut chances = [0usize; 3];
    for game in 0..16u64 {
        let options = if game % 2 == 0 { Options::KNIGHTS } else { Options::CUXTAN };
        let mut s = State::deal(3 + game as usize % 2, options, 40 + game).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game);
        let mut steps = 0;
        while !s.is_over() && steps < 3000 {
            steps += 1;
            if s.phase().is_chance() {
                let listed = chance_outcomes(&s).expect("every outcome of Städte und Ritter has a number");
                let sum: f64 = listed.iter().map(|&(_, p)| p).sum();
                assert!((sum - 1.0).abs() < 1e-9, "{:?}: {sum}", s.phase());
                for &(n, _) in &listed {
                    assert!(s.clone().chance(outcome(n).unwrap()).is_ok(), "{n} at {:?}", s.phase());
                }
                for n in (0..CHANCE_OUTCOMES).filter(|n| listed.iter().all(|&(m, _)| m != *n)).step_by(7) {
                    assert!(
                        s.clone().chance(outcome(n).unwrap()).is_err(),
                        "{n} not listed at {:?}",
                        s.phase()
                    );
                }
                chances[match s.phase() {
                    Phase::Dice => 0,
                    Phase::Progress => 1,
                    _ => 2,
                }] += 1;
                let c = s.resolve_chance().unwrap();
                let n = outcome_number(c).unwrap();
                assert!(listed.iter().any(|&(m, _)| m == n), "{c:?} not among {listed:?}");
                continue;
            }
            s.legal_moves(&mut moves);
            numbers.clear();
            for &mv in &moves {
                let a = encode(mv).unwrap_or_else(|| panic!("{mv:?} has no number"));
                assert_eq!(decode(a), Some(mv));
                numbers.push(a);
                seen[a] = true;
            }
            let n = numbers.len();
            numbers.sort_unstable();
            numbers.dedup();
            assert_eq!(numbers.len(), n, "two moves share a number");
            let mv = if s.phase() == Phase::Main && moves.contains(&Move::End) && rng.random_bool(0.3) {
                Move::End
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            s.apply(mv);
        }
    }
    assert!(chances.iter().all(|&n| n > 0), "{chances:?}");
    let reached = seen[ACTIONS..].iter().filter(|&&b| b).count();
    assert!(reached > 300, "{reached} of Städte und Ritter's numbers reached");
}

#[test]
fn every_legal_move_of_random_games_has_its_own_number() {
    let mut options = Options::OFFICIAL;
    options.player_trade = true;
    let (mut moves, mut numbers) = (Vec::new(), Vec::new());
    let (mut seen, mut proposals) = ([false; ACTIONS], 0);
    for (game, options) in
        [Options::OFFICIAL, Options::CATANATRON, options].into_iter().cycle().take(60).enumerate()
    {
        let mut s = State::deal(2 + game % 3, options, game as u64).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game as u64);
        while !s.is_over() {
            if s.resolve_chance().is_some() {
                continue;
            }
            s.legal_moves(&mut moves);
            numbers.clear();
            for &mv in &moves {
                match encode(mv) {
                    Some(a) => {
                        assert_eq!(decode(a), Some(mv), "{mv:?}");
                        assert!(s.check(mv).is_ok());
                        numbers.push(a);
                        seen[a] = true;
                    }
                    None => {
                        assert!(matches!(mv, Move::Propose(..)), "{mv:?} has no number");
                        proposals += 1;
                    }
                }
            }
            let n = numbers.len();
            numbers.sort_unstable();
            numbers.dedup();
            assert_eq!(numbers.len(), n, "two moves share a number");
            s.apply(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(proposals > 0, "player trade was on in a third of the games");
    // Random games reach most of the space: every kind of move.
    let reached = seen.iter().filter(|&&b| b).count();
    assert!(reached > ACTIONS * 3 / 4, "{reached} of {ACTIONS} reached");
}

/// Asserts two observation vectors are equal, naming the first section that differs.
fn same(a: &[f32], b: &[f32], what: &str) {
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else { return };
    let (mut start, mut section) = (0, "");
    for (name, len) in stadt_catan::tensor::SECTIONS.into_iter().chain(stadt_catan::tensor::KNIGHTS_SECTIONS)
    {
        if i < start + len {
            section = name;
            break;
        }
        start += len;
    }
    panic!("{what} differs at {i} ({section}, offset {}): {} against {}", i - start, a[i], b[i]);
}

/// Every player's observation vector at every decision of random games is the same in the game and
/// in its samples for that player (`canonical`, `determinized`): it shows nothing the player
/// cannot see (C41). And it is not blind: the vector changes along the game.
#[test]
fn c41_the_observation_vector_shows_a_player_only_what_it_sees() {
    use stadt_catan::ids::Player;
    use stadt_catan::tensor::{LEN, SECTIONS, observation};
    assert_eq!(SECTIONS.iter().map(|s| s.1).sum::<usize>(), LEN);
    let (mut a, mut b) = (vec![0f32; LEN], vec![0f32; LEN]);
    let mut moves = Vec::new();
    let mut changes = 0;
    for game in 0..12u64 {
        let players = 2 + game as usize % 3;
        let mut s = State::deal(players, Options::OFFICIAL, 100 + game).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game);
        let mut last = vec![0f32; LEN];
        let mut step = 0;
        while !s.is_over() {
            if s.resolve_chance().is_some() {
                continue;
            }
            step += 1;
            if step % 7 == 0 {
                for v in 0..players {
                    observation(&s, Player(v as u8), &mut a);
                    observation(&s.canonical(v), Player(v as u8), &mut b);
                    same(&a, &b, &format!("game {game} step {step} viewer {v}: the canonical view"));
                    observation(&s.determinized(v, &mut rng), Player(v as u8), &mut b);
                    same(&a, &b, &format!("game {game} step {step} viewer {v}: a sample"));
                }
                observation(&s, Player(0), &mut a);
                changes += (a != last) as usize;
                last.copy_from_slice(&a);
            }
            s.legal_moves(&mut moves);
            s.apply(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(changes > 100, "{changes}");
}

/// The same for Städte und Ritter's longer vector (K85: the others' progress cards and unknown
/// commodities stay hidden).
#[test]
fn k85_the_knights_observation_vector_shows_a_player_only_what_it_sees() {
    use stadt_catan::ids::Player;
    use stadt_catan::tensor::{KNIGHTS_LEN, KNIGHTS_SECTIONS, LEN, len, observation};
    assert_eq!(KNIGHTS_SECTIONS.iter().map(|s| s.1).sum::<usize>(), KNIGHTS_LEN);
    let n = len(&Options::KNIGHTS);
    assert_eq!(n, LEN + KNIGHTS_LEN);
    let (mut a, mut b) = (vec![0f32; n], vec![0f32; n]);
    let mut moves = Vec::new();
    let mut changes = 0;
    for game in 0..6u64 {
        let players = 3 + game as usize % 2;
        let options = if game % 2 == 0 { Options::KNIGHTS } else { Options::CUXTAN };
        let mut s = State::deal(players, options, 200 + game).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game);
        let mut last = vec![0f32; n];
        let mut step = 0;
        while !s.is_over() && step < 2500 {
            if s.resolve_chance().is_some() {
                continue;
            }
            step += 1;
            if step % 11 == 0 {
                for v in 0..players {
                    observation(&s, Player(v as u8), &mut a);
                    observation(&s.canonical(v), Player(v as u8), &mut b);
                    same(&a, &b, &format!("game {game} step {step} viewer {v}: the canonical view"));
                    observation(&s.determinized(v, &mut rng), Player(v as u8), &mut b);
                    same(&a, &b, &format!("game {game} step {step} viewer {v}: a sample"));
                }
                observation(&s, Player(0), &mut a);
                changes += (a[LEN..] != last[LEN..]) as usize;
                last.copy_from_slice(&a);
            }
            s.legal_moves(&mut moves);
            let mv = if s.phase() == Phase::Main && moves.contains(&Move::End) && rng.random_bool(0.3) {
                Move::End
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            s.apply(mv);
        }
    }
    assert!(changes > 50, "{changes}");
}
