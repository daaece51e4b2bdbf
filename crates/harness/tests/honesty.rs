//! No agent sees the hidden tile order, proven end to end (docs/die-stadt/rules.md section 7).
//!
//! Two games are built separately from two decks that share the tiles drawn so far and differ in
//! the order of the unseen ones: never one game copied from the other. Every bot plays both
//! through the runner's game loop, the one tournaments, tuning and `stadt play` use, with the same
//! seeds. Until the first tile the decks disagree on is drawn, the two games must show every
//! agent the same observation and get the same decision from it. A leak anywhere on that path
//! (the runner handing an agent the full game, the table carrying the next tile, an agent reading
//! the deck) makes the observations or the decisions differ.

use die_stadt::kind::DieStadt;
use die_stadt::moves::Move;
use die_stadt::table::Table;
use die_stadt::tiles::{TILE_COUNT, TileSet};
use die_stadt_bots::registry::BOTS;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::runner::{deck_order, play_deck};
use stadt_testkit::bots::{every_bot, reshuffled_after};
use std::sync::atomic::{AtomicBool, Ordering};

/// MCTS with every idea of the search on: the prior, widening, an expansion threshold, tree
/// reuse following the other players' moves and the draws, sequential halving, widening over the
/// draws, and a learned evaluation with the extended features read from a file (the registered
/// searchers use the built-in, base ones).
const MCTS_ALL: &str = "mcts:iters=60,depth=6,prior=0.5,widen=2,expand=2,reuse=true,follow=true,halving=true,chance=1,\
                        eval=tests/data/small-extended.eval";

/// Every registered bot, searchers at a small budget (the argument does not depend on it), and
/// MCTS a second time with every idea of the search on.
fn bots(clairvoyant: bool) -> Vec<BotSpec<DieStadt>> {
    let clair = if clairvoyant { ",clairvoyant=true" } else { "" };
    every_bot(&format!("iters=60,depth=6{clair}"))
        .into_iter()
        .chain(std::iter::once(format!("{MCTS_ALL}{clair}")))
        .map(|spec| BOTS.parse_bot(&spec, &BotDirs::none()).unwrap())
        .collect()
}

/// Two decks: the first `shared` tiles the same, the rest of the second reshuffled by its own
/// generator (and certainly in another order).
fn decks(seed: u64, shared: usize) -> (Vec<u8>, Vec<u8>) {
    let a = deck_order(TileSet::default_set(), seed);
    let b = reshuffled_after(&a, shared, &mut Pcg64Mcg::seed_from_u64(seed ^ 0xD1FF));
    let b = b.expect("the tiles not yet drawn can come in another order");
    (a, b)
}

/// What one agent was shown and what it decided.
#[derive(Clone, PartialEq)]
struct Seen {
    table: Table,
    revealed: Option<Vec<u8>>,
    decision: Move,
}

/// Plays `order` through the runner and keeps every decision taken while no more than `shared`
/// tiles were drawn; the game is stopped after that.
fn decisions(bots: &[BotSpec<DieStadt>], order: &[u8], agent_seed: u64, shared: usize) -> Vec<Seen> {
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let mut observe = |obs: &die_stadt::observation::Observation, mv: Move| {
        if obs.table().drawn() > shared {
            stop.store(true, Ordering::Relaxed);
            return;
        }
        seen.push(Seen {
            table: obs.table().clone(),
            revealed: obs.revealed_order().map(<[u8]>::to_vec),
            decision: mv,
        });
    };
    play_deck(TileSet::default_set(), bots, order, agent_seed, None, &stop, &mut observe).unwrap();
    seen
}

/// Plays pairs of games for 2, 3 and 4 players, every bot in every seat in turn, and returns the
/// decisions compared and the first difference found, if any.
fn compare(clairvoyant: bool) -> (usize, Option<String>) {
    let all = bots(clairvoyant);
    let mut rng = Pcg64Mcg::seed_from_u64(2026);
    let mut compared = 0;
    for players in 2..=4 {
        for game in 0..16usize {
            let lineup: Vec<BotSpec<DieStadt>> =
                (0..players).map(|s| all[(game + s) % all.len()].clone()).collect();
            // Positions from the opening to the last pile.
            let shared = 4 + game * 4 + rng.random_range(0..4);
            assert!(shared < TILE_COUNT);
            let seed = rng.random::<u64>();
            let (a, b) = decks(seed, shared);
            let (seen_a, seen_b) =
                (decisions(&lineup, &a, seed, shared), decisions(&lineup, &b, seed, shared));
            let names: Vec<&str> = lineup.iter().map(|b| b.label.as_str()).collect();
            for (i, (x, y)) in seen_a.iter().zip(&seen_b).enumerate() {
                let seat = x.table.actor();
                let who =
                    format!("{players} players {names:?}, {shared} tiles shared, decision {i} by {seat}");
                if x.table != y.table || x.revealed != y.revealed {
                    return (compared, Some(format!("{who}: the agent was shown different observations")));
                }
                if x.decision != y.decision {
                    return (
                        compared,
                        Some(format!(
                            "{who} ({}): {:?} with one hidden order, {:?} with the other",
                            names[seat.index()],
                            x.decision,
                            y.decision
                        )),
                    );
                }
                compared += 1;
            }
            if seen_a.len() != seen_b.len() {
                return (
                    compared,
                    Some(format!(
                        "{players} players {names:?}: the games parted before tile {shared} was drawn"
                    )),
                );
            }
        }
    }
    (compared, None)
}

#[test]
fn no_agent_sees_the_hidden_tile_order_through_the_runner() {
    let (compared, difference) = compare(false);
    if let Some(d) = difference {
        panic!("an agent's view or decision depends on the hidden tile order: {d}");
    }
    eprintln!("{compared} decisions compared, each shown the same observation in both games");
    assert!(compared >= 1500, "only {compared} decisions compared");
}

/// The comparison above can fail: a bot that is shown the real order (the clairvoyant switch, for
/// experiments) is caught by it.
#[test]
fn a_clairvoyant_bot_is_caught_by_the_same_comparison() {
    let (_, difference) = compare(true);
    let d = difference.expect("revealing the order to MCTS went unnoticed: the honesty test proves nothing");
    assert!(d.contains("different observations"), "{d}");
}
