//! The validator's runs sixteen bytes at a time, in the SSE2 registers
//! every x86-64 processor has, through `safe_arch`'s safe wrappers (this
//! crate forbids `unsafe`).
//!
//! A byte is in a run class when it is a letter (`b | 0x20` in `a..=z`,
//! where the class holds all 52) or falls in one of the class's other
//! ASCII ranges ([`FULL`]): one comparison a single byte, an add and a
//! signed comparison a range, sixteen bytes at once. The bytes outside
//! the class come out as a 16-bit mask whose trailing zeros are the run:
//! no branch to find where in the chunk it ends. Hosts and paths are
//! scanned for their common bytes first ([`COMMON`]), a third of the
//! tests, and for the whole class only past a rarer byte of it.

use crate::syntax::chars::{RUN_CLASSES, SINGLES, TABLE};
use safe_arch::{
    add_i8_m128i, bitand_m128i, bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i,
    cmp_gt_mask_i8_m128i, load_unaligned_m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    zeroed_m128i,
};

/// A byte test sixteen bytes at a time: letters (when `letters`), one
/// of `ranges[..n]` (`(first, last)`; a single byte when equal).
#[derive(Clone, Copy)]
struct Test {
    letters: bool,
    ranges: [(u8, u8); MAX_RANGES],
    n: usize,
}

/// Room for the ranges of a test (the most, `segment-nz-nc` without its
/// letters, has nine).
const MAX_RANGES: usize = 10;

/// The bytes common in hosts and paths: letters, digits, `-./_`.
const fn common(b: usize) -> bool {
    matches!(b as u8, b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'/' | b'_')
}

/// Whether byte `b` is in `class` (and [`common`], with `common_only`).
const fn member(class: u16, common_only: bool, b: usize) -> bool {
    TABLE[b] & class != 0 && (!common_only || common(b))
}

/// The test for the ASCII bytes of `class` (only the [`common`] ones,
/// with `common_only`; no run class holds a byte past 0x7F): both cases
/// of the letters in one range when it holds them all (`b | 0x20` is a
/// lowercase letter just for letters), the rest as ranges.
const fn test_of(class: u16, common_only: bool) -> Test {
    let mut letters = true;
    let mut b = 0;
    while b < 26 {
        letters &= member(class, common_only, b'a' as usize + b)
            && member(class, common_only, b'A' as usize + b);
        b += 1;
    }
    let mut t = Test {
        letters,
        ranges: [(0, 0); MAX_RANGES],
        n: 0,
    };
    let mut b = 0;
    while b < 256 {
        assert!(
            TABLE[b] & class == 0 || b < 0x80,
            "a run class holds only ASCII"
        );
        if take(class, common_only, letters, b) {
            let first = b;
            while b + 1 < 256 && take(class, common_only, letters, b + 1) {
                b += 1;
            }
            t.ranges[t.n] = (first as u8, b as u8);
            t.n += 1;
        }
        b += 1;
    }
    t
}

/// Whether `test_of` puts byte `b` in a range: a member that is not a
/// letter the letters' range already holds.
const fn take(class: u16, common_only: bool, letters: bool, b: usize) -> bool {
    let letter = (b | 0x20) >= b'a' as usize && (b | 0x20) <= b'z' as usize;
    member(class, common_only, b) && !(letters && letter)
}

/// Each of [`RUN_CLASSES`] whole.
const FULL: [Test; RUN_CLASSES.len()] = {
    let mut out = [test_of(0, false); RUN_CLASSES.len()];
    let mut k = 0;
    while k < RUN_CLASSES.len() {
        out[k] = test_of(RUN_CLASSES[k], false);
        k += 1;
    }
    out
};

/// Each of [`RUN_CLASSES`] cut to the [`common`] bytes, and whether that
/// test is so much cheaper that a run pays for a second look where it
/// stops at a byte of the class (hosts and paths: their sub-delims, `~`,
/// `:` and `@` are rare; not queries, full of `=` and `&`).
const COMMON: [(Test, bool); RUN_CLASSES.len()] = {
    let mut out = [(test_of(0, false), false); RUN_CLASSES.len()];
    let mut k = 0;
    while k < RUN_CLASSES.len() {
        let t = test_of(RUN_CLASSES[k], true);
        let pays = FULL[k].n >= t.n + 3 && RUN_CLASSES[k] != crate::syntax::chars::QUERY;
        out[k] = (t, pays);
        k += 1;
    }
    out
};

/// The bytes of `c` that `t` does not accept, one bit each (bit `i` for
/// `c[i]`).
#[inline(always)]
fn outside(c: &[u8; 16], t: &Test) -> u32 {
    let v = load_unaligned_m128i(c);
    // Outside every range, and equal to none of the single bytes.
    let mut past_ranges = set_splat_i8_m128i(-1);
    let mut singles = zeroed_m128i();
    // x - first + 0x80, as a signed byte, is at most -0x80 + (last - first)
    // just for first..=last; bytes from 0x80 on land above it.
    let past = |x, first: u8, last: u8| {
        let shifted = add_i8_m128i(x, set_splat_i8_m128i(0x80u8.wrapping_sub(first) as i8));
        cmp_gt_mask_i8_m128i(
            shifted,
            set_splat_i8_m128i((last - first).wrapping_add(0x80) as i8),
        )
    };
    if t.letters {
        let folded = bitor_m128i(v, set_splat_i8_m128i(0x20));
        past_ranges = past(folded, b'a', b'z');
    }
    let mut r = 0;
    while r < t.n {
        let (first, last) = t.ranges[r];
        if first == last {
            singles = bitor_m128i(
                singles,
                cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(first as i8)),
            );
        } else {
            past_ranges = bitand_m128i(past_ranges, past(v, first, last));
        }
        r += 1;
    }
    move_mask_i8_m128i(bitandnot_m128i(singles, past_ranges)) as u32
}

