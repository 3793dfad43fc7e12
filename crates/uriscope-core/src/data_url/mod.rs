//! `data:` URIs (RFC 2397): media type, parameters, encoding, payload.
//!
//! ```text
//! dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
//! mediatype := [ type "/" subtype ] *( ";" parameter )
//! parameter := attribute "=" value
//! ```
//!
//! Three steps, each pure (no terminal, no I/O) and linear in the input:
//!
//! - [`analyze`] reads the header (media type, parameters, `;base64`) and
//!   scans the data once without decoding it: every span is a byte range
//!   of the whole input, every problem is a [`Finding`] with a position,
//!   and the decoded size is counted arithmetically
//!   ([`DataUrl::decoded_len`]). At most [`MAX_FINDINGS`] findings are
//!   kept; the rest are only counted ([`DataUrl::findings_omitted`]).
//! - [`decode_payload`] / [`decode_prefix`] give the bytes: `%XX` escapes
//!   decoded, then, for `;base64`, base64 as browsers read it (the
//!   WHATWG *forgiving-base64*: ASCII whitespace skipped, padding
//!   optional, trailing bits ignored). A base64 error is located in the
//!   original input ([`PayloadError`]).
//! - [`preview`] decodes only the prefix it shows and picks a
//!   [`Preview`]: text in its charset (via `encoding_rs`), an image's kind
//!   and size from its header (via `imagesize`), or a hex dump.
//!
//! The data ends at the first `#`: RFC 2397 gives data URLs no fragment,
//! but RFC 3986 splits one off, so [`DataUrl::fragment`] is kept apart
//! and never decoded.
//!
//! Where RFC 2397 and browsers differ, the browser reading is decoded and
//! the RFC rule is a finding: `;base64` not last is a plain parameter, a
//! media type that does not parse falls back to `text/plain`.

use crate::Code;
mod facts;
mod header;
mod payload;
mod preview;
mod scan;

use std::fmt;

use crate::{Finding, Severity, Span};

pub use facts::{Facts, Payload as PayloadKind};
pub use payload::{decode_payload, decode_prefix, Payload, PayloadError};
pub use preview::{
    hex_dump, preview, visible_controls, Dimensions, ImageKind, Preview, PreviewOptions,
};

/// At most this many findings are stored in a [`DataUrl`]; more are
/// counted in [`DataUrl::findings_omitted`]. Keeps an input full of
/// errors linear in time and memory.
pub const MAX_FINDINGS: usize = 1000;

/// The charset RFC 2397 assumes when the media type is omitted.
pub const DEFAULT_CHARSET: &str = "US-ASCII";

/// A `data:` URI taken apart. All spans are byte ranges of the input given
/// to [`analyze`], on `char` boundaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataUrl {
    /// The scheme, `data` in any case, without its `:`.
    pub scheme: Span,
    /// Everything between `data:` and the `,`: media type, parameters and
    /// `;base64`.
    pub header: Span,
    /// The media type: `type/subtype` and what it was taken to be.
    pub media_type: MediaType,
    /// The parameters in order (a final `;base64` is not one of them).
    pub parameters: Vec<Parameter>,
    /// The charset: the first `charset` parameter, or the US-ASCII
    /// default when the media type is omitted (or invalid) or is
    /// `text/plain` without one; `None` for other types without one.
    pub charset: Option<Charset>,
    /// The `base64` token when the header ends with `;base64`.
    pub base64: Option<Span>,
    /// Byte offset of the `,` that ends the header.
    pub comma: usize,
    /// The data after the `,`, up to the `#` or the end.
    pub data: Span,
    /// The fragment without its `#`. Not data: RFC 2397 defines none, the
    /// `#` ends the data by RFC 3986 §3.5.
    pub fragment: Option<Span>,
    /// The size of the decoded payload in bytes, counted without decoding.
    /// Exact when the data has no base64 error; with errors, what the
    /// base64 symbols present would decode to.
    pub decoded_len: usize,
    /// Problems and remarks, in input order, at most [`MAX_FINDINGS`].
    pub findings: Vec<Finding>,
    /// How many findings were dropped past [`MAX_FINDINGS`].
    pub findings_omitted: usize,
}

