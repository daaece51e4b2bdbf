//! Catanatron's games replayed in stadt, compared after every action (issue 41, item 3): the board
//! imported, Catanatron's readings switched on (docs/catan/rules.md section 11), each logged
//! action applied with its chance outcome, then the whole state compared (`snapshot`: every
//! player's resource and development cards in hand and played, points, settlements, cities,
//! roads, pieces left, road length, longest road and largest army; the bank's cards and
//! development deck, the robber, whose turn it is and who decides) and, before every decision,
//! stadt's legal moves against Catanatron's playable actions, both in Catanatron's terms.
//!
//! `tests/oracle/run PYTHON GAMES` (in `./test`, 100 games) runs both tests below with Catanatron
//! 3.2.1: `tests/oracle/catanatron_games.py` writes Catanatron's games (its random and
//! weighted-random players) and `CATAN_ORACLE=FILE.jsonl[:FILE.jsonl...] cargo test --release
//! --test oracle catanatron_games -- --ignored` replays them; the other way round,
//! `stadt_games_for_catanatron` writes stadt's random games in Catanatron's terms
//! (`CATAN_ORACLE_OUT=FILE.jsonl [CATAN_ORACLE_GAMES=n]`) and `tests/oracle/replay_in_catanatron.py`
//! replays them in Catanatron with every outcome forced, comparing the same things.

use serde_json::Value;
use stadt_catan::catanatron::{
    action as catanatron_action, board, board_json, snapshot, snapshot_diff, translate,
};
use stadt_catan::deal::unshuffled_deck;
use stadt_catan::ids::Player;
use stadt_catan::moves::Phase;
use stadt_catan::options::Options;
use stadt_catan::state::State;
use std::collections::BTreeMap;

/// The fields two snapshots differ in (the library's, as `stadt_player.py`'s `diff` names them).
fn diff(ours: &Value, theirs: &Value) -> Vec<String> {
    snapshot_diff(ours, theirs)
}

#[test]
fn the_snapshot_diff_names_every_field_that_differs_and_one_side_only_has() {
    let s = State::deal(3, Options::CATANATRON, 7).unwrap();
    let ours = snapshot(&s);
    assert!(diff(&ours, &ours).is_empty());
    let mut theirs = ours.clone();
    theirs["deck"][0] = serde_json::json!(99);
    theirs["players"][2]["roads"] = serde_json::json!([[0, 1]]);
    theirs["extra"] = serde_json::json!(1);
    theirs["players"][0].as_object_mut().unwrap().remove("dev");
    let mut found = diff(&ours, &theirs);
    found.sort();
    assert_eq!(found, ["deck", "extra", "players[0].dev", "players[2].roads"]);
    // Every field the issue lists, per seat and for the table.
    let seat: Vec<&String> = ours["players"][0].as_object().unwrap().keys().collect();
    assert_eq!(
        seat,
        ["army", "cities", "dev", "hand", "left", "length", "played", "road", "roads", "settlements", "vp"]
    );
    let table: Vec<&String> = ours.as_object().unwrap().keys().collect();
    assert_eq!(table, ["bank", "current", "deck", "players", "robber", "turn"]);
}

/// What one replay found: the actions replayed, the legal-move lists and the states compared.
#[derive(Default)]
struct Counts {
    games: usize,
    actions: usize,
    lists: usize,
    states: usize,
    won: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.games += o.games;
        self.actions += o.actions;
        self.lists += o.lists;
        self.states += o.states;
        self.won += o.won;
    }
}

/// Replays one game, noting every difference by kind (the first of each kind with its detail).
fn replay(g: &Value, diffs: &mut BTreeMap<String, (usize, String)>, counts: &mut Counts) {
    let players = g["colors"].as_array().unwrap().len();
    // The readings of the Catanatron that played it (`options`, as the Catanatron player sends
    // them; 3.2.1's when absent). Its loop stops at its TURNS_LIMIT, 1,000, as the presets' do.
    let options = Options::parse(g["options"].as_str().unwrap_or("catanatron")).expect("the game's options");
    let mut s =
        State::with_deck(board(g).expect("Catanatron's board"), players, options, unshuffled_deck(), 0)
            .unwrap();
    let seed = g["seed"].as_u64().unwrap();
    let mut note = |kind: &str, step: usize, detail: String| {
        let e = diffs.entry(kind.to_string()).or_insert((0, String::new()));
        e.0 += 1;
        if e.1.is_empty() {
            e.1 = format!("game {seed} ({} players) step {step}: {detail}", players);
        }
    };
    counts.games += 1;
    let mut buf = Vec::new();
    let steps = g["steps"].as_array().unwrap();
    for (i, step) in steps.iter().enumerate() {
        let a = &step["action"];
        let (seat, mv, chances) = match translate(a) {
            Ok(t) => t,
            Err(e) => {
                note("unreadable", i, e);
                return;
            }
        };
        // Legal moves before a decision (a discard is chance in stadt), compared in Catanatron's
        // terms: trade rates, robber victims and the order of a year of plenty's pair included.
        if let Some(mv) = mv {
            s.legal_moves(&mut buf);
            let mut ours: Vec<String> =
                buf.iter().map(|&m| catanatron_action(&s, m, None).unwrap().to_string()).collect();
            let mut theirs: Vec<String> =
                step["legal"].as_array().unwrap().iter().map(|l| l.to_string()).collect();
            ours.sort();
            theirs.sort();
            counts.lists += 1;
            if ours != theirs {
                let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).take(4).collect();
                let missing: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).take(4).collect();
                note(
                    "legal moves",
                    i,
                    format!("{:?}: stadt only {extra:?}, Catanatron only {missing:?}", s.phase()),
                );
            }
            if let Err(e) = s.play(mv) {
                note("illegal in stadt", i, format!("{mv:?}: {e}"));
                return;
            }
        } else if s.phase() != Phase::RandomDiscard {
            note("flow", i, format!("a discard at {:?}", s.phase()));
            return;
        } else if s.actor() != seat {
            note("flow", i, format!("seat {} discards, stadt asks {}", a[0], s.actor().0));
        }
        for c in chances {
            if let Err(e) = s.chance(c) {
                note("chance refused", i, format!("{c:?} at {:?}: {e}", s.phase()));
                return;
            }
        }
        counts.actions += 1;
        let (ours, theirs) = (snapshot(&s), &step["after"]);
        counts.states += 1;
        for field in diff(&ours, theirs) {
            note(&field, i, format!("after {a}: Catanatron {theirs} stadt {ours}"));
        }
    }
    let winner = g["winner"].as_u64().map(|w| Player(w as u8));
    counts.won += winner.is_some() as usize;
    // Catanatron's log ends where its game does: won, or at its turn limit.
    if winner != s.winner() || !s.is_over() {
        note(
            "end",
            steps.len(),
            format!("{winner:?} vs stadt {:?} ({:?}, turn {})", s.winner(), s.phase(), s.turns()),
        );
    }
}

