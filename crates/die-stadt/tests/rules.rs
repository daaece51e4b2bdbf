//! One or more tests per rule of docs/die-stadt/rules.md (R1-R28), each from a concrete position with exact
//! outcomes. Positions are built with `Scenario`: draw a named tile, place it, add followers.
//! A test counts for the rules its name starts with (`r23_r24_…`: R23 and R24), and
//! `tests/rule_coverage.rs` fails if a rule of docs/die-stadt/rules.md has none here.
//! Tile ports at rotation 0 (docs/die-stadt/rules.md section 8), for reading the positions:
//!   dead-end-pub aaa aaa a1a aaa (road ends at S1); straight a1b bbb b1a aaa (N1-S1);
//!   curve a1b b1a aaa aaa (N1-E1); tee c1a a2b bbb b3c (dead ends N1 E1 W1);
//!   market-corner mmm mmm hhh hhh (market N and E); market-side-pub mmm hhh hhh hhh (market N).
//! Turning a tile 90 degrees clockwise moves its north side to the east.

use die_stadt::geom::{Cell, Side};
use die_stadt::ids::{Player, Slot};
use die_stadt::moves::{HEAD, TAIL};
use die_stadt::moves::{Move, Step};
use die_stadt::table::{EndRule, Illegal, Table};
use die_stadt::wall;
use stadt_testkit::die_stadt::scenario::Scenario;
use stadt_testkit::die_stadt::{P1, P2, P3, P4};

fn points(t: &Table, p: usize) -> die_stadt::scoring::Points {
    t.player(Player::new(p)).points
}

// ----- R1-R4 components ----------------------------------------------------------------------

#[test]
fn r1_each_player_has_seven_followers_in_supply() {
    for n in 2..=4 {
        let s = Scenario::new(n);
        for p in Player::all(n) {
            assert_eq!(s.table.player(p).supply, 7);
        }
    }
}

#[test]
fn r1_player_count_outside_two_to_four_is_refused() {
    let ts = die_stadt::tiles::TileSet::default_set();
    let e = Table::new(ts, 1).err().unwrap();
    assert_eq!(e, die_stadt::table::SetupError::Players(1));
    assert!(e.to_string().contains("2 to 4 players"), "{e}");
    assert!(Table::new(ts, 5).is_err());
}

#[test]
fn r2_twelve_towers_split_equally() {
    assert_eq!(Scenario::new(2).table.player(P2).towers, 6);
    assert_eq!(Scenario::new(3).table.player(P3).towers, 4);
    assert_eq!(Scenario::new(4).table.player(P4).towers, 3);
}

#[test]
fn r3_seventy_wall_pieces_and_no_gate_yet() {
    let s = Scenario::new(3);
    assert_eq!(s.table.wall().supply, 70);
    assert!(s.table.wall().gate.is_none());
}

#[test]
fn r4_piles_of_30_25_20_only_counts_are_public() {
    let mut s = Scenario::new(2);
    assert_eq!(s.table.pile_sizes(), [30, 25, 20]);
    assert_eq!(s.table.unseen().iter().map(|&n| n as usize).sum::<usize>(), 75);
    s.put("quarter-pub", 0, 0, 0, None);
    assert_eq!(s.table.pile_sizes(), [29, 25, 20]);
    s.skip_to_pile(2, &[]);
    assert_eq!(s.table.pile_sizes(), [0, 25, 20]);
    assert_eq!(Table::pile_of(29), 1);
    assert_eq!(Table::pile_of(30), 2);
    assert_eq!(Table::pile_of(55), 3);
}

// ----- R5-R9 features ------------------------------------------------------------------------

#[test]
fn r5_two_dead_ends_make_a_complete_road() {
    let mut s = Scenario::new(2);
    s.put("dead-end-pub", 0, 0, 0, Some("S1")); // p1's citizen; the road ends on this tile
    s.put("dead-end-pub", 0, 1, 180, None); // road ends at N1, facing it
    assert_eq!(points(&s.table, 0).roads, 2);
}

#[test]
fn r5_a_road_runs_through_a_straight() {
    let mut s = Scenario::new(2);
    s.put("straight", 0, 0, 0, Some("N1"));
    s.put("straight", 0, 1, 0, None);
    let t = &s.table;
    let a = t.features().root(t.node(Slot::new(0), t.seg_at_port(Slot::new(0), 7)));
    let b = t.features().root(t.node(Slot::new(1), t.seg_at_port(Slot::new(1), 1)));
    assert_eq!(a, b, "S1 of (0,0) and N1 of (0,1) are one road");
    assert_eq!(t.features().length(a), 2);
    assert_eq!(t.features().open(a), 2, "N1 of (0,0) and S1 of (0,1) stay open");
}

#[test]
fn r6_fish_next_to_grain_joins_one_market() {
    let mut s = Scenario::new(2);
    s.put("market-side-pub/F", 0, 0, 0, Some("N0")); // market on N
    s.put("market-side-pub/G", 0, -1, 180, None); // market on S, facing it
    // One market of 2 tiles and 2 kinds, complete: 2 x 2 = 4.
    assert_eq!(points(&s.table, 0).markets, 4);
}

#[test]
fn r6_market_facing_residential_joins_nothing() {
    let mut s = Scenario::new(2);
    s.put("market-side-pub/F", 0, 0, 0, Some("N0"));
    s.put("quarter-pub", 0, -1, 0, None);
    let t = &s.table;
    let market = t.features().root(t.node(Slot::new(0), t.seg_at_port(Slot::new(0), 0)));
    let res = t.features().root(t.node(Slot::new(1), t.seg_at_port(Slot::new(1), 8)));
    assert_ne!(market, res);
    // The market's only ports now face a placed tile: complete, 1 tile x 1 kind.
    assert_eq!(points(&t.clone(), 0).markets, 1);
}

#[test]
fn r7_a_road_entering_a_tile_twice_counts_it_once() {
    // The double-curve at (0,0) carries the road twice (N1-E1 and S1-W1); the road loops around
    // through (1,0), (1,1), (0,1) and ends at dead ends at (0,-1) and (-1,0): 6 distinct tiles.
    let mut s = Scenario::new(2);
    s.put("double-curve", 0, 0, 0, Some("N1"));
    s.put("curve", 1, 0, 180, None); // S1-W1
    s.put("curve", 1, 1, 270, None); // W1-N1
    s.put("curve", 0, 1, 0, None); // N1-E1
    s.put("dead-end-pub", 0, -1, 0, None); // ends at S1
    assert_eq!(points(&s.table, 0).roads, 0);
    s.put("dead-end-pub", -1, 0, 270, None); // ends at E1: completes the road
    assert_eq!(points(&s.table, 0).roads, 12, "6 tiles, not 7: 2 points each");
}

#[test]
fn r8_a_loop_road_is_complete() {
    let mut s = Scenario::new(2);
    s.put("curve", 0, 0, 0, None); // N1-E1
    s.tile("curve", 1, 0, 270).unwrap(); // W1-N1
    s.follower(Some("W1")).unwrap();
    s.put("curve", 1, -1, 180, None); // S1-W1
    s.put("curve", 0, -1, 90, None); // E1-S1: closes the loop
    assert_eq!(points(&s.table, 1).roads, 8, "a loop of 4 tiles: 2 points each");
}

#[test]
fn r8_a_port_facing_an_empty_cell_is_open() {
    let mut s = Scenario::new(2);
    s.put("market-corner/F", 0, 0, 0, Some("N0"));
    let t = &s.table;
    let r = t.features().root(t.node(Slot::new(0), t.seg_at_port(Slot::new(0), 0)));
    assert_eq!(t.features().open(r), 6, "three ports on N and three on E face empty cells");
    assert!(!t.is_complete(r));
}

#[test]
fn r9_border_on_the_tile_needs_neighbouring_ports() {
    // A market-corner's market and residential area meet at port pairs E2/S0 and W2/N0.
    let mut s = Scenario::new(2);
    s.put("market-corner/F", 0, 0, 0, Some("S1")); // a bailiff on the residential area
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    assert_eq!(points(&s.table, 0).residential, 2);
    // market-road: the road runs between market and residential area, so they do not border.
    let mut s = Scenario::new(2);
    s.put("market-road/F", 0, 0, 0, Some("S1"));
    s.skip_to_pile(4, &[]);
    assert_eq!(points(&s.table, 0).residential, 0);
}

#[test]
fn r9_border_across_an_edge_market_port_facing_residential_port() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, Some("N1")); // bailiff
    s.put("market-side-pub/F", 0, 1, 0, None); // market on N faces the quarter's S side
    s.skip_to_pile(4, &[]);
    assert_eq!(points(&s.table, 0).residential, 2);
}

// ----- R10-R14 a turn ------------------------------------------------------------------------

#[test]
fn r10_first_tile_goes_to_origin_unrotated() {
    let mut s = Scenario::new(2);
    s.table.draw(s.ty("curve")).unwrap();
    assert_eq!(s.moves(), vec![Move::Tile { x: 0, y: 0, rot: 0 }]);
    assert!(s.table.check(Move::Tile { x: 0, y: 0, rot: 1 }).is_err());
    assert!(s.table.check(Move::Tile { x: 1, y: 0, rot: 0 }).is_err());
}

#[test]
fn r10_roads_must_continue_and_tiles_touch_edge_to_edge() {
    let mut s = Scenario::new(2);
    s.put("straight", 0, 0, 0, None); // road N1-S1
    s.table.draw(s.ty("quarter-pub")).unwrap();
    let e = s.table.check(Move::Tile { x: 0, y: 1, rot: 0 }).unwrap_err();
    assert!(e.to_string().contains("does not fit"), "{e}");
    let e = s.table.check(Move::Tile { x: 1, y: 1, rot: 0 }).unwrap_err();
    assert!(e.to_string().contains("does not touch"), "corner to corner is not enough: {e}");
    // East of a straight: no road on that side, so the quarter fits there.
    assert!(s.table.check(Move::Tile { x: 1, y: 0, rot: 0 }).is_ok());
    let mut moves = s.moves();
    moves.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(moves, vec![Move::Tile { x: -1, y: 0, rot: 0 }, Move::Tile { x: 1, y: 0, rot: 0 }]);
}

