//! The documents the repository carries: docs/rules.md holds every rule id and the very tile table
//! the engine loads, docs/record-format.md exists, and the README links only inside the repository.

use stadt_testkit::files::{repo_path, repo_text as read};

/// The rows of a markdown tile table (lines starting with `| ` after the header row).
fn tile_rows(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|l| l.starts_with("| ") && !l.starts_with("| name")).collect()
}

#[test]
fn the_rules_document_defines_r1_to_r28_and_the_tile_table_the_engine_loads() {
    let rules = read("docs/rules.md");
    for id in 1..=28 {
        assert!(rules.contains(&format!("- R{id}. ")), "docs/rules.md does not define R{id}");
    }
    let section8 = &rules[rules.find("## 8.").unwrap()..rules.find("## 9.").unwrap()];
    assert_eq!(tile_rows(section8), tile_rows(die_stadt::tiles::DEFAULT_TILES));
    assert_eq!(tile_rows(section8).len(), 28);
}

#[test]
fn the_readme_and_the_docs_link_only_to_files_in_the_repository() {
    for doc in
        ["README.md", "docs/rules.md", "docs/record-format.md", "docs/evaluation.md", "docs/bot-protocol.md"]
    {
        let text = read(doc);
        let base = repo_path(doc).parent().unwrap().to_path_buf();
        let mut links = 0;
        // Markdown links and images, and the HTML images' sources.
        let markdown = text.match_indices("](").map(|(i, _)| (i + 2, ')'));
        let html = text.match_indices("src=\"").map(|(i, _)| (i + 5, '"'));
        for (start, end) in markdown.chain(html) {
            let target = &text[start..start + text[start..].find(end).unwrap()];
            if target.starts_with("http") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap();
            assert!(!file.starts_with(".."), "{doc} links outside the repository: {target}");
            assert!(base.join(file).exists(), "{doc} links to {target}, which is not there");
            links += 1;
        }
        if doc == "README.md" {
            assert!(links >= 2, "the README links the rules and the record format");
        }
    }
    assert!(!read("README.md").contains("../shared"), "the README names files outside the repository");
}

#[test]
fn the_evaluation_document_lists_every_feature_of_the_learned_evaluation_in_order() {
    let doc = read("docs/evaluation.md");
    let listed: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|n| *n != "X*tiles_left")
        .collect();
    use stadt_agents::learned::features::{BASE, NAMES};
    let (names, extended) = NAMES.split_at(BASE);
    let base: Vec<&str> = names.iter().copied().filter(|n| !n.contains('*')).collect();
    let want: Vec<&str> = base.iter().chain(extended).copied().collect();
    assert_eq!(listed, want, "docs/evaluation.md's feature tables: the base set, then the extended one");
    for n in names.iter().filter(|n| n.contains('*')) {
        let (f, t) = n.split_once('*').unwrap();
        assert!(base.contains(&f) && t == "tiles_left", "{n} is not described by `X*tiles_left`");
    }
    assert_eq!(names.len(), 14, "docs/evaluation.md says \"Fourteen features in all\"");
    assert!(doc.contains("Fourteen features in all"));
    assert_eq!(NAMES.len(), 20, "docs/evaluation.md says \"twenty in all\"");
    assert!(doc.contains("twenty in all"));
}
