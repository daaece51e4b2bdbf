//! A picture of a game of Catan at any step as one self-contained SVG document (`stadt replay
//! --svg`): the hexes with their number tokens, the harbours, the robber, every road, settlement
//! and city in its player's colour, and a panel with each player's points, cards and titles. Under
//! Städte und Ritter also the knights (strength, active), walls, metropolises, cities on their
//! side or sabotaged, the merchant, the barbarian ship's track and each player's improvements.
//! The picture of a record shows everything, hidden cards included: it is for people looking at a
//! record, never shown to a bot. The picture of what one seat sees (a person playing it) shows the
//! others' hidden cards as counts, and numbers every intersection and path for its moves.

use crate::board::Harbour;
use crate::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use crate::knights::card_kind::CardKind;
use crate::knights::cards::ProgressCard;
use crate::knights::tracks::{Commodity, Track};
use crate::state::{Building, State};
use crate::topology::{EDGES, HARBOURS, HEX_COORDS, HEXES, NODES, TOPOLOGY};
use stadt_core::svg::{Font, Paint, Svg, Xy};

/// The radius of a hex (centre to corner), in pixels.
const R: f64 = 46.0;
/// Space around the board and the panel.
const MARGIN: f64 = 16.0;
/// Height of the title line.
const TITLE: f64 = 34.0;
/// Half the board's width and height from its centre, with the harbours outside the coast.
const HALF_W: f64 = 5.3 * R;
const HALF_H: f64 = 5.0 * R;
/// Width of the panel beside the board.
const PANEL: f64 = 330.0;
/// Height of one line of the panel.
const ROW: f64 = 19.0;

/// The sea around the island.
const SEA: &str = "#9ecae1";
/// Outline of hexes, tokens and pieces.
const INK: &str = "#333333";

/// The fill of a hex of this terrain (None: the desert).
pub fn terrain_colour(r: Option<Resource>) -> &'static str {
    match r {
        Some(Resource::Lumber) => "#5f9e5a",
        Some(Resource::Brick) => "#c9754f",
        Some(Resource::Wool) => "#b5dc7f",
        Some(Resource::Grain) => "#f1d35e",
        Some(Resource::Ore) => "#9fa4aa",
        None => "#e6d7a9",
    }
}

/// The colour of a player's pieces: red, blue, white and orange, as in the box.
pub fn player_colour(p: Player) -> &'static str {
    ["#d62728", "#1f5fbf", "#f7f7f7", "#ff8c1a"][p.index() % 4]
}

/// The centre of the board in the picture.
fn centre() -> Xy {
    (MARGIN + HALF_W, TITLE + HALF_H)
}

/// The centre of hex `h`: pointy-topped hexes, x to the east, z rows to the south.
pub fn hex_centre(h: Hex) -> Xy {
    let [x, _, z] = HEX_COORDS[h.index()];
    let (cx, cy) = centre();
    (cx + 3f64.sqrt() * R * (x as f64 + z as f64 / 2.0), cy + 1.5 * R * z as f64)
}

/// Corner `k` of a hex centred at `c`, in the topology's corner order (north, north-east,
/// south-east, south, south-west, north-west).
fn corner((x, y): Xy, k: usize) -> Xy {
    let angle = std::f64::consts::PI / 3.0 * k as f64 - std::f64::consts::FRAC_PI_2;
    (x + R * angle.cos(), y + R * angle.sin())
}

/// The position of intersection `n`.
pub fn node_point(n: Node) -> Xy {
    for h in 0..HEXES {
        if let Some(k) = TOPOLOGY.hex_nodes[h].iter().position(|&m| m == n.0) {
            return corner(hex_centre(Hex(h as u8)), k);
        }
    }
    unreachable!("every intersection is a corner of a hex")
}

fn mid((ax, ay): Xy, (bx, by): Xy) -> Xy {
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}

