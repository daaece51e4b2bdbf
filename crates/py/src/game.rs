//! `stadt.Game`: a game of any registered game for Python, over the game plug-in interface
//! (`stadt_harness::plugin::Plugin` and its `ActionSpace`). Chance steps are explicit, as
//! OpenSpiel has them: `draw()` resolves one from the game's own hidden part (Die Stadt's deck,
//! Catan's dice and decks, dealt from the seed as `stadt play --seed` deals them), and `apply`
//! takes any outcome that can happen. A game keeps what it needs to write its record; a player's
//! view (`public_view`) and a sample hold neither the real hidden part nor a record.

use crate::errors::{harness_error, value_error};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stadt_core::game::{Game as _, Turn};
use stadt_core::seeds::{derive, stream};
use stadt_harness::hosted::check_players;
use stadt_harness::plugin::{Chosen, ForGame, Plugin};
use stadt_harness::settings::{TILES, default_players};
use std::any::Any;
use std::path::Path;

/// `current_player()` at a chance node (OpenSpiel's `PlayerId.CHANCE`).
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

/// A step of a game since its record's base: what `to_record` replays.
#[derive(Clone, Copy, Debug)]
enum Entry<M> {
    /// A player's move.
    Move(M),
    /// A chance outcome given to `apply`.
    Outcome(usize),
    /// A chance step resolved from the game's hidden part (`draw`).
    Resolved,
}

/// What a game needs to write its record: the game at its start (for the header), the record's
/// lines up to `base` (a game read from a record), and every step since.
#[derive(Clone)]
struct History<K: Plugin> {
    start: K::State,
    head: K::RecordHead,
    body: String,
    base: K::State,
    base_rng: Pcg64Mcg,
    entries: Vec<Entry<K::Move>>,
}

/// A game of `K` for Python.
#[derive(Clone)]
pub struct GameOf<K: Plugin> {
    kind: K,
    /// The name it was made under (a game's own, or an alias).
    name: &'static str,
    /// Its options (an alias's preset included) and its tile set, as given.
    options: String,
    setup: String,
    state: K::State,
    /// Chance's generator, for a game whose hidden part does not fix an outcome itself.
    rng: Pcg64Mcg,
    /// Whether `draw()` may resolve chance from the hidden part: false in a player's view.
    hidden: bool,
    history: Option<History<K>>,
    /// Moves made since the start (as far as known).
    moves_made: usize,
    moves: Vec<K::Move>,
}

/// A game as Python's `stadt.Game` sees it, whatever the game: the object-safe face of `GameOf`.
pub trait DynGame: Send + Sync {
    /// The game itself, for code that knows its type (a bot of that game).
    fn as_any(&self) -> &dyn Any;
    fn boxed_clone(&self) -> Box<dyn DynGame>;
    fn name(&self) -> &'static str;
    fn options(&self) -> &str;
    fn players(&self) -> usize;
    fn turn(&self) -> Turn;
    fn step(&self) -> String;
    fn num_actions(&self) -> usize;
    fn num_outcomes(&self) -> usize;
    fn perfect_information(&self) -> bool;
    fn max_game_length(&self) -> usize;
    fn legal_actions(&mut self) -> Result<Vec<usize>, String>;
    fn chance_outcomes(&self) -> Result<Vec<(usize, f64)>, String>;
    fn witnesses(&self) -> Result<Vec<usize>, String>;
    fn action_to_string(&self, action: i64, chance: bool) -> Result<String, String>;
    fn apply(&mut self, action: i64) -> Result<(), String>;
    fn draw(&mut self) -> Result<Option<usize>, String>;
    fn has_deck(&self) -> bool;
    fn returns(&self) -> Vec<f64>;
    /// Per player: the score and its sources by name.
    fn scores(&self) -> Vec<Vec<(String, f64)>>;
    /// Per player: the game's other columns of `games.csv` by name.
    fn details(&self) -> Vec<Vec<(String, String)>>;
    fn seat(&self, player: Option<i64>) -> Result<usize, String>;
    fn tensor_shape(&self) -> Vec<usize>;
    fn tensor_range(&self) -> (f32, f32);
    fn unnumbered_chance(&self) -> Option<String>;
    fn tensor_into(&self, seat: usize, out: &mut [f32]);
    fn observation_json(&self, seat: usize) -> Option<String>;
    fn to_record(&self) -> Result<String, String>;
    fn public_record(&self) -> Result<String, String>;
    /// A game `seat` cannot tell from this one, its hidden part dealt afresh from `seed`: with
    /// `hidden` draws come from that sample, without (a player's view) they must be given.
    fn sample(&self, seed: u64, seat: usize, hidden: bool) -> Box<dyn DynGame>;
    fn render(&self) -> String;
    fn picture(&self) -> String;
}

