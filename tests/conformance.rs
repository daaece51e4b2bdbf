//! The conformance suite every registered game passes (issue 56), through the plug-in interface
//! (`stadt_harness::plugin::Plugin`) and the command line alone, naming no game: random games end;
//! a record round-trips and replays without the seed; moves round-trip as text; a clone equals
//! its source; hidden information drawn anew leaves every observation the same; bad input (an
//! unknown game, option, bot, an illegal move in a record) exits 2 naming it.

mod common;
use common::stadt;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt::registry;
use stadt_core::game::{Game, Turn};
use stadt_core::runner::{Table, play};
use stadt_core::seeds::derive;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::TILES;
use stadt_testkit::scratch;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Every game's own name and every alias, as `stadt games` lists them.
fn names() -> Vec<&'static str> {
    registry::games().iter().map(|g| g.name).collect()
}

/// Runs `check` on every registered game and alias, set up with its defaults (an alias with its
/// preset), at each of its player counts.
fn for_every_game(make: fn(u64) -> Check) {
    for name in names() {
        for seed in 0..3 {
            let check = make(seed);
            registry::dispatch(name, "test", check).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

/// One check of one game.
#[derive(Clone, Copy)]
enum Check {
    /// Random games end, at every player count.
    Ends(u64),
    /// A record replays without its seed to the same end, and writes its states.
    Record(u64),
    /// Every legal move's text names it.
    MoveText(u64),
    /// A clone plays on exactly as its source.
    Clone(u64),
    /// A twin (hidden part drawn anew) shows the player to act the same.
    Hidden(u64),
    /// A game rebuilt from the record a seat is shown (a bot served to another host) shows it
    /// the same as the real one.
    Served(u64),
}

impl ForGame for Check {
    type Out = ();

    fn run<K: Plugin>(self, chosen: Chosen) {
        let kind = K::set_up(TILES, &chosen.options("").unwrap()).unwrap();
        let name = chosen.name;
        for players in kind.players() {
            match self {
                Check::Ends(seed) => ends(&kind, name, players, seed),
                Check::Record(seed) => record(&kind, name, players, seed),
                Check::MoveText(seed) => move_text(&kind, name, players, seed),
                Check::Clone(seed) => clone(&kind, name, players, seed),
                Check::Hidden(seed) => hidden(&kind, name, players, seed),
                Check::Served(seed) => served(&kind, name, players, seed),
            }
        }
    }
}

/// Random bots of `K` in every seat.
fn randoms<K: Plugin>(players: usize) -> Vec<K::Entrant> {
    let dirs = stadt_core::bots::dirs::BotDirs::standard(None);
    vec![K::entrant("random", &dirs).expect("every game has a random bot"); players]
}

/// A random game of `players` dealt from `seed`, with its record.
fn played<K: Plugin>(kind: &K, players: usize, seed: u64) -> stadt_core::runner::PlayedGame<K> {
    let never = AtomicBool::new(false);
    let head = kind.play_head(Path::new("conformance.rec"), TILES, seed).unwrap().head;
    let table = Table {
        kind,
        agent_seed: derive(seed, &[1]),
        chance_seed: derive(seed, &[2]),
        want_record: Some(&head),
        stop: &never,
    };
    let start = kind.deal(players, derive(seed, &[0])).unwrap();
    play(&table, &randoms::<K>(players), start, &mut |_, _| {}).unwrap().expect("not stopped")
}

fn ends<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    let out = played(kind, players, seed);
    assert_eq!(out.game.turn(), Turn::Over, "{name}, {players} players, seed {seed}: the game ended");
    assert!(!kind.result_text(&out.game, 0).is_empty());
}

fn record<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    let out = played(kind, players, seed);
    let text = out.record.expect("asked for");
    // Without the seed: every chance outcome is in the record.
    let unseeded: String =
        text.lines().filter(|l| !l.starts_with("seed ")).map(|l| format!("{l}\n")).collect();
    let file = Path::new("conformance.rec");
    let back = K::replay_record(&unseeded, file, None, false, &mut |_, _, _, _| {})
        .unwrap_or_else(|e| panic!("{name}, {players} players, seed {seed}: {e}\n{unseeded}"));
    assert_eq!(
        back.kind.result_text(&back.game, back.moves),
        kind.result_text(&out.game, back.moves),
        "{name}"
    );
    assert_eq!(back.kind.picture(&back.game, &[]), kind.picture(&out.game, &[]), "{name}");
    let states = K::states(&unseeded, file, None).unwrap();
    assert!(states.lines().count() > back.moves, "{name}: a state after the start and every step");
    for line in states.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{name}: {e}: {line}"));
    }
}

