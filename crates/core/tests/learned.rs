//! Learned evaluations for any game: evaluation files over a game's own feature list (the set
//! inferred from the names a file gives, every error naming file and line), and the ridge fit.

use stadt_core::learned::file::{parse, read, text};
use stadt_core::learned::fit::{Sample, ridge, rmse};
use stadt_core::learned::{FeatureList, Weights};

const LIST: FeatureList = FeatureList { names: &["one", "a", "b", "c"], sets: &[("small", 2), ("wide", 4)] };

#[test]
fn a_file_weighs_the_smallest_set_holding_the_features_it_names() {
    let small =
        parse("# c\nformat = stadt-eval 1\nfeature one = 1\nfeature a = -0.5\n", "s.eval", &LIST).unwrap();
    assert_eq!(small, Weights { set: 0, w: vec![1.0, -0.5] });
    assert_eq!(small.weigh(&[2.0, 4.0, 100.0, 100.0]), 0.0);
    let wide = Weights { set: 1, w: vec![1.0, 2.0, 3.0, 4.0] };
    let written = text(&LIST, &wide, "made by a test");
    assert!(written.starts_with("# made by a test\nformat = stadt-eval 1\nfeature one = 1.0\n"), "{written}");
    assert_eq!(parse(&written, "w.eval", &LIST).unwrap(), wide);
    // A wide file without one of its features is refused, naming it and the set.
    let e = parse("format = stadt-eval 1\nfeature one = 1\nfeature a = 1\nfeature c = 1\n", "w.eval", &LIST)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "evaluation file w.eval: no weight for `b` of the wide feature set (made for another feature list? this build's features are: one, a; the wide set adds b, c)"
    );
    let e = parse("format = stadt-eval 1\nfeature d = 1\n", "x.eval", &LIST).unwrap_err().to_string();
    assert_eq!(
        e,
        "evaluation file x.eval line 2: unknown feature `d`; the features are: one, a; the wide set adds b, c"
    );
    assert_eq!(LIST.set("wide"), Ok(1));
    assert_eq!(LIST.set("all"), Err("must be one of small, wide, not `all`".into()));
}

#[test]
fn reading_a_file_records_its_hash_and_refuses_it_once_changed() {
    let dir = std::env::temp_dir().join(format!("stadt-core-learned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("e.eval");
    std::fs::write(&path, "format = stadt-eval 1\nfeature one = 1\nfeature a = 2\n").unwrap();
    let (recorded, w) = read(path.to_str().unwrap(), &LIST).unwrap();
    assert_eq!(w.w, vec![1.0, 2.0]);
    assert!(recorded.starts_with(&format!("{}@sha256:", path.display())), "{recorded}");
    assert_eq!(read(&recorded, &LIST).unwrap().1, w);
    std::fs::write(&path, "format = stadt-eval 1\nfeature one = 1\nfeature a = 3\n").unwrap();
    assert!(read(&recorded, &LIST).unwrap_err().contains("has changed since the spec was written"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ridge_recovers_the_weights_of_points_still_to_come() {
    // Points to come = 3 + 2a - b exactly: with no penalty the fit finds it, with one it shrinks.
    let samples: Vec<Sample> = (0..40)
        .map(|i| {
            let (a, b) = ((i % 7) as f64, (i % 5) as f64 * 0.5);
            Sample {
                game: i,
                features: vec![1.0, a, b],
                banked: 10.0,
                baseline: 0.0,
                final_score: 13.0 + 2.0 * a - b,
            }
        })
        .collect();
    let all: Vec<&Sample> = samples.iter().collect();
    let w = ridge(&all, 0.0, 3).unwrap();
    for (got, want) in w.iter().zip([3.0, 2.0, -1.0]) {
        assert!((got - want).abs() < 1e-9, "{w:?}");
    }
    let weights = Weights { set: 0, w };
    assert!(rmse(&all, |s| weights.weigh(&s.features)) < 1e-9);
    assert!(ridge(&all, 100.0, 3).unwrap()[1] < 2.0);
    // Only the first two features are fitted when asked for two.
    assert_eq!(ridge(&all, 0.0, 2).unwrap().len(), 2);
    // Samples whose features are all 0 do not determine the weights.
    let same: Vec<Sample> =
        samples.iter().map(|s| Sample { features: vec![0.0, 0.0], ..s.clone() }).collect();
    assert!(ridge(&same.iter().collect::<Vec<_>>(), 0.0, 2).is_none());
    assert!(rmse(&[], |_| 0.0).is_nan());
}
