//! A game's options as data, and the one reader of options text. Each option is declared once
//! with its name, the rule it sets, the values it takes and its default (`GameOption`); `check`
//! reads `name=value` words (separated by blanks or commas; a value in double quotes may hold
//! blanks, commas, `\"` and `\\`) against a game's declarations, and `text` writes them back,
//! quoting a value only when it needs it, so options text without such values reads and writes as
//! it always did.

use std::borrow::Cow;
use std::fmt;

/// What values an option takes: `stadt games` lists them and `check` holds a value to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// A whole number from `min` to `max`.
    Whole {
        /// The least.
        min: u64,
        /// The greatest.
        max: u64,
    },
    /// A file's path (any text but the empty one).
    File,
    /// No value: a word that stands alone and presets other options (Catan's `catanatron`).
    Alone,
}

impl Values {
    /// Whether `value` is one of these values.
    pub fn takes(&self, value: &str) -> bool {
        match *self {
            Values::OneOf(words) => words.contains(&value),
            Values::Whole { min, max } => value.parse::<u64>().is_ok_and(|n| (min..=max).contains(&n)),
            Values::File => !value.is_empty(),
            Values::Alone => false,
        }
    }
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Values::OneOf(words) => match words.split_last() {
                Some((last, rest)) if !rest.is_empty() => write!(f, "{} or {last}", rest.join(", ")),
                Some((last, _)) => write!(f, "{last}"),
                None => write!(f, "no value"),
            },
            Values::Whole { min, max } => write!(f, "a whole number from {min} to {max}"),
            Values::File => write!(f, "a file's path"),
            Values::Alone => write!(f, "a word alone, without a value"),
        }
    }
}

/// An option of a game: its name where commands and files take it, the rule it sets, what it
/// sets, the values it takes and its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The name (`hand`).
    pub name: &'static str,
    /// The id of the rule it sets (`T2`), named by every error about it.
    pub rule: &'static str,
    /// What it sets.
    pub about: &'static str,
    /// The values it takes.
    pub values: Values,
    /// Its default value (what a game without it plays; empty for a word that stands alone).
    pub default: &'static str,
}

/// One word of options text, read but not yet checked: `name=value`, or a name alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The name.
    pub name: String,
    /// The value, unquoted; None for a word without `=`.
    pub value: Option<String>,
}

impl Word {
    /// The word as options text writes it (the value quoted only when it needs it).
    pub fn text(&self) -> String {
        match &self.value {
            Some(v) => format!("{}={}", self.name, quote(v)),
            None => self.name.clone(),
        }
    }
}

/// An option given, checked against its declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// Its declaration.
    pub option: &'static GameOption,
    /// Its value, unquoted (empty for a word that stands alone).
    pub value: String,
}

/// Options text checked against a game's declarations: each option given once, in the order
/// given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked(pub Vec<Given>);

impl Checked {
    /// The value given to option `name`, if it was given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|g| g.option.name == name).map(|g| g.value.as_str())
    }

    /// Whether option `name` was given (a word that stands alone, say).
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|g| g.option.name == name)
    }

    /// The whole number given to option `name` (declared `Values::Whole`), if it was given.
    pub fn whole(&self, name: &str) -> Option<u64> {
        self.value(name).and_then(|v| v.parse().ok())
    }
}

/// Options text that could not be read: each error names the word, option or rule at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// A quoted value without its closing quote.
    Unclosed {
        /// The word, from its start.
        word: String,
    },
    /// A backslash in a quoted value before something other than `"` or `\`.
    Escape {
        /// The word, from its start.
        word: String,
    },
    /// A `"` inside a name or an unquoted value, or text right after a closing quote.
    Stray {
        /// The word.
        word: String,
    },
    /// A word without `=` that is not one that stands alone.
    NotNameValue {
        /// The word.
        word: String,
        /// The game's words that stand alone, if any.
        alone: Vec<&'static str>,
    },
    /// An option the game does not have.
    Unknown {
        /// The game.
        game: String,
        /// The name given.
        name: String,
        /// The options it has.
        options: Vec<&'static str>,
    },
    /// A value the option does not take.
    BadValue {
        /// The option.
        name: &'static str,
        /// Its rule.
        rule: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        values: Values,
    },
    /// A word that stands alone, given a value.
    Alone {
        /// The word.
        name: &'static str,
        /// Its rule.
        rule: &'static str,
        /// The value given.
        value: String,
    },
    /// An option given twice with different values.
    Repeated {
        /// The option.
        name: &'static str,
        /// Its rule.
        rule: &'static str,
        /// The first value.
        first: String,
        /// The other.
        second: String,
    },
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Unclosed { word } => {
                write!(f, "`{word}`: the quoted value has no closing `\"`")
            }
            OptionsError::Escape { word } => write!(
                f,
                "`{word}`: in a quoted value a backslash stands only before `\"` or `\\` (write `\\\\` for one)"
            ),
            OptionsError::Stray { word } => write!(
                f,
                "`{word}`: a `\"` stands only around a whole value (name=\"...\"), followed by a blank, a comma or the end"
            ),
            OptionsError::NotNameValue { word, alone } if alone.is_empty() => {
                write!(f, "`{word}` is not name=value")
            }
            OptionsError::NotNameValue { word, alone } => {
                write!(f, "`{word}` is not name=value, nor a word that stands alone ({})", alone.join(", "))
            }
            OptionsError::Unknown { game, name, options } if options.is_empty() => {
                write!(f, "`{name}` is no option of {game}: it has none")
            }
            OptionsError::Unknown { game, name, options } => {
                write!(f, "`{name}` is no option of {game}: its options are {}", options.join(", "))
            }
            OptionsError::BadValue { name, rule, value, values } => write!(
                f,
                "`{name}={}`: `{value}` is no value of option `{name}` ({rule}): it takes {values}",
                quote(value)
            ),
            OptionsError::Alone { name, rule, value } => {
                write!(f, "`{name}={}`: `{name}` ({rule}) stands alone and takes no value", quote(value))
            }
            OptionsError::Repeated { name, rule, first, second } => write!(
                f,
                "`{name}` ({rule}) is named twice, `{name}={}` and `{name}={}`: name it once",
                quote(first),
                quote(second)
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

/// Whether `c` separates words.
fn separates(c: char) -> bool {
    c == ',' || c.is_whitespace()
}

/// The words of options text, in order: separated by blanks or commas; a value that starts with
/// `"` runs to the next `"` not escaped by a backslash (`\"` and `\\` stand for `"` and `\`).
pub fn words(text: &str) -> Result<Vec<Word>, OptionsError> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(separates);
        if rest.is_empty() {
            return Ok(out);
        }
        let (word, after) = one_word(rest)?;
        out.push(word);
        rest = after;
    }
}

