//! `--sandbox`: every program a run starts (a bot in another program) runs under bubblewrap
//! (`bwrap`), built to hold a hostile program whoever starts stadt, root included:
//!
//! - no capabilities, an unprivileged user inside (as root, stadt first becomes `nobody`:
//!   [`stage`]), its own user, PID, mount, network, IPC, UTS and cgroup namespaces, no further user
//!   namespaces, a session of its own (no terminal to type into), a seccomp filter that refuses
//!   the system calls no bot needs ([`seccomp`]);
//! - only the system's program and library folders and a few `/etc` files, read-only
//!   ([`mounts`]); a fresh `/dev` and `/proc`; a fresh, sized scratch `/tmp` (its `HOME`); its
//!   own folder read-only, with any results folder inside it hidden; a minimal environment;
//! - limits ([`limits`]): rlimits inside the sandbox (processes, file size, memory per process),
//!   sized scratch folders, and a cgroup where this process can make one ([`cgroup`]), which
//!   also tells which limit a program crossed;
//! - and when the sandbox's first process ends, the kernel ends every process in it.
//!
//! A run that asks for `--sandbox` where it cannot be built stops before any game, saying why.

pub mod limits;

#[cfg(target_os = "linux")]
mod bwrap;
#[cfg(target_os = "linux")]
mod cgroup;
#[cfg(target_os = "linux")]
mod mounts;
#[cfg(target_os = "linux")]
mod seccomp;
#[cfg(target_os = "linux")]
mod stage;

#[cfg(target_os = "linux")]
pub use bwrap::{Held, Prepared, enable, enabled, hide, prepare};
pub use limits::{Limit, Limits};

/// `--sandbox` is built with Linux's namespaces: elsewhere it refuses to run.
#[cfg(not(target_os = "linux"))]
pub fn enable() -> Result<(), String> {
    Err("--sandbox needs Linux (bubblewrap and user namespaces)".into())
}

/// Whether programs run in a sandbox: never, off Linux.
#[cfg(not(target_os = "linux"))]
pub fn enabled() -> bool {
    false
}

/// Nothing to hide without a sandbox.
#[cfg(not(target_os = "linux"))]
pub fn hide(_folder: &std::path::Path) {}
