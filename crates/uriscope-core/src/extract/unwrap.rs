//! A link pasted or given with its wrapping: `<…>`, `<URL:…>`, quotes,
//! parentheses, surrounding whitespace (RFC 3986 Appendix C), a Markdown
//! link or an HTML element, with the sentence punctuation that may follow
//! the closing delimiter (`<https://…>.`, `"https://…",`). The search is
//! [`extract`](super::extract)'s; this module only checks that what it
//! found is all the text holds.

use super::{extract, Delimiter, Extracted};
use crate::Span;

/// A link that was pasted or given wrapped, and what was taken off it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwrapped {
    /// The URI inside (whitespace within angle brackets removed, HTML
    /// character references decoded).
    pub uri: String,
    /// What was removed, in words: "the angle brackets <…>", "the
    /// Markdown link [text](…) and the \".\" after it", …
    pub removed: String,
    /// How the link was delimited.
    pub delimiter: Delimiter,
    /// Where the link is in the text (its delimiters excluded).
    pub span: Span,
}

/// Sentence punctuation that may follow a link's closing delimiter.
const SENTENCE_END: &[char] = &['.', ',', ';', ':', '!', '?'];

/// `text` unwrapped when it is one link and nothing else, delimited as
/// RFC 3986 Appendix C describes (`<…>`, `<URL:…>`, `"…"`, `'…'`, or
/// surrounded by whitespace), in parentheses, or as a Markdown link or an
/// HTML element (`[text](…)`, `[id]: …`, `<a href="…">…</a>`), the
/// delimiters followed or not by sentence punctuation. The same search as
/// [`extract`]: it must find one URI, not a guess, whose delimiters are
/// all that surround it. Anything else (text around the link, a bare link
/// ending in a period, which may be the URI's own) is `None`: nothing is
/// taken off.
///
/// ```
/// use uriscope_core::extract::unwrap_link;
/// assert_eq!(unwrap_link("<http://a/b\n c>").map(|u| u.uri), Some("http://a/bc".into()));
/// assert_eq!(unwrap_link(" 'http://a/' ").map(|u| u.removed), Some("the quotes '…'".into()));
/// assert_eq!(unwrap_link("[docs](https://a/x).").map(|u| u.uri), Some("https://a/x".into()));
/// assert_eq!(unwrap_link("http://a/"), None);
/// assert_eq!(unwrap_link("see <http://a/>"), None);
/// ```
#[must_use]
pub fn unwrap_link(text: &str) -> Option<Unwrapped> {
    let trimmed = text.trim();
    let (core, _) = split_tail(trimmed);
    // Each wrapping starts and ends the text (`<…>`, `"…"`, `[…](…)`)
    // or was trimmed off (whitespace around a link without any):
    // otherwise nothing can be taken off, and a 64 KB paste is not
    // searched for links (0.8 ms) only to find that.
    let closes = |last: char| core.len() > 1 && core.ends_with(last);
    let may = match core.chars().next() {
        Some('<') => closes('>'),
        Some(q @ ('"' | '\'')) => closes(q),
        Some('(') => closes(')'),
        Some('[') => closes(')') || core.contains("]:"),
        Some('!') => core.starts_with("![") && closes(')'),
        // Only whitespace was around it: a bare link, which never holds
        // whitespace itself.
        _ => {
            trimmed.len() != text.len()
                && memchr::memchr3(b' ', b'\t', b'\n', trimmed.as_bytes()).is_none()
                && memchr::memchr2(b'\r', b'\x0c', trimmed.as_bytes()).is_none()
        }
    };
    if !may {
        return None;
    }
    unwrap_found(text)
}

/// `trimmed` split into the wrapped link and the sentence punctuation
/// after its closing delimiter (`>`, a quote, `)`); with no closing
/// delimiter before it, the punctuation may be the URI's own and stays.
fn split_tail(trimmed: &str) -> (&str, &str) {
    let core = trimmed.trim_end_matches(SENTENCE_END);
    if core.len() < trimmed.len() && core.ends_with(['>', '"', '\'', ')']) {
        (core, &trimmed[core.len()..])
    } else {
        (trimmed, "")
    }
}

