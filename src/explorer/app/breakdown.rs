//! The Breakdown pane's model: which component covers which bytes, the
//! decoded values, and what the pane offers to copy. Drawn by
//! `ui::breakdown`.

use std::borrow::Cow;

use super::role::Role;
use super::{App, CopyEntry};
use crate::uri::component::Split;
use crate::uri::lint::Linted;
use crate::uri::UriRef;
use crate::uri::{self, percent, ParseOptions, Report, Span};

/// One component or sub-component and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its name in RFC words (`scheme`, `authority`, `host`, …).
    pub name: &'static str,
    /// The role that colors it.
    pub role: Role,
    /// Its bytes in the input.
    pub span: Span,
    /// Whether it is one of the five top-level components of §3.
    pub top: bool,
}

/// The components of the input: from the strict parse when valid, from
/// the Appendix B split when not (so broken input still gets its colors).
/// Top-level components and sub-components, in input order.
pub fn components(a: &Report<'_>) -> Vec<Component> {
    components_of(a.is_valid().then_some(&a.uri), &a.split)
}

/// The components from the strict parser's spans of a valid input
/// (`Some`), else from the Appendix B split.
fn components_of(valid: Option<&UriRef<'_>>, split: &Split) -> Vec<Component> {
    let c = |name, role, span, top| Component {
        name,
        role,
        span,
        top,
    };
    let mut out = Vec::with_capacity(8);
    if let Some(u) = valid {
        if let Some(s) = u.scheme_span() {
            out.push(c("scheme", Role::Scheme, s, true));
        }
        if let Some(auth) = u.authority_parts() {
            out.push(c("authority", Role::Host, auth.span, true));
            if let Some(ui) = auth.userinfo {
                out.push(c("userinfo", Role::Userinfo, ui, false));
            }
            out.push(c("host", Role::Host, auth.host.span, false));
            if let Some(p) = auth.port {
                out.push(c("port", Role::Port, p, false));
            }
        }
        out.push(c("path", Role::Path, u.path_span(), true));
        if let Some(q) = u.query_span() {
            out.push(c("query", Role::Query, q, true));
        }
        if let Some(f) = u.fragment_span() {
            out.push(c("fragment", Role::Fragment, f, true));
        }
    } else {
        let p = split;
        if let Some(s) = p.scheme {
            out.push(c("scheme", Role::Scheme, s, true));
        }
        if let Some(s) = p.authority {
            out.push(c("authority", Role::Host, s, true));
        }
        out.push(c("path", Role::Path, p.path, true));
        if let Some(s) = p.query {
            out.push(c("query", Role::Query, s, true));
        }
        if let Some(s) = p.fragment {
            out.push(c("fragment", Role::Fragment, s, true));
        }
    }
    out
}

/// [`roles`] of the explorer's input, computed once per state of the
/// texts (the memo's): the input line and the Breakdown's diagram both
/// draw them, a byte each of a 10 MB paste. `a` is the analysis of
/// `app`'s input.
pub fn input_roles(app: &App, a: &Report<'_>) -> std::rc::Rc<Vec<Role>> {
    input_roles_with(app, || roles(a))
}

/// [`input_roles`] with the roles made by `make`, called only when the
/// memo does not have them (a key that changes no text analyses nothing
/// for them).
pub fn input_roles_with(app: &App, make: impl FnOnce() -> Vec<Role>) -> std::rc::Rc<Vec<Role>> {
    struct InputRoles(std::rc::Rc<Vec<Role>>);
    let kept = super::memo::kept(app, || InputRoles(std::rc::Rc::new(make())));
    std::rc::Rc::clone(&kept.0)
}

/// The role of every byte of the input (delimiters where no component
/// covers it); sub-components win over their authority.
pub fn roles(a: &Report<'_>) -> Vec<Role> {
    let mut out = vec![Role::Delimiter; a.input.len()];
    let valid = a.is_valid();
    // When valid, userinfo/host/port color the authority and its "@" and
    // ":" stay delimiters; the split has no sub-components.
    for comp in components(a)
        .iter()
        .filter(|c| !(valid && c.name == "authority"))
    {
        if let Some(slot) = out.get_mut(comp.span.range()) {
            slot.fill(comp.role);
        }
    }
    // Input that does not parse: the Appendix B authority colored by the
    // parts found the lenient way (userinfo, host, port), its `@` and the
    // port's `:` left as delimiters.
    if let (false, Some(auth)) = (valid, a.split.authority) {
        let parts = uri::component::loose_authority(a.input, auth);
        if let Some(slot) = out.get_mut(auth.range()) {
            slot.fill(Role::Delimiter);
        }
        let spans = [
            (parts.userinfo, Role::Userinfo),
            (Some(parts.host), Role::Host),
            (parts.port, Role::Port),
        ];
        for (span, role) in spans {
            if let Some(slot) = span.and_then(|s| out.get_mut(s.range())) {
                slot.fill(role);
            }
        }
    }
    out
}

