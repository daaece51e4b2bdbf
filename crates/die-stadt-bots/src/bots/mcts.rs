//! mcts: UCT over determinised games (`search::mcts`, which works through the game trait), with
//! Die Stadt's settings: every iteration samples the unseen tiles afresh (the agent never sees
//! the real order); playouts are random or informed by greedy's move values (`rollout`: greedy,
//! eps:E, softmax:T, best:K, sample:K), cut after `depth` tiles and then judged by
//! projected scores (points plus `open` times the value of open features); the reward is the win,
//! the rank or the score margin. Root parallel over `threads` searches.

use die_stadt::kind::DieStadt;
use stadt_core::agent::Agent;
use crate::eval;
use crate::learned;
use crate::learned::file::Weights;
use std::sync::Arc;
use stadt_core::game::Game as _;
use crate::helpers::GreedySearch;
use die_stadt::observation::Observation;
use crate::prior::GreedyPrior;
use stadt_core::bots::params::{ParamDef, ParamKind, Params, Value};
use stadt_core::search::mcts::{Config, Mcts, Reward, Rollout};
use stadt_core::search::playout::{Policy, keep_drawn};
use stadt_core::bots::def::{BotDef, Full};
use rand_pcg::Pcg64Mcg;
use die_stadt::game::Game;
use die_stadt::moves::{Move, Step};
use die_stadt::table::MAX_LEGAL_MOVES;

/// The defaults that tell `mcts` (plain UCT, as before the search's ideas) and `puct` (every
/// idea on) apart; every other parameter has one default.
pub struct Defaults {
    /// Iterations per decision.
    pub iters: &'static str,
    /// Exploration constant of UCB.
    pub c: &'static str,
    /// Cut depth.
    pub depth: &'static str,
    /// Evaluation of cut playouts.
    pub eval: &'static str,
    /// PUCT weight.
    pub prior: &'static str,
    /// Prior temperature.
    pub tau: &'static str,
    /// Widening.
    pub widen: &'static str,
    /// Tree reuse.
    pub reuse: &'static str,
}

/// How many parameters the search has.
pub const PARAMS: usize = 18;

