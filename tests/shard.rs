//! `stadt tournament --shard K/N` and `stadt merge`: shards played apart and merged equal the single
//! run, byte for byte apart from the timing column; bad sets of shards are refused, naming the
//! shard at fault, with nothing written.

mod common;

use common::{STADT, stadt};
use stadt_testkit::files::line_count;
use stadt_testkit::results::assert_same_results;
use stadt_testkit::{Csv, Scratch, assert_refused, scratch, wait_for};
use std::path::Path;
use std::process::{Command, Stdio};

/// 3 bots, 2 players, 5 games per pair: 3 pairs x 3 decks x 2 seatings = 18 games.
const TOURNAMENT: [&str; 8] =
    ["--bots", "random,greedy,steerer", "--players", "2", "--games", "5", "--seed", "4"];
const GAMES: usize = 18;

fn play(out: &Path, shard: Option<&str>) {
    let mut args: Vec<&str> = vec!["tournament"];
    args.extend(TOURNAMENT);
    let out = out.to_str().unwrap();
    args.extend(["--out", out, "--quiet", "--threads", "2"]);
    if let Some(s) = shard {
        args.extend(["--shard", s]);
    }
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
}

fn shards(dir: &Scratch, n: usize) -> Vec<String> {
    (0..n)
        .map(|k| {
            let d = dir.join(format!("shard-{k}-of-{n}"));
            play(&d, Some(&format!("{k}/{n}")));
            d.to_string_lossy().into_owned()
        })
        .collect()
}

fn merge(out: &Path, dirs: &[String]) -> (i32, String, String) {
    let mut args = vec!["merge", out.to_str().unwrap()];
    args.extend(dirs.iter().map(String::as_str));
    stadt(&args)
}

#[test]
fn merged_shards_equal_the_single_run_for_any_number_of_shards() {
    let dir = scratch("shard-equal");
    let single = dir.join("single");
    play(&single, None);
    for n in [1, 2, 3, 7] {
        let parts = shards(&dir, n);
        let out = dir.join(format!("merged-{n}"));
        let (code, stdout, err) = merge(&out, &parts);
        assert_eq!(code, 0, "{err}");
        assert!(stdout.contains(&format!("{GAMES} games from {n} shards")), "{stdout}");
        assert_same_results(&single, &out);
        assert!(stdout.contains("report.html") && out.join("report.html").exists(), "{stdout}");
        let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
        assert!(!manifest.lines().any(|l| l.starts_with("shard")), "{manifest}");
        // The merged folder is the single run's: the same tournament command accepts it.
        play(&out, None);
        // Merging again into the same folder changes nothing.
        assert_eq!(merge(&out, &parts).0, 0);
    }
    let manifest = std::fs::read_to_string(dir.join("shard-2-of-7/manifest.toml")).unwrap();
    assert!(manifest.contains("shard = \"2/7\""), "{manifest}");
    let rows = Csv::read(&dir.join("shard-2-of-7/games.csv"));
    let games: Vec<&str> = rows.rows().iter().step_by(2).map(|r| &r["game"]).collect();
    assert_eq!(games, ["2", "9", "16"], "shard 2/7 plays games 2, 9 and 16 of 18");
}

