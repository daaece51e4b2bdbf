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
use stadt_catan::board::{Board, Harbour};
use stadt_catan::deal::unshuffled_deck;
use stadt_catan::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::options::Options;
use stadt_catan::state::State;
use stadt_catan::topology::{HEX_COORDS, edge_between};
use std::collections::BTreeMap;

fn resource(v: &Value) -> Resource {
    let name = v.as_str().expect("a resource name");
    Resource::parse(&name.to_lowercase()).expect("a resource")
}

fn hex_of(v: &Value) -> Hex {
    let c: Vec<i8> = v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap() as i8).collect();
    Hex(HEX_COORDS.iter().position(|h| h[..] == c[..]).expect("a land hex") as u8)
}

/// A Catanatron action (`[seat, type, value]`) as stadt's move, and the chance outcomes its log
/// entry carries.
fn translate(a: &Value) -> (Option<Move>, Vec<Chance>) {
    let (kind, v) = (a[1].as_str().unwrap(), &a[2]);
    let node = |v: &Value| Node(v.as_u64().unwrap() as u8);
    match kind {
        "ROLL" => {
            let d: Vec<u8> =
                v.as_array().map_or(vec![], |d| d.iter().map(|x| x.as_u64().unwrap() as u8).collect());
            (Some(Move::Roll), if d.len() == 2 { vec![Chance::Dice(d[0], d[1])] } else { vec![] })
        }
        "END_TURN" => (Some(Move::End), vec![]),
        "BUILD_SETTLEMENT" => (Some(Move::Settle(node(v))), vec![]),
        "BUILD_CITY" => (Some(Move::City(node(v))), vec![]),
        "BUILD_ROAD" => {
            let (a, b) = (v[0].as_u64().unwrap() as u8, v[1].as_u64().unwrap() as u8);
            (Some(Move::Road(Edge(edge_between(a, b).expect("a path")))), vec![])
        }
        "BUY_DEVELOPMENT_CARD" => {
            let card = v.as_str().map(|c| match c {
                "KNIGHT" => DevCard::Knight,
                "YEAR_OF_PLENTY" => DevCard::YearOfPlenty,
                "MONOPOLY" => DevCard::Monopoly,
                "ROAD_BUILDING" => DevCard::RoadBuilding,
                _ => DevCard::VictoryPoint,
            });
            (Some(Move::Buy), card.map(Chance::Draw).into_iter().collect())
        }
        "PLAY_KNIGHT_CARD" => (Some(Move::Knight), vec![]),
        "PLAY_ROAD_BUILDING" => (Some(Move::RoadBuilding), vec![]),
        "PLAY_MONOPOLY" => (Some(Move::Monopoly(resource(v))), vec![]),
        "PLAY_YEAR_OF_PLENTY" => {
            let r: Vec<Resource> = v.as_array().unwrap().iter().map(resource).collect();
            (Some(Move::YearOfPlenty(r[0], r.get(1).copied())), vec![])
        }
        "MOVE_ROBBER" => {
            let victim = v[1].as_u64().map(|p| Player(p as u8));
            let stolen = if v[2].is_null() { vec![] } else { vec![Chance::Steal(resource(&v[2]))] };
            (Some(Move::Robber(hex_of(&v[0]), victim)), stolen)
        }
        "MARITIME_TRADE" => {
            let t = v.as_array().unwrap();
            (Some(Move::Trade(resource(&t[0]), resource(&t[4]))), vec![])
        }
        "DISCARD" => {
            let mut cards = [0u8; 5];
            for r in v.as_array().into_iter().flatten() {
                cards[resource(r).index()] += 1;
            }
            (None, if v.is_null() { vec![] } else { vec![Chance::Discard(cards)] })
        }
        other => panic!("unknown action {other}"),
    }
}

fn board(g: &Value) -> Board {
    let mut b = Board::beginners();
    for (h, hex) in HEX_COORDS.iter().enumerate() {
        let c: Vec<i8> =
            g["coords"][h].as_array().unwrap().iter().map(|x| x.as_i64().unwrap() as i8).collect();
        assert_eq!(c[..], hex[..], "Catanatron's tile {h} is stadt's hex {h}");
        b.terrain[h] = if g["terrain"][h].is_null() { None } else { Some(resource(&g["terrain"][h])) };
        b.numbers[h] = g["numbers"][h].as_u64().unwrap() as u8;
    }
    for i in 0..9 {
        let p = &g["ports"][i];
        b.harbours[i] = if p.is_null() { Harbour::Generic } else { Harbour::Special(resource(p)) };
    }
    b
}

