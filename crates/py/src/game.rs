//! `stadt.Game`: a game for Python. Tile draws are explicit chance nodes, as OpenSpiel has them: a
//! game made with a seed holds a hidden deck that `draw()` deals from; any game takes a chance
//! outcome (a tile type) through `apply`. Nothing here shows the hidden deck, and the views agents
//! are given carry none.

use crate::errors::{harness_error, value_error};
use crate::observe;
use die_stadt::actions::{self, ACTIONS};
use die_stadt::ids::Player;
use die_stadt::moves::{Move, Step};
use die_stadt::public_record::{PublicLog, replay_public};
use die_stadt::record::{self, Record, Tiles};
use die_stadt::table::Table;
use die_stadt::tiles::{TILE_COUNT, TileSet};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use stadt_core::seeds::derive;
use stadt_harness::runner::deck_order;

/// `current_player()` at a chance node (OpenSpiel's `PlayerId.CHANCE`).
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

/// One step of a game's history: what `to_record` replays.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// A tile drawn (placed in hand or set aside).
    Draw(u8),
    /// A player's decision.
    Decision(Move),
}

/// A game of Die Stadt: the public table, the game's history and, for a game made with a seed or
/// from a record, the hidden order of the tiles not drawn yet.
#[pyclass(name = "Game", module = "stadt._stadt")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) table: Table,
    /// The draw order, pile 1 first; the entries before `table.drawn()` are the tiles drawn.
    deck: Option<[u8; TILE_COUNT]>,
    seed: Option<u64>,
    /// The record's `tiles` line: `default` or the tile-set file's name.
    tiles: String,
    /// Every draw and decision from the start; None for a view made from a table mid-game.
    history: Option<Vec<Entry>>,
    moves: Vec<Move>,
}

/// Loads `tiles` (None or `default`: the built-in set) and the name a record gives it.
pub fn tile_set(tiles: Option<&str>) -> PyResult<(&'static TileSet, String)> {
    match tiles {
        None | Some("default") => Ok((TileSet::default_set(), "default".into())),
        Some(path) => {
            let set = stadt_harness::tileset::load(path).map_err(harness_error)?;
            let name = std::path::Path::new(path)
                .file_name()
                .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
            Ok((set, name))
        }
    }
}

impl PyGame {
    /// The public record of the game so far (docs/bot-protocol.md), when it has a history.
    pub fn public_log(&self) -> Option<String> {
        let history = self.history.as_ref()?;
        let mut t = Table::new(self.table.tileset(), self.table.players()).ok()?;
        let mut log = PublicLog::new(self.table.players(), &self.tiles);
        for e in history {
            match *e {
                Entry::Draw(ty) => t.draw(ty).ok()?,
                Entry::Decision(mv) => {
                    log.push(&t, mv);
                    t.apply(mv);
                }
            }
        }
        log.catch_up(&t);
        Some(log.text().to_string())
    }

    /// What an agent is shown of a game: the table, with neither deck nor history.
    pub fn view(table: &Table) -> PyGame {
        let tiles = table.tileset().source.clone();
        PyGame { table: table.clone(), deck: None, seed: None, tiles, history: None, moves: Vec::new() }
    }

    fn draw_type(&mut self, ty: u8) -> PyResult<()> {
        let drawn = self.table.drawn();
        self.table.draw(ty).map_err(|e| value_error(format!("chance outcome {ty}: {e}")))?;
        if let Some(deck) = self.deck.as_mut() {
            // Keep the deck a full order that agrees with the draws so far.
            let j = (drawn..TILE_COUNT).find(|&j| deck[j] == ty).expect("the deck holds the unseen tiles");
            deck[drawn..=j].rotate_right(1);
        }
        if let Some(h) = self.history.as_mut() {
            h.push(Entry::Draw(ty));
        }
        Ok(())
    }

    /// The move `action` names, if it is legal now (the error says why not).
    pub fn legal_move(&self, action: i64) -> PyResult<Move> {
        let mv = actions::decode(&self.table, action).map_err(|e| value_error(e.to_string()))?;
        let text = record::decision_text(&self.table, mv);
        if let Err(e) = self.table.check(mv) {
            return Err(value_error(format!("illegal action {action} (`{text}`): {e}")));
        }
        match actions::encode(&self.table, mv) {
            Some(a) if a as i64 == action => Ok(mv),
            Some(a) => Err(value_error(format!(
                "action {action} (`{text}`) names the move that legal_actions() lists as action {a}: use {a}"
            ))),
            None => Err(value_error(format!("action {action} (`{text}`) has no number"))),
        }
    }

    fn apply_move(&mut self, mv: Move) {
        if let Some(h) = self.history.as_mut() {
            h.push(Entry::Decision(mv));
        }
        self.table.apply(mv);
    }

