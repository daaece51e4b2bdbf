//! A small SVG writer: shapes with a fill or a stroke, and text that is always XML-escaped.

use std::fmt::Write as _;

/// A point in the picture's user units (= pixels at scale 1).
pub type Xy = (f64, f64);

/// Escapes text for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0; a seat label could carry one.
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t') => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written; `finish` closes it.
pub struct Svg {
    out: String,
}

/// Paint of a shape: its fill, and its outline colour and width (none when the width is 0).
#[derive(Clone, Copy)]
pub struct Paint<'a> {
    /// Fill colour, or `none`.
    pub fill: &'a str,
    /// Outline colour.
    pub stroke: &'a str,
    /// Outline width; 0 for no outline.
    pub width: f64,
}

impl<'a> Paint<'a> {
    /// A fill without outline.
    pub fn fill(fill: &'a str) -> Paint<'a> {
        Paint { fill, stroke: "none", width: 0.0 }
    }

    /// A fill with an outline.
    pub fn outlined(fill: &'a str, stroke: &'a str, width: f64) -> Paint<'a> {
        Paint { fill, stroke, width }
    }

    fn attrs(&self) -> String {
        if self.width > 0.0 {
            format!(r#"fill="{}" stroke="{}" stroke-width="{}""#, self.fill, self.stroke, n(self.width))
        } else {
            format!(r#"fill="{}""#, self.fill)
        }
    }
}

/// How text is set: size, anchor (start, middle or end), weight, colour, and a white halo under
/// the letters that keeps them readable on any colour.
#[derive(Clone, Copy)]
pub struct Font<'a> {
    /// Size in pixels.
    pub size: f64,
    /// `start`, `middle` or `end`.
    pub anchor: &'a str,
    /// Bold letters.
    pub bold: bool,
    /// A white outline under the letters.
    pub halo: bool,
    /// Colour of the letters.
    pub colour: &'a str,
}

impl<'a> Font<'a> {
    /// Black letters of this size, starting at the point.
    pub fn new(size: f64) -> Font<'a> {
        Font { size, anchor: "start", bold: false, halo: false, colour: "#000000" }
    }

    /// Centred on the point.
    pub fn middle(self) -> Font<'a> {
        Font { anchor: "middle", ..self }
    }

    /// Ending at the point.
    pub fn end(self) -> Font<'a> {
        Font { anchor: "end", ..self }
    }

    /// Bold.
    pub fn bold(self) -> Font<'a> {
        Font { bold: true, ..self }
    }

    /// With a white halo.
    pub fn halo(self) -> Font<'a> {
        Font { halo: true, ..self }
    }

    /// In this colour.
    pub fn colour(self, colour: &'a str) -> Font<'a> {
        Font { colour, ..self }
    }
}

/// A number as written into the document: at most two decimals, so equal pictures are equal bytes.
pub fn n(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

impl Svg {
    /// Starts a document of `width` x `height` pixels, viewBox from 0 0, on a white background.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::new();
        let (w, h) = (n(width), n(height));
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(out, r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##);
        Svg { out }
    }

    /// A rectangle from its top-left corner and size.
    pub fn rect(&mut self, (x, y): Xy, (w, h): Xy, paint: Paint) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {}/>"#,
            n(x),
            n(y),
            n(w),
            n(h),
            paint.attrs()
        );
    }

    /// A circle.
    pub fn circle(&mut self, (x, y): Xy, r: f64, paint: Paint) {
        let _ = writeln!(self.out, r#"<circle cx="{}" cy="{}" r="{}" {}/>"#, n(x), n(y), n(r), paint.attrs());
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[Xy], paint: Paint) {
        let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", n(x), n(y))).collect();
        let _ = writeln!(self.out, r#"<polygon points="{}" {}/>"#, pts.join(" "), paint.attrs());
    }

    /// A straight line; `dash` is a stroke-dasharray such as `6 4`, or empty for a solid line.
    pub fn line(&mut self, a: Xy, b: Xy, colour: &str, width: f64, dash: &str) {
        let dash = if dash.is_empty() { String::new() } else { format!(r#" stroke-dasharray="{dash}""#) };
        let _ = writeln!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{}"{dash}/>"#,
            n(a.0),
            n(a.1),
            n(b.0),
            n(b.1),
            n(width)
        );
    }

    /// A quadratic curve from `a` to `b` bent towards `control`, stroked only.
    pub fn curve(&mut self, a: Xy, control: Xy, b: Xy, colour: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<path d="M{},{} Q{},{} {},{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
            n(a.0),
            n(a.1),
            n(control.0),
            n(control.1),
            n(b.0),
            n(b.1),
            n(width)
        );
    }

    /// Text (escaped) at `at`, vertically centred there.
    pub fn text(&mut self, at: Xy, font: Font, text: &str) {
        let weight = if font.bold { r#" font-weight="bold""# } else { "" };
        let halo = if font.halo {
            r##" stroke="#ffffff" stroke-width="2.5" paint-order="stroke" stroke-linejoin="round""##
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{}" dominant-baseline="central" fill="{}"{weight}{halo}>{}</text>"#,
            n(at.0),
            n(at.1),
            n(font.size),
            font.anchor,
            font.colour,
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_replaces_markup_and_control_characters() {
        assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("x\u{1}y"), "x?y");
    }

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.345), "12.35");
        assert_eq!(n(-0.001), "0");
    }
}
