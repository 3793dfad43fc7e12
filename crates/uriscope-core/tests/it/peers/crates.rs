//! The peers uriscope is checked against (fluent-uri 0.4, iri-string 0.7)
//! and the explained differences between them and us.
//!
//! Shared by the differential tests (tests/it/differential.rs) and the
//! differential fuzz target (fuzz/fuzz_targets/differential.rs, which
//! includes this file by path), so a disagreement means the same thing in
//! both. Every explanation here is a section of DIFFERENCES.md.

use uriscope_core::{component::HostKind, parse, ParseOptions, UriRef};

/// One parser's reading of a URI-reference: `None` when it rejects the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Scheme, without `:`.
    pub scheme: Option<String>,
    /// Authority, without `//`.
    pub authority: Option<String>,
    /// Userinfo, without `@`.
    pub userinfo: Option<String>,
    /// Host, brackets included.
    pub host: Option<String>,
    /// Port, without `:`.
    pub port: Option<String>,
    /// Path.
    pub path: String,
    /// Query, without `?`.
    pub query: Option<String>,
    /// Fragment, without `#`.
    pub fragment: Option<String>,
}

fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

/// Our reading from a parsed reference.
pub fn reading_of(u: &UriRef<'_>) -> Reading {
    Reading {
        scheme: own(u.scheme()),
        authority: own(u.authority()),
        userinfo: own(u.userinfo()),
        host: own(u.host()),
        port: own(u.port()),
        path: u.path().to_owned(),
        query: own(u.query()),
        fragment: own(u.fragment()),
    }
}

/// uriscope, as a URI (`iri == false`) or an IRI.
pub fn ours(input: &str, iri: bool) -> Option<Reading> {
    let r = if iri {
        UriRef::parse_with(input, ParseOptions::new().iri(true))
    } else {
        parse(input)
    };
    r.ok().map(|u| reading_of(&u))
}

/// fluent-uri 0.4 (`UriRef` / `IriRef`).
pub fn fluent(input: &str, iri: bool) -> Option<Reading> {
    macro_rules! read {
        ($ty:ty) => {{
            let u = <$ty>::parse(input).ok()?;
            let a = u.authority();
            Some(Reading {
                scheme: u.scheme().map(|s| s.as_str().to_owned()),
                authority: a.map(|a| a.as_str().to_owned()),
                userinfo: a.and_then(|a| a.userinfo()).map(|s| s.as_str().to_owned()),
                host: a.map(|a| a.host().to_owned()),
                port: a.and_then(|a| a.port()).map(|s| s.as_str().to_owned()),
                path: u.path().as_str().to_owned(),
                query: u.query().map(|s| s.as_str().to_owned()),
                fragment: u.fragment().map(|s| s.as_str().to_owned()),
            })
        }};
    }
    if iri {
        read!(fluent_uri::IriRef<&str>)
    } else {
        read!(fluent_uri::UriRef<&str>)
    }
}

/// iri-string 0.7 (`UriReferenceStr` / `IriReferenceStr`).
pub fn iri_string(input: &str, iri: bool) -> Option<Reading> {
    macro_rules! read {
        ($ty:ty) => {{
            let u = <$ty>::new(input).ok()?;
            let a = u.authority_components();
            Some(Reading {
                scheme: own(u.scheme_str()),
                authority: own(u.authority_str()),
                userinfo: a.as_ref().and_then(|a| a.userinfo()).map(str::to_owned),
                host: a.as_ref().map(|a| a.host().to_owned()),
                port: a.as_ref().and_then(|a| a.port()).map(str::to_owned),
                path: u.path_str().to_owned(),
                query: own(u.query_str()),
                fragment: own(u.fragment().map(|f| f.as_str())),
            })
        }};
    }
    if iri {
        read!(iri_string::types::IriReferenceStr)
    } else {
        read!(iri_string::types::UriReferenceStr)
    }
}

/// A peer parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    /// fluent-uri 0.4.
    Fluent,
    /// iri-string 0.7.
    IriString,
}

impl Peer {
    /// Both peers.
    pub const ALL: [Peer; 2] = [Peer::Fluent, Peer::IriString];

