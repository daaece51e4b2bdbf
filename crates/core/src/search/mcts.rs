//! UCT over determinised games, for any game of the `game` trait. Every iteration samples the
//! hidden part afresh from the player's view (the search never sees the real one), descends the
//! tree, expands one node, plays the game out, and backs up one reward per player (max^n: each
//! node is chosen for the player who moves there).
//!
//! Optional ideas, each a setting: a prior over each node's moves used PUCT-style in selection
//! (`prior`), progressive widening that opens a node's children in prior order as its visits grow
//! (`widen`), an expansion threshold (`expand`), and keeping the subtree of the chosen move for
//! the player's next decision when that decision's position is the one the subtree holds (`reuse`),
//! or one the subtree reaches through the other players' moves, the draws and the player's own
//! forced moves (`follow`); sequential halving in place of UCB at the root (`halving`); and
//! progressive widening over the draws below the root (`chance`), which replays draws a node
//! has seen so that the nodes below them are revisited.
//! With all of them off the search is plain UCT, move for move as before they existed.
//!
//! The tree lives in a flat arena of nodes (`tree`). Chance nodes are keyed by their outcome;
//! below one, the position follows from the path, so a decision node's children are all its legal
//! moves, stored side by side. Root parallelism: `threads` searches with their own seeds split the
//! iteration budget and add up their root visit counts. At a fixed iteration budget the search is
//! reproducible from its seed at any thread count of the caller.

use crate::game::{Determinize, Game, Turn};
use crate::search::follow::Walk;
use crate::search::halving::Halving;
use crate::search::tree::{Arena, Node};
use crate::seeds::derive;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use std::any::Any;
use std::time::Instant;

/// How a playout's scores become rewards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// 1 for a win, shared equally among tied winners.
    Win,
    /// 1 for first, 0 for last, linear between; tied players share their places.
    Rank,
    /// 0.5 + margin to the best opponent / (2 x `Config::margin`, MARGIN_SCALE unless set), clamped to [0, 1].
    Margin,
    /// The mean of `Margin` and `Win`: points count, and so does finishing first.
    Mix,
}

/// Points of margin that count as a sure win in the margin reward.
pub const MARGIN_SCALE: f64 = 40.0;

/// The search's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Iterations per decision.
    pub iters: u64,
    /// Time per decision in milliseconds (0: use `iters`).
    pub ms: u64,
    /// UCB exploration constant (used when `prior` is 0).
    pub c: f64,
    /// Reward.
    pub reward: Reward,
    /// Points of margin that count as a sure win in the margin reward (and `Mix`'s margin half).
    pub margin: f64,
    /// Root-parallel searches.
    pub threads: usize,
    /// Progress a playout makes before the position is judged by the evaluator (0: to the end).
    pub depth: usize,
    /// PUCT weight of the prior in selection (0: UCB1 with `c`, no prior term).
    pub prior: f64,
    /// Progressive widening: a node with N visits chooses among its `ceil(widen * sqrt(N))`
    /// best-prior children (0: among all).
    pub widen: f64,
    /// Visits a node gets before its children are made (1: at its second visit).
    pub expand: u32,
    /// Keep the chosen move's subtree for the player's next decision when it holds that position.
    pub reuse: bool,
    /// With `reuse`: also follow the other players' moves, the draws and the player's own forced
    /// moves down the kept subtree to the player's next decision.
    pub follow: bool,
    /// Spread the root's budget by sequential halving (the survivor is chosen) instead of UCB.
    pub halving: bool,
    /// Progressive widening over chance outcomes below the root: a chance node with N visits
    /// holds at most `ceil(chance * sqrt(N))` outcomes, and once full replays a held one in
    /// proportion to its visits (0: every outcome sampled afresh).
    pub chance: f64,
}

