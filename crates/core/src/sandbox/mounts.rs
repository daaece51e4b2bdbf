//! What a sandboxed program sees of the file system: the system's program and library folders and
//! a short list of `/etc` files, read-only; a fresh `/dev` and `/proc`; a sized scratch `/tmp`
//! (and `/dev/shm`); its own folder read-only; never the whole of `/`, the host's `/tmp`, `/run`,
//! `/var`, home folders or sockets.

use std::path::{Path, PathBuf};

/// The top-level folders that hold programs and libraries (on a merged `/usr`, links into it).
const SYSTEM: [&str; 6] = ["bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// What of `/etc` a program may need to run: the dynamic linker's cache, users and groups by name,
/// time zone, certificates, Debian's alternatives (links in `/usr/bin` lead there), and the
/// configuration of common language runtimes (`python3*`, `java*`).
const ETC: [&str; 18] = [
    "alternatives",
    "ca-certificates",
    "ca-certificates.conf",
    "group",
    "host.conf",
    "hosts",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "locale.alias",
    "localtime",
    "mime.types",
    "nsswitch.conf",
    "os-release",
    "passwd",
    "protocols",
    "ssl",
    "timezone",
];

/// Prefixes of further `/etc` entries bound: language runtimes' settings.
const ETC_PREFIXES: [&str; 2] = ["python3", "java"];

/// The folder every sandboxed program runs with as `HOME` and `TMPDIR`: its scratch.
pub const SCRATCH: &str = "/tmp";

/// bubblewrap's arguments for the system's folders, as this machine has them.
pub fn system() -> Vec<String> {
    let mut out: Vec<String> = vec!["--ro-bind".into(), "/usr".into(), "/usr".into()];
    for name in SYSTEM {
        let path = Path::new("/").join(name);
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(&path) {
                    out.extend(["--symlink".into(), text(&target), text(&path)]);
                }
            }
            Ok(m) if m.is_dir() => out.extend(["--ro-bind".into(), text(&path), text(&path)]),
            _ => {}
        }
    }
    let mut etc: Vec<PathBuf> = ETC.iter().map(|n| Path::new("/etc").join(n)).collect();
    if let Ok(entries) = std::fs::read_dir("/etc") {
        let mut extra: Vec<PathBuf> = entries
            .flatten()
            .filter(|e| ETC_PREFIXES.iter().any(|p| e.file_name().to_string_lossy().starts_with(p)))
            .map(|e| e.path())
            .collect();
        extra.sort();
        etc.extend(extra);
    }
    for path in etc.iter().filter(|p| p.exists()) {
        out.extend(["--ro-bind".into(), text(path), text(path)]);
    }
    out
}

/// bubblewrap's arguments for a fresh `/dev`, `/proc` and two scratch folders of `bytes` each,
/// the root and `/dev` read-only so that nothing but the scratch takes memory.
pub fn fresh(bytes: u64) -> Vec<String> {
    let size = bytes.to_string();
    [
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--size",
        &size,
        "--tmpfs",
        SCRATCH,
        "--size",
        &size,
        "--tmpfs",
        "/dev/shm",
        "--remount-ro",
        "/dev",
    ]
    .map(String::from)
    .to_vec()
}

/// bubblewrap's arguments for the program's folder `dir` (read-only, from `source`) and the
/// results folders inside it, each hidden under an empty folder.
pub fn own(source: &Path, dir: &Path, hidden: &[PathBuf]) -> Vec<String> {
    let mut out = vec!["--ro-bind".into(), text(source), text(dir)];
    let mut inside: Vec<&PathBuf> = hidden.iter().filter(|h| h.starts_with(dir) && h.is_dir()).collect();
    // Outer folders first, so that an inner one is hidden on top of them.
    inside.sort_by_key(|p| p.components().count());
    for h in inside {
        // Read-only too: an empty folder, not room to write.
        out.extend(["--tmpfs".into(), text(h), "--remount-ro".into(), text(h)]);
    }
    out
}

/// The closing arguments: the root read-only (bubblewrap builds it as a writable tmpfs).
pub fn seal() -> Vec<String> {
    vec!["--remount-ro".into(), "/".into()]
}

/// A path as an argument.
fn text(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}
