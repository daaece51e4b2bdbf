//! A person against the bots in the browser for any game (`stadt --game catan play --human N`):
//! the page shows the picture of what the person's seat sees (`GameKind::seat_picture`) at each
//! of their decisions, the legal moves as buttons in the game's move text (`Spoken::decision`),
//! and every decision made so far; the game runs through the core's runner like any other, the
//! person's seat an outside agent waiting for the page's move. Die Stadt keeps its own page
//! (`human::serve`), where tiles are placed on the board itself.

use super::session::{lock, page, serve_until, wait_for};
use crate::hosted::Hosted;
use crate::web::server::{Call, LocalServer, Reply};
use serde::Serialize;
use stadt_core::error::Error;
use stadt_core::protocol::Spoken;
use stadt_core::runner::{self, Table};
use stadt_core::seat::{OutsideAgent, Seat, SeatAgent};
use stadt_core::stop::Stop;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// What the page is sent.
#[derive(Clone, Debug, Default, Serialize)]
struct View {
    /// The picture: what the person saw at their last decision, the whole game at the end.
    picture: String,
    /// The person's legal moves, when it is their turn.
    moves: Vec<String>,
    /// Every decision so far, `pN: move`.
    log: Vec<String>,
    /// In words: whose turn, or how the game ended.
    status: String,
    /// Whether the game is over (or stopped).
    over: bool,
}

/// What the server and the game share.
#[derive(Default)]
struct Shared {
    view: View,
    /// Whether the game waits for the person.
    waiting: bool,
    /// Whether the game thread has finished.
    done: bool,
    /// Why the game ended early, if it did.
    failure: Option<String>,
    /// Whether the page has been sent the finished game.
    end_seen: bool,
}

/// The link between the person's seat and the server: the page's choice, by index into the
/// moves shown.
struct Link {
    shared: Arc<Mutex<Shared>>,
    choices: Mutex<Receiver<usize>>,
    stop: Stop,
    labels: Vec<String>,
}

/// Who plays a seat: a bot, or the person at the page.
enum PlaySeat<K: Hosted> {
    Bot(K::Entrant),
    Person(Arc<Link>, K),
}

struct PersonAgent<K: Hosted> {
    link: Arc<Link>,
    kind: K,
    moves: Vec<K::Move>,
    texts: Vec<String>,
}

impl<K: Hosted + Spoken + Clone> OutsideAgent<K> for PersonAgent<K> {
    fn act(&mut self, obs: &K::Observation<'_>) -> Result<K::Move, String> {
        let link = &self.link;
        K::decision(obs, &mut self.moves, &mut self.texts);
        {
            let mut s = lock(&link.shared);
            s.view.picture = self.kind.seat_picture(obs, &link.labels);
            s.view.moves = self.texts.clone();
            s.view.status = "your turn".into();
            s.waiting = true;
        }
        loop {
            // The page sends the index of a move it was shown.
            if let Some(&mv) = self.moves.get(wait_for(&link.choices, &link.stop)?) {
                return Ok(mv);
            }
        }
    }
}

impl<K: Hosted + Spoken + Clone> Seat<K> for PlaySeat<K> {
    fn label(&self) -> &str {
        match self {
            PlaySeat::Bot(b) => b.label(),
            PlaySeat::Person(..) => "you",
        }
    }

    fn full(&self) -> String {
        match self {
            PlaySeat::Bot(b) => b.full(),
            PlaySeat::Person(..) => "person".into(),
        }
    }

    fn clairvoyant(&self) -> bool {
        matches!(self, PlaySeat::Bot(b) if b.clairvoyant())
    }

    fn agent(&self, agent_seed: u64, seat: usize) -> Result<SeatAgent<K>, Error> {
        match self {
            PlaySeat::Bot(b) => b.agent(agent_seed, seat),
            PlaySeat::Person(link, kind) => Ok(SeatAgent::Outside(Box::new(PersonAgent {
                link: link.clone(),
                kind: kind.clone(),
                moves: Vec::new(),
                texts: Vec::new(),
            }))),
        }
    }
}

/// A game between a person and bots.
pub struct PersonGame<'a, K: Hosted> {
    /// The game.
    pub kind: &'a K,
    /// The bots of the other seats, in seat order.
    pub bots: &'a [K::Entrant],
    /// The person's seat, 0-based.
    pub person: usize,
    /// The seed of chance's generator.
    pub chance_seed: u64,
    /// The agents' seed.
    pub agent_seed: u64,
    /// The record's header, when a record is wanted.
    pub record: Option<&'a K::RecordHead>,
}

/// How a served game ended.
pub struct Ended<K: Hosted> {
    /// The finished game and its record (None when it stopped or failed first).
    pub played: Option<runner::PlayedGame<K>>,
    /// Why it stopped early, if it did.
    pub failure: Option<String>,
}