/// Every finding to show: the parser's (errors, warnings, notes) and the
/// lint's (RFC 3986 §7 security and sanity warnings), in input order.
/// Invalid input is linted too, on the components the strict parser
/// delimited: `http://u:p@trusted.example@evil.example/` is invalid, yet
/// browsers open it, so its §7.6 warning matters most there.
///
/// The parser's messages stay unwritten until listed
/// ([`Linted::findings`]), so a frame costs the hundred it lists, not the
/// 17,000 a 64 KB input full of errors has.
pub fn findings<'r>(a: &'r Report<'r>) -> Linted<'r> {
    Linted::new(a)
}

/// `input` as the explorer reads it (an IRI-reference), by the fast parse
/// that stops at the first error: the parser's spans when it is valid, and
/// the Appendix B split; what [`components_of`] takes.
fn fast_parse(input: &str) -> (Option<UriRef<'_>>, Split) {
    (
        uri::UriRef::parse_with(input, uri::ParseOptions::new().iri(true)).ok(),
        uri::component::split(input),
    )
}

/// [`fast_parse`] where only the offsets of the components matter (the
/// word keys' stops): a valid input's components sit where the Appendix
/// B split puts them, except the userinfo and port inside the authority,
/// which take an `@` or a `:` there. Without either, the parse cannot
/// move a stop and is skipped: it was a 64 KB parse at every word key
/// after an edit (0.1 ms each; a fuzz program of such keys, 13 ms).
fn edge_parse(input: &str) -> (Option<UriRef<'_>>, Split) {
    let split = uri::component::split(input);
    let plain = split
        .authority
        .is_none_or(|a| !a.slice(input).bytes().any(|b| b == b'@' || b == b':'));
    if plain {
        return (None, split);
    }
    (
        uri::UriRef::parse_with(input, uri::ParseOptions::new().iri(true)).ok(),
        split,
    )
}

/// Byte offsets where Ctrl-Left/Right stop and Ctrl-W deletes back to:
/// the starts and ends of components, path segments and query pairs of
/// the input as the explorer reads it (an IRI-reference, RFC 3987).
///
/// The same components as [`components`] of the analysis, from the fast
/// parse that stops at the first error (valid input: the parser's spans;
/// invalid: the Appendix B split), so no finding is formatted: these keys
/// come on every press, and a 2 KB input full of errors has a thousand.
pub fn boundaries(input: &str) -> Vec<usize> {
    let (parsed, split) = edge_parse(input);
    // At most 18 component edges, sorted here; the segment and pair edges
    // come in input order already (the path ends before the query
    // starts), so the two lists merge without sorting a thousand offsets.
    let mut coarse = vec![0, input.len()];
    for comp in components_of(parsed.as_ref(), &split) {
        coarse.push(comp.span.start);
        coarse.push(comp.span.end);
    }
    coarse.sort_unstable();
    let (path, query) = match &parsed {
        Some(u) => (u.path_span(), u.query_span()),
        None => (split.path, split.query),
    };
    let fine = uri::component::segments(input, path)
        .map(|(s, _)| s)
        .chain(uri::component::query_pairs(input, query, b'&').map(|p| p.span))
        .flat_map(|s| [s.start, s.end]);
    let mut out = Vec::with_capacity(coarse.len() + 8);
    let mut coarse = coarse.into_iter().peekable();
    for f in fine {
        while let Some(c) = coarse.next_if(|&c| c <= f) {
            out.push(c);
        }
        out.push(f);
    }
    out.extend(coarse);
    debug_assert!(out.is_sorted(), "segment and pair edges come in order");
    out.dedup();
    out
}

