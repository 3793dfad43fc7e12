//! Links in Markdown and HTML, where the markup itself says where a
//! reference starts and ends: the destination of a Markdown inline link
//! `[text](dest "title")` or image `![alt](dest)`, a reference definition
//! `[id]: dest` (CommonMark §4.7, §6.3), an email autolink
//! `<user@example.com>` (CommonMark §6.5), and the link attributes of an
//! HTML start tag (`href`, `src`, …), character references decoded.
//!
//! A destination there is a reference even without a scheme (`docs/a.md`,
//! `#usage`, `/about`): the markup, not a guess, delimits it. Each scan
//! stops at the first byte that can end its construct, so the text is
//! looked at once.

use super::{uri_char, Delimiter, Extracted, HTML_NOTE};
use crate::Span;

/// The note on a destination without a scheme.
const RELATIVE_NOTE: &str =
    "a relative reference, resolved against the document's URI (RFC 3986 §5.1)";

/// The destination of a Markdown inline link or image in the token at
/// `tok`: the text after its first `](`, up to whitespace or the `)` that
/// closes the link (parentheses inside it balanced, as CommonMark §6.3
/// reads them). `None` when the token holds no `](` followed by a
/// destination of URI characters.
pub(super) fn inline_link(text: &str, tok: Span) -> Option<(Extracted, usize)> {
    let t = tok.slice(text);
    let at = memchr::memmem::find(t.as_bytes(), b"](")?;
    let start = tok.start + at + 2;
    let mut depth = 0usize;
    let mut end = tok.end;
    for (i, c) in text[start..tok.end].char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                end = start + i;
                break;
            }
            ')' => depth -= 1,
            _ => {}
        }
    }
    let dest = &text[start..end];
    if dest.is_empty() || !dest.chars().all(uri_char) {
        return None;
    }
    Some((
        reference(dest, Span::new(start, end), Delimiter::Markdown),
        end,
    ))
}

/// A reference definition `[label]: dest` whose label starts the token at
/// `tok`, at the start of a line (up to three spaces of indentation,
/// CommonMark §4.7): the destination after the colon, in the same token
/// or the next one (on the same line or the next). `None` otherwise.
pub(super) fn reference_definition(text: &str, tok: Span) -> Option<(Extracted, usize)> {
    let t = tok.slice(text);
    if !t.starts_with('[') {
        return None;
    }
    let close = t.find("]:")?;
    let label = &t[1..close];
    if label.is_empty() || label.contains(['[', ']']) || !at_line_start(text, tok.start) {
        return None;
    }
    let after = tok.start + close + 2;
    let (start, end) = if after < tok.end {
        (after, tok.end)
    } else {
        let start = next_on_this_or_next_line(text, after)?;
        let len = text[start..]
            .find(|c: char| c.is_whitespace())
            .unwrap_or(text.len() - start);
        (start, start + len)
    };
    let dest = &text[start..end];
    if dest.starts_with('<') || !dest.chars().all(uri_char) {
        // `<dest>` is the angle-bracket search's.
        return None;
    }
    Some((
        reference(dest, Span::new(start, end), Delimiter::Markdown),
        end,
    ))
}

/// Whether only up to three spaces stand between the start of the line
/// and byte `at` (four bytes looked at, not the whole line: a long line
/// of `[x]:` tokens is not walked back once per token).
fn at_line_start(text: &str, at: usize) -> bool {
    let b = text.as_bytes();
    let mut i = at;
    while i > 0 && b[i - 1] == b' ' && at - i < 4 {
        i -= 1;
    }
    at - i <= 3 && (i == 0 || b[i - 1] == b'\n')
}

/// The first byte after `at` that is not a space or tab, crossing at most
/// one line break; `None` at the end of the text or a blank line.
fn next_on_this_or_next_line(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = at;
    let mut breaks = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        breaks += usize::from(b[i] == b'\n');
        i += 1;
    }
    (i < b.len() && breaks <= 1).then_some(i)
}

/// The [`Extracted`] for a destination the markup delimits.
fn reference(dest: &str, span: Span, delimiter: Delimiter) -> Extracted {
    let mut notes = Vec::new();
    if !has_scheme(dest) {
        notes.push(RELATIVE_NOTE.to_string());
    }
    Extracted {
        span,
        uri: dest.to_string(),
        delimiter,
        guess: false,
        notes,
    }
}

/// Whether `s` starts with `scheme ":"` (RFC 3986 §3.1).
pub(super) fn has_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || b"+-.".contains(&c)))
            .is_some_and(|i| b[i] == b':')
}

/// `<local@domain>`, an email autolink (CommonMark §6.5): the address
/// between the brackets, with no whitespace, a local part of the
/// characters CommonMark lists, and a dotted domain of letters, digits
/// and hyphens.
pub(super) fn is_email_autolink(inner: &str) -> bool {
    let Some((local, domain)) = inner.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&c));
    let labels_ok = domain.split('.').all(|l| {
        !l.is_empty()
            && l.len() <= 63
            && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    });
    local_ok && domain.contains('.') && labels_ok
}

