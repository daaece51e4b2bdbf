//! What an agent sees, and full games sampled from it (C41, docs/catan/rules.md section 12).
//! Hidden from a player: the deck's order, the kinds of the development cards in the others'
//! hands, the generator that will roll the dice, and the kind of a card stolen between two other
//! players. The engine keeps, per player, what it knows of every hand (`State::known`: a lower
//! bound by kind, kept up to date from what it saw); the rest of each other hand is unknown to
//! it. An agent reads `Observation::view`, the position with all of that dealt in a fixed order,
//! never the real game. A sample deals the unseen cards afresh with the agent's generator: the
//! deck and the others' development cards (every hand's size and the cards bought this turn
//! kept), the others' unknown resource cards (their known part, every hand's size and the count
//! of each resource with the bank kept), and a new dice generator.

use crate::ids::{Cards, DevCard, Player};
use crate::knights::cards::{Colour, DECK as DECK_CARDS, ProgressCard};
use crate::knights::decks::Deck;
use crate::knights::tracks::COMMODITY_STOCK;
use crate::moves::{Move, Phase};
use crate::packed::{count, one};
use crate::state::MAX_PLAYERS;
use crate::state::{BANK, DECK, State};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::game::Determinize;

impl State {
    /// Deals the cards `viewer` cannot see afresh: shuffled by `rng`, or in kind order when
    /// `rng` is None (the canonical public position). Hidden from `viewer` (C41): the deck's order
    /// (the drawn part too), the kinds of the others' development cards, the kinds of the others'
    /// resource cards beyond what it knows of them, what the others know, and the dice generator
    /// (reseeded the same way).
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, viewer: usize, mut rng: Option<&mut R>) {
        self.redeal_cards(viewer, rng.as_deref_mut());
        self.redeal_resources(viewer, rng.as_deref_mut());
        if self.options.knights() {
            self.redeal_progress(viewer, rng.as_deref_mut());
        }
        let seed = match rng {
            Some(rng) => rng.random::<u64>(),
            None => 0,
        };
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.seed = seed;
        // The outcomes since the last move name cards drawn and stolen, which others may not see.
        self.chance_log.clear();
    }

    /// The development cards: the undrawn deck and the others' hands dealt from one pool, the
    /// drawn part of the deck put back in kind order.
    fn redeal_cards<R: Rng + ?Sized>(&mut self, viewer: usize, rng: Option<&mut R>) {
        let mut pool = [DevCard::Knight; DECK];
        let mut len = 0;
        for &d in &self.deck[self.deck_top as usize..] {
            pool[len] = d;
            len += 1;
        }
        for q in (0..self.players as usize).filter(|&q| q != viewer) {
            for k in DevCard::ALL {
                for _ in 0..self.dev[q][k.index()] {
                    pool[len] = k;
                    len += 1;
                }
            }
        }
        // Sorted first, so that a sample depends on what the viewer sees and `rng` only.
        pool[..len].sort();
        if let Some(rng) = rng {
            pool[..len].shuffle(rng);
        }
        let mut next = 0;
        for q in (0..self.players as usize).filter(|&q| q != viewer) {
            let held: u8 = self.dev[q].iter().sum();
            let fresh: u8 = self.fresh[q].iter().sum();
            self.dev[q] = [0; 5];
            self.fresh[q] = [0; 5];
            for j in 0..held {
                let k = pool[next].index();
                next += 1;
                self.dev[q][k] += 1;
                // Under fresh_cards=yes a card bought this turn plays as any other, so which of
                // them are new is neither seen nor needed (and would tell whether a card played
                // was the one just bought).
                if j < fresh && !self.options.fresh_cards {
                    self.fresh[q][k] += 1;
                }
            }
        }
        let top = self.deck_top as usize;
        self.deck[top..].copy_from_slice(&pool[next..len]);
        // Which cards were drawn is hidden too (the others' are in their hands): the drawn part
        // is what the box holds besides the undrawn deck, in kind order.
        let mut drawn = DevCard::COUNTS;
        for d in &self.deck[top..] {
            drawn[d.index()] -= 1;
        }
        let mut slot = 0;
        for k in DevCard::ALL {
            for _ in 0..drawn[k.index()] {
                self.deck[slot] = k;
                slot += 1;
            }
        }
    }

    /// The others' resource cards: each keeps what `viewer` knows of it, and the cards it does
    /// not know are dealt from the pool of all such cards (the others' cards by kind are public,
    /// as the bank is: 19 of each less the bank and the viewer's hand). What the others know is
    /// taken to be what `viewer` knows, their own hands exactly.
    fn redeal_resources<R: Rng + ?Sized>(&mut self, viewer: usize, rng: Option<&mut R>) {
        let n = self.players as usize;
        // Lanes 0–4 the resources; under Städte und Ritter 5–7 the commodities too (K85).
        let lanes = if self.options.knights() { 8 } else { 5 };
        let mut pool = [0u8; 5 * BANK as usize + 3 * COMMODITY_STOCK as usize];
        let mut len = 0;
        for lane in 0..lanes {
            let mut unseen = 0;
            for q in (0..n).filter(|&q| q != viewer) {
                unseen += count(self.hands[q], lane) - count(self.known[viewer][q], lane);
            }
            for _ in 0..unseen {
                pool[len] = lane as u8;
                len += 1;
            }
        }
        if let Some(rng) = rng {
            pool[..len].shuffle(rng);
        }
        let mut next = 0;
        for q in (0..n).filter(|&q| q != viewer) {
            let unknown = self.unknown(Player(viewer as u8), Player(q as u8)) as usize;
            self.hands[q] = self.known[viewer][q];
            for &lane in &pool[next..next + unknown] {
                self.hands[q] += one(lane as usize);
            }
            next += unknown;
        }
        let mine = self.known[viewer];
        for q in (0..n).filter(|&q| q != viewer) {
            self.known[q] = mine;
            self.known[q][q] = self.hands[q];
        }
    }

    /// Städte und Ritter's progress cards (K85): per colour, the undrawn deck and the others'
    /// cards of that colour dealt from one pool (how many of each colour a hand holds is public,
    /// by the cards' backs), the deck's order with them.
    fn redeal_progress<R: Rng + ?Sized>(&mut self, viewer: usize, mut rng: Option<&mut R>) {
        let n = self.players as usize;
        // A Spy's player sees the hand he spies on (K80).
        let seen = if self.phase == Phase::Spy && viewer == self.current as usize {
            self.ck.in_play.spied as usize
        } else {
            viewer
        };
        for colour in Colour::ALL {
            let c = colour as usize;
            let mut pool = [ProgressCard::Alchemist; DECK_CARDS];
            let mut len = 0;
            for card in self.ck.decks[c].cards() {
                pool[len] = card;
                len += 1;
            }
            let mut held = [0usize; MAX_PLAYERS];
            for q in (0..n).filter(|&q| q != viewer && q != seen) {
                for card in ProgressCard::ALL.into_iter().filter(|k| k.colour() == colour) {
                    let k = card.index();
                    for _ in 0..self.ck.progress[q][k] {
                        pool[len] = card;
                        len += 1;
                    }
                    held[q] += self.ck.progress[q][k] as usize;
                    self.ck.progress[q][k] = 0;
                }
            }
            pool[..len].sort();
            if let Some(rng) = rng.as_deref_mut() {
                pool[..len].shuffle(rng);
            }
            let mut next = 0;
            for q in (0..n).filter(|&q| q != viewer && q != seen) {
                for &card in &pool[next..next + held[q]] {
                    self.ck.progress[q][card.index()] += 1;
                }
                next += held[q];
            }
            self.ck.decks[c] = Deck::with_cards(&pool[next..len]);
        }
    }

    /// A full game consistent with what `viewer` sees, the hidden part sampled by `rng`.
    pub fn determinized<R: Rng + ?Sized>(&self, viewer: usize, rng: &mut R) -> State {
        let mut s = self.clone();
        s.redeal_hidden(viewer, Some(rng));
        s
    }

    /// The position as `viewer` sees it, the hidden part in a fixed order: two positions that
    /// look the same to `viewer` give the same value.
    pub fn canonical(&self, viewer: usize) -> State {
        let mut s = self.clone();
        s.redeal_hidden::<Pcg64Mcg>(viewer, None);
        s
    }
}

