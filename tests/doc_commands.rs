//! Every `stadt` command the README and the pages under docs/ show runs as shown. The commands are
//! pulled out of fenced shell blocks (one a line, `\` continuing it; `$ ` prompts and `# comments`
//! cut; `cargo run --release --` and `./target/release/stadt` read as `stadt`) and out of inline
//! code (which may wrap a line). Each page's commands run in document order, as a reader would
//! type them, in one scratch folder of the page's (holding copies of `bots/` and `experiments/`
//! and an empty `results/`), so that `replay game.rec` finds the record `play` wrote above it.
//! Each must exit 0 within `TIMEOUT`; a failure names the page, line and command.
//!
//! `--out DIR` is run with a folder of the test's choosing. What is shown but not meant to be
//! typed is checked against the command's `--help` instead (the command exists, and every `--flag`
//! shown is one of its flags):
//! - a synopsis: a span with a placeholder (an upper-case word such as `DIR`, `FILE`, `A,B`,
//!   `GAME.rec`), `...`, `[`, `|` or `<`;
//! - a mention in prose: inline code of the command's name with at most one flag and its value
//!   (`stadt sprt`, `stadt play --record`, `stadt learn --features extended`).
//!
//! Long runs get short budgets (`budget`): `--games` 4 (5 for `learn`, its least), `--iterations`
//! 1, `--games-per-eval` 4, `--generations` 1, `--seconds` 0.05, search bots at `iters=20`, and
//! where the command leaves them at their defaults `--max-games 4` for `sprt`, `--match-games 2`
//! for `learn` and `--seconds 0.05` for `bench`; the scratch copies of the experiment files get
//! the same (`games`, `max_games`, `iters=`). The exceptions, each with its reason, are `EXEMPT`
//! and `SETUP`. The commands that play the example bots (`bots/examples/`, Python programs) need
//! python3: without it the test fails, unless `STADT_TEST_SKIP=python3` lets it leave them out.

use stadt_testkit::files::{repo_path, scratch};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// The longest one command may take with its short budget.
const TIMEOUT: Duration = Duration::from_secs(180);

/// Commands not run, by a word they hold, and why.
const EXEMPT: &[(&str, &str)] = &[(
    "--human",
    "it serves a page and waits for a person to play in a browser (tests/play_server.rs plays it, .ci/play-check.py in Chromium)",
)];

/// What a page's folder needs before its commands, made by commands the page does not show, and why.
const SETUP: &[(&str, &str, &str)] = &[(
    "docs/catan/states.md",
    "stadt --game catan play --players 3 --seed 1 --bots random,greedy,random --record game.rec",
    "the page replays a Catan record, game.rec, that it does not make",
)];

/// A command a page shows: where, and its text (`stadt ...`).
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    doc: String,
    line: usize,
    text: String,
    inline: bool,
}

/// How a shown command is checked.
#[derive(Debug, PartialEq)]
enum Check {
    /// Run as shown (with short budgets).
    Run,
    /// Checked against `--help`: a synopsis or a mention in prose.
    Help,
    /// Not run, for the reason given.
    Exempt(&'static str),
}

/// The command a fenced line or inline span holds, as `stadt ...`, if it is one.
fn as_command(text: &str) -> Option<String> {
    let text = text.trim().trim_start_matches("$ ");
    let text = text.split(" # ").next().unwrap_or(text).split_whitespace().collect::<Vec<_>>().join(" ");
    for prefix in ["cargo run --release -- ", "./target/release/stadt "] {
        if let Some(rest) = text.strip_prefix(prefix) {
            return Some(format!("stadt {rest}"));
        }
    }
    text.starts_with("stadt ").then_some(text)
}

/// Every command of a page, in document order.
fn shown(doc: &str, text: &str) -> Vec<Shown> {
    let mut found = Vec::new();
    // Prose, with fenced blocks blanked out (their lines kept, so line numbers stay right).
    let mut prose = String::new();
    let mut fence: Option<String> = None;
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            fence = if fence.is_some() { None } else { Some(info.trim().to_string()) };
            prose.push('\n');
            continue;
        }
        if let Some(info) = &fence {
            prose.push('\n');
            if !["", "sh", "bash", "shell", "console"].contains(&info.as_str()) {
                continue;
            }
            let (start, joined) = match pending.take() {
                Some((start, head)) => (start, format!("{head} {trimmed}")),
                None => (i + 1, trimmed.to_string()),
            };
            if let Some(body) = joined.strip_suffix('\\') {
                pending = Some((start, body.trim_end().to_string()));
            } else if let Some(command) = as_command(&joined) {
                found.push(Shown { doc: doc.to_string(), line: start, text: command, inline: false });
            }
            continue;
        }
        prose.push_str(line);
        prose.push('\n');
    }
    // Inline code: every other backtick-delimited span of the prose, wherever it wraps.
    let mut offset = 0;
    for (k, part) in prose.split('`').enumerate() {
        if k % 2 == 1
            && let Some(command) = as_command(&part.split_whitespace().collect::<Vec<_>>().join(" "))
        {
            let line = prose[..offset].matches('\n').count() + 1;
            found.push(Shown { doc: doc.to_string(), line, text: command, inline: true });
        }
        offset += part.len() + 1;
    }
    found.sort_by_key(|s| s.line);
    found
}

