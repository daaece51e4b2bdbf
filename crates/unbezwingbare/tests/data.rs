//! The data files: both shipped sets load, every kind of bad input is refused naming file and
//! line, and the invented set keeps every fact UNBEZWINGBARE.md lists ("What is known of the
//! material").

use stadt_unbezwingbare::data::{
    AreaId, Board, Cards, Category, Clause, DataError, DataSet, Kind, Period, Problem, RoadId, Tag,
    sha256_hex,
};
use std::path::{Path, PathBuf};

/// The crate's folder.
fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped, invented set.
fn invented() -> DataSet {
    DataSet::load_dir(&here().join("data/invented")).expect("the invented set loads")
}

/// The text of a file of a set.
fn text(set: &str, file: &str) -> String {
    std::fs::read_to_string(here().join(set).join(file)).expect("the file is there")
}

/// The text with the first line containing `needle` changed by `change` (`None` deletes it), and
/// that line's number.
fn changed(text: &str, needle: &str, change: impl Fn(&str) -> Option<String>) -> (String, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains(needle)).expect("the needle is in the file");
    let mut out: Vec<String> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if i != at {
            out.push(l.to_string());
        } else if let Some(new) = change(l) {
            out.push(new);
        }
    }
    (out.join("\n") + "\n", at + 1)
}

/// A board file with one line changed: the error it gives.
fn bad_board(needle: &str, change: impl Fn(&str) -> Option<String>) -> (DataError, usize) {
    let (t, line) = changed(&text("data/invented", "board.txt"), needle, change);
    (Board::parse("board.txt", &t).expect_err("the changed board is refused"), line)
}

/// A card file with one line changed: the error it gives.
fn bad_cards(needle: &str, change: impl Fn(&str) -> Option<String>) -> (DataError, usize) {
    let (t, line) = changed(&text("data/invented", "cards.txt"), needle, change);
    (Cards::parse("cards.txt", &t).expect_err("the changed cards are refused"), line)
}

/// Replaces `from` by `to` in the line.
fn swap(from: &'static str, to: &'static str) -> impl Fn(&str) -> Option<String> {
    move |l| Some(l.replacen(from, to, 1))
}

// --- Both sets load -------------------------------------------------------------------------

#[test]
fn the_invented_set_loads_and_is_named_by_its_bytes() {
    let set = invented();
    let board = std::fs::read(here().join("data/invented/board.txt")).unwrap();
    let cards = std::fs::read(here().join("data/invented/cards.txt")).unwrap();
    assert_eq!(set.board.sha256, sha256_hex(&board));
    assert_eq!(set.cards.sha256, sha256_hex(&cards));
    assert_eq!(set.board.sha256.len(), 64);
}

#[test]
fn the_test_set_loads_and_differs() {
    let test = DataSet::load_dir(&here().join("tests/data")).expect("the test set loads");
    let set = invented();
    assert_ne!(test.board, set.board);
    assert_ne!(test.cards.buildings, set.cards.buildings);
    assert_eq!(test.board.rings(), 3);
    assert!(test.cards.building("Kleines Haus").is_some(), "a quoted name with a space");
    let regen = &test.cards.events[0];
    assert_eq!(regen.effect.0, vec![Clause::Gain { n: 1, per: Some(Kind::Name("Kleines Haus".into())) }]);
}

