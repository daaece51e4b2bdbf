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

/// One limit as a bot file sets it: its key, its default (as written) that a real bot does not
/// meet, the bounds the file may set it within, and what it counts. The process bot's parameters
/// are made from these, so that this is the one place they are written.
#[derive(Clone, Copy, Debug)]
pub struct LimitDef {
    /// The bot file's key.
    pub key: &'static str,
    /// The default, as written.
    pub default: &'static str,
    /// The smallest value a bot file may give.
    pub min: u64,
    /// The largest.
    pub max: u64,
    /// What it counts.
    pub help: &'static str,
}

/// The limits, in the order of [`Limits::from_values`]'s values.
pub const TABLE: [LimitDef; 4] = [
    LimitDef {
        key: "memory",
        default: "8192",
        min: 64,
        max: 1 << 20,
        help: "under --sandbox: MiB of memory (each process's data; with a cgroup, all its processes together)",
    },
    LimitDef {
        key: "processes",
        default: "512",
        min: 8,
        max: 65536,
        help: "under --sandbox: processes and threads at once",
    },
    LimitDef {
        key: "file_size",
        default: "1024",
        min: 1,
        max: 1 << 20,
        help: "under --sandbox: MiB, the largest file it may write",
    },
    LimitDef {
        key: "scratch",
        default: "1024",
        min: 1,
        max: 1 << 16,
        help: "under --sandbox: MiB, the size of its scratch folder /tmp (and of /dev/shm)",
    },
];

impl Default for Limits {
    fn default() -> Limits {
        Limits::from_values(TABLE.map(|d| d.default.parse().expect("a limit's default is a whole number")))
            .expect("a limit's default lies within its bounds")
    }
}

impl Limits {
    /// Limits from the values of [`TABLE`]'s keys, in its order; an error naming the key whose
    /// value is outside its bounds.
    pub fn from_values(values: [u64; 4]) -> Result<Limits, String> {
        for (d, v) in TABLE.iter().zip(values) {
            if !(d.min..=d.max).contains(&v) {
                return Err(format!("`{}` = {v}: {}, from {} to {}", d.key, d.help, d.min, d.max));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_a_number_within_its_bounds() {
        let d = Limits::default();
        assert_eq!((d.memory_mib, d.processes, d.file_size_mib, d.scratch_mib), (8192, 512, 1024, 1024));
        assert!(Limits::from_values([63, 512, 1024, 1024]).unwrap_err().contains("`memory` = 63"));
    }
}
