//! Every rule of docs/catan/rules.md has a focused test: a `#[test]` function in `tests/rules.rs`
//! whose name starts with the rule's id (`c29_…`; `c1_c40_…` counts for both), as the test kit reads
//! names (`stadt_testkit::rule_coverage`).

use stadt_testkit::rule_coverage::{rule_ids, rules_named, test_names};
use std::collections::BTreeSet;

const RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/catan/rules.md"));
const FOCUSED_TESTS: &str = include_str!("rules.rs");
/// Städte und Ritter's focused tests (K1–K85, H1–H14).
const KNIGHTS_TESTS: &str = include_str!("knights_rules.rs");
/// Rules the engine does not implement yet, so no test can hold them.
const NOT_YET: [u32; 0] = [];

#[test]
fn every_rule_of_docs_catan_rules_md_has_a_focused_test() {
    let ids = rule_ids(RULES_MD, 'C');
    let expected: Vec<u32> = (1..=ids.len() as u32).collect();
    assert_eq!(ids, expected, "docs/catan/rules.md numbers its rules C1, C2, ... in order");
    assert!(ids.len() >= 40);
    let covered: BTreeSet<u32> = test_names(FOCUSED_TESTS).iter().flat_map(|n| rules_named(n, 'c')).collect();
    let missing: Vec<String> = ids
        .iter()
        .filter(|id| !covered.contains(id) && !NOT_YET.contains(id))
        .map(|id| format!("C{id}"))
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a focused test in crates/catan/tests/rules.rs: {}",
        missing.join(", ")
    );
}

#[test]
fn every_rule_of_staedte_und_ritter_and_every_house_rule_has_a_focused_test() {
    let ids = rule_ids(RULES_MD, 'K');
    let expected: Vec<u32> = (1..=ids.len() as u32).collect();
    assert_eq!(ids, expected, "docs/catan/rules.md numbers its rules K1, K2, ... in order");
    assert_eq!(ids.len(), 85);
    let names = test_names(KNIGHTS_TESTS);
    for (letter, ids) in [('k', ids), ('h', (1..=14).collect())] {
        let covered: BTreeSet<u32> = names.iter().flat_map(|n| rules_named(n, letter)).collect();
        let missing: Vec<String> = ids
            .iter()
            .filter(|id| !covered.contains(id))
            .map(|id| format!("{}{id}", letter.to_ascii_uppercase()))
            .collect();
        assert!(
            missing.is_empty(),
            "rules without a focused test in crates/catan/tests/knights_rules.rs: {}",
            missing.join(", ")
        );
    }
}
