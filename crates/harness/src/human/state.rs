//! What the play page is sent: built from the public table and the decisions made so far only,
//! so it cannot carry the hidden tile order (tests compare two games that differ only there).

use crate::viewer::{PlayerInfo, players, tile_text, turn_text};
use die_stadt::geom::Point;
use die_stadt::ids::Player;
use die_stadt::moves::{Move, Step};
use die_stadt::pictures::city::{CELL, FOLLOWER_DEPTH, Layout, city_svg, tile_svg};
use die_stadt::record;
use die_stadt::table::Table;
use serde::Serialize;

/// A legal choice of the person, with where the page draws it (pixels of the city picture).
#[derive(Serialize)]
pub struct Choice {
    /// The decision in record notation (`tile 3 -1 90`), what the page sends back.
    pub text: String,
    /// `place` (a cell for the tile in hand), `spot` (a point on the picture) or `button` (no
    /// place in the picture: `follower none`, `tower none`).
    pub kind: &'static str,
    /// The rotation in degrees, for `place`.
    pub degrees: u32,
    /// Left or centre x.
    pub x: f64,
    /// Top or centre y.
    pub y: f64,
    /// Width of a `place` (0 otherwise).
    pub size: f64,
}

/// The page's view of the game.
#[derive(Serialize)]
pub struct View {
    /// The person's seat.
    pub you: String,
    /// Who sits where: `you` or a bot's label, by seat.
    pub seats: Vec<String>,
    /// Whether the game waits for the person.
    pub waiting: bool,
    /// Whether the game is over.
    pub over: bool,
    /// What is going on, in words.
    pub status: String,
    /// Whose decision comes next and what it is.
    pub turn: String,
    /// The tile in hand or just placed.
    pub tile: String,
    /// Tiles left per pile.
    pub piles: [usize; 3],
    /// Supplies and points by player.
    pub players: Vec<PlayerInfo>,
    /// The city picture (the one `replay --svg` draws, with the seats named).
    pub svg: String,
    /// The tile in hand turned 0, 90, 180 and 270 degrees, when the person is to place it.
    pub hand: Vec<String>,
    /// The person's legal choices, when the game waits for the person.
    pub choices: Vec<Choice>,
    /// Every decision so far, as record lines.
    pub log: Vec<String>,
}

