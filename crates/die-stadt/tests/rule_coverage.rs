//! Every rule of docs/die-stadt/rules.md has a focused test: a `#[test]` function in `tests/rules.rs`, the
//! file of small positions built by hand, named after the rule (`r18_…`).
//!
//! The naming rule is the test kit's (`stadt_testkit::rule_coverage`). Only `tests/rules.rs` is
//! read: the random-game reference checks (`tests/reference.rs`, named after all the rules they
//! compare) and the unit tests in `src/` are not focused tests. A test marked `#[ignore]` does not
//! count.
//!
//! A rule is any line of docs/die-stadt/rules.md that starts `- R<number>.`.

use stadt_testkit::rule_coverage::{rule_ids, rules_named, test_names};
use std::collections::BTreeSet;

const RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/die-stadt/rules.md"));
const FOCUSED_TESTS: &str = include_str!("rules.rs");

#[test]
fn every_rule_of_docs_rules_md_has_a_focused_test() {
    let ids = rule_ids(RULES_MD, 'R');
    // The ids run R1, R2, ... without a hole or a repeat: a check that they were all read.
    let expected: Vec<u32> = (1..=ids.len() as u32).collect();
    assert_eq!(ids, expected, "docs/die-stadt/rules.md numbers its rules R1, R2, ... in order");
    assert!(ids.len() >= 28, "docs/die-stadt/rules.md defines R1-R28, read {} rules", ids.len());
    let names = test_names(FOCUSED_TESTS);
    assert!(names.len() >= ids.len(), "read only {} tests from tests/rules.rs", names.len());
    let covered: BTreeSet<u32> = names.iter().flat_map(|n| rules_named(n, 'r')).collect();
    let missing: Vec<String> =
        ids.iter().filter(|id| !covered.contains(id)).map(|id| format!("R{id}")).collect();
    assert!(
        missing.is_empty(),
        "rules of docs/die-stadt/rules.md without a focused test (a #[test] fn in crates/die-stadt/tests/rules.rs \
         whose name starts r<N>_): {}",
        missing.join(", ")
    );
}
