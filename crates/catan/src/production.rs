//! Production (C15) with the shortage rule (C16), and the second set-up settlement's yield (C13).

use crate::ids::{Node, Resource};
use crate::options::Shortage;
use crate::packed::{count, covers, one};
use crate::state::{MAX_PLAYERS, State};
use crate::topology::{NONE, TOPOLOGY};

/// Pays out a roll of `roll` (not 7).
pub(crate) fn produce(s: &mut State, roll: u8) {
    let mut owed = [0u64; MAX_PLAYERS];
    let mut total = 0u64;
    let mut hexes = s.hexes_of[roll as usize] & !(1 << s.robber.0);
    while hexes != 0 {
        let h = hexes.trailing_zeros() as usize;
        hexes &= hexes - 1;
        let Some(r) = s.board.terrain[h] else { continue };
        let corners = TOPOLOGY.hex_node_bits[h];
        for (q, &built) in s.built.iter().enumerate() {
            // A settlement yields one card, a city two (a loop over the few buildings: the
            // baseline x86-64 target has no popcount instruction).
            let mut here = built & corners;
            while here != 0 {
                let amount = (1 + (s.city_bits & here & here.wrapping_neg() != 0) as u64) * one(r.index());
                here &= here - 1;
                owed[q] += amount;
                total += amount;
            }
        }
    }
    // Most rolls the bank pays everything owed at once.
    if covers(s.bank, total) {
        for (hand, o) in s.hands.iter_mut().zip(&owed) {
            *hand += o;
        }
        s.bank -= total;
        return;
    }
    for r in 0..5 {
        let kind = 0xFF << (8 * r);
        if total & kind == 0 {
            continue;
        }
        if count(total, r) <= count(s.bank, r) {
            for (hand, o) in s.hands.iter_mut().zip(&owed) {
                *hand += o & kind;
            }
            s.bank -= total & kind;
            continue;
        }
        // The bank is short: under the official rule a single player owed it takes what is left.
        let mut only = None;
        let mut count = 0;
        for (p, o) in owed.iter().enumerate().take(s.players as usize) {
            if o & kind != 0 {
                only = Some(p);
                count += 1;
            }
        }
        if s.options.shortage == Shortage::Official
            && count == 1
            && let Some(p) = only
        {
            s.hands[p] += s.bank & kind;
            s.bank &= !kind;
        }
    }
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
