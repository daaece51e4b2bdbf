//! `stadt.random_playouts`: many random games inside Rust with the interpreter released, the
//! fast path for researchers who need playouts in bulk (and the measure of what crossing into
//! Python costs).

use crate::errors::value_error;
use die_stadt::game::Game;
use die_stadt::tiles::{TILE_COUNT, TileSet};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use stadt_harness::bench::random_playout;

/// Plays `n` games of uniformly random moves between `players` players, each on a deck shuffled
/// from `seed`; returns the games, the decisions taken and the mean score per player.
#[pyfunction]
#[pyo3(signature = (n, seed = 0, players = 4))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    players: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if !die_stadt::table::PLAYERS.contains(&players) {
        return Err(value_error(format!("players must be 2, 3 or 4, not {players}")));
    }
    let (decisions, total) = py.detach(|| {
        let set = TileSet::default_set();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut order = [0u8; TILE_COUNT];
        order.copy_from_slice(&set.deck());
        let mut game = Game::new(set, players, &order).expect("a full deck");
        let mut moves = Vec::with_capacity(256);
        let (mut decisions, mut total) = (0u64, 0i64);
        for _ in 0..n {
            order.shuffle(&mut rng);
            game.reset(players, &order).expect("a full deck");
            decisions += random_playout(&mut game, &mut moves, &mut rng) as u64;
            total += game.table().scores()[..players].iter().map(|&s| s as i64).sum::<i64>();
        }
        (decisions, total)
    });
    let d = PyDict::new(py);
    d.set_item("games", n)?;
    d.set_item("decisions", decisions)?;
    d.set_item("mean_score", if n == 0 { 0.0 } else { total as f64 / (n as f64 * players as f64) })?;
    Ok(d)
}
