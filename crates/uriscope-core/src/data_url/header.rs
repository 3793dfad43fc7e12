//! The header between `data:` and the `,`: `type/subtype`, parameters,
//! `;base64`.

use crate::Code;
use encoding_rs::Encoding;

use crate::syntax::error::describe_char;
use crate::{Severity, Span};

use super::scan::{self, PctIter, Sink};
use super::{Charset, MediaType, Parameter, DEFAULT_CHARSET};

/// What the header says.
pub(super) struct Header {
    pub media_type: MediaType,
    pub parameters: Vec<Parameter>,
    pub charset: Option<Charset>,
    pub base64: Option<Span>,
}

/// RFC 2045 §5.1 `tspecials`, which a `token` may not contain.
const TSPECIALS: &[u8] = b"()<>@,;:\\\"/[]?=";

/// Whether `c` may appear in an RFC 2045 `token`.
fn is_token_char(c: char) -> bool {
    c.is_ascii() && (0x21..0x7F).contains(&(c as u32)) && !TSPECIALS.contains(&(c as u8))
}

/// The first character of `span` that is not a token character.
fn first_non_token(input: &str, span: Span) -> Option<Span> {
    span.slice(input)
        .char_indices()
        .find(|&(_, c)| !is_token_char(c))
        .map(|(i, c)| Span::new(span.start + i, span.start + i + c.len_utf8()))
}

/// Split the header at each `;` outside a quoted-string value. Returns the
/// pieces and the offset of an opening `"` that is never closed.
fn split_pieces(b: &[u8], header: Span) -> (Vec<Span>, Option<usize>) {
    let mut pieces = Vec::new();
    let mut start = header.start;
    let mut i = header.start;
    let mut quote: Option<usize> = None;
    let mut seen_eq = false;
    while i < header.end {
        let c = b[i];
        if quote.is_some() {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == b'"' {
                quote = None;
            }
        } else if c == b';' {
            pieces.push(Span::new(start, i));
            start = i + 1;
            seen_eq = false;
        } else if c == b'=' && !seen_eq {
            seen_eq = true;
            if b.get(i + 1) == Some(&b'"') && i + 1 < header.end {
                quote = Some(i + 1);
                i += 2;
                continue;
            }
        }
        i += 1;
    }
    pieces.push(Span::new(start, header.end));
    (pieces, quote)
}

/// Percent-decode `span` of `input` into a (lossy UTF-8) string.
fn pct_decode(input: &str, span: Span) -> String {
    let text = span.slice(input);
    if !text.contains('%') {
        return text.to_string();
    }
    let bytes: Vec<u8> = PctIter::new(input.as_bytes(), span)
        .map(|u| u.byte)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The content of the quoted-string `span` (starting with its `"`), up to
/// the closing `"`, with backslash escapes removed.
fn unquote(input: &str, span: Span) -> String {
    let inner = &input[span.start + 1..span.end];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            '"' => break,
            c => out.push(c),
        }
    }
    out
}

/// Check every character of the header: malformed escapes and characters
/// that may not appear in a URI (`"` is reported by the quoted-value check).
fn check_chars(input: &str, header: Span, sink: &mut Sink) {
    let b = input.as_bytes();
    let mut i = header.start;
    while i < header.end {
        let c = b[i];
        if c == b'%' {
            if scan::escape_at(b, i, header.end).is_some() {
                i += 3;
            } else {
                scan::report_bad_percent(input, i, header.end, sink);
                i += 1;
            }
        } else if c == b'"' || scan::is_urlchar(c) {
            i += 1;
        } else {
            i = scan::report_non_uri_run(input, i, header.end, Some(b'"'), sink);
        }
    }
}

