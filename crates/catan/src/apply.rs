//! Applying a move or a chance outcome: the turn's flow (C12–C14), building (C17–C21), cards
//! (C23–C28), the seven (C29, C30) and the end (C38, C39). Every random choice is a `Chance`
//! that can be given (to replay a log) or drawn from the game's own generator and deck.

use crate::devcards::update_army;
use crate::ids::{Cards, DevCard, Edge, Node, Player, Resource, total};
use crate::illegal::Illegal;
use crate::knights::card_kind::CardKind;
use crate::knights::checks::over_limit;
use crate::knights::expansion::Knight;
use crate::knights::pieces::robber_active;
use crate::knights::play::{self, progress_drawn};
use crate::knights::progress_checks::card_of;
use crate::knights::progress_effects::{next_bishop_victim, play_card, play_step};
use crate::knights::roll::{drawing_from, rolled};
use crate::longest_road;
use crate::moves::{Chance, Move, Phase};
use crate::options::{Discard, Win};
use crate::packed::{ONE_EACH, ONE_OF_ALL, count, covers, one, pack, sub_floor, sum};
use crate::production::{produce, second_settlement_yield, take_from_bank};
use crate::sites::any_road_site;
use crate::state::{
    CARD_PACKED, CITY, CITY_PACKED, HAND_LIMIT, MAX_PLAYERS, NOBODY, ROAD_PACKED, ROADS, SETTLEMENT_PACKED,
    State,
};
use crate::topology::TOPOLOGY;
use crate::trade::settle_harbour;
use rand::RngExt;

impl State {
    /// Checks and applies a move.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Applies a legal move (see `check`); an illegal one leaves the game in an unspecified state.
    pub fn apply(&mut self, mv: Move) {
        // Every change a move makes to a hand is seen by all (C41), but a Master Merchant's
        // take, seen by the two players alone (K85).
        let before = self.hands;
        if let Move::Take(k) = mv {
            let from = self.ck.in_play.take_from as usize;
            self.apply_move(mv);
            self.seen_by_two(from, k.index());
            return;
        }
        self.apply_move(mv);
        self.seen_by_all(&before);
    }

