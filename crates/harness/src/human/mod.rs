//! A person against the bots in the browser (`stadt play --human N`): the game runs through the
//! runner's loop like any other, the person's seat being an outside agent that waits for the
//! page's move; the page is served on loopback behind a token (`web::server`) and is shown the
//! public position only (`state`).

pub mod any;
mod session;
pub mod state;

use crate::runner;
use crate::web::server::{Call, LocalServer, Reply};
use die_stadt::ids::Player;
use die_stadt::kind::DieStadt;
use die_stadt::moves::Move;
use die_stadt::observation::Observation;
use die_stadt::record;
use die_stadt::table::Table;
use die_stadt::tiles::TileSet;
use session::{lock, page, serve_until, wait_for};
use stadt_core::bots::def::BotSpec;
use stadt_core::error::Error;
use stadt_core::seat::{OutsideAgent, Seat, SeatAgent};
use stadt_core::stop::Stop;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// What the server and the game share.
struct Shared {
    /// The latest public position.
    table: Option<Table>,
    /// Whether the game waits for the person.
    waiting: bool,
    /// Every decision so far, as record lines.
    log: Vec<String>,
    /// Whether the game thread has finished (the game is over, stopped or failed).
    done: bool,
    /// Why the game ended early, if it did.
    failure: Option<String>,
    /// Whether the page has been sent the finished game.
    end_seen: bool,
}

/// The link between the person's seat and the server.
struct Link {
    shared: Arc<Mutex<Shared>>,
    moves: Mutex<Receiver<Move>>,
    stop: Stop,
}

/// Who plays a seat: a bot, or the person at the page.
enum PlaySeat {
    /// A bot.
    Bot(BotSpec<DieStadt>),
    /// The person.
    Person(Arc<Link>),
}

struct PersonAgent(Arc<Link>);

impl OutsideAgent<DieStadt> for PersonAgent {
    fn act(&mut self, obs: &Observation) -> Result<Move, String> {
        let link = &self.0;
        {
            let mut s = lock(&link.shared);
            s.table = Some(obs.table().clone());
            s.waiting = true;
        }
        wait_for(&link.moves, &link.stop)
    }
}

impl Seat<DieStadt> for PlaySeat {
    fn label(&self) -> &str {
        match self {
            PlaySeat::Bot(b) => &b.label,
            PlaySeat::Person(_) => "you",
        }
    }

    fn full(&self) -> String {
        match self {
            PlaySeat::Bot(b) => b.full(),
            PlaySeat::Person(_) => "person".into(),
        }
    }

    fn clairvoyant(&self) -> bool {
        matches!(self, PlaySeat::Bot(b) if b.clairvoyant())
    }

    fn agent(&self, agent_seed: u64, seat: usize) -> Result<SeatAgent<DieStadt>, Error> {
        match self {
            PlaySeat::Bot(b) => b.agent(agent_seed, seat),
            PlaySeat::Person(link) => Ok(SeatAgent::Outside(Box::new(PersonAgent(link.clone())))),
        }
    }
}

/// A game between a person and bots.
pub struct PersonGame<'a> {
    /// The tile set.
    pub tileset: &'static TileSet,
    /// The bots of the other seats, in seat order.
    pub bots: &'a [BotSpec<DieStadt>],
    /// The person's seat.
    pub person: Player,
    /// The draw order (pile 1, 2, 3, top first).
    pub order: &'a [u8],
    /// The agents' seed.
    pub agent_seed: u64,
    /// The record's header: its `tiles` line and `seed`.
    pub head: runner::RecordHead,
}

/// How a served game ended.
pub struct Ended {
    /// The record of the decisions made (the whole game, or up to the stop).
    pub record: String,
    /// The final (or last) position.
    pub table: Option<Table>,
    /// Whether the game is over.
    pub finished: bool,
    /// Why it stopped early, if it did.
    pub failure: Option<String>,
}

