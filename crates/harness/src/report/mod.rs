//! `report.html`: a finished tournament's, sequential test's or tuning run's results as one
//! self-contained page of tables and plots (inline CSS and SVG, no scripts), written into its
//! folder by `stadt report` and at the end of every tournament, merge, test and tuning run.
//!
//! The page is computed from the folder's logs (`games.csv`, `tune.csv`, `verify.csv`) with the
//! code that wrote its summaries, and refused when a summary beside them says otherwise: its
//! numbers are the folder's numbers. The same folder always gives the same bytes.

mod html;
mod plots;
mod sprt;
mod tournament;
mod tune;

use crate::error::Error;
use crate::folder::{MANIFEST, RunFolder, RunManifest};
use std::path::{Path, PathBuf};

/// The report's file name in a folder.
pub const FILE: &str = "report.html";

/// The report of the finished run in `dir`, as HTML text; nothing is written.
pub fn render(dir: &Path) -> Result<String, Error> {
    if !dir.is_dir() {
        return Err(Error::Folder(if dir.exists() {
            format!("{} is not a folder", dir.display())
        } else {
            format!("{} does not exist: name a tournament, tuning or sprt folder", dir.display())
        }));
    }
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::Folder(format!(
                "{} is not a stadt tournament, tuning or sprt folder: it has no {MANIFEST}",
                dir.display()
            ))
        } else {
            Error::io("read", &path, e)
        }
    })?;
    match format(&text).as_deref() {
        Some(crate::tournament::manifest::FORMAT) => tournament::page(dir, &text),
        Some(<crate::tune::manifest::Manifest as RunManifest>::FORMAT) => tune::page(dir, &text),
        Some(crate::sprt::manifest::FORMAT) => sprt::page(dir, &text),
        Some(f) => Err(Error::file(
            &path,
            format!(
                "format `{f}` is none of a tournament, a tuning run or an sprt run this version reports on"
            ),
        )),
        None => Err(Error::file(&path, "not a stadt manifest (no `format` line)")),
    }
}

/// The `format` line of a manifest's text, if it has one.
fn format(manifest: &str) -> Option<String> {
    toml::from_str::<toml::Table>(manifest)
        .ok()
        .and_then(|t| t.get("format").and_then(|f| f.as_str()).map(str::to_string))
}

/// Writes the report of the finished run in `dir` (taking the folder's lock, so never beside a
/// run in progress) and returns its path; `command` names this process in the lock.
pub fn write(dir: &Path, command: &str) -> Result<PathBuf, Error> {
    let html = render(dir)?;
    write_rendered(&RunFolder::open(dir, command)?, &html)
}

/// Writes the report of the run that holds `folder` and has just finished.
pub(crate) fn write_finished(folder: &RunFolder) -> Result<PathBuf, Error> {
    write_rendered(folder, &render(folder.path())?)
}

/// Writes a rendered report, after the viewer pages of the notable games it links (a tournament
/// that kept its records).
fn write_rendered(folder: &RunFolder, html: &str) -> Result<PathBuf, Error> {
    tournament::write_viewers(folder)?;
    folder.write_derived(FILE, html)
}

/// The name of a folder for a title: its last component.
fn folder_name(dir: &Path) -> String {
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    canonical.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The message for a folder whose run has not finished.
fn unfinished(dir: &Path, what: String, command: &str) -> Error {
    Error::Folder(format!(
        "{} holds an unfinished run ({what}): there is nothing to report yet; finish it with its command: {command}",
        dir.display()
    ))
}

/// Fails unless the folder's `name` holds exactly `ours`, the text its games give.
pub(crate) fn agrees(dir: &Path, name: &str, ours: &str, command: &str) -> Result<(), Error> {
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(t) if t == ours => Ok(()),
        Ok(_) => Err(Error::file(
            &path,
            format!(
                "does not hold what games.csv gives: it was changed since the run wrote it; run the run's command again to rewrite it: {command}"
            ),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Error::Folder(format!(
            "{} has no {name} beside its games: run the run's command again to write it: {command}",
            dir.display()
        ))),
        Err(e) => Err(Error::io("read", &path, e)),
    }
}
