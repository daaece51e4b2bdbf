//! `games.csv`: one row per player per game, written as games finish and read back to resume and
//! to compute the summaries.

use crate::error::Error;
use crate::runner::PlayedGame;
use crate::tournament::schedule::{Scheduled, Shard};
use die_stadt::ids::Player;
use std::fmt::Write as _;
use std::path::Path;

/// The columns of `games.csv`.
pub const HEADER: &str = "game,combination,deck,deck_seed,rotation,seat,bot,score,roads,markets,towers,residential,watchmen,rank,win_share,margin,followers_used,walls_used,tiles_placed,wall_pieces,ended_by,decisions,decision_ms,check";
/// The columns of `games.csv` in a tournament with a bot that can forfeit (a bot in another
/// program): `failure` names why a bot lost its game, empty when it did not.
pub const HEADER_WITH_FAILURE: &str = "game,combination,deck,deck_seed,rotation,seat,bot,score,roads,markets,towers,residential,watchmen,rank,win_share,margin,followers_used,walls_used,tiles_placed,wall_pieces,ended_by,decisions,failure,decision_ms,check";
/// Number of columns in `games.csv` without the `failure` column.
const COLUMNS: usize = 24;

/// The header of `games.csv`, with the `failure` column or without.
pub fn header(failures: bool) -> &'static str {
    if failures { HEADER_WITH_FAILURE } else { HEADER }
}

/// One player's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Game id (position in the schedule).
    pub game: usize,
    /// Combination of bots.
    pub combination: usize,
    /// Deck (duplicate group).
    pub deck: usize,
    /// Deck seed.
    pub deck_seed: u64,
    /// Seat rotation.
    pub rotation: usize,
    /// Seat, 1-based (p1 starts).
    pub seat: usize,
    /// Bot label.
    pub bot: String,
    /// Final score.
    pub score: i32,
    /// Points by source: roads, markets, towers, residential, watchmen.
    pub sources: [i32; 5],
    /// 1 + the number of players with a higher score.
    pub rank: usize,
    /// 1/k when among k tied winners, else 0.
    pub win_share: f64,
    /// Score minus the best opponent's.
    pub margin: i32,
    /// Followers placed (citizens, market women, bailiffs, watchmen).
    pub followers_used: u32,
    /// Wall pieces built.
    pub walls_used: u32,
    /// Tiles on the board when the game ended (the same in every row of a game).
    pub tiles_placed: u32,
    /// Wall pieces all players built during play, not counting the gate or the closing (R24).
    pub wall_pieces: u32,
    /// Which condition of R23 ended the game: `R23a`, `R23b` or `R23c`.
    pub ended_by: String,
    /// Decisions taken.
    pub decisions: u32,
    /// Why the bot lost the game (`timeout`, `crash`, ...: docs/bot-protocol.md), empty when it
    /// did not; None in a tournament whose bots cannot forfeit (no `failure` column).
    pub failure: Option<String>,
    /// Mean milliseconds per decision (the only column that depends on the machine).
    pub decision_ms: f64,
}

/// The rows of a finished game.
/// A bot that forfeited ranks last and wins nothing; the others rank and share the win among
/// themselves. `failures` says whether the rows carry the `failure` column.
pub fn game_rows(g: &Scheduled, labels: &[String], played: &PlayedGame, failures: bool) -> Vec<Row> {
    let t = played.game.table();
    let n = t.players();
    let scores = t.scores();
    let lost = |p: usize| played.forfeits.get(p).is_some_and(Option::is_some);
    let standing = |p: &usize| !lost(*p);
    let best = (0..n).filter(standing).map(|p| scores[p]).max().unwrap_or(0);
    let winners = (0..n).filter(standing).filter(|&p| scores[p] == best).count() as f64;
    let wall_pieces: u32 = Player::all(n).map(|p| t.player(p).walls_built as u32).sum();
    let ended_by = t.ended_by().map_or("", |r| r.id()).to_string();
    (0..n)
        .map(|p| {
            let state = t.player(Player::new(p));
            let pts = state.points;
            let best_other = (0..n).filter(|&q| q != p).map(|q| scores[q]).max().unwrap_or(0);
            Row {
                game: g.index,
                combination: g.combination,
                deck: g.deck,
                deck_seed: g.deck_seed,
                rotation: g.rotation,
                seat: p + 1,
                bot: labels[g.seats[p]].clone(),
                score: scores[p],
                sources: [pts.roads, pts.markets, pts.towers, pts.residential, pts.watchmen],
                rank: if lost(p) {
                    n
                } else {
                    1 + (0..n).filter(standing).filter(|&q| scores[q] > scores[p]).count()
                },
                win_share: if !lost(p) && scores[p] == best { 1.0 / winners } else { 0.0 },
                margin: scores[p] - best_other,
                followers_used: state.followers_placed as u32,
                walls_used: state.walls_built as u32,
                tiles_placed: t.board().tile_count() as u32,
                wall_pieces,
                ended_by: ended_by.clone(),
                decisions: played.decisions[p],
                failure: failures.then(|| played.forfeits[p].as_ref().map_or("", |f| f.kind).to_string()),
                decision_ms: if played.decisions[p] > 0 {
                    1000.0 * played.decision_seconds[p] / played.decisions[p] as f64
                } else {
                    0.0
                },
            }
        })
        .collect()
}

/// CSV text of rows (no header), quoting labels that need it.
pub fn to_csv(rows: &[Row]) -> String {
    let mut s = String::new();
    for r in rows {
        let body = checked_fields(r);
        let _ = writeln!(s, "{body},{:.3},{}", r.decision_ms, check(&body));
    }
    s
}

