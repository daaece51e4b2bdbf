//! The plug-in's own tests, named after the rules they check: options and data (section 13, 17),
//! records that replay without the seed with every chance step and reshuffle on its line (U77,
//! U38, U57), moves as text both ways, and a seat's position rebuilt from its record (U76).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::GameKind;
use stadt_core::protocol::Spoken;
use stadt_unbezwingbare::kind::Unbezwingbare;
use stadt_unbezwingbare::logged::Logged;
use stadt_unbezwingbare::record::{self, PublicLog};

/// The option sets the tests play, with a player count each.
const SETS: [(&str, usize); 6] = [
    ("", 3),
    ("", 4),
    ("", 5),
    ("variant=strategic", 4),
    ("two_player=two_orders", 4),
    ("two_player=plain,free_market=on,sell_rounding=up,bank=160", 2),
];

/// A random game of `kind` with `players`, dealt from `seed`: its record and its end.
fn random_game(kind: &Unbezwingbare, players: usize, seed: u64) -> (String, Logged) {
    let mut g = kind.deal(players, seed).unwrap();
    let mut text = kind.record_header(&g, &stadt_unbezwingbare::kind::RecordHead { seed: Some(seed) });
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    loop {
        match g.turn() {
            Turn::Over => break,
            Turn::Chance => {
                g.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                g.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                text.push_str(&kind.record_line(&g, mv));
                g.apply(mv);
            }
        }
    }
    text.push_str(&kind.record_end(&g));
    (text, g)
}

/// U77: a record holds every chance step, so it replays without its seed to the same game,
/// state for state (the deal, each card turned and drawn, influence cards, cards taken).
#[test]
fn u77_a_record_replays_without_its_seed_to_the_same_game() {
    for (i, &(options, players)) in SETS.iter().enumerate() {
        let kind = Unbezwingbare::from_options(options).unwrap();
        for seed in 0..3 {
            let (text, end) = random_game(&kind, players, seed * 10 + i as u64);
            let unseeded: String =
                text.lines().filter(|l| !l.starts_with("seed ")).map(|l| format!("{l}\n")).collect();
            let back = record::replay_steps(&unseeded, None, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{options}: {e}"));
            assert_eq!(back.game.state, end.state, "{options}, seed {seed}");
            assert_eq!(back.seed, None);
        }
    }
}

/// U38, U57: a reshuffle stands on its line right after the step that made it; a record whose
/// reshuffle line is missing, moved or added is refused naming the line.
#[test]
fn u38_u57_a_missing_or_misplaced_reshuffle_line_is_refused() {
    let kind = Unbezwingbare::default();
    let (text, _) = (0..40)
        .map(|seed| random_game(&kind, 4, seed))
        .find(|(t, _)| t.contains("reshuffle draw pile"))
        .expect("some random game reshuffles the draw pile");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("reshuffle ")).unwrap();
    let write = |ls: &[&str]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    let mut missing = lines.clone();
    missing.remove(at);
    let e = record::replay_steps(&write(&missing), None, &mut |_, _| {}).unwrap_err();
    assert_eq!(e.line, at + 1, "{e}");
    assert!(e.reason.contains("reshuffle draw pile"), "{e}");
    let mut added = lines.clone();
    let first_move = lines.iter().position(|l| l.starts_with('p') && l.contains(": ")).unwrap();
    added.insert(first_move, "reshuffle draw pile");
    let e = record::replay_steps(&write(&added), None, &mut |_, _| {}).unwrap_err();
    assert_eq!(e.line, first_move + 1, "{e}");
}

