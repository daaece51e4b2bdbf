//! Two build-time facts:
//! - the bots: every `bots/NAME.rs` becomes module `stadt::bots::NAME`, and its `pub static BOT`
//!   joins the registry, so a new bot is a single new file;
//! - the build's identity: a SHA-256 of every source file that decides results (`src/`, the bots'
//!   code `bots/*.rs`, `build.rs`, `Cargo.toml`, `Cargo.lock`; not the bot settings files
//!   `bots/*.bot`, which manifests record as full specs), and the git commit when there is one.
//!   Tournament and tuning folders record it, and a run with another build is refused there.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    bots_registry(&root);
    build_identity(&root);
}

fn bots_registry(root: &Path) {
    let dir = root.join("bots");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the bots/ folder exists")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.strip_suffix(".rs")?.to_string();
            (name != "mod" && !name.starts_with('.')).then_some(name)
        })
        .collect();
    names.sort();
    let mut out = String::new();
    for n in &names {
        assert!(
            n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "bot file bots/{n}.rs: names are lowercase letters, digits and underscores"
        );
        let path = dir.join(format!("{n}.rs"));
        writeln!(out, "#[path = {:?}]\npub mod {n};", path.display().to_string()).unwrap();
    }
    let entries: Vec<String> = names.iter().map(|n| format!("&{n}::BOT")).collect();
    writeln!(
        out,
        "/// Every bot, in file-name order.\npub static REGISTRY: &[&crate::agent::BotDef] = &[{}];",
        entries.join(", ")
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bots_registry.rs");
    std::fs::write(dest, out).unwrap();
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
    for dir in ["src", "bots"] {
        println!("cargo:rerun-if-changed={dir}");
        files(&root.join(dir), &mut paths);
    }
    paths.retain(|p| p.extension().is_none_or(|e| e != "bot"));
    for file in ["build.rs", "Cargo.toml", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={file}");
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
            let dirty =
                git(&["status", "--porcelain", "--", "src", "bots", "build.rs", "Cargo.toml", "Cargo.lock"])
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
