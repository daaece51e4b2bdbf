//! Trade with the bank (C34–C36): the harbours a player uses.

use crate::board::Harbour;
use crate::ids::Node;
use crate::packed::pack;
use crate::state::{NODE_HARBOUR, State};
use crate::topology::NONE;

/// Records the harbour at `n`, if any, for its new owner `p` (C36).
pub(crate) fn settle_harbour(s: &mut State, p: u8, n: Node) {
    let h = NODE_HARBOUR[n.index()];
    if h == NONE {
        return;
    }
    s.harbour_bits[p as usize] |= match s.board.harbours[h as usize] {
        Harbour::Generic => 1 << 5,
        Harbour::Special(r) => 1 << r.index(),
    };
    set_rates(s, p);
}

/// `p`'s rates from his harbour kinds (C36).
fn set_rates(s: &mut State, p: u8) {
    let bits = s.harbour_bits[p as usize];
    let any = if bits & 1 << 5 != 0 { 3 } else { 4 };
    s.rates[p as usize] = pack(&std::array::from_fn(|r| if bits & 1 << r != 0 { 2 } else { any }));
}

/// `p`'s harbours counted again from his buildings, after one left the board (K42 under H11).
pub(crate) fn recount_harbours(s: &mut State, p: u8) {
    s.harbour_bits[p as usize] = 0;
    set_rates(s, p);
    let mut built = s.built[p as usize];
    while built != 0 {
        let n = built.trailing_zeros() as u8;
        built &= built - 1;
        settle_harbour(s, p, Node(n));
    }
}
