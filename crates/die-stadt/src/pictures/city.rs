//! A picture of the city as one self-contained SVG file (`--svg`): every tile with its roads,
//! residential areas, markets (colour and letter) and buildings, followers by player, the wall
//! with gate, watchmen, towers and free ends, blocked cells, a legend, and the scores by source.
//!
//! Geometry, for whoever needs to find things in the picture: the board shows the placed tiles'
//! bounding box and one ring of cells around it, each cell a square of [`CELL`] pixels. The SVG's
//! width and height are in pixels with the viewBox starting at 0 0, so [`Layout`] gives pixel
//! positions at scale 1. A cell's twelve ports split its square into twelve triangles from its
//! centre to its rim, a third of a side each; a port's triangle is coloured by the kind of the
//! segment that owns the port, and roads are drawn on top from their ports towards the centre.

use super::{follower_port, rim};
use crate::board::BLOCKED;
use crate::geom::{Cell, PORTS, Point, SIDES, Side, is_middle_port};
use crate::ids::Player;
use crate::table::Table;
use crate::tiles::{MarketKind, SegKind, TileSet};
use stadt_core::svg::{Font, Paint, Svg, Xy};

/// Side of a cell in pixels.
pub const CELL: f64 = 64.0;
/// Space around the board and the panel.
pub const MARGIN: f64 = 16.0;
/// Height of the title line above the board.
pub const TITLE: f64 = 36.0;
/// Width of the panel right of the board (legend and scores).
pub const PANEL: f64 = 470.0;
/// Height of one line of the panel.
const ROW: f64 = 24.0;

/// Residential areas.
pub const RESIDENTIAL: &str = "#efe3cc";
/// The triangle of a road port (the road itself is drawn on top).
pub const ROAD_AREA: &str = "#d9d9d9";
/// Roads: white with dark kerbs.
pub const ROAD: &str = "#ffffff";
/// The kerbs of roads and the dot where a road ends on a tile.
pub const KERB: &str = "#595959";
/// Wall pieces and the stretches the final closing walled without a piece (dashed).
pub const WALL: &str = "#000000";
/// The gate.
pub const GATE: &str = "#8c510a";
/// Blocked cells (R20).
pub const BLOCKED_CELL: &str = "#b3b3b3";
/// Outline of a tile.
const TILE_EDGE: &str = "#8c8c8c";

/// Fill of a market of this kind: light tints of Okabe-Ito sky blue, yellow and bluish green,
/// kept lighter than the players' colours so the two never mix up.
pub fn market_colour(kind: MarketKind) -> &'static str {
    match kind {
        MarketKind::Fish => "#9ed3f2",
        MarketKind::Grain => "#f6ee8c",
        MarketKind::Livestock => "#7fceb8",
    }
}

/// The colour of a player's followers, watchmen and towers (Okabe-Ito vermillion, blue, reddish
/// purple, orange).
pub fn player_colour(p: Player) -> &'static str {
    ["#d55e00", "#0072b2", "#cc79a7", "#e69f00"][p.index() % 4]
}

/// Where things are in the picture of one table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The cell in the top-left corner of the board.
    pub first: Cell,
    /// Cells across.
    pub cols: i32,
    /// Cells down.
    pub rows: i32,
    /// Width of the picture in pixels.
    pub width: f64,
    /// Height of the picture in pixels.
    pub height: f64,
}

impl Layout {
    /// The layout of the picture of `table`: its tiles' bounding box with a ring of cells around it
    /// (3 x 3 cells around (0, 0) when no tile is placed yet).
    pub fn of(table: &Table) -> Layout {
        let board = table.board();
        let ((x0, y0), (x1, y1)) = if board.tile_count() == 0 { ((0, 0), (0, 0)) } else { board.bounds() };
        let (cols, rows) = (x1 - x0 + 3, y1 - y0 + 3);
        let board_h = TITLE + rows as f64 * CELL + MARGIN;
        Layout {
            first: Cell::new(x0 - 1, y0 - 1),
            cols,
            rows,
            width: MARGIN * 3.0 + cols as f64 * CELL + PANEL,
            height: board_h.max(panel_height(table.players())),
        }
    }

