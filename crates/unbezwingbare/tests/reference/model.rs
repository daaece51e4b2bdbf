//! A slow second implementation of the rules, written from docs/unbezwingbare/rules.md and
//! data.md, not from the engine's code: plain Vecs and loops, a stack of pending tasks.
//!
//! It covers the base and strategic rules with 2 (five areas, plain) to 5 players, every phase
//! and every move except playing influence cards (it lists them, but does not carry them out)
//! and the answers of S9.

use stadt_unbezwingbare::Move;
use stadt_unbezwingbare::NOBODY;
use stadt_unbezwingbare::data::{
    Action, Category, Clause, DataSet, Effect, Filter, Kind, Moment, Period, Tag, Who,
};

/// One deck card (building or event), as the data file says.
#[derive(Clone, Debug)]
pub struct Card {
    /// Its name.
    pub name: String,
    /// An event, not a building.
    pub event: bool,
    /// The building's category.
    pub cat: Category,
    /// The building's value (price and points).
    pub value: i64,
    /// Its period letter.
    pub period: Period,
    /// A toll house (U49).
    pub toll: bool,
    /// The event's effect.
    pub effect: Option<Effect>,
}

/// One influence card.
#[derive(Clone, Debug)]
pub struct Influence {
    /// Its name.
    pub name: String,
    /// Its effect.
    pub effect: Effect,
    /// When it may be played outside its owner's turn (S9).
    pub outside: Option<Moment>,
}

/// One area of the board.
#[derive(Clone, Debug)]
pub struct Area {
    /// Ring, 1 innermost.
    pub ring: u8,
    /// Price in stones.
    pub price: i64,
    /// Income bonus.
    pub bonus: i64,
    /// Road, if any.
    pub road: Option<u8>,
    /// On water.
    pub water: bool,
    /// Bordering areas (indices).
    pub nb: Vec<usize>,
}

/// The rule set the reference plays.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Players (seats).
    pub n: usize,
    /// U58: five start areas, 5 cards, 10 stones.
    pub five_areas: bool,
    /// Target points.
    pub target: i64,
    /// U66.
    pub periods: bool,
    /// U67–U69.
    pub isolation: bool,
    /// U70–U72.
    pub great_powers: bool,
    /// U73.
    pub free_market: bool,
    /// U60.
    pub complete_round: bool,
    /// S4: round selling up.
    pub round_up: bool,
    /// U75.
    pub turn_limit: u32,
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Dealing the starting hands (U23), a card a chance step.
    Deal,
    /// Choosing start areas.
    Start,
    /// Before phase 1 (influence cards may be played).
    Before,
    /// Phase 1 is running (tasks on the stack).
    Phase1,
    /// Phase 2.
    Phase2,
    /// Phase 3 (its draw and drop, then the turn's end).
    Phase3,
    /// The game is over.
    Over,
}

/// A pending piece of work that may wait for a decision or a chance outcome.
#[derive(Clone, Debug)]
pub enum Task {
    /// Turn cards until a building card: for phase 1 (`drawer` None) or a draw into `drawer`'s
    /// hand (U42, effect `draw`).
    Turn {
        /// Who draws (None: phase 1's turning).
        drawer: Option<usize>,
        /// Reshuffled already (N8).
        reshuffled: bool,
    },
    /// An event's clauses for player `who` (clause index `at`), then the next players.
    Event {
        /// The event card.
        card: usize,
        /// Offset from the player to act (0..n).
        k: usize,
        /// The clause next.
        at: usize,
    },
    /// Phase 1's building card: tax, income, to the hand.
    Building {
        /// The card.
        card: usize,
    },
    /// Income choice among several buildings, players from offset `k`.
    Income {
        /// Category turned.
        cat: Category,
        /// Offset.
        k: usize,
    },
    /// An influence card to be drawn for `who`.
    DrawInfluence {
        /// Who.
        who: usize,
    },
    /// `who` holds three influence cards and drops one (U55).
    Drop {
        /// Who.
        who: usize,
    },
    /// `who` discards `left` building cards (effect `discard`).
    Discard {
        /// Who.
        who: usize,
        /// How many more.
        left: usize,
    },
    /// `picker` picks an area of `whose` to take the knight off (remove_knight).
    PickKnight {
        /// Who picks.
        picker: usize,
        /// Whose knight.
        whose: usize,
        /// Which areas.
        filter: Filter,
    },
    /// `picker` picks a building of `whose` to remove (remove_building).
    PickBuilding {
        /// Who picks.
        picker: usize,
        /// Whose building.
        whose: usize,
        /// Which buildings.
        filter: Filter,
    },
    /// `who` moves one of his buildings (move_building).
    MoveBuilding {
        /// Who.
        who: usize,
    },
    /// `who` takes a neutral area bordering his own, unpaid (free_area).
    FreeArea {
        /// Who.
        who: usize,
    },
    /// `by` takes a card unseen from `from`'s hand (take_card): a chance step.
    TakeCard {
        /// Who takes.
        by: usize,
        /// From whom.
        from: usize,
    },
    /// An influence card's clauses (clause `at` next), played by `by` against `target`.
    Effect {
        /// The influence card.
        card: usize,
        /// Who played it.
        by: usize,
        /// The opponent named.
        target: Option<usize>,
        /// The clause next.
        at: usize,
    },
    /// The players but the one to act may answer an event or a tax (S9), from offset `k` on.
    AnswerRound {
        /// `OnEvent` or `OnTax`.
        moment: Moment,
        /// The next player to ask, an offset from the player to act.
        k: usize,
        /// Whether an answer cancelled what is answered.
        cancelled: bool,
    },
    /// The violet card's tax (U34), after any answers.
    Tax,
    /// The player named by an influence card may answer it (S9, `when_targeted`).
    Answer {
        /// Who is asked.
        who: usize,
    },
    /// Phase 1's building card goes to the player to act's hand (U37).
    ToHand {
        /// The card.
        card: usize,
    },
    /// End of phase 3 of the player to act (after any draw and drop).
    EndTurn,
}

/// What the position waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Need {
    /// A seat's decision.
    Decide(usize),
    /// A chance outcome among these ids.
    Chance(Vec<u64>),
    /// The game is over.
    Over,
}

