//! The bot of docs/adding-a-bot.md is this folder's `mybot.rs` to the letter; it compiles, and
//! plays a whole game through the runner tournaments use.

#[path = "readme_bot/mybot.rs"]
mod mybot;

use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::BOTS;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::runner::play_game;
use stadt_testkit::files::repo_text;

/// The first Rust block of docs/adding-a-bot.md.
fn readme_block() -> String {
    let section = repo_text("docs/adding-a-bot.md");
    let start = section.find("```rust\n").expect("a Rust block") + "```rust\n".len();
    let end = start + section[start..].find("```\n").unwrap();
    section[start..end].to_string()
}

#[test]
fn the_readme_bot_compiles_as_written_and_plays_a_game() {
    assert_eq!(
        readme_block(),
        include_str!("readme_bot/mybot.rs"),
        "docs/adding-a-bot.md and the tested file differ"
    );
    let mine = BotSpec::new(&mybot::BOT, &[("k".into(), "2".into())], "mybot:k=2").unwrap();
    assert_eq!(mine.full(), "mybot:k=2");
    let err = BotSpec::new(&mybot::BOT, &[("k".into(), "2000".into())], "mybot").unwrap_err();
    assert!(err.to_string().contains("0 to 1000"), "{err}");
    let greedy = BOTS.parse_bot("greedy", &BotDirs::none()).unwrap();
    let played = play_game(TileSet::default_set(), &[mine, greedy], 1, 2, None).unwrap();
    assert!(played.game.is_over());
    assert!(played.decisions[0] > 30, "mybot decided every one of its turns");
}