/// Parse the header `header` of `input`.
pub(super) fn parse(input: &str, header: Span, sink: &mut Sink) -> Header {
    let b = input.as_bytes();
    check_chars(input, header, sink);
    let (mut pieces, open_quote) = split_pieces(b, header);
    if let Some(q) = open_quote {
        sink.push(
            Span::new(q, q + 1),
            Severity::Error,
            Code::DataUnterminatedQuote,
            || {
                "this quoted-string has no closing `\"` before the `,` that ends the header \
                 (a `,` inside quotes still ends it)"
                    .to_string()
            },
        );
    }

    // `;base64` is the last piece, after a `;`, with no `=`.
    let mut base64 = None;
    if pieces.len() >= 2 {
        let last = *pieces.last().unwrap_or(&header);
        let text = last.slice(input);
        let trimmed = text.trim_matches(' ');
        if trimmed.eq_ignore_ascii_case("base64") {
            let lead = text.len() - text.trim_start_matches(' ').len();
            let span = Span::new(last.start + lead, last.start + lead + 6);
            base64 = Some(span);
            if trimmed != "base64" {
                sink.push(span, Severity::Note, Code::DataBase64Case, || {
                    format!(
                        "`{}` is read as `base64` (ASCII case-insensitive, as browsers do); \
                         RFC 2397 §3 writes it in lower case",
                        span.slice(input)
                    )
                });
            }
            pieces.pop();
        }
    }

    let media_type = parse_essence(input, pieces[0], sink);
    let mt_end = pieces.last().map_or(header.start, |p| p.end);
    let media_type = MediaType {
        span: Span::new(header.start, mt_end),
        ..media_type
    };

    let mut parameters = Vec::with_capacity(pieces.len() - 1);
    let mut charset: Option<Charset> = None;
    for &piece in &pieces[1..] {
        let Some(p) = parse_parameter(input, piece, sink) else {
            continue;
        };
        if p.is("charset") {
            if let (Some(value), Some(vspan)) = (&p.value, p.value_span) {
                if charset.is_some() {
                    sink.push(
                        p.span,
                        Severity::Warning,
                        Code::DataDuplicateCharset,
                        || "a second `charset` parameter; the first one is used".to_string(),
                    );
                } else {
                    let encoding = Encoding::for_label(value.trim().as_bytes()).map(|e| e.name());
                    if encoding.is_none() {
                        sink.push(vspan, Severity::Warning, Code::DataUnknownCharset, || {
                            format!(
                                "`{value}` is not a charset label the WHATWG Encoding \
                                 Standard knows; the text is shown as UTF-8"
                            )
                        });
                    }
                    charset = Some(Charset {
                        label: value.clone(),
                        span: Some(vspan),
                        defaulted: false,
                        encoding,
                    });
                }
            }
        }
        parameters.push(p);
    }
    if charset.is_none() && (media_type.defaulted || media_type.is("text", "plain")) {
        charset = Some(Charset {
            label: DEFAULT_CHARSET.to_string(),
            span: None,
            defaulted: true,
            encoding: Encoding::for_label(DEFAULT_CHARSET.as_bytes()).map(|e| e.name()),
        });
    }
    Header {
        media_type,
        parameters,
        charset,
        base64,
    }
}

/// The `text/plain` that an omitted or invalid media type stands for.
fn defaulted(essence: Span) -> MediaType {
    MediaType {
        span: essence,
        essence,
        type_span: essence,
        subtype_span: None,
        type_name: "text".to_string(),
        subtype: "plain".to_string(),
        defaulted: true,
    }
}

/// Parse `type/subtype` (the first piece of the header).
fn parse_essence(input: &str, essence: Span, sink: &mut Sink) -> MediaType {
    let text = essence.slice(input);
    if text.is_empty() {
        return defaulted(essence);
    }
    let Some(slash) = text.find('/') else {
        if text.contains('=') {
            sink.push(essence, Severity::Error, Code::DataTypeMissing, || {
                format!(
                    "the header starts with the parameter `{text}`: a parameter needs a `;` \
                     before it even when the media type is omitted (`data:;{text},…`, \
                     RFC 2397 §3); taken as text/plain, as browsers do"
                )
            });
        } else {
            sink.push(essence, Severity::Error, Code::DataNoSubtype, || {
                format!(
                    "media type `{text}` has no `/subtype` (RFC 2045 §5.1: type \"/\" subtype); \
                     taken as text/plain, as browsers do"
                )
            });
        }
        let mut m = defaulted(essence);
        m.type_span = essence;
        return m;
    };
    let type_span = Span::new(essence.start, essence.start + slash);
    let subtype_span = Span::new(essence.start + slash + 1, essence.end);
    let mut ok = true;
    for (span, what) in [(type_span, "type"), (subtype_span, "subtype")] {
        if span.is_empty() {
            ok = false;
            let code = if what == "type" {
                Code::DataTypeEmpty
            } else {
                Code::DataSubtypeEmpty
            };
            let at = if what == "type" {
                Span::new(span.start, span.start + 1) // the `/`
            } else {
                Span::new(span.start - 1, span.start)
            };
            sink.push(at, Severity::Error, code, || {
                format!(
                    "empty {what} in `{text}` (RFC 2045 §5.1: a {what} is a non-empty token); \
                     taken as text/plain, as browsers do"
                )
            });
        } else if let Some(bad) = first_non_token(input, span) {
            ok = false;
            sink.push(bad, Severity::Error, Code::DataTypeToken, || {
                format!(
                    "{} may not appear in a media {what} (RFC 2045 §5.1 token: no space, \
                     control or tspecial ()<>@,;:\\\"/[]?=); taken as text/plain, as browsers do",
                    describe_char(input, bad.start)
                )
            });
        }
    }
    if !ok {
        let mut m = defaulted(essence);
        m.type_span = type_span;
        m.subtype_span = Some(subtype_span);
        return m;
    }
    MediaType {
        span: essence,
        essence,
        type_span,
        subtype_span: Some(subtype_span),
        type_name: type_span.slice(input).to_ascii_lowercase(),
        subtype: subtype_span.slice(input).to_ascii_lowercase(),
        defaulted: false,
    }
}

