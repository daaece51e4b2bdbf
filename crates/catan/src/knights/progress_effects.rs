//! What the progress cards do (K56–K82, H7, H8, H10): a card played goes under its deck (K52)
//! and takes effect; the cards that ask others or the player for a choice set the step that asks.

use super::barbarians::Strength;
use super::card_kind::CardKind;
use super::cards::ProgressCard::{self, *};
use super::checks::{deck_of, first_from_roller};
use super::expansion::Knight;
use super::pieces::{joined, recruit_sites};
use super::play::{displaced, improve, promote, routes_changed};
use super::progress_checks::{MEDICINE_PACKED, deserter_strength, harvest, saboteur_hits};
use crate::ids::{Hex, Player, Resource};
use crate::moves::{Move, Phase};
use crate::packed::{COMMODITIES, count, one, sum};
use crate::sites::any_road_site;
use crate::state::{NOBODY, ROADS, State};
use crate::topology::{HEXES, TOPOLOGY};

/// The played card leaves the hand for the bottom of its deck (K52).
fn spend(s: &mut State, card: ProgressCard) {
    let i = s.current as usize;
    s.ck.progress[i][card.index()] -= 1;
    s.ck.decks[deck_of(card)].put_under(card);
}

/// Moves up to `n` cards of lane `lane` from `from`'s hand to `to`'s.
fn hand_over(s: &mut State, from: usize, to: usize, lane: usize, n: u8) {
    let moved = n.min(count(s.hands[from], lane)) as u64 * one(lane);
    s.hands[from] -= moved;
    s.hands[to] += moved;
}

/// Applies a card move of the player on turn (legal, see `progress_checks::check`).
pub(crate) fn play_card(s: &mut State, mv: Move) {
    let p = s.current;
    let i = p as usize;
    if let Some(card) = super::progress_checks::card_of(mv)
        && !matches!(mv, Move::HarbourOffer(..))
    {
        spend(s, card);
    }
    match mv {
        Move::Play(k) => play_plain(s, k),
        Move::Alchemist(r, y) => {
            s.ck.in_play.alchemist = (r, y);
            s.phase = Phase::Dice;
        }
        Move::Crane(t) => improve(s, t, true),
        Move::Engineer(n) => {
            s.ck.walls |= 1 << n.0;
            s.ck.wall_count[i] += 1;
        }
        Move::Inventor(a, b) => swap_tokens(s, a, b),
        Move::Medicine(n) => {
            s.pay_bank(MEDICINE_PACKED);
            s.upgrade_city(n);
        }
        Move::Smith(a, b) => {
            for n in std::iter::once(a).chain(b) {
                promote(s, n);
            }
        }
        Move::Merchant(h) => {
            s.ck.merchant = h.0;
            s.ck.merchant_owner = p;
        }
        Move::Fleet(k) => s.ck.in_play.fleet |= 1 << k.index(),
        Move::ResourceMonopoly(r) => {
            for q in (0..s.players as usize).filter(|&q| q != i) {
                hand_over(s, q, i, r.index(), 2);
            }
        }
        Move::TradeMonopoly(c) => {
            for q in (0..s.players as usize).filter(|&q| q != i) {
                hand_over(s, q, i, CardKind::Commodity(c).index(), 1);
            }
        }
        Move::Bishop(h) => {
            s.robber = h;
            let corners = TOPOLOGY.hex_node_bits[h.index()];
            s.ck.in_play.bishop = (0..s.players)
                .filter(|&q| q != p && s.built[q as usize] & corners != 0 && s.hands[q as usize] != 0)
                .fold(0, |m, q| m | 1 << q);
            next_bishop_victim(s);
        }
        Move::Deserter(q) => {
            s.actor = q.0;
            s.phase = Phase::Desert;
        }
        Move::Diplomat(e) => {
            let q = s.edges[e.index()] - 1;
            s.remove_road(e);
            // H7: a knight the removal cut off from its owner's buildings goes to his supply.
            let mut cut = s.ck.knight_bits[q as usize] & !joined(s, q, 0);
            while cut != 0 {
                let n = cut.trailing_zeros() as usize;
                cut &= cut - 1;
                let k = s.ck.lift_knight(n);
                s.ck.supply[q as usize][k.strength() as usize - 1] += 1;
            }
            routes_changed(s);
            if q == p && s.roads[i] < ROADS && any_road_site(s, p) {
                s.phase = Phase::DiplomatRoad;
            }
        }
        Move::Intrigue(n) => {
            let k = s.ck.lift_knight(n.index());
            displaced(s, k, n);
            routes_changed(s);
        }
        Move::Spy(q) => {
            s.ck.in_play.spied = q.0;
            s.phase = Phase::Spy;
        }
        Move::MasterMerchant(q) => {
            // K85: the player sees the whole hand.
            s.known[i][q.index()] = s.hands[q.index()];
            s.ck.in_play.take_from = q.0;
            s.ck.in_play.to_take = sum(s.hands[q.index()]).min(2) as u8;
            s.phase = Phase::Take;
        }
        Move::Sabotage(n) => s.ck.sabotaged |= 1 << n.0,
        Move::HarbourOffer(q, r) => {
            s.ck.in_play.harbour_done |= 1 << q.0;
            // A player without a commodity gives nothing, and the resource stays (K67).
            if s.hands[q.index()] & COMMODITIES != 0 {
                s.ck.in_play.offered = r.index() as u8;
                s.actor = q.0;
                s.phase = Phase::HarbourGive;
            }
        }
        _ => unreachable!("{mv:?} plays no progress card"),
    }
}

