//! The picture of a game as SVG: the round board (rings of area sectors, ring 1 the old town
//! innermost; each ring's areas as equal sectors in the order the board file lists them,
//! clockwise from twelve o'clock; data.md), the right-hand panel (whose turn and phase or the
//! winners, the Pfandhaus and free market, the piles, the great powers), the score track with its
//! red fields and the markers, and a row per player (colour, stones, points, knights, hands).
//!
//! `shown == None` shows every hand face up; `Some(seat)` shows face up only what that seat may
//! see (its own hands, under `two_orders` its person's other order, and the cards known to all,
//! N25): the others' hidden cards are drawn as backs with their count, and the draw pile only by
//! its sizes. The picture reads nothing else that a seat's view (`State::view`) deals afresh, so
//! a seat's picture made from its view equals the one made from the full game.

use crate::data::Category;
use crate::material::DECK;
use crate::moves::NOBODY;
use crate::state::{CHANCE, Frame, ON_EVENT, ON_TAX, OVER, Source, Stage, State, bits32, bits128};
use stadt_core::svg::{Font, Paint, Svg};
use std::f64::consts::TAU;

/// The picture's width.
const WIDTH: f64 = 900.0;
/// The board's centre and radius.
const CENTRE: (f64, f64) = (302.0, 336.0);
const RADIUS: f64 = 278.0;
/// The centre's radius (the centre is no area).
const HUB: f64 = 40.0;
/// The right-hand panel's left edge.
const PANEL: f64 = 602.0;
/// The knights' colours, by seat (U5: five colours).
const KNIGHT: [&str; 5] = ["#d62728", "#f2c200", "#1f1f1f", "#ffffff", "#f781bf"];
const INK: &str = "#222222";
const LAND: &str = "#f3ead2";
const OLD_TOWN: &str = "#e6d5ad";
const RIVER: &str = "#a9d3f0";
const ROAD: &str = "#b3a58a";
const BACK: &str = "#35508a";
const INFLUENCE: &str = "#5a5a5a";
const EVENT: &str = "#8a8a8a";
/// A chip's height (a card in a row of cards).
const CHIP: f64 = 18.0;

/// A category's colour (U12–U15).
fn colour(c: Category) -> &'static str {
    match c {
        Category::Buergertum => "#8c5a2b",
        Category::Gewerbe => "#2e8b3a",
        Category::Staedtisch => "#7b3fa0",
        Category::Handel => "#2a5db0",
    }
}

/// A category's German name.
fn category_name(c: Category) -> &'static str {
    match c {
        Category::Buergertum => "Bürgertum",
        Category::Gewerbe => "Gewerbe",
        Category::Staedtisch => "Städtische Gebäude",
        Category::Handel => "Handel",
    }
}

/// A seat's label: `p1 Name` (a long name cut to 24 letters), or `p1` when the label is missing
/// or empty.
fn label(seats: &[String], p: u8) -> String {
    match seats.get(usize::from(p)).filter(|l| !l.is_empty()) {
        Some(l) if l.chars().count() > 24 => format!("p{} {}…", p + 1, abbrev(l, 23)),
        Some(l) => format!("p{} {l}", p + 1),
        None => format!("p{}", p + 1),
    }
}

/// A point at `r` from the board's centre, `a` turns clockwise from twelve o'clock.
fn polar(r: f64, a: f64) -> (f64, f64) {
    (CENTRE.0 + r * (a * TAU).sin(), CENTRE.1 - r * (a * TAU).cos())
}

/// A ring sector from radius `r0` to `r1`, angle `a0` to `a1` (turns), as a polygon.
fn sector(r0: f64, r1: f64, a0: f64, a1: f64) -> Vec<(f64, f64)> {
    let steps = (((a1 - a0) * 72.0).ceil() as usize).max(2);
    let mut pts = Vec::with_capacity(2 * steps + 2);
    for i in 0..=steps {
        pts.push(polar(r1, a0 + (a1 - a0) * i as f64 / steps as f64));
    }
    for i in (0..=steps).rev() {
        pts.push(polar(r0, a0 + (a1 - a0) * i as f64 / steps as f64));
    }
    pts
}

/// The first `k` letters of a name.
fn abbrev(name: &str, k: usize) -> String {
    name.chars().take(k).collect()
}

/// A card's text width at 10.5 px (a rough estimate of sans-serif letters).
fn text_width(text: &str) -> f64 {
    6.4 * text.chars().count() as f64
}