impl Config {
    /// Plain UCT: `iters` iterations a decision, exploration `c`, rewards `reward`, one thread,
    /// playouts to the end, and none of the extras (no prior, widening, reuse, halving or
    /// widening over chance); a search that wants one sets its field over this.
    pub fn uct(iters: u64, c: f64, reward: Reward) -> Config {
        Config {
            iters,
            ms: 0,
            c,
            reward,
            margin: MARGIN_SCALE,
            threads: 1,
            depth: 0,
            prior: 0.0,
            widen: 0.0,
            expand: 1,
            reuse: false,
            follow: false,
            halving: false,
            chance: 0.0,
        }
    }

    /// Whether children are scored by a prior (for the PUCT term or the widening order).
    fn uses_prior(&self) -> bool {
        self.prior > 0.0 || self.widen > 0.0
    }
}

/// The move a playout plays in a position (the player to act is `state.turn()`'s).
pub trait Rollout<G: Game>: Send {
    /// Chooses a legal move.
    fn choose(&mut self, state: &G, rng: &mut Pcg64Mcg) -> G::Move;
}

/// Prior weights over a position's moves: how promising each looks before any search.
pub trait Prior<G: Game>: Send {
    /// The weight of each of `moves` (legal in `state`, for the player to act), into `out`
    /// (cleared first, one per move, summing to 1).
    fn weights(&mut self, state: &G, moves: &[G::Move], out: &mut Vec<f32>);
}

/// Uniformly random playouts.
pub struct RandomRollout<G: Game> {
    buf: Vec<G::Move>,
}

impl<G: Game> Default for RandomRollout<G> {
    fn default() -> Self {
        RandomRollout { buf: Vec::new() }
    }
}

impl<G: Game> Rollout<G> for RandomRollout<G> {
    #[inline]
    fn choose(&mut self, state: &G, rng: &mut Pcg64Mcg) -> G::Move {
        state.random_move(&mut self.buf, rng)
    }
}

/// Equal weights: the prior of a search that has none.
#[derive(Default)]
pub struct NoPrior;

impl<G: Game> Prior<G> for NoPrior {
    fn weights(&mut self, _state: &G, moves: &[G::Move], out: &mut Vec<f32>) {
        out.clear();
        out.extend(std::iter::repeat_n(1.0 / moves.len() as f32, moves.len()));
    }
}

/// One search tree and its buffers (one per root-parallel thread; reused between decisions).
struct Tree<G: Game, R, P> {
    arena: Arena<G::Move>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    weights: Vec<f32>,
    order: Vec<u32>,
    state: Option<Box<G>>,
    rollout: R,
    prior: P,
    /// The root child of the move last chosen, kept for tree reuse.
    chosen: Option<u32>,
    /// The root's visits when the last search began (kept from the decision before).
    reused: u32,
    /// A playout's scores and rewards, one per player.
    scores: Vec<f64>,
    reward: Vec<f32>,
    /// The root's rounds under `halving`, and the move they left (a root child).
    halving: Halving,
    survivor: Option<u32>,
}

/// The search: its settings, one tree per thread, and the root's moves.
pub struct Mcts<G: Game, R: Rollout<G>, P: Prior<G> = NoPrior> {
    cfg: Config,
    trees: Vec<Tree<G, R, P>>,
    root_moves: Vec<G::Move>,
    /// The public position the last chosen move leads to (tree reuse's check), of the view's
    /// `Public` type; kept between decisions so that its memory is reused.
    expected: Option<Box<dyn Any + Send>>,
    /// Whether `expected` holds the position after the last decision.
    expecting: bool,
    /// The scratch of `follow`'s walk, a `Walk` of the view's `Public` type.
    walk: Option<Box<dyn Any + Send>>,
}

