//! Which moves are legal: one check per move naming the rule it breaks, and the list of legal
//! moves of the step, into a caller's buffer. Both use the same predicates.

use crate::devcards::{playable, year_of_plenty_ok};
use crate::domestic::{proposal_ok, proposals};
use crate::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use crate::illegal::Illegal;
use crate::knights::checks;
use crate::knights::progress_checks::card_step;
use crate::moves::{Move, Phase};
use crate::packed::{ONE_EACH, at_least, count, covers, kinds, pack};
use crate::robber::{robbable, robber_ok, victims_among};
use crate::sites::{
    any_road_site, built_road_ok, built_settlement_ok, free_road_ok, need, push_bits, road_sites,
    settlement_site, setup_road_ok,
};
use crate::state::{
    CARD_PACKED, CITIES, CITY, CITY_PACKED, DECK, ROAD_PACKED, ROADS, SETTLEMENT_PACKED, SETTLEMENTS, State,
};
use crate::topology::{ALL_NODES, HEXES, NODES, NONE, TOPOLOGY};

/// Whether road building may be played (C26): a road can be placed, and under Catanatron's
/// reading the player holds a road's cost.
fn road_building(s: &State) -> Result<(), Illegal> {
    let p = s.actor;
    need(playable(s, DevCard::RoadBuilding), Illegal::CardNotPlayable)?;
    need(s.roads[p as usize] < ROADS && any_road_site(s, p), Illegal::NoRoadToPlace)?;
    need(!s.options.road_building_cost || covers(s.hands[p as usize], ROAD_PACKED), Illegal::CannotAfford)
}

