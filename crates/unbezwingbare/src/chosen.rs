//! What a game is set up with: the options of rules.md section 13, declared as the core's
//! `GameOption`s and read by `stadt_core::options::check`, and the data set (`board=FILE`,
//! `cards=FILE`; by default the shipped invented files, built into the program). Written back
//! with every option named, and the data named by the SHA-256 of each file.

use crate::data::{Board, Cards, DataError, DataSet};
use crate::material::Material;
use crate::options::{LastRound, Options, Rounding, TwoPlayer};
use stadt_core::options::{GameOption, Values, quote};
use std::sync::{Mutex, OnceLock};

/// The name `--game` takes.
pub const NAME: &str = "unbezwingbare";

/// The shipped board (invented, data.md), built in so the program works from any folder.
pub const INVENTED_BOARD: &str = include_str!("../data/invented/board.txt");
/// The shipped cards (invented, data.md), built in.
pub const INVENTED_CARDS: &str = include_str!("../data/invented/cards.txt");

const ON_OFF: Values = Values::OneOf(&["on", "off"]);

/// The options (rules.md section 13), in the order `stadt games` lists them.
pub static OPTIONS: [GameOption; 13] = [
    GameOption {
        name: "two_player",
        rule: "U58, U59, N18",
        about: "with 2 players: five start areas (five_areas), two orders each (two_orders) or the base rules (plain)",
        values: Values::OneOf(&["five_areas", "two_orders", "plain"]),
        default: "five_areas",
    },
    GameOption {
        name: "last_round",
        rule: "U2, U60",
        about: "the target wins at once, or the round is played to its end",
        values: Values::OneOf(&["immediate", "complete"]),
        default: "immediate",
    },
    GameOption {
        name: "variant",
        rule: "U64-U74",
        about: "the strategic variant: its targets and, unless named apart, all four of its parts",
        values: Values::OneOf(&["base", "strategic"]),
        default: "base",
    },
    GameOption {
        name: "periods",
        rule: "U65, U66",
        about: "the draw pile in periods A, B, C (follows variant unless named)",
        values: ON_OFF,
        default: "off",
    },
    GameOption {
        name: "isolation",
        rule: "U67-U69",
        about: "an area surrounded by others passes to the buyer (follows variant unless named)",
        values: ON_OFF,
        default: "off",
    },
    GameOption {
        name: "great_powers",
        rule: "U70-U72",
        about: "the most buildings of a category hold its great power (follows variant unless named)",
        values: ON_OFF,
        default: "off",
    },
    GameOption {
        name: "free_market",
        rule: "U73",
        about: "the free market (follows variant unless named)",
        values: ON_OFF,
        default: "off",
    },
    GameOption {
        name: "target",
        rule: "U1, U58, U74",
        about: "points to win instead of the table (20 to 50 by players and variant)",
        values: Values::Whole { min: 1, max: 1000 },
        default: "the table of U1, U74, N18",
    },
    GameOption {
        name: "sell_rounding",
        rule: "U40",
        about: "the Pfandhaus pays half a card's value rounded down (the rule) or up (the example)",
        values: Values::OneOf(&["down", "up"]),
        default: "down",
    },
    GameOption {
        name: "bank",
        rule: "U9",
        about: "the bank's stones: unlimited, or the box's 160",
        values: Values::OneOf(&["unlimited", "160"]),
        default: "unlimited",
    },
    GameOption {
        name: "turns",
        rule: "U75",
        about: "turns after which the highest score wins",
        values: Values::Whole { min: 1, max: 1_000_000 },
        default: "1000",
    },
    GameOption {
        name: "board",
        rule: "section 17",
        about: "a board file (`stadt-unbezwingbare-board 1`, docs/unbezwingbare/data.md); a path with blanks or commas in double quotes",
        values: Values::File,
        default: "the invented board built in",
    },
    GameOption {
        name: "cards",
        rule: "section 17",
        about: "a card file (`stadt-unbezwingbare-cards 1`, docs/unbezwingbare/data.md); a path with blanks or commas in double quotes",
        values: Values::File,
        default: "the invented cards built in",
    },
];

/// The data set a game is played with: its tables, and the files given (None: the invented one).
#[derive(Clone, Copy, Debug)]
pub struct Data {
    /// The tables, leaked once per data set.
    pub mat: &'static Material,
    /// The board file given, if any.
    pub board: Option<&'static str>,
    /// The card file given, if any.
    pub cards: Option<&'static str>,
}

impl PartialEq for Data {
    /// Two data sets are equal when their files' bytes are (by SHA-256).
    fn eq(&self, other: &Data) -> bool {
        self.mat == other.mat
    }
}

impl Data {
    /// The invented data set built in.
    pub fn invented() -> Data {
        static MAT: OnceLock<&'static Material> = OnceLock::new();
        let mat = *MAT.get_or_init(|| {
            let board = Board::parse("invented board.txt", INVENTED_BOARD).expect("the shipped board reads");
            let cards = Cards::parse("invented cards.txt", INVENTED_CARDS).expect("the shipped cards read");
            Material::leak(DataSet { board, cards })
        });
        Data { mat, board: None, cards: None }
    }