impl DataUrl {
    /// Whether the data is base64 (the header ends with `;base64`).
    #[must_use]
    pub fn is_base64(&self) -> bool {
        self.base64.is_some()
    }

    /// The media type essence in lower case, such as `text/plain`.
    #[must_use]
    pub fn essence(&self) -> String {
        self.media_type.essence()
    }

    /// The first parameter whose attribute is `name` (ASCII case-insensitive).
    #[must_use]
    pub fn parameter(&self, name: &str) -> Option<&Parameter> {
        self.parameters.iter().find(|p| p.is(name))
    }

    /// Whether no error was found (warnings and notes allowed).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Error)
    }
}

/// The `type/subtype` part of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MediaType {
    /// The media type as written: `type/subtype` and its parameters,
    /// without a final `;base64`. Empty when omitted.
    pub span: Span,
    /// `type/subtype` as written (empty when omitted, as in `data:;charset=…`).
    pub essence: Span,
    /// The type as written, before the `/`.
    pub type_span: Span,
    /// The subtype as written, after the `/`; `None` without a `/`.
    pub subtype_span: Option<Span>,
    /// The type in ASCII lower case, for comparison; `text` when defaulted.
    pub type_name: String,
    /// The subtype in ASCII lower case; `plain` when defaulted.
    pub subtype: String,
    /// Whether `text/plain` was assumed: the type was omitted, or did not
    /// parse (a finding says why), as browsers do.
    pub defaulted: bool,
}

impl MediaType {
    /// `type/subtype` in lower case.
    #[must_use]
    pub fn essence(&self) -> String {
        format!("{}/{}", self.type_name, self.subtype)
    }

    /// Whether this is `type/subtype` (ASCII case-insensitive).
    #[must_use]
    pub fn is(&self, type_name: &str, subtype: &str) -> bool {
        self.type_name.eq_ignore_ascii_case(type_name) && self.subtype.eq_ignore_ascii_case(subtype)
    }
}

/// One `;attribute=value` of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The whole parameter, without its leading `;`.
    pub span: Span,
    /// The attribute as written.
    pub attribute: String,
    /// The attribute's span.
    pub attribute_span: Span,
    /// The value, unquoted and percent-decoded (lossy UTF-8); `None`
    /// without a `=`.
    pub value: Option<String>,
    /// The value as written, after the `=` (quotes included).
    pub value_span: Option<Span>,
    /// Whether the value was a quoted-string (RFC 2397 asks for `%`-escapes instead).
    pub quoted: bool,
}

impl Parameter {
    /// Whether the attribute is `name` (ASCII case-insensitive).
    #[must_use]
    pub fn is(&self, name: &str) -> bool {
        self.attribute.eq_ignore_ascii_case(name)
    }
}

/// The charset the data is text in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charset {
    /// The label as given (decoded), or [`DEFAULT_CHARSET`] when defaulted.
    pub label: String,
    /// The value span of the `charset` parameter; `None` when defaulted.
    pub span: Option<Span>,
    /// Whether no `charset` parameter was given and US-ASCII is assumed.
    pub defaulted: bool,
    /// The WHATWG Encoding Standard name the label maps to (`US-ASCII`
    /// maps to `windows-1252`, as in browsers); `None` for an unknown label.
    pub encoding: Option<&'static str>,
}

/// Why a `data:` URI could not be read: there is no `,` before the data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataUrlError {
    /// Where the `,` was expected: the end of the header (the `#` or the
    /// end of the input).
    pub at: usize,
    /// What was expected there, in words.
    pub expected: &'static str,
    /// The header that was read, from after `data:` to `at`.
    pub header: Span,
    /// A `,` that comes after the `#`, in the fragment, where it cannot
    /// end the header.
    pub comma_in_fragment: Option<usize>,
}

impl DataUrlError {
    /// The stable finding code, `data-missing-comma`.
    pub const CODE: Code = Code::DataMissingComma;

