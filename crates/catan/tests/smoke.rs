//! Random games run to their end under both rule sets.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::options::Options;
use stadt_catan::state::State;

#[test]
fn random_games_end_with_a_winner_or_at_the_turn_limit() {
    let mut buf = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let (mut steps, mut won) = (0, 0);
    for seed in 0..200u64 {
        let options = if seed % 2 == 0 { Options::OFFICIAL } else { Options::CATANATRON };
        let mut s = State::deal(2 + (seed % 3) as usize, options, seed).unwrap();
        while !s.is_over() {
            if s.phase().is_chance() {
                s.resolve_chance().unwrap();
                continue;
            }
            s.legal_moves(&mut buf);
            assert!(!buf.is_empty(), "seed {seed}: no legal move at {:?}", s.phase());
            let mv = buf[rng.random_range(0..buf.len())];
            s.play(mv).unwrap();
        }
        steps += s.steps();
        won += s.winner().is_some() as u32;
    }
    eprintln!("{steps} steps in 200 games, {won} won");
    assert!(won > 150);
}