impl<K: Plugin> GameOf<K> {
    /// A new game of `kind` (made as `name`) for `players`, dealt from `seed` (None: a seed from
    /// the operating system, not written to its record).
    pub fn new(
        kind: K,
        name: &'static str,
        options: String,
        setup: String,
        players: usize,
        seed: Option<u64>,
    ) -> Result<GameOf<K>, stadt_core::error::Error> {
        let deal = match seed {
            Some(s) => s,
            None => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes).map_err(|e| {
                    stadt_core::error::Error::Setting(format!("no seed from the system: {e}"))
                })?;
                u64::from_le_bytes(bytes) & (i64::MAX as u64)
            }
        };
        let state = kind.deal_at_start(players, derive(deal, &[0]))?;
        let rng = Pcg64Mcg::seed_from_u64(derive(deal, &[stream::CHANCE]));
        let history = History {
            start: state.clone(),
            head: kind.record_head_for(seed),
            body: String::new(),
            base: state.clone(),
            base_rng: rng.clone(),
            entries: Vec::new(),
        };
        Ok(GameOf {
            kind,
            name,
            options,
            setup,
            state,
            rng,
            hidden: true,
            history: Some(history),
            moves_made: 0,
            moves: Vec::new(),
        })
    }

    /// A player's view of `state`: no record, and chance outcomes must be given (`hidden`
    /// false), unless `hidden` (a sample, its own hidden part dealt afresh).
    pub fn view(kind: K, name: &'static str, setup: String, state: K::State, hidden: bool) -> GameOf<K> {
        GameOf {
            kind,
            name,
            options: String::new(),
            setup,
            state,
            rng: Pcg64Mcg::seed_from_u64(0),
            hidden,
            history: None,
            moves_made: 0,
            moves: Vec::new(),
        }
    }

    /// The game a record describes, after its last move (chance resolved up to the next decision
    /// as the replay resolves it); its record written again is the same.
    fn from_record(text: &str, setup: Option<&str>, name: &'static str) -> Result<GameOf<K>, String> {
        let mut start: Option<K::State> = None;
        let mut body = String::new();
        let file = Path::new("record");
        let replayed = K::replay_record(text, file, setup, true, &mut |kind, state, _, next| {
            start.get_or_insert_with(|| state.clone());
            if let Some((_, _, mv)) = next {
                body.push_str(&kind.record_line(state, mv));
            }
        })
        .map_err(|e| e.to_string())?;
        let kind = replayed.kind;
        let state = replayed.game;
        let rng = Pcg64Mcg::seed_from_u64(0);
        let history = History {
            start: start.unwrap_or_else(|| state.clone()),
            head: kind.record_head_of(text),
            body,
            base: state.clone(),
            base_rng: rng.clone(),
            entries: Vec::new(),
        };
        Ok(GameOf {
            options: String::new(),
            setup: setup.unwrap_or(TILES).to_string(),
            kind,
            name,
            state,
            rng,
            hidden: true,
            history: Some(history),
            moves_made: replayed.moves,
            moves: Vec::new(),
        })
    }

    /// The game itself.
    pub fn state(&self) -> &K::State {
        &self.state
    }

    /// The game's set-up.
    pub fn kind(&self) -> &K {
        &self.kind
    }

    /// Replays the steps since the record's base, showing `visit` each move with the game before
    /// it; returns the game at the end (the game as it stands).
    fn replay(&self, h: &History<K>, visit: &mut dyn FnMut(&K::State, K::Move)) -> K::State {
        let mut s = h.base.clone();
        let mut rng = h.base_rng.clone();
        for e in &h.entries {
            match *e {
                Entry::Move(mv) => {
                    visit(&s, mv);
                    s.apply(mv);
                }
                Entry::Outcome(n) => {
                    self.kind.apply_outcome(&mut s, n).expect("an outcome that happened happens again");
                }
                Entry::Resolved => {
                    self.kind.resolve_one(&mut s, &mut rng);
                }
            }
        }
        s
    }

    /// The error for a game without a record.
    fn no_record(&self) -> String {
        "this game has no record: it is a player's view or a sample, whose hidden part was dealt afresh"
            .to_string()
    }

    /// At a decision: the move `action` names, if it is legal and listed under that number.
    fn legal_move(&self, action: i64) -> Result<K::Move, String> {
        let n = self.kind.actions();
        let a = usize::try_from(action)
            .ok()
            .filter(|&a| a < n)
            .ok_or_else(|| format!("action {action} is outside the action space 0..{n}"))?;
        let mv = self.kind.move_of(&self.state, a)?;
        self.kind.check(&self.state, mv).map_err(|e| format!("illegal action {action} ({e})"))?;
        let text = || self.kind.move_text(&self.state, mv);
        match self.kind.action_of(&self.state, mv) {
            Some(listed) if listed == a => Ok(mv),
            Some(listed) => Err(format!(
                "action {action} (`{}`) names the move that legal_actions() lists as action {listed}: use {listed}",
                text()
            )),
            None => Err(format!("action {action} (`{}`) has no number", text())),
        }
    }

    /// The outcome number `action` at a chance step, if it names one.
    fn outcome_of(&self, action: i64) -> Result<usize, String> {
        let n = self.kind.outcome_count();
        usize::try_from(action)
            .ok()
            .filter(|&a| a < n)
            .ok_or_else(|| format!("chance outcome {action} is not one of 0 to {}", n.saturating_sub(1)))
    }
}

