//! What a person's game in the browser needs whatever the page: the page's frame, the shared state
//! behind a lock, the person's seat waiting for the page's choice, and the server kept up until the
//! page has seen the end.

use crate::web::server::{Call, LocalServer, Reply};
use stadt_core::stop::Stop;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long the server stays up after the game ended if the page never fetches the end.
const LINGER: Duration = Duration::from_secs(30);

/// The state the server and the game share; a panic while it was held does not lose it.
pub(super) fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// The page's next choice, or why there is none (a stop was requested, or the page is gone).
pub(super) fn wait_for<T>(choices: &Mutex<Receiver<T>>, stop: &Stop) -> Result<T, String> {
    let choices = lock(choices);
    loop {
        match choices.recv_timeout(Duration::from_millis(100)) {
            Ok(choice) => return Ok(choice),
            Err(RecvTimeoutError::Timeout) if !stop.requested() => {}
            Err(_) => return Err("stopped while waiting for the person's move".into()),
        }
    }
}

/// A play page from its style, body and script.
pub(super) fn page(css: &str, body: &str, js: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>stadt: play against the bots</title>\n<style>{css}</style>\n</head>\n<body>\n{body}\n<script>{js}</script>\n</body>\n</html>\n"
    )
}

/// Answers the page's requests with `handle` until `ended` says the game is over and the page has
/// been shown the end (`Some(true)`; `Some(false)`: over, not yet shown), `LINGER` has passed
/// since the end, or `stop` is requested after it.
pub(super) fn serve_until(
    server: &LocalServer,
    stop: &Stop,
    handle: &mut dyn FnMut(&Call) -> Reply,
    ended: &dyn Fn() -> Option<bool>,
) {
    let mut done_at = None;
    loop {
        server.serve_one(Duration::from_millis(100), handle);
        if let Some(shown) = ended() {
            let since = *done_at.get_or_insert_with(Instant::now);
            if shown || since.elapsed() > LINGER || stop.requested() {
                break;
            }
        }
    }
}
