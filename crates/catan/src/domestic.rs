//! Trading between players (C37, option `player_trade`): a proposal to all, answers in seat
//! order, the proposer's pick.

use crate::ids::{Cards, total};
use crate::illegal::Illegal;
use crate::moves::{Move, Phase};
use crate::packed::{covers, pack};
use crate::state::{OFFER_CARDS, PROPOSALS, State};

/// Whether a proposal may be made now (C37): the option is on, fewer than three made this turn,
/// each side one or two cards, no resource on both sides, the cards given held.
pub(crate) fn proposal_ok(s: &State, give: &Cards, get: &Cards) -> Result<(), Illegal> {
    if !s.options.player_trade {
        return Err(Illegal::NoPlayerTrade);
    }
    if s.proposals >= PROPOSALS {
        return Err(Illegal::TooManyProposals);
    }
    let sides = (total(give), total(get));
    let shape = (1..=OFFER_CARDS).contains(&sides.0)
        && (1..=OFFER_CARDS).contains(&sides.1)
        && give.iter().zip(get).all(|(&a, &b)| a == 0 || b == 0);
    if !shape {
        return Err(Illegal::BadProposal);
    }
    if covers(s.hands[s.actor as usize], pack(give)) { Ok(()) } else { Err(Illegal::CannotAfford) }
}

/// The proposals the player on turn may make, into `out` (C37).
pub(crate) fn proposals(s: &State, out: &mut Vec<Move>) {
    if !s.options.player_trade || s.proposals >= PROPOSALS {
        return;
    }
    let hand = s.hands[s.actor as usize];
    for give in &SIDES {
        if !covers(hand, pack(give)) {
            continue;
        }
        for get in &SIDES {
            if give.iter().zip(get).all(|(&a, &b)| a == 0 || b == 0) {
                out.push(Move::Propose(*give, *get));
            }
        }
    }
}

/// Every side of a proposal: one or two cards, 20 in all.
pub const SIDES: [Cards; 20] = {
    let mut out = [[0u8; 5]; 20];
    let (mut i, mut a) = (0, 0);
    while a < 5 {
        out[i][a] = 1;
        i += 1;
        let mut b = a;
        while b < 5 {
            out[i][a] += 1;
            out[i][b] += 1;
            i += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

impl State {
    /// Puts a proposal on the table; the next player in seat order answers first.
    pub(crate) fn propose(&mut self, give: Cards, get: Cards) {
        self.offer = [give, get];
        self.accepted = 0;
        self.proposals += 1;
        self.actor = self.current;
        self.next_answer();
    }

    /// Records an answer and moves to the next player to answer, or to the pick.
    pub(crate) fn answer(&mut self, accept: bool) {
        if accept {
            self.accepted |= 1 << self.actor;
        }
        self.next_answer();
    }

    /// The next other player after the actor in seat order, or the proposer's pick once all
    /// have answered (straight back to the turn when nobody accepted).
    fn next_answer(&mut self) {
        let next = (self.actor + 1) % self.players;
        if next == self.current {
            self.actor = self.current;
            self.phase = if self.accepted == 0 { Phase::Main } else { Phase::Pick };
        } else {
            self.actor = next;
            self.phase = Phase::Answer;
        }
    }

    /// Carries out the exchange with `partner`, if any.
    pub(crate) fn pick(&mut self, partner: Option<u8>) {
        if let Some(q) = partner {
            let (p, q) = (self.current as usize, q as usize);
            let [give, get] = self.offer.map(|c| pack(&c));
            self.hands[p] = self.hands[p] - give + get;
            self.hands[q] = self.hands[q] + give - get;
        }
        self.accepted = 0;
        self.phase = Phase::Main;
    }
}