/// Draws `s` as an SVG document; `seats` labels the players in order (missing or empty labels
/// are left out). With a `viewer` (a seat, 0-based), the other players' hands and development
/// cards are drawn as counts only: what that player sees.
pub fn board_svg(s: &State, seats: &[String], viewer: Option<usize>) -> String {
    let players = s.players();
    // Städte und Ritter's panel holds more on each line.
    let panel = if s.options().knights() { PANEL + 210.0 } else { PANEL };
    let width = MARGIN * 3.0 + 2.0 * HALF_W + panel;
    let panel_h = TITLE + ROW * (8.0 + 7.0 * players as f64) + MARGIN;
    let height = (TITLE + 2.0 * HALF_H + MARGIN).max(panel_h);
    let game = if s.options().knights() { "Catan, Städte und Ritter" } else { "Catan" };
    let title = match s.winner() {
        Some(w) => format!("{game}: the end of the game, won by p{} (turn {})", w.0 + 1, s.turns()),
        None if s.is_over() => format!("{game}: the end of the game, no winner (turn {})", s.turns()),
        None => format!("{game}: turn {}, p{} to decide", s.turns(), s.actor().0 + 1),
    };
    let mut svg = Svg::new(width, height, &title);
    svg.rect((0.0, 0.0), (width, height), Paint::fill("#ffffff"));
    svg.text((MARGIN, TITLE / 2.0), Font::new(16.0).bold(), &title);
    svg.rect((MARGIN, TITLE), (2.0 * HALF_W, 2.0 * HALF_H), Paint::fill(SEA));
    draw_harbours(&mut svg, s);
    draw_hexes(&mut svg, s);
    if viewer.is_some() {
        draw_numbers(&mut svg);
    }
    draw_roads(&mut svg, s);
    if s.options().knights() {
        draw_walls(&mut svg, s);
    }
    draw_buildings(&mut svg, s);
    if s.options().knights() {
        draw_knights_pieces(&mut svg, s);
    }
    draw_panel(&mut svg, s, seats, viewer, MARGIN * 2.0 + 2.0 * HALF_W);
    svg.finish()
}

/// A city wall: a grey base under the city (K19).
fn draw_walls(svg: &mut Svg, s: &State) {
    for n in (0..NODES as u8).map(Node).filter(|&n| s.wall(n)) {
        let (x, y) = node_point(n);
        svg.rect((x - 14.0, y - 2.0), (28.0, 13.0), Paint::outlined("#8c8c8c", INK, 1.0));
    }
}

/// Knights (a disc in the owner's colour, its strength as a number, a yellow ring when active),
/// metropolises (a gold star with the track's letter), cities on their side (`side`) or
/// sabotaged (a black cross), and the merchant (an `M` on its hex).
fn draw_knights_pieces(svg: &mut Svg, s: &State) {
    for n in (0..NODES as u8).map(Node) {
        let (x, y) = node_point(n);
        if let Some(k) = s.knight(n) {
            let ring = if k.active() { "#ffd700" } else { INK };
            svg.circle(
                (x, y),
                9.0,
                Paint::outlined(player_colour(Player(k.owner())), ring, if k.active() { 3.0 } else { 1.2 }),
            );
            let ink = if k.owner() == 2 { "#000000" } else { "#ffffff" };
            svg.text(
                (x, y + 1.0),
                Font::new(10.0).middle().bold().colour(ink),
                &(k.strength() as u8).to_string(),
            );
        }
        if s.sideways(n) {
            svg.text((x, y + 18.0), Font::new(8.0).middle().halo(), "side");
        }
        if s.sabotaged(n) {
            // H9: a black cross over the city, which yields as a settlement until repaired.
            svg.line((x - 8.0, y - 8.0), (x + 8.0, y + 8.0), INK, 2.5, "");
            svg.line((x - 8.0, y + 8.0), (x + 8.0, y - 8.0), INK, 2.5, "");
        }
    }
    for t in Track::ALL {
        if let (_, Some(n)) = s.metropolis(t) {
            let (x, y) = node_point(n);
            let star: Vec<Xy> = (0..10)
                .map(|k| {
                    let r = if k % 2 == 0 { 9.0 } else { 4.0 };
                    let a = std::f64::consts::PI / 5.0 * k as f64 - std::f64::consts::FRAC_PI_2;
                    (x + 12.0 + r * a.cos(), y - 12.0 + r * a.sin())
                })
                .collect();
            svg.polygon(&star, Paint::outlined("#ffd700", INK, 1.0));
            let letter = &t.name()[..1].to_uppercase();
            svg.text((x + 12.0, y - 11.0), Font::new(7.0).middle().bold(), letter);
        }
    }
    if let Some((h, p)) = s.merchant() {
        let c = hex_centre(h);
        let at = (c.0 - 22.0, c.1 - 14.0);
        svg.circle(at, 9.0, Paint::outlined(player_colour(p), INK, 1.5));
        svg.text(at, Font::new(10.0).middle().bold(), "M");
    }
}