/// The fields two snapshots differ in, as `field` or `players[i].field` (as
/// `catanatron_games.py`'s `diff` names them); a field only one side has differs too.
fn diff(ours: &Value, theirs: &Value) -> Vec<String> {
    let fields = |a: &Value, b: &Value| -> Vec<String> {
        let (a, b) = (a.as_object().unwrap(), b.as_object().unwrap());
        let mut keys: Vec<&String> = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))).collect();
        keys.retain(|k| a.get(*k) != b.get(*k));
        keys.into_iter().cloned().collect()
    };
    let mut out: Vec<String> = fields(ours, theirs).into_iter().filter(|k| k != "players").collect();
    let (a, b) = (ours["players"].as_array().unwrap(), theirs["players"].as_array().unwrap());
    if a.len() != b.len() {
        out.push("players".into());
    }
    for (i, (p, q)) in a.iter().zip(b).enumerate() {
        out.extend(fields(p, q).into_iter().map(|k| format!("players[{i}].{k}")));
    }
    out
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
    // Catanatron's loop stops at its TURNS_LIMIT, 1,000, as the preset's does.
    let mut s = State::with_deck(board(g), players, Options::CATANATRON, unshuffled_deck(), 0).unwrap();
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
        let (mv, chances) = translate(a);
        // Legal moves before a decision (a discard is chance in stadt), compared in Catanatron's
        // terms: trade rates, robber victims and the order of a year of plenty's pair included.
        if let Some(mv) = mv {
            s.legal_moves(&mut buf);
            let mut ours: Vec<String> =
                buf.iter().map(|&m| catanatron_action(&s, m, None).to_string()).collect();
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
        } else if s.actor().0 as u64 != a[0].as_u64().unwrap() {
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

/// A resource as Catanatron names it.
fn catanatron_resource(r: Resource) -> &'static str {
    ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"][r.index()]
}

/// A move of `s`'s player to act as a Catanatron action `[seat, type, value]`, its chance
/// outcomes filled in from `outcomes` (None: the intent, as Catanatron lists playable actions).
fn catanatron_action(s: &State, mv: Move, outcomes: Option<&[Chance]>) -> Value {
    use serde_json::json;
    let seat = s.actor().0;
    let res = |r: Resource| json!(catanatron_resource(r));
    let (kind, value) = match mv {
        Move::Settle(n) => ("BUILD_SETTLEMENT", json!(n.0)),
        Move::City(n) => ("BUILD_CITY", json!(n.0)),
        Move::Road(e) => ("BUILD_ROAD", json!(stadt_catan::topology::TOPOLOGY.edge_nodes[e.index()])),
        Move::Buy => {
            let card = outcomes.and_then(|o| {
                o.iter().find_map(|c| match c {
                    Chance::Draw(k) => Some(
                        ["KNIGHT", "YEAR_OF_PLENTY", "MONOPOLY", "ROAD_BUILDING", "VICTORY_POINT"][k.index()],
                    ),
                    _ => None,
                })
            });
            ("BUY_DEVELOPMENT_CARD", json!(card))
        }
        Move::Roll => {
            let dice = outcomes.and_then(|o| {
                o.iter().find_map(|c| match c {
                    Chance::Dice(a, b) => Some([*a, *b]),
                    _ => None,
                })
            });
            ("ROLL", json!(dice))
        }
        Move::End => ("END_TURN", Value::Null),
        Move::Knight => ("PLAY_KNIGHT_CARD", Value::Null),
        Move::RoadBuilding => ("PLAY_ROAD_BUILDING", Value::Null),
        Move::YearOfPlenty(a, b) => (
            "PLAY_YEAR_OF_PLENTY",
            json!([Some(a), b].into_iter().flatten().map(catanatron_resource).collect::<Vec<_>>()),
        ),
        Move::Monopoly(r) => ("PLAY_MONOPOLY", res(r)),
        Move::Robber(h, v) => {
            let stolen = outcomes.and_then(|o| {
                o.iter().find_map(|c| match c {
                    Chance::Steal(r) => Some(catanatron_resource(*r)),
                    _ => None,
                })
            });
            ("MOVE_ROBBER", json!([HEX_COORDS[h.index()], v.map(|v| v.0), stolen]))
        }
        Move::Trade(give, get) => {
            let rate = s.rate(s.actor(), give) as usize;
            let mut offer: Vec<Value> = vec![res(give); rate];
            offer.resize(4, Value::Null);
            offer.push(res(get));
            ("MARITIME_TRADE", Value::Array(offer))
        }
        other => panic!("Catanatron has no {other:?}"),
    };
    json!([seat, kind, value])
}

