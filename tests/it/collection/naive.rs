//! The naive computation the model is held to: each line's facts read
//! off `parse --json`'s own object ([`JsonParse`]), the lint's marks and
//! the confusion flags, counted in ordered maps; groups found by
//! normalizing each line and looking its normal form up in a map; the
//! query keys by cutting the normal form with `split_once`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use uriscope::confuse::flags::flags;
use uriscope::report::json::JsonParse;
use uriscope::uri::compare::equivalence;
use uriscope::uri::lint::Linted;
use uriscope::uri::{analyze, normalize, NormalizeOptions, ParseOptions};

/// What one line is, from `parse --json`'s object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveFacts {
    pub kind: &'static str,
    pub scheme: Option<String>,
    pub host: Option<String>,
    pub codes: BTreeSet<&'static str>,
    pub flags: BTreeSet<&'static str>,
}

/// The facts of `line` as `parse --iri --json` gives them.
pub fn facts(line: &str) -> NaiveFacts {
    let r = analyze(line, ParseOptions::new().iri(true));
    let l = Linted::new(&r);
    let j = JsonParse::new(&l);
    let kind = match (j.verdict, j.kind) {
        ("invalid", _) => "invalid",
        (v, Some("uri")) => v,
        _ => "relative",
    };
    NaiveFacts {
        kind,
        scheme: j.scheme.map(str::to_ascii_lowercase),
        host: j.host.map(str::to_ascii_lowercase),
        codes: l.marks().map(|m| m.code.as_str()).collect(),
        flags: flags(line).iter().map(|f| f.class.name()).collect(),
    }
}

/// Counts of lines per kind, scheme, host, code and flag.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NaiveCounts {
    pub lines: u64,
    pub kinds: BTreeMap<&'static str, u64>,
    pub schemes: BTreeMap<String, u64>,
    pub hosts: BTreeMap<String, u64>,
    pub codes: BTreeMap<String, u64>,
    pub flags: BTreeMap<String, u64>,
}

/// The counts of `lines`.
pub fn counts<'a>(lines: impl IntoIterator<Item = &'a str>) -> NaiveCounts {
    let mut c = NaiveCounts::default();
    for line in lines {
        let f = facts(line);
        c.lines += 1;
        *c.kinds.entry(f.kind).or_default() += 1;
        for (map, name) in [(&mut c.schemes, f.scheme), (&mut c.hosts, f.host)] {
            if let Some(n) = name {
                *map.entry(n).or_default() += 1;
            }
        }
        for code in f.codes {
            *c.codes.entry(code.to_string()).or_default() += 1;
        }
        for flag in f.flags {
            *c.flags.entry(flag.to_string()).or_default() += 1;
        }
    }
    c
}

/// A group: its key (None: no normal form) and its members' indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveGroup {
    pub key: Option<String>,
    pub members: Vec<usize>,
}

/// The groups of `lines` by normal form (`keys`: by scheme, host, port,
/// path and query keys), in the order of their first lines.
pub fn groups(lines: &[&str], keys: bool, options: NormalizeOptions) -> Vec<NaiveGroup> {
    let mut out: Vec<NaiveGroup> = Vec::new();
    let mut index: HashMap<(bool, String), usize> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let key = match normalize(line, options) {
            Ok(n) if keys => (false, keys_form(&n)),
            Ok(n) => (false, n),
            Err(_) => (true, line.to_string()),
        };
        match index.get(&key) {
            Some(&g) => out[g].members.push(i),
            None => {
                index.insert(key.clone(), out.len());
                out.push(NaiveGroup {
                    key: (!key.0).then_some(key.1),
                    members: vec![i],
                });
            }
        }
    }
    out
}

/// The groups of `lines` by the site of the host `parse --iri --json`
/// gives (a line without a host, or with an empty one, grouped with its
/// exact copies), in the order of their first lines.
pub fn groups_by_site(lines: &[&str]) -> Vec<NaiveGroup> {
    let mut out: Vec<NaiveGroup> = Vec::new();
    let mut index: HashMap<(bool, String), usize> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let site = facts(line)
            .host
            .and_then(|h| uriscope_core::site::site_name(&h).map(|s| s.into_owned()))
            .filter(|s| !s.is_empty());
        let key = match site {
            Some(s) => (false, s),
            None => (true, line.to_string()),
        };
        match index.get(&key) {
            Some(&g) => out[g].members.push(i),
            None => {
                index.insert(key.clone(), out.len());
                out.push(NaiveGroup {
                    key: (!key.0).then_some(key.1),
                    members: vec![i],
                });
            }
        }
    }
    out
}

/// `scheme://host:port/path?k1&k2` of a normal form, cut by hand: the
/// fragment and query values dropped, the userinfo taken out of the
/// authority, the keys sorted and each once.
pub fn keys_form(normal: &str) -> String {
    let no_fragment = normal.split_once('#').map_or(normal, |(a, _)| a);
    let (base, query) = match no_fragment.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (no_fragment, None),
    };
    let mut out = match base.find("//") {
        // The authority starts after the first "//" only when no "/",
        // "?" or "#" comes before it (a path can hold "//" too).
        Some(at) if !base[..at].contains('/') => {
            let after = &base[at + 2..];
            let end = after.find('/').unwrap_or(after.len());
            let authority = &after[..end];
            let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            format!("{}//{}{}", &base[..at], host_port, &after[end..])
        }
        _ => base.to_string(),
    };
    if let Some(q) = query {
        let keys: BTreeSet<&str> = q
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| p.split_once('=').map_or(p, |(k, _)| k))
            .collect();
        out.push('?');
        out.push_str(&keys.into_iter().collect::<Vec<_>>().join("&"));
    }
    out
}

/// The rung on which `member` is equal to `first` by the core's ladder,
/// its four normalizations every time.
pub fn rung(first: &str, member: &str, options: NormalizeOptions) -> Option<&'static str> {
    match equivalence(first, member, options) {
        Ok(e) => e.rung.map(|r| r.name()),
        Err(_) => (first == member).then_some("simple-string"),
    }
}