#[test]
fn bad_sets_of_shards_are_refused_naming_the_shard_and_nothing_is_written() {
    let dir = scratch("shard-refused");
    let parts = shards(&dir, 3);
    let out = dir.join("merged");
    assert_refused(merge(&out, &parts[..2]), &["shard 2/3 of this tournament is missing"]);
    assert_refused(
        merge(&out, &[parts[0].clone(), parts[1].clone(), parts[1].clone(), parts[2].clone()]),
        &["shard 1/3 is given twice"],
    );
    // A shard of another tournament (another seed).
    let foreign = dir.join("foreign");
    let mut args: Vec<&str> = vec!["tournament"];
    args.extend(TOURNAMENT);
    args[8] = "5";
    let foreign_s = foreign.to_string_lossy().into_owned();
    args.extend(["--out", &foreign_s, "--quiet", "--shard", "2/3"]);
    assert_eq!(stadt(&args).0, 0);
    assert_refused(
        merge(&out, &[parts[0].clone(), parts[1].clone(), foreign_s.clone()]),
        &["foreign is a shard of another tournament", "seed: folder 4, this run 5"],
    );
    // Shards of different N.
    let other_n = dir.join("other-n");
    play(&other_n, Some("2/4"));
    assert_refused(
        merge(&out, &[parts[0].clone(), parts[1].clone(), other_n.to_string_lossy().into_owned()]),
        &["is shard 2/4 but", "is shard 0/3"],
    );
    // An unfinished shard: its last game's rows are gone.
    let games = Path::new(&parts[1]).join("games.csv");
    let text = std::fs::read_to_string(&games).unwrap();
    let kept: Vec<&str> = text.lines().collect();
    std::fs::write(&games, kept[..kept.len() - 2].join("\n") + "\n").unwrap();
    assert_refused(merge(&out, &parts), &["(shard 1/3) is unfinished: it holds 5 of its 6 games"]);
    // A whole run, and a folder that is none.
    let whole = dir.join("whole");
    play(&whole, None);
    assert_refused(
        merge(&out, &[whole.to_string_lossy().into_owned()]),
        &["holds a whole tournament, not a shard"],
    );
    assert_refused(merge(&out, &[dir.join("nothing").to_string_lossy().into_owned()]), &["no manifest.toml"]);
    assert!(!out.exists(), "a refused merge wrote {}", out.display());
    // Bad --shard values.
    for bad in ["3/3", "0/0", "x/2", "1/100001"] {
        let mut args: Vec<&str> = vec!["tournament"];
        args.extend(TOURNAMENT);
        let o = dir.join("bad").to_string_lossy().into_owned();
        args.extend(["--out", &o, "--shard", bad]);
        assert_refused(stadt(&args), &["--shard", "K/N"]);
    }
    let mut args: Vec<&str> = vec!["tournament"];
    args.extend(TOURNAMENT);
    let o = dir.join("bad").to_string_lossy().into_owned();
    args.extend(["--out", &o, "--shard", "0/19"]);
    assert_refused(stadt(&args), &["the tournament has 18 games, fewer than 19 shards"]);
    assert!(!dir.join("bad").exists());
}

#[test]
fn a_killed_shard_resumes_with_the_same_command() {
    // What a requeued array task does: killed mid-run (SIGKILL, as after Slurm's grace period),
    // then the same command in the same folder.
    let dir = scratch("shard-killed");
    let single = dir.join("single");
    let bots = ["--bots", "greedy,mcts:iters=300", "--players", "2", "--games", "6", "--seed", "9"];
    let run = |out: &Path, shard: Option<&str>| {
        let mut cmd = Command::new(STADT);
        cmd.arg("tournament").args(bots).args(["--out", out.to_str().unwrap(), "--quiet", "--threads", "1"]);
        if let Some(s) = shard {
            cmd.args(["--shard", s]);
        }
        cmd.stdout(Stdio::null()).stderr(Stdio::null());
        cmd
    };
    assert!(run(&single, None).status().unwrap().success());
    let shard0 = dir.join("s0");
    let mut child = run(&shard0, Some("0/2")).spawn().unwrap();
    let games = shard0.join("games.csv");
    wait_for("the shard to write a game", || line_count(&games) >= 3);
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = std::fs::read_to_string(&games).unwrap().lines().count();
    assert!(kept < 1 + 2 * 3, "the shard finished before it was killed ({kept} lines)");
    assert!(run(&shard0, Some("0/2")).status().unwrap().success());
    let shard1 = dir.join("s1");
    assert!(run(&shard1, Some("1/2")).status().unwrap().success());
    let out = dir.join("merged");
    let (code, _, err) = merge(&out, &[shard0.to_string_lossy().into(), shard1.to_string_lossy().into()]);
    assert_eq!(code, 0, "{err}");
    assert_same_results(&single, &out);
}
