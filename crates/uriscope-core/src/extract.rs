//! Finding URIs in running text (RFC 3986 Appendix C, RFC 2396 Appendix E):
//! inside `<angle brackets>` (embedded whitespace and line breaks removed),
//! with the old `<URL:...>` prefix, inside `"double"` or `'single'` quotes, or bare and
//! delimited by whitespace with trailing sentence punctuation dropped. Suffix
//! references such as `www.w3.org/Addressing/` (RFC 3986 §4.5, RFC 2396
//! Appendix F) are offered as guesses with `http://` assumed. Markdown and
//! HTML links (`extract/markup.rs`) are found where their markup puts them.
//!
//! [`unwrap_link`] uses the same search to take the wrapping off a link
//! that was pasted or given with its delimiters.

mod markup;
mod unwrap;

pub use unwrap::{unwrap_link, Unwrapped};

use crate::lint::scheme::lookup;
use crate::syntax::chars::{is, is_iprivate, is_ucschar, GEN_DELIM, SUB_DELIM, UNRESERVED};
use crate::{parse_iri, Span};

/// How an extracted URI was delimited in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<http://example.com/>` (whitespace inside removed).
    AngleBrackets,
    /// `<URL:http://example.com/>`, the RFC 1738 prefix Appendix C mentions.
    UrlPrefix,
    /// `"http://example.com/"` or `'http://example.com/'`.
    Quotes,
    /// Bare: whitespace (or a character no URI holds, such as `<` or `"`)
    /// on either side, trailing sentence punctuation dropped.
    Whitespace,
    /// The destination of a Markdown link: `[text](dest "title")`,
    /// `![alt](dest)` or a reference definition `[id]: dest`.
    Markdown,
    /// The value of an HTML link attribute (`href`, `src`, …) or of any
    /// attribute that holds a URI, character references decoded.
    Html,
}

impl Delimiter {
    /// `angle-brackets`, `url-prefix`, `quotes`, `whitespace`, `markdown`
    /// or `html`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Delimiter::AngleBrackets => "angle-brackets",
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::Quotes => "quotes",
            Delimiter::Whitespace => "whitespace",
            Delimiter::Markdown => "markdown",
            Delimiter::Html => "html",
        }
    }
}

/// One URI found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    /// The bytes of the text the URI was taken from, delimiters excluded
    /// (embedded whitespace included for angle brackets and for a bare URI
    /// joined across a line break after a hyphen).
    pub span: Span,
    /// The URI: the span's text with whitespace removed; for a guess,
    /// with `http://` put in front; for an email autolink, `mailto:`; for
    /// an HTML attribute, with character references decoded.
    pub uri: String,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// Whether it is a heuristic completion of a suffix reference.
    pub guess: bool,
    /// Remarks: removed whitespace, a hyphen at a line break, a guess, a
    /// URI that does not parse.
    pub notes: Vec<String>,
}

/// Every URI in `text`, in order.
///
/// ```
/// use uriscope_core::extract::{extract, Delimiter};
/// let found = extract("see <http://example.com/a\n  b>, or http://x.org/y.");
/// assert_eq!(found[0].uri, "http://example.com/ab");
/// assert_eq!(found[0].delimiter, Delimiter::AngleBrackets);
/// assert_eq!(found[1].uri, "http://x.org/y");
/// assert_eq!(found[1].delimiter, Delimiter::Whitespace);
/// ```
pub fn extract(text: &str) -> Vec<Extracted> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    // The end of the run of non-break characters last measured: a resume
    // inside it (after a quoted piece) ends there too, so a run is
    // scanned once, not once per piece (a long run of `''urn:port''`
    // pieces).
    let mut run_end = 0;
    while i < b.len() {
        match b[i] {
            b'<' => match angle(text, i) {
                Some((e, next)) => {
                    found.push(e);
                    i = next;
                }
                None => match markup::html_tag(text, i) {
                    Some((links, next)) => {
                        found.extend(links);
                        i = next;
                    }
                    None => i += 1,
                },
            },
            b'"' => match quoted(text, i) {
                Some((e, next)) => {
                    found.push(e);
                    i = next;
                }
                None => i += 1,
            },
            c if is_break(c) => i += 1,
            _ => {
                let end = if i < run_end {
                    run_end
                } else {
                    token_end(text, i)
                };
                run_end = end;
                if end == i {
                    // A whitespace character that is_break does not list
                    // (U+000B, U+0085, U+00A0, U+3000, ...): step over it,
                    // or the loop would never advance.
                    i += text[i..].chars().next().map_or(1, char::len_utf8);
                    continue;
                }
                let (e, next) = bare(text, Span::new(i, end));
                found.extend(e);
                i = next;
            }
        }
    }
    for e in &mut found {
        if !e.guess {
            if let Err(err) = parse_iri(&e.uri) {
                e.notes
                    .push(format!("does not parse as a URI or IRI: {err}"));
            }
        }
    }
    found
}

