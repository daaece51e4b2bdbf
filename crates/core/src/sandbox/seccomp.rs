//! A seccomp filter for sandboxed programs, which bubblewrap installs just before it starts the
//! program: system calls no bot needs and that widen what a program can reach of the kernel are
//! refused with `EPERM` (the keyrings, `ptrace`, `perf_event_open`, `bpf`, `userfaultfd`,
//! `io_uring`, mounting, modules, clocks, reboot...), as are `ioctl`'s `TIOCSTI` and `TIOCLINUX`
//! (typing into a terminal), every call of another ABI than the machine's own (32-bit or x32
//! calls, which would slip past the numbers below). Classic BPF, as the kernel reads it.

use std::io::{Seek, Write};
use std::os::fd::FromRawFd;

/// The system calls refused.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const DENIED: &[libc::c_long] = &[
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_perf_event_open,
    libc::SYS_bpf,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_setns,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
    libc::SYS_sethostname,
    libc::SYS_setdomainname,
    libc::SYS_name_to_handle_at,
    libc::SYS_open_by_handle_at,
    libc::SYS_fanotify_init,
    libc::SYS_lookup_dcookie,
    libc::SYS_syslog,
];

/// The machine's own ABI, as seccomp names it (`AUDIT_ARCH_*`).
#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xC000_00B7;

/// x86_64's x32 calls carry this bit in their number.
#[cfg(target_arch = "x86_64")]
const X32_BIT: u32 = 0x4000_0000;

/// `ioctl` requests refused: pushing input into a terminal, and the console's own.
const TIOCSTI: u32 = 0x5412;
const TIOCLINUX: u32 = 0x541C;

/// Offsets in `struct seccomp_data`: the call's number, the ABI, the low half of its second
/// argument (little-endian).
const NR: u32 = 0;
const ARCH_AT: u32 = 4;
const ARG1_LOW: u32 = 24;

// Classic BPF's instructions and seccomp's verdicts.
const LD_W_ABS: u16 = 0x20;
const JEQ_K: u16 = 0x15;
const JGE_K: u16 = 0x35;
const RET_K: u16 = 0x06;
const ALLOW: u32 = 0x7fff_0000;
const DENY: u32 = 0x0005_0000 | libc::EPERM as u32;

/// One instruction: code, jump if true, jump if false, operand.
type Op = (u16, u8, u8, u32);

/// The filter's instructions, for this machine; None where no filter is built (other machines
/// run without one).
pub fn program() -> Option<Vec<Op>> {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        // Jumps to DENY are resolved once the program's length is known.
        const TO_DENY: u8 = u8::MAX;
        let mut ops: Vec<Op> = vec![(LD_W_ABS, 0, 0, ARCH_AT), (JEQ_K, 1, 0, ARCH), (RET_K, 0, 0, DENY)];
        ops.push((LD_W_ABS, 0, 0, NR));
        #[cfg(target_arch = "x86_64")]
        ops.push((JGE_K, TO_DENY, 0, X32_BIT));
        for &nr in DENIED {
            ops.push((JEQ_K, TO_DENY, 0, nr as u32));
        }
        ops.push((JEQ_K, 1, 0, libc::SYS_ioctl as u32));
        ops.push((RET_K, 0, 0, ALLOW));
        ops.push((LD_W_ABS, 0, 0, ARG1_LOW));
        ops.push((JEQ_K, TO_DENY, 0, TIOCSTI));
        ops.push((JEQ_K, TO_DENY, 0, TIOCLINUX));
        ops.push((RET_K, 0, 0, ALLOW));
        ops.push((RET_K, 0, 0, DENY));
        let deny = ops.len() - 1;
        for (i, op) in ops.iter_mut().enumerate() {
            if op.1 == TO_DENY {
                op.1 = u8::try_from(deny - i - 1).expect("the filter is short");
            }
        }
        Some(ops)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    None
}

/// The filter as the kernel reads it (`struct sock_filter`, in this machine's byte order).
pub fn bytes(ops: &[Op]) -> Vec<u8> {
    let mut out = Vec::with_capacity(ops.len() * 8);
    for &(code, jt, jf, k) in ops {
        out.extend_from_slice(&code.to_ne_bytes());
        out.push(jt);
        out.push(jf);
        out.extend_from_slice(&k.to_ne_bytes());
    }
    out
}

/// The filter in a file of memory (closed on exec unless the program's process keeps it for
/// bubblewrap), read from its start; None on machines without a filter.
pub fn file() -> std::io::Result<Option<std::fs::File>> {
    let Some(ops) = program() else { return Ok(None) };
    // SAFETY: a plain system call with a NUL-terminated name; the descriptor is owned below.
    let fd = unsafe { libc::memfd_create(c"stadt-seccomp".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` is a new descriptor that nothing else owns.
    let mut f = unsafe { std::fs::File::from_raw_fd(fd) };
    f.write_all(&bytes(&ops))?;
    f.rewind()?;
    Ok(Some(f))
}
