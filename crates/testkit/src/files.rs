//! Scratch folders, what a folder holds, and the files of the repository.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A scratch folder: removed when the test passes, kept for a look when it fails.
pub struct Scratch(pub PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

/// A fresh, empty scratch folder named after the test (`name` unique within its test binary; the
/// process id keeps binaries and runs apart).
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("stadt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    Scratch(dir)
}

/// Every file in a folder (not recursive) with its bytes; empty when there is no such folder.
pub fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().is_file())
                .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
                .collect()
        })
        .unwrap_or_default()
}

/// Copies the files of a folder (not recursive) into a new one.
pub fn copy_files(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for (name, bytes) in snapshot(from) {
        std::fs::write(to.join(name), bytes).unwrap();
    }
}

/// The text of `file` in folder `dir`; fails naming the file.
pub fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{}/{file}: {e}", dir.display()))
}

/// The number of lines in a file so far: 0 when it does not exist (yet).
pub fn line_count(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// A path in the repository (the workspace root), from a path relative to it.
pub fn repo_path(rel: &str) -> PathBuf {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    kit.ancestors().nth(2).expect("the kit lies in crates/testkit").join(rel)
}

/// The text of a file in the repository; fails naming it.
pub fn repo_text(rel: &str) -> String {
    std::fs::read_to_string(repo_path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}