/// Whether a word is a placeholder: it holds a run of capitals not joined to a small letter.
fn placeholder(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars.iter().enumerate().any(|(i, c)| {
        c.is_ascii_uppercase()
            && !(i > 0 && chars[i - 1].is_ascii_lowercase())
            && !chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase())
    })
}

/// The words of a command after `stadt`: (the flags before the subcommand with their values, the
/// subcommand, the words after it).
fn split(text: &str) -> (Vec<&str>, &str, Vec<&str>) {
    let words: Vec<&str> = text.split_whitespace().skip(1).collect();
    let mut i = 0;
    while i < words.len() && words[i].starts_with("--") {
        // `--game` and `--bot-secret` take a value; `--sandbox` does not.
        i += if matches!(words[i], "--game" | "--bot-secret") { 2 } else { 1 };
    }
    let i = i.min(words.len());
    let sub = words.get(i).copied().unwrap_or("");
    (words[..i].to_vec(), sub, words.get(i + 1..).unwrap_or(&[]).to_vec())
}

/// The command with `--out DIR`, the one placeholder a reader fills in with any new folder, given
/// the folder `out-TAG`.
fn filled(text: &str, tag: usize) -> String {
    text.replace("--out DIR", &format!("--out out-{tag}"))
}

/// How a shown command is checked (the module's documentation gives the rules).
fn check_of(shown: &Shown) -> Check {
    let text = &filled(&shown.text, 0);
    if let Some((_, why)) = EXEMPT.iter().find(|(word, _)| text.split_whitespace().any(|w| w == *word)) {
        return Check::Exempt(why);
    }
    let synopsis =
        ["...", "[", "|", "<"].iter().any(|m| text.contains(m)) || text.split_whitespace().any(placeholder);
    let (_, _, rest) = split(text);
    let mention = shown.inline && rest.len() <= 2 && rest.first().is_none_or(|w| w.starts_with("--"));
    if synopsis || mention { Check::Help } else { Check::Run }
}

/// The command's words with short budgets (the module's documentation lists them).
fn budget(text: &str) -> Vec<String> {
    let (_, sub, rest) = split(text);
    // An experiment file holds the run's settings (its scratch copy has short budgets); the
    // command line may not add to them.
    let file = rest.iter().any(|w| w.ends_with(".toml"));
    let mut words: Vec<String> = text.split_whitespace().skip(1).map(str::to_string).collect();
    let set = |words: &mut Vec<String>, flag: &str, value: &str, add: bool| {
        if let Some(i) = words.iter().position(|w| w == flag).filter(|i| i + 1 < words.len()) {
            words[i + 1] = value.to_string();
        } else if add {
            words.extend([flag.to_string(), value.to_string()]);
        }
    };
    set(&mut words, "--games", if sub == "learn" { "5" } else { "4" }, !file && sub == "learn");
    set(&mut words, "--iterations", "1", false);
    set(&mut words, "--games-per-eval", "4", false);
    set(&mut words, "--generations", "1", !file && sub == "learn");
    set(&mut words, "--match-games", "2", !file && sub == "learn");
    set(&mut words, "--max-games", "4", !file && sub == "sprt");
    set(&mut words, "--seconds", "0.05", !file && sub == "bench");
    words.iter().map(|w| cheap_bots(w)).collect()
}

