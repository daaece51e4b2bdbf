//! Evaluation files: the weights of a learned evaluation as text, one feature per line, read
//! with errors that name the file and the line. A bot spec names a file as `eval=PATH`; once
//! checked it reads `eval=PATH@sha256:HASH`, so results record which weights they were played
//! with, and a file changed since is refused.

use crate::learned::features::{BASE, COUNT, FeatureSet, NAMES};
use crate::params::FileValue;
use sha2::{Digest, Sha256};
use std::fmt;
use std::fmt::Write as _;
use std::sync::Arc;

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

/// The weights of a learned evaluation, in the order of `features::NAMES`.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The features it weighs.
    pub set: FeatureSet,
    /// Their weights (0 past the set's length).
    pub w: [f64; COUNT],
}

impl Weights {
    /// The weights of the set's features.
    pub fn of_set(&self) -> &[f64] {
        &self.w[..self.set.count()]
    }
}

/// Every feature this build knows, set by set, for error messages.
fn known_features() -> String {
    format!("{}; the extended set adds {}", NAMES[..BASE].join(", "), NAMES[BASE..].join(", "))
}

/// Parses the text of an evaluation file (`path` names it in errors).
pub fn parse(text: &str, path: &str) -> Result<Weights, EvalFileError> {
    let err =
        |line: usize, message: String| EvalFileError { path: path.to_string(), line: Some(line), message };
    let mut weights: [Option<f64>; COUNT] = [None; COUNT];
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
        let Some(k) = NAMES.iter().position(|&f| f == name) else {
            return Err(err(n, format!("unknown feature `{name}`; the features are: {}", known_features())));
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
    // A file naming any extended feature weighs the extended set; otherwise the base set.
    let set =
        if weights[BASE..].iter().any(Option::is_some) { FeatureSet::Extended } else { FeatureSet::Base };
    let missing: Vec<&str> =
        set.names().iter().zip(&weights).filter(|(_, w)| w.is_none()).map(|(n, _)| *n).collect();
    if !missing.is_empty() {
        return Err(EvalFileError {
            path: path.to_string(),
            line: None,
            message: format!(
                "no weight for {} of the {} feature set (made for another feature list? this build's features are: {})",
                missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "),
                set.name(),
                known_features()
            ),
        });
    }
    Ok(Weights { set, w: weights.map(|w| w.unwrap_or(0.0)) })
}

/// The text of an evaluation file with these weights, `comment` as its first lines.
pub fn text(weights: &Weights, comment: &str) -> String {
    let mut s = String::new();
    for line in comment.lines() {
        let _ = writeln!(s, "# {line}");
    }
    let _ = writeln!(s, "{FORMAT}");
    for (name, w) in weights.set.names().iter().zip(weights.of_set()) {
        let _ = writeln!(s, "feature {name} = {w:?}");
    }
    s
}

/// The first 16 hex digits of the SHA-256 of `bytes`.
fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Checks an `eval=` value (`PATH` or `PATH@sha256:HASH`): reads and parses the file, refuses it
/// when its hash differs from the one given, and returns the value to record, `PATH@sha256:HASH`,
/// with the weights read (a bot built from the spec uses them, even if the file changes
/// afterwards).
pub fn check(value: &str) -> Result<FileValue, String> {
    let (path, given) = match value.rsplit_once("@sha256:") {
        Some((p, h)) => (p, Some(h)),
        None => (value, None),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read evaluation file {path}: {e}"))?;
    let hash = short_hash(&bytes);
    let text = String::from_utf8(bytes).map_err(|_| {
        EvalFileError { path: path.into(), line: None, message: "not UTF-8 text".into() }.to_string()
    })?;
    let weights = parse(&text, path).map_err(|e| e.to_string())?;
    if let Some(g) = given
        && g != hash
    {
        return Err(format!(
            "evaluation file {path} has changed since the spec was written (sha256 {g}, now {hash})"
        ));
    }
    Ok(FileValue { recorded: format!("{path}@sha256:{hash}"), content: Arc::new(weights) })
}