/// Where each area lies: its ring's radii and its angles (turns).
struct Place {
    r0: f64,
    r1: f64,
    a0: f64,
    a1: f64,
}

/// The areas' places: ring 1 innermost, each ring's areas in file order clockwise from the top.
fn places(s: &State) -> Vec<Place> {
    let areas = &s.mat.data.board.areas;
    let rings = s.mat.data.board.rings().max(1);
    let width = (RADIUS - HUB) / f64::from(rings);
    let mut out = Vec::with_capacity(areas.len());
    for a in areas {
        let same: Vec<_> = areas.iter().filter(|b| b.ring == a.ring).collect();
        let k = same.iter().position(|b| b.id == a.id).unwrap_or(0);
        let n = same.len().max(1) as f64;
        let r0 = HUB + width * f64::from(a.ring - 1);
        out.push(Place { r0, r1: r0 + width, a0: k as f64 / n, a1: (k + 1) as f64 / n });
    }
    out
}

/// A row of chips flowing from `x0` to the right edge `x1`, wrapping; `at` is the next chip's
/// top-left corner.
struct Flow {
    x0: f64,
    x1: f64,
    at: (f64, f64),
}

impl Flow {
    fn new(x0: f64, x1: f64, y: f64) -> Flow {
        Flow { x0, x1, at: (x0, y) }
    }

    /// The top-left corner of a chip `w` wide, moving on past it (wrapping when needed).
    fn next(&mut self, w: f64) -> (f64, f64) {
        if self.at.0 + w > self.x1 && self.at.0 > self.x0 {
            self.at = (self.x0, self.at.1 + CHIP + 4.0);
        }
        let here = self.at;
        self.at.0 += w + 4.0;
        here
    }

    /// The y below the last row.
    fn bottom(&self) -> f64 {
        self.at.1 + CHIP
    }
}

/// A deck card face up: its value in a white box, its full name, in its category's colour.
fn card_chip(svg: &mut Svg, flow: &mut Flow, s: &State, card: u8) {
    let c = s.card(card);
    let name = s.mat.name(card);
    let (fill, value) =
        if c.event { (EVENT, "E".to_string()) } else { (colour(c.category), c.price.to_string()) };
    let w = 26.0 + text_width(name);
    let at = flow.next(w);
    svg.rect(at, (w, CHIP), Paint::outlined(fill, INK, 0.8));
    svg.rect((at.0 + 2.0, at.1 + 2.0), (14.0, CHIP - 4.0), Paint::fill("#ffffff"));
    svg.text((at.0 + 9.0, at.1 + CHIP / 2.0), Font::new(10.5).middle().bold(), &value);
    svg.text((at.0 + 19.0, at.1 + CHIP / 2.0), Font::new(10.5).colour("#ffffff"), name);
}

/// An influence card face up.
fn influence_chip(svg: &mut Svg, flow: &mut Flow, s: &State, card: u8) {
    let name = &s.mat.data.cards.influence[usize::from(s.mat.influence_kind[usize::from(card)])].name;
    let w = 8.0 + text_width(name);
    let at = flow.next(w);
    svg.rect(at, (w, CHIP), Paint::outlined(INFLUENCE, INK, 0.8));
    svg.text((at.0 + 4.0, at.1 + CHIP / 2.0), Font::new(10.5).colour("#ffffff"), name);
}

/// `k` cards face down: one back with their count.
fn backs(svg: &mut Svg, flow: &mut Flow, k: u32, fill: &str) {
    if k == 0 {
        return;
    }
    let text = format!("{k} hidden");
    let w = 8.0 + text_width(&text);
    let at = flow.next(w);
    svg.rect(at, (w, CHIP), Paint::outlined(fill, INK, 0.8));
    svg.text((at.0 + 4.0, at.1 + CHIP / 2.0), Font::new(10.5).colour("#ffffff"), &text);
}

/// A caption in a flow.
fn caption(svg: &mut Svg, flow: &mut Flow, text: &str) {
    let w = text_width(text);
    let at = flow.next(w);
    svg.text((at.0, at.1 + CHIP / 2.0), Font::new(11.0).colour("#555555"), text);
}