#[test]
fn r10_a_tile_that_fits_nowhere_is_set_aside_and_the_player_draws_again() {
    let mut s = Scenario::new(2);
    s.put("cross", 0, 0, 0, None); // roads leave on all four sides
    assert_eq!(s.table.step(), Step::Draw);
    assert_eq!(s.table.current(), P2);
    s.table.draw(s.ty("quarter-pub")).unwrap(); // no road: fits nowhere
    assert_eq!(s.table.step(), Step::Draw, "p2 draws again");
    assert_eq!(s.table.current(), P2);
    assert_eq!(s.table.set_aside(), &[s.ty("quarter-pub")]);
    s.table.draw(s.ty("dead-end-pub")).unwrap();
    assert_eq!(s.table.step(), Step::PlaceTile);
}

#[test]
fn r11_no_follower_on_a_feature_already_occupied_at_any_distance() {
    let mut s = Scenario::new(2);
    s.put("straight", 0, 0, 0, Some("N1")); // p1's citizen
    s.put("straight", 0, 1, 0, None);
    s.tile("straight", 0, 2, 0).unwrap(); // two tiles away
    let road = s.table.seg_at_port(Slot::new(2), 1) as u8;
    assert!(!s.moves().contains(&Move::Follower(Some(road))));
    let e = s.table.check(Move::Follower(Some(road))).unwrap_err();
    assert!(e.to_string().contains("already holds a follower"), "{e}");
    // Both residential areas of the new tile are free.
    assert_eq!(s.moves().len(), 3, "none + two bailiff spots: {:?}", s.moves());
}

#[test]
fn r11_no_follower_on_a_road_or_market_the_tile_completes() {
    let mut s = Scenario::new(2);
    s.put("dead-end-pub", 0, 0, 0, None);
    s.tile("dead-end-pub", 0, 1, 180).unwrap(); // completes the unoccupied road
    let road = s.table.seg_at_port(Slot::new(1), 1) as u8;
    let e = s.table.check(Move::Follower(Some(road))).unwrap_err();
    assert!(e.to_string().contains("completes"), "{e}");
    let res = s.table.seg_at_port(Slot::new(1), 0) as u8;
    assert!(s.moves().contains(&Move::Follower(Some(res))), "a bailiff is fine");
    // A completed feature without followers scores nothing (R12 decision).
    s.follower(None).unwrap();
    assert_eq!(s.table.scores()[..2], [0, 0]);
}

/// Seven market women on seven separate markets empty p1's supply: p1 lays a row of market tiles
/// east from (0,0), each with its market on the north side only, facing an empty cell (open, so
/// no woman comes back), and p2 lays tiles south of them. On p1's eighth tile the only follower
/// decision is none.
#[test]
fn r11_no_follower_without_one_in_supply() {
    let mut s = Scenario::new(2);
    let markets_north = [
        ("market-side-pub/F", 0),
        ("market-side-pub/F", 0),
        ("market-side-pub/G", 0),
        ("market-side-pub/G", 0),
        ("market-side-pub/V", 0),
        ("market-side-pub/V", 0),
        ("market-corner/F", 270), // market N and W; the W side faces a residential E side
    ];
    let below = [
        "quarter-pub",
        "quarter-pub",
        "quarter-pub",
        "saint-nazaire",
        "market-square/F",
        "market-square/G",
        "market-square/V",
    ];
    for (x, ((name, degrees), under)) in markets_north.iter().zip(below).enumerate() {
        s.put(name, x as i32, 0, *degrees, Some("N0")); // p1's market woman
        s.put(under, x as i32, 1, 0, None); // p2
    }
    assert_eq!(s.table.player(P1).supply, 0);
    assert_eq!(s.table.player(P2).supply, 7);
    assert_eq!(s.table.player(P1).followers_placed, 7);
    s.tile("market-corner-pub/F", 7, 0, 0).unwrap(); // p1 again: market N and E, both open
    let market = s.table.seg_at_port(s.table.last_slot(), 0) as u8;
    assert_eq!(s.moves(), vec![Move::Follower(None)]);
    let e = s.table.check(Move::Follower(Some(market))).unwrap_err();
    assert_eq!(e, Illegal::NoFollower { player: P1, watchman: false });
    assert_eq!(e.rule(), Some("R11"));
    assert!(e.to_string().contains("no follower in supply"), "{e}");
}

/// A road south from a dead end at (0,0), where p1 puts a citizen, through `straights` straight
/// tiles to a second dead end that finishes it.
fn finished_road(straights: i32) -> Scenario {
    let mut s = Scenario::new(2);
    s.put("dead-end-pub", 0, 0, 0, Some("S1"));
    for y in 1..=straights {
        s.put("straight", 0, y, 0, None);
    }
    s.put("dead-end-pub", 0, straights + 1, 180, None);
    s
}

#[test]
fn r12_finished_road_of_three_tiles_gives_three() {
    let s = finished_road(1);
    assert_eq!(points(&s.table, 0).roads, 3);
    assert_eq!(s.table.player(P1).supply, 7, "the citizen is back");
}

#[test]
fn r12_finished_road_of_four_tiles_gives_eight() {
    assert_eq!(points(&finished_road(2).table, 0).roads, 8);
}

#[test]
fn r12_market_of_three_kinds_on_three_tiles_gives_nine() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None);
    s.put("market-corner/F", 1, 0, 90, Some("E0")); // market E and S; p2's market woman
    s.put("market-side-pub/G", 2, 0, 270, None); // market W
    s.put("market-side-pub/V", 1, 1, 0, None); // market N: completes
    assert_eq!(points(&s.table, 1).markets, 9);
}

#[test]
fn r12_market_of_two_kinds_on_four_tiles_gives_eight() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None);
    s.put("market-corner/F", 1, 0, 90, Some("E0")); // market E, S
    s.put("market-corner/G", 2, 0, 180, None); // market S, W
    s.put("market-corner-pub/F", 1, 1, 0, None); // market N, E
    s.put("market-corner-pub/G", 2, 1, 270, None); // market W, N: completes
    assert_eq!(points(&s.table, 1).markets, 8);
}

#[test]
fn r12_tied_market_women_on_three_kinds_and_six_tiles_get_eighteen_each() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None); // p1
    s.put("market-side-pub/G", 1, 0, 180, None); // p2: market S
    s.put("market-corner/F", 1, 1, 0, Some("N0")); // p1: market N, E joins it; p1's woman
    s.put("market-side-pub/F", 2, 0, 180, None); // p2: a separate market on S
    s.put("market-side-pub/V", 3, 0, 180, None); // p1: market S
    s.put("market-corner/G", 3, 1, 270, Some("W0")); // p2: market W, N joins it; p2's woman
    s.put("market-square/V", 2, 1, 0, None); // p1: joins all three markets, one woman each
    assert_eq!(s.table.scores()[..2], [0, 0], "the south side is still open");
    s.put("quarter-pub", 2, 2, 0, None); // p2: closes the last ports
    assert_eq!(points(&s.table, 0).markets, 18);
    assert_eq!(points(&s.table, 1).markets, 18);
}

#[test]
fn r12_the_majority_takes_all() {
    // Three road pieces, each with a citizen (p2, p1, p1), joined into one road of 5 tiles.
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None); // p1
    s.put("dead-end-pub", 1, 0, 270, Some("E1")); // p2: road A ends at E1
    s.put("quarter-pub", 1, 1, 0, None); // p1
    s.put("quarter-pub", 2, 1, 0, None); // p2
    s.put("saint-nazaire", 3, 1, 0, None); // p1
    s.put("market-square/F", 4, 1, 0, None); // p2
    s.put("straight", 3, 0, 90, Some("E1")); // p1: road B
    s.put("market-square/G", 5, 1, 0, None); // p2
    s.put("dead-end-pub", 5, 0, 90, Some("W1")); // p1: road C ends at W1
    s.put("straight", 2, 0, 90, None); // p2: joins A and B
    assert_eq!(s.table.scores()[..2], [0, 0]);
    s.put("straight", 4, 0, 90, None); // p1: joins C and completes
    assert_eq!(points(&s.table, 0).roads, 10, "p1 holds 2 of 3 citizens: 5 tiles x 2");
    assert_eq!(points(&s.table, 1).roads, 0);
    assert_eq!(s.table.player(P1).supply, 7, "both citizens return");
    assert_eq!(s.table.player(P2).supply, 7);
}

// ----- R13-R24 the wall ----------------------------------------------------------------------

/// docs/die-stadt/rules.md section 9's two tiles, in pile 2: a tee at (0,0) with p1's citizen on its east dead
/// end, and p2's dead end at (1,0) completing that road. p2 triggered the first wall building.
fn worked_example(players: usize, pile: u8) -> Scenario {
    let mut s = Scenario::new(players);
    s.skip_to_pile(pile, &["tee", "dead-end-pub"]);
    s.put("tee", 0, 0, 0, Some("E1"));
    s.put("dead-end-pub", 1, 0, 90, None);
    s
}

/// Tiles without roads for rings of tiles (any of them fits beside any other), and two dead ends
/// for a scoring event: what the wall tests keep while skipping to pile 2.
const RING_TILES: &[&str] = &[
    "quarter-pub",
    "quarter-pub",
    "quarter-pub",
    "saint-nazaire",
    "market-square/F",
    "market-square/G",
    "market-square/V",
    "market-corner/F",
    "dead-end-pub",
    "dead-end-pub",
];

fn gate_move(e: die_stadt::geom::Edge) -> Move {
    Move::Gate { edge: e.into(), reversed: false }
}

fn edge_move(a: (i32, i32), b: (i32, i32), watchman: bool) -> Move {
    let e = die_stadt::geom::Edge::between(
        die_stadt::geom::Point::new(a.0, a.1),
        die_stadt::geom::Point::new(b.0, b.1),
    )
    .unwrap();
    Move::Wall { edge: e.into(), watchman }
}

