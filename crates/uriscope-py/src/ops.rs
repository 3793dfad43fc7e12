//! The column functions of `uriscope._core`. Each row's answer is the
//! core's (see [`row`] for the text answers); the docstrings cite the RFC
//! sections the CLI cites.

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::ArrayRef;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use uriscope_core::percent::encode_set::{self, EncodeSet};
use uriscope_core::percent::{self, DecodeOptions, EncodeOptions};
use uriscope_core::{relative::Mode, NormalizeOptions, ParseOptions, ResolveOptions, UriRef};

use crate::column::{map_texts, wrap, Cell, Column, TextBuilder, Texts};
use crate::parsed::{findings_chunk, parse_chunk};
use crate::views::{Blocks, ViewColumn};

/// The per-row answers, without Arrow or Python: what the column
/// functions and the timing loop both call.
pub mod row {
    use super::*;

    /// Whether `s` is a valid URI-reference (RFC 3986 §4.1), or IRI
    /// reference (RFC 3987 §2.2) with `iri`.
    pub fn is_valid(s: &str, o: ParseOptions) -> bool {
        parsed(s, o).is_some()
    }

    /// `s` parsed, `None` when it is not a valid reference.
    pub fn parsed(s: &str, o: ParseOptions) -> Option<UriRef<'_>> {
        if o.iri {
            uriscope_core::UriRef::parse_with(s, uriscope_core::ParseOptions::new().iri(true)).ok()
        } else {
            uriscope_core::parse(s).ok()
        }
    }

    /// The normal form of `s` (RFC 3986 §6.2.2, §6.2.3).
    pub fn normalize(s: &str, o: NormalizeOptions) -> Option<String> {
        uriscope_core::normalize(s, o).ok()
    }

    /// `reference` resolved against the parsed `base` (RFC 3986 §5.2).
    pub fn resolve(base: &UriRef<'_>, reference: &str, o: ResolveOptions) -> Option<String> {
        let r = parsed(reference, ParseOptions::new().iri(o.iri))?;
        uriscope_core::relative::resolve_ref(base, &r, o).ok()
    }
}

/// Which component `component` gives.
#[derive(Clone, Copy)]
enum Part {
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl Part {
    fn named(name: &str) -> PyResult<Part> {
        Ok(match name {
            "scheme" => Part::Scheme,
            "authority" => Part::Authority,
            "userinfo" => Part::Userinfo,
            "host" => Part::Host,
            "port" => Part::Port,
            "path" => Part::Path,
            "query" => Part::Query,
            "fragment" => Part::Fragment,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "no component {name:?}: scheme, authority, userinfo, host, port, path, query or fragment"
                )))
            }
        })
    }

    /// The component of `s`, as `parse` gives it: the grammar's when `s`
    /// is valid; for invalid input, the Appendix B split's scheme,
    /// authority, path, query and fragment, and no userinfo, host or port.
    fn of(self, s: &str, o: ParseOptions) -> Option<&str> {
        if let Some(u) = row::parsed(s, o) {
            return match self {
                Part::Scheme => u.scheme(),
                Part::Authority => u.authority(),
                Part::Userinfo => u.userinfo(),
                Part::Host => u.host(),
                Part::Port => u.port(),
                Part::Path => Some(u.path()),
                Part::Query => u.query(),
                Part::Fragment => u.fragment(),
            };
        }
        let p = uriscope_core::component::split(s);
        let txt = |sp: Option<uriscope_core::Span>| sp.map(|x| x.slice(s));
        match self {
            Part::Scheme => txt(p.scheme),
            Part::Authority => txt(p.authority),
            Part::Path => Some(p.path.slice(s)),
            Part::Query => txt(p.query),
            Part::Fragment => txt(p.fragment),
            Part::Userinfo | Part::Host | Part::Port => None,
        }
    }
}