    /// The data set of these files (None: the invented file of that kind); an error names the
    /// file and line. One set of tables is leaked per distinct pair of files' contents.
    pub fn load(board: Option<&str>, cards: Option<&str>) -> Result<Data, DataError> {
        if board.is_none() && cards.is_none() {
            return Ok(Data::invented());
        }
        let board_data = match board {
            Some(path) => Board::load(std::path::Path::new(path))?,
            None => Board::parse("invented board.txt", INVENTED_BOARD)?,
        };
        let cards_data = match cards {
            Some(path) => Cards::load(std::path::Path::new(path))?,
            None => Cards::parse("invented cards.txt", INVENTED_CARDS)?,
        };
        static LOADED: Mutex<Vec<(String, String, &'static Material)>> = Mutex::new(Vec::new());
        let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
        let found = loaded.iter().find(|(b, c, _)| *b == board_data.sha256 && *c == cards_data.sha256);
        let mat = match found {
            Some(&(_, _, mat)) => mat,
            None => {
                let (b, c) = (board_data.sha256.clone(), cards_data.sha256.clone());
                let mat = Material::leak(DataSet { board: board_data, cards: cards_data });
                loaded.push((b, c, mat));
                mat
            }
        };
        let keep = |p: Option<&str>| p.map(|p| &*Box::leak(p.to_string().into_boxed_str()));
        Ok(Data { mat, board: keep(board), cards: keep(cards) })
    }

    /// The board file's SHA-256.
    pub fn board_sha256(&self) -> &str {
        &self.mat.data.board.sha256
    }

    /// The card file's SHA-256.
    pub fn cards_sha256(&self) -> &str {
        &self.mat.data.cards.sha256
    }
}

/// The options read from `name=value` words (section 13): typed options (with `players` left at
/// 3, or 2 with `two_player`: the table sets it; `target` as given, see `normal`) and the data
/// files named. An error names the word, option and rule.
pub fn read(text: &str) -> Result<(Options, Option<String>, Option<String>), String> {
    let checked = stadt_core::options::check(NAME, &OPTIONS, text).map_err(|e| e.to_string())?;
    let mut o = Options::base(3);
    // `variant` first: it sets the four parts, which a part named beside it overrides.
    if let Some(v) = checked.value("variant") {
        o.set("variant", v).map_err(|e| e.to_string())?;
    }
    for given in &checked.0 {
        let name = given.option.name;
        if !matches!(name, "variant" | "board" | "cards") {
            o.set(name, &given.value).map_err(|e| e.to_string())?;
        }
    }
    if o.two_player.is_some() {
        o.players = 2;
    }
    Ok((o, checked.value("board").map(str::to_string), checked.value("cards").map(str::to_string)))
}

/// The options with a `target` equal to the table's dropped and, with 2 players, `two_player`
/// named (`five_areas` when not given): the same game either way, so that options read back
/// from their text equal the options written.
pub fn normal(mut o: Options) -> Options {
    if o.players == 2 && o.two_player.is_none() {
        o.two_player = Some(TwoPlayer::FiveAreas);
    }
    if let Some(t) = o.target {
        o.target = None;
        if o.target() != t {
            o.target = Some(t);
        }
    }
    o
}

/// The options as `name=value` words, then the data files when given. With `game` (the options
/// of a game, whose players are set) every option of the rules is named (`two_player` with 2
/// players; `target` as the table gives it); without, `two_player` and `target` only when set.
pub fn text(o: &Options, data: &Data, game: bool) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let mut out = String::new();
    if (game && o.players == 2) || o.two_player.is_some() {
        let two = match o.two_player.unwrap_or(TwoPlayer::FiveAreas) {
            TwoPlayer::FiveAreas => "five_areas",
            TwoPlayer::TwoOrders => "two_orders",
            TwoPlayer::Plain => "plain",
        };
        out.push_str(&format!("two_player={two} "));
    }
    let last = match o.last_round {
        LastRound::Immediate => "immediate",
        LastRound::Complete => "complete",
    };
    let rounding = match o.sell_rounding {
        Rounding::Down => "down",
        Rounding::Up => "up",
    };
    out.push_str(&format!(
        "last_round={last} variant={} periods={} isolation={} great_powers={} free_market={} sell_rounding={rounding} bank={} turns={}",
        if o.strategic { "strategic" } else { "base" },
        on(o.periods),
        on(o.isolation),
        on(o.great_powers),
        on(o.free_market),
        if o.bank_cap { "160" } else { "unlimited" },
        o.turns,
    ));
    if game || o.target.is_some() {
        out.push_str(&format!(" target={}", o.target()));
    }
    if let Some(b) = data.board {
        out.push_str(&format!(" board={}", quote(b)));
    }
    if let Some(c) = data.cards {
        out.push_str(&format!(" cards={}", quote(c)));
    }
    out
}
