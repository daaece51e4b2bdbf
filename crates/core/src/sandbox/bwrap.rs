//! The sandbox built with bubblewrap: finding it, checking that it can be built here, and the
//! arguments and steps that start one program in it.

use super::limits::{Limit, Limits};
use super::{cgroup, mounts, seccomp, stage};

use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// The sandbox of this process's runs, when `--sandbox` asked for one.
static SANDBOX: Mutex<Option<Sandbox>> = Mutex::new(None);

/// What the sandbox needs: the programs that make it, what it shows, and the folders it hides.
#[derive(Clone, Debug)]
struct Sandbox {
    bwrap: PathBuf,
    prlimit: PathBuf,
    system: Vec<String>,
    hidden: Vec<PathBuf>,
    as_root: bool,
    cgroups: Option<cgroup::Base>,
}

/// Runs every program started from now on in a sandbox; an error saying why when it cannot be
/// built here (no bubblewrap, no `prlimit`, no user namespaces), so that no run goes on without.
pub fn enable() -> Result<(), String> {
    let bwrap = find_in_path("bwrap").ok_or(
        "--sandbox needs bubblewrap (`bwrap` on PATH; on Debian: apt-get install bubblewrap)".to_string(),
    )?;
    let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"]
        .iter()
        .filter_map(|p| Path::new(p).canonicalize().ok())
        .find(|p| p.starts_with("/usr"))
        .ok_or("--sandbox needs `prlimit` (util-linux) in /usr/bin: it sets the limits inside the sandbox")?;
    // SAFETY: a plain system call.
    let as_root = unsafe { libc::geteuid() } == 0;
    if as_root && bwrap.canonicalize().unwrap_or_else(|_| bwrap.clone()).starts_with(stage::STAGE) {
        return Err(format!(
            "--sandbox: bubblewrap ({}) lies in {}, which the sandbox's set-up as root covers: install it elsewhere (Debian's is /usr/bin/bwrap)",
            bwrap.display(),
            stage::STAGE
        ));
    }
    let sandbox = Sandbox {
        bwrap,
        prlimit,
        system: mounts::system(),
        hidden: Vec::new(),
        as_root,
        cgroups: cgroup::Base::detect(),
    };
    sandbox.check().map_err(|e| {
        format!(
            "--sandbox: the sandbox cannot be built here: {e} (it needs bubblewrap and user namespaces \
             that an unprivileged user may make: sysctl user.max_user_namespaces > 0, and on Debian \
             kernel.unprivileged_userns_clone = 1)"
        )
    })?;
    *SANDBOX.lock().unwrap_or_else(|e| e.into_inner()) = Some(sandbox);
    Ok(())
}

/// Whether programs run in a sandbox.
pub fn enabled() -> bool {
    SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

/// Hides `folder` (a run's results) from every sandboxed program started from now on: the sandbox
/// shows no folder but the system's and the program's own, and a results folder inside that one
/// is covered by an empty one.
pub fn hide(folder: &Path) {
    if let Some(s) = SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        let folder = canonical(folder);
        if !s.hidden.contains(&folder) {
            s.hidden.push(folder);
        }
    }
}

/// How to start `command` (a program and its arguments) in folder `dir` in the sandbox, with the
/// variables `env` and these limits; None when there is no sandbox.
pub fn prepare(
    command: &[String],
    dir: &Path,
    env: &[(String, String)],
    limits: &Limits,
) -> Option<Result<Prepared, String>> {
    let sandbox = SANDBOX.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
    Some(sandbox.prepare(command, dir, env, limits))
}

/// A sandbox ready to start: its command, the steps before exec, and its cgroup.
pub struct Prepared {
    program: PathBuf,
    args: Vec<String>,
    stage: stage::Stage,
    cgroup: Option<cgroup::Cgroup>,
    /// The seccomp filter's file, open until the program is started.
    filter: Option<File>,
}

impl Prepared {
    /// The command that starts the sandbox, without its steps before exec (see `install`).
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(&self.program);
        // Nothing of stadt's environment: bubblewrap's own process 1 in the sandbox keeps the
        // environment it was started with, which the program could read in /proc/1/environ.
        cmd.args(&self.args).current_dir("/").env_clear();
        cmd
    }

    /// Adds the steps before exec to `cmd`, after any added before (the supervisor's fork).
    pub fn install(&self, cmd: &mut Command) {
        self.stage.install(cmd);
    }

    /// What stays with the started program: its cgroup, until it is dropped.
    pub fn started(self) -> Held {
        drop(self.filter);
        Held { cgroup: self.cgroup, scratch: Vec::new() }
    }
}

/// What a sandboxed program holds while it runs: its cgroup and its scratch folders, to tell
/// which limit it crossed.
#[derive(Debug)]
pub struct Held {
    cgroup: Option<cgroup::Cgroup>,
    scratch: Vec<File>,
}

/// Exit code of a program ended by SIGXFSZ, as bubblewrap reports it (128 + 25).
const FILE_SIZE_EXIT: i32 = 128 + libc::SIGXFSZ;

impl Held {
    /// Opens the scratch folders of the sandbox under the supervisor `supervisor` (once the
    /// program answered: the sandbox is built), so that they can be looked at even after it ends.
    pub fn watch(&mut self, supervisor: u32) {
        if !self.scratch.is_empty() {
            return;
        }
        let children = |pid: u32| -> Option<u32> {
            let text = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
            text.split_whitespace().next()?.parse().ok()
        };
        // The supervisor's child is bubblewrap; its child is the sandbox's process 1.
        let Some(init) = children(supervisor).and_then(children) else { return };
        for folder in [mounts::SCRATCH, "/dev/shm"] {
            if let Ok(f) = File::open(format!("/proc/{init}/root{folder}")) {
                self.scratch.push(f);
            }
        }
    }

