//! The validator's runs eight bytes at a time through a table of byte
//! pairs: the whole path where 16-byte registers are missing
//! (`sixteen` is the other), and the oracle the 16-byte path is tested
//! against where they are not.
#![cfg_attr(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ),
    allow(dead_code)
)]

#[cfg(doc)]
use crate::syntax::chars::RUN_CLASSES;
use crate::syntax::chars::SINGLES;

/// Two bytes at a time: `PAIRS[u16::from_le_bytes([x, y])]` holds the
/// [`RUN_CLASSES`] that both `x` and `y` are in, so eight bytes take four
/// lookups (64 KB; a URI's byte pairs touch a few kilobytes of it).
static PAIRS: [u8; 65536] = {
    let mut t = [0u8; 65536];
    let mut i = 0;
    while i < 65536 {
        t[i] = SINGLES[i & 0xFF] & SINGLES[i >> 8];
        i += 1;
    }
    t
};

/// The pair of bytes `c[k]`, `c[k + 1]` as an index into [`PAIRS`]
/// (one load of all eight, then shifts: byte by byte, the compiler
/// assembled each index from two loads).
#[inline(always)]
fn pair(c: &[u8; 8], k: usize) -> usize {
    (u64::from_le_bytes(*c) >> (8 * k)) as u16 as usize
}

/// Where the first byte outside `bit` is in `c`, which holds one.
#[inline(always)]
fn first_outside(c: &[u8; 8], bit: u8) -> usize {
    let mut k = 0;
    while k < 6 && PAIRS[pair(c, k)] & bit != 0 {
        k += 2;
    }
    if SINGLES[c[k] as usize] & bit != 0 {
        k + 1
    } else {
        k
    }
}

/// Whether every byte of `c` is in `bit`: four pair lookups.
#[inline(always)]
fn all_in(c: &[u8; 8], bit: u8) -> bool {
    (PAIRS[pair(c, 0)] & PAIRS[pair(c, 2)]) & (PAIRS[pair(c, 4)] & PAIRS[pair(c, 6)]) & bit != 0
}

/// A byte in every one of [`RUN_CLASSES`]: what [`run_end_by_eights`]
/// puts in place of the bytes before its start when it reads the last
/// eight bytes of `b`.
const IN_EVERY_RUN_CLASS: u8 = b'0';
const _: () = assert!(SINGLES[IN_EVERY_RUN_CLASS as usize] == u8::MAX);

/// [`run_end_by_eights`] under the name the 16-byte module gives its
/// own, so `chars` picks one module and calls the same names in it.
#[inline(always)]
pub(crate) fn run_end(b: &[u8], start: usize, k: usize) -> usize {
    run_end_by_eights(b, start, k)
}

/// [`crate::syntax::chars::find_either`] without 16-byte registers:
/// the `memchr` crate's search.
#[inline]
pub(crate) fn find_either(b: &[u8], x: u8, y: u8) -> usize {
    memchr::memchr2(x, y, b).unwrap_or(b.len())
}

/// [`crate::syntax::chars::run_end`] for class `RUN_CLASSES[k]`, eight bytes at a time: four
/// lookups in a table of byte pairs (`PAIRS`) tell whether all eight are
/// in the class, with one branch per eight bytes; the first chunk that
/// is not is searched pair by pair. What is left past the last whole
/// chunk is the last eight bytes of `b` again, those before the run
/// replaced by a byte of every class. The whole path where 16-byte
/// registers are missing, and the short inputs' path where they are not.
#[inline(always)]
pub(crate) fn run_end_by_eights(b: &[u8], start: usize, k: usize) -> usize {
    let bit = 1u8 << k;
    let len = b.len();
    let mut n = start;
    while let Some(c) = b[n..].first_chunk::<8>() {
        if !all_in(c, bit) {
            return n + first_outside(c, bit);
        }
        n += 8;
    }
    if n == len {
        return n;
    }
    if let Some(last) = b.last_chunk::<8>() {
        // 1 to 7 bytes are left; the `skip` before them are not ours.
        let skip = 8 - (len - n);
        let before = u64::MAX >> (64 - 8 * skip);
        let fill = u64::from_ne_bytes([IN_EVERY_RUN_CLASS; 8]);
        let c = ((u64::from_le_bytes(*last) & !before) | (fill & before)).to_le_bytes();
        if all_in(&c, bit) {
            return len;
        }
        return len - 8 + first_outside(&c, bit);
    }
    n + b[n..]
        .iter()
        .position(|&c| SINGLES[c as usize] & bit == 0)
        .unwrap_or(len - n)
}