    /// The error as a [`Finding`] at [`at`](Self::at).
    #[must_use]
    pub fn finding(&self) -> Finding {
        Finding::new(
            Span::empty(self.at),
            Severity::Error,
            Self::CODE,
            self.to_string(),
        )
    }
}

impl fmt::Display for DataUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected {} at byte {}; RFC 2397 §3: dataurl := \"data:\" [ mediatype ] [ \";base64\" ] \",\" data",
            self.expected, self.at
        )?;
        if let Some(c) = self.comma_in_fragment {
            write!(
                f,
                " (the `,` at byte {c} is in the fragment, after the `#` at byte {})",
                self.at
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for DataUrlError {}

/// Take a `data:` URI apart: `None` when the scheme is not `data` (ASCII
/// case-insensitive), an error when no `,` ends the header.
///
/// Linear in the input; the data is scanned, not decoded (see
/// [`decode_payload`] and [`preview`]).
///
/// ```
/// use uriscope_core::data_url::analyze;
///
/// let s = "data:text/plain;charset=iso-8859-7,%be%fg%be";
/// let d = analyze(s).unwrap().unwrap();
/// assert_eq!(d.media_type.span.slice(s), "text/plain;charset=iso-8859-7");
/// assert_eq!(d.essence(), "text/plain");
/// assert_eq!(d.charset.as_ref().unwrap().label, "iso-8859-7");
/// assert_eq!(d.data.slice(s), "%be%fg%be");
/// assert_eq!(d.decoded_len, 5); // 0xBE, '%', 'f', 'g', 0xBE
/// let bad = &d.findings[0];
/// assert_eq!(bad.code, "data-bad-percent");
/// assert_eq!(bad.span.slice(s), "%fg");
///
/// assert!(analyze("http://example.com/").is_none());
/// let err = analyze("data:text/plain").unwrap().unwrap_err();
/// assert_eq!(err.at, 15);
/// ```
#[must_use]
pub fn analyze(uri: &str) -> Option<Result<DataUrl, DataUrlError>> {
    let b = uri.as_bytes();
    if b.len() < 5 || !b[..5].eq_ignore_ascii_case(b"data:") {
        return None;
    }
    let hash = b.iter().position(|&c| c == b'#');
    let body_end = hash.unwrap_or(b.len());
    let fragment = hash.map(|h| Span::new(h + 1, b.len()));
    let Some(comma) = b[5..body_end]
        .iter()
        .position(|&c| c == b',')
        .map(|p| p + 5)
    else {
        let comma_in_fragment =
            hash.and_then(|h| b[h..].iter().position(|&c| c == b',').map(|p| p + h));
        return Some(Err(DataUrlError {
            at: body_end,
            expected: "a `,` to end the media type and start the data",
            header: Span::new(5, body_end),
            comma_in_fragment,
        }));
    };

    let mut sink = scan::Sink::default();
    let header_span = Span::new(5, comma);
    let h = header::parse(uri, header_span, &mut sink);
    let data = Span::new(comma + 1, body_end);
    let decoded_len = if h.base64.is_some() {
        scan::scan_base64(uri, data, &mut sink)
    } else {
        scan::scan_text(uri, data, &mut sink)
    };
    if let (Some(frag), Some(h)) = (fragment, hash) {
        sink.push(
            Span::new(h, frag.end),
            Severity::Note,
            Code::DataFragment,
            || {
                "the `#` ends the data (RFC 3986 §3.5); RFC 2397 defines no fragment for \
             data URLs, so this part is not decoded"
                    .to_string()
            },
        );
    }
    let (findings, findings_omitted) = sink.finish();
    Some(Ok(DataUrl {
        scheme: Span::new(0, 4),
        header: header_span,
        media_type: h.media_type,
        parameters: h.parameters,
        charset: h.charset,
        base64: h.base64,
        comma,
        data,
        fragment,
        decoded_len,
        findings,
        findings_omitted,
    }))
}

#[cfg(test)]
mod tests;