/// U77: a chance line the game cannot take there, a move where chance is due, an illegal move
/// and a record of another game are each refused naming the line.
#[test]
fn u77_bad_lines_are_refused_naming_the_line() {
    let kind = Unbezwingbare::default();
    let (text, _) = random_game(&kind, 3, 1);
    let lines: Vec<&str> = text.lines().collect();
    let write = |ls: &[&str]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    let deal = lines.iter().position(|l| l.starts_with("chance: deal")).unwrap();
    let mut twice = lines.clone();
    twice.insert(deal + 1, lines[deal]);
    let e = record::replay_steps(&write(&twice), None, &mut |_, _| {}).unwrap_err();
    assert_eq!(e.line, deal + 2, "{e}");
    // A card turned in phase 1 left out: the move after it stands where chance is due.
    let turn = (0..lines.len() - 1)
        .find(|&i| lines[i].starts_with("chance: turn") && lines[i + 1].starts_with('p'))
        .expect("a card turned before a move");
    let mut lacking = lines.clone();
    lacking.remove(turn);
    let e = record::replay_steps(&write(&lacking), None, &mut |_, _| {}).unwrap_err();
    assert_eq!(e.line, turn + 1, "{e}");
    assert!(e.reason.contains("chance step due"), "{e}");
    let e = record::replay_steps("stadt-kartenspitze-record 1\n", None, &mut |_, _| {}).unwrap_err();
    assert_eq!(e.line, 1);
}

/// Section 13: every legal move's text reads back to it, in every rule set.
#[test]
fn every_legal_move_s_text_reads_back_to_it() {
    for &(options, players) in &SETS {
        let kind = Unbezwingbare::from_options(options).unwrap();
        let mut g = kind.deal(players, 5).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let mut moves = Vec::new();
        let mut checked = 0;
        while g.turn() != Turn::Over && checked < 20_000 {
            if g.turn() == Turn::Chance {
                g.resolve_chance(&mut rng);
                continue;
            }
            g.legal_moves(&mut moves);
            for &mv in &moves {
                let text = stadt_unbezwingbare::text::move_text(&g.state, mv);
                assert_eq!(
                    stadt_unbezwingbare::text::parse_move(&g.state, &text),
                    Ok(mv),
                    "{options}: `{text}`"
                );
                checked += 1;
            }
            g.apply(moves[rng.random_range(0..moves.len())]);
        }
        assert!(checked > 100);
    }
}

/// U76: a seat rebuilt from the public record it is shown sees the real game: the same view (its
/// own cards, the public facts, as many hidden cards in each place), at every decision.
#[test]
fn u76_a_seat_rebuilt_from_its_record_sees_the_real_game() {
    for &(options, players) in &SETS {
        let kind = Unbezwingbare::from_options(options).unwrap();
        let mut g = kind.deal(players, 11).unwrap();
        let mut log = PublicLog::new();
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        let mut moves = Vec::new();
        let mut decisions = 0;
        while g.turn() != Turn::Over && decisions < 400 {
            if g.turn() == Turn::Chance {
                g.resolve_chance(&mut rng);
                continue;
            }
            let p = g.state.decider().unwrap();
            kind.history_catch_up(&mut log, &g);
            let shown = record::seat_record(log.text(), usize::from(p));
            assert!(!shown.contains("[p"), "the tags are cut");
            let rebuilt =
                kind.seat_state(&shown, usize::from(p)).unwrap_or_else(|e| panic!("{options}: {e}\n{shown}"));
            assert_eq!(rebuilt.state.view(p), g.state.view(p), "{options}: p{}", p + 1);
            decisions += 1;
            g.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            kind.history_push(&mut log, &g, mv);
            g.apply(mv);
        }
    }
}

/// U76: the public record a seat is shown never names a card another seat drew unseen.
#[test]
fn u76_the_public_record_hides_the_others_cards() {
    let kind = Unbezwingbare::default();
    let g = kind.deal(4, 2).unwrap();
    let mut log = PublicLog::new();
    kind.history_catch_up(&mut log, &g);
    let p1 = record::seat_record(log.text(), 0);
    assert_eq!(p1.lines().filter(|l| l.starts_with("chance: deal ? to p")).count(), 9);
    assert_eq!(
        p1.lines()
            .filter(|l| l.starts_with("chance: deal ") && l.ends_with("to p1") && !l.contains('?'))
            .count(),
        3
    );
    assert!(Logged::new(g.state).since_move().is_empty());
}