/// Plays `game` with the person at the page `server` serves, until the game is over (and the page
/// has been shown the end, or `LINGER` has passed) or `stop` is requested.
pub fn serve(server: &LocalServer, game: &PersonGame, stop: &Stop) -> Result<Ended, Error> {
    let shared = Arc::new(Mutex::new(Shared {
        table: None,
        waiting: false,
        log: Vec::new(),
        done: false,
        failure: None,
        end_seen: false,
    }));
    let (tx, rx): (Sender<Move>, Receiver<Move>) = channel();
    let link = Arc::new(Link { shared: shared.clone(), moves: Mutex::new(rx), stop: stop.clone() });
    let players = game.bots.len() + 1;
    if game.person.index() >= players {
        return Err(Error::Setting(format!("seat {} is not one of the {players} seats", game.person)));
    }
    let mut bots = game.bots.iter();
    let seats: Vec<PlaySeat> = Player::all(players)
        .map(|p| {
            if p == game.person {
                PlaySeat::Person(link.clone())
            } else {
                PlaySeat::Bot(bots.next().expect("one bot per other seat").clone())
            }
        })
        .collect();
    let labels: Vec<String> = seats.iter().map(|s| s.label().to_string()).collect();
    let mut record = record::header(players, &game.head.tiles, game.tileset, game.order, game.head.seed);
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let mut observe = |obs: &Observation, mv: Move| {
                let mut s = lock(&shared);
                s.table = Some(obs.table().clone());
                s.waiting = false;
                s.log.push(record::move_line(obs.table(), mv));
            };
            let out = runner::play_deck(
                game.tileset,
                &seats,
                game.order,
                game.agent_seed,
                None,
                stop.flag(),
                &mut observe,
            );
            let mut s = lock(&shared);
            s.waiting = false;
            s.done = true;
            match out {
                Ok(Some(played)) => s.table = Some(played.game.table().clone()),
                Ok(None) => s.failure = Some("stopped".into()),
                Err(e) => s.failure = Some(e.to_string()),
            }
        });
        let page = page(include_str!("page.css"), include_str!("page.html"), include_str!("page.js"));
        serve_until(
            server,
            stop,
            &mut |call| handle(call, &shared, &tx, game.person, &labels, &page),
            &|| {
                let s = lock(&shared);
                s.done.then_some(s.end_seen || s.failure.is_some())
            },
        );
        worker.join().map_err(|_| Error::Setting("the game thread failed".into()))
    });
    result?;
    let s = lock(&shared);
    for line in &s.log {
        record.push_str(line);
        record.push('\n');
    }
    let finished = s.table.as_ref().is_some_and(Table::is_over) && s.failure.is_none();
    Ok(Ended { record, table: s.table.clone(), finished, failure: s.failure.clone() })
}

/// Answers one request of the page.
fn handle(
    call: &Call,
    shared: &Mutex<Shared>,
    moves: &Sender<Move>,
    person: Player,
    labels: &[String],
    page: &str,
) -> Reply {
    match (call.method, call.path) {
        ("GET", "/") => Reply::html(page.to_string()),
        ("GET", "/state") => {
            let mut s = lock(shared);
            let Some(table) = s.table.clone() else {
                return Reply::json(r#"{"starting":true}"#.into());
            };
            let status = match (&s.failure, s.done, s.waiting) {
                (Some(f), _, _) => format!("the game stopped: {f}"),
                (None, true, _) => state::winner_text(&table, person, labels),
                (None, false, true) => "your turn".to_string(),
                (None, false, false) => "the bots are moving".to_string(),
            };
            let view = state::view(&table, person, labels, s.waiting, &s.log, &status);
            if s.done {
                s.end_seen = true;
            }
            Reply::json(serde_json::to_string(&view).expect("plain data serializes"))
        }
        ("POST", "/move") => {
            let text = call.body.trim();
            let words: Vec<&str> = text.split_whitespace().collect();
            if words.is_empty() || text.contains('\n') {
                return Reply::text(
                    400,
                    "a move is one decision line in record notation, such as `tile 3 -1 90`",
                );
            }
            let d = match record::parse_decision(1, &words) {
                Ok(d) => d,
                Err(e) => return Reply::text(400, format!("`{text}`: {}", e.message)),
            };
            let mut s = lock(shared);
            let checked = match s.table.as_ref().filter(|_| s.waiting) {
                None => Err(Reply::text(409, "it is not your turn: wait for the bots")),
                Some(_) if d.player.is_some_and(|p| p != person) => {
                    Err(Reply::text(422, format!("you play {person}")))
                }
                Some(table) => record::decision_to_move(table, &d.decision)
                    .and_then(|mv| table.check(mv).map(|()| mv).map_err(|e| e.to_string()))
                    .map_err(|m| Reply::text(422, format!("`{text}` is not allowed: {m}"))),
            };
            let mv = match checked {
                Ok(mv) => mv,
                Err(reply) => return reply,
            };
            s.waiting = false;
            if moves.send(mv).is_err() {
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
