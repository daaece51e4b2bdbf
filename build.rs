//! Finds the bots: every `bots/NAME.rs` becomes module `stadt::bots::NAME`, and its `pub static BOT`
//! joins the registry, so a new bot is a single new file.

use std::fmt::Write as _;

fn main() {
    let dir = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("bots");
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
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("bots_registry.rs");
    std::fs::write(dest, out).unwrap();
}
