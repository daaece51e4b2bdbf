//! The game viewer: one self-contained HTML page (`replay --html`) that steps through a record
//! decision by decision, showing at each step the picture `replay --svg --upto N` draws and the
//! move list; for Die Stadt also whose turn it is, the tile in hand, the piles, the supplies and
//! the scores by source. The pictures are packed (`web::pack`) so a 4-player game stays small.

use crate::web::pack::{Packed, UNPACK_JS, embed};
use die_stadt::game::Game;
use die_stadt::ids::Player;
use die_stadt::moves::Step;
use die_stadt::pictures::city::{city_svg, tile_svg};
use die_stadt::record::{self, Record, RecordError};
use die_stadt::table::Table;
use serde::Serialize;
use stadt_core::svg::escape;

/// One player's supplies and points at a step.
#[derive(Serialize)]
pub struct PlayerInfo {
    /// `p1`, `p2`, ...
    pub name: String,
    /// Followers that may be placed now.
    pub supply: u8,
    /// Followers back from this turn's scoring, usable from the next turn (R12).
    pub returning: u8,
    /// Towers left.
    pub towers: u8,
    /// Points: roads, markets, towers, residential, watchmen, total.
    pub points: [i32; 6],
}

/// What the page shows beside the picture at one step.
#[derive(Serialize)]
pub struct StepInfo {
    /// Whose decision comes next and what it is, or that the game is over.
    pub turn: String,
    /// The tile in hand (at the tile step) or the tile just placed, by name.
    pub tile: String,
    /// Tiles left in piles 1, 2 and 3.
    pub piles: [usize; 3],
    /// Every player's supplies and points.
    pub players: Vec<PlayerInfo>,
    /// At the tile step, which of the packed pictures of tiles in hand shows the tile.
    pub hand: Option<usize>,
}

/// One line of the move list.
#[derive(Serialize)]
pub struct MoveInfo {
    /// The record's line number.
    pub line: usize,
    /// The deciding player.
    pub player: String,
    /// The decision as written (`tile 3 -1 90`).
    pub text: String,
}

#[derive(Serialize)]
struct Payload {
    pictures: Packed,
    hands: Packed,
    steps: Vec<StepInfo>,
    moves: Vec<MoveInfo>,
}

/// What the next decision of `table` is, in words.
pub fn turn_text(table: &Table) -> String {
    let what = match table.step() {
        Step::GameOver => return "game over".to_string(),
        Step::Draw => "draw a tile",
        Step::PlaceTile => "place the tile in hand",
        Step::Follower => "place a follower on the tile, or none",
        Step::Gate => "place the city gate",
        Step::Wall => "build a wall piece",
        Step::Tower => "place a tower on a free end, or none",
    };
    format!("{} to {what}", table.actor())
}

/// The tile in hand at the tile step, the one just placed at the later steps of a turn.
pub fn tile_text(table: &Table) -> String {
    match table.step() {
        Step::PlaceTile => format!("in hand: {}", table.tileset().get(table.in_hand()).name),
        Step::GameOver | Step::Draw => "none".to_string(),
        _ if table.board().tile_count() > 0 => {
            format!("placed: {}", table.tile_type(table.last_slot()).name)
        }
        _ => "none".to_string(),
    }
}

/// Every player's supplies and points.
pub fn players(table: &Table) -> Vec<PlayerInfo> {
    Player::all(table.players())
        .map(|p| {
            let s = table.player(p);
            let pts = s.points;
            PlayerInfo {
                name: p.to_string(),
                supply: s.supply,
                returning: s.returning,
                towers: s.towers,
                points: [pts.roads, pts.markets, pts.towers, pts.residential, pts.watchmen, pts.total()],
            }
        })
        .collect()
}

fn step_info(game: &Game, hand: Option<usize>) -> StepInfo {
    let table = game.table();
    StepInfo {
        turn: turn_text(table),
        tile: tile_text(table),
        piles: table.pile_sizes(),
        players: players(table),
        hand,
    }
}

/// The viewer page of a record (`partial`: it may stop before the game is over), titled `title`.
pub fn page(record: &Record, partial: bool, title: &str) -> Result<String, RecordError> {
    let mut pictures = Vec::new();
    let mut steps = Vec::new();
    let mut moves = Vec::new();
    let mut hands = Vec::new();
    record::replay_each(record, partial, &mut |_, game, next| {
        pictures.push(city_svg(game.table(), &[], game.is_over()));
        let t = game.table();
        let hand = (t.step() == Step::PlaceTile).then(|| {
            hands.push(tile_svg(t.tileset(), t.in_hand(), 0));
            hands.len() - 1
        });
        steps.push(step_info(game, hand));
        if let Some(d) = next {
            let (_, words) = &record.decisions[moves.len()];
            let text = words[usize::from(d.player.is_some())..].join(" ");
            moves.push(MoveInfo { line: d.line, player: game.table().actor().to_string(), text });
        }
    })?;
    let payload = Payload { pictures: Packed::new(&pictures), hands: Packed::new(&hands), steps, moves };
    Ok(html(title, include_str!("die-stadt.html"), &embed(&payload)))
}

/// The viewer of any game (`replay --html` of a game whose adapter draws it): its pictures step
/// by step (`pictures[0]` before the first move, one after each) and the move list.
pub fn frames_page(title: &str, pictures: &[String], moves: Vec<MoveInfo>) -> String {
    #[derive(Serialize)]
    struct Frames {
        pictures: Packed,
        moves: Vec<MoveInfo>,
    }
    html(title, include_str!("frames.html"), &embed(&Frames { pictures: Packed::new(pictures), moves }))
}

/// The page: the controls, the game's own `side` (the picture's box, its facts and the move
/// list), and the packed `data` the script steps through.
fn html(title: &str, side: &str, data: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>{css}</style>\n</head>\n<body>\n{controls}{side}\n<script type=\"application/octet-stream\" id=\"payload\">{data}</script>\n<script>{unpack}{js}</script>\n</body>\n</html>\n",
        t = escape(title),
        css = include_str!("viewer.css"),
        controls = include_str!("controls.html").replace("{title}", &escape(title)),
        unpack = UNPACK_JS,
        js = include_str!("viewer.js"),
    )
}
