//! `stadt play`: one game between bots, its final scores by source, optionally its record (with
//! the tile set beside it) and a picture of the city.

use crate::cli::{BotDirArg, refuse_existing, split_bots};
use crate::failure::Failure;
use clap::Args;
use stadt_agents::seeds::derive;
use stadt_core::record;
use stadt_harness::output::write_file;
use stadt_harness::pictures::city::city_svg;
use stadt_harness::{render, runner, tileset};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Number of players, 2 to 4.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Seed of the game: the deck and every bot's randomness derive from it.
    #[arg(long, default_value_t = 1)]
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
    /// Tile set file (the table form of docs/rules.md section 8) instead of the default set.
    #[arg(long, value_name = "FILE", default_value = "default")]
    pub tiles: String,
}

pub fn play(a: PlayArgs) -> Result<(), Failure> {
    if !(2..=4).contains(&a.players) {
        return Err(format!("--players must be 2, 3 or 4, not {}", a.players).into());
    }
    let tileset = tileset::load(&a.tiles)?;
    let mut bots = split_bots(&a.bots, &a.bot_dir.dirs())?;
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
    if let Some(svg) = &a.svg {
        refuse_existing("--svg", svg)?;
        if a.record.as_ref() == Some(svg) {
            return Err(format!("--svg and --record both name {}; give two files", svg.display()).into());
        }
    }
    let mut head = None;
    let mut tile_copy = None;
    if let Some(path) = &a.record {
        refuse_existing("--record", path)?;
        let (tiles, copy) = record_tiles(path, &a.tiles)?;
        head = Some(runner::RecordHead { tiles, seed: Some(a.seed) });
        tile_copy = copy;
    }
    let played =
        runner::play_game(tileset, &bots, derive(a.seed, &[0]), derive(a.seed, &[1]), head.as_ref())?;
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        if let Some(target) = &tile_copy {
            let text =
                std::fs::read_to_string(&a.tiles).map_err(|e| format!("cannot read {}: {e}", a.tiles))?;
            write_file(target, &text, false)?;
        }
        write_file(path, text, false)?;
    }
    if let Some(svg) = &a.svg {
        let seats: Vec<String> = bots.iter().map(|b| b.label.clone()).collect();
        write_file(svg, &city_svg(played.game.table(), &seats, played.game.is_over()), false)?;
    }
    if a.show {
        print!("{}", render::render(played.game.table()));
    }
    print!("{}", record::score_lines(played.game.table(), true));
    Ok(())
}

/// Where `play --record` puts the tile set: the `tiles` line of the record, and the file to write
/// beside it (None when it is the default set or already there).
fn record_tiles(record: &Path, tiles: &str) -> Result<(String, Option<PathBuf>), Failure> {
    if tiles == "default" {
        return Ok(("default".into(), None));
    }
    let source = Path::new(tiles);
    let file_name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name: String = file_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' })
        .collect();
    let name = if tileset::is_plain_file_name(&name) { name } else { "tiles.tiles".to_string() };
    let dir = record.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let target = dir.join(&name);
    let wanted = std::fs::read(source).map_err(|e| format!("cannot read tile set file {tiles}: {e}"))?;
    match std::fs::read(&target) {
        Ok(there) if there == wanted => Ok((name, None)),
        Ok(_) => Err(format!(
            "the record's tile set would be written beside it as {}, but a different file of that name is there; not overwriting it",
            target.display()
        )
        .into()),
        Err(_) => Ok((name, Some(target))),
    }
}
