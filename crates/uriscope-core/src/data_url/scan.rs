//! One pass over the data: findings with positions and the decoded size,
//! without decoding. Also the `%XX` reader shared with the decoder.

use crate::syntax::chars::{hex_value, is, QUERY};
use crate::syntax::error::describe_char;
use crate::Code;
use crate::{Finding, Severity, Span};

use super::MAX_FINDINGS;

/// Collects findings, keeping at most [`MAX_FINDINGS`] and counting the rest.
#[derive(Default)]
pub(super) struct Sink {
    list: Vec<Finding>,
    omitted: usize,
}

impl Sink {
    /// Add a finding; the message is built only when it is kept.
    pub(super) fn push(
        &mut self,
        span: Span,
        severity: Severity,
        code: Code,
        message: impl FnOnce() -> String,
    ) {
        if self.list.len() < MAX_FINDINGS {
            self.list
                .push(Finding::new(span, severity, code, message()));
        } else {
            self.omitted += 1;
        }
    }

    /// The findings in input order, and how many were dropped.
    pub(super) fn finish(mut self) -> (Vec<Finding>, usize) {
        self.list.sort_by_key(|f| (f.span.start, f.span.end));
        (self.list, self.omitted)
    }
}

/// One byte of the data as decoded from `%XX`, with where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Unit {
    /// The byte (the escape's value, or the byte itself).
    pub byte: u8,
    /// Byte offset of the source in the input.
    pub start: usize,
    /// Whether it came from a valid `%XX` escape (3 source bytes).
    pub escaped: bool,
    /// Whether it is a `%` that does not start a valid escape (kept as is).
    pub malformed: bool,
}

impl Unit {
    /// The source bytes of this unit.
    pub(super) fn source(&self) -> Span {
        Span::new(self.start, self.start + if self.escaped { 3 } else { 1 })
    }
}

/// The bytes of `b[start..end]` with `%XX` decoded. A `%` without two hex
/// digits is kept as a literal `%` (as browsers do), flagged `malformed`.
pub(super) struct PctIter<'a> {
    b: &'a [u8],
    i: usize,
    end: usize,
}

impl<'a> PctIter<'a> {
    pub(super) fn new(b: &'a [u8], span: Span) -> PctIter<'a> {
        PctIter {
            b,
            i: span.start,
            end: span.end,
        }
    }
}

impl Iterator for PctIter<'_> {
    type Item = Unit;

    #[inline]
    fn next(&mut self) -> Option<Unit> {
        let i = self.i;
        if i >= self.end {
            return None;
        }
        let c = self.b[i];
        if c == b'%' {
            if let Some(v) = escape_at(self.b, i, self.end) {
                self.i = i + 3;
                return Some(Unit {
                    byte: v,
                    start: i,
                    escaped: true,
                    malformed: false,
                });
            }
            self.i = i + 1;
            return Some(Unit {
                byte: c,
                start: i,
                escaped: false,
                malformed: true,
            });
        }
        self.i = i + 1;
        Some(Unit {
            byte: c,
            start: i,
            escaped: false,
            malformed: false,
        })
    }
}

/// The value of the valid escape whose `%` is at `i`, within `..end`.
#[inline]
pub(super) fn escape_at(b: &[u8], i: usize, end: usize) -> Option<u8> {
    if i + 2 >= end {
        return None;
    }
    Some(hex_value(b[i + 1])? << 4 | hex_value(b[i + 2])?)
}

/// The span of the malformed escape at `i`: the `%` and at most two ASCII
/// characters after it that are not `%` (as [`crate::percent::malformed_escapes`]).
pub(super) fn malformed_span(b: &[u8], i: usize, end: usize) -> Span {
    let mut e = i + 1;
    while e < end && e < i + 3 && b[e].is_ascii() && b[e] != b'%' {
        e += 1;
    }
    Span::new(i, e)
}

/// Report a malformed escape at `i`.
pub(super) fn report_bad_percent(input: &str, i: usize, end: usize, sink: &mut Sink) {
    let span = malformed_span(input.as_bytes(), i, end);
    sink.push(span, Severity::Error, Code::DataBadPercent, || {
        format!(
            "`{}` is not a %-escape: `%` must be followed by two hex digits \
             (RFC 3986 §2.1); it is kept as a literal `%`",
            span.slice(input)
        )
    });
}

/// Whether `b` may appear literally in a URI path or query: RFC 2397's
/// `urlchar` (RFC 3986 `pchar`, `/`, `?`); `%` is checked on its own.
#[inline]
pub(super) fn is_urlchar(b: u8) -> bool {
    is(b, QUERY)
}

