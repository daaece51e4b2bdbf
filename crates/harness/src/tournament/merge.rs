//! `stadt merge`: the shards of one tournament (`--shard K/N`, each played in a folder of its own,
//! say by the tasks of a cluster job array) joined into the folder a single run writes: the same
//! `games.csv` in schedule order, `summary.csv`, `pairs.csv`, a manifest without a shard, and the
//! records of shards that kept them (`--records`).
//! Everything is checked before anything is written: the shards must be of one tournament and of
//! this build, each shard given once, none missing, each finished.

use super::manifest::{Manifest, tournament_differences};
use super::{page, summarise};
use crate::entrant::FORFEITING_SPEC;
use stadt_core::error::Error;
use stadt_core::folder::{MANIFEST, RunFolder, RunManifest};
use stadt_core::output::write_file;
use stadt_core::tournament::games::{GAMES, finished_games};
use stadt_core::tournament::rows::{self, Row};
use stadt_core::tournament::schedule::{Shard, schedule_len};
use std::path::{Path, PathBuf};

/// What a merge wrote.
pub struct Merged {
    /// Games in the merged `games.csv`.
    pub games: usize,
    /// The summary table to print.
    pub table: String,
    /// The report written (`report.html`), unless the folder is read-only.
    pub report: Option<PathBuf>,
}

/// One shard folder, read.
struct Part {
    dir: PathBuf,
    manifest: Manifest,
    shard: Shard,
}

/// Reads a shard folder's manifest.
fn read_part(dir: &Path) -> Result<Part, Error> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::Folder(format!("{} is not a tournament folder: it has no {MANIFEST}", dir.display()))
        } else {
            Error::io("read", &path, e)
        }
    })?;
    let manifest = Manifest::read(&text, &path)?;
    let shard = match manifest.shard.as_deref() {
        Some(s) => Shard::parse(s, usize::MAX).map_err(|e| Error::file(&path, format!("shard: {e}")))?,
        None => {
            return Err(Error::Folder(format!(
                "{} holds a whole tournament, not a shard of one (no `shard` in its {MANIFEST})",
                dir.display()
            )));
        }
    };
    Ok(Part { dir: dir.to_path_buf(), manifest, shard })
}

/// Checks that the parts are the shards 0..n of one tournament played by this build, each once.
fn check_parts(parts: &[Part]) -> Result<(), Error> {
    let first = &parts[0];
    for p in &parts[1..] {
        let diff = tournament_differences(&p.manifest, &first.manifest);
        if !diff.is_empty() {
            return Err(Error::Folder(format!(
                "{} is a shard of another tournament than {} (\"folder\" is the latter):\n  {}",
                p.dir.display(),
                first.dir.display(),
                diff.join("\n  ")
            )));
        }
        if p.shard.n != first.shard.n {
            return Err(Error::Folder(format!(
                "{} is shard {} but {} is shard {}: the shards of one run share their N",
                p.dir.display(),
                p.shard,
                first.dir.display(),
                first.shard
            )));
        }
    }
    let ours = crate::provenance::SOURCES;
    if first.manifest.header.build != ours {
        return Err(Error::Folder(format!(
            "the shards were played by build {} (commit {}); this stadt is build {ours} (commit {}): merge with the build that played them",
            first.manifest.header.build,
            first.manifest.header.commit,
            crate::provenance::COMMIT
        )));
    }
    let n = first.shard.n;
    let mut given: Vec<Option<&Path>> = vec![None; n];
    for p in parts {
        if let Some(other) = given[p.shard.k] {
            return Err(Error::Folder(format!(
                "shard {} is given twice: {} and {}",
                p.shard,
                other.display(),
                p.dir.display()
            )));
        }
        given[p.shard.k] = Some(&p.dir);
    }
    let missing: Vec<String> =
        (0..n).filter(|&k| given[k].is_none()).map(|k| Shard { k, n }.to_string()).collect();
    if !missing.is_empty() {
        return Err(Error::Folder(format!(
            "shard{} {} of this tournament {} missing; give every shard's folder, 0/{n} to {}/{n}",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", "),
            if missing.len() > 1 { "are" } else { "is" },
            n - 1
        )));
    }
    Ok(())
}

/// What a finished shard's games.csv holds.
fn shard_games(p: &Part, total: usize) -> Result<rows::Games, Error> {
    let want = p.shard.len(total);
    finished_games(&p.dir, p.manifest.players, p.shard, want)?.map_err(|have| {
        Error::Folder(format!(
            "{} (shard {}) is unfinished: it holds {have} of its {want} games; run its command again to finish it",
            p.dir.display(),
            p.shard,
        ))
    })
}

/// Merges the shard folders `dirs` into `out`; `command` goes into the merged manifest.
pub fn merge(out: &Path, dirs: &[PathBuf], command: &str) -> Result<Merged, Error> {
    if dirs.is_empty() {
        return Err(Error::Setting("name the shard folders to merge: stadt merge OUT SHARD_DIR...".into()));
    }
    let parts: Vec<Part> = dirs.iter().map(|d| read_part(d)).collect::<Result<_, _>>()?;
    check_parts(&parts)?;
    let m = &parts[0].manifest;
    let (players, n) = (m.players, parts[0].shard.n);
    let total = schedule_len(m.bot.len(), players, m.games) as usize;
    let mut by_shard: Vec<Vec<Row>> = vec![Vec::new(); n];
    let mut columns = None;
    for p in &parts {
        let games = shard_games(p, total)?;
        if columns.get_or_insert_with(|| games.columns.clone()) != &games.columns {
            return Err(Error::Folder(format!(
                "{}'s games.csv has other columns than {}'s: shards of one tournament have the same",
                p.dir.display(),
                parts[0].dir.display()
            )));
        }
        by_shard[p.shard.k] = games.rows;
    }
    let columns = columns.expect("at least one shard");
    let mut all = Vec::with_capacity(total * players);
    for i in 0..total {
        let j = i / n;
        all.extend_from_slice(&by_shard[i % n][j * players..(j + 1) * players]);
    }
    let failures = m.bot.iter().any(|b| b.spec.starts_with(FORFEITING_SPEC));
    let content = format!("{}\n{}", rows::header(&columns, failures), rows::to_csv(&all));
    let mut merged = m.clone();
    merged.shard = None;
    merged.header.command = command.to_string();
    let folder = RunFolder::open(out, command)?;
    folder.claim(&merged)?;
    let games = folder.join(GAMES);
    match std::fs::read_to_string(&games) {
        Ok(existing) if existing == content => {}
        Ok(_) => {
            return Err(Error::Folder(format!(
                "{} already holds a games.csv other than the merged one; merge into a new folder",
                out.display()
            )));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            folder.require_writable(GAMES)?;
            write_file(&games, &content, false)?;
        }
        Err(e) => return Err(Error::io("read", &games, e)),
    }
    let labels: Vec<String> = m.bot.iter().map(|b| b.label.clone()).collect();
    let specs: Vec<String> = m.bot.iter().map(|b| b.spec.clone()).collect();
    let (_, table) = summarise(&folder, players, &labels, &specs, &columns.sources, &all)?;
    if folder.writable() {
        for p in &parts {
            super::records::copy_from_shard(&p.dir, &folder)?;
        }
    }
    let report = if folder.writable() { Some(page::write_finished(&folder)?) } else { None };
    Ok(Merged { games: total, table, report })
}
