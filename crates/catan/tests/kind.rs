//! Catan through the harness's adapter: records that replay to the same game, moves as text,
//! bad records named by line (never a panic), and whole games through the core's runner.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::kind::{Catan, RecordHead};
use stadt_catan::moves::Move;
use stadt_catan::observation::Observation;
use stadt_catan::options::Options;
use stadt_catan::record::{move_text, parse_move, replay};
use stadt_catan::state::State;
use stadt_core::agent::Agent;
use stadt_core::error::Error;
use stadt_core::kind::GameKind;
use stadt_core::runner::{Table, play};
use stadt_core::seat::{Seat, SeatAgent};
use std::sync::atomic::AtomicBool;

/// Plays a random game of `kind`, writing its record as the runner does.
fn recorded(kind: &Catan, players: usize, seed: u64) -> (State, String) {
    let mut s = kind.deal(players, seed).unwrap();
    let mut text = kind.record_header(&s, &RecordHead);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    while !s.is_over() {
        if s.resolve_chance().is_some() {
            continue;
        }
        s.legal_moves(&mut buf);
        let mv = buf[rng.random_range(0..buf.len())];
        assert_eq!(parse_move(&move_text(mv)), Ok(mv), "{mv:?}");
        text.push_str(&kind.record_line(&s, mv));
        s.play(mv).unwrap();
    }
    text.push_str(&kind.record_end(&s));
    (s, text)
}

fn kinds() -> [Catan; 3] {
    [
        Catan::new(Options::OFFICIAL),
        Catan::new(Options::CATANATRON),
        Catan::new(Options { player_trade: true, ..Options::OFFICIAL }),
    ]
}

#[test]
fn records_replay_to_the_same_game() {
    for (i, kind) in kinds().iter().enumerate() {
        for seed in 0..20 {
            let (s, text) = recorded(kind, 2 + (seed as usize % 3), seed + 100 * i as u64);
            let r = replay(&text).unwrap_or_else(|e| panic!("{e}\n{}", &text[..400]));
            assert!(r.same_game(&s), "seed {seed}");
        }
    }
}

#[test]
fn bad_records_name_the_line_and_never_panic() {
    let (_, text) = recorded(&kinds()[0], 4, 7);
    let lines: Vec<&str> = text.lines().collect();
    let with = |i: usize, l: &str| {
        let mut v = lines.clone();
        v[i] = l;
        v.join("\n")
    };
    assert_eq!(replay("stadt-record 1\nplayers 2\n").unwrap_err().line, 1, "a record of another game");
    assert_eq!(replay(&with(2, "options shortage=never")).unwrap_err().line, 3);
    assert_eq!(replay(&with(2, "options tiles=default")).unwrap_err().line, 3, "an option of another game");
    assert_eq!(replay(&with(6, "terrain ore ore")).unwrap_err().line, 7, "a malformed board");
    assert_eq!(replay(&with(4, "deck knight")).unwrap_err().line, 5);
    let first_move = 9;
    assert_eq!(replay(&with(first_move, "p1: settle 99")).unwrap_err().line, first_move + 1);
    assert_eq!(replay(&with(first_move, "p2: settle 0")).unwrap_err().line, first_move + 1, "not p2's turn");
    // The set-up road must touch the settlement just placed: an illegal move is named.
    let bad = with(first_move + 1, "p1: road 71");
    let e = replay(&bad).unwrap_err();
    assert_eq!(e.line, first_move + 2);
    assert!(e.reason.contains("C12"), "{e}");
    // Any line cut short or garbled: an error, never a panic.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    for _ in 0..500 {
        let i = rng.random_range(0..lines.len());
        let l = lines[i];
        let cut = &l[..rng.random_range(0..=l.len())];
        let _ = replay(&with(i, cut));
        let _ = parse_move(cut);
    }
    assert!(Options::parse("catanatron turns=0").is_err());
    assert_eq!(Options::parse("catanatron").unwrap(), Options::CATANATRON);
    // An option named beside the preset wins over it, wherever it stands.
    for text in ["catanatron discard=choose", "discard=choose,catanatron"] {
        let o = Options::parse(text).unwrap();
        assert_eq!(
            o,
            Options { discard: stadt_catan::options::Discard::Choose, ..Options::CATANATRON },
            "{text}"
        );
    }
    // Catanatron 3.3.0's preset likewise; the two presets are two versions, named one at a time.
    assert_eq!(Options::parse("catanatron3_3").unwrap(), Options::CATANATRON3_3);
    assert_eq!(
        Options::parse("road_through=no catanatron3_3").unwrap(),
        Options { road_through: false, ..Options::CATANATRON3_3 }
    );
    let e = Options::parse("catanatron catanatron3_3").unwrap_err();
    assert!(e.contains("name one"), "{e}");
    // The options line names road_through when on, and reads back.
    let line = stadt_catan::record::options_text(&Options::CATANATRON3_3);
    assert!(line.ends_with(" road_through=yes"), "{line}");
    assert_eq!(Options::parse(&line).unwrap(), Options::CATANATRON3_3);
    assert!(!stadt_catan::record::options_text(&Options::CATANATRON).contains("road_through"));
    let e = Options::parse("game=knights road_through=yes").unwrap_err();
    assert!(e.contains("road_through"), "{e}");
}

