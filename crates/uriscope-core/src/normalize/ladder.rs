//! The traced ladder: each rung rebuilds the previous rung's output,
//! recording what changed (re-parsed only when a rung changed it).

use std::sync::Arc;

use super::text::{write_path_text, write_text, Emit, Rewrite, TextRule};
use super::{
    double_slash_message, invalid, is_default_port, Normalization, NormalizeError,
    NormalizeOptions, Rung, RungKind,
};
use crate::resolution::dot_segments::has_dot_segments;
use crate::syntax::ipv6_text;
use crate::Code;
use crate::{
    parse_with, remove_dot_segments, Finding, HostKind, ParseOptions, Severity, Span, UriRef,
};

/// A component handed to a rung by [`rebuild`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comp {
    Scheme,
    Userinfo,
    /// The host and its kind.
    Host(HostKind),
    /// The port with its leading `:`.
    Port,
    Path,
    Query,
    Fragment,
}

/// Re-emit `u` component by component: delimiters are kept, each component
/// goes through `f`.
pub(crate) fn rebuild<E: Emit>(u: &UriRef<'_>, out: &mut E, mut f: impl FnMut(Comp, &str, &mut E)) {
    if let Some(s) = u.scheme() {
        f(Comp::Scheme, s, out);
        out.keep(":");
    }
    if let Some(a) = u.authority_parts() {
        let input = u.as_str();
        out.keep("//");
        if let Some(ui) = a.userinfo {
            f(Comp::Userinfo, ui.slice(input), out);
            out.keep("@");
        }
        f(Comp::Host(a.host.kind), a.host.span.slice(input), out);
        if let Some(p) = a.port {
            f(Comp::Port, &input[p.start - 1..p.end], out);
        }
    }
    f(Comp::Path, u.path(), out);
    if let Some(q) = u.query() {
        out.keep("?");
        f(Comp::Query, q, out);
    }
    if let Some(fr) = u.fragment() {
        out.keep("#");
        f(Comp::Fragment, fr, out);
    }
}

/// Write a host: reg-names and IP literals with ASCII letters lowercased
/// (when `rule.lower`), a zone ID only hex-normalized; escapes decoded per
/// `rule`.
pub(crate) fn write_host<E: Emit>(host: &str, kind: HostKind, rule: TextRule, out: &mut E) {
    // Only an IPv6 literal has a zone after a `%` (looked for only there).
    let zone = || host.find('%');
    match (kind, (kind == HostKind::Ipv6).then(zone).flatten()) {
        (HostKind::Ipv6, Some(pct)) => {
            write_text(&host[..pct], rule, out);
            write_text(&host[pct..], TextRule::new(false, rule.decode), out);
        }
        _ => write_text(host, rule, out),
    }
}

/// The grammar each rung re-parses with.
fn parse_options(options: NormalizeOptions) -> ParseOptions {
    ParseOptions { iri: options.iri }
}

