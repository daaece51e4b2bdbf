//! The game's course between decisions: `settle` carries out every automatic step until a
//! player must decide or chance must act, and chance outcomes are applied here (U77).

use crate::state::{CHANCE, Frame, OVER, Stage, State};
use rand::{Rng, RngExt};

/// Chance outcome ids: a deck card turned, drawn or dealt is its id (0..83); an influence card
/// drawn is 100 + its id; a card taken from a hand (`take_card`) is 200 + its id.
pub const INFLUENCE_OUTCOME: u64 = 100;
/// See [`INFLUENCE_OUTCOME`].
pub const TAKE_OUTCOME: u64 = 200;

/// What an effect's step asks for.
pub enum Step {
    /// Nothing: go on.
    Go,
    /// A decision of this seat.
    Decide(u8),
    /// A chance outcome.
    Chance,
}

impl State {
    /// Carries out automatic steps until a decision, a chance step or the end.
    pub fn settle(&mut self) {
        loop {
            if let Some(f) = self.top() {
                match f {
                    Frame::Turning { .. } | Frame::Drawing { .. } => {
                        if self.ready_to_turn() {
                            self.to_act = CHANCE;
                            return;
                        }
                    }
                    Frame::Influence { left, .. } => {
                        if self.ready_to_draw_influence(left) {
                            self.to_act = CHANCE;
                            return;
                        }
                    }
                    Frame::Answer { .. } => {
                        if let Some(p) = self.answer_step() {
                            self.to_act = p;
                            return;
                        }
                    }
                    Frame::Drop { p } => {
                        self.to_act = p;
                        return;
                    }
                    Frame::Income { .. } => {
                        if let Some(p) = self.income_step() {
                            self.to_act = p;
                            return;
                        }
                    }
                    Frame::Effect { .. } => match self.effect_step() {
                        Step::Go => {}
                        Step::Decide(p) => {
                            self.to_act = p;
                            return;
                        }
                        Step::Chance => {
                            self.to_act = CHANCE;
                            return;
                        }
                    },
                }
                continue;
            }
            match self.stage {
                Stage::Deal => {
                    self.to_act = CHANCE;
                    return;
                }
                Stage::Start => {
                    if self.settle_start() {
                        return;
                    }
                }
                Stage::Before => {
                    // U56, N16: the player to act may play influence cards before phase 1; with
                    // none to play there is nothing to decide.
                    if self.has_playable_influence() {
                        self.to_act = self.actor;
                        return;
                    }
                    self.begin_phase1();
                }
                Stage::Phase1 => self.enter_phase2(),
                Stage::Phase2 => {
                    self.to_act = self.actor;
                    return;
                }
                Stage::Phase3 => self.score_turn(),
                Stage::Scored => self.end_turn(),
                Stage::Over => {
                    self.to_act = OVER;
                    return;
                }
            }
        }
    }

    /// U30, U32: phase 1 begins: cards are turned, unless the phase is skipped (`skip_phase`).
    pub fn begin_phase1(&mut self) {
        if self.take_skip(1) {
            self.enter_phase2();
            return;
        }
        self.stage = Stage::Phase1;
        self.push(Frame::Turning { reshuffled: false });
    }

    /// Phase 2 begins (U39), unless skipped.
    pub fn enter_phase2(&mut self) {
        self.stage = if self.take_skip(2) { Stage::Phase3 } else { Stage::Phase2 };
    }

    /// Whether the player to act skips phase `k` now (clearing the mark).
    fn take_skip(&mut self, k: u8) -> bool {
        let s = &mut self.skip[usize::from(self.actor)];
        let hit = *s & (1 << k) != 0;
        *s &= !(1 << k);
        hit
    }

    /// The chance outcomes possible now, as a base id and a bit set.
    pub fn outcomes(&self) -> (u64, u128) {
        if self.to_act != CHANCE {
            return (0, 0);
        }
        match self.top() {
            Some(Frame::Turning { .. } | Frame::Drawing { .. }) => (0, self.top_part()),
            Some(Frame::Influence { .. }) => (INFLUENCE_OUTCOME, u128::from(self.influence_pile)),
            Some(Frame::Effect { src, .. }) => match src {
                crate::state::Source::Influence { target, .. } if target < self.n => {
                    (TAKE_OUTCOME, self.hand[usize::from(target)])
                }
                _ => (0, 0),
            },
            Some(_) => (0, 0),
            None => (0, self.pile[0]),
        }
    }

    /// The first part of the draw pile holding a card (U66).
    pub fn top_part(&self) -> u128 {
        self.pile.iter().copied().find(|&p| p != 0).unwrap_or(0)
    }

    /// Resolves the chance step uniformly at random; the outcome's id.
    pub fn resolve<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let (base, set) = self.outcomes();
        if set == 0 {
            return u64::MAX;
        }
        let k = rng.random_range(0..set.count_ones());
        let mut m = set;
        for _ in 0..k {
            m &= m - 1;
        }
        let id = base + u64::from(m.trailing_zeros());
        self.apply_outcome(id);
        id
    }

    /// Resolves the chance step to `id`; false (nothing done) when it cannot happen now.
    pub fn force(&mut self, id: u64) -> bool {
        let (base, set) = self.outcomes();
        let Some(bit) = id.checked_sub(base).filter(|&b| b < 128) else {
            return false;
        };
        if set & (1u128 << bit) == 0 {
            return false;
        }
        self.apply_outcome(id);
        true
    }

    /// Applies a possible outcome.
    fn apply_outcome(&mut self, id: u64) {
        self.steps += 1;
        match self.top() {
            Some(Frame::Turning { .. } | Frame::Drawing { .. }) => self.turned(id as u8),
            Some(Frame::Influence { .. }) => self.influence_drawn((id - INFLUENCE_OUTCOME) as u8),
            Some(Frame::Effect { .. }) => self.card_taken((id - TAKE_OUTCOME) as u8),
            Some(_) => {}
            None => self.deal(id as u8),
        }
        self.settle();
    }
}
