//! `stadt check-bot`: the compliance check of a bot in another program (as fastchess's
//! `--compliance`), for any game: it plays whole games against `random` at each of the game's
//! player counts (the bot in the last seat of the largest),
//! every reply checked by the host as in a tournament (in time, one JSON object of the right
//! type, a legal move), then once more after its program was ended, to see it start again; the
//! first violation fails the check.

use crate::hosted::Hosted;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::error::Error;
use stadt_core::process_agent::Settings;
use stadt_core::runner::{Table, play};
use stadt_core::seat::Seat;
use stadt_core::seeds::derive;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

/// The games of the check for a game of `counts` players: (players, the bot's seat), one at each
/// count, the bot's seat moving on (the last seat at the largest count), then one more at the
/// smallest count after a restart.
fn games(counts: std::ops::RangeInclusive<usize>) -> Vec<(usize, usize)> {
    let (smallest, largest) = (*counts.start(), *counts.end());
    let mut out: Vec<(usize, usize)> =
        counts.enumerate().map(|(i, n)| (n, if n == largest { n - 1 } else { i % n })).collect();
    out.push((smallest, 1 % smallest));
    out
}

/// The outcome: the report's lines, and whether the bot passed.
pub struct Checked {
    /// One line per game, then `PASS` or `FAIL: ...`.
    pub report: String,
    /// Whether every reply was right.
    pub passed: bool,
}

/// Checks the bot in another program `entrant` in the game `kind`, its games seeded from `seed`.
pub fn check<K: Hosted>(kind: &K, entrant: &K::Entrant, seed: u64) -> Result<Checked, Error> {
    let settings: Settings = match K::outside_program(entrant) {
        Some(settings) => settings.map_err(Error::Setting)?,
        None => {
            return Err(Error::Setting(format!(
                "check-bot checks a bot in another program (a bot file with `bot = process`), not `{}`",
                entrant.full()
            )));
        }
    };
    let mut report = format!(
        "check-bot {}: `{}` in {}, {} ms per decision\n",
        entrant.label(),
        settings.launch.command.join(" "),
        settings.launch.dir.display(),
        settings.time.as_millis()
    );
    let random = K::entrant("random", &BotDirs::none())?;
    let never = AtomicBool::new(false);
    let games = games(kind.players());
    for (i, &(players, seat)) in games.iter().enumerate() {
        let restart = i + 1 == games.len();
        if restart {
            // Ends the program kept for the next game: the last game must start it anew.
            K::worker_done();
        }
        let bots: Vec<K::Entrant> =
            (0..players).map(|p| if p == seat { entrant.clone() } else { random.clone() }).collect();
        let (deal, agents) = (derive(seed, &[1, i as u64]), derive(seed, &[2, i as u64]));
        let table = Table { kind, agent_seed: agents, chance_seed: deal, want_record: None, stop: &never };
        let played = play(&table, &bots, kind.deal(players, deal)?, &mut |_, _| {})?.expect("never stopped");
        let what = format!(
            "game {}: {players} players, seat p{}{}",
            i + 1,
            seat + 1,
            if restart { ", after a restart" } else { "" }
        );
        if let Some(f) = &played.forfeits[seat] {
            let _ = writeln!(report, "  {what}: {}: {}", f.kind, f.message);
            if !f.stderr_tail.is_empty() {
                let _ = writeln!(report, "  its stderr, last lines:");
                for line in f.stderr_tail.lines() {
                    let _ = writeln!(report, "  | {line}");
                }
            }
            let _ = writeln!(report, "FAIL: {what}: {}", f.message);
            return Ok(Checked { report, passed: false });
        }
        let n = played.decisions[seat];
        let _ = writeln!(
            report,
            "  {what}: ok, {n} decisions, {:.1} ms each on average",
            1000.0 * played.decision_seconds[seat] / n.max(1) as f64
        );
    }
    report.push_str("PASS\n");
    Ok(Checked { report, passed: true })
}

#[cfg(test)]
mod tests {
    use super::games;

    #[test]
    fn the_check_plays_every_player_count_of_its_game_then_restarts() {
        assert_eq!(games(2..=4), [(2, 0), (3, 1), (4, 3), (2, 1)]);
        assert_eq!(games(3..=4), [(3, 0), (4, 3), (3, 1)]);
        assert_eq!(games(2..=2), [(2, 1), (2, 1)]);
    }
}
