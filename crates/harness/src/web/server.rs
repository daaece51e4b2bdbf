//! A small HTTP server for one person on this machine: it listens on loopback only (127.0.0.1),
//! answers only requests that carry its random token (`?token=...`, printed in its address),
//! reads bodies of a few kilobytes at most, and hands every other request a plain status. It
//! rests on tiny_http: synchronous and small, enough for one page polling one game, with no async
//! runtime to carry.

use std::io::Read as _;
use std::time::Duration;

/// The largest request body read; a larger one is answered 413.
pub const MAX_BODY: usize = 4096;

/// A request as the handler sees it, once its token was checked and its body read.
pub struct Call<'a> {
    /// `GET` or `POST` (other methods are answered 405 before the handler).
    pub method: &'a str,
    /// The path, without the query.
    pub path: &'a str,
    /// The body, UTF-8.
    pub body: &'a str,
}

/// A reply: status, content type and body.
pub struct Reply {
    /// HTTP status code.
    pub status: u16,
    /// `text/html; charset=utf-8`, `application/json`, ...
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    /// A reply of this status with a plain-text body.
    pub fn text(status: u16, body: impl Into<String>) -> Reply {
        Reply { status, content_type: "text/plain; charset=utf-8", body: body.into() }
    }

    /// A 200 reply with a JSON body.
    pub fn json(body: String) -> Reply {
        Reply { status: 200, content_type: "application/json", body }
    }

    /// A 200 reply with an HTML page.
    pub fn html(body: String) -> Reply {
        Reply { status: 200, content_type: "text/html; charset=utf-8", body }
    }
}

/// A server listening on 127.0.0.1 with its token.
pub struct LocalServer {
    http: tiny_http::Server,
    token: String,
    port: u16,
}

/// A token of 128 random bits from the operating system, in hex. Not from the run's seed: a
/// token anyone could recompute would guard nothing.
fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("cannot get random bytes for the token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl LocalServer {
    /// Listens on 127.0.0.1:`port` (0: a port of the system's choice) with a new random token.
    pub fn bind(port: u16) -> Result<LocalServer, String> {
        let http = tiny_http::Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = http.server_addr().to_ip().map(|a| a.port()).ok_or("the server has no IP address")?;
        Ok(LocalServer { http, token: new_token()?, port })
    }

    /// The address to open, with the token.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/?token={}", self.port, self.token)
    }

    /// The port listened on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Waits up to `timeout` for one request and answers it: 403 without the right token, 405 for
    /// a method other than GET and POST, 413 for a body over `MAX_BODY`, 400 for a body that is
    /// not UTF-8, else what `handler` replies. Returns whether a request was answered.
    pub fn serve_one(&self, timeout: Duration, handler: &mut dyn FnMut(&Call) -> Reply) -> bool {
        let mut request = match self.http.recv_timeout(timeout) {
            Ok(Some(r)) => r,
            Ok(None) | Err(_) => return false,
        };
        let url = request.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let method = request.method().as_str().to_string();
        let reply = if !self.token_matches(query) {
            Reply::text(403, "forbidden: open the address the command printed, with its token")
        } else if method != "GET" && method != "POST" {
            Reply::text(405, format!("method {method} is not allowed here (GET or POST)"))
        } else if request.body_length().is_some_and(|n| n > MAX_BODY) {
            Reply::text(413, format!("a request body may hold at most {MAX_BODY} bytes"))
        } else {
            let mut body = Vec::new();
            let read = request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body);
            match (read, String::from_utf8(body)) {
                (Err(e), _) => Reply::text(400, format!("cannot read the request body: {e}")),
                (_, Err(_)) => Reply::text(400, "the request body is not UTF-8 text"),
                (_, Ok(b)) if b.len() > MAX_BODY => {
                    Reply::text(413, format!("a request body may hold at most {MAX_BODY} bytes"))
                }
                (_, Ok(body)) => handler(&Call { method: &method, path, body: &body }),
            }
        };
        let mut response = tiny_http::Response::from_string(reply.body).with_status_code(reply.status);
        for (name, value) in [
            ("Content-Type", reply.content_type),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            (
                "Content-Security-Policy",
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
            ),
        ] {
            if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
                response.add_header(h);
            }
        }
        // A client that went away needs no answer.
        let _ = request.respond(response);
        true
    }

    /// Whether a query carries exactly this server's token (compared in constant time).
    fn token_matches(&self, query: &str) -> bool {
        let given = query.split('&').find_map(|kv| kv.strip_prefix("token=")).unwrap_or("");
        given.len() == self.token.len()
            && given.bytes().zip(self.token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}
