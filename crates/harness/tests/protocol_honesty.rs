//! A bot in another program learns nothing of the hidden tile order (docs/bot-protocol.md): two
//! games with the same history and different hidden orders send it byte-identical messages until
//! the first tile the decks disagree on is drawn. The bot logs every byte it receives.

use die_stadt::kind::DieStadt;
use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::BOTS;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::def::BotSpec;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::runner::{deck_order, play_deck};
use stadt_testkit::bots::reshuffled_after;
use stadt_testkit::scratch;
use stadt_testkit::tools::require;
use std::sync::atomic::{AtomicBool, Ordering};

/// Logs every line it is sent, as bytes, and plays the first legal move.
const LOGGER: &str = "import json, os, sys\n\
log = open(os.environ['LOG'], 'ab')\n\
for line in sys.stdin.buffer:\n    log.write(line)\n    log.flush()\n    m = json.loads(line)\n    \
if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n    \
elif m['type'] == 'decide': print(json.dumps({'type': 'move', 'move': m['moves'][0]}), flush=True)\n";

/// Plays `order` until more than `shared` tiles are drawn.
fn play(bots: &[BotSpec<DieStadt>], order: &[u8], shared: usize) {
    let stop = AtomicBool::new(false);
    let mut observe = |obs: &die_stadt::observation::Observation, _| {
        if obs.table().drawn() > shared {
            stop.store(true, Ordering::Relaxed);
        }
    };
    play_deck(TileSet::default_set(), bots, order, 77, None, &stop, &mut observe).unwrap();
}

/// The messages of each game in the log (a game starts at its `new_game`) whose record shows no
/// more than `shared` draws.
fn games(log: &str, shared: usize) -> Vec<Vec<&str>> {
    let mut games: Vec<Vec<&str>> = Vec::new();
    for line in log.split_inclusive('\n') {
        if line.contains("\"new_game\"") {
            games.push(Vec::new());
        }
        if line.matches("\\ndraw ").count() <= shared
            && let Some(g) = games.last_mut()
        {
            g.push(line);
        }
    }
    games
}

#[test]
fn a_process_bot_is_sent_the_same_bytes_whatever_the_hidden_order() {
    if require("python3", "the bot that logs what it is sent, a Python program").is_none() {
        return;
    }
    let dir = scratch("protocol-honesty");
    std::fs::write(dir.join("logger.py"), LOGGER).unwrap();
    let log = dir.join("sent.log");
    let file = dir.join("logger.bot");
    std::fs::write(
        &file,
        format!("bot = process\ncommand = python3 logger.py\nenv = LOG={}\n", log.display()),
    )
    .unwrap();
    let logger = BOTS.parse_file(&file.to_string_lossy()).unwrap();
    let others = ["greedy", "random"].map(|b| BOTS.parse_bot(b, &BotDirs::none()).unwrap());
    let bots = [logger, others[0].clone(), others[1].clone()];
    let mut compared = 0;
    for (seed, shared) in [(1u64, 10usize), (2, 40), (3, 70)] {
        // Emptied, not removed: the bot, kept from game to game, holds it open.
        std::fs::write(&log, "").unwrap();
        let a = deck_order(TileSet::default_set(), seed);
        let b = reshuffled_after(&a, shared, &mut Pcg64Mcg::seed_from_u64(seed)).expect("another order");
        play(&bots, &a, shared);
        play(&bots, &b, shared);
        let text = std::fs::read_to_string(&log).unwrap();
        let games = games(&text, shared);
        assert_eq!(games.len(), 2, "{text}");
        assert!(games[0].len() > shared / 3, "seed {seed}: only {} messages", games[0].len());
        for (i, (x, y)) in games[0].iter().zip(&games[1]).enumerate() {
            assert_eq!(x, y, "seed {seed}, message {i}: the bot was sent different bytes");
        }
        assert_eq!(games[0].len(), games[1].len(), "seed {seed}: the games parted early");
        compared += games[0].len();
    }
    eprintln!("{compared} messages compared");
}
