//! A tournament folder's `games.csv`: the games already there (whole ones; a line cut short by a
//! kill dropped) and the log new games are appended to.

use super::rows::{self, Row};
use super::schedule::Shard;
use crate::error::Error;
use crate::folder::RunFolder;
use crate::kind::Columns;
use crate::output::{AppendLog, write_file};

/// The file of every game's rows.
pub const GAMES: &str = "games.csv";

/// The games already in the folder's `games.csv`, and the log to append to when a line cut short
/// by a kill had to be dropped from it (None when the file is whole or absent). The file must have
/// the game's `columns`.
pub fn open_games(
    folder: &RunFolder,
    players: usize,
    shard: Shard,
    scheduled: usize,
    columns: &Columns,
) -> Result<(Vec<Row>, Option<AppendLog>), Error> {
    let path = folder.join(GAMES);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), None)),
        Err(e) => return Err(Error::io("read", &path, e)),
    };
    let rows::Games { columns: theirs, rows, complete, .. } = rows::read(&text, players, shard, &path)?;
    if theirs != *columns {
        return Err(Error::file(
            &path,
            "games.csv does not have the columns this version writes for this game",
        ));
    }
    if rows.len() / players > scheduled {
        return Err(Error::file(&path, "holds more games than this tournament schedules"));
    }
    if complete == text.len() {
        return Ok((rows, None));
    }
    folder.require_writable("games.csv (to drop a cut line)")?;
    Ok((rows, Some(AppendLog::open(&path, complete)?)))
}

/// What `dir`'s `games.csv` holds of `part` when all `want` of its games are there and whole;
/// otherwise `Err(games there)`.
pub fn finished_games(
    dir: &std::path::Path,
    players: usize,
    part: Shard,
    want: usize,
) -> Result<Result<rows::Games, usize>, Error> {
    let (games, whole) = games_in(dir, players, part)?;
    let have = games.as_ref().map_or(0, |g| g.rows.len() / players);
    Ok(match games {
        Some(g) if have == want && whole => Ok(g),
        _ => Err(have),
    })
}

/// The rows of the whole games of `part` in `dir`'s `games.csv` (none when there is no such file),
/// and whether the file holds nothing else.
pub fn rows_in(dir: &std::path::Path, players: usize, part: Shard) -> Result<(Vec<Row>, bool), Error> {
    let (games, whole) = games_in(dir, players, part)?;
    Ok((games.map_or_else(Vec::new, |g| g.rows), whole))
}

/// What `dir`'s `games.csv` holds of `part` (None when there is no such file, or it is empty), and
/// whether the file holds nothing else.
pub fn games_in(
    dir: &std::path::Path,
    players: usize,
    part: Shard,
) -> Result<(Option<rows::Games>, bool), Error> {
    let path = dir.join(GAMES);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((None, false)),
        Err(e) => return Err(Error::io("read", &path, e)),
    };
    if text.is_empty() {
        return Ok((None, false));
    }
    let games = rows::read(&text, players, part, &path)?;
    let whole = games.complete == text.len();
    Ok((Some(games), whole))
}

/// The log of a folder's games, started with its header line (the game's `columns`, and the
/// `failure` column when `failures`) if there is none yet.
pub fn start_games(folder: &RunFolder, columns: &Columns, failures: bool) -> Result<AppendLog, Error> {
    let path = folder.join(GAMES);
    let header = format!("{}\n", rows::header(columns, failures));
    if !path.exists() {
        write_file(&path, &header, false)?;
    }
    let len = std::fs::metadata(&path).map_err(|e| Error::io("read", &path, e))?.len();
    AppendLog::open(&path, len as usize)
}
