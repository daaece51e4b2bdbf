//! Every rule of docs/die-stadt/rules.md has a focused test: a `#[test]` function in `tests/rules.rs`, the
//! file of small positions built by hand, named after the rule (`r18_…`).
//!
//! The naming rule: a test counts for each rule id among the leading underscore-separated words
//! of its name that are `r` and a number. `r23_r24_the_game_ends…` counts for R23 and for R24;
//! a rule id after the first other word does not count (`r15_as_in_r17_…` counts for R15 only),
//! nor does a word like `r23c`. Only `tests/rules.rs` is read: the random-game reference checks
//! (`tests/reference.rs`, named after all the rules they compare) and the unit tests in `src/`
//! are not focused tests. A test marked `#[ignore]` does not count.
//!
//! A rule is any line of docs/die-stadt/rules.md that starts `- R<number>.`.

use std::collections::BTreeSet;

const RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/die-stadt/rules.md"));
const FOCUSED_TESTS: &str = include_str!("rules.rs");

/// The rule ids defined in docs/die-stadt/rules.md, in the order written.
fn rule_ids(doc: &str) -> Vec<u32> {
    doc.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("- R")?;
            let digits = rest.split('.').next()?;
            let id = digits.parse().ok()?;
            rest[digits.len()..].starts_with('.').then_some(id)
        })
        .collect()
}

/// The names of the `#[test]` functions in a Rust source, leaving out those marked `#[ignore]`.
fn test_names(src: &str) -> Vec<String> {
    let mut names = Vec::new();
    let (mut test, mut ignored) = (false, false);
    for line in src.lines().map(str::trim) {
        if line == "#[test]" {
            test = true;
        } else if !test {
            continue;
        } else if line.starts_with("#[ignore") {
            ignored = true;
        } else if let Some(rest) = line.strip_prefix("fn ") {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !ignored {
                names.push(name);
            }
            (test, ignored) = (false, false);
        } else if !(line.starts_with("#[") || line.starts_with("//")) {
            (test, ignored) = (false, false);
        }
    }
    names
}

/// The rule ids a test name counts for: its leading words `r<number>`.
fn rules_named(name: &str) -> Vec<u32> {
    name.split('_')
        .map_while(|w| w.strip_prefix('r').filter(|n| n.chars().all(|c| c.is_ascii_digit())))
        .map_while(|n| n.parse().ok())
        .collect()
}

#[test]
fn every_rule_of_docs_rules_md_has_a_focused_test() {
    let ids = rule_ids(RULES_MD);
    // The ids run R1, R2, ... without a hole or a repeat: a check that they were all read.
    let expected: Vec<u32> = (1..=ids.len() as u32).collect();
    assert_eq!(ids, expected, "docs/die-stadt/rules.md numbers its rules R1, R2, ... in order");
    assert!(ids.len() >= 28, "docs/die-stadt/rules.md defines R1-R28, read {} rules", ids.len());
    let names = test_names(FOCUSED_TESTS);
    assert!(names.len() >= ids.len(), "read only {} tests from tests/rules.rs", names.len());
    let covered: BTreeSet<u32> = names.iter().flat_map(|n| rules_named(n)).collect();
    let missing: Vec<String> =
        ids.iter().filter(|id| !covered.contains(id)).map(|id| format!("R{id}")).collect();
    assert!(
        missing.is_empty(),
        "rules of docs/die-stadt/rules.md without a focused test (a #[test] fn in crates/die-stadt/tests/rules.rs \
         whose name starts r<N>_): {}",
        missing.join(", ")
    );
}

#[test]
fn the_coverage_reads_rule_ids_test_names_and_leading_rule_words() {
    let doc = "## 5. Wall\n- R17. **Where** ...\n  see R18 below\n- R18. **Watchman** ...\n- Rows: none\n";
    assert_eq!(rule_ids(doc), [17, 18]);
    let src = "#[test]\nfn r1_a() {}\nfn r2_helper() {}\n/// Doc.\n#[test]\n#[ignore]\nfn r3_b() {}\n\
               #[test]\n/// Doc.\n#[allow(non_snake_case)]\nfn r4_c() {}\n";
    assert_eq!(test_names(src), ["r1_a", "r4_c"]);
    assert_eq!(rules_named("r23_r24_the_game_ends"), [23, 24]);
    assert_eq!(rules_named("r15_as_in_r17_x"), [15]);
    assert!(rules_named("r23c_x").is_empty());
    assert!(rules_named("random_games_r18").is_empty());
    assert!(rules_named("r_x").is_empty());
}
