//! Catan for the harness: the core's adapter (`stadt_core::kind::GameKind`) over the engine. Its
//! options are the rule options of docs/catan/rules.md section 11; a seat sees its
//! `Observation`; records are `stadt-catan-record 2` (every chance outcome on a `chance:` line); a bot in another program is shown the
//! record as its seat saw it (`record::seat_record`): its own cards drawn and the steals it took
//! part in, not the others'.

use crate::board::Board;
use crate::ids::{DevCard, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::ProgressCard;
use crate::knights::tracks::Track;
use crate::moves::Move;
use crate::moves::Phase;
use crate::observation::Observation;
use crate::options::Options;
use crate::record::{self, move_line};
use crate::state::State;
use stadt_core::error::Error;
use stadt_core::kind::{Columns, GameKind, GameOption};
use stadt_core::seeds::{derive, stream};
use std::ops::RangeInclusive;

/// The name `--game` takes.
pub use crate::NAME;

/// Catan's options (`crate::options` declares them).
pub use crate::options::OPTIONS;

/// Catan with a set of options.
#[derive(Clone, Copy, Debug)]
pub struct Catan {
    /// The options every game is dealt with.
    pub options: Options,
    /// The board every game is played on; None deals one from each game's seed.
    pub board: Option<Board>,
}

impl Catan {
    /// Catan with these options, a board dealt for every game.
    pub fn new(options: Options) -> Catan {
        Catan { options, board: None }
    }

    /// The set-up as manifests record it: the options, and the board when one is fixed.
    pub fn setup_text(&self) -> String {
        let board = self.board.map_or_else(|| "dealt from the seed\n".to_string(), |b| b.to_text());
        format!("{NAME}\noptions {}\nboard {board}", record::options_text(&self.options))
    }
}

/// What an agent is told of its game before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    /// Its seat.
    pub seat: Player,
    /// Players in the game.
    pub players: usize,
    /// The seed its generator is seeded with.
    pub seed: u64,
    /// The options, as `record::options_text` writes them.
    pub options: String,
}

/// A Städte und Ritter player's points by source (K84) and the details of his game.
fn knights_values(s: &State, p: Player, sources: &mut Vec<i32>, details: &mut Vec<String>) {
    let points = s.points_by_source(p);
    sources.clear();
    sources.extend([
        points.settlements as i32,
        2 * points.cities as i32,
        2 * points.metropolises as i32,
        2 * points.longest_route as i32,
        points.merchant as i32,
        points.defenders as i32,
        points.progress as i32,
    ]);
    let knights = (0..crate::topology::NODES).filter_map(|n| s.knight(crate::ids::Node(n as u8)));
    let levels: Vec<String> = Track::ALL.iter().map(|&t| s.level(p, t).to_string()).collect();
    details.clear();
    details.extend([
        s.turns().to_string(),
        s.road_length(p).to_string(),
        s.ship().attacks.to_string(),
        s.barbarian_wins().to_string(),
        s.cities_lost(p).0.to_string(),
        s.cities_lost(p).1.to_string(),
        knights.filter(|k| k.owner() == p.0).count().to_string(),
        levels.join("/"),
    ]);
}

/// What a record's header holds besides the deal: nothing yet (the seed is the deal's).
#[derive(Clone, Debug, Default)]
pub struct RecordHead;

/// The record of a game as its players saw it: the deal's public part, every decision, the dice
/// rolled and, under a random discard, the cards each player discarded on a 7; and lines only
/// some players saw, tagged with them (`[p2] p2 draws knight`, `[p1,p3] p1 steals wool from
/// p3`). A seat is shown only its own lines (`record::seat_record`), never this text whole.
pub struct PublicLog {
    text: String,
    /// Whether a roll's dice are still to be written.
    rolling: bool,
    /// Whether the deal's lines are written.
    started: bool,
    /// A chance step whose outcome is still to be written once it is resolved.
    pending: Pending,
    /// Städte und Ritter's hidden events (K85).
    knights: KnightsLog,
}

