//! Games between bots on the same deals, for the bot tests (`tests/bots.rs`) and the long runs
//! (`examples/duel.rs`): one bot in seat k, another in every other seat, k = 0..seats for each
//! deal; the chance outcomes drawn from the deal's generator, each seat's choices from its own.
//! Every bot decides on the view of its seat (U76), never the real game.
#![allow(dead_code)]

use rand::{RngExt, SeedableRng};
use rand_pcg::{Pcg64, Pcg64Mcg};
use stadt_core::game::{Game, Turn};
use stadt_core::search::mcts::{Config, Mcts, Prior, RandomRollout, Reward, Rollout};
use stadt_unbezwingbare::greedy::{Greedy, GreedyPrior, GreedyRollout};
use stadt_unbezwingbare::observation::Observation;
use stadt_unbezwingbare::search::{TurnCut, TurnView, leaf};
use stadt_unbezwingbare::value::{Weights, position_values, raw_value};
use stadt_unbezwingbare::{Material, Move, Options, State};
use std::time::Instant;

/// How a search's playouts pick their moves.
pub enum Playout {
    /// Uniformly.
    Random(RandomRollout<TurnCut>),
    /// By the greedy value, a uniform move with the probability given.
    Greedy(GreedyRollout),
}

impl Rollout<TurnCut> for Playout {
    fn choose(&mut self, state: &TurnCut, rng: &mut Pcg64Mcg) -> Move {
        match self {
            Playout::Random(r) => r.choose(state, rng),
            Playout::Greedy(g) => g.choose(state, rng),
        }
    }
}

/// The search's settings for a duel.
#[derive(Clone, Debug)]
pub struct SearchSpec {
    /// The core's search settings (iterations or milliseconds, c, reward, depth ...).
    pub config: Config,
    /// Playouts greedy (with this epsilon) or uniform (None).
    pub greedy_playout: Option<f64>,
    /// The value's weights (leaf and playouts).
    pub weights: Weights,
    /// How a cut playout is judged: `value` (squashed), `points` (the value in points, for
    /// `Mix`), `score` (the game's scores: the points).
    pub leaf: &'static str,
    /// The greedy prior's temperature (used when `config.prior` or `config.widen` > 0).
    pub temperature: f64,
    /// The `points` leaf's scale: a point of value counts this many points of margin.
    pub scale: f64,
}

/// The prior a search uses: none (equal), or the greedy's.
pub struct SomePrior(Option<GreedyPrior>);

impl Prior<TurnCut> for SomePrior {
    fn weights(&mut self, state: &TurnCut, moves: &[Move], out: &mut Vec<f32>) {
        match &mut self.0 {
            Some(p) => p.weights(state, moves, out),
            None => {
                out.clear();
                out.extend(std::iter::repeat_n(1.0 / moves.len() as f32, moves.len()));
            }
        }
    }
}

/// A bot at a seat.
pub enum Bot {
    /// A uniform legal move.
    Random,
    /// The greedy bot.
    Greedy(Greedy),
    /// The core's MCTS over the seat's observation.
    Search(Box<Mcts<TurnCut, Playout, SomePrior>>, SearchSpec),
}

impl Bot {
    /// The greedy bot with the default weights.
    pub fn greedy() -> Bot {
        Bot::Greedy(Greedy::new(Weights::default()))
    }

    /// A search bot.
    pub fn search(spec: SearchSpec) -> Bot {
        let eps = spec.greedy_playout;
        let w = spec.weights;
        let temperature = spec.temperature;
        let m = Mcts::with_prior(
            spec.config.clone(),
            move || match eps {
                Some(e) => Playout::Greedy(GreedyRollout::new(w, e)),
                None => Playout::Random(RandomRollout::default()),
            },
            move || SomePrior(Some(GreedyPrior::new(w, temperature))),
        );
        Bot::Search(Box::new(m), spec)
    }

