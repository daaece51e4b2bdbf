//! The data files: the board, the cards and the effect vocabulary, each read from plain text.

pub mod board;
pub mod cards;
pub mod effects;
pub mod error;
mod line;

pub use board::{Area, AreaId, Board, RoadId, Track};
pub use cards::{BuildingCard, Cards, Category, EventCard, GreatPower, InfluenceCard, Moment, Period, Tag};
pub use effects::{Action, Clause, Effect, Filter, Kind, Who};
pub use error::{DataError, Problem};

use sha2::{Digest, Sha256};

/// SHA-256 of a data file's bytes, in lowercase hex: the name a record gives the file.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A board and a card file read together: one data set.
#[derive(Debug, Clone)]
pub struct DataSet {
    /// The board file.
    pub board: Board,
    /// The card file.
    pub cards: Cards,
}

impl DataSet {
    /// Reads `board.txt` and `cards.txt` from a folder.
    pub fn load_dir(dir: &std::path::Path) -> Result<DataSet, DataError> {
        Ok(DataSet {
            board: Board::load(&dir.join("board.txt"))?,
            cards: Cards::load(&dir.join("cards.txt"))?,
        })
    }
}

/// Reads a file as UTF-8 text, the error naming it.
fn read_text(path: &std::path::Path) -> Result<String, DataError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| DataError::new(&file, 0, Problem::Io(e.to_string())))?;
    String::from_utf8(bytes).map_err(|_| DataError::new(&file, 0, Problem::Io("not UTF-8 text".to_string())))
}