/// What a Städte und Ritter log follows to write its hidden events (K85): the progress cards
/// each player held and laid down when last written, every hand before a steal, and the player a
/// Spy or Master Merchant takes from.
#[derive(Default)]
struct KnightsLog {
    progress: [[u8; 25]; 4],
    laid: [u8; 4],
    hands: Option<[[u8; 8]; 4]>,
    /// The hands were kept for a monopoly (seen by all), not a steal (seen by two).
    monopoly: bool,
    victim: u8,
}

/// A player's cards by kind, commodities included.
fn hand8(s: &State, p: usize) -> [u8; 8] {
    CardKind::ALL.map(|k| s.cards_of(Player(p as u8), k))
}

impl KnightsLog {
    /// Lines for what changed since the log last looked: progress cards drawn (seen by the
    /// drawer, their deck by all; a victory point by all, K49) and cards stolen (seen by thief
    /// and victim); then the log looks at `s` again.
    fn catch_up(&mut self, s: &State, text: &mut String) {
        for q in 0..s.players() {
            let p = Player(q as u8);
            let (held, laid) = (s.progress_cards(p), s.progress_points(p));
            for card in ProgressCard::ALL {
                let k = card.index();
                for _ in self.progress[q][k]..held[k] {
                    text.push_str(&format!("[p{0}] p{0} draws {1}\n", q + 1, card.name()));
                    text.push_str(&format!("p{} draws a {} card\n", q + 1, card.colour().name()));
                }
            }
            if laid > self.laid[q] {
                text.push_str(&format!(
                    "p{} lays down {} victory point card(s)\n",
                    q + 1,
                    laid - self.laid[q]
                ));
            }
            self.progress[q] = *held;
            self.laid[q] = laid;
        }
        if let Some(before) = self.hands.take() {
            let thief = s.current().index();
            let monopoly = std::mem::take(&mut self.monopoly);
            for (v, was) in before.iter().enumerate().take(s.players()) {
                if v == thief {
                    continue;
                }
                let now = hand8(s, v);
                if monopoly {
                    // How many cards each gave is seen by all (a seat rebuilding the game from
                    // its record, `seat_record`, gives the same).
                    for (k, kind) in CardKind::ALL.iter().enumerate().filter(|&(k, _)| was[k] > now[k]) {
                        let (t, v, n) = (thief + 1, v + 1, was[k] - now[k]);
                        text.push_str(&format!("p{t} takes {n} {kind} from p{v}\n"));
                    }
                    continue;
                }
                for (k, kind) in CardKind::ALL.iter().enumerate() {
                    for _ in now[k]..was[k] {
                        let (t, v) = (thief + 1, v + 1);
                        text.push_str(&format!("[p{t},p{v}] p{t} steals {kind} from p{v}\n"));
                    }
                }
            }
        }
    }

