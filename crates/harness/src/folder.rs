//! Output folders of tournaments and tuning runs. One run at a time holds a folder (a lock that the
//! operating system releases when the process ends, however it ends), and a run never writes into
//! a folder that holds files no stadt run wrote.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// The lock file, present while a run holds the folder.
pub const LOCK: &str = ".stadt.lock";
/// The manifest every stadt folder starts with.
pub const MANIFEST: &str = "manifest.toml";

/// A folder a run works in.
#[derive(Debug)]
pub struct RunFolder {
    path: PathBuf,
    /// The locked lock file; None when the folder is read-only (then nothing may be written).
    lock: Option<File>,
}

impl RunFolder {
    /// Opens `path` for a run, creating it if needed, and takes its lock. A folder that holds files
    /// but no manifest is refused, and so is one another process holds; `command` is recorded in
    /// the lock for that message. A read-only folder opens without a lock, for runs that only read.
    pub fn open(path: &Path, command: &str) -> Result<RunFolder, String> {
        if path.as_os_str().is_empty() {
            return Err("the output folder is empty: name a folder".into());
        }
        if path.exists() && !path.is_dir() {
            return Err(format!("{} exists and is not a folder", path.display()));
        }
        if path.is_dir() && !path.join(MANIFEST).exists() {
            let mut foreign: Vec<String> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != LOCK)
                .collect();
            if !foreign.is_empty() {
                foreign.sort();
                foreign.truncate(3);
                return Err(format!(
                    "{} holds files that no stadt run wrote ({}, ...) and no {MANIFEST}: not writing there; choose a new or empty folder",
                    path.display(),
                    foreign.join(", ")
                ));
            }
        }
        std::fs::create_dir_all(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        let lock = lock(path, command)?;
        Ok(RunFolder { path: path.to_path_buf(), lock })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A file in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Whether this run may write here (it holds the lock).
    pub fn writable(&self) -> bool {
        self.lock.is_some()
    }

    /// Fails unless this run may write here, saying what it would have written.
    pub fn require_writable(&self, what: &str) -> Result<(), String> {
        if self.writable() {
            Ok(())
        } else {
            Err(format!("{} is read-only, and this run would have to write {what}", self.path.display()))
        }
    }
}

impl Drop for RunFolder {
    fn drop(&mut self) {
        // Remove the lock file while still holding the lock: a process that opened it meanwhile
        // finds, once it gets the lock, that the path no longer names its file, and tries again.
        if self.lock.is_some() {
            let _ = std::fs::remove_file(self.path.join(LOCK));
        }
    }
}

/// Takes the folder's lock: None if the folder is read-only.
fn lock(dir: &Path, command: &str) -> Result<Option<File>, String> {
    let path = dir.join(LOCK);
    loop {
        let mut file =
            match OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path) {
                Ok(f) => f,
                Err(e) if matches!(e.kind(), ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem) => {
                    return Ok(None);
                }
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(format!(
                    "{} is in use by another run ({}); wait for it to finish or stop it, then run again",
                    dir.display(),
                    if holder.is_empty() { "a stadt process that is just starting" } else { holder }
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(format!("cannot lock {}: {e}", path.display()));
            }
        }
        if same_file(&file, &path) {
            let holder = format!("process {} running `{command}`", std::process::id());
            file.set_len(0)
                .and_then(|_| file.write_all(holder.as_bytes()))
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            return Ok(Some(file));
        }
        // The holder removed the file as we opened it: take the lock anew.
    }
}

/// Whether `path` still names the open file `file`.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `path` still names the open file `file` (no inode numbers here: trust the name).
#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}
