//! `stadt play`: one game between bots (or with a person at the browser), its final points,
//! optionally its record and a picture, of whichever game `--game` names (through its plug-in).

use crate::args::{BotDirArg, refuse_existing};
use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_core::output::write_file;
use stadt_core::runner::Table;
use stadt_core::seat::Seat;
use stadt_core::seeds::{derive, stream};
use stadt_core::stop::Stop;
use stadt_harness::hosted::check_players;
use stadt_harness::plugin::{Chosen, ForGame, Person, PlayHead, Plugin};
use stadt_harness::settings::{SEED, TILES, default_players};
use stadt_harness::web::server::LocalServer;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Number of players, as the game allows (default 2 or the game's fewest; with --human, one
    /// more than the bots named).
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of the game: the deck and every bot's randomness derive from it.
    #[arg(long, default_value_t = SEED.default)]
    pub seed: u64,
    /// Bots by seat, comma-separated (`random,greedy`), or one bot for every seat. A bot is NAME,
    /// NAME:key=value,... or a bot file; see `stadt bots`.
    #[arg(long, default_value = "random")]
    pub bots: String,
    #[command(flatten)]
    pub bot_dir: BotDirArg,
    /// Write the game record (stadt-record 1) to this file; it must not exist yet. With --tiles,
    /// the tile set is written beside it (unless it is there already), so the record replays
    /// wherever the two are moved together.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Draw the final city in the terminal.
    #[arg(long)]
    pub show: bool,
    /// Write a picture of the final city to this SVG file: tiles, followers, the wall, a legend with
    /// the bots by seat, and the final scores. The file must not exist yet.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Tile set file (the table form of docs/die-stadt/rules.md section 8) instead of the default set.
    #[arg(long, value_name = "FILE", default_value = TILES)]
    pub tiles: String,
    /// Play seat N yourself in the browser (1 to 4; --bots then names the other seats, in order):
    /// the game is served on 127.0.0.1 at an address with a random token, printed at the start;
    /// open it yourself. It stops when the game is over or on Ctrl-C, writing --record either way.
    #[arg(long, value_name = "N")]
    pub human: Option<usize>,
    /// With --human: the port to serve on (default: one the system chooses).
    #[arg(long, value_name = "PORT", requires = "human")]
    pub port: Option<u16>,
    /// Play the deal of this record (its three piles) instead of the one --seed shuffles.
    #[arg(long, value_name = "RECORD")]
    pub deal: Option<PathBuf>,
    /// The game's options, `name=value` words separated by spaces or commas (`stadt games` lists
    /// each game's).
    #[arg(long, value_name = "OPTIONS", default_value = "")]
    pub options: String,
}

/// `stadt play` of the game `game` names.
pub fn play(a: PlayArgs, game: &str, stop: Stop) -> Result<(), Failure> {
    registry::dispatch(game, "--game", Play { a, stop })?
}

/// `stadt play` with the game named.
struct Play {
    a: PlayArgs,
    stop: Stop,
}

impl ForGame for Play {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, chosen: Chosen) -> Result<(), Failure> {
        let Play { mut a, stop } = self;
        a.options = chosen.options(&a.options)?;
        play_of::<K>(a, stop)
    }
}