#[test]
fn r13_scoring_in_pile_one_builds_no_wall() {
    let mut s = Scenario::new(2);
    s.put("dead-end-pub", 0, 0, 0, Some("S1"));
    s.put("dead-end-pub", 0, 1, 180, None);
    assert_eq!(points(&s.table, 0).roads, 2);
    assert_eq!(s.table.step(), Step::Draw);
    assert!(s.table.wall().gate.is_none());
}

#[test]
fn r13_a_scoring_event_from_pile_two_starts_a_wall_building() {
    let s = worked_example(2, 2);
    assert_eq!(points(&s.table, 0).roads, 2);
    assert_eq!(s.table.step(), Step::Gate);
    assert_eq!(s.table.actor(), P2, "the player whose tile triggered the scoring builds the gate");
}

#[test]
fn r13_a_completion_without_followers_builds_no_wall() {
    let mut s = Scenario::new(2);
    s.skip_to_pile(2, &["tee", "dead-end-pub"]);
    s.put("tee", 0, 0, 0, None);
    s.put("dead-end-pub", 1, 0, 90, None);
    assert_eq!(s.table.step(), Step::Draw);
}

#[test]
fn r13_the_pile_of_the_tile_placed_decides() {
    // The completing tile is the 30th drawn, the last of pile 1: no wall, though pile 2 is next.
    let mut s = Scenario::new(2);
    let keep = [s.ty("tee"), s.ty("dead-end-pub")];
    while s.table.drawn() < 28 {
        let ty = (0..s.table.unseen().len() as u8)
            .rev()
            .find(|t| !keep.contains(t) && s.table.unseen()[*t as usize] > 0)
            .unwrap();
        s.table.set_aside_unseen(ty).unwrap();
    }
    s.put("tee", 0, 0, 0, Some("E1"));
    assert_eq!(s.table.drawn(), 29);
    s.put("dead-end-pub", 1, 0, 90, None);
    assert_eq!(s.table.drawn(), 30);
    assert_eq!(points(&s.table, 0).roads, 2);
    assert_eq!(s.table.step(), Step::Draw);
}

#[test]
fn r14_bailiffs_never_return() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, Some("N0"));
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    assert_eq!(s.table.board().tile(Slot::new(0)).follower(), Some((P1, 0)));
    assert_eq!(s.table.player(P1).supply, 6);
}

#[test]
fn r15_gate_goes_on_an_edge_between_a_tile_and_an_outside_cell() {
    let mut s = worked_example(2, 2);
    let gates = s.moves();
    assert_eq!(gates.len(), 6, "N, S and W of (0,0); N, E and S of (1,0): {gates:?}");
    s.gate((0, 0), (1, 0)).unwrap();
    assert_eq!(s.table.wall().supply, 70, "the gate is not one of the 70 pieces");
    assert!(s.table.board().is_blocked(Cell::new(0, -1)), "R20: the gate blocks its outside cell");
    let ends = s.table.wall_ends();
    assert_eq!(ends[HEAD.index()].point(), die_stadt::geom::Point::new(1, 0));
    assert_eq!(ends[TAIL.index()].point(), die_stadt::geom::Point::new(0, 0));
    // The gate holds no watchman: the first piece after it is the builder's own decision.
    assert_eq!(s.table.step(), Step::Wall);
}

#[test]
fn r15_gate_never_faces_a_hole_in_the_city() {
    let mut s = Scenario::new(2);
    s.skip_to_pile(2, RING_TILES);
    // A ring of eight tiles around the empty cell (1,1).
    s.put_unturned(RING_TILES, &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]);
    s.put("dead-end-pub", 3, 0, 270, Some("E1"));
    s.put("dead-end-pub", 4, 0, 90, None);
    assert_eq!(s.table.step(), Step::Gate);
    let gates = s.moves();
    let hole_edges = [
        Cell::new(1, 1).edge(die_stadt::geom::Side::N),
        Cell::new(1, 1).edge(die_stadt::geom::Side::E),
        Cell::new(1, 1).edge(die_stadt::geom::Side::S),
        Cell::new(1, 1).edge(die_stadt::geom::Side::W),
    ];
    for e in hole_edges {
        assert!(!gates.contains(&gate_move(e)), "{e} faces the hole");
        assert!(s.table.check(gate_move(e)).is_err());
    }
    assert_eq!(gates.len(), 16, "every edge between the city and the outside");
}

#[test]
fn r16_two_players_first_building_gate_and_one_wall_then_two_walls() {
    let s = worked_example(2, 2);
    assert_eq!(s.table.builders_left(), &[P2, P1, P2, P1]);
}

#[test]
fn r16_four_players_pile_two_one_piece_each_from_the_scorer() {
    let s = worked_example(4, 2);
    assert_eq!(s.table.builders_left(), &[P2, P3, P4, P1]);
}

#[test]
fn r16_three_players_pile_three_two_pieces_each() {
    let s = worked_example(3, 3);
    assert_eq!(s.table.builders_left(), &[P2, P3, P1, P2, P3, P1]);
}

#[test]
fn r16_a_piece_no_end_can_take_stays_in_supply() {
    // Pile 3, 2 players: gate and 7 pieces due, but the ring around two tiles takes gate + 5.
    let mut s = worked_example(2, 3);
    assert_eq!(s.table.builders_left().len(), 8);
    s.gate((0, 0), (1, 0)).unwrap();
    for _ in 0..5 {
        let m = s.moves()[0];
        s.table.play(m).unwrap();
    }
    assert!(s.table.wall().closed);
    assert_eq!(s.table.step(), Step::Tower, "the last two pieces have nowhere to go");
    assert_eq!(s.table.wall().supply, 65);
    assert_eq!(s.table.player(P1).walls_built + s.table.player(P2).walls_built, 5);
}

#[test]
fn r17_worked_example_the_two_legal_pieces() {
    let mut s = worked_example(2, 2);
    s.gate((0, 0), (1, 0)).unwrap();
    let mut moves = s.moves();
    moves.sort_by_key(|m| format!("{m:?}"));
    let mut expected = vec![
        edge_move((1, 0), (2, 0), false), // north side of (1,0)
        edge_move((1, 0), (2, 0), true),
        edge_move((0, 0), (0, 1), false), // west side of (0,0): around the convex corner
        edge_move((0, 0), (0, 1), true),
    ];
    expected.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(moves, expected);
}

#[test]
fn r17_wall_turns_around_convex_corner() {
    let mut s = worked_example(2, 2);
    s.gate((0, 0), (1, 0)).unwrap();
    s.wall((0, 0), (0, 1), false).unwrap(); // p1, at the tail: west side of (0,0)
    // The tail turned the corner and runs south: next is the south side of (0,0).
    assert!(s.moves().contains(&edge_move((0, 1), (1, 1), false)));
    let e = s.table.check(edge_move((0, 1), (0, 2), false)).unwrap_err();
    assert!(e.to_string().contains("does not extend a free end"), "{e}");
}

