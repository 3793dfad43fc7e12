//! The plain-text breakdown of one analysed input: its components with
//! their byte spans, carets under the errors, and every finding.

use std::io::{self, Write};

use crate::text::mask::{mask_userinfo, password_of};
use crate::text::plain::{visible, write_visible};
use crate::uri::lint::Linted;
use crate::uri::{report::Verdict, Severity, Span};

/// Write a readable breakdown of `l` (a report and its lint): validity,
/// each component with its byte span, then every finding with a caret line
/// under the input. Each message is written as it is printed, so memory
/// stays a few bytes per input byte on an input full of errors.
pub fn write_breakdown<W: Write>(out: &mut W, l: &Linted<'_>) -> io::Result<()> {
    write_breakdown_upto(out, l, usize::MAX)
}

/// [`write_breakdown`] listing at most `limit` findings, then one line
/// that counts the rest and says where to see them all. For the
/// explorer's clipboard: a 7 MB paste with an error every other byte has
/// millions of findings, and a breakdown listing them all is hundreds of
/// megabytes no clipboard should be handed.
pub fn write_breakdown_upto<W: Write>(out: &mut W, l: &Linted<'_>, limit: usize) -> io::Result<()> {
    let a = l.report;
    let s = a.input;
    let u = &a.uri;
    // An input with nothing to escape needs no scan of its components.
    // The input and its components are escaped as they are written: a
    // copy of a 10 MB line of controls would be 40 MB.
    let safe = crate::text::plain::first_unsafe(s).is_none();
    write_visible(out, s)?;
    out.write_all(b"\n")?;
    let valid = a.is_valid();
    let errors = || {
        a.marks()
            .filter(|m| m.severity == Severity::Error)
            .map(|m| m.span)
    };
    if errors().next().is_some() {
        write_caret_line(out, s, errors)?;
    }
    write_verdict(out, a)?;
    let row = |out: &mut W, head: &Head, span: Option<Span>, extra: &str| -> io::Result<()> {
        match span {
            Some(sp) => write_row(out, head, sp.slice(s), !safe, sp, extra.as_bytes()),
            None => {
                out.write_all(&head[..HEAD - 1])?;
                out.write_all(b"(undefined)\n")
            }
        }
    };
    if valid {
        row(out, &SCHEME, u.scheme_span(), "\n")?;
        match u.authority_parts() {
            Some(auth) => {
                // The userinfo's password is masked for display (RFC 3986 §7.5).
                let masked = |sp: Span, ui: Span| {
                    let m = mask_userinfo(ui.slice(s));
                    format!("{m}{}", &s[ui.end..sp.end])
                };
                let masked_row = |out: &mut W, head: &Head, sp: Span, text: &str| {
                    write_row(out, head, text, true, sp, b"\n")
                };
                // A userinfo without a password is shown as it is, with
                // nothing put together.
                match auth.userinfo {
                    Some(ui) if password_of(u).is_some() => {
                        masked_row(out, &AUTHORITY, auth.span, &masked(auth.span, ui))?;
                        masked_row(out, &USERINFO, ui, &masked(ui, ui))?;
                    }
                    Some(ui) => {
                        row(out, &AUTHORITY, Some(auth.span), "\n")?;
                        row(out, &USERINFO, Some(ui), "\n")?;
                    }
                    None => row(out, &AUTHORITY, Some(auth.span), "\n")?,
                }
                let hk = host_kind_note(auth.host.kind);
                row(out, &HOST, Some(auth.host.span), hk)?;
                if let Some(z) = auth.host.zone {
                    row(out, &ZONE, Some(z), "\n")?;
                }
                if let Some(p) = auth.port {
                    row(out, &PORT, Some(p), "\n")?;
                }
            }
            None => row(out, &AUTHORITY, None, "\n")?,
        }
        row(
            out,
            &PATH,
            Some(u.path_span()),
            path_kind_note(u.path_kind()),
        )?;
        row(out, &QUERY, u.query_span(), "\n")?;
        row(out, &FRAGMENT, u.fragment_span(), "\n")?;
    } else {
        let p = &a.split;
        row(out, &SCHEME, p.scheme, "\n")?;
        row(out, &AUTHORITY, p.authority, "\n")?;
        row(out, &PATH, Some(p.path), "\n")?;
        row(out, &QUERY, p.query, "\n")?;
        row(out, &FRAGMENT, p.fragment, "\n")?;
    }
    if s.len() >= 5 && s.as_bytes()[..5].eq_ignore_ascii_case(b"data:") {
        write_data_facts(out, s, limit)?;
    }
    if !l.is_empty() {
        writeln!(out, "  findings:")?;
        let groups = l.groups();
        for g in groups.iter().take(limit) {
            write_group(out, g)?;
        }
        if groups.len() > limit {
            let rest: usize = groups[limit..].iter().map(|g| g.count).sum();
            writeln!(
                out,
                "    … {rest} more findings not listed here (`uriscope parse --json` lists every one)"
            )?;
        }
    }
    out.write_all(b"\n")
}

