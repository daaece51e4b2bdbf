//! Production (C15) with the shortage rule (C16), and the second set-up settlement's yield (C13);
//! under Städte und Ritter with commodities (K13, K14). One function, `produce`, pays a roll in
//! both games: what each player is owed (`owed_packed`), paid by the bank kind by kind
//! (`pay_packed`); `owed` and `pay` show the same two halves unpacked, for tests and readers.

use crate::ids::{Node, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::tracks::Commodity;
use crate::options::Shortage;
use crate::packed::{count, covers_all, one};
use crate::state::{MAX_PLAYERS, State};
use crate::topology::{NONE, TOPOLOGY};

/// Cards by kind, unpacked: the five resources in index order, then cloth, coin and paper (K4).
pub type ByKind = [u8; 8];

/// Pays out a roll of `roll` (not 7) in either game.
pub(crate) fn produce(s: &mut State, roll: u8) {
    let (owed, total) = owed_packed(s, roll);
    let official = s.options.shortage == Shortage::Official;
    pay_packed(&mut s.bank, &mut s.hands, &owed, total, s.players as usize, official);
}

/// What each player is owed for a roll of `roll` (not 7), packed, and its sum (C15, K13): a
/// settlement yields one card of its hex's resource, a city two; under Städte und Ritter a city
/// on pasture, mountains or forest takes the commodity beside the resource (wool and cloth, ore
/// and coin, lumber and paper) for its second card. The robber's hex yields nothing.
fn owed_packed(s: &State, roll: u8) -> ([u64; MAX_PLAYERS], u64) {
    let knights = s.options.knights();
    // H9: a sabotaged city yields as a settlement (the base game sabotages none).
    let cities = s.city_bits & !s.ck.sabotaged;
    let mut owed = [0u64; MAX_PLAYERS];
    let mut total = 0u64;
    let mut hexes = s.hexes_of[roll as usize] & !(1 << s.robber.0);
    while hexes != 0 {
        let h = hexes.trailing_zeros() as usize;
        hexes &= hexes - 1;
        let Some(r) = s.board.terrain[h] else { continue };
        let first = one(r.index());
        let second = match Commodity::beside(r) {
            Some(c) if knights => one(CardKind::Commodity(c).index()),
            _ => first,
        };
        let corners = TOPOLOGY.hex_node_bits[h];
        for (q, &built) in s.built.iter().enumerate() {
            // A loop over the few buildings: the baseline x86-64 target has no popcount
            // instruction.
            let mut here = built & corners;
            while here != 0 {
                let amount = first + (cities & here & here.wrapping_neg() != 0) as u64 * second;
                here &= here - 1;
                owed[q] += amount;
                total += amount;
            }
        }
    }
    (owed, total)
}

/// Pays `owed` (summing to `total`) to the first `players` seats' `hands` from `bank`, kind by
/// kind (C16, K14): in full when the bank holds enough of a kind; otherwise, under the official
/// rule (`official`), a single player owed it takes what is left, and several take nothing; under
/// H1 nobody takes any.
fn pay_packed(
    bank: &mut u64,
    hands: &mut [u64; MAX_PLAYERS],
    owed: &[u64; MAX_PLAYERS],
    total: u64,
    players: usize,
    official: bool,
) {
    // Most rolls the bank pays everything owed at once.
    if covers_all(*bank, total) {
        for (hand, o) in hands.iter_mut().zip(owed) {
            *hand += o;
        }
        *bank -= total;
        return;
    }
    for k in 0..8 {
        let lane = 0xFF << (8 * k);
        if total & lane == 0 {
            continue;
        }
        if count(total, k) <= count(*bank, k) {
            for (hand, o) in hands.iter_mut().zip(owed) {
                *hand += o & lane;
            }
            *bank -= total & lane;
            continue;
        }
        let owing = (0..players).filter(|&q| owed[q] & lane != 0).fold(0u8, |m, q| m | 1 << q);
        if official && owing.is_power_of_two() {
            hands[owing.trailing_zeros() as usize] += *bank & lane;
            *bank &= !lane;
        }
    }
}

/// What each player is owed for a roll of `roll` (2 to 12, not 7) in `s`, by kind: `produce`'s
/// first half.
pub fn owed(s: &State, roll: u8) -> [ByKind; MAX_PLAYERS] {
    owed_packed(s, roll).0.map(u64::to_le_bytes)
}

/// Pays what the first `players` seats are `owed` from `bank`, as `produce`'s second half does
/// (`nobody`: under H1); returns what each receives, and `bank` loses it.
pub fn pay(
    bank: &mut ByKind,
    owed: &[ByKind; MAX_PLAYERS],
    players: usize,
    nobody: bool,
) -> [ByKind; MAX_PLAYERS] {
    let owed: [u64; MAX_PLAYERS] =
        std::array::from_fn(|q| if q < players { u64::from_le_bytes(owed[q]) } else { 0 });
    let mut packed = u64::from_le_bytes(*bank);
    let mut hands = [0u64; MAX_PLAYERS];
    pay_packed(&mut packed, &mut hands, &owed, owed.iter().sum(), players, !nobody);
    *bank = packed.to_le_bytes();
    hands.map(u64::to_le_bytes)
}

/// One card from the bank per land hex the settlement touches (C13).
pub(crate) fn second_settlement_yield(s: &mut State, n: Node) {
    let p = s.actor as usize;
    for &h in &TOPOLOGY.node_hexes[n.index()] {
        if h == NONE {
            break;
        }
        if let Some(r) = s.board.terrain[h as usize] {
            take_from_bank(s, p, r, 1);
        }
    }
}

/// Moves up to `n` cards of `r` from the bank to player `p`'s hand.
pub(crate) fn take_from_bank(s: &mut State, p: usize, r: Resource, n: u8) {
    let n = n.min(count(s.bank, r.index())) as u64 * one(r.index());
    s.bank -= n;
    s.hands[p] += n;
}
