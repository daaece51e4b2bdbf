//! The command line: `stadt play | replay | suggest | bots | bench | tournament | tune`.

use clap::{Args, Parser, Subcommand};
use stadt_agents::botfile::BotDirs;
use stadt_agents::seeds::derive;
use stadt_agents::spec::{BotSpec, parse_bot};
use stadt_core::record::{self, Record, Tiles};
use stadt_harness::limits;
use stadt_harness::output::write_file;
use stadt_harness::render;
use stadt_harness::runner;
use stadt_harness::stop::Stop;
use stadt_harness::tileset;
use std::path::{Path, PathBuf};

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
    /// List every bot with its parameters, defaults and ranges, and the bot files found by name.
    Bots(BotsArgs),
    /// Measure the engine's speed and print one CSV line per figure (figure,value,unit,target,met);
    /// a missed target is also named on stderr.
    Bench(BenchArgs),
    /// Run bots against each other on duplicate decks (every seat rotation of every deck), in
    /// parallel, writing games.csv, summary.csv, pairs.csv and manifest.toml into the output
    /// folder. Rerunning the same command resumes an interrupted run; one run at a time holds a
    /// folder.
    Tournament(TournamentArgs),
    /// Tune a bot's real-valued weights with SPSA against a pool of bots on duplicate decks (common
    /// random numbers), then check the tuned bot against the untuned one on decks never used in
    /// tuning. Writes manifest.toml, tune.csv, verify.csv and NAME.bot into --out; Ctrl-C stops
    /// after the current iteration, and rerunning the same command resumes.
    Tune(TuneArgs),
}

#[derive(Args, Debug)]
struct BotDirArg {
    /// Folder to look up named bot files (NAME.bot) in first; then $STADT_BOTS, then ./bots.
    #[arg(long, value_name = "DIR")]
    bot_dir: Option<PathBuf>,
}

impl BotDirArg {
    fn dirs(&self) -> BotDirs {
        BotDirs::standard(self.bot_dir.as_deref())
    }
}