/// `stadt play` of the game `K`.
fn play_of<K: Plugin>(a: PlayArgs, stop: Stop) -> Result<(), Failure> {
    let kind = K::set_up(&a.tiles, &a.options)?;
    // With --human, the bots take the other seats.
    let others = usize::from(a.human.is_some());
    let dirs = a.bot_dir.dirs();
    let mut bots: Vec<K::Entrant> = stadt_core::bots::split::split_bots(&a.bots)?
        .iter()
        .map(|w| K::entrant(&w.text, &dirs))
        .collect::<Result<_, _>>()?;
    // With --human and several bots named, they and the person make the game.
    let named = if others > 0 && bots.len() > 1 { bots.len() + 1 } else { default_players(&kind.players()) };
    let players =
        check_players("--players", a.players.unwrap_or(named), kind.players(), kind.players_rule())?;
    if bots.len() == 1 {
        bots = vec![bots[0].clone(); players - others];
    }
    if bots.len() + others != players {
        return Err(format!(
            "--bots names {} bots for {players} players{} (give one per seat, or one for all)",
            bots.len(),
            if others > 0 { " with the person" } else { "" }
        )
        .into());
    }
    SEED.check("--seed", a.seed)?;
    if let Some(path) = &a.record {
        refuse_existing("--record", path)?;
    }
    if let Some(seat) = a.human {
        return play_human(&a, &kind, &bots, seat, stop);
    }
    if let Some(path) = &a.svg {
        refuse_existing("--svg", path)?;
        if a.record.as_ref() == Some(path) {
            return Err(format!("--svg and --record both name {}; give two files", path.display()).into());
        }
    }
    let head = record_head(&a, &kind)?;
    let start = kind.dealt(players, derive(a.seed, &[0]), a.deal.as_deref())?;
    if a.show {
        terminal(&kind, &start)?;
    }
    let table = Table {
        kind: &kind,
        agent_seed: derive(a.seed, &[1]),
        chance_seed: derive(a.seed, &[stream::CHANCE]),
        want_record: head.as_ref().map(|h| &h.head),
        stop: stop.flag(),
    };
    let Some(played) = stadt_core::runner::play(&table, &bots, start, &mut |_, _| {})? else {
        return Err(Failure::Interrupted);
    };
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        write_record(path, text, head.as_ref())?;
    }
    if let Some(svg) = &a.svg {
        let seats: Vec<String> = bots.iter().map(|b| b.label().to_string()).collect();
        write_file(svg, &kind.picture(&played.game, &seats), false)?;
    }
    if a.show {
        print!("{}", terminal(&kind, &played.game)?);
    }
    print!("{}", kind.result_text(&played.game, 0));
    Ok(())
}

/// `state` drawn in the terminal (`--show`), or why the game cannot be.
fn terminal<K: Plugin>(kind: &K, state: &K::State) -> Result<String, Failure> {
    kind.terminal(state)
        .ok_or_else(|| format!("--show: {} has no terminal picture (draw it with --svg)", kind.name()).into())
}

/// The record's header when --record is given (and the files to write beside it).
fn record_head<K: Plugin>(a: &PlayArgs, kind: &K) -> Result<Option<PlayHead<K>>, Failure> {
    match &a.record {
        Some(path) => Ok(Some(kind.play_head(path, &a.tiles, a.seed)?)),
        None => Ok(None),
    }
}

/// Writes the record, and the files its header names beside it.
fn write_record<K: Plugin>(path: &Path, text: &str, head: Option<&PlayHead<K>>) -> Result<(), Failure> {
    for (target, text) in head.map_or(&[][..], |h| &h.beside[..]) {
        write_file(target, text, false)?;
    }
    write_file(path, text, false)?;
    Ok(())
}

/// `play --human N`: the person in seat N at the browser, the bots in the other seats.
fn play_human<K: Plugin>(
    a: &PlayArgs,
    kind: &K,
    bots: &[K::Entrant],
    seat: usize,
    stop: Stop,
) -> Result<(), Failure> {
    let players = bots.len() + 1;
    if !(1..=players).contains(&seat) {
        return Err(format!("--human {seat}: the seats are 1 to {players}").into());
    }
    if a.svg.is_some() || a.show {
        return Err("--svg and --show draw a bots' game; with --human the page shows the game".into());
    }
    let head = record_head(a, kind)?;
    let start = kind.dealt(players, derive(a.seed, &[0]), a.deal.as_deref())?;
    let server = LocalServer::bind(a.port.unwrap_or(0))?;
    println!("open {} to play seat {seat} (p{seat}); Ctrl-C stops the game", server.url());
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let person = Person {
        bots,
        seat: seat - 1,
        start,
        chance_seed: derive(a.seed, &[stream::CHANCE]),
        agent_seed: derive(a.seed, &[1]),
        record: head.as_ref().map(|h| &h.head),
        stop: &stop,
    };
    let ended = kind.serve_person(&server, &person)?;
    if let (Some(path), Some(text)) = (&a.record, &ended.record) {
        write_record(path, text, head.as_ref())?;
        println!("record: {}", path.display());
    }
    if let Some(result) = &ended.result {
        print!("{result}");
    }
    match ended.failure {
        None => Ok(()),
        Some(_) if stop.requested() => {
            if ended.record.is_some() {
                eprintln!(
                    "stadt: stopped before the end of the game; the record holds the decisions made (replay it with --partial)"
                );
            } else {
                eprintln!("stadt: stopped before the end of the game; no record is written");
            }
            Err(Failure::Interrupted)
        }
        Some(f) => Err(format!("the game failed: {f}").into()),
    }
}