/// The word at the start of `text` (no separator first), and the text after it.
fn one_word(text: &str) -> Result<(Word, &str), OptionsError> {
    let end = text.find(separates).unwrap_or(text.len());
    // The word as given, up to its end (or the text's, for a quote that never closes): errors
    // name it.
    let stray = |upto: usize| OptionsError::Stray { word: text[..upto].to_string() };
    let name_end = text[..end].find(['=', '"']).unwrap_or(end);
    let name = &text[..name_end];
    if text[name_end..].starts_with('"') {
        return Err(stray(end));
    }
    if name_end == end {
        return Ok((Word { name: name.to_string(), value: None }, &text[end..]));
    }
    let value_start = name_end + 1;
    let Some(quoted) = text[value_start..].strip_prefix('"') else {
        let value = &text[value_start..end];
        if value.contains('"') {
            return Err(stray(end));
        }
        return Ok((Word { name: name.to_string(), value: Some(value.to_string()) }, &text[end..]));
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                let after = &quoted[i + 1..];
                if after.chars().next().is_some_and(|c| !separates(c)) {
                    let end = value_start + 1 + i + 1 + after.find(separates).unwrap_or(after.len());
                    return Err(stray(end));
                }
                return Ok((Word { name: name.to_string(), value: Some(value) }, after));
            }
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => value.push(e),
                _ => return Err(OptionsError::Escape { word: text.to_string() }),
            },
            c => value.push(c),
        }
    }
    Err(OptionsError::Unclosed { word: text.to_string() })
}

/// `value` as options text writes it: as it is, unless it is empty or holds a blank, a comma or
/// a `"`; then in double quotes, with `"` and `\` escaped.
pub fn quote(value: &str) -> Cow<'_, str> {
    if !value.is_empty() && !value.contains(|c: char| separates(c) || c == '"') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    Cow::Owned(out)
}

/// Options text of `words`, one blank between them.
pub fn text(words: &[Word]) -> String {
    words.iter().map(Word::text).collect::<Vec<_>>().join(" ")
}

/// Reads `text` against the options `declared` by the game `game`: every word a declared option
/// with a value it takes (or a declared word that stands alone), each option given once or
/// twice with the same value (kept once).
pub fn check(game: &str, declared: &'static [GameOption], text: &str) -> Result<Checked, OptionsError> {
    let mut out: Vec<Given> = Vec::new();
    for word in words(text)? {
        let option = declared.iter().find(|o| o.name == word.name);
        let (option, value) = match (option, word.value) {
            (Some(o), None) if o.values == Values::Alone => (o, String::new()),
            (_, None) => {
                return Err(OptionsError::NotNameValue {
                    word: word.name,
                    alone: declared.iter().filter(|o| o.values == Values::Alone).map(|o| o.name).collect(),
                });
            }
            (None, Some(_)) => {
                return Err(OptionsError::Unknown {
                    game: game.to_string(),
                    name: word.name,
                    options: declared.iter().map(|o| o.name).collect(),
                });
            }
            (Some(o), Some(value)) if o.values == Values::Alone => {
                return Err(OptionsError::Alone { name: o.name, rule: o.rule, value });
            }
            (Some(o), Some(value)) if !o.values.takes(&value) => {
                return Err(OptionsError::BadValue { name: o.name, rule: o.rule, value, values: o.values });
            }
            (Some(o), Some(value)) => (o, value),
        };
        match out.iter().find(|g| g.option.name == option.name) {
            Some(g) if g.value != value => {
                return Err(OptionsError::Repeated {
                    name: option.name,
                    rule: option.rule,
                    first: g.value.clone(),
                    second: value,
                });
            }
            Some(_) => {}
            None => out.push(Given { option, value }),
        }
    }
    Ok(Checked(out))
}
