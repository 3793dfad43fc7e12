//! The decoded bytes: `%XX` escapes, then base64 as browsers read it.

use crate::Code;
use base64::engine::general_purpose::GeneralPurpose;
use base64::engine::{DecodePaddingMode, GeneralPurposeConfig};
use base64::{alphabet, DecodeError, Engine as _};

use crate::{Finding, Severity, Span};

use super::scan::{self, PctIter, Unit};
use super::DataUrl;

/// The payload of a data URL, or its first bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    /// The decoded bytes: all of them, or the first `limit` given to
    /// [`decode_prefix`], or those before a base64 error.
    pub bytes: Vec<u8>,
    /// The size of the whole payload ([`DataUrl::decoded_len`]).
    pub total_len: usize,
    /// Whether `bytes` stops at the limit and more bytes follow.
    pub truncated: bool,
    /// The first base64 error, located in the input; `bytes` then holds
    /// what decodes before it. Always `None` for data that is not base64.
    pub error: Option<PayloadError>,
    /// The malformed `%` escapes met while decoding (kept as a literal
    /// `%`, as browsers do), as spans of the input.
    pub malformed: Vec<Span>,
}

/// Where and why base64 decoding stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayloadError {
    /// The offending character in the input (a whole `%XX` escape when
    /// the byte came from one); empty at the end of the data for a
    /// length error.
    pub span: Span,
    /// The byte the base64 decoder rejected (after `%`-decoding); `None`
    /// when the data is cut short.
    pub byte: Option<u8>,
    /// A stable code: `data-base64-invalid`, `data-base64-padding` or
    /// `data-base64-length`.
    pub code: Code,
    /// What was found and what was expected.
    pub message: String,
}

impl PayloadError {
    /// The error as a [`Finding`].
    #[must_use]
    pub fn finding(&self) -> Finding {
        Finding::new(self.span, Severity::Error, self.code, self.message.clone())
    }
}

impl std::fmt::Display for PayloadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at bytes {}..{}: {}",
            self.code, self.span.start, self.span.end, self.message
        )
    }
}

impl std::error::Error for PayloadError {}

/// The base64 engine: standard alphabet, padding optional, non-zero
/// trailing bits allowed (the WHATWG forgiving-base64 reading).
const FORGIVING: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

/// Decode the whole payload of `url`, analyzed from `input`.
///
/// Data that is not base64 is `%`-decoded; a malformed escape stays a
/// literal `%`. Base64 data is `%`-decoded first, then ASCII whitespace
/// is skipped and the rest decoded with the standard alphabet, padding
/// optional (as browsers do); see [`Payload::error`] for what happens on
/// an error.
///
/// ```
/// use uriscope_core::data_url::{analyze, decode_payload};
/// let s = "data:;base64,SGVsbG8=";
/// let d = analyze(s).unwrap().unwrap();
/// assert_eq!(decode_payload(&d, s).bytes, b"Hello");
/// ```
#[must_use]
pub fn decode_payload(url: &DataUrl, input: &str) -> Payload {
    decode_prefix(url, input, usize::MAX)
}

