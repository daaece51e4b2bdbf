//! `stadt bots`: every bot, its parameters with defaults and valid ranges, and the bot files
//! found by name, saying where.

use crate::args::BotDirArg;
use clap::Args;
use die_stadt_bots::registry::BOTS;
use stadt_core::bots::dirs::BotDirs;
use std::fmt::Write as _;

#[derive(Args, Debug)]
pub struct BotsArgs {
    #[command(flatten)]
    pub bot_dir: BotDirArg,
}

/// Prints the listing.
pub fn bots(a: BotsArgs) {
    print!("{}", describe_bots(&a.bot_dir.dirs()));
}

/// The listing.
fn describe_bots(dirs: &BotDirs) -> String {
    let mut s = String::new();
    // The process bot last: bot files choose it (`bot = process`), docs/bot-protocol.md.
    for def in BOTS.every() {
        let _ = writeln!(s, "{}: {}", def.name, def.summary);
        for p in def.params {
            let _ = writeln!(s, "    {:<14} = {:<8} {} ({})", p.key, p.default, p.help, p.kind.describe());
        }
    }
    let _ = writeln!(s, "\nbot files, looked up by name in {}:", dirs.describe());
    let files = dirs.files();
    if files.is_empty() {
        let _ = writeln!(s, "  (none)");
    }
    for (name, path, _) in files {
        match BOTS.parse_file(&path.to_string_lossy()) {
            Ok(spec) => {
                let _ = writeln!(s, "  {name} ({}): {}", path.display(), spec.full());
            }
            Err(e) => {
                let _ = writeln!(s, "  {name} ({}): INVALID: {e}", path.display());
            }
        }
    }
    s
}