/// Prints the counts as one line the oracle script reads, then (`details`) every kind of
/// difference with its first instance.
fn report(what: &str, c: &Counts, diffs: &BTreeMap<String, (usize, String)>, details: bool) {
    let total: usize = diffs.values().map(|d| d.0).sum();
    println!(
        "oracle {what}: games={} won={} actions={} legal_lists={} states={} differences={total}",
        c.games, c.won, c.actions, c.lists, c.states
    );
    for (kind, (n, first)) in diffs.iter().filter(|_| details) {
        println!("{kind}: {n} differences; first: {first}");
    }
}

#[test]
#[ignore = "needs Catanatron's games: CATAN_ORACLE=FILE.jsonl (see the file's header)"]
fn catanatron_games_replay_in_stadt_action_by_action() {
    use std::io::BufRead;
    let paths = std::env::var("CATAN_ORACLE").expect("CATAN_ORACLE=FILE.jsonl[:FILE.jsonl...]");
    let (mut all_diffs, mut all) = (BTreeMap::new(), Counts::default());
    for path in paths.split(':') {
        let (mut diffs, mut counts) = (BTreeMap::new(), Counts::default());
        let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        for line in file.lines().map(Result::unwrap).filter(|l| !l.trim().is_empty()) {
            let g: Value = serde_json::from_str(&line).unwrap();
            replay(&g, &mut diffs, &mut counts);
        }
        report(&format!("catanatron-in-stadt {path}"), &counts, &diffs, true);
        all.add(&counts);
        for (kind, (n, first)) in diffs {
            let e = all_diffs.entry(kind).or_insert((0, first));
            e.0 += n;
        }
    }
    // The total: its differences are the files' above.
    report("catanatron-in-stadt", &all, &all_diffs, false);
    assert!(all_diffs.is_empty(), "{} kinds of difference", all_diffs.len());
}

#[test]
#[ignore = "writes stadt's games for Catanatron: CATAN_ORACLE_OUT=FILE.jsonl [CATAN_ORACLE_GAMES=n \
            CATAN_ORACLE_PLAYERS=2|3|4 CATAN_ORACLE_MOVES=random|weighted CATAN_ORACLE_SEED=first]"]
fn stadt_games_for_catanatron() {
    use rand::SeedableRng;
    use serde_json::json;
    use stadt_testkit::catan::play_logged;
    use std::io::Write;
    let var = |name: &str| std::env::var(name).ok();
    let path = var("CATAN_ORACLE_OUT").expect("CATAN_ORACLE_OUT=FILE.jsonl");
    let games: u64 = var("CATAN_ORACLE_GAMES").map_or(100, |n| n.parse().expect("a number of games"));
    let first: u64 = var("CATAN_ORACLE_SEED").map_or(0, |n| n.parse().expect("a seed"));
    let fixed_players: Option<usize> = var("CATAN_ORACLE_PLAYERS").map(|n| n.parse().expect("2, 3 or 4"));
    let fixed_moves = var("CATAN_ORACLE_MOVES").map(|m| match m.as_str() {
        "random" => false,
        "weighted" => true,
        other => panic!("CATAN_ORACLE_MOVES={other}: random or weighted"),
    });
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    // Catanatron's readings, its turn limit (1,000 counting the set-up hand-overs) included.
    let options = Options::CATANATRON;
    for seed in first..first + games {
        // Unless fixed: 4, 4, 3 and 2 players in turn, and half the games with uniformly random
        // moves, half weighted as Catanatron's weighted random player weighs them.
        let players = fixed_players.unwrap_or([4, 4, 3, 2][seed as usize % 4]);
        let weighted = fixed_moves.unwrap_or(seed % 8 >= 4);
        let mut s = State::deal(players, options, seed).unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut steps = Vec::new();
        play_logged(&mut s, weighted, &mut rng, |logged, after| {
            steps.push(json!({"legal": logged.legal, "action": logged.action, "after": snapshot(after)}));
        });
        let mut record = board_json(s.board());
        record["seed"] = json!(seed);
        record["players"] = json!(players);
        record["steps"] = Value::Array(steps);
        record["winner"] = json!(s.winner().map(|w| w.0));
        writeln!(out, "{record}").unwrap();
    }
}