/// The reference's state.
#[derive(Clone, Debug)]
pub struct Ref {
    /// The rules.
    pub r: Rules,
    /// Deck cards by id.
    pub cards: Vec<Card>,
    /// Influence cards by id.
    pub infl: Vec<Influence>,
    /// Areas by index.
    pub areas: Vec<Area>,
    /// Red fields of the score track.
    pub red: Vec<i64>,
    /// Area owner.
    pub owner: Vec<Option<usize>>,
    /// Building card on the area.
    pub building: Vec<Option<usize>>,
    /// Stones per player.
    pub stones: Vec<i64>,
    /// Knights in supply.
    pub knights: Vec<i64>,
    /// Score markers.
    pub marker: Vec<i64>,
    /// Building hands.
    pub hand: Vec<Vec<usize>>,
    /// Influence hands.
    pub ihand: Vec<Vec<usize>>,
    /// The draw pile's parts, top first.
    pub pile: Vec<Vec<usize>>,
    /// Discarded deck cards.
    pub discard: Vec<usize>,
    /// At the Pfandhaus.
    pub pawn: Vec<usize>,
    /// At the free market.
    pub market: Vec<usize>,
    /// Sold to the market this turn (N23).
    pub sold_market: Vec<usize>,
    /// Influence pile.
    pub ipile: Vec<usize>,
    /// Influence discards.
    pub idiscard: Vec<usize>,
    /// Great power holder per category (brown, green, violet, blue).
    pub great: Vec<Option<usize>>,
    /// The player to act.
    pub actor: usize,
    /// Turns begun.
    pub turns: u32,
    /// Stage.
    pub stage: Stage,
    /// Areas bought this turn.
    pub bought: usize,
    /// Buildings placed this turn.
    pub placed: usize,
    /// `no_income` in force.
    pub no_income: bool,
    /// Start choosing: stopped players, and whose choice (offset in reverse order).
    pub stopped: Vec<bool>,
    /// Index in the reverse order of the start choosing.
    pub chooser: usize,
    /// The last area was taken (U3).
    pub last_area: bool,
    /// Someone reached the target under U60.
    pub final_round: bool,
    /// Winners when over.
    pub winners: Vec<usize>,
    /// Pending tasks (top last).
    pub tasks: Vec<Task>,
    /// Extra area purchases this turn (extra_areas).
    pub extra_areas: usize,
    /// Extra placements this turn (extra_placements).
    pub extra_placed: usize,
    /// Phases (1..=3) each player's next turn skips (skip_phase).
    pub skip: Vec<[bool; 4]>,
    /// Actions barred in the current turn (block).
    pub blocked_now: Vec<Action>,
    /// Actions barred in each player's next turn (block).
    pub blocked_next: Vec<Vec<Action>>,
    /// Whether this turn's phase 3 scores (not skipped).
    pub scoring: bool,
    /// The bank's stones under `bank=160` (S11); None: unlimited.
    pub bank: Option<i64>,
    /// Hand cards every seat knows of (came there openly, N25).
    pub known: Vec<Vec<usize>>,
    /// Influence discards played face up (U56).
    pub played: Vec<usize>,
    /// Influence discards each seat dropped face down (N15).
    pub dropped: Vec<Vec<usize>>,
    /// The discards were reshuffled into the draw pile (U38).
    pub mixed: bool,
}

/// The category's index for great powers.
pub fn cat_index(c: Category) -> usize {
    match c {
        Category::Buergertum => 0,
        Category::Gewerbe => 1,
        Category::Staedtisch => 2,
        Category::Handel => 3,
    }
}

/// Whether a clause names an opponent.
fn names_opponent(cl: &Clause) -> bool {
    matches!(
        cl,
        Clause::Steal(_)
            | Clause::TakeCard
            | Clause::RemoveKnight { who: Who::Opponent, .. }
            | Clause::RemoveBuilding { who: Who::Opponent, .. }
            | Clause::SkipPhase { who: Who::Opponent, .. }
            | Clause::Block { who: Who::Opponent, .. }
    )
}

/// U72: points and income bonus of a great power.
fn great_power(i: usize) -> (i64, i64) {
    [(1, 1), (2, 1), (3, 2), (4, 2)][i]
}

impl Ref {
    /// The card tables of a data set: buildings in file order by count, then events.
    pub fn tables(data: &DataSet) -> (Vec<Card>, Vec<Influence>, Vec<Area>, Vec<i64>) {
        let mut cards = Vec::new();
        for b in &data.cards.buildings {
            for _ in 0..b.count {
                cards.push(Card {
                    name: b.name.clone(),
                    event: false,
                    cat: b.category,
                    value: i64::from(b.price),
                    period: b.period,
                    toll: b.has(Tag::TollHouse),
                    effect: None,
                });
            }
        }
        for e in &data.cards.events {
            for _ in 0..e.count {
                cards.push(Card {
                    name: e.name.clone(),
                    event: true,
                    cat: Category::Buergertum,
                    value: 0,
                    period: e.period,
                    toll: false,
                    effect: Some(e.effect.clone()),
                });
            }
        }
        let mut infl = Vec::new();
        for c in &data.cards.influence {
            for _ in 0..c.count {
                infl.push(Influence {
                    name: c.name.clone(),
                    effect: c.effect.clone(),
                    outside: c.outside_turn,
                });
            }
        }
        let areas = data
            .board
            .areas
            .iter()
            .map(|a| Area {
                ring: a.ring,
                price: i64::from(a.price),
                bonus: i64::from(a.bonus),
                road: a.road.map(|r| r.0),
                water: a.water,
                nb: a.neighbours.iter().map(|x| x.index()).collect(),
            })
            .collect();
        let red = data.board.track.red.iter().map(|&f| i64::from(f)).collect();
        (cards, infl, areas, red)
    }

    /// A card leaves `p`'s hand (and what all knew of it).
    fn leave_hand(&mut self, p: usize, c: usize) {
        self.hand[p].retain(|&x| x != c);
        self.known[p].retain(|&x| x != c);
    }

    /// `p` pays to the bank (all he holds if less, N3; a purchase is checked beforehand).
    fn pay(&mut self, p: usize, amount: i64) {
        let x = amount.min(self.stones[p]);
        self.stones[p] -= x;
        if let Some(b) = &mut self.bank {
            *b += x;
        }
    }