/// Decode at most the first `limit` bytes of the payload of `url`,
/// reading only as much of `input` as they need.
#[must_use]
pub fn decode_prefix(url: &DataUrl, input: &str, limit: usize) -> Payload {
    let b = input.as_bytes();
    let data = clamp(url.data, input);
    let mut malformed = Vec::new();
    if url.base64.is_none() {
        let mut bytes = Vec::with_capacity(data.len().min(limit));
        for u in PctIter::new(b, data) {
            if bytes.len() >= limit {
                break;
            }
            if u.malformed {
                malformed.push(scan::malformed_span(b, u.start, data.end));
            }
            bytes.push(u.byte);
        }
        let truncated = bytes.len() < url.decoded_len;
        return Payload {
            bytes,
            total_len: url.decoded_len,
            truncated,
            error: None,
            malformed,
        };
    }

    // Base64: the symbols after %-decoding, whitespace skipped, up to the
    // quanta that give `limit` bytes.
    let want = limit.saturating_add(2) / 3;
    let want = want.saturating_mul(4);
    let mut clean = Vec::with_capacity(data.len().min(want).saturating_add(1));
    let mut units = PctIter::new(b, data);
    for u in units.by_ref() {
        if u.malformed {
            malformed.push(scan::malformed_span(b, u.start, data.end));
        } else if scan::is_b64_space(u.byte) {
            continue;
        }
        clean.push(u.byte);
        if clean.len() >= want {
            break;
        }
    }
    // Padding at the cut is not the end of the data when more follows: keep
    // the next symbol so that it reads as misplaced, as in the whole.
    if clean.last() == Some(&b'=') {
        if let Some(u) = units.find(|u| u.malformed || !scan::is_b64_space(u.byte)) {
            clean.push(u.byte);
        }
    }
    let (mut bytes, error) = match FORGIVING.decode(&clean) {
        Ok(v) => (v, None),
        Err(e) => {
            // The decoder's offset is not always the first bad byte (it
            // checks the last quantum apart), so look for the first one.
            let (index, byte, code) = match first_bad(&clean) {
                Some(i) if clean[i] == b'=' => (i, Some(b'='), Code::DataBase64Padding),
                Some(i) => (i, Some(clean[i]), Code::DataBase64Invalid),
                None => match e {
                    DecodeError::InvalidByte(i, byte) | DecodeError::InvalidLastSymbol(i, byte) => {
                        let code = if byte == b'=' {
                            Code::DataBase64Padding
                        } else {
                            Code::DataBase64Invalid
                        };
                        (i, Some(byte), code)
                    }
                    DecodeError::InvalidLength(_) => {
                        (clean.len().saturating_sub(1), None, Code::DataBase64Length)
                    }
                    DecodeError::InvalidPadding => {
                        let i = clean.iter().position(|&c| c == b'=').unwrap_or(clean.len());
                        (i, Some(b'='), Code::DataBase64Padding)
                    }
                },
            };
            let good = index.min(clean.len()) / 4 * 4;
            let v = FORGIVING.decode(&clean[..good]).unwrap_or_default();
            (v, Some(locate(input, data, index, byte, code, clean.len())))
        }
    };
    bytes.truncate(limit);
    let truncated = error.is_none() && bytes.len() < url.decoded_len;
    Payload {
        bytes,
        total_len: url.decoded_len,
        truncated,
        error,
        malformed,
    }
}

/// The first symbol that cannot be base64 where it is: a byte outside the
/// alphabet, or a `=` that more symbols follow.
fn first_bad(clean: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < clean.len() {
        let c = clean[i];
        if c == b'=' {
            let pads = clean[i..].iter().take_while(|&&c| c == b'=').count();
            if i + pads < clean.len() {
                return Some(i);
            }
            return None;
        }
        if scan::b64_value(c).is_none() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `span` cut to fit `input` (a `DataUrl` from another input must not panic).
fn clamp(span: Span, input: &str) -> Span {
    let end = span.end.min(input.len());
    let mut start = span.start.min(end);
    while !input.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = end;
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    Span::new(start.min(end), end)
}

/// The source of the `index`-th symbol (whitespace skipped) of `data`.
fn nth_symbol(input: &str, data: Span, index: usize) -> Option<Unit> {
    PctIter::new(input.as_bytes(), data)
        .filter(|u| u.malformed || !scan::is_b64_space(u.byte))
        .nth(index)
}

/// Turn the decoder's symbol index into a located error.
fn locate(
    input: &str,
    data: Span,
    index: usize,
    byte: Option<u8>,
    code: Code,
    symbols: usize,
) -> PayloadError {
    let unit = if byte.is_some() {
        nth_symbol(input, data, index)
    } else {
        None
    };
    let Some(u) = unit else {
        return PayloadError {
            span: Span::empty(data.end),
            byte,
            code,
            message: format!(
                "base64 data of {symbols} symbols ends with one symbol alone \
                 (a quantum needs 2 to 4, RFC 4648 §4)"
            ),
        };
    };
    let mut start = u.start;
    while !input.is_char_boundary(start) {
        start -= 1;
    }
    let span = if u.escaped {
        u.source()
    } else {
        let n = input[start..].chars().next().map_or(1, char::len_utf8);
        Span::new(start, start + n)
    };
    let what = if u.escaped {
        scan::describe_unit(input, &u)
    } else {
        crate::syntax::error::describe_char(input, start)
    };
    let message = match byte {
        Some(b'=') => format!(
            "base64 decoding stops at byte {}: padding `=` in the middle of the data \
             (RFC 4648 §3.2)",
            span.start
        ),
        _ if u.malformed => format!(
            "base64 decoding stops at byte {}: a `%` that starts no escape is not base64",
            span.start
        ),
        _ => format!(
            "base64 decoding stops at byte {}: {what} is not in the base64 alphabet \
             (A-Z a-z 0-9 + /, RFC 4648 §4)",
            span.start
        ),
    };
    PayloadError {
        span,
        byte,
        code,
        message,
    }
}