    /// The pixel position of lattice point `p` (the north-west corner of cell (p.x, p.y)).
    pub fn point(&self, p: Point) -> Xy {
        (MARGIN + (p.x - self.first.x) as f64 * CELL, TITLE + (p.y - self.first.y) as f64 * CELL)
    }

    /// The pixel position of a place inside cell `c`, in fractions of the cell from its
    /// north-west corner ((0.5, 0.5) is the centre).
    pub fn in_cell(&self, c: Cell, (u, v): Xy) -> Xy {
        let (x, y) = self.point(Point::new(c.x, c.y));
        (x + u * CELL, y + v * CELL)
    }

    /// The centre of cell `c`.
    pub fn cell_centre(&self, c: Cell) -> Xy {
        self.in_cell(c, (0.5, 0.5))
    }

    /// The midpoint of side `s` of cell `c` (where a wall piece, the gate or a watchman is drawn).
    pub fn side_midpoint(&self, c: Cell, s: Side) -> Xy {
        let e = c.edge(s);
        let (a, b) = (self.point(e.from), self.point(e.to()));
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    }

    /// The point `depth` of the way from the centre of cell `c` to the middle of board port
    /// `port`'s third of the rim: 2/3 is the centroid of the port's triangle; followers stand at
    /// [`FOLLOWER_DEPTH`] of their port.
    pub fn port_point(&self, c: Cell, port: usize, depth: f64) -> Xy {
        let (u, v) = rim(port, 0.5);
        self.in_cell(c, (0.5 + depth * (u - 0.5), 0.5 + depth * (v - 0.5)))
    }
}

/// Where a follower stands on the way from its tile's centre to its segment's first port.
pub const FOLLOWER_DEPTH: f64 = 0.7;
/// Radius of a follower.
const FOLLOWER_R: f64 = 9.0;
/// Half the diagonal of a watchman's diamond.
const WATCHMAN_R: f64 = 9.0;
/// Half the side of a tower's square.
const TOWER_R: f64 = 9.0;

/// The height the panel needs for `players` players: legend, players, scores.
fn panel_height(players: usize) -> f64 {
    TITLE + (LEGEND.len() + 3 + 2 * players + 4) as f64 * ROW + MARGIN
}

/// Draws the city of `table` as an SVG document. `seats` labels the players in order (bot names;
/// missing or empty labels are left out); `finished` titles the scores "final scores" rather than
/// "scores so far".
pub fn city_svg(table: &Table, seats: &[String], finished: bool) -> String {
    let layout = Layout::of(table);
    let tiles = table.board().tile_count();
    let title = match (tiles, finished) {
        (0, _) => "the city: no tiles placed yet".to_string(),
        (n, true) => format!("the city at the end of the game: {n} tiles"),
        (n, false) => format!("the city so far: {n} tiles"),
    };
    let mut svg = Svg::new(layout.width, layout.height, &title);
    svg.text((MARGIN, TITLE / 2.0), Font::new(16.0).bold(), &title);
    draw_blocked(&mut svg, table, &layout);
    for (_, t) in table.board().slots() {
        draw_tile(&mut svg, table, &layout, t);
    }
    draw_wall(&mut svg, table, &layout);
    draw_panel(&mut svg, table, &layout, seats, finished);
    svg.finish()
}

fn draw_blocked(svg: &mut Svg, table: &Table, layout: &Layout) {
    for f in table.board().frontier().iter().filter(|f| f.flags & BLOCKED != 0) {
        let at = layout.in_cell(f.cell(), (0.0, 0.0));
        svg.rect(at, (CELL, CELL), Paint::fill(BLOCKED_CELL));
    }
}

fn draw_tile(svg: &mut Svg, table: &Table, layout: &Layout, t: &crate::board::PlacedTile) {
    draw_face(svg, table.tileset(), layout, t.cell(), t.ty, t.rot);
    if let Some((p, port)) = follower_port(table.tileset(), t) {
        follower(svg, layout.port_point(t.cell(), port, FOLLOWER_DEPTH), p);
    }
}