impl<K: Plugin> DynGame for GameOf<K> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn options(&self) -> &str {
        &self.options
    }

    fn players(&self) -> usize {
        self.state.players()
    }

    fn turn(&self) -> Turn {
        self.state.turn()
    }

    fn step(&self) -> String {
        self.kind.step_name(&self.state)
    }

    fn num_actions(&self) -> usize {
        self.kind.actions()
    }

    fn num_outcomes(&self) -> usize {
        self.kind.outcome_count()
    }

    fn perfect_information(&self) -> bool {
        self.kind.perfect_information()
    }

    fn max_game_length(&self) -> usize {
        self.kind.max_game_length(self.state.players())
    }

    fn legal_actions(&mut self) -> Result<Vec<usize>, String> {
        match self.state.turn() {
            Turn::Over => Ok(Vec::new()),
            Turn::Chance => Ok(self.kind.outcomes(&self.state)?.into_iter().map(|(n, _)| n).collect()),
            Turn::Player(_) => {
                self.state.legal_moves(&mut self.moves);
                let mut out: Vec<usize> =
                    self.moves.iter().filter_map(|&mv| self.kind.action_of(&self.state, mv)).collect();
                out.sort_unstable();
                out.dedup();
                Ok(out)
            }
        }
    }

    fn chance_outcomes(&self) -> Result<Vec<(usize, f64)>, String> {
        match self.state.turn() {
            Turn::Chance => self.kind.outcomes(&self.state),
            _ => Err("not a chance node: a player decides now, or the game is over".into()),
        }
    }

    fn witnesses(&self) -> Result<Vec<usize>, String> {
        match self.state.turn() {
            Turn::Chance => Ok(self.kind.witnesses(&self.state)),
            _ => Err("not a chance node: a player decides now, or the game is over".into()),
        }
    }

    fn action_to_string(&self, action: i64, chance: bool) -> Result<String, String> {
        if chance {
            let n = self.outcome_of(action)?;
            return self.kind.outcome_text(&self.state, n);
        }
        let n = self.kind.actions();
        let a = usize::try_from(action)
            .ok()
            .filter(|&a| a < n)
            .ok_or_else(|| format!("action {action} is outside the action space 0..{n}"))?;
        let mv = self.kind.move_of(&self.state, a)?;
        Ok(self.kind.move_text(&self.state, mv))
    }

    fn apply(&mut self, action: i64) -> Result<(), String> {
        match self.state.turn() {
            Turn::Over => Err(format!("the game is over: action {action} cannot follow")),
            Turn::Chance => {
                let n = self.outcome_of(action)?;
                let text = self.kind.outcome_text(&self.state, n)?;
                self.kind
                    .apply_outcome(&mut self.state, n)
                    .map_err(|e| format!("chance outcome {action} ({text}) cannot happen now: {e}"))?;
                if let Some(h) = self.history.as_mut() {
                    h.entries.push(Entry::Outcome(n));
                }
                Ok(())
            }
            Turn::Player(_) => {
                let mv = self.legal_move(action)?;
                if let Some(h) = self.history.as_mut() {
                    h.entries.push(Entry::Move(mv));
                }
                self.state.apply(mv);
                self.moves_made += 1;
                Ok(())
            }
        }
    }

    fn draw(&mut self) -> Result<Option<usize>, String> {
        match self.state.turn() {
            Turn::Over => return Err("no chance step now: the game is over".into()),
            Turn::Player(p) => return Err(format!("no chance step now: player {p} decides")),
            Turn::Chance => {}
        }
        if !self.hidden {
            return Err("this game has no hidden part to draw from (it is a player's view): apply one of chance_outcomes()".into());
        }
        let outcome = self.kind.resolve_one(&mut self.state, &mut self.rng);
        if let Some(h) = self.history.as_mut() {
            h.entries.push(Entry::Resolved);
        }
        Ok(outcome)
    }

    fn has_deck(&self) -> bool {
        self.hidden
    }

    fn returns(&self) -> Vec<f64> {
        self.kind.returns(&self.state)
    }

    fn scores(&self) -> Vec<Vec<(String, f64)>> {
        let n = self.state.players();
        let mut totals = vec![0.0; n];
        self.state.scores(&mut totals);
        let columns = self.kind.columns();
        let (mut sources, mut details) = (Vec::new(), Vec::new());
        (0..n)
            .map(|p| {
                self.kind.final_values(&self.state, p, &mut sources, &mut details);
                let mut out = vec![("score".to_string(), totals[p])];
                out.extend(columns.sources.iter().cloned().zip(sources.iter().map(|&v| v as f64)));
                out
            })
            .collect()
    }

    fn details(&self) -> Vec<Vec<(String, String)>> {
        let columns = self.kind.columns();
        let (mut sources, mut details) = (Vec::new(), Vec::new());
        (0..self.state.players())
            .map(|p| {
                self.kind.final_values(&self.state, p, &mut sources, &mut details);
                columns.details.iter().cloned().zip(details.iter().cloned()).collect()
            })
            .collect()
    }

    fn seat(&self, player: Option<i64>) -> Result<usize, String> {
        let n = self.state.players();
        match player {
            None => Ok(self.kind.seat_of(&self.state)),
            Some(p) if (0..n as i64).contains(&p) => Ok(p as usize),
            Some(p) => Err(format!("player {p} is not in this {n}-player game")),
        }
    }

    fn tensor_shape(&self) -> Vec<usize> {
        self.kind.tensor_shape()
    }

    fn tensor_range(&self) -> (f32, f32) {
        self.kind.tensor_range()
    }

    fn unnumbered_chance(&self) -> Option<String> {
        self.kind.unnumbered_chance()
    }

    fn tensor_into(&self, seat: usize, out: &mut [f32]) {
        self.kind.tensor(&self.state, seat, out);
    }

    fn observation_json(&self, seat: usize) -> Option<String> {
        self.kind.observation_json(&self.state, seat).map(|v| v.to_string())
    }

    fn to_record(&self) -> Result<String, String> {
        let h = self.history.as_ref().ok_or_else(|| self.no_record())?;
        let mut body = h.body.clone();
        let end = self.replay(h, &mut |s, mv| body.push_str(&self.kind.record_line(s, mv)));
        Ok(format!("{}{body}{}", self.kind.header_now(&h.start, &end, &h.head), self.kind.record_end(&end)))
    }

    fn public_record(&self) -> Result<String, String> {
        // The public record is what the game's own replay shows a seat: built from the record.
        let text = self.to_record()?;
        let setup = (self.setup != TILES).then_some(self.setup.as_str());
        let mut log: Option<K::History> = None;
        K::replay_record(&text, Path::new("record"), setup, true, &mut |kind, state, _, next| {
            let h = log.get_or_insert_with(|| kind.history(state.players()));
            kind.history_catch_up(h, state);
            if let Some((_, _, mv)) = next {
                kind.history_push(h, state, mv);
            }
        })
        .map_err(|e| e.to_string())?;
        let log = log.ok_or_else(|| "the record shows no game".to_string())?;
        Ok(self.kind.history_text(&log).to_string())
    }

    fn sample(&self, seed: u64, seat: usize, hidden: bool) -> Box<dyn DynGame> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let state = self.kind.sample(&self.state, seat, &mut rng);
        let mut view = GameOf::view(self.kind.clone(), self.name, self.setup.clone(), state, hidden);
        view.options = self.options.clone();
        view.rng = rng;
        Box::new(view)
    }

    fn render(&self) -> String {
        let result = self.kind.result_text(&self.state, self.moves_made);
        match self.kind.terminal(&self.state) {
            Some(picture) => format!("{picture}\n{result}"),
            None => result,
        }
    }

    fn picture(&self) -> String {
        self.kind.picture(&self.state, &[])
    }
}

