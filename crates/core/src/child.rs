//! A program spoken to in lines of JSON over its stdin and stdout (docs/bot-protocol.md), knowing
//! nothing of the game: started from an argument list (never through a shell) under a supervisor
//! (Linux: `supervisor`), optionally in a sandbox (`sandbox`), every reply awaited with a deadline,
//! lines bounded in length, the last lines of its stderr kept (bounded), and everything it started
//! ended and reaped when it is dropped, when the host shuts down, or when the host dies.

#[cfg(target_os = "linux")]
use crate::sandbox::{Held, Prepared};
pub use crate::sandbox::{Limit, Limits};
use serde_json::{Map, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines of stderr kept for a failure report.
pub const TAIL_LINES: usize = 20;
/// Characters kept of each stderr line.
pub const TAIL_WIDTH: usize = 300;

/// How to start the program.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// The program and its arguments, passed as they are (no shell).
    pub command: Vec<String>,
    /// The folder it runs in.
    pub dir: PathBuf,
    /// Variables added to its environment.
    pub env: Vec<(String, String)>,
    /// The longest line it may send, in bytes.
    pub max_line: usize,
    /// What it may use under `--sandbox` (outside the sandbox a program is trusted: none apply).
    pub limits: Limits,
}

/// Why the program failed the host: each ends its game as a forfeit.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// It could not be started.
    Start(String),
    /// No reply within the time allowed.
    Timeout(Duration),
    /// It exited (or closed its stdout): how, when known.
    Crash(String),
    /// Its stdin was closed: it stopped reading.
    ClosedPipe,
    /// A line longer than the limit.
    TooLong(usize),
    /// A line that is not one JSON object, or not the reply asked for.
    Malformed(String),
    /// A move that is not one of the legal moves.
    Illegal(String),
    /// Under `--sandbox`: it crossed one of its limits.
    Limit(Limit),
}

impl Fault {
    /// The word `games.csv` names the failure by.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Start(_) => "start",
            Fault::Timeout(_) => "timeout",
            Fault::Crash(_) => "crash",
            Fault::ClosedPipe => "closed-pipe",
            Fault::TooLong(_) => "line-too-long",
            Fault::Malformed(_) => "malformed",
            Fault::Illegal(_) => "illegal-move",
            Fault::Limit(limit) => limit.word(),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Start(m) => write!(f, "could not start: {m}"),
            Fault::Timeout(d) => write!(f, "no reply within {} ms", d.as_millis()),
            Fault::Crash(m) => write!(f, "exited: {m}"),
            Fault::ClosedPipe => write!(f, "closed its stdin (stopped reading)"),
            Fault::TooLong(n) => write!(f, "sent a line longer than {n} bytes"),
            Fault::Malformed(m) => write!(f, "malformed reply: {m}"),
            Fault::Illegal(m) => write!(f, "illegal move: {m}"),
            Fault::Limit(limit) => {
                write!(f, "crossed its {} limit (docs/bot-protocol.md, the sandbox)", limit.word())
            }
        }
    }
}

/// A running program.
pub struct LineChild {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Batch>,
    /// Lines of a batch not taken yet.
    pending: VecDeque<Result<String, Fault>>,
    tail: Arc<Mutex<Tail>>,
    /// Its sandbox's cgroup and scratch, when it runs in one.
    #[cfg(target_os = "linux")]
    sandbox: Option<Held>,
    /// Its exit code, once it exited.
    exit_code: Option<i32>,
}

/// The whole lines the program had written when the reader took the first of them: lines written
/// together reach the host together, however late the reader thread runs.
type Batch = Vec<Result<String, Fault>>;