/// A picture of one tile type turned `rot` quarter turns, drawn as on the board (for the tile in
/// hand): `CELL` pixels square inside a margin.
pub fn tile_svg(tiles: &TileSet, ty: u8, rot: u8) -> String {
    let layout = Layout {
        first: Cell::new(0, 0),
        cols: 1,
        rows: 1,
        width: 2.0 * MARGIN + CELL,
        height: TITLE + CELL + MARGIN,
    };
    let title = format!("{} turned {} degrees", tiles.get(ty).name, rot as u32 * 90);
    let mut svg = Svg::new(layout.width, layout.height, &title);
    draw_face(&mut svg, tiles, &layout, Cell::new(0, 0), ty, rot);
    svg.finish()
}

/// A tile's face: its areas, roads, markets and buildings, without followers.
fn draw_face(svg: &mut Svg, tiles: &TileSet, layout: &Layout, cell: Cell, ty: u8, rot: u8) {
    let ty = tiles.get(ty);
    let rot = &ty.rotated[rot as usize];
    let centre = layout.cell_centre(cell);
    for port in 0..PORTS {
        let fill = match ty.seg_kind[rot.port_seg[port] as usize] {
            SegKind::Road => ROAD_AREA,
            SegKind::Residential => RESIDENTIAL,
            SegKind::Market(k) => market_colour(k),
        };
        let corners = [centre, layout.in_cell(cell, rim(port, 0.0)), layout.in_cell(cell, rim(port, 1.0))];
        // A hairline of the same colour closes the seams antialiasing leaves between triangles.
        svg.polygon(&corners, Paint::outlined(fill, fill, 0.6));
    }
    svg.rect(layout.in_cell(cell, (0.0, 0.0)), (CELL, CELL), Paint::outlined("none", TILE_EDGE, 1.0));
    for seg in 0..ty.seg_count as usize {
        let ports = ports_of(rot.seg_ports[seg]);
        match ty.seg_kind[seg] {
            SegKind::Road => draw_road(svg, layout, cell, &ports),
            SegKind::Market(k) => {
                let at = segment_label_point(layout, cell, &ports);
                svg.text(at, Font::new(13.0).middle().bold().halo(), &k.letter().to_string());
            }
            SegKind::Residential => {}
        }
    }
    if ty.public > 0 {
        let label = if ty.public > 1 { ty.public.to_string() } else { String::new() };
        house(svg, layout.in_cell(cell, (0.22, 0.78)), &label);
    }
    if let Some(name) = &ty.historic {
        star(svg, layout.in_cell(cell, (0.78, 0.78)));
        svg.text(layout.in_cell(cell, (0.5, 0.12)), Font::new(8.0).middle().halo(), name);
    }
}

/// The ports in a port mask, in clockwise order.
fn ports_of(mask: u16) -> Vec<usize> {
    (0..PORTS).filter(|&p| mask & (1 << p) != 0).collect()
}

/// Where a segment's letter goes: towards the middle of its ports' rim, a little inside.
fn segment_label_point(layout: &Layout, cell: Cell, ports: &[usize]) -> Xy {
    let k = ports.len().max(1) as f64;
    let (u, v) = ports.iter().map(|&p| rim(p, 0.5)).fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    let (u, v) = (u / k, v / k);
    layout.in_cell(cell, (0.5 + 0.55 * (u - 0.5), 0.5 + 0.55 * (v - 0.5)))
}

/// A road segment: through two sides as one curve bent towards the centre; a segment that touches
/// one side (or more than two) runs to the centre, where a dot marks its closed end.
fn draw_road(svg: &mut Svg, layout: &Layout, cell: Cell, ports: &[usize]) {
    let centre = layout.cell_centre(cell);
    let exits: Vec<Xy> =
        ports.iter().filter(|&&p| is_middle_port(p)).map(|&p| layout.in_cell(cell, rim(p, 0.5))).collect();
    for (colour, width) in [(KERB, 9.0), (ROAD, 5.0)] {
        if let [a, b] = exits[..] {
            svg.curve(a, centre, b, colour, width);
        } else {
            for &a in &exits {
                svg.line(a, centre, colour, width, "");
            }
        }
    }
    if exits.len() != 2 {
        svg.circle(centre, 4.5, Paint::fill(KERB));
    }
}

