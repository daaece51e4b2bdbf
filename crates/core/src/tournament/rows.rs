//! `games.csv`: one row per player per game, written as games finish and read back to resume and
//! to compute the summaries.

use crate::error::Error;
use crate::game::Game;
use crate::kind::{Columns, GameKind};
use crate::runner::PlayedGame;
use crate::tournament::schedule::{Scheduled, Shard};
use std::fmt::Write as _;
use std::path::Path;

/// The columns of `games.csv` before a game's points by source.
const LEAD: &str = "game,combination,deck,deck_seed,rotation,seat,bot,score";
/// The columns between the sources and the game's details.
const MIDDLE: &str = "rank,win_share,margin";

/// The header of `games.csv` for a game's `columns`, with the `failure` column (a tournament with a
/// bot that can forfeit: it names why a bot lost its game, empty when it did not) or without.
pub fn header(columns: &Columns, failures: bool) -> String {
    let mut h = String::from(LEAD);
    for c in columns
        .sources
        .iter()
        .map(String::as_str)
        .chain([MIDDLE])
        .chain(columns.details.iter().map(String::as_str))
    {
        h.push(',');
        h.push_str(c);
    }
    h.push_str(if failures {
        ",decisions,failure,decision_ms,check"
    } else {
        ",decisions,decision_ms,check"
    });
    h
}

/// The game's columns and whether there is a `failure` column, read from a `games.csv` header;
/// None when it is not one.
pub fn parse_header(header: &str) -> Option<(Columns, bool)> {
    let rest = header.strip_prefix(LEAD)?.strip_prefix(',')?;
    let (rest, failures) = match rest.strip_suffix(",decisions,failure,decision_ms,check") {
        Some(r) => (r, true),
        None => (rest.strip_suffix(",decisions,decision_ms,check")?, false),
    };
    let (sources, details) = if let Some(r) = rest.strip_prefix(MIDDLE) {
        ("", r)
    } else {
        let i = rest.find(&format!(",{MIDDLE}"))?;
        (&rest[..i], &rest[i + 1 + MIDDLE.len()..])
    };
    let names = |s: &str| -> Option<Vec<String>> {
        if s.is_empty() {
            return Some(Vec::new());
        }
        s.split(',').map(|c| (!c.is_empty()).then(|| c.to_string())).collect()
    };
    let details = if details.is_empty() { Some(Vec::new()) } else { names(details.strip_prefix(',')?) }?;
    Some((Columns { sources: names(sources)?, details }, failures))
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
    /// Points by source, in the order of the game's columns.
    pub sources: Vec<i32>,
    /// 1 + the number of players with a higher score.
    pub rank: usize,
    /// 1/k when among k tied winners, else 0.
    pub win_share: f64,
    /// Counted points minus the best opponent's counted points (`counted_points`: a seat that
    /// forfeited counts 0, whatever the fallback that finished its game made).
    pub margin: i32,
    /// The game's other columns, as written, in the order of its columns.
    pub details: Vec<String>,
    /// Decisions taken.
    pub decisions: u32,
    /// Why the bot lost the game (`timeout`, `crash`, ...: docs/bot-protocol.md), empty when it
    /// did not; None in a tournament whose bots cannot forfeit (no `failure` column).
    pub failure: Option<String>,
    /// Mean milliseconds per decision (the only column that depends on the machine).
    pub decision_ms: f64,
}

impl Row {
    /// Whether this seat's bot forfeited the game (its `failure` column is not empty).
    pub fn forfeited(&self) -> bool {
        self.failure.as_deref().is_some_and(|f| !f.is_empty())
    }

    /// The points this seat counts when compared with another seat's, in its `margin` and in the
    /// score differences of `pairs.csv`: its score, or 0 when it forfeited (`counted_points`).
    pub fn counted_score(&self) -> i32 {
        counted_points(self.score, self.forfeited())
    }

