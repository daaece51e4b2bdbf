//! Bots and decks for the tests that play every bot.

use die_stadt_bots::registry::registry;
use rand::Rng;
use rand::seq::SliceRandom;

/// Every registered bot's spec, each searcher with `search` as its settings (`iters=60,depth=6`:
/// a small budget where the argument of a test does not depend on it), the others as named.
pub fn every_bot(search: &str) -> Vec<String> {
    registry()
        .iter()
        .map(|def| if def.searches() { format!("{}:{search}", def.name) } else { def.name.to_string() })
        .collect()
}

/// A deck order whose first `from` tiles are those of `order` and whose rest is reshuffled by `rng`
/// until it is in another order: the same history, another hidden future. None when the rest
/// cannot come in another order (every tile of it alike, or one tile or none).
pub fn reshuffled_after<T: Clone + PartialEq, R: Rng + ?Sized>(
    order: &[T],
    from: usize,
    rng: &mut R,
) -> Option<Vec<T>> {
    if order[from..].windows(2).all(|w| w[0] == w[1]) {
        return None;
    }
    let mut other = order.to_vec();
    while other[from..] == order[from..] {
        other[from..].shuffle(rng);
    }
    Some(other)
}