impl<G: Game, R: Rollout<G>, P: Prior<G>> Mcts<G, R, P> {
    /// A search with these settings; `rollout` makes each tree's playout policy, `prior` its prior.
    pub fn with_prior(
        cfg: Config,
        mut rollout: impl FnMut() -> R,
        mut prior: impl FnMut() -> P,
    ) -> Mcts<G, R, P> {
        let trees = (0..cfg.threads.max(1))
            .map(|_| Tree {
                arena: Arena::new(),
                path: Vec::new(),
                moves: Vec::new(),
                weights: Vec::new(),
                order: Vec::new(),
                state: None,
                rollout: rollout(),
                prior: prior(),
                chosen: None,
                reused: 0,
                scores: Vec::new(),
                reward: Vec::new(),
                halving: Halving::default(),
                survivor: None,
            })
            .collect();
        Mcts { cfg, trees, root_moves: Vec::new(), expected: None, expecting: false, walk: None }
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The root visits the last search started from, kept from the decision before (0 unless
    /// the tree was reused).
    pub fn reused_visits(&self) -> u64 {
        self.trees.iter().map(|t| t.reused as u64).sum()
    }

    /// Each chance node of the first tree after the last search: the outcomes it holds and its
    /// visits (what widening over the draws bounds).
    pub fn chance_nodes(&self) -> Vec<(usize, u32)> {
        let arena = &self.trees[0].arena;
        (0..arena.nodes.len() as u32)
            .filter(|&i| arena.has_outcomes(i))
            .map(|i| (arena.outcomes(i).count(), arena.nodes[i as usize].visits))
            .collect()
    }

    /// The visits of root move `mv` after the last search, over all trees.
    pub fn root_visits(&self, mv: G::Move) -> u64 {
        self.trees
            .iter()
            .map(|t| t.root_child(mv).map_or(0, |c| t.arena.nodes[c as usize].visits as u64))
            .sum()
    }

    /// The move with the most visits at the root after the search (under `halving`, the move
    /// most trees' rounds left, ties to the most visits), for the player to decide in `view`.
    /// `evaluate` judges a position a playout stopped in before the end (`depth`), one value per
    /// player, as the final scores would be.
    pub fn choose<D: Determinize<Full = G>>(
        &mut self,
        view: &D,
        evaluate: &(dyn Fn(&G, &mut [f64]) + Sync),
        rng: &mut Pcg64Mcg,
    ) -> G::Move
    where
        R: Send,
        P: Send,
        G::Move: Send,
    {
        view.legal_moves(&mut self.root_moves);
        let expecting = std::mem::take(&mut self.expecting);
        let expected = self
            .expected
            .as_ref()
            .and_then(|e| e.downcast_ref::<D::Public>())
            .filter(|_| self.cfg.reuse && expecting);
        let reuse = match expected {
            Some(e) if view.is_public(e) => true,
            Some(e) if self.cfg.follow => {
                let walk = self
                    .walk
                    .get_or_insert_with(|| Box::new(Walk::<D::Public>::new()))
                    .downcast_mut::<Walk<D::Public>>()
                    .expect("one view type per search");
                let mut any = false;
                for t in &mut self.trees {
                    t.chosen = t.chosen.and_then(|c| walk.find(&t.arena, c, e, view));
                    any |= t.chosen.is_some();
                }
                any
            }
            _ => false,
        };
        if self.root_moves.len() == 1 {
            // A forced move is not searched; with `follow`, a kept tree that holds this position
            // is followed one move down to the next one.
            let mv = self.root_moves[0];
            let follow = reuse && self.cfg.follow;
            for t in &mut self.trees {
                t.chosen = t.chosen.filter(|_| follow).and_then(|c| t.child(c, mv));
                t.reused = 0;
            }
            if follow {
                self.expect_after(view, mv);
            }
            return mv;
        }
        let seed: u64 = rng.random();
        let cfg = &self.cfg;
        let threads = self.trees.len() as u64;
        let deadline = (cfg.ms > 0).then(|| Instant::now() + std::time::Duration::from_millis(cfg.ms));
        let run = |(t, tree): (usize, &mut Tree<G, R, P>)| {
            let iters = cfg.iters / threads + u64::from((t as u64) < cfg.iters % threads);
            let mut rng = Pcg64Mcg::seed_from_u64(derive(seed, &[t as u64]));
            tree.search(view, cfg, iters, deadline, reuse, evaluate, &mut rng);
        };
        if self.trees.len() == 1 {
            run((0, &mut self.trees[0]));
        } else {
            self.trees.par_iter_mut().enumerate().for_each(run);
        }
        // Trees may order the root's children differently (by prior): add up visits by move.
        let mut best = ((0u64, 0u64), 0usize);
        for (i, &mv) in self.root_moves.iter().enumerate() {
            let votes = if self.cfg.halving { self.survivor_votes(mv) } else { 0 };
            let key = (votes, self.root_visits(mv));
            if key > best.0 {
                best = (key, i);
            }
        }
        let mv = self.root_moves[best.1];
        if self.cfg.reuse {
            for t in &mut self.trees {
                t.chosen = t.root_child(mv);
            }
            self.expect_after(view, mv);
        }
        mv
    }

    /// How many trees' halving rounds left move `mv`.
    fn survivor_votes(&self, mv: G::Move) -> u64 {
        let left = |t: &Tree<G, R, P>| t.survivor.is_some_and(|c| t.arena.nodes[c as usize].mv == Some(mv));
        self.trees.iter().filter(|t| left(t)).count() as u64
    }

    /// Remembers the public position `mv` leads to from `view`'s, which the kept subtree holds.
    fn expect_after<D: Determinize<Full = G>>(&mut self, view: &D, mv: G::Move) {
        match self.expected.as_mut().and_then(|e| e.downcast_mut::<D::Public>()) {
            Some(e) => view.public_into(e),
            None => self.expected = Some(Box::new(view.public())),
        }
        let next = self.expected.as_mut().and_then(|e| e.downcast_mut::<D::Public>()).expect("just set");
        next.apply(mv);
        self.expecting = true;
    }
}

impl<G: Game, R: Rollout<G>, P: Prior<G>> Tree<G, R, P> {
    fn root_child(&self, mv: G::Move) -> Option<u32> {
        if self.arena.nodes.is_empty() { None } else { self.child(0, mv) }
    }

    /// The child of decision node `node` reached by `mv`, if `node` has been expanded.
    fn child(&self, node: u32, mv: G::Move) -> Option<u32> {
        let n = self.arena.nodes[node as usize];
        (n.first..n.first + n.count).find(|&c| self.arena.nodes[c as usize].mv == Some(mv))
    }

    #[allow(clippy::too_many_arguments)]
    fn search<D: Determinize<Full = G>>(
        &mut self,
        view: &D,
        cfg: &Config,
        iters: u64,
        deadline: Option<Instant>,
        reuse: bool,
        evaluate: &(dyn Fn(&G, &mut [f64]) + Sync),
        rng: &mut Pcg64Mcg,
    ) {
        let mut state = self.state.take().unwrap_or_else(|| Box::new(view.determinize(rng)));
        let players = state.players();
        match self.chosen.take() {
            Some(c) if reuse && self.arena.players == players => self.arena.reroot(c),
            _ => self.arena.reset(players, view.actor() as u8),
        }
        self.reused = self.arena.nodes[0].visits;
        let (mut scores, mut reward) = (std::mem::take(&mut self.scores), std::mem::take(&mut self.reward));
        scores.resize(players, 0.0);
        reward.resize(players, 0.0);
        let mut done = 0u64;
        self.halving.clear();
        let start = Instant::now();
        loop {
            match deadline {
                Some(d) => {
                    if done.is_multiple_of(16) {
                        let now = Instant::now();
                        if now >= d {
                            break;
                        }
                        if cfg.halving {
                            let progress = (now - start).as_secs_f64() / (d - start).as_secs_f64();
                            self.halving.advance(&self.arena, progress);
                        }
                    }
                }
                None => {
                    if done >= iters {
                        break;
                    }
                    if cfg.halving {
                        self.halving.advance(&self.arena, done as f64 / iters as f64);
                    }
                }
            }
            view.determinize_into(&mut state, rng);
            self.descend(&mut state, cfg, rng);
            // Play out (to the end, or `depth` steps of progress) and back up.
            let stop_at = if cfg.depth == 0 { usize::MAX } else { state.progress() + cfg.depth };
            loop {
                match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        state.resolve_chance(rng);
                    }
                    Turn::Player(_) => {
                        if state.progress() >= stop_at {
                            break;
                        }
                        let mv = self.rollout.choose(&state, rng);
                        state.apply(mv);
                    }
                }
            }
            if state.turn() == Turn::Over {
                state.scores(&mut scores);
            } else {
                evaluate(&state, &mut scores);
            }
            rewards_scaled(&scores, cfg.reward, cfg.margin, &mut reward);
            for &i in &self.path {
                self.arena.nodes[i as usize].visits += 1;
                for (r, v) in self.arena.rewards_of(i).iter_mut().zip(&reward) {
                    *r += v;
                }
            }
            done += 1;
        }
        self.survivor = if cfg.halving { self.halving.finish(&self.arena) } else { None };
        self.state = Some(state);
        (self.scores, self.reward) = (scores, reward);
    }

