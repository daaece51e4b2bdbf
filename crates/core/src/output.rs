//! Writing result files safely: never half-written (write a temporary file, then rename), never
//! silently overwriting, and logs that grow by whole lines only.

use crate::error::Error;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `content` to `path`, refusing if the file exists unless `overwrite`.
pub fn write_file(path: &Path, content: &str, overwrite: bool) -> Result<(), Error> {
    if !overwrite && path.exists() {
        return Err(Error::Folder(format!("{} already exists; not overwriting it", path.display())));
    }
    let tmp = path.with_extension(format!("{}.tmp", path.extension().and_then(|e| e.to_str()).unwrap_or("")));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(content.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io("write", path, e)
    })
}

/// A log written by appending whole lines (`games.csv`, `tune.csv`): what follows its last complete
/// line (a line cut short by a kill) is dropped on opening, and every append is flushed at once.
pub struct AppendLog {
    path: PathBuf,
    file: File,
}

impl AppendLog {
    /// Opens the log at `path` to append after its first `complete` bytes, dropping the rest.
    pub fn open(path: &Path, complete: usize) -> Result<AppendLog, Error> {
        let file = OpenOptions::new().write(true).open(path).map_err(|e| Error::io("open", path, e))?;
        let len = file.metadata().map_err(|e| Error::io("read", path, e))?.len();
        if len > complete as u64 {
            file.set_len(complete as u64).map_err(|e| Error::io("shorten", path, e))?;
        }
        let file = OpenOptions::new().append(true).open(path).map_err(|e| Error::io("append to", path, e))?;
        Ok(AppendLog { path: path.to_path_buf(), file })
    }

    /// Appends `text` (whole lines) and flushes it.
    pub fn append(&mut self, text: &str) -> Result<(), Error> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| Error::io("write", &self.path, e))
    }
}
