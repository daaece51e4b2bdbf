//! A hand's five counts a byte each in a u64, so that all five change in one operation (what
//! each player knows of each hand, C41, is kept so). Every count stays below 128 (19 cards of a
//! kind in the game), so bytes never carry into each other.

use crate::ids::Cards;

/// One of each kind.
pub(crate) const ONE_EACH: u64 = 0x01_0101_0101;

/// One card of kind `r`.
#[inline]
pub(crate) fn one(r: usize) -> u64 {
    1 << (8 * r)
}

/// The counts packed.
#[inline]
pub(crate) fn pack(c: &Cards) -> u64 {
    u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], 0, 0, 0])
}

/// The counts unpacked.
#[inline]
pub(crate) fn unpack(x: u64) -> Cards {
    let b = x.to_le_bytes();
    [b[0], b[1], b[2], b[3], b[4]]
}

/// Per byte, max(a - b, 0), for bytes below 128: each byte of (a | 128) - b is 128 + a - b, its
/// high bit set exactly when a >= b.
#[inline]
pub(crate) fn sub_floor(a: u64, b: u64) -> u64 {
    const HIGH: u64 = 0x0000_0080_8080_8080;
    let r = (a | HIGH) - b;
    r & !HIGH & (((r & HIGH) >> 7) * 0xFF)
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
    }
}
