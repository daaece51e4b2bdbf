//! Commands on game records: `stadt replay` checks one decision by decision (and draws the city at
//! any point of it), `stadt suggest` asks a bot for the next decision of a partial one.

use crate::args::{BotDirArg, refuse_existing};
use crate::failure::Failure;
use clap::Args;
use die_stadt::pictures::city::city_svg;
use die_stadt::pictures::terminal as render;
use die_stadt::public_record;
use die_stadt::record::{self, Record, Tiles};
use die_stadt_bots::registry::BOTS;
use stadt_core::kind::GameKind;
use stadt_core::output::write_file;
use stadt_harness::catan::Catan;
use stadt_harness::games::{self, Game};
use stadt_harness::hosted::Hosted;
use stadt_harness::{runner, tileset, viewer};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record to check.
    pub file: PathBuf,
    /// Accept a record that stops before the game is over and print the scores reached
    /// (`score p1 ...` lines, no closing or final scoring).
    #[arg(long)]
    pub partial: bool,
    /// Draw the city in the terminal (at the end, or after --upto N decisions).
    #[arg(long)]
    pub show: bool,
    /// Write a picture of the city (at the end, or after --upto N decisions) to this SVG file: tiles,
    /// followers, the wall, a legend and the scores. The file must not exist yet.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the position after the record's first N decision lines (0: before the first tile) for
    /// --svg and --show. The whole record is still checked, and the printed scores are its end's.
    #[arg(long, value_name = "N")]
    pub upto: Option<usize>,
    /// Write the game viewer to this HTML file: one self-contained page that steps through the
    /// record decision by decision (slider, buttons, arrow keys, clickable move list), showing at
    /// step N the picture `--svg --upto N` draws, whose turn it is, the tile in hand, the piles,
    /// the supplies and the scores. The file must not exist yet.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Catan records: write the state after the start and after every step (each move and each
    /// chance outcome) to this file, one JSON object a line (docs/catan/states.md). The file
    /// must not exist yet.
    #[arg(long, value_name = "FILE")]
    pub states: Option<PathBuf>,
    /// Tile set file to read the record with, instead of the one its `tiles` line names (which is
    /// `default` or a file beside the record).
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<String>,
}

#[derive(Args, Debug)]
pub struct SuggestArgs {
    /// The bot to ask: NAME, NAME:key=value,... or a bot file (see `stadt bots`).
    #[arg(long)]
    pub bot: String,
    #[command(flatten)]
    pub bot_dir: BotDirArg,
    /// The record of the game so far (stadt-record 1); it must stop before the game is over.
    pub record: PathBuf,
    /// Seed of the bot's randomness: the same seed gives the same suggestion.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tile set file to read the record with, instead of the one its `tiles` line names.
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<String>,
}

/// Replays the record `text` read from `file`: `partial` accepts one that stops before the game is
/// over; `stop` keeps the game after that many decision lines. Its tile set is `--tiles`, or what
/// its `tiles` line names: `default` or a file beside it. Also returns the parsed record.
fn replay_file(
    file: &Path,
    text: &str,
    tiles: Option<&str>,
    partial: bool,
    stop: Option<usize>,
) -> Result<(record::Replay, Record), Failure> {
    let rec = parse_record(file, text, tiles)?;
    let name = file.display().to_string();
    let out = record::replay_to(&rec, partial, stop).map_err(|e| format!("{name}: {e}"))?;
    Ok((out, rec))
}

/// Parses the record `text` read from `file` (not yet replayed), with its tile set as
/// `replay_file` finds it.
fn parse_record(file: &Path, text: &str, tiles: Option<&str>) -> Result<Record, Failure> {
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let beside = |name: &str| tileset::beside_record(dir, name).map_err(|e| e.to_string());
    let tiles = match tiles {
        Some(t) => Tiles::Given(tileset::load(t)?),
        None => Tiles::Named(&beside),
    };
    let name = file.display().to_string();
    Ok(Record::parse(text, tiles).map_err(|e| format!("{name}: {e}"))?)
}

/// A record file's text and the game its first line names; `game`, when `--game` named one, must
/// be it.
fn read_any_record(path: &Path, game: Option<Game>) -> Result<(String, Game), Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let recorded =
        if stadt_catan::record::is_header(text.lines().next()) { Game::Catan } else { Game::DieStadt };
    if let Some(g) = game.filter(|&g| g != recorded) {
        return Err(format!(
            "{}: line 1: a record of {}, not of {} (--game)",
            path.display(),
            games::name(recorded),
            games::name(g)
        )
        .into());
    }
    Ok((text, recorded))
}

