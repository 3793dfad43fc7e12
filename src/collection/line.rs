//! One line of a collection analysed: what `uriscope parse` says of it
//! (the verdict, the scheme, the host, the finding codes) and the
//! confusion flags, plus the keys its groupings file it under. Each
//! answer comes from the core or from [`crate::confuse::flags`]; nothing
//! here decides what a URI is.

use std::ops::Range;

use crate::confuse::flags::{flags, Class};
use crate::uri::lint::Linted;
use crate::uri::{analyze, normalize, parse, NormalizeOptions, ParseOptions, UriRef};
use crate::uri::{component::RefKind, report::Verdict};

/// What a line is, as the collection's header counts it: the verdict of
/// [`Verdict::of`], with every relative reference (URI or IRI) counted
/// as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A URI (RFC 3986 §3): a scheme, every character allowed.
    Uri,
    /// An IRI (RFC 3987) with a scheme that is not a URI.
    Iri,
    /// A relative reference (RFC 3986 §4.2), URI or IRI.
    Relative,
    /// Neither a URI-reference nor an IRI-reference.
    Invalid,
}

impl Kind {
    /// Every kind, in the header's order.
    pub const ALL: [Kind; 4] = [Kind::Uri, Kind::Iri, Kind::Relative, Kind::Invalid];

    /// The kind of a verdict.
    pub fn of(v: Verdict) -> Kind {
        match v {
            Verdict::Uri(RefKind::Uri) => Kind::Uri,
            Verdict::Iri(RefKind::Uri) => Kind::Iri,
            Verdict::Uri(_) | Verdict::Iri(_) => Kind::Relative,
            Verdict::Invalid { .. } => Kind::Invalid,
        }
    }

    /// `uri`, `iri`, `relative` or `invalid`: the word of `stats`, of the
    /// filter's `is:` term and of [`Verdict::as_str`] for the first,
    /// second and last.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Uri => "uri",
            Kind::Iri => "iri",
            Kind::Relative => "relative",
            Kind::Invalid => "invalid",
        }
    }

    /// Where it is in [`Kind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The confusion classes ([`Class`]) a line has, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FlagSet(u8);

impl FlagSet {
    /// Every class, in bit order (the order of [`Class`]'s declaration).
    pub const CLASSES: [Class; 8] = [
        Class::Backslash,
        Class::IrregularSlashes,
        Class::SchemeConfusion,
        Class::EncodedDelimiter,
        Class::WhitespaceOrControl,
        Class::SeveralAt,
        Class::IdnHomograph,
        Class::InternalAddress,
    ];

    /// The bit of `class` (a `match`, so a new class fails to compile
    /// until it has one).
    fn bit(class: Class) -> u8 {
        1 << match class {
            Class::Backslash => 0,
            Class::IrregularSlashes => 1,
            Class::SchemeConfusion => 2,
            Class::EncodedDelimiter => 3,
            Class::WhitespaceOrControl => 4,
            Class::SeveralAt => 5,
            Class::IdnHomograph => 6,
            Class::InternalAddress => 7,
        }
    }

    /// The classes of [`flags`] on `text`.
    pub fn of(text: &str) -> FlagSet {
        let mut set = FlagSet::default();
        for f in flags(text) {
            set.insert(f.class);
        }
        set
    }

    /// Add `class`.
    pub fn insert(&mut self, class: Class) {
        self.0 |= Self::bit(class);
    }

    /// Whether `class` is in the set.
    pub fn contains(self, class: Class) -> bool {
        self.0 & Self::bit(class) != 0
    }

    /// Whether no class is.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The classes in the set, in bit order.
    pub fn iter(self) -> impl Iterator<Item = Class> {
        Self::CLASSES.into_iter().filter(move |&c| self.contains(c))
    }

    /// The class named `name` (kebab-case, as [`Class::name`]).
    pub fn class_named(name: &str) -> Option<Class> {
        Self::CLASSES.into_iter().find(|c| c.name() == name)
    }
}

/// What `uriscope parse` says of a line, the confusion flags beside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The verdict's kind.
    pub kind: Kind,
    /// The scheme's bytes in the line, as `parse --json`'s `scheme`
    /// (from the Appendix B split when the line is invalid).
    pub scheme: Option<Range<usize>>,
    /// The host's bytes, as `parse --json`'s `host` (only where the
    /// grammar matched: none on an invalid line).
    pub host: Option<Range<usize>>,
    /// The codes of its findings (the shape's, the parser's and the
    /// lint's, as [`Linted::marks`] walks them), each once, sorted.
    pub codes: Vec<&'static str>,
    /// Its confusion classes.
    pub flags: FlagSet,
}