/// The barbarian ship's track: the spaces moved of 7 and the attacks so far (K37).
fn ship_line(s: &State) -> String {
    let ship = s.ship();
    let track: String = (0..7)
        .map(|k| {
            if k < ship.moved {
                '#'
            } else if k == ship.moved {
                '>'
            } else {
                '.'
            }
        })
        .collect();
    format!("barbarians [{track}] 7; attacks {}, won {}", ship.attacks, s.barbarian_wins())
}

/// A player's Städte und Ritter lines: levels, walls, knights; commodities; progress cards (the
/// others' as a count for a viewer).
fn knights_lines(s: &State, p: Player, shown: bool) -> [String; 3] {
    let levels: Vec<String> = Track::ALL.iter().map(|&t| format!("{} {}", t.name(), s.level(p, t))).collect();
    let on_board = (0..NODES as u8).filter(|&n| s.knight(Node(n)).is_some_and(|k| k.owner() == p.0)).count();
    let commodities: Vec<String> = Commodity::ALL
        .iter()
        .map(|&c| format!("{} {}", s.cards_of(p, CardKind::Commodity(c)), c.name()))
        .collect();
    let progress = if shown {
        let held: Vec<String> = ProgressCard::ALL
            .iter()
            .filter(|k| s.progress_cards(p)[k.index()] > 0)
            .map(|k| format!("{} {}", s.progress_cards(p)[k.index()], k.name()))
            .collect();
        if held.is_empty() { "none".to_string() } else { held.join(", ") }
    } else {
        format!("{} hidden", s.progress_held(p))
    };
    [
        format!("{}; walls {}; knights {on_board}", levels.join(", "), s.walls_of(p)),
        format!("commodities: {}; defenders {}", commodities.join(", "), s.defenders(p)),
        format!("progress cards: {progress}; laid down {}", s.progress_points(p)),
    ]
}

fn draw_hexes(svg: &mut Svg, s: &State) {
    let board = s.board();
    for h in 0..HEXES {
        let hex = Hex(h as u8);
        let c = hex_centre(hex);
        let corners: Vec<Xy> = (0..6).map(|k| corner(c, k)).collect();
        svg.polygon(&corners, Paint::outlined(terrain_colour(board.terrain[h]), INK, 1.5));
        let number = board.numbers[h];
        if number != 0 {
            let red = number == 6 || number == 8;
            svg.circle(c, 15.0, Paint::outlined("#fbf3dc", INK, 1.0));
            let font = Font::new(15.0).middle().bold().colour(if red { "#c00000" } else { "#000000" });
            svg.text((c.0, c.1 - 1.0), font, &number.to_string());
            let n = crate::board::pips(number);
            for i in 0..n {
                let x = c.0 + (i as f64 - (n as f64 - 1.0) / 2.0) * 3.6;
                svg.circle((x, c.1 + 9.0), 1.2, Paint::fill(if red { "#c00000" } else { "#000000" }));
            }
        }
        if s.robber() == hex {
            let at = (c.0 + 22.0, c.1 - 14.0);
            svg.circle(at, 9.0, Paint::outlined("#222222", "#ffffff", 1.5));
            svg.text(at, Font::new(10.0).middle().bold().colour("#ffffff"), "R");
        }
    }
}

