//! Evaluation files: the weights of a learned evaluation as text, one feature per line, read
//! with errors that name the file and the line. A bot names a file as `eval=PATH`; once read it
//! is recorded as `eval=PATH@sha256:HASH`, so results record which weights they were played with,
//! and a file changed since is refused.

use super::{FeatureList, Weights};
use sha2::{Digest, Sha256};
use std::fmt;
use std::fmt::Write as _;

/// The first line every evaluation file starts with.
pub const FORMAT: &str = "format = stadt-eval 1";

/// Why an evaluation file is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalFileError {
    /// The file.
    pub path: String,
    /// The line at fault (1-based), if one is.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "evaluation file {} line {n}: {}", self.path, self.message),
            None => write!(f, "evaluation file {}: {}", self.path, self.message),
        }
    }
}

impl std::error::Error for EvalFileError {}

/// Parses the text of an evaluation file of a game whose features are `list` (`path` names it in
/// errors). The file weighs the smallest set holding every feature it names, and must name each
/// of that set's features once.
pub fn parse(text: &str, path: &str, list: &FeatureList) -> Result<Weights, EvalFileError> {
    let err =
        |line: usize, message: String| EvalFileError { path: path.to_string(), line: Some(line), message };
    let mut weights: Vec<Option<f64>> = vec![None; list.names.len()];
    let mut seen_format = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if !seen_format {
            if line.split_whitespace().collect::<Vec<_>>().join(" ") != FORMAT {
                return Err(err(n, format!("expected `{FORMAT}` first; is this an evaluation file?")));
            }
            seen_format = true;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(err(n, "expected `feature NAME = WEIGHT`".into()));
        };
        let Some(name) = key.trim().strip_prefix("feature ").map(str::trim) else {
            return Err(err(n, format!("expected `feature NAME = WEIGHT`, not `{}`", key.trim())));
        };
        let Some(k) = list.names.iter().position(|&f| f == name) else {
            return Err(err(n, format!("unknown feature `{name}`; the features are: {}", list.describe())));
        };
        let w: f64 = value.trim().parse().ok().filter(|w: &f64| w.is_finite()).ok_or_else(|| {
            err(n, format!("the weight of `{name}` is `{}`, not a finite number", value.trim()))
        })?;
        if weights[k].replace(w).is_some() {
            return Err(err(n, format!("feature `{name}` is given twice")));
        }
    }
    if !seen_format {
        return Err(EvalFileError {
            path: path.to_string(),
            line: None,
            message: format!("empty; expected `{FORMAT}` and one `feature NAME = WEIGHT` line per feature"),
        });
    }
    let last_named = weights.iter().rposition(Option::is_some).map_or(0, |k| k + 1);
    let set = list.sets.iter().position(|s| s.1 >= last_named).expect("the widest set holds every name");
    let missing: Vec<String> = list
        .names_of(set)
        .iter()
        .zip(&weights)
        .filter(|(_, w)| w.is_none())
        .map(|(n, _)| format!("`{n}`"))
        .collect();
    if !missing.is_empty() {
        return Err(EvalFileError {
            path: path.to_string(),
            line: None,
            message: format!(
                "no weight for {} of the {} feature set (made for another feature list? this build's features are: {})",
                missing.join(", "),
                list.sets[set].0,
                list.describe()
            ),
        });
    }
    let count = list.sets[set].1;
    Ok(Weights { set, w: weights[..count].iter().map(|w| w.expect("checked above")).collect() })
}

/// The text of an evaluation file with these weights of `list`'s features, `comment` as its
/// first lines.
pub fn text(list: &FeatureList, weights: &Weights, comment: &str) -> String {
    let mut s = String::new();
    for line in comment.lines() {
        let _ = writeln!(s, "# {line}");
    }
    let _ = writeln!(s, "{FORMAT}");
    for (name, w) in list.names_of(weights.set).iter().zip(&weights.w) {
        let _ = writeln!(s, "feature {name} = {w:?}");
    }
    s
}

/// The first 16 hex digits of the SHA-256 of `bytes`.
fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Reads an `eval=` value (`PATH` or `PATH@sha256:HASH`): reads and parses the file, refuses it
/// when its hash differs from the one given, and returns the value to record,
/// `PATH@sha256:HASH`, with the weights read (a bot built from it uses them, even if the file
/// changes afterwards).
pub fn read(value: &str, list: &FeatureList) -> Result<(String, Weights), String> {
    let (path, given) = match value.rsplit_once("@sha256:") {
        Some((p, h)) => (p, Some(h)),
        None => (value, None),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read evaluation file {path}: {e}"))?;
    let hash = short_hash(&bytes);
    let text = String::from_utf8(bytes).map_err(|_| {
        EvalFileError { path: path.into(), line: None, message: "not UTF-8 text".into() }.to_string()
    })?;
    let weights = parse(&text, path, list).map_err(|e| e.to_string())?;
    if let Some(g) = given
        && g != hash
    {
        return Err(format!(
            "evaluation file {path} has changed since the spec was written (sha256 {g}, now {hash})"
        ));
    }
    Ok((format!("{path}@sha256:{hash}"), weights))
}