struct RandomAgent;

impl Agent<Catan> for RandomAgent {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        let mut buf = Vec::new();
        obs.view().legal_moves(&mut buf);
        buf[rng.random_range(0..buf.len())]
    }
}

struct RandomSeat;

impl Seat<Catan> for RandomSeat {
    fn label(&self) -> &str {
        "random"
    }
    fn full(&self) -> String {
        "random".into()
    }
    fn clairvoyant(&self) -> bool {
        false
    }
    fn agent(&self, _agent_seed: u64, _seat: usize) -> Result<SeatAgent<Catan>, Error> {
        Ok(SeatAgent::Bot(Box::new(RandomAgent)))
    }
}

#[test]
fn games_run_through_the_core_runner_and_their_records_replay() {
    let kind = Catan::new(Options::OFFICIAL);
    let stop = AtomicBool::new(false);
    let head = RecordHead;
    let table = Table { kind: &kind, agent_seed: 3, chance_seed: 4, want_record: Some(&head), stop: &stop };
    let bots = [RandomSeat, RandomSeat, RandomSeat, RandomSeat];
    let mut columns = (Vec::new(), Vec::new());
    for seed in 0..10 {
        let game = kind.deal(4, seed).unwrap();
        let played = play(&table, &bots, game, &mut |_, _| {}).unwrap().unwrap();
        assert!(played.game.is_over());
        assert!(replay(played.record.as_ref().unwrap()).unwrap().same_game(&played.game));
        let mut total = 0;
        for seat in 0..4 {
            kind.final_values(&played.game, seat, &mut columns.0, &mut columns.1);
            assert_eq!(columns.0.len(), kind.columns().sources.len());
            let sum: i32 = columns.0.iter().sum();
            assert_eq!(sum, played.game.points(stadt_catan::ids::Player(seat as u8)) as i32);
            total += sum;
        }
        assert!(total >= 10);
    }
    // Every seating of a deal plays the same board, deck and dice.
    assert_eq!(kind.deal(3, 9).unwrap(), kind.deal(3, 9).unwrap());
    assert_ne!(kind.deal(3, 9).unwrap().board(), kind.deal(3, 10).unwrap().board());
}

/// What each seat of a random game is shown of its record, and what chance did.
struct Shown {
    /// Each seat's record.
    seats: Vec<String>,
    /// Per seat, its draws as the record should write them.
    drawn: Vec<Vec<String>>,
    /// Thief, victim and card of every steal.
    stolen: Vec<(u8, u8, String)>,
    /// Every random discard as the record should write it.
    discarded: Vec<String>,
}

fn seat_records(kind: &Catan, seed: u64) -> Shown {
    use stadt_catan::moves::Chance;
    let mut s = kind.deal(4, seed).unwrap();
    let mut h = kind.history(4);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    let (mut drawn, mut stolen, mut discarded) = (vec![Vec::new(); 4], Vec::new(), Vec::new());
    while !s.is_over() {
        let (current, actor, victim) = (s.current().0, s.actor().0, s.victim());
        match s.resolve_chance() {
            Some(Chance::Draw(k)) => {
                drawn[current as usize].push(format!("p{} draws {}", current + 1, k.name()))
            }
            Some(Chance::Steal(r)) => stolen.push((current, victim.unwrap().0, r.name().to_string())),
            Some(Chance::Discard(cards)) => {
                let names: Vec<&str> = stadt_catan::ids::Resource::ALL
                    .iter()
                    .flat_map(|&r| std::iter::repeat_n(r.name(), cards[r.index()] as usize))
                    .collect();
                discarded.push(format!("p{} discards {}", actor + 1, names.join(" ")));
            }
            Some(_) => {}
            None => {
                kind.history_catch_up(&mut h, &s);
                s.legal_moves(&mut buf);
                let mv = buf[rng.random_range(0..buf.len())];
                kind.history_push(&mut h, &s, mv);
                s.play(mv).unwrap();
            }
        }
    }
    kind.history_catch_up(&mut h, &s);
    let seats = (0..4).map(|seat| stadt_catan::record::seat_record(kind.history_text(&h), seat)).collect();
    Shown { seats, drawn, stolen, discarded }
}