fn draw_harbours(svg: &mut Svg, s: &State) {
    let (cx, cy) = centre();
    for i in 0..HARBOURS {
        let [a, b] = TOPOLOGY.harbour_nodes[i];
        let (pa, pb) = (node_point(Node(a)), node_point(Node(b)));
        let m = mid(pa, pb);
        let (dx, dy) = (m.0 - cx, m.1 - cy);
        let len = (dx * dx + dy * dy).sqrt();
        let at = (m.0 + dx / len * 30.0, m.1 + dy / len * 30.0);
        svg.line(pa, at, "#7a5230", 3.0, "");
        svg.line(pb, at, "#7a5230", 3.0, "");
        let (fill, label) = match s.board().harbours[i] {
            Harbour::Generic => ("#ffffff", "3:1".to_string()),
            Harbour::Special(r) => (terrain_colour(Some(r)), format!("2:1 {}", r.name())),
        };
        svg.circle(at, 13.0, Paint::outlined(fill, INK, 1.0));
        let short = label.split(' ').next().unwrap_or_default().to_string();
        svg.text(at, Font::new(9.0).middle().bold(), &short);
        if let Some(r) = label.split(' ').nth(1) {
            svg.text((at.0, at.1 + 20.0), Font::new(9.0).middle().halo(), r);
        }
    }
}

/// The number of every intersection and path, small, for a person choosing `settle N` or
/// `road N`.
fn draw_numbers(svg: &mut Svg) {
    for n in 0..NODES {
        let (x, y) = node_point(Node(n as u8));
        svg.text((x, y + 1.0), Font::new(7.0).middle().colour("#1a1a1a").halo(), &n.to_string());
    }
    for e in 0..EDGES {
        let [a, b] = TOPOLOGY.edge_nodes[e];
        let m = mid(node_point(Node(a)), node_point(Node(b)));
        svg.text(m, Font::new(6.5).middle().colour("#2b4a8a").halo(), &e.to_string());
    }
}

fn draw_roads(svg: &mut Svg, s: &State) {
    for e in 0..EDGES {
        if let Some(p) = s.road(Edge(e as u8)) {
            let [a, b] = TOPOLOGY.edge_nodes[e];
            let (pa, pb) = (node_point(Node(a)), node_point(Node(b)));
            // Shortened so the buildings at its ends stay clear.
            let (ta, tb) = (lerp(pa, pb, 0.18), lerp(pa, pb, 0.82));
            svg.line(ta, tb, INK, 8.0, "");
            svg.line(ta, tb, player_colour(p), 5.5, "");
        }
    }
}

fn lerp((ax, ay): Xy, (bx, by): Xy, t: f64) -> Xy {
    (ax + (bx - ax) * t, ay + (by - ay) * t)
}

fn draw_buildings(svg: &mut Svg, s: &State) {
    for n in 0..NODES {
        let node = Node(n as u8);
        let Some(b) = s.building(node) else { continue };
        let (x, y) = node_point(node);
        let paint = Paint::outlined(player_colour(b.owner()), INK, 1.5);
        match b {
            Building::Settlement(_) => svg.polygon(
                &[
                    (x - 7.0, y + 7.0),
                    (x - 7.0, y - 2.0),
                    (x, y - 9.0),
                    (x + 7.0, y - 2.0),
                    (x + 7.0, y + 7.0),
                ],
                paint,
            ),
            Building::City(_) => svg.polygon(
                &[
                    (x - 11.0, y + 8.0),
                    (x - 11.0, y - 4.0),
                    (x - 5.0, y - 10.0),
                    (x + 1.0, y - 4.0),
                    (x + 1.0, y - 1.0),
                    (x + 11.0, y - 1.0),
                    (x + 11.0, y + 8.0),
                ],
                paint,
            ),
        }
    }
}

