//! mcts: UCT over determinised games. Every iteration samples the unseen tiles afresh (the agent
//! never sees the real order), descends the tree, expands one node, plays the game out, and backs
//! up one reward per player (max^n: each node is chosen for the player who moves there).
//!
//! The tree lives in a flat arena of nodes. Draws are chance nodes keyed by the tile type drawn;
//! below a draw the position follows from the path, so a decision node's children are all its
//! legal moves, stored side by side. Root parallelism: `threads` searches with their own seeds
//! split the iteration budget and add up their root visit counts. At a fixed iteration budget the
//! search is reproducible from the agent's seed at any thread count of the harness.

use super::random::random_move;
use crate::agent::{Agent, BotDef, Observation, ParamDef, ParamKind, Params};
use crate::seeds::derive;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use stadt_core::game::Game;
use stadt_core::moves::{Move, Step};
use std::time::Instant;

use super::greedy::GreedySearch;

/// The registry entry.
pub static BOT: BotDef = BotDef {
    name: "mcts",
    summary: "UCT over determinised games, max^n rewards, root parallel",
    params: &[
        ParamDef {
            key: "iters",
            default: "1000",
            help: "iterations per decision (the budget unless ms > 0)",
            kind: ParamKind::Int { min: 1, max: 10_000_000 },
        },
        ParamDef {
            key: "ms",
            default: "0",
            help: "milliseconds per decision instead of iterations (not reproducible)",
            kind: ParamKind::Int { min: 0, max: 3_600_000 },
        },
        ParamDef {
            key: "c",
            default: "0.7",
            help: "exploration constant of UCB",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "reward",
            default: "margin",
            help: "reward per player: win share, rank, or score margin",
            kind: ParamKind::Choice(&["win", "rank", "margin"]),
        },
        ParamDef {
            key: "rollout",
            default: "random",
            help: "playout policy",
            kind: ParamKind::Choice(&["random", "greedy"]),
        },
        ParamDef {
            key: "open",
            default: "0.5",
            help: "weight of open features (greedy rollouts, and the evaluation after a cut rollout)",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "depth",
            default: "24",
            help: "tiles a rollout plays before the position is judged by projected scores (0: play to the end)",
            kind: ParamKind::Int { min: 0, max: 75 },
        },
        ParamDef {
            key: "threads",
            default: "1",
            help: "root-parallel searches (threads)",
            kind: ParamKind::Int { min: 1, max: 64 },
        },
        ParamDef {
            key: "clairvoyant",
            default: "false",
            help: "search the real tile order (experiments only; named in results)",
            kind: ParamKind::Bool,
        },
    ],
    build: |p: &Params| Box::new(Mcts::new(Config::from_params(p))),
};

/// How a playout's final scores become rewards.
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

/// The search settings.
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
    /// Greedy rollouts (with `open`) instead of random ones.
    pub greedy: bool,
    /// Greedy rollouts: weight of open features.
    pub open: f64,
    /// Root-parallel searches.
    pub threads: usize,
    /// Tiles per rollout before judging the position (0: to the end).
    pub depth: usize,
}

impl Config {
    /// The settings from checked parameters.
    pub fn from_params(p: &Params) -> Config {
        Config {
            iters: p.int("iters"),
            ms: p.int("ms"),
            c: p.real("c"),
            reward: match p.get("reward") {
                "win" => Reward::Win,
                "margin" => Reward::Margin,
                _ => Reward::Rank,
            },
            greedy: p.get("rollout") == "greedy",
            open: p.real("open"),
            threads: p.int("threads") as usize,
            depth: p.int("depth") as usize,
        }
    }
}

const NONE: u32 = u32::MAX;

/// A tree node: a position reached by `mv` (or, for a draw, by drawing `tile`).
#[derive(Clone, Copy)]
struct Node {
    /// First child: the decision children are `first..first + count`; for a draw node, the head
    /// of the list of outcome nodes (linked by `next`).
    first: u32,
    count: u32,
    /// Next outcome of the same draw.
    next: u32,
    /// The move that led here.
    mv: Move,
    /// For an outcome node: the tile type drawn.
    tile: u8,
    /// The player who made `mv` (whose reward this node's value is judged by).
    actor: u8,
    /// This position is a draw: its children are outcomes, not moves.
    draw: bool,
    visits: u32,
    reward: [f32; 4],
}

impl Node {
    fn new(mv: Move, actor: u8) -> Node {
        Node {
            first: NONE,
            count: 0,
            next: NONE,
            mv,
            tile: 0,
            actor,
            draw: false,
            visits: 0,
            reward: [0.0; 4],
        }
    }
}

/// One search tree and its buffers (one per root-parallel thread; reused between decisions).
#[derive(Default)]
struct Tree {
    nodes: Vec<Node>,
    path: Vec<u32>,
    moves: Vec<Move>,
    game: Option<Box<Game>>,
    greedy: GreedySearch,
}

/// The MCTS agent.
pub struct Mcts {
    cfg: Config,
    trees: Vec<Tree>,
    root_moves: Vec<Move>,
}

impl Mcts {
    /// An agent with these settings.
    pub fn new(cfg: Config) -> Mcts {
        let trees = (0..cfg.threads).map(|_| Tree::default()).collect();
        Mcts { cfg, trees, root_moves: Vec::new() }
    }
}

