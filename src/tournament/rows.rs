//! `games.csv`: one row per player per game, written as games finish and read back to resume and
//! to compute the summaries.

use crate::runner::PlayedGame;
use crate::tournament::schedule::Scheduled;
use std::fmt::Write as _;

/// The columns of `games.csv`.
pub const HEADER: &str = "game,combination,deck,deck_seed,rotation,seat,bot,score,roads,markets,towers,residential,watchmen,rank,win_share,margin,followers_used,walls_used,decisions,decision_ms";

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
    /// Decisions taken.
    pub decisions: u32,
    /// Mean milliseconds per decision (the only column that depends on the machine).
    pub decision_ms: f64,
}

/// The rows of a finished game.
pub fn game_rows(g: &Scheduled, labels: &[String], played: &PlayedGame) -> Vec<Row> {
    let t = played.game.table();
    let n = t.players();
    let scores = t.scores();
    let best = scores[..n].iter().copied().max().unwrap_or(0);
    let winners = scores[..n].iter().filter(|&&s| s == best).count() as f64;
    (0..n)
        .map(|p| {
            let pts = t.player(p).points;
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
                rank: 1 + scores[..n].iter().filter(|&&s| s > scores[p]).count(),
                win_share: if scores[p] == best { 1.0 / winners } else { 0.0 },
                margin: scores[p] - best_other,
                followers_used: t.player(p).followers_placed as u32,
                walls_used: t.player(p).walls_built as u32,
                decisions: played.decisions[p],
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
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}",
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
            r.decisions,
            r.decision_ms
        );
    }
    s
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

/// Reads `games.csv` text: the rows of every complete game, in order, and the byte length of that
/// complete prefix (anything after it, such as a line cut short by a kill, is to be dropped).
pub fn read(text: &str, players: usize) -> Result<(Vec<Row>, usize), String> {
    let mut rows = Vec::new();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| e.to_string())?.iter().collect::<Vec<_>>().join(",");
    if header != HEADER {
        return Err("games.csv does not have the columns this version writes".into());
    }
    let mut complete_rows = 0;
    let mut complete_bytes = HEADER.len() + 1;
    let mut record = csv::StringRecord::new();
    loop {
        let pos = reader.position().byte() as usize;
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(_) => break, // a damaged tail
        }
        let end = reader.position().byte() as usize;
        if !text[pos..end].ends_with('\n') {
            break; // the last line was cut short
        }
        let Some(row) = parse_row(&record) else { break };
        if row.game != rows.len() / players || row.seat != rows.len() % players + 1 {
            return Err(format!(
                "games.csv is out of order at game {} seat {} (expected game {} seat {})",
                row.game,
                row.seat,
                rows.len() / players,
                rows.len() % players + 1
            ));
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

fn parse_row(r: &csv::StringRecord) -> Option<Row> {
    if r.len() != 20 {
        return None;
    }
    let u = |i: usize| r.get(i)?.parse::<usize>().ok();
    let i = |k: usize| r.get(k)?.parse::<i32>().ok();
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
        followers_used: r.get(16)?.parse().ok()?,
        walls_used: r.get(17)?.parse().ok()?,
        decisions: r.get(18)?.parse().ok()?,
        decision_ms: r.get(19)?.parse().ok()?,
    })
}
