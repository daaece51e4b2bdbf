//! What the program's process does between fork and exec of bubblewrap: it joins its cgroup,
//! leaves stadt's session keyring and, when stadt runs as root, makes the program's folder reachable to an unprivileged user and
//! becomes one, so that bubblewrap builds the sandbox without any of root's powers and the
//! program inside is a user the kernel limits (root is exempt from the process limit and reads
//! every root-owned file).
//!
//! Between fork and exec only async-signal-safe system calls are made (the host has threads):
//! every path is prepared before the fork and nothing is allocated.

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;

/// The user and group a program runs as when stadt runs as root: the kernel's overflow ids
/// (`nobody` and `nogroup` on Debian).
pub const NOBODY: libc::uid_t = 65534;

/// The host folder the set-up covers with an empty one (in the program's own mount namespace).
pub const STAGE: &str = "/tmp";

/// Where the program's folder is staged for the unprivileged user (in a mount namespace of the
/// program's own, in an empty `/tmp` over the host's, which the sandbox never shows): bubblewrap's
/// source of the program's folder.
pub const STAGED: &str = "/tmp/stadt-bot";

/// The steps before exec, prepared.
pub struct Stage {
    /// The cgroup files to write `0` into.
    join: Vec<CString>,
    /// As root: the program's folder's path, a file open (whose number the folder takes in
    /// the program's mount namespace) and the path through that number.
    root: Option<(CString, File, CString)>,
    /// A file bubblewrap reads (the seccomp filter), kept open across the exec.
    keep: Option<libc::c_int>,
}

impl Stage {
    /// The steps for a program in `dir` joining the cgroups whose `cgroup.procs` are `join`,
    /// staging its folder and dropping root when `as_root`.
    /// `keep` is a file (by number) that bubblewrap is to read.
    pub fn new(
        dir: &Path,
        join: &[std::path::PathBuf],
        as_root: bool,
        keep: Option<libc::c_int>,
    ) -> io::Result<Stage> {
        let c = |p: &Path| {
            CString::new(p.as_os_str().as_encoded_bytes())
                .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
        };
        let join = join.iter().map(|p| c(p)).collect::<io::Result<Vec<_>>>()?;
        let root = if as_root {
            let folder = File::open(dir)?;
            let link = c(Path::new(&format!("/proc/self/fd/{}", folder.as_raw_fd())))?;
            Some((c(dir)?, folder, link))
        } else {
            None
        };
        Ok(Stage { join, root, keep })
    }

    /// Adds the steps to `cmd`, to run in the program's process (after the supervisor's fork).
    /// `self` must live until `cmd` is spawned: it holds the folder open.
    pub fn install(&self, cmd: &mut Command) {
        let join = self.join.clone();
        let root = self.root.as_ref().map(|(dir, file, link)| (dir.clone(), file.as_raw_fd(), link.clone()));
        let keep = self.keep;
        // SAFETY: the closure makes only async-signal-safe system calls on prepared data.
        unsafe {
            cmd.pre_exec(move || {
                close_inherited();
                for file in &join {
                    join_cgroup(file)?;
                }
                if let Some((dir, fd, link)) = &root {
                    stage_folder(dir, *fd, link)?;
                    drop_root()?;
                }
                if let Some(fd) = keep
                    && libc::fcntl(fd, libc::F_SETFD, 0) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                leave_session_keyring(keep.is_some())
            });
        }
    }
}

/// Marks every file above stderr to be closed at exec: whatever stadt itself inherited from the
/// program that started it (a terminal's, a CI runner's pipe) is not the bot's to write to. The
/// file bubblewrap is to read is kept open after this, on purpose.
fn close_inherited() {
    // SAFETY: system calls on this process's own files.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, libc::CLOSE_RANGE_CLOEXEC) != 0 {
            // Kernels before 5.11: one by one, as far as a process usually has any.
            for fd in 3..65536 {
                let flags = libc::fcntl(fd, libc::F_GETFD);
                if flags >= 0 {
                    libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
                }
            }
        }
    }
}

/// Moves this process into a cgroup (writing `0` moves the writer).
fn join_cgroup(file: &CString) -> io::Result<()> {
    // SAFETY: system calls on a NUL-terminated path and a static buffer.
    unsafe {
        let fd = libc::open(file.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let written = libc::write(fd, b"0".as_ptr().cast(), 1);
        let error = io::Error::last_os_error();
        libc::close(fd);
        if written != 1 {
            return Err(error);
        }
    }
    Ok(())
}

/// In a mount namespace of this process's own: an empty `/tmp` holding the program's folder
/// `dir` (opened there as file number `fd`, reached as `link` whatever the folders above it allow,
/// and whatever the new `/tmp` hides).
fn stage_folder(dir: &CString, fd: libc::c_int, link: &CString) -> io::Result<()> {
    let check = |r: libc::c_int| if r == 0 { Ok(()) } else { Err(io::Error::last_os_error()) };
    // SAFETY: system calls on NUL-terminated static strings and the prepared path.
    unsafe {
        check(libc::unshare(libc::CLONE_NEWNS))?;
        // Nothing mounted here reaches the host's namespace.
        check(libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ))?;
        // A bind's source must be of this namespace: the folder is opened anew here.
        let opened = libc::open(dir.as_ptr(), libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC);
        if opened < 0 || libc::dup3(opened, fd, libc::O_CLOEXEC) < 0 {
            return Err(io::Error::last_os_error());
        }
        libc::close(opened);
        check(libc::mount(
            c"stadt".as_ptr(),
            c"/tmp".as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            c"mode=0755,size=65536".as_ptr().cast(),
        ))?;
        check(libc::mkdir(c"/tmp/stadt-bot".as_ptr(), 0o755))?;
        check(libc::mount(
            link.as_ptr(),
            c"/tmp/stadt-bot".as_ptr(),
            std::ptr::null(),
            libc::MS_BIND | libc::MS_REC,
            std::ptr::null(),
        ))
    }
}

/// Leaves stadt's session keyring for a new, empty one: the keys of the login session that runs
/// stadt (a process possesses its session keyring's keys, whatever its user). Where keyrings are
/// not offered at all (a kernel or container without them), there is nothing to leave; where the
/// user's key quota is spent (many sandboxes in a row, before the kernel collected the old
/// keyrings), `filtered` says whether the seccomp filter, which refuses every keyring call, holds
/// them anyway.
fn leave_session_keyring(filtered: bool) -> io::Result<()> {
    // SAFETY: a plain system call; KEYCTL_JOIN_SESSION_KEYRING with no name makes an anonymous one.
    let r = unsafe {
        libc::syscall(libc::SYS_keyctl, libc::KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>())
    };
    if r >= 0 {
        return Ok(());
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::ENOSYS) | Some(libc::EPERM) => Ok(()),
        Some(libc::EDQUOT) if filtered => Ok(()),
        _ => Err(e),
    }
}

/// Becomes the unprivileged user [`NOBODY`], with no supplementary groups and no way to gain
/// privileges; still ended when the supervisor dies (a change of user clears that).
fn drop_root() -> io::Result<()> {
    let check = |r: libc::c_int| if r == 0 { Ok(()) } else { Err(io::Error::last_os_error()) };
    // SAFETY: system calls on this process.
    unsafe {
        let parent = libc::getppid();
        check(libc::setgroups(0, std::ptr::null()))?;
        check(libc::setresgid(NOBODY, NOBODY, NOBODY))?;
        check(libc::setresuid(NOBODY, NOBODY, NOBODY))?;
        check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
        check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL))?;
        if libc::getppid() != parent {
            libc::_exit(1);
        }
    }
    Ok(())
}
