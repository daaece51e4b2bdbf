//! `.ci/import-cycles.py`, which `./test` runs to keep the files of each crate free of import
//! circles, run on small fake workspaces: a circle planted through each kind of path it must read
//! (a mod.rs's call into its own child, `use self::`, a braced `use crate::{...}`, a module a `use`
//! bound, `crate::a::b` inside an expression, `super::super::`) fails it, naming the circle; what
//! is no import (comments, strings, unit tests) or no circle between folders passes. And the
//! repository itself passes.

use stadt_testkit::files::{repo_path, scratch};
use stadt_testkit::run;
use stadt_testkit::tools::require;
use std::path::Path;
use std::process::Command;

/// Runs the script on a workspace of one crate, `fake`, made of `files` (path under src/, text):
/// (exit code, stdout).
fn check(dir: &Path, files: &[(&str, &str)]) -> Option<(i32, String)> {
    let python = require("python3", "the import-cycle script, which is a Python program")?;
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("Cargo.toml"), "[workspace]\nmembers = [\"fake\"]\n").unwrap();
    for (path, text) in files {
        let file = dir.join("fake/src").join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    let (code, out, err) = run(Command::new(python).arg(repo_path(".ci/import-cycles.py")).arg(dir));
    assert!(err.is_empty(), "the script wrote to stderr:\n{err}");
    Some((code, out))
}

/// The one circle the script must report for `files`, as its printed line's path.
fn assert_circle(dir: &Path, files: &[(&str, &str)], circle: &str) {
    let Some((code, out)) = check(dir, files) else { return };
    assert_eq!(code, 1, "a planted circle passed:\n{out}");
    assert!(out.contains(&format!("fake: {circle} (")), "expected the circle {circle}:\n{out}");
    assert!(out.contains("import-cycles: 1 cycle(s)"), "{out}");
}

/// No circle must be reported for `files`.
fn assert_clean(dir: &Path, files: &[(&str, &str)]) {
    let Some((code, out)) = check(dir, files) else { return };
    assert_eq!(code, 0, "a circle reported where there is none:\n{out}");
    assert!(out.contains("import-cycles: 0 cycle(s)"), "{out}");
}

const LIB: (&str, &str) = ("lib.rs", "pub mod games;\npub mod tune;\n");

#[test]
fn a_circle_through_a_mod_rs_calling_its_own_child_fails_the_script() {
    // The circle issue 56 found: `tune/mod.rs` calls `spsa::step`, spsa reaches the games, and
    // the games import the tuner's type back.
    let dir = scratch("import-cycles-child");
    let files = [
        LIB,
        ("tune/mod.rs", "mod spsa;\npub struct Weight;\npub fn run() {\n    spsa::step();\n}\n"),
        ("tune/spsa.rs", "pub fn step() {\n    crate::games::check(1);\n}\n"),
        ("games.rs", "use crate::tune::Weight;\npub fn check(_: u8) -> Option<Weight> {\n    None\n}\n"),
    ];
    assert_circle(&dir, &files, "games -> tune -> tune::spsa -> games");
}

#[test]
fn circles_through_every_kind_of_path_fail_the_script() {
    let dir = scratch("import-cycles-kinds");
    // `use self::child::item` in a mod.rs.
    let use_self = [
        LIB,
        ("tune/mod.rs", "mod spsa;\npub use self::spsa::step;\n"),
        ("tune/spsa.rs", "pub fn step() -> crate::games::Game {\n    todo!()\n}\n"),
        ("games.rs", "pub struct Game;\npub fn f() {\n    crate::tune::step();\n}\n"),
    ];
    assert_circle(&dir, &use_self, "games -> tune -> tune::spsa -> games");
    // A braced group, and a module a `use` bound, called by its bare name.
    let bound = [
        LIB,
        ("tune/mod.rs", "pub fn run() {}\n"),
        ("games.rs", "use crate::{tune, tune::run as go};\npub fn f() {\n    tune::run();\n    go();\n}\n"),
    ];
    let into_games = ("tune/mod.rs", "use crate::{games::{self}};\npub fn run() {\n    games::f();\n}\n");
    assert_circle(&dir, &[bound[0], bound[2], into_games], "games -> tune -> games");
    // `crate::a::b` in the middle of an expression, and `super::super::` from below a folder.
    let deep = [
        ("lib.rs", "pub mod games;\npub mod tune;\n"),
        ("tune/mod.rs", "pub mod spsa;\n"),
        ("tune/spsa/mod.rs", "pub mod step;\n"),
        ("tune/spsa/step.rs", "pub fn step() -> u8 {\n    1 + super::super::super::games::N\n}\n"),
        (
            "games.rs",
            "pub const N: u8 = 2;\npub fn f() -> u8 {\n    3 * crate::tune::spsa::step::step()\n}\n",
        ),
    ];
    assert_circle(&dir, &deep, "games -> tune::spsa::step -> games");
}

#[test]
fn what_is_no_import_and_circles_within_one_folder_pass_the_script() {
    let dir = scratch("import-cycles-clean");
    let files = [
        LIB,
        // A folder's mod.rs and its files share its items: one module split into files. Its
        // comments, strings and unit tests name the games, which import it: no circle.
        (
            "tune/mod.rs",
            "mod spsa;\npub struct Spec;\n\
             // crate::games::f calls run, never the other way\n\
             /* games::f() in a /* nested */ block comment */\n\
             pub fn run() -> &'static str {\n    spsa::step();\n    \"crate::games::f\"\n}\n\
             #[cfg(test)]\nmod tests {\n    use crate::games::f;\n}\n",
        ),
        ("tune/spsa.rs", "use super::Spec;\npub fn step() -> Option<Spec> {\n    None\n}\n"),
        ("games.rs", "use crate::tune;\npub fn f() {\n    tune::run();\n}\n"),
    ];
    assert_clean(&dir, &files);
    // The same files with the folder's call back made a real one: now it fails.
    let mut planted = files;
    planted[2] = (
        "tune/spsa.rs",
        "use super::Spec;\npub fn step() -> Option<Spec> {\n    crate::games::f();\n    None\n}\n",
    );
    assert_circle(&dir, &planted, "games -> tune -> tune::spsa -> games");
}

#[test]
fn the_repository_has_no_import_circle() {
    let Some(python) = require("python3", "the import-cycle script, which is a Python program") else {
        return;
    };
    let (code, out, err) = run(Command::new(python).arg(repo_path(".ci/import-cycles.py")));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.contains("import-cycles: 0 cycle(s)"), "{out}");
}
