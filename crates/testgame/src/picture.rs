//! Pictures of a game as SVG: a row per seat (its score and its hand, face up or face down), the
//! public pile, the draw pile and the cards played in order.

use crate::state::{Phase, State};
use stadt_core::svg::{Font, Paint, Svg};

const WIDTH: f64 = 520.0;
const ROW: f64 = 58.0;
const CARD: (f64, f64) = (30.0, 44.0);
const FACE: &str = "#fffdf5";
const BACK: &str = "#35508a";
const INK: &str = "#222222";

/// One card, face up with its value or face down.
fn card(svg: &mut Svg, at: (f64, f64), value: Option<u8>, stroke: &str, width: f64) {
    match value {
        Some(v) => {
            svg.rect(at, CARD, Paint::outlined(FACE, stroke, width));
            svg.text(
                (at.0 + CARD.0 / 2.0, at.1 + CARD.1 / 2.0),
                Font::new(18.0).middle().bold(),
                &v.to_string(),
            );
        }
        None => svg.rect(at, CARD, Paint::outlined(BACK, stroke, width)),
    }
}

/// The picture of `s`: every hand face up when `shown` is None, else only seat `shown`'s (the
/// others face down, so a seat's picture made from its view shows nothing it may not see).
/// `seats` labels the players in order.
pub fn svg(s: &State, seats: &[String], shown: Option<usize>) -> String {
    let n = s.players();
    let height = 70.0 + ROW * n as f64 + 150.0;
    let status = match s.phase() {
        Phase::Play => format!("p{} to play", s.actor() + 1),
        Phase::Draw => format!("p{} draws", s.actor() + 1),
        Phase::Over => {
            let winners: Vec<String> = s.leaders().iter().map(|p| format!("p{}", p + 1)).collect();
            format!("over: {} won", winners.join(", "))
        }
    };
    let mut svg = Svg::new(WIDTH, height, &format!("Kartenspitze: {status}"));
    svg.text((10.0, 20.0), Font::new(16.0).bold(), &format!("Kartenspitze: {status}"));
    for p in 0..n {
        let y = 40.0 + ROW * p as f64;
        let acting = s.phase() != Phase::Over && s.actor() == p;
        let label = match seats.get(p).filter(|l| !l.is_empty()) {
            Some(l) => format!("p{} {l}", p + 1),
            None => format!("p{}", p + 1),
        };
        let font = if acting { Font::new(14.0).bold() } else { Font::new(14.0) };
        svg.text((10.0, y + CARD.1 / 2.0), font, &label);
        svg.text((200.0, y + CARD.1 / 2.0), Font::new(14.0).end(), &format!("{} pts", s.score(p)));
        let face_up = shown.is_none_or(|me| me == p);
        for (i, v) in s.hand(p).values().enumerate() {
            let at = (220.0 + 36.0 * i as f64, y);
            card(&mut svg, at, face_up.then_some(v), INK, 1.0);
        }
    }
    let y = 50.0 + ROW * n as f64;
    svg.text((10.0, y + CARD.1 / 2.0), Font::new(14.0), "pile");
    if s.pile().is_empty() {
        svg.rect((60.0, y), CARD, Paint::outlined("none", "#999999", 1.0));
    }
    let top = s.pile().len().saturating_sub(1);
    for (i, &v) in s.pile().iter().enumerate() {
        let (stroke, width) = if i == top { ("#c0392b", 2.5) } else { (INK, 1.0) };
        card(&mut svg, (60.0 + 20.0 * i as f64, y), Some(v), stroke, width);
    }
    svg.text((WIDTH - 60.0, y + CARD.1 / 2.0), Font::new(14.0).end(), "draw pile");
    if s.draw_left() > 0 {
        card(&mut svg, (WIDTH - 50.0, y), None, INK, 1.0);
        svg.text(
            (WIDTH - 35.0, y + CARD.1 / 2.0),
            Font::new(16.0).middle().bold().colour("#ffffff"),
            &s.draw_left().to_string(),
        );
    } else {
        svg.rect((WIDTH - 50.0, y), CARD, Paint::outlined("none", "#999999", 1.0));
    }
    // The cards played, in order: green where they scored, grey where they cleared the pile.
    let y = y + CARD.1 + 24.0;
    svg.text((10.0, y), Font::new(12.0), "played (green: scored)");
    for (i, play) in s.plays().enumerate() {
        let at = (10.0 + 27.0 * i as f64, y + 14.0);
        let fill = if play.scored { "#cdeccd" } else { "#dddddd" };
        svg.rect(at, (24.0, 30.0), Paint::outlined(fill, INK, 1.0));
        svg.text((at.0 + 12.0, at.1 + 15.0), Font::new(14.0).middle(), &play.card.to_string());
        svg.text((at.0 + 12.0, at.1 + 40.0), Font::new(10.0).middle(), &format!("p{}", play.seat + 1));
    }
    svg.finish()
}
