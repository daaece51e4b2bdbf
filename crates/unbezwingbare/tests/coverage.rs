//! Every rule id of docs/unbezwingbare/rules.md (U1–U77) names at least one test of this crate
//! (a test's name holds `uN` as a word: `u12_…`, `…_u35_…`).

use std::collections::BTreeSet;
use std::path::PathBuf;

/// The ids `uN` in a test's name.
fn ids_in(name: &str) -> impl Iterator<Item = u32> + '_ {
    name.split('_').filter_map(|w| w.strip_prefix('u')).filter_map(|n| n.parse().ok())
}

#[test]
fn every_rule_id_has_a_test() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(here.join("../../docs/unbezwingbare/rules.md")).expect("rules.md");
    let ids: BTreeSet<u32> = rules
        .lines()
        .filter_map(|l| l.strip_prefix("- U"))
        .filter_map(|l| l.split('.').next())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(ids.len(), 77, "U1–U77");
    let mut tested = BTreeSet::new();
    for entry in std::fs::read_dir(here.join("tests")).expect("tests/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a test file");
            for line in text.lines() {
                if let Some(rest) = line.trim().strip_prefix("fn ") {
                    let name = rest.split('(').next().unwrap_or("");
                    tested.extend(ids_in(name));
                }
            }
        }
    }
    let missing: Vec<u32> = ids.difference(&tested).copied().collect();
    assert!(missing.is_empty(), "rule ids without a test: {missing:?}");
}