/// A public building: a small house.
fn house(svg: &mut Svg, (x, y): Xy, label: &str) {
    let r = 7.0;
    let outline = [(x - r, y + r), (x - r, y - 1.0), (x, y - r - 2.0), (x + r, y - 1.0), (x + r, y + r)];
    svg.polygon(&outline, Paint::outlined("#ffffff", "#000000", 1.5));
    if !label.is_empty() {
        svg.text((x, y + 2.0), Font::new(8.0).middle(), label);
    }
}

/// A historic building: a five-pointed star.
fn star(svg: &mut Svg, (x, y): Xy) {
    let points: Vec<Xy> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { 9.0 } else { 4.0 };
            let a = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    svg.polygon(&points, Paint::outlined("#ffffff", "#000000", 1.5));
}

/// A follower: a disc in its player's colour with the player's number.
fn follower(svg: &mut Svg, at: Xy, p: Player) {
    svg.circle(at, FOLLOWER_R, Paint::outlined(player_colour(p), "#000000", 1.5));
    svg.text(at, Font::new(10.0).middle().bold().colour("#ffffff"), &(p.index() + 1).to_string());
}

/// A watchman: a diamond in its player's colour.
fn watchman(svg: &mut Svg, (x, y): Xy, p: Player) {
    let r = WATCHMAN_R;
    let corners = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)];
    svg.polygon(&corners, Paint::outlined(player_colour(p), "#000000", 1.5));
}

/// A tower: a black square with its owner's colour inside.
fn tower(svg: &mut Svg, (x, y): Xy, owner: Option<Player>) {
    let r = TOWER_R;
    svg.rect((x - r, y - r), (2.0 * r, 2.0 * r), Paint::fill(WALL));
    let inner = owner.map_or("#ffffff", player_colour);
    svg.rect((x - r + 3.0, y - r + 3.0), (2.0 * r - 6.0, 2.0 * r - 6.0), Paint::fill(inner));
}

/// The gate: a wide bar across its edge.
fn gate(svg: &mut Svg, (x, y): Xy, horizontal: bool) {
    let (w, h) = if horizontal { (CELL * 0.5, 14.0) } else { (14.0, CELL * 0.5) };
    svg.rect((x - w / 2.0, y - h / 2.0), (w, h), Paint::outlined(GATE, "#000000", 2.0));
}

/// A free end of the wall: a ring around its point.
fn free_end(svg: &mut Svg, at: Xy) {
    svg.circle(at, 12.0, Paint::outlined("none", WALL, 2.5));
}

fn draw_wall(svg: &mut Svg, table: &Table, layout: &Layout) {
    let wall = table.wall();
    let board = table.board();
    let mut watchmen = Vec::new();
    let mut gate_at = None;
    for (slot, t) in board.slots() {
        for side in SIDES.into_iter().filter(|&s| t.walled(s)) {
            let e = t.cell().edge(side);
            if wall.gate == Some((slot, side)) {
                gate_at = Some((layout.side_midpoint(t.cell(), side), e.horizontal));
                continue;
            }
            let dash = if t.virtual_walls & (1 << side.index()) != 0 { "5 4" } else { "" };
            let width = if dash.is_empty() { 7.0 } else { 4.0 };
            svg.line(layout.point(e.from), layout.point(e.to()), WALL, width, dash);
            if let Some(p) = t.watchman(side) {
                watchmen.push((layout.side_midpoint(t.cell(), side), p));
            }
        }
    }
    if let Some((at, horizontal)) = gate_at {
        gate(svg, at, horizontal);
    }
    for (at, p) in watchmen {
        watchman(svg, at, p);
    }
    if wall.gate.is_some() && !wall.closed {
        for e in wall.ends {
            free_end(svg, layout.point(e.point()));
        }
    }
    for &(x, y, p) in &wall.towers[..wall.tower_count as usize] {
        tower(svg, layout.point(Point::new(x as i32, y as i32)), Some(p));
    }
}