/// One group of findings: a lone finding as `severity code [a..b]:
/// message`; several of one kind as `severity code ×n [a..b, c..d]:` and
/// the first one's message.
fn write_group<W: Write>(out: &mut W, g: &crate::uri::lint::Group) -> io::Result<()> {
    let f = &g.first;
    if g.count == 1 {
        writeln!(
            out,
            "    {} {} [{}..{}]: {}",
            f.severity,
            f.code,
            f.span.start,
            f.span.end,
            visible(&f.message)
        )
    } else {
        writeln!(
            out,
            "    {} {} ×{} [{}]: {}",
            f.severity,
            f.code,
            g.count,
            g.positions_text(),
            visible(&f.message)
        )
    }
}

/// The facts of a `data:` payload (RFC 2397): one row with its media type,
/// encoding, decoded size and what the bytes are, a warning when an image
/// is not in its declared format, and the payload's own findings (at most
/// `limit`).
fn write_data_facts<W: Write>(out: &mut W, s: &str, limit: usize) -> io::Result<()> {
    let Some(result) = crate::uri::data_url::analyze(s) else {
        return Ok(());
    };
    let d = match result {
        Ok(d) => d,
        Err(e) => {
            return writeln!(
                out,
                "  data        not a data: URI: {}",
                visible(&e.to_string())
            )
        }
    };
    let facts = crate::uri::data_url::Facts::of(&d, s);
    writeln!(out, "  data        {}", visible(&facts.summary()))?;
    if let Some(m) = facts.mismatch_text() {
        writeln!(out, "              warning: {}", visible(&m))?;
    }
    let total = d.findings.len() + d.findings_omitted;
    if total > 0 {
        writeln!(out, "  data findings:")?;
        let groups = crate::uri::lint::group(&d.findings);
        for g in groups.iter().take(limit) {
            write_group(out, g)?;
        }
        let listed: usize = groups.iter().take(limit).map(|g| g.count).sum();
        if total > listed {
            writeln!(out, "    … {} more data findings", total - listed)?;
        }
    }
    Ok(())
}

/// The verdict line ([`Verdict::label`]), newline included: for an IRI
/// with its URI form, for an invalid input with where the components
/// below come from.
fn write_verdict<W: Write>(out: &mut W, r: &crate::uri::Report<'_>) -> io::Result<()> {
    let v = Verdict::of(r);
    out.write_all(b"  ")?;
    out.write_all(v.label().as_bytes())?;
    match v {
        Verdict::Uri(_) => out.write_all(b"\n"),
        Verdict::Iri(_) => writeln!(out, "; URI form: {}", uri_form_text(v, r.input)),
        Verdict::Invalid { .. } => out.write_all(b" (components below are the Appendix B split)\n"),
    }
}

/// The URI form of an IRI as printed in a breakdown, or why it has none.
fn uri_form_text(v: Verdict, s: &str) -> String {
    match v.uri_form(s) {
        Some(Ok(u)) => visible(&u).into_owned(),
        Some(Err(e)) => format!("none ({})", visible(&e.to_string())),
        None => String::new(),
    }
}

/// `  (KIND)` and the newline after a host row, without formatting it
/// each time.
fn host_kind_note(k: crate::uri::component::HostKind) -> &'static str {
    use crate::uri::component::HostKind::*;
    match k {
        RegName => "  (reg-name)\n",
        Ipv4 => "  (ipv4)\n",
        Ipv6 => "  (ipv6)\n",
        IpFuture => "  (ipvfuture)\n",
    }
}

