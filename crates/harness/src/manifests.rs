//! The manifests of every kind of run: each checked-in manifest reads and writes back byte for
//! byte through the shared header, and the header keeps them strict.

#![cfg(test)]

use crate::{learn, sprt, tournament, tune};
use stadt_core::folder::RunManifest;
use std::path::{Path, PathBuf};

/// The manifests checked in under results/, at any depth.
fn checked_in() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.file_name().is_some_and(|n| n == stadt_core::folder::MANIFEST) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results"), &mut out);
    out
}

/// The manifest's TOML read as `M` and written again, without the comment lines on top.
fn again<M: RunManifest>(text: &str, path: &Path) -> String {
    M::read(text, path)
        .unwrap()
        .to_toml()
        .lines()
        .skip_while(|l| l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_checked_in_manifest_reads_and_writes_back_byte_for_byte() {
    let paths = checked_in();
    assert!(paths.len() >= 4, "{paths:?}");
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let body = text.lines().skip_while(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
        let format = body.lines().next().unwrap();
        let written = match format {
            r#"format = "stadt-tournament 1""# => again::<tournament::manifest::Manifest>(&text, &path),
            r#"format = "stadt-sprt 1""# => again::<sprt::manifest::Manifest>(&text, &path),
            r#"format = "stadt-tune 1""# => again::<tune::manifest::Manifest>(&text, &path),
            r#"format = "stadt-learn 1""# => again::<learn::manifest::Manifest>(&text, &path),
            other => panic!("{}: {other}", path.display()),
        };
        assert_eq!(written, body, "{}", path.display());
    }
}

#[test]
fn the_shared_header_keeps_manifests_strict() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/greedy-vs-random/manifest.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    type Manifest = tournament::manifest::Manifest;
    let m = Manifest::read(&text, &path).unwrap();
    assert_eq!(
        (m.header.format.as_str(), m.header.about()),
        ("stadt-tournament 1", "greedy against random, 2 players, 200 decks x 2 seatings")
    );
    // A key no manifest has, or one of the header's missing, is refused.
    let extra = text.replace("players = 2\n", "players = 2\ncolour = \"red\"\n");
    let e = Manifest::read(&extra, &path).unwrap_err().to_string();
    assert!(e.contains("not a tournament manifest") && e.contains("colour"), "{e}");
    let missing = text.lines().filter(|l| !l.starts_with("build = ")).collect::<Vec<_>>().join("\n");
    let e = Manifest::read(&missing, &path).unwrap_err().to_string();
    assert!(e.contains("build"), "{e}");
    let other = text.replace("stadt-tournament 1", "stadt-tournament 2");
    let e = Manifest::read(&other, &path).unwrap_err().to_string();
    assert!(e.contains("format `stadt-tournament 2`, where this version reads `stadt-tournament 1`"), "{e}");
    // A tuning or learning manifest has no `about`, and writes none.
    let tune = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/tune-steerer/manifest.toml");
    let text = std::fs::read_to_string(&tune).unwrap();
    assert!(!again::<tune::manifest::Manifest>(&text, &tune).contains("about"));
}