/// The picture of `s`: every hand face up when `shown` is None, else only what seat `shown` may
/// see (the others' hidden cards as backs with their count). `seats` labels the players in order.
pub fn svg(s: &State, seats: &[String], shown: Option<u8>) -> String {
    // The height depends on the rows of cards: measured by drawing all but the board once.
    let mut probe = Svg::new(WIDTH, 100.0, "");
    let height = draw(&mut probe, s, seats, shown, false);
    let mut svg = Svg::new(WIDTH, height, &format!("Die Unbezwingbare Stadt: {}", status(s, seats)));
    draw(&mut svg, s, seats, shown, true);
    svg.finish()
}

/// The winners' labels.
fn winners(s: &State, seats: &[String]) -> String {
    let w: Vec<String> = (0..s.n).filter(|p| s.winners & (1 << p) != 0).map(|p| label(seats, p)).collect();
    if w.is_empty() { "nobody".into() } else { w.join(", ") }
}

/// One line: whose turn and which phase, or the winners.
fn status(s: &State, seats: &[String]) -> String {
    if s.is_over() {
        return format!("game over after {} turns, won by {}", s.turns, winners(s, seats));
    }
    let stage = match s.stage {
        Stage::Deal => "dealing the starting hands",
        Stage::Start => "choosing start areas",
        Stage::Before => "before phase 1",
        Stage::Phase1 => "phase 1: turning cards",
        Stage::Phase2 => "phase 2: trade and build",
        Stage::Phase3 => "phase 3: points",
        Stage::Scored => "end of turn",
        Stage::Over => "game over",
    };
    match s.stage {
        Stage::Deal | Stage::Start => stage.to_string(),
        _ => format!("turn {}, {}: {stage}", s.turns, label(seats, s.actor)),
    }
}

/// What is under way (the frame on top), if anything.
fn doing(s: &State, seats: &[String]) -> Option<String> {
    let card_name = |c: u8| s.mat.name(c).to_string();
    let inf_name =
        |c: u8| s.mat.data.cards.influence[usize::from(s.mat.influence_kind[usize::from(c)])].name.clone();
    Some(match s.top()? {
        Frame::Turning { .. } => "turning a card".into(),
        Frame::Drawing { p, left, .. } => format!("{} draws {left} card(s)", label(seats, p)),
        Frame::Income { card, .. } => format!("turned {}: income", card_name(card)),
        Frame::Answer { moment, .. } => match moment {
            ON_EVENT => "answers to the event".into(),
            ON_TAX => "answers to the tax".into(),
            _ => "answers to an influence card".into(),
        },
        Frame::Effect { src: Source::Event(c), .. } => format!("event {}", card_name(c)),
        Frame::Effect { src: Source::Influence { card, by, target }, .. } => {
            if target == NOBODY || target >= s.n {
                format!("{} plays {}", label(seats, by), inf_name(card))
            } else {
                format!("{} plays {} against {}", label(seats, by), inf_name(card), label(seats, target))
            }
        }
        Frame::Influence { p, .. } => format!("{} draws influence", label(seats, p)),
        Frame::Drop { p } => format!("{} discards an influence card", label(seats, p)),
    })
}

/// Draws the whole picture (the board only when `with_board`: it has a fixed height); returns
/// its height.
fn draw(svg: &mut Svg, s: &State, seats: &[String], shown: Option<u8>, with_board: bool) -> f64 {
    svg.text((12.0, 20.0), Font::new(16.0).bold(), &format!("Die Unbezwingbare Stadt: {}", status(s, seats)));
    if with_board {
        board(svg, s);
    }
    let panel_bottom = panel(svg, s, seats);
    let y = (CENTRE.1 + RADIUS + 12.0).max(panel_bottom + 8.0);
    let y = track(svg, s, seats, y);
    players(svg, s, seats, shown, y)
}

