//! Production under Städte und Ritter (K13, K14): a settlement yields one resource; a city on
//! fields or hills two, on pasture, mountains or forest one resource and one commodity (wool and
//! cloth, ore and coin, lumber and paper); the robber's hex nothing. The bank pays each kind of
//! card on its own: in full when it can, and otherwise by C16's reading, or to nobody under H1.

use super::tracks::Commodity;
use crate::ids::Node;
use crate::state::{Building, MAX_PLAYERS, State};
use crate::topology::{HEXES, NONE, TOPOLOGY};

/// Cards by kind: the five resources in index order, then cloth, coin and paper.
pub type Cards = [u8; 8];

/// Where a commodity stands in `Cards`.
pub fn lane(c: Commodity) -> usize {
    5 + c as usize
}

/// What each player is owed for a roll of `roll` (2 to 12, not 7) in `s` (K13).
pub fn owed(s: &State, roll: u8) -> [Cards; MAX_PLAYERS] {
    let mut out = [[0u8; 8]; MAX_PLAYERS];
    let board = s.board();
    for h in 0..HEXES {
        if board.numbers[h] != roll || s.robber().index() == h {
            continue;
        }
        let Some(r) = board.terrain[h] else { continue };
        for &n in &TOPOLOGY.hex_nodes[h] {
            if n == NONE {
                continue;
            }
            match s.building(Node(n)) {
                Some(Building::Settlement(p)) => out[p.index()][r.index()] += 1,
                Some(Building::City(p)) => {
                    out[p.index()][r.index()] += 1;
                    match Commodity::beside(r) {
                        Some(c) => out[p.index()][lane(c)] += 1,
                        None => out[p.index()][r.index()] += 1,
                    }
                }
                None => {}
            }
        }
    }
    out
}

/// Pays what `players` players are `owed` from `bank`, kind by kind (K14): in full when the bank
/// holds enough of a kind; otherwise, under the official reading (C16), a single player owed it
/// takes what is left and several take nothing, and under H1 (`nobody`) nobody takes any.
/// Returns what each player receives; `bank` loses it.
pub fn pay(
    bank: &mut Cards,
    owed: &[Cards; MAX_PLAYERS],
    players: usize,
    nobody: bool,
) -> [Cards; MAX_PLAYERS] {
    let mut out = [[0u8; 8]; MAX_PLAYERS];
    for k in 0..8 {
        let total: u32 = owed[..players].iter().map(|o| o[k] as u32).sum();
        if total == 0 {
            continue;
        }
        if total <= bank[k] as u32 {
            for p in 0..players {
                out[p][k] = owed[p][k];
            }
            bank[k] -= total as u8;
            continue;
        }
        let mut owing = (0..players).filter(|&p| owed[p][k] > 0);
        if let (false, Some(only), None) = (nobody, owing.next(), owing.next()) {
            out[only][k] = bank[k];
            bank[k] = 0;
        }
    }
    out
}

/// The cards a player may hold before a 7 makes him discard half: 7, and 2 more for each of his
/// city walls (K15).
pub fn hand_limit(walls: u8) -> u32 {
    7 + 2 * walls as u32
}