/// What an agent sees: the game through the view of the player to decide (C41). The real game
/// stays private: the agent reads `view`, the position with everything hidden from it dealt in a
/// fixed order, and plays on samples (`Determinize`), which are the real game only when an
/// experiment makes it clairvoyant.
pub struct Observation<'a> {
    state: &'a State,
    view: State,
    clairvoyant: bool,
    history: Option<&'a str>,
}

impl<'a> Observation<'a> {
    /// An honest observation of a game.
    pub fn new(state: &'a State) -> Observation<'a> {
        Observation { view: state.canonical(state.actor as usize), state, clairvoyant: false, history: None }
    }

    /// A clairvoyant observation: samples are the real game (experiments only).
    pub fn clairvoyant(state: &'a State) -> Observation<'a> {
        Observation { clairvoyant: true, ..Observation::new(state) }
    }

    /// The same observation carrying the public record of the game so far.
    pub fn with_history(self, history: &'a str) -> Observation<'a> {
        Observation { history: Some(history), ..self }
    }

    /// The record of the game so far as the player to decide saw it, when the runner keeps one
    /// (`record::seat_record`: the lines only other players saw are left out).
    pub fn history(&self) -> Option<String> {
        self.history.map(|h| crate::record::seat_record(h, self.state.actor as usize))
    }

    /// The position as the player to decide sees it: the board, the bank, every count and its
    /// own cards exact; what is hidden from it dealt in a fixed order (`State::canonical`), so
    /// the others' resource cards there are only what it knows of them (`known`) filled up.
    pub fn view(&self) -> &State {
        &self.view
    }

    /// The same position, owned.
    pub fn public_position(&self) -> State {
        self.view.clone()
    }

    /// The player to decide.
    pub fn me(&self) -> usize {
        self.view.actor as usize
    }

    /// What the player to decide knows of `p`'s resource cards: a lower bound by kind (C41).
    pub fn known(&self, p: Player) -> Cards {
        self.view.known(Player(self.me() as u8), p)
    }

    /// How many of `p`'s resource cards the player to decide does not know the kind of (C41).
    pub fn unknown(&self, p: Player) -> u32 {
        self.view.unknown(Player(self.me() as u8), p)
    }

    /// Whether samples reveal the real game.
    pub fn is_clairvoyant(&self) -> bool {
        self.clairvoyant
    }
}

impl Determinize for Observation<'_> {
    type Full = State;
    type Public = State;

    fn actor(&self) -> usize {
        self.me()
    }

    fn public(&self) -> State {
        self.public_position()
    }

    fn public_into(&self, out: &mut State) {
        out.clone_from(&self.view);
    }

    fn is_public(&self, p: &State) -> bool {
        p.steps == self.view.steps && *p == self.view
    }

    /// Positions only grow: fewer steps, and every building and road of `earlier` still there.
    fn may_lead_here(&self, earlier: &State) -> bool {
        earlier.steps <= self.view.steps
            && earlier.edges.iter().zip(&self.view.edges).all(|(&a, &b)| a == 0 || a == b)
            && earlier.nodes.iter().zip(&self.view.nodes).all(|(&a, &b)| a == 0 || (a & 0x0f) == (b & 0x0f))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.view.legal_moves(out);
    }

    fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        if self.clairvoyant { self.state.clone() } else { self.state.determinized(self.me(), rng) }
    }

    fn determinize_into<R: Rng + ?Sized>(&self, full: &mut State, rng: &mut R) {
        full.clone_from(self.state);
        if !self.clairvoyant {
            full.redeal_hidden(self.me(), Some(rng));
        }
    }
}