    fn apply_move(&mut self, mv: Move) {
        self.steps += 1;
        self.chance_log.clear();
        let p = self.actor;
        let i = p as usize;
        match mv {
            Move::Settle(n) => {
                if self.phase == Phase::SetupSettlement {
                    self.place_settlement(n);
                    self.last_settlement = n;
                    // K7: the second round places a city.
                    if self.options.knights() && self.setup_step >= self.players {
                        self.raise_city(n);
                    }
                    if self.setup_step >= self.players {
                        second_settlement_yield(self, n);
                    }
                    self.phase = Phase::SetupRoad;
                    return;
                }
                self.pay_bank(SETTLEMENT_PACKED);
                self.place_settlement(n);
            }
            Move::Road(e) => match self.phase {
                Phase::SetupRoad => {
                    self.place_road(e);
                    self.setup_step += 1;
                    self.next_setup_player();
                    return;
                }
                Phase::DiplomatRoad => play_step(self, mv),
                Phase::FreeRoads => {
                    self.place_road(e);
                    self.free_roads -= 1;
                    if self.free_roads == 0 || self.roads[i] >= ROADS || !any_road_site(self, p) {
                        self.free_roads = 0;
                        self.phase = self.turn_phase();
                    }
                }
                _ => {
                    self.pay_bank(ROAD_PACKED);
                    self.place_road(e);
                }
            },
            Move::City(n) => {
                self.pay_bank(CITY_PACKED);
                self.upgrade_city(n);
            }
            Move::Buy => {
                self.pay_bank(CARD_PACKED);
                self.phase = Phase::Draw;
            }
            Move::Roll => self.phase = Phase::Dice,
            Move::End => {
                // K50: the surplus of progress cards goes back before the turn ends.
                if self.options.knights() && over_limit(self, i) {
                    self.ck.pending.ending = true;
                    self.phase = Phase::PutBack;
                    return;
                }
                self.end_turn();
                if self.phase == Phase::Over {
                    return;
                }
            }
            Move::Knight => {
                self.play_card(DevCard::Knight);
                update_army(self, p);
                self.phase = Phase::Robber;
            }
            Move::RoadBuilding => {
                self.play_card(DevCard::RoadBuilding);
                self.free_roads = 2.min(ROADS - self.roads[i]);
                self.phase = Phase::FreeRoads;
            }
            Move::YearOfPlenty(a, b) => {
                self.play_card(DevCard::YearOfPlenty);
                take_from_bank(self, i, a, 1);
                if let Some(b) = b {
                    take_from_bank(self, i, b, 1);
                }
            }
            Move::Monopoly(r) => {
                self.play_card(DevCard::Monopoly);
                let kind = 0xFF << (8 * r.index());
                for q in 0..self.players as usize {
                    if q != i {
                        self.hands[i] += self.hands[q] & kind;
                        self.hands[q] &= !kind;
                    }
                }
            }
            Move::Robber(h, v) => {
                self.robber = h;
                match v {
                    Some(v) => {
                        self.victim = v.0;
                        self.phase = Phase::Steal;
                    }
                    None => self.phase = self.turn_phase(),
                }
            }
            Move::Discard(r) => {
                self.hands[i] -= one(r.index());
                self.bank += one(r.index());
                self.to_discard[i] -= 1;
                if self.to_discard[i] == 0 {
                    self.next_discarder();
                }
            }
            Move::Propose(give, get) => self.propose(give, get),
            Move::Accept => self.answer(true),
            Move::Decline => self.answer(false),
            Move::Pick(q) => self.pick(q.map(|q| q.0)),
            Move::Trade(give, get) => {
                let paid = self.rate(Player(p), give) as u64 * one(give.index());
                self.hands[i] = self.hands[i] - paid + one(get.index());
                self.bank = self.bank + paid - one(get.index());
            }
            Move::Give(_)
            | Move::Take(_)
            | Move::Desert(_)
            | Move::Place(_)
            | Move::SpyTake(_)
            | Move::Skip => play_step(self, mv),
            _ if card_of(mv).is_some() => play_card(self, mv),
            _ => play::apply(self, mv),
        }
        // Only these change someone's points (a building, longest road, largest army) or whose
        // turn it is; after any other move the last check still holds (C38). Under Städte und
        // Ritter many more do (K84): every move is checked.
        if self.options.knights()
            || matches!(mv, Move::Settle(_) | Move::City(_) | Move::Road(_) | Move::Knight | Move::End)
        {
            self.check_win();
        }
    }

    /// Ends the turn (C14): the next player's turn begins, or the game ends at the turn limit
    /// (C39). Under Städte und Ritter his active knights may act in it (K32).
    pub(crate) fn end_turn(&mut self) {
        let i = self.current as usize;
        self.fresh[i] = [0; 5];
        self.proposals = 0;
        self.dev_played = false;
        self.rolled = false;
        self.turns += 1;
        self.current = (self.current + 1) % self.players;
        self.actor = self.current;
        self.phase = Phase::PreRoll;
        if self.options.knights() {
            // What progress cards gave for the turn ends with it (K67, K70).
            self.ck.in_play = Default::default();
            for k in self.ck.knights.iter_mut() {
                if *k != 0 {
                    let knight = Knight(*k);
                    *k = knight.turn_begins(knight.owner() == self.current).0;
                }
            }
        }
        // C39: Catanatron counts the set-up round's hand-overs (2(n − 1)) as turns.
        let setup = if self.options.setup_turns { 2 * (self.players as u16 - 1) } else { 0 };
        if self.turns + setup >= self.options.turn_limit {
            self.phase = Phase::Over;
        }
    }

    /// The player to act's settlement on `n` becomes a city (C20), or his city on its side is
    /// raised again, its piece never having left the board (K42).
    pub(crate) fn upgrade_city(&mut self, n: Node) {
        if self.ck.sideways & (1 << n.0) != 0 {
            self.ck.sideways &= !(1 << n.0);
            self.nodes[n.index()] |= CITY;
            self.city_bits |= 1 << n.0;
        } else {
            self.raise_city(n);
        }
    }

    /// A settlement of the player to act on `n` becomes a city (C20, K7).
    fn raise_city(&mut self, n: Node) {
        let i = self.actor as usize;
        self.nodes[n.index()] |= CITY;
        self.city_bits |= 1 << n.0;
        self.settlements[i] -= 1;
        self.cities[i] += 1;
    }