/// The choices of `table`'s actor, placed on the picture laid out by `layout`.
pub fn choices(table: &Table, layout: &Layout) -> Vec<Choice> {
    let mut moves = Vec::new();
    table.legal_moves(&mut moves);
    let point = |p: Point| layout.point(p);
    let mut out: Vec<Choice> = moves
        .into_iter()
        .map(|mv| {
            let text = record::decision_text(table, mv);
            let spot =
                |(x, y): (f64, f64)| Choice { text: text.clone(), kind: "spot", degrees: 0, x, y, size: 0.0 };
            // Two choices on one edge (the gate's two directions; a wall piece with or without a
            // watchman) sit at a third and two thirds of it.
            let along = |(a, b): (Point, Point), t: f64| {
                let (a, b) = (point(a), point(b));
                (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
            };
            match mv {
                Move::Tile { x, y, rot } => {
                    let (px, py) = layout.in_cell(die_stadt::geom::Cell::new(x as i32, y as i32), (0.0, 0.0));
                    Choice {
                        kind: "place",
                        degrees: rot as u32 * 90,
                        x: px,
                        y: py,
                        size: CELL,
                        ..spot((0.0, 0.0))
                    }
                }
                Move::Follower(Some(seg)) => {
                    let slot = table.last_slot();
                    let port = table.seg_ports(slot, seg as usize).trailing_zeros() as usize;
                    spot(layout.port_point(table.board().tile(slot).cell(), port, FOLLOWER_DEPTH))
                }
                Move::Gate { edge, reversed } => spot(along(edge.points(reversed), 1.0 / 3.0)),
                Move::Wall { edge, watchman } => {
                    spot(along(edge.points(false), if watchman { 2.0 / 3.0 } else { 1.0 / 3.0 }))
                }
                Move::Tower(Some(end)) => spot(point(table.wall_ends()[end.index()].point())),
                Move::Follower(None) | Move::Tower(None) => Choice { kind: "button", ..spot((0.0, 0.0)) },
            }
        })
        .collect();
    spread_spots(&mut out);
    out
}

/// The radius of a spot the page draws (page.js), in pixels of the picture.
pub const SPOT_R: f64 = 8.0;

/// Moves spots apart until no two overlap (centres at least two radii and a pixel apart): a tile
/// whose segments start at neighbouring ports (a double curve: five segments) would otherwise
/// put its follower spots on top of each other.
fn spread_spots(choices: &mut [Choice]) {
    let min = 2.0 * SPOT_R + 1.0;
    let spots: Vec<usize> = (0..choices.len()).filter(|&i| choices[i].kind == "spot").collect();
    for _ in 0..50 {
        let mut moved = false;
        for (a, &i) in spots.iter().enumerate() {
            for &j in &spots[a + 1..] {
                let (dx, dy) = (choices[j].x - choices[i].x, choices[j].y - choices[i].y);
                let d = (dx * dx + dy * dy).sqrt();
                if d >= min {
                    continue;
                }
                // Apart along the line between them (sideways when they coincide), half each.
                let (ux, uy) = if d > 1e-9 { (dx / d, dy / d) } else { (1.0, 0.0) };
                let push = (min - d) / 2.0 + 0.01;
                choices[i].x -= ux * push;
                choices[i].y -= uy * push;
                choices[j].x += ux * push;
                choices[j].y += uy * push;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}

/// The status line at the end of a game: who won, with how many points, and the person's score.
pub fn winner_text(table: &Table, you: Player, seats: &[String]) -> String {
    let mut scores = vec![0.0; table.players()];
    stadt_core::game::Game::scores(table, &mut scores);
    let best = scores.iter().copied().fold(f64::MIN, f64::max);
    let name =
        |i: usize| if i == you.index() { "you".to_string() } else { format!("p{} ({})", i + 1, seats[i]) };
    let winners: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
    let mine = scores[you.index()];
    match winners.as_slice() {
        [w] if *w == you.index() => format!("game over: you win with {best} points"),
        [w] => format!("game over: {} wins with {best} points; you have {mine}", name(*w)),
        _ => {
            let names: Vec<String> = winners.iter().map(|&i| name(i)).collect();
            format!("game over: {} share the win with {best} points", names.join(" and "))
        }
    }
}

/// The view of `table` for the person in seat `you`; `waiting`: the game waits for the person.
pub fn view(
    table: &Table,
    you: Player,
    seats: &[String],
    waiting: bool,
    log: &[String],
    status: &str,
) -> View {
    let layout = Layout::of(table);
    let over = table.is_over();
    let hand = if waiting && table.step() == Step::PlaceTile {
        (0..4).map(|r| tile_svg(table.tileset(), table.in_hand(), r)).collect()
    } else {
        Vec::new()
    };
    View {
        you: you.to_string(),
        seats: seats.to_vec(),
        waiting,
        over,
        status: status.to_string(),
        turn: turn_text(table),
        tile: tile_text(table),
        piles: table.pile_sizes(),
        players: players(table),
        svg: city_svg(table, seats, over),
        hand,
        choices: if waiting { choices(table, &layout) } else { Vec::new() },
        log: log.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::{deck_order, play_deck};
    use die_stadt::tiles::TileSet;
    use die_stadt_bots::registry::BOTS;
    use stadt_core::bots::dirs::BotDirs;

    #[test]
    fn no_two_follower_spots_overlap_on_any_tile_a_double_curve_included() {
        let tileset = TileSet::default_set();
        let bots = vec![BOTS.parse_bot("random", &BotDirs::default()).unwrap(); 3];
        let (mut follower_turns, mut crowded) = (0, 0);
        for seed in 0..20 {
            let order = deck_order(tileset, seed);
            let never = std::sync::atomic::AtomicBool::new(false);
            play_deck(tileset, &bots, &order, seed, None, &never, &mut |obs, _| {
                let table = obs.table();
                if table.step() != Step::Follower {
                    return;
                }
                follower_turns += 1;
                let spots: Vec<(f64, f64)> = choices(table, &Layout::of(table))
                    .iter()
                    .filter(|c| c.kind == "spot")
                    .map(|c| (c.x, c.y))
                    .collect();
                crowded += usize::from(spots.len() >= 5);
                for (i, a) in spots.iter().enumerate() {
                    for b in &spots[i + 1..] {
                        let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                        assert!(d >= 2.0 * SPOT_R, "spots {a:?} and {b:?} overlap on {}", tile_text(table));
                    }
                }
            })
            .unwrap();
        }
        assert!(
            follower_turns > 500 && crowded > 10,
            "{follower_turns} follower turns, {crowded} with 5 spots"
        );
    }

    #[test]
    fn the_end_names_the_winner_and_the_persons_score() {
        let tileset = TileSet::default_set();
        let bots = vec![BOTS.parse_bot("greedy", &BotDirs::default()).unwrap(); 2];
        let never = std::sync::atomic::AtomicBool::new(false);
        let played = play_deck(tileset, &bots, &deck_order(tileset, 4), 4, None, &never, &mut |_, _| {})
            .unwrap()
            .unwrap();
        let table = played.game.table();
        let mut scores = vec![0.0; 2];
        stadt_core::game::Game::scores(table, &mut scores);
        let seats = ["you".to_string(), "greedy".to_string()];
        let text = winner_text(table, Player::new(0), &seats);
        let best = scores[0].max(scores[1]);
        let expected = if scores[0] > scores[1] {
            format!("game over: you win with {best} points")
        } else if scores[0] < scores[1] {
            format!("game over: p2 (greedy) wins with {best} points; you have {}", scores[0])
        } else {
            format!("game over: you and p2 (greedy) share the win with {best} points")
        };
        assert_eq!(text, expected);
    }
}