/// Pile 2, 2 players: seven tiles around the empty cell (1,0), which meets the outside only at
/// point (1,0), where (0,0) and (1,-1) touch diagonally; (0,-1) beyond that corner is outside.
/// p2's citizen on a dead end at (-1,0), closed by p1 at (-2,0), brings the first wall building.
fn corner_pocket() -> Scenario {
    let mut s = Scenario::new(2);
    s.skip_to_pile(2, RING_TILES);
    s.put_unturned(RING_TILES, &[(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (2, -1), (1, -1)]);
    s.put("dead-end-pub", -1, 0, 90, Some("W1"));
    s.put("dead-end-pub", -2, 0, 270, None);
    assert_eq!(s.table.step(), Step::Gate);
    s
}

/// The four sides that face the pocket (1,0) of `corner_pocket`, as (tile cell, side).
const POCKET_SIDES: [((i32, i32), die_stadt::geom::Side); 4] = [
    ((0, 0), die_stadt::geom::Side::E),
    ((1, -1), die_stadt::geom::Side::S),
    ((2, 0), die_stadt::geom::Side::W),
    ((1, 1), die_stadt::geom::Side::N),
];

#[test]
fn r15_a_pocket_that_meets_the_outside_only_at_a_corner_lies_inside_the_city() {
    let s = corner_pocket();
    let b = s.table.board();
    assert!(!b.is_outside(Cell::new(1, 0)), "(1,0) meets the outside only at a corner");
    assert!(b.is_outside(Cell::new(0, -1)), "the cell beyond the corner is outside");
    assert_eq!(
        b.frontier_at(Cell::new(1, 0)).unwrap().flags & die_stadt::board::HOLE,
        die_stadt::board::HOLE
    );
}

#[test]
fn r15_no_gate_faces_a_corner_pinched_pocket() {
    let s = corner_pocket();
    let gates = s.moves();
    for ((x, y), side) in POCKET_SIDES {
        let e = Cell::new(x, y).edge(side);
        assert!(!gates.contains(&gate_move(e)), "{e} faces the pocket");
        let err = s.table.check(gate_move(e)).unwrap_err();
        assert_eq!(err.rule(), Some("R15"), "{err}");
        assert!(err.to_string().contains("outside the city") && err.to_string().contains("R15"), "{err}");
    }
    assert!(
        gates.contains(&gate_move(Cell::new(0, 0).edge(die_stadt::geom::Side::N))),
        "north of (0,0) is outside"
    );
}

#[test]
fn r17_the_wall_passes_a_diagonal_corner_and_never_turns_into_the_pocket() {
    let mut s = corner_pocket();
    s.gate((-1, 0), (0, 0)).unwrap(); // north of (-1,0); the head is at point (0,0), going east
    s.wall((0, 0), (1, 0), false).unwrap(); // north of (0,0): the head reaches the corner (1,0)
    let moves = s.moves();
    assert!(moves.contains(&edge_move((1, -1), (1, 0), false)), "on along the west side of (1,-1)");
    assert!(
        !moves.contains(&edge_move((1, 0), (1, 1), false)),
        "not down the east side of (0,0): the pocket"
    );
    let e = s.table.check(edge_move((1, 0), (1, 1), false)).unwrap_err();
    assert!(matches!(e, die_stadt::table::Illegal::IntoPocket { .. }) && e.rule() == Some("R17"), "{e}");
    assert!(moves.contains(&edge_move((-2, 0), (-1, 0), false)), "the tail: north side of (-2,0)");
    assert_eq!(moves.len(), 4, "those two, each with or without a watchman: {moves:?}");
    s.wall((1, -1), (1, 0), false).unwrap(); // p2 passes the corner
    assert_eq!(s.table.wall_ends()[HEAD.index()].point(), die_stadt::geom::Point::new(1, -1));
}

#[test]
fn r15_a_tile_may_still_fill_the_pocket() {
    let mut s = corner_pocket();
    s.gate((-1, 0), (0, 0)).unwrap();
    s.wall((0, 0), (1, 0), false).unwrap();
    s.wall((1, -1), (1, 0), false).unwrap();
    s.wall((-2, 0), (-1, 0), false).unwrap();
    s.tower(None).unwrap();
    // Any tile without roads fits there: the four neighbours show no road.
    let ts = s.table.tileset();
    let roadless = (0..ts.types.len())
        .find(|&t| s.table.unseen()[t] > 0 && ts.types[t].rotated[0].road_sides == 0)
        .expect("an unseen tile without roads");
    s.table.draw(roadless as u8).unwrap();
    let fill = Move::Tile { x: 1, y: 0, rot: 0 };
    assert!(s.moves().contains(&fill), "the pocket is an empty cell next to the city");
    s.table.play(fill).unwrap();
    assert_eq!(s.table.board().slot_at(Cell::new(1, 0)), Some(Slot::new(s.table.board().tile_count() - 1)));
}

#[test]
fn r24_the_closing_passes_the_corner_of_a_pocket_where_an_end_waits() {
    let mut s = corner_pocket();
    s.gate((-1, 0), (0, 0)).unwrap();
    s.wall((0, 0), (1, 0), false).unwrap(); // the head waits at the corner of the pocket
    s.wall((-2, 0), (-1, 0), false).unwrap(); // the tail: north of (-2,0)
    s.wall((-2, 0), (-2, 1), false).unwrap(); // and west of (-2,0)
    s.tower(None).unwrap();
    let mut path = [wall::NO_PIECE; wall::MAX_PATH];
    let n = wall::closing_path(s.table.board(), s.table.wall(), &mut path).expect("the ends can be joined");
    for p in &path[..n] {
        assert_ne!(p.outside, Cell::new(1, 0), "the closing path faces the pocket at {}", p.edge);
        assert!(s.table.board().is_outside(p.outside) || s.table.board().is_blocked(p.outside), "{}", p.edge);
    }
    // Around the outside: from the corner north along (1,-1) and round to the west end.
    assert_eq!(path[0].edge, Cell::new(1, -1).edge(die_stadt::geom::Side::W));
    // The game ends with the last tile: the closing walls the same path, never the pocket's sides.
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    let b = s.table.board();
    for ((x, y), side) in POCKET_SIDES {
        let t = b.tile(b.slot_at(Cell::new(x, y)).unwrap());
        assert!(!t.walled(side), "R24 walled ({x},{y}) {side:?}, which faces the pocket");
    }
    assert!(s.table.wall().closed);
    assert_eq!(s.table.wall().supply as usize, 70 - 3 - n, "the closing used {n} pieces from supply");
}

/// Pile 3, 2 players: a line of six tiles (0,0)..(5,0) whose road (1,0)-(5,0) p2 holds and
/// completes with the sixth tile: the first wall building brings the gate and 7 pieces.
fn line_of_six() -> Scenario {
    let mut s = Scenario::new(2);
    s.skip_to_pile(
        3,
        &["quarter-pub", "quarter-pub", "dead-end-pub", "dead-end-pub", "straight", "straight", "straight"],
    );
    s.put("quarter-pub", 0, 0, 0, None); // p1
    s.put("dead-end-pub", 1, 0, 270, Some("E1")); // p2: road ends at E1
    s.put("straight", 2, 0, 90, None);
    s.put("straight", 3, 0, 90, None);
    s.put("straight", 4, 0, 90, None);
    s.put("dead-end-pub", 5, 0, 90, None); // p2 completes: 5 tiles, 10 points
    assert_eq!(points(&s.table, 1).roads, 10);
    assert_eq!(s.table.builders_left(), &[P2, P1, P2, P1, P2, P1, P2, P1]);
    s
}

#[test]
fn r21_tower_four_walls_past_the_gate_scores_four() {
    let mut s = line_of_six();
    s.gate((0, 0), (1, 0)).unwrap(); // p2, north of (0,0)
    s.wall((1, 0), (2, 0), true).unwrap(); // p1 with a watchman
    s.wall((2, 0), (3, 0), false).unwrap(); // p2
    s.wall((3, 0), (4, 0), false).unwrap(); // p1
    s.wall((4, 0), (5, 0), false).unwrap(); // p2: the head is 4 pieces past the gate
    s.wall((0, 0), (0, 1), false).unwrap(); // p1: the tail turns down the west side
    s.wall((0, 1), (1, 1), false).unwrap(); // p2
    // R18: south of (1,0) guards the row (1,0) northwards, which ends at p1's watchman: no
    // watchman may join it without a gap between.
    assert!(s.moves().contains(&edge_move((1, 1), (2, 1), false)));
    assert!(!s.moves().contains(&edge_move((1, 1), (2, 1), true)));
    s.wall((1, 1), (2, 1), false).unwrap(); // p1
    assert_eq!(s.table.step(), Step::Tower);
    assert_eq!(s.table.actor(), P2, "the scorer places the tower");
    assert_eq!(s.moves(), vec![Move::Tower(None), Move::Tower(Some(HEAD)), Move::Tower(Some(TAIL))]);
    s.tower(Some((5, 0))).unwrap();
    assert_eq!(points(&s.table, 1).towers, 4);
    assert_eq!(s.table.player(P2).towers, 5);
    assert_eq!(s.table.wall().since_tower, [0, 3], "the tail side counts on: west, south, south");
    assert_eq!(s.table.step(), Step::Draw, "the ends are 6 pieces apart: the game goes on");
}

#[test]
fn r20_no_tile_on_a_cell_blocked_by_the_wall() {
    let mut s = line_of_six();
    s.gate((0, 0), (1, 0)).unwrap();
    while s.table.step() == Step::Wall {
        let m = s.moves()[0];
        s.table.play(m).unwrap();
    }
    s.tower(None).unwrap();
    s.table.draw(s.ty("quarter-pub")).unwrap();
    let e = s.table.check(Move::Tile { x: 0, y: -1, rot: 0 }).unwrap_err();
    assert!(e.to_string().contains("blocked by the wall"), "{e}");
    assert!(!s.moves().contains(&Move::Tile { x: 0, y: -1, rot: 0 }));
    assert!(s.moves().contains(&Move::Tile { x: 0, y: 1, rot: 0 }));
}

#[test]
fn r22_a_wall_that_closes_a_market_of_two_kinds_on_two_tiles_gives_four_and_returns_the_woman() {
    let mut s = Scenario::new(2);
    s.skip_to_pile(
        2,
        &["quarter-pub", "market-corner/F", "market-side-pub/G", "dead-end-pub", "dead-end-pub"],
    );
    s.put("quarter-pub", 0, 0, 0, None); // p1
    s.put("market-corner/F", 1, 0, 90, Some("E0")); // p2's market woman; market E and S
    s.put("market-side-pub/G", 2, 0, 270, None); // p1: market W joins; only (1,0)'s south is open
    s.put("dead-end-pub", 3, 0, 270, Some("E1")); // p2's citizen
    s.put("dead-end-pub", 4, 0, 90, None); // p1 completes the road: the first wall building
    assert_eq!(points(&s.table, 1).roads, 2);
    s.gate((0, 0), (0, 1)).unwrap(); // p1: west of (0,0)
    s.wall((0, 1), (1, 1), false).unwrap(); // p2: south of (0,0)
    assert_eq!(points(&s.table, 1).markets, 0);
    s.wall((1, 1), (2, 1), false).unwrap(); // p1: south of (1,0) closes the market
    assert_eq!(points(&s.table, 1).markets, 4);
    assert_eq!(s.table.player(P2).returning, 2, "citizen and market woman are back, for next turn");
    assert_eq!(s.table.player(P2).supply, 5);
    assert_eq!(s.table.board().tile(Slot::new(1)).follower(), None);
    s.wall((2, 1), (3, 1), false).unwrap(); // p2
    assert_eq!(s.table.step(), Step::Tower, "R22: no new wall building from a wall scoring");
    s.tower(None).unwrap();
    assert_eq!(s.table.player(P2).supply, 7);
}

// ----- R18, R19, R27 watchmen and their rows -------------------------------------------------

/// The slot of the tile at (x, y).
fn slot_at(t: &Table, x: i32, y: i32) -> Slot {
    t.board().slot_at(Cell::new(x, y)).unwrap_or_else(|| panic!("no tile at ({x},{y})"))
}

/// A row (R19) as the cells of its tiles, in order, and the walled edge that ends it as (cell,
/// side), or None where a gap ends it.
type Row = (Vec<(i32, i32)>, Option<((i32, i32), Side)>);

/// The row a watchman on side `side` of the tile at (x, y) guards, by `wall::row`.
fn row_of(t: &Table, x: i32, y: i32, side: Side) -> Row {
    let b = t.board();
    let mut cells = Vec::new();
    let end = wall::row(b, slot_at(t, x, y), side, |s| cells.push((b.tile(s).cell().x, b.tile(s).cell().y)));
    let end = end.map(|(s, side)| ((b.tile(s).cell().x, b.tile(s).cell().y), side));
    (cells, end)
}

/// Pile 3, 2 players: a column of buildings at x = 0 — quarter-pub (0,0), quarter-pub (0,1),
/// quarter-pub (0,2), saint-nazaire (0,3): three public buildings and one historic — beside a
/// column without buildings at x = 1: market squares at (1,0) and (1,1), then a dead end at (1,2)
/// with a citizen, whose road the dead end at (1,3) completes last, bringing the first wall
/// building (gate and 7 pieces). With `gap`, (0,1) stays empty: a gap, open to the west, so
/// outside the city.
fn column(gap: bool) -> Scenario {
    let mut s = Scenario::new(2);
    s.skip_to_pile(
        3,
        &[
            "quarter-pub",
            "quarter-pub",
            "quarter-pub",
            "saint-nazaire",
            "market-square/F",
            "market-square/G",
            "dead-end-pub",
            "dead-end-pub",
        ],
    );
    s.put("quarter-pub", 0, 0, 0, None);
    if !gap {
        s.put("quarter-pub", 0, 1, 0, None);
    }
    s.put("market-square/F", 1, 0, 0, None);
    s.put("market-square/G", 1, 1, 0, None);
    s.put("dead-end-pub", 1, 2, 0, Some("S1")); // the road ends here, open to the south
    s.put("quarter-pub", 0, 2, 0, None);
    s.put("saint-nazaire", 0, 3, 0, None);
    s.put("dead-end-pub", 1, 3, 180, None); // completes the road: the first wall building
    assert_eq!(s.table.step(), Step::Gate);
    assert_eq!(s.table.builders_left().len(), 8);
    s
}

/// The wall building of `column` up to its last piece: the gate north of (1,0), then east of
/// (1,0), north of (0,0) (the scorer's piece, with a watchman if `watch_north`), east of (1,1),
/// (1,2) and (1,3), and south of (1,3). Left at the last piece, the other player's: the south
/// side of (0,3), whose row runs north up the column.
fn wall_round_the_column(s: &mut Scenario, watch_north: bool) {
    let scorer = s.table.actor();
    s.gate((1, 0), (2, 0)).unwrap();
    s.wall((2, 0), (2, 1), false).unwrap(); // east of (1,0)
    assert_eq!(s.table.actor(), scorer);
    s.wall((0, 0), (1, 0), watch_north).unwrap(); // north of (0,0): its row runs south
    s.wall((2, 1), (2, 2), false).unwrap(); // east of (1,1)
    s.wall((2, 2), (2, 3), false).unwrap(); // east of (1,2)
    s.wall((2, 3), (2, 4), false).unwrap(); // east of (1,3)
    s.wall((1, 4), (2, 4), false).unwrap(); // south of (1,3)
    assert_eq!(s.table.builders_left().len(), 1);
    assert_ne!(s.table.actor(), scorer);
}

/// The gap column with a watchman at each end: p1's north of (0,0), p2's south of (0,3); the
/// building is over and the game goes on, the free ends at (0,0) and (0,4) being 6 pieces apart
/// round the gap.
fn watched_gap_column() -> Scenario {
    let mut s = column(true);
    assert_eq!(s.table.actor(), P1, "p1 completed p2's road");
    wall_round_the_column(&mut s, true);
    s.wall((0, 4), (1, 4), true).unwrap(); // p2: south of (0,3), with a watchman
    s.tower(None).unwrap();
    let t = &s.table;
    assert_eq!(t.board().tile(slot_at(t, 0, 0)).watchman(Side::N), Some(P1));
    assert_eq!(t.board().tile(slot_at(t, 0, 3)).watchman(Side::S), Some(P2));
    assert!(!wall::ends_within(t.board(), t.wall(), 5) && wall::ends_within(t.board(), t.wall(), 6));
    assert_eq!(t.step(), Step::Draw);
    s
}

/// R18 on the full column: p2's watchman north of (0,0) guards the column south to the walled
/// south side of (0,3). p1's last piece, that south side, guards the same four tiles northwards,
/// with no gap up to p2's watchman: p1 may build it, but not with a watchman. Without p2's
/// watchman the same piece may take one: the ban is the watchman's, not the wall's.
#[test]
fn r18_no_watchman_where_the_row_runs_without_a_gap_to_another_watchman() {
    let mut s = column(false);
    assert_eq!(s.table.actor(), P2, "p2 completed p1's road");
    wall_round_the_column(&mut s, true);
    assert_eq!(s.table.board().tile(slot_at(&s.table, 0, 0)).watchman(Side::N), Some(P2));
    assert_eq!(s.table.actor(), P1);
    let south_watched = edge_move((0, 4), (1, 4), true);
    let mut moves = s.moves();
    moves.sort_by_key(|m| format!("{m:?}"));
    // South of (0,3) without a watchman; west of (0,0) with or without one (its row runs east
    // to the east side of (1,0), whose piece holds none).
    let mut expected = vec![
        edge_move((0, 4), (1, 4), false),
        edge_move((0, 0), (0, 1), false),
        edge_move((0, 0), (0, 1), true),
    ];
    expected.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(moves, expected);
    let supply = s.table.player(P1).supply;
    let e = s.table.check(south_watched).unwrap_err();
    assert_eq!(e, Illegal::RowGuarded);
    assert_eq!(e.rule(), Some("R18"));
    assert!(e.to_string().contains("without a gap"), "{e}");
    assert!(s.table.play(south_watched).is_err());
    assert_eq!(s.table.player(P1).supply, supply, "the refused watchman stays in supply");

    let mut s = column(false);
    wall_round_the_column(&mut s, false);
    assert!(s.moves().contains(&south_watched), "the north piece holds no watchman");
    s.table.play(south_watched).unwrap();
    assert_eq!(s.table.board().tile(slot_at(&s.table, 0, 3)).watchman(Side::S), Some(P1));
}

/// R18 on the gap column: p1's watchman north of (0,0) guards only (0,0), the gap at (0,1) ends
/// its row. p2's last piece, south of (0,3), guards (0,3) and (0,2) up to the gap: the row never
/// reaches p1's piece, so p2 may put a watchman on it.
#[test]
fn r18_the_ban_does_not_reach_across_a_gap() {
    let mut s = column(true);
    wall_round_the_column(&mut s, true);
    assert_eq!(s.table.board().tile(slot_at(&s.table, 0, 0)).watchman(Side::N), Some(P1));
    assert_eq!(s.table.actor(), P2);
    let south_watched = edge_move((0, 4), (1, 4), true);
    assert!(s.moves().contains(&south_watched));
    assert_eq!(s.table.check(south_watched), Ok(()));
    let supply = s.table.player(P2).supply;
    s.table.play(south_watched).unwrap();
    assert_eq!(s.table.board().tile(slot_at(&s.table, 0, 3)).watchman(Side::S), Some(P2));
    assert_eq!(s.table.player(P2).supply, supply - 1);
}

/// R19: a row is the run of tiles from the wall piece's inside cell until the first gap. In the
/// gap column, p1's watchman north of (0,0) guards (0,0) alone, p2's south of (0,3) guards (0,3)
/// and (0,2); neither row reaches the other's wall piece. Their points as the city stands:
/// quarter-pub 2; saint-nazaire 3 + quarter-pub 2.
#[test]
fn r19_a_row_stops_at_a_gap() {
    let s = watched_gap_column();
    let t = &s.table;
    assert_eq!(row_of(t, 0, 0, Side::N), (vec![(0, 0)], None));
    assert_eq!(row_of(t, 0, 3, Side::S), (vec![(0, 3), (0, 2)], None));
    assert_eq!(t.row_points(slot_at(t, 0, 0), Side::N), 2);
    assert_eq!(t.row_points(slot_at(t, 0, 3), Side::S), 5);
    assert_eq!(t.watchman_points()[..2], [2, 5]);
}

/// R19: a row ends at the first walled lattice edge. In the full column walled north of (0,0) and
/// south of (0,3), the row from either piece runs over all four tiles and ends at the other piece
/// (the edge R18 reads a watchman from). A wall's outside cell is always empty and blocked (R20),
/// so no tile lies beyond a walled edge: what tells this stop from a gap is that the row ends at
/// that edge.
#[test]
fn r19_a_row_stops_at_a_walled_edge() {
    let mut s = column(false);
    wall_round_the_column(&mut s, false);
    s.wall((0, 4), (1, 4), false).unwrap(); // south of (0,3)
    let t = &s.table;
    let down = vec![(0, 0), (0, 1), (0, 2), (0, 3)];
    let up: Vec<_> = down.iter().rev().copied().collect();
    assert_eq!(row_of(t, 0, 0, Side::N), (down, Some(((0, 3), Side::S))));
    assert_eq!(row_of(t, 0, 3, Side::S), (up, Some(((0, 0), Side::N))));
    // Rows run away from the wall only: the piece east of (1,0) guards (1,0) and (0,0) westwards,
    // up to the gap west of (0,0) (nothing is walled there yet).
    assert_eq!(row_of(t, 1, 0, Side::E), (vec![(1, 0), (0, 0)], None));
    assert_eq!(t.row_points(slot_at(t, 0, 0), Side::N), 9);
    assert_eq!(t.watchman_points()[..2], [0, 0], "no watchmen");
}

/// R27 at the end of the game: the gap column with p1's watchman north of (0,0) and p2's south of
/// (0,3). p2 then fills the gap with the third quarter-pub, which leaves the free ends 4 pieces
/// apart along the column's west side, so the game ends (R23c) and the closing walls that side.
/// Each watchman's row is now the whole column: three public buildings and one historic,
/// 2 x 3 + 3 = 9 points each.
#[test]
fn r27_watchmen_at_both_ends_of_three_public_buildings_and_one_historic_score_nine_each() {
    let mut s = watched_gap_column();
    assert_eq!(s.table.current(), P2);
    s.put("quarter-pub", 0, 1, 0, None);
    assert!(s.table.is_over());
    assert_eq!(s.table.ended_by(), Some(EndRule::EndsClose));
    let t = &s.table;
    assert_eq!(t.wall().supply, 70 - 7 - 4, "the closing: west of (0,0) to (0,3)");
    assert_eq!(row_of(t, 0, 0, Side::N).0.len(), 4);
    assert_eq!(points(t, 0).watchmen, 9);
    assert_eq!(points(t, 1).watchmen, 9);
    assert_eq!(t.scores()[..2], [9, 2 + 9], "p2 also scored the road of two dead ends");
}

/// R23(c) and R24: once the gate stands, ends that 5 or fewer legal pieces join end the game at
/// the end of the turn, and the closing scores what it completes.
#[test]
fn r23_r24_the_game_ends_when_the_ends_are_five_apart_and_closing_scores() {
    // A column: tee (0,0) with p1's citizen on its west dead end, two market tiles below.
    let mut s = Scenario::new(2);
    s.skip_to_pile(2, &["tee", "market-side-pub/F", "market-side-pub/G"]);
    s.put("tee", 0, 0, 0, Some("W1")); // p1
    s.put("market-side-pub/F", 0, 1, 180, Some("S0")); // p2's market woman, market south
    s.put("market-side-pub/G", 0, 2, 0, None); // p1 closes the market: p2 scores 4
    assert_eq!(points(&s.table, 1).markets, 4);
    s.gate((0, 3), (1, 3)).unwrap(); // p1: south of (0,2)
    s.wall((1, 2), (1, 3), false).unwrap(); // p2: east of (0,2)
    s.wall((1, 1), (1, 2), false).unwrap(); // p1: east of (0,1)
    s.wall((1, 0), (1, 1), false).unwrap(); // p2: east of (0,0) closes the tee's empty east road
    assert_eq!(points(&s.table, 0).roads, 0);
    assert!(wall::ends_within(s.table.board(), s.table.wall(), 4));
    assert!(!wall::ends_within(s.table.board(), s.table.wall(), 3));
    s.tower(None).unwrap();
    // R23(c): 4 pieces join the ends, so the game ends. R24: they are built from supply; the
    // west side of (0,0) completes p1's one-tile road.
    assert!(s.table.is_over());
    assert_eq!(s.table.ended_by(), Some(EndRule::EndsClose));
    assert!(s.table.wall().closed);
    assert_eq!(s.table.wall().supply, 70 - 3 - 4);
    assert_eq!(points(&s.table, 0).roads, 1);
    assert_eq!(s.table.player(P1).supply, 7);
}

/// R23(b): the game ends after the turn of the 75th tile, once its follower step is done.
#[test]
fn r23_the_game_ends_after_the_last_tile() {
    let mut s = Scenario::new(3);
    s.put("quarter-pub", 0, 0, 0, None);
    while s.table.drawn() < 74 {
        let ty = (0..s.table.unseen().len()).find(|&t| s.table.unseen()[t] > 0).unwrap() as u8;
        s.table.set_aside_unseen(ty).unwrap();
    }
    let last = (0..s.table.unseen().len()).find(|&t| s.table.unseen()[t] > 0).unwrap();
    let name = s.table.tileset().types[last].name.clone();
    assert!(!s.table.is_over());
    s.table.draw(last as u8).unwrap();
    let m = s.moves()[0];
    s.table.play(m).unwrap();
    assert!(!s.table.is_over(), "{name} is placed; the follower step comes first");
    s.follower(None).unwrap();
    assert!(s.table.is_over());
    assert_eq!(s.table.ended_by(), Some(EndRule::LastTile));
}

/// Tiles with separate road ends at W1 and E1 when unturned (and N1, which faces the outside):
/// the chain of `wall_to_the_last_piece`.
const CHAIN: [&str; 10] = [
    "tee",
    "tee",
    "tee",
    "tee-pub",
    "tee-pub",
    "tee-pub",
    "market-tee/F",
    "market-tee/G",
    "market-tee/V",
    "grand-puits",
];

/// 2 players, a line long enough to take every wall piece. Pile 1 lays 30 tiles east from (0,0),
/// without roads between them but the last, a dead end whose road leaves east (pile 1 builds no
/// wall, R13). Pile 2 is set aside. In pile 3 a chain of `CHAIN` tiles continues the line at
/// (30,0), (31,0), ...: each takes a citizen on its east road end, and the next one's west road
/// end completes that road of 2 tiles, a scoring event, so each turn brings a wall building of
/// 8 pieces (4 each, R16). The gate goes north of (0,0); the builders alternate between the two
/// free ends, the one with fewer pieces first, so the wall runs east along the north side and,
/// round the west end, along the south side, its ends never 5 or fewer pieces apart (R23c).
/// After 8 buildings (gate and 63 pieces), 7 pieces are left; the 9th chain tile's building is
/// left at its first piece.
fn wall_to_the_last_piece() -> Scenario {
    let mut s = Scenario::new(2);
    let line = [
        "quarter-pub",
        "quarter-pub",
        "quarter-pub",
        "saint-nazaire",
        "market-square/F",
        "market-square/G",
        "market-square/V",
        "market-corner/F",
        "market-corner/G",
        "market-corner/V",
        "market-corner-pub/F",
        "market-corner-pub/G",
        "market-corner-pub/V",
        "market-side-pub/F",
        "market-side-pub/F",
        "market-side-pub/G",
        "market-side-pub/G",
        "market-side-pub/V",
        "market-side-pub/V",
        "two-markets/FG",
        "two-markets/GV",
        "two-markets/VF",
        "straight", // unturned: the road runs north-south, out of the line
        "straight",
        "straight",
        "straight",
        "straight-pub",
        "straight-pub",
        "straight-pub",
    ];
    for (x, name) in line.iter().enumerate() {
        s.put(name, x as i32, 0, 0, None);
    }
    s.put("dead-end-pub", 29, 0, 270, None); // the road ends at E1
    assert_eq!(s.table.drawn(), 30);
    s.skip_to_pile(3, &CHAIN);
    s.put(CHAIN[0], 30, 0, 0, Some("E1")); // p1's citizen; W1 closes the dead end's road
    assert_eq!(s.table.step(), Step::Draw, "that road held no follower: no wall building");
    for (k, name) in CHAIN.iter().enumerate().skip(1) {
        s.put(name, 30 + k as i32, 0, 0, Some("E1")); // completes the road of the tile before
        if k == 1 {
            s.gate((0, 0), (1, 0)).unwrap();
        }
        if k == 9 {
            break;
        }
        build_at_the_shorter_end(&mut s);
        s.tower(None).unwrap();
        assert_eq!(s.table.step(), Step::Draw, "building {k}: the game goes on");
        assert!(!wall::ends_within(s.table.board(), s.table.wall(), 5));
    }
    assert_eq!(s.table.step(), Step::Wall);
    s
}

/// Builds every piece of the current wall building, each at the free end with fewer pieces (the
/// head on a tie), without watchmen.
fn build_at_the_shorter_end(s: &mut Scenario) {
    while s.table.step() == Step::Wall {
        let since = s.table.wall().since_tower;
        let p = *s.table.pieces().iter().min_by_key(|p| since[p.end.index()]).unwrap();
        s.table.play(Move::Wall { edge: p.edge.into(), watchman: false }).unwrap();
    }
}

/// R16: when the supply is short, pieces go one at a time in the usual order until none are
/// left. The 9th building is due 8 pieces (4 each) with 7 in supply: p2, whose tile scored, builds
/// first, then p1, alternately, seven pieces in all.
#[test]
fn r16_a_short_supply_goes_one_piece_at_a_time_from_the_scorer() {
    let s = wall_to_the_last_piece();
    assert_eq!(s.table.wall().supply, 7);
    assert_eq!(s.table.scorer(), P2);
    assert_eq!(s.table.builders_left(), &[P2, P1, P2, P1, P2, P1, P2]);
}

/// R23(a): the game ends after the turn in which the last wall piece was built, though tiles are
/// left and the free ends lie far apart. R24 then counts the rest of the closing path as walled,
/// without pieces.
#[test]
fn r23_the_game_ends_after_the_last_wall_piece() {
    let mut s = wall_to_the_last_piece();
    build_at_the_shorter_end(&mut s);
    let t = &s.table;
    assert_eq!(t.wall().supply, 0);
    assert_eq!(t.player(P1).walls_built + t.player(P2).walls_built, 70);
    assert_eq!(t.step(), Step::Tower, "the turn goes on to its tower");
    assert!(!t.is_over());
    assert_eq!(t.drawn(), 65, "10 tiles are still unseen: not R23(b)");
    // The head ran north of (1,0)..(35,0), the tail west of (0,0) and south of (0,0)..(33,0);
    // the line reaches (39,0), so 11 pieces would join the ends.
    let ends = t.wall_ends();
    assert_eq!((ends[HEAD.index()].point(), ends[TAIL.index()].point()), (P(36, 0), P(34, 1)));
    assert!(!wall::ends_within(t.board(), t.wall(), 5), "not R23(c)");
    assert!(wall::ends_within(t.board(), t.wall(), 11) && !wall::ends_within(t.board(), t.wall(), 10));
    s.tower(None).unwrap();
    let t = &s.table;
    assert!(t.is_over());
    assert_eq!(t.ended_by(), Some(EndRule::LastPiece));
    assert!(t.wall().closed);
    let virtual_sides: u32 = t.board().tiles().iter().map(|t| t.virtual_walls.count_ones()).sum();
    assert_eq!(virtual_sides, 11, "the closing path, walled without pieces");
    // The chain's roads: five for p1, four for p2, 2 points each. p2's last citizen is on the
    // road end east of (39,0), which the closing walls: a road of 1 tile, 1 point (R24, R22).
    assert_eq!((points(t, 0).roads, points(t, 1).roads), (10, 8 + 1));
    assert_eq!(t.player(P2).supply, 7);
}

/// R23(c) on docs/die-stadt/rules.md section 9: the gate's two free ends are 5 pieces apart.
#[test]
fn r23_the_worked_example_ends_with_its_ends_five_apart() {
    let mut s = worked_example(2, 2);
    s.gate((0, 0), (1, 0)).unwrap();
    assert!(wall::ends_within(s.table.board(), s.table.wall(), 5));
    assert!(!wall::ends_within(s.table.board(), s.table.wall(), 4));
    while s.table.step() == Step::Wall {
        let m = s.moves()[0];
        s.table.play(m).unwrap();
    }
    s.tower(None).unwrap();
    assert!(s.table.is_over());
    assert_eq!(s.table.ended_by(), Some(EndRule::EndsClose));
    assert!(s.table.wall().closed);
}

#[test]
fn r24_without_a_gate_the_whole_outer_boundary_counts_as_walled() {
    let mut s = Scenario::new(2);
    s.put("dead-end-pub", 0, 0, 0, Some("S1")); // road ends here; open to the south
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    assert!(s.table.wall().gate.is_none());
    assert_eq!(points(&s.table, 0).roads, 1);
    assert_eq!(s.table.wall().supply, 70, "walled without pieces");
    assert_eq!(s.table.board().tile(Slot::new(0)).virtual_walls, 0b1111);
}

#[test]
fn r25_followers_on_roads_open_into_a_gap_leave_without_points() {
    // A ring around the empty cell (1,1); p2's road on (1,0) ends facing the gap.
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None);
    s.put("dead-end-pub", 1, 0, 0, Some("S1"));
    s.put_unturned(&RING_TILES[1..], &[(2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]);
    assert!(!s.table.board().is_outside(Cell::new(1, 1)));
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    assert_eq!(points(&s.table, 1).roads, 0);
    assert_eq!(s.table.player(P2).supply, 7, "the citizen is removed");
    assert_eq!(s.table.board().tile(Slot::new(1)).follower(), None);
}

#[test]
fn r26_a_bailiff_owning_a_residential_area_beside_three_markets_scores_six() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, Some("N0")); // p1's bailiff
    s.put("market-side-pub/F", 1, 0, 270, None); // market on W faces it
    s.put("market-side-pub/G", -1, 0, 90, None); // market on E faces it
    s.put("market-side-pub/V", 0, 1, 0, None); // market on N faces it
    s.skip_to_pile(4, &[]);
    assert_eq!(points(&s.table, 0).residential, 6);
    assert_eq!(points(&s.table, 1).residential, 0);
}