/// Bytes that end a bare token: ASCII whitespace, `<`, `>`, `"`.
fn is_break(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'<' | b'>' | b'"')
}

/// End of the run of non-break characters from `i` (Unicode whitespace breaks too).
fn token_end(text: &str, i: usize) -> usize {
    text[i..]
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || (c.is_ascii() && is_break(c as u8)))
        .map_or(text.len(), |(j, _)| i + j)
}

/// `scheme ":" rest`, with a known scheme or a rest that starts with `//`.
fn looks_like_uri(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let Some(colon) = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || b"+-.".contains(&c)))
    else {
        return false;
    };
    if b[colon] != b':' || colon + 1 == b.len() {
        return false;
    }
    lookup(&s[..colon]).is_some() || s[colon + 1..].starts_with("//")
}

/// Whether a line break follows a `-` in `s` (whitespace between), the
/// ambiguity Appendix C warns about.
fn hyphen_at_break(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'-'
            && b[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_whitespace())
                .any(|&c| c == b'\n' || c == b'\r')
    })
}

/// The note on an email autolink's `mailto:`.
const EMAIL_NOTE: &str = "an email autolink (CommonMark §6.5): \"mailto:\" is put in front";

/// The note on an HTML attribute whose character references were decoded.
const HTML_NOTE: &str = "HTML character references decoded (&amp; is &): the link is the \
                         attribute's value as a browser reads it";

const HYPHEN_NOTE: &str = "a line break follows a '-': a typesetter may have added the hyphen, \
                           so it may or may not belong to the URI (RFC 3986 Appendix C)";

/// `<...>` from `open`: the URI and where scanning resumes.
fn angle(text: &str, open: usize) -> Option<(Extracted, usize)> {
    let b = text.as_bytes();
    let close = open + 1 + b[open + 1..].iter().position(|&c| c == b'>' || c == b'<')?;
    if b[close] != b'>' {
        return None;
    }
    let mut start = open + 1;
    while start < close && b[start].is_ascii_whitespace() {
        start += 1;
    }
    let mut delimiter = Delimiter::AngleBrackets;
    if close - start >= 4 && b[start..start + 4].eq_ignore_ascii_case(b"URL:") {
        delimiter = Delimiter::UrlPrefix;
        start += 4;
        while start < close && b[start].is_ascii_whitespace() {
            start += 1;
        }
    }
    let mut end = close;
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    let raw = &text[start..end];
    let uri: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let mut notes = Vec::new();
    // RFC 1738's `<URL:scheme:…>` always names a scheme: prose that
    // writes "<URL:…>" about the form is not one.
    let ok = if delimiter == Delimiter::UrlPrefix {
        markup::has_scheme(&uri)
    } else {
        looks_like_uri(&uri)
    };
    let uri = if ok {
        uri
    } else if raw == uri && markup::is_email_autolink(&uri) {
        notes.push(EMAIL_NOTE.to_string());
        format!("mailto:{uri}")
    } else {
        return None;
    };
    let removed = raw.chars().filter(|c| c.is_whitespace()).count();
    if removed > 0 {
        notes.push(format!(
            "{removed} whitespace character{} inside the brackets removed (RFC 3986 Appendix C)",
            if removed == 1 { "" } else { "s" }
        ));
    }
    if hyphen_at_break(raw) {
        notes.push(HYPHEN_NOTE.to_string());
    }
    if delimiter == Delimiter::UrlPrefix {
        notes.push("the \"URL:\" prefix is no longer recommended (RFC 3986 Appendix C)".into());
    }
    let e = Extracted {
        span: Span::new(start, end),
        uri,
        delimiter,
        guess: false,
        notes,
    };
    Some((e, close + 1))
}

/// `"..."` from `open`, when the content is one URI without whitespace.
fn quoted(text: &str, open: usize) -> Option<(Extracted, usize)> {
    let b = text.as_bytes();
    let close = open + 1 + b[open + 1..].iter().position(|&c| c == b'"')?;
    let inner = &text[open + 1..close];
    if inner.chars().any(char::is_whitespace) || !looks_like_uri(inner) {
        return None;
    }
    let e = Extracted {
        span: Span::new(open + 1, close),
        uri: inner.to_string(),
        delimiter: Delimiter::Quotes,
        guess: false,
        notes: Vec::new(),
    };
    Some((e, close + 1))
}

