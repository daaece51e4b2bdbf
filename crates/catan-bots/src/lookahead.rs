//! Catan's lookahead: greedy's one ply, its best moves compared by short greedy playouts. For each
//! decision it ranks the legal moves by greedy's value after them (`greedy::value`) and keeps the
//! best `k`; then, for each of `samples` games dealt from what it sees (C41), it plays each kept
//! move and every seat's greedy choices after it until `turns` turns have passed (the dice and
//! the deck those of the sample, the same for every kept move: common random numbers), and
//! judges the position by greedy's value for itself less `opponent` times the best other
//! player's (a won game ±`WIN` points). The move of the highest mean is played.

use crate::greedy::{self, GreedyWeights};
use crate::mcts::judge_weights;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::Player;
use stadt_catan::kind::Catan;
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params};
use stadt_core::game::Determinize;
use stadt_core::seeds::derive;
use std::time::{Duration, Instant};

/// What a won (lost) game is worth at the end of a playout, in points.
pub const WIN: f64 = 30.0;

/// Greedy moves a playout makes at most (a bound for the set-up round and long turns).
pub const MAX_STEPS: usize = 400;

/// The registry entry.
pub static BOT: BotDef<Catan> = BotDef {
    name: "lookahead",
    summary: "greedy's best k moves compared by greedy playouts of a few turns over games dealt from what it sees",
    params: &[
        ParamDef {
            key: "samples",
            default: "128",
            help: "games dealt from what the bot sees, each played out after every kept move (the budget unless ms > 0)",
            kind: ParamKind::Int { min: 1, max: 1_000_000 },
        },
        ParamDef {
            key: "k",
            default: "4",
            help: "greedy's best moves kept and compared (1: greedy)",
            kind: ParamKind::Int { min: 1, max: 1000 },
        },
        ParamDef {
            key: "turns",
            default: "4",
            help: "turns a playout plays past the current one's start before it is judged (1: to the end of the bot's turn)",
            kind: ParamKind::Int { min: 1, max: 1000 },
        },
        ParamDef {
            key: "opponent",
            default: "1",
            help: "weight of the best other player's value subtracted from the bot's at a playout's end",
            kind: ParamKind::Real { min: 0.0, max: 2.0 },
        },
        ParamDef {
            key: "ms",
            default: "0",
            help: "milliseconds per decision instead of samples (whole samples; not reproducible)",
            kind: ParamKind::Int { min: 0, max: 3_600_000 },
        },
    ],
    full: Full::Every,
    build: |p: &Params| {
        Box::new(Lookahead::new(
            p.int("samples") as usize,
            p.int("k") as usize,
            p.int("turns") as u16,
            p.real("opponent"),
            p.int("ms"),
        ))
    },
};

/// The lookahead bot in a seat: its settings and scratch space.
pub struct Lookahead {
    samples: usize,
    k: usize,
    turns: u16,
    opponent: f64,
    ms: u64,
    /// Greedy's weights, for its choices and the first ranking.
    policy: GreedyWeights,
    /// The weights a playout's end is judged by (greedy's without the opponent term).
    judge: GreedyWeights,
    moves: Vec<Move>,
    ranked: Vec<(f64, usize)>,
    kept: Vec<Move>,
    sums: Vec<f64>,
    scratch: Option<Box<State>>,
    sample: Option<Box<State>>,
    game: Option<Box<State>>,
}

impl Lookahead {
    /// The bot with these settings (`BOT`'s parameters).
    pub fn new(samples: usize, k: usize, turns: u16, opponent: f64, ms: u64) -> Lookahead {
        Lookahead {
            samples,
            k,
            turns,
            opponent,
            ms,
            policy: GreedyWeights::default(),
            judge: judge_weights(),
            moves: Vec::new(),
            ranked: Vec::new(),
            kept: Vec::new(),
            sums: Vec::new(),
            scratch: None,
            sample: None,
            game: None,
        }
    }
}