/// Attributes whose value is a link (HTML Standard: `href`, `src`,
/// `action`, `formaction`, `cite`, `poster`, `data` of `<object>`,
/// `background`, `longdesc`, `manifest`, `icon`): taken even when the value
/// has no scheme. Any other attribute's value is taken when it reads as a
/// URI (`<meta content="https://…">`).
const LINK_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "formaction",
    "cite",
    "poster",
    "data",
    "background",
    "longdesc",
    "manifest",
    "icon",
];

/// The HTML start tag at `open` (a `<` followed by a letter): every link
/// in its attributes, and the byte after its `>`. `None` when no `>` ends
/// the tag before the next `<` (the scan stops there, so each byte is
/// looked at by one tag at most).
pub(super) fn html_tag(text: &str, open: usize) -> Option<(Vec<Extracted>, usize)> {
    let b = text.as_bytes();
    if !b.get(open + 1).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let mut i = open + 1;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-' || b[i] == b':') {
        i += 1;
    }
    let mut found = Vec::new();
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        match b.get(i) {
            None | Some(b'<') => return None,
            Some(b'>') => return Some((found, i + 1)),
            _ => {}
        }
        let name_start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && !b"\"'>/=<".contains(&b[i]) {
            i += 1;
        }
        if i == name_start {
            // A stray quote where a name belongs: step over it.
            i += 1;
            continue;
        }
        let name = &text[name_start..i];
        let mut j = i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if b.get(j) != Some(&b'=') {
            continue;
        }
        j += 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let (value, next) = match b.get(j) {
            Some(&q @ (b'"' | b'\'')) => {
                let len = b[j + 1..].iter().position(|&c| c == q || c == b'<')?;
                if b[j + 1 + len] == b'<' {
                    return None;
                }
                (Span::new(j + 1, j + 1 + len), j + 2 + len)
            }
            _ => {
                let len = b[j..]
                    .iter()
                    .position(|&c| c.is_ascii_whitespace() || b"\"'=<>`".contains(&c))
                    .unwrap_or(b.len() - j);
                (Span::new(j, j + len), j + len)
            }
        };
        i = next;
        if let Some(e) = attribute_link(text, name, value) {
            found.push(e);
        }
    }
}

/// The link in attribute `name`'s `value`, character references decoded
/// and the ASCII whitespace around it dropped (as the HTML Standard parses
/// a URL attribute).
fn attribute_link(text: &str, name: &str, value: Span) -> Option<Extracted> {
    let raw = value.slice(text);
    let lead = raw.len()
        - raw
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    let trimmed = raw.trim_matches(|c: char| c.is_ascii_whitespace());
    let span = Span::new(value.start + lead, value.start + lead + trimmed.len());
    if trimmed.is_empty() {
        return None;
    }
    let decoded = decode_references(trimmed);
    let link = LINK_ATTRIBUTES.iter().any(|a| a.eq_ignore_ascii_case(name));
    if !link && (!super::looks_like_uri(&decoded) || decoded.chars().any(char::is_whitespace)) {
        return None;
    }
    let mut e = reference(&decoded, span, Delimiter::Html);
    if decoded != trimmed {
        e.notes.insert(0, HTML_NOTE.to_string());
    }
    Some(e)
}

/// `s` with the character references a URL attribute holds decoded:
/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric ones
/// (`&#38;`, `&#x26;`). Others stay as written: HTML names two thousand,
/// and a URL uses these.
pub(super) fn decode_references(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('&') {
        return s.into();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        match reference_at(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// The character the reference at the start of `s` (`&…;`) stands for,
/// and its length.
fn reference_at(s: &str) -> Option<(char, usize)> {
    let semi = s.get(..12.min(s.len()))?.find(';')?;
    let body = &s[1..semi];
    let c = match body {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => {
            let num = body.strip_prefix('#')?;
            let v = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(v).filter(|&c| c != '\0')?
        }
    };
    Some((c, semi + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_decode_the_ones_a_url_holds() {
        assert_eq!(decode_references("a?b=1&amp;c=2"), "a?b=1&c=2");
        assert_eq!(decode_references("&#x2F;&#47;&lt;&quot;"), "//<\"");
        assert_eq!(decode_references("&copy;&amp"), "&copy;&amp");
        assert_eq!(decode_references("&#0;&#xZZ;"), "&#0;&#xZZ;");
    }

    #[test]
    fn email_autolinks() {
        assert!(is_email_autolink("foo@bar.example.com"));
        assert!(is_email_autolink("a.b+c@x.org"));
        assert!(!is_email_autolink("foo@bar"));
        assert!(!is_email_autolink("foo bar@x.org"));
        assert!(!is_email_autolink("@x.org"));
        assert!(!is_email_autolink("a@-x.org"));
    }
}