    fn tile_name(&self, ty: i64) -> PyResult<String> {
        let types = &self.table.tileset().types;
        usize::try_from(ty)
            .ok()
            .and_then(|t| types.get(t))
            .map(|t| t.name.clone())
            .ok_or_else(|| value_error(format!("chance outcome {ty} is no tile type (0..{})", types.len())))
    }

    /// The player `player` names, or the one to decide; an error for a number out of range.
    pub fn perspective(&self, player: Option<i64>) -> PyResult<Player> {
        match player {
            None => Ok(if self.table.is_over() || self.table.step() == Step::Draw {
                self.table.current()
            } else {
                self.table.actor()
            }),
            Some(p) if (0..self.table.players() as i64).contains(&p) => Ok(Player::new(p as usize)),
            Some(p) => {
                Err(value_error(format!("player {p} is not in this {}-player game", self.table.players())))
            }
        }
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `players` (2 to 4). With a seed, the tiles lie in a hidden deck shuffled from
    /// it (the deck `stadt play --seed SEED` deals) and `draw()` deals them; without one, every
    /// draw is a chance outcome given to `apply`.
    #[new]
    #[pyo3(signature = (players = 2, seed = None, tiles = None))]
    fn new(players: i64, seed: Option<u64>, tiles: Option<&str>) -> PyResult<PyGame> {
        if !usize::try_from(players).is_ok_and(|p| die_stadt::table::PLAYERS.contains(&p)) {
            return Err(value_error(format!("players must be 2, 3 or 4, not {players}")));
        }
        let (set, name) = tile_set(tiles)?;
        let table = Table::new(set, players as usize).map_err(|e| value_error(e.to_string()))?;
        let deck = seed.map(|s| {
            let mut d = [0u8; TILE_COUNT];
            d.copy_from_slice(&deck_order(set, derive(s, &[0])));
            d
        });
        Ok(PyGame { table, deck, seed, tiles: name, history: Some(Vec::new()), moves: Vec::new() })
    }

    /// The game a record describes, after its last decision (`tiles`: the tile-set file, for a
    /// record whose `tiles` line names one).
    #[classmethod]
    #[pyo3(signature = (text, tiles = None))]
    fn from_record(_cls: &Bound<'_, PyType>, text: &str, tiles: Option<&str>) -> PyResult<PyGame> {
        let given = match tiles {
            Some(t) => Some(tile_set(Some(t))?.0),
            None => None,
        };
        let source = given.map_or(Tiles::Default, Tiles::Given);
        let rec = Record::parse(text, source).map_err(|e| value_error(format!("record {e}")))?;
        record::replay(&rec, true).map_err(|e| value_error(format!("record {e}")))?;
        let mut deck = [0u8; TILE_COUNT];
        deck.copy_from_slice(&rec.order);
        let table = Table::new(rec.tileset, rec.players).map_err(|e| value_error(e.to_string()))?;
        let mut game = PyGame {
            table,
            deck: Some(deck),
            seed: rec.seed,
            tiles: rec.tiles.clone(),
            history: Some(Vec::new()),
            moves: Vec::new(),
        };
        for (line, words) in &rec.decisions {
            while game.table.step() == Step::Draw {
                game.draw_type(deck[game.table.drawn()])?;
            }
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let d = record::parse_decision(*line, &words).map_err(|e| value_error(format!("record {e}")))?;
            let mv = record::decision_to_move(&game.table, &d.decision)
                .map_err(|m| value_error(format!("record line {line}: {m}")))?;
            game.apply_move(mv);
        }
        Ok(game)
    }

    /// A player's view of the game a public record describes (what a bot in another program is
    /// sent: docs/bot-protocol.md): the table after its last line, no deck, no history.
    #[classmethod]
    #[pyo3(signature = (text, tiles = None))]
    fn from_public_record(_cls: &Bound<'_, PyType>, text: &str, tiles: Option<&str>) -> PyResult<PyGame> {
        let set = tile_set(tiles)?.0;
        let table = replay_public(text, set).map_err(|e| value_error(format!("public record {e}")))?;
        Ok(PyGame::view(&table))
    }

    /// The public record of the game so far: the record without the piles, each tile written
    /// where it was drawn (docs/bot-protocol.md); what a bot in another program is sent.
    fn public_record(&self) -> PyResult<String> {
        self.public_log()
            .ok_or_else(|| value_error("this is a player's view of a game: it has no history to write"))
    }

    /// The record of the game so far (docs/die-stadt/record-format.md). It needs the whole draw order: a
    /// game made with a seed or from a record has it; a game whose draws were all given to
    /// `apply` has it once it is over (the tiles never drawn are written in tile-set order).
    fn to_record(&self) -> PyResult<String> {
        let history = self.history.as_ref().ok_or_else(|| {
            value_error(
                "this is a player's view of a game: it has no history to write (agents never see the deck)",
            )
        })?;
        let order: Vec<u8> = match &self.deck {
            Some(d) => d.to_vec(),
            None if self.table.is_over() => {
                let mut o: Vec<u8> = history
                    .iter()
                    .filter_map(|e| match e {
                        Entry::Draw(t) => Some(*t),
                        Entry::Decision(_) => None,
                    })
                    .collect();
                for (ty, &n) in self.table.unseen().iter().enumerate() {
                    o.extend(std::iter::repeat_n(ty as u8, n as usize));
                }
                o
            }
            None => {
                return Err(value_error(
                    "this game has no hidden deck and is not over: the order of the tiles still to come is unknown, so no record can be written yet",
                ));
            }
        };
        let set = self.table.tileset();
        let mut text = record::header(self.table.players(), &self.tiles, set, &order, self.seed);
        let mut t = Table::new(set, self.table.players()).map_err(|e| value_error(e.to_string()))?;
        for e in history {
            match *e {
                Entry::Draw(ty) => t.draw(ty).map_err(|e| value_error(e.to_string()))?,
                Entry::Decision(mv) => {
                    text.push_str(&record::move_line(&t, mv));
                    text.push('\n');
                    t.apply(mv);
                }
            }
        }
        Ok(text)
    }

    /// An independent copy (the hidden deck, if any, included).
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// What a player is shown: this position without deck or history.
    fn public_view(&self) -> PyGame {
        PyGame::view(&self.table)
    }

    /// Whether the game holds a hidden deck that `draw()` deals from.
    fn has_deck(&self) -> bool {
        self.deck.is_some()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.table.players()
    }

    /// Who decides now: 0..players-1, -1 (CHANCE) when a tile is to be drawn, -4 (TERMINAL) once
    /// the game is over.
    fn current_player(&self) -> i64 {
        match self.table.step() {
            Step::Draw => CHANCE,
            Step::GameOver => TERMINAL,
            _ => self.table.actor().index() as i64,
        }
    }

    /// Whether a tile is to be drawn.
    fn is_chance_node(&self) -> bool {
        self.table.step() == Step::Draw
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.table.is_over()
    }

    /// The step: `draw`, `tile`, `follower`, `gate`, `wall`, `tower` or `game-over`.
    fn step(&self) -> &'static str {
        self.table.step().name()
    }