/// `stadt replay`: the game is the one the record's first line names; `game`, when `--game`
/// named one, must be it.
pub fn replay(a: ReplayArgs, game: Option<Game>) -> Result<(), Failure> {
    let (text, recorded) = read_any_record(&a.file, game)?;
    if a.upto.is_some() && a.svg.is_none() && !a.show {
        return Err("--upto picks the position that --svg or --show draws; give one of them".into());
    }
    if let Some(path) = &a.svg {
        refuse_existing("--svg", path)?;
    }
    if let Some(path) = &a.html {
        refuse_existing("--html", path)?;
        if a.svg.as_ref() == Some(path) {
            return Err(format!("--svg and --html both name {}; give two files", path.display()).into());
        }
    }
    if let Some(path) = &a.states {
        refuse_existing("--states", path)?;
        if recorded != Game::Catan {
            return Err(format!(
                "--states: {} is a record of Die Stadt; --states writes Catan's",
                a.file.display()
            )
            .into());
        }
    }
    if recorded == Game::Catan {
        return replay_catan(&a, &text);
    }
    let (out, rec) = replay_file(&a.file, &text, a.tiles.as_deref(), a.partial, a.upto)?;
    let decisions = rec.decisions.len();
    let game = match (a.upto, &out.at_stop) {
        (None, _) => &out.game,
        (Some(_), Some(game)) => game,
        (Some(n), None) => {
            return Err(format!(
                "--upto {n}: {} has only {decisions} decision lines (give 0 to {decisions})",
                a.file.display()
            )
            .into());
        }
    };
    if let Some(path) = &a.svg {
        write_file(path, &city_svg(game.table(), &[], game.is_over()), false)?;
    }
    if a.show {
        print!("{}", render::render(game.table()));
    }
    if let Some(path) = &a.html {
        let title = format!("stadt game viewer: {}", a.file.display());
        let html = viewer::page(&rec, a.partial, &title).map_err(|e| format!("{}: {e}", a.file.display()))?;
        write_file(path, &html, false)?;
    }
    print!("{}", record::score_lines(out.game.table(), out.finished));
    Ok(())
}

/// `stadt replay` of a Catan record (`stadt-catan-record 2`, or 1): every move and outcome checked,
/// the board drawn at the end or after --upto N moves, the states written (--states), every
/// player's points by source printed.
fn replay_catan(a: &ReplayArgs, text: &str) -> Result<(), Failure> {
    let name = a.file.display();
    if a.tiles.is_some() {
        return Err(format!("--tiles: {name} is a record of catan, which has no tile set").into());
    }
    if a.show {
        return Err(format!(
            "{name} is a record of catan: it is drawn with --svg or --html (the terminal picture is Die Stadt's)"
        )
        .into());
    }
    // The picture and the points read the game itself (its options are the record's).
    let kind = Catan::new(stadt_catan::options::Options::OFFICIAL);
    let (mut pictures, mut moves) = (Vec::new(), Vec::new());
    let mut kept = None;
    let out = stadt_catan::record::replay_each(text, &mut |game, done, next| {
        if a.upto == Some(done) {
            kept = Some(game.clone());
        }
        if a.html.is_some() {
            pictures.push(kind.picture(game, &[]));
            if let Some((line, text, _)) = next {
                let (player, text) = text.split_once(": ").unwrap_or(("", text));
                moves.push(viewer::MoveInfo { line, player: player.to_string(), text: text.to_string() });
            }
        }
    })
    .map_err(|e| format!("{name}: {e}"))?;
    let out = stadt_catan::record::Replayed { at: kept, ..out };
    if !out.game.is_over() && !a.partial {
        return Err(format!(
            "{name}: the record stops after {} moves, before the game is over (give --partial to accept that)",
            out.moves
        )
        .into());
    }
    if let Some(path) = &a.svg {
        let game = match (a.upto, &out.at) {
            (None, _) => &out.game,
            (Some(_), Some(game)) => game,
            (Some(n), None) => {
                return Err(format!(
                    "--upto {n}: {name} has only {} moves (give 0 to {})",
                    out.moves, out.moves
                )
                .into());
            }
        };
        write_file(path, &kind.picture(game, &[]), false)?;
    }
    if let Some(path) = &a.html {
        let title = format!("stadt game viewer: {name}");
        write_file(path, &viewer::frames_page(&title, &pictures, moves), false)?;
    }
    if let Some(path) = &a.states {
        let states = stadt_catan::state_json::replay_states(text).map_err(|e| format!("{name}: {e}"))?;
        write_file(path, &states, false)?;
    }
    // The points by source are the record's game's (K84 under Städte und Ritter).
    let kind = Catan::new(*out.game.options());
    print!("{}", stadt_harness::catan::points_text(&kind, &out.game, out.moves));
    Ok(())
}