#[derive(Args, Debug)]
struct TuneArgs {
    /// The bot to tune (its current weights are the starting point), e.g. steerer or greedy.
    #[arg(long)]
    bot: String,
    /// Opponents, comma-separated; evaluation games go round them.
    #[arg(long, value_name = "POOL")]
    against: String,
    /// SPSA iterations, 1 to 100000.
    #[arg(long, default_value_t = 30)]
    iterations: u64,
    /// Games per candidate evaluation (both seatings of each deck), 2 to 100000.
    #[arg(long, default_value_t = 100)]
    games_per_eval: u64,
    /// Held-out verification games, tuned against untuned, 2 to 1000000.
    #[arg(long, default_value_t = 400)]
    verify_games: u64,
    /// Run seed, 0 to 9223372036854775807.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output folder for manifest.toml, tune.csv, verify.csv and the tuned bot file.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Name of the tuned bot (default: BOT-tuned); its file is NAME.bot.
    #[arg(long)]
    name: Option<String>,
    /// Also install the tuned bot file into the bot folder (--bot-dir, else $STADT_BOTS, else
    /// ./bots), unless it lost the held-out check; never overwrites another bot file.
    #[arg(long)]
    install: bool,
    #[command(flatten)]
    bots: BotDirArg,
    /// What a candidate's games are judged by.
    #[arg(long, default_value = "margin", value_parser = ["margin", "win"])]
    objective: String,
    /// SPSA step size, in units of each weight's default size, 0.000001 to 10.
    #[arg(long, default_value_t = 1.0)]
    a: f64,
    /// SPSA perturbation, in units of each weight's default size, 0.000001 to 2.
    #[arg(long, default_value_t = 0.2)]
    c: f64,
    /// Worker threads, 1 to 256 (default: every core). Results are the same at any count.
    #[arg(long)]
    threads: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// An experiment file (TOML: bots, players, games, seed, out, optional tiles and about; paths
    /// in it are relative to the file) instead of --bots, --players, --games, --seed and --tiles.
    experiment: Option<PathBuf>,
    /// Bots, comma-separated (NAME, NAME:key=value,..., a bot file name or path); with more bots
    /// than players, every combination plays. 2 to 12 bots.
    #[arg(long)]
    bots: Option<String>,
    /// Players per game, 2 to 4.
    #[arg(long)]
    players: Option<usize>,
    /// Games per combination of bots, 1 to 1000000, rounded up to whole seat rotations.
    #[arg(long)]
    games: Option<u64>,
    /// Run seed, 0 to 9223372036854775807: decks and bots' randomness derive from it.
    #[arg(long)]
    seed: Option<u64>,
    /// Output folder (with an experiment file: instead of the file's `out`).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Tile set file instead of the default set.
    #[arg(long, value_name = "FILE")]
    tiles: Option<String>,
    #[command(flatten)]
    bot_dir: BotDirArg,
    /// Worker threads, 1 to 256 (default: every core). Results are the same at any count.
    #[arg(long)]
    threads: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Seconds to spend measuring each figure, 0.01 to 600.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Seed of the random games the figures are measured on.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct BotsArgs {
    #[command(flatten)]
    bot_dir: BotDirArg,
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
    #[command(flatten)]
    bot_dir: BotDirArg,
    /// Write the game record (stadt-record 1) to this file; it must not exist yet. With --tiles,
    /// the tile set is written beside it (unless it is there already), so the record replays
    /// wherever the two are moved together.
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
    /// Tile set file to read the record with, instead of the one its `tiles` line names (which is
    /// `default` or a file beside the record).
    #[arg(long, value_name = "FILE")]
    tiles: Option<String>,
}

#[derive(Args, Debug)]
struct SuggestArgs {
    /// The bot to ask: NAME, NAME:key=value,... or a bot file (see `stadt bots`).
    #[arg(long)]
    bot: String,
    #[command(flatten)]
    bot_dir: BotDirArg,
    /// The record of the game so far (stadt-record 1); it must stop before the game is over.
    record: PathBuf,
    /// Seed of the bot's randomness: the same seed gives the same suggestion.
    #[arg(long, default_value_t = 1)]
    seed: u64,
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

impl From<stadt_agents::spec::BotError> for Failure {
    fn from(e: stadt_agents::spec::BotError) -> Failure {
        Failure { code: 2, message: e.to_string() }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure { code: 2, message: message.to_string() }
    }
}

/// Runs the command line; `stop` is set by Ctrl-C.
pub fn run(cli: Cli, stop: Stop) -> Result<(), Failure> {
    match cli.command {
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
        Command::Suggest(a) => suggest(a),
        Command::Tournament(a) => tournament(a, stop),
        Command::Tune(a) => tune(a, stop),
        Command::Bench(a) => {
            limits::check("--seconds", a.seconds, &limits::BENCH_SECONDS)?;
            let figures = stadt_harness::bench::run(a.seconds, a.seed);
            print!("{}", stadt_harness::bench::csv(&figures));
            for f in figures.iter().filter(|f| f.met() == Some(false)) {
                eprintln!(
                    "stadt bench: target missed: {} = {:.2} {} (target {})",
                    f.name, f.value, f.unit, f.target
                );
            }
            Ok(())
        }
        Command::Bots(a) => {
            print!("{}", crate::listing::describe_bots(&a.bot_dir.dirs()));
            Ok(())
        }
    }
}

/// Splits a comma-separated bot list where a bot may carry its own `key=value` pairs:
/// a piece with `=` and no `:` continues the bot before it.
pub fn split_bots(text: &str, dirs: &BotDirs) -> Result<Vec<BotSpec>, String> {
    split_bot_texts(text)?.iter().map(|s| parse_bot(s, dirs).map_err(String::from)).collect()
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

/// Worker threads: the flag (checked against its range) or every core.
fn threads(flag: Option<u64>) -> Result<usize, Failure> {
    match flag {
        Some(t) => Ok(limits::check("--threads", t, &limits::THREADS)? as usize),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// Where `play --record` puts the tile set: the `tiles` line of the record, and the file to write
/// beside it (None when it is the default set or already there).
fn record_tiles(record: &Path, tiles: &str) -> Result<(String, Option<PathBuf>), String> {
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
        )),
        Err(_) => Ok((name, Some(target))),
    }
}

fn play(a: PlayArgs) -> Result<(), Failure> {
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
    let mut head = None;
    let mut tile_copy = None;
    if let Some(path) = &a.record {
        if path.exists() {
            return Err(format!("{} already exists; not overwriting it", path.display()).into());
        }
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
    if a.show {
        print!("{}", render::render(played.game.table()));
    }
    print!("{}", record::score_lines(played.game.table(), true));
    Ok(())
}

/// Reads and replays a record file: `partial` accepts one that stops before the game is over.
/// Its tile set is `--tiles`, or what its `tiles` line names: `default` or a file beside it.
fn replay_file(file: &Path, tiles: Option<&str>, partial: bool) -> Result<record::Replay, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let beside = |name: &str| tileset::beside_record(dir, name);
    let tiles = match tiles {
        Some(t) => Tiles::Given(tileset::load(t)?),
        None => Tiles::Named(&beside),
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
    let spec = parse_bot(&a.bot, &a.bot_dir.dirs())?;
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

fn tournament(a: TournamentArgs, stop: Stop) -> Result<(), Failure> {
    use stadt_harness::tournament::{self, spec::Experiment, spec::TournamentSpec};
    let dirs = a.bot_dir.dirs();
    let (spec, about) = match &a.experiment {
        Some(path) => {
            if a.bots.is_some()
                || a.players.is_some()
                || a.games.is_some()
                || a.seed.is_some()
                || a.tiles.is_some()
            {
                return Err(
                    "give either an experiment file or --bots/--players/--games/--seed/--tiles, not both"
                        .into(),
                );
            }
            let e = Experiment::load(path)?;
            (e.spec(&dirs, a.out.as_deref())?, e.about)
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
                &dirs,
            )?;
            (spec, String::new())
        }
    };
    let opts = tournament::Options {
        threads: threads(a.threads)?,
        progress: !a.quiet,
        command: command_line(),
        about,
        stop,
    };
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

fn tune(a: TuneArgs, stop: Stop) -> Result<(), Failure> {
    use stadt_harness::tune::{Objective, TuneSpec};
    let dirs = a.bots.dirs();
    let bot = parse_bot(&a.bot, &dirs)?;
    let pool = split_bots(&a.against, &dirs)?;
    let iterations = limits::check("--iterations", a.iterations, &limits::TUNE_ITERATIONS)?;
    let games_per_eval = limits::check("--games-per-eval", a.games_per_eval, &limits::GAMES_PER_EVAL)?;
    let verify_games = limits::check("--verify-games", a.verify_games, &limits::VERIFY_GAMES)?;
    limits::check("--seed", a.seed, &limits::SEED)?;
    limits::check("--a", a.a, &limits::SPSA_A)?;
    limits::check("--c", a.c, &limits::SPSA_C)?;
    let name = a.name.clone().unwrap_or_else(|| format!("{}-tuned", bot.def.name));
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!(
            "--name `{name}`: use letters, digits, - and _ (it becomes a file and a bot name)"
        )
        .into());
    }
    if a.out.as_os_str().is_empty() {
        return Err("--out is empty: name the output folder".into());
    }
    let install = a.install.then(|| {
        a.bots
            .bot_dir
            .clone()
            .or_else(|| std::env::var_os("STADT_BOTS").filter(|d| !d.is_empty()).map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("bots"))
    });
    let spec = TuneSpec {
        bot,
        pool,
        iterations: iterations as usize,
        games_per_eval: games_per_eval as usize,
        verify_games: verify_games as usize,
        seed: a.seed,
        out: a.out.clone(),
        name,
        install,
        objective: if a.objective == "win" { Objective::Win } else { Objective::Margin },
        a: a.a,
        c: a.c,
        threads: threads(a.threads)?,
        progress: !a.quiet,
        command: command_line(),
        stop,
    };
    let out = stadt_harness::tune::run(&spec)?;
    print!("{}", out.report);
    if out.interrupted {
        return Err(Failure { code: 130, message: "interrupted".into() });
    }
    if let Some((_, v)) = &out.result
        && v.verdict == stadt_harness::tune::Verdict::Worse
    {
        eprintln!(
            "stadt: WARNING: the tuned bot LOST the held-out check against the untuned one (win rate {:.1}%); its file is kept in {} for inspection only",
            100.0 * v.win_rate.0,
            spec.out.display()
        );
        if spec.install.is_some() {
            return Err(Failure {
                code: 3,
                message: "the tuned bot was not installed: it lost the held-out check".into(),
            });
        }
    }
    Ok(())
}

/// The command line as a user would type it: `stadt` and the arguments.
fn command_line() -> String {
    std::iter::once("stadt".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ")
}
