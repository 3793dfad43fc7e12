//! Strict RFC 3986 validation of a URI-reference (Appendix A), one pass,
//! byte-class tables, no allocation on the fast path.
//!
//! The same engine serves two callers through a `Sink`: [`parse`] stops at
//! the first error and returns a small [`ParseError`]; [`analyze`] keeps
//! going and collects every problem (and the notes) as [`Finding`]s.

use crate::syntax::chars::{self, is, PATH, QUERY, SCHEME, SCHEME_END, SEGMENT_NC, USERINFO};
use crate::syntax::error::{Finding, ParseError, Rule, Severity};
use crate::syntax::report::{Report, GROUP_POSITIONS};
use crate::syntax::sink::{
    Compact, Counting, Detail, Diag, FirstError, FirstErrors, FirstFinding, Issue, Keep, Sink, Stop,
};
use crate::syntax::split::{split, Split};
use crate::syntax::uri_ref::{
    Authority, ComponentSpans, Host, HostKind, PathKind, UriRef, MAX_INPUT_LEN,
};
use crate::Code;
use crate::Span;

pub(crate) type R<T = ()> = Result<T, Stop>;

/// Which grammar to validate against: RFC 3986 by default.
///
/// ```
/// use uriscope_core::{ParseOptions, UriRef};
/// const IRI: ParseOptions = ParseOptions::new().iri(true);
/// let u = UriRef::parse_with("http://例え.jp/パス", IRI).unwrap();
/// assert_eq!(u.host(), Some("例え.jp"));
/// assert!(uriscope_core::parse("http://例え.jp/").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Accept RFC 3987 IRIs: `ucschar` in userinfo, host, path, query and
    /// fragment, and `iprivate` in the query (RFC 3987 §2.2).
    pub iri: bool,
}

impl ParseOptions {
    /// The RFC 3986 grammar (the default).
    #[must_use]
    pub const fn new() -> ParseOptions {
        ParseOptions { iri: false }
    }

    /// These options with IRIs accepted or not ([`ParseOptions::iri`]).
    #[must_use]
    pub const fn iri(mut self, iri: bool) -> ParseOptions {
        self.iri = iri;
        self
    }
}

/// Validate `input` as an RFC 3986 URI-reference.
///
/// ```
/// use uriscope_core::{parse, Code, component::HostKind};
/// let u = parse("http://[fe80::1%25en0]:8080/").unwrap();
/// assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
/// let e = parse("http://exa mple.com/").unwrap_err();
/// assert_eq!((e.at, e.code), (10, Code::Whitespace));
/// ```
pub fn parse(input: &str) -> Result<UriRef<'_>, ParseError> {
    parse_with(input, ParseOptions::default())
}

/// Validate `input` as an RFC 3987 IRI-reference.
pub(crate) fn parse_iri(input: &str) -> Result<UriRef<'_>, ParseError> {
    parse_with(input, ParseOptions { iri: true })
}

/// Validate `input` under `options`, stopping at the first error.
pub(crate) fn parse_with(input: &str, options: ParseOptions) -> Result<UriRef<'_>, ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(too_long());
    }
    let mut p = Parser::new(input, FirstError::default(), options);
    match p.run() {
        Ok(u) => Ok(u),
        Err(Stop) => Err(p.sink.0.expect("a stop always records its error")),
    }
}

/// Everything known about an input, valid or not.
#[derive(Clone, Debug)]
pub(crate) struct Analysis<'a> {
    /// The input.
    pub input: &'a str,
    /// The RFC 3986 Appendix B split (always succeeds).
    pub split: Split,
    /// The components as the strict parser delimited them; meaningful
    /// for invalid input too, where errors were stepped over.
    pub uri: UriRef<'a>,
    /// Every error, warning and note, in input order.
    pub findings: Vec<Finding>,
}

impl Analysis<'_> {
    /// Whether the input is valid (no finding of severity error).
    pub(crate) fn is_valid(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The error findings.
    pub(crate) fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
    }
}

/// Analyse `input` as a URI-reference: every problem, not only the first.
pub(crate) fn analysis(input: &str) -> Analysis<'_> {
    analysis_with(input, ParseOptions::default())
}

/// [`analysis`] under `options`.
pub(crate) fn analysis_with(input: &str, options: ParseOptions) -> Analysis<'_> {
    analyze(input, options).into_analysis()
}

/// Analyse `input` (a URI-reference, or with `options.iri` an
/// IRI-reference): the components as the parser delimited them, every
/// finding kept at 10 bytes, its message written only when asked for
/// ([`Report`]). The same findings as the internal `analysis_with`, in the
/// same order.
#[must_use]
pub fn analyze(input: &str, options: ParseOptions) -> Report<'_> {
    analyze_into(input, options, Compact::new())
}

/// Which findings an analysis of [`analyze_within`] keeps to be read one
/// by one; it counts the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Within {
    /// Every finding that starts before this byte: what a view of the
    /// input from its start shows.
    pub before: usize,
    /// The first this many findings in input order: what a list of them
    /// shows.
    pub first: usize,
}