/// Plays `game`, dealt as `start`, with the person at the page `server` serves, until the game is over (and the page
/// has been shown the end, or `LINGER` has passed) or `stop` is requested.
pub fn serve<K: Hosted + Spoken + Clone>(
    server: &LocalServer,
    game: &PersonGame<'_, K>,
    start: K::State,
    stop: &Stop,
) -> Result<Ended<K>, Error> {
    // Handed to the game's thread (a game is Send, not Sync).
    let start = Mutex::new(Some(start));
    let players = game.bots.len() + 1;
    let shared = Arc::new(Mutex::new(Shared::default()));
    let (tx, rx): (Sender<usize>, Receiver<usize>) = channel();
    let mut labels: Vec<String> = game.bots.iter().map(|b| b.label().to_string()).collect();
    labels.insert(game.person, "you".into());
    let link = Arc::new(Link {
        shared: shared.clone(),
        choices: Mutex::new(rx),
        stop: stop.clone(),
        labels: labels.clone(),
    });
    let mut bots = game.bots.iter();
    let seats: Vec<PlaySeat<K>> = (0..players)
        .map(|p| {
            if p == game.person {
                PlaySeat::Person(link.clone(), game.kind.clone())
            } else {
                PlaySeat::Bot(bots.next().expect("one bot per other seat").clone())
            }
        })
        .collect();
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    let outcome = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            // Each decision as `pN: move`, in the game's move text.
            let mut observe = |obs: &K::Observation<'_>, mv: K::Move| {
                let (seat, _) = K::decision(obs, &mut moves, &mut texts);
                let text = moves.iter().position(|&m| m == mv).map_or("?", |i| texts[i].as_str());
                let mut s = lock(&shared);
                s.view.log.push(format!("p{seat}: {text}"));
                s.view.moves.clear();
                s.waiting = false;
                s.view.status = "the bots are moving".into();
            };
            let table = Table {
                kind: game.kind,
                agent_seed: game.agent_seed,
                chance_seed: game.chance_seed,
                want_record: game.record,
                stop: stop.flag(),
            };
            let dealt = start.lock().ok().and_then(|mut s| s.take()).expect("the game is dealt once");
            let out = runner::play(&table, &seats, dealt, &mut observe);
            K::worker_done();
            let mut s = lock(&shared);
            s.waiting = false;
            s.done = true;
            s.view.over = true;
            s.view.moves.clear();
            match out {
                Ok(Some(played)) => {
                    s.view.picture = game.kind.picture(&played.game, &labels);
                    s.view.status = "the game is over: the picture shows everyone's cards".into();
                    Some(played)
                }
                Ok(None) => {
                    s.failure = Some("stopped".into());
                    None
                }
                Err(e) => {
                    s.failure = Some(e.to_string());
                    None
                }
            }
        });
        let page = page(include_str!("any.css"), include_str!("any.html"), include_str!("any.js"));
        serve_until(server, stop, &mut |call| handle(call, &shared, &tx, &page), &|| {
            let s = lock(&shared);
            s.done.then_some(s.end_seen || s.failure.is_some())
        });
        worker.join().map_err(|_| Error::Setting("the game thread failed".into()))
    });
    let played = outcome?;
    let failure = lock(&shared).failure.clone();
    Ok(Ended { played, failure })
}

/// Answers one request of the page: the page, the view, or the person's move (its text, exactly
/// as one of the moves shown).
fn handle(call: &Call, shared: &Mutex<Shared>, choices: &Sender<usize>, page: &str) -> Reply {
    match (call.method, call.path) {
        ("GET", "/") => Reply::html(page.to_string()),
        ("GET", "/state") => {
            let mut s = lock(shared);
            let mut view = s.view.clone();
            if let Some(f) = &s.failure {
                view.status = format!("the game stopped: {f}");
            }
            if s.done {
                s.end_seen = true;
            }
            Reply::json(serde_json::to_string(&view).expect("plain data serializes"))
        }
        ("POST", "/move") => {
            let text = call.body.trim();
            let mut s = lock(shared);
            if !s.waiting {
                return Reply::text(409, "it is not your turn: wait for the bots");
            }
            let Some(i) = s.view.moves.iter().position(|m| m == text) else {
                return Reply::text(
                    422,
                    format!("`{text}` is not one of your {} legal moves", s.view.moves.len()),
                );
            };
            s.waiting = false;
            s.view.moves.clear();
            s.view.status = "the bots are moving".into();
            if choices.send(i).is_err() {
                return Reply::text(409, "the game is over");
            }
            Reply::json(r#"{"ok":true}"#.into())
        }
        (_, "/" | "/state" | "/move") => {
            Reply::text(405, format!("{} is not allowed on {}", call.method, call.path))
        }
        _ => Reply::text(404, format!("nothing at {}", call.path)),
    }
}