/// The round board.
fn board(svg: &mut Svg, s: &State) {
    let places = places(s);
    let areas = &s.mat.data.board.areas;
    // The land and the river.
    for (i, pl) in places.iter().enumerate() {
        let fill = if s.mat.water[i] {
            RIVER
        } else if s.mat.inner[i] {
            OLD_TOWN
        } else {
            LAND
        };
        svg.polygon(&sector(pl.r0, pl.r1, pl.a0, pl.a1), Paint::outlined(fill, "#6b5d45", 1.0));
    }
    svg.circle(CENTRE, HUB, Paint::outlined("#e2d6b8", "#6b5d45", 1.0));
    svg.text(CENTRE, Font::new(10.0).middle().colour("#6b5d45"), "centre");
    // The roads: a band from the rim through their areas' middles to the centre.
    for road in 1..=3u8 {
        let mut on: Vec<usize> = (0..areas.len()).filter(|&i| s.mat.road[i] == road).collect();
        on.sort_by_key(|&i| std::cmp::Reverse(areas[i].ring));
        let Some(&first) = on.first() else { continue };
        let last = on[on.len() - 1];
        let mid = |i: usize| (places[i].a0 + places[i].a1) / 2.0;
        let mut pts = vec![polar(RADIUS, mid(first))];
        pts.extend(on.iter().map(|&i| polar((places[i].r0 + places[i].r1) / 2.0, mid(i))));
        pts.push(polar(HUB, mid(last)));
        for w in pts.windows(2) {
            svg.line(w[0], w[1], ROAD, 9.0, "");
        }
        for &p in &pts[1..pts.len() - 1] {
            svg.circle(p, 4.5, Paint::fill(ROAD));
        }
        for w in pts.windows(2) {
            svg.line(w[0], w[1], "#ffffff", 1.5, "4 3");
        }
        let end = polar(RADIUS + 9.0, mid(first));
        svg.circle(end, 7.5, Paint::outlined(ROAD, "#5b4f38", 1.0));
        svg.text(end, Font::new(10.0).middle().bold(), &road.to_string());
    }
    // The owners' bands, the texts, the buildings, the knights.
    for (i, pl) in places.iter().enumerate() {
        let (mid, w) = ((pl.a0 + pl.a1) / 2.0, pl.r1 - pl.r0);
        let owner = s.owner[i];
        if owner < s.n {
            let inset = 3.5 / pl.r0.max(1.0) / TAU;
            let band = sector(pl.r0 + 3.5, pl.r1 - 3.5, pl.a0 + inset, pl.a1 - inset);
            svg.polygon(&band, Paint::outlined("none", INK, 5.0));
            svg.polygon(&band, Paint::outlined("none", KNIGHT[usize::from(owner)], 3.0));
        }
        // Stacked upright at the sector's middle: id and knight, building, price and bonus.
        let centre = polar(pl.r0 + 0.5 * w, mid);
        let a = &areas[i];
        let top = (centre.0, centre.1 - 16.0);
        svg.text((top.0 - 1.0, top.1), Font::new(11.0).end().bold().halo(), &a.id.0.to_string());
        if owner < s.n {
            svg.circle((top.0 + 7.0, top.1), 5.5, Paint::outlined(KNIGHT[usize::from(owner)], INK, 1.2));
        }
        let dots = if a.bonus > 0 { format!("{} +{}", a.price, a.bonus) } else { a.price.to_string() };
        svg.text((centre.0, centre.1 + 16.0), Font::new(9.5).middle().halo().colour("#4a3f2c"), &dots);
        let b = s.building[i];
        if b != NOBODY && usize::from(b) < DECK {
            let c = s.card(b);
            let text = format!("{} {}", c.price, abbrev(s.mat.name(b), 4));
            let bw = 8.0 + 5.6 * text.chars().count() as f64;
            svg.rect(
                (centre.0 - bw / 2.0, centre.1 - 8.0),
                (bw, 16.0),
                Paint::outlined(colour(c.category), INK, 0.8),
            );
            svg.text(centre, Font::new(10.0).middle().bold().colour("#ffffff"), &text);
        }
        let _ = w;
    }
}

