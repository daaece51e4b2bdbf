//! Game records kept by a tournament (`--records`): `records/GAME.rec`, named by game id, written
//! by the worker that played the game; and the notable games whose viewer pages
//! (`records/GAME.html`) the report links: each bot's best and worst game, the closest and the
//! most lopsided.

use crate::hosted::Hosted;
use die_stadt::record::{Record, Tiles};
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::output::write_file;
use stadt_core::tournament::rows::Row;
use std::path::{Path, PathBuf};

/// The folder of the records inside a tournament folder.
pub const DIR: &str = "records";

/// The record file of game `game` in the records folder `dir`.
pub fn record_path(dir: &Path, game: usize) -> PathBuf {
    dir.join(format!("{game}.rec"))
}

/// The viewer page of game `game` in the records folder `dir`.
pub fn page_path(dir: &Path, game: usize) -> PathBuf {
    dir.join(format!("{game}.html"))
}

/// Makes the records folder of `folder` and returns it with the header `kind` gives its records.
pub fn prepare<K: Hosted>(
    folder: &RunFolder,
    kind: &K,
    setup: &str,
) -> Result<(PathBuf, K::RecordHead), Error> {
    let dir = folder.join(DIR);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io("create", &dir, e))?;
    let head = kind.record_head(&dir, setup)?;
    Ok((dir, head))
}

/// Writes a game's record (a game is played again the same way, so a rewrite writes the same bytes).
pub fn write(dir: &Path, game: usize, text: &str) -> Result<(), Error> {
    write_file(&record_path(dir, game), text, true)
}

/// Copies the records a shard folder kept (`records/*.rec`, and the tile set beside them) into
/// the records folder of `folder`, the merge of the shards: game ids are the whole run's, so the
/// shards' records never share a name.
pub fn copy_from_shard(shard: &Path, folder: &RunFolder) -> Result<(), Error> {
    let from = shard.join(DIR);
    if !from.is_dir() {
        return Ok(());
    }
    let to = folder.join(DIR);
    folder.require_writable(DIR)?;
    std::fs::create_dir_all(&to).map_err(|e| Error::io("create", &to, e))?;
    let entries = std::fs::read_dir(&from).map_err(|e| Error::io("read", &from, e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io("read", &from, e))?.path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.ends_with(".rec") || name == crate::tileset::BESIDE_RECORDS {
            let text = std::fs::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
            write_file(&to.join(&name), &text, true)?;
        }
    }
    Ok(())
}

/// A game worth a look, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notable {
    /// Why: `best game of steerer`, `closest game`, ...
    pub why: String,
    /// The game id.
    pub game: usize,
}

/// The notable games of a tournament's rows: each bot's best and worst game by its score (the
/// first such game), then the closest game and the most lopsided one by the winner's margin.
pub fn notable(rows: &[Row], players: usize, labels: &[String]) -> Vec<Notable> {
    let mut out = Vec::new();
    for label in labels {
        let mine = || rows.iter().filter(|r| &r.bot == label);
        // The first game of the highest score, and the first of the lowest.
        let best =
            mine().fold(None::<&Row>, |b, r| if b.is_none_or(|b| r.score > b.score) { Some(r) } else { b });
        let worst =
            mine().fold(None::<&Row>, |b, r| if b.is_none_or(|b| r.score < b.score) { Some(r) } else { b });
        if let (Some(b), Some(w)) = (best, worst) {
            out.push(Notable { why: format!("best game of {label} ({} points)", b.score), game: b.game });
            out.push(Notable { why: format!("worst game of {label} ({} points)", w.score), game: w.game });
        }
    }
    let margins: Vec<(usize, i32)> =
        rows.chunks(players).map(|g| (g[0].game, g.iter().map(|r| r.margin).max().unwrap_or(0))).collect();
    let closest = margins
        .iter()
        .fold(None::<&(usize, i32)>, |b, m| if b.is_none_or(|b| m.1 < b.1) { Some(m) } else { b });
    let lopsided = margins
        .iter()
        .fold(None::<&(usize, i32)>, |b, m| if b.is_none_or(|b| m.1 > b.1) { Some(m) } else { b });
    if let (Some(c), Some(l)) = (closest, lopsided) {
        out.push(Notable { why: format!("closest game (won by {} points)", c.1), game: c.0 });
        out.push(Notable { why: format!("most lopsided game (won by {} points)", l.1), game: l.0 });
    }
    out
}

/// The notable games of `rows` whose record is in `dir`'s records folder.
pub fn recorded(dir: &Path, rows: &[Row], players: usize, labels: &[String]) -> Vec<Notable> {
    let records = dir.join(DIR);
    notable(rows, players, labels).into_iter().filter(|n| record_path(&records, n.game).is_file()).collect()
}

/// Writes the viewer page of each notable recorded game of the finished tournament in `folder`,
/// titled `game N of NAME` (`name`: the tournament's).
pub fn write_pages(
    folder: &RunFolder,
    name: &str,
    rows: &[Row],
    players: usize,
    labels: &[String],
) -> Result<(), Error> {
    let records = folder.join(DIR);
    let mut games: Vec<usize> =
        recorded(folder.path(), rows, players, labels).iter().map(|n| n.game).collect();
    games.sort_unstable();
    games.dedup();
    for game in games {
        let path = record_path(&records, game);
        let text = std::fs::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
        let beside = |name: &str| crate::tileset::beside_record(&records, name).map_err(|e| e.to_string());
        let record =
            Record::parse(&text, Tiles::Named(&beside)).map_err(|e| Error::file(&path, e.to_string()))?;
        let title = format!("game {game} of {name}");
        let html =
            crate::viewer::page(&record, false, &title).map_err(|e| Error::file(&path, e.to_string()))?;
        folder.write_derived(&format!("{DIR}/{game}.html"), &html)?;
    }
    Ok(())
}