    /// Checks and applies a chance outcome at a chance step.
    pub fn chance(&mut self, c: Chance) -> Result<(), Illegal> {
        let ok = match (self.phase, c) {
            (Phase::Dice, Chance::Dice(a, b)) => {
                !self.options.knights() && (1..=6).contains(&a) && (1..=6).contains(&b)
            }
            (Phase::Dice, Chance::Roll(a, b, e)) => {
                let set = self.ck.in_play.alchemist;
                self.options.knights()
                    && [a, b, e].iter().all(|d| (1..=6).contains(d))
                    && (set.0 == 0 || set == (a, b))
            }
            (Phase::Progress, Chance::Progress(k)) => self.ck.decks[drawing_from(self) as usize].holds(k),
            (Phase::Steal, Chance::StealCommodity(c)) => {
                count(self.hands[self.victim as usize], CardKind::Commodity(c).index()) > 0
            }
            (Phase::Draw, Chance::Draw(k)) => self.deck().contains(&k),
            (Phase::Steal, Chance::Steal(r)) => count(self.hands[self.victim as usize], r.index()) > 0,
            (Phase::RandomDiscard, Chance::Discard(cards)) => {
                total(&cards) == self.to_discard[self.actor as usize] as u32
                    && covers(self.hands[self.actor as usize], pack(&cards))
            }
            (Phase::Over, _) => return Err(Illegal::GameOver),
            (ph, _) if !ph.is_chance() => return Err(Illegal::NotChanceStep),
            _ => false,
        };
        if !ok {
            return Err(Illegal::ImpossibleOutcome);
        }
        self.apply_chance(c);
        Ok(())
    }

    /// The outcome the game's own generator and deck give at this chance step (not applied);
    /// None when chance does not act.
    pub fn sample_chance(&mut self) -> Option<Chance> {
        Some(match self.phase {
            Phase::Dice if self.options.knights() => match self.ck.in_play.alchemist {
                // K56: the Alchemist's dice, and the event die rolled.
                (0, _) => Chance::Roll(
                    self.rng.random_range(1..=6),
                    self.rng.random_range(1..=6),
                    self.rng.random_range(1..=6),
                ),
                (red, yellow) => Chance::Roll(red, yellow, self.rng.random_range(1..=6)),
            },
            Phase::Dice => Chance::Dice(self.rng.random_range(1..=6), self.rng.random_range(1..=6)),
            Phase::Progress => Chance::Progress(
                self.ck.decks[drawing_from(self) as usize].cards().next().expect("a card in the deck"),
            ),
            Phase::Steal if self.options.knights() => {
                let hand = self.hands[self.victim as usize];
                let mut k = self.rng.random_range(0..sum(hand)) as u8;
                let mut lane = 0;
                while k >= count(hand, lane) {
                    k -= count(hand, lane);
                    lane += 1;
                }
                match CardKind::ALL[lane] {
                    CardKind::Resource(r) => Chance::Steal(r),
                    CardKind::Commodity(c) => Chance::StealCommodity(c),
                }
            }
            Phase::Draw => Chance::Draw(self.deck[self.deck_top as usize]),
            Phase::Steal => {
                let hand = self.hand(Player(self.victim));
                Chance::Steal(self.random_card(&hand))
            }
            Phase::RandomDiscard => {
                let mut hand = self.hand(Player(self.actor));
                let mut out = [0u8; 5];
                for _ in 0..self.to_discard[self.actor as usize] {
                    let r = self.random_card(&hand);
                    hand[r.index()] -= 1;
                    out[r.index()] += 1;
                }
                Chance::Discard(out)
            }
            _ => return None,
        })
    }

    /// Resolves the chance step from the game's own generator and deck, returning the outcome.
    pub fn resolve_chance(&mut self) -> Option<Chance> {
        let c = self.sample_chance()?;
        self.apply_chance(c);
        Some(c)
    }

    /// A card drawn uniformly from `hand` (not empty) with the game's generator.
    fn random_card(&mut self, hand: &Cards) -> Resource {
        let mut k = self.rng.random_range(0..total(hand)) as u8;
        for r in Resource::ALL {
            if k < hand[r.index()] {
                return r;
            }
            k -= hand[r.index()];
        }
        unreachable!("k is below the hand's size")
    }

