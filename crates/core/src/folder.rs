//! Output folders of tournaments and tuning runs. One run at a time holds a folder (a lock that the
//! operating system releases when the process ends, however it ends), a run never writes into a
//! folder that holds files no stadt run wrote, and a folder holds one run's results: its manifest
//! says which, and a run whose manifest differs is refused there.

use crate::error::Error;
use crate::output::write_file;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
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
    pub fn open(path: &Path, command: &str) -> Result<RunFolder, Error> {
        if path.as_os_str().is_empty() {
            return Err(Error::Setting("the output folder is empty: name a folder".into()));
        }
        if path.exists() && !path.is_dir() {
            return Err(Error::Folder(format!("{} exists and is not a folder", path.display())));
        }
        if path.is_dir() && !path.join(MANIFEST).exists() {
            let mut foreign: Vec<String> = std::fs::read_dir(path)
                .map_err(|e| Error::io("read", path, e))?
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != LOCK)
                .collect();
            if !foreign.is_empty() {
                foreign.sort();
                foreign.truncate(3);
                return Err(Error::Folder(format!(
                    "{} holds files that no stadt run wrote ({}, ...) and no {MANIFEST}: not writing there; choose a new or empty folder",
                    path.display(),
                    foreign.join(", ")
                )));
            }
        }
        std::fs::create_dir_all(path).map_err(|e| Error::io("create", path, e))?;
        // Whatever the command, no bot in another program under --sandbox sees a run's files (the
        // manifest holds the seed and the bot secret).
        crate::sandbox::hide(path);
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

    /// Writes `content`, which the run derives from its logs, as the folder's file `name` unless
    /// the file already holds exactly that (so a finished run in a read-only folder still reads
    /// back); returns the file's path.
    pub fn write_derived(&self, name: &str, content: &str) -> Result<PathBuf, Error> {
        let path = self.join(name);
        if std::fs::read_to_string(&path).is_ok_and(|t| t == content) {
            return Ok(path);
        }
        self.require_writable(name)?;
        write_file(&path, content, true)?;
        Ok(path)
    }

    /// Fails unless this run may write here, saying what it would have written.
    pub fn require_writable(&self, what: &str) -> Result<(), Error> {
        if self.writable() {
            Ok(())
        } else {
            Err(Error::Folder(format!(
                "{} is read-only, and this run would have to write {what}",
                self.path.display()
            )))
        }
    }
}

/// What every manifest starts with: its format, the command that started the run, what the run is
/// for (tournaments and tests say; tuning and learning runs do not), and the build that ran it.
/// Each manifest embeds it first (`#[serde(flatten)]`), so its TOML holds these keys as its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The manifest's format: `stadt-tournament 1`.
    pub format: String,
    /// The command that started the run, as typed.
    pub command: String,
    /// What the run is for (from an experiment file), where the kind of run has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    /// The package version.
    pub version: String,
    /// The build: a SHA-256 of the sources that decide results.
    pub build: String,
    /// The git commit of the build, for information (`+changes` when the sources differed from it).
    pub commit: String,
}

impl Header {
    /// The header of a manifest of `format` for a run started by `command` with the build `build`
    /// (the hash of the sources that decide results) of git commit `commit`.
    pub fn new(format: &str, command: &str, about: Option<&str>, build: &str, commit: &str) -> Header {
        Header {
            format: format.to_string(),
            command: command.to_string(),
            about: about.map(str::to_string),
            version: env!("CARGO_PKG_VERSION").to_string(),
            build: build.to_string(),
            commit: commit.to_string(),
        }
    }

    /// What the run is for; empty when not said.
    pub fn about(&self) -> &str {
        self.about.as_deref().unwrap_or("")
    }

    /// The build as reports show it: `BUILD (commit COMMIT, version VERSION)`.
    pub fn build_line(&self) -> String {
        format!("{} (commit {}, version {})", self.build, self.commit, self.version)
    }
}

/// What a run's manifest must tell: the identity of the run (all that decides its results), as
/// TOML with a comment on top.
pub trait RunManifest: Serialize + DeserializeOwned {
    /// What kind of run this is, for messages (`tournament`, `tuning run`).
    const RUN: &'static str;
    /// The `format` value of this version's manifests.
    const FORMAT: &'static str;
    /// The comment lines at the top of the file.
    const COMMENT: &'static str;

