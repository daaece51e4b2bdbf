//! The command line: `stadt play | replay | bots | bench | tournament | tune`.

use crate::agent::{self, BotSpec};
use crate::output::write_file;
use crate::record::{self, Record};
use crate::render;
use crate::runner;
use crate::seeds::derive;
use crate::tiles::TileSet;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// A research harness for Carcassonne: Die Stadt: an exact rules engine, bots, tournaments and tuning.
#[derive(Parser, Debug)]
#[command(name = "stadt", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play one game between bots and print every player's final score by source.
    Play(PlayArgs),
    /// Check a game record decision by decision and print the final scores (exit code 2 on the
    /// first illegal or malformed line).
    Replay(ReplayArgs),
    /// List every bot with its parameters and defaults, and the bot files in bots/.
    Bots,
    /// Measure the engine's speed and print one CSV line per figure (figure,value,unit,target).
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Seconds to spend measuring each figure.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Seed of the random games the figures are measured on.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Number of players, 2 to 4.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Seed of the game: the deck and every bot's randomness derive from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots by seat, comma-separated (`random,greedy`), or one bot for every seat. A bot is NAME,
    /// NAME:key=value,... or a bot file; see `stadt bots`.
    #[arg(long, default_value = "random")]
    bots: String,
    /// Write the game record (stadt-record 1) to this file; it must not exist yet.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Draw the final city in the terminal.
    #[arg(long)]
    show: bool,
    /// Tile set file (the table form of RULES.md section 8) instead of the default set.
    #[arg(long, value_name = "FILE", default_value = "default")]
    tiles: String,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The record to check.
    file: PathBuf,
    /// Accept a record that stops before the game is over and print the scores reached
    /// (`score p1 ...` lines, no closing or final scoring).
    #[arg(long)]
    partial: bool,
    /// Draw the city at the end in the terminal.
    #[arg(long)]
    show: bool,
    /// Tile set file to read the record with, instead of the one its `tiles` line names.
    #[arg(long, value_name = "FILE")]
    tiles: Option<String>,
}

/// An error for the user, with the exit code to leave with.
pub struct Failure {
    /// Exit code.
    pub code: i32,
    /// Message for stderr.
    pub message: String,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { code: 2, message }
    }
}

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
        Command::Bench(a) => {
            if !(a.seconds > 0.0 && a.seconds <= 600.0) {
                return Err(format!("--seconds must be between 0 and 600, not {}", a.seconds).into());
            }
            print!("{}", crate::bench::csv(&crate::bench::run(a.seconds, a.seed)));
            Ok(())
        }
        Command::Bots => {
            print!("{}", agent::describe_bots());
            Ok(())
        }
    }
}

/// Splits a comma-separated bot list where a bot may carry its own `key=value` pairs:
/// a piece with `=` and no `:` continues the bot before it.
pub fn split_bots(text: &str) -> Result<Vec<BotSpec>, String> {
    let mut items: Vec<String> = Vec::new();
    for piece in text.split(',').map(str::trim) {
        if piece.is_empty() {
            return Err(format!("empty bot name in `{text}`"));
        }
        match items.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(if last.contains(':') { ',' } else { ':' });
                last.push_str(piece);
            }
            _ => items.push(piece.to_string()),
        }
    }
    items.iter().map(|s| agent::parse_bot(s)).collect()
}

fn play(a: PlayArgs) -> Result<(), Failure> {
    if !(2..=4).contains(&a.players) {
        return Err(format!("--players must be 2, 3 or 4, not {}", a.players).into());
    }
    let tileset = TileSet::load(&a.tiles)?;
    let mut bots = split_bots(&a.bots)?;
    if bots.len() == 1 {
        bots = vec![bots[0].clone(); a.players];
    }
    if bots.len() != a.players {
        return Err(format!(
            "--bots names {} bots for {} players (give one per seat, or one for all)",
            bots.len(),
            a.players
        )
        .into());
    }
    if let Some(path) = &a.record
        && path.exists()
    {
        return Err(format!("{} already exists; not overwriting it", path.display()).into());
    }
    let played = runner::play_game(
        tileset,
        &bots,
        derive(a.seed, &[0]),
        derive(a.seed, &[1]),
        a.record.as_ref().map(|_| Some(a.seed)),
    )?;
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        write_file(path, text, false)?;
    }
    if a.show {
        print!("{}", render::render(played.game.table()));
    }
    print!("{}", record::score_lines(played.game.table(), true));
    Ok(())
}

fn replay(a: ReplayArgs) -> Result<(), Failure> {
    let text =
        std::fs::read_to_string(&a.file).map_err(|e| format!("cannot read {}: {e}", a.file.display()))?;
    let tiles = match &a.tiles {
        Some(t) => Some(TileSet::load(t)?),
        None => None,
    };
    let name = a.file.display().to_string();
    let rec = Record::parse(&text, tiles).map_err(|e| format!("{name}: {e}"))?;
    let out = record::replay(&rec, a.partial).map_err(|e| format!("{name}: {e}"))?;
    if a.show {
        print!("{}", render::render(out.game.table()));
    }
    print!("{}", record::score_lines(out.game.table(), out.finished));
    Ok(())
}
