//! Commands on game records: `stadt replay` checks one step by step (and draws the game at any
//! point of it, writes its states, steps through it in a viewer), `stadt suggest` asks a bot for
//! the next decision of a partial one. The game is the one the record's first line names.

use crate::args::{BotDirArg, refuse_existing};
use crate::failure::Failure;
use clap::Args;
use stadt::registry;
use stadt_core::game::{Game, Turn};
use stadt_core::output::write_file;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::TILES;
use stadt_harness::viewer;
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
    /// Write the public state after the start and after every step (each move and each chance
    /// outcome) to this file, one JSON object a line (each game's states.md in docs/). The file
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

/// A record file's text and the name of the game its first line names (the first game's when
/// none does: its reading then says what is wrong); `game`, when `--game` named one, must be it.
fn read_any_record(path: &Path, game: Option<&str>) -> Result<(String, &'static str), Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let recorded = registry::of_record(text.lines().next().unwrap_or("")).unwrap_or(registry::default_name());
    if let Some(g) = game {
        let named = registry::dispatch(g, "--game", OwnName)?;
        if named != recorded {
            return Err(
                format!("{}: line 1: a record of {recorded}, not of {g} (--game)", path.display()).into()
            );
        }
    }
    Ok((text, recorded))
}

/// The game's own name (an alias's game).
struct OwnName;

impl ForGame for OwnName {
    type Out = &'static str;

    fn run<K: Plugin>(self, _: Chosen) -> &'static str {
        K::set_up(TILES, "").expect("a game is set up by its defaults").name()
    }
}

/// `stadt replay`: the game is the one the record's first line names; `game`, when `--game`
/// named one, must be it.
pub fn replay(a: ReplayArgs, game: Option<&str>) -> Result<(), Failure> {
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
    }
    registry::dispatch(recorded, "the record", Replay { a, text })?
}

/// `stadt replay` with the record's game.
struct Replay {
    a: ReplayArgs,
    text: String,
}

impl ForGame for Replay {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, _: Chosen) -> Result<(), Failure> {
        replay_of::<K>(&self.a, &self.text)
    }
}

/// `stadt replay` of a record of `K`: every move and outcome checked, the game drawn at the end
/// or after --upto N moves, the viewer and the states written when asked, the points printed.
fn replay_of<K: Plugin>(a: &ReplayArgs, text: &str) -> Result<(), Failure> {
    let name = a.file.display();
    let setup = a.tiles.as_deref();
    let title = format!("stadt game viewer: {name}");
    let own_viewer = match &a.html {
        Some(_) => K::viewer(text, &a.file, setup, a.partial, &title).transpose()?,
        None => None,
    };
    let (mut pictures, mut moves) = (Vec::new(), Vec::new());
    let mut kept = None;
    let out = K::replay_record(text, &a.file, setup, a.partial, &mut |kind, game, done, next| {
        if a.upto == Some(done) {
            kept = Some(game.clone());
        }
        if a.html.is_some() && own_viewer.is_none() {
            pictures.push(kind.picture(game, &[]));
            if let Some((line, text, _)) = next {
                let (player, text) = text.split_once(": ").unwrap_or(("", text));
                moves.push(viewer::MoveInfo { line, player: player.to_string(), text: text.to_string() });
            }
        }
    })?;
    let at = match (a.upto, &kept) {
        (None, _) => &out.game,
        (Some(_), Some(game)) => game,
        (Some(n), None) => {
            return Err(
                format!("--upto {n}: {name} has only {} moves (give 0 to {})", out.moves, out.moves).into()
            );
        }
    };
    if let Some(path) = &a.svg {
        write_file(path, &out.kind.picture(at, &[]), false)?;
    }
    if a.show {
        let picture = out.kind.terminal(at).ok_or_else(|| {
            format!(
                "{name} is a record of {}: it is drawn with --svg or --html (it has no terminal picture)",
                out.kind.name()
            )
        })?;
        print!("{picture}");
    }
    if let Some(path) = &a.html {
        let page = own_viewer.unwrap_or_else(|| viewer::frames_page(&title, &pictures, moves));
        write_file(path, &page, false)?;
    }
    if let Some(path) = &a.states {
        write_file(path, &K::states(text, &a.file, setup)?, false)?;
    }
    print!("{}", out.kind.result_text(&out.game, out.moves));
    Ok(())
}

/// `stadt suggest`: the game is the one the record's first line names; `game`, when `--game`
/// named one, must be it.
pub fn suggest(a: SuggestArgs, game: Option<&str>) -> Result<(), Failure> {
    let (text, recorded) = read_any_record(&a.record, game)?;
    registry::dispatch(recorded, "the record", Suggest { a, text })?
}

/// `stadt suggest` with the record's game.
struct Suggest {
    a: SuggestArgs,
    text: String,
}

impl ForGame for Suggest {
    type Out = Result<(), Failure>;

    fn run<K: Plugin>(self, _: Chosen) -> Result<(), Failure> {
        suggest_of::<K>(&self.a, &self.text)
    }
}

/// `stadt suggest` on a record of `K`: the game replayed (every move checked), then the bot asked
/// for the next decision as it would be in a game, shown the public record when it wants it.
fn suggest_of<K: Plugin>(a: &SuggestArgs, text: &str) -> Result<(), Failure> {
    let name = a.record.display();
    let entrant = K::entrant(&a.bot, &a.bot_dir.dirs())?;
    // The public record is kept as the runner keeps it: caught up to each decision, then its
    // move added.
    let mut history = None;
    let out = K::replay_record(text, &a.record, a.tiles.as_deref(), true, &mut |kind, game, _, next| {
        let history = history.get_or_insert_with(|| kind.history(game.players()));
        kind.history_catch_up(history, game);
        if let Some((_, _, mv)) = next {
            kind.history_push(history, game, mv);
        }
    })?;
    let seat = match out.game.turn() {
        Turn::Player(seat) => seat,
        Turn::Over => {
            return Err(format!("{name}: the game is over; there is no decision to suggest").into());
        }
        Turn::Chance => {
            return Err(format!(
                "{name}: the record stops before {}; there is no decision to suggest",
                out.kind.chance_wanted(&out.game)
            )
            .into());
        }
    };
    let history = history.expect("the replay shows the game at least once");
    let mv = stadt_core::runner::suggest(&out.kind, &entrant, &out.game, seat, &history, a.seed)?;
    println!("{}", out.kind.move_text(&out.game, mv));
    Ok(())
}