/// What the legend explains, in order: the symbol's drawing and its meaning.
#[derive(Clone, Copy)]
enum Symbol {
    Residential,
    Market(MarketKind),
    Road,
    RoadEnd,
    Public,
    Historic,
    Follower,
    Wall,
    Virtual,
    Gate,
    Watchman,
    Tower,
    FreeEnd,
    Blocked,
}

const LEGEND: [(Symbol, &str); 16] = [
    (Symbol::Residential, "residential area"),
    (Symbol::Market(MarketKind::Fish), "F fish market"),
    (Symbol::Market(MarketKind::Grain), "G grain market"),
    (Symbol::Market(MarketKind::Livestock), "V livestock market"),
    (Symbol::Road, "road"),
    (Symbol::RoadEnd, "a road ends on the tile (crossing, square or building)"),
    (Symbol::Public, "public building"),
    (Symbol::Historic, "historic building (its name on the tile)"),
    (Symbol::Follower, "follower, in its player's colour, on its area or road"),
    (Symbol::Wall, "wall piece"),
    (Symbol::Virtual, "walled by the final closing, without a piece"),
    (Symbol::Gate, "city gate"),
    (Symbol::Watchman, "watchman on a wall piece, in its player's colour"),
    (Symbol::Tower, "tower, its owner's colour inside"),
    (Symbol::FreeEnd, "free end of the wall"),
    (Symbol::Blocked, "blocked cell: no tile may go there (R20)"),
];

fn draw_symbol(svg: &mut Svg, symbol: Symbol, (x, y): Xy) {
    let swatch = |svg: &mut Svg, fill: &str| {
        svg.rect((x - 8.0, y - 7.0), (16.0, 14.0), Paint::outlined(fill, TILE_EDGE, 1.0));
    };
    match symbol {
        Symbol::Residential => swatch(svg, RESIDENTIAL),
        Symbol::Market(k) => {
            swatch(svg, market_colour(k));
            svg.text((x, y), Font::new(11.0).middle().bold(), &k.letter().to_string());
        }
        Symbol::Road => {
            svg.line((x - 9.0, y), (x + 9.0, y), KERB, 9.0, "");
            svg.line((x - 9.0, y), (x + 9.0, y), ROAD, 5.0, "");
        }
        Symbol::RoadEnd => {
            svg.line((x - 9.0, y), (x, y), KERB, 9.0, "");
            svg.line((x - 9.0, y), (x, y), ROAD, 5.0, "");
            svg.circle((x, y), 4.5, Paint::fill(KERB));
        }
        Symbol::Public => house(svg, (x, y), ""),
        Symbol::Historic => star(svg, (x, y)),
        Symbol::Follower => svg.circle((x, y), FOLLOWER_R, Paint::outlined("#ffffff", "#000000", 1.5)),
        Symbol::Wall => svg.line((x - 9.0, y), (x + 9.0, y), WALL, 7.0, ""),
        Symbol::Virtual => svg.line((x - 10.0, y), (x + 10.0, y), WALL, 4.0, "5 4"),
        Symbol::Gate => gate(svg, (x, y), true),
        Symbol::Watchman => {
            svg.line((x - 10.0, y), (x + 10.0, y), WALL, 7.0, "");
            svg.polygon(
                &[(x, y - WATCHMAN_R), (x + WATCHMAN_R, y), (x, y + WATCHMAN_R), (x - WATCHMAN_R, y)],
                Paint::outlined("#ffffff", "#000000", 1.5),
            );
        }
        Symbol::Tower => tower(svg, (x, y), None),
        Symbol::FreeEnd => free_end(svg, (x, y)),
        Symbol::Blocked => swatch(svg, BLOCKED_CELL),
    }
}