/// [`analyze`], keeping only the findings `within` asks for, the first
/// [`GROUP_POSITIONS`] of each kind (what
/// [`Linted::groups`](crate::lint::Linted::groups) shows) and every one
/// before the path (where they may come out of order); the rest are
/// counted by severity and code ([`Report::tally`], [`Report::total`]).
/// What a screen needs of a 10 MB paste with a finding every few bytes,
/// in memory for the screen: the components, the verdict and the counts
/// are those of [`analyze`].
///
/// ```
/// use uriscope_core::{analyze, report::analyze_within, report::Within};
/// let input = format!("http://h/{}", "<a>".repeat(1000));
/// let all = analyze(&input, Default::default());
/// let some = analyze_within(&input, Default::default(), Within { before: 30, first: 4 });
/// assert_eq!((all.len(), all.total()), (2000, 2000));
/// assert_eq!(some.total(), 2000);
/// assert!(some.len() < 20);
/// assert_eq!(some.marks().take(4).collect::<Vec<_>>(), all.marks().take(4).collect::<Vec<_>>());
/// assert_eq!(some.is_valid(), all.is_valid());
/// ```
#[must_use]
pub fn analyze_within(input: &str, options: ParseOptions, within: Within) -> Report<'_> {
    let keep = Keep {
        before: within.before,
        first: within.first,
        per_kind: GROUP_POSITIONS,
    };
    analyze_into(input, options, Compact::bounded(keep))
}

fn analyze_into(input: &str, options: ParseOptions, sink: Compact) -> Report<'_> {
    if input.len() > MAX_INPUT_LEN {
        return Report::written(too_long_analysis(input), options);
    }
    let mut p = Parser::new(input, sink, options);
    let uri = match p.run() {
        Ok(u) => u,
        Err(Stop) => unreachable!("the compact sink never stops"),
    };
    // A valid reference splits by Appendix B into the components the
    // grammar found (§3, Appendix B): the split is read off them rather
    // than scanned again (6% of `parse`'s time a line).
    let valid = !p.sink.has_error();
    let parts = if valid {
        split_of_valid(&uri)
    } else {
        split(input)
    };
    Report::compact(input, parts, uri, p.sink, options)
}

/// The Appendix B split of a valid reference: its components.
fn split_of_valid(u: &UriRef<'_>) -> Split {
    Split {
        scheme: u.scheme_span(),
        authority: u.authority_parts().map(|a| a.span),
        path: u.path_span(),
        query: u.query_span(),
        fragment: u.fragment_span(),
    }
}

/// The code of a byte no rule allows that is a space or tab
/// ([`Code::Whitespace`]) or an ASCII control ([`Code::ControlChar`]).
fn blank_or_control(c: u8) -> Option<Code> {
    match c {
        b' ' | b'\t' => Some(Code::Whitespace),
        0..=0x1f | 0x7f => Some(Code::ControlChar),
        _ => None,
    }
}

/// At most this many errors are kept by an error of resolution or
/// normalization (the whole report is [`analyze`]'s).
pub(crate) const FIRST_ERRORS: usize = 3;

/// The first `n` error findings of `input` with their messages, in input
/// order: what an error that names the problem needs, without writing the
/// other 17,000 messages of a hostile input.
pub(crate) fn first_errors(input: &str, options: ParseOptions, n: usize) -> Vec<Finding> {
    if input.len() > MAX_INPUT_LEN {
        return reported_errors(input, options, n);
    }
    // The first n only, as the report would list them: an input of
    // tens of thousands of errors need not be recorded whole for three
    // messages.
    // It stops once the first n are sure (issues come in order from the
    // path on).
    let mut p = Parser::new(input, FirstErrors::new(n), options);
    let _ = p.run();
    p.sink.finish(input)
}

/// The first `n` error findings of the whole report of `input`: what
/// [`first_errors`] gives, the slow way.
fn reported_errors(input: &str, options: ParseOptions, n: usize) -> Vec<Finding> {
    let r = analyze(input, options);
    r.marks()
        .enumerate()
        .filter(|(_, m)| m.severity == Severity::Error)
        .take(n)
        .map(|(i, _)| r.finding(i))
        .collect()
}

/// Why `input` does not parse under `options`, for an error that names
/// it: `"{lead}not a valid URI-reference: {first error}"` (or
/// IRI-reference), with the first [`FIRST_ERRORS`] errors; when `input`
/// is a valid IRI-reference but `options.iri` is off, the message ends by
/// saying so and how to `act` on it ("resolve it as an IRI (--iri, …)").
pub(crate) fn invalid_reference(
    lead: &str,
    input: &str,
    options: ParseOptions,
    act: &str,
) -> (String, Vec<Finding>) {
    let findings = first_errors(input, options, FIRST_ERRORS);
    let grammar = if options.iri {
        "IRI-reference (RFC 3987)"
    } else {
        "URI-reference"
    };
    let mut message = match findings.first() {
        Some(f) => format!("{lead}not a valid {grammar}: {}", f.message),
        None => format!("{lead}not a valid {grammar}"),
    };
    if !options.iri && parse_iri(input).is_ok() {
        message.push_str("; it is a valid IRI-reference (RFC 3987): ");
        message.push_str(act);
    }
    (message, findings)
}