/// Parse one `attribute=value` piece; `None` for an empty piece.
fn parse_parameter(input: &str, piece: Span, sink: &mut Sink) -> Option<Parameter> {
    let text = piece.slice(input);
    if text.is_empty() {
        let semi = Span::new(piece.start - 1, piece.start);
        sink.push(semi, Severity::Warning, Code::DataParamEmpty, || {
            "empty parameter: a `;` followed by nothing (RFC 2397 §3: \
             parameter := attribute \"=\" value)"
                .to_string()
        });
        return None;
    }
    let Some(eq) = text.find('=') else {
        if text.trim_matches(' ').eq_ignore_ascii_case("base64") {
            sink.push(piece, Severity::Warning, Code::DataBase64NotLast, || {
                "`;base64` must come last, just before the `,` (RFC 2397 §3); here it is a \
                 parameter without a value, and the data is not base64-decoded (as browsers do)"
                    .to_string()
            });
        } else {
            sink.push(piece, Severity::Warning, Code::DataParamNoValue, || {
                format!(
                    "parameter `{text}` has no `=` and value (RFC 2397 §3: parameter := \
                     attribute \"=\" value); only a final `;base64` may stand alone"
                )
            });
        }
        return Some(Parameter {
            span: piece,
            attribute: text.to_string(),
            attribute_span: piece,
            value: None,
            value_span: None,
            quoted: false,
        });
    };
    let attribute_span = Span::new(piece.start, piece.start + eq);
    let value_span = Span::new(piece.start + eq + 1, piece.end);
    if attribute_span.is_empty() {
        sink.push(
            attribute_span,
            Severity::Error,
            Code::DataAttributeEmpty,
            || {
                "a parameter with an empty attribute before its `=` (RFC 2045 §5.1: \
             attribute := token)"
                    .to_string()
            },
        );
    } else if let Some(bad) = first_non_token(input, attribute_span) {
        sink.push(bad, Severity::Error, Code::DataAttributeToken, || {
            format!(
                "{} may not appear in a parameter attribute (RFC 2045 §5.1 token: no space, \
                 control or tspecial ()<>@,;:\\\"/[]?=)",
                describe_char(input, bad.start)
            )
        });
    }
    let raw = value_span.slice(input);
    let quoted = raw.starts_with('"');
    let value = if quoted {
        sink.push(value_span, Severity::Warning, Code::DataQuotedValue, || {
            "a quoted-string value: `\"` is not a urlchar, and RFC 2397 §3 asks for \
             %-escapes instead of quoting a value with tspecials"
                .to_string()
        });
        let unq = unquote(input, value_span);
        if unq.contains('%') {
            pct_decode(&unq, Span::new(0, unq.len()))
        } else {
            unq
        }
    } else {
        pct_decode(input, value_span)
    };
    Some(Parameter {
        span: piece,
        attribute: attribute_span.slice(input).to_string(),
        attribute_span,
        value: Some(value),
        value_span: Some(value_span),
        quoted,
    })
}
