//! Every rule of docs/catan/rules.md has a focused test: a `#[test]` function in `tests/rules.rs`
//! whose name starts with the rule's id (`c29_…`; `c1_c40_…` counts for both).

use std::collections::BTreeSet;

const RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/catan/rules.md"));
const FOCUSED_TESTS: &str = include_str!("rules.rs");
/// Rules the engine does not implement yet, so no test can hold them.
const NOT_YET: [u32; 0] = [];

fn rule_ids(doc: &str) -> Vec<u32> {
    doc.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("- C")?;
            let digits = rest.split('.').next()?;
            let id = digits.parse().ok()?;
            rest[digits.len()..].starts_with('.').then_some(id)
        })
        .collect()
}

fn test_names(src: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut test = false;
    for line in src.lines().map(str::trim) {
        if line == "#[test]" {
            test = true;
        } else if test && let Some(rest) = line.strip_prefix("fn ") {
            names.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
            test = false;
        }
    }
    names
}

fn rules_named(name: &str) -> Vec<u32> {
    name.split('_')
        .map_while(|w| w.strip_prefix('c').filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
        .map_while(|n| n.parse().ok())
        .collect()
}

#[test]
fn every_rule_of_docs_catan_rules_md_has_a_focused_test() {
    let ids = rule_ids(RULES_MD);
    let expected: Vec<u32> = (1..=ids.len() as u32).collect();
    assert_eq!(ids, expected, "docs/catan/rules.md numbers its rules C1, C2, ... in order");
    assert!(ids.len() >= 40);
    let covered: BTreeSet<u32> = test_names(FOCUSED_TESTS).iter().flat_map(|n| rules_named(n)).collect();
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
fn the_coverage_reads_ids_and_leading_rule_words() {
    assert_eq!(rule_ids("- C1. **A** x\n  see C3\n- C2. b\n"), [1, 2]);
    assert_eq!(rules_named("c1_c40_two"), [1, 40]);
    assert!(rules_named("c_x").is_empty());
    assert_eq!(test_names("#[test]\nfn c3_a() {}\nfn c4_b() {}\n"), ["c3_a"]);
}
