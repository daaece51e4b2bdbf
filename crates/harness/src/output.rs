//! Writing result files safely: never half-written (write a temporary file, then rename) and never
//! silently overwriting.

use std::io::Write;
use std::path::Path;

/// Writes `content` to `path`, refusing if the file exists unless `overwrite`.
pub fn write_file(path: &Path, content: &str, overwrite: bool) -> Result<(), String> {
    if !overwrite && path.exists() {
        return Err(format!("{} already exists; not overwriting it", path.display()));
    }
    let tmp = path.with_extension(format!("{}.tmp", path.extension().and_then(|e| e.to_str()).unwrap_or("")));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(content.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
}
