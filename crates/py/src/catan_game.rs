//! `stadt.CatanGame`: a game of Die Siedler von Catan for Python, with the fixed action space of
//! `stadt_catan::actions` and the observation vector of `stadt_catan::tensor`. Chance (the dice,
//! a card bought, a card stolen) is resolved inside the game from its seed, so the player to act
//! is always a player until the game is over; or, with `explicit_chance`, it is a chance node
//! whose outcomes and probabilities the caller sees and picks from, as OpenSpiel has them. A copy
//! (`clone`) is the whole game, the dice to come included; a searcher that must not see them
//! takes `sample(player, seed)`.

use crate::errors::{harness_error, value_error};
use crate::game::{CHANCE, TERMINAL};
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use stadt_catan::actions::{self, ACTIONS};
use stadt_catan::ids::{DevCard, Player, Resource};
use stadt_catan::kind::{Catan, RecordHead};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::options::Discard;
use stadt_catan::record::move_text;
use stadt_catan::state::State;
use stadt_catan::tensor;
use stadt_core::kind::GameKind;
use stadt_harness::hosted::Hosted;

/// A game of Catan: the state with its hidden parts, its options and its record so far.
#[pyclass(name = "CatanGame", module = "stadt._stadt")]
#[derive(Clone)]
pub struct PyCatanGame {
    kind: Catan,
    state: State,
    /// The record so far; None in a sample, whose hidden parts no record holds.
    record: Option<String>,
    options: String,
    moves: Vec<Move>,
    /// Whether chance steps wait for an outcome from the caller.
    explicit: bool,
}

/// Chance outcomes by number: the dice 0–35 (6 × (first − 1) + second − 1), a development card
/// bought 36–40 by kind, a card stolen 41–45 by resource.
pub const CHANCE_OUTCOMES: usize = 46;
const DRAW: usize = 36;
const STEAL: usize = 41;

/// The chance outcome numbered `n`.
fn outcome(n: usize) -> Option<Chance> {
    match n {
        n if n < DRAW => Some(Chance::Dice((n / 6 + 1) as u8, (n % 6 + 1) as u8)),
        n if n < STEAL => Some(Chance::Draw(DevCard::ALL[n - DRAW])),
        n if n < CHANCE_OUTCOMES => Some(Chance::Steal(Resource::ALL[n - STEAL])),
        _ => None,
    }
}

/// An outcome in words: `dice 3 4`, `draw knight`, `steal ore`.
fn outcome_text(c: Chance) -> String {
    match c {
        Chance::Dice(a, b) => format!("dice {a} {b}"),
        Chance::Draw(k) => format!("draw {}", k.name()),
        Chance::Steal(r) => format!("steal {r}"),
        Chance::Discard(cards) => format!("discard {cards:?}"),
        Chance::Roll(r, y, e) => format!("roll {r} {y} {e}"),
        Chance::Progress(k) => format!("progress {}", k.name()),
        Chance::StealCommodity(c) => format!("steal {}", c.name()),
    }
}

impl PyCatanGame {
    /// Resolves chance up to the next decision (or the end), unless the caller picks outcomes.
    fn settle(&mut self) {
        if !self.explicit {
            while self.state.resolve_chance().is_some() {}
        }
    }

    /// Whether a chance outcome is due.
    fn at_chance(&self) -> bool {
        self.state.phase().is_chance()
    }

    /// The chance outcomes now, with their probabilities: every pair of dice alike, a card bought
    /// by the kinds left in the deck, a card stolen by the kinds in the victim's hand.
    fn outcomes(&self) -> Vec<(usize, f64)> {
        let share = |counts: &[u32], base: usize| -> Vec<(usize, f64)> {
            let all: u32 = counts.iter().sum();
            counts
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(k, &n)| (base + k, n as f64 / all as f64))
                .collect()
        };
        match self.state.phase() {
            Phase::Dice => (0..DRAW).map(|n| (n, 1.0 / 36.0)).collect(),
            Phase::Draw => {
                let mut counts = [0u32; 5];
                for k in self.state.deck() {
                    counts[k.index()] += 1;
                }
                share(&counts, DRAW)
            }
            Phase::Steal => {
                let victim = self.state.victim().expect("a steal has a victim");
                share(&self.state.hand(victim).map(u32::from), STEAL)
            }
            _ => Vec::new(),
        }
    }

    /// The seat a question is about: `player`, or the one to act (the last one to act at the end).
    fn seat(&self, player: Option<i64>) -> PyResult<Player> {
        match player {
            None => Ok(self.state.actor()),
            Some(p) if (0..self.state.players() as i64).contains(&p) => Ok(Player(p as u8)),
            Some(p) => {
                Err(value_error(format!("player {p} is not in this {}-player game", self.state.players())))
            }
        }
    }

    /// The legal moves now, each with its action number.
    fn legal(&mut self) -> Vec<(usize, Move)> {
        if self.state.is_over() {
            return Vec::new();
        }
        self.state.legal_moves(&mut self.moves);
        let mut out: Vec<(usize, Move)> =
            self.moves.iter().filter_map(|&mv| actions::encode(mv).map(|a| (a, mv))).collect();
        out.sort_unstable_by_key(|&(a, _)| a);
        out
    }
}

