//! Where a player's pieces stand and what they allow under Städte und Ritter (K17, K20, K23,
//! K26, K29, K30): his cities, where he may recruit, what a promotion makes, whether a level may be
//! bought, whether the robber may move. Shared by the checks of moves and of progress cards.

use super::barbarians::Strength;
use super::card_kind::CardKind;
use super::expansion::Knight;
use super::tracks::{Track, can_improve};
use crate::ids::Player;
use crate::illegal::Illegal;
use crate::packed::count;
use crate::state::State;
use crate::topology::TOPOLOGY;

/// The intersections `q`'s roads join to one of his buildings, without the paths `gone` (K36,
/// K42 under H11, K77).
pub(crate) fn joined(s: &State, q: u8, gone: u128) -> u64 {
    let i = q as usize;
    let roads = s.road_edges[i] & !gone;
    let mut reached = s.built[i];
    loop {
        let mut more = reached;
        let mut edges = roads;
        while edges != 0 {
            let e = edges.trailing_zeros() as usize;
            edges &= edges - 1;
            let [a, b] = TOPOLOGY.edge_nodes[e];
            if reached & (1 << a | 1 << b) != 0 {
                more |= 1 << a | 1 << b;
            }
        }
        if more == reached {
            return reached;
        }
        reached = more;
    }
}

/// Where `p` may recruit a knight (K29): empty intersections his roads touch.
pub(crate) fn recruit_sites(s: &State, p: u8) -> u64 {
    s.road_nodes[p as usize] & !s.occupied() & !s.ck.all_knights()
}

/// `p`'s cities standing upright (not on their side, K42), a bit each.
pub(crate) fn cities_of(s: &State, p: u8) -> u64 {
    s.built[p as usize] & s.city_bits
}

/// `p`'s cities without a metropolis, a bit each: where a metropolis may go (K26) and what the
/// barbarians may take (K40).
pub(crate) fn free_cities(s: &State, p: u8) -> u64 {
    cities_of(s, p) & !s.ck.metropolis_bits()
}

/// What promoting the knight `k` makes of it, if `p` may (K30, K23): a strong knight from a
/// basic one, a mighty one from a strong one with the fortress, a piece of that strength in
/// his supply, not promoted on this turn yet.
pub(crate) fn promotion(s: &State, k: Knight) -> Option<Strength> {
    let p = k.owner() as usize;
    let next = match k.strength() {
        Strength::Basic => Strength::Strong,
        Strength::Strong if s.ck.levels[p][Track::Politics as usize] >= 3 => Strength::Mighty,
        _ => return None,
    };
    (!k.promoted() && s.ck.supply[p][next as usize - 1] > 0).then_some(next)
}

/// Whether the robber may move: after the first barbarian attack (K17).
pub(crate) fn robber_active(s: &State) -> bool {
    s.ck.ship.attacks > 0
}

/// `p`'s cities that may carry a metropolis (K26): without one, and not sabotaged (H9).
pub(crate) fn metropolis_sites(s: &State, p: u8) -> u64 {
    free_cities(s, p) & !s.ck.sabotaged
}

/// Why `p` cannot buy the next level of `t`, a Crane taking a commodity off if `crane` (K57).
pub(crate) fn improvable_with(s: &State, p: u8, t: Track, crane: bool) -> Result<(), Illegal> {
    let i = p as usize;
    let holds = s.ck.metropolis[t as usize].holder() == Some(Player(p));
    let paid_in = CardKind::Commodity(t.commodity()).index();
    can_improve(
        s.ck.levels[i][t as usize],
        cities_of(s, p).count_ones() as u8,
        metropolis_sites(s, p).count_ones() as u8,
        holds,
        count(s.hands[i], paid_in),
        crane,
    )
    .map_err(|_| Illegal::CannotImprove)
}