    /// The manifest's header.
    fn header(&self) -> &Header;

    /// What differs between this run's identity and `folder`'s, one line each; empty when none.
    fn differences(&self, folder: &Self) -> Vec<String>;

    /// The file's text.
    fn to_toml(&self) -> String {
        format!("{}{}", Self::COMMENT, toml::to_string(self).expect("a manifest is plain TOML"))
    }

    /// Reads a manifest of this version from the file at `path`.
    fn read(text: &str, path: &Path) -> Result<Self, Error> {
        let m: Self = toml::from_str(text).map_err(|e| {
            Error::file(path, format!("not a {} manifest this version reads: {e}", Self::RUN))
        })?;
        let format = &m.header().format;
        if format != Self::FORMAT {
            return Err(Error::file(
                path,
                format!("format `{format}`, where this version reads `{}`", Self::FORMAT),
            ));
        }
        Ok(m)
    }
}

/// The differences between this run's manifest and a folder's, one line each, field by field.
#[derive(Default)]
pub struct Differences(Vec<String>);

impl Differences {
    /// Notes the field `name` when the folder's value differs from this run's.
    pub fn field(&mut self, name: &str, folder: impl ToString, ours: impl ToString) -> &mut Differences {
        let (theirs, ours) = (folder.to_string(), ours.to_string());
        if theirs != ours {
            self.0.push(format!("{name}: folder {theirs}, this run {ours}"));
        }
        self
    }

    /// Notes the build when it differs, between the headers of the folder's manifest and this run's.
    pub fn build(&mut self, folder: &Header, ours: &Header) -> &mut Differences {
        if folder.build != ours.build {
            let show = |h: &Header| format!("{} (commit {})", h.build, h.commit);
            self.field("build", show(folder), show(ours));
        }
        self
    }

    /// The lines.
    pub fn lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
    }
}

impl RunFolder {
    /// The manifest the folder holds, if any: the run it holds, before this run claims it.
    pub fn manifest<M: RunManifest>(&self) -> Result<Option<M>, Error> {
        let path = self.join(MANIFEST);
        match std::fs::read_to_string(&path) {
            Ok(text) => M::read(&text, &path).map(Some),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io("read", &path, e)),
        }
    }

    /// Claims the folder for the run `ours` describes: a new folder gets its manifest; a folder
    /// whose manifest describes another run is refused, naming every difference.
    pub fn claim<M: RunManifest>(&self, ours: &M) -> Result<(), Error> {
        let path = self.join(MANIFEST);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let diff = ours.differences(&M::read(&text, &path)?);
                if diff.is_empty() {
                    return Ok(());
                }
                Err(Error::Folder(format!(
                    "{} holds a different {}; refusing to mix results (choose another --out):\n  {}",
                    self.path.display(),
                    M::RUN,
                    diff.join("\n  ")
                )))
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                self.require_writable(MANIFEST)?;
                write_file(&path, &ours.to_toml(), false)
            }
            Err(e) => Err(Error::io("read", &path, e)),
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
fn lock(dir: &Path, command: &str) -> Result<Option<File>, Error> {
    let path = dir.join(LOCK);
    loop {
        let mut file =
            match OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path) {
                Ok(f) => f,
                Err(e) if matches!(e.kind(), ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem) => {
                    return Ok(None);
                }
                Err(e) => return Err(Error::io("create", &path, e)),
            };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(Error::Folder(format!(
                    "{} is in use by another run ({}); wait for it to finish or stop it, then run again",
                    dir.display(),
                    if holder.is_empty() { "a stadt process that is just starting" } else { holder }
                )));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(Error::io("lock", &path, e));
            }
        }
        if same_file(&file, &path) {
            let holder = format!("process {} running `{command}`", std::process::id());
            file.set_len(0)
                .and_then(|_| file.write_all(holder.as_bytes()))
                .and_then(|_| file.flush())
                .map_err(|e| Error::io("write", &path, e))?;
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
