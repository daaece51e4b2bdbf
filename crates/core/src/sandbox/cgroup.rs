//! A cgroup per sandboxed program, where this process may make one: memory for all the
//! program's processes together and a cap on their number, and the kernel's count of what it
//! refused or killed, which names the limit a program crossed. Version 1 (a `memory` and a `pids`
//! hierarchy, as on machines with the legacy layout, writable by root) or version 2 (one
//! hierarchy, when this process's own cgroup hands `memory` and `pids` to its children).
//! Without one, the rlimits inside the sandbox are the limits.

use super::limits::{Limit, Limits};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where this process makes its programs' cgroups.
#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    /// Version 1: this process's cgroup in the memory hierarchy and in the pids hierarchy.
    V1 { memory: PathBuf, pids: PathBuf },
    /// Version 2: this process's cgroup, whose children get both controllers.
    V2(PathBuf),
}

/// One program's cgroup (one folder, or one per hierarchy): removed when dropped.
#[derive(Debug)]
pub struct Cgroup {
    base: Base,
    /// The folders made, in the order of `Base`'s.
    dirs: Vec<PathBuf>,
}

/// Numbers the cgroups this process makes.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// The prefix of every cgroup folder stadt makes; the process id follows it.
const PREFIX: &str = "stadt-sandbox-";

impl Base {
    /// The base this process can use, if any: it makes (and removes) a test cgroup to know.
    pub fn detect() -> Option<Base> {
        let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
        let v1 = |controller: &str| -> Option<PathBuf> {
            let own = cgroups.lines().find_map(|l| {
                let mut parts = l.splitn(3, ':');
                let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
                list.split(',').any(|c| c == controller).then(|| path.to_string())
            })?;
            let (root, mount) = mountinfo.lines().find_map(|l| {
                let (left, right) = l.split_once(" - ")?;
                let mut r = right.split(' ');
                let (fstype, _, options) = (r.next()?, r.next()?, r.next()?);
                (fstype == "cgroup" && options.split(',').any(|o| o == controller)).then(|| {
                    let f: Vec<&str> = left.split(' ').collect();
                    (f[3].to_string(), f[4].to_string())
                })
            })?;
            let inside = own.strip_prefix(&root).unwrap_or(&own);
            Some(Path::new(&mount).join(inside.trim_start_matches('/')))
        };
        let v2 = || -> Option<PathBuf> {
            let own = cgroups.lines().find_map(|l| l.strip_prefix("0::"))?;
            let mount = mountinfo.lines().find_map(|l| {
                let (left, right) = l.split_once(" - ")?;
                right.starts_with("cgroup2 ").then(|| left.split(' ').nth(4).map(String::from))?
            })?;
            let dir = Path::new(&mount).join(own.trim_start_matches('/'));
            let handed = std::fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
            let words: Vec<&str> = handed.split_whitespace().collect();
            (words.contains(&"memory") && words.contains(&"pids")).then_some(dir)
        };
        let candidates = [
            v1("memory").zip(v1("pids")).map(|(memory, pids)| Base::V1 { memory, pids }),
            v2().map(Base::V2),
        ];
        candidates.into_iter().flatten().find(|base| {
            base.sweep();
            Cgroup::make(base, &Limits::default()).is_ok()
        })
    }

    /// The folders of this base, one per hierarchy.
    fn roots(&self) -> Vec<&Path> {
        match self {
            Base::V1 { memory, pids } => vec![memory, pids],
            Base::V2(dir) => vec![dir],
        }
    }

    /// Removes the cgroups of stadt processes that are gone (killed before they could).
    fn sweep(&self) {
        for root in self.roots() {
            let Ok(entries) = std::fs::read_dir(root) else { continue };
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                let Some(pid) = name.strip_prefix(PREFIX).and_then(|r| r.split('-').next()) else {
                    continue;
                };
                if !Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir(e.path());
                }
            }
        }
    }
}

impl Cgroup {
    /// A new cgroup with these limits.
    pub fn make(base: &Base, limits: &Limits) -> std::io::Result<Cgroup> {
        let name = format!("{PREFIX}{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let mut made = Cgroup { base: base.clone(), dirs: Vec::new() };
        for root in base.roots() {
            let dir = root.join(&name);
            std::fs::create_dir(&dir)?;
            made.dirs.push(dir);
        }
        // bwrap and its process 1 are in it too.
        let tasks = (limits.processes + 2).to_string();
        let memory = limits.cgroup_memory_bytes().to_string();
        match &made.base {
            Base::V1 { .. } => {
                std::fs::write(made.dirs[0].join("memory.limit_in_bytes"), &memory)?;
                // With swap accounting on, swap counts too (not every kernel has the file).
                let swap = made.dirs[0].join("memory.memsw.limit_in_bytes");
                if swap.exists() {
                    std::fs::write(swap, &memory)?;
                }
                std::fs::write(made.dirs[1].join("pids.max"), &tasks)?;
            }
            Base::V2(_) => {
                std::fs::write(made.dirs[0].join("memory.max"), &memory)?;
                std::fs::write(made.dirs[0].join("memory.swap.max"), "0").or_else(ignore_missing)?;
                std::fs::write(made.dirs[0].join("pids.max"), &tasks)?;
            }
        }
        Ok(made)
    }

    /// The files a process writes `0` into to join this cgroup (itself, with all it starts).
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs.iter().map(|d| d.join("cgroup.procs")).collect()
    }

    /// The limit the kernel enforced, if it had to: a process killed for memory, or a fork
    /// refused.
    pub fn crossed(&self) -> Option<Limit> {
        let count = |file: &Path, key: &str| -> u64 {
            std::fs::read_to_string(file)
                .ok()
                .and_then(|t| t.lines().find_map(|l| l.strip_prefix(key)?.trim().parse::<u64>().ok()))
                .unwrap_or(0)
        };
        let (memory, pids) = match &self.base {
            Base::V1 { .. } => (
                count(&self.dirs[0].join("memory.oom_control"), "oom_kill "),
                count(&self.dirs[1].join("pids.events"), "max "),
            ),
            Base::V2(_) => (
                count(&self.dirs[0].join("memory.events"), "oom_kill "),
                count(&self.dirs[0].join("pids.events"), "max "),
            ),
        };
        if memory > 0 {
            Some(Limit::Memory)
        } else if pids > 0 {
            Some(Limit::Processes)
        } else {
            None
        }
    }
}

/// A file a kernel without swap accounting lacks is no error.
fn ignore_missing(e: std::io::Error) -> std::io::Result<()> {
    if e.kind() == std::io::ErrorKind::NotFound { Ok(()) } else { Err(e) }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Empty once its last process is reaped; a process 1 of a PID namespace may take a
        // moment to go.
        for dir in &self.dirs {
            for _ in 0..200 {
                if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
}