    /// `p` gives back all but `keep` stones (tax, `tax_to`).
    fn pay_down_to(&mut self, p: usize, keep: i64) {
        let over = (self.stones[p] - keep).max(0);
        self.pay(p, over);
    }

    /// `p` receives from the bank, which under the cap pays what it holds (N3).
    fn receive(&mut self, p: usize, amount: i64) {
        let x = match &mut self.bank {
            Some(b) => {
                let x = amount.min(*b);
                *b -= x;
                x
            }
            None => amount,
        };
        self.stones[p] += x;
    }

    /// Seats.
    pub fn n(&self) -> usize {
        self.r.n
    }

    /// The seat `k` places after the player to act.
    fn after(&self, k: usize) -> usize {
        (self.actor + k) % self.n()
    }

    /// Most start areas and their most dots (U28, U58).
    fn start_limits(&self) -> (usize, i64) {
        if self.r.five_areas { (5, 20) } else { (3, 10) }
    }

    /// The areas a player owns.
    pub fn own_areas(&self, p: usize) -> Vec<usize> {
        (0..self.areas.len()).filter(|&a| self.owner[a] == Some(p)).collect()
    }

    /// Buildings `p` owns of a category.
    fn count_cat(&self, p: usize, c: Category) -> i64 {
        self.own_areas(p)
            .into_iter()
            .filter(|&a| self.building[a].is_some_and(|b| self.cards[b].cat == c))
            .count() as i64
    }

    /// U51, U72: points.
    pub fn points(&self, p: usize) -> i64 {
        let mut s = 0;
        for a in self.own_areas(p) {
            if let Some(b) = self.building[a] {
                s += self.cards[b].value;
            }
        }
        for (i, g) in self.great.iter().enumerate() {
            if *g == Some(p) {
                s += great_power(i).0;
            }
        }
        s
    }

    /// Whether a building of this kind counts.
    fn kind_matches(&self, kind: &Kind, b: usize) -> bool {
        let c = &self.cards[b];
        match kind {
            Kind::Category(cat) => c.cat == *cat,
            Kind::Tag(Tag::TollHouse) => c.toll,
            Kind::Building => true,
            Kind::Area => false,
            Kind::Name(name) => c.name == *name,
        }
    }

    /// How many of KIND `p` owns.
    fn count_kind(&self, p: usize, kind: &Kind) -> i64 {
        let own = self.own_areas(p);
        if *kind == Kind::Area {
            return own.len() as i64;
        }
        own.into_iter().filter(|&a| self.building[a].is_some_and(|b| self.kind_matches(kind, b))).count()
            as i64
    }

    /// Whether building card `b` may stand on area `a` (U12–U15), ignoring the toll limit.
    fn fits(&self, b: usize, a: usize) -> bool {
        let ar = &self.areas[a];
        match self.cards[b].cat {
            Category::Buergertum => true,
            Category::Gewerbe => ar.ring != 1,
            Category::Staedtisch => !ar.water,
            Category::Handel => ar.road.is_some(),
        }
    }

    /// U49: a toll house on area `a`'s road is allowed (`except`: an area whose building leaves).
    fn toll_ok(&self, b: usize, a: usize, except: Option<usize>) -> bool {
        if !self.cards[b].toll {
            return true;
        }
        let Some(road) = self.areas[a].road else { return false };
        !(0..self.areas.len()).any(|x| {
            Some(x) != except
                && self.areas[x].road == Some(road)
                && self.building[x].is_some_and(|y| self.cards[y].toll)
        })
    }

    /// Whether a player owns a Handel building on the board (U73).
    fn has_trade(&self, p: usize) -> bool {
        self.count_cat(p, Category::Handel) > 0
    }

    /// After any change of buildings or owners: great powers (N22), the marker back (N14), the
    /// last area (U3).
    fn after_change(&mut self) {
        if self.r.great_powers {
            for (i, cat) in Category::ALL.iter().enumerate() {
                let counts: Vec<i64> = (0..self.n()).map(|p| self.count_cat(p, *cat)).collect();
                let max = *counts.iter().max().unwrap();
                let keep = self.great[i].is_some_and(|h| counts[h] >= 3 && counts[h] == max);
                if !keep {
                    let top: Vec<usize> = (0..self.n()).filter(|&p| counts[p] == max).collect();
                    self.great[i] = (max >= 3 && top.len() == 1).then(|| top[0]);
                }
            }
        }
        for p in 0..self.n() {
            let pts = self.points(p);
            if self.marker[p] > pts {
                self.marker[p] = pts;
            }
        }
        if self.stage != Stage::Start && !self.last_area && self.owner.iter().all(|o| o.is_some()) {
            self.last_area = true;
        }
    }

