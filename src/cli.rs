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
    /// Print the decision a bot would take next in a partial game record, in record notation (one
    /// line, such as `tile 3 -1 90`). The bot sees what it would see in a game: never the piles'
    /// tiles not yet drawn.
    Suggest(SuggestArgs),
    /// List every bot with its parameters and defaults, and the bot files in bots/.
    Bots,
    /// Measure the engine's speed and print one CSV line per figure (figure,value,unit,target).
    Bench(BenchArgs),
    /// Run bots against each other on duplicate decks (every seat rotation of every deck), in
    /// parallel, writing games.csv, summary.csv, pairs.csv and manifest.toml into the output
    /// folder. Rerunning the same command resumes an interrupted run.
    Tournament(TournamentArgs),
    /// Tune a bot's real-valued weights with SPSA against a pool of bots on duplicate decks (common
    /// random numbers), write tune.csv and verify.csv into --out and the tuned weights as a bot
    /// file, then check the tuned bot against the untuned one on decks never used in tuning.
    Tune(TuneArgs),
}

#[derive(Args, Debug)]
struct TuneArgs {
    /// The bot to tune (its current weights are the starting point), e.g. steerer or greedy.
    #[arg(long)]
    bot: String,
    /// Opponents, comma-separated; evaluation games go round them.
    #[arg(long, value_name = "POOL")]
    against: String,
    /// SPSA iterations.
    #[arg(long, default_value_t = 30)]
    iterations: usize,
    /// Games per candidate evaluation (both seatings of each deck).
    #[arg(long, default_value_t = 100)]
    games_per_eval: usize,
    /// Held-out verification games, tuned against untuned.
    #[arg(long, default_value_t = 400)]
    verify_games: usize,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output folder for tune.csv and verify.csv.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Name of the bot file written (default: BOT-tuned); `stadt tournament --bots NAME` finds it.
    #[arg(long)]
    name: Option<String>,
    /// Folder for the bot file (default: the project's bots/).
    #[arg(long, value_name = "DIR")]
    bot_dir: Option<PathBuf>,
    /// What a candidate's games are judged by.
    #[arg(long, default_value = "margin", value_parser = ["margin", "win"])]
    objective: String,
    /// SPSA step size, in units of each weight's default size.
    #[arg(long, default_value_t = 1.0)]
    a: f64,
    /// SPSA perturbation, in units of each weight's default size.
    #[arg(long, default_value_t = 0.2)]
    c: f64,
    /// Worker threads (default: every core). Results are the same at any count.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// An experiment file (TOML: bots, players, games, seed, out, optional tiles and about) instead
    /// of --bots, --players, --games, --seed, --out and --tiles.
    experiment: Option<PathBuf>,
    /// Bots, comma-separated (NAME, NAME:key=value,..., or a bot file); with more bots than
    /// players, every combination plays.
    #[arg(long)]
    bots: Option<String>,
    /// Players per game, 2 to 4.
    #[arg(long)]
    players: Option<usize>,
    /// Games per combination of bots, rounded up to whole seat rotations.
    #[arg(long)]
    games: Option<usize>,
    /// Run seed: decks and bots' randomness derive from it.
    #[arg(long)]
    seed: Option<u64>,
    /// Output folder.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Tile set file instead of the default set.
    #[arg(long, value_name = "FILE")]
    tiles: Option<String>,
    /// Worker threads (default: every core). Results are the same at any count.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
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
struct SuggestArgs {
    /// The bot to ask: NAME, NAME:key=value,... or a bot file (see `stadt bots`).
    #[arg(long)]
    bot: String,
    /// The record of the game so far (stadt-record 1); it must stop before the game is over.
    record: PathBuf,
    /// Seed of the bot's randomness: the same seed gives the same suggestion.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Tile set file to read the record with, instead of the one its `tiles` line names.
    #[arg(long, value_name = "FILE")]
    tiles: Option<String>,
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

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure { code: 2, message: message.to_string() }
    }
}

/// Runs the command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
        Command::Suggest(a) => suggest(a),
        Command::Tournament(a) => tournament(a),
        Command::Tune(a) => tune(a),
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
    split_bot_texts(text)?.iter().map(|s| agent::parse_bot(s)).collect()
}

/// The bot texts of a comma-separated list (see `split_bots`).
pub fn split_bot_texts(text: &str) -> Result<Vec<String>, String> {
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
    Ok(items)
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

/// Reads and replays a record file: `partial` accepts one that stops before the game is over.
/// Errors name the file and, where there is one, the line.
fn replay_file(
    file: &std::path::Path,
    tiles: Option<&str>,
    partial: bool,
) -> Result<record::Replay, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let tiles = match tiles {
        Some(t) => Some(TileSet::load(t)?),
        None => None,
    };
    let name = file.display().to_string();
    let rec = Record::parse(&text, tiles).map_err(|e| format!("{name}: {e}"))?;
    Ok(record::replay(&rec, partial).map_err(|e| format!("{name}: {e}"))?)
}

