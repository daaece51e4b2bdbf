//! Seed derivation: every random stream (decks, agents, search) comes from the run seed and the
//! place it is used, so results do not depend on thread count or scheduling.

/// SplitMix64's finaliser: a well-mixed 64-bit function of a 64-bit value.
#[inline]
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed derived from a parent seed and a path of indices.
pub fn derive(seed: u64, path: &[u64]) -> u64 {
    path.iter()
        .fold(splitmix(seed), |acc, &p| splitmix(acc ^ splitmix(p.wrapping_add(0x5851_F42D_4C95_7F2D))))
}

/// Stream labels, so streams that share indices never share seeds.
pub mod stream {
    /// The deck of a game.
    pub const DECK: u64 = 1;
    /// An agent's own randomness.
    pub const AGENT: u64 = 2;
    /// Tuning perturbations.
    pub const TUNE: u64 = 3;
    /// Chance a game's deal does not fix (dice rolled during play).
    pub const CHANCE: u64 = 4;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_differ_by_path() {
        assert_ne!(derive(1, &[0, 1]), derive(1, &[1, 0]));
        assert_ne!(derive(1, &[0]), derive(2, &[0]));
        assert_eq!(derive(7, &[3, 4]), derive(7, &[3, 4]));
    }
}
