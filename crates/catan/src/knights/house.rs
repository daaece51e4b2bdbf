//! The club's house rules H1–H14 (docs/catan/rules.md, section 13.13) as options beside the
//! official reading: `NAME=official` (the default) or `NAME=cuxtan` each, `house=cuxtan` all of
//! them, `house=official` none (read by `crate::options::Options::parse`).

/// Each house rule's option name, its id and whether it changes play (false: it restates the
/// official rule as section 13.13 reads it, and is kept so that manifests record it).
pub const RULES: [(&str, &str, bool); 14] = [
    ("shortage", "H1", true),
    ("city_yield", "H2", false),
    ("knights_act_once", "H3", false),
    ("trading_house_pairs", "H4", false),
    ("progress_limit", "H5", true),
    ("bishop_one_per_player", "H6", false),
    ("diplomat", "H7", true),
    ("inventor_no_neighbours", "H8", true),
    ("saboteur", "H9", true),
    ("deserter", "H10", true),
    ("barbarians_remove_cities", "H11", true),
    ("longest_route", "H12", false),
    ("placed_is_placed", "H13", false),
    ("card_played_is_played", "H14", true),
];

/// Which house rules are on: bit k for `RULES[k]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HouseRules(pub u16);

impl HouseRules {
    /// The official rules: every house rule off.
    pub const OFFICIAL: HouseRules = HouseRules(0);
    /// `house=cuxtan`: every house rule on.
    pub const CUXTAN: HouseRules = HouseRules((1 << RULES.len()) - 1);

    /// Whether the rule `H{n}` (1 to 14) is on.
    pub fn on(self, n: usize) -> bool {
        (1..=RULES.len()).contains(&n) && self.0 & (1 << (n - 1)) != 0
    }

    /// Every rule as `name=official|cuxtan`, in `RULES` order (what a manifest records).
    pub fn text(self) -> String {
        let words: Vec<String> = RULES
            .iter()
            .enumerate()
            .map(|(k, r)| format!("{}={}", r.0, if self.0 & (1 << k) != 0 { "cuxtan" } else { "official" }))
            .collect();
        words.join(" ")
    }
}