    /// Applies a possible chance outcome (see `chance`).
    pub(crate) fn apply_chance(&mut self, c: Chance) {
        let (before, victim) = (self.hands, self.victim as usize);
        self.chance_log.push(c);
        self.apply_outcome(c);
        match c {
            Chance::Steal(r) => self.seen_by_two(victim, r.index()),
            Chance::StealCommodity(c) => self.seen_by_two(victim, CardKind::Commodity(c).index()),
            _ => self.seen_by_all(&before),
        }
    }

    /// What everyone learns when the hands went from `before` to now in plain sight (C41): each
    /// change by kind, the bound kept below the hand (a card paid beyond it was an unknown one).
    #[inline]
    fn seen_by_all(&mut self, before: &[u64; MAX_PLAYERS]) {
        if *before != self.hands {
            self.hands_changed(before);
        }
    }

    #[inline(never)]
    fn hands_changed(&mut self, before: &[u64; MAX_PLAYERS]) {
        let n = self.players as usize;
        for (p, &was) in before.iter().enumerate().take(n) {
            let now = self.hands[p];
            if was == now {
                continue;
            }
            // Each kind went up or down (or stayed): add the gain, take the loss, never below 0.
            let (up, down) = (sub_floor(now, was), sub_floor(was, now));
            for known in &mut self.known[..n] {
                let k = &mut known[p];
                *k = if down == 0 { *k + up } else { sub_floor(*k + up, down) };
            }
        }
    }

    /// What a steal of the card in lane `lane` tells (C41): thief and victim see the card; the
    /// others only that one card moved, so the victim's bound drops by one in every kind it could
    /// have been.
    fn seen_by_two(&mut self, victim: usize, lane: usize) {
        let thief = self.current as usize;
        let card = one(lane);
        let every = if self.options.knights() { ONE_OF_ALL } else { ONE_EACH };
        for v in 0..self.players as usize {
            let known = &mut self.known[v];
            if v == thief || v == victim {
                known[victim] = sub_floor(known[victim], card);
                known[thief] += card;
            } else {
                known[victim] = sub_floor(known[victim], every);
            }
        }
    }

    fn apply_outcome(&mut self, c: Chance) {
        self.steps += 1;
        let cur = self.current as usize;
        match c {
            Chance::Dice(a, b) => {
                self.last_roll = a + b;
                self.rolled = true;
                if a + b == 7 {
                    for q in 0..self.players as usize {
                        let n = sum(self.hands[q]);
                        self.to_discard[q] = if n > HAND_LIMIT { (n / 2) as u8 } else { 0 };
                    }
                    self.actor = NOBODY;
                    self.next_discarder();
                } else {
                    produce(self, a + b);
                    self.phase = Phase::Main;
                }
            }
            Chance::Draw(k) => {
                let top = self.deck_top as usize;
                let j = top + self.deck[top..].iter().position(|&d| d == k).expect("a card of the deck");
                self.deck.swap(top, j);
                self.deck_top += 1;
                self.dev[cur][k.index()] += 1;
                self.fresh[cur][k.index()] += 1;
                self.phase = Phase::Main;
            }
            Chance::Steal(r) => self.stolen(r.index()),
            Chance::StealCommodity(c) => self.stolen(CardKind::Commodity(c).index()),
            Chance::Roll(red, yellow, event) => rolled(self, red, yellow, event),
            Chance::Progress(card) => progress_drawn(self, card),
            Chance::Discard(cards) => {
                let (a, cards) = (self.actor as usize, pack(&cards));
                self.hands[a] -= cards;
                self.bank += cards;
                self.to_discard[a] = 0;
                self.next_discarder();
            }
        }
        // Of chance, only a victory point card drawn changes points (and under Städte und Ritter
        // a Defender of Catan card, or a Printer or Constitution drawn).
        if matches!(c, Chance::Draw(_) | Chance::Roll(..) | Chance::Progress(_)) {
            self.check_win();
        }
    }

    /// The victim's card in lane `lane` goes to the player on turn.
    fn stolen(&mut self, lane: usize) {
        self.hands[self.victim as usize] -= one(lane);
        self.hands[self.current as usize] += one(lane);
        self.victim = NOBODY;
        self.phase = self.turn_phase();
        // K74: a Bishop robs every player at its hex in turn.
        if self.options.knights() && self.ck.in_play.bishop != 0 {
            next_bishop_victim(self);
        }
    }

    /// The step of the turn once a card or the robber is done: before or after the roll.
    fn turn_phase(&self) -> Phase {
        if self.rolled { Phase::Main } else { Phase::PreRoll }
    }

