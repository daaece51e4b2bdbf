//! Looks at one decision: the greedy's values and the search's root visits.
#[path = "../tests/common/duel.rs"]
mod duel;
use rand::SeedableRng;
use rand_pcg::{Pcg64, Pcg64Mcg};
use stadt_core::game::{Game, Turn};
use stadt_core::search::mcts::{Config, Mcts, Reward};
use stadt_unbezwingbare::data::DataSet;
use stadt_unbezwingbare::greedy::{GreedyPrior, GreedyRollout, move_values};
use stadt_unbezwingbare::observation::Observation;
use stadt_unbezwingbare::search::{TURN, TurnCut, TurnView};
use stadt_unbezwingbare::value::{Weights, leaf_scores};
use stadt_unbezwingbare::{Material, Options, State};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deal: u64 = args[0].parse().unwrap();
    let at_turn: u32 = args[1].parse().unwrap();
    let turns: usize = args[2].parse().unwrap();
    let scale: f64 = args[3].parse().unwrap();
    let c: f64 = args[4].parse().unwrap();
    let prior: f64 = args[5].parse().unwrap();
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/invented");
    let mat = Material::leak(DataSet::load_dir(&dir).unwrap());
    let mut chance = Pcg64::seed_from_u64(deal);
    let mut r = Pcg64Mcg::seed_from_u64(deal);
    let mut s = State::new(mat, Options::base(4)).unwrap();
    let mut g = stadt_unbezwingbare::greedy::Greedy::default();
    let w = Weights::default();
    let mut shown = 0;
    loop {
        match s.turn() {
            Turn::Over => break,
            Turn::Chance => {
                s.resolve(&mut chance);
            }
            Turn::Player(p) => {
                let mut ms = Vec::new();
                s.legal_moves(&mut ms);
                if s.turns >= at_turn && ms.len() > 1 && shown < 6 {
                    shown += 1;
                    let v = s.view(p as u8);
                    let mut vals = Vec::new();
                    move_values(&v, p as u8, &w, &ms, &mut vals);
                    let mut cfg = Config::uct(400, c, Reward::Margin);
                    cfg.prior = prior;
                    cfg.depth = turns * TURN;
                    let mut m: Mcts<TurnCut, GreedyRollout, GreedyPrior> =
                        Mcts::with_prior(cfg, || GreedyRollout::new(w, 0.0), || GreedyPrior::new(w, 20.0));
                    let real = Observation::new(&s);
                    let obs = TurnView(&real);
                    let chosen = m.choose(
                        &obs,
                        &|t: &TurnCut, out: &mut [f64]| {
                            leaf_scores(&t.0, &w, out);
                            out.iter_mut().for_each(|x| *x *= scale);
                        },
                        &mut r,
                    );
                    println!(
                        "turn {} seat {p} stage {:?} stones {} pts {:?} chosen {chosen:?}",
                        s.turns,
                        s.stage,
                        s.stones[p],
                        (0..4).map(|q| s.points(q)).collect::<Vec<_>>()
                    );
                    for (mv, x) in ms.iter().zip(&vals) {
                        println!("   {mv:?} greedy {x:.1} visits {}", m.root_visits(*mv));
                    }
                }
                let mv = g.choose(&s.view(p as u8), p as u8, &mut r);
                s.apply(mv);
            }
        }
    }
}
