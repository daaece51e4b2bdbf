//! `stadt play`: one game between bots, its final scores by source, optionally its record (with
//! the tile set beside it) and a picture of the city.

use crate::args::{BotDirArg, refuse_existing};
use crate::failure::Failure;
use clap::Args;
use die_stadt::ids::Player;
use die_stadt::kind::DieStadt;
use die_stadt::pictures::city::city_svg;
use die_stadt::pictures::terminal as render;
use die_stadt::record::{self, Record, Tiles};
use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::BOTS;
use stadt_catan::kind::RecordHead as CatanRecordHead;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::split::split_bots;
use stadt_core::kind::GameKind;
use stadt_core::output::write_file;
use stadt_core::runner::Table;
use stadt_core::seat::Seat;
use stadt_core::seeds::{derive, stream};
use stadt_core::stop::Stop;
use stadt_harness::catan::{Catan, points_text};
use stadt_harness::games::Game;
use stadt_harness::hosted::{Hosted, check_players};
use stadt_harness::human::{self, PersonGame};
use stadt_harness::settings::{self, PLAYERS, SEED, TILES};
use stadt_harness::web::server::LocalServer;
use stadt_harness::{runner, tileset};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Number of players, 2 to 4 (default 2; with --human, one more than the bots named).
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

/// `stadt play` of the game `game`.
pub fn play(a: PlayArgs, game: Game, stop: Stop) -> Result<(), Failure> {
    if game == Game::Catan {
        return play_catan(a, stop);
    }
    if !a.options.is_empty() {
        // Die Stadt's set-up refuses every option, naming it.
        <DieStadt as Hosted>::set_up(TILES, &a.options)?;
    }
    if a.human.is_some() {
        return play_human(a, stop);
    }
    let a = PlayArgs { players: Some(a.players.unwrap_or(PLAYERS.default)), ..a };
    let players = settings::players("--players", a.players.expect("set"))?;
    let tileset = tileset::load(&a.tiles)?;
    let mut bots = BOTS.parse_bots(&a.bots, &a.bot_dir.dirs())?;
    if bots.len() == 1 {
        bots = vec![bots[0].clone(); players];
    }
    if bots.len() != players {
        return Err(format!(
            "--bots names {} bots for {} players (give one per seat, or one for all)",
            bots.len(),
            players
        )
        .into());
    }
    if let Some(svg) = &a.svg {
        refuse_existing("--svg", svg)?;
        if a.record.as_ref() == Some(svg) {
            return Err(format!("--svg and --record both name {}; give two files", svg.display()).into());
        }
    }
    let (head, tile_copy) = record_head(&a)?;
    let order = deal(&a, tileset)?;
    let never = std::sync::atomic::AtomicBool::new(false);
    let played = runner::play_deck(
        tileset,
        &bots,
        &order,
        derive(a.seed, &[1]),
        head.as_ref(),
        &never,
        &mut |_, _| {},
    )?
    .expect("never stopped");
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        write_record(&a, path, text, tile_copy.as_deref())?;
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

/// `stadt play` of Catan: one game between Catan's bots, dealt from --seed (the board, the deck
/// and the dice), its record and a picture of the board when asked, each player's points at the
/// end.
fn play_catan(a: PlayArgs, stop: Stop) -> Result<(), Failure> {
    let refused = [
        (a.show, "--show (Catan is drawn with --svg)"),
        (a.deal.is_some(), "--deal (a Catan deal is its --seed; a fixed board is --options board=FILE)"),
        (a.tiles != TILES, "--tiles (Catan has no tile set)"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        return Err(format!("--game catan: no {flag}").into());
    }
    let kind = Catan::set_up(TILES, &a.options)?;
    // With --human, the bots take the other seats.
    let others = usize::from(a.human.is_some());
    let dirs = a.bot_dir.dirs();
    let mut bots: Vec<BotSpec<Catan>> =
        split_bots(&a.bots)?.iter().map(|w| Catan::entrant(&w.text, &dirs)).collect::<Result<_, _>>()?;
    // As for Die Stadt: with --human and several bots named, they and the person make the game.
    let named = if others > 0 && bots.len() > 1 { bots.len() + 1 } else { PLAYERS.default };
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
    if let Some(seat) = a.human {
        return play_catan_human(&a, &kind, &bots, seat, stop);
    }
    for (flag, path) in [("--record", &a.record), ("--svg", &a.svg)] {
        if let Some(path) = path {
            refuse_existing(flag, path)?;
        }
    }
    if a.record.is_some() && a.record == a.svg {
        return Err("--svg and --record name the same file; give two files".into());
    }
    let table = Table {
        kind: &kind,
        agent_seed: derive(a.seed, &[1]),
        chance_seed: derive(a.seed, &[stream::CHANCE]),
        want_record: a.record.as_ref().map(|_| &CatanRecordHead),
        stop: stop.flag(),
    };
    let game = kind.deal(players, derive(a.seed, &[0]))?;
    let Some(played) = stadt_core::runner::play(&table, &bots, game, &mut |_, _| {})? else {
        return Err(Failure::Interrupted);
    };
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        write_file(path, text, false)?;
    }
    if let Some(svg) = &a.svg {
        let seats: Vec<String> = bots.iter().map(|b| b.label().to_string()).collect();
        write_file(svg, &kind.picture(&played.game, &seats), false)?;
    }
    print!("{}", points_text(&kind, &played.game, 0));
    Ok(())
}

/// `stadt --game catan play --human N`: the person in seat N at the browser (the generic page:
/// what the seat sees, and its legal moves as buttons), the bots in the other seats.
fn play_catan_human(
    a: &PlayArgs,
    kind: &Catan,
    bots: &[BotSpec<Catan>],
    seat: usize,
    stop: Stop,
) -> Result<(), Failure> {
    let players = bots.len() + 1;
    if !(1..=players).contains(&seat) {
        return Err(format!("--human {seat}: the seats are 1 to {players}").into());
    }
    if a.svg.is_some() {
        return Err("--svg draws a bots' game; with --human the page shows the board".into());
    }
    if let Some(path) = &a.record {
        refuse_existing("--record", path)?;
    }
    let server = LocalServer::bind(a.port.unwrap_or(0))?;
    println!("open {} to play seat {seat} (p{seat}); Ctrl-C stops the game", server.url());
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let game = human::any::PersonGame {
        kind,
        bots,
        person: seat - 1,
        deal_seed: derive(a.seed, &[0]),
        agent_seed: derive(a.seed, &[1]),
        record: a.record.as_ref().map(|_| &CatanRecordHead),
    };
    let ended = human::any::serve(&server, &game, &stop)?;
    let Some(played) = ended.played else {
        let why = ended.failure.unwrap_or_default();
        if !stop.requested() {
            return Err(format!("the game failed: {why}").into());
        }
        eprintln!("stadt: stopped before the end of the game; no record is written");
        return Err(Failure::Interrupted);
    };
    if let (Some(path), Some(text)) = (&a.record, &played.record) {
        write_file(path, text, false)?;
        println!("record: {}", path.display());
    }
    print!("{}", points_text(kind, &played.game, 0));
    Ok(())
}

/// The record's header when --record is given, and where to copy the tile set beside it.
fn record_head(a: &PlayArgs) -> Result<(Option<runner::RecordHead>, Option<PathBuf>), Failure> {
    let Some(path) = &a.record else { return Ok((None, None)) };
    refuse_existing("--record", path)?;
    let (tiles, copy) = record_tiles(path, &a.tiles)?;
    Ok((Some(runner::RecordHead { tiles, seed: Some(a.seed) }), copy))
}

/// Writes the record (and the tile set beside it, when it is to be copied).
fn write_record(a: &PlayArgs, path: &Path, text: &str, tile_copy: Option<&Path>) -> Result<(), Failure> {
    if let Some(target) = tile_copy {
        let tiles = std::fs::read_to_string(&a.tiles).map_err(|e| format!("cannot read {}: {e}", a.tiles))?;
        write_file(target, &tiles, false)?;
    }
    write_file(path, text, false)?;
    Ok(())
}

/// The draw order: --deal's piles, or the deck --seed shuffles.
fn deal(a: &PlayArgs, tileset: &'static TileSet) -> Result<Vec<u8>, Failure> {
    let Some(file) = &a.deal else { return Ok(runner::deck_order(tileset, derive(a.seed, &[0]))) };
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("--deal: cannot read {}: {e}", file.display()))?;
    let rec =
        Record::parse(&text, Tiles::Given(tileset)).map_err(|e| format!("--deal {}: {e}", file.display()))?;
    // Set by the time a deal is read (from --players, or the bots with --human).
    let players = a.players.unwrap_or(PLAYERS.default);
    if rec.players != players {
        return Err(format!(
            "--deal {} is a deal for {} players, not {players} (give --players {})",
            file.display(),
            rec.players,
            rec.players
        )
        .into());
    }
    Ok(rec.order)
}

