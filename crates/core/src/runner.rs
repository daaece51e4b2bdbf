//! Playing one game between agents of any game, optionally writing its record: the loop every
//! tournament, sequential test, tuning run and `stadt play` game goes through.

use crate::agent::Forfeit;
use crate::error::Error;
use crate::game::Game;
use crate::kind::GameKind;
use crate::play::play_out;
use crate::seat::{Seat, SeatAgent, outside_seed};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A finished game and what the runner measured.
pub struct PlayedGame<K: GameKind> {
    /// The final game.
    pub game: K::State,
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

/// The random generator of the agent in `seat` (0-based), from the game's agent seed (the seed a
/// bot in another program is told, so it can play as it would inside stadt).
pub fn agent_rng(agent_seed: u64, seat: usize) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(outside_seed(agent_seed, seat))
}

/// How a game is played: chance from `chance` (a game whose deal fixes every outcome never asks
/// it), agent randomness from `agent_seed`, the record with `want_record`'s header when asked for.
pub struct Table<'a, K: GameKind> {
    /// The game.
    pub kind: &'a K,
    /// Seeds each seat's agent generator.
    pub agent_seed: u64,
    /// Seeds chance where the deal does not fix it.
    pub chance_seed: u64,
    /// The record's header, when a record is wanted.
    pub want_record: Option<&'a K::RecordHead>,
    /// Set to give up between decisions.
    pub stop: &'a AtomicBool,
}

/// Plays the dealt game `game` to its end: seat i is played by `bots[i]`. `observe` sees what each
/// agent was shown and what it decided, before the move is applied; tests use it to prove that no
/// agent sees the hidden part. None when `stop` was set first.
pub fn play<K: GameKind, S: Seat<K>>(
    table: &Table<'_, K>,
    bots: &[S],
    mut game: K::State,
    observe: &mut dyn FnMut(&K::Observation<'_>, K::Move),
) -> Result<Option<PlayedGame<K>>, Error> {
    let kind = table.kind;
    let n = bots.len();
    debug_assert_eq!(game.players(), n, "a seat for every player of the dealt game");
    let mut agents: Vec<SeatAgent<K>> =
        bots.iter().enumerate().map(|(p, b)| b.agent(table.agent_seed, p)).collect::<Result<_, _>>()?;
    let mut rngs: Vec<Pcg64Mcg> = (0..n).map(|p| agent_rng(table.agent_seed, p)).collect();
    let clairvoyant: Vec<bool> = bots.iter().map(|b| b.clairvoyant()).collect();
    let mut text = table.want_record.map(|h| kind.record_header(&game, h));
    let mut history = tell_new_game(kind, &mut agents, table.agent_seed);
    let mut seconds = vec![0.0; n];
    let mut decisions = vec![0; n];
    let mut forfeits = vec![None; n];
    let mut decide = |game: &K::State, p: usize| -> Result<K::Move, Error> {
        let start = Instant::now();
        if let Some(h) = history.as_mut() {
            kind.history_catch_up(h, game);
        }
        let obs = kind.observe(game, clairvoyant[p], history.as_ref().map(|h| kind.history_text(h)));
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
        // The observation borrows the history, which the move is added to below.
        drop(obs);
        if let Err(e) = kind.check(game, mv) {
            return Err(Error::IllegalMove(format!(
                "bot {} (p{}) chose an illegal move {e}",
                bots[p].label(),
                p + 1
            )));
        }
        if let Some(t) = text.as_mut() {
            t.push_str(&kind.record_line(game, mv));
        }
        if let Some(h) = history.as_mut() {
            kind.history_push(h, game, mv);
        }
        Ok(mv)
    };
    let mut chance = Pcg64Mcg::seed_from_u64(table.chance_seed);
    if !play_out(&mut game, &mut decide, &mut chance, table.stop)? {
        return Ok(None);
    }
    if let Some(t) = text.as_mut() {
        t.push_str(&kind.record_end(&game));
    }
    Ok(Some(PlayedGame { game, record: text, decision_seconds: seconds, decisions, forfeits }))
}

/// The move `bot` would make in seat `seat` of `game` (a decision of that seat), as it would in a
/// game the runner plays: its agent set up from `agent_seed`, told the game when it wants the
/// public record (`history`, the record so far), its generator `agent_rng(agent_seed, seat)`. Err
/// when its agent failed (a bot in another program; the message has its last stderr lines) or
/// chose an illegal move.
pub fn suggest<K: GameKind, S: Seat<K>>(
    kind: &K,
    bot: &S,
    game: &K::State,
    seat: usize,
    history: &K::History,
    agent_seed: u64,
) -> Result<K::Move, Error> {
    let players = game.players();
    let mut agent = match bot.agent(agent_seed, seat)? {
        SeatAgent::Bot(agent) => agent,
        SeatAgent::Outside(_) => {
            return Err(Error::Setting(format!("{}: an outside agent cannot be asked here", bot.label())));
        }
    };
    let wants = agent.wants_history();
    if wants {
        agent.new_game(&kind.info(players, seat, outside_seed(agent_seed, seat)));
    }
    let obs = kind.observe(game, bot.clairvoyant(), wants.then(|| kind.history_text(history)));
    let mv = agent.act(&obs, &mut agent_rng(agent_seed, seat));
    if let Some(f) = agent.forfeit() {
        let tail = if f.stderr_tail.is_empty() {
            String::new()
        } else {
            format!("; its last stderr lines:\n{}", f.stderr_tail)
        };
        return Err(Error::Agent { label: bot.label().to_string(), message: format!("{}{tail}", f.message) });
    }
    drop(obs);
    kind.check(game, mv).map_err(|e| {
        Error::IllegalMove(format!("bot {} (p{}) chose an illegal move {e}", bot.label(), seat + 1))
    })?;
    Ok(mv)
}

/// Tells the agents that need it (bots in other programs) which game they play, and starts the
/// public record they are shown; None when no agent needs it (then nothing is spent on it).
fn tell_new_game<K: GameKind>(kind: &K, agents: &mut [SeatAgent<K>], agent_seed: u64) -> Option<K::History> {
    if !agents.iter().any(|a| matches!(a, SeatAgent::Bot(b) if b.wants_history())) {
        return None;
    }
    let players = agents.len();
    for (p, agent) in agents.iter_mut().enumerate() {
        if let SeatAgent::Bot(agent) = agent {
            agent.new_game(&kind.info(players, p, outside_seed(agent_seed, p)));
        }
    }
    Some(kind.history(players))
}