#[pymethods]
impl PyCatanGame {
    /// A new game of `players` (2 to 4) dealt from `seed` (the board, the development cards, the
    /// dice; without a seed, one from the operating system), under `options` (`stadt games`
    /// lists them; default: the official rules). Player trade (`player_trade=on`) is refused: its
    /// proposals have no place in a fixed action space.
    #[new]
    #[pyo3(signature = (players = 4, seed = None, options = "", explicit_chance = false))]
    fn new(players: i64, seed: Option<u64>, options: &str, explicit_chance: bool) -> PyResult<PyCatanGame> {
        let kind = <Catan as Hosted>::set_up("default", options).map_err(harness_error)?;
        if kind.options.player_trade {
            return Err(value_error(
                "options: player_trade=on is not offered in CatanGame: a proposal's cards have no number in its fixed action space",
            ));
        }
        if explicit_chance && kind.options.discard == Discard::Random {
            return Err(value_error(
                "options: discard=random is not offered with explicit_chance: its outcomes (the cards of a whole discard) have no number",
            ));
        }
        if !(2..=4).contains(&players) {
            return Err(value_error(format!("players must be 2, 3 or 4, not {players}")));
        }
        let seed = match seed {
            Some(s) => s,
            None => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes)
                    .map_err(|e| value_error(format!("no seed from the system: {e}")))?;
                u64::from_le_bytes(bytes) & (i64::MAX as u64)
            }
        };
        let state = kind.deal(players as usize, seed).map_err(harness_error)?;
        let record = kind.record_header(&state, &RecordHead);
        let mut game = PyCatanGame {
            kind,
            state,
            // Outcomes picked from outside do not follow from the seed a record replays from.
            record: (!explicit_chance).then_some(record),
            options: options.to_string(),
            moves: Vec::new(),
            explicit: explicit_chance,
        };
        game.settle();
        Ok(game)
    }

    /// The number of players.
    fn players(&self) -> usize {
        self.state.players()
    }

    /// The options the game was made with, as given.
    fn options(&self) -> String {
        self.options.clone()
    }

    /// Who decides now (0-based), -1 (CHANCE) at a chance node (with `explicit_chance`), or -4
    /// (TERMINAL) once the game is over.
    fn current_player(&self) -> i64 {
        if self.state.is_over() {
            TERMINAL
        } else if self.at_chance() {
            CHANCE
        } else {
            self.state.actor().index() as i64
        }
    }

    /// Whether a chance outcome is due (only with `explicit_chance`).
    fn is_chance_node(&self) -> bool {
        self.at_chance()
    }

    /// At a chance node, the outcomes with their probabilities, ascending (`CATAN_CHANCE_OUTCOMES`
    /// numbers: the dice 0–35, a card bought 36–40, a card stolen 41–45).
    fn chance_outcomes(&self) -> PyResult<Vec<(usize, f64)>> {
        if !self.at_chance() {
            return Err(value_error("not a chance node: a player decides now"));
        }
        Ok(self.outcomes())
    }

    /// At a chance node, the seats that see its outcome: everybody the dice, the buyer a card
    /// bought, the thief and the victim a card stolen (C41).
    fn chance_witnesses(&self) -> PyResult<Vec<usize>> {
        Ok(match self.state.phase() {
            Phase::Dice => (0..self.state.players()).collect(),
            Phase::Draw => vec![self.state.current().index()],
            Phase::Steal => {
                let victim = self.state.victim().expect("a steal has a victim");
                vec![self.state.current().index(), victim.index()]
            }
            _ => return Err(value_error("not a chance node: a player decides now")),
        })
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    /// The phase: `setup-settlement`, `setup-road`, `pre-roll`, `discard`, `robber`, `main`,
    /// `free-roads` or `over`.
    fn phase(&self) -> String {
        let name = format!("{:?}", self.state.phase());
        let mut out = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }

    /// The legal actions, ascending: the moves' numbers, at a chance node the outcomes', none
    /// once the game is over.
    fn legal_actions(&mut self) -> Vec<usize> {
        if self.at_chance() {
            return self.outcomes().into_iter().map(|(n, _)| n).collect();
        }
        self.legal().into_iter().map(|(a, _)| a).collect()
    }

    /// The legal actions as a 0/1 vector over the whole action space (int8).
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; ACTIONS];
        for (a, _) in self.legal() {
            mask[a] = 1;
        }
        mask.into_pyarray(py)
    }

    /// An action in record notation (`settle 12`, `road 40`, `robber 7 p2`, `trade lumber ore`); a
    /// chance outcome (at a chance node, or with `player=-1`) as `dice 3 4`, `draw knight`,
    /// `steal ore`.
    #[pyo3(signature = (action, player = None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        if player.map_or(self.at_chance(), |p| p == CHANCE) {
            let c = usize::try_from(action).ok().and_then(outcome).ok_or_else(|| {
                value_error(format!("chance outcome {action} is not one of 0 to {}", CHANCE_OUTCOMES - 1))
            })?;
            return Ok(outcome_text(c));
        }
        let mv = usize::try_from(action)
            .ok()
            .and_then(actions::decode)
            .ok_or_else(|| value_error(format!("action {action} is not one of 0 to {}", ACTIONS - 1)))?;
        Ok(move_text(mv))
    }

    /// Applies a legal action (a ValueError naming the rule otherwise), then whatever chance does
    /// before the next decision.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        if self.state.is_over() {
            return Err(value_error(format!("the game is over: action {action} cannot follow")));
        }
        if self.at_chance() {
            let c = usize::try_from(action).ok().and_then(outcome).ok_or_else(|| {
                value_error(format!("chance outcome {action} is not one of 0 to {}", CHANCE_OUTCOMES - 1))
            })?;
            return self.state.chance(c).map_err(|e| {
                value_error(format!("chance outcome {action} ({}) cannot happen now: {e}", outcome_text(c)))
            });
        }
        let mv = usize::try_from(action)
            .ok()
            .and_then(actions::decode)
            .ok_or_else(|| value_error(format!("action {action} is not one of 0 to {}", ACTIONS - 1)))?;
        self.state
            .check(mv)
            .map_err(|e| value_error(format!("action {action} ({}) is illegal: {e}", move_text(mv))))?;
        if let Some(record) = &mut self.record {
            record.push_str(&self.kind.record_line(&self.state, mv));
        }
        self.state.apply(mv);
        self.settle();
        Ok(())
    }

    /// What `player` (default: the one to act) sees, as `stadt_catan::tensor::LEN` floats
    /// (docs/python.md lists the sections); the same in any two games it cannot tell apart.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let me = self.seat(player)?;
        let mut out = vec![0f32; tensor::LEN];
        tensor::observation(&self.state, me, &mut out);
        Ok(out.into_pyarray(py))
    }

    /// Each player's points (victory point cards included).
    fn scores(&self) -> Vec<u8> {
        (0..self.state.players()).map(|p| self.state.points(Player(p as u8))).collect()
    }

    /// The winner (0-based), or None: the game is not over, or the turn limit ended it.
    fn winner(&self) -> Option<usize> {
        self.state.winner().map(|p| p.index())
    }

    /// The last roll of the dice (2 to 12; 0 before the first).
    fn last_roll(&self) -> u8 {
        self.state.last_roll()
    }

    /// The turns after which the game ends without a winner (the option `turn_limit`).
    fn turn_limit(&self) -> u16 {
        self.kind.options.turn_limit
    }

    /// Turns played since the set-up round.
    fn turns(&self) -> u16 {
        self.state.turns()
    }

    /// Zero-sum returns at the end: +1 for the winner, -1/(n-1) for the others; 0 for everyone
    /// before the end or when the turn limit ended the game.
    fn returns(&self) -> Vec<f64> {
        let n = self.state.players();
        match self.state.winner() {
            Some(w) => (0..n).map(|p| if p == w.index() { 1.0 } else { -1.0 / (n as f64 - 1.0) }).collect(),
            None => vec![0.0; n],
        }
    }

    /// The game's record so far (`stadt replay` reads it), the chance outcomes since the last
    /// move included; a sample has none (ValueError).
    fn to_record(&self) -> PyResult<String> {
        let tail = stadt_catan::record::end_lines(&self.state);
        self.record.as_ref().map(|r| format!("{r}{tail}")).ok_or_else(|| {
            value_error(if self.explicit {
                "a game with explicit_chance has no record: its outcomes came from outside, not from its seed"
            } else {
                "a sample has no record: its hidden cards and dice were dealt afresh"
            })
        })
    }

    /// A game `player` (default: the one to act) cannot tell from this one, everything it does
    /// not see dealt afresh from `seed`: the others' cards of unknown kind, the development cards
    /// (theirs and the deck's order) and the dice to come. What a search from that seat plays on.
    #[pyo3(signature = (seed, player = None))]
    fn sample(&self, seed: u64, player: Option<i64>) -> PyResult<PyCatanGame> {
        use rand::SeedableRng;
        let me = self.seat(player)?;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let state = self.state.determinized(me.index(), &mut rng);
        Ok(PyCatanGame { state, record: None, moves: Vec::new(), ..Clone::clone(self) })
    }

    /// An independent copy.
    fn clone(&self) -> PyCatanGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyCatanGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyCatanGame {
        Clone::clone(self)
    }

    /// Each player's points by source and who won, one line each (what `stadt play` prints).
    fn render(&self) -> String {
        // The move lines: the header's 9 lines and the chance lines (`chance: ...`) aside.
        let moves = self.record.as_deref().map_or(0, |r| {
            r.lines().skip(9).filter(|l| !l.starts_with(stadt_catan::chance_log::PREFIX)).count()
        });
        stadt_harness::catan::points_text(&self.kind, &self.state, moves)
    }

    fn __repr__(&self) -> String {
        format!(
            "<stadt.CatanGame {} players, turn {}, {}>",
            self.state.players(),
            self.state.turns(),
            self.phase()
        )
    }
}
