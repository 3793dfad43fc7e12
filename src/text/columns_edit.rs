//! Keeping a [`Columns`] map through a one-character edit, without
//! walking the text again: a character typed into a 10 MB paste moves
//! the glyphs after it by one byte and one column, and leaves the map
//! before it as it was.

use super::screen::Columns;

impl Columns {
    /// The map after printable ASCII character `c` was inserted at byte
    /// `at` of the text the map is of; `text` is the text after the
    /// insertion. Whether the map could follow: only where `c` is a glyph
    /// of its own that joins no neighbour (an ASCII byte before it that
    /// is not a CR, an ASCII byte or the end after it), so that every
    /// other glyph stays whole; otherwise the map is left as it was and
    /// the caller builds it anew.
    ///
    /// ```
    /// use uriscope::text::Columns;
    /// let mut c = Columns::new("例bc");
    /// assert!(c.inserted_ascii(4, 'x', "例bxc"));
    /// assert_eq!(c, Columns::new("例bxc"));
    /// // After 例, a mark could follow it: the map is built anew.
    /// assert!(!c.inserted_ascii(3, 'y', "例ybxc"));
    /// let mut c = Columns::new("e\u{301}");
    /// assert!(!c.inserted_ascii(1, 'x', "ex\u{301}"));
    /// ```
    pub fn inserted_ascii(&mut self, at: usize, c: char, text: &str) -> bool {
        let b = text.as_bytes();
        let fits = u32::try_from(text.len()).is_ok_and(|n| n < u32::MAX);
        let lone = (' '..='~').contains(&c)
            && b.len() == self.len + 1
            && b.get(at) == Some(&(c as u8))
            && (at == 0 || b[at - 1].is_ascii() && b[at - 1] != b'\r')
            && b.get(at + 1).is_none_or(u8::is_ascii);
        if !(fits && lone) {
            return false;
        }
        let from = self.odd.partition_point(|o| (o.byte as usize) < at);
        for o in &mut self.odd[from..] {
            o.byte += 1;
            o.col += 1;
        }
        self.len += 1;
        self.total += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Columns;
    use proptest::prelude::*;

    proptest! {
        /// The map that followed an insertion is the map of the new text;
        /// where it cannot follow, it says so and is unchanged.
        #[test]
        fn a_followed_map_is_the_map_of_the_new_text(
            s in prop_oneof![
                any::<String>(),
                "([a-z/ ]{0,3}|例|😀|e\u{301}|\u{1b}|\r\n|\r|\n|\t|\u{200d}|\u{301}|\u{600}|\u{1f1e6}){0,12}",
            ],
            at in any::<prop::sample::Index>(),
            c in prop_oneof![Just('x'), Just(' '), Just('~'), Just('\n'), Just('é')],
        ) {
            let starts: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
            let at = starts[at.index(starts.len())];
            let mut after = s.clone();
            after.insert(at, c);
            let mut map = Columns::new(&s);
            if map.inserted_ascii(at, c, &after) {
                prop_assert_eq!(map, Columns::new(&after), "{:?} at {}", after, at);
            } else {
                prop_assert_eq!(map, Columns::new(&s));
            }
        }

        /// Typing printable ASCII between ASCII neighbours always follows.
        #[test]
        fn typing_into_ascii_follows(s in "[ -~\u{1b}\u{7}]{0,40}", at in any::<prop::sample::Index>()) {
            let at = at.index(s.len() + 1);
            let mut after = s.clone();
            after.insert(at, 'x');
            let mut map = Columns::new(&s);
            let cr_before = at > 0 && s.as_bytes()[at - 1] == b'\r';
            prop_assert_eq!(map.inserted_ascii(at, 'x', &after), !cr_before);
            prop_assert_eq!(map, Columns::new(&after));
        }
    }
}
