//! What every position of Städte und Ritter keeps, asserted: the random games' test and the slow
//! reference both check it after every step.

use stadt_catan::ids::{Node, Player};
use stadt_catan::knights::barbarians::Strength;
use stadt_catan::knights::card_kind::CardKind;
use stadt_catan::knights::cards::{Colour, DECK, KINDS};
use stadt_catan::state::{Building, State};
use stadt_catan::topology::NODES;

/// Asserts that `s` (of game `seed`) keeps every count: 19 of each resource and 12 of each
/// commodity (K4); the 54 progress cards in the decks, the hands and laid down, victory points
/// never held (K47, K49); each player's 2 knights of each strength on the board, displaced or in
/// supply (K3); the settlement and city pieces the board shows; and at most 3 walls a player, each
/// under a city (K19).
pub fn assert_conserved(s: &State, seed: u64) {
    let n = s.players();
    for kind in CardKind::ALL {
        let held: u32 = (0..n).map(|p| s.cards_of(Player(p as u8), kind) as u32).sum();
        let stock = if kind.index() < 5 { 19 } else { 12 };
        assert_eq!(held + s.bank_of(kind) as u32, stock, "seed {seed}: K4 {kind} conserved");
    }
    let mut progress: u32 = Colour::ALL.iter().map(|&c| s.progress_decks()[c as usize].len() as u32).sum();
    for p in (0..n).map(|p| Player(p as u8)) {
        for (k, &held) in s.progress_cards(p).iter().enumerate() {
            assert!(
                !matches!(KINDS[k].3, "printer" | "constitution") || held == 0,
                "seed {seed}: K49 never held"
            );
            progress += held as u32;
        }
        progress += s.progress_points(p) as u32;
    }
    assert_eq!(progress, 3 * DECK as u32, "seed {seed}: K47 54 progress cards");
    for p in (0..n).map(|p| Player(p as u8)) {
        let on_board: Vec<_> =
            (0..NODES).filter_map(|m| s.knight(Node(m as u8))).filter(|k| k.owner() == p.0).collect();
        let displaced = s.displaced_knight().filter(|k| k.owner() == p.0);
        for st in [Strength::Basic, Strength::Strong, Strength::Mighty] {
            let placed = on_board.iter().filter(|k| k.strength() == st).count()
                + displaced.is_some_and(|k| k.strength() == st) as usize;
            let left = s.knight_supply(p)[st as usize - 1] as usize;
            assert_eq!(placed + left, 2, "seed {seed}: K3 {st:?} knights of {p:?}");
        }
        let (settlements, cities, _) = s.pieces(p);
        let at = |m: usize| (s.building(Node(m as u8)), s.sideways(Node(m as u8)));
        let board_settlements =
            (0..NODES).filter(|&m| at(m) == (Some(Building::Settlement(p)), false)).count();
        assert_eq!(board_settlements, settlements as usize, "seed {seed}: settlements of {p:?}");
        let city_pieces = (0..NODES)
            .filter(|&m| match at(m) {
                (Some(Building::City(o)), _) => o == p,
                (Some(b), true) => b.owner() == p,
                _ => false,
            })
            .count();
        assert_eq!(city_pieces, cities as usize, "seed {seed}: city pieces of {p:?}");
        let walls =
            (0..NODES).filter(|&m| s.wall(Node(m as u8)) && at(m).0 == Some(Building::City(p))).count();
        assert_eq!(walls, s.walls_of(p) as usize, "seed {seed}: K19 walls of {p:?}");
        assert!(s.walls_of(p) <= 3, "seed {seed}: K19 at most 3 walls");
    }
    for m in (0..NODES).filter(|&m| s.wall(Node(m as u8))) {
        assert!(
            matches!(s.building(Node(m as u8)), Some(Building::City(_))),
            "seed {seed}: K19 under a city"
        );
    }
}