#[test]
fn r26_a_market_bordering_twice_counts_once() {
    // One market of three tiles touches the quarter's residential area on two edges.
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, Some("N0")); // p1's bailiff
    s.put("market-corner/F", 1, 0, 180, None); // market S and W; W faces the quarter
    s.put("market-corner/G", 0, 1, 0, None); // market N and E; N faces the quarter
    s.put("market-square/V", 1, 1, 0, None); // joins the two into one market
    s.skip_to_pile(4, &[]);
    assert_eq!(points(&s.table, 0).residential, 2);
}

// ----- R28 winners --------------------------------------------------------------------------

/// 3 players: p1's and p2's citizens on two dead ends side by side at (0,0) and (1,0), roads
/// leaving south. p3 closes p1's road with a dead end at (0,1) (2 points); then p2's road is
/// closed below (1,0), through `straights` straight tiles; the remaining tiles are set aside and
/// the game ends with the last (R23b), with no open road or follower left to score.
fn two_roads(straights: i32) -> Scenario {
    let mut s = Scenario::new(3);
    s.put("dead-end-pub", 0, 0, 0, Some("S1")); // p1
    s.put("dead-end-pub", 1, 0, 0, Some("S1")); // p2
    s.put("dead-end-pub", 0, 1, 180, None); // p3 completes p1's road: 2 points
    for y in 1..=straights {
        s.put("straight", 1, y, 0, None);
    }
    s.put("dead-end-pub", 1, straights + 1, 180, None); // completes p2's road
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    s
}

