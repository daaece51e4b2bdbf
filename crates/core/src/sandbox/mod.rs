//! `--sandbox`: a program in another process runs under bubblewrap (`bwrap`) in its own user, PID,
//! mount, network, IPC and UTS namespaces. It sees the file system read-only, its own folder
//! writable, a `/tmp` of its own, none of the folders a run writes its results to, no process
//! outside the sandbox (its `/proc` is its own) and no network; and when the sandbox's first
//! process ends, the kernel ends every process in it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The sandbox of this process's runs, when `--sandbox` asked for one.
static SANDBOX: Mutex<Option<Sandbox>> = Mutex::new(None);

/// What the sandbox needs: the program that makes it, and the folders it hides.
#[derive(Clone, Debug)]
struct Sandbox {
    bwrap: PathBuf,
    hidden: Vec<PathBuf>,
}

/// Runs every program started from now on in a sandbox; an error when bubblewrap is missing.
pub fn enable() -> Result<(), String> {
    let bwrap = find_in_path("bwrap").ok_or(
        "--sandbox needs bubblewrap (`bwrap` on PATH; on Debian: apt-get install bubblewrap)".to_string(),
    )?;
    *SANDBOX.lock().unwrap_or_else(|e| e.into_inner()) = Some(Sandbox { bwrap, hidden: Vec::new() });
    Ok(())
}

/// Whether programs run in a sandbox.
pub fn enabled() -> bool {
    SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

/// Hides `folder` (a run's results) from every sandboxed program started from now on.
pub fn hide(folder: &Path) {
    if let Some(s) = SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        let folder = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
        let folder = folder.canonicalize().unwrap_or(folder);
        if !s.hidden.contains(&folder) {
            s.hidden.push(folder);
        }
    }
}

/// The program and arguments that run `program args...` in folder `dir` in the sandbox, or None
/// when there is no sandbox.
pub fn wrap(program: &Path, args: &[String], dir: &Path) -> Option<(PathBuf, Vec<String>)> {
    let sandbox = SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let dir = dir.canonicalize().unwrap_or(dir);
    let mut out: Vec<String> =
        ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
            .map(String::from)
            .to_vec();
    out.extend(["--tmpfs".into(), "/tmp".into()]);
    // Outer folders first, so that a folder inside a hidden one stays visible and the reverse.
    let mut mounts: Vec<(PathBuf, bool)> = sandbox.hidden.iter().map(|h| (h.clone(), true)).collect();
    mounts.push((dir.clone(), false));
    mounts.sort_by_key(|(p, _)| p.components().count());
    for (path, hidden) in mounts {
        if hidden {
            out.extend(["--tmpfs".into(), text(&path)]);
        } else {
            out.extend(["--bind".into(), text(&path), text(&path)]);
        }
    }
    out.extend(["--chdir".into(), text(&dir), "--".into(), text(program)]);
    out.extend(args.iter().cloned());
    Some((sandbox.bwrap, out))
}

/// The file `name` names on PATH, if any.
fn find_in_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| Path::new(d).join(name)).find(|p| p.is_file())
}
