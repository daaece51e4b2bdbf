//! Catan's MCTS: the core's search over games sampled from what the bot sees, its playouts random
//! or informed by Catan's move values (`stadt_core::search::playout`), a playout cut after
//! `depth` steps judged by the points, by greedy's value of the position (`eval=greedy`) or by a
//! learned evaluation (`learned`); optionally a prior over each node's moves from greedy's value
//! one ply ahead (`prior`, `tau`, `widen`), a reward other than the win (`reward`, `margin`) and
//! a time budget (`ms`).

use crate::greedy::{self, GreedyWeights};
use crate::learned;
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params, Value};
use stadt_core::game::Game;
use stadt_core::learned::Weights;
use stadt_core::search::mcts::{Config, Mcts, Prior, Reward};
use stadt_core::search::playout::{InformedRollout, Policy};
use std::sync::Arc;

/// Steps a playout makes before the position is judged, unless the spec says otherwise (the
/// `depth` parameter's default).
pub const MCTS_DEPTH: usize = 400;

/// The registry entry. Its full spec names `iters` and `c` always and the parameters added
/// since only when set, so the specs results recorded before them read as they did.
pub static BOT: BotDef<Catan> = BotDef {
    name: "mcts",
    summary: "the core's MCTS over games sampled from what the bot sees, playouts cut after `depth` steps",
    params: &[
        ParamDef {
            key: "iters",
            default: "200",
            help: "iterations per decision (the budget unless ms > 0)",
            kind: ParamKind::Int { min: 1, max: 10_000_000 },
        },
        ParamDef {
            key: "c",
            default: "0.7",
            help: "exploration constant",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "playout",
            default: "random",
            help: "how a playout picks its moves: uniformly, or by Catan's move values (sample:K as best:K)",
            kind: ParamKind::Policy,
        },
        ParamDef {
            key: "depth",
            default: "400",
            help: "steps a playout makes before the position is judged",
            kind: ParamKind::Int { min: 1, max: 100_000 },
        },
        ParamDef {
            key: "eval",
            default: "points",
            help: "how a cut playout is judged: by the points, by greedy's value of the position in points (its weights' defaults, w_opponent 0), or by an evaluation file (`stadt --game catan learn`)",
            kind: ParamKind::File {
                words: &["points", "greedy"],
                what: "an evaluation file",
                check: learned::check,
            },
        },
        ParamDef {
            key: "ms",
            default: "0",
            help: "milliseconds per decision instead of iterations (not reproducible)",
            kind: ParamKind::Int { min: 0, max: 3_600_000 },
        },
        ParamDef {
            key: "reward",
            default: "win",
            help: "reward per player from the final or judged scores: win share, rank, margin (0.5 + margin to the best other / 2 margin points, clamped) or mix (the mean of margin and win share)",
            kind: ParamKind::Choice(&["win", "rank", "margin", "mix"]),
        },
        ParamDef {
            key: "margin",
            default: "40",
            help: "points of margin that count as a sure win in the margin and mix rewards",
            kind: ParamKind::Real { min: 0.1, max: 1000.0 },
        },
        ParamDef {
            key: "prior",
            default: "0",
            help: "PUCT weight of a prior from greedy's value one ply ahead (0: UCB1 with c, no prior)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
        ParamDef {
            key: "tau",
            default: "1",
            help: "temperature of the prior in points: a move's weight is exp(greedy's value after it / tau)",
            kind: ParamKind::Real { min: 0.01, max: 1000.0 },
        },
        ParamDef {
            key: "widen",
            default: "0",
            help: "progressive widening: a node with N visits chooses among its ceil(widen*sqrt(N)) best moves by greedy's value (0: all)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
    ],
    full: Full::Changed { after: 2 },
    build: |p: &Params| Box::new(MctsCatan::of(p)),
};

/// How a playout cut before the end is judged.
#[derive(Clone)]
pub enum Judge {
    /// By the points (the final scores' measure).
    Points,
    /// By greedy's value of the position for each player, in points (divided by `w_points`).
    Greedy(GreedyWeights),
    /// By a learned evaluation.
    Learned(Arc<Weights>),
}

/// The weights greedy's value judges a position by as a leaf evaluation and a prior: greedy's
/// defaults without the strongest other player's term (the reward weighs the others).
pub fn judge_weights() -> GreedyWeights {
    GreedyWeights { opponent: 0.0, ..GreedyWeights::default() }
}

/// Greedy's value of the position for every player, in points, into `out`.
pub fn greedy_scores(w: &GreedyWeights, s: &State, out: &mut [f64]) {
    for (p, o) in out.iter_mut().enumerate().take(s.players()) {
        *o = greedy::value(w, s, Player(p as u8)) / w.points;
    }
}

/// A prior over a node's moves from greedy's value one ply ahead: each move's weight is
/// exp(value after it / tau), the value in points for the player to act (`judge_weights`).
pub struct GreedyPrior {
    weights: GreedyWeights,
    tau: f64,
    scratch: Option<Box<State>>,
    values: Vec<f64>,
}

impl GreedyPrior {
    /// The prior at temperature `tau` (points).
    pub fn new(tau: f64) -> GreedyPrior {
        GreedyPrior { weights: judge_weights(), tau, scratch: None, values: Vec::new() }
    }
}

impl Prior<State> for GreedyPrior {
    fn weights(&mut self, state: &State, moves: &[Move], out: &mut Vec<f32>) {
        let p = state.actor();
        let scratch = self.scratch.get_or_insert_with(|| Box::new(state.clone()));
        self.values.clear();
        for &mv in moves {
            (**scratch).clone_from(state);
            scratch.apply(mv);
            self.values.push(greedy::value(&self.weights, scratch, p) / self.weights.points);
        }
        // Shifted by the largest value (a win is worth 1e5 points), so that no weight overflows.
        let top = self.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        out.clear();
        out.extend(self.values.iter().map(|v| ((v - top) / self.tau).exp() as f32));
        let total: f32 = out.iter().sum();
        for w in out.iter_mut() {
            *w /= total;
        }
    }
}

/// The core's MCTS, searching games sampled from what it sees.
pub struct MctsCatan {
    search: Mcts<State, InformedRollout<State>, GreedyPrior>,
    judge: Judge,
}

impl MctsCatan {
    /// Plain UCT with `iters` iterations, exploration `c` and the win as reward, playouts cut at
    /// 400 steps and judged by the points, their moves picked by `playout` (`Policy::Random`:
    /// uniformly).
    pub fn new(iters: u64, c: f64, playout: Policy) -> MctsCatan {
        MctsCatan::judged(iters, c, playout, MCTS_DEPTH, None)
    }

    /// The settings a spec's checked parameters describe (`BOT`), the playout policy and the judge.
    pub fn settings(p: &Params) -> (Config, Policy, f64, Judge) {
        let judge = match p.value("eval") {
            Value::File(file) => {
                Judge::Learned(file.content().expect("an evaluation file's check reads weights"))
            }
            _ if p.word("eval") == Some("greedy") => Judge::Greedy(judge_weights()),
            _ => Judge::Points,
        };
        let reward = match p.word("reward") {
            Some("rank") => Reward::Rank,
            Some("margin") => Reward::Margin,
            Some("mix") => Reward::Mix,
            _ => Reward::Win,
        };
        let config = Config {
            ms: p.int("ms"),
            depth: p.int("depth") as usize,
            margin: p.real("margin"),
            prior: p.real("prior"),
            widen: p.real("widen"),
            ..Config::uct(p.int("iters"), p.real("c"), reward)
        };
        (config, p.policy("playout"), p.real("tau"), judge)
    }

    /// The bot a spec's checked parameters describe (`BOT`).
    pub fn of(p: &Params) -> MctsCatan {
        let (config, playout, tau, judge) = MctsCatan::settings(p);
        MctsCatan::with(config, playout, tau, judge)
    }

    /// As `new`, playouts cut after `depth` steps and judged by the learned evaluation `eval`
    /// (None: by the points).
    pub fn judged(
        iters: u64,
        c: f64,
        playout: Policy,
        depth: usize,
        eval: Option<Arc<Weights>>,
    ) -> MctsCatan {
        let config = Config { depth, ..Config::uct(iters, c, Reward::Win) };
        MctsCatan::with(config, playout, 1.0, eval.map_or(Judge::Points, Judge::Learned))
    }

    /// The search with these settings, playout policy, prior temperature and judge.
    pub fn with(config: Config, playout: Policy, tau: f64, judge: Judge) -> MctsCatan {
        MctsCatan {
            search: Mcts::with_prior(
                config,
                move || InformedRollout::new(playout),
                move || GreedyPrior::new(tau),
            ),
            judge,
        }
    }
}

impl Agent<Catan> for MctsCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        match &self.judge {
            Judge::Learned(w) => {
                self.search.choose(obs, &|s: &State, out: &mut [f64]| learned::evaluate(w, s, out), rng)
            }
            Judge::Greedy(w) => {
                self.search.choose(obs, &|s: &State, out: &mut [f64]| greedy_scores(w, s, out), rng)
            }
            Judge::Points => self.search.choose(obs, &|s: &State, out: &mut [f64]| Game::scores(s, out), rng),
        }
    }
}
