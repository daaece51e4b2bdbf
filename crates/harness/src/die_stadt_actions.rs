//! Die Stadt's fixed action space (`ActionSpace`): moves as numbered by `die_stadt::actions`,
//! the tile drawn as the chance outcome (one draw a step, a tile that fits nowhere set aside as
//! R10 has it), the observation tensor and object of `die_stadt::tensor`, R28's winners.

use crate::actions::{ActionSpace, shared_returns};
use crate::runner::RecordHead;
use die_stadt::actions;
use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::kind::DieStadt;
use die_stadt::moves::{Move, Step};
use die_stadt::record::{Record, Tiles};
use die_stadt::tensor;
use die_stadt::tiles::TileSet;
use rand_pcg::Pcg64Mcg;

impl ActionSpace for DieStadt {
    fn deal_at_start(&self, players: usize, seed: u64) -> Result<Game, stadt_core::error::Error> {
        Ok(Game::before_draw(self.tileset, players, &die_stadt::kind::deck_order(self.tileset, seed))?)
    }

    fn actions(&self) -> usize {
        actions::ACTIONS as usize
    }

    fn action_of(&self, state: &Game, mv: Move) -> Option<usize> {
        actions::encode(state.table(), mv).map(|a| a as usize)
    }

    fn move_of(&self, state: &Game, action: usize) -> Result<Move, String> {
        actions::decode(state.table(), action as i64).map_err(|e| e.to_string())
    }

    fn outcome_count(&self) -> usize {
        self.tileset.types.len()
    }

    fn outcomes(&self, state: &Game) -> Result<Vec<(usize, f64)>, String> {
        let unseen = state.table().unseen();
        let total: u32 = unseen.iter().map(|&n| n as u32).sum();
        Ok(unseen
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(t, &n)| (t, n as f64 / total as f64))
            .collect())
    }

    fn outcome_text(&self, _state: &Game, outcome: usize) -> Result<String, String> {
        let types = &self.tileset.types;
        types
            .get(outcome)
            .map(|t| format!("draw {}", t.name))
            .ok_or_else(|| format!("chance outcome {outcome} is no tile type (0..{})", types.len()))
    }

    fn apply_outcome(&self, state: &mut Game, outcome: usize) -> Result<(), String> {
        let ty = u8::try_from(outcome).map_err(|_| format!("{outcome} is no tile type"))?;
        state.draw_type(ty).map_err(|e| e.to_string())
    }

    fn resolve_one(&self, state: &mut Game, _rng: &mut Pcg64Mcg) -> Option<usize> {
        state.draw_next().map(usize::from)
    }

    fn perfect_information(&self) -> bool {
        true
    }

    fn tensor_shape(&self) -> Vec<usize> {
        vec![tensor::PLANES, actions::SIDE, actions::SIDE]
    }

    fn tensor_range(&self) -> (f32, f32) {
        // Counts of watchmen on a tile's four sides at most; public buildings a few.
        (0.0, 4.0)
    }

    fn tensor(&self, state: &Game, seat: usize, out: &mut [f32]) {
        tensor::tensor_into(state.table(), Player::new(seat), out);
    }

    fn observation_json(&self, state: &Game, seat: usize) -> Option<serde_json::Value> {
        let t = state.table();
        let current = match t.step() {
            Step::Draw => -1,
            Step::GameOver => -4,
            _ => t.actor().index() as i64,
        };
        Some(tensor::observation(t, Player::new(seat), current))
    }

    fn seat_of(&self, state: &Game) -> usize {
        let t = state.table();
        if t.is_over() || t.step() == Step::Draw { t.current().index() } else { t.actor().index() }
    }

    fn returns(&self, state: &Game) -> Vec<f64> {
        let t = state.table();
        if !t.is_over() {
            return vec![0.0; t.players()];
        }
        let winners = t.winners();
        shared_returns(t.players(), |p| winners & (1 << p) != 0)
    }

    fn step_name(&self, state: &Game) -> String {
        state.table().step().name().to_string()
    }

    fn sample(&self, state: &Game, _seat: usize, rng: &mut Pcg64Mcg) -> Game {
        // Every seat sees the whole table: only the order of the tiles to come is hidden.
        Game::sampled(state.table(), rng)
    }

    fn max_game_length(&self, _players: usize) -> usize {
        // Each tile drawn, placed and followed by a follower decision; the gate, one wall piece
        // per tile at most and a tower decision per wall building (at most one per tile).
        let tiles = die_stadt::tiles::TILE_COUNT;
        4 * tiles + 1 + tiles
    }

    fn record_head_for(&self, seed: Option<u64>) -> RecordHead {
        RecordHead { tiles: tiles_line(self.tileset), seed }
    }

    fn record_head_of(&self, record: &str) -> RecordHead {
        match Record::parse(record, Tiles::Given(self.tileset)) {
            Ok(rec) => RecordHead { tiles: rec.tiles, seed: rec.seed },
            Err(_) => self.record_head_for(None),
        }
    }

    fn header_now(&self, _start: &Game, now: &Game, head: &RecordHead) -> String {
        // The deck as it stands holds the draws so far, chosen ones included, then the rest.
        stadt_core::kind::GameKind::record_header(self, now, head)
    }
}

/// The `tiles` line of a record of `set`: `default`, or the name of the file it was read from.
fn tiles_line(set: &TileSet) -> String {
    if std::ptr::eq(set, TileSet::default_set()) || set.text == TileSet::default_set().text {
        return "default".into();
    }
    std::path::Path::new(&set.source)
        .file_name()
        .map_or_else(|| set.source.clone(), |n| n.to_string_lossy().into_owned())
}