#[test]
fn both_boards_are_symmetric_connected_and_never_border_themselves() {
    let test = DataSet::load_dir(&here().join("tests/data")).unwrap();
    for board in [invented().board, test.board] {
        for a in &board.areas {
            assert!(!a.neighbours.contains(&a.id));
            for &n in &a.neighbours {
                assert!(board.borders(n, a.id), "{:?} {:?}", a.id, n);
            }
        }
        let mut seen = [false; 48];
        let mut stack = vec![AreaId(1)];
        seen[0] = true;
        while let Some(a) = stack.pop() {
            for &n in &board.area(a).neighbours {
                if !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}

#[test]
fn a_byte_order_mark_before_the_version_line_is_ignored() {
    let t = format!("\u{feff}{}", text("tests/data", "board.txt"));
    assert!(Board::parse("board.txt", &t).is_ok());
}

#[test]
fn an_effect_of_several_clauses_keeps_their_order() {
    let test = DataSet::load_dir(&here().join("tests/data")).unwrap();
    let sturm = test.cards.events.iter().find(|e| e.name == "Sturm").unwrap();
    assert_eq!(sturm.effect.0.len(), 2);
    assert!(matches!(sturm.effect.0[1], Clause::Lose { n: 1, per: None }));
}

#[test]
fn every_effect_word_is_read() {
    use stadt_unbezwingbare::data::{Action, Filter, Who};
    let cards = invented().cards;
    let all: Vec<&Clause> = cards
        .events
        .iter()
        .map(|e| &e.effect)
        .chain(cards.influence.iter().map(|c| &c.effect))
        .flat_map(|e| &e.0)
        .collect();
    assert!(all.contains(&&Clause::Block { action: Action::BuyArea, who: Who::Opponent }));
    assert!(all.contains(&&Clause::NoIncome));
    assert!(all.contains(&&Clause::RemoveKnight { who: Who::Opponent, filter: Filter::Empty }));
    assert!(all.contains(&&Clause::TaxTo(3)));
    assert!(all.contains(&&Clause::SkipPhase { phase: 2, who: Who::Opponent }));
}

#[test]
fn the_vocabulary_is_documented_word_by_word_and_nothing_more() {
    let doc = std::fs::read_to_string(here().join("../../docs/unbezwingbare/data.md")).unwrap();
    let table: Vec<&str> = doc
        .split("## Effects")
        .nth(1)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    assert_eq!(table, stadt_unbezwingbare::data::effects::WORDS.to_vec());
    // Each word is known to the reader: an effect of it alone is never "unknown".
    let t = text("data/invented", "cards.txt");
    for word in stadt_unbezwingbare::data::effects::WORDS {
        let (t, _) = changed(&t, "name=Schutzbrief ", |l| {
            Some(l.replace("effect=\"cancel\"", &format!("effect=\"{word}\"")))
        });
        if let Err(e) = Cards::parse("cards.txt", &t) {
            assert!(!matches!(e.problem, Problem::UnknownEffectWord(_)), "{word}: {e}");
        }
    }
}

#[test]
fn a_missing_file_names_the_file() {
    let err = Board::load(Path::new("no/such/board.txt")).unwrap_err();
    assert_eq!(err.file, "no/such/board.txt");
    assert!(matches!(err.problem, Problem::Io(_)));
}

// --- Bad input: one line changed, the error names file and line -----------------------------

#[test]
fn bad_version_missing() {
    let (err, line) = bad_board("stadt-unbezwingbare-board 1", |_| Some("# no version".into()));
    assert_eq!((err.file.as_str(), err.line, line), ("board.txt", 1, 1));
    assert!(matches!(err.problem, Problem::MissingVersion { .. }));
}

#[test]
fn bad_version_of_another_version() {
    let (err, _) = bad_cards("stadt-unbezwingbare-cards 1", swap(" 1", " 2"));
    assert_eq!((err.file.as_str(), err.line), ("cards.txt", 1));
    assert!(matches!(err.problem, Problem::WrongVersion { .. }), "{err}");
}

#[test]
fn bad_version_of_the_other_file() {
    let (err, _) = bad_cards("stadt-unbezwingbare-cards 1", |_| Some("stadt-unbezwingbare-board 1".into()));
    assert_eq!(err.line, 1);
    assert!(matches!(err.problem, Problem::MissingVersion { .. }));
}

#[test]
fn bad_category() {
    let (err, line) = bad_cards("name=Oper ", swap("category=violet", "category=grey"));
    assert_eq!((err.file.as_str(), err.line), ("cards.txt", line));
    assert_eq!(err.problem, Problem::UnknownCategory("grey".into()));
    assert!(err.to_string().starts_with(&format!("cards.txt:{line}: category `grey`")));
}

#[test]
fn bad_area_bordering_itself() {
    let (err, line) = bad_board("area id=1 ", swap("neighbours=", "neighbours=1,"));
    assert_eq!((err.file.as_str(), err.line), ("board.txt", line));
    assert_eq!(err.problem, Problem::BordersItself(1));
}

#[test]
fn bad_neighbours_not_symmetric() {
    // Area 1 lists 2; area 2's line loses 1.
    let (err, _) = bad_board("area id=2 ", swap("neighbours=1,", "neighbours="));
    let line =
        text("data/invented", "board.txt").lines().position(|l| l.starts_with("area id=1 ")).unwrap() + 1;
    assert_eq!((err.file.as_str(), err.line), ("board.txt", line));
    assert_eq!(err.problem, Problem::NotSymmetric { area: 1, neighbour: 2 });
}

#[test]
fn bad_neighbour_listed_twice() {
    let (err, line) = bad_board("area id=1 ", swap("neighbours=2,", "neighbours=2,2,"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::DuplicateNeighbour(2));
}

#[test]
fn bad_area_price_out_of_range() {
    let (err, line) = bad_board("area id=2 ", swap("price=8", "price=9"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::OutOfRange { key: "price".into(), value: 9, min: 1, max: 8 });
}

#[test]
fn bad_area_bonus_out_of_range() {
    let (err, line) = bad_board("area id=2 ", swap("bonus=3", "bonus=4"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::OutOfRange { value: 4, .. }));
}

#[test]
fn bad_building_price_out_of_range() {
    let (err, line) = bad_cards("name=Börse ", swap("price=5", "price=6"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::OutOfRange { key: "price".into(), value: 6, min: 1, max: 5 });
}

#[test]
fn bad_not_a_number() {
    let (err, line) = bad_board("area id=3 ", swap("price=7", "price=seven"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::NotANumber { .. }));
}

#[test]
fn bad_unknown_effect_word() {
    let (err, line) = bad_cards("name=Markttag ", swap("gain 1", "earn 1"));
    assert_eq!((err.file.as_str(), err.line), ("cards.txt", line));
    assert_eq!(err.problem, Problem::UnknownEffectWord("earn".into()));
}

#[test]
fn bad_effect_arguments() {
    let (err, line) = bad_cards("name=Steuereintreiber ", swap("tax_to 3", "tax_to"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadEffect { ref word, .. } if word == "tax_to"));
}

#[test]
fn bad_block_action() {
    let (err, line) = bad_cards("name=Stadtwache ", swap("buy_area", "sell_area"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadEffect { ref word, .. } if word == "block"));
}

#[test]
fn bad_opponent_in_an_event() {
    let (err, line) = bad_cards("name=Aufstand ", swap("self", "opponent"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadEffect { ref word, .. } if word == "remove_knight"));
}

#[test]
fn bad_cancel_without_outside_turn() {
    let (err, line) = bad_cards("name=Schutzbrief ", swap(" outside_turn=when_targeted", ""));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadEffect { ref word, .. } if word == "cancel"));
}

#[test]
fn bad_name_in_an_effect() {
    let (err, line) = bad_cards("name=\"Gute Ernte\"", swap("Getreidemühle", "Windmühle"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::UnknownName("Windmühle".into()));
}

#[test]
fn bad_count_of_areas() {
    let (err, _) = bad_board("area id=48 ", |_| None);
    let last = text("data/invented", "board.txt").lines().count() - 1;
    assert_eq!((err.file.as_str(), err.line), ("board.txt", last));
    assert_eq!(err.problem, Problem::Count { what: "areas".into(), found: 47, expected: 48 });
}

#[test]
fn bad_duplicate_area() {
    let (err, line) = bad_board("area id=48 ", swap("id=48", "id=10"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::DuplicateArea(10));
}

#[test]
fn bad_split_of_building_cards() {
    // One brown card more and one green card fewer: 68 in all, the split broken.
    let t = text("data/invented", "cards.txt");
    let (t, _) = changed(&t, "name=Pferdestall ", |l| Some(l.replace("count=3", "count=4")));
    let (t, _) = changed(&t, "name=Getreidemühle ", |l| Some(l.replace("count=3", "count=2")));
    let err = Cards::parse("cards.txt", &t).unwrap_err();
    let last = t.lines().position(|l| l.starts_with("building name=Börse")).unwrap() + 1;
    assert_eq!(err.line, last);
    assert_eq!(err.problem, Problem::Count { what: "brown building cards".into(), found: 21, expected: 20 });
}

#[test]
fn bad_count_of_events() {
    let (err, _) = bad_cards("name=Bauboom ", |_| None);
    assert!(matches!(err.problem, Problem::Count { found: 14, expected: 15, .. }), "{err}");
}

#[test]
fn bad_count_of_influence_cards() {
    let (err, _) = bad_cards("name=Spion ", swap("count=2", "count=3"));
    assert!(matches!(err.problem, Problem::Count { found: 31, expected: 30, .. }), "{err}");
}

#[test]
fn bad_duplicate_name() {
    let (err, line) = bad_cards("name=Schmiede ", swap("Schmiede", "Gerberei"));
    // The second Gerberei is the one refused.
    assert_eq!(err.line, line + 1);
    assert_eq!(err.problem, Problem::DuplicateName("Gerberei".into()));
}

#[test]
fn bad_period() {
    let (err, line) = bad_cards("name=Kontor ", swap("period=B", "period=D"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadValue { ref key, .. } if key == "period"));
}

#[test]
fn bad_tag() {
    let (err, line) = bad_cards("name=Torhaus ", swap("toll_house", "gate"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::UnknownTag("gate".into()));
}

#[test]
fn bad_unknown_key() {
    let (err, line) = bad_board("area id=5 ", |l| Some(format!("{l} colour=red")));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::UnknownKey("colour".into()));
}

#[test]
fn bad_missing_key() {
    let (err, line) = bad_board("area id=5 ", swap(" water=no", ""));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::MissingKey("water"));
}

#[test]
fn bad_unknown_item() {
    let (err, line) = bad_cards("trade name=Pfandhaus", swap("trade", "trader"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::UnknownItem("trader".into()));
}

#[test]
fn bad_track_field_2_not_red() {
    let (err, line) = bad_board("track ", swap("red=2,", "red="));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::TrackFact { field: 2, red: true });
}

#[test]
fn bad_track_field_5_red() {
    let (err, line) = bad_board("track ", swap("red=2,", "red=2,5,"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::TrackFact { field: 5, red: false });
}

#[test]
fn bad_road_not_reaching_the_rim() {
    // Road 1's rim area (33) loses its road.
    let (err, _) = bad_board("area id=33 ", swap("road=1", "road=none"));
    assert_eq!(err.problem, Problem::Road { road: 1, what: "it does not start at the rim" });
}

#[test]
fn bad_no_river() {
    let mut t = text("data/invented", "board.txt");
    t = t.replace("water=yes", "water=no");
    let err = Board::parse("board.txt", &t).unwrap_err();
    assert_eq!(err.problem, Problem::NoWater);
}

#[test]
fn bad_great_power() {
    let (err, line) = bad_cards("great_power category=blue", swap("points=4", "points=5"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::GreatPower(_)));
}

#[test]
fn bad_trade_card() {
    let (err, line) = bad_cards("trade name=Pfandhaus", swap("Pfandhaus", "Leihhaus"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::TradeCard(_)));
}

#[test]
fn bad_unclosed_quote() {
    let (err, line) = bad_cards("name=Pest ", swap("\"discard 1\"", "\"discard 1"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::Syntax(_)));
}

#[test]
fn bad_duplicate_key() {
    let (err, line) = bad_board("area id=3 ", |l| Some(format!("{l} price=7")));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::DuplicateKey("price".into()));
}

#[test]
fn bad_board_not_connected() {
    // Areas 47 and 48 border only each other; every other line drops them.
    let t = text("data/invented", "board.txt");
    let mut out = Vec::new();
    for l in t.lines() {
        out.push(if l.starts_with("area id=47 ") {
            format!("{}neighbours=48", l.split("neighbours=").next().unwrap())
        } else if l.starts_with("area id=48 ") {
            format!("{}neighbours=47", l.split("neighbours=").next().unwrap())
        } else if let Some((head, list)) = l.split_once("neighbours=") {
            let keep: Vec<&str> = list.split(',').filter(|n| *n != "47" && *n != "48").collect();
            format!("{head}neighbours={}", keep.join(","))
        } else {
            l.to_string()
        });
    }
    let line = out.iter().position(|l| l.starts_with("area id=47 ")).unwrap() + 1;
    let err = Board::parse("board.txt", &(out.join("\n") + "\n")).unwrap_err();
    assert_eq!((err.file.as_str(), err.line), ("board.txt", line));
    assert_eq!(err.problem, Problem::NotConnected(47));
}

#[test]
fn bad_ring_missing() {
    let t = text("data/invented", "board.txt").replace("ring=3 ", "ring=5 ");
    let err = Board::parse("board.txt", &t).unwrap_err();
    assert_eq!(err.problem, Problem::RingMissing(3));
}

#[test]
fn bad_road_broken() {
    // Road 1 loses its ring-3 area (19): its rim area no longer meets the rest.
    let (err, _) = bad_board("area id=19 ", swap("road=1", "road=none"));
    assert_eq!(err.problem, Problem::Road { road: 1, what: "its areas are not connected" });
}

#[test]
fn bad_road_not_reaching_the_centre() {
    let (err, _) = bad_board("area id=1 ", swap("road=1", "road=none"));
    assert_eq!(err.problem, Problem::Road { road: 1, what: "it does not reach the innermost ring" });
}

#[test]
fn bad_road_missing() {
    let t = text("data/invented", "board.txt").replace("road=3", "road=none");
    let err = Board::parse("board.txt", &t).unwrap_err();
    assert_eq!(err.problem, Problem::Road { road: 3, what: "no area is on it" });
}

#[test]
fn bad_road_number() {
    let (err, line) = bad_board("area id=1 ", swap("road=1", "road=4"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::OutOfRange { value: 4, min: 1, max: 3, .. }));
}

#[test]
fn bad_water_word() {
    let (err, line) = bad_board("area id=1 ", swap("water=no", "water=river"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadValue { ref key, .. } if key == "water"));
}

#[test]
fn bad_track_missing() {
    let (err, _) = bad_board("track ", |_| None);
    assert_eq!(err.problem, Problem::Track("the `track` line is missing"));
}

#[test]
fn bad_track_twice() {
    let (err, line) = bad_board("area id=1 ", |_| Some("track length=40 red=2".into()));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::Track("given twice"));
}

#[test]
fn bad_red_field_off_the_track() {
    let (err, line) = bad_board("track ", swap("red=2,", "red=2,51,"));
    assert_eq!(err.line, line);
    assert_eq!(err.problem, Problem::RedField(51));
}

#[test]
fn bad_great_power_twice() {
    let (err, line) = bad_cards(
        "great_power category=green",
        swap("category=green  points=2 bonus=1", "category=brown  points=1 bonus=1"),
    );
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::GreatPower(_)));
}

#[test]
fn bad_great_powers_not_all_four() {
    let (err, _) = bad_cards("great_power category=green", |_| None);
    assert!(matches!(err.problem, Problem::GreatPower(_)), "{err}");
}

#[test]
fn bad_trade_card_alone() {
    let (err, _) = bad_cards("Freier Markt", |_| None);
    assert!(matches!(err.problem, Problem::TradeCard(_)), "{err}");
}

#[test]
fn bad_outside_turn_moment() {
    let (err, line) = bad_cards("name=Schutzbrief ", swap("when_targeted", "at_night"));
    assert_eq!(err.line, line);
    assert!(matches!(err.problem, Problem::BadValue { ref key, .. } if key == "outside_turn"));
}

// --- The invented set keeps every known fact -------------------------------------------------

#[test]
fn fact_48_areas_prices_1_to_8_bonus_0_to_3() {
    let board = invented().board;
    assert_eq!(board.areas.len(), 48);
    for (i, a) in board.areas.iter().enumerate() {
        assert_eq!(usize::from(a.id.0), i + 1);
        assert!((1..=8).contains(&a.price) && a.bonus <= 3);
    }
    assert!(board.areas.iter().any(|a| a.price == 1) && board.areas.iter().any(|a| a.price == 8));
    for bonus in 1..=3 {
        assert!(board.areas.iter().any(|a| a.bonus == bonus));
    }
}

#[test]
fn fact_no_bonus_only_on_the_cheapest_areas() {
    let board = invented().board;
    let most_without = board.areas.iter().filter(|a| a.bonus == 0).map(|a| a.price).max().unwrap();
    let least_with = board.areas.iter().filter(|a| a.bonus > 0).map(|a| a.price).min().unwrap();
    assert!(most_without < least_with);
}

#[test]
fn fact_the_old_town_is_the_innermost_ring() {
    let board = invented().board;
    let old: Vec<_> = board.areas.iter().filter(|a| a.ring == 1).collect();
    assert!(!old.is_empty());
    // The rings lie one round another: an old-town area borders only rings 1 and 2.
    for a in old {
        assert!(a.neighbours.iter().all(|&n| board.area(n).ring <= 2));
    }
    assert!(board.rings() >= 3);
}

#[test]
fn fact_three_roads_from_the_rim_to_the_centre() {
    let board = invented().board;
    for road in 1..=3 {
        let on: Vec<_> = board.areas.iter().filter(|a| a.road == Some(RoadId(road))).collect();
        for ring in 1..=board.rings() {
            assert_eq!(on.iter().filter(|a| a.ring == ring).count(), 1, "road {road} ring {ring}");
        }
        for pair in on.windows(2) {
            assert!(board.borders(pair[0].id, pair[1].id), "road {road}");
        }
    }
}

#[test]
fn fact_a_river() {
    let board = invented().board;
    let water: Vec<_> = board.areas.iter().filter(|a| a.water).collect();
    assert!(water.len() >= 3);
    assert!(water.iter().any(|a| a.ring == board.rings()), "it comes in from the rim");
}

#[test]
fn fact_score_field_2_red_5_and_6_not() {
    let track = invented().board.track;
    assert!(track.is_red(2) && !track.is_red(5) && !track.is_red(6));
}

#[test]
fn fact_68_building_cards_20_18_16_14() {
    let cards = invented().cards;
    let count = |c: Category| -> usize {
        cards.buildings.iter().filter(|b| b.category == c).map(|b| usize::from(b.count)).sum()
    };
    assert_eq!(Category::ALL.map(count), [20, 18, 16, 14]);
    for b in &cards.buildings {
        assert!((1..=5).contains(&b.price));
    }
    for period in [Period::A, Period::B, Period::C] {
        assert!(cards.buildings_in_period(period) > 0);
    }
    // Enough A cards for five players' hands under `periods` (rules.md section 17).
    assert!(cards.buildings_in_period(Period::A) >= 15);
}

#[test]
fn fact_15_events_30_influence_cards() {
    let cards = invented().cards;
    assert_eq!(cards.events.iter().map(|e| usize::from(e.count)).sum::<usize>(), 15);
    assert_eq!(cards.influence.iter().map(|c| usize::from(c.count)).sum::<usize>(), 30);
}

#[test]
fn fact_gute_ernte_3_stones_for_every_getreidemuehle() {
    let cards = invented().cards;
    let e = cards.events.iter().find(|e| e.name == "Gute Ernte").unwrap();
    assert_eq!(e.effect.0, vec![Clause::Gain { n: 3, per: Some(Kind::Name("Getreidemühle".into())) }]);
}

#[test]
fn fact_some_influence_cards_take_a_knight_off_and_one_is_played_outside_the_turn() {
    let cards = invented().cards;
    assert!(
        cards.influence.iter().any(|c| c.effect.0.iter().any(|k| matches!(k, Clause::RemoveKnight { .. })))
    );
    assert!(cards.influence.iter().any(|c| c.outside_turn.is_some()));
}

#[test]
fn fact_four_great_powers() {
    let cards = invented().cards;
    let got: Vec<(u8, u8)> = cards.great_powers.iter().map(|g| (g.points, g.bonus)).collect();
    assert_eq!(got, vec![(1, 1), (2, 1), (3, 2), (4, 2)]);
}

/// A named card: its category (if the source gives it) and price (if given).
fn named(name: &str, category: Option<Category>, price: Option<u8>) {
    let cards = invented().cards;
    let b = cards.building(name).unwrap_or_else(|| panic!("{name} is in the set"));
    if let Some(c) = category {
        assert_eq!(b.category, c, "{name}");
    }
    if let Some(p) = price {
        assert_eq!(b.price, p, "{name}");
    }
}

#[test]
fn fact_schweinestall_1() {
    named("Schweinestall", None, Some(1));
}

#[test]
fn fact_getreidemuehle_1_neither_violet_nor_blue() {
    named("Getreidemühle", None, Some(1));
    let c = invented().cards.building("Getreidemühle").unwrap().category;
    assert!(c == Category::Buergertum || c == Category::Gewerbe);
}

#[test]
fn fact_pferdestall_brown_1_at_least_twice() {
    named("Pferdestall", Some(Category::Buergertum), Some(1));
    assert!(invented().cards.building("Pferdestall").unwrap().count >= 2);
}

#[test]
fn fact_wehrturm_1() {
    named("Wehrturm", None, Some(1));
}

#[test]
fn fact_kapelle_2() {
    named("Kapelle", None, Some(2));
}

#[test]
fn fact_dienstwohnung_2() {
    named("Dienstwohnung", None, Some(2));
}

#[test]
fn fact_aquaedukt_violet_2() {
    named("Aquädukt", Some(Category::Staedtisch), Some(2));
}

#[test]
fn fact_buergerwohnung_brown() {
    named("Bürgerwohnung", Some(Category::Buergertum), None);
}

#[test]
fn fact_torhaus_blue_3_toll_house() {
    named("Torhaus", Some(Category::Handel), Some(3));
    assert!(invented().cards.building("Torhaus").unwrap().has(Tag::TollHouse));
}

#[test]
fn fact_mauthaus_toll_house_on_a_road() {
    let cards = invented().cards;
    let m = cards.building("Mauthaus").unwrap();
    assert!(m.has(Tag::TollHouse));
    // Every toll house must stand on a road (U49); a Handel card always does (U15).
    assert!(cards.buildings.iter().filter(|b| b.has(Tag::TollHouse)).all(|b| b.category == Category::Handel));
}

#[test]
fn fact_lagerhalle_blue() {
    named("Lagerhalle", Some(Category::Handel), None);
}

#[test]
fn fact_oper_violet_4() {
    named("Oper", Some(Category::Staedtisch), Some(4));
}

#[test]
fn fact_boerse_5() {
    named("Börse", None, Some(5));
}

#[test]
fn fact_rathaus_5() {
    named("Rathaus", None, Some(5));
}

#[test]
fn fact_basilika() {
    named("Basilika", None, None);
}

#[test]
fn fact_the_board_can_hold_the_worked_example() {
    // rules.md section 16: Mark's start areas are a road area of 5 dots with bonus +2, one of 3
    // dots and one of 2, one of those two with no bonus and not on water, no two bordering.
    let board = invented().board;
    let areas = &board.areas;
    let found = areas.iter().filter(|a| a.road.is_some() && a.price == 5 && a.bonus == 2).any(|r| {
        areas.iter().filter(|b| b.price == 3 && !board.borders(r.id, b.id)).any(|b| {
            areas
                .iter()
                .filter(|c| c.price == 2 && !board.borders(r.id, c.id) && !board.borders(b.id, c.id))
                .any(|c| [b, c].iter().any(|x| x.bonus == 0 && !x.water))
        })
    });
    assert!(found);
    // Peter's area with bonus +1 not on water; a 1-dot area for Mareike's purchase.
    assert!(areas.iter().any(|a| a.bonus == 1 && !a.water));
    assert!(areas.iter().any(|a| a.price == 1));
}
