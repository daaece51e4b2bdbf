//! The report's plots as inline SVG, drawn with `plotters` (its SVG backend only: pure Rust, no
//! font or image libraries). Every plot with one row per bot lists the bots top to bottom in the
//! order it is given them.

use crate::error::Error;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{SegmentValue, SegmentedCoord, ValueFormatter};
use plotters::coord::types::{RangedCoordf32, RangedCoordf64, RangedCoordi32};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Width of every plot in pixels.
const WIDTH: u32 = 760;
/// Height of one bot's row in the plots with a row per bot.
const ROW: u32 = 34;
/// Font of titles, axes and labels (the browser's sans-serif).
const FONT: &str = "sans-serif";
/// Colour of dots, boxes and lines.
const INK: RGBColor = RGBColor(0x1f, 0x3b, 0x5c);
/// Colour of reference lines (fair share, even rating).
const GUIDE: RGBColor = RGBColor(0x99, 0x99, 0x99);
/// Okabe-Ito colours (told apart by colour-blind readers), one per source of points.
pub const SOURCE_COLOURS: [RGBColor; 5] = [
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xCC, 0x79, 0xA7),
    RGBColor(0x00, 0x72, 0xB2),
];
/// The ends of the heat map's scale: 0 (blue), one half (white), 1 (vermillion).
const COLD: RGBColor = RGBColor(0x00, 0x72, 0xB2);
const HOT: RGBColor = RGBColor(0xD5, 0x5E, 0x00);

/// An estimate with its 95% interval, for one labelled row.
#[derive(Clone, Debug)]
pub struct Interval {
    /// The row's label.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// Low end of the interval.
    pub lo: f64,
    /// High end of the interval.
    pub hi: f64,
}

/// What every plot is told: its title and the name of its value axis.
pub struct Frame<'a> {
    /// Title above the plot.
    pub title: &'a str,
    /// Description of the value (x) axis.
    pub axis: &'a str,
}

fn plot_error<E: std::fmt::Debug>(e: E) -> Error {
    Error::Plot(format!("{e:?}"))
}

/// Draws into a fresh SVG of `WIDTH` by `height` pixels and returns its text.
fn svg(
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), Error>,
) -> Result<String, Error> {
    svg_of((WIDTH, height), draw)
}

/// Draws into a fresh SVG of `size` pixels and returns its text.
fn svg_of(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), Error>,
) -> Result<String, Error> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        draw(&root)?;
        root.present().map_err(plot_error)?;
    }
    Ok(out)
}

/// Room for the longest label at the left, in pixels (the SVG backend has no font metrics: about
/// 7 pixels a character at the labels' size).
fn label_room(labels: impl Iterator<Item = usize>) -> u32 {
    (labels.max().unwrap_or(4) as u32 * 7 + 16).clamp(60, 300)
}

/// Row `i` of `n` as a category, the first row at the top.
fn row(i: usize, n: usize) -> SegmentValue<i32> {
    SegmentValue::CenterOf((n - 1 - i) as i32)
}

/// The label of a category row.
fn row_label(labels: &[String], v: &SegmentValue<i32>) -> String {
    match v {
        SegmentValue::CenterOf(k) | SegmentValue::Exact(k) => {
            let i = labels.len() as i32 - 1 - k;
            usize::try_from(i).ok().and_then(|i| labels.get(i)).cloned().unwrap_or_default()
        }
        SegmentValue::Last => String::new(),
    }
}

/// A range with a little room on both sides.
fn padded(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let pad = ((hi - lo) * 0.05).max(1e-9);
    lo - pad..hi + pad
}

/// The chart of a plot with one row per label (the first at the top) over the values `x`, its
/// title, value axis and row labels drawn.
fn row_chart<'a, 'b, X>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
    axis: &str,
    labels: &[String],
    x: X,
) -> Result<RowChart<'a, 'b, X>, Error>
where
    X: Ranged + ValueFormatter<X::ValueType>,
{
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FONT, 17))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(label_room(labels.iter().map(String::len)))
        .build_cartesian_2d(x, (0..labels.len().max(1) as i32).into_segmented())
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc(axis)
        .y_label_formatter(&|v| row_label(labels, v))
        .label_style((FONT, 13))
        .draw()
        .map_err(plot_error)?;
    Ok(chart)
}

/// A chart with one row per label, over values of the range `X`.
type RowChart<'a, 'b, X> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, SegmentedCoord<RangedCoordi32>>>;