/// [`crate::syntax::chars::run_end`] for class `RUN_CLASSES[k]`,
/// sixteen bytes at a time. Where the class has a much cheaper common
/// part ([`COMMON`]), the run is first scanned for it, and only where it
/// stops at a byte of the class does the whole class take over.
#[inline(always)]
pub(crate) fn run_end(b: &[u8], start: usize, k: usize) -> usize {
    if b.len() < 16 {
        let bit = 1u8 << k;
        return start
            + b[start..]
                .iter()
                .position(|&c| SINGLES[c as usize] & bit == 0)
                .unwrap_or(b.len() - start);
    }
    let (common, pays) = COMMON[k];
    if !pays {
        return run_of(b, start, &FULL[k]);
    }
    let p = run_of(b, start, &common);
    if p == b.len() || SINGLES[b[p] as usize] & (1 << k) == 0 {
        return p;
    }
    rest_of_run(b, p, k)
}

/// The run of the whole class `RUN_CLASSES[k]` from `p` on: out of line,
/// for the runs [`run_end`]'s common part stopped short of. One copy per
/// class, so that each tests with its own constants: read from a table at
/// run time, the class's ranges would be splatted into the registers
/// again for every sixteen bytes, about three times the cost.
#[inline(never)]
fn rest_of_run(b: &[u8], p: usize, k: usize) -> usize {
    match k {
        0 => rest_of::<0>(b, p),
        1 => rest_of::<1>(b, p),
        2 => rest_of::<2>(b, p),
        3 => rest_of::<3>(b, p),
        4 => rest_of::<4>(b, p),
        5 => rest_of::<5>(b, p),
        6 => rest_of::<6>(b, p),
        _ => rest_of::<7>(b, p),
    }
}

// `rest_of_run` has a copy for each of the eight classes.
const _: () = assert!(RUN_CLASSES.len() == 8);

/// [`rest_of_run`] for class `RUN_CLASSES[K]`.
#[inline(never)]
fn rest_of<const K: usize>(b: &[u8], p: usize) -> usize {
    run_of(b, p, &FULL[K])
}

/// Where the run of bytes `t` accepts from `start` stops. What is left
/// past the last whole chunk is the last sixteen bytes of `b` again, with
/// the bytes before the run shifted out of the mask; `b` shorter than
/// sixteen goes a byte at a time.
#[inline(always)]
fn run_of(b: &[u8], start: usize, t: &Test) -> usize {
    let len = b.len();
    let mut n = start;
    while let Some(c) = b[n..].first_chunk::<16>() {
        let m = outside(c, t);
        if m != 0 {
            return n + m.trailing_zeros() as usize;
        }
        n += 16;
    }
    if n == len {
        return n;
    }
    let Some(last) = b.last_chunk::<16>() else {
        return n + b[n..]
            .iter()
            .position(|&c| !accepts(t, c))
            .unwrap_or(len - n);
    };
    let m = outside(last, t) >> (16 - (len - n));
    if m == 0 {
        len
    } else {
        n + m.trailing_zeros() as usize
    }
}

/// Whether `t` accepts `c`, one byte.
#[inline(always)]
fn accepts(t: &Test, c: u8) -> bool {
    if t.letters && (c | 0x20).is_ascii_lowercase() {
        return true;
    }
    let mut r = 0;
    while r < t.n {
        if t.ranges[r].0 <= c && c <= t.ranges[r].1 {
            return true;
        }
        r += 1;
    }
    false
}

/// Where the first `x` or `y` of `b` is (`b.len()` when there is none),
/// sixteen bytes at a time; `b` holds at least sixteen. The last chunk is
/// the last sixteen bytes again, with the bytes already seen shifted out.
pub(crate) fn find_either(b: &[u8], x: u8, y: u8) -> usize {
    let hits = |c: &[u8; 16]| {
        let v = load_unaligned_m128i(c);
        let is = |byte: u8| cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(byte as i8));
        move_mask_i8_m128i(bitor_m128i(is(x), is(y))) as u32
    };
    let mut n = 0;
    while let Some(c) = b[n..].first_chunk::<16>() {
        let m = hits(c);
        if m != 0 {
            return n + m.trailing_zeros() as usize;
        }
        n += 16;
    }
    let Some(last) = b.last_chunk::<16>().filter(|_| n < b.len()) else {
        return b.len();
    };
    let m = hits(last) >> (16 - (b.len() - n));
    if m == 0 {
        b.len()
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
    use crate::syntax::eights::run_end_by_eights;
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
                    assert_eq!(
                        outside(&c, &FULL[k]),
                        want,
                        "byte {b:#x} at {at}, class {k}"
                    );
                    let common = TABLE[b as usize] & class != 0 && super::common(b as usize);
                    let want = if common { 0 } else { 1 << at };
                    assert_eq!(
                        outside(&c, &COMMON[k].0),
                        want,
                        "byte {b:#x} at {at}, class {k}, common part"
                    );
                }
            }
        }
    }

    proptest! {
        /// The first of two bytes, found sixteen bytes at a time, is
        /// where a byte loop finds it, at every length from sixteen.
        #[test]
        fn find_either_agrees_with_a_byte_loop(
            b in proptest::collection::vec(prop_oneof![Just(b'/'), Just(b'&'), any::<u8>()], 16..70),
            x in prop_oneof![Just(b'/'), Just(b'&'), any::<u8>()],
            y in prop_oneof![Just(b'%'), Just(b'&'), any::<u8>()],
        ) {
            let naive = b.iter().position(|&c| c == x || c == y).unwrap_or(b.len());
            prop_assert_eq!(find_either(&b, x, y), naive);
        }

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