/// U1, section 13, section 17: 6 players, `two_player` with 3, an option of another game and a bad
/// data file are refused, naming U1, the options, the file and line.
#[test]
fn u1_section_13_section_17_bad_set_ups_are_refused() {
    let kind = Unbezwingbare::default();
    assert!(!kind.players().contains(&6));
    assert_eq!(kind.players_rule(), "U1");
    let two = Unbezwingbare::from_options("two_player=plain").unwrap();
    assert_eq!(two.players(), 2..=2);
    let e = Unbezwingbare::from_options("hand=3").unwrap_err().to_string();
    assert!(e.contains("`hand` is no option of unbezwingbare") && e.contains("two_player"), "{e}");
    let dir = std::env::temp_dir().join(format!("ub-plugin-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("board.txt");
    let text = stadt_unbezwingbare::chosen::INVENTED_BOARD
        .replace("area id=5 ring=1 price=7", "area id=5 ring=1 price=9");
    std::fs::write(&bad, text).unwrap();
    let e = Unbezwingbare::from_options(&format!("board={}", bad.display())).unwrap_err().to_string();
    assert!(e.contains("board.txt:") && e.contains("price=9"), "{e}");
    let good = dir.join("good.txt");
    std::fs::write(&good, stadt_unbezwingbare::chosen::INVENTED_BOARD).unwrap();
    let same = Unbezwingbare::from_options(&format!("board={}", good.display())).unwrap();
    assert_eq!(same.data.board_sha256(), kind.data.board_sha256());
    std::fs::remove_dir_all(&dir).ok();
}

/// U67, U2, U3, U75: the results' columns (`isolated`, `isolated_points`, `turns`, `end`) say
/// what happened: the areas each seat took by isolation, counted here apart by watching owners
/// change hands at each area purchase, the value of the buildings on them, the turns begun, and
/// why the game ended. Greedy games under the strategic variant, where isolation happens.
#[test]
fn u67_u2_the_results_columns_count_isolations_and_say_why_a_game_ended() {
    use stadt_unbezwingbare::greedy::Greedy;
    use stadt_unbezwingbare::moves::{Move, NOBODY};
    use stadt_unbezwingbare::value::Weights;
    let kind = Unbezwingbare::from_options("variant=strategic").unwrap();
    let columns = kind.columns();
    let at = |name: &str| columns.details.iter().position(|d| d == name).unwrap();
    let (iso, iso_pts, turns, end) = (at("isolated"), at("isolated_points"), at("turns"), at("end"));
    let mut greedy = Greedy::new(Weights::default());
    let (mut isolations, mut ends) = (0, std::collections::BTreeSet::new());
    for seed in 0..12u64 {
        let players = 3 + (seed % 3) as usize;
        let mut g = kind.deal(players, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let (mut taken, mut taken_points) = ([0u32; 5], [0u32; 5]);
        loop {
            match g.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    g.resolve_chance(&mut rng);
                }
                Turn::Player(p) => {
                    let me = p as u8;
                    let mv = greedy.choose(&g.state.view(me), me, &mut rng);
                    let before = g.state;
                    g.apply(mv);
                    if let Move::BuyArea(bought) = mv {
                        for a in 0..before.owner.len() {
                            let (was, now) = (before.owner[a], g.state.owner[a]);
                            if a != usize::from(bought) && was != NOBODY && was != me && now == me {
                                taken[usize::from(me)] += 1;
                                let b = before.building[a];
                                if b != NOBODY {
                                    taken_points[usize::from(me)] += u32::from(before.card(b).price);
                                }
                            }
                        }
                    }
                }
            }
        }
        let s = &g.state;
        let (mut sources, mut details) = (Vec::new(), Vec::new());
        for seat in 0..players {
            kind.final_values(&g, seat, &mut sources, &mut details);
            assert_eq!(details[iso], taken[seat].to_string(), "seed {seed} seat {seat}: isolated");
            assert_eq!(details[iso_pts], taken_points[seat].to_string(), "seed {seed} seat {seat}: points");
            assert_eq!(details[turns], s.turns.to_string());
            let winner = (0..players as u8).find(|&q| s.winners & (1 << q) != 0).unwrap();
            match details[end].as_str() {
                "target" => assert!(s.points(winner) >= kind.game_options(players).target(), "seed {seed}"),
                "last_area" => assert!(s.last_area, "seed {seed}"),
                other => panic!("seed {seed}: a greedy game ended by `{other}`"),
            }
            ends.insert(details[end].clone());
            isolations += taken[seat];
        }
    }
    assert!(isolations > 5, "the greedy games took only {isolations} areas by isolation");
    assert!(ends.contains("target"));
}
