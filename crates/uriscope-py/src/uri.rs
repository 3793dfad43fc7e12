//! `uriscope.Uri`: one URI-reference for scripts, with its components,
//! their byte spans and its findings, as `uriscope parse --json` gives
//! them (RFC 3986 §3).

use std::collections::BTreeMap;

use pyo3::prelude::*;
use uriscope_core::lint::Linted;
use uriscope_core::{analyze, NormalizeOptions, ParseOptions, Span};

use crate::ops::row;
use crate::parsed::Row;

/// One URI-reference, parsed (RFC 3986 §3, §4.1; RFC 3987 with `iri`).
/// Invalid input does not raise: `valid` is false and `findings` says
/// why.
#[pyclass(module = "uriscope", frozen)]
pub struct Uri {
    text: String,
    iri: bool,
    #[pyo3(get)]
    valid: bool,
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    scheme: Option<String>,
    #[pyo3(get)]
    authority: Option<String>,
    #[pyo3(get)]
    userinfo: Option<String>,
    #[pyo3(get)]
    host: Option<String>,
    #[pyo3(get)]
    host_kind: Option<&'static str>,
    #[pyo3(get)]
    port: Option<String>,
    #[pyo3(get)]
    path: String,
    #[pyo3(get)]
    query: Option<String>,
    #[pyo3(get)]
    fragment: Option<String>,
    spans: BTreeMap<&'static str, (usize, usize)>,
    findings: Vec<(String, usize, usize, String, String, String)>,
}

#[pymethods]
impl Uri {
    #[new]
    #[pyo3(signature = (text, *, iri = false))]
    fn new(text: String, iri: bool) -> Uri {
        let r = analyze(&text, ParseOptions::new().iri(iri));
        let row = Row::of(&r);
        let owned = |v: Option<&str>| v.map(str::to_owned);
        let mut spans = BTreeMap::new();
        let mut span = |name: &'static str, s: Option<Span>| {
            if let Some(s) = s {
                spans.insert(name, (s.start, s.end));
            }
        };
        let valid = row.valid;
        let u = &r.uri;
        if valid {
            span("scheme", u.scheme_span());
            let a = u.authority_parts();
            span("authority", a.as_ref().map(|a| a.span));
            span("userinfo", a.as_ref().and_then(|a| a.userinfo));
            span("host", a.as_ref().map(|a| a.host.span));
            span("port", a.as_ref().and_then(|a| a.port));
            span("path", Some(u.path_span()));
            span("query", u.query_span());
            span("fragment", u.fragment_span());
        } else {
            let p = &r.split;
            span("scheme", p.scheme);
            span("authority", p.authority);
            span("path", Some(p.path));
            span("query", p.query);
            span("fragment", p.fragment);
        }
        let findings = Linted::new(&r)
            .findings()
            .map(|f| {
                (
                    f.code.as_str().to_owned(),
                    f.span.start,
                    f.span.end,
                    f.severity.as_str().to_owned(),
                    f.code.cites().to_owned(),
                    f.message,
                )
            })
            .collect();
        let out = Uri {
            iri,
            valid,
            kind: row.kind,
            scheme: owned(row.parts.scheme),
            authority: owned(row.parts.authority),
            userinfo: owned(row.parts.userinfo),
            host: owned(row.parts.host),
            host_kind: row.parts.host_kind.map(|k| k.as_str()),
            port: owned(row.parts.port),
            path: row.parts.path.to_owned(),
            query: owned(row.parts.query),
            fragment: owned(row.parts.fragment),
            spans,
            findings,
            text: String::new(),
        };
        Uri { text, ..out }
    }

    /// The text, exactly as given.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// Each present component's byte span `(start, end)` in `text`.
    #[getter]
    fn spans(&self) -> BTreeMap<&'static str, (usize, usize)> {
        self.spans.clone()
    }

    /// Every finding (grammar and lint), each a dict with `code`,
    /// `start`, `end`, `severity`, `section` and `message`.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        self.findings
            .iter()
            .map(|(code, start, end, severity, section, message)| {
                let d = pyo3::types::PyDict::new(py);
                d.set_item("code", code)?;
                d.set_item("start", start)?;
                d.set_item("end", end)?;
                d.set_item("severity", severity)?;
                d.set_item("section", section)?;
                d.set_item("message", message)?;
                Ok(d)
            })
            .collect()
    }

    /// The normal form (RFC 3986 §6.2.2, §6.2.3), `None` when there is
    /// none (invalid input).
    #[pyo3(signature = (*, syntax_only = false, rfc5952 = false, keep_encoded_dots = false))]
    fn normalize(
        &self,
        syntax_only: bool,
        rfc5952: bool,
        keep_encoded_dots: bool,
    ) -> Option<String> {
        row::normalize(
            &self.text,
            NormalizeOptions::new()
                .syntax_only(syntax_only)
                .ipv6_rfc5952(rfc5952)
                .keep_encoded_dots(keep_encoded_dots)
                .iri(self.iri),
        )
    }

    /// The key `uriscope dedupe` groups by (RFC 3986 §6.2): the normal
    /// form, `None` when there is none.
    fn equivalence_key(&self) -> Option<String> {
        uriscope_core::compare::equivalence_key(&self.text, NormalizeOptions::new().iri(self.iri))
    }

    /// `reference` resolved against this URI as the base (RFC 3986 §5.2),
    /// `None` when either is invalid or this has no scheme.
    #[pyo3(signature = (reference, *, compat = false))]
    fn resolve(&self, reference: &str, compat: bool) -> Option<String> {
        let o = uriscope_core::ResolveOptions::new()
            .mode(if compat {
                uriscope_core::relative::Mode::Compat
            } else {
                uriscope_core::relative::Mode::Strict
            })
            .iri(self.iri);
        uriscope_core::resolve(&self.text, reference, o).ok()
    }

    /// The shortest reference that resolves against this URI to `target`
    /// (RFC 3986 §5.2).
    fn relative(&self, target: &str) -> Option<String> {
        let o = uriscope_core::ResolveOptions::default().iri(self.iri);
        uriscope_core::relative::make_relative(&self.text, target, o)
            .ok()
            .map(|r| r.reference)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "Uri({:?}, valid={})",
            self.text,
            if self.valid { "True" } else { "False" }
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Uri>()
            .map(|o| o.get().text == self.text)
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }
}