/// The components as [`analyze`] delimits them (errors stepped over)
/// and the first error with its message, without collecting every other
/// finding: what a caller needs that shows one reason and the recovered
/// components (the WHATWG column on a 1 MB input full of errors).
///
/// ```
/// let (u, first) = uriscope_core::report::recover("http://h/a b<c", Default::default());
/// assert_eq!(u.path(), "/a b<c");
/// assert_eq!(first.map(|f| (f.span.start, f.code.as_str())), Some((10, "whitespace")));
/// ```
#[must_use]
pub fn recover(input: &str, options: ParseOptions) -> (UriRef<'_>, Option<Finding>) {
    if input.len() > MAX_INPUT_LEN {
        let mut a = too_long_analysis(input);
        return (a.uri, a.findings.pop());
    }
    let mut p = Parser::new(input, FirstFinding::default(), options);
    let uri = match p.run() {
        Ok(u) => u,
        Err(Stop) => unreachable!("the first-finding sink never stops"),
    };
    (uri, p.sink.finish(input))
}

/// The error for an input longer than a [`UriRef`]'s 32-bit offsets reach.
#[cold]
fn too_long() -> ParseError {
    ParseError {
        at: 0,
        code: Code::TooLong,
        rule: Rule::UriReference,
    }
}

/// The analysis of an input too long to describe: the split, and one
/// error that says why nothing else is reported.
#[cold]
fn too_long_analysis(input: &str) -> Analysis<'_> {
    let e = too_long();
    let finding = Finding::new(
        Span::new(0, input.len()),
        Severity::Error,
        e.code,
        format!(
            "the input is {} bytes long; uriscope describes inputs of at most {} bytes \
             (its offsets are 32-bit), so it stops here ({})",
            input.len(),
            MAX_INPUT_LEN,
            e.rule.section()
        ),
    );
    let empty = ComponentSpans {
        scheme: None,
        authority: None,
        path: Span::empty(0),
        path_kind: PathKind::Empty,
        query: None,
        fragment: None,
    };
    Analysis {
        input,
        split: split(input),
        uri: UriRef::pack(input, empty),
        findings: vec![finding],
    }
}

/// The validator, generic over where its issues go.
pub(crate) struct Parser<'a, S: Sink> {
    pub(crate) input: &'a str,
    pub(crate) b: &'a [u8],
    pub(crate) sink: S,
    pub(crate) iri: bool,
    saw_iri_char: bool,
}

impl<'a, S: Sink> Parser<'a, S> {
    fn new(input: &'a str, sink: S, options: ParseOptions) -> Self {
        Parser {
            input,
            b: input.as_bytes(),
            sink,
            iri: options.iri,
            saw_iri_char: false,
        }
    }

    /// Report one issue.
    #[inline]
    pub(crate) fn report(
        &mut self,
        span: Span,
        severity: Severity,
        code: Code,
        rule: Rule,
        detail: Detail,
    ) -> R {
        self.sink.report(
            self.input,
            Issue {
                span,
                severity,
                code,
                rule,
                detail,
            },
        )
    }

    /// Report an error at one byte.
    #[inline]
    /// The span covers the whole character at `at`: the byte there may
    /// start a multi-byte one (`[::f例]`), and a span must never cut a
    /// character (the IPv6 error inside `[::f例:1.2.3.4]`).
    pub(crate) fn error_at(&mut self, at: usize, code: Code, rule: Rule, d: Detail) -> R {
        let len = self
            .input
            .get(at..)
            .and_then(|r| r.chars().next())
            .map_or(0, char::len_utf8);
        let end = (at + len.max(1)).min(self.b.len()).max(at);
        self.report(Span::new(at, end), Severity::Error, code, rule, d)
    }

    fn run(&mut self) -> R<UriRef<'a>> {
        let len = self.b.len();
        // Each component goes into the result where it is found, so that
        // which of them are there is known without testing again.
        let mut u = UriRef::with_path(self.input, Span::empty(0), PathKind::Empty);
        let web = web_scheme(self.b);
        let scheme = match web {
            0 => self.scheme()?,
            n => Some(Span::new(0, n)),
        };
        let mut pos = 0;
        if let Some(s) = scheme {
            u.set_scheme(s);
            pos = s.end + 1;
        }

        let has_authority = web != 0 || self.b[pos..].starts_with(b"//");
        if has_authority {
            let a = self.authority_fast(pos + 2)?;
            pos = a.span.end;
            u.set_authority(&a);
        }

