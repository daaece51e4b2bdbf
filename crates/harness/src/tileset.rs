//! Tile sets from files, and their identity: `default` or a file in the table form of docs/die-stadt/rules.md
//! section 8, its SHA-256 (what manifests record), and the rule by which a record names one.

use die_stadt::tiles::TileSet;
use stadt_core::error::Error;
use std::path::Path;

/// Loads a tile set: `default` for the built-in one, otherwise a file path.
pub fn load(spec: &str) -> Result<&'static TileSet, Error> {
    if spec == "default" {
        return Ok(TileSet::default_set());
    }
    load_file(Path::new(spec))
}

/// Loads a tile-set file. Sets live for the rest of the process (states hold a
/// `&'static TileSet`); loading the same text again returns the set already loaded.
pub fn load_file(path: &Path) -> Result<&'static TileSet, Error> {
    static LOADED: std::sync::Mutex<Vec<&'static TileSet>> = std::sync::Mutex::new(Vec::new());
    let text = std::fs::read_to_string(path).map_err(|e| Error::io_on("read", "tile set file", path, e))?;
    let set = TileSet::parse(&text, &path.display().to_string())
        .map_err(|e| Error::file_of("tile set", path, e.to_string()))?;
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = loaded.iter().find(|t| t.text == set.text) {
        return Ok(known);
    }
    let set: &'static TileSet = Box::leak(Box::new(set));
    loaded.push(set);
    Ok(set)
}

/// SHA-256 of the text a tile set was read from, in hex (`sha256sum FILE` gives the same).
pub fn sha256(set: &TileSet) -> String {
    die_stadt::kind::tiles_sha256(set)
}

/// Whether a record's `tiles` line may name `name` as a file beside the record: one plain file
/// name, no folder, no `#` (a comment) and no blank.
pub fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\', '#'])
        && !name.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// The tile set a record in folder `dir` names: a file of that name beside it, nothing else, so
/// a record cannot make its reader open any other file.
pub fn beside_record(dir: &Path, name: &str) -> Result<&'static TileSet, Error> {
    if !is_plain_file_name(name) {
        return Err(Error::Setting(
            "a record's tile set is `default` or the name of a file beside the record, not a path (give another file with --tiles)"
                .into(),
        ));
    }
    load_file(&dir.join(name))
}

/// The name a tournament's records give the copy of a tile set that is not the default one.
pub const BESIDE_RECORDS: &str = "tiles.tiles";

/// The `tiles` line of a tournament's records in `dir` for the tile set `tiles`: `default`, or
/// the name of a copy of the tile set's file, written beside them.
pub fn copy_beside_records(dir: &Path, tiles: &str) -> Result<String, Error> {
    if tiles == "default" {
        return Ok("default".to_string());
    }
    let text = std::fs::read_to_string(tiles).map_err(|e| Error::io("read", Path::new(tiles), e))?;
    stadt_core::output::write_file(&dir.join(BESIDE_RECORDS), &text, true)?;
    Ok(BESIDE_RECORDS.to_string())
}
