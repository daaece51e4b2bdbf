//! `stadt bots`: each game's bots (the one `--game` names, or every game's, each under a heading),
//! their parameters with defaults and valid ranges, and the bot files found by name, saying where
//! and for which game.

use crate::args::BotDirArg;
use clap::Args;
use stadt::registry;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::listing::Listing;
use stadt_harness::plugin::BotsOf;
use std::fmt::Write as _;

#[derive(Args, Debug)]
pub struct BotsArgs {
    #[command(flatten)]
    pub bot_dir: BotDirArg,
}

/// Prints the listing of the bots of the game `game` names, or of every game's (None).
pub fn bots(a: BotsArgs, game: Option<&str>) -> Result<(), stadt_core::error::Error> {
    let names: Vec<&str> = match game {
        Some(g) => vec![g],
        // Each game once, under its own name (an alias has its game's bots).
        None => registry::games().iter().filter(|g| g.preset.is_empty()).map(|g| g.name).collect(),
    };
    let lists =
        names.iter().map(|g| registry::dispatch(g, "--game", BotsOf)).collect::<Result<Vec<_>, _>>()?;
    print!("{}", describe_bots(&lists, &a.bot_dir.dirs()));
    Ok(())
}

/// The listing of the bots of `lists` and of the bot files `dirs` offer for their games.
fn describe_bots(lists: &[&dyn Listing], dirs: &BotDirs) -> String {
    let mut s = String::new();
    for (i, list) in lists.iter().enumerate() {
        if lists.len() > 1 {
            let _ = writeln!(s, "{}bots of {}:", if i == 0 { "" } else { "\n" }, list.game());
        }
        // The process bot last: bot files choose it (`bot = process`), docs/bot-protocol.md.
        for (name, summary, params) in list.entries() {
            let _ = writeln!(s, "{name}: {summary}");
            for p in params {
                let _ =
                    writeln!(s, "    {:<14} = {:<8} {} ({})", p.key, p.default, p.help, p.kind.describe());
            }
        }
    }
    let _ = writeln!(s, "\nbot files, looked up by name in {}:", dirs.describe());
    let mut listed = 0;
    for (name, path, _) in dirs.files() {
        let path_text = path.to_string_lossy();
        let line = match lists.iter().find(|l| l.owns_file(&path)) {
            Some(list) => match list.file_full(&path_text) {
                Ok(full) if lists.len() == 1 => full,
                Ok(full) => format!("{} {full}", list.game()),
                Err(e) => format!("INVALID: {e}"),
            },
            // Another game's file.
            None if lists.len() == 1 => continue,
            // A game stadt does not play: the first game's reading says which it names.
            None => format!("INVALID: {}", lists[0].file_full(&path_text).expect_err("another game's file")),
        };
        let _ = writeln!(s, "  {name} ({}): {line}", path.display());
        listed += 1;
    }
    if listed == 0 {
        let _ = writeln!(s, "  (none)");
    }
    s
}