/// `play --human N`: the person in seat N at the browser, the bots in the other seats.
fn play_human(a: PlayArgs, stop: Stop) -> Result<(), Failure> {
    let human = a.human.unwrap_or(1);
    let mut bots = BOTS.parse_bots(&a.bots, &a.bot_dir.dirs())?;
    // As for a bots' game: one bot for every other seat, or one per other seat.
    if let Some(players) = a.players {
        settings::players("--players", players)?;
        if bots.len() == 1 {
            bots = vec![bots[0].clone(); players - 1];
        }
        if bots.len() + 1 != players {
            return Err(format!(
                "--players {players} with --human: name {} bots for the other seats (or one for all), not {}",
                players - 1,
                bots.len()
            )
            .into());
        }
    }
    let players = bots.len() + 1;
    if !die_stadt::table::PLAYERS.contains(&players) {
        return Err(format!(
            "--bots names {} bots: with the person that makes {players} players (2 to 4)",
            bots.len()
        )
        .into());
    }
    if !(1..=players).contains(&human) {
        return Err(format!("--human {human}: the seats are 1 to {players}").into());
    }
    if a.svg.is_some() || a.show {
        return Err("--svg and --show draw a bots' game; with --human the page shows the city".into());
    }
    let a = PlayArgs { players: Some(players), ..a };
    let tileset = tileset::load(&a.tiles)?;
    let (head, tile_copy) = record_head(&a)?;
    let order = deal(&a, tileset)?;
    let server = LocalServer::bind(a.port.unwrap_or(0))?;
    println!("open {} to play seat {human} (p{human}); Ctrl-C stops the game", server.url());
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let game = PersonGame {
        tileset,
        bots: &bots,
        person: Player::new(human - 1),
        order: &order,
        agent_seed: derive(a.seed, &[1]),
        head: head.clone().unwrap_or(runner::RecordHead { tiles: "default".into(), seed: Some(a.seed) }),
    };
    let ended = human::serve(&server, &game, &stop)?;
    if let Some(path) = &a.record {
        write_record(&a, path, &ended.record, tile_copy.as_deref())?;
        println!("record: {}", path.display());
    }
    if let Some(table) = &ended.table {
        print!("{}", record::score_lines(table, ended.finished));
    }
    match ended.failure {
        None => Ok(()),
        Some(_) if stop.requested() => {
            eprintln!(
                "stadt: stopped before the end of the game; the record holds the decisions made (replay it with --partial)"
            );
            Err(Failure::Interrupted)
        }
        Some(f) => Err(f.into()),
    }
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
