//! The runner plays every bot to the end of a game, checking each move against the rules.

use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::BOTS;
use stadt_core::bots::dirs::BotDirs;
use stadt_testkit::bots::every_bot;

#[test]
fn every_agent_only_plays_legal_moves() {
    for bot in every_bot("iters=60,depth=6") {
        let spec = BOTS.parse_bot(&bot, &BotDirs::none()).unwrap();
        let bots = vec![spec; 2];
        // play_game checks every move against the rules and fails on an illegal one.
        stadt_harness::runner::play_game(TileSet::default_set(), &bots, 3, 4, None).unwrap();
    }
}