/// Parse each URI-reference (RFC 3986 §3, §4.1): a struct per row.
#[pyfunction]
#[pyo3(signature = (urls, *, iri = false))]
pub fn parse(py: Python<'_>, urls: &Bound<'_, PyAny>, iri: bool) -> PyResult<Py<PyAny>> {
    let o = ParseOptions::new().iri(iri);
    Column::new(urls)?.map(py, |t| parse_chunk(t, o))
}

/// Every finding of each row (RFC 3986 grammar and §7 lint).
#[pyfunction]
#[pyo3(signature = (urls, *, iri = false))]
pub fn findings(py: Python<'_>, urls: &Bound<'_, PyAny>, iri: bool) -> PyResult<Py<PyAny>> {
    let o = ParseOptions::new().iri(iri);
    Column::new(urls)?.map(py, |t| findings_chunk(t, o))
}

/// One component of each row (RFC 3986 §3.1-§3.5), a view into the
/// input's text (`utf8_view`).
#[pyfunction]
#[pyo3(signature = (urls, name, *, iri = false))]
pub fn component(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    name: &str,
    iri: bool,
) -> PyResult<Py<PyAny>> {
    let part = Part::named(name)?;
    let o = ParseOptions::new().iri(iri);
    Column::new(urls)?.map(py, |t| {
        let mut blocks = Blocks::new(t);
        let mut b = ViewColumn::with_capacity(t.len());
        for i in 0..t.len() {
            let view = t.get(i).and_then(|s| {
                let p = part.of(s, o)?;
                Some(blocks.part(s, t.place(i), p))
            });
            b.push(view);
        }
        b.finish(&blocks.finish())
    })
}

/// Whether each row is a valid URI-reference (RFC 3986 §4.1); false for
/// a row that is not UTF-8.
#[pyfunction]
#[pyo3(signature = (urls, *, iri = false))]
pub fn is_valid(py: Python<'_>, urls: &Bound<'_, PyAny>, iri: bool) -> PyResult<Py<PyAny>> {
    let o = ParseOptions::new().iri(iri);
    Column::new(urls)?.map(py, |t| {
        let mut b = BooleanBuilder::with_capacity(t.len());
        for cell in t.cells() {
            b.append_option(match cell {
                Cell::Text(s) => Some(row::is_valid(s, o)),
                Cell::NotUtf8(_) => Some(false),
                Cell::Null => None,
            });
        }
        Arc::new(b.finish()) as ArrayRef
    })
}

/// The normal form of each row (RFC 3986 §6.2.2, §6.2.3; RFC 3987 §5.3
/// with `iri`).
#[pyfunction]
#[pyo3(signature = (urls, *, syntax_only = false, rfc5952 = false, keep_encoded_dots = false, iri = false))]
pub fn normalize(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    syntax_only: bool,
    rfc5952: bool,
    keep_encoded_dots: bool,
    iri: bool,
) -> PyResult<Py<PyAny>> {
    let o = NormalizeOptions::new()
        .syntax_only(syntax_only)
        .ipv6_rfc5952(rfc5952)
        .keep_encoded_dots(keep_encoded_dots)
        .iri(iri);
    Column::new(urls)?.map(py, |t| map_texts(t, |s| row::normalize(s, o)))
}

/// The key `uriscope dedupe` groups each row by (RFC 3986 §6.2).
#[pyfunction]
#[pyo3(signature = (urls, *, keep_encoded_dots = false, iri = false))]
pub fn equivalence_key(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    keep_encoded_dots: bool,
    iri: bool,
) -> PyResult<Py<PyAny>> {
    let o = NormalizeOptions::new()
        .keep_encoded_dots(keep_encoded_dots)
        .iri(iri);
    Column::new(urls)?.map(py, |t| {
        map_texts(t, |s| uriscope_core::compare::equivalence_key(s, o))
    })
}

fn resolve_options(compat: bool, iri: bool) -> ResolveOptions {
    ResolveOptions::new()
        .mode(if compat { Mode::Compat } else { Mode::Strict })
        .iri(iri)
}