    /// The next player (from seat 0) who still has to discard on this 7, or the robber (C29);
    /// under Städte und Ritter the robber only after the first attack (K16, K17).
    pub(crate) fn next_discarder(&mut self) {
        match (0..self.players).find(|&q| self.to_discard[q as usize] > 0) {
            Some(q) => {
                self.actor = q;
                self.phase = if self.options.discard == Discard::Random {
                    Phase::RandomDiscard
                } else {
                    Phase::Discard
                };
            }
            None => {
                self.actor = self.current;
                // K79: a Saboteur's discards lead back to the main step.
                let sabotage = std::mem::take(&mut self.ck.in_play.sabotage);
                self.phase = if self.options.knights() && (sabotage || !robber_active(self)) {
                    Phase::Main
                } else {
                    Phase::Robber
                };
            }
        }
    }

    /// The player after a set-up road: snake order (C12), then seat 0's first turn.
    fn next_setup_player(&mut self) {
        let (s, n) = (self.setup_step, self.players);
        if s >= 2 * n {
            self.current = 0;
            self.actor = 0;
            self.phase = Phase::PreRoll;
            return;
        }
        self.actor = if s < n { s } else { 2 * n - 1 - s };
        self.current = self.actor;
        self.phase = Phase::SetupSettlement;
    }

    /// Pays a packed cost to the bank.
    pub(crate) fn pay_bank(&mut self, cost: u64) {
        self.hands[self.actor as usize] -= cost;
        self.bank += cost;
    }

    /// A card leaves the hand for the table: an old one before one bought this turn.
    fn play_card(&mut self, k: DevCard) {
        let (i, k) = (self.current as usize, k.index());
        if self.fresh[i][k] == self.dev[i][k] {
            self.fresh[i][k] -= 1;
        }
        self.dev[i][k] -= 1;
        self.played[i][k] += 1;
        self.dev_played = true;
    }

    fn place_settlement(&mut self, n: Node) {
        let p = self.actor;
        self.nodes[n.index()] = p + 1;
        self.built[p as usize] |= 1 << n.0;
        self.crowded |= TOPOLOGY.node_near_bits[n.index()];
        self.settlements[p as usize] += 1;
        settle_harbour(self, p, n);
        longest_road::settled(self, p, n, self.phase == Phase::SetupSettlement);
    }

    /// The road on `e` goes back to its owner's supply (K77).
    pub(crate) fn remove_road(&mut self, e: Edge) {
        let q = (self.edges[e.index()] - 1) as usize;
        self.edges[e.index()] = 0;
        self.road_edges[q] &= !(1 << e.0);
        self.roads[q] -= 1;
        let mut nodes = 0u64;
        let mut edges = self.road_edges[q];
        while edges != 0 {
            let [a, b] = TOPOLOGY.edge_nodes[edges.trailing_zeros() as usize];
            edges &= edges - 1;
            nodes |= 1 << a | 1 << b;
        }
        self.road_nodes[q] = nodes;
    }

    pub(crate) fn place_road(&mut self, e: Edge) {
        let p = self.actor;
        self.edges[e.index()] = p + 1;
        self.road_edges[p as usize] |= 1 << e.0;
        let [a, b] = TOPOLOGY.edge_nodes[e.index()];
        self.road_nodes[p as usize] |= 1 << a | 1 << b;
        self.roads[p as usize] += 1;
        longest_road::road_built(self, p, e);
    }

    /// Ends the game when someone has won (C38).
    fn check_win(&mut self) {
        // K26: a metropolis won by the winning move is set on its city first, so that the record
        // and the picture hold it; the win follows the `metropolis` move.
        if self.phase == Phase::Over
            || matches!(self.phase, Phase::SetupSettlement | Phase::SetupRoad | Phase::Metropolis)
        {
            return;
        }
        match self.options.win {
            Win::OwnTurn => {
                if self.points(Player(self.current)) >= self.points_to_win() {
                    self.winner = self.current;
                    self.phase = Phase::Over;
                }
            }
            Win::AnyTime => {
                if let Some(q) =
                    (0..self.players).rev().find(|&q| self.points(Player(q)) >= self.points_to_win())
                {
                    self.winner = q;
                    self.phase = Phase::Over;
                }
            }
        }
    }
}
