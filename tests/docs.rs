//! The documents the repository carries: docs/die-stadt/rules.md holds every rule id and the very
//! tile table the engine loads; every relative link of the README, of every page under docs/ and
//! of results/README.md resolves to a file in the repository (and an anchor into a markdown file
//! to one of its headings); every results folder is in the results index; the README stays short.

use stadt_testkit::files::{repo_path, repo_text as read};
use std::path::{Component, Path, PathBuf};

/// The repository root.
fn root() -> PathBuf {
    repo_path("")
}

/// The rows of a markdown tile table (lines starting with `| ` after the header row).
fn tile_rows(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|l| l.starts_with("| ") && !l.starts_with("| name")).collect()
}

#[test]
fn the_rules_document_defines_r1_to_r28_and_the_tile_table_the_engine_loads() {
    let rules = read("docs/die-stadt/rules.md");
    for id in 1..=28 {
        assert!(rules.contains(&format!("- R{id}. ")), "docs/die-stadt/rules.md does not define R{id}");
    }
    let section8 = &rules[rules.find("## 8.").unwrap()..rules.find("## 9.").unwrap()];
    assert_eq!(tile_rows(section8), tile_rows(die_stadt::tiles::DEFAULT_TILES));
    assert_eq!(tile_rows(section8).len(), 28);
}

/// The documents whose links are checked, relative to the root: the README, every markdown page
/// under docs/ (at any depth) and the results index.
fn documents() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut pages = Vec::new();
    walk(&root().join("docs"), &mut pages);
    pages.sort();
    let mut docs = vec!["README.md".to_string(), "results/README.md".to_string()];
    docs.extend(pages.iter().map(|p| p.strip_prefix(root()).unwrap().to_string_lossy().into_owned()));
    docs
}