/// A game for Python: any registered game, behind `DynGame`.
#[pyclass(name = "Game", module = "stadt._stadt")]
pub struct PyGame {
    pub(crate) inner: Box<dyn DynGame>,
}

impl PyGame {
    /// The game of `K` behind this object, if it is one.
    pub fn of<K: Plugin>(&self) -> Option<&GameOf<K>> {
        self.inner.as_any().downcast_ref::<GameOf<K>>()
    }
}

/// Makes a new game of the game it is given (`stadt.Game(...)`).
struct NewGame {
    players: Option<i64>,
    seed: Option<u64>,
    options: String,
    tiles: Option<String>,
}

impl ForGame for NewGame {
    type Out = PyResult<PyGame>;

    fn run<K: Plugin>(self, chosen: Chosen) -> PyResult<PyGame> {
        let options = chosen.options(&self.options).map_err(harness_error)?;
        let setup = self.tiles.unwrap_or_else(|| TILES.to_string());
        let kind = K::set_up(&setup, &options).map_err(harness_error)?;
        if let Some(why) = kind.unnumbered() {
            return Err(value_error(why));
        }
        let players = match self.players {
            None => default_players(&kind.players()),
            Some(p) => {
                let p = usize::try_from(p)
                    .map_err(|_| value_error(format!("players must be a count of players, not {p}")))?;
                check_players("players", p, kind.players(), kind.players_rule()).map_err(harness_error)?
            }
        };
        let game =
            GameOf::new(kind, chosen.name, options, setup, players, self.seed).map_err(harness_error)?;
        Ok(PyGame { inner: Box::new(game) })
    }
}

