//! A seat whose bot forfeited (a bot in another program that failed; a fallback finished its game)
//! counts 0 points in margins and score differences, not the points the fallback made: in the
//! rows of a played game (`games.csv`'s `margin`), in `summary.csv`'s `mean_margin` and in
//! `pairs.csv`'s `mean_score_diff`, and the same after `games.csv` is read back (resume, merge,
//! report). Its `score` column keeps the points on the board.

use stadt_core::agent::Forfeit;
use stadt_core::error::Error;
use stadt_core::game::{Game, Turn};
use stadt_core::kind::{Columns, GameKind, GameOption};
use stadt_core::runner::PlayedGame;
use stadt_core::tournament::rows::{self, Row};
use stadt_core::tournament::schedule::{Scheduled, Shard};
use stadt_core::tournament::summary;
use std::ops::RangeInclusive;
use std::path::Path;

/// A finished game whose final scores are given.
#[derive(Clone, Debug)]
struct Finished(Vec<f64>);

impl Game for Finished {
    type Move = u32;
    fn players(&self) -> usize {
        self.0.len()
    }
    fn turn(&self) -> Turn {
        Turn::Over
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.clear();
    }
    fn is_legal(&self, _: u32) -> bool {
        false
    }
    fn apply(&mut self, _: u32) {
        unreachable!("the game is over")
    }
    fn resolve_chance<R: rand::Rng + ?Sized>(&mut self, _: &mut R) -> u64 {
        unreachable!("the game is over")
    }
    fn scores(&self, out: &mut [f64]) {
        out.copy_from_slice(&self.0);
    }
    fn progress(&self) -> usize {
        0
    }
}

/// The game of `Finished` positions: one source of points (all of them) and no details.
struct Scores;

impl GameKind for Scores {
    type State = Finished;
    type Move = u32;
    type Observation<'a> = &'a Finished;
    type Info = ();
    type RecordHead = ();
    type History = String;
    fn name(&self) -> &'static str {
        "scores"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=4
    }
    fn players_rule(&self) -> &'static str {
        "none: a test game"
    }
    fn options(&self) -> &'static [GameOption] {
        &[]
    }
    fn columns(&self) -> Columns {
        Columns::new(&["points"], &[])
    }
    fn final_values(&self, state: &Finished, seat: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        sources.clear();
        details.clear();
        sources.push(state.0[seat] as i32);
    }
    fn deal(&self, players: usize, _: u64) -> Result<Finished, Error> {
        Ok(Finished(vec![0.0; players]))
    }
    fn observe<'a>(&self, state: &'a Finished, _: bool, _: Option<&'a str>) -> &'a Finished {
        state
    }
    fn check(&self, _: &Finished, mv: u32) -> Result<(), String> {
        Err(format!("{mv}: the game is over"))
    }
    fn info(&self, _: usize, _: usize, _: u64) {}
    fn record_header(&self, _: &Finished, _: &()) -> String {
        String::new()
    }
    fn record_line(&self, _: &Finished, _: u32) -> String {
        String::new()
    }
    fn history(&self, _: usize) -> String {
        String::new()
    }
    fn history_catch_up(&self, _: &mut String, _: &Finished) {}
    fn history_push(&self, _: &mut String, _: &Finished, _: u32) {}
    fn history_text<'h>(&self, h: &'h String) -> &'h str {
        h
    }
    fn picture(&self, _: &Finished, _: &[String]) -> String {
        String::new()
    }
    fn seat_picture(&self, _: &&Finished, _: &[String]) -> String {
        String::new()
    }
}

/// The labels of the bots: `seats` below index them.
fn labels() -> Vec<String> {
    ["a", "b", "c"].map(String::from).to_vec()
}

/// The rows (with the `failure` column) of game `index`, whose seats hold the bots `seats` and
/// end with `scores`; the seats in `forfeited` crashed and the fallback played them to the end.
fn rows_of(index: usize, seats: &[usize], scores: &[f64], forfeited: &[usize]) -> Vec<Row> {
    let n = seats.len();
    let g = Scheduled {
        index,
        combination: 0,
        deck: index,
        rotation: 0,
        seats: seats.to_vec(),
        deck_seed: 7,
        agent_seed: 8,
    };
    let played = PlayedGame::<Scores> {
        game: Finished(scores.to_vec()),
        record: None,
        decision_seconds: vec![1.0; n],
        decisions: vec![10; n],
        forfeits: (0..n)
            .map(|p| {
                forfeited.contains(&p).then(|| Forfeit {
                    kind: "crash",
                    message: "the program exited".into(),
                    stderr_tail: String::new(),
                })
            })
            .collect(),
    };
    rows::game_rows(&Scores, &g, &labels(), &played, true)
}

/// Each row's (bot, score, rank, win_share, margin).
fn results(rows: &[Row]) -> Vec<(&str, i32, usize, f64, i32)> {
    rows.iter().map(|r| (r.bot.as_str(), r.score, r.rank, r.win_share, r.margin)).collect()
}

/// The mean score difference of `a` minus `b` in pairs.csv's terms.
fn score_diff(rows: &[Row], players: usize, a: &str, b: &str) -> f64 {
    let (a, b) = (a.to_string(), b.to_string());
    summary::head_to_head(rows, players, &[&a], &[&b]).expect("they met").diff.0
}