/// The text with fenced code blocks and inline code blanked out: what they show is an example,
/// not a link.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if !fenced {
            // Inline code: every other backtick-delimited span.
            for (i, part) in line.split('`').enumerate() {
                if i % 2 == 0 {
                    out.push_str(part);
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The link targets of a markdown text: markdown links and images (`[text](target)`) and HTML
/// `src="..."` and `href="..."`.
fn links(text: &str) -> Vec<String> {
    let text = prose(text);
    let mut found = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        // A title after the target (`[a](b "title")`) and angle brackets are not part of it.
        let target = rest[..end].split_whitespace().next().unwrap_or("");
        found.push(target.trim_start_matches('<').trim_end_matches('>').to_string());
    }
    for attribute in ["src=\"", "href=\""] {
        for (i, _) in text.match_indices(attribute) {
            let rest = &text[i + attribute.len()..];
            found.push(rest[..rest.find('"').unwrap_or(rest.len())].to_string());
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, links reduced to their text, spaces turned into
/// `-`, and every other character but letters, digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading.trim();
    // `[text](target)` counts as `text`.
    while let Some(open) = rest.find("](") {
        text.push_str(&rest[..open]);
        rest = &rest[open + 2..];
        rest = &rest[rest.find(')').map_or(rest.len(), |i| i + 1)..];
    }
    text.push_str(rest);
    text.to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown text's headings (outside code blocks), a repeated one numbered
/// `-1`, `-2`, ... as GitHub does.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut counts = std::collections::HashMap::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if fenced || !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let n = counts.entry(base.clone()).or_insert(0);
        seen.push(if *n == 0 { base } else { format!("{base}-{n}") });
        *n += 1;
    }
    seen
}

/// `path` with `.` and `..` folded away, without touching the file system.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Every broken relative link of one document, as `doc: target (why)`.
fn broken_links(doc: &str, text: &str) -> (Vec<String>, usize) {
    let base = root().join(doc).parent().unwrap().to_path_buf();
    let mut broken = Vec::new();
    let mut checked = 0;
    for target in links(text) {
        if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        checked += 1;
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let path = if file.is_empty() { root().join(doc) } else { normal(&base.join(file)) };
        if !path.starts_with(root()) {
            broken.push(format!("{doc}: {target} (outside the repository)"));
            continue;
        }
        if !path.exists() {
            broken.push(format!("{doc}: {target} (no such file)"));
            continue;
        }
        if let Some(anchor) = anchor
            && path.extension().is_some_and(|e| e == "md")
        {
            let headings = anchors(&std::fs::read_to_string(&path).unwrap());
            if !headings.iter().any(|h| h == anchor) {
                broken.push(format!("{doc}: {target} (no heading with that anchor)"));
            }
        }
    }
    (broken, checked)
}

#[test]
fn every_relative_link_in_the_readme_the_docs_and_the_results_index_resolves() {
    let mut broken = Vec::new();
    for doc in documents() {
        let (mut bad, checked) = broken_links(&doc, &read(&doc));
        if doc == "README.md" {
            assert!(checked >= 10, "the README links its documents: only {checked} relative links found");
        }
        broken.append(&mut bad);
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_finds_what_it_should() {
    assert_eq!(slug(" Watching a game step by step (`--html`)"), "watching-a-game-step-by-step---html");
    assert_eq!(slug(" 10. Readings the engine takes"), "10-readings-the-engine-takes");
    assert_eq!(
        slug(" Bots in other programs: the protocol's round trip"),
        "bots-in-other-programs-the-protocols-round-trip"
    );
    assert_eq!(slug(" stadt — a harness"), "stadt--a-harness");
    assert_eq!(anchors("# A\n```\n# not a heading\n```\n## A\n## A\n"), ["a", "a-1", "a-2"]);
    let text = "[a](docs/nowhere.md) `[b](in/code.md)` <img src=\"x.png\"> [c](https://example.com) [d](README.md#no-such-heading)";
    assert_eq!(links(text), ["docs/nowhere.md", "https://example.com", "README.md#no-such-heading", "x.png"]);
    let (broken, checked) = broken_links("README.md", text);
    assert_eq!(checked, 3);
    assert_eq!(broken.len(), 3, "{broken:?}");
    let (broken, _) = broken_links("docs/commands.md", "[up](../../outside.md)");
    assert_eq!(broken, ["docs/commands.md: ../../outside.md (outside the repository)"]);
}

/// The folders directly under results/, but those .gitignore keeps out (what the README's
/// commands write for the reader: `/results/NAME/` lines).
fn results_folders() -> Vec<String> {
    let ignored: Vec<String> = read(".gitignore")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("/results/"))
        .filter_map(|l| l.strip_suffix('/'))
        .filter(|l| !l.contains(['/', '*']))
        .map(str::to_string)
        .collect();
    let mut folders: Vec<String> = std::fs::read_dir(root().join("results"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !ignored.contains(name))
        .collect();
    folders.sort();
    folders
}

#[test]
fn every_results_folder_is_in_the_results_index_and_every_row_is_a_folder() {
    let index = read("results/README.md");
    let start = index.find("\n## Index").expect("results/README.md has an Index section");
    let section = &index[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    // The first cell of each row: `[NAME](#anchor)`.
    let rows: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| ["))
        .filter_map(|l| l.split_once("](").map(|(name, _)| name))
        .collect();
    let folders = results_folders();
    assert!(folders.len() >= 60, "only {} folders under results/", folders.len());
    let missing: Vec<&String> = folders.iter().filter(|f| !rows.contains(&f.as_str())).collect();
    assert!(missing.is_empty(), "results folders missing from the index of results/README.md: {missing:?}");
    let stray: Vec<&&str> = rows.iter().filter(|r| !folders.iter().any(|f| f == *r)).collect();
    assert!(stray.is_empty(), "rows of results/README.md's index without a folder: {stray:?}");
    let mut unique = rows.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), rows.len(), "a folder listed twice in results/README.md's index");
}

#[test]
fn the_readme_is_at_most_300_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 300, "README.md has {lines} lines; the limit is 300 (move detail into docs/)");
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
    use die_stadt_bots::learned::features::{BASE, NAMES};
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
