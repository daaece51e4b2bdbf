//! A cheap value of each legal move for the player to act, found without applying the move: what
//! informed playouts pick by (`stadt_core::search::playout`; Catan's `mcts:playout=greedy`). In
//! points: what the move scores now plus twice the cards a roll is expected to bring that it adds
//! (pips / 36 per hex, the robber's hex not), and a little for what leads on. A road 0.1, a
//! development card 0.4, a knight 0.5, the other cards 0.3; the robber the production it takes
//! from the others (twice a city's) less what it takes from the player, plus 0.2 for a steal; a
//! discard the share of the hand of that kind. Trades, rolls, ends and answers 0.

use crate::board::pips;
use crate::ids::{Hex, Node};
use crate::moves::Move;
use crate::packed::{count, sum};
use crate::state::State;
use crate::topology::{NONE, TOPOLOGY};

/// The expected cards a roll brings from the hexes around intersection `n` (the robber's not).
fn yield_at(s: &State, n: Node) -> f64 {
    let mut dots = 0;
    for &h in &TOPOLOGY.node_hexes[n.index()] {
        if h == NONE {
            break;
        }
        if h != s.robber.0 && s.board.terrain[h as usize].is_some() {
            dots += pips(s.board.numbers[h as usize]) as u32;
        }
    }
    dots as f64 / 36.0
}

/// The production the robber on `h` takes from the others less what it takes from `p`.
fn blocked(s: &State, h: Hex, p: u8) -> f64 {
    if s.board.terrain[h.index()].is_none() {
        return 0.0;
    }
    let dots = pips(s.board.numbers[h.index()]) as f64 / 36.0;
    let corners = TOPOLOGY.hex_node_bits[h.index()];
    let mut v = 0.0;
    for q in 0..s.players {
        let here = s.built[q as usize] & corners;
        let cards = here.count_ones() + (here & s.city_bits).count_ones();
        v += if q == p { -1.0 } else { 1.0 } * cards as f64 * dots;
    }
    v
}

/// The value of `mv` for the player to act in `s` (legal there).
pub(crate) fn move_value(s: &State, mv: Move) -> f64 {
    let p = s.actor;
    match mv {
        Move::Settle(n) | Move::City(n) => 1.0 + 2.0 * yield_at(s, n),
        Move::Road(_) => 0.1,
        Move::Buy => 0.4,
        Move::Knight => 0.5,
        Move::RoadBuilding | Move::YearOfPlenty(..) | Move::Monopoly(_) => 0.3,
        Move::Robber(h, v) => 2.0 * blocked(s, h, p) + if v.is_some() { 0.2 } else { 0.0 },
        Move::Discard(r) => {
            let hand = s.hands[p as usize];
            count(hand, r.index()) as f64 / sum(hand).max(1) as f64
        }
        Move::Improve(_) | Move::Crane(_) => 0.6,
        Move::Play(_)
        | Move::Alchemist(..)
        | Move::Engineer(_)
        | Move::Inventor(..)
        | Move::Medicine(_)
        | Move::Smith(..)
        | Move::Merchant(_)
        | Move::Fleet(_)
        | Move::ResourceMonopoly(_)
        | Move::TradeMonopoly(_)
        | Move::Bishop(_)
        | Move::Deserter(_)
        | Move::Diplomat(_)
        | Move::Intrigue(_)
        | Move::Spy(_)
        | Move::MasterMerchant(_)
        | Move::Sabotage(_) => 0.4,
        Move::Repair(_) => 0.5,
        Move::HarbourOffer(..)
        | Move::Desert(_)
        | Move::Place(_)
        | Move::SpyTake(_)
        | Move::Take(_)
        | Move::Give(_)
        | Move::Skip => 0.0,
        Move::Wall(_) | Move::Recruit(_) | Move::Promote(_) | Move::Activate(_) => 0.3,
        Move::MoveKnight(..) | Move::Chase(_) => 0.1,
        Move::DiscardCommodity(c) => {
            let hand = s.hands[p as usize];
            count(hand, 5 + c as usize) as f64 / sum(hand).max(1) as f64
        }
        Move::Roll
        | Move::Relocate(_)
        | Move::Metropolis(_)
        | Move::Exchange(..)
        | Move::LoseCity(_)
        | Move::DefenderDeck(_)
        | Move::PutBack(_)
        | Move::Aqueduct(_)
        | Move::End
        | Move::Trade(..)
        | Move::Propose(..)
        | Move::Accept
        | Move::Decline
        | Move::Pick(_) => 0.0,
    }
}
