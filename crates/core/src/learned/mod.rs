//! Learned evaluations, for any game: a player's final score estimated as the points it has
//! banked plus a weighted sum of its features. A game names its features (`FeatureList`); the
//! weights are fitted by ridge regression on the positions of self-play games (`fit`) and kept in
//! evaluation files that name every feature they weigh (`file`), so a file made for another
//! feature list (or another game) is refused rather than misread.

pub mod file;
pub mod fit;

/// The features a game's learned evaluations can weigh: every name, in vector order, and the
/// named sets an evaluation may weigh, each the first `n` names (smallest first).
#[derive(Clone, Copy, Debug)]
pub struct FeatureList {
    /// Every feature's name, in vector order.
    pub names: &'static [&'static str],
    /// The sets by name, each with how many of the first names it weighs, smallest first.
    pub sets: &'static [(&'static str, usize)],
}

impl FeatureList {
    /// The index of the set called `name`, or an error listing the sets there are.
    pub fn set(&self, name: &str) -> Result<usize, String> {
        self.sets.iter().position(|s| s.0 == name).ok_or_else(|| {
            let names: Vec<&str> = self.sets.iter().map(|s| s.0).collect();
            format!("must be one of {}, not `{name}`", names.join(", "))
        })
    }

    /// The names of set `set`'s features, in vector order.
    pub fn names_of(&self, set: usize) -> &'static [&'static str] {
        &self.names[..self.sets[set].1]
    }

    /// Every feature, set by set, for error messages.
    pub fn describe(&self) -> String {
        let mut s = self.names_of(0).join(", ");
        for w in self.sets.windows(2) {
            s.push_str(&format!("; the {} set adds {}", w[1].0, self.names[w[0].1..w[1].1].join(", ")));
        }
        s
    }
}

/// The weights of a learned evaluation: the set they weigh and one weight per feature of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The set (an index into `FeatureList::sets`).
    pub set: usize,
    /// The weights of the set's features, in vector order.
    pub w: Vec<f64>,
}

impl Weights {
    /// What the evaluation adds to a player's banked points: the weighted sum of `features`
    /// (those past the set's length are not weighed).
    pub fn weigh(&self, features: &[f64]) -> f64 {
        features.iter().zip(&self.w).map(|(x, w)| x * w).sum()
    }
}