impl LineChild {
    /// Starts the program.
    pub fn start(launch: &Launch) -> Result<LineChild, Fault> {
        let (program, args) =
            launch.command.split_first().ok_or_else(|| Fault::Start("the command is empty".into()))?;
        // A relative program path names a file in the bot's folder, not the host's.
        let program = if program.contains('/') { launch.dir.join(program) } else { PathBuf::from(program) };
        let mut full = vec![absolute(&program).to_string_lossy().into_owned()];
        full.extend(args.iter().cloned());
        #[cfg(target_os = "linux")]
        let prepared = crate::sandbox::prepare(&full, &launch.dir, &launch.env, &launch.limits)
            .transpose()
            .map_err(|e| Fault::Start(format!("its sandbox: {e}")))?;
        #[cfg(target_os = "linux")]
        let mut cmd = match &prepared {
            Some(p) => p.command(),
            None => plain(&program, args, launch),
        };
        #[cfg(not(target_os = "linux"))]
        let mut cmd = plain(&program, args, launch);
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        unix::supervise(&mut cmd);
        #[cfg(target_os = "linux")]
        if let Some(p) = &prepared {
            p.install(&mut cmd);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| Fault::Start(format!("`{}` in {}: {e}", program.display(), launch.dir.display())))?;
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).push(child.id());
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take().expect("piped"), child.stderr.take().expect("piped"));
        // A few batches in flight at most (each at most a buffer's worth): a bot that floods its
        // stdout waits for the host.
        let (tx, lines) = sync_channel(4);
        let max = launch.max_line;
        std::thread::spawn(move || read_lines(stdout, max, tx));
        let tail = Arc::new(Mutex::new(Tail::default()));
        let keep = tail.clone();
        std::thread::spawn(move || read_tail(stderr, &keep));
        Ok(LineChild {
            child,
            stdin,
            lines,
            pending: VecDeque::new(),
            tail,
            #[cfg(target_os = "linux")]
            sandbox: prepared.map(Prepared::started),
            exit_code: None,
        })
    }

    /// Under `--sandbox`, once the program answered (its sandbox is built): keeps hold of its
    /// scratch folders, to tell later whether it filled them.
    pub fn watch_limits(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(held) = self.sandbox.as_mut() {
            held.watch(self.child.id());
        }
    }

    /// Under `--sandbox`: the limit the program crossed, if it did, as the fault that ends its game.
    pub fn crossed(&mut self) -> Option<Fault> {
        #[cfg(target_os = "linux")]
        if self.sandbox.is_some() {
            // Whether and how it exited: `exited` keeps the code.
            if self.exit_code.is_none() {
                self.exited();
            }
            return self.sandbox.as_ref().and_then(|held| held.crossed(self.exit_code)).map(Fault::Limit);
        }
        None
    }

    /// Sends one JSON object as a line.
    pub fn send(&mut self, message: &Value) -> Result<(), Fault> {
        let mut line = message.to_string();
        line.push('\n');
        let stdin = self.stdin.as_mut().ok_or(Fault::ClosedPipe)?;
        match stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.exited_within(Duration::from_millis(200)).unwrap_or(Fault::ClosedPipe)),
        }
    }

    /// The next line, as a JSON object, within `wait`. Blank lines are skipped, and a UTF-8 byte
    /// order mark before a line is dropped.
    pub fn receive(&mut self, wait: Duration) -> Result<Map<String, Value>, Fault> {
        let deadline = Instant::now() + wait;
        loop {
            let line = match self.pending.pop_front() {
                Some(Ok(line)) => line,
                Some(Err(fault)) => return Err(fault),
                None => match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                    Ok(batch) => {
                        self.pending.extend(batch);
                        continue;
                    }
                    Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(wait)),
                    Err(RecvTimeoutError::Disconnected) => return Err(self.crash()),
                },
            };
            if let Some(message) = parse(&line) {
                return message;
            }
        }
    }

    /// A line the program sent that has not been read yet, without waiting: None when there is
    /// none (blank lines are skipped).
    pub fn unread(&mut self) -> Option<Result<Map<String, Value>, Fault>> {
        loop {
            let line = match self.pending.pop_front() {
                Some(Ok(line)) => line,
                Some(Err(fault)) => return Some(Err(fault)),
                None => match self.lines.try_recv() {
                    Ok(batch) => {
                        self.pending.extend(batch);
                        continue;
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => return None,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => return Some(Err(self.crash())),
                },
            };
            if let Some(message) = parse(&line) {
                return Some(message);
            }
        }
    }

    /// The last lines the program wrote to its stderr (at most [`TAIL_LINES`] of [`TAIL_WIDTH`]
    /// characters).
    pub fn stderr_tail(&self) -> String {
        // The reader may still be draining what the program wrote just before it failed.
        std::thread::sleep(Duration::from_millis(20));
        self.tail.lock().unwrap_or_else(|e| e.into_inner()).text()
    }

    /// Asks the program to end (closes its stdin after `goodbye`), waits up to `grace`, then kills
    /// its whole process group and reaps it.
    pub fn stop(mut self, goodbye: &Value, grace: Duration) {
        let _ = self.send(goodbye);
        self.stdin = None;
        let start = Instant::now();
        while start.elapsed() < grace {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The program's end, once its stdout closed.
    fn crash(&mut self) -> Fault {
        self.exited_within(Duration::from_millis(500)).unwrap_or(Fault::Crash("closed its stdout".into()))
    }

    /// How the program exited, if it does within `wait` (its supervisor exits once it has ended
    /// what the program started).
    fn exited_within(&mut self, wait: Duration) -> Option<Fault> {
        let start = Instant::now();
        loop {
            if let Some(f) = self.exited() {
                return Some(f);
            }
            if start.elapsed() >= wait {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// How the program exited, if it has.
    fn exited(&mut self) -> Option<Fault> {
        match self.child.try_wait() {
            Ok(Some(status)) => {
                self.exit_code = status.code();
                Some(Fault::Crash(status.to_string()))
            }
            _ => None,
        }
    }
}

impl Drop for LineChild {
    fn drop(&mut self) {
        self.stdin = None;
        let pid = self.child.id();
        // Not yet reaped, so the id is still this child's.
        if matches!(self.child.try_wait(), Ok(None)) {
            unix::end(pid);
        }
        let _ = self.child.wait();
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).retain(|&p| p != pid);
    }
}

/// Every program running, by the process id of its supervisor.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Ends every program still running, with everything it started, and reaps it: for a host about to
/// exit (Ctrl-C, or the end of `main`), whose threads' clean-up may never run.
pub fn shutdown() {
    let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|e| e.into_inner()));
    for pid in live {
        unix::end(pid);
        unix::reap(pid);
    }
}

/// The command that starts the program itself, outside any sandbox: in its folder, with stadt's
/// environment and its own variables (a program outside the sandbox is trusted).
fn plain(program: &std::path::Path, args: &[String], launch: &Launch) -> Command {
    let mut cmd = Command::new(program);
    cmd.args(args).current_dir(&launch.dir).envs(launch.env.iter().map(|(k, v)| (k, v)));
    cmd
}

/// `path` made absolute against the current folder (the sandbox runs it from another).
fn absolute(path: &std::path::Path) -> PathBuf {
    if path.components().count() > 1 || path.is_absolute() {
        std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
    } else {
        path.to_path_buf()
    }
}

/// A line as a JSON object; None for a blank line. A byte order mark before it is dropped.
fn parse(line: &str) -> Option<Result<Map<String, Value>, Fault>> {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    if line.trim().is_empty() {
        return None;
    }
    Some(match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(Fault::Malformed(format!("`{}` is not a JSON object", shorten(line)))),
        Err(e) => Err(Fault::Malformed(format!("`{}` is not JSON: {e}", shorten(line)))),
    })
}

/// The stdout reader: hands over whole lines, in batches of those already read together; a line
/// over `max` bytes, or text that is not UTF-8,
/// ends the reading (nothing more is buffered), as does the end of the output.
fn read_lines(stdout: impl Read, max: usize, tx: SyncSender<Batch>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut batch = Vec::new();
        // Then every further line already in the buffer, without waiting for more.
        let end = loop {
            let Some(message) = read_line(&mut reader, max) else {
                if !batch.is_empty() {
                    let _ = tx.send(batch);
                }
                return;
            };
            let end = message.is_err();
            batch.push(message);
            if end || !reader.buffer().contains(&b'\n') {
                break end;
            }
        };
        if tx.send(batch).is_err() || end {
            return;
        }
    }
}