/// Report the run of characters that may not appear in a URI starting at
/// `i` (before `end`, and before any `also_stop` byte) and return where it
/// ends. `b[i]` must not be `%`, a `urlchar` or `also_stop`.
pub(super) fn report_non_uri_run(
    input: &str,
    i: usize,
    end: usize,
    also_stop: Option<u8>,
    sink: &mut Sink,
) -> usize {
    let b = input.as_bytes();
    let mut e = i + 1;
    while e < end && b[e] != b'%' && Some(b[e]) != also_stop && !is_urlchar(b[e]) {
        e += 1;
    }
    let span = Span::new(i, e);
    sink.push(span, Severity::Warning, Code::DataInvalidChar, || {
        let n = span.slice(input).chars().count();
        let first = describe_char(input, i);
        if n == 1 {
            format!(
                "{first} may not appear in a URI (RFC 2397 §3: data := *urlchar); \
                 it should be %-encoded, as a browser would"
            )
        } else {
            format!(
                "{n} characters starting with {first} may not appear in a URI \
                 (RFC 2397 §3: data := *urlchar); they should be %-encoded, as a browser would"
            )
        }
    });
    e
}

/// Scan data that is not base64: malformed escapes and characters that are
/// not `urlchar`. Returns the decoded size.
pub(super) fn scan_text(input: &str, data: Span, sink: &mut Sink) -> usize {
    let b = input.as_bytes();
    let mut len = 0;
    let mut i = data.start;
    while i < data.end {
        let c = b[i];
        if c == b'%' {
            if escape_at(b, i, data.end).is_some() {
                i += 3;
            } else {
                report_bad_percent(input, i, data.end, sink);
                i += 1;
            }
            len += 1;
        } else if is_urlchar(c) {
            i += 1;
            len += 1;
        } else {
            let e = report_non_uri_run(input, i, data.end, None, sink);
            len += e - i;
            i = e;
        }
    }
    len
}

