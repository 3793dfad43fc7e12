//! The plain-text breakdown of one analysed input: its components with
//! their byte spans, carets under the errors, and every finding.

use std::io::{self, Write};

use crate::text::mask::mask_userinfo;
use crate::text::plain::visible;
use crate::uri::lint::Linted;
use crate::uri::{Severity, Span};

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
    let plain = visible(s);
    let safe = matches!(plain, std::borrow::Cow::Borrowed(_));
    out.write_all(plain.as_bytes())?;
    out.write_all(b"\n")?;
    let valid = a.is_valid();
    let errors = || {
        a.marks()
            .filter(|m| m.severity == Severity::Error)
            .map(|m| m.span)
    };
    if errors().next().is_some() {
        writeln!(out, "{}", caret_line_of(s, errors()))?;
    }
    let kind = u.kind().as_str();
    if valid && !s.is_ascii() {
        // Only an IRI-reference (RFC 3987) is valid with non-ASCII text.
        writeln!(out, "  {}", iri_headline(s, u.kind()))?;
    } else if valid {
        out.write_all(b"  valid       yes (")?;
        out.write_all(kind.as_bytes())?;
        out.write_all(b" reference)\n")?;
    } else {
        out.write_all(b"  valid       no (components below are the Appendix B split)\n")?;
    }
    let row = |out: &mut W, name: &str, span: Option<Span>, extra: &str| -> io::Result<()> {
        match span {
            Some(sp) if safe => write_row(out, name, sp.slice(s), sp, extra),
            Some(sp) => write_row(out, name, &visible(sp.slice(s)), sp, extra),
            None => {
                out.write_all(b"  ")?;
                padded(out, name, 11)?;
                out.write_all(b" (undefined)\n")
            }
        }
    };
    if valid {
        row(out, "scheme", u.scheme_span(), "")?;
        match u.authority_parts() {
            Some(auth) => {
                // The userinfo's password is masked for display (RFC 3986 §7.5).
                let masked = |sp: Span, ui: Span| {
                    let m = mask_userinfo(ui.slice(s));
                    format!("{m}{}", &s[ui.end..sp.end])
                };
                let masked_row = |out: &mut W, name: &str, sp: Span, text: &str| {
                    write_row(out, name, &visible(text), sp, "")
                };
                match auth.userinfo {
                    Some(ui) => {
                        masked_row(out, "authority", auth.span, &masked(auth.span, ui))?;
                        masked_row(out, "  userinfo", ui, &masked(ui, ui))?;
                    }
                    None => row(out, "authority", Some(auth.span), "")?,
                }
                let hk = host_kind_note(auth.host.kind);
                row(out, "  host", Some(auth.host.span), hk)?;
                if let Some(z) = auth.host.zone {
                    row(out, "  zone", Some(z), "")?;
                }
                if let Some(p) = auth.port {
                    row(out, "  port", Some(p), "")?;
                }
            }
            None => row(out, "authority", None, "")?,
        }
        row(
            out,
            "path",
            Some(u.path_span()),
            path_kind_note(u.path_kind()),
        )?;
        row(out, "query", u.query_span(), "")?;
        row(out, "fragment", u.fragment_span(), "")?;
    } else {
        let p = &a.split;
        row(out, "scheme", p.scheme, "")?;
        row(out, "authority", p.authority, "")?;
        row(out, "path", Some(p.path), "")?;
        row(out, "query", p.query, "")?;
        row(out, "fragment", p.fragment, "")?;
    }
    if !l.is_empty() {
        writeln!(out, "  findings:")?;
        let total = l.len();
        for f in l.findings().take(limit) {
            writeln!(
                out,
                "    {} {} [{}..{}]: {}",
                f.severity,
                f.code,
                f.span.start,
                f.span.end,
                visible(&f.message)
            )?;
        }
        if total > limit {
            writeln!(
                out,
                "    … {} more findings not listed here (`uriscope parse` lists every one)",
                total - limit
            )?;
        }
    }
    out.write_all(b"\n")
}

/// `  (KIND)` after a host row, without formatting it each time.
fn host_kind_note(k: crate::uri::HostKind) -> &'static str {
    use crate::uri::HostKind::*;
    match k {
        RegName => "  (reg-name)",
        Ipv4 => "  (ipv4)",
        Ipv6 => "  (ipv6)",
        IpFuture => "  (ipvfuture)",
    }
}