/// The columns from `game` to `decisions` (and `failure`, when there) as written: what the
/// `check` column covers.
fn checked_fields(r: &Row) -> String {
    let mut s = plain_fields(r);
    if let Some(f) = &r.failure {
        s.push(',');
        s.push_str(f);
    }
    s
}

/// The columns from `game` to `decisions` as written.
fn plain_fields(r: &Row) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        r.game,
        r.combination,
        r.deck,
        r.deck_seed,
        r.rotation,
        r.seat,
        csv_field(&r.bot),
        r.score,
        r.sources[0],
        r.sources[1],
        r.sources[2],
        r.sources[3],
        r.sources[4],
        r.rank,
        fmt_share(r.win_share),
        r.margin,
        r.followers_used,
        r.walls_used,
        r.tiles_placed,
        r.wall_pieces,
        r.ended_by,
        r.decisions
    )
}

/// The `check` column: FNV-1a (64 bits, as 16 hex digits) of the row's columns from `game` to
/// `decisions` as written, so that a row changed after it was written is found when the folder is
/// read back. The timing column `decision_ms` is left out: it is the one column that differs from
/// machine to machine.
pub fn check(body: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in body.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A win share written exactly (1, 0.5, 0.3333333333333333, 0.25, 0): the summaries of a
/// resumed run are computed from shares read back, and must equal an uninterrupted run's.
fn fmt_share(v: f64) -> String {
    // `{}` is the shortest text that parses back to the same f64.
    format!("{v}")
}

/// A CSV field, quoted when it holds a comma, quote or newline.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

/// Reads `games.csv` text of `shard` (the whole schedule, or the games one shard plays): the rows of
/// every complete game, in order, and the byte length of that complete prefix. Only the end of the file may be damaged (a line cut short by a kill, or the
/// rows of a game not yet all written): that part is to be dropped. A row before it that does not
/// read back, or whose `check` column does not match, was changed since it was written: an error
/// that names `path`, the file the text came from.
pub fn read(text: &str, players: usize, shard: Shard, path: &Path) -> Result<(Vec<Row>, usize), Error> {
    let bad = |message: String| Error::file(path, message);
    let mut rows = Vec::new();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| bad(e.to_string()))?.iter().collect::<Vec<_>>().join(",");
    let failures = header == HEADER_WITH_FAILURE;
    if header != HEADER && !failures {
        return Err(bad("games.csv does not have the columns this version writes".into()));
    }
    let columns = COLUMNS + failures as usize;
    if !text[header.len()..].starts_with('\n') {
        return Err(bad("its header line does not end: the file was changed since it was written".into()));
    }
    let mut complete_rows = 0;
    let mut complete_bytes = header.len() + 1;
    let mut record = csv::StringRecord::new();
    loop {
        let pos = reader.position().byte() as usize;
        let line = reader.position().line();
        let read = reader.read_record(&mut record);
        let end = reader.position().byte() as usize;
        let cut = !text[pos..end].ends_with('\n');
        match read {
            Ok(false) => break,
            _ if cut => break, // the last line was cut short
            Ok(true) => {}
            Err(e) => return Err(bad(format!("line {line} is not valid CSV ({e})"))),
        }
        let row = parse_row(&record, failures).ok_or_else(|| {
            bad(format!("line {line} was changed since it was written: it does not hold the {columns} columns of a game row"))
        })?;
        if record.get(columns - 1) != Some(check(&checked_fields(&row)).as_str()) {
            return Err(bad(format!(
                "line {line} (game {}, seat {}) was changed since it was written: its check column does not match its values",
                row.game, row.seat
            )));
        }
        let game = shard.game(rows.len() / players);
        if row.game != game || row.seat != rows.len() % players + 1 {
            return Err(bad(format!(
                "line {line} is out of order: game {} seat {} where game {game} seat {} belongs",
                row.game,
                row.seat,
                rows.len() % players + 1
            )));
        }
        rows.push(row);
        if rows.len() % players == 0 {
            complete_rows = rows.len();
            complete_bytes = end;
        }
    }
    rows.truncate(complete_rows);
    Ok((rows, complete_bytes))
}

fn parse_row(r: &csv::StringRecord, failures: bool) -> Option<Row> {
    let extra = failures as usize;
    if r.len() != COLUMNS + extra {
        return None;
    }
    let u = |i: usize| r.get(i)?.parse::<usize>().ok();
    let i = |k: usize| r.get(k)?.parse::<i32>().ok();
    let n = |k: usize| r.get(k)?.parse::<u32>().ok();
    let ended_by = r.get(20)?;
    if !["R23a", "R23b", "R23c"].contains(&ended_by) {
        return None;
    }
    Some(Row {
        game: u(0)?,
        combination: u(1)?,
        deck: u(2)?,
        deck_seed: r.get(3)?.parse().ok()?,
        rotation: u(4)?,
        seat: u(5)?,
        bot: r.get(6)?.to_string(),
        score: i(7)?,
        sources: [i(8)?, i(9)?, i(10)?, i(11)?, i(12)?],
        rank: u(13)?,
        win_share: r.get(14)?.parse().ok()?,
        margin: i(15)?,
        followers_used: n(16)?,
        walls_used: n(17)?,
        tiles_placed: n(18)?,
        wall_pieces: n(19)?,
        ended_by: ended_by.to_string(),
        decisions: n(21)?,
        failure: if failures { Some(r.get(22)?.to_string()) } else { None },
        decision_ms: r.get(22 + extra)?.parse().ok()?,
    })
}
