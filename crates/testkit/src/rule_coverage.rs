//! Rule coverage: a game's rules document defines rules as lines `- X<n>.` (Die Stadt's `R`,
//! Catan's `C`), and its focused tests are the `#[test]` functions of its `tests/rules.rs`. A test
//! counts for each rule id among the leading underscore-separated words of its name that are the
//! letter (lower case) and a number: `r23_r24_the_game_ends…` counts for R23 and R24,
//! `r15_as_in_r17_…` for R15 only, and a word like `r23c` for none. A test marked `#[ignore]` does
//! not count.

/// The rule ids that `doc` defines with `letter` (`- R17. …`), in the order written.
pub fn rule_ids(doc: &str, letter: char) -> Vec<u32> {
    doc.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("- ")?.strip_prefix(letter)?;
            let digits = rest.split('.').next()?;
            let id = digits.parse().ok()?;
            rest[digits.len()..].starts_with('.').then_some(id)
        })
        .collect()
}

/// The names of the `#[test]` functions in a Rust source, leaving out those marked `#[ignore]`.
pub fn test_names(src: &str) -> Vec<String> {
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

/// The rule ids a test name counts for: its leading words `<letter><number>` (`letter` lower case).
pub fn rules_named(name: &str, letter: char) -> Vec<u32> {
    name.split('_')
        .map_while(|w| w.strip_prefix(letter).filter(|n| n.chars().all(|c| c.is_ascii_digit())))
        .map_while(|n| n.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coverage_reads_rule_ids_test_names_and_leading_rule_words() {
        let doc =
            "## 5. Wall\n- R17. **Where** ...\n  see R18 below\n- R18. **Watchman** ...\n- Rows: none\n";
        assert_eq!(rule_ids(doc, 'R'), [17, 18]);
        assert_eq!(rule_ids("- C1. **A** x\n  see C3\n- C2. b\n", 'C'), [1, 2]);
        let src = "#[test]\nfn r1_a() {}\nfn r2_helper() {}\n/// Doc.\n#[test]\n#[ignore]\nfn r3_b() {}\n\
                   #[test]\n/// Doc.\n#[allow(non_snake_case)]\nfn r4_c() {}\n";
        assert_eq!(test_names(src), ["r1_a", "r4_c"]);
        assert_eq!(test_names("#[test]\nfn c3_a() {}\nfn c4_b() {}\n"), ["c3_a"]);
        assert_eq!(rules_named("r23_r24_the_game_ends", 'r'), [23, 24]);
        assert_eq!(rules_named("c1_c40_two", 'c'), [1, 40]);
        assert_eq!(rules_named("r15_as_in_r17_x", 'r'), [15]);
        assert!(rules_named("r23c_x", 'r').is_empty());
        assert!(rules_named("random_games_r18", 'r').is_empty());
        assert!(rules_named("r_x", 'r').is_empty());
        assert!(rules_named("c_x", 'c').is_empty());
    }
}