    /// The line of a move that others see only in part (K85), or None for a public move.
    fn private_line(&mut self, s: &State, mv: Move) -> Option<String> {
        let me = s.actor().0 + 1;
        let v = self.victim + 1;
        match mv {
            Move::MasterMerchant(q) => {
                self.victim = q.0;
                // K77: the Master Merchant looks at the hand he takes from.
                let hand = hand8(s, q.index());
                let cards: Vec<String> = CardKind::ALL
                    .iter()
                    .zip(hand)
                    .filter(|&(_, n)| n > 0)
                    .map(|(k, n)| format!("{n} {k}"))
                    .collect();
                let shown = if cards.is_empty() { "no card".to_string() } else { cards.join(" ") };
                Some(format!("{}\n[p{me}] p{} shows {shown}\n", move_line(s, mv), q.0 + 1))
            }
            Move::Robber(..) | Move::Bishop(_) | Move::ResourceMonopoly(_) | Move::TradeMonopoly(_) => {
                self.hands =
                    Some(std::array::from_fn(|q| if q < s.players() { hand8(s, q) } else { [0; 8] }));
                self.monopoly = matches!(mv, Move::ResourceMonopoly(_) | Move::TradeMonopoly(_));
                None
            }
            Move::Spy(q) => {
                self.victim = q.0;
                // K80: the spy sees the hand he takes from.
                let cards: Vec<&str> = ProgressCard::ALL
                    .into_iter()
                    .flat_map(|c| std::iter::repeat_n(c.name(), s.progress_cards(q)[c.index()] as usize))
                    .collect();
                let shown = if cards.is_empty() { "no progress card".to_string() } else { cards.join(" ") };
                Some(format!("{}\n[p{me}] p{} shows {shown}\n", move_line(s, mv), q.0 + 1))
            }
            Move::PutBack(card) => {
                self.progress[s.actor().index()][card.index()] -= 1;
                let others: Vec<String> =
                    (1..=s.players() as u8).filter(|&q| q != me).map(|q| format!("p{q}")).collect();
                Some(format!(
                    "[p{me}] {}\n[{}] p{me} puts a card back under the {} deck\n",
                    move_line(s, mv),
                    others.join(","),
                    card.colour().name()
                ))
            }
            Move::SpyTake(card) => {
                self.progress[self.victim as usize][card.index()] -= 1;
                self.progress[s.actor().index()][card.index()] += 1;
                // The card's back shows its colour to all.
                Some(self.between_two(s, mv, me, v, &format!("a {} card", card.colour().name())))
            }
            Move::Take(_) => Some(self.between_two(s, mv, me, v, "a card")),
            _ => None,
        }
    }

    /// A move seen whole by `me` and `v`, the others told only that `what` moved.
    fn between_two(&self, s: &State, mv: Move, me: u8, v: u8, what: &str) -> String {
        let others: Vec<String> =
            (1..=s.players() as u8).filter(|&q| q != me && q != v).map(|q| format!("p{q}")).collect();
        let mut out = format!("[p{me},p{v}] {}\n", move_line(s, mv));
        if !others.is_empty() {
            out.push_str(&format!("[{}] p{me} takes {what} from p{v}\n", others.join(",")));
        }
        out
    }
}

/// What a chance step changes, seen before it is resolved.
enum Pending {
    None,
    /// A development card drawn by the buyer: his cards before.
    Draw(Player, [u8; 5]),
    /// A card stolen: the thief and the victim, the thief's hand before.
    Steal(Player, Player, crate::ids::Cards),
    /// Random discards on a 7: every hand before the roll.
    Discards([crate::ids::Cards; crate::state::MAX_PLAYERS]),
    /// A monopoly played: its player, the resource, and every hand before.
    Monopoly(Player, Resource, [crate::ids::Cards; crate::state::MAX_PLAYERS]),
}