/// The stops of [`boundaries`] that a word jump or kill at `cursor` can
/// reach: every component edge, and the path-segment and query-pair edges
/// of the few segments and pairs around the cursor (the nearest stop on
/// either side of it is the same as in [`boundaries`]). A path of 16,000
/// segments is not walked at each Ctrl-W: the walk starts after the third
/// `/` (or `&`) before the cursor and ends one segment past it.
///
/// ```
/// use uriscope::explorer::app::breakdown::{boundaries, boundaries_near};
/// let s = format!("http://h{}?a=1", "/seg".repeat(1000));
/// let near = boundaries_near(&s, 4000);
/// assert!(near.len() < 40);
/// let before = |b: &[usize]| b.iter().copied().filter(|&i| i < 4000).max();
/// assert_eq!(before(&near), before(&boundaries(&s)));
/// ```
pub fn boundaries_near(input: &str, cursor: usize) -> Vec<usize> {
    boundaries_near_in(input, &Edges::of(input), cursor)
}

/// What [`boundaries_near`] takes from the parse of a text, whatever the
/// cursor: the component edges, the path and the query. Kept by the
/// explorer until the input changes (`memo::kept`), so eight Alt-B on a
/// 64 KB input parse it once, not eight times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edges {
    components: Vec<usize>,
    path: Span,
    query: Option<Span>,
}

impl Edges {
    /// The edges of `input`, by the fast parse.
    pub fn of(input: &str) -> Edges {
        let (parsed, split) = edge_parse(input);
        let mut components = vec![0, input.len()];
        for comp in components_of(parsed.as_ref(), &split) {
            components.push(comp.span.start);
            components.push(comp.span.end);
        }
        let (path, query) = match &parsed {
            Some(u) => (u.path_span(), u.query_span()),
            None => (split.path, split.query),
        };
        Edges {
            components,
            path,
            query,
        }
    }
}

