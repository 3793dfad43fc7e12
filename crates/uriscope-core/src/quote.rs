//! A value quoted inside a message: escaped, and cut so that a long input
//! does not fill the message (nor cost its length at every keystroke).

/// How many characters of a value a message quotes before `…`.
pub(crate) const EXCERPT_CHARS: usize = 40;

/// The first [`EXCERPT_CHARS`] characters of `text`, escaped as
/// `str::escape_debug` does, then `…` when something was cut. The caller
/// writes the quotes around it.
///
/// Only the excerpt is looked at: escaping every character of a long
/// value at each preview of the field-edit overlay would cost the whole
/// value each time.
#[must_use]
pub(crate) fn brief(text: &str) -> String {
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

/// How many characters of a value [`cut`] keeps: every DNS name (at most
/// 253) and any real media type or label whole.
pub(crate) const CUT_CHARS: usize = 256;

/// The first [`CUT_CHARS`] characters of `text` as they are, then `…`
/// when something was cut: a value quoted in a message that is escaped
/// where it is shown (the lint's messages). A 64 KB media type or label
/// once made a 64 KB message, wrapped at every frame.
#[must_use]
pub(crate) fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(CUT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
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

    #[test]
    fn cut_keeps_256_characters_as_they_are() {
        assert_eq!(cut("a\u{1b}"), "a\u{1b}");
        assert_eq!(cut(&"é".repeat(257)), format!("{}…", "é".repeat(256)));
        assert_eq!(cut(&"x".repeat(256)), "x".repeat(256));
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

        #[test]
        fn brief_of_printable_ascii_is_the_ascii(s in "[ -~]{0,60}") {
            let want: String = s.chars().take(EXCERPT_CHARS).collect::<String>().escape_debug().collect();
            prop_assert!(brief(&s).starts_with(&want));
        }
    }
}
