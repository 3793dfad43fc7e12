//! The core's messages as the explorer shows them. A message quotes a
//! piece of the input the way plain output writes it (`"a\u{200d}b"`,
//! escaped by `str::escape_debug` in [`crate::uri`]), while the screen
//! writes every other piece of user text in its own notation (`a<U+200D>b`,
//! [`super::screen`]). Here the quoted piece is written back in the
//! screen's notation, so one screen has one notation for an invisible
//! character.
//!
//! Nothing is guessed from the message's text: the piece the message
//! quotes is known (a finding's span of the input, the value of a field),
//! so its escaped form is computed and replaced where it stands between
//! quotes. A message that does not quote it is only made visible.

use std::borrow::Cow;

use super::quote::{brief, EXCERPT_CHARS};
use super::screen::visible;

/// `message` as the screen shows it, with the excerpt of each of `quoted`
/// that it holds escaped (`"…\u{200d}…"`) written as the user's text
/// instead, then the whole made visible ([`visible`]).
///
/// ```
/// use uriscope::text::quoted::message;
/// let m = "\"a\\u{200d}b\": the input holds non-ASCII characters";
/// assert_eq!(message(m, &["a\u{200d}b"]), "\"a<U+200D>b\": the input holds non-ASCII characters");
/// // A message quoting nothing of it is only made visible.
/// assert_eq!(message("found \u{1b}", &["x"]), "found ␛");
/// ```
pub fn message<'a>(message: &'a str, quoted: &[&str]) -> Cow<'a, str> {
    let mut out = Cow::Borrowed(message);
    for q in quoted {
        let escaped = brief(q);
        let raw = excerpt(q);
        if escaped == raw {
            continue;
        }
        let needle = format!("\"{escaped}\"");
        if let Some(at) = out.find(&needle) {
            let mut s = String::with_capacity(out.len());
            s.push_str(&out[..at + 1]);
            s.push_str(&raw);
            s.push_str(&out[at + needle.len() - 1..]);
            out = Cow::Owned(s);
        }
    }
    match out {
        Cow::Borrowed(m) => visible(m),
        Cow::Owned(m) => Cow::Owned(visible(&m).into_owned()),
    }
}

/// The characters of `text` that [`brief`] quotes, unescaped, with its
/// `…` when it cut.
fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quoted_input_is_in_the_screen_notation() {
        let input = "http://h/a\u{200d}b\u{202e}c";
        let m = format!("\"{}\": an IRI", brief(input));
        assert!(m.contains("\\u{200d}"), "{m}");
        assert_eq!(
            message(&m, &[input]),
            "\"http://h/a<U+200D>b<U+202E>c\": an IRI"
        );
    }

    #[test]
    fn a_long_quote_keeps_its_cut_and_quotes_inside_stay() {
        let input = format!("\u{1b}\"{}", "x".repeat(100));
        let m = format!("value \"{}\" is long", brief(&input));
        let shown = message(&m, &[&input]);
        assert_eq!(
            shown,
            format!("value \"␛\"{}…\" is long", "x".repeat(EXCERPT_CHARS - 2))
        );
    }

    #[test]
    fn a_literal_backslash_u_typed_by_the_user_stays_as_typed() {
        // The user typed the six characters `\u{1b}`: not an escape.
        let input = "a\\u{1b}";
        let m = format!("\"{}\": x", brief(input));
        assert_eq!(message(&m, &[input]), "\"a\\u{1b}\": x");
    }
}