fn move_text<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = kind.deal(players, derive(seed, &[0])).unwrap();
    let mut moves = Vec::new();
    let mut checked = 0;
    while checked < 3000 {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                game.legal_moves(&mut moves);
                for &mv in &moves {
                    let text = kind.move_text(&game, mv);
                    let back =
                        kind.parse_move(&game, &text).unwrap_or_else(|e| panic!("{name}: `{text}`: {e}"));
                    assert_eq!(back, mv, "{name}: `{text}`");
                    checked += 1;
                }
                game.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    assert!(checked > 0, "{name}: some moves checked");
}

/// Plays `game` to its end with random moves and chance from `rng`: the moves made and the
/// outcomes drawn.
fn play_out<K: Plugin>(game: &mut K::State, rng: &mut Pcg64Mcg) -> Vec<u64> {
    let mut moves = Vec::new();
    let mut trace = Vec::new();
    loop {
        match game.turn() {
            Turn::Over => return trace,
            Turn::Chance => trace.push(game.resolve_chance(rng)),
            Turn::Player(p) => {
                game.legal_moves(&mut moves);
                let i = rng.random_range(0..moves.len());
                trace.push((p * 100_000 + i) as u64);
                game.apply(moves[i]);
            }
        }
    }
}

fn clone<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = kind.deal(players, derive(seed, &[0])).unwrap();
    let mut moves = Vec::new();
    for step in 0..400 {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                game.legal_moves(&mut moves);
                game.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
        if step % 97 == 0 {
            let mut copy = game.clone();
            let mut source = game.clone();
            let (a, b) = (
                play_out::<K>(&mut source, &mut Pcg64Mcg::seed_from_u64(step)),
                play_out::<K>(&mut copy, &mut Pcg64Mcg::seed_from_u64(step)),
            );
            assert_eq!(a, b, "{name}: a clone plays on as its source");
            assert_eq!(kind.result_text(&copy, 0), kind.result_text(&source, 0), "{name}");
            assert_eq!(kind.picture(&copy, &[]), kind.picture(&source, &[]), "{name}");
        }
    }
}

/// What the player to act in `game` is shown, as a bot in another program and a person are:
/// the seat, the legal moves' texts, and the seat's picture.
fn shown<K: Plugin>(kind: &K, game: &K::State) -> (usize, Vec<String>, String) {
    let obs = kind.observe(game, false, None);
    let (mut moves, mut texts) = (Vec::new(), Vec::new());
    let (seat, _) = K::decision(&obs, &mut moves, &mut texts);
    (seat, texts, kind.seat_picture(&obs, &[]))
}

fn hidden<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = kind.deal(players, derive(seed, &[0])).unwrap();
    let mut moves = Vec::new();
    let (mut decisions, mut differed) = (0, 0);
    while decisions < 60 {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.resolve_chance(&mut rng);
            }
            Turn::Player(_) => {
                let twin = kind.twin(&game, &mut rng);
                assert_eq!(shown(kind, &twin), shown(kind, &game), "{name}: the twin shows the same");
                // The twin's hidden part was drawn anew: played on alike, chance tells them apart.
                let (mut a, mut b) = (game.clone(), twin.clone());
                let s = rng.random::<u64>();
                if play_out::<K>(&mut a, &mut Pcg64Mcg::seed_from_u64(s))
                    != play_out::<K>(&mut b, &mut Pcg64Mcg::seed_from_u64(s))
                {
                    differed += 1;
                }
                decisions += 1;
                game.legal_moves(&mut moves);
                game.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    assert!(
        differed > 0,
        "{name}, {players} players: no twin differed in its hidden part ({decisions} decisions)"
    );
}

/// What the player to act in `game` is shown, its observation tensor (Python's) included.
fn seen<K: Plugin>(kind: &K, game: &K::State) -> (usize, Vec<String>, String, Vec<f32>) {
    let (seat, texts, picture) = shown(kind, game);
    let mut tensor = vec![0.0; kind.tensor_shape().iter().product()];
    kind.tensor(game, seat - 1, &mut tensor);
    (seat, texts, picture, tensor)
}

