//! Playing one game between agents, optionally writing its record.

use crate::entrant::{Seat, SeatAgent, outside_seed};
use crate::error::Error;
use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::moves::Move;
use die_stadt::public_record::PublicLog;
use die_stadt::record;
use die_stadt::tiles::TileSet;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use stadt_agents::agent::{Forfeit, GameInfo};
use stadt_agents::observation::Observation;
use stadt_agents::{process_bot, protocol};
use stadt_core::play::play_out;
use stadt_core::seeds::{derive, stream};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A finished game and what the runner measured.
pub struct PlayedGame {
    /// The final game.
    pub game: Game,
    /// The record, when asked for.
    pub record: Option<String>,
    /// Seconds spent deciding, per seat.
    pub decision_seconds: Vec<f64>,
    /// Decisions taken, per seat.
    pub decisions: Vec<u32>,
    /// Per seat, why its bot lost the game, if it did (a bot in another program that failed;
    /// a fallback played its seat to the end).
    pub forfeits: Vec<Option<Forfeit>>,
}

/// What a record's header holds besides the players and the piles: its `tiles` line (`default` or
/// the name of the tile-set file that will lie beside the record) and its optional `seed` line.
#[derive(Clone, Debug)]
pub struct RecordHead {
    /// The `tiles` line.
    pub tiles: String,
    /// The `seed` line.
    pub seed: Option<u64>,
}

/// The draw order for a deck seed.
pub fn deck_order(tileset: &TileSet, deck_seed: u64) -> Vec<u8> {
    let mut order = tileset.deck();
    order.shuffle(&mut Pcg64Mcg::seed_from_u64(derive(deck_seed, &[stream::DECK])));
    order
}

/// Plays a game: seat i is played by `bots[i]`, the deck comes from `deck_seed`, and seat i's
/// agent randomness from (`agent_seed`, i). `want_record` asks for the record, with that header.
pub fn play_game<S: Seat>(
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
pub fn play_game_until<S: Seat>(
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
    if clairvoyant { Observation::clairvoyant(game) } else { Observation::new(game) }
}

/// Plays a game on a given deck (`order`: pile 1, 2, 3, top first): the loop every tournament,
/// tuning run and `stadt play` game goes through. `observe` sees what each agent was shown and
/// what it decided, before the move is applied; tests use it to prove that no agent sees the
/// hidden order.
pub fn play_deck<S: Seat>(
    tileset: &'static TileSet,
    bots: &[S],
    order: &[u8],
    agent_seed: u64,
    want_record: Option<&RecordHead>,
    stop: &AtomicBool,
    observe: &mut dyn FnMut(&Observation, Move),
) -> Result<Option<PlayedGame>, Error> {
    let mut game = Game::new(tileset, bots.len(), order)?;
    let mut agents: Vec<SeatAgent> =
        Player::all(bots.len()).zip(bots).map(|(p, b)| b.agent(agent_seed, p)).collect::<Result<_, _>>()?;
    let mut rngs: Vec<Pcg64Mcg> = Player::all(bots.len()).map(|p| agent_rng(agent_seed, p)).collect();
    let clairvoyant: Vec<bool> = bots.iter().map(|b| b.clairvoyant()).collect();
    let mut text = want_record.map(|h| record::header(bots.len(), &h.tiles, tileset, order, h.seed));
    let mut public = tell_new_game(&mut agents, tileset, agent_seed);
    let mut seconds = vec![0.0; bots.len()];
    let mut decisions = vec![0; bots.len()];
    let mut forfeits = vec![None; bots.len()];
    let mut decide = |game: &Game, p: usize| -> Result<Move, Error> {
        let start = Instant::now();
        let mut obs = observation(game, clairvoyant[p]);
        if let Some(log) = public.as_mut() {
            log.catch_up(game.table());
            obs = obs.with_history(log.text());
        }
        let mv = match &mut agents[p] {
            SeatAgent::Bot(agent) => {
                let mv = agent.act(&obs, &mut rngs[p]);
                if let Some(f) = agent.forfeit() {
                    forfeits[p].get_or_insert(f);
                }
                mv
            }
            SeatAgent::Outside(agent) => agent
                .act(&obs)
                .map_err(|message| Error::Agent { label: bots[p].label().to_string(), message })?,
        };
        seconds[p] += start.elapsed().as_secs_f64();
        decisions[p] += 1;
        observe(&obs, mv);
        if let Err(e) = game.table().check(mv) {
            return Err(Error::IllegalMove(format!(
                "bot {} ({}) chose an illegal move `{}`: {e}",
                bots[p].label(),
                Player::new(p),
                record::decision_text(game.table(), mv)
            )));
        }
        if let Some(t) = text.as_mut() {
            t.push_str(&record::move_line(game.table(), mv));
            t.push('\n');
        }
        if let Some(log) = public.as_mut() {
            log.push(game.table(), mv);
        }
        Ok(mv)
    };
    // The deck decides every draw: the generator for chance is never asked.
    let mut chance = Pcg64Mcg::seed_from_u64(0);
    if !play_out(&mut game, &mut decide, &mut chance, stop)? {
        return Ok(None);
    }
    Ok(Some(PlayedGame { game, record: text, decision_seconds: seconds, decisions, forfeits }))
}

/// Tells the agents that need it (bots in other programs) which game they play, and starts the
/// public record they are shown; None when no agent needs it (then nothing is spent on it).
fn tell_new_game(agents: &mut [SeatAgent], tileset: &TileSet, agent_seed: u64) -> Option<PublicLog> {
    if !agents.iter().any(|a| matches!(a, SeatAgent::Bot(b) if b.wants_history())) {
        return None;
    }
    let players = agents.len();
    for (p, agent) in Player::all(players).zip(agents.iter_mut()) {
        if let SeatAgent::Bot(agent) = agent {
            agent.new_game(&game_info(tileset, players, p, agent_seed));
        }
    }
    Some(PublicLog::new(players, &process_bot::tiles_name(tileset)))
}

/// What the agent in `seat` of a game is told of it: the seed is the one its generator gets
/// (`agent_rng`), so a bot in another program can play as it would inside stadt.
pub fn game_info(tileset: &TileSet, players: usize, seat: Player, agent_seed: u64) -> GameInfo {
    GameInfo {
        seat,
        players,
        seed: outside_seed(agent_seed, seat),
        tiles: process_bot::tiles_name(tileset),
        tiles_sha256: protocol::tiles_sha256(tileset),
    }
}

/// The random generator of the agent in `seat`, from the game's agent seed (the seed a bot in
/// another program is told, so `stadt serve-bot` plays as the bot itself would).
pub fn agent_rng(agent_seed: u64, seat: Player) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(outside_seed(agent_seed, seat))
}
