//! Counts of cards a byte each in a u64, so that all change or compare in one operation: the
//! hands, the bank, the trading rates and what each player knows of each hand (C41) are kept so.
//! Lanes 0–4 are the five resources; under Städte und Ritter lanes 5–7 are cloth, coin and paper
//! (K4), always 0 in the base game. Every count stays at most 19 (the cards of a kind in the
//! game), so bytes never carry into each other, and all eight sum below 256 (95 + 36).

use crate::ids::Cards;

/// One of each resource.
pub(crate) const ONE_EACH: u64 = 0x01_0101_0101;

/// One card of kind `r`.
#[inline]
pub(crate) fn one(r: usize) -> u64 {
    1 << (8 * r)
}

/// One of each of the eight kinds, commodities included (K4).
pub(crate) const ONE_OF_ALL: u64 = 0x0101_0101_0101_0101;

/// The high bit of each of the five resource bytes.
const HIGH: u64 = 0x0000_0080_8080_8080;

/// The high bit of all eight bytes.
const HIGH_ALL: u64 = 0x8080_8080_8080_8080;

/// The five resource lanes.
pub(crate) const RESOURCES: u64 = 0x0000_00FF_FFFF_FFFF;

/// The three commodity lanes.
pub(crate) const COMMODITIES: u64 = 0xFFFF_FF00_0000_0000;

/// The counts packed.
#[inline]
pub(crate) const fn pack(c: &Cards) -> u64 {
    u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], 0, 0, 0])
}

/// The count of kind `r`.
#[inline]
pub(crate) fn count(x: u64, r: usize) -> u8 {
    (x >> (8 * r)) as u8
}

/// The eight counts summed (the byte sums of the lower kinds stay below 256, so none carries);
/// in the base game the five resources.
#[inline]
pub(crate) fn sum(x: u64) -> u32 {
    (x.wrapping_mul(ONE_OF_ALL) >> 56) as u32
}

/// The kinds where `x` holds at least `y`, as the high bit of each such byte.
#[inline]
pub(crate) fn at_least(x: u64, y: u64) -> u64 {
    ((x | HIGH) - y) & HIGH
}

/// Whether `x` holds `y` in every kind.
#[inline]
pub(crate) fn covers(x: u64, y: u64) -> bool {
    at_least(x, y) == HIGH
}

/// The kinds of all eight, commodities included, where `x` holds at least `y`.
#[inline]
pub(crate) fn at_least_all(x: u64, y: u64) -> u64 {
    ((x | HIGH_ALL) - y) & HIGH_ALL
}

/// Whether `x` holds `y` in all eight kinds.
#[inline]
pub(crate) fn covers_all(x: u64, y: u64) -> bool {
    at_least_all(x, y) == HIGH_ALL
}

/// The kinds of the bytes `at_least` marked, lowest first, as resource indices.
#[inline]
pub(crate) fn kinds(mut marks: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (marks != 0).then(|| {
            let r = marks.trailing_zeros() as usize / 8;
            marks &= marks - 1;
            r
        })
    })
}

/// The counts unpacked.
#[inline]
pub(crate) fn unpack(x: u64) -> Cards {
    let b = x.to_le_bytes();
    [b[0], b[1], b[2], b[3], b[4]]
}

/// Per byte of all eight, max(a - b, 0), for bytes below 128: each byte of (a | 128) - b is
/// 128 + a - b, its high bit set exactly when a >= b.
#[inline]
pub(crate) fn sub_floor(a: u64, b: u64) -> u64 {
    let r = (a | HIGH_ALL) - b;
    r & !HIGH_ALL & (((r & HIGH_ALL) >> 7) * 0xFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_counts_subtract_to_zero_at_least_byte_by_byte() {
        for a in 0..40u8 {
            for b in 0..40u8 {
                let x = pack(&[a, b, 0, 19, a]);
                let y = pack(&[b, a, 19, 0, 0]);
                let want = [a.saturating_sub(b), b.saturating_sub(a), 0, 19, a];
                assert_eq!(unpack(sub_floor(x, y)), want);
            }
        }
        assert_eq!(unpack(sub_floor(pack(&[0, 1, 2, 3, 4]), ONE_EACH)), [0, 0, 1, 2, 3]);
        assert_eq!(unpack(pack(&[1, 1, 1, 1, 1]) + one(3)), [1, 1, 1, 2, 1]);
        // The commodity lanes too (K4).
        let (x, y) = (0x0C00_0300_0000_0000 | pack(&[2, 0, 0, 0, 0]), 0x0500_0400_0000_0000);
        assert_eq!(sub_floor(x, y), 0x0700_0000_0000_0000 | pack(&[2, 0, 0, 0, 0]));
    }

    #[test]
    fn packed_commodities_sum_and_compare_in_lanes_5_to_7() {
        let x = pack(&[19, 19, 19, 19, 19]) | 0x0C0C_0C00_0000_0000;
        assert_eq!(sum(x), 95 + 36);
        assert!(covers_all(x, one(7) * 12 + one(0) * 19));
        assert!(!covers_all(x, one(6) * 13));
        assert_eq!(kinds(at_least_all(x, one(5) * 12 + ONE_EACH * 19)).count(), 8);
        assert_eq!(kinds(at_least_all(x, one(5) * 13) & COMMODITIES).collect::<Vec<_>>(), [6, 7]);
    }

    #[test]
    fn packed_counts_sum_compare_and_name_their_kinds() {
        for a in 0..=19u8 {
            for b in 0..=19u8 {
                let (x, y) = ([a, b, 19, 0, a], [b, a, 0, 19, 1]);
                assert_eq!(sum(pack(&x)), x.iter().map(|&c| c as u32).sum::<u32>());
                let want: Vec<usize> = (0..5).filter(|&r| x[r] >= y[r]).collect();
                assert_eq!(kinds(at_least(pack(&x), pack(&y))).collect::<Vec<_>>(), want);
                assert_eq!(covers(pack(&x), pack(&y)), want.len() == 5);
                assert_eq!((0..5).map(|r| count(pack(&x), r)).collect::<Vec<_>>(), x.to_vec());
            }
        }
    }
}