/// Greedy's choice for the player to act in `s` (a full game): the move of the highest value
/// after it, ties broken uniformly by `rng`. `moves` and `scratch` are scratch space.
fn greedy_choice(
    w: &GreedyWeights,
    s: &State,
    moves: &mut Vec<Move>,
    scratch: &mut State,
    rng: &mut Pcg64Mcg,
) -> Move {
    s.legal_moves(moves);
    if moves.len() == 1 {
        return moves[0];
    }
    let p = s.actor();
    let (mut best, mut best_value, mut ties) = (moves[0], f64::NEG_INFINITY, 0u32);
    for &mv in moves.iter() {
        scratch.clone_from(s);
        scratch.apply(mv);
        let v = greedy::value(w, scratch, p);
        if v > best_value + 1e-9 {
            (best, best_value, ties) = (mv, v, 1);
        } else if v >= best_value - 1e-9 {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = mv;
            }
        }
    }
    best
}

impl Lookahead {
    /// Plays `s` on by greedy choices until turn `stop` begins (or the game ends, or `MAX_STEPS`
    /// moves), and judges it for `me` in points.
    fn play_out(&mut self, s: &mut State, me: Player, stop: u16, rng: &mut Pcg64Mcg) -> f64 {
        let scratch = self.scratch.get_or_insert_with(|| Box::new(s.clone()));
        let mut steps = 0;
        while !s.is_over() {
            if s.phase().is_chance() {
                s.resolve_chance();
                continue;
            }
            if s.turns() >= stop || steps >= MAX_STEPS {
                break;
            }
            let mv = greedy_choice(&self.policy, s, &mut self.moves, scratch, rng);
            s.apply(mv);
            steps += 1;
        }
        if s.is_over() {
            return if s.winner() == Some(me) { WIN } else { -WIN };
        }
        let w = &self.judge;
        let mine = greedy::value(w, s, me) / w.points;
        let best_other = (0..s.players() as u8)
            .map(Player)
            .filter(|&q| q != me)
            .map(|q| greedy::value(w, s, q) / w.points)
            .fold(f64::NEG_INFINITY, f64::max);
        mine - self.opponent * best_other
    }
}

impl Agent<Catan> for Lookahead {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        let start = Instant::now();
        let view = obs.view();
        let me = Player(obs.me() as u8);
        view.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            return self.moves[0];
        }
        // Greedy's ranking on the view (as greedy itself plays), the best k kept.
        let scratch = self.scratch.get_or_insert_with(|| Box::new(view.clone()));
        self.ranked.clear();
        for (i, &mv) in self.moves.iter().enumerate() {
            (**scratch).clone_from(view);
            scratch.apply(mv);
            self.ranked.push((greedy::value(&self.policy, scratch, me), i));
        }
        // Ties in the order a uniform draw gives them, so that k = 1 is greedy in distribution.
        let seed: u64 = rng.random();
        let mut order = Pcg64Mcg::seed_from_u64(derive(seed, &[u64::MAX]));
        let keys: Vec<u64> = (0..self.ranked.len()).map(|_| order.random()).collect();
        self.ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(keys[a.1].cmp(&keys[b.1])));
        self.kept.clear();
        let moves = &self.moves;
        self.kept.extend(self.ranked.iter().take(self.k).map(|&(_, i)| moves[i]));
        if self.kept.len() == 1 {
            return self.kept[0];
        }
        self.sums.clear();
        self.sums.resize(self.kept.len(), 0.0);
        let stop = view.turns() + self.turns;
        let deadline = (self.ms > 0).then(|| start + Duration::from_millis(self.ms));
        let mut n = 0u64;
        loop {
            match deadline {
                Some(d) if n > 0 && Instant::now() >= d => break,
                None if n as usize >= self.samples => break,
                _ => {}
            }
            let mut deal = Pcg64Mcg::seed_from_u64(derive(seed, &[n]));
            let mut sample = self.sample.take().unwrap_or_else(|| Box::new(view.clone()));
            obs.determinize_into(&mut sample, &mut deal);
            let mut game = self.game.take().unwrap_or_else(|| Box::new(view.clone()));
            for i in 0..self.kept.len() {
                game.clone_from(&sample);
                game.apply(self.kept[i]);
                // The same choices' random numbers after every kept move.
                let mut play = Pcg64Mcg::seed_from_u64(derive(seed, &[n, 1]));
                self.sums[i] += self.play_out(&mut game, me, stop, &mut play);
            }
            (self.sample, self.game) = (Some(sample), Some(game));
            n += 1;
        }
        let mut best = 0;
        for i in 1..self.kept.len() {
            if self.sums[i] > self.sums[best] + 1e-9 {
                best = i;
            }
        }
        self.kept[best]
    }
}