/// `  (KIND)` and the newline after the path row.
fn path_kind_note(k: crate::uri::component::PathKind) -> &'static str {
    use crate::uri::component::PathKind::*;
    match k {
        AbEmpty => "  (path-abempty)\n",
        Absolute => "  (path-absolute)\n",
        NoScheme => "  (path-noscheme)\n",
        Rootless => "  (path-rootless)\n",
        Empty => "  (path-empty)\n",
    }
}

/// The length of a row's [`Head`].
const HEAD: usize = 15;

/// The start of a component row: two spaces, its name padded to 11
/// columns, a space and the opening quote.
type Head = [u8; HEAD];

/// The [`Head`] of the row named `name` (at most 11 ASCII characters),
/// built once, at compile time.
const fn head(name: &str) -> Head {
    let b = name.as_bytes();
    assert!(b.len() <= 11);
    let mut h = [b' '; HEAD];
    let mut i = 0;
    while i < b.len() {
        h[2 + i] = b[i];
        i += 1;
    }
    h[HEAD - 1] = b'"';
    h
}

const SCHEME: Head = head("scheme");
const AUTHORITY: Head = head("authority");
const USERINFO: Head = head("  userinfo");
const HOST: Head = head("  host");
const ZONE: Head = head("  zone");
const PORT: Head = head("  port");
const PATH: Head = head("path");
const QUERY: Head = head("query");
const FRAGMENT: Head = head("fragment");

/// `"`, the spaces that pad a quoted value to 30 columns, and the one
/// space before its span, as one slice: `QUOTE_PAD[..pad + 2]`.
const QUOTE_PAD: &[u8; 31] = b"\"                              ";

/// `START..END` in decimal, the span of a row, as one slice of `buf`.
fn span_text(buf: &mut [u8; 42], sp: Span) -> &[u8] {
    let mut i = digits_before(buf, 42, sp.end);
    i -= 2;
    buf[i..i + 2].copy_from_slice(b"..");
    i = digits_before(buf, i, sp.start);
    &buf[i..]
}

/// Write `n` in decimal into `buf` ending at `end`; returns where it
/// starts.
fn digits_before(buf: &mut [u8], end: usize, mut n: usize) -> usize {
    let mut i = end;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return i;
        }
    }
}

/// One component row, `  NAME "VALUE" START..END EXTRA`: the name padded
/// to 11 characters, the quoted value to 30 columns of display width (a
/// CJK character takes two). Five writes: `head` is the
/// row's `  NAME` padded and ` "` (see [`head`]), the quote, padding and
/// space are one slice of [`QUOTE_PAD`], the span is one, and `extra`
/// ends with the newline. The CLI prints a million of these a second;
/// `format!` padding wrote them a character at a time, and a dozen
/// small writes each cost a capacity check and a `memcpy` call.
fn write_row<W: Write>(
    out: &mut W,
    head: &[u8],
    value: &str,
    escape: bool,
    sp: Span,
    extra: &[u8],
) -> io::Result<()> {
    out.write_all(head)?;
    let n = if escape {
        write_visible(out, value)?
    } else {
        out.write_all(value.as_bytes())?;
        if value.is_ascii() {
            value.len()
        } else {
            unicode_width::UnicodeWidthStr::width(value)
        }
    };
    out.write_all(&QUOTE_PAD[..28usize.saturating_sub(n) + 2])?;
    let mut buf = [0u8; 42];
    out.write_all(span_text(&mut buf, sp))?;
    out.write_all(extra)
}

/// The headline of a valid IRI-reference that is not a URI-reference: its
/// verdict and its URI form by the RFC 3987 §3.1 mapping.
///
/// ```
/// assert_eq!(uriscope::report::text::iri_headline("https://münchen.de/ü"),
///     "valid IRI (RFC 3987) — not a URI; URI form: https://xn--mnchen-3ya.de/%C3%BC");
/// ```
pub fn iri_headline(s: &str) -> String {
    let v = Verdict::of(&crate::uri::analyze(
        s,
        crate::uri::ParseOptions::new().iri(true),
    ));
    format!("{}; URI form: {}", v.label(), uri_form_text(v, s))
}

