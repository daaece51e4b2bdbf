//! `stadt._stadt`: the Rust half of the Python package `stadt` (crates/py/python/stadt holds the
//! Python half: the OpenSpiel game and the PettingZoo environment). docs/python.md documents it.

mod bot;
mod errors;
mod game;
mod playouts;
mod sprt;
mod tournament;

use die_stadt::actions;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The module.
#[pymodule]
fn _stadt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<bot::PyBot>()?;
    m.add_function(wrap_pyfunction!(tournament::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(sprt::sprt, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(bot_names, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add("NUM_ACTIONS", actions::ACTIONS)?;
    m.add("ACTION_TILE", actions::TILE)?;
    m.add("ACTION_FOLLOWER", actions::FOLLOWER)?;
    m.add("ACTION_GATE", actions::GATE)?;
    m.add("ACTION_WALL", actions::WALL)?;
    m.add("ACTION_TOWER", actions::TOWER)?;
    m.add("BOARD_SIDE", actions::SIDE)?;
    m.add("BOARD_REACH", actions::REACH)?;
    m.add("PLANES", die_stadt::tensor::PLANE_NAMES.to_vec())?;
    m.add("CATAN_NUM_ACTIONS", stadt_catan::actions::ACTIONS)?;
    m.add("KNIGHTS_NUM_ACTIONS", stadt_catan::actions::KNIGHTS_ACTIONS)?;
    m.add("CATAN_OBSERVATION_SIZE", stadt_catan::tensor::LEN)?;
    m.add("KNIGHTS_OBSERVATION_SIZE", stadt_catan::tensor::LEN + stadt_catan::tensor::KNIGHTS_LEN)?;
    m.add("CATAN_CHANCE_OUTCOMES", stadt_catan::actions::CHANCE_OUTCOMES)?;
    m.add(
        "CATAN_OBSERVATION_SECTIONS",
        stadt_catan::tensor::SECTIONS.iter().map(|&(name, len)| (name, len)).collect::<Vec<_>>(),
    )?;
    m.add(
        "KNIGHTS_OBSERVATION_SECTIONS",
        stadt_catan::tensor::KNIGHTS_SECTIONS.iter().map(|&(name, len)| (name, len)).collect::<Vec<_>>(),
    )?;
    m.add(
        "KNIGHTS_ACTION_BLOCKS",
        stadt_catan::actions::KNIGHT_BLOCKS.iter().map(|&(name, len)| (name, len)).collect::<Vec<_>>(),
    )?;
    m.add("CHANCE", game::CHANCE)?;
    m.add("TERMINAL", game::TERMINAL)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add("BUILD", stadt_harness::provenance::SOURCES)?;
    m.add("DEFAULTS", defaults(m.py())?)?;
    Ok(())
}

/// The defaults of `stadt.tournament` and `stadt.sprt`: the command line's, from
/// `stadt_harness::settings`.
fn defaults(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    use stadt_harness::settings::{ERROR_RATE, GAMES, MAX_GAMES, PLAYERS, SEED, TILES};
    let d = PyDict::new(py);
    d.set_item(PLAYERS.name, PLAYERS.default)?;
    d.set_item(GAMES.name, GAMES.default)?;
    d.set_item(SEED.name, SEED.default)?;
    d.set_item(MAX_GAMES.name, MAX_GAMES.default)?;
    d.set_item("alpha", ERROR_RATE)?;
    d.set_item("beta", ERROR_RATE)?;
    d.set_item("tiles", TILES)?;
    d.set_item("game", stadt::registry::default_name())?;
    Ok(d)
}

/// The bots of the game `game` names (the first game when none), by name; an unknown game raises
/// `ValueError` naming the games.
#[pyfunction]
#[pyo3(signature = (game = None))]
fn bot_names(game: Option<&str>) -> PyResult<Vec<&'static str>> {
    let game = game.unwrap_or(stadt::registry::default_name());
    let bots = stadt::registry::dispatch(game, "game", stadt_harness::plugin::BotsOf)
        .map_err(errors::harness_error)?;
    Ok(bots.bot_names())
}
