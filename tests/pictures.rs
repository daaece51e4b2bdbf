//! Pictures of the city (`stadt play --svg`, `stadt replay --svg --upto N`): rendered with resvg,
//! the reference pure-Rust SVG renderer, and checked pixel by pixel where the library's geometry
//! says the wall, the gate, towers, watchmen, followers, markets and blocked cells are; the
//! pictures of a replay are the library's pictures of the game at that point; bad input is refused
//! without writing anything.

mod common;

use common::stadt;
use die_stadt::board::BLOCKED;
use die_stadt::game::Game;
use die_stadt::geom::{PORTS, SIDES};
use die_stadt::geom::{Point, is_middle_port};
use die_stadt::pictures::city::{self, FOLLOWER_DEPTH, Layout, city_svg};
use die_stadt::pictures::terminal;
use die_stadt::record::{self, Record, Tiles};
use die_stadt::tiles::SegKind;
use resvg::{tiny_skia, usvg};
use stadt_testkit::{Scratch, assert_refused, scratch};
use std::path::{Path, PathBuf};

/// The game the pixel tests look at: two steerers, seed 3; it has a gate, towers, watchmen, followers
/// left at the end and blocked cells.
const GAME: [&str; 6] = ["play", "--players", "2", "--seed", "3", "--bots"];