impl State {
    /// Whether `mv` is legal now; if not, why, naming the rule.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        if self.phase.is_chance() {
            return Err(Illegal::NotChanceStep);
        }
        if self.options.knights() {
            return checks::check(self, mv);
        }
        let p = self.actor;
        let i = p as usize;
        let hand = self.hands[i];
        match (self.phase, mv) {
            (Phase::SetupSettlement, Move::Settle(n)) => {
                need(n.index() < NODES, Illegal::OutOfRange)?;
                settlement_site(self, n.index())
            }
            (Phase::SetupRoad, Move::Road(e)) => setup_road_ok(self, e),
            (Phase::PreRoll, Move::Roll) | (Phase::Main, Move::End) => Ok(()),
            (Phase::PreRoll | Phase::Main, Move::Knight) => {
                need(playable(self, DevCard::Knight), Illegal::CardNotPlayable)
            }
            (Phase::PreRoll | Phase::Main, Move::RoadBuilding) => road_building(self),
            (Phase::PreRoll | Phase::Main, Move::YearOfPlenty(a, b)) => {
                need(playable(self, DevCard::YearOfPlenty), Illegal::CardNotPlayable)?;
                year_of_plenty_ok(self, a, b)
            }
            (Phase::PreRoll | Phase::Main, Move::Monopoly(_)) => {
                need(playable(self, DevCard::Monopoly), Illegal::CardNotPlayable)
            }
            (Phase::Main, Move::Road(e)) => built_road_ok(self, p, e),
            (Phase::FreeRoads, Move::Road(e)) => free_road_ok(self, p, e),
            (Phase::Main, Move::Settle(n)) => built_settlement_ok(self, p, n),
            (Phase::Main, Move::City(n)) => {
                need(n.index() < NODES, Illegal::OutOfRange)?;
                need(self.nodes[n.index()] == p + 1, Illegal::NoOwnSettlement)?;
                need(covers(hand, CITY_PACKED), Illegal::CannotAfford)?;
                need(self.cities[i] < CITIES, Illegal::NoPieceLeft)
            }
            (Phase::Main, Move::Buy) => {
                need(covers(hand, CARD_PACKED), Illegal::CannotAfford)?;
                need((self.deck_top as usize) < DECK, Illegal::DeckEmpty)
            }
            (Phase::Main, Move::Trade(give, get)) => {
                need(
                    give != get && count(hand, give.index()) >= self.rate(Player(p), give),
                    Illegal::BadTrade,
                )?;
                need(count(self.bank, get.index()) > 0, Illegal::BankCannotPay)
            }
            (Phase::Main, Move::Propose(give, get)) => proposal_ok(self, &give, &get),
            (Phase::Answer, Move::Decline) => Ok(()),
            (Phase::Answer, Move::Accept) => need(covers(hand, pack(&self.offer[1])), Illegal::CannotAccept),
            (Phase::Pick, Move::Pick(None)) => Ok(()),
            (Phase::Pick, Move::Pick(Some(q))) => {
                need(q.index() < 8 && self.accepted & (1 << q.0) != 0, Illegal::NotAccepted)
            }
            (Phase::Discard, Move::Discard(r)) => need(count(hand, r.index()) > 0, Illegal::NoSuchCard),
            (Phase::Robber, Move::Robber(h, v)) => robber_ok(self, p, h, v),
            (_, mv) if !base_move(mv) => Err(Illegal::NotThisGame),
            _ => Err(Illegal::WrongStep),
        }
    }

    /// The legal moves of the player to act, into `out` (cleared first); empty at a chance step
    /// or once the game is over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.options.knights() && knights_step(self.phase) {
            checks::legal_moves(self, out);
            return;
        }
        let p = self.actor;
        let i = p as usize;
        let hand = self.hands[i];
        match self.phase {
            Phase::SetupSettlement => {
                push_bits(out, (ALL_NODES & !self.crowded) as u128, |n| Move::Settle(Node(n)));
            }
            Phase::SetupRoad => {
                for &e in &TOPOLOGY.node_edges[self.last_settlement.index()] {
                    if e != NONE && self.edges[e as usize] == 0 {
                        out.push(Move::Road(Edge(e)));
                    }
                }
            }
            Phase::PreRoll => {
                out.push(Move::Roll);
                self.card_moves(out);
            }
            Phase::Main => {
                out.push(Move::End);
                if covers(hand, ROAD_PACKED) && self.roads[i] < ROADS {
                    self.road_moves(out);
                }
                if covers(hand, SETTLEMENT_PACKED) && self.settlements[i] < SETTLEMENTS {
                    push_bits(out, (self.road_nodes[i] & !self.crowded) as u128, |n| Move::Settle(Node(n)));
                }
                if covers(hand, CITY_PACKED) && self.cities[i] < CITIES {
                    push_bits(out, (self.built[i] & !self.city_bits) as u128, |n| Move::City(Node(n)));
                }
                if covers(hand, CARD_PACKED) && (self.deck_top as usize) < DECK {
                    out.push(Move::Buy);
                }
                self.card_moves(out);
                if self.options.player_trade {
                    proposals(self, out);
                }
                let payable = at_least(self.bank, ONE_EACH);
                for give in kinds(at_least(hand, self.rates[i])) {
                    for get in kinds(payable & !(0xFF << (8 * give))) {
                        out.push(Move::Trade(Resource::ALL[give], Resource::ALL[get]));
                    }
                }
            }
            Phase::FreeRoads => self.road_moves(out),
            Phase::Answer => {
                if covers(hand, pack(&self.offer[1])) {
                    out.push(Move::Accept);
                }
                out.push(Move::Decline);
            }
            Phase::Pick => {
                out.push(Move::Pick(None));
                for q in 0..self.players {
                    if self.accepted & (1 << q) != 0 {
                        out.push(Move::Pick(Some(Player(q))));
                    }
                }
            }
            Phase::Discard => {
                for r in kinds(at_least(hand, ONE_EACH)) {
                    out.push(Move::Discard(Resource::ALL[r]));
                }
            }
            Phase::Robber => {
                let robbable = robbable(self, p);
                let any = robbable[0] | robbable[1] | robbable[2] | robbable[3];
                for h in 0..HEXES as u8 {
                    if h == self.robber.0 {
                        continue;
                    }
                    // Most hexes touch nobody's building who could be robbed.
                    let set = if TOPOLOGY.hex_node_bits[h as usize] & any == 0 {
                        0
                    } else {
                        victims_among(&robbable, Hex(h))
                    };
                    if set == 0 {
                        out.push(Move::Robber(Hex(h), None));
                    }
                    push_bits(out, set as u128, |v| Move::Robber(Hex(h), Some(Player(v))));
                }
            }
            Phase::Dice
            | Phase::RandomDiscard
            | Phase::Steal
            | Phase::Draw
            | Phase::Progress
            | Phase::Over
            | Phase::LoseCity
            | Phase::DefenderDeck
            | Phase::PutBack
            | Phase::Aqueduct
            | Phase::Relocate
            | Phase::Metropolis
            | Phase::HarbourGive
            | Phase::Take
            | Phase::Desert
            | Phase::DeserterPlace
            | Phase::DiplomatRoad
            | Phase::Spy
            | Phase::Give => {}
        }
    }

    fn road_moves(&self, out: &mut Vec<Move>) {
        push_bits(out, road_sites(self, self.actor), |e| Move::Road(Edge(e)));
    }

    /// The development cards the player on turn may play now (C24–C28).
    #[inline(always)]
    fn card_moves(&self, out: &mut Vec<Move>) {
        // Most of the time there is no card to play: one look at the hand of cards.
        let [knight, plenty, monopoly, roads, _] = self.dev[self.current as usize];
        if !self.dev_played && knight | plenty | monopoly | roads != 0 {
            self.playable_cards(out);
        }
    }

    /// The moves of `card_moves` once the player holds a card he may have bought before.
    fn playable_cards(&self, out: &mut Vec<Move>) {
        if playable(self, DevCard::Knight) {
            out.push(Move::Knight);
        }
        if road_building(self).is_ok() {
            out.push(Move::RoadBuilding);
        }
        if playable(self, DevCard::YearOfPlenty) {
            for (k, &a) in Resource::ALL.iter().enumerate() {
                for &b in &Resource::ALL[k..] {
                    if year_of_plenty_ok(self, a, Some(b)).is_ok() {
                        out.push(Move::YearOfPlenty(a, Some(b)));
                    }
                }
                if year_of_plenty_ok(self, a, None).is_ok() {
                    out.push(Move::YearOfPlenty(a, None));
                }
            }
        }
        if playable(self, DevCard::Monopoly) {
            for r in Resource::ALL {
                out.push(Move::Monopoly(r));
            }
        }
    }
}

/// Whether `mv` is a move of the base game (the rest are Städte und Ritter's).
fn base_move(mv: Move) -> bool {
    matches!(
        mv,
        Move::Settle(_)
            | Move::Road(_)
            | Move::City(_)
            | Move::Buy
            | Move::Roll
            | Move::End
            | Move::Knight
            | Move::RoadBuilding
            | Move::YearOfPlenty(..)
            | Move::Monopoly(_)
            | Move::Robber(..)
            | Move::Discard(_)
            | Move::Trade(..)
            | Move::Propose(..)
            | Move::Accept
            | Move::Decline
            | Move::Pick(_)
    )
}

/// Whether Städte und Ritter lists the moves of `phase` its own way (the others are the base
/// game's: the set-up, the robber, player trade).
fn knights_step(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::PreRoll
            | Phase::Main
            | Phase::Discard
            | Phase::Metropolis
            | Phase::LoseCity
            | Phase::DefenderDeck
            | Phase::PutBack
            | Phase::Aqueduct
            | Phase::Relocate
    ) || card_step(phase)
}

/// Whether intersection `n` holds a city (for the reference checks and pictures).
pub fn is_city(s: &State, n: Node) -> bool {
    s.nodes[n.index()] & CITY != 0
}