    /// Selection and expansion from the root: records the path in `self.path`, leaves `state` at
    /// the position the playout starts from.
    fn descend(&mut self, state: &mut G, cfg: &Config, rng: &mut Pcg64Mcg) {
        self.path.clear();
        let mut node = 0u32;
        self.path.push(node);
        let mut at_root = true;
        loop {
            let actor = match state.turn() {
                Turn::Over => break,
                Turn::Chance if !at_root && self.arena.nodes[node as usize].count > 0 => {
                    // A sample in which this position is a draw where other samples had a
                    // decision (the hidden part decides which: whether a player holds a card to
                    // answer with, say): play out from here.
                    break;
                }
                Turn::Chance => {
                    // Widening over draws: a chance node holding all the outcomes it may
                    // replays one of them instead of sampling afresh.
                    let held = if at_root || cfg.chance == 0.0 {
                        None
                    } else {
                        self.held_outcome(node, cfg.chance, rng)
                    };
                    let outcome = match held
                        .and_then(|o| state.resolve_chance_as(self.arena.nodes[o as usize].outcome, rng))
                    {
                        Some(outcome) => outcome,
                        None => state.resolve_chance(rng),
                    };
                    let Turn::Player(p) = state.turn() else { break };
                    if !at_root {
                        node = self.arena.outcome(node, outcome, p as u8);
                        self.path.push(node);
                    }
                    p
                }
                Turn::Player(p) => p,
            };
            at_root = false;
            if self.arena.has_outcomes(node) {
                // The other way round: a decision where other samples had a draw.
                break;
            }
            if self.arena.nodes[node as usize].count == 0 {
                self.expand(node, state, actor as u8, cfg);
            }
            let child = if node == 0 && cfg.halving {
                self.halving.pick(&self.arena)
            } else {
                self.select(node, cfg, rng)
            };
            let mv = self.arena.nodes[child as usize].mv.expect("a move");
            if !state.is_legal(mv) {
                // A rare sample whose chance outcomes differ below this node: play out from here.
                break;
            }
            state.apply(mv);
            self.path.push(child);
            node = child;
            if self.arena.nodes[child as usize].visits < cfg.expand {
                break;
            }
        }
    }

