//! A program's lines as the host reads them (`stadt_core::child`).

use stadt_core::child::{Launch, LineChild};
use std::time::Duration;

/// Lines a program writes together reach the host together: a second line written in the same
/// write as the answer is there to be found (as a move sent unasked) right after the answer is
/// read, however late the reader thread runs (it once handed them over one at a time, and on a
/// busy machine the host asked its next question in between).
#[test]
fn lines_written_together_are_read_together() {
    let launch = Launch {
        command: [
            "sh",
            "-c",
            r#"printf '{"type":"move","move":"a"}\n{"type":"move","move":"b"}\n'; sleep 5"#,
        ]
        .map(String::from)
        .to_vec(),
        dir: std::env::temp_dir(),
        env: Vec::new(),
        max_line: 1000,
        limits: Default::default(),
    };
    for _ in 0..200 {
        let mut child = LineChild::start(&launch).expect("sh starts");
        let first = child.receive(Duration::from_secs(10)).expect("the first line");
        assert_eq!(first["move"], "a");
        let second = child.unread().expect("the second line is already there").expect("a message");
        assert_eq!(second["move"], "b");
        assert!(child.unread().is_none());
        child.stop(&serde_json::json!({"type": "quit"}), Duration::from_millis(10));
    }
}