/// `  (KIND)` after the path row.
fn path_kind_note(k: crate::uri::PathKind) -> &'static str {
    use crate::uri::PathKind::*;
    match k {
        AbEmpty => "  (path-abempty)",
        Absolute => "  (path-absolute)",
        NoScheme => "  (path-noscheme)",
        Rootless => "  (path-rootless)",
        Empty => "  (path-empty)",
    }
}

/// Spaces to pad with (a row pads at most 30 columns at once).
const SPACES: &[u8; 32] = b"                                ";

/// `text` then spaces up to `w` characters, as `format!("{text:<w$}")`
/// writes it (counting characters), without the formatter.
fn padded<W: Write>(out: &mut W, text: &str, w: usize) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    let n = if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    };
    let mut pad = w.saturating_sub(n);
    while pad > 0 {
        let k = pad.min(SPACES.len());
        out.write_all(&SPACES[..k])?;
        pad -= k;
    }
    Ok(())
}

/// `n` in decimal.
fn number<W: Write>(out: &mut W, mut n: usize) -> io::Result<()> {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.write_all(&buf[i..])
}

/// One component row, `  NAME "VALUE" START..END EXTRA`: the name padded
/// to 11 characters, the quoted value to 30. Written piece by piece (the
/// CLI prints a million of these a second; `format!` padding wrote them
/// a character at a time).
fn write_row<W: Write>(
    out: &mut W,
    name: &str,
    value: &str,
    sp: Span,
    extra: &str,
) -> io::Result<()> {
    out.write_all(b"  ")?;
    padded(out, name, 11)?;
    out.write_all(b" \"")?;
    let n = if value.is_ascii() {
        value.len()
    } else {
        value.chars().count()
    };
    out.write_all(value.as_bytes())?;
    out.write_all(b"\"")?;
    padded(out, "", 28usize.saturating_sub(n))?;
    out.write_all(b" ")?;
    number(out, sp.start)?;
    out.write_all(b"..")?;
    number(out, sp.end)?;
    out.write_all(extra.as_bytes())?;
    out.write_all(b"\n")
}

/// The headline of a valid IRI-reference that is not a URI-reference: what
/// it is, and its URI form by the RFC 3987 §3.1 mapping.
///
/// ```
/// use uriscope::uri::RefKind;
/// assert_eq!(uriscope::report::text::iri_headline("https://münchen.de/ü", RefKind::Uri),
///     "valid IRI (RFC 3987) — not a URI; URI form: https://xn--mnchen-3ya.de/%C3%BC");
/// ```
pub fn iri_headline(s: &str, kind: crate::uri::RefKind) -> String {
    let uri_form = match crate::uri::iri::iri_to_uri(s) {
        Ok(u) => visible(&u).into_owned(),
        Err(e) => format!("none ({})", visible(&e.to_string())),
    };
    match kind {
        crate::uri::RefKind::Uri => {
            format!("valid IRI (RFC 3987) — not a URI; URI form: {uri_form}")
        }
        k => format!(
            "valid IRI reference (RFC 3987, {} reference) — not a URI reference; URI form: \
             {uri_form}",
            k.as_str()
        ),
    }
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
    match crate::uri::resolve_target(base, reference, options) {
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
    use crate::uri::{HostKind, PathKind};

    /// The kind notes written without formatting say what `as_str` says.
    #[test]
    fn kind_notes_are_the_kind_names() {
        for k in [
            HostKind::RegName,
            HostKind::Ipv4,
            HostKind::Ipv6,
            HostKind::IpFuture,
        ] {
            assert_eq!(host_kind_note(k), format!("  ({})", k.as_str()));
        }
        for k in [
            PathKind::AbEmpty,
            PathKind::Absolute,
            PathKind::NoScheme,
            PathKind::Rootless,
            PathKind::Empty,
        ] {
            assert_eq!(path_kind_note(k), format!("  ({})", k.as_str()));
        }
    }

    /// A row is what `format!` with its padding wrote.
    #[test]
    fn rows_pad_as_format_did() {
        for (name, value) in [
            ("scheme", "http"),
            ("  host", "例え.jp"),
            ("path", &"x".repeat(40)[..]),
        ] {
            let sp = Span::new(3, 17);
            let mut out = Vec::new();
            write_row(&mut out, name, value, sp, "  (x)").unwrap();
            let want = format!(
                "  {name:<11} {:<30} {}..{}  (x)\n",
                format!("\"{value}\""),
                3,
                17
            );
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }
}