/// The search's parameters with these defaults.
pub const fn params(d: Defaults) -> [ParamDef; PARAMS] {
    [
        ParamDef {
            key: "iters",
            default: d.iters,
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
            default: d.c,
            help: "exploration constant of UCB",
            kind: ParamKind::Real { min: 0.0, max: 10.0 },
        },
        ParamDef {
            key: "reward",
            default: "margin",
            help: "reward per player: win share, rank, score margin, or mix (the mean of margin and win share)",
            kind: ParamKind::Choice(&["win", "rank", "margin", "mix"]),
        },
        ParamDef {
            key: "rollout",
            default: "random",
            help: "playout policy over greedy's move values (points now plus `open` times open points, worked out without playing the moves): random (uniform), greedy (the best, ties at random), eps:E (uniform with probability E, else the best), softmax:T (exp(value / T points)), best:K (the best of K legal moves drawn uniformly without replacement, only those valued) or sample:K (as best:K, the placements drawn one by one without listing them: the same choice in distribution, cheaper, from other random numbers)",
            kind: ParamKind::Policy,
        },
        ParamDef {
            key: "open",
            default: "0.5",
            help: "weight of open features (greedy rollouts, and the evaluation after a cut rollout)",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "depth",
            default: d.depth,
            help: "tiles a rollout plays before the position is judged by the evaluation, eval (0: play to the end)",
            kind: ParamKind::Int { min: 0, max: 75 },
        },
        ParamDef {
            key: "eval",
            default: d.eval,
            help: "how a cut playout is judged: projected scores (points plus open times open values), learned (the built-in weights of `stadt learn` for the game's player count), or an evaluation file",
            kind: ParamKind::File { words: &["projected", "learned"], what: "an evaluation file", check: learned::file::check },
        },
        ParamDef {
            key: "prior",
            default: d.prior,
            help: "PUCT weight of the greedy-value prior over moves (0: UCB1 with c, no prior)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
        ParamDef {
            key: "tau",
            default: d.tau,
            help: "temperature of the prior in points: weights are exp(greedy value / tau)",
            kind: ParamKind::Real { min: 0.01, max: 1000.0 },
        },
        ParamDef {
            key: "widen",
            default: d.widen,
            help: "progressive widening: a node with N visits chooses among its ceil(widen*sqrt(N)) best-prior moves (0: all)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
        ParamDef {
            key: "expand",
            default: "1",
            help: "visits a node gets before its moves become children",
            kind: ParamKind::Int { min: 1, max: 1000 },
        },
        ParamDef {
            key: "reuse",
            default: d.reuse,
            help: "keep the chosen move's subtree for the next decision when it holds that position",
            kind: ParamKind::Bool,
        },
        ParamDef {
            key: "follow",
            default: "false",
            help: "with reuse: also follow the other players' moves, the draws and its own forced moves down the kept subtree to the next decision",
            kind: ParamKind::Bool,
        },
        ParamDef {
            key: "halving",
            default: "false",
            help: "sequential halving at the root: rounds that try the remaining moves equally and drop the worse half, the survivor chosen (false: UCB, the most visited chosen)",
            kind: ParamKind::Bool,
        },
        ParamDef {
            key: "chance",
            default: "0",
            help: "progressive widening over the draws below the root: a draw with N visits holds at most ceil(chance*sqrt(N)) tiles, then replays a held one in proportion to its visits (0: every draw sampled afresh)",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
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
    ]
}

/// `mcts` as it was before priors, widening, tree reuse and learned evaluations: each idea off.
static MCTS_PARAMS: [ParamDef; PARAMS] = params(Defaults {
    iters: "1000",
    c: "0.7",
    depth: "24",
    eval: "projected",
    prior: "0",
    tau: "2",
    widen: "0",
    reuse: "false",
});

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "mcts",
    summary: "UCT over determinised games, max^n rewards, root parallel (each idea of `puct` available as a parameter, off)",
    params: &MCTS_PARAMS,
    full: Full::Every,
    build: |p: &Params| Box::new(MctsBot::new(p)),
};

/// The search's settings from checked parameters, and the rollout's: its policy, and the weight
/// of open features in its values and in the projected scores.
pub fn config(p: &Params) -> (Config, Policy, f64) {
    let cfg = Config {
        iters: p.int("iters"),
        ms: p.int("ms"),
        c: p.real("c"),
        reward: match p.word("reward") {
            Some("win") => Reward::Win,
            Some("margin") => Reward::Margin,
            Some("mix") => Reward::Mix,
            _ => Reward::Rank,
        },
        margin: stadt_core::search::mcts::MARGIN_SCALE,
        threads: p.int("threads") as usize,
        depth: p.int("depth") as usize,
        prior: p.real("prior"),
        widen: p.real("widen"),
        expand: p.int("expand") as u32,
        reuse: p.flag("reuse"),
        follow: p.flag("follow"),
        halving: p.flag("halving"),
        chance: p.real("chance"),
    };
    (cfg, p.policy("rollout"), p.real("open"))
}

/// A playout's moves: uniformly random ones, greedy's own choice, or picked by a policy over
/// greedy's move values as playouts use them (`Table::playout_gains` with weight `open`).
pub struct StadtRollout {
    policy: Policy,
    open: f64,
    greedy: GreedySearch,
    moves: Vec<Move>,
    values: Vec<f64>,
}

impl Rollout<Game> for StadtRollout {
    #[inline]
    fn choose(&mut self, state: &Game, rng: &mut Pcg64Mcg) -> Move {
        match self.policy {
            Policy::Random => state.random_move(&mut self.moves, rng),
            // Greedy's own choice, the same move for the same random numbers as the greedy bot.
            Policy::Greedy => self.greedy.best(state.table(), self.open, rng),
            policy => {
                let table = state.table();
                match policy.draws() {
                    Some(k) if policy.samples() && table.step() == Step::PlaceTile => {
                        table.sampled_tile_moves(k, rng, &mut self.moves)
                    }
                    draws => {
                        table.legal_moves(&mut self.moves);
                        if let Some(k) = draws {
                            keep_drawn(&mut self.moves, k, rng);
                        }
                    }
                }
                table.playout_gains(self.open, &self.moves, &mut self.values);
                self.moves[policy.pick(&self.values, rng)]
            }
        }
    }
}

/// The MCTS agent.
pub struct MctsBot {
    search: Mcts<Game, StadtRollout, GreedyPrior>,
    open: f64,
    /// How cut playouts are judged.
    eval: Evaluation,
}

/// How the search judges a cut playout.
enum Evaluation {
    /// Projected scores.
    Projected,
    /// The built-in learned weights made for the game's player count.
    Builtin,
    /// The learned weights of an evaluation file, whatever the player count.
    File(Arc<Weights>),
}

impl MctsBot {
    /// An agent with the settings of checked parameters.
    pub fn new(p: &Params) -> MctsBot {
        let (cfg, policy, open) = config(p);
        let tau = p.real("tau");
        let search = Mcts::with_prior(
            cfg,
            || StadtRollout {
                policy,
                open,
                greedy: GreedySearch::default(),
                // Sized for any position, so that no playout grows them mid-search.
                moves: Vec::with_capacity(MAX_LEGAL_MOVES),
                values: Vec::with_capacity(MAX_LEGAL_MOVES),
            },
            || GreedyPrior::new(open, tau),
        );
        let eval = match p.value("eval") {
            Value::File(file) => Evaluation::File(file.content().expect("an evaluation file's check reads weights")),
            Value::Word("learned") => Evaluation::Builtin,
            _ => Evaluation::Projected,
        };
        MctsBot { search, open, eval }
    }
}

impl Agent<DieStadt> for MctsBot {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        let open = self.open;
        // The weights are chosen once per decision: a game's player count does not change.
        let weights = match &self.eval {
            Evaluation::Projected => None,
            Evaluation::Builtin => Some(learned::builtin(obs.table().players())),
            Evaluation::File(w) => Some(&**w),
        };
        let evaluate = move |g: &Game, out: &mut [f64]| match weights {
            Some(w) => learned::evaluate(w, g.table(), out),
            None => {
                let p = eval::projected(g.table(), open);
                let n = out.len();
                out.copy_from_slice(&p[..n]);
            }
        };
        self.search.choose(obs, &evaluate, rng)
    }
}
