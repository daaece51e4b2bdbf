//! Development cards (C22–C28, C31): which may be played now, year of plenty's choices, and
//! largest army.

use crate::ids::{DevCard, Resource};
use crate::moves::Phase;
use crate::options::BeforeRoll;
use crate::packed::{count, covers, one};
use crate::state::{NOBODY, State};

/// Whether the player on turn may play a card of kind `k` now (C24); victory point cards never.
pub(crate) fn playable(s: &State, k: DevCard) -> bool {
    if k == DevCard::VictoryPoint || s.dev_played {
        return false;
    }
    let step_ok = match s.phase {
        Phase::Main => true,
        Phase::PreRoll => s.options.before_roll == BeforeRoll::Any || k == DevCard::Knight,
        _ => false,
    };
    let p = s.current as usize;
    let usable = s.dev[p][k.index()] - if s.options.fresh_cards { 0 } else { s.fresh[p][k.index()] };
    step_ok && usable > 0
}

/// Whether the bank can pay the pair `a`, `b`.
fn pair_payable(s: &State, a: Resource, b: Resource) -> bool {
    covers(s.bank, one(a.index()) + one(b.index()))
}

/// Year of plenty's choices (C27): a pair the bank can pay, or one card the bank can pay when
/// some pair with it cannot be paid.
pub(crate) fn year_of_plenty_ok(
    s: &State,
    a: Resource,
    b: Option<Resource>,
) -> Result<(), crate::illegal::Illegal> {
    use crate::illegal::Illegal;
    match b {
        Some(b) if b < a => Err(Illegal::Unordered),
        Some(b) if pair_payable(s, a, b) => Ok(()),
        Some(_) => Err(Illegal::BankCannotPay),
        None if count(s.bank, a.index()) == 0 => Err(Illegal::BankCannotPay),
        None if Resource::ALL.iter().all(|&c| pair_payable(s, a, c)) => Err(Illegal::PairPayable),
        None => Ok(()),
    }
}

/// Passes largest army on after `p` played a knight (C31).
pub(crate) fn update_army(s: &mut State, p: u8) {
    let mine = s.played[p as usize][DevCard::Knight.index()];
    if mine < 3 {
        return;
    }
    if s.army == NOBODY || (s.army != p && mine > s.played[s.army as usize][DevCard::Knight.index()]) {
        s.army = p;
    }
}
