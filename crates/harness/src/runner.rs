//! Playing one game of Die Stadt between agents, optionally writing its record: the core's runner
//! (`stadt_core::runner`) on a deck dealt from a seed or given.

use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::kind::{DieStadt, GameInfo};
use die_stadt::moves::Move;
use die_stadt::observation::Observation;
use die_stadt::tiles::TileSet;
use rand_pcg::Pcg64Mcg;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::runner::{self, Table};
use stadt_core::seat::{Seat, outside_seed};
use std::sync::atomic::AtomicBool;

pub use die_stadt::kind::RecordHead;

/// A finished game of Die Stadt and what the runner measured.
pub type PlayedGame = runner::PlayedGame<DieStadt>;

pub use die_stadt::kind::deck_order;

/// Plays a game: seat i is played by `bots[i]`, the deck comes from `deck_seed`, and seat i's
/// agent randomness from (`agent_seed`, i). `want_record` asks for the record, with that header.
pub fn play_game<S: Seat<DieStadt>>(
    tileset: &'static TileSet,
    bots: &[S],
    deck_seed: u64,
    agent_seed: u64,
    want_record: Option<&RecordHead>,
) -> Result<PlayedGame, Error> {
    let never = AtomicBool::new(false);
    Ok(play_game_until(tileset, bots, deck_seed, agent_seed, want_record, &never)?.expect("not stopped"))
}

/// As `play_game`, but gives up (returns None) between decisions once `stop` is set.
pub fn play_game_until<S: Seat<DieStadt>>(
    tileset: &'static TileSet,
    bots: &[S],
    deck_seed: u64,
    agent_seed: u64,
    want_record: Option<&RecordHead>,
    stop: &AtomicBool,
) -> Result<Option<PlayedGame>, Error> {
    let order = deck_order(tileset, deck_seed);
    play_deck(tileset, bots, &order, agent_seed, want_record, stop, &mut |_, _| {})
}

/// What an agent is shown: the public table, or the whole game for a bot that asks to be
/// clairvoyant (an experiment's switch, named in its spec).
pub fn observation(game: &Game, clairvoyant: bool) -> Observation<'_> {
    DieStadt::new(game.table().tileset()).observe(game, clairvoyant, None)
}

/// Plays a game on a given deck (`order`: pile 1, 2, 3, top first). `observe` sees what each
/// agent was shown and what it decided, before the move is applied; tests use it to prove that no
/// agent sees the hidden order.
pub fn play_deck<S: Seat<DieStadt>>(
    tileset: &'static TileSet,
    bots: &[S],
    order: &[u8],
    agent_seed: u64,
    want_record: Option<&RecordHead>,
    stop: &AtomicBool,
    observe: &mut dyn FnMut(&Observation, Move),
) -> Result<Option<PlayedGame>, Error> {
    let game = Game::new(tileset, bots.len(), order)?;
    let kind = DieStadt::new(tileset);
    // The deck decides every draw: the generator for chance is never asked.
    let table = Table { kind: &kind, agent_seed, chance_seed: 0, want_record, stop };
    runner::play(&table, bots, game, observe)
}

/// What the agent in `seat` of a game is told of it: the seed is the one its generator gets
/// (`agent_rng`); a bot in another program is told a keyed hash of it (`stadt_core::secret`).
pub fn game_info(tileset: &'static TileSet, players: usize, seat: Player, agent_seed: u64) -> GameInfo {
    DieStadt::new(tileset).info(players, seat.index(), outside_seed(agent_seed, seat.index()))
}

/// The random generator of the agent in `seat`, from the game's agent seed (the seed a bot in
/// another program is told a keyed hash of).
pub fn agent_rng(agent_seed: u64, seat: Player) -> Pcg64Mcg {
    runner::agent_rng(agent_seed, seat.index())
}
