//! A value quoted inside a message: escaped, and cut so that a long input
//! does not fill the message (nor cost its length at every keystroke).
//! The core quotes the input in its messages the same way (its own
//! private copy); [`super::quoted`] finds such a quote again by computing
//! it with [`brief`], which a test holds equal to the core's.

/// How many characters of a value a message quotes before `…`.
pub const EXCERPT_CHARS: usize = 40;

/// The first [`EXCERPT_CHARS`] characters of `text`, escaped as
/// `str::escape_debug` does, then `…` when something was cut. The caller
/// writes the quotes around it.
///
/// Only the excerpt is looked at, so a 64 KB value costs what 40
/// characters cost at each preview of the field-edit overlay.
///
/// ```
/// use uriscope::text::quote::brief;
/// assert_eq!(brief("a\u{1b}"), "a\\u{1b}");
/// assert_eq!(brief(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
/// ```
pub fn brief(text: &str) -> String {
    let mut chars = text.char_indices();
    let end = chars.nth(EXCERPT_CHARS).map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    let mut q = String::with_capacity(head.len() + 4);
    if head
        .bytes()
        .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' && b != b'\'')
    {
        q.push_str(head);
    } else {
        q.extend(head.escape_debug());
    }
    if end < text.len() {
        q.push('…');
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_long_value_is_cut_after_forty_characters() {
        let long = "é".repeat(100);
        let q = brief(&long);
        assert_eq!(q, format!("{}…", "é".repeat(40)));
        assert_eq!(brief(&"a".repeat(40)), "a".repeat(40));
        assert_eq!(brief("a\"b\\\u{1b}"), "a\\\"b\\\\\\u{1b}");
    }

    /// The core's messages quote the input as [`brief`] does: an edit
    /// refused for a control character names the value that way.
    #[test]
    fn the_cores_messages_quote_as_brief_does() {
        use crate::uri::edit::{Component, Editable};
        for value in ["a\u{1b}[31mb", "\u{202e}x\"y", &"é\u{200d}".repeat(30)] {
            let mut u = Editable::parse("http://h/").unwrap();
            let err = u.set(Component::Scheme, value).unwrap_err().to_string();
            assert!(err.contains(&format!("\"{}\"", brief(value))), "{err}");
        }
    }

    proptest! {
        #[test]
        fn brief_is_the_escape_of_the_first_forty_characters(s in any::<String>()) {
            let head: String = s.chars().take(EXCERPT_CHARS).collect();
            let mut want: String = head.escape_debug().collect();
            if s.chars().count() > EXCERPT_CHARS {
                want.push('…');
            }
            prop_assert_eq!(brief(&s), want);
        }
    }
}