/// The next whole line, a line over `max` bytes or text that is not UTF-8 a fault; None at the
/// end of the stream.
fn read_line(reader: &mut BufReader<impl Read>, max: usize) -> Option<Result<String, Fault>> {
    let mut line = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok([]) | Err(_) => return None,
            Ok(buf) => buf,
        };
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if line.len() + chunk.len() > max {
            return Some(Err(Fault::TooLong(max)));
        }
        line.extend_from_slice(chunk);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            return Some(
                String::from_utf8(line).map_err(|_| Fault::Malformed("a line that is not UTF-8".into())),
            );
        }
    }
}

/// The stderr reader: keeps the last lines, each cut to [`TAIL_WIDTH`] characters, and throws the
/// rest away as it comes (a flood costs no memory).
fn read_tail(stderr: impl Read, tail: &Mutex<Tail>) {
    let mut reader = BufReader::new(stderr);
    let mut buf = [0u8; 8192];
    loop {
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => tail.lock().unwrap_or_else(|e| e.into_inner()).push(&buf[..n]),
        }
    }
}

/// The last lines of a stream.
#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    current: Vec<u8>,
}

impl Tail {
    fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.current).into_owned();
                self.current.clear();
                self.lines.push_back(line);
                if self.lines.len() > TAIL_LINES {
                    self.lines.pop_front();
                }
            } else if self.current.len() < TAIL_WIDTH * 4 {
                self.current.push(b);
            }
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let partial = String::from_utf8_lossy(&self.current);
        let last = (!partial.is_empty()).then_some(partial.as_ref());
        let all: Vec<&str> = self.lines.iter().map(String::as_str).chain(last).collect();
        for line in &all[all.len().saturating_sub(TAIL_LINES)..] {
            // Control characters are shown as `?`: the tail is copied into report files.
            let clean: String = line
                .chars()
                .take(TAIL_WIDTH)
                .map(|c| if c.is_control() && c != '\t' { '?' } else { c })
                .collect();
            out.push_str(&clean);
            out.push('\n');
        }
        out
    }
}

/// A line cut for a message.
fn shorten(line: &str) -> String {
    let cut: String = line.chars().take(80).collect();
    if cut.len() < line.len() { format!("{cut}...") } else { cut }
}

#[cfg(target_os = "linux")]
mod unix {
    pub use crate::supervisor::{end, reap, supervise};
}

#[cfg(all(unix, not(target_os = "linux")))]
mod unix {
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// The program leads a process group of its own, which `end` kills.
    pub fn supervise(cmd: &mut Command) {
        cmd.process_group(0);
    }

    /// Kills the process group led by `pid`.
    pub fn end(pid: u32) {
        // SAFETY: a plain system call on a process group this host started.
        unsafe {
            libc::kill(-(pid as i32), libc::SIGKILL);
        }
    }

    /// Waits for `pid` to end, so no zombie is left.
    pub fn reap(pid: u32) {
        let mut status = 0;
        // SAFETY: a plain system call on a child of this process.
        unsafe {
            libc::waitpid(pid as i32, &mut status, 0);
        }
    }
}

#[cfg(not(unix))]
mod unix {
    pub fn supervise(_: &mut std::process::Command) {}
    pub fn end(_: u32) {}
    pub fn reap(_: u32) {}
}