/// Normalize `input` (a URI-reference), climbing the ladder rung by rung.
///
/// ```
/// use uriscope_core::{trace::{normalize, RungKind}, NormalizeOptions};
/// let n = normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", NormalizeOptions::default()).unwrap();
/// assert_eq!(n.normalized, "example://a/b/c/%7Bfoo%7D");
/// let case = &n.rungs[0];
/// assert_eq!((case.kind, &*case.after), (RungKind::Case, "example://a/./b/../b/%63/%7Bfoo%7D"));
/// assert_eq!(case.changed.iter().map(|s| s.slice(&case.after)).collect::<Vec<_>>(), ["xample", "%7B", "%7D"]);
/// ```
pub fn normalize(input: &str, options: NormalizeOptions) -> Result<Normalization, NormalizeError> {
    let po = parse_options(options);
    let mut ladder = vec![RungKind::Case];
    if options.ipv6_rfc5952 {
        ladder.push(RungKind::Ipv6);
    }
    ladder.extend([
        RungKind::PercentEncoding,
        RungKind::PathSegments,
        RungKind::EmptyPort,
    ]);
    if !options.syntax_only {
        ladder.extend([RungKind::SchemeBased, RungKind::Idna]);
    }
    let mut rungs = Vec::with_capacity(ladder.len());
    let mut current: Arc<str> = Arc::from(input);
    let mut kinds = ladder.into_iter().peekable();
    while kinds.peek().is_some() {
        let text = Arc::clone(&current);
        let u = parse_with(&text, po).map_err(|_| invalid(&text, po))?;
        // The rungs that change nothing leave the text as it is: the next
        // one reads the same parse.
        for kind in kinds.by_ref() {
            let mut rw = Rewrite::new(&text);
            let mut findings = Vec::new();
            match kind {
                RungKind::Case => case(&u, &mut rw),
                RungKind::Ipv6 => ipv6(&u, &mut rw),
                RungKind::PercentEncoding => percent(&u, options, &mut rw),
                RungKind::PathSegments => path_segments(&u, &mut rw, &mut findings),
                RungKind::EmptyPort => empty_port(&u, &mut rw),
                RungKind::SchemeBased => scheme_based(&u, &mut rw),
                RungKind::Idna => idna(&u, &mut rw, &mut findings),
            }
            let changed = std::mem::take(&mut rw.changed);
            let after: Arc<str> = match rw.into_changed() {
                Some(out) => Arc::from(out),
                None => Arc::clone(&text),
            };
            if kind == RungKind::PercentEncoding && options.keep_encoded_dots {
                encoded_dot_segments_kept(&after, po, &mut findings);
            }
            let moved = !Arc::ptr_eq(&after, &text);
            rungs.push(Rung {
                kind,
                before: Arc::clone(&text),
                after: Arc::clone(&after),
                changed,
                findings,
            });
            if moved {
                current = after;
                break;
            }
        }
    }
    Ok(Normalization {
        input: input.to_string(),
        normalized: current.to_string(),
        rungs,
    })
}

/// A note on each `%2E` dot segment the percent-encoding rung kept encoded
/// in `after` (its path) under [`NormalizeOptions::keep_encoded_dots`].
fn encoded_dot_segments_kept(after: &str, po: ParseOptions, findings: &mut Vec<Finding>) {
    let Ok(u) = parse_with(after, po) else { return };
    for (span, seg) in u.segments() {
        if super::text::is_encoded_dot_segment(seg) {
            findings.push(Finding::new(
                span,
                Severity::Note,
                Code::EncodedDotSegmentKept,
                format!(
                    "\"{seg}\" is a dot segment spelled with escapes: \".\" is unreserved, which \
                     RFC 3986 §6.2.2.2 decodes, but --keep-encoded-dots keeps it encoded (a \
                     server that does not decode before resolving finds another resource), so \
                     the path rung \
                     (§6.2.2.3) does not remove it"
                ),
            ));
        }
    }
}

fn case(u: &UriRef<'_>, rw: &mut Rewrite<'_>) {
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Scheme => write_text(s, TextRule::new(true, false), rw),
        Comp::Host(kind) => write_host(s, kind, TextRule::new(true, false), rw),
        Comp::Port => rw.keep(s),
        _ => write_text(s, TextRule::new(false, false), rw),
    });
}

fn ipv6(u: &UriRef<'_>, rw: &mut Rewrite<'_>) {
    let address = u
        .authority_parts()
        .filter(|a| a.host.kind == HostKind::Ipv6)
        .map(|a| a.host.address.slice(u.as_str()));
    rebuild(u, rw, |c, s, rw| match (c, address) {
        (Comp::Host(_), Some(addr)) => {
            let canon = ipv6_text::canonical(addr);
            match canon {
                Some(canon) if canon != addr => {
                    rw.keep("[");
                    rw.change(&canon);
                    rw.keep(&s[1 + addr.len()..]);
                }
                _ => rw.keep(s),
            }
        }
        _ => rw.keep(s),
    });
}

