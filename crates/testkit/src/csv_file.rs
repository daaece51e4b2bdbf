//! CSV files read into rows by column name: a test says `row["score"]`, never `row[7]`, so that a
//! column added, moved or present only sometimes (games.csv's `failure`) cannot shift what it
//! reads. The reader is the `csv` crate, not the code under test.

use std::collections::BTreeMap;
use std::path::Path;
use std::str::FromStr;

/// A CSV file with a header line: its column names in order and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Csv {
    header: Vec<String>,
    rows: Vec<Row>,
}

/// One row of a [`Csv`]: each column's name and value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row(BTreeMap<String, String>);

impl Csv {
    /// Reads CSV text with a header line. Fails on malformed CSV, on a row with more or fewer
    /// fields than the header and on a column name given twice, naming the line.
    pub fn parse(text: &str) -> Csv {
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> =
            reader.headers().expect("a CSV header line").iter().map(String::from).collect();
        for (i, name) in header.iter().enumerate() {
            assert!(!header[..i].contains(name), "the CSV header names `{name}` twice: {header:?}");
        }
        let rows = reader
            .records()
            .map(|r| {
                let r = r.unwrap_or_else(|e| panic!("malformed CSV: {e}"));
                Row(header.iter().cloned().zip(r.iter().map(String::from)).collect())
            })
            .collect();
        Csv { header, rows }
    }

    /// Reads a CSV file; fails naming it.
    pub fn read(path: &Path) -> Csv {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Csv::parse(&text)
    }

    /// The column names, in order.
    pub fn header(&self) -> Vec<&str> {
        self.header.iter().map(String::as_str).collect()
    }

    /// Whether there is a column `name`.
    pub fn has(&self, name: &str) -> bool {
        self.header.iter().any(|h| h == name)
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The rows, to change one.
    pub fn rows_mut(&mut self) -> &mut [Row] {
        &mut self.rows
    }

    /// The rows, taken.
    pub fn into_rows(self) -> Vec<Row> {
        self.rows
    }

    /// The same table without the columns `names` (each must be there).
    pub fn without(&self, names: &[&str]) -> Csv {
        for n in names {
            assert!(self.has(n), "no column `{n}` in {:?}", self.header);
        }
        let keep = |c: &String| !names.contains(&c.as_str());
        Csv {
            header: self.header.iter().filter(|c| keep(c)).cloned().collect(),
            rows: self
                .rows
                .iter()
                .map(|r| {
                    Row(r.0.iter().filter(|(c, _)| keep(c)).map(|(c, v)| (c.clone(), v.clone())).collect())
                })
                .collect(),
        }
    }

    /// Every cell as text, the header first, each row in the header's order: the table as another
    /// rendering of it (a report's HTML table) shows it.
    pub fn cells(&self) -> Vec<Vec<String>> {
        let rows = self.rows.iter().map(|r| self.header.iter().map(|c| r.0[c].clone()).collect());
        std::iter::once(self.header.clone()).chain(rows).collect()
    }

    /// The table written as CSV again (fields quoted where they must be, lines ending in `\n`).
    pub fn to_text(&self) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        for line in self.cells() {
            out.write_record(&line).unwrap();
        }
        String::from_utf8(out.into_inner().unwrap()).unwrap()
    }
}

/// CSV text with one value changed, as by hand: row `row` (counted from 0 after the header),
/// column `name`. Every other byte stays as it was (checked: the text must be written as this
/// module writes it).
pub fn edited(text: &str, row: usize, name: &str, value: &str) -> String {
    let mut table = Csv::parse(text);
    assert_eq!(table.to_text(), text, "the CSV text is not written as the kit writes it");
    table.rows_mut()[row].set(name, value);
    table.to_text()
}

impl Row {
    /// The value in column `name`; fails naming the column and the row's columns.
    pub fn get(&self, name: &str) -> &str {
        self.0
            .get(name)
            .unwrap_or_else(|| panic!("no column `{name}` in {:?}", self.0.keys().collect::<Vec<_>>()))
    }

    /// The value in column `name`, parsed; fails naming the column and the value.
    pub fn parse<T: FromStr>(&self, name: &str) -> T {
        let v = self.get(name);
        v.parse().unwrap_or_else(|_| panic!("column `{name}`: {v:?} is not a {}", std::any::type_name::<T>()))
    }

    /// Sets the value in column `name` (which must be there).
    pub fn set(&mut self, name: &str, value: &str) {
        let v = self.0.get_mut(name).unwrap_or_else(|| panic!("no column `{name}`"));
        *v = value.to_string();
    }
}

impl std::ops::Index<&str> for Row {
    type Output = str;
    fn index(&self, name: &str) -> &str {
        self.get(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_read_by_column_name_and_written_back_alike() {
        let text = "game,bot,score\n0,\"a,b\",30\n1,c,12\n";
        let t = Csv::parse(text);
        assert_eq!(t.header(), ["game", "bot", "score"]);
        assert_eq!(&t.rows()[0]["bot"], "a,b");
        assert_eq!(t.rows()[1].parse::<i32>("score"), 12);
        assert_eq!(t.to_text(), text);
        assert_eq!(t.without(&["bot"]).to_text(), "game,score\n0,30\n1,12\n");
        assert_eq!(t.cells()[2], ["1", "c", "12"]);
    }

    #[test]
    #[should_panic(expected = "no column `seat`")]
    fn a_missing_column_is_named() {
        let _ = &Csv::parse("game,bot\n0,a\n").rows()[0]["seat"];
    }

    #[test]
    #[should_panic(expected = "malformed CSV")]
    fn a_row_of_another_length_is_refused() {
        Csv::parse("game,bot\n0,a,7\n");
    }
}