    /// The legal actions, ascending: at a decision the moves in the fixed action space
    /// (docs/python.md), at a chance node the tile types that may be drawn, at the end none.
    fn legal_actions(&mut self) -> Vec<u32> {
        match self.table.step() {
            Step::GameOver => Vec::new(),
            Step::Draw => (0..self.table.unseen().len() as u32)
                .filter(|&t| self.table.unseen()[t as usize] > 0)
                .collect(),
            _ => {
                let mut out = Vec::with_capacity(64);
                actions::legal_actions(&self.table, &mut self.moves, &mut out);
                out
            }
        }
    }

    /// The legal actions as a 0/1 vector over the whole action space (int8), all zero at a
    /// chance node or the end.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; ACTIONS as usize];
        if !matches!(self.table.step(), Step::GameOver | Step::Draw) {
            for a in self.legal_actions() {
                mask[a as usize] = 1;
            }
        }
        mask.into_pyarray(py)
    }

    /// An action in record notation (`tile 3 -1 90`, `follower N1`, `wall 0 0 1 0 watchman`); at a
    /// chance node (or with `player=-1`) a tile type as `draw NAME`.
    #[pyo3(signature = (action, player = None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        let chance = match player {
            Some(p) => p == CHANCE,
            None => self.table.step() == Step::Draw,
        };
        if chance {
            return Ok(format!("draw {}", self.tile_name(action)?));
        }
        let mv = actions::decode(&self.table, action).map_err(|e| value_error(e.to_string()))?;
        Ok(record::decision_text(&self.table, mv))
    }

    /// Applies an action: a legal move at a decision (a ValueError naming the rule otherwise), a
    /// tile type that is still unseen at a chance node.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        match self.table.step() {
            Step::GameOver => Err(value_error(format!("the game is over: action {action} cannot follow"))),
            Step::Draw => {
                let name = self.tile_name(action)?;
                if self.table.unseen()[action as usize] == 0 {
                    return Err(value_error(format!(
                        "chance outcome {action} ({name}) cannot be drawn: no tile of that type is left unseen"
                    )));
                }
                self.draw_type(action as u8)
            }
            _ => {
                let mv = self.legal_move(action)?;
                self.apply_move(mv);
                Ok(())
            }
        }
    }

    /// Deals the next tile of the hidden deck at a chance node; returns its type.
    fn draw(&mut self) -> PyResult<u32> {
        if self.table.step() != Step::Draw {
            return Err(value_error(format!(
                "no tile is to be drawn now: {}",
                if self.table.is_over() {
                    "the game is over".into()
                } else {
                    format!("{} decides", self.table.actor())
                }
            )));
        }
        let deck = self.deck.ok_or_else(|| {
            value_error("this game has no hidden deck (it was made without a seed, or is a player's view): apply one of chance_outcomes()")
        })?;
        let ty = deck[self.table.drawn()];
        self.draw_type(ty)?;
        Ok(ty as u32)
    }

    /// At a chance node, the tile types that may be drawn with their probabilities (unseen
    /// tiles of the type / unseen tiles), ascending by type.
    fn chance_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        if self.table.step() != Step::Draw {
            return Err(value_error("not a chance node: no tile is to be drawn now"));
        }
        let unseen = self.table.unseen();
        let total: u32 = unseen.iter().map(|&n| n as u32).sum();
        Ok(unseen
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(t, &n)| (t as u32, n as f64 / total as f64))
            .collect())
    }

    /// The name of every tile type, by type index (chance outcomes are these indices).
    fn tile_names(&self) -> Vec<String> {
        self.table.tileset().types.iter().map(|t| t.name.clone()).collect()
    }

    /// Points by source per player (`score`, `roads`, `markets`, `towers`, `residential`,
    /// `watchmen`): the final scores once the game is over, the points so far before.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        Player::all(self.table.players()).map(|p| observe::points(py, &self.table, p)).collect()
    }

    /// Each player's result for OpenSpiel and PettingZoo: 0 before the end; at the end, with w = 1/k
    /// for each of k tied winners (R28) and 0 for the others, (n * w - 1) / (n - 1): +1 for a sole
    /// winner, -1/(n-1) for a loser, zero-sum.
    fn returns(&self) -> Vec<f64> {
        let n = self.table.players();
        if !self.table.is_over() {
            return vec![0.0; n];
        }
        let winners = self.table.winners();
        let k = winners.count_ones() as f64;
        (0..n)
            .map(|p| {
                let w = if winners & (1 << p) != 0 { 1.0 / k } else { 0.0 };
                (n as f64 * w - 1.0) / (n as f64 - 1.0)
            })
            .collect()
    }

    /// The rule that ended the game (`R23a`, `R23b` or `R23c`), or None.
    fn ended_by(&self) -> Option<&'static str> {
        self.table.ended_by().map(|r| r.id())
    }

    /// The public position as a dict (docs/python.md), from `player`'s seat (default: the player to
    /// decide); the same for every hidden order.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyDict>> {
        observe::dict(py, &self.table, self.perspective(player)?, self.current_player())
    }

    /// The public position as a float32 tensor of shape (PLANES, 149, 149) (docs/python.md), from
    /// `player`'s seat (default: the player to decide); written into `out` (a C-contiguous float32
    /// array of that size) and returned as it, when given, to save allocating one per call.
    #[pyo3(signature = (player = None, out = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyArrayDyn<f32>>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let me = self.perspective(player)?;
        match out {
            None => Ok(observe::tensor(&self.table, me)
                .into_pyarray(py)
                .reshape([observe::PLANES, actions::SIDE, actions::SIDE])?
                .into_any()),
            Some(array) => {
                {
                    let mut view = array.try_readwrite().map_err(|e| value_error(format!("out: {e}")))?;
                    let slice = view.as_slice_mut().map_err(|_| value_error("out must be C-contiguous"))?;
                    if slice.len() != observe::TENSOR_LEN {
                        return Err(value_error(format!(
                            "out holds {} floats; the tensor has {}",
                            slice.len(),
                            observe::TENSOR_LEN
                        )));
                    }
                    observe::tensor_into(&self.table, me, slice);
                }
                Ok(array.into_any())
            }
        }
    }

    /// The city drawn in text, with a legend (the picture `stadt play --show` prints).
    fn render(&self) -> String {
        format!(
            "{}{}\n",
            die_stadt::pictures::terminal::render(&self.table),
            die_stadt::pictures::terminal::LEGEND
        )
    }

    fn __str__(&self) -> String {
        die_stadt::pictures::terminal::render(&self.table)
    }

    fn __repr__(&self) -> String {
        format!(
            "<stadt.Game {} players, {} tiles drawn, step {}{}>",
            self.table.players(),
            self.table.drawn(),
            self.table.step().name(),
            if self.deck.is_some() { ", hidden deck" } else { "" }
        )
    }
}