/// A line of `^` under the characters of `s` (as [`visible`] prints them)
/// that lie in any of `spans`; an empty span gets one `^` where it stands.
///
/// ```
/// use uriscope::uri::Span;
/// assert_eq!(uriscope::report::text::caret_line("a b\tc", &[Span::new(1, 2), Span::new(3, 4)]), " ^ ^^");
/// ```
pub fn caret_line(s: &str, spans: &[Span]) -> String {
    caret_line_of(s, spans.iter().copied())
}

/// [`caret_line_of`] written to `out` with its newline, the spans given
/// by `spans()` in order of their start (a report's marks are): no table
/// as long as the input and no copy of the line, so a line of errors
/// costs what its findings cost. Spans out of order fall back to
/// [`caret_line_of`].
fn write_caret_line<W: Write, I: Iterator<Item = Span>>(
    out: &mut W,
    s: &str,
    spans: impl Fn() -> I,
) -> io::Result<()> {
    let sorted = spans()
        .try_fold(0, |last, sp| (sp.start >= last).then_some(sp.start))
        .is_some();
    if !sorted {
        return writeln!(out, "{}", caret_line_of(s, spans()));
    }
    let mut spans = spans().peekable();
    // Bytes before `covered_to` are under a span already met.
    let mut covered_to = 0;
    let mut at_end = false;
    let mut pending = 0;
    let take = |out: &mut W, pending: &mut usize, mark: bool, width: usize| {
        if mark && width > 0 {
            write_repeated(out, b' ', *pending)?;
            *pending = 0;
            write_repeated(out, b'^', width)
        } else {
            *pending += if mark { 0 } else { width };
            Ok(())
        }
    };
    for (i, c) in s.char_indices() {
        let next = i + c.len_utf8();
        while let Some(sp) = spans.next_if(|sp| sp.start < next) {
            let start = sp.start.min(s.len());
            let end = if sp.is_empty() {
                start + 1
            } else {
                sp.end.min(s.len())
            };
            covered_to = covered_to.max(end);
        }
        let mut buf = [0u8; 4];
        let width = unicode_width::UnicodeWidthStr::width(&*visible(c.encode_utf8(&mut buf)));
        take(out, &mut pending, covered_to > i, width)?;
    }
    at_end |= spans.any(|sp| sp.start >= s.len());
    if at_end {
        take(out, &mut pending, true, 1)?;
    }
    out.write_all(b"\n")
}

/// `byte` written `n` times.
fn write_repeated<W: Write>(out: &mut W, byte: u8, mut n: usize) -> io::Result<()> {
    let chunk = [byte; 64];
    while n > 0 {
        let k = n.min(chunk.len());
        out.write_all(&chunk[..k])?;
        n -= k;
    }
    Ok(())
}

/// [`caret_line`] of spans given one at a time, in any order.
pub fn caret_line_of(s: &str, spans: impl IntoIterator<Item = Span>) -> String {
    // Coverage by a difference array: linear in the input and the spans.
    let mut delta = vec![0i32; s.len() + 2];
    let mut at_end = false;
    for sp in spans {
        let start = sp.start.min(s.len());
        let end = if sp.is_empty() {
            start + 1
        } else {
            sp.end.min(s.len())
        };
        at_end |= sp.start >= s.len();
        delta[start] += 1;
        delta[end] -= 1;
    }
    // The running sum of `delta` is the coverage of each byte, read as the
    // characters are walked in order.
    let mut covered = 0i32;
    let mut line = String::new();
    for (i, c) in s.char_indices() {
        let mut buf = [0u8; 4];
        let width = unicode_width::UnicodeWidthStr::width(&*visible(c.encode_utf8(&mut buf)));
        let mut hit = false;
        for d in &delta[i..i + c.len_utf8()] {
            covered += d;
            hit |= covered > 0;
        }
        line.extend(std::iter::repeat_n(if hit { '^' } else { ' ' }, width));
    }
    if at_end {
        line.push('^');
    }
    line.trim_end().to_string()
}

