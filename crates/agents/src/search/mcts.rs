//! UCT over determinised games, for any game of the `game` trait. Every iteration samples the
//! hidden part afresh from the player's view (the search never sees the real one), descends the
//! tree, expands one node, plays the game out, and backs up one reward per player (max^n: each
//! node is chosen for the player who moves there).
//!
//! The tree lives in a flat arena of nodes. Chance nodes are keyed by their outcome; below one,
//! the position follows from the path, so a decision node's children are all its legal moves,
//! stored side by side. Root parallelism: `threads` searches with their own seeds split the
//! iteration budget and add up their root visit counts. At a fixed iteration budget the search is
//! reproducible from its seed at any thread count of the caller.

use crate::game::{Determinize, Game, Turn};
use crate::seeds::derive;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use std::time::Instant;

/// How a playout's scores become rewards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// 1 for a win, shared equally among tied winners.
    Win,
    /// 1 for first, 0 for last, linear between; tied players share their places.
    Rank,
    /// 0.5 + margin to the best opponent / (2 x MARGIN_SCALE), clamped to [0, 1].
    Margin,
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
    /// UCB exploration constant.
    pub c: f64,
    /// Reward.
    pub reward: Reward,
    /// Root-parallel searches.
    pub threads: usize,
    /// Progress a playout makes before the position is judged by the evaluator (0: to the end).
    pub depth: usize,
}

/// The move a playout plays in a position (the player to act is `state.turn()`'s).
pub trait Rollout<G: Game>: Send {
    /// Chooses a legal move.
    fn choose(&mut self, state: &G, rng: &mut Pcg64Mcg) -> G::Move;
}

/// Uniformly random playouts.
#[derive(Default)]
pub struct RandomRollout<G: Game> {
    buf: Vec<G::Move>,
}

impl<G: Game> Rollout<G> for RandomRollout<G> {
    #[inline]
    fn choose(&mut self, state: &G, rng: &mut Pcg64Mcg) -> G::Move {
        state.random_move(&mut self.buf, rng)
    }
}

const NONE: u32 = u32::MAX;

/// A tree node: a position reached by `mv` (or, below a chance node, by outcome `outcome`).
#[derive(Clone, Copy)]
struct Node<M> {
    /// First child: the decision children are `first..first + count`; for a node whose position
    /// is a chance node, the head of the list of outcome nodes (linked by `next`).
    first: u32,
    count: u32,
    /// Next outcome of the same chance node.
    next: u32,
    /// The move that led here (None for the root and for outcome nodes).
    mv: Option<M>,
    /// For an outcome node: the outcome.
    outcome: u64,
    /// The player who moves in this node's position's parent (whose reward it is judged by).
    actor: u8,
    visits: u32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, actor: u8) -> Node<M> {
        Node { first: NONE, count: 0, next: NONE, mv, outcome: 0, actor, visits: 0 }
    }
}

/// One search tree and its buffers (one per root-parallel thread; reused between decisions).
struct Tree<G: Game, R> {
    nodes: Vec<Node<G::Move>>,
    /// Rewards per node, `players` each, in node order.
    rewards: Vec<f32>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    state: Option<Box<G>>,
    rollout: R,
    players: usize,
}

/// The search: its settings, one tree per thread, and the root's moves.
pub struct Mcts<G: Game, R: Rollout<G>> {
    cfg: Config,
    trees: Vec<Tree<G, R>>,
    root_moves: Vec<G::Move>,
}

impl<G: Game, R: Rollout<G>> Mcts<G, R> {
    /// A search with these settings; `rollout` makes each tree's playout policy.
    pub fn new(cfg: Config, mut rollout: impl FnMut() -> R) -> Mcts<G, R> {
        let trees = (0..cfg.threads.max(1))
            .map(|_| Tree {
                nodes: Vec::new(),
                rewards: Vec::new(),
                path: Vec::new(),
                moves: Vec::new(),
                state: None,
                rollout: rollout(),
                players: 0,
            })
            .collect();
        Mcts { cfg, trees, root_moves: Vec::new() }
    }

    /// The move with the most visits at the root after the search, for the player to decide in
    /// `view`. `evaluate` judges a position a playout stopped in before the end (`depth`), one
    /// value per player, as the final scores would be.
    pub fn choose<D: Determinize<Full = G>>(
        &mut self,
        view: &D,
        evaluate: &(dyn Fn(&G, &mut [f64]) + Sync),
        rng: &mut Pcg64Mcg,
    ) -> G::Move
    where
        R: Send,
        G::Move: Send,
    {
        view.legal_moves(&mut self.root_moves);
        if self.root_moves.len() == 1 {
            return self.root_moves[0];
        }
        let seed: u64 = rng.random();
        let cfg = &self.cfg;
        let threads = self.trees.len() as u64;
        let deadline = (cfg.ms > 0).then(|| Instant::now() + std::time::Duration::from_millis(cfg.ms));
        let run = |(t, tree): (usize, &mut Tree<G, R>)| {
            let iters = cfg.iters / threads + u64::from((t as u64) < cfg.iters % threads);
            let mut rng = Pcg64Mcg::seed_from_u64(derive(seed, &[t as u64]));
            tree.search(view, cfg, iters, deadline, evaluate, &mut rng);
        };
        if self.trees.len() == 1 {
            run((0, &mut self.trees[0]));
        } else {
            self.trees.par_iter_mut().enumerate().for_each(run);
        }
        // Root children are the legal moves in the same order in every tree: add up visits.
        let mut best = (0u64, 0usize);
        for i in 0..self.root_moves.len() {
            let visits: u64 = self.trees.iter().map(|t| t.root_child(i).map_or(0, |n| n.visits as u64)).sum();
            if visits > best.0 {
                best = (visits, i);
            }
        }
        self.root_moves[best.1]
    }
}

