//! Rules whose positions are impractical to reach by play alone (a supply of exactly 3 wall
//! pieces, watchmen on both sides of a gapped row): the position is built by play, then the
//! supply or wall is set directly.

use super::*;
#[path = "../../tests/support/scenario.rs"]
#[allow(dead_code)]
mod scenario;
use scenario::Scenario;

fn wall_with_watchman(t: &mut Table, x: i32, y: i32, side: Side, player: usize) {
    let slot = t.board.slot_at(Cell::new(x, y)).unwrap();
    let tile = t.board.tile_mut(slot);
    tile.walls |= 1 << side.index();
    tile.watch |= ((player as u16) + 1) << (4 * side.index());
}

fn piece(t: &Table, x: i32, y: i32, side: Side) -> Piece {
    let cell = Cell::new(x, y);
    Piece { slot: t.board.slot_at(cell).unwrap() as u8, side, outside: cell.step(side), ..NO_PIECE }
}

/// Column x=0: quarter, (gap or quarter), quarter, saint-nazaire at y=0..3, joined through
/// x=1 so the gap at (0,1) can stay empty.
fn column(fill_gap: bool) -> Scenario {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None);
    s.put("market-square/F", 1, 0, 0, None);
    s.put("market-square/G", 1, 1, 0, None);
    s.put("market-square/V", 1, 2, 0, None);
    s.put("quarter-pub", 0, 2, 0, None);
    s.put("saint-nazaire", 0, 3, 0, None);
    if fill_gap {
        s.put("quarter-pub", 0, 1, 0, None);
    }
    s
}

#[test]
fn r18_no_watchman_facing_another_without_a_gap() {
    let mut s = column(true);
    wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
    let p = piece(&s.table, 0, 3, Side::S);
    assert!(!s.table.watchman_allowed(&p));
}

#[test]
fn r18_the_ban_does_not_apply_across_a_gap() {
    let mut s = column(false);
    wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
    let p = piece(&s.table, 0, 3, Side::S);
    assert!(s.table.watchman_allowed(&p));
}

#[test]
fn r19_rows_stop_at_a_gap() {
    let mut s = column(false);
    wall_with_watchman(&mut s.table, 0, 0, Side::N, 0); // red, guarding south
    wall_with_watchman(&mut s.table, 0, 3, Side::S, 1); // blue, guarding north
    // Red: the quarter at (0,0) only. Blue: saint-nazaire and the quarter at (0,2).
    assert_eq!(scoring::watchman_points(&s.table)[..2], [2, 5]);
}

#[test]
fn r19_rows_stop_at_a_walled_edge() {
    let mut s = column(true);
    wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
    let slot = s.table.board.slot_at(Cell::new(0, 1)).unwrap();
    s.table.board.tile_mut(slot).walls |= 1 << Side::S.index();
    let mut seen = Vec::new();
    let end = wall::row(&s.table.board, 0, Side::N, |t| seen.push(t));
    assert_eq!(seen.len(), 2);
    assert_eq!(end, Some((slot, Side::S)));
}

#[test]
fn r27_a_watchman_over_three_public_and_one_historic_scores_nine() {
    let mut s = column(true);
    wall_with_watchman(&mut s.table, 0, 0, Side::N, 0);
    assert_eq!(scoring::watchman_points(&s.table)[0], 9);
    // Once the gap is filled, red and blue on both ends each score the whole row.
    wall_with_watchman(&mut s.table, 0, 3, Side::S, 1);
    assert_eq!(scoring::watchman_points(&s.table)[..2], [9, 9]);
}

#[test]
fn r16_short_supply_goes_one_at_a_time_from_the_scorer() {
    let mut s = Scenario::new(4);
    s.skip_to_pile(3, &["tee", "dead-end-pub"]);
    s.put("tee", 0, 0, 0, Some("E1"));
    s.table.wall.supply = 2;
    s.put("dead-end-pub", 1, 0, 90, None);
    // 2 pieces each were due (8 with the gate first); the gate and 2 pieces remain.
    assert_eq!(s.table.builders_left(), &[1, 2, 3]);
}

#[test]
fn r23a_the_game_ends_after_the_last_wall_piece() {
    let mut s = Scenario::new(2);
    s.skip_to_pile(3, &["quarter-pub", "dead-end-pub", "dead-end-pub", "straight", "straight", "straight"]);
    s.put("quarter-pub", 0, 0, 0, None);
    s.put("dead-end-pub", 1, 0, 270, Some("E1"));
    s.put("straight", 2, 0, 90, None);
    s.put("straight", 3, 0, 90, None);
    s.put("straight", 4, 0, 90, None);
    s.table.wall.supply = 3;
    s.put("dead-end-pub", 5, 0, 90, None);
    assert_eq!(s.table.builders_left().len(), 4, "gate and 3 pieces");
    s.gate((0, 0), (1, 0)).unwrap();
    for _ in 0..3 {
        let m = s.moves()[0];
        s.table.play(m).unwrap();
    }
    assert_eq!(s.table.wall.supply, 0);
    assert!(!wall::ends_within(&s.table.board, &s.table.wall, CLOSE_DISTANCE), "not R23(c)");
    s.tower(None).unwrap();
    assert!(s.table.is_over());
    // The rest of the wall is closed without pieces (R24).
    assert!(s.table.wall.closed);
    assert!(s.table.board.tiles().iter().any(|t| t.virtual_walls != 0));
}

#[test]
fn r11_no_follower_without_one_in_supply() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, None);
    s.table.player[1].supply = 0;
    s.tile("quarter-pub", 1, 0, 0).unwrap();
    assert_eq!(s.moves(), vec![Move::Follower(None)]);
    assert!(s.table.check(Move::Follower(Some(0))).unwrap_err().0.contains("no follower in supply"));
}

#[test]
fn r28_tied_players_share_the_win() {
    let mut s = Scenario::new(3);
    s.table.player[0].points.roads = 10;
    s.table.player[1].points.markets = 10;
    s.table.player[2].points.towers = 9;
    assert_eq!(s.table.winners(), 0b011);
    s.table.player[2].points.watchmen = 2;
    assert_eq!(s.table.winners(), 0b100);
}
