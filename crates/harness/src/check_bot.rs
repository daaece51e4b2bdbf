//! `stadt check-bot`: the compliance check of a bot in another program (as fastchess's
//! `--compliance`): it plays whole games against `random` in 2, 3 and 4 players, every reply
//! checked by the host as in a tournament (in time, one JSON object of the right type, a legal
//! move), then once more after its program was ended, to see it start again; the first violation
//! fails the check.

use crate::entrant::Entrant;
use crate::runner::play_game;
use die_stadt::ids::Player;
use die_stadt::tiles::TileSet;
use die_stadt_bots::process_bot;
use die_stadt_bots::spec::BotSpec;
use stadt_core::error::Error;
use stadt_core::seeds::derive;
use std::fmt::Write as _;

/// The games of the check: (players, the bot's seat), the last one after a restart.
const GAMES: [(usize, usize); 4] = [(2, 0), (3, 1), (4, 3), (2, 1)];

/// The outcome: the report's lines, and whether the bot passed.
pub struct Checked {
    /// One line per game, then `PASS` or `FAIL: ...`.
    pub report: String,
    /// Whether every reply was right.
    pub passed: bool,
}

/// Checks the process bot `spec` on `tileset`, its games seeded from `seed`.
pub fn check(spec: &BotSpec, tileset: &'static TileSet, seed: u64) -> Result<Checked, Error> {
    if spec.def.name != process_bot::BOT.name {
        return Err(Error::Setting(format!(
            "check-bot checks a bot in another program (a bot file with `bot = process`), not `{}`",
            spec.full()
        )));
    }
    let settings = process_bot::Settings::of(&spec.params).map_err(Error::Setting)?;
    let mut report = format!(
        "check-bot {}: `{}` in {}, {} ms per decision\n",
        spec.label,
        settings.launch.command.join(" "),
        settings.launch.dir.display(),
        settings.time.as_millis()
    );
    let random = BotSpec::new(die_stadt_bots::registry::find("random").expect("random"), &[], "random")?;
    for (i, &(players, seat)) in GAMES.iter().enumerate() {
        let restart = i + 1 == GAMES.len();
        if restart {
            // Ends the program kept for the next game: the last game must start it anew.
            process_bot::release_idle();
        }
        let bots: Vec<Entrant> = (0..players)
            .map(|p| Entrant::Bot(if p == seat { spec.clone() } else { random.clone() }))
            .collect();
        let (deck, agents) = (derive(seed, &[1, i as u64]), derive(seed, &[2, i as u64]));
        let played = play_game(tileset, &bots, deck, agents, None)?;
        let what = format!(
            "game {}: {players} players, seat {}{}",
            i + 1,
            Player::new(seat),
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
