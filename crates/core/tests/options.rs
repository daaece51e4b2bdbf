//! The one reader of options text (`stadt_core::options`): words split on blanks and commas, a
//! quoted value holding both, every error typed and naming the word, option and rule at fault,
//! and what `text` writes read back to the same words.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::options::{GameOption, OptionsError, Values, Word, check, quote, text, words};

const DECLARED: [GameOption; 4] = [
    GameOption {
        name: "colour",
        rule: "X1",
        about: "the colour",
        values: Values::OneOf(&["red", "green", "blue"]),
        default: "red",
    },
    GameOption {
        name: "size",
        rule: "X2",
        about: "the size",
        values: Values::Whole { min: 2, max: 9 },
        default: "3",
    },
    GameOption { name: "map", rule: "X3", about: "a map file", values: Values::File, default: "none" },
    GameOption { name: "classic", rule: "X4", about: "a preset", values: Values::Alone, default: "" },
];

fn word(name: &str, value: Option<&str>) -> Word {
    Word { name: name.into(), value: value.map(str::to_string) }
}

#[test]
fn words_split_on_blanks_and_commas_and_a_quoted_value_holds_both() {
    assert_eq!(words("").unwrap(), vec![]);
    assert_eq!(words(" ,\t, ").unwrap(), vec![]);
    assert_eq!(
        words("a=1,b=2  classic\tc=x=y").unwrap(),
        vec![word("a", Some("1")), word("b", Some("2")), word("classic", None), word("c", Some("x=y"))]
    );
    assert_eq!(
        words(r#"map="my maps/a,b.txt",size=3"#).unwrap(),
        vec![word("map", Some("my maps/a,b.txt")), word("size", Some("3"))]
    );
    assert_eq!(words(r#"map="say \"hi\" \\ back""#).unwrap(), vec![word("map", Some(r#"say "hi" \ back"#))]);
    assert_eq!(words(r#"map="" size=2"#).unwrap(), vec![word("map", Some("")), word("size", Some("2"))]);
    // A backslash outside quotes is an ordinary character.
    assert_eq!(words(r"map=C:\maps\a").unwrap(), vec![word("map", Some(r"C:\maps\a"))]);
}

#[test]
fn quoting_errors_name_the_word() {
    let cases = [
        (r#"size=2 map="a b"#, OptionsError::Unclosed { word: r#"map="a b"#.into() }),
        (r#"map="a\qb""#, OptionsError::Escape { word: r#"map="a\qb""#.into() }),
        (r#"map=a"b size=2"#, OptionsError::Stray { word: r#"map=a"b"#.into() }),
        (r#"map="a"b size=2"#, OptionsError::Stray { word: r#"map="a"b"#.into() }),
        (r#"m"ap=1"#, OptionsError::Stray { word: r#"m"ap=1"#.into() }),
    ];
    for (input, want) in cases {
        let e = words(input).unwrap_err();
        assert_eq!(e, want, "{input}");
        assert!(e.to_string().contains('`'), "{e}");
    }
}

#[test]
fn text_quotes_a_value_only_when_it_needs_it_and_reads_back() {
    assert_eq!(quote("knights"), "knights");
    assert_eq!(quote(r"C:\x"), r"C:\x");
    assert_eq!(quote("a b"), r#""a b""#);
    assert_eq!(quote("a,b"), r#""a,b""#);
    assert_eq!(quote(""), r#""""#);
    assert_eq!(quote(r#"a"b\c"#), r#""a\"b\\c""#);
    let plain = "game=knights house=cuxtan turns=500";
    assert_eq!(text(&words(plain).unwrap()), plain, "options without such values write as they read");
    // Any value, however odd, reads back to itself.
    let mut rng = Pcg64Mcg::seed_from_u64(56);
    let alphabet: Vec<char> = "ab ,\"\\=\t.é".chars().collect();
    for _ in 0..2000 {
        let n = rng.random_range(0..8);
        let value: String = (0..n).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        let ws = vec![word("map", Some(&value)), word("classic", None), word("size", Some("4"))];
        assert_eq!(words(&text(&ws)).unwrap(), ws, "{value:?} as {}", text(&ws));
    }
}

#[test]
fn check_reads_declared_options_and_each_error_names_the_option_and_rule() {
    let given = check("toy", &DECLARED, r#"colour=blue classic map="a b.txt" size="4" size=4"#).unwrap();
    assert_eq!(given.value("colour"), Some("blue"));
    assert_eq!(given.value("map"), Some("a b.txt"));
    assert_eq!(given.whole("size"), Some(4), "a value quoted needlessly reads the same");
    assert!(given.has("classic") && !given.has("absent"));
    assert_eq!(given.0.len(), 4, "the same value twice is kept once");

    let e = check("toy", &DECLARED, "shape=round").unwrap_err();
    assert_eq!(e.to_string(), "`shape` is no option of toy: its options are colour, size, map, classic");
    let e = check("toy", &DECLARED, "colour=pink").unwrap_err();
    assert_eq!(
        e.to_string(),
        "`colour=pink`: `pink` is no value of option `colour` (X1): it takes red, green or blue"
    );
    for bad in ["size=1", "size=10", "size=x", "size=", "size=-3"] {
        let e = check("toy", &DECLARED, bad).unwrap_err().to_string();
        assert!(e.contains("(X2): it takes a whole number from 2 to 9"), "{bad}: {e}");
    }
    let e = check("toy", &DECLARED, r#"map="""#).unwrap_err().to_string();
    assert!(e.contains("`map=\"\"`") && e.contains("(X3): it takes a file's path"), "{e}");
    let e = check("toy", &DECLARED, "colour").unwrap_err();
    assert_eq!(e.to_string(), "`colour` is not name=value, nor a word that stands alone (classic)");
    let e = check("toy", &DECLARED, "classic=yes").unwrap_err();
    assert_eq!(e.to_string(), "`classic=yes`: `classic` (X4) stands alone and takes no value");
    let e = check("toy", &DECLARED, "size=3, size=5").unwrap_err();
    assert_eq!(e.to_string(), "`size` (X2) is named twice, `size=3` and `size=5`: name it once");
    let e = check("none", &[], "a=1").unwrap_err();
    assert_eq!(e.to_string(), "`a` is no option of none: it has none");
    assert_eq!(check("none", &[], " , ").unwrap().0, vec![]);
}
