//! What a sandboxed program may use, and which limit it crossed: the bot file's `memory`,
//! `processes`, `file_size` and `scratch` (docs/bot-protocol.md, "The sandbox").

/// A mebibyte, in bytes.
const MIB: u64 = 1 << 20;

/// The limits of one sandboxed program (with everything it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Memory in MiB: each process's data (RLIMIT_DATA) and, with a cgroup, all its processes
    /// together (plus what its scratch holds, which is memory too).
    pub memory_mib: u64,
    /// Tasks (processes and threads) at once.
    pub processes: u64,
    /// The largest file it may write, in MiB (RLIMIT_FSIZE).
    pub file_size_mib: u64,
    /// The size of its scratch folder `/tmp` (and of `/dev/shm`), in MiB.
    pub scratch_mib: u64,
}

/// Defaults that a real bot does not meet, and the bounds a bot file may set them within: (key,
/// default, min, max, what it counts).
pub const TABLE: [(&str, u64, u64, u64, &str); 4] = [
    (
        "memory",
        8192,
        64,
        1 << 20,
        "MiB of memory (each process's data; with a cgroup, all its processes together)",
    ),
    ("processes", 512, 8, 65536, "processes and threads at once"),
    ("file_size", 1024, 1, 1 << 20, "MiB: the largest file it may write"),
    ("scratch", 1024, 1, 1 << 16, "MiB: the size of its scratch folder /tmp (and of /dev/shm)"),
];

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_mib: TABLE[0].1,
            processes: TABLE[1].1,
            file_size_mib: TABLE[2].1,
            scratch_mib: TABLE[3].1,
        }
    }
}

impl Limits {
    /// Limits from the values of [`TABLE`]'s keys, in its order; an error naming the key whose
    /// value is outside its bounds.
    pub fn from_values(values: [u64; 4]) -> Result<Limits, String> {
        for ((key, _, min, max, what), v) in TABLE.iter().zip(values) {
            if !(*min..=*max).contains(&v) {
                return Err(format!("`{key}` = {v}: {what}, from {min} to {max}"));
            }
        }
        let [memory_mib, processes, file_size_mib, scratch_mib] = values;
        Ok(Limits { memory_mib, processes, file_size_mib, scratch_mib })
    }

    /// Memory per process, in bytes.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mib * MIB
    }

    /// The largest file, in bytes.
    pub fn file_size_bytes(&self) -> u64 {
        self.file_size_mib * MIB
    }

    /// The scratch folder's size, in bytes.
    pub fn scratch_bytes(&self) -> u64 {
        self.scratch_mib * MIB
    }

    /// The cgroup's memory limit: the program's memory and what its two scratch folders can hold.
    pub fn cgroup_memory_bytes(&self) -> u64 {
        self.memory_bytes() + 2 * self.scratch_bytes()
    }
}

/// A limit a sandboxed program crossed: it forfeits its game, named by the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// It ran out of memory (the cgroup's out-of-memory killer ended a process of it).
    Memory,
    /// It tried to have more processes or threads than allowed (the cgroup refused a fork).
    Processes,
    /// It was ended for writing a file larger than allowed (SIGXFSZ).
    FileSize,
    /// Its scratch folder (`/tmp` or `/dev/shm`) is full.
    Scratch,
}

impl Limit {
    /// The word `games.csv`'s `failure` column names it by.
    pub fn word(self) -> &'static str {
        match self {
            Limit::Memory => "memory",
            Limit::Processes => "processes",
            Limit::FileSize => "file-size",
            Limit::Scratch => "scratch",
        }
    }
}