#[test]
fn c41_a_seat_is_shown_its_own_draws_and_steals_and_everyone_the_random_discards() {
    let (mut draws, mut steals, mut discards) = (0, 0, 0);
    for (options, seed) in [(Options::OFFICIAL, 11), (Options::CATANATRON, 12), (Options::CATANATRON, 13)] {
        let kind = Catan::new(options);
        let Shown { seats, drawn, stolen, discarded } = seat_records(&kind, seed);
        for (seat, text) in seats.iter().enumerate() {
            let me = format!("p{}", seat + 1);
            // Every line is public or the seat's own: decisions, dice, its draws, its steals,
            // discards, and what a monopoly took from each player.
            for line in text.lines().skip(6) {
                let ok = line.strip_prefix("dice ").is_some_and(|n| n.parse::<u8>().is_ok())
                    || line.split_once(": ").is_some_and(|(_, mv)| parse_move(mv).is_ok())
                    || line.starts_with(&format!("{me} draws "))
                    || (line.contains(" steals ") && line.split(' ').any(|w| w == me))
                    || line.split_once(" discards ").is_some()
                    || line.split(' ').nth(1) == Some("takes");
                assert!(ok, "`{line}` in seat {me}'s record");
            }
            let mine: Vec<&str> = text.lines().filter(|l| l.contains(" draws ")).collect();
            assert_eq!(mine, drawn[seat], "the cards {me} drew, and no one else's");
            let seen: Vec<(u8, u8, String)> = stolen
                .iter()
                .filter(|(t, v, _)| *t as usize == seat || *v as usize == seat)
                .cloned()
                .collect();
            let lines: Vec<String> =
                text.lines().filter(|l| l.contains(" steals ")).map(str::to_string).collect();
            let expected: Vec<String> =
                seen.iter().map(|(t, v, r)| format!("p{} steals {r} from p{}", t + 1, v + 1)).collect();
            assert_eq!(lines, expected, "the steals {me} took part in, and no others");
            let public: Vec<&str> = text.lines().filter(|l| l.contains(" discards ")).collect();
            assert_eq!(public, discarded, "random discards are seen by all");
            draws += mine.len();
            steals += lines.len();
        }
        discards += discarded.len();
    }
    assert!(draws > 0 && steals > 0 && discards > 0, "{draws} draws, {steals} steals, {discards} discards");
}

#[test]
fn k85_a_seat_is_shown_its_own_progress_cards_put_back_and_taken_and_only_the_decks_of_the_others() {
    use stadt_catan::moves::{Chance, Move};
    let (mut own, mut others_private) = (0, 0);
    for (options, seed) in [(Options::KNIGHTS, 21), (Options::CUXTAN, 22)] {
        let kind = Catan::new(options);
        let mut s = kind.deal(4, seed).unwrap();
        let mut h = kind.history(4);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut buf = Vec::new();
        // Per seat, the progress cards it drew, put back, or took, as its record should show them.
        let mut drawn: Vec<Vec<String>> = vec![Vec::new(); 4];
        let mut private: Vec<(u8, String)> = Vec::new();
        while !s.is_over() {
            let actor = s.actor().0;
            match s.resolve_chance() {
                Some(Chance::Progress(k)) if !k.is_victory_point() => {
                    drawn[actor as usize].push(format!("p{} draws {}", actor + 1, k.name()))
                }
                Some(_) => {}
                None => {
                    kind.history_catch_up(&mut h, &s);
                    s.legal_moves(&mut buf);
                    let building: Vec<Move> =
                        buf.iter().copied().filter(|m| !matches!(m, Move::Exchange(..))).collect();
                    let mv = if !building.is_empty() && rng.random_bool(0.8) {
                        building[rng.random_range(0..building.len())]
                    } else {
                        buf[rng.random_range(0..buf.len())]
                    };
                    if matches!(mv, Move::PutBack(_) | Move::SpyTake(_) | Move::Take(_)) {
                        private.push((actor, stadt_catan::record::move_text(mv)));
                    }
                    kind.history_push(&mut h, &s, mv);
                    s.play(mv).unwrap();
                }
            }
        }
        kind.history_catch_up(&mut h, &s);
        for seat in 0..4u8 {
            let text = stadt_catan::record::seat_record(kind.history_text(&h), seat as usize);
            let me = format!("p{}", seat + 1);
            let mine: Vec<&str> =
                text.lines().filter(|l| l.contains(" draws ") && !l.ends_with(" card")).collect();
            assert_eq!(mine, drawn[seat as usize], "the progress cards {me} drew, and no one else's");
            for (who, mv) in &private {
                let line = format!("p{}: {mv}", who + 1);
                if mv.starts_with("put-back") && *who != seat {
                    assert!(!text.contains(&line), "{me} is shown another's `{line}`");
                    others_private += 1;
                }
                if *who == seat {
                    assert!(text.contains(&line), "{me} is shown its own `{line}`");
                    own += 1;
                }
            }
        }
    }
    assert!(own > 0 && others_private > 0, "{own} own, {others_private} others' hidden moves");
}

