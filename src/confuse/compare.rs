//! Engines × components: what each parser read, which cells differ from
//! the others, and the verdict on the host.

use serde::Serialize;

use super::engines::{Outcome, Reading};
use crate::uri::host;

/// The components compared, host first (the one an attacker aims at).
pub const COMPONENTS: [&str; 7] = [
    "host", "scheme", "userinfo", "port", "path", "query", "fragment",
];

/// A component of a reading.
pub fn component<'a>(r: &'a Reading, name: &str) -> Option<&'a str> {
    r.components()
        .into_iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, v)| v)
}

/// One engine's row. In JSON each component is named by its key:
/// `{"engine": …, "error": …, "host": …, "scheme": …, …, "differs": ["host"]}`.
#[derive(Clone, Debug)]
pub struct Row {
    /// The engine's name.
    pub engine: String,
    /// The version that answered (`"PHP 8.2.36"`), when the caller knows
    /// it ([`crate::confuse::engines::Availability::version`]).
    pub version: Option<String>,
    /// Its error, when it rejected the URL or gave no answer.
    pub error: Option<String>,
    /// Whether the engine gave no answer (timed out, crashed, not found):
    /// the error says why; not a reading of the URL.
    pub failed: bool,
    /// Each component in [`COMPONENTS`] order (`None`: absent).
    pub cells: Vec<Option<String>>,
    /// For each cell, whether it differs from what most engines read.
    pub differs: Vec<bool>,
}

impl Serialize for Row {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("engine", &self.engine)?;
        if let Some(v) = &self.version {
            m.serialize_entry("version", v)?;
        }
        m.serialize_entry("error", &self.error)?;
        if self.failed {
            m.serialize_entry("failed", &true)?;
        }
        for (name, cell) in COMPONENTS.iter().zip(&self.cells) {
            m.serialize_entry(name, cell)?;
        }
        let differs: Vec<&str> = COMPONENTS
            .iter()
            .zip(&self.differs)
            .filter(|(_, d)| **d)
            .map(|(n, _)| *n)
            .collect();
        m.serialize_entry("differs", &differs)?;
        m.end()
    }
}

/// The table and its verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// One row per engine that ran.
    pub rows: Vec<Row>,
    /// The distinct hosts read, compared as hosts ([`host::identity`]:
    /// case, IDNA, IPv4 and IPv6 forms), each as the first engine spelled
    /// it (rejections not counted).
    pub hosts: Vec<Option<String>>,
    /// When the engines spell one host in several ways: every spelling
    /// (a note, not a verdict).
    pub spellings: Vec<String>,
    /// "all engines that parse it agree on the host: …" or "3 different
    /// hosts: …".
    pub verdict: String,
}

/// Whether two readings of a URL name the same target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SameTarget {
    /// The same text.
    Same,
    /// The same once each is in URI form (RFC 3987 §3.1): an IRI and its
    /// URI form (IDNA for the host, UTF-8 escapes elsewhere) are one target.
    UriForm,
    /// Different targets.
    Different,
}

/// Whether `a` and `b` name the same target ([`SameTarget`]): the one
/// decision the Breakdown's Parsers and WHATWG sections, the Resolve
/// pane's WHATWG row and `confuse` make.
///
/// ```
/// use uriscope::confuse::compare::{same_target, SameTarget};
/// assert_eq!(same_target("http://a/b", "http://a/b"), SameTarget::Same);
/// assert_eq!(same_target("http://例え.jp/パス", "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"),
///     SameTarget::UriForm);
/// assert_eq!(same_target("http://a/b", "http://a/c"), SameTarget::Different);
/// ```
pub fn same_target(a: &str, b: &str) -> SameTarget {
    if a == b {
        return SameTarget::Same;
    }
    if a.is_ascii() && b.is_ascii() {
        return SameTarget::Different;
    }
    match (
        crate::uri::iri::iri_to_uri(a),
        crate::uri::iri::iri_to_uri(b),
    ) {
        (Ok(x), Ok(y)) if x == y => SameTarget::UriForm,
        _ => SameTarget::Different,
    }
}

impl Table {
    /// Whether the engines that parse the URL read more than one host.
    pub fn confused(&self) -> bool {
        self.hosts.len() > 1
    }
}

/// A cell compared as the engines' answers are: the host by its
/// [`host::identity`], every other component as text.
fn key(k: usize, cell: &Option<String>) -> Option<std::borrow::Cow<'_, str>> {
    cell.as_deref().map(|v| {
        if k == 0 {
            host::identity(v)
        } else {
            std::borrow::Cow::Borrowed(v)
        }
    })
}

