//! The one error a data file gives: which file, which line, what is wrong.

use std::fmt;

/// A data file refused: the file, the line (1-based; 0 when the file could not be read) and the
/// problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The file's name as it was given to the loader.
    pub file: String,
    /// The line to blame; for a fact about the whole file, the last line of the kind it counts
    /// (or the version line when there is none).
    pub line: usize,
    /// What is wrong.
    pub problem: Problem,
}

impl DataError {
    /// An error at one line of one file.
    pub fn new(file: &str, line: usize, problem: Problem) -> DataError {
        DataError { file: file.to_string(), line, problem }
    }
}

/// What is wrong with a line or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file could not be read, or is not UTF-8.
    Io(String),
    /// The first line is not the version line `FORMAT VERSION`.
    MissingVersion {
        /// The version line expected.
        expected: String,
    },
    /// The version line names another format or version.
    WrongVersion {
        /// The version line expected.
        expected: String,
        /// The line found.
        found: String,
    },
    /// A line starts with a word that is no item of this file.
    UnknownItem(String),
    /// A `key=value` word with a key the item does not have.
    UnknownKey(String),
    /// A key the item needs is missing.
    MissingKey(&'static str),
    /// A key given twice on one line.
    DuplicateKey(String),
    /// A word that is not `key=value`, or an unclosed quote.
    Syntax(String),
    /// A value that should be a whole number is not.
    NotANumber {
        /// The key.
        key: String,
        /// The value found.
        value: String,
    },
    /// A number outside its range.
    OutOfRange {
        /// The key (or effect word).
        key: String,
        /// The value found.
        value: i64,
        /// The least value allowed.
        min: i64,
        /// The greatest value allowed.
        max: i64,
    },
    /// A value that is none of the words the key allows.
    BadValue {
        /// The key.
        key: String,
        /// The value found.
        value: String,
        /// The words allowed.
        allowed: &'static str,
    },
    /// A category word that is none of brown, green, violet, blue.
    UnknownCategory(String),
    /// The same area id on two lines.
    DuplicateArea(u8),
    /// An area listed among its own neighbours.
    BordersItself(u8),
    /// An area listed twice among one area's neighbours.
    DuplicateNeighbour(u8),
    /// `area` lists `neighbour`, whose line does not list `area`.
    NotSymmetric {
        /// The area whose line lists the neighbour.
        area: u8,
        /// The neighbour that does not list it back.
        neighbour: u8,
    },
    /// Some area cannot be reached from area 1 through neighbours.
    NotConnected(u8),
    /// Rings are not numbered 1, 2, … without a gap: this ring has no area.
    RingMissing(u8),
    /// A road (1, 2 or 3) has no area, its areas are not connected, or it misses the rim or the
    /// innermost ring.
    Road {
        /// The road.
        road: u8,
        /// What is wrong with it.
        what: &'static str,
    },
    /// No area is on water (the river).
    NoWater,
    /// The `track` line is missing or given twice.
    Track(&'static str),
    /// A red field outside the track, or listed twice.
    RedField(u16),
    /// A score field whose colour rules.md fixes (U62: 2 red, 5 and 6 not) has the other colour.
    TrackFact {
        /// The field.
        field: u16,
        /// Whether U62 makes it red.
        red: bool,
    },
    /// A count that breaks a fixed fact (48 areas, 68 buildings split 20/18/16/14, 15 events,
    /// 30 influence cards).
    Count {
        /// What is counted.
        what: String,
        /// The count found.
        found: usize,
        /// The count the rules fix.
        expected: usize,
    },
    /// Two items of one kind with the same name.
    DuplicateName(String),
    /// A tag that is not known (the only one is `toll_house`).
    UnknownTag(String),
    /// An effect starting with a word that is not in the vocabulary.
    UnknownEffectWord(String),
    /// An effect word with wrong arguments, or used where it cannot be.
    BadEffect {
        /// The effect word.
        word: String,
        /// What is wrong.
        what: String,
    },
    /// An effect names a building card that the file does not have.
    UnknownName(String),
    /// A great power line that differs from U72 (points and income bonus), or lists a category
    /// twice, or some categories but not all four.
    GreatPower(String),
    /// A trade card that is neither Pfandhaus nor Freier Markt, or is given twice, or alone.
    TradeCard(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Io(e) => write!(f, "cannot read the file: {e}"),
            Problem::MissingVersion { expected } => write!(f, "the first line must be `{expected}`"),
            Problem::WrongVersion { expected, found } => {
                write!(f, "the version line is `{found}`; this reader reads `{expected}`")
            }
            Problem::UnknownItem(w) => write!(f, "`{w}` starts no item of this file"),
            Problem::UnknownKey(k) => write!(f, "unknown key `{k}`"),
            Problem::MissingKey(k) => write!(f, "the key `{k}` is missing"),
            Problem::DuplicateKey(k) => write!(f, "the key `{k}` is given twice"),
            Problem::Syntax(w) => write!(f, "`{w}` is not a `key=value` word"),
            Problem::NotANumber { key, value } => write!(f, "{key}={value}: not a whole number"),
            Problem::OutOfRange { key, value, min, max } => {
                write!(f, "{key}={value}: out of range {min} to {max}")
            }
            Problem::BadValue { key, value, allowed } => {
                write!(f, "{key}={value}: must be one of {allowed}")
            }
            Problem::UnknownCategory(c) => {
                write!(f, "category `{c}` does not exist (brown, green, violet, blue)")
            }
            Problem::DuplicateArea(a) => write!(f, "area {a} is given twice"),
            Problem::BordersItself(a) => write!(f, "area {a} borders itself"),
            Problem::DuplicateNeighbour(a) => write!(f, "neighbour {a} is listed twice"),
            Problem::NotSymmetric { area, neighbour } => {
                write!(f, "area {area} lists neighbour {neighbour}, which does not list {area}")
            }
            Problem::NotConnected(a) => write!(f, "area {a} cannot be reached from area 1"),
            Problem::RingMissing(r) => write!(f, "ring {r} has no area (rings run 1, 2, … without a gap)"),
            Problem::Road { road, what } => write!(f, "road {road}: {what}"),
            Problem::NoWater => write!(f, "no area is on water; the board has a river"),
            Problem::Track(what) => write!(f, "track: {what}"),
            Problem::RedField(n) => write!(f, "red field {n} is off the track or listed twice"),
            Problem::TrackFact { field, red } => {
                write!(f, "score field {field} must {}be red (U62)", if *red { "" } else { "not " })
            }
            Problem::Count { what, found, expected } => {
                write!(f, "{found} {what}; the game has {expected}")
            }
            Problem::DuplicateName(n) => write!(f, "the name `{n}` is given twice"),
            Problem::UnknownTag(t) => write!(f, "unknown tag `{t}` (known: toll_house)"),
            Problem::UnknownEffectWord(w) => write!(f, "unknown effect word `{w}`"),
            Problem::BadEffect { word, what } => write!(f, "effect `{word}`: {what}"),
            Problem::UnknownName(n) => write!(f, "no building card is named `{n}`"),
            Problem::GreatPower(w) => write!(f, "great power: {w}"),
            Problem::TradeCard(w) => write!(f, "trade card: {w}"),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.problem)
    }
}

impl std::error::Error for DataError {}