/// Dots with whiskers: one row per interval, and dashed reference lines (where, named).
pub fn dot_whisker(
    frame: &Frame,
    items: &[Interval],
    range: (f64, f64),
    references: &[(f64, &str)],
) -> Result<String, Error> {
    let n = items.len().max(1);
    let labels: Vec<String> = items.iter().map(|i| i.label.clone()).collect();
    // A legend box would hide rows: the axis says what the dashed lines are.
    let axis = if references.is_empty() {
        frame.axis.to_string()
    } else {
        let names: Vec<&str> = references.iter().map(|r| r.1).collect();
        format!("{}; dashed: {}", frame.axis, names.join(", "))
    };
    svg(76 + ROW * n as u32, |root| {
        let x = RangedCoordf64::from(padded(range.0, range.1));
        let mut chart = row_chart(root, frame.title, &axis, &labels, x)?;
        for &(at, _) in references {
            let line = [(at, SegmentValue::Exact(0)), (at, SegmentValue::Exact(n as i32))];
            let dashed = DashedPathElement::new(line, 6, 4, GUIDE.stroke_width(2));
            chart.draw_series(std::iter::once(dashed)).map_err(plot_error)?;
        }
        let whiskers = items
            .iter()
            .enumerate()
            .map(|(i, it)| PathElement::new([(it.lo, row(i, n)), (it.hi, row(i, n))], INK.stroke_width(2)));
        chart.draw_series(whiskers).map_err(plot_error)?;
        let dots =
            items.iter().enumerate().map(|(i, it)| Circle::new((it.value, row(i, n)), 5, INK.filled()));
        chart.draw_series(dots).map_err(plot_error)?;
        Ok(())
    })
}

/// One horizontal box plot per labelled group of values (quartiles, whiskers at 1.5 IQR).
pub fn box_plots(frame: &Frame, groups: &[(String, Vec<f64>)]) -> Result<String, Error> {
    let n = groups.len().max(1);
    let labels: Vec<String> = groups.iter().map(|g| g.0.clone()).collect();
    let all = groups.iter().flat_map(|g| g.1.iter().copied());
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo > hi { (0.0, 1.0) } else { (lo, hi) };
    let range = padded(lo, hi);
    svg(70 + (ROW + 6) * n as u32, |root| {
        // Box plots take their quartiles in f32.
        let x = RangedCoordf32::from(range.start as f32..range.end as f32);
        let mut chart = row_chart(root, frame.title, frame.axis, &labels, x)?;
        let boxes = groups.iter().enumerate().filter(|(_, g)| !g.1.is_empty()).map(|(i, g)| {
            Boxplot::new_horizontal(row(i, n), &Quartiles::new(&g.1)).width(18).whisker_width(0.6).style(INK)
        });
        chart.draw_series(boxes).map_err(plot_error)?;
        Ok(())
    })
}

/// Stacked horizontal bars: one bar per label, one coloured part per named series.
pub fn stacked_bars(frame: &Frame, labels: &[String], parts: &[(&str, Vec<f64>)]) -> Result<String, Error> {
    let n = labels.len().max(1);
    let total = |i: usize| parts.iter().map(|p| p.1[i].max(0.0)).sum::<f64>();
    let widest = (0..labels.len()).map(total).fold(1.0, f64::max);
    svg(110 + ROW * n as u32, |root| {
        // Room on the right for the legend.
        let x = RangedCoordf64::from(0.0..widest * 1.3);
        let mut chart = row_chart(root, frame.title, frame.axis, labels, x)?;
        let mut start = vec![0.0; labels.len()];
        for (k, (name, values)) in parts.iter().enumerate() {
            let colour = SOURCE_COLOURS[k % SOURCE_COLOURS.len()];
            let bars: Vec<Rectangle<(f64, SegmentValue<i32>)>> = values
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    let (from, to) = (start[i], start[i] + v.max(0.0));
                    start[i] = to;
                    let y = (n - 1 - i) as i32;
                    let mut r = Rectangle::new(
                        [(from, SegmentValue::Exact(y)), (to, SegmentValue::Exact(y + 1))],
                        colour.filled(),
                    );
                    r.set_margin(5, 5, 0, 0);
                    r
                })
                .collect();
            chart
                .draw_series(bars)
                .map_err(plot_error)?
                .label(*name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .border_style(GUIDE)
            .background_style(WHITE.mix(0.9))
            .label_font((FONT, 12))
            .draw()
            .map_err(plot_error)?;
        Ok(())
    })
}