/// The seat label as shown: at most 40 characters.
fn seat_label(seats: &[String], p: Player) -> String {
    let label = seats.get(p.index()).map_or("", String::as_str);
    if label.chars().count() > 40 {
        format!("{}…", label.chars().take(39).collect::<String>())
    } else {
        label.to_string()
    }
}

fn draw_panel(svg: &mut Svg, table: &Table, layout: &Layout, seats: &[String], finished: bool) {
    let x = MARGIN * 2.0 + layout.cols as f64 * CELL;
    let mut y = TITLE + ROW / 2.0;
    svg.text((x, y), Font::new(13.0).bold(), "legend");
    for (symbol, meaning) in LEGEND {
        y += ROW;
        draw_symbol(svg, symbol, (x + 12.0, y));
        svg.text((x + 30.0, y), Font::new(11.0), meaning);
    }
    y += ROW * 1.5;
    svg.text((x, y), Font::new(13.0).bold(), "players");
    for p in Player::all(table.players()) {
        y += ROW;
        follower(svg, (x + 12.0, y), p);
        let label = seat_label(seats, p);
        let text = if label.is_empty() { p.to_string() } else { format!("{p}  {label}") };
        svg.text((x + 30.0, y), Font::new(11.0), &text);
    }
    y += ROW * 1.5;
    svg.text((x, y), Font::new(13.0).bold(), if finished { "final scores" } else { "scores so far" });
    // Right edges of the columns, so numbers line up.
    let columns = [
        ("roads", 110.0),
        ("markets", 165.0),
        ("towers", 220.0),
        ("residential", 295.0),
        ("watchmen", 365.0),
        ("total", 410.0),
    ];
    y += ROW;
    svg.text((x, y), Font::new(11.0).bold(), "player");
    for (name, right) in columns {
        svg.text((x + right, y), Font::new(11.0).bold().end(), name);
    }
    for p in Player::all(table.players()) {
        y += ROW;
        let pts = table.player(p).points;
        svg.circle((x + 6.0, y), 5.0, Paint::outlined(player_colour(p), "#000000", 1.0));
        svg.text((x + 16.0, y), Font::new(11.0), &p.to_string());
        let values = [pts.roads, pts.markets, pts.towers, pts.residential, pts.watchmen, pts.total()];
        for ((_, right), v) in columns.iter().zip(values) {
            svg.text((x + right, y), Font::new(11.0).end(), &v.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_gives_a_whole_picture_that_says_so_with_seat_labels_escaped() {
        let table = Table::new(TileSet::default_set(), 3).unwrap();
        let svg = city_svg(&table, &["<bot&1>".to_string()], false);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{svg}");
        assert!(svg.contains("no tiles placed yet") && svg.contains("scores so far"), "{svg}");
        assert!(svg.contains("p1  &lt;bot&amp;1&gt;") && !svg.contains("<bot"), "{svg}");
        let layout = Layout::of(&table);
        assert_eq!((layout.cols, layout.rows), (3, 3));
        assert!(svg.contains(&format!(r#"width="{}""#, layout.width)));
    }

    #[test]
    fn geometry_puts_points_cells_sides_and_ports_where_the_doc_says() {
        let table = Table::new(TileSet::default_set(), 2).unwrap();
        let layout = Layout::of(&table);
        let origin = layout.point(Point::new(0, 0));
        assert_eq!(origin, (MARGIN + CELL, TITLE + CELL));
        assert_eq!(layout.cell_centre(Cell::new(0, 0)), (origin.0 + CELL / 2.0, origin.1 + CELL / 2.0));
        assert_eq!(layout.side_midpoint(Cell::new(0, 0), Side::E), (origin.0 + CELL, origin.1 + CELL / 2.0));
        // N1 lies at the middle of the north side; depth 1 reaches the rim.
        assert_eq!(layout.port_point(Cell::new(0, 0), 1, 1.0), (origin.0 + CELL / 2.0, origin.1));
        assert_eq!(rim(3, 0.0), (1.0, 0.0)); // E0 starts at the north-east corner
        assert_eq!(rim(11, 1.0), (0.0, 0.0)); // W2 ends at the north-west corner
    }
}
