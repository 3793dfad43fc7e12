//! The validator's runs sixteen bytes at a time, in the SSE2 registers
//! every x86-64 processor has, through `safe_arch`'s safe wrappers (this
//! crate forbids `unsafe`).
//!
//! A byte is in a run class when it falls in one of the class's ASCII
//! ranges ([`RANGES`]): one comparison a single byte, an add and a signed
//! comparison a range, sixteen bytes at once. The bytes outside the class
//! come out as a 16-bit mask whose trailing zeros are the run: no branch
//! to find where in the chunk it ends, which the eight-byte table path
//! took one to three of (measured in docs/BENCHMARKS.md).

use crate::uri::syntax::chars::{RUN_CLASSES, SINGLES, TABLE};
use safe_arch::{
    add_i8_m128i, bitand_m128i, bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i,
    cmp_gt_mask_i8_m128i, load_unaligned_m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    zeroed_m128i,
};

/// The ASCII bytes of `RUN_CLASSES[k]` as ranges `(first, last)`, at
/// most [`MAX_RANGES`] of them, with how many there are: what
/// [`outside`] compares (no class holds a byte past 0x7F).
const RANGES: [([(u8, u8); MAX_RANGES], usize); RUN_CLASSES.len()] = {
    let mut out = [([(0u8, 0u8); MAX_RANGES], 0usize); RUN_CLASSES.len()];
    let mut k = 0;
    while k < RUN_CLASSES.len() {
        let class = RUN_CLASSES[k];
        let mut n = 0;
        let mut b = 0usize;
        while b < 256 {
            if TABLE[b] & class != 0 {
                assert!(b < 0x80, "a run class holds only ASCII");
                let first = b;
                while b + 1 < 256 && TABLE[b + 1] & class != 0 {
                    b += 1;
                }
                out[k].0[n] = (first as u8, b as u8);
                n += 1;
            }
            b += 1;
        }
        out[k].1 = n;
        k += 1;
    }
    out
};

/// The most ranges a run class has (`reg-name` and `segment-nz-nc`: ten).
const MAX_RANGES: usize = 10;

/// The bytes of `c` outside class `RUN_CLASSES[k]`, one bit each (bit
/// `i` for `c[i]`).
#[inline(always)]
fn outside(c: &[u8; 16], k: usize) -> u32 {
    let v = load_unaligned_m128i(c);
    let (ranges, n) = RANGES[k];
    // Outside every range, and equal to none of the single bytes.
    let mut past_ranges = set_splat_i8_m128i(-1);
    let mut singles = zeroed_m128i();
    let mut r = 0;
    while r < n {
        let (lo, hi) = ranges[r];
        if lo == hi {
            singles = bitor_m128i(
                singles,
                cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(lo as i8)),
            );
        } else {
            // v - lo + 0x80, as a signed byte, is at most -0x80 + (hi - lo)
            // just for lo..=hi; bytes from 0x80 on land above it.
            let shifted = add_i8_m128i(v, set_splat_i8_m128i(0x80u8.wrapping_sub(lo) as i8));
            let last = set_splat_i8_m128i((hi - lo).wrapping_add(0x80) as i8);
            past_ranges = bitand_m128i(past_ranges, cmp_gt_mask_i8_m128i(shifted, last));
        }
        r += 1;
    }
    move_mask_i8_m128i(bitandnot_m128i(singles, past_ranges)) as u32
}