    /// This seat's share against `other`, a seat of the same game: 1 finished above it, 1/2 level,
    /// 0 below. By rank, not score: a seat that forfeited ranks last whatever points the bot that
    /// finished its game made, so it loses to every seat that did not forfeit (two that both
    /// forfeited are level).
    pub fn share_against(&self, other: &Row) -> f64 {
        match other.rank.cmp(&self.rank) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

/// The points a seat counts when compared with another seat's (margins, score differences): its
/// `score`, or 0 when its bot `forfeited`. A forfeited seat's score is what the fallback that
/// finished its game made, not the bot's play, so comparisons count the forfeit as no points: its
/// margin is minus the best opponent's counted points, the other seats are compared with 0 for it,
/// and two seats that both forfeited are level. (Scores in stadt's games are never below 0, so a
/// forfeit never counts more than a seat that finished its game.)
pub fn counted_points(score: i32, forfeited: bool) -> i32 {
    if forfeited { 0 } else { score }
}

/// The rows of a finished game.
/// A bot that forfeited ranks last and wins nothing; the others rank and share the win among
/// themselves. Its `score` (and points by source) are the points on the board at the end, the
/// fallback's play included; its margin, and every other seat's margin, count it as 0 points
/// (`counted_points`). `failures` says whether the rows carry the `failure` column.
pub fn game_rows<K: GameKind>(
    kind: &K,
    g: &Scheduled,
    labels: &[String],
    played: &PlayedGame<K>,
    failures: bool,
) -> Vec<Row> {
    let n = played.game.players();
    let mut finals = vec![0.0; n];
    played.game.scores(&mut finals);
    // Scores are whole points; games.csv writes them as integers.
    let scores: Vec<i32> = finals.iter().map(|&s| s.round() as i32).collect();
    let lost = |p: usize| played.forfeits.get(p).is_some_and(Option::is_some);
    let standing = |p: &usize| !lost(*p);
    let best = (0..n).filter(standing).map(|p| scores[p]).max().unwrap_or(0);
    let winners = (0..n).filter(standing).filter(|&p| scores[p] == best).count() as f64;
    let counted: Vec<i32> = (0..n).map(|p| counted_points(scores[p], lost(p))).collect();
    (0..n)
        .map(|p| {
            let (mut sources, mut details) = (Vec::new(), Vec::new());
            kind.final_values(&played.game, p, &mut sources, &mut details);
            let best_other = (0..n).filter(|&q| q != p).map(|q| counted[q]).max().unwrap_or(0);
            Row {
                game: g.index,
                combination: g.combination,
                deck: g.deck,
                deck_seed: g.deck_seed,
                rotation: g.rotation,
                seat: p + 1,
                bot: labels[g.seats[p]].clone(),
                score: scores[p],
                sources,
                rank: if lost(p) {
                    n
                } else {
                    1 + (0..n).filter(standing).filter(|&q| scores[q] > scores[p]).count()
                },
                win_share: if !lost(p) && scores[p] == best { 1.0 / winners } else { 0.0 },
                margin: counted[p] - best_other,
                details,
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
    let mut s = format!(
        "{},{},{},{},{},{},{},{}",
        r.game,
        r.combination,
        r.deck,
        r.deck_seed,
        r.rotation,
        r.seat,
        csv_field(&r.bot),
        r.score
    );
    for v in &r.sources {
        let _ = write!(s, ",{v}");
    }
    let _ = write!(s, ",{},{},{}", r.rank, fmt_share(r.win_share), r.margin);
    for d in &r.details {
        s.push(',');
        s.push_str(&csv_field(d));
    }
    let _ = write!(s, ",{}", r.decisions);
    s
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
/// that names `path`, the file the text came from. The game's columns are read from the header.
pub fn read(text: &str, players: usize, shard: Shard, path: &Path) -> Result<Games, Error> {
    let bad = |message: String| Error::file(path, message);
    let mut rows = Vec::new();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| bad(e.to_string()))?.iter().collect::<Vec<_>>().join(",");
    let Some((game_columns, failures)) = parse_header(&header) else {
        return Err(bad("games.csv does not have the columns this version writes".into()));
    };
    let columns = row_len(&game_columns, failures);
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
        let row = parse_row(&record, &game_columns, failures).ok_or_else(|| {
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
    Ok(Games { columns: game_columns, rows, complete: complete_bytes })
}

/// What a `games.csv` holds: the game's columns, the rows of every complete game, and the byte
/// length of that complete prefix.
#[derive(Clone, Debug)]
pub struct Games {
    /// The game's own columns, from the header.
    pub columns: Columns,
    /// The rows of the complete games, in order.
    pub rows: Vec<Row>,
    /// Bytes of the file up to the end of the last complete game.
    pub complete: usize,
}

/// The fields of a row: the game's columns, the `failure` column when there is one, and the 14 every
/// game has (`LEAD`'s 8, `MIDDLE`'s 3, `decisions`, `decision_ms` and `check`).
fn row_len(columns: &Columns, failures: bool) -> usize {
    14 + columns.sources.len() + columns.details.len() + usize::from(failures)
}

fn parse_row(r: &csv::StringRecord, columns: &Columns, failures: bool) -> Option<Row> {
    if r.len() != row_len(columns, failures) {
        return None;
    }
    let (ns, nd) = (columns.sources.len(), columns.details.len());
    let u = |i: usize| r.get(i)?.parse::<usize>().ok();
    let i = |k: usize| r.get(k)?.parse::<i32>().ok();
    let at = 8 + ns;
    let after = at + 3 + nd;
    Some(Row {
        game: u(0)?,
        combination: u(1)?,
        deck: u(2)?,
        deck_seed: r.get(3)?.parse().ok()?,
        rotation: u(4)?,
        seat: u(5)?,
        bot: r.get(6)?.to_string(),
        score: i(7)?,
        sources: (8..at).map(i).collect::<Option<_>>()?,
        rank: u(at)?,
        win_share: r.get(at + 1)?.parse().ok()?,
        margin: i(at + 2)?,
        details: (at + 3..after).map(|k| r.get(k).map(str::to_string)).collect::<Option<_>>()?,
        decisions: r.get(after)?.parse().ok()?,
        failure: if failures { Some(r.get(after + 1)?.to_string()) } else { None },
        decision_ms: r.get(after + 1 + failures as usize)?.parse().ok()?,
    })
}
