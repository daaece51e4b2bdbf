//! The lines every data file shares: the version line, `#` comments, and items written as a first
//! word and `key=value` words (a value with spaces in double quotes).

use super::error::{DataError, Problem};

/// One item line: its number, its first word and its `key=value` words, in order.
pub(crate) struct Item<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The first word: what kind of item the line is.
    pub word: &'a str,
    fields: Vec<(&'a str, &'a str, bool)>,
    file: &'a str,
}

/// Splits a file into its item lines after checking the version line; blank lines and lines
/// starting with `#` are skipped.
pub(crate) fn items<'a>(file: &'a str, text: &'a str, version: &str) -> Result<Vec<Item<'a>>, DataError> {
    let mut lines = text.lines().enumerate();
    // A byte-order mark, as some editors write, is no part of the version line.
    let first = lines.next().map(|(_, l)| l.trim_start_matches('\u{feff}').trim()).unwrap_or("");
    if first != version {
        let format = version.split_whitespace().next().unwrap_or(version);
        let problem = if first.split_whitespace().next() == Some(format) {
            Problem::WrongVersion { expected: version.to_string(), found: first.to_string() }
        } else {
            Problem::MissingVersion { expected: version.to_string() }
        };
        return Err(DataError::new(file, 1, problem));
    }
    let mut out = Vec::new();
    for (i, raw) in lines {
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        out.push(split(file, i + 1, text)?);
    }
    Ok(out)
}

/// Splits one line into its first word and `key=value` words.
fn split<'a>(file: &'a str, line: usize, text: &'a str) -> Result<Item<'a>, DataError> {
    let err = |p| DataError::new(file, line, p);
    let (word, mut rest) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    };
    let mut fields: Vec<(&str, &str, bool)> = Vec::new();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            return Err(err(Problem::Syntax(rest.split_whitespace().next().unwrap_or(rest).to_string())));
        };
        let key = &rest[..eq];
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err(err(Problem::Syntax(key.split_whitespace().next().unwrap_or(key).to_string())));
        }
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            let Some(end) = quoted.find('"') else {
                return Err(err(Problem::Syntax(format!("{key}=\"{quoted}"))));
            };
            (&quoted[..end], &quoted[end + 1..])
        } else {
            match after.find(char::is_whitespace) {
                Some(i) => (&after[..i], &after[i..]),
                None => (after, ""),
            }
        };
        if fields.iter().any(|(k, _, _)| *k == key) {
            return Err(err(Problem::DuplicateKey(key.to_string())));
        }
        fields.push((key, value, false));
        rest = next.trim_start();
    }
    Ok(Item { line, word, fields, file })
}

impl<'a> Item<'a> {
    /// An error at this line.
    pub fn error(&self, problem: Problem) -> DataError {
        DataError::new(self.file, self.line, problem)
    }

    /// The value of an optional key, marking it read.
    pub fn get(&mut self, key: &'static str) -> Option<&'a str> {
        let field = self.fields.iter_mut().find(|(k, _, _)| *k == key)?;
        field.2 = true;
        Some(field.1)
    }

    /// The value of a key the item needs.
    pub fn need(&mut self, key: &'static str) -> Result<&'a str, DataError> {
        self.get(key).ok_or_else(|| self.error(Problem::MissingKey(key)))
    }

    /// A whole number in `min..=max` under a key the item needs.
    pub fn number(&mut self, key: &'static str, min: i64, max: i64) -> Result<i64, DataError> {
        let value = self.need(key)?;
        self.parse_number(key, value, min, max)
    }

    /// A whole number in `min..=max`, or `default` when the key is absent.
    pub fn number_or(
        &mut self,
        key: &'static str,
        min: i64,
        max: i64,
        default: i64,
    ) -> Result<i64, DataError> {
        match self.get(key) {
            Some(value) => self.parse_number(key, value, min, max),
            None => Ok(default),
        }
    }

    /// Reads `value` as a whole number in `min..=max`.
    pub fn parse_number(&self, key: &str, value: &str, min: i64, max: i64) -> Result<i64, DataError> {
        let n: i64 = value.parse().map_err(|_| {
            self.error(Problem::NotANumber { key: key.to_string(), value: value.to_string() })
        })?;
        if n < min || n > max {
            return Err(self.error(Problem::OutOfRange { key: key.to_string(), value: n, min, max }));
        }
        Ok(n)
    }

    /// Refuses any key that was not read: a typing slip must not pass silently.
    pub fn finish(&self) -> Result<(), DataError> {
        match self.fields.iter().find(|(_, _, read)| !read) {
            Some((key, _, _)) => Err(self.error(Problem::UnknownKey(key.to_string()))),
            None => Ok(()),
        }
    }
}