/// Whether `c` may appear in a URI or IRI at all (RFC 3986 §2, RFC 3987 §2.2).
pub(super) fn uri_char(c: char) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        is(b, UNRESERVED | GEN_DELIM | SUB_DELIM) || b == b'%'
    } else {
        is_ucschar(c) || is_iprivate(c)
    }
}

/// The URI part at the start of `t`: cut at the first character no URI
/// holds, then trailing sentence punctuation (`.,;:!?`, non-ASCII
/// punctuation such as `»` or `。`), an unbalanced `)` and an unbalanced `'`
/// dropped. Parentheses and quotes are counted once, then the counts follow
/// the characters dropped, so a run of `)` costs one pass, not one per `)`.
fn trim_uri(t: &str) -> &str {
    let len = t
        .char_indices()
        .find(|&(_, c)| !uri_char(c))
        .map_or(t.len(), |(j, _)| j);
    let mut s = &t[..len];
    let count = |c: u8| s.bytes().filter(|&b| b == c).count();
    let (open, mut close, mut quotes) = (count(b'('), count(b')'), count(b'\''));
    while let Some(last) = s.chars().next_back() {
        let unbalanced_paren = last == ')' && close > open;
        let unbalanced_quote = last == '\'' && quotes % 2 == 1;
        // Non-ASCII punctuation ('»', '。', '”') ends a sentence, not a URI.
        let unicode_punct = !last.is_ascii() && !last.is_alphanumeric();
        if matches!(last, '.' | ',' | ';' | ':' | '!' | '?')
            || unbalanced_paren
            || unbalanced_quote
            || unicode_punct
        {
            close -= usize::from(last == ')');
            quotes -= usize::from(last == '\'');
            s = &s[..s.len() - last.len_utf8()];
        } else {
            break;
        }
    }
    s
}

/// Where the continuation of a URI broken after a hyphen starts: after
/// whitespace holding exactly one line break (a blank line ends the URI).
fn continuation(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut j = at;
    let mut breaks = 0;
    while j < b.len() && b[j].is_ascii_whitespace() {
        breaks += usize::from(b[j] == b'\n');
        j += 1;
    }
    (breaks == 1 && j < b.len() && !is_break(b[j])).then_some(j)
}

/// A bare URI or suffix reference in the token at `tok`, and where scanning
/// resumes (past the next line's token when a hyphen at a line break joined it).
fn bare(text: &str, tok: Span) -> (Option<Extracted>, usize) {
    if let Some((e, resume)) =
        markup::inline_link(text, tok).or_else(|| markup::reference_definition(text, tok))
    {
        return (Some(e), resume);
    }
    let t = tok.slice(text);
    // Opening punctuation before the URI: "(http://...)", "«http://...»":
    // a scheme or a host name starts with an ASCII letter or digit.
    let lead = t
        .char_indices()
        .find(|&(_, c)| c.is_ascii_alphanumeric())
        .map_or(t.len(), |(j, _)| j);
    let start = tok.start + lead;
    if let Some(e) = single_quoted(text, tok, lead) {
        let resume = e.span.end + 1;
        return (Some(e), resume);
    }
    let s = trim_uri(&t[lead..]);
    let mut span = Span::new(start, start + s.len());
    if looks_like_uri(s) {
        let mut uri = s.to_string();
        let mut notes = Vec::new();
        let mut resume = tok.end;
        // RFC 3986 Appendix C: a line break right after a hyphen; join the
        // next line's text, ignoring the whitespace around the break.
        if s.ends_with('-') && span.end == tok.end {
            if let Some(j) = continuation(text, tok.end) {
                let next_end = token_end(text, j);
                let more = trim_uri(&text[j..next_end]);
                if !more.is_empty() {
                    uri.push_str(more);
                    span.end = j + more.len();
                    resume = next_end;
                    notes.push(format!(
                        "{HYPHEN_NOTE}; the whitespace around the break was removed; without \
                         the hyphen it reads {}{more}",
                        &s[..s.len() - 1]
                    ));
                }
            }
        }
        let e = Extracted {
            span,
            uri,
            delimiter: Delimiter::Whitespace,
            guess: false,
            notes,
        };
        return (Some(e), resume);
    }
    if !suffix_reference(s) {
        return (None, tok.end);
    }
    let e = Extracted {
        span,
        uri: format!("http://{s}"),
        delimiter: Delimiter::Whitespace,
        guess: true,
        notes: vec![
            "a suffix reference (RFC 3986 §4.5, RFC 2396 Appendix F): \"http://\" is a \
             heuristic guess, not part of the text"
                .to_string(),
        ],
    };
    (Some(e), tok.end)
}