impl PublicLog {
    fn catch_up(&mut self, s: &State) {
        if !self.started {
            self.text.push_str(&format!(
                "players {}\noptions {}\n",
                s.players(),
                record::options_text(s.options())
            ));
            self.text.push_str(&s.board().to_text());
            self.started = true;
        }
        if s.options().knights() {
            self.knights.catch_up(s, &mut self.text);
        }
        if self.rolling && s.has_rolled() && s.options().knights() {
            let (red, event) = s.red_and_event();
            self.text.push_str(&format!("dice {red} {} event {event}\n", s.last_roll() - red));
            self.rolling = false;
            self.pending = Pending::None;
        }
        if self.rolling && s.has_rolled() {
            self.text.push_str(&format!("dice {}\n", s.last_roll()));
            self.rolling = false;
            // The hands before the roll, kept for random discards: only a 7 has them.
            if s.last_roll() != 7 {
                self.pending = Pending::None;
            }
        }
        let resolved = match self.pending {
            Pending::None => return,
            Pending::Draw(..) => s.phase() != Phase::Draw,
            Pending::Steal(..) => s.phase() != Phase::Steal,
            Pending::Discards(..) => !self.rolling && s.phase() != Phase::RandomDiscard,
            Pending::Monopoly(..) => true,
        };
        if !resolved {
            return;
        }
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::Draw(p, before) => {
                if let Some(k) =
                    DevCard::ALL.into_iter().find(|k| s.dev_cards(p)[k.index()] > before[k.index()])
                {
                    self.text.push_str(&format!("[p{0}] p{0} draws {1}\n", p.0 + 1, k.name()));
                }
            }
            Pending::Steal(thief, victim, before) => {
                if let Some(r) =
                    Resource::ALL.into_iter().find(|r| s.hand(thief)[r.index()] > before[r.index()])
                {
                    let (t, v) = (thief.0 + 1, victim.0 + 1);
                    self.text.push_str(&format!("[p{t},p{v}] p{t} steals {} from p{v}\n", r.name()));
                }
            }
            Pending::Discards(before) => {
                for (p, was) in before.iter().enumerate().take(s.players()) {
                    let gone: Vec<&str> = Resource::ALL
                        .iter()
                        .flat_map(|&r| {
                            let n = was[r.index()].saturating_sub(s.hand(Player(p as u8))[r.index()]);
                            std::iter::repeat_n(r.name(), n as usize)
                        })
                        .collect();
                    if !gone.is_empty() {
                        self.text.push_str(&format!("p{} discards {}\n", p + 1, gone.join(" ")));
                    }
                }
            }
            // How many cards each gave is seen by all, so a seat that rebuilds the game from its
            // record (`seat_record`) gives the same.
            Pending::Monopoly(p, r, before) => {
                for (q, was) in before.iter().enumerate().take(s.players()).filter(|&(q, _)| q != p.index()) {
                    let gave = was[r.index()] - s.hand(Player(q as u8))[r.index()];
                    if gave > 0 {
                        self.text.push_str(&format!(
                            "p{} takes {gave} {} from p{}\n",
                            p.0 + 1,
                            r.name(),
                            q + 1
                        ));
                    }
                }
            }
            Pending::None => {}
        }
    }

    fn push(&mut self, s: &State, mv: Move) {
        self.catch_up(s);
        let private = if s.options().knights() { self.knights.private_line(s, mv) } else { None };
        match private {
            Some(lines) => self.text.push_str(&lines),
            None => {
                self.text.push_str(&move_line(s, mv));
                self.text.push('\n');
            }
        }
        if s.options().knights() {
            // Städte und Ritter's steals are written from the hands (KnightsLog), commodities too.
            self.rolling |= mv == Move::Roll || matches!(mv, Move::Alchemist(..));
            return;
        }
        self.rolling |= mv == Move::Roll;
        let p = s.actor();
        self.pending = match mv {
            Move::Buy => Pending::Draw(p, *s.dev_cards(p)),
            Move::Robber(_, Some(victim)) => Pending::Steal(p, victim, s.hand(p)),
            Move::Monopoly(r) => Pending::Monopoly(
                p,
                r,
                std::array::from_fn(|q| if q < s.players() { s.hand(Player(q as u8)) } else { [0; 5] }),
            ),
            // A 7 takes no card but the discards (no production), so the hands before the roll
            // show what each discarded.
            Move::Roll if s.options().discard == crate::options::Discard::Random => {
                Pending::Discards(std::array::from_fn(|q| {
                    if q < s.players() { s.hand(Player(q as u8)) } else { [0; 5] }
                }))
            }
            _ => Pending::None,
        };
    }
}

impl GameKind for Catan {
    type State = State;
    type Move = Move;
    type Observation<'a> = Observation<'a>;
    type Info = GameInfo;
    type RecordHead = RecordHead;
    type History = PublicLog;

