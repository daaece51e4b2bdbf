//! What an agent sees, and full games sampled from it (C22, C23: development cards are secret).
//! Hidden from a player: the deck's order, the kinds of the development cards in the others'
//! hands, and the generator that will roll the dice. A sample deals the unseen cards (the
//! deck and the others' hands) afresh with the agent's generator, keeping every hand's size and
//! the cards bought this turn, and seeds a new dice generator from it. Resource hands stay
//! public, as in Catanatron (a stolen card is seen by all).

use crate::ids::DevCard;
use crate::moves::Move;
use crate::state::{DECK, State};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::game::Determinize;

impl State {
    /// Deals the cards `viewer` cannot see afresh: shuffled by `rng`, or in kind order when
    /// `rng` is None (the canonical public position); the dice generator is reseeded the same
    /// way.
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, viewer: usize, rng: Option<&mut R>) {
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
        let seed = match rng {
            Some(rng) => {
                pool[..len].shuffle(rng);
                rng.random::<u64>()
            }
            None => 0,
        };
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
                if j < fresh {
                    self.fresh[q][k] += 1;
                }
            }
        }
        let top = self.deck_top as usize;
        self.deck[top..].copy_from_slice(&pool[next..len]);
        self.rng = Pcg64Mcg::seed_from_u64(seed);
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

/// What an agent sees: the game, through the view of the player to decide (unless an experiment
/// makes it clairvoyant).
pub struct Observation<'a> {
    state: &'a State,
    clairvoyant: bool,
    history: Option<&'a str>,
}

impl<'a> Observation<'a> {
    /// An honest observation of a game.
    pub fn new(state: &'a State) -> Observation<'a> {
        Observation { state, clairvoyant: false, history: None }
    }

    /// A clairvoyant observation: samples are the real game (experiments only).
    pub fn clairvoyant(state: &'a State) -> Observation<'a> {
        Observation { state, clairvoyant: true, history: None }
    }

    /// The same observation carrying the public record of the game so far.
    pub fn with_history(self, history: &'a str) -> Observation<'a> {
        Observation { history: Some(history), ..self }
    }

    /// The public record of the game so far, when the runner keeps one.
    pub fn history(&self) -> Option<&'a str> {
        self.history
    }

    /// The position as the player to decide sees it: the hidden part in a fixed order.
    pub fn public_position(&self) -> State {
        self.state.canonical(self.state.actor as usize)
    }

    /// The player to decide.
    pub fn me(&self) -> usize {
        self.state.actor as usize
    }

    /// What everyone sees, plus the agent's own cards: read these, not the hidden part.
    pub fn state(&self) -> &'a State {
        self.state
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
        out.clone_from(self.state);
        out.redeal_hidden::<Pcg64Mcg>(self.me(), None);
    }

    fn is_public(&self, p: &State) -> bool {
        p.steps == self.state.steps && *p == self.public_position()
    }

    /// Positions only grow: fewer steps, and every building and road of `earlier` still there.
    fn may_lead_here(&self, earlier: &State) -> bool {
        earlier.steps <= self.state.steps
            && earlier.edges.iter().zip(&self.state.edges).all(|(&a, &b)| a == 0 || a == b)
            && earlier.nodes.iter().zip(&self.state.nodes).all(|(&a, &b)| a == 0 || (a & 0x0f) == (b & 0x0f))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.state.legal_moves(out);
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
