//! `tune.csv`: one line per SPSA iteration with the weights written exactly (the shortest text
//! that reads back the same number), so a stopped run resumes from the very same point.

use crate::weight::Weight;
use stadt_core::error::Error;
use stadt_core::folder::RunFolder;
use stadt_core::output::{AppendLog, write_file};
use std::fmt::Write as _;

/// The log's file name.
pub const FILE: &str = "tune.csv";

/// Where a run stands: the weights after the last logged iteration, how many there are, and the
/// log to append the next ones to.
pub struct Resumed {
    /// The weights.
    pub values: Vec<f64>,
    /// Iterations logged.
    pub done: usize,
    /// The log.
    pub log: AppendLog,
}

/// Opens the folder's log, starting it if there is none, for a run of `iterations` iterations.
pub fn open(folder: &RunFolder, ws: &[Weight], iterations: usize) -> Result<Resumed, Error> {
    let path = folder.join(FILE);
    let start: Vec<f64> = ws.iter().map(|w| w.value).collect();
    let (values, done, complete) = match std::fs::read_to_string(&path) {
        Ok(text) => read(&text, ws, start).map_err(|m| Error::file(&path, m))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let head = format!("{}\n", header(ws));
            write_file(&path, &head, false)?;
            (start, 0, head.len())
        }
        Err(e) => return Err(Error::io("read", &path, e)),
    };
    if done > iterations {
        return Err(Error::file(&path, "holds more iterations than this run asks for"));
    }
    Ok(Resumed { values, done, log: AppendLog::open(&path, complete)? })
}

/// The header line.
fn header(ws: &[Weight]) -> String {
    let mut h = String::from("iteration,a_k,c_k");
    for w in ws {
        let _ = write!(h, ",{}", w.key);
    }
    h.push_str(",score_plus,score_minus,score,score_se");
    h
}

/// The line of iteration `k` (from 1): its gains, the weights after it, and the candidates' scores.
pub fn line(k: usize, (a_k, c_k): (f64, f64), values: &[f64], scores: [f64; 4]) -> String {
    let mut row = format!("{k},{a_k:.5},{c_k:.5}");
    for v in values {
        let _ = write!(row, ",{v}");
    }
    let [plus, minus, score, se] = scores;
    let _ = writeln!(row, ",{plus:.5},{minus:.5},{score:.5},{se:.5}");
    row
}

/// Reads the log: the weights after the last complete iteration (`start` before any), how many
/// there are, and the byte length of the complete lines (a line cut short by a kill is dropped).
fn read(text: &str, ws: &[Weight], start: Vec<f64>) -> Result<(Vec<f64>, usize, usize), String> {
    let head = header(ws);
    let Some(first) = text.lines().next() else {
        return Err(format!("is empty, where this run writes the columns `{head}`"));
    };
    if first != head {
        return Err(format!("has the columns `{first}`, where this run writes `{head}`"));
    }
    if !text[head.len()..].starts_with('\n') {
        return Err("its header line does not end: the file was changed since it was written".into());
    }
    let mut values = start;
    let mut done = 0;
    let mut complete = head.len() + 1;
    for (i, line) in text[complete.min(text.len())..].split_inclusive('\n').enumerate() {
        if !line.ends_with('\n') {
            break; // cut short
        }
        let fields: Vec<&str> = line.trim_end().split(',').collect();
        let row = || format!("line {} was changed since it was written", i + 2);
        if fields.len() != 3 + ws.len() + 4 || fields[0].parse::<usize>().ok() != Some(done + 1) {
            return Err(row());
        }
        for (v, f) in values.iter_mut().zip(&fields[3..3 + ws.len()]) {
            *v = f.parse().map_err(|_| row())?;
        }
        done += 1;
        complete += line.len();
    }
    Ok((values, done, complete))
}