    /// The crate name.
    pub fn name(self) -> &'static str {
        match self {
            Peer::Fluent => "fluent-uri 0.4",
            Peer::IriString => "iri-string 0.7",
        }
    }

    /// The peer's reading of `input`.
    pub fn read(self, input: &str, iri: bool) -> Option<Reading> {
        match self {
            Peer::Fluent => fluent(input, iri),
            Peer::IriString => iri_string(input, iri),
        }
    }
}

/// A disagreement between us and a peer on one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The input.
    pub input: String,
    /// Whether it was read as an IRI.
    pub iri: bool,
    /// Which peer.
    pub peer: Peer,
    /// Our reading.
    pub ours: Option<Reading>,
    /// The peer's reading.
    pub theirs: Option<Reading>,
    /// The DIFFERENCES.md section that explains it, if one does.
    pub explained_by: Option<&'static str>,
}

/// Compare our reading of `input` with `peer`'s; `None` when they agree.
pub fn compare(input: &str, iri: bool, peer: Peer) -> Option<Disagreement> {
    let ours = ours(input, iri);
    let theirs = peer.read(input, iri);
    if ours == theirs {
        return None;
    }
    let explained_by = explain(input, iri, peer, &ours, &theirs);
    Some(Disagreement {
        input: input.to_owned(),
        iri,
        peer,
        ours,
        theirs,
        explained_by,
    })
}

/// DIFFERENCES.md §1: RFC 6874 zone IDs in IPv6 literals (`[fe80::1%25en0]`).
pub const ZONE_ID: &str = "zone-id";

/// DIFFERENCES.md §7: bidi formatting characters in an IRI; RFC 3987 §4.1
/// forbids them, both peers accept them as `ucschar`.
pub const BIDI: &str = "bidi-control";

/// The DIFFERENCES.md section explaining a disagreement, if one does.
///
/// Each explanation is checked, not assumed: it names the feature of the
/// input that causes it, and where it can, removes that feature and checks
/// that the parsers then agree.
fn explain(
    input: &str,
    iri: bool,
    peer: Peer,
    ours_r: &Option<Reading>,
    theirs: &Option<Reading>,
) -> Option<&'static str> {
    // §7 Bidi controls: we reject them in IRIs (RFC 3987 §4.1). Without
    // them, both must read the input the same way.
    if iri && ours_r.is_none() && theirs.is_some() {
        let cut: String = input
            .chars()
            .filter(|&c| !uriscope_core::iri::is_bidi_control(c))
            .collect();
        if cut != input && ours(&cut, iri) == peer.read(&cut, iri) {
            return Some(BIDI);
        }
    }
    // §1 Zone IDs: we accept RFC 6874 `IPv6addrz`; neither peer does. Without
    // the zone, both must read the input the same way.
    if theirs.is_none() && ours_r.is_some() {
        let u = if iri {
            UriRef::parse_with(input, ParseOptions::new().iri(true))
        } else {
            parse(input)
        }
        .ok()?;
        let a = u.authority_parts()?;
        if a.host.kind == HostKind::Ipv6 {
            if let Some(zone) = a.host.zone {
                // Cut "%25" + zone out of the input.
                let cut = format!("{}{}", &input[..zone.start - 3], &input[zone.end..]);
                if ours(&cut, iri) == peer.read(&cut, iri) {
                    return Some(ZONE_ID);
                }
            }
        }
    }
    None
}

/// DIFFERENCES.md §2: the base has a fragment; RFC 3986 §5.1 strips it,
/// both peers refuse such a base.
pub const BASE_FRAGMENT: &str = "base-fragment";
/// DIFFERENCES.md §3: fluent-uri refuses a relative reference against a base
/// with no authority and a rootless (or empty) path; RFC 3986 §5.2.2 resolves it.
pub const OPAQUE_BASE: &str = "opaque-base";
/// DIFFERENCES.md §4: the peers also remove percent-encoded dot-segments
/// (`%2E`, `.%2e`); RFC 3986 §5.2.4 removes only literal `.` and `..`.
pub const PCT_DOT: &str = "pct-encoded-dot-segment";
/// DIFFERENCES.md §5: the peers remove the base path's dot-segments before
/// using it; RFC 3986 §5.2.2/§5.2.3 uses the base path as it is.
pub const BASE_DOT_SEGMENTS: &str = "base-dot-segments";
/// DIFFERENCES.md §6: fluent-uri keeps dot-segments in a rootless path of
/// a reference with a scheme; RFC 3986 §5.2.2 removes them.
pub const ROOTLESS_DOTS: &str = "rootless-dot-segments";