/// A word with every search bot's `iters=N` lowered to 20, and one without it given 20.
fn cheap_bots(word: &str) -> String {
    word.split(',')
        .map(|bot| {
            let (name, params) = bot.split_once(':').unwrap_or((bot, ""));
            if !["mcts", "lmcts", "puct"].contains(&name) {
                return bot.to_string();
            }
            let mut kept: Vec<String> = params
                .split(',')
                .filter(|p| !p.is_empty() && !p.starts_with("iters="))
                .map(str::to_string)
                .collect();
            kept.insert(0, "iters=20".to_string());
            format!("{name}:{}", kept.join(","))
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// An experiment file with short budgets: `games`, `max_games` (added to a sequential test's) and
/// every `iters=`.
fn cheap_experiment(text: &str) -> String {
    let mut out: Vec<String> = text
        .lines()
        .map(|line| {
            let key = line.split('=').next().unwrap_or("").trim();
            match key {
                "games" => "games = 4".to_string(),
                "max_games" => "max_games = 4".to_string(),
                _ => cheap_iters(line),
            }
        })
        .collect();
    if text.lines().any(|l| l.trim_start().starts_with("elo1")) && !text.contains("max_games") {
        out.push("max_games = 4".to_string());
    }
    out.join("\n") + "\n"
}

/// A line with every `iters=N` made `iters=20`.
fn cheap_iters(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("iters=") {
        out.push_str(&rest[..i + 6]);
        rest = rest[i + 6..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push_str("20");
    }
    out + rest
}

/// A page's scratch folder: copies of `bots/` and of the experiment files (with short budgets),
/// and an empty `results/pictures/`.
fn prepare(dir: &Path) {
    fn copy_tree(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy_tree(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    copy_tree(&repo_path("bots"), &dir.join("bots"));
    std::fs::create_dir_all(dir.join("experiments")).unwrap();
    for entry in std::fs::read_dir(repo_path("experiments")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(dir.join("experiments").join(path.file_name().unwrap()), cheap_experiment(&text))
                .unwrap();
        }
    }
    std::fs::create_dir_all(dir.join("results/pictures")).unwrap();
}

/// Runs `stadt` with `args` in `dir`, killed after `TIMEOUT`: Err(what went wrong) unless it
/// exits 0.
fn run(dir: &Path, args: &[String]) -> Result<String, String> {
    let mut child = Command::new(common::STADT)
        .args(args)
        .current_dir(dir)
        .env_remove("STADT_BOTS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start stadt: {e}"))?;
    let start = Instant::now();
    // Drain the pipes on threads so that a talkative command cannot block on a full pipe.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).ok();
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut s).ok();
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    match status {
        Some(s) if s.success() => Ok(out),
        Some(s) => Err(format!("exit {:?}: {}", s.code(), tail(&err))),
        None => Err(format!("still running after {} s: {}", TIMEOUT.as_secs(), tail(&err))),
    }
}

/// The last lines of a command's error output.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(4)..].join(" / ")
}

/// Checks a synopsis or mention against `stadt [GLOBALS] SUB --help`.
fn check_help(dir: &Path, text: &str) -> Result<(), String> {
    let (globals, sub, rest) = split(text);
    let globals: Vec<&str> = globals.into_iter().filter(|w| !placeholder(w)).collect();
    let mut args: Vec<String> = globals.iter().map(|w| w.to_string()).collect();
    // `stadt COMMAND ...` names no command: the top level's help then.
    if !sub.is_empty() && !placeholder(sub) {
        args.push(sub.to_string());
    }
    args.push("--help".to_string());
    let help = run(dir, &args)?;
    for word in rest {
        let Some(at) = word.find("--") else { continue };
        let flag: String =
            word[at..].chars().take_while(|c| *c == '-' || c.is_ascii_alphanumeric()).collect::<String>();
        if flag.len() > 2 && !help.contains(&format!("{flag} ")) && !help.contains(&format!("{flag}\n")) {
            return Err(format!("`stadt {sub} --help` lists no {flag}"));
        }
    }
    Ok(())
}

/// The failures of one page's commands, as `doc:line: \`command\`: why`, and how many ran.
fn failures(doc: &str, text: &str, dir: &Path, python: bool) -> (Vec<String>, usize) {
    prepare(dir);
    let mut failed = Vec::new();
    for (page, command, _) in SETUP.iter().filter(|(page, _, _)| *page == doc) {
        let args: Vec<String> = command.split_whitespace().skip(1).map(str::to_string).collect();
        if let Err(why) = run(dir, &args) {
            failed.push(format!("{page}: the setup `{command}`: {why}"));
        }
    }
    let mut ran = 0;
    for s in shown(doc, text) {
        let result = match check_of(&s) {
            Check::Exempt(_) => continue,
            // Only where STADT_TEST_SKIP names a missing python3 (`require` says so).
            Check::Run if !python && s.text.contains("bots/examples/") => continue,
            Check::Help => check_help(dir, &s.text),
            Check::Run => {
                ran += 1;
                run(dir, &budget(&filled(&s.text, s.line))).map(|_| ())
            }
        };
        if let Err(why) = result {
            failed.push(format!("{}:{}: `{}`: {why}", s.doc, s.line, s.text));
        }
    }
    (failed, ran)
}

/// The README and every markdown page under docs/, relative to the repository root.
fn pages() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path.strip_prefix(repo_path("")).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    walk(&repo_path("docs"), &mut out);
    out.sort();
    out.insert(0, "README.md".to_string());
    out
}

#[test]
fn every_command_the_readme_and_the_docs_show_runs_as_shown() {
    // The example bots in bots/examples/ are Python programs.
    let python =
        stadt_testkit::tools::require("python3", "the docs' commands that play the example bots").is_some();
    let mut failed = Vec::new();
    let mut ran = 0;
    for (i, doc) in pages().iter().enumerate() {
        let dir = scratch(&format!("doc-commands-{i}"));
        let (mut bad, n) = failures(doc, &std::fs::read_to_string(repo_path(doc)).unwrap(), &dir, python);
        failed.append(&mut bad);
        ran += n;
    }
    assert!(ran >= 15, "only {ran} commands ran: is the extraction broken?");
    assert!(failed.is_empty(), "{} shown command(s) failed:\n{}", failed.len(), failed.join("\n"));
}

#[test]
fn commands_are_found_in_blocks_and_inline_code_and_classified() {
    let page = "Run `stadt games` or\n```\n$ cargo run --release -- play --players 2 \\\n    --seed 3   # a comment\n```\n\
                and `stadt tournament --bots a,b\n--players 2` then `stadt report DIR`.\n```python\nstadt x\n```\n";
    let found = shown("p.md", page);
    let texts: Vec<(usize, &str, bool)> = found.iter().map(|s| (s.line, s.text.as_str(), s.inline)).collect();
    assert_eq!(
        texts,
        [
            (1, "stadt games", true),
            (3, "stadt play --players 2 --seed 3", false),
            (6, "stadt tournament --bots a,b --players 2", true),
            (7, "stadt report DIR", true),
        ]
    );
    let checks: Vec<Check> = found.iter().map(check_of).collect();
    assert_eq!(checks, [Check::Help, Check::Run, Check::Run, Check::Help]);
    let human =
        Shown { doc: "p.md".into(), line: 1, text: "stadt play --human 1 --bots mcts".into(), inline: false };
    assert!(matches!(check_of(&human), Check::Exempt(_)));
    assert!(
        placeholder("GAME.rec") && placeholder("A,B") && placeholder("K/N") && !placeholder("mcts:iters=500")
    );
    assert_eq!(
        budget("stadt --game catan tournament --bots mcts:iters=500,random --games 100"),
        ["--game", "catan", "tournament", "--bots", "mcts:iters=20,random", "--games", "4"]
    );
    assert_eq!(
        budget("stadt sprt --bot lmcts --against greedy")[2..],
        ["lmcts:iters=20", "--against", "greedy", "--max-games", "4"]
    );
    assert_eq!(
        cheap_experiment("games = 160\nbots = [\"mcts:iters=1000\"]\n"),
        "games = 4\nbots = [\"mcts:iters=20\"]\n"
    );
}

#[test]
fn a_shown_command_that_fails_is_reported_with_its_page_and_line() {
    let dir = scratch("doc-commands-planted");
    let page = "# A page\n\nPlay `stadt play --players 9 --seed 1 --bots random,greedy`, then\n\n```\nstadt replay missing.rec\nstadt games\n```\nand `stadt play --no-such-flag`.\n";
    let (failed, ran) = failures("planted.md", page, &dir, true);
    assert_eq!(ran, 3, "{failed:?}");
    assert_eq!(failed.len(), 3, "{failed:#?}");
    assert!(
        failed[0].starts_with(
            "planted.md:3: `stadt play --players 9 --seed 1 --bots random,greedy`: exit Some(2)"
        ),
        "{}",
        failed[0]
    );
    assert!(failed[1].starts_with("planted.md:6: `stadt replay missing.rec`: exit"), "{}", failed[1]);
    assert!(
        failed[2].starts_with(
            "planted.md:9: `stadt play --no-such-flag`: `stadt play --help` lists no --no-such-flag"
        ),
        "{}",
        failed[2]
    );
}
