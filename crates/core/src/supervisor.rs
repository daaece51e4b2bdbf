//! The supervisor between the host and a program it starts (Linux): a process of its own that
//! starts the program in a new process group, becomes the "subreaper" of everything the program
//! starts (so that what the program orphans, even in a session of its own made with `setsid`,
//! becomes the supervisor's child and not the system's), and, when the program exits, the host
//! asks (`end`) or the host dies (`PR_SET_PDEATHSIG`, also after `kill -9`), kills the program's
//! group and then every process left below it before it exits itself.
//!
//! It is the child the host forks to start the program: it forks once more and the second child
//! execs the program, while the supervisor never returns from the fork. Between fork and exec
//! only async-signal-safe calls are allowed (the host has threads), so the supervisor makes only
//! system calls, allocates nothing and keeps no file open.

use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Starts the command under a supervisor; the child `Command` reports is the supervisor, which
/// exits as the program exited (the same code, or the same signal).
pub fn supervise(cmd: &mut Command) {
    // The supervisor leads a group of its own, so Ctrl-C in a terminal reaches the host only.
    cmd.process_group(0);
    let host = std::process::id() as libc::pid_t;
    // SAFETY: the closure makes only async-signal-safe system calls and allocates nothing.
    unsafe {
        cmd.pre_exec(move || become_supervisor(host));
    }
}

/// Asks the supervisor `pid` to end the program and everything it started, and exit.
pub fn end(pid: u32) {
    // SAFETY: a plain system call on a child of this host not yet reaped.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGTERM);
    }
}

/// Waits for `pid` to end, so no zombie is left.
pub fn reap(pid: u32) {
    let mut status = 0;
    // SAFETY: a plain system call on a child of this process.
    unsafe {
        libc::waitpid(pid as libc::pid_t, &mut status, 0);
    }
}

/// The signals the supervisor waits for: its program's end (SIGCHLD) and its own (the rest).
const WATCHED: [libc::c_int; 4] = [libc::SIGCHLD, libc::SIGTERM, libc::SIGHUP, libc::SIGINT];

/// In the forked child: forks the program (which returns, to be exec'd) and supervises it.
fn become_supervisor(host: libc::pid_t) -> io::Result<()> {
    // SAFETY: system calls only, on this process and its own children.
    unsafe {
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) != 0 {
            return Err(io::Error::last_os_error());
        }
        if libc::getppid() != host {
            // The host died before the line above: nothing to supervise for.
            libc::_exit(1);
        }
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        let mut watched: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut watched);
        for s in WATCHED {
            libc::sigaddset(&mut watched, s);
        }
        // Blocked before the fork, so that no signal for the supervisor is lost before it waits.
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigprocmask(libc::SIG_BLOCK, &watched, &mut before);
        let supervisor = libc::getpid();
        let program = libc::fork();
        if program < 0 {
            return Err(io::Error::last_os_error());
        }
        if program == 0 {
            libc::sigprocmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
            libc::setpgid(0, 0);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != supervisor {
                libc::_exit(1);
            }
            return Ok(());
        }
        // The program's pipes and the host's exec-error pipe belong to the program alone: the host
        // sees their ends when the program's copies close.
        close_every_file();
        wait_for_end(program, &watched)
    }
}

/// The supervisor's life: waits for the program to exit or for a request to end, then ends all.
unsafe fn wait_for_end(program: libc::pid_t, watched: &libc::sigset_t) -> ! {
    // SAFETY (for the block): system calls on this process's own children.
    unsafe {
        loop {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let signal = libc::sigwaitinfo(watched, &mut info);
            if signal == libc::SIGCHLD {
                let mut status = 0;
                loop {
                    let pid = libc::waitpid(-1, &mut status, libc::WNOHANG);
                    if pid <= 0 {
                        break;
                    }
                    if pid == program {
                        end_everything(program);
                        exit_as(status);
                    }
                }
            } else if signal > 0 {
                end_everything(program);
                libc::_exit(128 + signal);
            }
        }
    }
}

/// Kills the program's group, then every child of the supervisor (what the program orphaned comes
/// here), round after round, until no child is left (or after about ten seconds of a program that
/// keeps forking).
unsafe fn end_everything(program: libc::pid_t) {
    // SAFETY (for the block): system calls on this process's own group and children.
    unsafe {
        libc::kill(-program, libc::SIGKILL);
        for _ in 0..10_000 {
            kill_children();
            let mut status = 0;
            loop {
                let pid = libc::waitpid(-1, &mut status, libc::WNOHANG);
                if pid > 0 {
                    continue;
                }
                if pid < 0 {
                    // No child left.
                    return;
                }
                break;
            }
            let pause = libc::timespec { tv_sec: 0, tv_nsec: 1_000_000 };
            libc::nanosleep(&pause, std::ptr::null_mut());
        }
    }
}

/// Kills every child `/proc/self/task/PID/children` lists (the supervisor has one thread).
unsafe fn kill_children() {
    // The path, written without allocating.
    let mut path = [0u8; 64];
    let mut len = 0;
    let mut put = |bytes: &[u8]| {
        path[len..len + bytes.len()].copy_from_slice(bytes);
        len += bytes.len();
    };
    put(b"/proc/self/task/");
    // SAFETY: a plain system call.
    let mut pid = unsafe { libc::getpid() } as u32;
    let mut digits = [0u8; 10];
    let mut n = 0;
    loop {
        digits[n] = b'0' + (pid % 10) as u8;
        n += 1;
        pid /= 10;
        if pid == 0 {
            break;
        }
    }
    digits[..n].reverse();
    put(&digits[..n]);
    put(b"/children\0");
    // SAFETY: system calls on a NUL-terminated path and a buffer of this stack frame.
    unsafe {
        let fd = libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return;
        }
        let mut buffer = [0u8; 512];
        let mut number: libc::pid_t = 0;
        loop {
            let read = libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len());
            if read <= 0 {
                break;
            }
            for &b in &buffer[..read as usize] {
                if b.is_ascii_digit() {
                    number = number * 10 + (b - b'0') as libc::pid_t;
                } else if number > 0 {
                    libc::kill(number, libc::SIGKILL);
                    number = 0;
                }
            }
        }
        if number > 0 {
            libc::kill(number, libc::SIGKILL);
        }
        libc::close(fd);
    }
}

/// Closes every open file of this process.
unsafe fn close_every_file() {
    // SAFETY: system calls on this process's own files.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32) != 0 {
            for fd in 0..4096 {
                libc::close(fd);
            }
        }
    }
}

/// Exits as the program did: with its exit code, or killed by its signal.
unsafe fn exit_as(status: libc::c_int) -> ! {
    // SAFETY: system calls on this process.
    unsafe {
        if libc::WIFSIGNALED(status) {
            let signal = libc::WTERMSIG(status);
            libc::signal(signal, libc::SIG_DFL);
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::kill(libc::getpid(), signal);
            libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            libc::_exit(128 + signal);
        }
        libc::_exit(libc::WEXITSTATUS(status));
    }
}
