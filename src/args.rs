//! What the commands share: the bot folder and run-folder flags, threads, and the command line as
//! manifests record it.

use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::error::Error;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings;
use std::path::{Path, PathBuf};

/// The flag naming a folder of bot files.
#[derive(Args, Debug)]
pub struct BotDirArg {
    /// Folder to look up named bot files (NAME.bot) in first; then $STADT_BOTS, then ./bots.
    #[arg(long, value_name = "DIR")]
    pub bot_dir: Option<PathBuf>,
}

impl BotDirArg {
    /// Where named bot files are looked up.
    pub fn dirs(&self) -> BotDirs {
        BotDirs::standard(self.bot_dir.as_deref())
    }
}

/// The flags of a run into an output folder (tournaments and tests): where, with which tile set,
/// bot folder and threads, and whether to show progress.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Output folder (with an experiment file: instead of the file's `out`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Tile set file instead of the default set.
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<String>,
    /// The game's options, `name=value` words separated by spaces or commas (`stadt games` lists
    /// each game's; Catan's `catanatron` sets all of Catanatron's readings, `board=FILE` a fixed
    /// board).
    #[arg(long, value_name = "OPTIONS")]
    pub options: Option<String>,
    #[command(flatten)]
    pub bot_dir: BotDirArg,
    /// Worker threads, 1 to 256 (default: every core). Results are the same at any count.
    #[arg(long, help = threads_help())]
    pub threads: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Refuses an output file given with `flag` that is already there, before any work is done.
pub fn refuse_existing(flag: &str, path: &Path) -> Result<(), Failure> {
    if path.exists() {
        return Err(format!("{flag} {}: the file already exists; not overwriting it", path.display()).into());
    }
    Ok(())
}

/// Worker threads: the flag (checked against its range) or every core.
pub fn threads(flag: Option<u64>) -> Result<usize, Failure> {
    Ok(settings::threads("--threads", flag)?)
}

/// The help of `--threads`, with its range.
pub fn threads_help() -> String {
    let (low, high) = (settings::THREADS.start(), settings::THREADS.end());
    format!("Worker threads, {low} to {high} (default: every core). Results are the same at any count")
}

/// The command line as a user would type it: `stadt` and the arguments.
pub fn command_line() -> String {
    std::iter::once("stadt".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ")
}

/// The game a run plays: the one `--game` names (`flag`), the one its experiment file names
/// (`from_file`), or the registry's first; an error when the two name different games.
pub(crate) fn game_of_run(flag: Option<&str>, from_file: Option<&str>) -> Result<String, Failure> {
    match (flag, from_file) {
        (Some(f), Some(e)) if f != e => {
            Err(format!("--game {f}, but the experiment file is a game of {e}: give one game").into())
        }
        (Some(name), _) | (None, Some(name)) => Ok(name.to_string()),
        (None, None) => Ok(registry::default_name().to_string()),
    }
}

/// Runs `work` with the game of a run: the one `--game` names (`flag`), or the one of the
/// experiment file (`file`: its path and `game`), or the registry's first; a name no game has is
/// an error naming the file when the file named it.
pub(crate) fn dispatch_run<W: ForGame<Out = Result<(), Failure>>>(
    flag: Option<&str>,
    file: Option<(PathBuf, Option<String>)>,
    work: W,
) -> Result<(), Failure> {
    let name = game_of_run(flag, file.as_ref().and_then(|(_, g)| g.as_deref()))?;
    let how = if flag.is_some() { "--game" } else { "`game`" };
    registry::dispatch(&name, how, work).map_err(|e| match &file {
        Some((path, _)) if flag.is_none() => Failure::from(Error::file_of("experiment", path, e.to_string())),
        _ => Failure::from(e),
    })?
}

/// A run of the game `K` from the command line (no experiment file): its options are the alias's
/// preset and `--options`, and without `--players` it plays the game's default count.
pub(crate) fn command_line_run<K: Plugin>(
    chosen: Chosen,
    run: &mut RunArgs,
    players: &mut Option<usize>,
) -> Result<(), Failure> {
    let options = chosen.options(run.options.as_deref().unwrap_or_default())?;
    if players.is_none() {
        let tiles = run.tiles.as_deref().unwrap_or(settings::TILES);
        *players = Some(settings::default_players(&K::set_up(tiles, &options)?.players()));
    }
    run.options = Some(options);
    Ok(())
}
