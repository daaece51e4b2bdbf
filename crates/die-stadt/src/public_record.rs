//! The public record of a game so far (docs/bot-protocol.md): a `stadt-record 1` whose piles are
//! hidden (`piles hidden` in place of the three pile lines) and whose drawn tiles are written where
//! they were drawn (`draw NAME`, tiles set aside included). It holds what every player has seen and
//! nothing else, so it can be shown to a bot; replaying it rebuilds the public table exactly.

use crate::game::Game;
use crate::moves::{Move, Step};
use crate::record::{Record, RecordError, decision_to_move, move_line, parse_decision};
use crate::table::Table;
use crate::tiles::TileSet;
use std::fmt::Write as _;

/// The line that stands in for the three pile lines.
pub const HIDDEN: &str = "piles hidden";

/// Writes a public record as a game goes: shown the table before every decision, it adds the tiles
/// drawn since, then the decision.
#[derive(Clone, Debug)]
pub struct PublicLog {
    text: String,
    /// Drawn tiles written so far that were not set aside (placed, or in hand).
    kept: usize,
    /// Tiles set aside written so far.
    aside: usize,
}

impl PublicLog {
    /// The header of a game of `players` on the tile set named `tiles` (`default` or a file name).
    pub fn new(players: usize, tiles: &str) -> PublicLog {
        let mut text = String::from("stadt-record 1\n");
        let _ = write!(text, "players {players}\ntiles {tiles}\n{HIDDEN}\n");
        PublicLog { text, kept: 0, aside: 0 }
    }

    /// Adds the tiles drawn before `table` was reached: the ones set aside, in order, then the one in
    /// hand (R10).
    pub fn catch_up(&mut self, table: &Table) {
        let set = table.tileset();
        for &ty in &table.set_aside()[self.aside..] {
            let _ = writeln!(self.text, "draw {}", set.get(ty).name);
        }
        self.aside = table.set_aside().len();
        let kept = table.drawn() - self.aside;
        if kept > self.kept && table.step() == Step::PlaceTile {
            let _ = writeln!(self.text, "draw {}", set.get(table.in_hand()).name);
        }
        self.kept = kept;
    }

    /// Adds the draws before `table`, then `mv`, the decision about to be taken in it.
    pub fn push(&mut self, table: &Table, mv: Move) {
        self.catch_up(table);
        self.text.push_str(&move_line(table, mv));
        self.text.push('\n');
    }