fn served<K: Plugin>(kind: &K, name: &str, players: usize, seed: u64) {
    // The game a new game's fields announce is the game set up.
    let announced = kind.announced(&K::game_fields(&kind.info(players, 0, seed)));
    assert!(announced.is_ok(), "{name}: {:?}", announced.err());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = kind.deal(players, derive(seed, &[0])).unwrap();
    let mut history = kind.history(players);
    let mut moves = Vec::new();
    let mut decisions = 0;
    let mut step = 0;
    loop {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                game.resolve_chance(&mut rng);
            }
            // Every decision of the first 60, then every fifth to the end (a Catan game's last
            // decisions hold what its first do not: development cards played, monopolies).
            Turn::Player(_) if step >= 60 && step % 5 != 0 => {
                step += 1;
                game.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                kind.history_push(&mut history, &game, mv);
                game.apply(mv);
            }
            Turn::Player(p) => {
                step += 1;
                kind.history_catch_up(&mut history, &game);
                let text = kind.history_text(&history).to_string();
                let record = {
                    let obs = kind.observe(&game, false, Some(&text));
                    K::decision(&obs, &mut moves, &mut Vec::new()).1
                };
                let record = record.expect("an observation with its history gives its record");
                let rebuilt = kind
                    .seat_state(&record, p)
                    .unwrap_or_else(|e| panic!("{name}, {players} players, p{}: {e}\n{record}", p + 1));
                assert_eq!(
                    seen(kind, &rebuilt),
                    seen(kind, &game),
                    "{name}, {players} players: p{} rebuilt from its record sees another game\n{record}",
                    p + 1
                );
                decisions += 1;
                game.legal_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                kind.history_push(&mut history, &game, mv);
                game.apply(mv);
            }
        }
    }
    assert!(decisions > 0, "{name}: some decisions checked");
}

#[test]
fn random_games_of_every_game_end() {
    for_every_game(Check::Ends);
}

#[test]
fn every_game_s_record_replays_without_its_seed_to_the_same_end() {
    for_every_game(Check::Record);
}

#[test]
fn every_game_s_moves_round_trip_as_text() {
    for_every_game(Check::MoveText);
}

#[test]
fn every_game_s_clone_plays_on_as_its_source() {
    for_every_game(Check::Clone);
}

#[test]
fn every_game_shows_a_seat_nothing_of_its_hidden_part() {
    for_every_game(Check::Hidden);
}

#[test]
fn every_game_rebuilds_a_seat_s_position_from_the_record_it_is_shown() {
    for_every_game(Check::Served);
}

#[test]
fn bad_input_to_every_game_exits_2_naming_it() {
    let dir = scratch("conformance-bad");
    assert_eq!(stadt(&["--game", "no-such-game", "play"]).0, 2);
    for name in names() {
        let refused = |args: &[&str], named: &str| {
            let mut all = vec!["--game", name];
            all.extend(args);
            let (code, out, err) = stadt(&all);
            assert_eq!(code, 2, "{name} {args:?}: {out}{err}");
            assert!(err.contains(named), "{name} {args:?}: expected {named:?} in {err}");
        };
        refused(&["play", "--options", "no_such_option=1"], "no_such_option");
        refused(&["play", "--bots", "no-such-bot"], "no-such-bot");
        refused(&["tournament", "--bots", "random,no-such-bot", "--out", "x"], "no-such-bot");
        // A record with a move that is not legal where it stands (the first move made twice).
        let rec = dir.join(format!("{name}.rec"));
        let (code, _, err) =
            stadt(&["--game", name, "play", "--bots", "random", "--record", rec.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        let text = std::fs::read_to_string(&rec).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|l| l.starts_with("p1")).expect("a move of p1");
        let mut bad = lines.clone();
        bad.insert(first + 1, lines[first]);
        let broken = dir.join(format!("{name}-illegal.rec"));
        std::fs::write(&broken, bad.join("\n") + "\n").unwrap();
        let (code, out, err) = stadt(&["replay", broken.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(&format!("line {}", first + 2)), "{name}: the illegal line named: {err}");
    }
}
