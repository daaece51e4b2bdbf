//! `stadt serve-catanatron` (stadt_harness::catanatron_seat): a stadt Catan bot as a seat in
//! Catanatron's game loop, fed Catanatron's log as the Python player sends it. Games are stadt's
//! own, written in Catanatron's terms (`stadt_testkit::catan`), which the oracle check shows
//! Catanatron logs alike.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};
use stadt_catan::board::Board;
use stadt_catan::catanatron::board_json;
use stadt_catan::ids::Player;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan_bots::registry::BOTS;
use stadt_core::bots::dirs::BotDirs;
use stadt_harness::catanatron_seat::serve;
use stadt_testkit::catan::{Logged, play_logged};

/// A whole game of `players` under Catanatron's readings, logged.
fn logged_game(players: usize, seed: u64, weighted: bool) -> (Board, Vec<Logged>) {
    let mut s = State::deal(players, Options::CATANATRON, seed).unwrap();
    let board = *s.board();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut log = Vec::new();
    play_logged(&mut s, weighted, &mut rng, |logged, _| {
        log.push(Logged { actor: logged.actor, legal: logged.legal.clone(), action: logged.action.clone() })
    });
    (board, log)
}

/// The lines the Python player sends for `seat` over `log`: `new_game`, then a `decide` at each
/// of the seat's decisions with the actions logged since its last one, then `quit`.
fn messages(board: &Board, players: usize, seat: u8, log: &[Logged]) -> String {
    let mut out = vec![
        json!({"type": "new_game", "seat": seat, "players": players, "seed": 7, "board": board_json(board)}),
    ];
    let mut sent = 0;
    for (i, step) in log.iter().enumerate() {
        if step.actor == Player(seat) {
            let actions: Vec<&Value> = log[sent..i].iter().map(|l| &l.action).collect();
            out.push(json!({"type": "decide", "actions": actions, "playable": step.legal}));
            sent = i;
        }
    }
    out.push(json!({"type": "quit"}));
    out.iter().map(|m| format!("{m}\n")).collect()
}

/// What the seat answered, line by line, and how serving ended.
fn served(bot: &str, input: &str) -> (Vec<Value>, Result<(), String>) {
    let entrant = BOTS.parse_bot(bot, &BotDirs::none()).unwrap();
    let mut output = Vec::new();
    let result = serve(&entrant, input.as_bytes(), &mut output).map_err(|e| e.to_string());
    let replies =
        String::from_utf8(output).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (replies, result)
}

#[test]
fn a_seat_follows_whole_games_and_answers_each_decision_with_a_playable_index() {
    for (players, seed, bot) in [(2, 1, "greedy"), (3, 2, "random"), (4, 3, "mcts:iters=20")] {
        let (board, log) = logged_game(players, seed, true);
        let seat = (seed % players as u64) as u8;
        let (replies, result) = served(bot, &messages(&board, players, seat, &log));
        assert_eq!(result, Ok(()), "{players} players, {bot}");
        let decisions: Vec<&Logged> = log.iter().filter(|l| l.actor == Player(seat)).collect();
        assert!(decisions.len() > 20, "{} decisions", decisions.len());
        assert_eq!(replies.len(), 1 + decisions.len());
        assert_eq!(replies[0], json!({"type": "ready"}));
        for (reply, step) in replies[1..].iter().zip(decisions) {
            assert_eq!(reply["type"], "move", "{reply}");
            let index = reply["index"].as_u64().unwrap() as usize;
            assert!(index < step.legal.len(), "{reply} of {} playable", step.legal.len());
            assert!(reply["ms"].as_f64().unwrap() >= 0.0);
        }
    }
}

