//! Applying Städte und Ritter's own moves (K19–K35, K39, K41, K42, K44, K50): walls, knights,
//! improvements and metropolises, bank trades with commodities, and the decisions a roll asks for.

use super::barbarians::Strength;
use super::card_kind::CardKind;
use super::checks::{ACTIVATE_PACKED, KNIGHT_PACKED, WALL_PACKED, deck_of, knight_targets, over_limit};
use super::expansion::Knight;
use super::metropolis::Change;
use super::pieces::{joined, promotion};
use super::roll::{drawing_from, proceed};
use super::tracks::Track;
use crate::ids::{Node, Resource};
use crate::longest_road;
use crate::moves::{Move, Phase};
use crate::packed::{count, one};
use crate::state::{CITY, CITY_PACKED, SETTLEMENTS, State};
use crate::topology::{EDGES, NODES, NONE, TOPOLOGY};
use crate::trade::{rate, recount_harbours};

/// Every player's road lengths recounted and the card passed on (K46: a knight placed, moved or
/// removed, a road removed).
pub(crate) fn routes_changed(s: &mut State) {
    longest_road::update(s, (1 << s.players) - 1);
}

/// Applies one of the expansion's moves (legal, see `checks::check`).
pub(crate) fn apply(s: &mut State, mv: Move) {
    let p = s.actor;
    let i = p as usize;
    match mv {
        Move::Wall(n) => {
            s.pay_bank(WALL_PACKED);
            s.ck.walls |= 1 << n.0;
            s.ck.wall_count[i] += 1;
        }
        Move::Recruit(n) => {
            s.pay_bank(KNIGHT_PACKED);
            s.ck.supply[i][0] -= 1;
            s.ck.place_knight(n.index(), Knight::new(p, Strength::Basic, false));
            routes_changed(s);
        }
        Move::Promote(n) => {
            s.pay_bank(KNIGHT_PACKED);
            promote(s, n);
        }
        Move::Activate(n) => {
            s.pay_bank(ACTIVATE_PACKED);
            s.ck.knights[n.index()] = Knight(s.ck.knights[n.index()]).activated().0;
        }
        Move::MoveKnight(from, to) => {
            let k = s.ck.lift_knight(from.index());
            if let Some(weaker) = s.ck.knight(to.index()) {
                s.ck.lift_knight(to.index());
                s.ck.place_knight(to.index(), k.spent());
                displaced(s, weaker, to);
            } else {
                s.ck.place_knight(to.index(), k.spent());
            }
            routes_changed(s);
        }
        Move::Relocate(n) => {
            let (k, _) = s.ck.pending.displaced.take().expect("a displaced knight");
            s.ck.place_knight(n.index(), k);
            s.actor = s.current;
            s.phase = Phase::Main;
            routes_changed(s);
        }
        Move::Chase(n) => {
            s.ck.knights[n.index()] = Knight(s.ck.knights[n.index()]).spent().0;
            s.phase = Phase::Robber;
        }
        Move::Improve(t) => improve(s, t, false),
        Move::Metropolis(n) => {
            let t = s.ck.pending_metropolis as usize;
            s.ck.metropolis_node[t] = n.0;
            s.phase = Phase::Main;
        }
        Move::Repair(n) => {
            s.pay_bank(CITY_PACKED);
            s.ck.sabotaged &= !(1 << n.0);
        }
        Move::Exchange(give, get) => {
            let paid = rate(s, p, give) as u64 * one(give.index());
            s.hands[i] = s.hands[i] - paid + one(get.index());
            s.bank = s.bank + paid - one(get.index());
        }
        Move::LoseCity(n) => {
            lose_city(s, n);
            s.ck.pending.losers &= !(1 << p);
            proceed(s);
        }
        Move::DefenderDeck(c) => {
            s.ck.pending.tied &= !(1 << p);
            s.ck.pending.colour = c as u8;
            s.phase = Phase::Progress;
        }
        Move::PutBack(card) if s.phase == Phase::PutBack => {
            s.ck.progress[i][card.index()] -= 1;
            s.ck.decks[deck_of(card)].put_under(card);
            if !over_limit(s, i) {
                if s.ck.pending.ending {
                    s.ck.pending.ending = false;
                    s.end_turn();
                } else {
                    proceed(s);
                }
            }
        }
        Move::Aqueduct(r) => {
            take(s, i, r);
            s.ck.pending.aqueduct &= !(1 << p);
            proceed(s);
        }
        Move::DiscardCommodity(c) => {
            let card = one(CardKind::Commodity(c).index());
            s.hands[i] -= card;
            s.bank += card;
            s.to_discard[i] -= 1;
            if s.to_discard[i] == 0 {
                s.next_discarder();
            }
        }
        Move::PutBack(card) => {
            // H5 on one's own turn: back under its deck, the turn goes on.
            s.ck.progress[i][card.index()] -= 1;
            s.ck.decks[deck_of(card)].put_under(card);
        }
        _ => unreachable!("{mv:?} is a base-game move"),
    }
}