    fn name(&self) -> &'static str {
        NAME
    }

    /// 2 to 4 (C1, C40); Städte und Ritter 3 or 4 (K1).
    fn players(&self) -> RangeInclusive<usize> {
        if self.options.knights() { 3..=4 } else { 2..=4 }
    }

    fn players_rule(&self) -> &'static str {
        if self.options.knights() { "K1" } else { "C1, C40" }
    }

    fn options(&self) -> &'static [GameOption] {
        &OPTIONS
    }

    /// Points by source (C38); turns played and the longest road and army at the end.
    fn columns(&self) -> Columns {
        if self.options.knights() {
            // K84's sources; the barbarians' attacks and the player's knights and levels.
            return Columns::new(
                &[
                    "settlements",
                    "cities",
                    "metropolises",
                    "longest_road",
                    "merchant",
                    "defenders",
                    "progress_cards",
                ],
                &[
                    "turns",
                    "road_length",
                    "attacks",
                    "barbarians_won",
                    "cities_lost",
                    "cities_removed",
                    "knights",
                    "levels",
                ],
            );
        }
        Columns::new(
            &["settlements", "cities", "vp_cards", "longest_road", "largest_army"],
            &["turns", "road_length", "knights"],
        )
    }

    fn final_values(&self, s: &State, seat: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        let p = Player(seat as u8);
        if self.options.knights() {
            knights_values(s, p, sources, details);
            return;
        }
        let (settlements, cities, _) = s.pieces(p);
        sources.clear();
        sources.extend([
            settlements as i32,
            2 * cities as i32,
            s.dev_cards(p)[DevCard::VictoryPoint.index()] as i32,
            if s.longest_road() == Some(p) { 2 } else { 0 },
            if s.largest_army() == Some(p) { 2 } else { 0 },
        ]);
        details.clear();
        details.extend([
            s.turns().to_string(),
            s.road_length(p).to_string(),
            s.played(p)[DevCard::Knight.index()].to_string(),
        ]);
    }

    /// The board, decks and dice from `seed`'s deck stream: every seating of a deal plays the
    /// same game.
    fn deal(&self, players: usize, seed: u64) -> Result<State, Error> {
        let seed = derive(seed, &[stream::DECK]);
        match self.board {
            Some(board) => State::new(board, players, self.options, seed),
            None => State::deal(players, self.options, seed),
        }
        .map_err(|e| Error::Setup(Box::new(e)))
    }

    fn observe<'a>(&self, s: &'a State, clairvoyant: bool, history: Option<&'a str>) -> Observation<'a> {
        let obs = if clairvoyant { Observation::clairvoyant(s) } else { Observation::new(s) };
        match history {
            Some(h) => obs.with_history(h),
            None => obs,
        }
    }

    fn check(&self, s: &State, mv: Move) -> Result<(), String> {
        s.check(mv).map_err(|e| format!("`{}`: {e}", record::move_text(mv)))
    }

    fn info(&self, players: usize, seat: usize, seed: u64) -> GameInfo {
        GameInfo { seat: Player(seat as u8), players, seed, options: record::options_text(&self.options) }
    }

    fn record_header(&self, s: &State, _head: &RecordHead) -> String {
        record::header(s)
    }

    /// The chance outcomes since the last move (`chance: ...` lines), then the move's line.
    fn record_line(&self, s: &State, mv: Move) -> String {
        record::record_lines(s, mv)
    }

    fn record_end(&self, s: &State) -> String {
        record::end_lines(s)
    }

    fn history(&self, _players: usize) -> PublicLog {
        PublicLog {
            text: String::new(),
            rolling: false,
            started: false,
            pending: Pending::None,
            knights: KnightsLog::default(),
        }
    }

    fn history_catch_up(&self, history: &mut PublicLog, s: &State) {
        history.catch_up(s);
    }

    fn history_push(&self, history: &mut PublicLog, s: &State, mv: Move) {
        history.push(s, mv);
    }

    fn history_text<'h>(&self, history: &'h PublicLog) -> &'h str {
        &history.text
    }

    fn picture(&self, s: &State, seats: &[String]) -> String {
        crate::picture::board_svg(s, seats, None)
    }

    fn seat_picture(&self, obs: &Observation<'_>, seats: &[String]) -> String {
        // The position as the player sees it, the others' hidden cards drawn as counts only.
        let me = stadt_core::game::Determinize::actor(obs);
        crate::picture::board_svg(&stadt_core::game::Determinize::public(obs), seats, Some(me))
    }
}