#[test]
fn a_forfeited_seat_counts_zero_points_in_every_margin_and_keeps_its_score() {
    // b forfeited; the fallback that finished its game made the most points on the board (65).
    let rows = rows_of(0, &[0, 1, 2], &[40.0, 65.0, 50.0], &[1]);
    assert_eq!(
        results(&rows),
        [
            ("a", 40, 2, 0.0, 40 - 50),
            // The board's points stay in `score`; the margin counts 0 for them.
            ("b", 65, 3, 0.0, -50),
            // c's best opponent is a (40): the forfeit's 65 does not push c's margin down.
            ("c", 50, 1, 1.0, 50 - 40),
        ]
    );
    assert_eq!(rows.iter().map(|r| r.counted_score()).collect::<Vec<_>>(), [40, 0, 50]);
    assert_eq!(rows.iter().map(|r| r.sources[0]).collect::<Vec<_>>(), [40, 65, 50]);
    assert!(rows[1].forfeited() && !rows[0].forfeited() && !rows[2].forfeited());
}

#[test]
fn the_only_seat_that_finished_its_game_has_its_whole_score_as_margin() {
    // b and c forfeited: a is compared with 0 for each, and b and c are level with each other.
    let rows = rows_of(0, &[0, 1, 2], &[30.0, 55.0, 45.0], &[1, 2]);
    assert_eq!(results(&rows), [("a", 30, 1, 1.0, 30), ("b", 55, 3, 0.0, -30), ("c", 45, 3, 0.0, -30)]);
    assert_eq!(score_diff(&rows, 3, "b", "c"), 0.0, "two forfeits are level");
    assert_eq!(score_diff(&rows, 3, "a", "b"), 30.0);
}

#[test]
fn two_seats_that_both_forfeited_are_level() {
    let rows = rows_of(0, &[0, 1], &[30.0, 20.0], &[0, 1]);
    assert_eq!(results(&rows), [("a", 30, 2, 0.0, 0), ("b", 20, 2, 0.0, 0)]);
    assert_eq!(score_diff(&rows, 2, "a", "b"), 0.0);
}

/// Two 3-player games: in the first b forfeits (its fallback makes 65), in the second nobody does.
fn tournament_rows() -> Vec<Row> {
    let mut rows = rows_of(0, &[0, 1, 2], &[40.0, 65.0, 50.0], &[1]);
    rows.extend(rows_of(1, &[1, 2, 0], &[36.0, 30.0, 44.0], &[]));
    rows
}

#[test]
fn summary_and_pairs_count_the_forfeit_not_the_fallbacks_play() {
    let rows = tournament_rows();
    let labels = labels();
    let specs = labels.clone();
    let bots = summary::bots(&rows, 3, &labels, &specs, &["points".to_string()]);
    let b = &bots[1];
    assert_eq!(b.bot, "b");
    // Margins: -50 (the forfeit, 0 - 50) and 36 - 44 = -8.
    assert_eq!(b.margin.0, (-50.0 - 8.0) / 2.0, "{b:?}");
    // mean_score is the mean of the score column: the fallback's 65 and 36.
    assert_eq!(b.score.0, (65.0 + 36.0) / 2.0, "{b:?}");
    // a: -10 (40 - 50, not 40 - 65) and 44 - 36 = 8.
    assert_eq!(bots[0].margin.0, (-10.0 + 8.0) / 2.0);
    // c: 10 (50 - 40, not 50 - 65) and 30 - 44 = -14.
    assert_eq!(bots[2].margin.0, (10.0 - 14.0) / 2.0);

    let pairs = summary::pairs(&rows, 3, &labels);
    let diff = |a: &str, b: &str| pairs.iter().find(|p| p.a == a && p.b == b).expect("a pair").diff.0;
    // a - b: 40 - 0 (not 40 - 65) and 44 - 36.
    assert_eq!(diff("a", "b"), (40.0 + 8.0) / 2.0);
    // b - c: 0 - 50 (not 65 - 50) and 36 - 30.
    assert_eq!(diff("b", "c"), (-50.0 + 6.0) / 2.0);
    // a - c, where no seat of the pair forfeited: the scores.
    assert_eq!(diff("a", "c"), (-10.0 + 14.0) / 2.0);
    let csv = summary::pairs_csv(&pairs);
    assert!(csv.contains("\na,b,2,2,") && csv.contains(",24.000,"), "{csv}");
}

#[test]
fn games_csv_read_back_gives_the_same_margins_and_summaries() {
    let rows = tournament_rows();
    let labels = labels();
    let text = format!("{}\n{}", rows::header(&Scores.columns(), true), rows::to_csv(&rows));
    let read = rows::read(&text, 3, Shard::WHOLE, Path::new("games.csv")).expect("it reads back");
    assert_eq!(read.rows, rows);
    assert_eq!(read.rows[1].failure.as_deref(), Some("crash"));
    assert_eq!(read.rows[1].counted_score(), 0);
    assert_eq!(
        summary::pairs_csv(&summary::pairs(&read.rows, 3, &labels)),
        summary::pairs_csv(&summary::pairs(&rows, 3, &labels))
    );
    let sources = ["points".to_string()];
    assert_eq!(
        summary::summary_csv(&summary::bots(&read.rows, 3, &labels, &labels, &sources)),
        summary::summary_csv(&summary::bots(&rows, 3, &labels, &labels, &sources))
    );
}

#[test]
fn without_the_failure_column_every_score_counts() {
    let mut rows = rows_of(0, &[0, 1], &[30.0, 20.0], &[]);
    for r in &mut rows {
        r.failure = None;
    }
    assert_eq!(rows.iter().map(|r| r.counted_score()).collect::<Vec<_>>(), [30, 20]);
    assert_eq!(results(&rows), [("a", 30, 1, 1.0, 10), ("b", 20, 2, 0.0, -10)]);
}