    /// The move of seat `me` in `s` (the real game; each bot sees only its view).
    pub fn act(&mut self, s: &State, me: u8, buf: &mut Vec<Move>, rng: &mut Pcg64Mcg) -> Move {
        match self {
            Bot::Random => {
                let view = s.view(me);
                view.legal_moves(buf);
                buf[rng.random_range(0..buf.len())]
            }
            Bot::Greedy(g) => g.choose(&s.view(me), me, rng),
            Bot::Search(m, spec) => {
                let real = Observation::new(s);
                let obs = TurnView(&real);
                let w = spec.weights;
                match spec.leaf {
                    "value" => {
                        m.choose(&obs, &|t: &TurnCut, out: &mut [f64]| position_values(&t.0, &w, out), rng)
                    }
                    "points" => {
                        let k = spec.scale;
                        m.choose(&obs, &|t: &TurnCut, out: &mut [f64]| leaf(t, &w, k, out), rng)
                    }
                    _ => m.choose(&obs, &|t: &TurnCut, out: &mut [f64]| Game::scores(t, out), rng),
                }
            }
        }
    }
}

/// One game's outcome.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Each seat's share of the win.
    pub shares: Vec<f64>,
    /// Each seat's points at the end.
    pub points: Vec<u16>,
    /// Turns played.
    pub turns: u32,
    /// Each seat's decisions and the time they took.
    pub decisions: Vec<u64>,
    /// Each seat's seconds deciding.
    pub seconds: Vec<f64>,
    /// The longest single decision of each seat, seconds.
    pub longest: Vec<f64>,
}

/// Plays one game of `mat` under `opts` from deal `deal`: `bots[seat]` decides for each seat.
pub fn play(mat: &'static Material, opts: Options, deal: u64, bots: &mut [Bot]) -> Outcome {
    let mut chance = Pcg64::seed_from_u64(deal);
    let mut rngs: Vec<Pcg64Mcg> = (0..bots.len())
        .map(|k| Pcg64Mcg::seed_from_u64(deal.wrapping_mul(1000).wrapping_add(k as u64 + 1)))
        .collect();
    let mut s = State::new(mat, opts).expect("the game sets up");
    let n = s.seats();
    let mut out =
        Outcome { decisions: vec![0; n], seconds: vec![0.0; n], longest: vec![0.0; n], ..Outcome::default() };
    let mut buf = Vec::new();
    loop {
        match s.turn() {
            Turn::Over => break,
            Turn::Chance => {
                s.resolve(&mut chance);
            }
            Turn::Player(p) => {
                let t = Instant::now();
                let m = bots[p].act(&s, p as u8, &mut buf, &mut rngs[p]);
                let dt = t.elapsed().as_secs_f64();
                out.decisions[p] += 1;
                out.seconds[p] += dt;
                out.longest[p] = out.longest[p].max(dt);
                debug_assert_eq!(s.check(m), Ok(()), "{m:?}");
                if std::env::var_os("TRACE").is_some() && matches!(bots[p], Bot::Greedy(_)) {
                    eprintln!(
                        "turn {} seat {p} {:?} {:?} stones {} areas {} hand {} pts {}",
                        s.turns,
                        s.stage,
                        m,
                        s.stones[p],
                        s.owned[p].count_ones(),
                        s.hand[p].count_ones(),
                        s.points(p as u8)
                    );
                    if std::env::var_os("TRACE_ALL").is_some() {
                        let v = s.view(p as u8);
                        let mut ms = Vec::new();
                        v.legal_moves(&mut ms);
                        let mut vals = Vec::new();
                        stadt_unbezwingbare::greedy::move_values(
                            &v,
                            p as u8,
                            &Weights::default(),
                            &ms,
                            &mut vals,
                        );
                        for (m, x) in ms.iter().zip(&vals) {
                            eprintln!("    {m:?} {x:.2}");
                        }
                        let hand: Vec<_> = stadt_unbezwingbare::state::bits128(s.hand[p])
                            .map(|c| (c, s.card(c).price, s.card(c).category))
                            .collect();
                        let areas: Vec<_> = stadt_unbezwingbare::state::bits64(s.owned[p])
                            .map(|a| (a, s.building[usize::from(a)]))
                            .collect();
                        eprintln!("    hand {hand:?} areas {areas:?}");
                    }
                }
                s.apply(m);
            }
        }
    }
    out.shares = vec![0.0; n];
    s.win_shares(&mut out.shares);
    out.points = (0..n as u8).map(|p| s.points(p)).collect();
    out.turns = s.turns;
    out
}