/// The heat map's colour of a share: blue below one half, white at it, vermillion above.
fn share_colour(v: f64) -> RGBColor {
    let (end, t) = if v < 0.5 { (COLD, (0.5 - v) * 2.0) } else { (HOT, (v - 0.5) * 2.0) };
    let t = t.clamp(0.0, 1.0);
    let mix = |a: u8| (255.0 + (a as f64 - 255.0) * t).round() as u8;
    RGBColor(mix(end.0), mix(end.1), mix(end.2))
}

/// A square matrix of shares (row against column; None on the diagonal or where two never met) as
/// a heat map with each share written in its cell.
pub fn heat_map(title: &str, labels: &[String], cells: &[Vec<Option<f64>>]) -> Result<String, Error> {
    let n = labels.len().max(1);
    let cell = (labels.iter().map(String::len).max().unwrap_or(4) as u32 * 7 + 12).clamp(60, 160);
    let side = cell * n as u32;
    let left = label_room(labels.iter().map(String::len));
    // Square cells: the chart takes the width its cells need, wider than the other plots if need be.
    let width = left + side + 60;
    svg_of((width.max(WIDTH), side + 120), |root| {
        let (area, _) = root.split_horizontally(width);
        let mut chart = ChartBuilder::on(&area)
            .caption(title, (FONT, 17))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(left + 24)
            .build_cartesian_2d((0..n as i32).into_segmented(), (0..n as i32).into_segmented())
            .map_err(plot_error)?;
        let columns = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(k) | SegmentValue::Exact(k) => {
                labels.get(*k as usize).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("… against this bot")
            .y_desc("this bot finishes above …")
            .x_label_formatter(&columns)
            .y_label_formatter(&|v| row_label(labels, v))
            .label_style((FONT, 13))
            .draw()
            .map_err(plot_error)?;
        let text = TextStyle::from((FONT, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Center));
        let on_dark = text.clone().color(&WHITE);
        for (i, line) in cells.iter().enumerate() {
            for (j, cell) in line.iter().enumerate() {
                let y = (n - 1 - i) as i32;
                let corners = [
                    (SegmentValue::Exact(j as i32), SegmentValue::Exact(y)),
                    (SegmentValue::Exact(j as i32 + 1), SegmentValue::Exact(y + 1)),
                ];
                let fill = cell.map_or(RGBColor(0xee, 0xee, 0xee), share_colour);
                let mut r = Rectangle::new(corners, fill.filled());
                r.set_margin(1, 1, 1, 1);
                chart.draw_series(std::iter::once(r)).map_err(plot_error)?;
                let words = cell.map_or("–".to_string(), |v| format!("{:.0}%", 100.0 * v));
                let at = (SegmentValue::CenterOf(j as i32), SegmentValue::CenterOf(y));
                // Far from one half the fill is dark: white words read better there.
                let style = if cell.is_some_and(|v| (v - 0.5).abs() > 0.3) { &on_dark } else { &text };
                chart
                    .draw_series(std::iter::once(Text::new(words, at, style.clone())))
                    .map_err(plot_error)?;
            }
        }
        Ok(())
    })
}

/// A line over iterations with a shaded 95% band, and two point series around it.
pub struct Curve<'a> {
    /// (x, y, standard error) of the line.
    pub line: &'a [(f64, f64, f64)],
    /// The line's name in the legend.
    pub line_name: &'a str,
    /// Named point series drawn under the line.
    pub points: [(&'a str, Vec<(f64, f64)>); 2],
}

/// The tuning curve: the objective per iteration with its band, and the two candidates' scores.
pub fn curve(frame: &Frame, y_axis: &str, c: &Curve) -> Result<String, Error> {
    let xs = c.line.iter().map(|p| p.0);
    let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 > x1 { (0.0, 1.0) } else { (x0, x1.max(x0 + 1.0)) };
    let ys = c.line.iter().flat_map(|p| [p.1 - 1.96 * p.2, p.1 + 1.96 * p.2]);
    let ys = ys.chain(c.points.iter().flat_map(|s| s.1.iter().map(|p| p.1)));
    let (y0, y1) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let (y0, y1) = if y0 > y1 { (0.0, 1.0) } else { (y0, y1) };
    svg(380, |root| {
        let mut chart = xy_chart(root, frame, y_axis, x0..x1, padded(y0, y1))?;
        let upper = c.line.iter().map(|p| (p.0, p.1 + 1.96 * p.2));
        let lower = c.line.iter().rev().map(|p| (p.0, p.1 - 1.96 * p.2));
        let band: Vec<(f64, f64)> = upper.chain(lower).collect();
        chart
            .draw_series(std::iter::once(Polygon::new(band, INK.mix(0.15).filled())))
            .map_err(plot_error)?
            .label("95% band")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], INK.mix(0.15).filled()));
        let colours = [SOURCE_COLOURS[0], SOURCE_COLOURS[1]];
        for ((name, points), colour) in c.points.iter().zip(colours) {
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 2, colour.filled())))
                .map_err(plot_error)?
                .label(*name)
                .legend(move |(x, y)| Circle::new((x + 7, y), 3, colour.filled()));
        }
        chart
            .draw_series(LineSeries::new(c.line.iter().map(|p| (p.0, p.1)), INK.stroke_width(2)))
            .map_err(plot_error)?
            .label(c.line_name)
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], INK.stroke_width(2)));
        legend(&mut chart, SeriesLabelPosition::LowerRight)
    })
}

