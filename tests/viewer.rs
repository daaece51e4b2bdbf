//! The game viewer (`stadt replay GAME.rec --html GAME.html`): a self-contained page whose packed
//! pictures are, step for step, the ones `replay --svg --upto N` draws, with the step facts and the
//! move list of the record; bad input is refused without writing anything. The same page in a real
//! browser is .ci/viewer-check.py's (run by .ci/browser-test).

mod common;

use base64::Engine as _;
use common::stadt;
use flate2::read::GzDecoder;
use serde_json::Value;
use stadt_testkit::{assert_refused, scratch};
use std::io::Read as _;
use std::path::Path;

/// The payload a viewer page embeds, decoded as its script does.
fn payload(html: &str) -> Value {
    let start = html.find(r#"id="payload">"#).expect("payload script") + r#"id="payload">"#.len();
    let end = start + html[start..].find("</script>").unwrap();
    let gz = base64::engine::general_purpose::STANDARD.decode(html[start..end].trim()).unwrap();
    let mut json = String::new();
    GzDecoder::new(&gz[..]).read_to_string(&mut json).unwrap();
    serde_json::from_str(&json).unwrap()
}

/// Picture `i` of the payload's packed pictures `key`, rebuilt as the page's `packedDoc` does.
fn picture(p: &Value, key: &str, i: usize) -> String {
    let lines = p[key]["lines"].as_array().unwrap();
    let mut parts = Vec::new();
    for run in p[key]["docs"][i].as_array().unwrap() {
        let (first, count) = (run[0].as_u64().unwrap() as usize, run[1].as_u64().unwrap() as usize);
        parts.extend(lines[first..first + count].iter().map(|l| l.as_str().unwrap()));
    }
    parts.join("\n")
}

fn play_record(dir: &Path, bots: &str, seed: &str) -> std::path::PathBuf {
    let rec = dir.join("game.rec");
    let (code, _, err) = stadt(&[
        "play",
        "--players",
        &bots.split(',').count().to_string(),
        "--seed",
        seed,
        "--bots",
        bots,
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    rec
}

#[test]
fn every_step_of_a_four_player_game_is_the_picture_replay_draws_there() {
    let dir = scratch("viewer-steps");
    let rec = play_record(&dir, "steerer,greedy,random,steerer", "3");
    let html_path = dir.join("game.html");
    let (code, out, err) = stadt(&["replay", rec.to_str().unwrap(), "--html", html_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("final p4 score="), "{out}");
    let html = std::fs::read_to_string(&html_path).unwrap();
    // Self-contained: nothing to fetch, no external file named.
    for outside in ["src=", "href=", "http:", "https:", "url(", "@import"] {
        assert!(!html.contains(outside), "the page refers to something outside ({outside})");
    }
    assert!(html.len() < 200_000, "a 4-player game's page is {} bytes", html.len());
    let p = payload(&html);
    let text = std::fs::read_to_string(&rec).unwrap();
    let decisions: Vec<&str> = text.lines().filter(|l| l.starts_with('p') && l.contains(':')).collect();
    let steps = p["steps"].as_array().unwrap();
    assert_eq!(steps.len(), decisions.len() + 1);
    assert_eq!(p["moves"].as_array().unwrap().len(), decisions.len());
    for (i, line) in decisions.iter().enumerate() {
        let m = &p["moves"][i];
        assert_eq!(format!("{}: {}", m["player"].as_str().unwrap(), m["text"].as_str().unwrap()), *line);
    }
    for n in 0..steps.len() {
        let svg = dir.join(format!("upto-{n}.svg"));
        let upto = n.to_string();
        let (code, _, err) =
            stadt(&["replay", rec.to_str().unwrap(), "--svg", svg.to_str().unwrap(), "--upto", &upto]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(picture(&p, "pictures", n), std::fs::read_to_string(&svg).unwrap(), "step {n}");
    }
    // The facts beside the picture: the start, the first decision's step, and the end.
    assert_eq!(steps[0]["turn"], "p1 to place the tile in hand");
    assert_eq!(steps[0]["piles"], serde_json::json!([29, 25, 20]));
    assert_eq!(steps[0]["players"][3]["supply"], 7);
    assert_eq!(steps[1]["turn"], "p1 to place a follower on the tile, or none");
    // The tile in hand is drawn at every tile step, and only there.
    for (n, step) in steps.iter().enumerate() {
        let placing = step["turn"].as_str().unwrap().ends_with("to place the tile in hand");
        assert_eq!(step["hand"].is_u64(), placing, "step {n}");
        if placing {
            let hand = picture(&p, "hands", step["hand"].as_u64().unwrap() as usize);
            let name = step["tile"].as_str().unwrap().strip_prefix("in hand: ").unwrap();
            assert!(hand.contains(&format!("<title>{name} turned 0 degrees</title>")), "step {n}");
        }
    }
    let last = &steps[decisions.len()];
    assert_eq!(last["turn"], "game over");
    let finals: Vec<&str> = out.lines().collect();
    for (k, line) in finals.iter().enumerate() {
        let total = last["players"][k]["points"][5].as_i64().unwrap();
        assert!(line.contains(&format!(" score={total} ")), "{line} vs {total}");
    }
}

#[test]
fn a_partial_record_needs_partial_and_bad_input_writes_nothing() {
    let dir = scratch("viewer-refusals");
    let rec = play_record(&dir, "greedy,random", "5");
    let text = std::fs::read_to_string(&rec).unwrap();
    let cut: String = text.lines().take(20).map(|l| format!("{l}\n")).collect();
    let partial = dir.join("partial.rec");
    std::fs::write(&partial, cut).unwrap();
    let html = dir.join("p.html");
    let (p, h) = (partial.to_str().unwrap(), html.to_str().unwrap());
    assert_refused(stadt(&["replay", p, "--html", h]), &["partial.rec", "--partial"]);
    assert!(!html.exists());
    let (code, _, err) = stadt(&["replay", p, "--partial", "--html", h]);
    assert_eq!(code, 0, "{err}");
    let page = payload(&std::fs::read_to_string(&html).unwrap());
    assert_eq!(page["steps"].as_array().unwrap().len(), 20 - 7 + 1);
    assert_refused(stadt(&["replay", p, "--partial", "--html", h]), &["p.html", "already exists"]);
    let both = dir.join("both").to_str().unwrap().to_string();
    assert_refused(stadt(&["replay", p, "--partial", "--svg", &both, "--html", &both]), &["both name"]);
    let bad = dir.join("bad.rec");
    std::fs::write(&bad, text.replacen("tile ", "tile x", 1)).unwrap();
    let out = dir.join("bad.html");
    assert_refused(
        stadt(&["replay", bad.to_str().unwrap(), "--html", out.to_str().unwrap()]),
        &["bad.rec", "line"],
    );
    assert!(!out.exists());
}