/// `stadt suggest`: the game is the one the record's first line names; `game`, when `--game`
/// named one, must be it.
pub fn suggest(a: SuggestArgs, game: Option<Game>) -> Result<(), Failure> {
    let (text, recorded) = read_any_record(&a.record, game)?;
    if recorded == Game::Catan {
        return suggest_catan(&a, &text);
    }
    let spec = BOTS.parse_bot(&a.bot, &a.bot_dir.dirs())?;
    let (out, rec) = replay_file(&a.record, &text, a.tiles.as_deref(), true, None)?;
    let game = &out.game;
    if out.finished {
        return Err(
            format!("{}: the game is over; there is no decision to suggest", a.record.display()).into()
        );
    }
    let actor = game.table().actor();
    let mut agent = spec.build();
    let obs = runner::observation(game, spec.clairvoyant());
    // A bot in another program is shown the public record of the game (docs/bot-protocol.md).
    let players = game.table().players();
    agent.new_game(&runner::game_info(game.table().tileset(), players, actor, a.seed));
    let history = if agent.wants_history() {
        Some(public_record::of_record(&rec).map_err(|e| format!("{}: {e}", a.record.display()))?)
    } else {
        None
    };
    let obs = match &history {
        Some(h) => obs.with_history(h),
        None => obs,
    };
    let mv = agent.act(&obs, &mut runner::agent_rng(a.seed, actor));
    if let Some(f) = agent.forfeit() {
        let tail = if f.stderr_tail.is_empty() {
            String::new()
        } else {
            format!("; its last stderr lines:\n{}", f.stderr_tail)
        };
        return Err(format!("bot {} failed: {}{tail}", spec.label, f.message).into());
    }
    let text = record::decision_text(game.table(), mv);
    game.table().check(mv).map_err(|e| format!("bot {} chose an illegal move `{text}`: {e}", spec.label))?;
    println!("{text}");
    Ok(())
}

/// `stadt suggest` on a Catan record: the game replayed (every move checked), then the bot asked
/// for the next decision as it would be in a game, shown the public record when it wants it.
fn suggest_catan(a: &SuggestArgs, text: &str) -> Result<(), Failure> {
    let name = a.record.display();
    if a.tiles.is_some() {
        return Err(format!("--tiles: {name} is a record of catan, which has no tile set").into());
    }
    let entrant = <Catan as Hosted>::entrant(&a.bot, &a.bot_dir.dirs())?;
    // The game's options are the record's (a bot in another program is told them); the public
    // record is kept as the runner keeps it: caught up to each decision, then its move added.
    let mut kept = None;
    let out = stadt_catan::record::replay_each(text, &mut |game, _, next| {
        let (kind, history) = kept.get_or_insert_with(|| {
            let kind = Catan::new(*game.options());
            let history = kind.history(game.players());
            (kind, history)
        });
        kind.history_catch_up(history, game);
        if let Some((_, _, mv)) = next {
            kind.history_push(history, game, mv);
        }
    })
    .map_err(|e| format!("{name}: {e}"))?;
    if out.game.is_over() {
        return Err(format!("{name}: the game is over; there is no decision to suggest").into());
    }
    if out.game.phase().is_chance() {
        let wanted = stadt_catan::record::outcome_wanted(&out.game);
        return Err(
            format!("{name}: the record stops before {wanted}; there is no decision to suggest").into()
        );
    }
    let (kind, history) = kept.expect("the replay shows the game at least once");
    let seat = out.game.actor().index();
    let mv = stadt_core::runner::suggest(&kind, &entrant, &out.game, seat, &history, a.seed)?;
    println!("{}", stadt_catan::record::move_text(mv));
    Ok(())
}
