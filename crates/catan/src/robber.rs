//! The robber (C30): whom it may rob on a hex.

use crate::ids::Hex;
use crate::ids::total;
use crate::state::{NOBODY, State};
use crate::topology::TOPOLOGY;

/// The players `thief` may rob on hex `h`, as a bit set: others with a building on a corner of
/// it who hold at least one card (C30).
pub(crate) fn victims(s: &State, h: Hex, thief: u8) -> u8 {
    let mut set = 0u8;
    for &n in &TOPOLOGY.hex_nodes[h.index()] {
        let o = s.owner_at(n as usize);
        if o != NOBODY && o != thief && total(&s.hands[o as usize]) > 0 {
            set |= 1 << o;
        }
    }
    set
}