/// R28: p1 and p2 end on 2 points each, p3 on none.
#[test]
fn r28_tied_players_share_the_win() {
    let s = two_roads(0); // p1 closes p2's road: 2 points each
    assert_eq!(s.table.scores()[..3], [2, 2, 0]);
    assert_eq!(s.table.winners(), 0b011, "p1 and p2 win, p3 does not");
}

/// R28: p2 ends one point ahead of p1.
#[test]
fn r28_one_point_more_wins_alone() {
    let s = two_roads(1); // p2's road is 3 tiles long: 3 points
    assert_eq!(s.table.scores()[..3], [2, 3, 0]);
    assert_eq!(s.table.winners(), 0b010);
}

#[test]
fn r10_a_city_in_one_long_line_fits_the_board() {
    // Lay tiles in a line east and west from (0,0): each tile is turned so that its west (or east)
    // side matches the open end. The board window must follow the line without losing anything.
    let mut s = Scenario::new(2);
    let ts = s.table.tileset();
    let road_on = |ty: usize, q: usize, side: usize| ts.types[ty].rotated[q].road_sides & (1 << side) != 0;
    let (mut west, mut east) = (0i32, 0i32);
    let first = (0..ts.types.len()).find(|&t| ts.types[t].name == "quarter-pub").unwrap();
    s.put("quarter-pub", 0, 0, 0, None);
    let (mut west_road, mut east_road) = (road_on(first, 0, 3), road_on(first, 0, 1));
    let mut placed = 1;
    while s.table.drawn() < 75 {
        let ty = (0..ts.types.len()).find(|&t| s.table.unseen()[t] > 0).unwrap();
        s.table.draw(ty as u8).unwrap();
        if s.table.step() != Step::PlaceTile {
            continue; // fits nowhere: set aside
        }
        let mut done = false;
        for q in 0..4 {
            let east_fit = road_on(ty, q, 3) == east_road;
            let west_fit = road_on(ty, q, 1) == west_road;
            let (x, fits) = if east_fit { (east + 1, true) } else { (west - 1, west_fit) };
            let mv = Move::Tile { x: x as i8, y: 0, rot: ts.types[ty].canonical[q] };
            if fits && s.table.check(mv).is_ok() {
                s.table.play(mv).unwrap();
                if x > east {
                    east = x;
                    east_road = road_on(ty, q, 1);
                } else {
                    west = x;
                    west_road = road_on(ty, q, 3);
                }
                done = true;
                break;
            }
        }
        if !done {
            let m = s.moves()[0];
            s.table.play(m).unwrap();
        }
        placed += 1;
        if !s.table.is_over() {
            s.follower(None).unwrap();
        }
    }
    assert!(s.table.is_over());
    assert!(east - west >= 60, "a line of {} cells from {placed} tiles", east - west + 1);
    assert!(east > 45 || west < -45, "the line leaves the first window ({west}..{east})");
    // Every tile is still found where it was put, and every frontier cell is an empty neighbour.
    let b = s.table.board();
    for (slot, t) in b.slots() {
        assert_eq!(b.slot_at(t.cell()), Some(slot));
    }
    for f in b.frontier() {
        assert!(b.slot_at(f.cell()).is_none());
        let touching =
            die_stadt::geom::SIDES.iter().filter(|&&d| b.slot_at(f.cell().step(d)).is_some()).count();
        assert_eq!(touching, f.present.count_ones() as usize, "{:?}", f.cell());
    }
    assert!(b.frontier().len() >= 2 * (east - west) as usize);
}