impl Agent for Mcts {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        obs.legal_moves(&mut self.root_moves);
        if self.root_moves.len() == 1 {
            return self.root_moves[0];
        }
        let seed: u64 = rng.random();
        let cfg = &self.cfg;
        let threads = self.trees.len() as u64;
        let deadline = (cfg.ms > 0).then(|| Instant::now() + std::time::Duration::from_millis(cfg.ms));
        let run = |(t, tree): (usize, &mut Tree)| {
            let iters = cfg.iters / threads + u64::from((t as u64) < cfg.iters % threads);
            let mut rng = Pcg64Mcg::seed_from_u64(derive(seed, &[t as u64]));
            tree.search(obs, cfg, iters, deadline, &mut rng);
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

impl Tree {
    fn root_child(&self, i: usize) -> Option<&Node> {
        let root = self.nodes.first()?;
        (root.first != NONE && (i as u32) < root.count).then(|| &self.nodes[(root.first + i as u32) as usize])
    }

    fn search(
        &mut self,
        obs: &Observation,
        cfg: &Config,
        iters: u64,
        deadline: Option<Instant>,
        rng: &mut Pcg64Mcg,
    ) {
        self.nodes.clear();
        self.nodes.push(Node::new(Move::Follower(None), obs.me() as u8));
        let mut game = self.game.take().unwrap_or_else(|| Box::new(obs.determinize(rng)));
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
            obs.determinize_into(&mut game, rng);
            // Descend.
            self.path.clear();
            let mut node = 0u32;
            self.path.push(node);
            let mut at_root = true;
            loop {
                if game.is_over() {
                    break;
                }
                let t = game.table();
                if !at_root && t.step() == Step::PlaceTile {
                    // A draw: go to the outcome node of the tile in hand.
                    self.nodes[node as usize].draw = true;
                    node = self.outcome(node, t.in_hand(), t.actor() as u8);
                    self.path.push(node);
                }
                at_root = false;
                let n = self.nodes[node as usize];
                if n.count == 0 {
                    // Expand: every legal move becomes a child; play one of them.
                    game.legal_moves(&mut self.moves);
                    let actor = game.table().actor() as u8;
                    let first = self.nodes.len() as u32;
                    for &mv in &self.moves {
                        self.nodes.push(Node::new(mv, actor));
                    }
                    let nd = &mut self.nodes[node as usize];
                    nd.first = first;
                    nd.count = self.moves.len() as u32;
                    let pick = first + rng.random_range(0..self.moves.len()) as u32;
                    game.apply(self.nodes[pick as usize].mv);
                    self.path.push(pick);
                    break;
                }
                let child = self.select(n, cfg.c, rng);
                let mv = self.nodes[child as usize].mv;
                if game.table().check(mv).is_err() {
                    // A rare sample whose piles shifted (a tile set aside): play out from here.
                    break;
                }
                game.apply(mv);
                self.path.push(child);
                node = child;
                if self.nodes[child as usize].visits == 0 {
                    break;
                }
            }
            // Play out (to the end, or `depth` tiles) and back up.
            let stop_at =
                if cfg.depth == 0 { usize::MAX } else { game.table().board().tile_count() + cfg.depth };
            while !game.is_over() && game.table().board().tile_count() < stop_at {
                let mv = if cfg.greedy {
                    self.greedy.best(game.table(), cfg.open, rng)
                } else {
                    random_move(game.table(), &mut self.moves, rng)
                };
                game.apply(mv);
            }
            let reward = if game.is_over() {
                rewards(game.table().scores().map(|s| s as f64), game.table().players(), cfg.reward)
            } else {
                rewards(crate::eval::projected(game.table(), cfg.open), game.table().players(), cfg.reward)
            };
            for &i in &self.path {
                let n = &mut self.nodes[i as usize];
                n.visits += 1;
                for (r, v) in n.reward.iter_mut().zip(reward) {
                    *r += v;
                }
            }
            done += 1;
        }
        self.game = Some(game);
    }

    /// The outcome node of drawing `tile` at draw node `node`, created if new.
    fn outcome(&mut self, node: u32, tile: u8, actor: u8) -> u32 {
        let mut i = self.nodes[node as usize].first;
        while i != NONE {
            if self.nodes[i as usize].tile == tile {
                return i;
            }
            i = self.nodes[i as usize].next;
        }
        let new = self.nodes.len() as u32;
        let mut n = Node::new(Move::Follower(None), actor);
        n.tile = tile;
        n.next = self.nodes[node as usize].first;
        self.nodes.push(n);
        self.nodes[node as usize].first = new;
        new
    }

    /// UCB1 for the player who moves: unvisited children first (at random), then the best score.
    fn select(&self, n: Node, c: f64, rng: &mut Pcg64Mcg) -> u32 {
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
            let score = ch.reward[ch.actor as usize] as f64 / v + c * (ln / v).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        n.first + best.1 as u32
    }
}

/// One reward per player from (final or projected) scores.
pub fn rewards(s: [f64; 4], n: usize, kind: Reward) -> [f32; 4] {
    let mut out = [0.0f32; 4];
    match kind {
        Reward::Win => {
            let best = s[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let winners = s[..n].iter().filter(|&&x| x == best).count() as f32;
            for p in 0..n {
                out[p] = if s[p] == best { 1.0 / winners } else { 0.0 };
            }
        }
        Reward::Rank => {
            for p in 0..n {
                let above = s[..n].iter().filter(|&&x| x > s[p]).count() as f32;
                let tied = s[..n].iter().filter(|&&x| x == s[p]).count() as f32 - 1.0;
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
    out
}