/// The right-hand panel: status, trade, piles, great powers, the key; returns its bottom.
fn panel(svg: &mut Svg, s: &State, seats: &[String]) -> f64 {
    let x = PANEL;
    let mut y = 46.0;
    let line = |svg: &mut Svg, y: &mut f64, font: Font, text: &str| {
        svg.text((x, *y), font, text);
        *y += 17.0;
    };
    if s.is_over() {
        line(svg, &mut y, Font::new(13.0).bold().colour("#b22222"), &format!("Won by {}", winners(s, seats)));
    } else {
        let who = match s.to_act {
            CHANCE => "chance".to_string(),
            OVER => "nobody".to_string(),
            p => label(seats, p),
        };
        line(svg, &mut y, Font::new(13.0).bold(), &format!("To decide: {who}"));
        if let Some(d) = doing(s, seats) {
            line(svg, &mut y, Font::new(12.0), &d);
        }
    }
    let variant = if s.opts.strategic { "strategic" } else { "base" };
    line(svg, &mut y, Font::new(12.0), &format!("{variant} game, target {} points", s.opts.target()));
    if s.opts.bank_cap {
        line(svg, &mut y, Font::new(12.0), &format!("Bank: {} stones", s.bank));
    }
    y += 6.0;
    // The Pfandhaus and the free market, face up.
    let trade = |svg: &mut Svg, y: &mut f64, title: &str, cards: u128| {
        svg.text((x, *y), Font::new(12.0).bold(), title);
        let mut flow = Flow::new(x, WIDTH - 8.0, *y + 8.0);
        if cards == 0 {
            caption(svg, &mut flow, "empty");
        }
        for c in bits128(cards) {
            card_chip(svg, &mut flow, s, c);
        }
        *y = flow.bottom() + 16.0;
    };
    trade(svg, &mut y, "Pfandhaus", s.pawnshop);
    if s.opts.free_market || s.market != 0 {
        trade(svg, &mut y, "Freier Markt", s.market);
    }
    // The piles.
    // During the deal the pile is not made yet (U24, U66): its parts are no draw pile.
    let pile = if s.stage == Stage::Deal {
        format!("Draw pile: not made yet, {} cards to deal", s.deal_left)
    } else if s.opts.periods && !s.mixed {
        let parts: Vec<String> =
            ["A", "B", "C"].iter().zip(s.pile).map(|(k, m)| format!("{k} {}", m.count_ones())).collect();
        format!("Draw pile: {}", parts.join(", "))
    } else {
        let mixed = if s.opts.periods { " (periods mixed)" } else { "" };
        format!("Draw pile: {}{mixed}", s.pile.iter().map(|m| m.count_ones()).sum::<u32>())
    };
    line(svg, &mut y, Font::new(12.0), &pile);
    // The discard pile, face up: its count by category.
    svg.text((x, y), Font::new(12.0), &format!("Discard pile: {}", s.discard.count_ones()));
    let mut dx = x + 100.0;
    for c in Category::ALL {
        let k = bits128(s.discard).filter(|&d| !s.card(d).event && s.card(d).category == c).count();
        svg.rect((dx, y - 6.0), (12.0, 12.0), Paint::outlined(colour(c), INK, 0.6));
        svg.text((dx + 15.0, y), Font::new(11.0), &k.to_string());
        dx += 34.0;
    }
    let events = bits128(s.discard).filter(|&d| s.card(d).event).count();
    svg.text((dx, y), Font::new(11.0), &format!("ev {events}"));
    y += 17.0;
    let played = (s.influence_discard & s.played_influence).count_ones();
    line(
        svg,
        &mut y,
        Font::new(12.0),
        &format!(
            "Influence pile: {}, discards: {} ({played} played)",
            s.influence_pile.count_ones(),
            s.influence_discard.count_ones()
        ),
    );
    // The great powers.
    if s.opts.great_powers || s.great.iter().any(|&h| h != NOBODY) {
        y += 6.0;
        line(svg, &mut y, Font::new(12.0).bold(), "Great powers");
        for (k, c) in Category::ALL.into_iter().enumerate() {
            let (pts, bonus) = c.great_power();
            svg.rect((x, y - 6.0), (12.0, 12.0), Paint::outlined(colour(c), INK, 0.6));
            let h = s.great[k];
            let holder = if h < s.n { label(seats, h) } else { "none".into() };
            if h < s.n {
                svg.circle((x + 22.0, y), 5.0, Paint::outlined(KNIGHT[usize::from(h)], INK, 1.0));
            }
            svg.text(
                (x + 31.0, y),
                Font::new(11.0),
                &format!("{} ({pts} pt, +{bonus}): {holder}", category_name(c)),
            );
            y += 16.0;
        }
    }
    // The key.
    y += 8.0;
    line(svg, &mut y, Font::new(12.0).bold(), "Key");
    let key = |svg: &mut Svg, y: &mut f64, fill: &str, text: &str| {
        svg.rect((x, *y - 6.0), (16.0, 12.0), Paint::outlined(fill, "#6b5d45", 0.8));
        svg.text((x + 22.0, *y), Font::new(11.0), text);
        *y += 16.0;
    };
    key(svg, &mut y, LAND, "area: id (bold), price +bonus");
    key(svg, &mut y, OLD_TOWN, "old town (ring 1, no Gewerbe)");
    key(svg, &mut y, RIVER, "river (water areas)");
    key(svg, &mut y, ROAD, "road (band through its areas, number at the rim)");
    let mut kx = x;
    for c in Category::ALL {
        svg.rect((kx, y - 6.0), (12.0, 12.0), Paint::outlined(colour(c), INK, 0.6));
        svg.text((kx + 15.0, y), Font::new(10.0), c.word());
        kx += 15.0 + text_width(c.word()) + 8.0;
    }
    y + 10.0
}