/// The knight on `n` one level stronger, its piece exchanged with the supply's (K30, K65).
pub(crate) fn promote(s: &mut State, n: Node) {
    let k = Knight(s.ck.knights[n.index()]);
    let i = k.owner() as usize;
    let next = promotion(s, k).expect("a legal promotion");
    s.ck.supply[i][k.strength() as usize - 1] += 1;
    s.ck.supply[i][next as usize - 1] -= 1;
    s.ck.knights[n.index()] = k.with_strength(next).0;
}

/// One card of `r` from the bank, if it holds one.
fn take(s: &mut State, i: usize, r: Resource) {
    if count(s.bank, r.index()) > 0 {
        s.bank -= one(r.index());
        s.hands[i] += one(r.index());
    }
}

/// The knight `k` displaced from `at` (K34): its owner moves it on, or it goes to his supply
/// when his roads lead nowhere.
pub(crate) fn displaced(s: &mut State, k: Knight, at: Node) {
    let owner = k.owner();
    let k = k.turn_begins(false);
    let (free, _) = knight_targets(s, owner, at.index(), Strength::Basic);
    if free == 0 {
        s.ck.supply[owner as usize][k.strength() as usize - 1] += 1;
        return;
    }
    s.ck.pending.displaced = Some((k, at.0));
    s.actor = owner;
    s.phase = Phase::Relocate;
}

/// Buys the next level of `t` (K20), a commodity cheaper with a Crane (K57), and passes its
/// metropolis on (K26, K27).
pub(crate) fn improve(s: &mut State, t: Track, crane: bool) {
    let i = s.actor as usize;
    let level = s.ck.levels[i][t as usize] + 1;
    s.pay_bank((level - crane as u8) as u64 * one(CardKind::Commodity(t.commodity()).index()));
    s.ck.levels[i][t as usize] = level;
    let (next, change) = s.ck.metropolis[t as usize].after(crate::ids::Player(s.actor), level);
    s.ck.metropolis[t as usize] = next;
    match change {
        Change::None | Change::Kept => {}
        Change::Taken | Change::TakenFrom(_) => {
            s.ck.metropolis_node[t as usize] = NONE;
            s.ck.pending_metropolis = t as u8;
            s.phase = Phase::Metropolis;
        }
    }
}

/// `p`'s city on `n` lost to the barbarians (K42): a settlement from his supply takes its place;
/// with none there the city lies on its side, or under H11 leaves the board with the roads then
/// joined to none of his buildings and the knights on them. Its wall goes.
fn lose_city(s: &mut State, n: Node) {
    let p = s.actor;
    let i = p as usize;
    let bit = 1u64 << n.0;
    s.ck.cities_lost[i] += 1;
    if s.ck.walls & bit != 0 {
        s.ck.walls &= !bit;
        s.ck.wall_count[i] -= 1;
    }
    s.nodes[n.index()] &= !CITY;
    s.city_bits &= !bit;
    s.ck.sabotaged &= !bit;
    if s.settlements[i] < SETTLEMENTS {
        s.cities[i] -= 1;
        s.settlements[i] += 1;
        return;
    }
    if !s.options.house(11) {
        s.ck.sideways |= bit;
        return;
    }
    s.cities[i] -= 1;
    s.ck.cities_removed[i] += 1;
    s.nodes[n.index()] = 0;
    s.built[i] &= !bit;
    s.crowded = (0..NODES).filter(|&m| s.nodes[m] != 0).fold(0, |c, m| c | TOPOLOGY.node_near_bits[m]);
    recount_harbours(s, p);
    remove_loose_roads(s, p);
    routes_changed(s);
}

/// Removes `p`'s roads joined by his roads to none of his buildings, and his knights no road of
/// his touches any more (H11).
fn remove_loose_roads(s: &mut State, p: u8) {
    let i = p as usize;
    let reached = joined(s, p, 0);
    let mut edges = s.road_edges[i];
    while edges != 0 {
        let e = edges.trailing_zeros() as usize;
        edges &= edges - 1;
        let [a, b] = TOPOLOGY.edge_nodes[e];
        if reached & (1 << a | 1 << b) == 0 {
            s.edges[e] = 0;
            s.road_edges[i] &= !(1 << e);
            s.roads[i] -= 1;
        }
    }
    s.road_nodes[i] = (0..EDGES)
        .filter(|&e| s.road_edges[i] & (1 << e) != 0)
        .fold(0, |m, e| m | 1 << TOPOLOGY.edge_nodes[e][0] | 1 << TOPOLOGY.edge_nodes[e][1]);
    let mut loose = s.ck.knight_bits[i] & !s.road_nodes[i];
    while loose != 0 {
        let n = loose.trailing_zeros() as usize;
        loose &= loose - 1;
        let k = s.ck.lift_knight(n);
        s.ck.supply[i][k.strength() as usize - 1] += 1;
    }
}

/// The deck a progress card is drawn from now, and the card drawn goes to the player to act
/// (K12, K39, K49): a victory point is laid down, any other card taken into the hand.
pub(crate) fn progress_drawn(s: &mut State, card: super::cards::ProgressCard) {
    let deck = &mut s.ck.decks[drawing_from(s) as usize];
    let taken = deck.take(card);
    debug_assert!(taken, "the card was in the deck");
    let p = s.actor as usize;
    if card.is_victory_point() {
        s.ck.progress_points[p] += 1;
    } else {
        s.ck.progress[p][card.index()] += 1;
    }
    super::roll::drawn(s);
}