        let path_start = pos;
        self.sink.in_order_from(path_start);
        let path_kind = if has_authority {
            PathKind::AbEmpty
        } else if pos < len && self.b[pos] == b'/' {
            PathKind::Absolute
        } else if pos == len || self.b[pos] == b'?' || self.b[pos] == b'#' {
            PathKind::Empty
        } else if scheme.is_some() {
            PathKind::Rootless
        } else {
            pos = self.scan(pos, len, SEGMENT_NC, Rule::FirstSegment, |b| {
                b == b'/' || b == b'?' || b == b'#'
            })?;
            PathKind::NoScheme
        };
        pos = self.scan(pos, len, PATH, Rule::Path, |b| b == b'?' || b == b'#')?;
        u.set_path(Span::new(path_start, pos), path_kind);

        if pos < len && self.b[pos] == b'?' {
            let end = self.scan(pos + 1, len, QUERY, Rule::Query, |b| b == b'#')?;
            u.set_query(Span::new(pos + 1, end));
            pos = end;
        }
        if pos < len {
            // Only a '#' can stop the query scan.
            self.scan(pos + 1, len, QUERY, Rule::Fragment, |_| false)?;
            u.set_fragment();
        }
        if S::FULL && self.saw_iri_char {
            self.report(
                Span::new(0, len),
                Severity::Note,
                Code::Iri,
                Rule::IriReference,
                Detail::Text(
                    "the input holds non-ASCII characters that RFC 3987 allows: \
                     it is an IRI; as a URI they are percent-encoded (RFC 3987 §3.1)",
                ),
            )?;
        }
        Ok(u)
    }

    /// `scheme ":"` (§3.1), or `None` for a relative reference.
    fn scheme(&mut self) -> R<Option<Span>> {
        let b = self.b;
        let len = b.len();
        let i = chars::run_len(b, SCHEME);
        let starts_alpha = len > 0 && b[0].is_ascii_alphabetic();
        if i < len && b[i] == b':' && i > 0 && starts_alpha {
            if S::FULL && b[..i].iter().any(u8::is_ascii_uppercase) {
                self.report(
                    Span::new(0, i),
                    Severity::Note,
                    Code::UppercaseScheme,
                    Rule::Scheme,
                    Detail::Text(
                        "schemes are case-insensitive; the canonical form is lowercase (§3.1, §6.2.2.1)",
                    ),
                )?;
            }
            return Ok(Some(Span::new(0, i)));
        }
        if !starts_alpha {
            // Appendix B may still call a prefix a scheme ("1a:b"); the grammar
            // reads it as a relative path, whose first segment then holds a ':'.
            return Ok(None);
        }
        let mut j = i;
        while j < len && !is(b[j], SCHEME_END) {
            j += 1;
        }
        if j < len && b[j] == b':' {
            let mut k = i;
            while k < j {
                let step = self.bad_char(k, Rule::Scheme)?;
                k += step;
                while k < j && is(b[k], SCHEME) {
                    k += 1;
                }
            }
            return Ok(Some(Span::new(0, j)));
        }
        Ok(None)
    }

    /// Scan `[start, limit)` while bytes are in `mask` or form `pct-encoded`,
    /// stopping before a byte for which `stop` holds. Returns where it stopped.
    #[inline(always)]
    pub(crate) fn scan(
        &mut self,
        start: usize,
        limit: usize,
        mask: u16,
        rule: Rule,
        stop: impl Fn(u8) -> bool,
    ) -> R<usize> {
        let b = &self.b[..limit];
        let mut i = start;
        while i < limit {
            // The common case: a run of allowed bytes, bounds checks elided.
            i = chars::run_end(b, i, mask);
            if i == limit {
                return Ok(limit);
            }
            let c = b[i];
            if stop(c) {
                break;
            }
            if c == b'%'
                && i + 2 < limit
                && chars::is_hexdig(b[i + 1])
                && chars::is_hexdig(b[i + 2])
            {
                if S::FULL {
                    self.escape_notes(i, rule)?;
                }
                i += 3;
                continue;
            }
            if c >= 0x80 && self.iri {
                // A run of characters the IRI allows here, in one step
                // (one cold call each made a 64 KB IRI's parse 0.4 ms).
                let run = iri_run(&b[i..], rule);
                if run > 0 {
                    self.saw_iri_char = true;
                    i += run;
                    continue;
                }
            }
            if S::FULL && c < 0x80 && c != b'%' {
                // Past what a bounded report keeps, its errors on one
                // ASCII byte are counted here in bulk, not reported one
                // by one.
                if let Some(counting) = self.sink.counts_only(i, rule) {
                    let j = self.count_simple(counting, i, limit, mask, rule, &stop);
                    if j > i {
                        i = j;
                        continue;
                    }
                }
            }
            if let Some(code) = blank_or_control(c).filter(|_| S::FULL) {
                // A run of the same space or control (a pasted page of
                // them) is one issue over the run, as the sinks would have
                // merged it, found without a call per byte.
                let run = b[i..].iter().take_while(|&&x| x == c).count();
                if run > 1 {
                    let span = Span::new(i, i + run);
                    self.report(span, Severity::Error, code, rule, Detail::None)?;
                    i += run;
                    continue;
                }
            }
            i += self.bad_char(i, rule)?;
        }
        Ok(i)
    }

    /// For a sink that only counts them from `i` on ([`Sink::counts_only`]
    /// gave `counting`), count the errors on one ASCII byte of `b[i..limit]` as [`Compact`]
    /// would record them (a run of the same byte is one finding), and
    /// hand the counts over at once; stops before a byte for which `stop`
    /// holds, a `%`, a non-ASCII byte, the first segment's `:`, or an
    /// error the sink still keeps. Returns where it stopped.
    #[inline(never)]
    fn count_simple(
        &mut self,
        mut counting: Counting,
        mut i: usize,
        limit: usize,
        mask: u16,
        rule: Rule,
        stop: impl Fn(u8) -> bool,
    ) -> usize {
        let b = &self.b[..limit];
        // Whether a new finding was counted (else only the sink's last
        // one may have grown).
        let mut new = false;
        // The last finding: where its run starts and ends, its kind.
        let (mut first, mut end, mut kind) = counting.last.map_or((0, usize::MAX, u16::MAX), |d| {
            (d.start as usize, d.end as usize, d.kind)
        });
        while i < limit {
            let c = b[i];
            if is(c, mask) {
                i += 1;
                continue;
            }
            if stop(c) {
                break;
            }
            let class = match c {
                b' ' | b'\t' => 0,
                0..=0x1f | 0x7f => 1,
                b'%' | 0x80.. => break,
                b':' if rule == Rule::FirstSegment => break,
                _ => 2,
            };
            let Some(k) = counting.kinds[class] else {
                break;
            };
            // The same error on the same byte right after the last one
            // extends its run.
            if !(end == i && kind == k && b[first] == c) {
                counting.counts[class] += 1;
                first = i;
                kind = k;
                new = true;
            } else if !new {
                counting.grown = Some((i + 1) as u32);
            }
            end = i + 1;
            i += 1;
        }
        if new {
            counting.last = Some(Diag {
                start: first as u32,
                end: end as u32,
                kind,
            });
        }
        self.sink.counted(counting);
        i
    }

    /// Report the byte at `i`, which `rule` does not allow; returns how
    /// many bytes to step over (a whole character for non-ASCII).
    #[cold]
    #[inline(never)]
    pub(crate) fn bad_char(&mut self, i: usize, rule: Rule) -> R<usize> {
        let c = self.b[i];
        if let Some(code) = blank_or_control(c) {
            self.report(
                Span::new(i, i + 1),
                Severity::Error,
                code,
                rule,
                Detail::None,
            )?;
            return Ok(1);
        }
        let (code, len, detail) = match c {
            b'%' if !matches!(rule, Rule::Scheme | Rule::Port | Rule::IpFuture) => {
                (Code::BadPercent, 1, Detail::None)
            }
            b':' if rule == Rule::FirstSegment => (
                Code::ColonInFirstSegment,
                1,
                Detail::Text(
                    "a relative reference cannot have ':' in its first segment, or it would \
                     read as a scheme; write \"./\" before it",
                ),
            ),
            0x80.. => {
                let ch = self.input[i..].chars().next().unwrap_or('\u{FFFD}');
                let len = ch.len_utf8();
                if chars::is_bidi_control(ch) {
                    let d = Detail::Text(
                        "; RFC 3987 §4.1: IRIs must not contain bidirectional formatting \
                         characters, which reorder how the text is displayed",
                    );
                    let span = Span::new(i, i + len);
                    self.report(span, Severity::Error, Code::BidiControl, rule, d)?;
                    return Ok(len);
                }
                if self.iri && iri_allows(rule, ch) {
                    self.saw_iri_char = true;
                    return Ok(len);
                }
                let d = if iri_allows(rule, ch) {
                    Detail::Text(
                        "; RFC 3987 allows it in an IRI, but a URI carries it percent-encoded as UTF-8",
                    )
                } else {
                    Detail::None
                };
                (Code::NonAscii, len, d)
            }
            b':' if rule == Rule::Port => (
                Code::PortNotDigits,
                1,
                Detail::Text(
                    "; a second ':' in the authority: an IPv6 address must be written \
                     in brackets, as in http://[::1]:80/",
                ),
            ),
            _ if rule == Rule::Port => (Code::PortNotDigits, 1, Detail::None),
            _ => (Code::InvalidChar, 1, Detail::None),
        };
        let end = i + len;
        self.report(Span::new(i, end), Severity::Error, code, rule, detail)?;
        Ok(len)
    }

    #[cold]
    fn escape_notes(&mut self, i: usize, rule: Rule) -> R {
        let (h, l) = (self.b[i + 1], self.b[i + 2]);
        if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
            self.report(
                Span::new(i, i + 3),
                Severity::Note,
                Code::LowercasePercentHex,
                rule,
                Detail::Text(
                    "escapes are case-insensitive; uppercase hex digits are the normal form (§2.1, §6.2.2.1)",
                ),
            )?;
        }
        let v = chars::hex_value(h).unwrap_or(0) * 16 + chars::hex_value(l).unwrap_or(0);
        if chars::is_unreserved(v) {
            self.report(
                Span::new(i, i + 3),
                Severity::Note,
                Code::PercentEncodedUnreserved,
                rule,
                Detail::Text(
                    "encodes an unreserved character, which should appear as itself (§2.3, §6.2.2.2)",
                ),
            )?;
        }
        Ok(())
    }

    /// Consume bytes in `mask` and well-formed escapes from `i`; returns
    /// where the run stops (no error is reported).
    #[inline(always)]
    fn run_of(&self, mut i: usize, mask: u16) -> usize {
        let b = self.b;
        loop {
            i = chars::run_end(b, i, mask);
            if i + 2 < b.len()
                && b[i] == b'%'
                && chars::is_hexdig(b[i + 1])
                && chars::is_hexdig(b[i + 2])
            {
                i += 3;
            } else {
                return i;
            }
        }
    }

    /// The authority in one pass for the common shape (optional userinfo,
    /// reg-name or IPv4 host, digits port); anything else, and the
    /// analysis path, goes through [`Parser::authority`], which
    /// reports exactly what is wrong.
    #[inline(always)]
    fn authority_fast(&mut self, start: usize) -> R<Authority> {
        if S::FULL {
            return self.authority(start);
        }
        let b = self.b;
        let len = b.len();
        // One reg-name run usually covers the whole host: it stops at the
        // '@' of a userinfo, at a ':' (a port, or a colon in a userinfo),
        // or at the end of the authority.
        let h = self.run_of(start, chars::REG_NAME);
        let at = if h < len && b[h] == b'@' {
            Some(h)
        } else if h < len && b[h] == b':' {
            let j = self.run_of(h + 1, USERINFO);
            (j < len && b[j] == b'@').then_some(j)
        } else {
            None
        };
        let (userinfo, host_start, host_end) = match at {
            Some(at) => (
                Some(Span::new(start, at)),
                at + 1,
                self.run_of(at + 1, chars::REG_NAME),
            ),
            None => (None, start, h),
        };
        let (port, end) = if host_end < len && b[host_end] == b':' {
            let p = host_end + 1;
            let e = chars::run_end(b, p, chars::DIGIT);
            (Some(Span::new(p, e)), e)
        } else {
            (None, host_end)
        };
        if end < len && !is(b[end], chars::AUTHORITY_END) {
            return self.authority(start);
        }
        let span = Span::new(host_start, host_end);
        let kind = if crate::syntax::host::is_ipv4(&b[host_start..host_end]) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
        Ok(Authority {
            span: Span::new(start, end),
            userinfo,
            host: Host {
                span,
                kind,
                address: span,
                zone: None,
            },
            port,
        })
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]` (§3.2), starting after `//`.
    fn authority(&mut self, start: usize) -> R<Authority> {
        let b = self.b;
        let len = b.len();
        // The authority ends at the first '/', '?' or '#' (AUTHORITY_END);
        // its userinfo, at the last '@' before that. memchr, not a byte
        // loop: a 64 KB non-ASCII host comes here from the fast path.
        let end = memchr::memchr3(b'/', b'?', b'#', &b[start..]).map_or(len, |i| start + i);
        let at = memchr::memrchr(b'@', &b[start..end]).map(|i| start + i);
        let mut userinfo = None;
        let mut host_start = start;
        if let Some(at) = at {
            self.scan(start, at, USERINFO, Rule::Userinfo, |_| false)?;
            userinfo = Some(Span::new(start, at));
            host_start = at + 1;
        }
        let (host, port_colon) = self.host(host_start, end)?;
        let mut port = None;
        if let Some(colon) = port_colon {
            let p = Span::new(colon + 1, end);
            let mut i = p.start;
            while i < end {
                if b[i].is_ascii_digit() {
                    i += 1;
                } else {
                    i += self.bad_char(i, Rule::Port)?;
                }
            }
            if S::FULL && p.is_empty() {
                self.report(
                    Span::new(colon, colon + 1),
                    Severity::Note,
                    Code::EmptyPort,
                    Rule::Port,
                    Detail::Text(
                        "':' with an empty port is legal; normalization drops it (§3.2.3, §6.2.3)",
                    ),
                )?;
            }
            port = Some(p);
        }
        Ok(Authority {
            span: Span::new(start, end),
            userinfo,
            host,
            port,
        })
    }

    /// `host` (§3.2.2) in `[start, end)`; returns it and the position of a
    /// `:` that introduces the port.
    fn host(&mut self, start: usize, end: usize) -> R<(Host, Option<usize>)> {
        let b = self.b;
        if start < end && b[start] == b'[' {
            return self.ip_literal(start, end);
        }
        let mut host_end = start;
        while host_end < end && b[host_end] != b':' {
            host_end += 1;
        }
        let colon = (host_end < end).then_some(host_end);
        let span = Span::new(start, host_end);
        let kind = if crate::syntax::host::is_ipv4(&b[start..host_end]) {
            HostKind::Ipv4
        } else {
            self.scan(start, host_end, chars::REG_NAME, Rule::RegName, |_| false)?;
            if S::FULL {
                self.reg_name_notes(span)?;
            }
            HostKind::RegName
        };
        let host = Host {
            span,
            kind,
            address: span,
            zone: None,
        };
        Ok((host, colon))
    }

    #[cold]
    fn reg_name_notes(&mut self, span: Span) -> R {
        let text = &self.b[span.start..span.end];
        if text.is_empty() {
            return self.report(
                span,
                Severity::Note,
                Code::EmptyHost,
                Rule::Host,
                Detail::Text(
                    "the authority has an empty host (legal; for file: it means localhost, \
                     other schemes may reject it) (§3.2.2)",
                ),
            );
        }
        if let Some(why) = crate::syntax::host::ipv4_lookalike(text) {
            self.report(
                span,
                Severity::Note,
                Code::RegNameNotIpv4,
                Rule::Ipv4,
                Detail::Text(why),
            )?;
        }
        if let Some(upper) = uppercase_outside_escapes(text) {
            self.report(
                Span::new(span.start + upper.start, span.start + upper.end),
                Severity::Note,
                Code::UppercaseHost,
                Rule::RegName,
                Detail::Text(
                    "hosts are case-insensitive; the normal form is lowercase (§3.2.2, §6.2.2.1)",
                ),
            )?;
        }
        Ok(())
    }
}