/// R23(c): `ends_within` says yes exactly from the length of the shortest closing path on.
#[test]
fn r23_the_distance_check_agrees_with_the_shortest_closing_path_at_any_limit() {
    // The worked example: the ends are exactly 5 pieces apart.
    let mut s = worked_example(2, 2);
    s.gate((0, 0), (1, 0)).unwrap();
    for limit in 0..12 {
        assert_eq!(wall::ends_within(s.table.board(), s.table.wall(), limit), limit >= 5, "limit {limit}");
    }
}

#[test]
fn r21_a_tower_where_the_ends_met_counts_the_longer_stretch() {
    // Pile 3, 2 players: gate and up to 7 pieces; the ring around the two tiles closes after 5.
    let mut s = worked_example(2, 3);
    s.gate((0, 0), (1, 0)).unwrap(); // the head starts at (1,0), the tail at (0,0)
    s.wall((1, 0), (2, 0), false).unwrap(); // head: north of (1,0)
    s.wall((2, 0), (2, 1), false).unwrap(); // head: east of (1,0)
    s.wall((2, 1), (1, 1), false).unwrap(); // head: south of (1,0)
    s.wall((0, 0), (0, 1), false).unwrap(); // tail: west of (0,0)
    // The last gap, south of (0,0), touches both ends: it is one piece, taken as the head's.
    s.wall((0, 1), (1, 1), false).unwrap();
    assert!(s.table.wall().closed);
    assert_eq!(s.table.wall_ends()[0].point(), die_stadt::geom::Point::new(0, 1));
    assert_eq!(s.table.wall().since_tower, [4, 1]);
    assert_eq!(s.table.step(), Step::Tower);
    // One tower move where the ends coincide, counting the longer stretch.
    assert_eq!(s.moves(), vec![Move::Tower(None), Move::Tower(Some(HEAD))]);
    s.tower(Some((0, 1))).unwrap();
    assert_eq!(points(&s.table, 1).towers, 4);
}

/// The worked example on pile 3 with the gate south of (0,0), written with its points in the
/// order given: the gate's two points are (0,1) and (1,1). The ring around the two tiles is then
/// built so that the last gap, the east side of (1,0), touches both free ends: the head (grown
/// from (0,1)) has come round west, north and north (3 pieces) to (2,0), the tail (grown from
/// (1,1)) one piece east to (2,1).
fn last_gap_after_gate(first: (i32, i32), second: (i32, i32)) -> Scenario {
    let mut s = worked_example(2, 3);
    s.gate(first, second).unwrap();
    s.wall((0, 1), (0, 0), false).unwrap(); // head: west of (0,0)
    s.wall((0, 0), (1, 0), false).unwrap(); // head: north of (0,0)
    s.wall((1, 0), (2, 0), false).unwrap(); // head: north of (1,0)
    s.wall((1, 1), (2, 1), false).unwrap(); // tail: south of (1,0)
    assert_eq!(s.table.wall().since_tower, [3, 1]);
    let ends = s.table.wall_ends();
    assert_eq!((ends[HEAD.index()].point(), ends[TAIL.index()].point()), (P(2, 0), P(2, 1)));
    s
}

#[allow(non_snake_case)]
fn P(x: i32, y: i32) -> die_stadt::geom::Point {
    die_stadt::geom::Point::new(x, y)
}