    /// The record so far.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The public record of a whole record's game (its piles hidden), after its last decision line:
/// what a bot in another program is shown of that position.
pub fn of_record(record: &Record) -> Result<String, RecordError> {
    let mut game = Game::new(record.tileset, record.players, &record.order)
        .map_err(|e| RecordError { line: 0, message: e.to_string() })?;
    let mut log = PublicLog::new(record.players, &record.tiles);
    for (n, words) in &record.decisions {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let d = parse_decision(*n, &words)?;
        let mv =
            decision_to_move(game.table(), &d.decision).map_err(|m| RecordError { line: *n, message: m })?;
        log.push(game.table(), mv);
        game.play(mv).map_err(|e| RecordError { line: *n, message: e.to_string() })?;
    }
    log.catch_up(game.table());
    Ok(log.text().to_string())
}

/// Rebuilds the public table a public record describes, checking every line; `tiles` is its tile
/// set (the caller reads the `tiles` line with [`tiles_line`]).
pub fn replay_public(text: &str, tileset: &'static TileSet) -> Result<Table, RecordError> {
    let bad = |line: usize, message: String| RecordError { line, message };
    let mut lines = text.lines().enumerate().filter_map(|(i, raw)| {
        let words: Vec<&str> = raw.split('#').next().unwrap_or("").split_whitespace().collect();
        (!words.is_empty()).then_some((i + 1, words))
    });
    let mut header = |want: &str| match lines.next() {
        Some((n, w)) if w[0] == want => Ok((n, w)),
        Some((n, w)) => {
            Err(bad(n, format!("expected the `{want}` line of a public record, found `{}`", w[0])))
        }
        None => Err(bad(0, format!("the public record ends before its `{want}` line"))),
    };
    let (n, w) = header("stadt-record")?;
    if w != ["stadt-record", "1"] {
        return Err(bad(n, "expected `stadt-record 1`".into()));
    }
    let (n, w) = header("players")?;
    let players = match (w.len(), w.get(1).and_then(|p| p.parse::<usize>().ok())) {
        (2, Some(p)) if crate::table::PLAYERS.contains(&p) => p,
        _ => return Err(bad(n, "expected `players N` with N from 2 to 4".into())),
    };
    let (n, w) = header("tiles")?;
    if w.len() != 2 {
        return Err(bad(n, "expected `tiles NAME`".into()));
    }
    let (n, w) = header("piles")?;
    if w.join(" ") != HIDDEN {
        return Err(bad(n, format!("expected `{HIDDEN}`")));
    }
    let mut table = Table::new(tileset, players).map_err(|e| bad(0, e.to_string()))?;
    for (n, w) in lines {
        if w[0] == "draw" {
            let ty = match (w.len(), w.get(1).and_then(|name| tileset.find(name))) {
                (2, Some(ty)) => ty,
                _ => return Err(bad(n, "expected `draw NAME` with a tile name of the tile set".into())),
            };
            table.draw(ty).map_err(|e| bad(n, e.to_string()))?;
            continue;
        }
        let d = parse_decision(n, &w)?;
        if let Some(p) = d.player
            && p != table.actor()
        {
            return Err(bad(n, format!("this decision is {}'s, not {p}'s", table.actor())));
        }
        let mv = decision_to_move(&table, &d.decision).map_err(|m| bad(n, m))?;
        table.play(mv).map_err(|e| bad(n, e.to_string()))?;
    }
    Ok(table)
}

/// The tile-set name a public record's `tiles` line gives, if it has one.
pub fn tiles_line(text: &str) -> Option<&str> {
    text.lines().map(str::split_whitespace).find_map(|mut w| match (w.next(), w.next()) {
        (Some("tiles"), Some(name)) => Some(name),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    /// Random games: before every decision the public record replays to the very table the players
    /// see, and it names no tile before it is drawn.
    #[test]
    fn the_public_record_replays_to_the_public_table_at_every_decision() {
        let set = TileSet::default_set();
        for seed in 0..6u64 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut game = Game::shuffled(set, 2 + seed as usize % 3, &mut rng).unwrap();
            let mut log = PublicLog::new(game.table().players(), "default");
            let mut moves = Vec::new();
            while !game.is_over() {
                let mut shown = log.clone();
                shown.catch_up(game.table());
                let back = replay_public(shown.text(), set).unwrap();
                assert!(back == *game.table(), "seed {seed}: the replay differs from the table");
                let draws = shown.text().lines().filter(|l| l.starts_with("draw ")).count();
                assert_eq!(draws, game.table().drawn(), "seed {seed}: every drawn tile, no other");
                game.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                log.push(game.table(), mv);
                game.apply(mv);
            }
            assert_eq!(tiles_line(log.text()), Some("default"));
            // The same text from the game's full record.
            let mut full =
                crate::record::header(game.table().players(), "default", set, &game.order()[..], None);
            for line in log.text().lines().filter(|l| !l.starts_with("draw ") && l.contains(": ")) {
                full.push_str(line);
                full.push('\n');
            }
            let rec = Record::parse(&full, crate::record::Tiles::Default).unwrap();
            let mut shown = log.clone();
            shown.catch_up(game.table());
            assert_eq!(of_record(&rec).unwrap(), shown.text(), "seed {seed}");
        }
    }

    #[test]
    fn a_bad_line_is_named() {
        let set = TileSet::default_set();
        let e = replay_public("stadt-record 1\nplayers 2\ntiles default\npiles hidden\ndraw nonsense\n", set)
            .err()
            .unwrap();
        assert_eq!(e.line, 5);
        let e = replay_public("stadt-record 1\nplayers 2\ntiles default\npile1 x\n", set).err().unwrap();
        assert_eq!(e.line, 4);
    }
}