/// `'...'` in the token at `tok` when its opening punctuation (`lead`
/// bytes) ends with `'` and the quotes enclose one URI: the single-quote
/// counterpart of [`quoted`] (RFC 3986 Appendix C names double quotes;
/// prose and code use single ones too).
fn single_quoted(text: &str, tok: Span, lead: usize) -> Option<Extracted> {
    let t = tok.slice(text);
    if !t[..lead].ends_with('\'') {
        return None;
    }
    let rest = &t[lead..];
    let inner = &rest[..rest.find('\'')?];
    if !inner.chars().all(uri_char) || !looks_like_uri(inner) {
        return None;
    }
    let start = tok.start + lead;
    Some(Extracted {
        span: Span::new(start, start + inner.len()),
        uri: inner.to_string(),
        delimiter: Delimiter::Quotes,
        guess: false,
        notes: Vec::new(),
    })
}

/// `host[:port][/path]` where the host is a dotted DNS name with an
/// alphabetic top-level label, and either the first label is `www` or a
/// path follows: `www.w3.org`, `www.w3.org/Addressing/`, `example.com/a`.
pub(crate) fn suffix_reference(s: &str) -> bool {
    let (hostport, has_path) = match s.find('/') {
        Some(i) => (&s[..i], true),
        None => (s, false),
    };
    let host = match hostport.split_once(':') {
        Some((host, port)) => {
            if port.is_empty() || !port.bytes().all(|c| c.is_ascii_digit()) {
                return false;
            }
            host
        }
        None => hostport,
    };
    // The labels are walked, not collected: `parse` asks this of every
    // valid line whose first segment has a dot, and a line with nothing
    // to say allocates nothing (tests/allocations.rs).
    let (mut count, mut first, mut last) = (0, "", "");
    for l in host.split('.') {
        if l.is_empty()
            || l.len() > 63
            || !l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
        {
            return false;
        }
        if count == 0 {
            first = l;
        }
        last = l;
        count += 1;
    }
    count >= 2
        && last.len() >= 2
        && last.bytes().all(|c| c.is_ascii_alphabetic())
        && (has_path || first.eq_ignore_ascii_case("www"))
}

/// 1-based line and column (in characters) of byte `at` in `text`.
///
/// ```
/// assert_eq!(uriscope_core::extract::line_col("ab\ncé d", 6), (2, 3));
/// ```
#[must_use]
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = 1 + before.iter().filter(|&&c| c == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    let col = 1 + text
        .get(line_start..at)
        .map_or(at - line_start, |s| s.chars().count());
    (line, col)
}

/// 1-based lines and columns of increasing byte offsets in one text, each
/// found from the previous one: a walk over the text, where calling
/// [`line_col`] for every offset would recount from the start.
///
/// ```
/// use uriscope_core::extract::LineCols;
/// let mut at = LineCols::new("ab\ncé d");
/// assert_eq!(at.advance(1), (1, 2));
/// assert_eq!(at.advance(6), (2, 3));
/// ```
#[derive(Clone, Debug)]
pub struct LineCols<'a> {
    text: &'a str,
    /// Byte offset `line` and `col` describe.
    pos: usize,
    line: usize,
    col: usize,
}

impl<'a> LineCols<'a> {
    /// Start at byte 0 (line 1, column 1) of `text`.
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        LineCols {
            text,
            pos: 0,
            line: 1,
            col: 1,
        }
    }

    /// Line and column of byte `at`, clamped to the text; an offset before
    /// the previous one (out of order) restarts the walk from the start.
    pub fn advance(&mut self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        if at < self.pos {
            *self = LineCols::new(self.text);
        }
        let b = self.text.as_bytes();
        let mut from = self.pos;
        for (i, &c) in b[self.pos..at].iter().enumerate() {
            if c == b'\n' {
                self.line += 1;
                self.col = 1;
                from = self.pos + i + 1;
            }
        }
        // Columns count characters; bytes when `at` splits one (never for a span).
        self.col += self
            .text
            .get(from..at)
            .map_or(at - from, |s| s.chars().count());
        self.pos = at;
        (self.line, self.col)
    }
}