/// One line with the RFC 3986 §5.2 resolution of `reference` against
/// `base` (what `--base` asks for when the breakdown is printed instead of
/// the explorer); returns whether it resolved.
pub fn write_resolution_line<W: Write>(
    out: &mut W,
    base: &str,
    reference: &str,
) -> io::Result<bool> {
    let options = crate::uri::ResolveOptions::default();
    match crate::uri::resolve(base, reference, options) {
        Ok(target) => {
            writeln!(out, "resolved against {} (RFC 3986 §5.2):", visible(base))?;
            writeln!(out, "  {}", visible(&target))?;
            Ok(true)
        }
        Err(e) => {
            writeln!(
                out,
                "error: resolving against {}: {}",
                visible(base),
                visible(&e.message)
            )?;
            Ok(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::{component::HostKind, component::PathKind};

    /// The kind notes written without formatting say what `as_str` says.
    #[test]
    fn kind_notes_are_the_kind_names() {
        for k in [
            HostKind::RegName,
            HostKind::Ipv4,
            HostKind::Ipv6,
            HostKind::IpFuture,
        ] {
            assert_eq!(host_kind_note(k), format!("  ({})\n", k.as_str()));
        }
        for k in [
            PathKind::AbEmpty,
            PathKind::Absolute,
            PathKind::NoScheme,
            PathKind::Rootless,
            PathKind::Empty,
        ] {
            assert_eq!(path_kind_note(k), format!("  ({})\n", k.as_str()));
        }
    }

    /// A row is what `format!` with its padding wrote (ASCII values).
    #[test]
    fn rows_pad_as_format_did() {
        for (name, value) in [
            ("scheme", "http"),
            ("  host", "ex.jp"),
            ("path", &"x".repeat(40)[..]),
        ] {
            let sp = Span::new(3, 17);
            let mut out = Vec::new();
            write_row(&mut out, &head(name), value, false, sp, b"  (x)\n").unwrap();
            let want = format!(
                "  {name:<11} {:<30} {}..{}  (x)\n",
                format!("\"{value}\""),
                3,
                17
            );
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }

    /// The span column starts at the same display column whatever the
    /// value's width: a CJK character pads as two columns.
    #[test]
    fn rows_pad_by_display_width() {
        let mut starts = Vec::new();
        for value in ["exam.jp", "例え.jp", "e\u{301}x.jp"] {
            for escape in [false, true] {
                let mut out = Vec::new();
                write_row(
                    &mut out,
                    &head("  host"),
                    value,
                    escape,
                    Span::new(3, 17),
                    b"\n",
                )
                .unwrap();
                let row = String::from_utf8(out).unwrap();
                let at = row.find("3..17").unwrap();
                starts.push(unicode_width::UnicodeWidthStr::width(&row[..at]));
            }
        }
        assert!(starts.iter().all(|&s| s == starts[0]), "{starts:?}");
    }

    #[test]
    fn escaped_rows_pad_by_the_escaped_text() {
        let mut out = Vec::new();
        write_row(
            &mut out,
            &head("path"),
            "a\u{1}b",
            true,
            Span::new(0, 3),
            b"\n",
        )
        .unwrap();
        let want = format!("  {:<11} {:<30} 0..3\n", "path", "\"a\\x01b\"");
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }

    proptest::proptest! {
        /// The streamed caret line is the one built in memory, on text
        /// with controls, wide and combining characters and spans that
        /// are empty, overlap or start past the end.
        #[test]
        fn the_streamed_caret_line_is_the_built_one(
            parts in proptest::collection::vec(
                proptest::sample::select(&["a", " ", "\u{1}", "é", "例", "e\u{301}", "\u{202e}", "%"][..]),
                0..24,
            ),
            raw in proptest::collection::vec((0usize..40, 0usize..6), 1..8),
        ) {
            let s = parts.concat();
            let mut spans: Vec<Span> = raw
                .iter()
                .map(|&(a, l)| {
                    let a = a.min(s.len() + 1);
                    let a = (0..=a).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                    let e = (a + l).min(s.len());
                    let e = (e..=s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(s.len());
                    Span::new(a, e.max(a))
                })
                .collect();
            spans.sort_by_key(|sp| sp.start);
            let mut out = Vec::new();
            write_caret_line(&mut out, &s, || spans.iter().copied()).unwrap();
            let want = format!("{}\n", caret_line_of(&s, spans.iter().copied()));
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), want, "{:?} {:?}", s, spans);
        }
    }
}