/// `text` without its `seed` and `deck` lines: what a game played elsewhere can write.
fn without_seed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("seed ") && !l.starts_with("deck "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn records_of_version_2_carry_every_chance_outcome_and_replay_without_seed_or_decks() {
    let knights = Catan::new(Options::CUXTAN);
    let random_discards =
        Catan::new(Options { discard: stadt_catan::options::Discard::Random, ..Options::OFFICIAL });
    let mut seen = std::collections::BTreeSet::new();
    for (kind, players) in [(&knights, 4), (&knights, 3), (&random_discards, 4), (&kinds()[0], 2)] {
        for seed in 0..6 {
            let (s, text) = recorded(kind, players, seed);
            assert!(text.starts_with("stadt-catan-record 2\n"));
            for l in text.lines().filter_map(|l| l.strip_prefix("chance: ")) {
                seen.insert(l.split(' ').next().unwrap().to_string());
                let c = stadt_catan::chance_log::parse_chance(l).unwrap();
                assert_eq!(stadt_catan::chance_log::chance_text(c), l);
            }
            let bare = without_seed(&text);
            let r = replay(&bare).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(r.is_over() && r.winner() == s.winner() && r.turns() == s.turns(), "seed {seed}");
            for p in (0..players as u8).map(stadt_catan::ids::Player) {
                assert_eq!((r.points(p), r.hand(p)), (s.points(p), s.hand(p)));
            }
            // The states are the same but for the line numbers.
            let strip = |t: &str| -> Vec<serde_json::Value> {
                t.lines()
                    .map(|l| {
                        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                        v["line"] = serde_json::Value::Null;
                        v
                    })
                    .collect()
            };
            let states = stadt_catan::state_json::replay_states;
            assert_eq!(strip(&states(&text).unwrap()), strip(&states(&bare).unwrap()), "seed {seed}");
        }
    }
    for kind in ["dice", "progress", "steal", "draw", "discard"] {
        assert!(seen.contains(kind), "no `chance: {kind}` in the records: {seen:?}");
    }
}

#[test]
fn a_record_lacking_an_outcome_or_mixing_versions_is_refused_naming_its_line() {
    let (_, text) = recorded(&Catan::new(Options::KNIGHTS), 4, 3);
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("chance: dice ")).unwrap();
    // The dice left out: the move after them is refused, naming what is missing.
    let mut cut = lines.clone();
    cut.remove(first);
    let e = replay(&(cut.join("\n") + "\n")).unwrap_err();
    assert_eq!(e.line, first + 1);
    assert!(e.reason.contains("the record lacks the dice (`chance: dice ...`)"), "{e}");
    // An outcome that cannot happen is named (the dice are 1 to 6).
    let mut bad = lines.clone();
    bad[first] = "chance: dice 7 1 event 2";
    let e = replay(&(bad.join("\n") + "\n")).unwrap_err();
    assert_eq!(e.line, first + 1);
    assert!(e.reason.contains("`7` is no red die (1-6)"), "{e}");
    // Version 1 has no chance lines: its chance comes from the seed.
    let mut v1 = lines.clone();
    v1[0] = stadt_catan::record::HEADER_V1;
    let e = replay(&(v1.join("\n") + "\n")).unwrap_err();
    assert_eq!(e.line, first + 1);
    assert!(e.reason.contains("version 1"), "{e}");
    // A version-1 record (no chance lines) replays from its seed to the same game.
    let old: Vec<&str> = v1.iter().copied().filter(|l| !l.starts_with("chance: ")).collect();
    let (s, _) = recorded(&Catan::new(Options::KNIGHTS), 4, 3);
    assert_eq!(replay(&(old.join("\n") + "\n")).unwrap(), s);
}