/// The state after an action as `catanatron_games.py`'s `snapshot` writes it (see there).
fn snapshot(s: &State) -> Value {
    use serde_json::json;
    use stadt_catan::state::Building;
    use stadt_catan::topology::{EDGES, NODES, TOPOLOGY};
    let players: Vec<Value> = (0..s.players() as u8)
        .map(|p| {
            let p = Player(p);
            let at = |b: Building| {
                (0..NODES as u8).filter(|&n| s.building(Node(n)) == Some(b)).collect::<Vec<_>>()
            };
            let roads: Vec<[u8; 2]> = (0..EDGES)
                .filter(|&e| s.road(Edge(e as u8)) == Some(p))
                .map(|e| TOPOLOGY.edge_nodes[e])
                .collect();
            let mut roads = roads;
            roads.sort();
            let (settlements, cities, on_board) = s.pieces(p);
            json!({"hand": s.hand(p), "dev": s.dev_cards(p), "played": s.played(p), "vp": s.points(p),
                   "road": s.longest_road() == Some(p), "army": s.largest_army() == Some(p),
                   "length": s.road_length(p), "settlements": at(Building::Settlement(p)),
                   "cities": at(Building::City(p)), "roads": roads,
                   "left": [15 - on_board, 5 - settlements, 4 - cities]})
        })
        .collect();
    let mut deck = [0u8; 5];
    for k in s.deck() {
        deck[k.index()] += 1;
    }
    json!({"players": players, "bank": s.bank(), "deck": deck, "robber": HEX_COORDS[s.robber().index()],
           "turn": s.current().0, "current": s.actor().0})
}

#[test]
#[ignore = "writes stadt's games for Catanatron: CATAN_ORACLE_OUT=FILE.jsonl [CATAN_ORACLE_GAMES=n \
            CATAN_ORACLE_PLAYERS=2|3|4 CATAN_ORACLE_MOVES=random|weighted CATAN_ORACLE_SEED=first]"]
fn stadt_games_for_catanatron() {
    use rand::{RngExt, SeedableRng};
    use serde_json::json;
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
        let mut buf = Vec::new();
        let mut steps = Vec::new();
        while !s.is_over() {
            // A random discard is a decision of the discarding player in Catanatron.
            let (legal, action) = if s.phase() == Phase::RandomDiscard {
                let before = s.clone();
                let Some(Chance::Discard(cards)) = s.resolve_chance() else { unreachable!() };
                let list: Vec<&str> = Resource::ALL
                    .iter()
                    .flat_map(|&r| std::iter::repeat_n(catanatron_resource(r), cards[r.index()] as usize))
                    .collect();
                (
                    vec![json!([before.actor().0, "DISCARD", Value::Null])],
                    json!([before.actor().0, "DISCARD", list]),
                )
            } else {
                s.legal_moves(&mut buf);
                let legal: Vec<Value> = buf.iter().map(|&m| catanatron_action(&s, m, None)).collect();
                let mv = if weighted {
                    // Catanatron's WeightedRandomPlayer: cities, settlements and development
                    // cards 10,000, 1,000 and 100 times as likely as any other move.
                    let weight = |m: Move| match m {
                        Move::City(_) => 10_000,
                        Move::Settle(_) => 1_000,
                        Move::Buy => 100,
                        _ => 1,
                    };
                    let mut pick = rng.random_range(0..buf.iter().map(|&m| weight(m)).sum::<u32>());
                    let mut chosen = buf[0];
                    for &m in &buf {
                        if pick < weight(m) {
                            chosen = m;
                            break;
                        }
                        pick -= weight(m);
                    }
                    chosen
                } else {
                    buf[rng.random_range(0..buf.len())]
                };
                let before = s.clone();
                s.play(mv).unwrap();
                let mut outcomes = Vec::new();
                // Chance that belongs to this action (not a following discard, its own step).
                while s.phase().is_chance() && s.phase() != Phase::RandomDiscard {
                    outcomes.push(s.resolve_chance().unwrap());
                }
                (legal, catanatron_action(&before, mv, Some(&outcomes)))
            };
            steps.push(json!({"legal": legal, "action": action, "after": snapshot(&s)}));
        }
        let b = s.board();
        let record = json!({
            "seed": seed,
            "players": players,
            "terrain": b.terrain.iter().map(|t| t.map(catanatron_resource)).collect::<Vec<_>>(),
            "numbers": b.numbers,
            "ports": b.harbours.iter().map(|h| match h { Harbour::Generic => None, Harbour::Special(r) => Some(catanatron_resource(*r)) }).collect::<Vec<_>>(),
            "steps": steps,
            "winner": s.winner().map(|w| w.0),
        });
        writeln!(out, "{record}").unwrap();
    }
}
