//! The bots' long runs of docs/unbezwingbare/bots.md: 4-player base games on the invented data
//! set, one bot (the hero) in seat k and another in the three others, k = 0..3 for each deal.
//!
//! ```text
//! cargo run --release -p stadt-unbezwingbare --example duel -- greedy-random FROM TO
//! cargo run --release -p stadt-unbezwingbare --example duel -- greedy-greedy FROM TO
//! cargo run --release -p stadt-unbezwingbare --example duel -- search-greedy FROM TO [key=value ...]
//! ```
//! Deals FROM..TO, four games each. `greedy-random` and `greedy-greedy` put the greedy under the
//! weights of `W` (`W="w_income=4 w_ready=3"`, the defaults elsewhere) against random or the
//! default greedy. `search-greedy` (and `search-random`) puts the core's MCTS over the seat's
//! observation (`search::TurnView`) against the default greedy; its keys: `ms` (time a decision,
//! default 50; 0: `iters`), `iters`, `c` (default 0.7), `prior` (PUCT weight of the greedy prior,
//! default 0), `temp` (its softmax temperature, default 20), `widen`, `reuse`, `follow`,
//! `halving` (`on`), `depth` (progress before the leaf: steps, or with `turns=K` K turns,
//! `search::TURN` each), `eps` (greedy playouts with this share of uniform moves, `random` for
//! uniform playouts; default 0.1), `reward` (`win`, `rank`, `margin`, `mix`; default win), `leaf`
//! (`value`: squashed; `points`: `search::leaf`, times `scale`; `score`), `scale` (default 1).
//! `search::config` is `prior=2 temp=5 turns=1 eps=0 reward=margin leaf=points scale=5 c=0.2`.
//! Prints a line per deal: games, the hero's share, a 95% interval over deals (paired: a deal's
//! four seats averaged), turns a game, mean and longest ms a hero decision. Diagnostics:
//! `LOSSES=1` names the hero's lost games, `TRACE=1` (and `TRACE_ALL=1`) prints the greedy
//! hero's moves (and every move's value).

#[path = "../tests/common/duel.rs"]
mod duel;

use duel::{Bot, rotate, search_spec};
use stadt_core::search::mcts::Reward;
use stadt_unbezwingbare::data::DataSet;
use stadt_unbezwingbare::greedy::Greedy;
use stadt_unbezwingbare::value::Weights;
use stadt_unbezwingbare::{Material, Options};
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str).unwrap_or("greedy-random");
    let from: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let to: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(from + 100);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/invented");
    let mat = Material::leak(DataSet::load_dir(&dir).expect("the invented set loads"));
    let opts = Options::base(4);
    let report = |deal: u64, t: &duel::Tally| {
        let (lo, hi) = t.interval();
        println!(
            "deal {deal}: games {} hero {:.3} [{lo:.3}, {hi:.3}] turns/game {:.0} ms/decision {:.2} longest {:.0}",
            t.games,
            t.rate(),
            t.turns as f64 / t.games as f64,
            t.ms(),
            t.longest * 1000.0
        );
    };
    let tally = match mode {
        "greedy-random" | "greedy-greedy" => {
            // Weights other than the defaults: `W="w_points=12 w_income=3"`.
            let w =
                Weights::from_pairs(std::env::var("W").unwrap_or_default().split_whitespace().map(|kv| {
                    let (k, v) = kv.split_once('=').expect("name=value");
                    (k, v.parse::<f64>().expect("a number"))
                }))
                .expect("weights");
            let other = if mode == "greedy-greedy" { Bot::greedy } else { || Bot::Random };
            rotate(mat, opts, from..to, || Bot::Greedy(Greedy::new(w)), other, report)
        }
        "search-greedy" | "search-random" => {
            let mut spec = search_spec(0, 50, 40, Some(0.1));
            for kv in &args[3.min(args.len())..] {
                let (k, v) = kv.split_once('=').expect("key=value");
                match k {
                    "ms" => spec.config.ms = v.parse().unwrap(),
                    "iters" => spec.config.iters = v.parse().unwrap(),
                    "depth" => spec.config.depth = v.parse().unwrap(),
                    "turns" => {
                        spec.config.depth = v.parse::<usize>().unwrap() * stadt_unbezwingbare::search::TURN
                    }
                    "c" => spec.config.c = v.parse().unwrap(),
                    "eps" => {
                        spec.greedy_playout = if v == "random" { None } else { Some(v.parse().unwrap()) }
                    }
                    "leaf" => {
                        spec.leaf = match v {
                            "value" => "value",
                            "points" => "points",
                            "score" => "score",
                            _ => panic!("leaf: value, points or score"),
                        }
                    }
                    "prior" => spec.config.prior = v.parse().unwrap(),
                    "widen" => spec.config.widen = v.parse().unwrap(),
                    "temp" => spec.temperature = v.parse().unwrap(),
                    "scale" => spec.scale = v.parse().unwrap(),
                    "reuse" => spec.config.reuse = v == "on",
                    "follow" => spec.config.follow = v == "on",
                    "halving" => spec.config.halving = v == "on",
                    "reward" => {
                        spec.config.reward = match v {
                            "win" => Reward::Win,
                            "rank" => Reward::Rank,
                            "margin" => Reward::Margin,
                            "mix" => Reward::Mix,
                            _ => panic!("reward: win, rank, margin or mix"),
                        }
                    }
                    _ => panic!("unknown key {k}"),
                }
            }
            println!("{spec:?}");
            let other = if mode == "search-greedy" { Bot::greedy } else { || Bot::Random };
            rotate(mat, opts, from..to, || Bot::search(spec.clone()), other, report)
        }
        _ => panic!("mode: greedy-random, search-greedy or search-random"),
    };
    let (lo, hi) = tally.interval();
    println!("total: {} games, hero {:.3} [{lo:.3}, {hi:.3}]", tally.games, tally.rate());
}
