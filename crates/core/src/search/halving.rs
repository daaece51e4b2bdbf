//! Sequential halving at the root: the search's budget is split into rounds; in each round the
//! moves still in the running are tried in turn, equally often, and at its end the worse half
//! by mean reward drops out, until one move is left. It spends the budget on telling the best
//! move from the next best (simple regret) where UCB spends it on playing the best one often
//! (cumulative regret); the subtrees below the root are searched by UCB as before.

use crate::search::tree::Arena;

/// The moves in the running and the round the search is in (empty before the root is expanded).
#[derive(Default)]
pub(crate) struct Halving {
    /// The root children still in the running, best first after each halving.
    arms: Vec<u32>,
    /// The arm the next iteration tries.
    next: usize,
    /// Rounds done.
    round: u32,
    /// Rounds in all: enough halvings to leave one of the root's children.
    rounds: u32,
}

impl Halving {
    /// Forgets the last search's rounds (the next `pick` starts them afresh).
    pub fn clear(&mut self) {
        self.arms.clear();
        self.next = 0;
        self.round = 0;
        self.rounds = 0;
    }

    /// The root child the next iteration descends into: the arms in turn.
    pub fn pick<M: Copy>(&mut self, arena: &Arena<M>) -> u32 {
        if self.arms.is_empty() {
            let root = arena.nodes[0];
            self.arms.extend(root.first..root.first + root.count);
            // ceil(log2(count)) halvings leave one arm.
            self.rounds = u32::BITS - (root.count.max(2) - 1).leading_zeros();
        }
        let arm = self.arms[self.next];
        self.next = (self.next + 1) % self.arms.len();
        arm
    }

    /// Ends the rounds the search's progress (a fraction of its budget, in [0, 1]) has passed.
    pub fn advance<M: Copy>(&mut self, arena: &Arena<M>, progress: f64) {
        while !self.arms.is_empty()
            && self.round < self.rounds
            && progress >= (self.round + 1) as f64 / self.rounds as f64
        {
            self.halve(arena);
        }
    }

    /// Halves until one arm is left; the survivor, the move the search chooses (`None` if the
    /// root was never expanded).
    pub fn finish<M: Copy>(&mut self, arena: &Arena<M>) -> Option<u32> {
        while self.arms.len() > 1 {
            self.halve(arena);
        }
        self.arms.first().copied()
    }

    /// Keeps the better half (rounded up) by mean reward to the root's player; arms never tried
    /// rank last, and equal means go in the root's order (an unstable sort: no scratch memory).
    fn halve<M: Copy>(&mut self, arena: &Arena<M>) {
        let actor = arena.nodes[self.arms[0] as usize].actor;
        let mean = |a: u32| arena.mean(a, actor).unwrap_or(f64::NEG_INFINITY);
        self.arms.sort_unstable_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        self.arms.truncate(self.arms.len().div_ceil(2));
        self.next = 0;
        self.round += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::Halving;
    use crate::search::tree::{Arena, Node};

    /// A root for player 0 with one child per mean reward (`None`: never visited), 10 visits each.
    fn root(means: &[Option<f32>]) -> Arena<u8> {
        let mut arena = Arena::new();
        arena.reset(2, 0);
        for (i, m) in means.iter().enumerate() {
            let c = arena.push(Node::new(Some(i as u8), 0));
            if let Some(m) = m {
                arena.nodes[c as usize].visits = 10;
                arena.rewards_of(c)[0] = m * 10.0;
            }
        }
        arena.nodes[0].first = 1;
        arena.nodes[0].count = means.len() as u32;
        arena
    }

    #[test]
    fn each_round_tries_the_moves_in_turn_and_drops_the_worse_half_until_the_best_is_left() {
        let arena = root(&[Some(0.3), Some(0.9), None, Some(0.5), Some(0.7)]);
        let mut h = Halving::default();
        // Five moves take ceil(log2 5) = 3 rounds; the first tries all five in turn.
        let first: Vec<u32> = (0..6).map(|_| h.pick(&arena)).collect();
        assert_eq!(first, [1, 2, 3, 4, 5, 1]);
        h.advance(&arena, 0.3);
        assert_eq!(h.arms, [1, 2, 3, 4, 5], "a third of the budget is not spent yet");
        h.advance(&arena, 1.0 / 3.0);
        // The best three by mean, best first; the move never tried ranks last and drops out.
        assert_eq!(h.arms, [2, 5, 4]);
        assert_eq!((0..4).map(|_| h.pick(&arena)).collect::<Vec<_>>(), [2, 5, 4, 2]);
        h.advance(&arena, 0.99);
        assert_eq!(h.arms, [2, 5]);
        assert_eq!(h.finish(&arena), Some(2));
        h.clear();
        assert_eq!(h.finish(&arena), None, "a cleared search has no survivor");
    }

    #[test]
    fn one_call_ends_every_round_the_progress_has_passed() {
        let arena = root(&[Some(0.1), Some(0.2), Some(0.3), Some(0.4)]);
        let mut h = Halving::default();
        h.pick(&arena);
        h.advance(&arena, 1.0);
        assert_eq!(h.arms, [4]);
    }
}
