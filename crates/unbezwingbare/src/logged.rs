//! The game the harness plays: the engine's `State` with the chance steps since the last move
//! (U77), each with what a record needs to write it (who was dealt or drew the card), and the
//! reshuffles of the draw pile (U38) and of the influence discards (U57) the engine made in
//! between. The engine draws each card uniformly when it is turned, so a reshuffle carries no
//! information; a record still writes it as a line where it happens (`record.rs`).

use crate::flow::{INFLUENCE_OUTCOME, TAKE_OUTCOME};
use crate::moves::Move;
use crate::state::{Frame, Source, Stage, State};
use rand::Rng;
use stadt_core::game::{Game, Turn};

/// What a chance step was, as a record writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A starting hand's card dealt to a seat (U23).
    Deal {
        /// The seat.
        to: u8,
        /// The deck card.
        card: u8,
    },
    /// A card turned in phase 1, seen by all (U32).
    Turn {
        /// The deck card.
        card: u8,
    },
    /// A card drawn into a hand by a purchase or a `draw` (U42); an event is turned face up.
    Draw {
        /// The drawer.
        to: u8,
        /// The deck card.
        card: u8,
    },
    /// An influence card drawn (U50, U53, `draw_influence`).
    Influence {
        /// The drawer.
        to: u8,
        /// The influence card.
        card: u8,
    },
    /// A card taken unseen from a hand (`take_card`).
    Take {
        /// Whose hand it left.
        from: u8,
        /// Who took it.
        to: u8,
        /// The deck card.
        card: u8,
        /// Whether all knew it was in that hand (N25): then all see which card left it.
        open: bool,
    },
    /// The discards became the draw pile (U38).
    ReshuffleDraw,
    /// The influence discards became the influence pile (U57).
    ReshuffleInfluence,
}

impl Step {
    /// The engine's outcome id of a chance step (`flow::INFLUENCE_OUTCOME`); None for a
    /// reshuffle.
    pub fn outcome(self) -> Option<u64> {
        match self {
            Step::Deal { card, .. } | Step::Turn { card } | Step::Draw { card, .. } => Some(u64::from(card)),
            Step::Influence { card, .. } => Some(INFLUENCE_OUTCOME + u64::from(card)),
            Step::Take { card, .. } => Some(TAKE_OUTCOME + u64::from(card)),
            Step::ReshuffleDraw | Step::ReshuffleInfluence => None,
        }
    }
}

/// The chance step `s` stands at, were its outcome `id`: who it goes to (None when `s` is at no
/// chance step).
pub fn step_of(s: &State, id: u64) -> Option<Step> {
    if s.decider().is_some() || s.is_over() {
        return None;
    }
    let card = |base: u64| id.checked_sub(base).map(|c| c as u8);
    Some(match s.top() {
        None if s.stage == Stage::Deal => Step::Deal { to: s.deal_to(), card: card(0)? },
        Some(Frame::Turning { .. }) => Step::Turn { card: card(0)? },
        Some(Frame::Drawing { p, .. }) => Step::Draw { to: p, card: card(0)? },
        Some(Frame::Influence { p, .. }) => Step::Influence { to: p, card: card(INFLUENCE_OUTCOME)? },
        Some(Frame::Effect { src: Source::Influence { by, target, .. }, .. }) => {
            let c = card(TAKE_OUTCOME)?;
            let open = c < 128 && s.known[usize::from(target) % crate::state::SEATS] & (1u128 << c) != 0;
            Step::Take { from: target, to: by, card: c, open }
        }
        _ => return None,
    })
}

/// The chance step `s` stands at, its card left at the lowest id (None when a player decides or
/// the game is over).
pub fn due(s: &State) -> Option<Step> {
    step_of(s, 0).or_else(|| step_of(s, INFLUENCE_OUTCOME)).or_else(|| step_of(s, TAKE_OUTCOME))
}

/// The reshuffles a step made, from the game before it to the game after: the draw pile (cards
/// enter it only by a reshuffle, U38) and the influence pile (only by a reshuffle, U57).
pub fn reshuffles(before: &State, after: &State) -> (bool, bool) {
    let union = |s: &State| s.pile[0] | s.pile[1] | s.pile[2];
    (union(after) & !union(before) != 0, after.influence_pile & !before.influence_pile != 0)
}

/// The engine's state and the chance steps since the last move. Their number has no bound the
/// rules give (a pile of events only, each drawing through the others, reshuffled once a
/// turning), so they are a list; searches play the engine's `State` itself, which never
/// allocates.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged {
    /// The game.
    pub state: State,
    log: Vec<Step>,
}

impl Logged {
    /// A game with an empty log.
    pub fn new(state: State) -> Logged {
        Logged { state, log: Vec::new() }
    }

    /// The chance steps since the last move, in order.
    pub fn since_move(&self) -> &[Step] {
        &self.log
    }

    /// Adds a step to the log.
    fn note(&mut self, step: Step) {
        self.log.push(step);
    }

    /// Notes the reshuffles made since `before`.
    fn note_reshuffles(&mut self, before: &State) {
        let (draw, influence) = reshuffles(before, &self.state);
        if draw {
            self.note(Step::ReshuffleDraw);
        }
        if influence {
            self.note(Step::ReshuffleInfluence);
        }
    }

    /// Applies the outcome `id` at the chance step the game stands at; false (nothing done) when
    /// it cannot happen there.
    pub fn force(&mut self, id: u64) -> bool {
        let before = self.state;
        let Some(step) = step_of(&before, id) else { return false };
        if !self.state.force(id) {
            return false;
        }
        self.note(step);
        self.note_reshuffles(&before);
        true
    }
}

impl Game for Logged {
    type Move = Move;

    fn players(&self) -> usize {
        self.state.seats()
    }

    fn turn(&self) -> Turn {
        Game::turn(&self.state)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.state.legal_moves(out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.state.check(mv).is_ok()
    }

    /// The move, the log cleared before it.
    fn apply(&mut self, mv: Move) {
        let before = self.state;
        self.log.clear();
        self.state.apply(mv);
        self.note_reshuffles(&before);
    }

    fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let before = self.state;
        let id = self.state.resolve(rng);
        if let Some(step) = step_of(&before, id) {
            self.note(step);
        }
        self.note_reshuffles(&before);
        id
    }

    fn force_chance(&mut self, outcome: u64) -> bool {
        self.force(outcome)
    }

    fn scores(&self, out: &mut [f64]) {
        Game::scores(&self.state, out);
    }

    fn progress(&self) -> usize {
        Game::progress(&self.state)
    }
}
