//! The command line: `stadt play | replay | suggest | bots | games | bench | tournament | merge | sprt |
//! tune | learn | report | serve-bot | check-bot | serve-catanatron`, each handed to its command
//! (what the commands share is in `args.rs`).

use crate::commands::bench::BenchArgs;
use crate::commands::bots::BotsArgs;
use crate::commands::learn::LearnArgs;
use crate::commands::play::PlayArgs;
use crate::commands::records::{ReplayArgs, SuggestArgs};
use crate::commands::report::ReportArgs;
use crate::commands::serve::{CheckBotArgs, ServeBotArgs, ServeCatanatronArgs};
use crate::commands::sprt::SprtArgs;
use crate::commands::tournament::{MergeArgs, TournamentArgs};
use crate::commands::tune::TuneArgs;
use crate::commands::{bench, bots, learn, play, records, report, serve, sprt, tournament, tune};
use crate::failure::Failure;
use clap::{Parser, Subcommand};
use stadt::registry;
use stadt_core::secret::{self, BotSecret};
use stadt_core::stop::Stop;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};

/// A research harness for Carcassonne: Die Stadt: an exact rules engine, bots, tournaments and tuning.
#[derive(Parser, Debug)]
#[command(name = "stadt", version, propagate_version = true)]
pub struct Cli {
    /// The game to play (`stadt games` lists them); Die Stadt when not given.
    #[arg(long, global = true)]
    game: Option<String>,
    /// The secret from which bots in other programs get their seeds (32 hexadecimal digits): a
    /// run's manifest records its own, random one; give it to repeat the run exactly.
    #[arg(long, global = true, value_name = "HEX")]
    bot_secret: Option<String>,
    /// Run every bot in another program in a sandbox (bubblewrap), for bots you do not trust: an
    /// unprivileged user without capabilities (also when stadt runs as root), no other process,
    /// no network, only the system's folders and its own (read-only), a fresh scratch /tmp and a
    /// fresh program for every game, limits on memory, processes, file size and scratch (the bot
    /// file's `memory`, `processes`, `file_size`, `scratch`). Refuses to run where it cannot be
    /// built (docs/bot-protocol.md).
    #[arg(long, global = true)]
    sandbox: bool,
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
    /// List the games stadt plays, with their player counts and options.
    Games,
    /// Measure the engine's speed and print one CSV line per figure (figure,value,unit,target,met);
    /// a missed target is also named on stderr.
    Bench(BenchArgs),
    /// Run bots against each other on duplicate decks (every seat rotation of every deck), in
    /// parallel, writing games.csv, summary.csv, pairs.csv and manifest.toml into the output
    /// folder, and report.html when it finishes. Rerunning the same command resumes an interrupted
    /// run; one run at a time holds a folder.
    Tournament(TournamentArgs),
    /// Join the shards of one tournament (`stadt tournament ... --shard K/N`, each in its own
    /// folder) into the folder a single run writes: games.csv in schedule order, summary.csv,
    /// pairs.csv, manifest.toml and report.html. Every shard must be given once and finished.
    Merge(MergeArgs),
    /// A sequential A/B test (SPRT) of a bot against a baseline on duplicate decks: plays units
    /// (one deck in every seat rotation) in parallel, folds them into the log-likelihood ratio in
    /// schedule order and stops as soon as it crosses a bound (H1: the bot is at least --elo1
    /// stronger; H0: at most --elo0) or at --max-games. Writes sprt.csv, games.csv, manifest.toml
    /// and report.html; the verdict is the same at any thread count, and rerunning the same
    /// command resumes an interrupted run.
    Sprt(SprtArgs),
    /// Tune a bot's real-valued weights with SPSA against a pool of bots on duplicate decks (common
    /// random numbers), then check the tuned bot against the untuned one on decks never used in
    /// tuning. Writes manifest.toml, tune.csv, verify.csv, NAME.bot and report.html into --out; Ctrl-C stops
    /// after the current iteration, and rerunning the same command resumes.
    Tune(TuneArgs),
    /// Fit a learned evaluation for `mcts` by self-play, generation after generation: each
    /// generation's self-play records, the next evaluation file (genK.eval, for `mcts:eval=FILE`)
    /// fitted on them with its held-out error, and a match against the generation before.
    /// Writes generations.csv at the end; rerunning the same command resumes.
    Learn(LearnArgs),
    /// Write DIR/report.html for a finished tournament, sprt or tuning run: one self-contained
    /// page (inline CSS and SVG, no scripts) with the summary table, win rates, score
    /// distributions, points by source, head to head, the rating ladder; or the test's verdict,
    /// LLR trace and Elo estimate; or the tuning curve and the held-out verdict. Tournaments,
    /// merges, tests and tuning runs write it themselves when they finish.
    Report(ReportArgs),
    /// Serve a bot over the stadt-bot 1 protocol on stdin and stdout (docs/bot-protocol.md), so
    /// other hosts, or stadt itself as `bot = process`, can play it.
    ServeBot(ServeBotArgs),
    /// Check a bot in another program (a bot file with `bot = process`): whole games against
    /// `random` in 2, 3 and 4 players and one after a restart, every reply checked (in time, well
    /// formed, legal). Prints one line per game and PASS, or FAIL naming the first violation
    /// (exit code 1).
    CheckBot(CheckBotArgs),
    /// Serve a Catan bot to Catanatron's own game loop (`bots/catanatron/stadt_player.py`):
    /// follows the game from Catanatron's log on stdin, one JSON object a line, and answers each
    /// decision of its seat with the chosen playable action's index (docs/catan/README.md).
    ServeCatanatron(ServeCatanatronArgs),
}

