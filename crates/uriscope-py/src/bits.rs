//! A bitmap built a bit at a time, for the validity and boolean buffers
//! of an answer: a word is filled in a register and stored every 64
//! rows, where arrow's builders check their length and grow a byte
//! buffer on every bit (40-odd instructions a bit under callgrind,
//! against a few here).

use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};

/// A bitmap, bit `i` for row `i` (Arrow's order: least significant bit
/// first).
#[derive(Default)]
pub struct Bits {
    words: Vec<u64>,
    word: u64,
    len: usize,
    unset: usize,
}

impl Bits {
    /// A bitmap for `rows` rows.
    pub fn with_capacity(rows: usize) -> Bits {
        Bits {
            words: Vec::with_capacity(rows.div_ceil(64)),
            ..Bits::default()
        }
    }

    /// Append a bit.
    #[inline(always)]
    pub fn push(&mut self, bit: bool) {
        self.word |= u64::from(bit) << (self.len % 64);
        self.unset += usize::from(!bit);
        self.len += 1;
        if self.len.is_multiple_of(64) {
            // Little-endian words are Arrow's byte order on any machine.
            self.words.push(self.word.to_le());
            self.word = 0;
        }
    }

    /// The bits.
    pub fn finish(mut self) -> BooleanBuffer {
        if !self.len.is_multiple_of(64) {
            self.words.push(self.word.to_le());
        }
        BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.len)
    }

    /// The bits as a validity bitmap (a set bit is a present row), or
    /// `None` when every row is present.
    pub fn nulls(self) -> Option<NullBuffer> {
        // `NullBuffer::new` counts the nulls again: a popcount a word.
        (self.unset > 0).then(|| NullBuffer::new(self.finish()))
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;
    use arrow_buffer::{BooleanBuffer, NullBuffer};

    #[test]
    fn the_bits_are_arrows_bits_at_every_length() {
        for n in [0usize, 1, 7, 8, 63, 64, 65, 127, 128, 200] {
            let want: Vec<bool> = (0..n).map(|i| i % 3 == 0 || i % 7 == 5).collect();
            let mut b = Bits::with_capacity(n);
            want.iter().for_each(|&v| b.push(v));
            assert_eq!(b.finish(), BooleanBuffer::from(want.clone()), "{n}");
            let mut b = Bits::with_capacity(n);
            want.iter().for_each(|&v| b.push(v));
            let expected = Some(NullBuffer::from(want.clone())).filter(|x| x.null_count() > 0);
            assert_eq!(b.nulls(), expected, "{n}");
        }
    }
}
