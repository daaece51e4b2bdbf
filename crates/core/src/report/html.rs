//! The report page: one self-contained HTML file (inline CSS and SVG, no scripts, nothing fetched),
//! built section by section.

use crate::error::Error;
use crate::svg::escape;
use std::fmt::Write as _;

/// The page's style sheet.
const STYLE: &str = "
body { font-family: sans-serif; margin: 2em auto; max-width: 64em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
p.about { font-size: 1.1em; color: #444; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; font-size: 0.9em; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; font-family: monospace; overflow-wrap: anywhere; }
div.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; }
th { background: #f3f3f3; white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.text { min-width: 8em; max-width: 30em; overflow-wrap: anywhere; font-size: 0.9em; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; max-width: 50em; }
p.verdict { font-size: 1.15em; }
";

/// A report page being written.
pub struct Page {
    html: String,
}

impl Page {
    /// A page with this title (also its first heading) and a line on what the run was for.
    pub fn new(title: &str, about: &str) -> Page {
        let mut html = format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
            t = escape(title)
        );
        if !about.is_empty() {
            let _ = writeln!(html, "<p class=\"about\">{}</p>", escape(about));
        }
        Page { html }
    }

    /// A list of named facts (what produced the run).
    pub fn facts(&mut self, facts: &[(&str, String)]) {
        self.html.push_str("<dl class=\"facts\">\n");
        for (name, value) in facts {
            let _ = writeln!(self.html, "<dt>{}</dt><dd>{}</dd>", escape(name), escape(value));
        }
        self.html.push_str("</dl>\n");
    }

    /// A section heading with an id to link to.
    pub fn section(&mut self, id: &str, title: &str) {
        let _ = writeln!(self.html, "<h2 id=\"{id}\">{}</h2>", escape(title));
    }

    /// A paragraph of plain text, with a class for styling.
    pub fn paragraph(&mut self, class: &str, text: &str) {
        let _ = writeln!(self.html, "<p class=\"{class}\">{}</p>", escape(text));
    }

    /// A plot (SVG text) with its caption.
    pub fn figure(&mut self, id: &str, svg: &str, caption: &str) {
        let _ = writeln!(
            self.html,
            "<figure id=\"{id}\">\n{svg}\n<figcaption>{}</figcaption>\n</figure>",
            escape(caption)
        );
    }

    /// A CSV file's text as a table with this class: its header row, then a row per record, every
    /// field exactly as the file writes it.
    pub fn csv_table(&mut self, class: &str, csv_text: &str) -> Result<(), Error> {
        let bad = |e: csv::Error| Error::Setting(format!("a {class} table could not be read back: {e}"));
        let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
        let _ = write!(self.html, "<div class=\"scroll\"><table class=\"{class}\">\n<thead><tr>");
        for h in reader.headers().map_err(bad)? {
            let _ = write!(self.html, "<th>{}</th>", escape(h));
        }
        self.html.push_str("</tr></thead>\n<tbody>\n");
        for record in reader.records() {
            self.html.push_str("<tr>");
            for field in record.map_err(bad)?.iter() {
                let kind = if field.parse::<f64>().is_ok() { "num" } else { "text" };
                let _ = write!(self.html, "<td class=\"{kind}\">{}</td>", escape(field));
            }
            self.html.push_str("</tr>\n");
        }
        self.html.push_str("</tbody></table></div>\n");
        Ok(())
    }

    /// A table under a summary line that opens it (no script: the `details` element).
    pub fn folded_csv_table(&mut self, summary: &str, class: &str, csv_text: &str) -> Result<(), Error> {
        let _ = writeln!(self.html, "<details><summary>{}</summary>", escape(summary));
        self.csv_table(class, csv_text)?;
        self.html.push_str("</details>\n");
        Ok(())
    }

    /// A list of links to files beside the report: (relative address, text).
    pub fn links(&mut self, links: &[(String, String)]) {
        self.html.push_str("<ul class=\"links\">\n");
        for (href, text) in links {
            let _ = writeln!(self.html, "<li><a href=\"{}\">{}</a></li>", escape(href), escape(text));
        }
        self.html.push_str("</ul>\n");
    }

    /// The finished page.
    pub fn finish(mut self) -> String {
        self.html.push_str("</body>\n</html>\n");
        self.html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_csv_fields_are_kept_as_written() {
        let mut p = Page::new("a <b> & \"c\"", "");
        p.csv_table("t", "bot,spec\nx,\"greedy:open=0.5,deny=1\"\n").unwrap();
        let html = p.finish();
        assert!(html.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"));
        assert!(html.contains("<td class=\"text\">greedy:open=0.5,deny=1</td>"));
    }
}