/// `B64_VALUE[b]`: the value of standard base64 symbol `b`, or `0xFF`.
static B64_VALUE: [u8; 256] = {
    let mut t = [0xFF; 256];
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut i = 0;
    while i < 64 {
        t[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// The value of a standard base64 symbol, or `None`.
#[inline]
pub(super) fn b64_value(c: u8) -> Option<u8> {
    let v = B64_VALUE[c as usize];
    (v != 0xFF).then_some(v)
}

/// ASCII whitespace as the WHATWG forgiving-base64 strips it.
#[inline]
pub(super) fn is_b64_space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The decoded size of `symbols` base64 symbols (padding not counted).
#[inline]
pub(super) fn b64_decoded_len(symbols: usize) -> usize {
    symbols / 4 * 3 + [0, 0, 1, 2][symbols % 4]
}

/// The source span of a unit for a message: the escape, or the whole
/// character it starts.
fn unit_char_span(input: &str, u: &Unit) -> Span {
    if u.escaped {
        return u.source();
    }
    let n = input[u.start..].chars().next().map_or(1, char::len_utf8);
    Span::new(u.start, u.start + n)
}

/// How a unit reads in a message: `'!'`, `%FF (byte 0xFF)`.
pub(super) fn describe_unit(input: &str, u: &Unit) -> String {
    if u.escaped {
        format!(
            "`{}` (byte 0x{:02X}, decoded before base64)",
            u.source().slice(input),
            u.byte
        )
    } else {
        describe_char(input, u.start)
    }
}

/// Scan base64 data after `%`-decoding: whitespace, characters outside
/// the alphabet, misplaced or partial padding, the length, trailing bits.
/// Returns the decoded size (exact when there is no error).
pub(super) fn scan_base64(input: &str, data: Span, sink: &mut Sink) -> usize {
    let b = input.as_bytes();
    let mut symbols = 0usize;
    let mut last_symbol: Option<(u8, Span)> = None;
    // The run of `=` seen since the last symbol: first source offset, count.
    let mut pads: Option<(usize, usize, usize)> = None; // (start, end, count)
    let mut escapes = 0usize;
    let mut first_escape = Span::empty(data.start);
    let mut space_run: Option<(usize, usize)> = None;
    // An error in the middle makes the checks of the last quantum moot.
    let mut broken = false;

    let mut it = PctIter::new(b, data);
    loop {
        // Fast path: a run of plain symbols, nothing pending.
        if pads.is_none() && space_run.is_none() {
            let from = it.i;
            let mut j = from;
            while j < data.end && B64_VALUE[b[j] as usize] != 0xFF {
                j += 1;
            }
            if j > from {
                symbols += j - from;
                last_symbol = Some((B64_VALUE[b[j - 1] as usize], Span::new(j - 1, j)));
                it.i = j;
            }
        }
        let Some(u) = it.next() else { break };
        if u.escaped {
            if escapes == 0 {
                first_escape = u.source();
            }
            escapes += 1;
        }
        let src = u.source();
        if is_b64_space(u.byte) && !u.malformed {
            match &mut space_run {
                Some((_, e)) if *e == src.start => *e = src.end,
                _ => {
                    flush_space(input, space_run.take(), sink);
                    space_run = Some((src.start, src.end));
                }
            }
            continue;
        }
        flush_space(input, space_run.take(), sink);
        if u.malformed {
            report_bad_percent(input, u.start, data.end, sink);
            broken = true;
            continue;
        }
        if u.byte == b'=' {
            match &mut pads {
                Some((_, e, n)) => {
                    *e = src.end;
                    *n += 1;
                }
                None => pads = Some((src.start, src.end, 1)),
            }
            continue;
        }
        match b64_value(u.byte) {
            Some(v) => {
                if let Some((s, e, _)) = pads.take() {
                    broken = true;
                    let span = Span::new(s, e);
                    sink.push(span, Severity::Error, Code::DataBase64Padding, || {
                        "padding `=` in the middle of base64 data: `=` may only end it \
                         (RFC 4648 §3.2, RFC 2397 §3)"
                            .to_string()
                    });
                }
                symbols += 1;
                last_symbol = Some((v, src));
            }
            None => {
                broken = true;
                let span = unit_char_span(input, &u);
                if !u.escaped {
                    // Skip the rest of a multi-byte character.
                    it.i = span.end;
                }
                sink.push(span, Severity::Error, Code::DataBase64Invalid, || {
                    format!(
                        "{} is not in the base64 alphabet (A-Z a-z 0-9 + / and = padding, \
                         RFC 4648 §4); browsers reject the whole URL",
                        describe_unit(input, &u)
                    )
                });
            }
        }
    }
    flush_space(input, space_run.take(), sink);

    if escapes > 0 {
        sink.push(
            first_escape,
            Severity::Note,
            Code::DataBase64Escapes,
            || {
                format!(
                    "{escapes} %-escape{} in base64 data, decoded before base64 as browsers do; \
                 the first is here",
                    if escapes == 1 { "" } else { "s" }
                )
            },
        );
    }

    if !broken {
        check_last_quantum(symbols, pads, last_symbol, data.end, sink);
    }
    b64_decoded_len(symbols)
}

/// The checks of the end of base64 data: padding, length, trailing bits.
fn check_last_quantum(
    symbols: usize,
    pads: Option<(usize, usize, usize)>,
    last_symbol: Option<(u8, Span)>,
    end: usize,
    sink: &mut Sink,
) {
    let rem = symbols % 4;
    let end = Span::empty(end);
    if let Some((s, e, n)) = pads {
        let span = Span::new(s, e);
        if rem == 1 {
            // A lone last symbol: the length error below says it.
        } else if rem == 0 {
            sink.push(span, Severity::Error, Code::DataBase64Padding, || {
                "padding `=` after a complete base64 quantum (RFC 4648 §3.2)".to_string()
            });
        } else if n > 4 - rem {
            sink.push(span, Severity::Error, Code::DataBase64Padding, || {
                format!(
                    "{n} padding `=` where {} complete the last quantum (RFC 4648 §4)",
                    4 - rem
                )
            });
        } else if n < 4 - rem {
            sink.push(
                span,
                Severity::Warning,
                Code::DataBase64PartialPadding,
                || {
                    format!(
                        "{n} padding `=` where {} complete the last quantum (RFC 4648 §4); \
                     browsers reject this, it is decoded as if unpadded",
                        4 - rem
                    )
                },
            );
        }
    } else if rem >= 2 {
        sink.push(end, Severity::Note, Code::DataBase64Unpadded, || {
            format!(
                "base64 data without its final {} `=` (RFC 4648 §3.2 asks for padding); \
                 browsers and this decoder accept it",
                4 - rem
            )
        });
    }
    if let Some((v, span)) = last_symbol {
        if rem == 1 {
            sink.push(span, Severity::Error, Code::DataBase64Length, || {
                format!(
                    "base64 data of {symbols} symbols: one symbol alone cannot end it \
                     (a quantum needs 2 to 4, RFC 4648 §4)"
                )
            });
        } else if (rem == 2 && v & 0x0F != 0) || (rem == 3 && v & 0x03 != 0) {
            sink.push(span, Severity::Note, Code::DataBase64TrailingBits, || {
                "the last base64 symbol has non-zero unused bits (not canonical, \
                 RFC 4648 §3.5); they are ignored"
                    .to_string()
            });
        }
    }
}

/// Report a run of whitespace in base64 data.
fn flush_space(input: &str, run: Option<(usize, usize)>, sink: &mut Sink) {
    let Some((s, e)) = run else { return };
    let span = Span::new(s, e);
    sink.push(span, Severity::Warning, Code::DataBase64Whitespace, || {
        format!(
            "whitespace ({}) in base64 data: not a urlchar (RFC 2397 §3); \
             browsers skip it (forgiving-base64), and so does this decoder",
            describe_char_or_escape(input, span)
        )
    });
}

/// The first character of a span, or its escape text.
fn describe_char_or_escape(input: &str, span: Span) -> String {
    if input.as_bytes()[span.start] == b'%' {
        format!("`{}`", &input[span.start..span.start + 3])
    } else {
        describe_char(input, span.start)
    }
}