fn draw_panel(svg: &mut Svg, s: &State, seats: &[String], viewer: Option<usize>, x: f64) {
    let mut y = TITLE + ROW;
    let line = |svg: &mut Svg, y: &mut f64, font: Font, text: &str| {
        svg.text((x, *y), font, text);
        *y += ROW;
    };
    let roll = if s.last_roll() == 0 { "none yet".to_string() } else { s.last_roll().to_string() };
    if s.options().knights() {
        let (red, event) = s.red_and_event();
        let decks: Vec<String> = s.progress_decks().iter().map(|d| d.len().to_string()).collect();
        line(
            svg,
            &mut y,
            Font::new(13.0),
            &format!("last roll: {roll} (red {red}, event {event}); decks left {}", decks.join("/")),
        );
        line(svg, &mut y, Font::new(13.0), &ship_line(s));
    } else {
        line(
            svg,
            &mut y,
            Font::new(13.0),
            &format!("last roll: {roll}; development cards left: {}", s.deck_left()),
        );
    }
    let bank = s.bank();
    line(svg, &mut y, Font::new(13.0), &format!("bank: {}", cards(&bank)));
    let holder = |p: Option<Player>| p.map_or("nobody".to_string(), |p| format!("p{}", p.0 + 1));
    let titles = if s.options().knights() {
        let merchant = holder(s.merchant().map(|m| m.1));
        format!("longest trade route: {}; merchant: {merchant}", holder(s.longest_road()))
    } else {
        format!("longest road: {}; largest army: {}", holder(s.longest_road()), holder(s.largest_army()))
    };
    line(svg, &mut y, Font::new(13.0), &titles);
    y += ROW / 2.0;
    for i in 0..s.players() {
        let p = Player(i as u8);
        svg.rect((x, y - 11.0), (14.0, 14.0), Paint::outlined(player_colour(p), INK, 1.0));
        let name = match seats.get(i).filter(|l| !l.is_empty()) {
            Some(l) => format!("p{} {l}", i + 1),
            None => format!("p{}", i + 1),
        };
        let turn = if !s.is_over() && s.actor() == p { "  (to decide)" } else { "" };
        // Victory point cards in another's hand are hidden from a viewer.
        let points = if viewer.is_none_or(|v| v == i) { s.points(p) } else { s.public_points(p) };
        svg.text((x + 20.0, y), Font::new(14.0).bold(), &format!("{name}: {points} points{turn}"));
        y += ROW;
        let (settlements, cities, roads) = s.pieces(p);
        line(
            svg,
            &mut y,
            Font::new(12.0),
            &format!(
                "{settlements} settlements, {cities} cities, {roads} roads (longest {})",
                s.road_length(p)
            ),
        );
        let (hand, devs) = if viewer.is_none_or(|v| v == i) {
            (cards(&s.hand(p)), dev(s.dev_cards(p)))
        } else {
            let held: u8 = s.dev_cards(p).iter().sum();
            (format!("{} cards", s.hand_size(p)), format!("{held} hidden"))
        };
        line(svg, &mut y, Font::new(12.0), &format!("hand: {hand}"));
        if s.options().knights() {
            for text in knights_lines(s, p, viewer.is_none_or(|v| v == i)) {
                line(svg, &mut y, Font::new(12.0), &text);
            }
            y += ROW / 2.0;
            continue;
        }
        line(svg, &mut y, Font::new(12.0), &format!("development cards: {devs}"));
        line(svg, &mut y, Font::new(12.0), &format!("played: {}", dev(s.played(p))));
        y += ROW / 2.0;
    }
}

fn cards(c: &[u8; 5]) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|r| c[r.index()] > 0)
        .map(|r| format!("{} {}", c[r.index()], r.name()))
        .collect();
    if parts.is_empty() { "none".into() } else { parts.join(", ") }
}

fn dev(c: &[u8; 5]) -> String {
    let parts: Vec<String> = DevCard::ALL
        .iter()
        .filter(|d| c[d.index()] > 0)
        .map(|d| format!("{} {}", c[d.index()], d.name()))
        .collect();
    if parts.is_empty() { "none".into() } else { parts.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_intersections_are_one_side_apart() {
        for e in 0..EDGES {
            let [a, b] = TOPOLOGY.edge_nodes[e];
            let ((ax, ay), (bx, by)) = (node_point(Node(a)), node_point(Node(b)));
            let d = ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt();
            assert!((d - R).abs() < 1e-6, "path {e}: {d}");
        }
    }
}
