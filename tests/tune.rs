//! `stadt tune`: a small SPSA run is reproducible at any thread count, writes its log, bot file and
//! held-out verification, and refuses to overwrite.

use std::path::{Path, PathBuf};
use std::process::Command;

fn stadt(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stadt")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fresh(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("stadt-tune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn tune(dir: &Path, threads: &str) -> (i32, String, String) {
    let d = dir.to_str().unwrap();
    stadt(&[
        "tune",
        "--bot",
        "greedy",
        "--against",
        "random,greedy",
        "--iterations",
        "3",
        "--games-per-eval",
        "6",
        "--verify-games",
        "10",
        "--seed",
        "4",
        "--out",
        d,
        "--bot-dir",
        d,
        "--threads",
        threads,
        "--quiet",
    ])
}

#[test]
fn tuning_is_reproducible_at_any_thread_count_and_writes_its_files() {
    let (one, two) = (fresh("one"), fresh("two"));
    let (code, out, err) = tune(&one, "1");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("held-out verification, 10 games") && out.contains("95% CI"), "{out}");
    let (code, _, err) = tune(&two, "2");
    assert_eq!(code, 0, "{err}");
    for f in ["tune.csv", "verify.csv", "greedy-tuned.bot"] {
        let a = std::fs::read_to_string(one.join(f)).unwrap();
        let b = std::fs::read_to_string(two.join(f)).unwrap();
        assert_eq!(a, b, "{f} differs between 1 and 2 threads");
    }
    let log = std::fs::read_to_string(one.join("tune.csv")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "iteration,a_k,c_k,open,score_plus,score_minus,score,score_se");
    assert_eq!(lines.len(), 4, "one row per iteration");
    // The tuned weights are a bot that tournaments accept.
    let bot = one.join("greedy-tuned.bot");
    let spec = stadt::agent::parse_bot(bot.to_str().unwrap()).unwrap();
    assert_eq!(spec.def.name, "greedy");
    let last_open: f64 = lines[3].split(',').nth(3).unwrap().parse().unwrap();
    assert_eq!(spec.params.real("open"), last_open);
    let t = one.join("t");
    let (code, out, err) = stadt(&[
        "tournament",
        "--bots",
        &format!("{},greedy", bot.display()),
        "--games",
        "2",
        "--out",
        t.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("greedy-tuned"), "{out}");
}

#[test]
fn tuning_refuses_to_overwrite_and_names_bad_input() {
    let dir = fresh("again");
    assert_eq!(tune(&dir, "2").0, 0);
    let before = std::fs::read_to_string(dir.join("tune.csv")).unwrap();
    let (code, _, err) = tune(&dir, "2");
    assert_eq!(code, 2);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("tune.csv")).unwrap(), before);
    let d = dir.to_str().unwrap();
    let (code, _, err) = stadt(&["tune", "--bot", "random", "--against", "greedy", "--out", d, "--quiet"]);
    assert_eq!(code, 2);
    assert!(err.contains("no real-valued weights"), "{err}");
    let (code, _, err) = stadt(&["tune", "--bot", "steerer", "--against", "wizard", "--out", d, "--quiet"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot `wizard`"), "{err}");
    let (code, _, err) =
        stadt(&["tune", "--bot", "steerer", "--against", "greedy", "--out", d, "--objective", "fame"]);
    assert_eq!(code, 2);
    assert!(err.contains("fame"), "{err}");
}
