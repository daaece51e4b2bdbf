//! The runner plays every bot to the end of a game, checking each move against the rules.

use die_stadt::tiles::TileSet;
use stadt_agents::botfile::BotDirs;
use stadt_agents::registry::registry;
use stadt_agents::spec::{BotDef, parse_bot};

fn fast(def: &BotDef) -> String {
    if def.searches() { format!("{}:iters=60,depth=6", def.name) } else { def.name.to_string() }
}

#[test]
fn every_agent_only_plays_legal_moves() {
    for def in registry() {
        let spec = parse_bot(&fast(def), &BotDirs::none()).unwrap();
        let bots = vec![spec; 2];
        // play_game checks every move against the rules and fails on an illegal one.
        stadt_harness::runner::play_game(TileSet::default_set(), &bots, 3, 4, None).unwrap();
    }
}