/// The span (relative to `text`) from the first to the last uppercase
/// letter that is not a hex digit of a `%XX` escape, whose normal form is
/// uppercase (§6.2.2.1).
fn uppercase_outside_escapes(text: &[u8]) -> Option<Span> {
    // Most hosts have no uppercase letter at all: a test of every byte
    // without an early exit (which the compiler does sixteen at a time)
    // rules that out before the walk that steps over escapes.
    if !text
        .iter()
        .fold(false, |any, c| any | c.is_ascii_uppercase())
    {
        return None;
    }
    let mut first = None;
    let mut last = 0;
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%' {
            i += 3;
            continue;
        }
        if text[i].is_ascii_uppercase() {
            first.get_or_insert(i);
            last = i + 1;
        }
        i += 1;
    }
    first.map(|f| Span::new(f, last))
}

/// The length of the scheme when `b` starts with `https://` or `http://`
/// (seven in ten references of the benchmark corpus do), else 0: one
/// comparison of eight bytes instead of a run and its end. An uppercase
/// scheme takes the general path, which notes it.
#[inline(always)]
fn web_scheme(b: &[u8]) -> usize {
    let Some(head) = b.first_chunk::<8>() else {
        return 0;
    };
    let head = u64::from_le_bytes(*head);
    // Two compares added, not two branches: the corpus mixes http and
    // https, and a branch on which one it is was mispredicted on every
    // other reference (cachegrind's branch simulation: 0.6 a URI).
    let https = usize::from(head == u64::from_le_bytes(*b"https://"));
    let http = usize::from(head & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"http://\0"));
    5 * https + 4 * http
}

