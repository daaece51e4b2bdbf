//! The robber (C30): whom it may rob on a hex.

use crate::ids::{Hex, Player};
use crate::illegal::Illegal;
use crate::sites::need;
use crate::state::{MAX_PLAYERS, State};
use crate::topology::{HEXES, TOPOLOGY};

/// The players `thief` may rob on hex `h`, as a bit set: others with a building on a corner of
/// it who hold at least one card (C30).
pub(crate) fn victims(s: &State, h: Hex, thief: u8) -> u8 {
    victims_among(&robbable(s, thief), h)
}

/// Whether `thief` may move the robber to `h` robbing `v` (C30): another hex, and a player there
/// who holds a card, or nobody when there is none.
pub(crate) fn robber_ok(s: &State, thief: u8, h: Hex, v: Option<Player>) -> Result<(), Illegal> {
    need(h.index() < HEXES, Illegal::OutOfRange)?;
    need(h != s.robber, Illegal::RobberMustMove)?;
    let set = victims(s, h, thief);
    match v {
        None => need(set == 0, Illegal::BadVictim),
        Some(v) => need(v.index() < 8 && set & (1 << v.0) != 0, Illegal::BadVictim),
    }
}

/// The buildings of each player `thief` may rob anywhere: the others' who hold a card.
pub(crate) fn robbable(s: &State, thief: u8) -> [u64; MAX_PLAYERS] {
    std::array::from_fn(|q| if q as u8 != thief && s.hands[q] != 0 { s.built[q] } else { 0 })
}

/// The players whose `robbable` buildings touch hex `h`, as a bit set.
#[inline]
pub(crate) fn victims_among(robbable: &[u64; MAX_PLAYERS], h: Hex) -> u8 {
    let corners = TOPOLOGY.hex_node_bits[h.index()];
    let mut set = 0u8;
    for (q, &b) in robbable.iter().enumerate() {
        set |= ((b & corners != 0) as u8) << q;
    }
    set
}
