//! What a finished tuning run leaves: the tuned bot's file (with how it was tuned and checked), the
//! report printed at the end, and the file installed among the user's bots when asked.

use super::TuneSpec;
use super::verify::{SPRT_DIR, Verdict, Verification};
use crate::hosted::{Hosted, TunedFile};
use stadt_core::error::Error;
use stadt_core::output::write_file;
use stadt_core::seat::Seat;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The tuned bot's file: its settings, and a comment on how it was tuned and checked.
pub fn tuned_file<K: Hosted>(spec: &TuneSpec<K>, tuned: &K::Entrant, v: &Verification) -> TunedFile {
    let pool: Vec<String> = spec.pool.iter().map(|b| b.full()).collect();
    K::tuned_file(
        tuned,
        &format!(
            "Tuned by `stadt tune` (SPSA, {} iterations of {} games per candidate, seed {}) against: {}.\n\
             Starting point: {}\n\
             Held-out check against the starting point, {} games on {} new decks: {} ({}){}",
            spec.iterations,
            spec.games_per_eval.div_ceil(2) * 2,
            spec.seed,
            pool.join(" | "),
            spec.bot.full(),
            v.games,
            v.decks,
            v.verdict.word(),
            intervals(v, "margin", ""),
            v.sprt_words().map_or_else(String::new, |w| format!("\n{w}"))
        ),
    )
}

/// The win rate and the margin (called `margin`, its interval marked `margin_ci`) with their 95%
/// intervals.
fn intervals(v: &Verification, margin: &str, margin_ci: &str) -> String {
    format!(
        "win rate {:.1}% [95% CI {:.1}, {:.1}], {margin} {:+.1} [{margin_ci}{:+.1}, {:+.1}]",
        100.0 * v.win_rate.0,
        100.0 * v.win_rate.1,
        100.0 * v.win_rate.2,
        v.margin.0,
        v.margin.1,
        v.margin.2
    )
}

/// The report printed at the end: the tuned bot, the check and its verdict, and the files.
pub fn summary<K: Hosted>(tuned: &K::Entrant, v: &Verification, files: &[&Path]) -> String {
    let mut report = String::new();
    let _ = writeln!(report, "tuned: {}", tuned.full());
    let _ = writeln!(
        report,
        "held-out check, {} games on {} new decks against the untuned bot: {}: {}",
        v.games,
        v.decks,
        intervals(v, "score margin", "95% CI "),
        match v.verdict {
            Verdict::Better => "the tuned bot is better",
            Verdict::Unclear => "no clear difference",
            Verdict::Worse => "THE TUNED BOT LOSES TO THE UNTUNED ONE",
        }
    );
    if let Some(words) = v.sprt_words() {
        let _ = writeln!(report, "held-out check as a sequential test ({SPRT_DIR}/): {words}");
    }
    let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let _ = writeln!(report, "files: {}", files.join(", "));
    report
}

/// Installs the bot file `text` as NAME.bot in `dir` unless the bot lost the check; never replaces
/// another file of that name. Returns where it went (None if not installed) and the report line.
pub fn install(
    dir: &Path,
    name: &str,
    file: &TunedFile,
    verdict: Verdict,
) -> Result<(Option<PathBuf>, String), Error> {
    let text = &file.text;
    if verdict == Verdict::Worse {
        return Ok((
            None,
            format!("not installed in {}: the tuned bot lost the held-out check\n", dir.display()),
        ));
    }
    let target = dir.join(format!("{name}.{}", file.extension));
    match std::fs::read_to_string(&target) {
        Ok(t) if &t == text => {}
        Ok(_) => {
            return Err(Error::Folder(format!(
                "{} already exists with other settings; not overwriting it (remove it, or choose another --name)",
                target.display()
            )));
        }
        Err(_) => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io("create", dir, e))?;
            write_file(&target, text, false)?;
        }
    }
    let line = format!("installed: {} (use it as {})\n", target.display(), file.usage.replace("NAME", name));
    Ok((Some(target), line))
}