    /// When chance node `node` holds as many outcomes as widening allows, one of them drawn in
    /// proportion to its visits; None when a new draw may be sampled.
    fn held_outcome(&self, node: u32, k: f64, rng: &mut Pcg64Mcg) -> Option<u32> {
        let visits = |i: u32| self.arena.nodes[i as usize].visits as u64;
        let cap = (k * (self.arena.nodes[node as usize].visits.max(1) as f64).sqrt()).ceil() as usize;
        let (held, total) = self.arena.outcomes(node).fold((0, 0), |(n, t), i| (n + 1, t + visits(i)));
        if held < cap.max(1) || total == 0 {
            return None;
        }
        let mut r = rng.random_range(0..total);
        self.arena.outcomes(node).find(|&i| match r.checked_sub(visits(i)) {
            Some(rest) => {
                r = rest;
                false
            }
            None => true,
        })
    }

    /// Makes every legal move of `state` a child of `node`, in prior order when a prior is used.
    fn expand(&mut self, node: u32, state: &G, actor: u8, cfg: &Config) {
        state.legal_moves(&mut self.moves);
        let first = self.arena.nodes.len() as u32;
        if cfg.uses_prior() {
            self.prior.weights(state, &self.moves, &mut self.weights);
            self.order.clear();
            self.order.extend(0..self.moves.len() as u32);
            let w = &self.weights;
            // Stable: equal weights keep the moves' order.
            self.order.sort_by(|&a, &b| w[b as usize].total_cmp(&w[a as usize]));
            for k in 0..self.order.len() {
                let i = self.order[k] as usize;
                let mut n = Node::new(Some(self.moves[i]), actor);
                n.prior = self.weights[i];
                self.arena.push(n);
            }
        } else {
            for i in 0..self.moves.len() {
                self.arena.push(Node::new(Some(self.moves[i]), actor));
            }
        }
        let nd = &mut self.arena.nodes[node as usize];
        nd.first = first;
        nd.count = self.moves.len() as u32;
    }