/// [`boundaries_near`] from the [`Edges`] of `input`.
pub fn boundaries_near_in(input: &str, edges: &Edges, cursor: usize) -> Vec<usize> {
    let mut out = edges.components.clone();
    let (path, query) = (edges.path, edges.query);
    let from = window_start(input, path, cursor, b'/');
    for (seg, _) in uri::component::segments(input, Span::new(from, path.end)) {
        out.extend([seg.start, seg.end]);
        if seg.start > cursor {
            break;
        }
    }
    if let Some(q) = query {
        let from = window_start(input, q, cursor, b'&');
        let window = Some(Span::new(from, q.end));
        for pair in uri::component::query_pairs(input, window, b'&') {
            out.extend([pair.span.start, pair.span.end]);
            if pair.span.start > cursor {
                break;
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Just after the third `sep` of `span` before `cursor`, or the start of
/// `span` when there are fewer: from there, the segments (or pairs) are
/// those of the whole span (a walk started after a separator falls in
/// step with the whole walk by the next separator).
fn window_start(input: &str, span: Span, cursor: usize, sep: u8) -> usize {
    let end = cursor.clamp(span.start, span.end);
    memchr::memrchr_iter(sep, &input.as_bytes()[span.start..end])
        .nth(2)
        .map_or(span.start, |i| span.start + i + 1)
}

/// Decode `%XX` escapes (RFC 3986 §2.1) with the core's
/// [`percent::decode_bytes`] and read the bytes as UTF-8, replacing invalid
/// sequences with U+FFFD; malformed `%` are kept as is. The second value is
/// false when the bytes were not UTF-8.
///
/// ```
/// use uriscope::explorer::app::breakdown::percent_decode;
/// assert_eq!(percent_decode("a%20b%E2%82%AC%zz"), ("a b€%zz".into(), true));
/// assert_eq!(percent_decode("%FF").1, false);
/// ```
pub fn percent_decode(s: &str) -> (Cow<'_, str>, bool) {
    // Most components hold no escape: found sixteen bytes at a time (a
    // 10 MB path is decoded for its table cell and its segment at every
    // frame).
    if memchr::memchr(b'%', s.as_bytes()).is_none() {
        return (Cow::Borrowed(s), true);
    }
    match percent::decode_bytes(s.as_bytes(), percent::DecodeOptions::default()) {
        Cow::Borrowed(_) => (Cow::Borrowed(s), true),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => (Cow::Owned(text), true),
            Err(e) => (
                Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                false,
            ),
        },
    }
}

/// `s` form-decoded (`application/x-www-form-urlencoded`: `+` is a
/// space, then the RFC 3986 decoding), invalid UTF-8 shown as U+FFFD.
pub fn form_decode(s: &str) -> Cow<'_, str> {
    if memchr::memchr2(b'%', b'+', s.as_bytes()).is_none() {
        return Cow::Borrowed(s);
    }
    let form = percent::DecodeOptions {
        plus_as_space: true,
    };
    match percent::decode_bytes(s.as_bytes(), form) {
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// At most this many findings are listed in a copied breakdown; a line
/// counts the rest and names `uriscope parse`, which lists every one.
///
/// A clipboard is no place for a report of every finding of a
/// megabytes-long paste full of errors (gigabytes of text). A thousand
/// findings are about 200 KB, more than any bug report reads and within
/// what terminals take over OSC 52; ten times that would make each Ctrl-Y
/// after an edit of an error-heavy 64 KB input write 2 MB.
pub const COPIED_FINDINGS: usize = 1_000;

/// The Breakdown's main result (Ctrl-Y): the plain-text breakdown, as
/// `uriscope URI | cat` prints it, listing at most [`COPIED_FINDINGS`]
/// findings. Written anew at each call: the explorer reads it through
/// the memo (`breakdown_pane::breakdown_text`), which keeps it until a text changes.
pub fn main_result(app: &App) -> CopyEntry {
    breakdown_entry(&app.analysis())
}

fn breakdown_entry(a: &Report<'_>) -> CopyEntry {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = crate::report::text::write_breakdown_upto(&mut buf, &Linted::new(a), COPIED_FINDINGS);
    CopyEntry {
        label: "breakdown".into(),
        // Only strs were written: valid UTF-8 (std checks it faster than
        // the lossy decoder would).
        text: String::from_utf8(buf)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// What the Breakdown offers to copy: `main`, the breakdown text (the
/// caller has it kept), then each component, raw and (when different)
/// decoded.
pub fn copy_entries(app: &App, main: CopyEntry) -> Vec<CopyEntry> {
    let mut out = vec![main];
    out.extend(light_entries(app));
    out
}

/// The entries after the breakdown text (the forms and each component):
/// cheap, unlike the breakdown text, which is written only when chosen.
pub fn light_entries(app: &App) -> Vec<CopyEntry> {
    let mut out = forms(app.input.text());
    out.extend(component_entries(app.input.text()));
    out
}

/// The URI the input most likely means, when it is a shape that is not
/// a URI ([`uri::shape`]); the input's URI form (RFC 3987 §3.1: UTF-8
/// escapes, the host through IDNA) and IRI form (§3.2), each where it
/// differs from the input.
fn forms(input: &str) -> Vec<CopyEntry> {
    let mut out = Vec::new();
    let r = uri::analyze(input, ParseOptions::new().iri(true));
    if let Some(s) = uri::shape::recognize(&r) {
        out.push(CopyEntry {
            label: format!("the URI it most likely means ({})", s.kind.name()),
            text: s.likely(input),
        });
    }
    if let Ok(u) = uri::iri::iri_to_uri(input) {
        if u != input {
            out.push(CopyEntry {
                label: "URI form (RFC 3987 §3.1, punycode host)".into(),
                text: u.into_owned(),
            });
        }
    }
    if let Ok(i) = uri::iri::uri_to_iri(input) {
        if i != input {
            out.push(CopyEntry {
                label: "IRI form (RFC 3987 §3.2)".into(),
                text: i.into_owned(),
            });
        }
    }
    // libcurl's reading, which trurl and scripts built on curl use; its
    // differences from RFC 3986 are in DIFFERENCES.md. A URL holding a
    // control character is not offered, as trurl mode does not write it.
    if let Ok(t) = crate::curl::trurl::print(input) {
        if t != input && crate::text::answer::check(&t).is_ok() {
            out.push(CopyEntry {
                label: "as trurl would print it (libcurl)".into(),
                text: t,
            });
        }
    }
    out
}

/// The copy chooser's rows for [`copy_entries`], without writing the
/// breakdown text: its first line is the input as printed.
pub fn choices(app: &App) -> Vec<super::Choice> {
    let input = app.input.text();
    // The row shows the first characters only, of the text's first line
    // (the input, which the text writes in the plain notation): as the
    // user's text, which the chooser shows in the screen's notation like
    // every other row.
    let mut out = vec![super::Choice {
        label: "breakdown".into(),
        preview: super::preview_of(input),
        more: true,
    }];
    out.extend(forms(input).iter().map(super::Choice::of));
    out.extend(component_entries(input).iter().map(super::Choice::of));
    out
}

/// Each component of `input`, raw and (when different) decoded; the
/// components of [`components`], from the fast parse (see [`boundaries`]).
fn component_entries(input: &str) -> Vec<CopyEntry> {
    let (parsed, split) = fast_parse(input);
    let mut out = Vec::new();
    for comp in components_of(parsed.as_ref(), &split) {
        let raw = comp.span.slice(input);
        out.push(CopyEntry {
            label: comp.name.to_string(),
            text: raw.to_string(),
        });
        let (dec, _) = percent_decode(raw);
        if dec != raw {
            out.push(CopyEntry {
                label: format!("{} (decoded)", comp.name),
                text: dec.into_owned(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::analyze;

    #[test]
    fn decode_edges() {
        assert_eq!(percent_decode("%"), ("%".into(), true));
        assert_eq!(percent_decode("%4"), ("%4".into(), true));
        assert_eq!(percent_decode("%41"), ("A".into(), true));
        assert_eq!(percent_decode("x%41%"), ("xA%".into(), true));
        assert_eq!(percent_decode("%C3%A9"), ("é".into(), true));
        assert_eq!(percent_decode("%C3"), ("\u{fffd}".into(), false));
    }

    #[test]
    fn roles_cover_sub_components() {
        let a = analyze("s://u@h:1/p?q#f", Default::default());
        let r: String = roles(&a).iter().map(|r| r.letter()).collect();
        assert_eq!(r, "s   u h npp q f");
    }

    use proptest::prelude::prop_oneof;

    proptest::proptest! {
        /// Skipping the parse never moves a stop: the edges are those the
        /// full parse gives, valid input or not.
        #[test]
        fn the_edges_skip_only_a_parse_that_moves_nothing(
            s in prop_oneof![
                "(http|s|1a)?(:|://)?([a-z0-9.@:\\[\\]%/?#&= ]|é|e\u{301}|%41|%zz){0,20}",
                "(http://|s://|//|s:)?((u|u:p|é|%41)@)?(h|é|\\[::1\\]|\\[v1.x\\]|1.2.3.4)?(:[0-9]{0,3})?(/[a-zé.%]{0,3}){0,4}(\\?[a-z=&]{0,6})?(#[a-z]{0,2})?( |%zz|@)?",
            ],
        ) {
            let full = |input: &str| {
                let (parsed, split) = fast_parse(input);
                let mut v: Vec<usize> = components_of(parsed.as_ref(), &split)
                    .iter()
                    .flat_map(|c| [c.span.start, c.span.end])
                    .collect();
                v.sort_unstable();
                v.dedup();
                let (path, query) = match &parsed {
                    Some(u) => (u.path_span(), u.query_span()),
                    None => (split.path, split.query),
                };
                (v, path, query)
            };
            let e = Edges::of(&s);
            let mut ours = e.components.clone();
            ours.sort_unstable();
            ours.dedup();
            let (want, path, query) = full(&s);
            let mut want_all = want.clone();
            want_all.extend([0, s.len()]);
            want_all.sort_unstable();
            want_all.dedup();
            proptest::prop_assert_eq!(ours, want_all, "{:?}", s);
            proptest::prop_assert_eq!((e.path, e.query), (path, query));
            for cursor in 0..=s.len() {
                if s.is_char_boundary(cursor) {
                    let near = boundaries_near(&s, cursor);
                    let all = boundaries(&s);
                    let before = |b: &[usize]| b.iter().copied().filter(|&i| i < cursor).max();
                    let after = |b: &[usize]| b.iter().copied().filter(|&i| i > cursor).min();
                    proptest::prop_assert_eq!(before(&near), before(&all));
                    proptest::prop_assert_eq!(after(&near), after(&all));
                }
            }
        }
    }

    #[test]
    fn boundaries_of_a_uri() {
        assert_eq!(
            boundaries("http://h/a/b?x=1&y"),
            [0, 4, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18]
        );
        // Invalid (a space): the Appendix B split's components.
        assert_eq!(boundaries("http://h/a b?x"), [0, 4, 7, 8, 9, 12, 13, 14]);
    }
}