    /// The limit the program crossed, if it did; `exit_code` is the sandbox's, when it ended.
    pub fn crossed(&self, exit_code: Option<i32>) -> Option<Limit> {
        if let Some(limit) = self.cgroup.as_ref().and_then(cgroup::Cgroup::crossed) {
            return Some(limit);
        }
        if exit_code == Some(FILE_SIZE_EXIT) {
            return Some(Limit::FileSize);
        }
        self.scratch.iter().any(full).then_some(Limit::Scratch)
    }
}

/// Whether the file system of an open folder has no room left.
fn full(folder: &File) -> bool {
    // SAFETY: a plain system call filling a zeroed struct of this frame.
    unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        libc::fstatvfs(folder.as_raw_fd(), &mut st) == 0 && st.f_bavail == 0
    }
}

impl Sandbox {
    /// The sandbox for one program; an error naming what cannot be used.
    fn prepare(
        &self,
        command: &[String],
        dir: &Path,
        env: &[(String, String)],
        limits: &Limits,
    ) -> Result<Prepared, String> {
        let dir = canonical(dir);
        if dir.parent().is_none() {
            return Err("the sandbox shows a program its own folder, and / is no such folder".into());
        }
        if let Some(h) = self.hidden.iter().find(|h| dir.starts_with(h)) {
            return Err(format!(
                "its folder {} lies in the results folder {}, which the sandbox hides from it",
                dir.display(),
                h.display()
            ));
        }
        let cgroup = match &self.cgroups {
            Some(base) => Some(cgroup::Cgroup::make(base, limits).map_err(|e| format!("its cgroup: {e}"))?),
            None => None,
        };
        let join = cgroup.as_ref().map(cgroup::Cgroup::procs_files).unwrap_or_default();
        let filter = seccomp::file().map_err(|e| format!("its seccomp filter: {e}"))?;
        let keep = filter.as_ref().map(|f| f.as_raw_fd());
        let stage = stage::Stage::new(&dir, &join, self.as_root, keep)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        let source = if self.as_root { PathBuf::from(stage::STAGED) } else { dir.clone() };
        let nobody = stage::NOBODY.to_string();
        let mut args: Vec<String> = [
            "--unshare-all",
            "--unshare-user",
            "--disable-userns",
            "--cap-drop",
            "ALL",
            "--new-session",
            "--die-with-parent",
            "--uid",
            &nobody,
            "--gid",
            &nobody,
            "--hostname",
            "sandbox",
            "--clearenv",
        ]
        .map(String::from)
        .to_vec();
        if let Some(fd) = keep {
            args.extend(["--seccomp".into(), fd.to_string()]);
        }
        let lang = std::env::var("LANG").ok().filter(|l| !l.is_empty()).unwrap_or_else(|| "C.UTF-8".into());
        let base = [
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("HOME", mounts::SCRATCH),
            ("TMPDIR", mounts::SCRATCH),
            ("LANG", &lang),
        ];
        for (k, v) in
            base.iter().map(|(k, v)| (*k, *v)).chain(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        {
            args.extend(["--setenv".into(), k.into(), v.into()]);
        }
        args.extend(self.system.iter().cloned());
        args.extend(mounts::fresh(limits.scratch_bytes()));
        args.extend(mounts::own(&source, &dir, &self.hidden));
        args.extend(mounts::seal());
        args.extend(["--chdir".into(), dir.to_string_lossy().into_owned(), "--".into()]);
        args.push(self.prlimit.to_string_lossy().into_owned());
        args.extend([format!("--fsize={}", limits.file_size_bytes()), "--core=0".into()]);
        if cgroup.is_none() {
            // Without a cgroup the rlimits are the limits: memory per process, and tasks of the
            // sandbox's user (bubblewrap's process 1 is one). With one, the cgroup's are, and
            // they name what was crossed (an rlimit would refuse first, unseen).
            args.push(format!("--nproc={}", limits.processes + 1));
            args.push(format!("--data={}", limits.memory_bytes()));
        }
        args.push("--".into());
        args.extend(command.iter().cloned());
        Ok(Prepared { program: self.bwrap.clone(), args, stage, cgroup, filter })
    }

    /// Runs `true` in a sandbox as a bot would run: an error with bubblewrap's words when it fails.
    fn check(&self) -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("stadt-sandbox-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let result = (|| {
            let prepared = self.prepare(&["true".into()], &dir, &[], &Limits::default())?;
            let mut cmd = prepared.command();
            prepared.install(&mut cmd);
            let out = cmd
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .map_err(|e| format!("{}: {e}", self.bwrap.display()))?;
            if out.status.success() {
                Ok(())
            } else {
                let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
                Err(format!("a trial sandbox ended with {}: {said}", out.status))
            }
        })();
        let _ = std::fs::remove_dir_all(&dir);
        result
    }
}

/// `path` absolute, with links resolved when it exists.
fn canonical(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    path.canonicalize().unwrap_or(path)
}

/// The file `name` names on PATH, if any.
fn find_in_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| Path::new(d).join(name)).find(|p| p.is_file())
}
