//! Why each character was or was not percent-encoded: the per-character
//! table behind `uriscope encode --explain` and the TUI's encode pane.

use std::borrow::Cow;

use super::encode::{escape, EncodeOptions};
use super::encode_set::EncodeSet;
use crate::syntax::chars::{class_name, is_pct_encoded_at, is_reserved, is_unreserved};
use crate::Span;

/// What the encoder did with one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Written as itself: the set keeps it.
    Kept,
    /// Written as `%HH` escapes of its UTF-8 bytes.
    Encoded,
    /// An escape that was already there (`%` + two hex digits), kept
    /// ([`EncodeOptions::keep_escapes`]).
    EscapeKept,
    /// A space written as `+` (the form set).
    SpaceAsPlus,
}

impl Action {
    /// A short word for tables and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Kept => "kept",
            Action::Encoded => "encoded",
            Action::EscapeKept => "escape kept",
            Action::SpaceAsPlus => "space as +",
        }
    }
}

/// One row of the explanation: one character of the input (or one escape
/// that was already there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharExplained<'a> {
    /// Where the character is in the input.
    pub span: Span,
    /// The input text of the row (one character, or a whole `%HH`).
    pub text: &'a str,
    /// The character (`%` for an existing escape).
    pub ch: char,
    /// Its class in RFC 3986 §2 words: `unreserved`, `gen-delim`,
    /// `sub-delim`, `pct-encoded` (an existing escape) or `other`.
    pub class: &'static str,
    /// What it became in the output.
    pub encoded: Cow<'a, str>,
    /// What the encoder did.
    pub action: Action,
    /// Whether the chosen set forced the encoding: the character is legal
    /// in some component (unreserved or reserved, §2.2–2.3) but not in
    /// this one. Characters no URI may hold (space, `"`, non-ASCII, …) are
    /// encoded whatever the set, so this is false for them.
    pub forced: bool,
}

impl CharExplained<'_> {
    /// The Unicode code point.
    #[must_use]
    pub fn code_point(&self) -> u32 {
        self.ch as u32
    }

    /// The row's UTF-8 bytes.
    #[must_use]
    pub fn utf8(&self) -> &[u8] {
        self.text.as_bytes()
    }
}

/// Explain, character by character, how [`encode_with`](super::encode_with)
/// treats `text` under `set`.
///
/// ```
/// use uriscope_core::percent::{explain, encode_set, Action, EncodeOptions};
/// let keep = EncodeOptions { keep_escapes: true };
/// let rows = explain("a/é%41", &encode_set::SEGMENT, keep);
/// let brief: Vec<_> = rows.iter().map(|r| (r.text, &*r.encoded, r.action, r.forced)).collect();
/// assert_eq!(brief, [
///     ("a", "a", Action::Kept, false),
///     ("/", "%2F", Action::Encoded, true),
///     ("é", "%C3%A9", Action::Encoded, false),
///     ("%41", "%41", Action::EscapeKept, false),
/// ]);
/// ```
#[must_use]
pub fn explain<'a>(
    text: &'a str,
    set: &EncodeSet,
    options: EncodeOptions,
) -> Vec<CharExplained<'a>> {
    explained(text, set, options).collect()
}

/// The rows of [`explain`] one at a time, so a view can take the first
/// screenful of a 7 MB text without building a row for every character.
///
/// ```
/// use uriscope_core::percent::{explained, encode_set, EncodeOptions};
/// let text = "a b".repeat(1_000_000);
/// let first: Vec<_> = explained(&text, &encode_set::PATH, EncodeOptions::default())
///     .take(2)
///     .map(|r| r.encoded.into_owned())
///     .collect();
/// assert_eq!(first, ["a", "%20"]);
/// ```
pub fn explained<'a, 's>(
    text: &'a str,
    set: &'s EncodeSet,
    options: EncodeOptions,
) -> impl Iterator<Item = CharExplained<'a>> + 's
where
    'a: 's,
{
    let b = text.as_bytes();
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        let (i, ch) = chars.next()?;
        let len = ch.len_utf8();
        if ch == '%' && options.keep_escapes && is_pct_encoded_at(b, i) {
            // The two hex digits are ASCII: skip them as part of this row.
            chars.next();
            chars.next();
            return Some(CharExplained {
                span: Span::new(i, i + 3),
                text: &text[i..i + 3],
                ch,
                class: "pct-encoded",
                encoded: Cow::Borrowed(&text[i..i + 3]),
                action: Action::EscapeKept,
                forced: false,
            });
        }
        let s = &text[i..i + len];
        let (encoded, action) = if len == 1 && set.keeps(b[i]) {
            (Cow::Borrowed(s), Action::Kept)
        } else if ch == ' ' && set.space_as_plus() {
            (Cow::Borrowed("+"), Action::SpaceAsPlus)
        } else {
            (Cow::Owned(s.bytes().map(escape).collect()), Action::Encoded)
        };
        let ascii = ch.is_ascii().then_some(b[i]);
        Some(CharExplained {
            span: Span::new(i, i + len),
            text: s,
            ch,
            class: ascii.map_or("other", class_name),
            encoded,
            action,
            forced: action == Action::Encoded
                && ascii.is_some_and(|c| is_unreserved(c) || is_reserved(c)),
        })
    })
}

/// How many rows [`explain`] gives for `text`: one per character, one per
/// escape kept whole. Counts without building them.
///
/// ```
/// use uriscope_core::percent::{explain, row_count, encode_set, EncodeOptions};
/// for keep_escapes in [false, true] {
///     let o = EncodeOptions { keep_escapes };
///     for t in ["a/é%41", "%zz%4", "", "%%41"] {
///         assert_eq!(row_count(t, o), explain(t, &encode_set::PATH, o).len());
///     }
/// }
/// ```
#[must_use]
pub fn row_count(text: &str, options: EncodeOptions) -> usize {
    // A row a character, but one for the three of a kept escape (whose
    // bytes are ASCII, and never overlap another's: its last two are hex
    // digits, not '%'). Counting characters is std's vectorised count.
    let chars = text.chars().count();
    if !options.keep_escapes {
        return chars;
    }
    let b = text.as_bytes();
    let escapes = text
        .match_indices('%')
        .filter(|&(i, _)| is_pct_encoded_at(b, i))
        .count();
    chars - 2 * escapes
}

#[cfg(test)]
mod tests {
    use super::{explain, row_count};
    use crate::percent::{encode_set, EncodeOptions};
    use proptest::prelude::*;

    proptest! {
        /// The count is the table's length, escapes kept whole or not.
        #[test]
        fn row_count_is_the_number_of_rows(
            t in "([a-z]|%|%4|%41|%zz|é|😀|\u{301}|%%41){0,24}",
            keep_escapes in any::<bool>(),
        ) {
            let o = EncodeOptions { keep_escapes };
            prop_assert_eq!(row_count(&t, o), explain(&t, &encode_set::PATH, o).len());
        }
    }
}