fn percent(u: &UriRef<'_>, options: NormalizeOptions, rw: &mut Rewrite<'_>) {
    let iri = options.iri;
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Scheme | Comp::Port => rw.keep(s),
        Comp::Host(kind) => write_host(s, kind, TextRule::new(true, true).iri(iri), rw),
        Comp::Path => write_path_text(
            s,
            TextRule::new(false, true).iri(iri),
            options.keep_encoded_dots,
            rw,
        ),
        _ => write_text(s, TextRule::new(false, true).iri(iri), rw),
    });
}

fn path_segments(u: &UriRef<'_>, rw: &mut Rewrite<'_>, findings: &mut Vec<Finding>) {
    let has_scheme = u.scheme().is_some();
    let has_authority = u.authority().is_some();
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Path if has_scheme && has_dot_segments(s) => {
            let mut p = remove_dot_segments(s);
            let hazard = !has_authority && p.starts_with("//");
            if hazard {
                p.insert_str(0, "/.");
            }
            if p == s {
                return rw.keep(s);
            }
            if hazard {
                let start = rw.len();
                findings.push(Finding::new(
                    Span::new(start, start + p.len()),
                    Severity::Warning,
                    Code::DoubleSlashPathWithoutAuthority,
                    double_slash_message(&p[2..]),
                ));
            }
            // Mark only the part between the common prefix and suffix as changed
            // (an empty span where segments were only removed). Paths are ASCII here.
            let (a, b) = (s.as_bytes(), p.as_bytes());
            let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let max_suf = a.len().min(b.len()) - pre;
            let suf = a
                .iter()
                .rev()
                .zip(b.iter().rev())
                .take(max_suf)
                .take_while(|(x, y)| x == y)
                .count();
            match (
                p.get(..pre),
                p.get(pre..p.len() - suf),
                p.get(p.len() - suf..),
            ) {
                (Some(head), Some(mid), Some(tail)) => {
                    rw.keep(head);
                    rw.change(mid);
                    rw.keep(tail);
                }
                _ => rw.change(&p),
            }
        }
        _ => rw.keep(s),
    });
}

/// RFC 3986 §3.2.3: "URI producers and normalizers should omit the port
/// component and its \":\" delimiter if port is empty", for every scheme.
fn empty_port(u: &UriRef<'_>, rw: &mut Rewrite<'_>) {
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Port if s == ":" => rw.change(""),
        _ => rw.keep(s),
    });
}

fn scheme_based(u: &UriRef<'_>, rw: &mut Rewrite<'_>) {
    let scheme = u.scheme().unwrap_or_default();
    let known = super::default_port(scheme).is_some();
    let has_authority = u.authority().is_some();
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Port if u.scheme().is_some() && s.len() > 1 && is_default_port(scheme, &s[1..]) => {
            rw.change("")
        }
        Comp::Path if known && has_authority && s.is_empty() => rw.change("/"),
        _ => rw.keep(s),
    });
}

/// RFC 3987 §5.3.3: a DNS scheme's registered name in its IDNA A-label
/// form; a name IDNA refuses is kept, with a note saying why.
fn idna(u: &UriRef<'_>, rw: &mut Rewrite<'_>, findings: &mut Vec<Finding>) {
    let scheme = u.scheme().unwrap_or_default();
    rebuild(u, rw, |c, s, rw| match c {
        Comp::Host(kind) if super::idna::may_fold(scheme, kind, s) => {
            match super::idna::fold_host(s) {
                Ok(Some(ascii)) => rw.change(&ascii),
                Ok(None) => rw.keep(s),
                Err(error) => {
                    let start = rw.len();
                    rw.keep(s);
                    let refused = super::idna::Refused {
                        host: Span::new(start, start + s.len()),
                        error,
                    };
                    findings.push(Finding::new(
                        refused.host,
                        Severity::Note,
                        Code::HostNotIdna,
                        refused.message(u.as_str()),
                    ));
                }
            }
        }
        _ => rw.keep(s),
    });
}
