//! Engines × components: what each parser read, which cells differ from
//! the others, and the verdict on the host.

use serde::Serialize;

use super::engines::{Outcome, Reading};

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

/// One engine's row.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The engine's name.
    pub engine: String,
    /// Its error, when it rejected the URL.
    pub error: Option<String>,
    /// Each component in [`COMPONENTS`] order (`None`: absent).
    pub cells: Vec<Option<String>>,
    /// For each cell, whether it differs from what most engines read.
    pub differs: Vec<bool>,
}

/// The table and its verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// One row per engine that ran.
    pub rows: Vec<Row>,
    /// The distinct hosts read (rejections not counted).
    pub hosts: Vec<Option<String>>,
    /// "all engines agree on the host" or "3 different hosts: …".
    pub verdict: String,
}

/// The table for one URL from `(engine name, outcome)` pairs.
pub fn table(outcomes: &[(String, &Outcome)]) -> Table {
    let mut rows: Vec<Row> = outcomes
        .iter()
        .map(|(name, o)| match o {
            Outcome::Parsed(r) => Row {
                engine: name.clone(),
                error: None,
                cells: COMPONENTS
                    .iter()
                    .map(|c| component(r, c).map(str::to_string))
                    .collect(),
                differs: vec![false; COMPONENTS.len()],
            },
            Outcome::Rejected(e) => Row {
                engine: name.clone(),
                error: Some(e.clone()),
                cells: vec![None; COMPONENTS.len()],
                differs: vec![false; COMPONENTS.len()],
            },
        })
        .collect();
    // A cell differs when it is not the value most parsing engines read.
    for k in 0..COMPONENTS.len() {
        let parsed: Vec<&Option<String>> = rows
            .iter()
            .filter(|r| r.error.is_none())
            .map(|r| &r.cells[k])
            .collect();
        let mut counts: Vec<(&Option<String>, usize)> = Vec::new();
        for v in &parsed {
            match counts.iter_mut().find(|(x, _)| x == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v, 1)),
            }
        }
        if counts.len() <= 1 {
            continue;
        }
        let best = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let majority: Vec<&Option<String>> = counts
            .iter()
            .filter(|(_, n)| *n == best)
            .map(|(v, _)| *v)
            .collect();
        let unique_majority = (majority.len() == 1).then(|| majority[0].clone());
        for r in rows.iter_mut().filter(|r| r.error.is_none()) {
            r.differs[k] = match &unique_majority {
                Some(m) => &r.cells[k] != m,
                None => true,
            };
        }
    }
    let mut hosts: Vec<Option<String>> = Vec::new();
    for r in rows.iter().filter(|r| r.error.is_none()) {
        if !hosts.contains(&r.cells[0]) {
            hosts.push(r.cells[0].clone());
        }
    }
    let rejected = rows.iter().filter(|r| r.error.is_some()).count();
    let shown = |h: &Option<String>| match h {
        Some(h) => format!("\"{}\"", crate::text::plain::visible(h)),
        None => "no host".to_string(),
    };
    let mut verdict = match hosts.len() {
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
    if rejected > 0 && !hosts.is_empty() {
        verdict.push_str(&format!(
            "; {rejected} reject{} it",
            if rejected == 1 { "s" } else { "" }
        ));
    }
    Table {
        rows,
        hosts,
        verdict,
    }
}