#[test]
fn r21_the_last_gap_extends_the_end_grown_from_the_gates_second_point() {
    // `gate 0 1 1 1`: the second point (1,1) is where the tail grew from, so the last gap
    // extends the tail, which meets the head at the head's point (2,0).
    let mut s = last_gap_after_gate((0, 1), (1, 1));
    s.wall((2, 1), (2, 0), false).unwrap();
    assert!(s.table.wall().closed);
    assert_eq!(s.table.wall_ends()[TAIL.index()].point(), P(2, 0));
    assert_eq!(s.table.wall().since_tower, [3, 2]);
    assert_eq!(s.moves(), vec![Move::Tower(None), Move::Tower(Some(HEAD))]);
    s.tower(Some((2, 0))).unwrap();
    assert_eq!(points(&s.table, 1).towers, 3, "the longer stretch: the head's 3 pieces");

    // `gate 1 1 0 1`: the same edge with its points the other way round: now the head grew from
    // the second point (0,1) and takes the last gap, meeting the tail at (2,1).
    let mut s = last_gap_after_gate((1, 1), (0, 1));
    s.wall((2, 0), (2, 1), false).unwrap();
    assert!(s.table.wall().closed);
    assert_eq!(s.table.wall_ends()[HEAD.index()].point(), P(2, 1));
    assert_eq!(s.table.wall().since_tower, [4, 1]);
    s.tower(Some((2, 1))).unwrap();
    assert_eq!(points(&s.table, 1).towers, 4, "the longer stretch: the head's 4 pieces");
}

#[test]
fn r21_a_record_gives_the_gates_points_in_the_order_written() {
    use die_stadt::record::{Decision, decision_to_move, move_line};
    let s = worked_example(2, 3);
    let t = &s.table;
    let canonical = die_stadt::geom::Edge::between(P(0, 1), P(1, 1)).unwrap();
    let written = decision_to_move(t, &Decision::Gate(canonical, true)).unwrap();
    assert_eq!(written, Move::Gate { edge: canonical.into(), reversed: true });
    assert!(t.check(written).is_ok(), "either order names a legal gate");
    assert_eq!(move_line(t, written), "p2: gate 1 1 0 1");
    assert_eq!(move_line(t, gate_move(canonical)), "p2: gate 0 1 1 1");
}

/// The game of the issue that settled R15 (`tests/data/seed7-pocket-gate.rec`): its gate faces a
/// two-cell pocket. The move list at that point does not offer the gate, and the record stops
/// replaying at the gate's line.
#[test]
fn r15_a_record_whose_gate_faces_a_pocket_is_refused_at_the_gate_line() {
    use die_stadt::record::{self, Record, Tiles};
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seed7-pocket-gate.rec"))
            .unwrap();
    let gate_line = text.lines().position(|l| l.contains("gate -1 0 0 0")).unwrap() + 1;
    let Err(err) = record::replay(&Record::parse(&text, Tiles::Default).unwrap(), false) else {
        panic!("the record replays")
    };
    assert_eq!(err.line, gate_line, "{err}");
    assert!(err.message.contains("R15"), "{err}");
    // The same record up to the gate: the move list has no gate on that edge, and none facing
    // the pocket's two cells (-2,0) and (-1,0).
    let before: String = text.lines().take(gate_line - 1).map(|l| format!("{l}\n")).collect();
    let out = record::replay(&Record::parse(&before, Tiles::Default).unwrap(), true).unwrap();
    let t = out.game.table();
    assert_eq!(t.step(), Step::Gate);
    assert!(!t.board().is_outside(Cell::new(-1, 0)) && !t.board().is_outside(Cell::new(-2, 0)));
    let mut moves = Vec::new();
    t.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for m in moves {
        let Move::Gate { edge, .. } = m else { panic!("{m:?}") };
        for (cell, _) in edge.edge().cells() {
            assert!(
                cell != Cell::new(-1, 0) && cell != Cell::new(-2, 0),
                "gate {} faces the pocket",
                edge.edge()
            );
        }
    }
}

/// A notch north of the row (0,0)-(2,0): tiles at (-1,0), (-1,-1), (-1,-2), (0,-2) and (2,-1)
/// leave the cells (0,-1) and (1,-1) open to the outside only through (1,-1) and (2,-2). A road
/// completed from pile 2 starts the first wall building; the gate goes north of (0,0), facing
/// (0,-1), and the tail runs along (0,-1) to point (1,-1). Left at the next builder's piece.
fn notch(players: usize) -> Scenario {
    let mut s = Scenario::new(players);
    s.skip_to_pile(2, RING_TILES);
    s.put_unturned(&RING_TILES[..3], &[(0, 0), (1, 0), (2, 0)]);
    let names = ["market-square/F", "market-square/G", "market-square/V", "market-corner/F", "saint-nazaire"];
    s.put_unturned(&names, &[(2, -1), (-1, 0), (-1, -1), (-1, -2), (0, -2)]);
    s.put("dead-end-pub", 1, 1, 0, Some("S1"));
    s.put("dead-end-pub", 1, 2, 180, None); // completes the road: the first wall building
    assert_eq!(s.table.step(), Step::Gate);
    assert!(s.table.board().is_outside(Cell::new(0, -1)) && s.table.board().is_outside(Cell::new(1, -1)));
    s.gate((0, 0), (1, 0)).unwrap(); // facing (0,-1); the head is at (1,0), the tail at (0,0)
    s.wall((0, 0), (0, -1), false).unwrap(); // tail: east side of (-1,-1), facing (0,-1)
    s.wall((0, -1), (1, -1), false).unwrap(); // tail: south side of (0,-2), facing (0,-1)
    s
}

/// Draws an unseen tile without roads and places it at (x, y) unturned, without a follower.
fn close_with_a_roadless_tile(s: &mut Scenario, x: i8, y: i8) {
    let ts = s.table.tileset();
    let roadless = (0..ts.types.len())
        .find(|&t| s.table.unseen()[t] > 0 && ts.types[t].rotated[0].road_sides == 0)
        .expect("an unseen tile without roads");
    s.table.draw(roadless as u8).unwrap();
    s.table.play(Move::Tile { x, y, rot: 0 }).unwrap();
    s.follower(None).unwrap();
}

/// R23(c), R24: a pocket that closes around cells the wall runs along. The gate goes north of
/// (0,0), facing (0,-1), while that cell is still outside; the tail then runs along (0,-1) to
/// point (1,-1). A last tile at (1,-2) encloses the two cells (0,-1) and (1,-1): they meet the
/// outside only at point (2,-1), where (1,-2) and (2,-1) touch diagonally. The ends, at (1,0) and
/// (1,-1), are three pieces apart around (1,-1), but those pieces would face into the pocket.
#[test]
fn r24_no_closing_path_runs_through_a_pocket_between_the_ends() {
    let mut s = notch(3);
    s.tower(None).unwrap();
    assert_eq!(s.table.step(), Step::Draw);
    close_with_a_roadless_tile(&mut s, 1, -2); // closes the pocket
    let b = s.table.board();
    assert!(!b.is_outside(Cell::new(1, -1)), "(1,-1) meets the outside only at the corner (2,-1)");
    assert!(b.is_blocked(Cell::new(0, -1)) && !b.is_blocked(Cell::new(1, -1)));
    let ends = s.table.wall_ends();
    assert_eq!((ends[HEAD.index()].point(), ends[TAIL.index()].point()), (P(1, 0), P(1, -1)));
    // Around (1,-1) the ends are three pieces apart, but no legal piece faces the pocket: no path
    // joins them, so R23(c) does not end the game.
    assert!(!wall::ends_within(b, s.table.wall(), 5));
    let mut path = [wall::NO_PIECE; wall::MAX_PATH];
    assert_eq!(wall::closing_path(b, s.table.wall(), &mut path), None);
    assert_eq!(s.table.step(), Step::Draw, "the game goes on");
    // At the end, with no legal path, the whole outer boundary counts as walled (R24), never
    // the sides that face the pocket.
    s.skip_to_pile(4, &[]);
    assert!(s.table.is_over());
    let b = s.table.board();
    for ((x, y), side) in [((1, 0), Side::N), ((2, -1), Side::W), ((1, -2), Side::S)] {
        let t = b.tile(b.slot_at(Cell::new(x, y)).unwrap());
        assert!(!t.walled(side), "({x},{y}) {side:?} faces the pocket");
    }
    let t = b.tile(b.slot_at(Cell::new(2, -1)).unwrap());
    assert!(t.walled(Side::N) && t.virtual_walls & 1 != 0, "the outer boundary is walled without pieces");
}

/// R15, R17 (the engine's reading, docs/die-stadt/rules.md section 10): a cell an earlier piece blocked while it
/// was outside, which tiles have since enclosed, lies inside the city, and no piece faces it. The
/// gate goes north of (0,0) facing (0,-1); the tail runs along (0,-1) to point (1,-1) and the head
/// along (1,-1) to point (2,0), blocking both cells. Tiles at (2,-2) and (1,-2) then close the two
/// cells in: they meet the outside nowhere, not even at a corner. The ends are two pieces apart
/// around (1,-1), but those pieces would face into the city.
#[test]
fn r17_no_piece_faces_a_blocked_cell_the_city_has_since_enclosed() {
    let mut s = notch(4);
    s.wall((1, 0), (2, 0), false).unwrap(); // head: north side of (1,0), facing (1,-1)
    s.tower(None).unwrap();
    for (x, y) in [(2, -2), (1, -2)] {
        close_with_a_roadless_tile(&mut s, x, y);
    }
    let b = s.table.board();
    for c in [Cell::new(0, -1), Cell::new(1, -1)] {
        assert!(b.is_blocked(c) && !b.is_outside(c), "{c} is blocked and enclosed");
    }
    let ends = s.table.wall_ends();
    assert_eq!((ends[HEAD.index()].point(), ends[TAIL.index()].point()), (P(2, 0), P(1, -1)));
    assert!(
        !wall::ends_within(b, s.table.wall(), 5),
        "the two pieces around (1,-1) would face into the city"
    );
    assert_eq!(s.table.step(), Step::Draw, "R23(c) does not end the game");
}