/// The score track: its fields, the red ones, the target and the markers; returns its bottom.
fn track(svg: &mut Svg, s: &State, seats: &[String], y: f64) -> f64 {
    let t = &s.mat.data.board.track;
    let target = s.opts.target();
    let top = s.marker.iter().take(s.seats()).copied().max().unwrap_or(0);
    let len = t.length.max(target).max(top);
    let fw = ((WIDTH - 24.0) / f64::from(len + 1)).min(22.0);
    svg.text(
        (12.0, y + 8.0),
        Font::new(12.0).bold(),
        &format!("Score track (red: an influence card; target {target})"),
    );
    let ty = y + 56.0;
    for f in 0..=len {
        let fx = 12.0 + fw * f64::from(f);
        let red = t.is_red(f);
        let fill = if f > t.length {
            "#eeeeee"
        } else if red {
            "#e88a8a"
        } else {
            "#ffffff"
        };
        svg.rect((fx, ty), (fw, 16.0), Paint::outlined(fill, "#888888", 0.6));
        if f == target {
            svg.rect((fx, ty), (fw, 16.0), Paint::outlined("none", INK, 2.0));
        }
        if f % 5 == 0 {
            svg.text((fx + fw / 2.0, ty + 24.0), Font::new(9.0).middle(), &f.to_string());
        }
    }
    // The markers, stacked above their field.
    let mut stack = vec![0u8; usize::from(len) + 1];
    for p in 0..s.n {
        let m = s.marker[usize::from(p)].min(len);
        let k = stack[usize::from(m)];
        stack[usize::from(m)] += 1;
        let c = (12.0 + fw * (f64::from(m) + 0.5), ty - 6.0 - 7.0 * f64::from(k));
        svg.circle(c, (fw / 2.0 - 1.0).clamp(3.0, 5.5), Paint::outlined(KNIGHT[usize::from(p)], INK, 1.0));
    }
    let _ = seats;
    ty + 34.0
}

/// A row per player: colour, label, stones, points, marker, knights, hands; returns the bottom.
fn players(svg: &mut Svg, s: &State, seats: &[String], shown: Option<u8>, y: f64) -> f64 {
    let mut y = y + 4.0;
    for p in 0..s.n {
        let q = usize::from(p);
        let acting = !s.is_over() && s.to_act == p;
        let won = s.is_over() && s.winners & (1 << p) != 0;
        if acting {
            svg.rect((4.0, y - 11.0), (WIDTH - 8.0, 22.0), Paint::fill("#fff4c2"));
        }
        svg.circle((20.0, y), 8.0, Paint::outlined(KNIGHT[q], INK, 1.2));
        let font = if acting || won { Font::new(13.0).bold() } else { Font::new(13.0) };
        svg.text((34.0, y), font, &label(seats, p));
        let mut stats = format!(
            "stones {} · points {} · marker {} · knights {} · areas {}",
            s.stones[q],
            s.points(p),
            s.marker[q],
            s.knights[q],
            s.owned[q].count_ones()
        );
        if won {
            stats.push_str(" · winner");
        }
        svg.text((WIDTH - 12.0, y), Font::new(12.0).end(), &stats);
        // The hands.
        let open = shown.is_none_or(|v| s.sees_hand(v, p));
        let hand = s.hand[q];
        let mut flow = Flow::new(34.0, WIDTH - 12.0, y + 12.0);
        caption(svg, &mut flow, &format!("buildings ({}):", hand.count_ones()));
        let face_up = if open { hand } else { hand & s.known[q] };
        for c in bits128(face_up) {
            card_chip(svg, &mut flow, s, c);
        }
        backs(svg, &mut flow, (hand & !face_up).count_ones(), BACK);
        let inf = s.influence[q];
        caption(svg, &mut flow, &format!("influence ({}):", inf.count_ones()));
        if open {
            for c in bits32(inf) {
                influence_chip(svg, &mut flow, s, c);
            }
        } else {
            backs(svg, &mut flow, inf.count_ones(), "#7a3b3b");
        }
        y = flow.bottom() + 20.0;
    }
    y - 4.0
}
