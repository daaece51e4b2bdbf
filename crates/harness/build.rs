//! The build's identity: a SHA-256 of every source file that decides results (the sources and
//! manifests of the crates in `crates/`, the command line's sources in `src/`, the root
//! `Cargo.toml` (the workspace and the command line's manifest) and `Cargo.lock`), and the git
//! commit when there is one. Tournament and tuning folders record it, and a run with another build
//! is refused there.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

fn main() {
    // The workspace root: two levels up from this crate.
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root =
        crate_dir.parent().and_then(Path::parent).expect("crates/harness in a workspace").to_path_buf();
    build_identity(&root);
}

/// Every file under `dir`, recursively, in sorted order.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn build_identity(root: &Path) {
    let mut paths = Vec::new();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("the crates/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    crates.sort();
    println!("cargo:rerun-if-changed={}", root.join("crates").display());
    for c in &crates {
        for part in ["src", "build.rs", "Cargo.toml"] {
            let p = c.join(part);
            // Cargo takes a watched path that does not exist as changed, and would rebuild every
            // time: most crates have no build.rs. A new one shows up in the watched crates/ folder.
            if !p.exists() {
                continue;
            }
            println!("cargo:rerun-if-changed={}", p.display());
            if p.is_dir() {
                files(&p, &mut paths);
            } else {
                paths.push(p);
            }
        }
    }
    // The command line, the package at the root.
    let cli = root.join("src");
    println!("cargo:rerun-if-changed={}", cli.display());
    files(&cli, &mut paths);
    for file in ["Cargo.toml", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={}", root.join(file).display());
        paths.push(root.join(file));
    }
    let mut hash = Sha256::new();
    for p in &paths {
        // The path relative to the crate, then the contents: moving or renaming counts as a change.
        let rel = p.strip_prefix(root).unwrap_or(p).to_string_lossy().replace('\\', "/");
        hash.update((rel.len() as u64).to_le_bytes());
        hash.update(rel.as_bytes());
        let bytes = std::fs::read(p).unwrap_or_default();
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    let hex: String = hash.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=STADT_SOURCES=sha256:{hex}");
    // The commit, for information: the source hash above is what identifies a build.
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = match git(&["rev-parse", "HEAD"]) {
        Some(c) => {
            // The same files as the hash above.
            let hashed = [
                // A pattern matches a whole path (`*` crosses folders): `crates/*/src` alone
                // matched no file in them, and a build with changed crates said it was clean.
                "crates/*/src/*",
                "crates/*/build.rs",
                "crates/*/Cargo.toml",
                "src",
                "Cargo.toml",
                "Cargo.lock",
            ];
            let dirty = git(&[&["status", "--porcelain", "--"][..], &hashed[..]].concat())
                .is_some_and(|s| !s.is_empty());
            if dirty { format!("{c}+changes") } else { c }
        }
        None => "none (no git)".to_string(),
    };
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        let git_dir = root.join(git_dir);
        for f in ["HEAD", "index"] {
            println!("cargo:rerun-if-changed={}", git_dir.join(f).display());
        }
    }
    println!("cargo:rustc-env=STADT_COMMIT={commit}");
}