/// Reads a record of the game it is given (`Game.from_record`).
struct FromRecord<'a> {
    text: &'a str,
    tiles: Option<&'a str>,
}

impl ForGame for FromRecord<'_> {
    type Out = PyResult<PyGame>;

    fn run<K: Plugin>(self, chosen: Chosen) -> PyResult<PyGame> {
        let game = GameOf::<K>::from_record(self.text, self.tiles, chosen.name)
            .map_err(|e| value_error(format!("record {e}")))?;
        Ok(PyGame { inner: Box::new(game) })
    }
}

/// A Python int for a whole number, else a float.
fn number(py: Python<'_>, v: f64) -> PyResult<Py<PyAny>> {
    Ok(if v.fract() == 0.0 && v.abs() < 9e15 {
        (v as i64).into_pyobject(py)?.into_any().unbind()
    } else {
        v.into_pyobject(py)?.into_any().unbind()
    })
}

#[pymethods]
impl PyGame {
    /// A new game of `game` (a name `stadt.games()` lists; an alias presets its options) for
    /// `players` (default: 2 where the game allows it, else its fewest), dealt from `seed` as
    /// `stadt play --seed SEED` deals it (None: a seed from the operating system), under
    /// `options` and, for Die Stadt, the tile set `tiles`.
    #[new]
    #[pyo3(signature = (game = None, players = None, seed = None, options = String::new(), tiles = None))]
    fn new(
        game: Option<&str>,
        players: Option<i64>,
        seed: Option<u64>,
        options: String,
        tiles: Option<String>,
    ) -> PyResult<PyGame> {
        let name = game.unwrap_or_else(|| stadt::registry::default_name());
        stadt::registry::dispatch(name, "game", NewGame { players, seed, options, tiles })
            .map_err(harness_error)?
    }