/// A card that names nothing (or, under H14, one that cannot work: lost).
fn play_plain(s: &mut State, k: ProgressCard) {
    let p = s.current;
    let i = p as usize;
    match k {
        Irrigation | Mining => {
            let r = if k == Irrigation { Resource::Grain } else { Resource::Ore };
            let n = harvest(s, p, r).min(count(s.bank, r.index()));
            s.bank -= n as u64 * one(r.index());
            s.hands[i] += n as u64 * one(r.index());
        }
        RoadBuilding if s.roads[i] < ROADS && any_road_site(s, p) => {
            s.free_roads = 2.min(ROADS - s.roads[i]);
            s.phase = Phase::FreeRoads;
        }
        CommercialHarbor => s.ck.in_play.harbour = true,
        Saboteur => {
            for q in 0..s.players {
                s.to_discard[q as usize] =
                    if q != p && saboteur_hits(s, q) { (sum(s.hands[q as usize]) / 2) as u8 } else { 0 };
            }
            s.ck.in_play.sabotage = true;
            s.actor = NOBODY;
            s.next_discarder();
        }
        Warlord => {
            let mut mine = s.ck.knight_bits[i];
            while mine != 0 {
                let n = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                s.ck.knights[n] = Knight(s.ck.knights[n]).activated().0;
            }
        }
        Wedding => {
            let me = s.points(Player(p));
            s.ck.in_play.givers = (0..s.players)
                .filter(|&q| q != p && s.points(Player(q)) > me && s.hands[q as usize] != 0)
                .fold(0, |m, q| m | 1 << q);
            next_giver(s);
        }
        _ => {}
    }
}

/// Swaps two hexes' number tokens (K59).
fn swap_tokens(s: &mut State, a: Hex, b: Hex) {
    let numbers = &mut s.board.numbers;
    numbers.swap(a.index(), b.index());
    for h in [a, b] {
        for n in &mut s.hexes_of {
            *n &= !(1 << h.0);
        }
        s.hexes_of[s.board.numbers[h.index()] as usize] |= 1 << h.0;
    }
    debug_assert!(a.index() < HEXES && b.index() < HEXES);
}

/// The next player a Bishop robs, a chance step; or the main step (K74).
pub(crate) fn next_bishop_victim(s: &mut State) {
    match first_from_roller(s, s.ck.in_play.bishop) {
        Some(q) => {
            s.ck.in_play.bishop &= !(1 << q);
            s.victim = q;
            s.actor = s.current;
            s.phase = Phase::Steal;
        }
        None => {
            s.actor = s.current;
            s.phase = Phase::Main;
        }
    }
}

/// The next player who gives for a Wedding (K82), or the main step.
fn next_giver(s: &mut State) {
    match first_from_roller(s, s.ck.in_play.givers) {
        Some(q) => {
            s.ck.in_play.givers &= !(1 << q);
            s.ck.in_play.to_give = sum(s.hands[q as usize]).min(2) as u8;
            s.actor = q;
            s.phase = Phase::Give;
        }
        None => {
            s.actor = s.current;
            s.phase = Phase::Main;
        }
    }
}

/// Applies a move at one of the progress cards' own steps (see `progress_checks::check_step`).
pub(crate) fn play_step(s: &mut State, mv: Move) {
    let cur = s.current as usize;
    let a = s.actor as usize;
    match (s.phase, mv) {
        (Phase::HarbourGive, Move::Give(k)) => {
            hand_over(s, a, cur, k.index(), 1);
            hand_over(s, cur, a, s.ck.in_play.offered as usize, 1);
            back_to_main(s);
        }
        (Phase::Give, Move::Give(k)) => {
            hand_over(s, a, cur, k.index(), 1);
            s.ck.in_play.to_give -= 1;
            if s.ck.in_play.to_give == 0 {
                next_giver(s);
            }
        }
        (Phase::Take, Move::Take(k)) => {
            hand_over(s, s.ck.in_play.take_from as usize, cur, k.index(), 1);
            s.ck.in_play.to_take -= 1;
            if s.ck.in_play.to_take == 0 {
                back_to_main(s);
            }
        }
        (Phase::Desert, Move::Desert(n)) => {
            let k = s.ck.lift_knight(n.index());
            s.ck.supply[a][k.strength() as usize - 1] += 1;
            routes_changed(s);
            s.ck.in_play.deserted = Some(k);
            s.actor = s.current;
            let can = deserter_strength(s, k).is_some() && recruit_sites(s, s.current) != 0;
            s.phase = if can { Phase::DeserterPlace } else { Phase::Main };
        }
        (Phase::DeserterPlace, Move::Place(n)) => {
            let removed = s.ck.in_play.deserted.take().expect("a deserted knight");
            let strength: Strength = deserter_strength(s, removed).expect("a knight to place");
            s.ck.supply[cur][strength as usize - 1] -= 1;
            s.ck.place_knight(n.index(), Knight::new(s.current, strength, removed.active()));
            routes_changed(s);
            back_to_main(s);
        }
        (Phase::DiplomatRoad, Move::Road(e)) => {
            s.place_road(e);
            back_to_main(s);
        }
        (Phase::Spy, Move::SpyTake(card)) => {
            let v = s.ck.in_play.spied as usize;
            s.ck.progress[v][card.index()] -= 1;
            s.ck.progress[cur][card.index()] += 1;
            back_to_main(s);
        }
        (_, Move::Skip) => {
            s.ck.in_play.deserted = None;
            back_to_main(s);
        }
        _ => unreachable!("{mv:?} at {:?}", s.phase),
    }
}

/// The player on turn goes on with his main step.
fn back_to_main(s: &mut State) {
    s.actor = s.current;
    s.phase = Phase::Main;
}