fn replay(a: ReplayArgs) -> Result<(), Failure> {
    let out = replay_file(&a.file, a.tiles.as_deref(), a.partial)?;
    if a.show {
        print!("{}", render::render(out.game.table()));
    }
    print!("{}", record::score_lines(out.game.table(), out.finished));
    Ok(())
}

fn suggest(a: SuggestArgs) -> Result<(), Failure> {
    let spec = agent::parse_bot(&a.bot)?;
    let out = replay_file(&a.record, a.tiles.as_deref(), true)?;
    let game = &out.game;
    if out.finished {
        return Err(
            format!("{}: the game is over; there is no decision to suggest", a.record.display()).into()
        );
    }
    let actor = game.table().actor();
    let mv = spec
        .build()
        .act(&runner::observation(game, spec.clairvoyant()), &mut runner::agent_rng(a.seed, actor));
    let text = record::decision_text(game.table(), mv);
    game.table().check(mv).map_err(|e| format!("bot {} chose an illegal move `{text}`: {e}", spec.label))?;
    println!("{text}");
    Ok(())
}

fn tournament(a: TournamentArgs) -> Result<(), Failure> {
    use crate::tournament::{self, spec::Experiment, spec::TournamentSpec};
    let (spec, about) = match &a.experiment {
        Some(path) => {
            if a.bots.is_some()
                || a.players.is_some()
                || a.games.is_some()
                || a.seed.is_some()
                || a.out.is_some()
                || a.tiles.is_some()
            {
                return Err(
                    "give either an experiment file or --bots/--players/--games/--seed/--out/--tiles, not both".to_string().into()
                );
            }
            let e = Experiment::load(path)?;
            (TournamentSpec::from_experiment(&e)?, e.about)
        }
        None => {
            let bots =
                a.bots.as_deref().ok_or("name the bots with --bots A,B (or give an experiment file)")?;
            let out = a.out.as_ref().ok_or("name the output folder with --out DIR")?;
            let labels: Vec<String> = split_bot_texts(bots)?;
            let spec = TournamentSpec::new(
                &labels,
                a.players.unwrap_or(2),
                a.games.unwrap_or(100),
                a.seed.unwrap_or(1),
                a.tiles.as_deref().unwrap_or("default"),
                out,
            )?;
            (spec, String::new())
        }
    };
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        return Err("--threads must be at least 1".to_string().into());
    }
    let command = command_line();
    let opts = tournament::Options { threads, progress: !a.quiet, command, about };
    let out = tournament::run(&spec, &opts)?;
    print!("{}", out.table);
    if out.interrupted {
        eprintln!(
            "stadt: interrupted after {} of {} games; the CSV files hold them. Run the same command again to resume.",
            out.played, out.total
        );
        return Err(Failure { code: 130, message: "interrupted".into() });
    }
    println!(
        "{} games ({} new) in {}: games.csv, summary.csv, pairs.csv, manifest.toml",
        out.played,
        out.new,
        spec.out.display()
    );
    Ok(())
}

fn tune(a: TuneArgs) -> Result<(), Failure> {
    use crate::tune::{Objective, TuneSpec};
    let bot = agent::parse_bot(&a.bot)?;
    let pool = split_bots(&a.against)?;
    if pool.is_empty() {
        return Err("--against names no bots".into());
    }
    if a.iterations == 0 || a.games_per_eval == 0 || a.verify_games == 0 {
        return Err("--iterations, --games-per-eval and --verify-games must be at least 1".into());
    }
    if !(a.a > 0.0 && a.c > 0.0 && a.a.is_finite() && a.c.is_finite()) {
        return Err("--a and --c must be positive numbers".into());
    }
    let name = a.name.clone().unwrap_or_else(|| format!("{}-tuned", bot.def.name));
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!(
            "--name `{name}`: use letters, digits, - and _ (it becomes a file and a bot name)"
        )
        .into());
    }
    let bot_dir =
        a.bot_dir.clone().unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/bots")));
    let spec = TuneSpec {
        bot,
        pool,
        iterations: a.iterations,
        games_per_eval: a.games_per_eval,
        verify_games: a.verify_games,
        seed: a.seed,
        out: a.out.clone(),
        bot_file: bot_dir.join(format!("{name}.bot")),
        objective: if a.objective == "win" { Objective::Win } else { Objective::Margin },
        a: a.a,
        c: a.c,
        threads: a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        progress: !a.quiet,
    };
    let out = crate::tune::run(&spec)?;
    print!("{}", out.report);
    Ok(())
}

/// The command line as a user would type it: `stadt` and the arguments.
fn command_line() -> String {
    std::iter::once("stadt".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ")
}
