//! The report of any finished run folder, by the format its manifest names: what `stadt report`
//! writes (each kind of run writes its own when it finishes).

use crate::{sprt, tournament, tune};
use stadt_core::error::Error;
use stadt_core::folder::{MANIFEST, RunFolder, RunManifest};
use stadt_core::report::{format, manifest_text, write_page};
use std::path::{Path, PathBuf};

/// The report of the finished run in `dir`, as HTML text; nothing is written.
pub fn render(dir: &Path) -> Result<String, Error> {
    let text = manifest_text(dir)?;
    let path = dir.join(MANIFEST);
    match format(&text).as_deref() {
        Some(tournament::manifest::FORMAT) => tournament::page::page(dir, &text),
        Some(<tune::manifest::Manifest as RunManifest>::FORMAT) => tune::page::page(dir, &text),
        Some(sprt::manifest::FORMAT) => sprt::page::page(dir, &text),
        Some(f) => Err(Error::file(
            &path,
            format!(
                "format `{f}` is none of a tournament, a tuning run or an sprt run this version reports on"
            ),
        )),
        None => Err(Error::file(&path, "not a stadt manifest (no `format` line)")),
    }
}

/// Writes the report of the finished run in `dir` (taking the folder's lock, so never beside a
/// run in progress), after the viewer pages of the notable games it links (a tournament that
/// kept its records), and returns its path; `command` names this process in the lock.
pub fn write(dir: &Path, command: &str) -> Result<PathBuf, Error> {
    let html = render(dir)?;
    let folder = RunFolder::open(dir, command)?;
    tournament::page::write_viewers(&folder)?;
    write_page(&folder, &html)
}
