//! `parse` and `findings`: one row of the struct column per URL, and its
//! findings as a list, read from the core's analysis as `uriscope parse
//! --json` reads them (RFC 3986 §3; findings located by byte).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field, Fields};
use uriscope_core::lint::Linted;
use uriscope_core::{analyze, Mark, ParseOptions, Report};

use crate::column::{TextBuilder, Texts};

/// The components of one analysis, as `parse --json` gives them: for a
/// valid reference the grammar's; for an invalid one the Appendix B split
/// (scheme, authority, path, query, fragment) and no userinfo, host or
/// port (the split has no sub-components).
pub struct Row<'a> {
    /// Whether the input is a valid URI-reference.
    pub valid: bool,
    /// The reference's kind (`uri`, `network-path`, `absolute-path`, ...).
    pub kind: &'static str,
    /// The scheme, as written.
    pub scheme: Option<&'a str>,
    /// The authority, as written.
    pub authority: Option<&'a str>,
    /// The userinfo (valid input only).
    pub userinfo: Option<&'a str>,
    /// The host (valid input only).
    pub host: Option<&'a str>,
    /// `reg-name`, `ipv4`, `ipv6`, `ipvfuture` (valid input only).
    pub host_kind: Option<&'static str>,
    /// The port, as written (valid input only; may be empty).
    pub port: Option<&'a str>,
    /// The path (always present, may be empty).
    pub path: &'a str,
    /// The query, without `?`.
    pub query: Option<&'a str>,
    /// The fragment, without `#`.
    pub fragment: Option<&'a str>,
}

impl<'a> Row<'a> {
    /// The components of `r`.
    pub fn of(r: &Report<'a>) -> Row<'a> {
        let s = r.input;
        let u = &r.uri;
        let valid = r.is_valid();
        let txt = |sp: Option<uriscope_core::Span>| sp.map(|x| x.slice(s));
        let (scheme, authority, path, query, fragment) = if valid {
            (u.scheme(), u.authority(), u.path(), u.query(), u.fragment())
        } else {
            let p = &r.split;
            (
                txt(p.scheme),
                txt(p.authority),
                p.path.slice(s),
                txt(p.query),
                txt(p.fragment),
            )
        };
        let auth = u.authority_parts().filter(|_| valid);
        Row {
            valid,
            kind: u.kind().as_str(),
            scheme,
            authority,
            userinfo: auth.as_ref().and_then(|a| a.userinfo).map(|x| x.slice(s)),
            host: auth.as_ref().map(|a| a.host.span.slice(s)),
            host_kind: auth.as_ref().map(|a| a.host.kind.as_str()),
            port: auth.as_ref().and_then(|a| a.port).map(|x| x.slice(s)),
            path,
            query,
            fragment,
        }
    }
}

/// The first finding of the input (the grammar's and the lint's, in the
/// order `parse --json` lists them), without its message.
pub fn first_finding(l: &Linted<'_>) -> Option<Mark> {
    l.marks().next()
}

/// The names of the struct's text fields, in order.
const TEXTS: [&str; 10] = [
    "kind",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

/// The fields of `parse`'s struct.
pub fn parse_fields() -> Fields {
    let mut f = vec![Field::new("valid", DataType::Boolean, true)];
    f.extend(TEXTS.iter().map(|n| Field::new(*n, DataType::Utf8, true)));
    f.push(Field::new("finding", DataType::Utf8, true));
    f.push(Field::new("finding_start", DataType::Int64, true));
    Fields::from(f)
}

/// `parse` over one chunk: a struct per row, null for a null input.
pub fn parse_chunk(t: &Texts<'_>, options: ParseOptions) -> ArrayRef {
    let n = t.len();
    let mut valid = BooleanBuilder::with_capacity(n);
    let mut texts: Vec<StringBuilder> = TEXTS
        .iter()
        .map(|name| match *name {
            "kind" | "host_kind" | "scheme" | "port" => StringBuilder::with_capacity(n, n * 6),
            _ => StringBuilder::with_capacity(n, t.bytes() / 4 + n),
        })
        .collect();
    let mut code = StringBuilder::with_capacity(n, n);
    let mut start = Int64Builder::with_capacity(n);
    let mut nulls = Vec::with_capacity(n);
    for v in t.iter() {
        let Some(s) = v else {
            nulls.push(false);
            valid.append_null();
            texts.iter_mut().for_each(|b| b.append_null());
            code.append_null();
            start.append_null();
            continue;
        };
        nulls.push(true);
        let r = analyze(s, options);
        let row = Row::of(&r);
        valid.append_value(row.valid);
        let values = [
            Some(row.kind),
            row.scheme,
            row.authority,
            row.userinfo,
            row.host,
            row.host_kind,
            row.port,
            Some(row.path),
            row.query,
            row.fragment,
        ];
        for (b, v) in texts.iter_mut().zip(values) {
            b.append_option(v);
        }
        let l = Linted::new(&r);
        match first_finding(&l) {
            Some(f) => {
                code.append_value(f.code.as_str());
                start.append_value(f.span.start as i64);
            }
            None => {
                code.append_null();
                start.append_null();
            }
        }
    }
    let mut columns: Vec<ArrayRef> = vec![Arc::new(valid.finish())];
    columns.extend(texts.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    columns.push(Arc::new(code.finish()));
    columns.push(Arc::new(start.finish()));
    let nulls = NullBuffer::from(nulls);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    Arc::new(StructArray::new(parse_fields(), columns, nulls))
}

/// The fields of one finding.
pub fn finding_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, false),
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("severity", DataType::Utf8, false),
        Field::new("section", DataType::Utf8, false),
        Field::new("message", DataType::Utf8, false),
    ])
}

/// `findings` over one chunk: the list of every finding of each row
/// (empty for a clean URL, null for a null input).
pub fn findings_chunk(t: &Texts<'_>, options: ParseOptions) -> ArrayRef {
    let n = t.len();
    let mut code = StringBuilder::new();
    let mut start = Int64Builder::new();
    let mut end = Int64Builder::new();
    let mut severity = StringBuilder::new();
    let mut section = StringBuilder::new();
    let mut message = TextBuilder::new(0, 0);
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0i32);
    let mut count = 0i32;
    let mut nulls = Vec::with_capacity(n);
    for v in t.iter() {
        if let Some(s) = v {
            let r = analyze(s, options);
            let l = Linted::new(&r);
            for f in l.findings() {
                code.append_value(f.code.as_str());
                start.append_value(f.span.start as i64);
                end.append_value(f.span.end as i64);
                severity.append_value(f.severity.as_str());
                section.append_value(f.code.cites());
                message.push(Some(&f.message));
                count += 1;
            }
        }
        nulls.push(v.is_some());
        offsets.push(count);
    }
    let fields = finding_fields();
    let values = StructArray::new(
        fields.clone(),
        vec![
            Arc::new(code.finish()),
            Arc::new(start.finish()),
            Arc::new(end.finish()),
            Arc::new(severity.finish()),
            Arc::new(section.finish()),
            message.finish(),
        ],
        None,
    );
    let item = Arc::new(Field::new("item", DataType::Struct(fields), false));
    let nulls = NullBuffer::from(nulls);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    Arc::new(ListArray::new(
        item,
        OffsetBuffer::new(offsets.into()),
        Arc::new(values),
        nulls,
    ))
}