/// The one code of a line that is not UTF-8 (as `parse` reports it).
pub const NOT_UTF8: &str = crate::uri::Code::NotUtf8.as_str();

impl Facts {
    /// The facts of `text`, read as an IRI-reference as the explorer
    /// reads it (so a URI's findings are the same, and an IRI has its
    /// host): the same calls as `parse` ([`analyze`], [`Linted`],
    /// [`Verdict::of`]).
    pub fn of(text: &str) -> Facts {
        let report = analyze(text, ParseOptions::new().iri(true));
        let linted = Linted::new(&report);
        // Each code once as the marks go by: a line with an error every
        // other byte has a hundred thousand marks and a handful of codes.
        let mut codes: Vec<&'static str> = Vec::new();
        for m in linted.marks() {
            let code = m.code.as_str();
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        codes.sort_unstable();
        let span = |s: crate::uri::Span| s.start..s.end;
        let (scheme, host) = if report.is_valid() {
            let host = report.uri.authority_parts().map(|a| span(a.host.span));
            (report.uri.scheme_span().map(span), host)
        } else {
            (report.split.scheme.map(span), None)
        };
        Facts {
            kind: Kind::of(Verdict::of(&report)),
            scheme,
            host,
            codes,
            flags: FlagSet::of(text),
        }
    }

    /// The facts of a line that is not UTF-8 (shown lossy): invalid, with
    /// the one finding `not-utf8`, as `parse` answers it.
    pub fn not_utf8() -> Facts {
        Facts {
            kind: Kind::Invalid,
            scheme: None,
            host: None,
            codes: vec![NOT_UTF8],
            flags: FlagSet::default(),
        }
    }
}

/// How a collection groups equivalent lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupBy {
    /// By normal form (RFC 3986 §6.2.2 and §6.2.3, as `uriscope
    /// normalize`): the lines equivalent on some rung of the §6.2 ladder.
    Normal,
    /// By scheme, host, port, path and the set of query keys of the
    /// normal form: lines that differ only in query values, userinfo or
    /// fragment.
    Keys,
    /// By the site of the host ([`crate::uri::site::site_name`]: the
    /// registrable domain, or a host that has none as its own site):
    /// `a.example.co.uk` and `b.example.co.uk` together. A line without a
    /// host is grouped with its exact copies only. A collection keeps it
    /// once asked ([`super::Collection::group_by_site`]).
    Site,
}

impl GroupBy {
    /// The groupings a line's text and normalization decide (the site's
    /// is the host's, looked up once per distinct host).
    pub const ALL: [GroupBy; 2] = [GroupBy::Normal, GroupBy::Keys];

    /// `normal`, `keys` or `site`, as `dedupe --by` spells it.
    pub fn name(self) -> &'static str {
        match self {
            GroupBy::Normal => "normal",
            GroupBy::Keys => "keys",
            GroupBy::Site => "site",
        }
    }
}

/// The key a line is grouped under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// The line has no normal form (it is invalid, or an IRI normalized
    /// as a URI): only its exact copies are equal to it (§6.2.1), so the
    /// key is its text.
    Raw,
    /// The key is the line's own text (a line already in normal form).
    Same,
    /// The key, when it differs from the text.
    Owned(String),
}

impl Key {
    /// The key's text for the line `text`.
    pub fn text<'a>(&'a self, text: &'a str) -> &'a str {
        match self {
            Key::Raw | Key::Same => text,
            Key::Owned(k) => k,
        }
    }

    /// Whether the line has no normal form.
    pub fn is_raw(&self) -> bool {
        matches!(self, Key::Raw)
    }
}

/// The key of `text` in the grouping `by`, with `options` for the
/// normalization (those of `uriscope normalize`).
///
/// ```
/// use uriscope::collection::{key_of, GroupBy, Key};
/// let o = Default::default();
/// assert_eq!(key_of("HTTP://a:80/%7e", GroupBy::Normal, o), Key::Owned("http://a/~".into()));
/// assert_eq!(key_of("http://a/", GroupBy::Normal, o), Key::Same);
/// assert_eq!(key_of("http://a b/", GroupBy::Normal, o), Key::Raw);
/// let k = key_of("http://u@a/p?z=1&a=2&z=3#f", GroupBy::Keys, o);
/// assert_eq!(k, Key::Owned("http://a/p?a&z".into()));
/// ```
pub fn key_of(text: &str, by: GroupBy, options: NormalizeOptions) -> Key {
    if by == GroupBy::Site {
        return site_key(text);
    }
    let [normal, keys] = keys_of(text, [by == GroupBy::Normal, by == GroupBy::Keys], options);
    normal.or(keys).unwrap_or(Key::Raw)
}