/// [`unwrap_link`] without its quick refusal: the search and the checks.
pub(super) fn unwrap_found(text: &str) -> Option<Unwrapped> {
    let trimmed = text.trim();
    let (core, tail) = split_tail(trimmed);
    let found = extract(core);
    let e = found.first()?;
    if e.guess {
        return None;
    }
    let before = &core[..e.span.start];
    let after = &core[e.span.end..];
    let one = found.len() == 1;
    let removed = match e.delimiter {
        _ if one && markdown_around(before, after) => "the Markdown link [text](…)",
        _ if one && definition_around(before, after) => "the Markdown reference definition [id]: …",
        Delimiter::AngleBrackets if one && before == "<" && after == ">" => {
            "the angle brackets <…>"
        }
        Delimiter::UrlPrefix
            if one
                && before.len() >= 5
                && before[..5].eq_ignore_ascii_case("<URL:")
                && after == ">" =>
        {
            "the wrapper <URL:…>"
        }
        Delimiter::Quotes if one && before == "\"" && after == "\"" => "the quotes \"…\"",
        Delimiter::Quotes if one && before == "'" && after == "'" => "the quotes '…'",
        Delimiter::Whitespace if one && before == "(" && after == ")" => "the parentheses (…)",
        Delimiter::Whitespace
            if one && before.is_empty() && after.is_empty() && tail.is_empty() =>
        {
            if trimmed.len() == text.len() {
                return None;
            }
            "the surrounding whitespace"
        }
        Delimiter::Html if html_element_around(core, e, &found) => "the HTML element <…>",
        _ => return None,
    };
    let removed = match tail.chars().count() {
        0 => removed.to_string(),
        1 => format!("{removed} and the \"{tail}\" after it"),
        _ => format!("{removed} and the \"{tail}\" after them"),
    };
    let start = text.len() - text.trim_start().len();
    Some(Unwrapped {
        uri: e.uri.clone(),
        removed,
        delimiter: e.delimiter,
        span: Span::new(start + e.span.start, start + e.span.end),
    })
}

/// Whether `before` and `after` are a Markdown inline link's or image's
/// around its destination: `[text](` or `![alt](` (then `<` when the
/// destination is in angle brackets), and `)` after it, a title between.
fn markdown_around(before: &str, after: &str) -> bool {
    let (before, after) = match (before.strip_suffix('<'), after.strip_prefix('>')) {
        (Some(b), Some(a)) => (b, a),
        _ => (before, after),
    };
    let text_ok = before
        .strip_prefix('!')
        .unwrap_or(before)
        .strip_prefix('[')
        .and_then(|b| b.strip_suffix("]("))
        .is_some();
    text_ok && title_then(after, ")")
}

/// Whether `before` and `after` are a reference definition's around its
/// destination: `[id]:` and whitespace, then nothing or a title.
fn definition_around(before: &str, after: &str) -> bool {
    let Some(label) = before
        .trim_end()
        .strip_prefix('[')
        .and_then(|b| b.strip_suffix("]:"))
    else {
        return false;
    };
    !label.is_empty() && !label.contains(['[', ']']) && (after.is_empty() || title_then(after, ""))
}

/// Whether `after` is an optional Markdown link title (`"…"`, `'…'` or
/// `(…)` after whitespace), optional whitespace, then exactly `end`.
fn title_then(after: &str, end: &str) -> bool {
    let Some(rest) = after.strip_suffix(end) else {
        return false;
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return after.len() == end.len() || after.starts_with(char::is_whitespace);
    }
    let closer = match rest.as_bytes()[0] {
        b'"' => '"',
        b'\'' => '\'',
        b'(' => ')',
        _ => return false,
    };
    after.starts_with(char::is_whitespace)
        && rest.len() >= 2
        && rest.ends_with(closer)
        && !rest[1..rest.len() - 1].contains(closer)
}

/// Whether `core` is one HTML element around the attribute `e` was found
/// in: the start tag holds no other link, and after it come nothing, or
/// text without markup and the element's end tag.
fn html_element_around(core: &str, e: &Extracted, found: &[Extracted]) -> bool {
    let before = &core[..e.span.start];
    if !before.starts_with('<') || before.contains('>') {
        return false;
    }
    let Some(close) = core[e.span.end..].find('>').map(|i| e.span.end + i) else {
        return false;
    };
    if found.iter().skip(1).any(|f| f.span.start < close) {
        return false;
    }
    let rest = &core[close + 1..];
    if rest.is_empty() {
        return true;
    }
    let name_len = before[1..]
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(before.len() - 1);
    let name = &before[1..1 + name_len];
    let Some(body) = rest
        .strip_suffix('>')
        .and_then(|r| r.rsplit_once("</"))
        .filter(|(_, end)| end.trim_end().eq_ignore_ascii_case(name))
        .map(|(body, _)| body)
    else {
        return false;
    };
    !body.contains(['<', '>'])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick refusal refuses only what the search would refuse: every
    /// combination of surrounding whitespace, opening and closing
    /// delimiters and a link, a non-link or a sentence, with punctuation
    /// after or not.
    #[test]
    fn unwrap_link_refuses_quickly_only_what_the_search_refuses() {
        let space = ["", " ", "\t", "\n "];
        let open = ["", "<", "<URL:", "\"", "'", "(", "[t](", "![t](", "[i]: "];
        let inner = [
            "http://a/b",
            "x:y",
            "a b",
            "see http://a/",
            "http://a/\tb",
            "http://a/\u{a0}b",
            "http://a/\r\nb",
        ];
        let close = ["", ">", "\"", "'", ")", ".", ">.", "\",", ")!?"];
        let mut unwrapped = 0;
        for a in space {
            for o in open {
                for i in inner {
                    for c in close {
                        for z in space {
                            let s = format!("{a}{o}{i}{c}{z}");
                            let quick = unwrap_link(&s);
                            assert_eq!(quick, unwrap_found(&s), "{s:?}");
                            unwrapped += usize::from(quick.is_some());
                        }
                    }
                }
            }
        }
        assert!(unwrapped > 100, "{unwrapped}");
    }
}