/// Each reference resolved against `base` (RFC 3986 §5.2): one base (a
/// `str`) for every row, or a column of bases, row by row.
#[pyfunction]
#[pyo3(signature = (references, base, *, compat = false, iri = false))]
pub fn resolve(
    py: Python<'_>,
    references: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    compat: bool,
    iri: bool,
) -> PyResult<Py<PyAny>> {
    let o = resolve_options(compat, iri);
    let po = ParseOptions::new().iri(iri);
    let refs = Column::new(references)?;
    if let Ok(b) = base.cast::<PyString>() {
        let b = b.to_str()?.to_owned();
        return refs.map(py, move |t| {
            let parsed = row::parsed(&b, po).filter(|u| u.scheme().is_some());
            map_texts(t, |r| parsed.as_ref().and_then(|u| row::resolve(u, r, o)))
        });
    }
    let bases = Column::new(base)?;
    if bases.len() != refs.len() {
        return Err(PyValueError::new_err(format!(
            "{} references but {} bases",
            refs.len(),
            bases.len()
        )));
    }
    let (r, b) = (refs.single()?, bases.single()?);
    let out = py.detach(|| {
        let (rt, bt) = (Texts::of_array(&r), Texts::of_array(&b));
        let mut out = TextBuilder::new(rt.len(), rt.bytes() + bt.bytes());
        for i in 0..rt.len() {
            let answer = match (bt.get(i), rt.get(i)) {
                (Some(bs), Some(rs)) => row::parsed(bs, po)
                    .filter(|u| u.scheme().is_some())
                    .and_then(|u| row::resolve(&u, rs, o)),
                _ => None,
            };
            out.push(answer.as_deref());
        }
        out.finish()
    });
    wrap(py, vec![out], false)
}

/// The shortest reference that resolves against `base` to each target
/// (RFC 3986 §5.2, §4.2).
#[pyfunction]
#[pyo3(signature = (targets, base, *, iri = false))]
pub fn relative(
    py: Python<'_>,
    targets: &Bound<'_, PyAny>,
    base: &str,
    iri: bool,
) -> PyResult<Py<PyAny>> {
    let o = resolve_options(false, iri);
    let base = base.to_owned();
    Column::new(targets)?.map(py, move |t| {
        map_texts(t, |s| {
            uriscope_core::relative::make_relative(&base, s, o)
                .ok()
                .map(|r| r.reference)
        })
    })
}

fn set_named(name: &str) -> PyResult<&'static EncodeSet> {
    encode_set::by_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no encode set {name:?}: {}",
            encode_set::ALL.map(|s| s.name).join(", ")
        ))
    })
}

/// Each text percent-encoded for a component (RFC 3986 §2.1).
#[pyfunction]
#[pyo3(signature = (texts, *, set = "unreserved", keep_escapes = false))]
pub fn encode(
    py: Python<'_>,
    texts: &Bound<'_, PyAny>,
    set: &str,
    keep_escapes: bool,
) -> PyResult<Py<PyAny>> {
    let set = set_named(set)?;
    let o = EncodeOptions { keep_escapes };
    Column::new(texts)?.map(py, move |t| {
        map_texts(t, |s| Some(percent::encode_with(s, set, o).into_owned()))
    })
}

/// Each text's escapes decoded (RFC 3986 §2.1); null when the bytes
/// decoded are not UTF-8.
#[pyfunction]
#[pyo3(signature = (texts, *, plus = false))]
pub fn decode(py: Python<'_>, texts: &Bound<'_, PyAny>, plus: bool) -> PyResult<Py<PyAny>> {
    let o = DecodeOptions {
        plus_as_space: plus,
    };
    Column::new(texts)?.map(py, move |t| {
        map_texts(t, |s| {
            let bytes = percent::decode_bytes(s.as_bytes(), o);
            std::str::from_utf8(&bytes).ok().map(str::to_owned)
        })
    })
}

/// The names of the encode sets, with the section each follows.
#[pyfunction]
pub fn encode_sets() -> Vec<(&'static str, &'static str)> {
    encode_set::ALL
        .iter()
        .map(|s| (s.name, s.section))
        .collect()
}