    /// The game a record describes (any game's: its first line names it), after its last move;
    /// `tiles`: Die Stadt's tile-set file, for a record whose `tiles` line names one.
    #[classmethod]
    #[pyo3(signature = (text, tiles = None))]
    fn from_record(_cls: &Bound<'_, PyType>, text: &str, tiles: Option<&str>) -> PyResult<PyGame> {
        let first = text.lines().next().unwrap_or("");
        let name = stadt::registry::of_record(first)
            .ok_or_else(|| value_error(format!("record line 1: `{first}` starts no game's record")))?;
        stadt::registry::dispatch(name, "record", FromRecord { text, tiles }).map_err(harness_error)?
    }

    /// Die Stadt: a player's view of the position a public record describes (what a bot in
    /// another program is sent: docs/bot-protocol.md), no deck, no history.
    #[classmethod]
    #[pyo3(signature = (text, tiles = None))]
    fn from_public_record(_cls: &Bound<'_, PyType>, text: &str, tiles: Option<&str>) -> PyResult<PyGame> {
        use die_stadt::kind::DieStadt;
        let setup = tiles.unwrap_or(TILES);
        let set = stadt_harness::tileset::load(setup).map_err(harness_error)?;
        let table = die_stadt::public_record::replay_public(text, set)
            .map_err(|e| value_error(format!("public record {e}")))?;
        Ok(PyGame { inner: Box::new(die_stadt_view(DieStadt::new(set), setup.to_string(), &table)) })
    }

    /// The public record of the game so far (the one a bot in another program is sent).
    fn public_record(&self) -> PyResult<String> {
        self.inner.public_record().map_err(value_error)
    }

    /// The record of the game so far (`stadt replay` reads it).
    fn to_record(&self) -> PyResult<String> {
        self.inner.to_record().map_err(value_error)
    }

    /// An independent copy, its hidden part included.
    fn clone(&self) -> PyGame {
        PyGame { inner: self.inner.boxed_clone() }
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// What the player to decide (or `player`) is shown: the same position with what that seat
    /// cannot see dealt afresh, no record, and chance outcomes to be given to `apply`.
    #[pyo3(signature = (player = None))]
    fn public_view(&self, player: Option<i64>) -> PyResult<PyGame> {
        let seat = self.inner.seat(player).map_err(value_error)?;
        Ok(PyGame { inner: self.inner.sample(0, seat, false) })
    }

    /// A game `player` (default: the one to decide) cannot tell from this one, everything it
    /// does not see dealt afresh from `seed` (chance to come included): what a search from that
    /// seat plays on. It has no record.
    #[pyo3(signature = (seed, player = None))]
    fn sample(&self, seed: u64, player: Option<i64>) -> PyResult<PyGame> {
        let seat = self.inner.seat(player).map_err(value_error)?;
        Ok(PyGame { inner: self.inner.sample(seed, seat, true) })
    }

    /// Whether `draw()` can resolve chance from the game's own hidden part (not in a view).
    fn has_deck(&self) -> bool {
        self.inner.has_deck()
    }

    /// The game's name (as it was made: `staedte-und-ritter` for the alias).
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.name()
    }