    /// The child to descend into: among the children widening has opened (all without it), PUCT
    /// with the prior when `prior` > 0, else UCB1 after every opened child has been tried once.
    fn select(&self, node: u32, cfg: &Config, rng: &mut Pcg64Mcg) -> u32 {
        let n = self.arena.nodes[node as usize];
        let open = if cfg.widen > 0.0 {
            ((cfg.widen * (n.visits.max(1) as f64).sqrt()).ceil() as u32).clamp(1, n.count)
        } else {
            n.count
        };
        let children = &self.arena.nodes[n.first as usize..(n.first + open) as usize];
        let actor = children[0].actor;
        if cfg.prior > 0.0 {
            // Unvisited children count as the parent's mean (first-play urgency).
            let fpu = self.arena.mean(node, actor).unwrap_or(0.5);
            let sqrt_n = (n.visits.max(1) as f64).sqrt();
            let mut best = (f64::NEG_INFINITY, 0);
            for (i, ch) in children.iter().enumerate() {
                let q = self.arena.mean(n.first + i as u32, actor).unwrap_or(fpu);
                let score = q + cfg.prior * ch.prior as f64 * sqrt_n / (1.0 + ch.visits as f64);
                if score > best.0 {
                    best = (score, i);
                }
            }
            return n.first + best.1 as u32;
        }
        let unvisited = children.iter().filter(|ch| ch.visits == 0).count();
        if unvisited > 0 {
            // In prior order when widening orders them, else at random.
            let mut k = if cfg.widen > 0.0 { 0 } else { rng.random_range(0..unvisited) };
            for (i, ch) in children.iter().enumerate() {
                if ch.visits == 0 {
                    if k == 0 {
                        return n.first + i as u32;
                    }
                    k -= 1;
                }
            }
        }
        let ln = (n.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, ch) in children.iter().enumerate() {
            let v = ch.visits as f64;
            let idx = (n.first as usize + i) * self.arena.players + ch.actor as usize;
            let score = self.arena.rewards[idx] as f64 / v + cfg.c * (ln / v).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        n.first + best.1 as u32
    }
}

/// One reward per player from (final or estimated) scores, into `out` (as long as `s`), a margin
/// of `MARGIN_SCALE` points a sure win.
pub fn rewards(s: &[f64], kind: Reward, out: &mut [f32]) {
    rewards_scaled(s, kind, MARGIN_SCALE, out);
}

/// As `rewards`, a margin of `scale` points a sure win (`Margin`, and `Mix`'s margin half).
pub fn rewards_scaled(s: &[f64], kind: Reward, scale: f64, out: &mut [f32]) {
    let n = s.len();
    match kind {
        Reward::Win => {
            let best = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let winners = s.iter().filter(|&&x| x == best).count() as f32;
            for p in 0..n {
                out[p] = if s[p] == best { 1.0 / winners } else { 0.0 };
            }
        }
        Reward::Rank => {
            for p in 0..n {
                let above = s.iter().filter(|&&x| x > s[p]).count() as f32;
                let tied = s.iter().filter(|&&x| x == s[p]).count() as f32 - 1.0;
                // Average place among the tied, 0-based; first place gets 1.
                let place = above + tied / 2.0;
                out[p] = 1.0 - place / (n as f32 - 1.0);
            }
        }
        Reward::Margin => {
            for p in 0..n {
                let best_other = (0..n).filter(|&q| q != p).map(|q| s[q]).fold(f64::NEG_INFINITY, f64::max);
                let m = (s[p] - best_other) / scale;
                out[p] = (0.5 + 0.5 * m.clamp(-1.0, 1.0)) as f32;
            }
        }
        Reward::Mix => {
            let best = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let winners = s.iter().filter(|&&x| x == best).count() as f32;
            rewards_scaled(s, Reward::Margin, scale, out);
            for p in 0..n {
                let win = if s[p] == best { 1.0 / winners } else { 0.0 };
                out[p] = 0.5 * out[p] + 0.5 * win;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! A game whose hidden part decides whether a position is a decision or a draw.
    use super::*;
    use crate::game::Determinize;
    use rand::Rng;

    /// Player 0 plays 0 or 1; 0 ends the game. After 1, player 1 answers (0 or 1) when he holds
    /// the hidden card, else a coin is tossed; then player 0 plays 0 or 1 once more and the game
    /// is over. Scores: the last number played decides who wins (0: player 0).
    #[derive(Clone, Debug, PartialEq)]
    struct Answer {
        /// Player 1's hidden card.
        holds: bool,
        /// The moves and tosses so far.
        seq: Vec<u8>,
    }

    impl Game for Answer {
        type Move = u8;
        fn players(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            match self.seq.as_slice() {
                [] | [1, _] => Turn::Player(0),
                [1] if self.holds => Turn::Player(1),
                [1] => Turn::Chance,
                _ => Turn::Over,
            }
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            if let Turn::Player(_) = self.turn() {
                out.extend([0, 1]);
            }
        }
        fn is_legal(&self, mv: u8) -> bool {
            matches!(self.turn(), Turn::Player(_)) && mv < 2
        }
        fn apply(&mut self, mv: u8) {
            self.seq.push(mv);
        }
        fn resolve_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
            let coin = rng.random_range(0..2u8);
            self.seq.push(coin);
            u64::from(coin)
        }
        fn scores(&self, out: &mut [f64]) {
            let last = usize::from(*self.seq.last().unwrap_or(&0));
            out[0] = if last == 0 { 1.0 } else { 0.0 };
            out[1] = 1.0 - out[0];
        }
        fn progress(&self) -> usize {
            self.seq.len()
        }
    }

    /// Player 0's view: the hidden card unknown.
    struct View(Answer);

    impl Determinize for View {
        type Full = Answer;
        type Public = Answer;
        fn actor(&self) -> usize {
            0
        }
        fn public(&self) -> Answer {
            Answer { holds: false, ..self.0.clone() }
        }
        fn public_into(&self, out: &mut Answer) {
            *out = self.public();
        }
        fn is_public(&self, p: &Answer) -> bool {
            *p == self.public()
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            self.0.legal_moves(out);
        }
        fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> Answer {
            Answer { holds: rng.random_bool(0.5), seq: self.0.seq.clone() }
        }
        fn determinize_into<R: Rng + ?Sized>(&self, full: &mut Answer, rng: &mut R) {
            *full = self.determinize(rng);
        }
    }

    #[test]
    fn a_position_that_is_a_draw_in_one_sample_and_a_decision_in_another_is_played_out() {
        let view = View(Answer { holds: true, seq: Vec::new() });
        let mut search: Mcts<Answer, RandomRollout<Answer>> =
            Mcts::with_prior(Config::uct(2000, 0.7, Reward::Win), RandomRollout::default, || NoPrior);
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        for _ in 0..20 {
            let mv = search.choose(&view, &|g: &Answer, out: &mut [f64]| g.scores(out), &mut rng);
            assert!(mv < 2);
        }
        // Playing 0 wins at once; 1 lets player 1 answer, half the time.
        assert_eq!(search.choose(&view, &|g: &Answer, out: &mut [f64]| g.scores(out), &mut rng), 0);
    }
}
