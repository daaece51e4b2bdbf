//! The fixed action space (`stadt_catan::actions`): every number names one move and back, and
//! every legal move of random games (a proposal aside) has its own number.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::actions::{ACTIONS, decode, encode};
use stadt_catan::moves::Move;
use stadt_catan::options::Options;
use stadt_catan::state::State;

#[test]
fn every_action_number_names_one_move_and_back() {
    for a in 0..ACTIONS {
        let mv = decode(a).unwrap_or_else(|| panic!("{a} names no move"));
        assert_eq!(encode(mv), Some(a), "{a}: {mv:?}");
    }
    assert_eq!(decode(ACTIONS), None);
    assert_eq!(ACTIONS, 342);
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
    for (name, len) in stadt_catan::tensor::SECTIONS {
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