    /// What the position waits for; runs automatic steps first.
    pub fn need(&mut self) -> Need {
        loop {
            if self.stage == Stage::Over {
                return Need::Over;
            }
            if self.stage == Stage::Deal {
                let dealable = self.dealable();
                if self.hand.iter().all(|h| h.len() == self.hand_size()) {
                    self.build_pile();
                    self.stage = Stage::Start;
                    continue;
                }
                let mut ids: Vec<u64> = dealable.iter().map(|&c| c as u64).collect();
                ids.sort();
                return Need::Chance(ids);
            }
            if self.stage == Stage::Start {
                let p = self.n() - 1 - self.chooser % self.n();
                if self.stopped.iter().all(|&s| s) {
                    self.stage = Stage::Before;
                    self.actor = 0;
                    self.turns = 1;
                    continue;
                }
                if self.stopped[p] {
                    self.chooser += 1;
                    continue;
                }
                if self.start_options(p).is_empty() {
                    self.stopped[p] = true;
                    self.chooser += 1;
                    continue;
                }
                return Need::Decide(p);
            }
            let Some(task) = self.tasks.last().cloned() else {
                return match self.stage {
                    Stage::Before => {
                        // With no influence card to play first, phase 1 begins at once (the
                        // engine's move set: `TurnCards` is only a decision beside a card).
                        let mut plays = Vec::new();
                        self.play_moves(self.actor, &mut plays);
                        if plays.is_empty() {
                            self.begin_phase1();
                            continue;
                        }
                        Need::Decide(self.actor)
                    }
                    Stage::Phase2 => Need::Decide(self.actor),
                    Stage::Phase1 => {
                        self.enter_phase2();
                        continue;
                    }
                    _ => unreachable!(),
                };
            };
            match task {
                Task::Turn { drawer, reshuffled } => {
                    let top = self.pile.iter().position(|p| !p.is_empty());
                    match top {
                        Some(i) => {
                            let mut ids: Vec<u64> = self.pile[i].iter().map(|&c| c as u64).collect();
                            ids.sort();
                            return Need::Chance(ids);
                        }
                        None if !reshuffled && !self.discard.is_empty() => {
                            // U38: the discards become a new pile (one part).
                            let d = std::mem::take(&mut self.discard);
                            self.mixed = true;
                            self.pile = vec![d, Vec::new(), Vec::new()];
                            self.tasks.pop();
                            self.tasks.push(Task::Turn { drawer, reshuffled: true });
                        }
                        None => {
                            self.tasks.pop();
                        }
                    }
                }
                Task::Event { card, k, at } => {
                    if k >= self.n() {
                        self.tasks.pop();
                        self.discard.push(card);
                        continue;
                    }
                    let clauses = self.cards[card].effect.clone().unwrap().0;
                    if at >= clauses.len() {
                        self.tasks.pop();
                        self.tasks.push(Task::Event { card, k: k + 1, at: 0 });
                        continue;
                    }
                    self.tasks.pop();
                    self.tasks.push(Task::Event { card, k, at: at + 1 });
                    let who = self.after(k);
                    self.clause(&clauses[at], who);
                }
                Task::Building { card } => {
                    self.tasks.pop();
                    let cat = self.cards[card].cat;
                    // The card goes to the hand after the income (S3): push that first.
                    self.tasks.push(Task::ToHand { card });
                    if !self.no_income {
                        self.tasks.push(Task::Income { cat, k: 0 });
                    }
                    if cat == Category::Staedtisch {
                        self.tasks.push(Task::Tax);
                        self.tasks.push(Task::AnswerRound { moment: Moment::OnTax, k: 1, cancelled: false });
                    }
                }
                Task::Income { cat, k } => {
                    if k >= self.n() {
                        self.tasks.pop();
                        continue;
                    }
                    let p = self.after(k);
                    let opts = self.income_areas(p, cat);
                    if opts.len() >= 2 {
                        return Need::Decide(p);
                    }
                    if let Some(&a) = opts.first() {
                        self.pay_income(p, a);
                    }
                    self.tasks.pop();
                    self.tasks.push(Task::Income { cat, k: k + 1 });
                }
                Task::DrawInfluence { who } => {
                    if self.ipile.is_empty() && !self.idiscard.is_empty() {
                        self.ipile = std::mem::take(&mut self.idiscard);
                        self.played.clear();
                        for d in &mut self.dropped {
                            d.clear();
                        }
                    }
                    if self.ipile.is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    let _ = who;
                    let mut ids: Vec<u64> = self.ipile.iter().map(|&c| 100 + c as u64).collect();
                    ids.sort();
                    return Need::Chance(ids);
                }
                Task::Drop { who } => {
                    if self.ihand[who].len() <= 2 {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(who);
                }
                Task::Discard { who, left } => {
                    if left == 0 || self.hand[who].is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(who);
                }
                Task::PickKnight { picker, whose, ref filter } => {
                    if self.knight_options(whose, filter).is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(picker);
                }
                Task::PickBuilding { picker, whose, ref filter } => {
                    if self.building_options(whose, filter).is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(picker);
                }
                Task::MoveBuilding { who } => {
                    if self.move_options(who).is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(who);
                }
                Task::FreeArea { who } => {
                    if self.free_options(who).is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(who);
                }
                Task::TakeCard { from, .. } => {
                    if self.hand[from].is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    let mut ids: Vec<u64> = self.hand[from].iter().map(|&c| 200 + c as u64).collect();
                    ids.sort();
                    return Need::Chance(ids);
                }
                Task::Effect { card, by, target, at } => {
                    let clauses = self.infl[card].effect.0.clone();
                    self.tasks.pop();
                    if at < clauses.len() {
                        self.tasks.push(Task::Effect { card, by, target, at: at + 1 });
                        self.influence_clause(&clauses[at], by, target);
                    }
                }
                Task::Tax => {
                    self.tasks.pop();
                    for p in 0..self.n() {
                        self.pay_down_to(p, 5);
                    }
                }
                Task::AnswerRound { moment, k, cancelled } => {
                    if k >= self.n() {
                        self.tasks.pop();
                        if cancelled {
                            // S9: the event is discarded unexecuted, or the tax is not levied.
                            match self.tasks.pop() {
                                Some(Task::Event { card, .. }) => self.discard.push(card),
                                Some(Task::Tax) => {}
                                t => panic!("reference: a cancel of {t:?}"),
                            }
                        }
                        continue;
                    }
                    let p = self.after(k);
                    if self.answers_at(p, moment).is_empty() {
                        self.tasks.pop();
                        self.tasks.push(Task::AnswerRound { moment, k: k + 1, cancelled });
                        continue;
                    }
                    return Need::Decide(p);
                }
                Task::Answer { who } => {
                    if self.answers(who).is_empty() {
                        self.tasks.pop();
                        continue;
                    }
                    return Need::Decide(who);
                }
                Task::ToHand { card } => {
                    self.tasks.pop();
                    self.hand[self.actor].push(card);
                    self.known[self.actor].push(card);
                }
                Task::EndTurn => {
                    self.tasks.pop();
                    self.end_turn();
                }
            }
        }
    }

    /// Areas `p` may take income from for a category.
    fn income_areas(&self, p: usize, cat: Category) -> Vec<usize> {
        self.own_areas(p)
            .into_iter()
            .filter(|&a| self.building[a].is_some_and(|b| self.cards[b].cat == cat))
            .collect()
    }

    /// U35, U70: pays `p` the income of the building on `a`.
    fn pay_income(&mut self, p: usize, a: usize) {
        let b = self.building[a].unwrap();
        let ci = cat_index(self.cards[b].cat);
        let mut v = self.cards[b].value + self.areas[a].bonus;
        if self.great[ci] == Some(p) {
            v += great_power(ci).1;
        }
        self.receive(p, v);
    }

    /// Areas `who` may take his knight off.
    fn knight_options(&self, who: usize, filter: &Filter) -> Vec<usize> {
        self.own_areas(who)
            .into_iter()
            .filter(|&a| match filter {
                Filter::Any => true,
                Filter::Empty => self.building[a].is_none(),
                Filter::Building(k) => self.building[a].is_some_and(|b| self.kind_matches(k, b)),
            })
            .collect()
    }

    /// Carries out an event clause for `who` (the tasks it needs are pushed).
    fn clause(&mut self, c: &Clause, who: usize) {
        match c {
            Clause::Gain { n, per } => {
                let k = per.as_ref().map_or(1, |k| self.count_kind(who, k));
                self.receive(who, i64::from(*n) * k);
            }
            Clause::Lose { n, per } => {
                let k = per.as_ref().map_or(1, |k| self.count_kind(who, k));
                self.pay(who, i64::from(*n) * k);
            }
            Clause::TaxTo(n) => {
                // An event's tax_to acts on each player in turn: on `who`.
                self.pay_down_to(who, i64::from(*n));
            }
            Clause::Discard(n) => self.tasks.push(Task::Discard { who, left: usize::from(*n) }),
            Clause::RemoveKnight { who: Who::Own, filter } => {
                self.tasks.push(Task::PickKnight { picker: who, whose: who, filter: filter.clone() })
            }
            Clause::RemoveBuilding { who: Who::Own, filter } => {
                self.tasks.push(Task::PickBuilding { picker: who, whose: who, filter: filter.clone() })
            }
            Clause::NoIncome => {
                // The engine's reading (NOTES.md): an event turned before phase 1 (by a draw of an
                // influence card played then) acts on the phase 1 to come, as the card would.
                if matches!(self.stage, Stage::Phase1 | Stage::Before) && who == self.actor {
                    self.no_income = true;
                }
            }
            Clause::Draw(n) => {
                for _ in 0..*n {
                    self.tasks.push(Task::Turn { drawer: Some(who), reshuffled: false });
                }
            }
            Clause::DrawInfluence(n) => {
                for _ in 0..*n {
                    self.tasks.push(Task::Drop { who });
                    self.tasks.push(Task::DrawInfluence { who });
                }
            }
            // The other words act for `who` as an influence card played by him would (data.md).
            other => self.influence_clause(other, who, None),
        }
    }

    /// U28: the start areas `p` may take now.
    pub fn start_options(&self, p: usize) -> Vec<usize> {
        let own = self.own_areas(p);
        let (most, dots) = self.start_limits();
        if own.len() >= most {
            return Vec::new();
        }
        let used: i64 = own.iter().map(|&a| self.areas[a].price).sum();
        (0..self.areas.len())
            .filter(|&a| {
                self.owner[a].is_none()
                    && used + self.areas[a].price <= dots
                    && !own.iter().any(|&o| self.areas[o].nb.contains(&a))
            })
            .collect()
    }

    /// The legal moves of the seat to decide (call `need` first).
    pub fn legal(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        let Need::Decide(p) = self.need() else { return out };
        if self.stage == Stage::Start {
            for a in self.start_options(p) {
                out.push(Move::StartArea(a as u8));
            }
            if self.own_areas(p).len() >= 2 {
                out.push(Move::StopStart);
            }
            return out;
        }
        if let Some(task) = self.tasks.last().cloned() {
            match task {
                Task::Income { cat, .. } => {
                    for a in self.income_areas(p, cat) {
                        out.push(Move::Income(a as u8));
                    }
                }
                Task::Drop { who } => {
                    for &c in &self.ihand[who] {
                        out.push(Move::DropInfluence(c as u8));
                    }
                }
                Task::Discard { who, .. } => {
                    for &c in &self.hand[who] {
                        out.push(Move::Discard(c as u8));
                    }
                }
                Task::PickKnight { whose, filter, .. } => {
                    for a in self.knight_options(whose, &filter) {
                        out.push(Move::PickArea(a as u8));
                    }
                }
                Task::PickBuilding { whose, filter, .. } => {
                    for a in self.building_options(whose, &filter) {
                        out.push(Move::PickArea(a as u8));
                    }
                }
                Task::FreeArea { who } => {
                    for a in self.free_options(who) {
                        out.push(Move::PickArea(a as u8));
                    }
                }
                Task::MoveBuilding { who } => {
                    for (from, to) in self.move_options(who) {
                        out.push(Move::MoveBuilding { from: from as u8, to: to as u8 });
                    }
                }
                Task::Answer { who } => {
                    for c in self.answers(who) {
                        out.push(Move::Play { card: c as u8, target: self.answer_target(c) });
                    }
                    out.push(Move::Pass);
                }
                Task::AnswerRound { moment, .. } => {
                    for c in self.answers_at(p, moment) {
                        out.push(Move::Play { card: c as u8, target: self.answer_target(c) });
                    }
                    out.push(Move::Pass);
                }
                _ => unreachable!("no decision in {task:?}"),
            }
            return out;
        }
        self.play_moves(p, &mut out);
        if self.stage == Stage::Before {
            out.push(Move::TurnCards);
            return out;
        }
        // Phase 2 (U39).
        let s = self.stones[p];
        let trade = !self.blocked_now.contains(&Action::Trade);
        if trade {
            for &c in &self.hand[p] {
                out.push(Move::Sell(c as u8));
            }
        }
        if s >= 5 {
            if trade {
                for &c in &self.pawn {
                    out.push(Move::BuyPawned(c as u8));
                }
                if self.pile.iter().any(|x| !x.is_empty()) || !self.discard.is_empty() {
                    out.push(Move::BuyDrawn);
                }
            }
            if (!self.ipile.is_empty() || !self.idiscard.is_empty())
                && !self.blocked_now.contains(&Action::BuyInfluence)
            {
                out.push(Move::BuyInfluence);
            }
        }
        if trade && self.r.free_market && self.has_trade(p) {
            for &c in &self.hand[p] {
                out.push(Move::SellMarket(c as u8));
            }
            for &c in &self.market {
                if s >= self.cards[c].value && !self.sold_market.contains(&c) {
                    out.push(Move::BuyMarket(c as u8));
                }
            }
        }
        let own = self.own_areas(p);
        if self.bought < 2 + self.extra_areas
            && self.knights[p] > 0
            && !self.blocked_now.contains(&Action::BuyArea)
        {
            for a in 0..self.areas.len() {
                if self.owner[a].is_none()
                    && self.areas[a].price <= s
                    && own.iter().any(|&o| self.areas[o].nb.contains(&a))
                {
                    out.push(Move::BuyArea(a as u8));
                }
            }
        }
        if self.placed < 2 + self.extra_placed && !self.blocked_now.contains(&Action::Place) {
            for &c in &self.hand[p] {
                let v = self.cards[c].value;
                for &a in &own {
                    if !self.fits(c, a) {
                        continue;
                    }
                    if self.building[a].is_none() {
                        if v <= s && self.toll_ok(c, a, None) {
                            out.push(Move::Place { card: c as u8, area: a as u8 });
                        }
                    } else if v + 5 <= s && self.toll_ok(c, a, Some(a)) {
                        out.push(Move::Rebuild { card: c as u8, area: a as u8 });
                    }
                }
            }
        }
        out.push(Move::EndPhase2);
        out
    }

    /// Influence cards `p` may play in his own turn (U56): listed, not modelled further.
    fn play_moves(&self, p: usize, out: &mut Vec<Move>) {
        for &c in &self.ihand[p] {
            let e = &self.infl[c].effect.0;
            if e.iter().all(|cl| *cl == Clause::Cancel) {
                continue;
            }
            let targets = e.iter().any(names_opponent);
            if targets {
                for q in 0..self.n() {
                    if q != p {
                        out.push(Move::Play { card: c as u8, target: q as u8 });
                    }
                }
            } else {
                out.push(Move::Play { card: c as u8, target: stadt_unbezwingbare::NOBODY });
            }
        }
    }

    /// Cards in a starting hand: 3, 5 under U58.
    fn hand_size(&self) -> usize {
        if self.r.five_areas { 5 } else { 3 }
    }

    /// Building cards not yet dealt (U23), the A ones under `periods` (U66).
    fn dealable(&self) -> Vec<usize> {
        (0..self.cards.len())
            .filter(|&c| !self.cards[c].event && !self.hand.iter().any(|h| h.contains(&c)))
            .filter(|&c| !self.r.periods || self.cards[c].period == Period::A)
            .collect()
    }

    /// The draw pile after the deal: every card not dealt (U24), or under `periods` the A, B and
    /// C parts from the top (U66).
    fn build_pile(&mut self) {
        let rest: Vec<usize> =
            (0..self.cards.len()).filter(|&c| !self.hand.iter().any(|h| h.contains(&c))).collect();
        self.pile = vec![Vec::new(); 3];
        for c in rest {
            let part = if !self.r.periods {
                0
            } else {
                match self.cards[c].period {
                    Period::A => 0,
                    Period::B => 1,
                    Period::C => 2,
                }
            };
            self.pile[part].push(c);
        }
    }

    /// Applies a chance outcome.
    pub fn outcome(&mut self, id: u64) {
        if self.stage == Stage::Deal {
            // Dealt round the table, a card a seat in turn (the engine's order; the rules name none).
            let dealt: usize = self.hand.iter().map(Vec::len).sum();
            let p = dealt % self.n();
            self.hand[p].push(id as usize);
            return;
        }
        match self.tasks.last().cloned() {
            Some(Task::Turn { drawer, .. }) => {
                let card = id as usize;
                for part in &mut self.pile {
                    part.retain(|&c| c != card);
                }
                if self.cards[card].event {
                    // U33: the event is carried out before the next card; the turning goes on.
                    self.tasks.push(Task::Event { card, k: 0, at: 0 });
                    self.tasks.push(Task::AnswerRound { moment: Moment::OnEvent, k: 1, cancelled: false });
                } else {
                    self.tasks.pop();
                    match drawer {
                        None => self.tasks.push(Task::Building { card }),
                        Some(d) => self.hand[d].push(card),
                    }
                }
            }
            Some(Task::TakeCard { by, from }) => {
                let c = (id - 200) as usize;
                self.leave_hand(from, c);
                self.hand[by].push(c);
                self.tasks.pop();
            }
            Some(Task::DrawInfluence { who }) => {
                let c = (id - 100) as usize;
                self.ipile.retain(|&x| x != c);
                self.ihand[who].push(c);
                self.tasks.pop();
            }
            t => panic!("reference: no chance step in {t:?}"),
        }
    }

    /// Applies a decision (assumed legal).
    pub fn apply(&mut self, m: Move) {
        let p = match self.need() {
            Need::Decide(p) => p,
            n => panic!("reference: no decision now ({n:?})"),
        };
        match m {
            Move::StartArea(a) => {
                let a = usize::from(a);
                self.owner[a] = Some(p);
                self.knights[p] -= 1;
                self.chooser += 1;
            }
            Move::StopStart => {
                self.stopped[p] = true;
                self.chooser += 1;
            }
            Move::TurnCards => self.begin_phase1(),
            Move::Income(a) => {
                let a = usize::from(a);
                self.pay_income(p, a);
                if let Some(Task::Income { cat, k }) = self.tasks.pop() {
                    self.tasks.push(Task::Income { cat, k: k + 1 });
                }
            }
            Move::DropInfluence(c) => {
                let c = usize::from(c);
                self.ihand[p].retain(|&x| x != c);
                self.idiscard.push(c);
                self.dropped[p].push(c);
                self.tasks.pop();
            }
            Move::Discard(c) => {
                let c = usize::from(c);
                self.leave_hand(p, c);
                self.discard.push(c);
                if let Some(Task::Discard { who, left }) = self.tasks.pop() {
                    self.tasks.push(Task::Discard { who, left: left - 1 });
                }
            }
            Move::PickArea(a) => {
                let a = usize::from(a);
                match self.tasks.pop() {
                    Some(Task::PickKnight { whose, .. }) => {
                        self.owner[a] = None;
                        self.knights[whose] += 1;
                    }
                    Some(Task::PickBuilding { .. }) => {
                        let b = self.building[a].take().unwrap();
                        self.discard.push(b);
                    }
                    Some(Task::FreeArea { who }) => {
                        self.owner[a] = Some(who);
                        self.knights[who] -= 1;
                    }
                    t => panic!("reference: PickArea in {t:?}"),
                }
                self.after_change();
            }
            Move::Sell(c) => {
                let c = usize::from(c);
                let v = self.cards[c].value;
                self.leave_hand(p, c);
                self.pawn.push(c);
                self.receive(p, if self.r.round_up { (v + 1) / 2 } else { v / 2 });
            }
            Move::BuyPawned(c) => {
                let c = usize::from(c);
                self.pawn.retain(|&x| x != c);
                self.hand[p].push(c);
                self.known[p].push(c);
                self.pay(p, 5);
            }
            Move::SellMarket(c) => {
                let c = usize::from(c);
                self.leave_hand(p, c);
                self.market.push(c);
                self.sold_market.push(c);
                self.receive(p, self.cards[c].value);
            }
            Move::BuyMarket(c) => {
                let c = usize::from(c);
                self.market.retain(|&x| x != c);
                self.hand[p].push(c);
                self.known[p].push(c);
                self.pay(p, self.cards[c].value);
            }
            Move::BuyDrawn => {
                self.pay(p, 5);
                self.tasks.push(Task::Turn { drawer: Some(p), reshuffled: false });
            }
            Move::BuyInfluence => {
                self.pay(p, 5);
                self.tasks.push(Task::Drop { who: p });
                self.tasks.push(Task::DrawInfluence { who: p });
            }
            Move::BuyArea(a) => {
                let a = usize::from(a);
                self.pay(p, self.areas[a].price);
                self.owner[a] = Some(p);
                self.knights[p] -= 1;
                self.bought += 1;
                if self.r.isolation {
                    self.isolate(p, a);
                }
                self.after_change();
            }
            Move::Place { card, area } => {
                let (c, a) = (usize::from(card), usize::from(area));
                self.leave_hand(p, c);
                self.building[a] = Some(c);
                self.pay(p, self.cards[c].value);
                self.placed += 1;
                self.after_change();
            }
            Move::Rebuild { card, area } => {
                let (c, a) = (usize::from(card), usize::from(area));
                let old = self.building[a].take().unwrap();
                self.discard.push(old);
                // N12: the demolished building's points are lost at once (the marker moves back).
                self.after_change();
                self.leave_hand(p, c);
                self.building[a] = Some(c);
                self.pay(p, 5 + self.cards[c].value);
                self.placed += 1;
                self.after_change();
            }
            Move::EndPhase2 => self.phase3(),
            Move::Play { card, target } => {
                let c = usize::from(card);
                self.ihand[p].retain(|&x| x != c);
                self.idiscard.push(c);
                self.played.push(c);
                let target = (target != NOBODY).then_some(usize::from(target));
                let cancels = self.infl[c].effect.0.contains(&Clause::Cancel);
                if let Some(Task::AnswerRound { moment, k, cancelled }) = self.tasks.last().cloned() {
                    self.tasks.pop();
                    // Once cancelled, nothing is left to answer: the round ends (the engine's reading).
                    let k = if cancels { self.n() } else { k + 1 };
                    self.tasks.push(Task::AnswerRound { moment, k, cancelled: cancelled || cancels });
                    self.tasks.push(Task::Effect { card: c, by: p, target: Some(self.actor), at: 0 });
                } else if let Some(Task::Answer { .. }) = self.tasks.last() {
                    // S9: an answer; a `cancel` voids the card answered (the effect below).
                    self.tasks.pop();
                    if cancels && let Some(Task::Effect { .. }) = self.tasks.last() {
                        self.tasks.pop();
                    }
                    self.tasks.push(Task::Effect { card: c, by: p, target: Some(self.actor), at: 0 });
                } else {
                    self.tasks.push(Task::Effect { card: c, by: p, target, at: 0 });
                    if let Some(t) = target {
                        self.tasks.push(Task::Answer { who: t });
                    }
                }
            }
            Move::Pass => {
                if let Some(Task::AnswerRound { moment, k, cancelled }) = self.tasks.pop() {
                    self.tasks.push(Task::AnswerRound { moment, k: k + 1, cancelled });
                }
            }
            Move::MoveBuilding { from, to } => {
                let (from, to) = (usize::from(from), usize::from(to));
                self.building[to] = self.building[from].take();
                self.tasks.pop();
                self.after_change();
            }
        }
    }

    /// U67–U69, N21: areas isolated by `p`'s purchase of `a`.
    fn isolate(&mut self, p: usize, a: usize) {
        let mut xs: Vec<usize> = self.areas[a].nb.clone();
        xs.sort();
        let mut taken = Vec::new();
        for x in xs {
            let Some(q) = self.owner[x] else { continue };
            if q == p {
                continue;
            }
            let surrounded = self.areas[x].nb.iter().all(|&y| self.owner[y].is_some_and(|o| o != q));
            if surrounded {
                taken.push(x);
            }
        }
        for x in taken {
            if self.knights[p] == 0 {
                break;
            }
            let q = self.owner[x].unwrap();
            self.owner[x] = Some(p);
            self.knights[p] -= 1;
            self.knights[q] += 1;
        }
    }

    /// The highest score wins, ties by areas then stones (U3, U4).
    fn best(&self) -> Vec<usize> {
        let key = |p: usize| (self.points(p), self.own_areas(p).len() as i64, self.stones[p]);
        let top = (0..self.n()).map(key).max().unwrap();
        (0..self.n()).filter(|&p| key(p) == top).collect()
    }

    /// End of the player to act's turn: U2, U3, U60, U75, U54.
    fn end_turn(&mut self) {
        let p = self.actor;
        let reached = self.scoring && self.points(p) >= self.r.target;
        if reached && !self.r.complete_round {
            self.winners = vec![p];
            self.stage = Stage::Over;
            return;
        }
        if reached {
            self.final_round = true;
        }
        let round_end = p == self.n() - 1;
        if round_end && (self.final_round || self.last_area) || self.turns >= self.r.turn_limit {
            self.winners = self.best();
            self.stage = Stage::Over;
            return;
        }
        self.actor = (p + 1) % self.n();
        self.turns += 1;
        self.stage = Stage::Before;
        self.bought = 0;
        self.placed = 0;
        self.no_income = false;
        self.sold_market.clear();
        self.extra_areas = 0;
        self.extra_placed = 0;
        self.blocked_now = std::mem::take(&mut self.blocked_next[self.actor]);
    }

    /// Phase 1 begins, or is skipped (skip_phase 1).
    fn begin_phase1(&mut self) {
        if std::mem::take(&mut self.skip[self.actor][1]) {
            self.enter_phase2();
        } else {
            self.stage = Stage::Phase1;
            self.tasks.push(Task::Turn { drawer: None, reshuffled: false });
        }
    }

    /// Phase 2 begins, or is skipped (skip_phase 2).
    fn enter_phase2(&mut self) {
        if std::mem::take(&mut self.skip[self.actor][2]) {
            self.phase3();
        } else {
            self.stage = Stage::Phase2;
        }
    }

    /// Phase 3 (U51–U53): the marker forward, an influence card on a red field; or skipped.
    fn phase3(&mut self) {
        let p = self.actor;
        self.stage = Stage::Phase3;
        self.tasks.push(Task::EndTurn);
        self.scoring = !std::mem::take(&mut self.skip[p][3]);
        if !self.scoring {
            return;
        }
        let pts = self.points(p);
        if pts > self.marker[p] {
            self.marker[p] = pts;
            if self.red.contains(&pts) {
                self.tasks.push(Task::Drop { who: p });
                self.tasks.push(Task::DrawInfluence { who: p });
            }
        }
    }

    /// Buildings of `whose` a removal may pick.
    fn building_options(&self, whose: usize, filter: &Filter) -> Vec<usize> {
        self.own_areas(whose)
            .into_iter()
            .filter(|&a| match (self.building[a], filter) {
                (None, _) | (Some(_), Filter::Empty) => false,
                (Some(_), Filter::Any) => true,
                (Some(b), Filter::Building(k)) => self.kind_matches(k, b),
            })
            .collect()
    }

    /// Moves of one of `who`'s buildings to an empty own area where it may stand.
    fn move_options(&self, who: usize) -> Vec<(usize, usize)> {
        let own = self.own_areas(who);
        let mut out = Vec::new();
        for &from in &own {
            let Some(b) = self.building[from] else { continue };
            for &to in &own {
                if self.building[to].is_none() && self.fits(b, to) && self.toll_ok(b, to, Some(from)) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    /// Neutral areas bordering `who`'s own, while he has a knight (free_area).
    fn free_options(&self, who: usize) -> Vec<usize> {
        if self.knights[who] == 0 {
            return Vec::new();
        }
        let own = self.own_areas(who);
        (0..self.areas.len())
            .filter(|&a| self.owner[a].is_none() && own.iter().any(|&o| self.areas[o].nb.contains(&a)))
            .collect()
    }

    /// The influence cards `who` may answer with (S9: `when_targeted` or `anytime`).
    fn answers(&self, who: usize) -> Vec<usize> {
        self.ihand[who]
            .iter()
            .copied()
            .filter(|&c| matches!(self.infl[c].outside, Some(Moment::WhenTargeted | Moment::Anytime)))
            .collect()
    }

    /// The cards `p` may answer an event or a tax with (S9: that moment or `anytime`).
    fn answers_at(&self, p: usize, moment: Moment) -> Vec<usize> {
        self.ihand[p]
            .iter()
            .copied()
            .filter(|&c| {
                self.infl[c].outside == Some(moment) || self.infl[c].outside == Some(Moment::Anytime)
            })
            .collect()
    }

    /// The opponent an answering card names: the player to act, if it names one.
    fn answer_target(&self, c: usize) -> u8 {
        if self.infl[c].effect.0.iter().any(names_opponent) { self.actor as u8 } else { NOBODY }
    }

    /// Carries out an influence card's clause, played by `by` against `target`.
    fn influence_clause(&mut self, c: &Clause, by: usize, target: Option<usize>) {
        let whose = |w: &Who| match w {
            Who::Own => by,
            Who::Opponent => target.expect("an opponent named"),
        };
        match c {
            Clause::Gain { n, per } => {
                let k = per.as_ref().map_or(1, |k| self.count_kind(by, k));
                self.receive(by, i64::from(*n) * k);
            }
            Clause::Lose { n, per } => {
                let k = per.as_ref().map_or(1, |k| self.count_kind(by, k));
                self.pay(by, i64::from(*n) * k);
            }
            Clause::TaxTo(n) => {
                for p in 0..self.n() {
                    self.pay_down_to(p, i64::from(*n));
                }
            }
            Clause::Steal(n) => {
                let t = target.expect("an opponent named");
                let x = self.stones[t].min(i64::from(*n));
                self.stones[t] -= x;
                self.stones[by] += x;
            }
            Clause::RemoveKnight { who, filter } => {
                self.tasks.push(Task::PickKnight { picker: by, whose: whose(who), filter: filter.clone() })
            }
            Clause::RemoveBuilding { who, filter } => {
                self.tasks.push(Task::PickBuilding { picker: by, whose: whose(who), filter: filter.clone() })
            }
            Clause::MoveBuilding => self.tasks.push(Task::MoveBuilding { who: by }),
            Clause::FreeArea => self.tasks.push(Task::FreeArea { who: by }),
            Clause::ExtraAreas(n) => self.extra_areas += usize::from(*n),
            Clause::ExtraPlacements(n) => self.extra_placed += usize::from(*n),
            Clause::Draw(n) => {
                for _ in 0..*n {
                    self.tasks.push(Task::Turn { drawer: Some(by), reshuffled: false });
                }
            }
            Clause::DrawInfluence(n) => {
                for _ in 0..*n {
                    self.tasks.push(Task::Drop { who: by });
                    self.tasks.push(Task::DrawInfluence { who: by });
                }
            }
            Clause::Discard(n) => self.tasks.push(Task::Discard { who: by, left: usize::from(*n) }),
            Clause::TakeCard => self.tasks.push(Task::TakeCard { by, from: target.expect("an opponent") }),
            Clause::SkipPhase { phase, who } => self.skip[whose(who)][usize::from(*phase)] = true,
            Clause::Block { action, who } => {
                let w = whose(who);
                if w == self.actor {
                    self.blocked_now.push(*action);
                } else {
                    self.blocked_next[w].push(*action);
                }
            }
            Clause::NoIncome => {
                if self.stage == Stage::Before {
                    self.no_income = true;
                }
            }
            Clause::Cancel => {}
        }
    }
}