/// Runs the command line; `stop` is set by Ctrl-C.
pub fn run(cli: Cli, stop: Stop) -> Result<(), Failure> {
    let game = cli.game.as_deref();
    // An unknown name is refused before anything runs, whatever the command.
    let named = game.unwrap_or(registry::default_name());
    registry::dispatch(named, "--game", Known)?;
    // Catanatron's loop plays Catan's base game: its bridge serves that game's bots alone.
    let catan = stadt_harness::catan::NAME;
    if matches!(cli.command, Command::ServeCatanatron(_)) && game.is_some_and(|g| g != catan) {
        return Err(format!(
            "--game {}: serve-catanatron serves {catan}'s bots only",
            game.unwrap_or_default()
        )
        .into());
    }
    if let Some(text) = &cli.bot_secret {
        let secret = text.parse::<BotSecret>().map_err(|e| format!("--bot-secret: {e}"))?;
        secret::adopt(secret)?;
    }
    if cli.sandbox {
        stadt_core::sandbox::enable()?;
    }
    match cli.command {
        Command::Play(a) => play::play(a, named, stop),
        Command::Replay(a) => records::replay(a, game),
        Command::Suggest(a) => records::suggest(a, game),
        Command::Tournament(a) => tournament::tournament(a, game, stop),
        Command::Merge(a) => tournament::merge(a),
        Command::Sprt(a) => sprt::sprt(a, game, stop),
        Command::Tune(a) => tune::tune(a, named, stop),
        Command::Learn(a) => learn::learn(a, named, stop),
        Command::Bench(a) => bench::bench(a, named),
        Command::Report(a) => report::report(a),
        Command::ServeBot(a) => serve::serve_bot(a, named),
        Command::CheckBot(a) => serve::check_bot(a, named),
        Command::ServeCatanatron(a) => serve::serve_catanatron(a),
        Command::Games => {
            print!("{}", stadt_harness::plugin::listing(&registry::games()));
            Ok(())
        }
        Command::Bots(a) => Ok(bots::bots(a, game)?),
    }
}

/// Work that only checks a game's name.
struct Known;

impl ForGame for Known {
    type Out = ();

    fn run<K: Plugin>(self, _: Chosen) {}
}
