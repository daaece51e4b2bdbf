//! Intervals that respect duplicate decks: the games of one deck unit (every seat rotation of one
//! deck for one combination of bots) are not independent, so win rates, margins and score
//! differences get their standard errors over deck units; and docs/output-files.md documents every
//! column and the method.

use die_stadt::kind::DieStadt;
use die_stadt::tiles::TileSet;
use stadt_core::kind::GameKind;
use stadt_core::stats::{Cluster, Z95, cluster_mean_se, wilson};
use stadt_core::tournament::rows::{self, Row};
use stadt_core::tournament::summary::{self, PAIRS_HEADER, summary_header};

/// Die Stadt's sources of points.
fn sources() -> Vec<String> {
    DieStadt::new(TileSet::default_set()).columns().sources
}
use stadt_testkit::files::repo_text;

/// A 2-player game on deck `deck`, seat rotation `rotation`: bot "a" in seat 1 of rotation 0.
fn game(deck: usize, rotation: usize, a_score: i32, b_score: i32) -> Vec<Row> {
    let labels = if rotation == 0 { ["a", "b"] } else { ["b", "a"] };
    let scores = if rotation == 0 { [a_score, b_score] } else { [b_score, a_score] };
    (0..2)
        .map(|p| {
            let (mine, theirs) = (scores[p], scores[1 - p]);
            Row {
                game: 2 * deck + rotation,
                combination: 0,
                deck,
                deck_seed: deck as u64,
                rotation,
                seat: p + 1,
                bot: labels[p].to_string(),
                score: mine,
                sources: vec![mine, 0, 0, 0, 0],
                rank: if mine >= theirs { 1 } else { 2 },
                win_share: match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                },
                margin: mine - theirs,
                details: ["0", "0", "75", "30", "R23b"].map(String::from).to_vec(),
                decisions: 100,
                failure: None,
                decision_ms: 0.1,
            }
        })
        .collect()
}

fn labels() -> Vec<String> {
    vec!["a".into(), "b".into()]
}

#[test]
fn the_standard_error_of_a_mean_is_taken_over_clusters() {
    // Three clusters: sums 2, 0, 1 of 2 values each: mean 0.5; cluster deviations 1, -1, 0;
    // SE = sqrt(3/2 * 2) / 6.
    let c = [Cluster { sum: 2.0, n: 2.0 }, Cluster { sum: 0.0, n: 2.0 }, Cluster { sum: 1.0, n: 2.0 }];
    let (m, se) = cluster_mean_se(&c);
    assert_eq!(m, 0.5);
    assert!((se - (1.5f64 * 2.0).sqrt() / 6.0).abs() < 1e-12, "{se}");
    assert_eq!(cluster_mean_se(&c[..1]), (1.0, 0.0), "one cluster: no error estimate");
}

#[test]
fn win_rate_intervals_follow_the_deck_units_not_the_games() {
    // 100 decks. Correlated: a wins both seatings of 60 decks, loses both of 40. Anticorrelated:
    // each deck split 1-1, except 20 won twice. Both are 60% of 200 games.
    let mut together = Vec::new();
    let mut apart = Vec::new();
    for d in 0..100 {
        let (x, y) = if d < 60 { (10, 0) } else { (0, 10) };
        together.extend(game(d, 0, x, y));
        together.extend(game(d, 1, x, y));
        apart.extend(game(d, 0, 10, 0));
        apart.extend(if d < 20 { game(d, 1, 10, 0) } else { game(d, 1, 0, 10) });
    }
    let naive = wilson(120.0, 200.0, Z95);
    let s = |rows: &[Row]| summary::bots(rows, 2, &labels(), &labels(), &sources())[0].clone();
    let (t, a) = (s(&together), s(&apart));
    assert_eq!((t.win_rate.0, a.win_rate.0), (0.6, 0.6));
    assert_eq!((t.games, t.decks), (200, 100));
    let width = |x: (f64, f64, f64)| x.2 - x.1;
    assert!(
        width(t.win_rate) > (naive.1 - naive.0) * 1.3,
        "correlated seatings: wider than 200 independent games"
    );
    assert!(width(a.win_rate) < (naive.1 - naive.0) * 0.8, "seatings that cancel: narrower");
    // Correlated pairs carry the information of about 100 games, not 200 (99 with the small-sample
    // factor k / (k - 1) of the cluster variance).
    let hundred = wilson(60.0, 100.0, Z95);
    assert!(
        (t.win_rate.1 - hundred.0).abs() < 0.002 && (t.win_rate.2 - hundred.1).abs() < 0.002,
        "{:?}",
        t.win_rate
    );
    // The pairs file agrees.
    let p = &summary::pairs(&together, 2, &labels())[0];
    assert_eq!(p.decks, 100);
    assert_eq!(p.a_rate, t.win_rate);
}

#[test]
fn a_clean_sweep_counts_each_deck_unit_as_one_trial() {
    let rows: Vec<Row> = (0..50).flat_map(|d| [game(d, 0, 9, 1), game(d, 1, 9, 1)]).flatten().collect();
    let a = &summary::bots(&rows, 2, &labels(), &labels(), &sources())[0];
    let (lo, hi) = wilson(50.0, 50.0, Z95);
    assert_eq!(a.win_rate, (1.0, lo, hi));
    assert!(a.rating.1 < a.rating.0 && a.rating.0 < a.rating.2);
}

#[test]
fn margins_and_score_differences_get_errors_over_deck_units() {
    // Margins +10/-10 alternate within each deck: cluster sums 0, so SE 0 over decks; per game the
    // spread would be 10.
    let mut rows = Vec::new();
    for d in 0..30 {
        rows.extend(game(d, 0, 20, 10));
        rows.extend(game(d, 1, 10, 20));
    }
    let a = &summary::bots(&rows, 2, &labels(), &labels(), &sources())[0];
    assert_eq!(a.margin, (0.0, 0.0));
    let csv = summary::summary_csv(&summary::bots(&rows, 2, &labels(), &labels(), &sources()));
    let header = summary_header(&sources());
    assert!(csv.starts_with(&header));
    assert!(header.contains(",decks,") && header.contains("margin_lo95,margin_hi95"));
    assert!(PAIRS_HEADER.contains(",decks,") && PAIRS_HEADER.contains("score_diff_lo95"));
}

/// docs/output-files.md names every column of every file a run writes, and says how the
/// intervals are computed.
#[test]
fn the_output_files_page_documents_every_output_column_and_the_method() {
    let section = repo_text("docs/output-files.md");
    let columns = DieStadt::new(TileSet::default_set()).columns();
    let (games, summary) = (rows::header(&columns, true), summary_header(&columns.sources));
    let headers = [
        games.as_str(),
        &summary,
        PAIRS_HEADER,
        stadt_harness::tune::VERIFY_HEADER,
        "iteration,a_k,c_k,score_plus,score_minus,score,score_se",
    ];
    for header in headers {
        for column in header.split(',') {
            assert!(
                section.contains(&format!("`{column}`")),
                "docs/output-files.md: column `{column}` is not described"
            );
        }
    }
    for file in ["games.csv", "summary.csv", "pairs.csv", "manifest.toml", "tune.csv", "verify.csv"] {
        assert!(section.contains(file), "docs/output-files.md: {file} is not described");
    }
    for words in ["deck unit", "Wilson", "prior", "sandwich", "pandas"] {
        assert!(section.contains(words), "docs/output-files.md does not explain `{words}`");
    }
}
