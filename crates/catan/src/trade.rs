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
    let bits = &mut s.harbour_bits[p as usize];
    *bits |= match s.board.harbours[h as usize] {
        Harbour::Generic => 1 << 5,
        Harbour::Special(r) => 1 << r.index(),
    };
    let any = if *bits & 1 << 5 != 0 { 3 } else { 4 };
    s.rates[p as usize] = pack(&std::array::from_fn(|r| if *bits & 1 << r != 0 { 2 } else { any }));
}