#[test]
fn what_the_seat_did_not_see_does_not_change_its_answers() {
    // A 3-player game cut before an opponent first plays a development card: the opponents'
    // cards drawn until then can be any other kind (victory points apart, which would change
    // their points), and the seat, p1, sees none of them.
    let swap = ["ROAD_BUILDING", "MONOPOLY", "KNIGHT", "YEAR_OF_PLENTY"];
    let mut compared = 0;
    for seed in 0..40 {
        let (board, mut log) = logged_game(3, seed, true);
        let cut = log
            .iter()
            .position(|l| l.actor != Player(0) && l.action[1].as_str().unwrap().starts_with("PLAY_"))
            .unwrap_or(log.len());
        log.truncate(cut);
        let mut other: Vec<Logged> = log
            .iter()
            .map(|l| Logged { actor: l.actor, legal: l.legal.clone(), action: l.action.clone() })
            .collect();
        let mut swapped = 0;
        for l in other.iter_mut().filter(|l| l.actor != Player(0) && l.action[1] == "BUY_DEVELOPMENT_CARD") {
            if let Some(k) = swap.iter().position(|k| l.action[2] == *k) {
                l.action[2] = json!(swap[(k + 1) % swap.len()]);
                swapped += 1;
            }
        }
        if swapped == 0 {
            continue;
        }
        let bot = "mcts:iters=100";
        let (a, ra) = served(bot, &messages(&board, 3, 0, &log));
        let (b, rb) = served(bot, &messages(&board, 3, 0, &other));
        assert_eq!((ra, rb), (Ok(()), Ok(())));
        let indices = |r: &[Value]| r.iter().map(|m| m["index"].clone()).collect::<Vec<_>>();
        assert_eq!(
            indices(&a),
            indices(&b),
            "game {seed}: the seat's answers changed with the others' hidden cards"
        );
        compared += a.len();
    }
    assert!(compared > 300, "only {compared} answers compared");
}

#[test]
fn bad_input_is_answered_with_an_error_naming_the_line_and_what_is_wrong() {
    let (board, log) = logged_game(2, 5, false);
    let good = messages(&board, 2, 0, &log);
    let lines: Vec<&str> = good.lines().collect();
    let new_game = lines[0];
    let cases: Vec<(String, &str)> = vec![
        ("{not json\n".into(), "line 1: not a JSON object"),
        (format!("{}\n", lines[1]), "line 1: decide before new_game"),
        ("{\"type\": \"hello\"}\n".into(), "`\"hello\"` is not a message"),
        (new_game.replace("\"players\":2", "\"players\":5") + "\n", "`players` is not 2, 3 or 4"),
        (new_game.replace("\"seat\":0", "\"seat\":2") + "\n", "`seat` is not a seat of 2 players"),
        (new_game.replace("\"WOOD\"", "\"GOLD\"") + "\n", "`GOLD` is not a resource"),
        (new_game.replace("\"numbers\":[", "\"numbers\":[7,") + "\n", "`numbers` is not a list of 19"),
        // An action the seat's copy of the game cannot take: the log has lost a step.
        (format!("{new_game}\n{}\n", lines[3]), "line 2: logged action 1"),
        // The seat asked when stadt has the other player to act (p2 places after p1's first
        // settlement and road).
        (
            format!(
                "{new_game}\n{}\n",
                json!({"type": "decide", "actions": [log[0].action, log[1].action], "playable": log[2].legal})
            ),
            "not this seat",
        ),
    ];
    for (input, expected) in cases {
        let (replies, result) = served("greedy", &input);
        let error = replies.last().unwrap();
        assert_eq!(error["type"], "error", "{input}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        assert!(result.unwrap_err().contains(message));
    }
    // Catanatron's playable actions other than stadt's legal moves (the seat's greedy would
    // choose a settlement Catanatron does not list): refused before any move is chosen.
    let mut wrong = messages(&board, 2, 0, &log[..1]);
    wrong = wrong.replace("\"BUILD_SETTLEMENT\"", "\"BUILD_CITY\"");
    let (replies, _) = served("greedy", &wrong);
    let message = replies.last().unwrap()["message"].as_str().unwrap().to_string();
    assert!(message.contains("stadt's legal moves differ from Catanatron's playable actions"), "{message}");
}