/// A peer's resolution of `reference` against `base` (strict RFC 3986).
pub fn peer_resolve(peer: Peer, base: &str, reference: &str) -> Option<String> {
    match peer {
        Peer::Fluent => {
            let b = fluent_uri::Uri::parse(base).ok()?;
            let r = fluent_uri::UriRef::parse(reference).ok()?;
            Some(r.resolve_against(&b).ok()?.as_str().to_owned())
        }
        Peer::IriString => {
            use iri_string::format::ToDedicatedString;
            let b = iri_string::types::UriAbsoluteStr::new(base).ok()?;
            let r = iri_string::types::UriReferenceStr::new(reference).ok()?;
            let t = r.resolve_against(b).try_to_dedicated_string().ok()?;
            Some(t.as_str().to_owned())
        }
    }
}

/// A path with no authority cannot start with "//": RFC 3986 §5.2.4 leaves
/// that case open; we (like fluent-uri) write "/." before it.
fn hazard_fixed(path: String) -> String {
    if path.starts_with("//") {
        format!("/.{path}")
    } else {
        path
    }
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

/// Why our resolution and `peer`'s differ, if a DIFFERENCES.md section says.
pub fn explain_resolution(
    peer: Peer,
    base: &str,
    reference: &str,
    ours: &Option<String>,
    theirs: &Option<String>,
) -> Option<&'static str> {
    use uriscope_core::{relative::remove_dot_segments, resolve, ResolveOptions};
    if ours == theirs {
        return None;
    }
    let b = parse(base).ok()?;
    let r = parse(reference).ok()?;
    // The peer cannot read the base or the reference (§1, zone IDs).
    if theirs.is_none() {
        for s in [base, reference] {
            if let Some(d) = compare(s, false, peer) {
                if d.theirs.is_none() && d.explained_by.is_some() {
                    return d.explained_by;
                }
            }
        }
    }
    if let Some(f) = b.fragment_span() {
        if theirs.is_none() {
            let stripped = &base[..f.start - 1];
            let t2 = peer_resolve(peer, stripped, reference);
            if &t2 == ours || explain_resolution(peer, stripped, reference, ours, &t2).is_some() {
                return Some(BASE_FRAGMENT);
            }
        }
    }
    let relative = r.scheme().is_none() && !(r.as_str().is_empty() || r.as_str().starts_with('#'));
    if peer == Peer::Fluent
        && theirs.is_none()
        && b.authority().is_none()
        && !b.path().starts_with('/')
        && relative
    {
        return Some(OPAQUE_BASE);
    }
    let lower = format!("{base}{reference}").to_ascii_lowercase();
    if lower.contains("%2e") && theirs.is_some() {
        return Some(PCT_DOT);
    }
    // The peer's answer is ours with the base path's dot-segments removed first.
    if has_dot_segment(b.path()) && theirs.is_some() {
        let p = b.path_span();
        let mut clean = remove_dot_segments(b.path());
        if b.authority().is_none() && clean.starts_with("//") {
            clean.insert_str(0, "/.");
        }
        let b2 = format!("{}{}{}", &base[..p.start], clean, &base[p.end..]);
        if resolve(&b2, reference, ResolveOptions::default()).ok() == *theirs {
            return Some(BASE_DOT_SEGMENTS);
        }
    }
    if let (Some(t), Some(o)) = (theirs, ours) {
        let tu = parse(t).ok()?;
        let ou = parse(o).ok()?;
        if r.scheme().is_some()
            && tu.authority().is_none()
            && !tu.path().starts_with('/')
            && has_dot_segment(tu.path())
            && hazard_fixed(remove_dot_segments(tu.path())) == ou.path()
        {
            return Some(ROOTLESS_DOTS);
        }
    }
    None
}
