//! The byte-class runs (sixteen or eight bytes at a time) against the
//! obvious byte loop, at every offset and for every class the parser
//! scans.

use proptest::prelude::*;

use crate::syntax::chars;

proptest! {
    /// `run_len` (sixteen or eight bytes at a time) against the obvious byte loop.
    #[test]
    fn run_len_agrees_with_a_byte_loop(b in proptest::collection::vec(any::<u8>(), 0..40), bit in 0u32..15) {
        use crate::syntax::chars::{run_len, TABLE};
        let class = 1u16 << bit;
        let naive = b.iter().take_while(|&&c| TABLE[c as usize] & class != 0).count();
        prop_assert_eq!(run_len(&b, class), naive);
    }

    /// Long runs of every PATH and QUERY byte, ended by any byte at any
    /// offset: the eight-byte chunks and the overlapping last one.
    #[test]
    fn run_len_on_long_runs_of_any_member(
        fill in proptest::collection::vec(any::<u8>(), 0..70),
        tail in any::<u8>(),
        query in any::<bool>(),
    ) {
        use crate::syntax::chars::{is, run_len, PATH, QUERY, TABLE};
        let class = if query { QUERY } else { PATH };
        let mut b: Vec<u8> = fill.iter().map(|&c| if is(c, class) { c } else { b'a' + c % 26 }).collect();
        b.push(tail);
        b.extend_from_slice(&fill);
        let naive = b.iter().take_while(|&&c| TABLE[c as usize] & class != 0).count();
        prop_assert_eq!(run_len(&b, class), naive);
    }

    /// `run_end` from any start, every class the parser scans: the runs
    /// that start in the last chunk read bytes before their start, which
    /// must not count.
    #[test]
    fn run_end_from_any_start_agrees_with_a_byte_loop(
        b in proptest::collection::vec(
            prop_oneof![any::<u8>(), Just(b'a'), Just(b'/'), Just(b'?'), Just(b'%'), Just(b':')],
            0..80,
        ),
        start in 0usize..80,
        class in proptest::sample::select(vec![
            chars::SCHEME, chars::DIGIT, chars::USERINFO, chars::REG_NAME,
            chars::PATH, chars::QUERY, chars::SEGMENT_NC, chars::UNRESERVED, chars::HEXDIG,
        ]),
    ) {
        let start = start.min(b.len());
        let naive = start + b[start..].iter().take_while(|&&c| chars::is(c, class)).count();
        prop_assert_eq!(chars::run_end(&b, start, class), naive);
    }

    #[test]
    fn run_len_on_long_runs(n in 0usize..40, tail in any::<u8>()) {
        use crate::syntax::chars::{run_len, PATH};
        let mut b = vec![b'a'; n];
        b.push(tail);
        let want = if crate::syntax::chars::is(tail, PATH) { n + 1 } else { n };
        prop_assert_eq!(run_len(&b, PATH), want);
    }
}

/// Every byte value ends a run of any class's bytes at every offset up
/// to 40, as the table says, with every byte of the class after it (the
/// pairs of bytes the eight-byte chunks look up, at both parities).
#[test]
fn run_len_stops_at_every_byte_at_every_offset() {
    use crate::syntax::chars::{run_len, TABLE};
    for bit in 0..15 {
        let class = 1u16 << bit;
        let members: Vec<u8> = (0..=255u8)
            .filter(|&c| TABLE[c as usize] & class != 0)
            .collect();
        let Some(&fill) = members.first() else {
            continue;
        };
        for stop in 0..=255u8 {
            for at in 0..40 {
                let mut b = vec![fill; at];
                b.push(stop);
                // The stop in the last, overlapping chunk; then inside.
                for suffix in [&[][..], &members] {
                    let b = [&b[..], suffix].concat();
                    let naive = b
                        .iter()
                        .take_while(|&&c| TABLE[c as usize] & class != 0)
                        .count();
                    let (n, s) = (suffix.len(), run_len(&b, class));
                    assert_eq!(
                        s, naive,
                        "class {class:#x}, byte {stop:#04x} at {at}, {n} after"
                    );
                }
            }
        }
    }
}