/// A chart of y over x, its title and both axes drawn.
fn xy_chart<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    frame: &Frame,
    y_axis: &str,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
) -> Result<XyChart<'a, 'b>, Error> {
    let mut chart = ChartBuilder::on(root)
        .caption(frame.title, (FONT, 17))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(x, y)
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .x_desc(frame.axis)
        .y_desc(y_axis)
        .label_style((FONT, 13))
        .draw()
        .map_err(plot_error)?;
    Ok(chart)
}

/// A chart of y over x.
type XyChart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Draws the legend of a chart's named series at `position`.
fn legend<'a, 'b: 'a>(chart: &mut XyChart<'a, 'b>, position: SeriesLabelPosition) -> Result<(), Error> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(GUIDE)
        .background_style(WHITE.mix(0.9))
        .label_font((FONT, 12))
        .draw()
        .map_err(plot_error)
}

/// A sequential test's trace: the statistic after each step as a line with a dot per step, and
/// dashed horizontal guides (the bounds), each named in the legend.
pub fn trace(
    frame: &Frame,
    y_axis: &str,
    points: &[(f64, f64)],
    guides: &[(f64, &str)],
) -> Result<String, Error> {
    let x1 = points.iter().map(|p| p.0).fold(1.0, f64::max);
    let ys = points.iter().map(|p| p.1).chain(guides.iter().map(|g| g.0));
    let (y0, y1) = ys.fold((0.0f64, 0.0f64), |(a, b), y| (a.min(y), b.max(y)));
    svg(380, |root| {
        let mut chart = xy_chart(root, frame, y_axis, 0.0..x1, padded(y0, y1))?;
        for (k, &(at, name)) in guides.iter().enumerate() {
            let colour = [HOT, COLD][k % 2];
            let dashed = DashedPathElement::new([(0.0, at), (x1, at)], 6, 4, colour.stroke_width(2));
            chart
                .draw_series(std::iter::once(dashed))
                .map_err(plot_error)?
                .label(name)
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 14, y)], colour.stroke_width(2)));
        }
        let line = std::iter::once((0.0, 0.0)).chain(points.iter().copied());
        chart
            .draw_series(LineSeries::new(line, INK.stroke_width(2)))
            .map_err(plot_error)?
            .label(y_axis)
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], INK.stroke_width(2)));
        if points.len() <= 400 {
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 2, INK.filled()))).map_err(plot_error)?;
        }
        // In the corner the line heads away from.
        let corner = if points.last().is_some_and(|p| p.1 < 0.0) {
            SeriesLabelPosition::UpperRight
        } else {
            SeriesLabelPosition::LowerRight
        };
        legend(&mut chart, corner)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_colours_run_from_blue_through_white_to_vermillion() {
        assert_eq!(share_colour(0.0), COLD);
        assert_eq!(share_colour(0.5), RGBColor(255, 255, 255));
        assert_eq!(share_colour(1.0), HOT);
    }

    #[test]
    fn a_heat_map_of_many_bots_is_as_wide_as_its_cells_need() {
        let labels: Vec<String> = (0..10).map(|i| format!("steerer:deny=0.{i}")).collect();
        let cells = vec![vec![Some(0.5); 10]; 10];
        let svg = heat_map("t", &labels, &cells).unwrap();
        let width: u32 = svg.split("width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        // Ten cells, each as wide as a column's label (7 pixels a character), and the labels beside them.
        let cell = 7 * labels[0].len() as u32;
        assert!(width >= 10 * cell + label_room(labels.iter().map(String::len)), "{width}");
        assert_eq!(svg.matches(">\n50%\n</text>").count(), 100);
    }

    #[test]
    fn rows_are_listed_top_down_in_the_order_given() {
        let labels: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(row_label(&labels, &row(0, 3)), "a");
        assert_eq!(row_label(&labels, &row(2, 3)), "c");
    }
}