/// [`crate::uri::syntax::chars::run_end`] for class `RUN_CLASSES[k]`, sixteen bytes at a
/// time. What is left past the last whole chunk is the last sixteen
/// bytes of `b` again, with the bytes before the run shifted out of the
/// mask; `b` shorter than sixteen goes eight at a time.
#[inline(always)]
pub(crate) fn run_end(b: &[u8], start: usize, k: usize) -> usize {
    let len = b.len();
    let mut n = start;
    while let Some(c) = b[n..].first_chunk::<16>() {
        let m = outside(c, k);
        if m != 0 {
            return n + m.trailing_zeros() as usize;
        }
        n += 16;
    }
    if n == len {
        return n;
    }
    let Some(last) = b.last_chunk::<16>() else {
        let bit = 1u8 << k;
        return n + b[n..]
            .iter()
            .position(|&c| SINGLES[c as usize] & bit == 0)
            .unwrap_or(len - n);
    };
    let m = outside(last, k) >> (16 - (len - n));
    if m == 0 {
        len
    } else {
        n + m.trailing_zeros() as usize
    }
}

/// Whether a `.` starts `b` or follows a `/` in it (where a dot segment
/// can start), sixteen bytes at a time; `b` holds at least sixteen.
pub(crate) fn dot_after_slash(b: &[u8]) -> bool {
    let masks = |c: &[u8; 16]| {
        let v = load_unaligned_m128i(c);
        let dots = move_mask_i8_m128i(cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b'.' as i8)));
        let slashes = move_mask_i8_m128i(cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b'/' as i8)));
        (dots as u32, slashes as u32)
    };
    // The start of `b` counts as a slash before it.
    let mut slash_before = 1;
    let mut n = 0;
    while let Some(c) = b[n..].first_chunk::<16>() {
        let (dots, slashes) = masks(c);
        if dots & (slashes << 1 | slash_before) != 0 {
            return true;
        }
        slash_before = slashes >> 15;
        n += 16;
    }
    let Some(last) = b.last_chunk::<16>().filter(|_| n < b.len()) else {
        return false;
    };
    // The last sixteen again: the bytes before `n` were seen, but each
    // one is still the byte before the next.
    let (dots, slashes) = masks(last);
    dots & slashes << 1 & (0xFFFF << (16 - (b.len() - n))) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::syntax::eights::run_end_by_eights;
    use proptest::prelude::*;

    /// Every byte value, at every position of a chunk, is inside exactly
    /// when the class table says so.
    #[test]
    fn outside_agrees_with_the_table_for_every_byte() {
        for (k, &class) in RUN_CLASSES.iter().enumerate() {
            for b in 0..=255u8 {
                for at in 0..16 {
                    let mut c = [b'0'; 16];
                    c[at] = b;
                    let want = if TABLE[b as usize] & class != 0 {
                        0
                    } else {
                        1 << at
                    };
                    assert_eq!(outside(&c, k), want, "byte {b:#x} at {at}, class {k}");
                }
            }
        }
    }

    proptest! {
        /// A dot at the start or after a slash, found sixteen bytes at a
        /// time, at every length from sixteen.
        #[test]
        fn dot_after_slash_agrees_with_a_byte_loop(
            b in proptest::collection::vec(prop_oneof![Just(b'.'), Just(b'/'), Just(b'a')], 16..60),
        ) {
            let naive = b.iter().enumerate().any(|(i, &c)| c == b'.' && (i == 0 || b[i - 1] == b'/'));
            prop_assert_eq!(dot_after_slash(&b), naive);
        }

        /// The sixteen-byte runs, the eight-byte runs and a byte loop
        /// agree from every start, near the end of the input as well.
        #[test]
        fn sixteen_eight_and_a_byte_loop_agree(
            b in proptest::collection::vec(
                prop_oneof![any::<u8>(), Just(b'a'), Just(b'/'), Just(b'%'), Just(b':')],
                0..70,
            ),
            start in 0usize..70,
            k in 0usize..RUN_CLASSES.len(),
        ) {
            let start = start.min(b.len());
            let class = RUN_CLASSES[k];
            let naive = start + b[start..].iter().take_while(|&&c| TABLE[c as usize] & class != 0).count();
            prop_assert_eq!(run_end_by_eights(&b, start, k), naive);
            prop_assert_eq!(run_end(&b, start, k), naive);
        }
    }
}