/// Plays the game with `stadt play --record r.txt --svg city.svg` in `dir`: the two paths.
fn play(dir: &Path) -> (PathBuf, PathBuf) {
    let (rec, svg) = (dir.join("r.txt"), dir.join("city.svg"));
    let mut args = GAME.to_vec();
    args.extend(["steerer", "--record", rec.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    let (code, _, err) = stadt(&args);
    assert_eq!(code, 0, "{err}");
    (rec, svg)
}

/// The game after the first `n` decision lines of a record (all of them when None), replayed by the
/// library from the record cut there, not through `--upto`.
fn game_after(record_text: &str, n: Option<usize>) -> Game {
    let mut decisions = 0;
    let mut cut = String::new();
    for line in record_text.lines() {
        let is_decision = line.starts_with('p') && line.contains(':');
        if is_decision {
            if Some(decisions) == n {
                break;
            }
            decisions += 1;
        }
        cut.push_str(line);
        cut.push('\n');
    }
    let rec = Record::parse(&cut, Tiles::Default).unwrap();
    record::replay(&rec, true).unwrap().game
}

/// How many decision lines a record written by `stadt play` has (each begins with its player).
fn decision_count(record_text: &str) -> usize {
    record_text.lines().filter(|l| l.starts_with('p') && l.contains(':')).count()
}

/// Renders an SVG at scale 1, as a viewer would.
fn rendered(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("a valid SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// `#rrggbb` as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let v = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [v(1), v(3), v(5)]
}

/// Asserts the pixel at `at` has colour `hex` (give or take rounding).
fn assert_pixel(pixmap: &tiny_skia::Pixmap, at: (f64, f64), hex: &str, what: &str) {
    let p =
        pixmap.pixel(at.0 as u32, at.1 as u32).unwrap_or_else(|| panic!("{what}: {at:?} is off the picture"));
    let p = p.demultiply();
    let got = [p.red(), p.green(), p.blue()];
    let want = rgb(hex);
    let close = got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 3);
    assert!(close, "{what} at {at:?}: expected {hex} {want:?}, found {got:?}");
}

#[test]
fn play_svg_shows_the_wall_gate_towers_watchmen_followers_markets_and_blocked_cells_in_their_colours() {
    let dir = scratch("pictures-play");
    let (rec, svg) = play(&dir);
    let text = std::fs::read_to_string(svg).unwrap();
    let game = game_after(&std::fs::read_to_string(rec).unwrap(), None);
    let table = game.table();
    let layout = Layout::of(table);
    let pixmap = rendered(&text);
    assert_eq!((pixmap.width() as f64, pixmap.height() as f64), (layout.width, layout.height));
    assert!(text.contains("final scores") && text.contains("steerer"), "{text}");

    let wall = table.wall();
    let (gate_slot, gate_side) = wall.gate.expect("the game has a gate");
    let gate_cell = table.board().tile(gate_slot).cell();
    assert_pixel(&pixmap, layout.side_midpoint(gate_cell, gate_side), city::GATE, "gate");

    let (mut pieces, mut watchmen) = (0, 0);
    for (slot, t) in table.board().slots() {
        for side in SIDES.into_iter().filter(|&s| t.walled(s) && wall.gate != Some((slot, s))) {
            let at = layout.side_midpoint(t.cell(), side);
            if let Some(p) = t.watchman(side) {
                assert_pixel(&pixmap, at, city::player_colour(p), "watchman");
                watchmen += 1;
            } else if t.virtual_walls & (1 << side.index()) == 0 {
                assert_pixel(&pixmap, at, city::WALL, "wall piece");
                pieces += 1;
            }
        }
    }
    assert!(pieces > 0 && watchmen > 0, "{pieces} pieces, {watchmen} watchmen");

    assert!(wall.tower_count > 0);
    for &(x, y, p) in &wall.towers[..wall.tower_count as usize] {
        let (cx, cy) = layout.point(Point::new(x as i32, y as i32));
        assert_pixel(&pixmap, (cx, cy), city::player_colour(p), "tower inside");
        assert_pixel(&pixmap, (cx - 7.5, cy), city::WALL, "tower frame");
    }

    let mut followers = 0;
    let mut kinds = Vec::new();
    for (slot, t) in table.board().slots() {
        let ty = table.tile_type(slot);
        if let Some((p, seg)) = t.follower() {
            let port = table.seg_ports(slot, seg).trailing_zeros() as usize;
            let at = layout.port_point(t.cell(), port, FOLLOWER_DEPTH);
            assert_pixel(&pixmap, at, city::player_colour(p), "follower");
            followers += 1;
            continue;
        }
        if ty.public > 0 || ty.historic.is_some() {
            continue; // their buildings are drawn over the tile
        }
        // A corner port's triangle: no road, follower or building drawn on it.
        for port in (0..PORTS).filter(|&p| !is_middle_port(p)) {
            if let SegKind::Market(k) = table.seg_kind(slot, table.seg_at_port(slot, port)) {
                let at = layout.port_point(t.cell(), port, 2.0 / 3.0);
                assert_pixel(&pixmap, at, city::market_colour(k), "market");
                kinds.push(k);
            }
        }
    }
    kinds.sort();
    kinds.dedup();
    assert!(followers > 0 && kinds.len() == 3, "{followers} followers, market kinds {kinds:?}");
    for k in kinds {
        assert!(text.contains(&format!(">{}</text>", k.letter())), "no letter {}", k.letter());
    }

    let blocked: Vec<_> = table.board().frontier().iter().filter(|f| f.flags & BLOCKED != 0).collect();
    assert!(!blocked.is_empty());
    for f in blocked {
        assert_pixel(&pixmap, layout.cell_centre(f.cell()), city::BLOCKED_CELL, "blocked cell");
    }
}

/// The game's record, written by `stadt play` into a fresh scratch folder.
fn recorded(name: &str) -> (Scratch, PathBuf, String) {
    let dir = scratch(name);
    let (rec, _) = play(&dir);
    let text = std::fs::read_to_string(&rec).unwrap();
    (dir, rec, text)
}

#[test]
fn replay_upto_draws_the_library_picture_of_the_game_after_n_decisions() {
    let (dir, rec, text) = recorded("pictures-upto");
    let rec = rec.to_str().unwrap();
    let (_, end_scores, _) = stadt(&["replay", rec]);
    let total = decision_count(&text);
    for n in [0, 1, 2, 57, total - 1, total] {
        let svg = dir.join(format!("up{n}.svg"));
        let (code, out, err) =
            stadt(&["replay", rec, "--svg", svg.to_str().unwrap(), "--upto", &n.to_string(), "--show"]);
        assert_eq!(code, 0, "{err}");
        let game = game_after(&text, Some(n));
        let drawn = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(drawn, city_svg(game.table(), &[], game.is_over()), "--upto {n}");
        rendered(&drawn);
        assert_eq!(out, format!("{}{end_scores}", terminal::render(game.table())), "--upto {n}");
        assert_eq!(drawn.contains("no tiles placed yet"), n == 0);
        assert_eq!(drawn.contains("final scores"), n == total);
    }
    let whole = dir.join("whole.svg");
    let (code, _, err) = stadt(&["replay", rec, "--svg", whole.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let game = game_after(&text, None);
    assert_eq!(std::fs::read_to_string(whole).unwrap(), city_svg(game.table(), &[], true));
}

#[test]
fn replay_upto_past_the_end_is_refused_and_writes_nothing() {
    let (dir, rec, text) = recorded("pictures-past");
    let total = decision_count(&text);
    let svg = dir.join("past.svg");
    let past = (total + 1).to_string();
    let result = stadt(&["replay", rec.to_str().unwrap(), "--svg", svg.to_str().unwrap(), "--upto", &past]);
    assert_refused(result, &[&format!("--upto {past}"), &format!("only {total} moves")]);
    assert!(!svg.exists());
}

#[test]
fn svg_to_an_existing_file_is_refused_and_leaves_it_unchanged() {
    let (dir, rec, _) = recorded("pictures-exists");
    let svg = dir.join("city.svg");
    let before = std::fs::read(&svg).unwrap();
    let (rec, path) = (rec.to_str().unwrap(), svg.to_str().unwrap());
    assert_refused(stadt(&["replay", rec, "--svg", path]), &["--svg", path, "already exists"]);
    assert_refused(stadt(&["replay", rec, "--svg", path, "--upto", "3"]), &["--svg", "already exists"]);
    let mut args = GAME.to_vec();
    args.extend(["steerer", "--svg", path]);
    assert_refused(stadt(&args), &["--svg", path, "already exists"]);
    assert_eq!(std::fs::read(&svg).unwrap(), before);
}

#[test]
fn replay_upto_with_a_malformed_record_reports_the_record_error_and_writes_nothing() {
    let (dir, _, text) = recorded("pictures-malformed");
    let lines: Vec<&str> = text.lines().collect();
    let bad_line = lines.iter().position(|l| l.starts_with('p')).unwrap() + 20;
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken[bad_line] = "p1: tile 500 0 0".into();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, broken.join("\n") + "\n").unwrap();
    let bad = bad.to_str().unwrap();
    let (code, _, plain) = stadt(&["replay", bad]);
    assert_eq!(code, 2);
    assert!(plain.contains(&format!("line {}", bad_line + 1)), "{plain}");
    let svg = dir.join("bad.svg");
    let result = stadt(&["replay", bad, "--svg", svg.to_str().unwrap(), "--upto", "3"]);
    assert_eq!(result.2, plain);
    assert_refused(result, &[&format!("line {}", bad_line + 1)]);
    assert!(!svg.exists());
}

#[test]
fn replay_upto_without_svg_or_show_is_refused() {
    let (_dir, rec, _) = recorded("pictures-upto-alone");
    assert_refused(stadt(&["replay", rec.to_str().unwrap(), "--upto", "3"]), &["--upto", "--svg", "--show"]);
}