/// A tally of one bot (the "hero") in one seat against others in the rest.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// The hero's summed win shares.
    pub wins: f64,
    /// Per deal, the hero's mean share over the seats (for a paired interval).
    pub per_deal: Vec<f64>,
    /// The hero's decisions and seconds.
    pub decisions: u64,
    /// The hero's seconds deciding.
    pub seconds: f64,
    /// The hero's longest decision.
    pub longest: f64,
    /// Turns summed.
    pub turns: u64,
}

impl Tally {
    /// The hero's share of wins.
    pub fn rate(&self) -> f64 {
        self.wins / self.games.max(1) as f64
    }

    /// A 95% interval of the hero's share, over deals (each deal's seats averaged: the paired
    /// estimate), by the normal approximation.
    pub fn interval(&self) -> (f64, f64) {
        let k = self.per_deal.len() as f64;
        if k < 2.0 {
            return (0.0, 1.0);
        }
        let mean = self.per_deal.iter().sum::<f64>() / k;
        let var = self.per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
        let half = 1.96 * (var / k).sqrt();
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// Mean milliseconds a hero decision.
    pub fn ms(&self) -> f64 {
        1000.0 * self.seconds / self.decisions.max(1) as f64
    }
}

/// Plays deals `deals`, the hero (made by `hero`) in each seat k in turn and `other` in the
/// rest; `report` is called after each deal.
pub fn rotate(
    mat: &'static Material,
    opts: Options,
    deals: std::ops::Range<u64>,
    mut hero: impl FnMut() -> Bot,
    mut other: impl FnMut() -> Bot,
    mut report: impl FnMut(u64, &Tally),
) -> Tally {
    let n = usize::from(opts.seats());
    let mut tally = Tally::default();
    for deal in deals {
        let mut deal_sum = 0.0;
        for k in 0..n {
            let mut bots: Vec<Bot> = (0..n).map(|q| if q == k { hero() } else { other() }).collect();
            let o = play(mat, opts, deal, &mut bots);
            tally.games += 1;
            tally.wins += o.shares[k];
            deal_sum += o.shares[k];
            tally.decisions += o.decisions[k];
            tally.seconds += o.seconds[k];
            tally.longest = tally.longest.max(o.longest[k]);
            tally.turns += u64::from(o.turns);
            if o.shares[k] < 1.0 && std::env::var_os("LOSSES").is_some() {
                eprintln!("deal {deal} seat {k}: lost, points {:?}, turns {}", o.points, o.turns);
            }
        }
        tally.per_deal.push(deal_sum / n as f64);
        report(deal, &tally);
    }
    tally
}

/// The raw value, for tests that look at it.
pub fn value_of(s: &State, p: u8) -> f64 {
    raw_value(s, p, &Weights::default())
}

/// A default search spec: `ms` milliseconds a decision (or `iters` iterations when `ms` is 0).
pub fn search_spec(iters: u64, ms: u64, depth: usize, greedy_playout: Option<f64>) -> SearchSpec {
    let mut config = Config::uct(iters, 0.7, Reward::Win);
    config.ms = ms;
    config.depth = depth;
    SearchSpec {
        config,
        greedy_playout,
        weights: Weights::default(),
        leaf: "value",
        temperature: 20.0,
        scale: 1.0,
    }
}