/// The table for one URL from `(engine name, outcome)` pairs.
pub fn table(outcomes: &[(String, &Outcome)]) -> Table {
    let mut rows: Vec<Row> = outcomes
        .iter()
        .map(|(name, o)| match o {
            Outcome::Parsed(r) => Row {
                engine: name.clone(),
                version: None,
                error: None,
                failed: false,
                cells: COMPONENTS
                    .iter()
                    .map(|c| component(r, c).map(str::to_string))
                    .collect(),
                differs: vec![false; COMPONENTS.len()],
            },
            Outcome::Rejected(e) | Outcome::Failed(e) => Row {
                engine: name.clone(),
                version: None,
                error: Some(e.clone()),
                failed: o.is_failed(),
                cells: vec![None; COMPONENTS.len()],
                differs: vec![false; COMPONENTS.len()],
            },
        })
        .collect();
    // A cell differs when it is not the value most parsing engines read
    // (a host: not the host most read, however spelled).
    for k in 0..COMPONENTS.len() {
        let parsed: Vec<Option<std::borrow::Cow<'_, str>>> = rows
            .iter()
            .filter(|r| r.error.is_none())
            .map(|r| key(k, &r.cells[k]))
            .collect();
        let mut counts: Vec<(&Option<std::borrow::Cow<'_, str>>, usize)> = Vec::new();
        for v in &parsed {
            match counts.iter_mut().find(|(x, _)| *x == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v, 1)),
            }
        }
        if counts.len() <= 1 {
            continue;
        }
        let best = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let majority: Vec<&Option<std::borrow::Cow<'_, str>>> = counts
            .iter()
            .filter(|(_, n)| *n == best)
            .map(|(v, _)| *v)
            .collect();
        let unique_majority = (majority.len() == 1).then(|| majority[0].clone());
        let marks: Vec<bool> = rows
            .iter()
            .filter(|r| r.error.is_none())
            .map(|r| match &unique_majority {
                Some(m) => &key(k, &r.cells[k]) != m,
                None => true,
            })
            .collect();
        for (r, d) in rows.iter_mut().filter(|r| r.error.is_none()).zip(marks) {
            r.differs[k] = d;
        }
    }
    let mut hosts: Vec<Option<String>> = Vec::new();
    let mut identities: Vec<Option<String>> = Vec::new();
    let mut spellings: Vec<String> = Vec::new();
    for r in rows.iter().filter(|r| r.error.is_none()) {
        let id = key(0, &r.cells[0]).map(|c| c.into_owned());
        if !identities.contains(&id) {
            identities.push(id);
            hosts.push(r.cells[0].clone());
        }
        if let Some(h) = &r.cells[0] {
            if !spellings.contains(h) {
                spellings.push(h.clone());
            }
        }
    }
    if spellings.len() <= hosts.iter().flatten().count() {
        spellings.clear();
    }
    let rejected = rows
        .iter()
        .filter(|r| r.error.is_some() && !r.failed)
        .count();
    let failed = rows.iter().filter(|r| r.failed).count();
    let shown = |h: &Option<String>| match h {
        Some(h) => format!("\"{}\"", crate::text::plain::visible(h)),
        None => "no host".to_string(),
    };
    let mut verdict = match hosts.len() {
        0 if rejected == 0 && failed > 0 => "no engine gave an answer".to_string(),
        0 => "every engine rejects it".to_string(),
        1 => format!(
            "all engines that parse it agree on the host: {}",
            shown(&hosts[0])
        ),
        n => format!(
            "{n} different hosts: {}",
            hosts.iter().map(shown).collect::<Vec<_>>().join(", ")
        ),
    };
    if !spellings.is_empty() {
        verdict.push_str(&format!(
            " (spelled {} ways: {})",
            spellings.len(),
            spellings
                .iter()
                .map(|h| format!("\"{}\"", crate::text::plain::visible(h)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if rejected > 0 && !hosts.is_empty() {
        verdict.push_str(&format!(
            "; {rejected} reject{} it",
            if rejected == 1 { "s" } else { "" }
        ));
    }
    if failed > 0 && (rejected > 0 || !hosts.is_empty()) {
        verdict.push_str(&format!("; {failed} gave no answer"));
    }
    Table {
        rows,
        hosts,
        spellings,
        verdict,
    }
}