    /// The options it was made with (an alias's preset included).
    #[getter]
    fn options(&self) -> String {
        self.inner.options().to_string()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// How many actions the action space has (every action is a number below it).
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// How many chance outcome numbers there are.
    fn num_outcomes(&self) -> usize {
        self.inner.num_outcomes()
    }

    /// The observation tensor's shape.
    fn tensor_shape(&self) -> Vec<usize> {
        self.inner.tensor_shape()
    }

    /// The least and the greatest number the observation tensor can hold.
    fn tensor_range(&self) -> (f32, f32) {
        self.inner.tensor_range()
    }

    /// Why some chance outcomes have no number (they can only be drawn), or None.
    fn unnumbered_chance(&self) -> Option<String> {
        self.inner.unnumbered_chance()
    }

    /// Whether every move and chance outcome is seen by every player.
    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    /// An upper bound on the moves and chance outcomes of the game.
    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }

    /// Who decides now: 0..players-1, -1 (CHANCE) at a chance node, -4 (TERMINAL) once over.
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Player(p) => p as i64,
            Turn::Chance => CHANCE,
            Turn::Over => TERMINAL,
        }
    }

    /// Whether chance acts now.
    fn is_chance_node(&self) -> bool {
        self.inner.turn() == Turn::Chance
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.turn() == Turn::Over
    }

    /// The step the game stands at (Die Stadt's `draw`, `tile`, ...; Catan's `pre-roll`, ...).
    fn step(&self) -> String {
        self.inner.step()
    }

    /// The legal actions, ascending: at a decision the moves' numbers, at a chance node the
    /// outcomes', none once the game is over.
    fn legal_actions(&mut self) -> PyResult<Vec<usize>> {
        self.inner.legal_actions().map_err(value_error)
    }

    /// The legal moves as a 0/1 vector (int8) over the action space; all zero at a chance node or
    /// the end.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; self.inner.num_actions()];
        if let Turn::Player(_) = self.inner.turn() {
            for a in self.inner.legal_actions().map_err(value_error)? {
                mask[a] = 1;
            }
        }
        Ok(mask.into_pyarray(py))
    }

    /// An action as text, in record notation; a chance outcome (at a chance node, or with
    /// `player=-1`) as its name (`draw NAME`, `dice 3 4`).
    #[pyo3(signature = (action, player = None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        let chance = player.map_or(self.inner.turn() == Turn::Chance, |p| p == CHANCE);
        self.inner.action_to_string(action, chance).map_err(value_error)
    }

    /// Applies an action: a legal move at a decision, an outcome that can happen at a chance
    /// node. Anything else raises ValueError naming the move and the rule.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        self.inner.apply(action).map_err(value_error)
    }

    /// Resolves the chance node from the game's hidden part; returns the outcome's number (None
    /// for an outcome without one, a random discard).
    fn draw(&mut self) -> PyResult<Option<usize>> {
        self.inner.draw().map_err(value_error)
    }

    /// At a chance node, the outcomes with their probabilities, ascending.
    fn chance_outcomes(&self) -> PyResult<Vec<(usize, f64)>> {
        self.inner.chance_outcomes().map_err(value_error)
    }

    /// At a chance node, the players who see its outcome.
    fn chance_witnesses(&self) -> PyResult<Vec<usize>> {
        self.inner.witnesses().map_err(value_error)
    }

    /// Every chance outcome's name, by number.
    fn outcome_names(&self) -> Vec<String> {
        (0..self.inner.num_outcomes() as i64)
            .map(|n| self.inner.action_to_string(n, true).unwrap_or_default())
            .collect()
    }

    /// Per player, the score and its sources (`{score, roads, ...}`): final once the game is
    /// over, the points so far before.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .scores()
            .into_iter()
            .map(|row| {
                let d = PyDict::new(py);
                for (k, v) in row {
                    d.set_item(k, number(py, v)?)?;
                }
                Ok(d)
            })
            .collect()
    }

    /// Per player, the game's other columns of `games.csv` (Die Stadt's `ended_by`, Catan's
    /// `turns`, ...), as text.
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .details()
            .into_iter()
            .map(|row| {
                let d = PyDict::new(py);
                for (k, v) in row {
                    d.set_item(k, v)?;
                }
                Ok(d)
            })
            .collect()
    }

    /// Each player's result, zero-sum: 0 before the end; at the end +1 for a sole winner,
    /// −1/(n−1) for a loser, winners sharing a tie.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// What `player` (default: the one to decide) sees, as a dict, for a game that has one (Die
    /// Stadt; docs/python.md); the same in any two games that player cannot tell apart.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.inner.seat(player).map_err(value_error)?;
        let text = self.inner.observation_json(seat).ok_or_else(|| {
            value_error(format!(
                "{} has no observation dict: its observation is observation_tensor()",
                self.inner.name()
            ))
        })?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// What `player` (default: the one to decide) sees as a float32 array of `tensor_shape()`;
    /// written into `out` (a C-contiguous float32 array of that many numbers) and returned, when
    /// given.
    #[pyo3(signature = (player = None, out = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyArrayDyn<f32>>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.inner.seat(player).map_err(value_error)?;
        let shape = self.inner.tensor_shape();
        let len: usize = shape.iter().product();
        match out {
            None => {
                let mut t = vec![0f32; len];
                self.inner.tensor_into(seat, &mut t);
                Ok(t.into_pyarray(py).reshape(shape)?.into_any())
            }
            Some(array) => {
                {
                    let mut view = array.try_readwrite().map_err(|e| value_error(format!("out: {e}")))?;
                    let slice = view.as_slice_mut().map_err(|_| value_error("out must be C-contiguous"))?;
                    if slice.len() != len {
                        return Err(value_error(format!(
                            "out holds {} floats; the tensor has {len}",
                            slice.len()
                        )));
                    }
                    self.inner.tensor_into(seat, slice);
                }
                Ok(array.into_any())
            }
        }
    }

    /// The game in text: Die Stadt's city as `stadt play --show` draws it, then each player's
    /// points as `stadt play` prints them.
    fn render(&self) -> String {
        self.inner.render()
    }

    /// The game as an SVG picture (it may show the hidden part).
    fn svg(&self) -> String {
        self.inner.picture()
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<stadt.Game {}, {} players, step {}{}>",
            self.inner.name(),
            self.inner.players(),
            self.inner.step(),
            if self.inner.has_deck() { "" } else { ", a view" }
        )
    }
}

