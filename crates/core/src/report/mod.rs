//! `report.html`: a finished run's results as one self-contained page of tables and plots
//! (inline CSS and SVG, no scripts). What every kind of run's page shares is here: the page and
//! its plots, reading the manifest, and the checks that a page's numbers are the folder's
//! numbers; each kind of run builds its own page (`tournament::page`, `sprt::page`, `tune::page`,
//! written at the end of every run, merge and test) and `any_report` picks one by the manifest's
//! format for `stadt report`.
//!
//! A page is computed from the folder's logs (`games.csv`, `tune.csv`, `verify.csv`) with the
//! code that wrote its summaries, and refused when a summary beside them says otherwise. The same
//! folder always gives the same bytes.

pub mod html;
pub mod plots;

use crate::error::Error;
use crate::folder::{MANIFEST, RunFolder};
use std::path::{Path, PathBuf};

/// The report's file name in a folder.
pub const FILE: &str = "report.html";

/// The text of the manifest of the run folder `dir`, or an error that says what `dir` is instead.
pub fn manifest_text(dir: &Path) -> Result<String, Error> {
    if !dir.is_dir() {
        return Err(Error::Folder(if dir.exists() {
            format!("{} is not a folder", dir.display())
        } else {
            format!("{} does not exist: name a tournament, tuning or sprt folder", dir.display())
        }));
    }
    let path = dir.join(MANIFEST);
    std::fs::read_to_string(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::Folder(format!(
                "{} is not a stadt tournament, tuning or sprt folder: it has no {MANIFEST}",
                dir.display()
            ))
        } else {
            Error::io("read", &path, e)
        }
    })
}

/// The `format` line of a manifest's text, if it has one.
pub fn format(manifest: &str) -> Option<String> {
    toml::from_str::<toml::Table>(manifest)
        .ok()
        .and_then(|t| t.get("format").and_then(|f| f.as_str()).map(str::to_string))
}

/// Writes a rendered page as the report of the run that holds `folder`; returns its path.
pub fn write_page(folder: &RunFolder, html: &str) -> Result<PathBuf, Error> {
    folder.write_derived(FILE, html)
}

/// The name of a folder for a title: its last component.
pub fn folder_name(dir: &Path) -> String {
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    canonical.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The message for a folder whose run has not finished.
pub fn unfinished(dir: &Path, what: String, command: &str) -> Error {
    Error::Folder(format!(
        "{} holds an unfinished run ({what}): there is nothing to report yet; finish it with its command: {command}",
        dir.display()
    ))
}

/// Fails unless the folder's `name` holds exactly `ours`, the text its games give.
pub fn agrees(dir: &Path, name: &str, ours: &str, command: &str) -> Result<(), Error> {
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
