//! A run folder's results compared with another's: `decision_ms`, the time a bot took per
//! decision, is the only column of games.csv that depends on the machine.

use crate::csv_file::Csv;
use crate::files::read;
use std::path::Path;

/// The text of a games.csv without its `decision_ms` column, read by name. Checks, on the way,
/// that `decision_ms` and `check` end the header (`check` does not cover the timing) and that
/// every `decision_ms` is a number.
pub fn without_timing(games_csv: &str) -> String {
    let games = Csv::parse(games_csv);
    let header = games.header();
    assert_eq!(
        header[header.len().saturating_sub(2)..],
        ["decision_ms", "check"],
        "decision_ms, then check, end the row"
    );
    for (i, row) in games.rows().iter().enumerate() {
        let ms = &row["decision_ms"];
        assert!(ms.parse::<f64>().is_ok(), "games.csv row {}: decision_ms {ms:?}", i + 1);
    }
    games.without(&["decision_ms"]).to_text()
}

/// A run folder's games.csv without its `decision_ms` column.
pub fn games_without_timing(dir: &Path) -> String {
    without_timing(&read(dir, "games.csv"))
}

/// Asserts two texts are equal, naming the first line that differs (whole files are too long to
/// print).
pub fn assert_same_text(a: &str, b: &str, what: &str) {
    if a == b {
        return;
    }
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = (0..la.len().max(lb.len())).find(|&i| la.get(i) != lb.get(i)).unwrap_or(0);
    panic!(
        "{what} differ ({} vs {} lines), first at line {}:\n  {:?}\n  {:?}",
        la.len(),
        lb.len(),
        i + 1,
        la.get(i),
        lb.get(i)
    );
}

/// Two tournament folders hold the same results: summary.csv and pairs.csv byte for byte,
/// games.csv apart from `decision_ms`.
pub fn assert_same_results(a: &Path, b: &Path) {
    for file in ["summary.csv", "pairs.csv"] {
        assert_same_text(&read(a, file), &read(b, file), file);
    }
    assert_same_text(&games_without_timing(a), &games_without_timing(b), "games.csv (without decision_ms)");
}