/// A player's view of Die Stadt's `table` (the table's tiles to come in a fixed order, never
/// drawn from): what a Python agent in a tournament and a public record's reader get.
pub fn die_stadt_view(
    kind: die_stadt::kind::DieStadt,
    setup: String,
    table: &die_stadt::table::Table,
) -> GameOf<die_stadt::kind::DieStadt> {
    let state = die_stadt::game::Game::sampled(table, &mut Pcg64Mcg::seed_from_u64(0));
    GameOf::view(kind, die_stadt::kind::NAME, setup, state, false)
}

/// Every game and alias stadt plays, as `stadt games` lists them: `{name, about, players,
/// default_players, options, preset}`.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for g in stadt::registry::games() {
        let d = PyDict::new(py);
        d.set_item("name", g.name)?;
        d.set_item("about", g.about)?;
        d.set_item("players", g.players.clone().collect::<Vec<_>>())?;
        d.set_item("default_players", default_players(&g.players))?;
        let options = PyList::empty(py);
        for o in g.options {
            let od = PyDict::new(py);
            od.set_item("name", o.name)?;
            od.set_item("default", o.default)?;
            od.set_item("about", o.about)?;
            options.append(od)?;
        }
        d.set_item("options", options)?;
        d.set_item("preset", g.preset)?;
        list.append(d)?;
    }
    Ok(list)
}
