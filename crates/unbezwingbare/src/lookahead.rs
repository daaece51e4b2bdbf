//! The lookahead: the greedy's one move, its best moves compared by short greedy playouts
//! (Catan's `lookahead`, ported; docs/unbezwingbare/bots.md). For each decision it ranks the
//! legal moves by the greedy's value after them (`greedy::move_values`, on the seat's view) and
//! keeps the best `k`; then, for each of `samples` games dealt from what the seat sees
//! (`State::sample`), it plays each kept move and every seat's greedy choices after it until
//! `turns` turns have begun past the current one (at that turn's first decision) or the game
//! ends, the chance steps drawn from one generator per sample, the same for every kept move
//! (common random numbers), and judges the position by the seat's value in points less
//! `opponent` times the best other seat's (`value::leaf_scores`, a won game worth `w_win`). The
//! move of the highest total is played; `k = 1` is the greedy's move itself.

use crate::greedy::{greedy_move, move_values};
use crate::moves::Move;
use crate::state::{SEATS, State};
use crate::value::{Weights, leaf_scores};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game, Turn};
use stadt_core::seeds::derive;

/// Steps (decisions and chance outcomes) a playout takes at most: a bound for long turns.
pub const MAX_STEPS: usize = 2000;

/// The lookahead's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Games dealt from the seat's view, each played out after every kept move.
    pub samples: usize,
    /// The greedy's best moves kept and compared (1: the greedy).
    pub k: usize,
    /// Turns begun past the current one before a playout is judged (1: to the end of this turn).
    pub turns: u32,
    /// Weight of the best other seat's value subtracted from the seat's at a playout's end.
    pub opponent: f64,
}

/// The lookahead's state between decisions: its settings, the value's weights and its buffers.
pub struct Lookahead {
    /// The settings.
    pub settings: Settings,
    /// The value's weights for the ranking and the judgement of a playout's end.
    pub weights: Weights,
    /// The weights of every seat's greedy choices in the playouts: the default greedy's, so that
    /// greedy seats are played as they play (the bot's own later moves too are the greedy's there:
    /// its own weights for them were measured worse, docs/unbezwingbare/bots.md).
    pub policy: Weights,
    moves: Vec<Move>,
    values: Vec<f64>,
    ranked: Vec<(f64, u64, usize)>,
    kept: Vec<Move>,
    sums: Vec<f64>,
    play_moves: Vec<Move>,
    play_values: Vec<f64>,
}

impl Lookahead {
    /// The lookahead with these settings, under the default weights.
    pub fn new(settings: Settings) -> Lookahead {
        Lookahead::with_weights(settings, Weights::default())
    }

    /// The lookahead with these settings, ranking and judging by `weights` (the playouts' greedy
    /// keeps the default weights).
    pub fn with_weights(settings: Settings, weights: Weights) -> Lookahead {
        Lookahead {
            settings,
            weights,
            policy: Weights::default(),
            moves: Vec::new(),
            values: Vec::new(),
            ranked: Vec::new(),
            kept: Vec::new(),
            sums: Vec::new(),
            play_moves: Vec::new(),
            play_values: Vec::new(),
        }
    }

    /// The move of seat `me` in its view `view` (`State::view(me)` or a `Shown`'s view); `me`
    /// must be the seat to decide.
    pub fn choose(&mut self, view: &State, me: u8, rng: &mut Pcg64Mcg) -> Move {
        let w = self.weights;
        if self.settings.k <= 1 {
            return greedy_move(view, me, &w, &mut self.moves, &mut self.values, rng);
        }
        view.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        // The greedy's ranking on the view, ties in a uniform order; the best k kept.
        move_values(view, me, &w, &self.moves, &mut self.values);
        let seed: u64 = rng.random();
        let mut order = Pcg64Mcg::seed_from_u64(derive(seed, &[u64::MAX]));
        self.ranked.clear();
        for (i, &v) in self.values.iter().enumerate() {
            self.ranked.push((v, order.random(), i));
        }
        self.ranked.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        self.kept.clear();
        let moves = &self.moves;
        self.kept.extend(self.ranked.iter().take(self.settings.k).map(|&(_, _, i)| moves[i]));
        self.sums.clear();
        self.sums.resize(self.kept.len(), 0.0);
        let stop = view.turns + self.settings.turns;
        for n in 0..self.settings.samples as u64 {
            let mut deal = Pcg64Mcg::seed_from_u64(derive(seed, &[n]));
            let sample = view.sample(me, &mut deal);
            for i in 0..self.kept.len() {
                let mut game = sample;
                game.apply(self.kept[i]);
                // The same chance outcomes and tie-breaks after every kept move.
                let mut chance = Pcg64Mcg::seed_from_u64(derive(seed, &[n, 1]));
                let mut choices = Pcg64Mcg::seed_from_u64(derive(seed, &[n, 2]));
                self.sums[i] += self.play_out(&mut game, me, stop, &mut chance, &mut choices);
            }
        }
        let mut best = 0;
        for i in 1..self.kept.len() {
            if self.sums[i] > self.sums[best] + 1e-9 {
                best = i;
            }
        }
        self.kept[best]
    }

    /// Plays `s` on by every seat's greedy choice until turn `stop` has begun (at its first
    /// decision), the game ends or `MAX_STEPS` steps, and judges it for `me` in points.
    fn play_out(
        &mut self,
        s: &mut State,
        me: u8,
        stop: u32,
        chance: &mut Pcg64Mcg,
        choices: &mut Pcg64Mcg,
    ) -> f64 {
        let policy = self.policy;
        for _ in 0..MAX_STEPS {
            match Game::turn(s) {
                Turn::Over => break,
                Turn::Chance => {
                    s.resolve(chance);
                }
                Turn::Player(p) => {
                    if s.turns >= stop {
                        break;
                    }
                    let m = greedy_move(
                        s,
                        p as u8,
                        &policy,
                        &mut self.play_moves,
                        &mut self.play_values,
                        choices,
                    );
                    s.apply(m);
                }
            }
        }
        let mut scores = [0.0; SEATS];
        leaf_scores(s, &self.weights, &mut scores);
        let mine = scores[usize::from(me)];
        let best_other = (0..s.seats())
            .filter(|&q| q != usize::from(me))
            .map(|q| scores[q])
            .fold(f64::NEG_INFINITY, f64::max);
        mine - self.settings.opponent * best_other
    }
}