/// The key of `text` by site: the site of its host (read as an
/// IRI-reference, as [`Facts::of`] reads it) through
/// [`crate::uri::site::site_name`], or [`Key::Raw`] when it has no host
/// or the host is empty.
///
/// ```
/// use uriscope::collection::{key_of, GroupBy, Key};
/// let k = |s| key_of(s, GroupBy::Site, Default::default());
/// assert_eq!(k("https://a.b.Example.CO.uk/x"), Key::Owned("example.co.uk".into()));
/// assert_eq!(k("http://www.xn--mnchen-3ya.de/"), Key::Owned("münchen.de".into()));
/// assert_eq!(k("mailto:x@y"), Key::Raw);
/// ```
pub fn site_key(text: &str) -> Key {
    let parsed = UriRef::parse_with(text, ParseOptions::new().iri(true));
    let site = parsed.ok().and_then(|u| {
        u.host()
            .and_then(|h| crate::uri::site::site_name(h).map(|s| s.into_owned()))
    });
    match site {
        Some(s) if !s.is_empty() => Key::Owned(s),
        _ => Key::Raw,
    }
}

/// The keys of `text` in the groupings `[by normal form, by keys]` that
/// `want` names, normalizing once for both.
pub fn keys_of(text: &str, want: [bool; 2], options: NormalizeOptions) -> [Option<Key>; 2] {
    if want == [false, false] {
        return [None, None];
    }
    let Ok(normal) = normalize(text, options) else {
        return want.map(|w| w.then_some(Key::Raw));
    };
    let same = |key: String| {
        if key == text {
            Key::Same
        } else {
            Key::Owned(key)
        }
    };
    let keys = want[1]
        .then(|| same(query_keys_form(&normal, options.iri).unwrap_or_else(|| normal.clone())));
    [want[0].then(|| same(normal)), keys]
}

/// The keys form of a normal form: `scheme://host:port/path?k1&k2` with
/// the query's keys (before `=`; empty pairs left out) sorted and each
/// once, and no userinfo, query values or fragment.
fn query_keys_form(normal: &str, iri: bool) -> Option<String> {
    let u = if iri {
        UriRef::parse_with(normal, ParseOptions::new().iri(true))
    } else {
        parse(normal)
    }
    .ok()?;
    let mut out = String::with_capacity(normal.len());
    if let Some(s) = u.scheme() {
        out.push_str(s);
        out.push(':');
    }
    if let Some(h) = u.host() {
        out.push_str("//");
        out.push_str(h);
        if let Some(p) = u.port() {
            out.push(':');
            out.push_str(p);
        }
    }
    out.push_str(u.path());
    if u.query().is_some() {
        let mut keys: Vec<&str> = u
            .query_pairs(b'&')
            .filter(|p| !p.span.is_empty())
            .map(|p| p.key_str(normal))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        out.push('?');
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push('&');
            }
            out.push_str(k);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_its_own_bit() {
        let mut all = FlagSet::default();
        for (i, c) in FlagSet::CLASSES.into_iter().enumerate() {
            assert_eq!(FlagSet::bit(c), 1 << i, "{c:?}");
            assert_eq!(FlagSet::class_named(c.name()), Some(c));
            all.insert(c);
        }
        assert_eq!(all.iter().count(), 8);
    }

    #[test]
    fn the_facts_are_parses() {
        let f = Facts::of("HTTP://Example.com/a<b");
        assert_eq!(f.kind, Kind::Invalid);
        assert_eq!(f.scheme, Some(0..4));
        assert_eq!(f.host, None);
        assert!(f.codes.contains(&"invalid-char"), "{:?}", f.codes);
        assert!(f.flags.contains(Class::SchemeConfusion));
        let f = Facts::of("https://ü.example/x");
        assert_eq!((f.kind, f.host), (Kind::Iri, Some(8..18)));
        assert_eq!(Facts::of("//h/p").kind, Kind::Relative);
        assert_eq!(Facts::of("ü").kind, Kind::Relative);
    }

    #[test]
    fn the_keys_form_ignores_values_userinfo_and_fragment_but_not_the_port() {
        let o = NormalizeOptions::default();
        let k = |s: &str| key_of(s, GroupBy::Keys, o).text(s).to_string();
        assert_eq!(k("http://a:8080/p?b=1"), "http://a:8080/p?b");
        assert_eq!(k("http://a:80/p?b=1"), k("http://a/p?b=2"));
        assert_eq!(k("http://a/p?&&b"), "http://a/p?b");
        assert_ne!(k("http://a/p?"), k("http://a/p"));
        assert_eq!(k("../x?q=1#f"), "../x?q");
        assert_eq!(k("mailto:x@y"), "mailto:x@y");
    }
}