/// Whether RFC 3987 allows the non-ASCII `c` in `rule`.
fn iri_allows(rule: Rule, c: char) -> bool {
    match rule {
        Rule::Userinfo
        | Rule::RegName
        | Rule::Host
        | Rule::Path
        | Rule::FirstSegment
        | Rule::Fragment => chars::is_ucschar(c),
        Rule::Query => chars::is_ucschar(c) || chars::is_iprivate(c),
        _ => false,
    }
}

/// How many bytes at the start of `b` are whole characters that an IRI
/// allows under `rule` (what [`Parser::bad_char`] steps over without a
/// report): non-ASCII, not a bidi control, a `ucschar` (or `iprivate` in
/// the query). Stops before a character `b` does not hold whole.
fn iri_run(b: &[u8], rule: Rule) -> usize {
    let mut k = 0;
    while let Some(&lead) = b.get(k) {
        let len = match lead {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => break,
        };
        let Some(bytes) = b.get(k..k + len) else {
            break;
        };
        let tail = |x: u8| u32::from(x & 0x3F);
        let cp = match len {
            2 => u32::from(lead & 0x1F) << 6 | tail(bytes[1]),
            3 => u32::from(lead & 0x0F) << 12 | tail(bytes[1]) << 6 | tail(bytes[2]),
            _ => {
                u32::from(lead & 0x07) << 18
                    | tail(bytes[1]) << 12
                    | tail(bytes[2]) << 6
                    | tail(bytes[3])
            }
        };
        match char::from_u32(cp) {
            Some(c) if !chars::is_bidi_control(c) && iri_allows(rule, c) => k += len,
            _ => break,
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The split a report reads off a valid reference's components is
    /// the one Appendix B's scan gives, and an invalid one is scanned.
    fn split_agrees(s: &str, iri: bool) -> Result<(), TestCaseError> {
        let r = analyze(s, ParseOptions { iri });
        prop_assert_eq!(r.split, split(s), "{:?} iri={}", s, iri);
        Ok(())
    }

    #[test]
    fn a_report_splits_as_appendix_b_on_the_corpus() {
        let mut valid = 0;
        for line in include_str!("../../../../benches/uris.txt").lines() {
            split_agrees(line, false).unwrap();
            split_agrees(line, true).unwrap();
            valid += usize::from(analyze(line, ParseOptions::default()).is_valid());
        }
        assert!(valid > 50_000, "{valid}");
    }

    proptest! {
        /// On generated references, valid and not, URIs and IRIs.
        #[test]
        fn a_report_splits_as_appendix_b(
            s in "([a-zA-Z][a-zA-Z0-9+.-]{0,4}:)?(//([a-z0-9:@.%\\[\\]]|é){0,8})?([a-z0-9/:@.%;=]|é|\\.\\./|//){0,8}(\\?[a-z/?:@=&%]{0,6})?(#[a-z/?#:]{0,4})?",
            iri in any::<bool>(),
        ) {
            split_agrees(&s, iri)?;
        }

        /// The `https://` / `http://` shortcut gives the scheme the
        /// general path gives, and only before `//`.
        #[test]
        fn the_web_scheme_shortcut_agrees_with_the_scheme_rule(
            s in "(https?|HTTPS?|Http|htt|httpx|ws)(:|://|:/|//)?[a-z/:@?#]{0,6}",
        ) {
            let mut p = Parser::new(&s, FirstError::default(), ParseOptions::default());
            let general = p.scheme().ok().flatten();
            match web_scheme(s.as_bytes()) {
                // Missed only where it does not look: under eight bytes.
                0 => prop_assert!(
                    s.len() < 8 || !(s.starts_with("https://") || s.starts_with("http://"))
                ),
                n => {
                    prop_assert_eq!(general, Some(Span::new(0, n)));
                    prop_assert!(s[n..].starts_with("://"));
                }
            }
        }

        /// The run is what bad_char would step over one character at a
        /// time without a report.
        #[test]
        fn iri_run_is_the_allowed_characters(s in "[a例ü\u{202e}\u{e000}\u{fffe}😀\u{10fffd}\u{301}]{0,12}") {
            for rule in [Rule::Path, Rule::Query, Rule::Userinfo, Rule::Port] {
                let n = s
                    .chars()
                    .take_while(|&c| !c.is_ascii() && !chars::is_bidi_control(c) && iri_allows(rule, c))
                    .map(char::len_utf8)
                    .sum::<usize>();
                prop_assert_eq!(iri_run(s.as_bytes(), rule), n);
                // Cut inside a character, it stops before it.
                if let Some(c) = s.chars().next().filter(|c| c.len_utf8() > 1) {
                    prop_assert_eq!(iri_run(&s.as_bytes()[..c.len_utf8() - 1], rule), 0);
                }
            }
        }
    }

    proptest! {
        /// The first errors are those the whole report lists first, with
        /// the same spans and messages (runs merged alike).
        #[test]
        fn first_errors_are_the_reports_first_errors(
            s in "([a-z:/?#@%\\[\\]{}<> ]|%zz|\u{1b}|é|\u{202e}|:8x|//){0,30}",
            iri in any::<bool>(),
            n in 1usize..5,
        ) {
            let options = ParseOptions { iri };
            prop_assert_eq!(first_errors(&s, options, n), reported_errors(&s, options, n));
        }
    }

    /// The first errors of a long paste of errors (read up to the fourth
    /// and no further) are those of the whole report.
    #[test]
    fn first_errors_of_a_long_paste_of_errors_are_the_reports() {
        let s = format!(
            "http://a b/{}?{}",
            "<p> \u{1}%".repeat(20_000),
            " x".repeat(1000)
        );
        for n in 1..5 {
            let options = ParseOptions::default();
            assert_eq!(
                first_errors(&s, options, n),
                reported_errors(&s, options, n)
            );
        }
    }

    /// An input past 4 GiB cannot be built in a test; the answer given for
    /// one is checked on a short stand-in: one error naming the limit, the
    /// split kept, no panic.
    #[test]
    fn too_long_input_gets_one_error_and_keeps_the_split() {
        let a = too_long_analysis("http://a/b?c#d");
        assert!(!a.is_valid());
        assert_eq!(a.findings.len(), 1);
        assert_eq!(a.findings[0].code, Code::TooLong);
        assert_eq!(a.findings[0].span, Span::new(0, 14));
        assert!(a.findings[0].message.contains("4294967295"));
        assert_eq!(a.split.scheme, Some(Span::new(0, 4)));
        assert_eq!(a.uri.path(), "");
        assert_eq!(too_long().code, Code::TooLong);
    }

    /// The packed layout: a parse result stays small enough to return in
    /// registers-and-a-few-stores (it was 240 bytes with `usize` spans).
    #[test]
    fn a_parsed_reference_is_at_most_56_bytes() {
        assert!(std::mem::size_of::<UriRef<'_>>() <= 56);
        assert!(std::mem::size_of::<Result<UriRef<'_>, ParseError>>() <= 64);
    }
}
