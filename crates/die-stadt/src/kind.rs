//! Die Stadt for the harness: the core's adapter (`stadt_core::kind::GameKind`) over the engine.
//! Its option is the tile set; a seat sees the public table; records are `stadt-record 1`.

use crate::game::Game;
use crate::ids::Player;
use crate::moves::Move;
use crate::observation::Observation;
use crate::public_record::PublicLog;
use crate::record;
use crate::table::PLAYERS;

/// The rule that sets Die Stadt's player counts (R1: 2 to 4).
pub const PLAYERS_RULE: &str = "R1";
use crate::tiles::TileSet;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use stadt_core::error::Error;
use stadt_core::kind::{Columns, GameKind, GameOption};
use stadt_core::seeds::{derive, stream};
use std::ops::RangeInclusive;

/// The name `--game` takes.
pub const NAME: &str = "die-stadt";

/// Die Stadt's options: its tile set alone, which commands take as `--tiles` and experiment files
/// as `tiles`, never among the `--options` words.
pub const OPTIONS: [GameOption; 1] = [GameOption {
    name: "tiles",
    rule: "section 8",
    about: "the tile set: `default` (the box's 75 tiles, docs/die-stadt/rules.md section 8) or a tile-set file, given as `--tiles FILE` (`tiles = \"FILE\"` in experiment files), not in --options",
    values: stadt_core::options::Values::File,
    default: "default",
}];

/// Die Stadt on a tile set.
#[derive(Clone, Copy, Debug)]
pub struct DieStadt {
    /// The tile set every game is dealt from.
    pub tileset: &'static TileSet,
}

impl DieStadt {
    /// Die Stadt on `tileset`.
    pub fn new(tileset: &'static TileSet) -> DieStadt {
        DieStadt { tileset }
    }
}

/// What an agent is told of its game before it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    /// Its seat.
    pub seat: Player,
    /// Players in the game.
    pub players: usize,
    /// The seed its generator is seeded with (the runner's `agent_rng` for the seat).
    pub seed: u64,
    /// The tile set: `default` or a file's name.
    pub tiles: String,
    /// SHA-256 of the tile set's text.
    pub tiles_sha256: String,
}

/// What a record's header holds besides the players and the piles: its `tiles` line (`default` or
/// the name of the tile-set file that will lie beside the record) and its optional `seed` line.
#[derive(Clone, Debug)]
pub struct RecordHead {
    /// The `tiles` line.
    pub tiles: String,
    /// The `seed` line.
    pub seed: Option<u64>,
}

/// A tile set's name in messages: `default`, or `custom` for any other (its hash tells which).
pub fn tiles_name(set: &TileSet) -> String {
    if set.text == TileSet::default_set().text { "default".into() } else { "custom".into() }
}

/// SHA-256 of the text a tile set was read from, in hex (`sha256sum FILE` gives the same).
pub fn tiles_sha256(set: &TileSet) -> String {
    sha256_hex(set.text.as_bytes())
}

/// SHA-256 of bytes, in hex (the core's).
pub use stadt_core::digest::sha256_hex;

/// The draw order (pile 1, 2, 3, top first) for a deck seed.
pub fn deck_order(tileset: &TileSet, deck_seed: u64) -> Vec<u8> {
    let mut order = tileset.deck();
    order.shuffle(&mut Pcg64Mcg::seed_from_u64(derive(deck_seed, &[stream::DECK])));
    order
}

impl GameKind for DieStadt {
    type State = Game;
    type Move = Move;
    type Observation<'a> = Observation<'a>;
    type Info = GameInfo;
    type RecordHead = RecordHead;
    type History = PublicLog;

    fn name(&self) -> &'static str {
        NAME
    }

    fn players(&self) -> RangeInclusive<usize> {
        PLAYERS
    }

    fn players_rule(&self) -> &'static str {
        PLAYERS_RULE
    }

    fn options(&self) -> &'static [GameOption] {
        &OPTIONS
    }

    /// Points by source (R25-R27); followers placed, wall pieces built, tiles on the board and
    /// wall pieces all players built during play (R24), and which condition of R23 ended the game.
    fn columns(&self) -> Columns {
        Columns::new(
            &["roads", "markets", "towers", "residential", "watchmen"],
            &["followers_used", "walls_used", "tiles_placed", "wall_pieces", "ended_by"],
        )
    }

    fn final_values(&self, game: &Game, seat: usize, sources: &mut Vec<i32>, details: &mut Vec<String>) {
        let t = game.table();
        let state = t.player(Player::new(seat));
        let pts = state.points;
        sources.clear();
        sources.extend([pts.roads, pts.markets, pts.towers, pts.residential, pts.watchmen]);
        let wall_pieces: u32 = Player::all(t.players()).map(|p| t.player(p).walls_built as u32).sum();
        details.clear();
        details.extend([
            state.followers_placed.to_string(),
            state.walls_built.to_string(),
            t.board().tile_count().to_string(),
            wall_pieces.to_string(),
            t.ended_by().map_or("", |r| r.id()).to_string(),
        ]);
    }

    /// The deck shuffled by a generator seeded from `seed`'s deck stream.
    fn deal(&self, players: usize, seed: u64) -> Result<Game, Error> {
        Ok(Game::new(self.tileset, players, &deck_order(self.tileset, seed))?)
    }

    fn observe<'a>(&self, game: &'a Game, clairvoyant: bool, history: Option<&'a str>) -> Observation<'a> {
        let obs = if clairvoyant { Observation::clairvoyant(game) } else { Observation::new(game) };
        match history {
            Some(h) => obs.with_history(h),
            None => obs,
        }
    }

    fn check(&self, game: &Game, mv: Move) -> Result<(), String> {
        game.table().check(mv).map_err(|e| format!("`{}`: {e}", record::decision_text(game.table(), mv)))
    }

    fn info(&self, players: usize, seat: usize, seed: u64) -> GameInfo {
        GameInfo {
            seat: Player::new(seat),
            players,
            seed,
            tiles: tiles_name(self.tileset),
            tiles_sha256: tiles_sha256(self.tileset),
        }
    }

    fn record_header(&self, game: &Game, head: &RecordHead) -> String {
        record::header(game.table().players(), &head.tiles, self.tileset, &game.order()[..], head.seed)
    }

    fn record_line(&self, game: &Game, mv: Move) -> String {
        format!("{}\n", record::move_line(game.table(), mv))
    }

    fn history(&self, players: usize) -> PublicLog {
        PublicLog::new(players, &tiles_name(self.tileset))
    }

    fn history_catch_up(&self, history: &mut PublicLog, game: &Game) {
        history.catch_up(game.table());
    }

    fn history_push(&self, history: &mut PublicLog, game: &Game, mv: Move) {
        history.push(game.table(), mv);
    }

    fn history_text<'h>(&self, history: &'h PublicLog) -> &'h str {
        history.text()
    }

    fn picture(&self, game: &Game, seats: &[String]) -> String {
        crate::pictures::city::city_svg(game.table(), seats, game.is_over())
    }

    fn seat_picture(&self, obs: &Observation<'_>, seats: &[String]) -> String {
        // The public table: the city shows nothing hidden.
        crate::pictures::city::city_svg(obs.table(), seats, false)
    }
}
