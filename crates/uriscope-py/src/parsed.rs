//! `parse` and `findings`: one row of the struct column per URL, and its
//! findings as a list, read from the core's analysis as `uriscope parse
//! --json` reads them (RFC 3986 §3; findings located by byte).

use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, BooleanArray, Int64Array, ListArray, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field, Fields};
use uriscope_core::component::AsWritten;
use uriscope_core::lint::Linted;
use uriscope_core::{analyze, report::Mark, Code, ParseOptions, Report};

use crate::bits::Bits;
use crate::column::{Cell, TextBuilder, Texts};
use crate::views::{Blocks, ViewColumn};

/// One row of `parse`: the verdict, the kind and the components as the
/// core gives them ([`Report::components`], what `parse --json` prints:
/// the Appendix B split for an invalid input).
#[derive(Default)]
pub struct Row<'a> {
    /// Whether the input is a valid URI-reference.
    pub valid: bool,
    /// The reference's kind (`uri`, `network-path`, `absolute-path`, ...).
    pub kind: &'static str,
    /// The components, as written.
    pub parts: AsWritten<'a>,
}

impl<'a> Row<'a> {
    /// The row of `r`.
    pub fn of(r: &Report<'a>) -> Row<'a> {
        Row {
            valid: r.is_valid(),
            kind: r.uri.kind().as_str(),
            parts: r.components(),
        }
    }
}

/// The number of text fields of a [`Row`].
pub const TEXT_FIELDS: usize = 10;

/// A text field's value: a slice of the input, or one of the core's
/// names (a kind).
#[derive(Clone, Copy, Debug)]
pub enum Text<'a> {
    /// A component, a slice of the input.
    Slice(&'a str),
    /// A name of the core's.
    Name(&'static str),
}

impl<'a> Row<'a> {
    /// The text fields, named, in the order of `parse`'s struct (and of
    /// `uriscope parse --json`'s object): the one list the struct's type
    /// and its rows are read from.
    pub fn texts(&self) -> [(&'static str, Option<Text<'a>>); TEXT_FIELDS] {
        let slice = |v: Option<&'a str>| v.map(Text::Slice);
        let c = &self.parts;
        [
            ("kind", Some(Text::Name(self.kind))),
            ("scheme", slice(c.scheme)),
            ("authority", slice(c.authority)),
            ("userinfo", slice(c.userinfo)),
            ("host", slice(c.host)),
            ("host_kind", c.host_kind.map(|k| Text::Name(k.as_str()))),
            ("port", slice(c.port)),
            ("path", Some(Text::Slice(c.path))),
            ("query", slice(c.query)),
            ("fragment", slice(c.fragment)),
        ]
    }
}

/// The first finding of the input (the grammar's and the lint's, in the
/// order `parse --json` lists them), without its message.
pub fn first_finding(l: &Linted<'_>) -> Option<Mark> {
    l.marks().next()
}

/// The fields of `parse`'s struct: `valid`, the text fields of [`Row`]
/// ([`Row::texts`], `utf8_view`), the first finding's code and start.
pub fn parse_fields() -> Fields {
    let mut f = vec![Field::new("valid", DataType::Boolean, true)];
    f.extend(
        Row::default()
            .texts()
            .iter()
            .map(|(n, _)| Field::new(*n, DataType::Utf8View, true)),
    );
    f.push(Field::new("finding", DataType::Utf8View, true));
    f.push(Field::new("finding_start", DataType::Int64, true));
    Fields::from(f)
}

/// The code of the finding of a row that is not UTF-8, as `uriscope parse
/// --json` names it.
pub const NOT_UTF8: &str = Code::NotUtf8.as_str();

/// The section that explains [`NOT_UTF8`], as `uriscope parse --json`
/// cites it.
pub const NOT_UTF8_SECTION: &str = Code::NotUtf8.cites();

/// `parse` over one chunk: a struct per row, null for a null input. The
/// text fields are views into the input's buffers (see [`crate::views`]).
pub fn parse_chunk(t: &Texts<'_>, options: ParseOptions) -> ArrayRef {
    let n = t.len();
    let mut blocks = Blocks::new(t);
    // `valid`: its values and which rows have one.
    let (mut valid, mut has_valid) = (Bits::with_capacity(n), Bits::with_capacity(n));
    let mut texts: [ViewColumn; TEXT_FIELDS] =
        std::array::from_fn(|_| ViewColumn::with_capacity(n));
    let mut code = ViewColumn::with_capacity(n);
    let (mut start, mut has_start) = (Vec::with_capacity(n), Bits::with_capacity(n));
    let mut rows = Bits::with_capacity(n);
    for i in 0..n {
        let s = match t.cell(i) {
            Cell::Text(s) => s,
            cell => {
                // A null row; for bytes that are not UTF-8, as `parse
                // --json` gives, a finding beside it.
                let bad = matches!(cell, Cell::NotUtf8(_));
                rows.push(bad);
                texts.iter_mut().for_each(|b| b.push(None));
                valid.push(false);
                has_valid.push(bad);
                code.push(bad.then(|| blocks.constant(NOT_UTF8)));
                start.push(0i64);
                has_start.push(bad);
                continue;
            }
        };
        rows.push(true);
        let r = analyze(s, options);
        let row = Row::of(&r);
        let place = t.place(i);
        valid.push(row.valid);
        has_valid.push(true);
        for (b, (_, v)) in texts.iter_mut().zip(row.texts()) {
            b.push(v.map(|v| match v {
                Text::Slice(p) => blocks.part(s, place, p),
                Text::Name(c) => blocks.constant(c),
            }));
        }
        let l = Linted::new(&r);
        let first = first_finding(&l);
        code.push(first.as_ref().map(|f| blocks.constant(f.code.as_str())));
        start.push(first.map_or(0, |f| f.span.start as i64));
        has_start.push(first.is_some());
    }
    let buffers = blocks.finish();
    let mut columns: Vec<ArrayRef> = vec![Arc::new(BooleanArray::new(
        valid.finish(),
        has_valid.nulls(),
    ))];
    columns.extend(texts.into_iter().map(|b| b.finish(&buffers)));
    columns.push(code.finish(&buffers));
    columns.push(Arc::new(Int64Array::new(start.into(), has_start.nulls())));
    Arc::new(StructArray::new(parse_fields(), columns, rows.nulls()))
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
    for cell in t.cells() {
        if let Cell::NotUtf8(bytes) = cell {
            let why = std::str::from_utf8(bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            code.append_value(NOT_UTF8);
            start.append_value(0);
            end.append_value(bytes.len() as i64);
            severity.append_value("error");
            section.append_value(NOT_UTF8_SECTION);
            message.push(Some(&format!(
                "not valid UTF-8: byte {why} starts no UTF-8 character; a URI is characters (RFC 3986 §2.5)"
            )));
            count += 1;
        }
        if let Cell::Text(s) = cell {
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
        nulls.push(!matches!(cell, Cell::Null));
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