impl<G: Game, R: Rollout<G>> Tree<G, R> {
    fn root_child(&self, i: usize) -> Option<&Node<G::Move>> {
        let root = self.nodes.first()?;
        (root.first != NONE && (i as u32) < root.count).then(|| &self.nodes[(root.first + i as u32) as usize])
    }

    fn push(&mut self, node: Node<G::Move>) -> u32 {
        self.nodes.push(node);
        self.rewards.extend(std::iter::repeat_n(0.0, self.players));
        self.nodes.len() as u32 - 1
    }

    fn search<D: Determinize<Full = G>>(
        &mut self,
        view: &D,
        cfg: &Config,
        iters: u64,
        deadline: Option<Instant>,
        evaluate: &(dyn Fn(&G, &mut [f64]) + Sync),
        rng: &mut Pcg64Mcg,
    ) {
        let mut state = self.state.take().unwrap_or_else(|| Box::new(view.determinize(rng)));
        self.players = state.players();
        self.nodes.clear();
        self.rewards.clear();
        self.push(Node::new(None, view.actor() as u8));
        let mut scores = vec![0.0; self.players];
        let mut reward = vec![0.0f32; self.players];
        let mut done = 0u64;
        loop {
            match deadline {
                Some(d) => {
                    if done.is_multiple_of(16) && Instant::now() >= d {
                        break;
                    }
                }
                None => {
                    if done >= iters {
                        break;
                    }
                }
            }
            view.determinize_into(&mut state, rng);
            self.descend(&mut state, cfg.c, rng);
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
            rewards(&scores, cfg.reward, &mut reward);
            for &i in &self.path {
                self.nodes[i as usize].visits += 1;
                let r = &mut self.rewards[i as usize * self.players..][..self.players];
                for (r, v) in r.iter_mut().zip(&reward) {
                    *r += v;
                }
            }
            done += 1;
        }
        self.state = Some(state);
    }

    /// Selection and expansion from the root: records the path in `self.path`, leaves `state` at
    /// the position the playout starts from.
    fn descend(&mut self, state: &mut G, c: f64, rng: &mut Pcg64Mcg) {
        self.path.clear();
        let mut node = 0u32;
        self.path.push(node);
        let mut at_root = true;
        loop {
            let actor = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let outcome = state.resolve_chance(rng);
                    let Turn::Player(p) = state.turn() else { break };
                    if !at_root {
                        node = self.outcome(node, outcome, p as u8);
                        self.path.push(node);
                    }
                    p
                }
                Turn::Player(p) => p,
            };
            at_root = false;
            let n = self.nodes[node as usize];
            if n.count == 0 {
                // Expand: every legal move becomes a child; play one of them.
                state.legal_moves(&mut self.moves);
                let first = self.nodes.len() as u32;
                for i in 0..self.moves.len() {
                    let mv = self.moves[i];
                    self.push(Node::new(Some(mv), actor as u8));
                }
                let nd = &mut self.nodes[node as usize];
                nd.first = first;
                nd.count = self.moves.len() as u32;
                let pick = first + rng.random_range(0..self.moves.len()) as u32;
                state.apply(self.nodes[pick as usize].mv.expect("a move"));
                self.path.push(pick);
                break;
            }
            let child = self.select(n, c, rng);
            let mv = self.nodes[child as usize].mv.expect("a move");
            if !state.is_legal(mv) {
                // A rare sample whose chance outcomes differ below this node: play out from here.
                break;
            }
            state.apply(mv);
            self.path.push(child);
            node = child;
            if self.nodes[child as usize].visits == 0 {
                break;
            }
        }
    }

    /// The node of chance outcome `outcome` below `node`, created if new.
    fn outcome(&mut self, node: u32, outcome: u64, actor: u8) -> u32 {
        let mut i = self.nodes[node as usize].first;
        while i != NONE {
            if self.nodes[i as usize].outcome == outcome {
                return i;
            }
            i = self.nodes[i as usize].next;
        }
        let mut n = Node::new(None, actor);
        n.outcome = outcome;
        n.next = self.nodes[node as usize].first;
        let new = self.push(n);
        self.nodes[node as usize].first = new;
        new
    }

    /// UCB1 for the player who moves: unvisited children first (at random), then the best score.
    fn select(&self, n: Node<G::Move>, c: f64, rng: &mut Pcg64Mcg) -> u32 {
        let children = &self.nodes[n.first as usize..(n.first + n.count) as usize];
        let unvisited = children.iter().filter(|ch| ch.visits == 0).count();
        if unvisited > 0 {
            let mut k = rng.random_range(0..unvisited);
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
            let idx = (n.first as usize + i) * self.players + ch.actor as usize;
            let score = self.rewards[idx] as f64 / v + c * (ln / v).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        n.first + best.1 as u32
    }
}

/// One reward per player from (final or estimated) scores, into `out` (as long as `s`).
pub fn rewards(s: &[f64], kind: Reward, out: &mut [f32]) {
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
                let m = (s[p] - best_other) / MARGIN_SCALE;
                out[p] = (0.5 + 0.5 * m.clamp(-1.0, 1.0)) as f32;
            }
        }
    }
}
