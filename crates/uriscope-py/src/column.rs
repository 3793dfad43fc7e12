//! A column of texts in, a column of answers out.
//!
//! In: anything that speaks the Arrow PyCapsule interface
//! (`__arrow_c_array__`: one array; `__arrow_c_stream__`: a chunked array
//! or a stream of arrays), imported without copying the strings, or a
//! Python sequence of `str`/`None`. String, large string and string view
//! arrays are read in place, and so are the three binary layouts, each
//! row checked as UTF-8 as it is read (a row that is not is a
//! [`Cell::NotUtf8`]: a null answer and a `not-utf8` finding); a
//! dictionary or fixed-size binary column is cast first.
//!
//! Out: one output array per input chunk, built while the GIL is
//! released; a single array for a single array (or a list), a chunked
//! array, chunk for chunk, for a stream.

use std::sync::Arc;

use arrow_array::builder::{BinaryBuilder, LargeStringBuilder, StringBuilder};
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, LargeBinaryArray, LargeStringArray, StringArray,
    StringViewArray,
};
use arrow_buffer::Buffer;
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

/// Above this many bytes of input text in one chunk, text outputs use
/// 64-bit offsets (an answer is at most a few bytes a row longer than its
/// input, and 32-bit offsets end at 2 GiB).
const LARGE: usize = 1 << 30;

/// A column of texts, as chunks of string arrays.
pub struct Column {
    chunks: Vec<ArrayRef>,
    chunked: bool,
}

/// One chunk of a [`Column`], read row by row without copying.
pub enum Texts<'a> {
    /// `utf8` (32-bit offsets).
    Utf8(&'a StringArray),
    /// `large_utf8` (64-bit offsets).
    Large(&'a LargeStringArray),
    /// `utf8_view` (what Polars exports).
    View(&'a StringViewArray),
    /// `binary`: each row is checked to be UTF-8 as it is read.
    Binary(&'a BinaryArray),
    /// `large_binary`.
    LargeBinary(&'a LargeBinaryArray),
    /// `binary_view`.
    BinaryView(&'a BinaryViewArray),
}

/// One row of a chunk.
#[derive(Clone, Copy, Debug)]
pub enum Cell<'a> {
    /// A null row: its answer is null.
    Null,
    /// A text.
    Text(&'a str),
    /// Bytes that are not UTF-8 (a binary row, or a `str` with a lone
    /// surrogate): no answer, and a `not-utf8` finding.
    NotUtf8(&'a [u8]),
}

/// Where a row's bytes are in its chunk's data buffers (see
/// [`Texts::blocks`]): the buffer and the offset of the row's first byte,
/// or `None` for a row held inside its view (12 bytes or fewer).
pub type Place = Option<(u32, u32)>;

impl<'a> Texts<'a> {
    /// The texts of `a`, a string or binary array.
    pub fn of_array(a: &'a ArrayRef) -> Texts<'a> {
        let any = a.as_any();
        if let Some(s) = any.downcast_ref::<StringArray>() {
            Texts::Utf8(s)
        } else if let Some(s) = any.downcast_ref::<LargeStringArray>() {
            Texts::Large(s)
        } else if let Some(s) = any.downcast_ref::<StringViewArray>() {
            Texts::View(s)
        } else if let Some(s) = any.downcast_ref::<BinaryArray>() {
            Texts::Binary(s)
        } else if let Some(s) = any.downcast_ref::<LargeBinaryArray>() {
            Texts::LargeBinary(s)
        } else if let Some(s) = any.downcast_ref::<BinaryViewArray>() {
            Texts::BinaryView(s)
        } else {
            unreachable!("Column::new casts every chunk to a string or binary type")
        }
    }

    /// The array.
    fn array(&self) -> &'a dyn Array {
        match self {
            Texts::Utf8(a) => *a,
            Texts::Large(a) => *a,
            Texts::View(a) => *a,
            Texts::Binary(a) => *a,
            Texts::LargeBinary(a) => *a,
            Texts::BinaryView(a) => *a,
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.array().len()
    }

    /// Row `i`.
    #[inline]
    pub fn cell(&self, i: usize) -> Cell<'a> {
        if self.array().is_null(i) {
            return Cell::Null;
        }
        let bytes: &'a [u8] = match self {
            Texts::Utf8(a) => return Cell::Text(a.value(i)),
            Texts::Large(a) => return Cell::Text(a.value(i)),
            Texts::View(a) => return Cell::Text(a.value(i)),
            Texts::Binary(a) => a.value(i),
            Texts::LargeBinary(a) => a.value(i),
            Texts::BinaryView(a) => a.value(i),
        };
        match std::str::from_utf8(bytes) {
            Ok(s) => Cell::Text(s),
            Err(_) => Cell::NotUtf8(bytes),
        }
    }

    /// Row `i`'s text, `None` when null or not UTF-8.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        match self.cell(i) {
            Cell::Text(s) => Some(s),
            Cell::Null | Cell::NotUtf8(_) => None,
        }
    }

    /// The bytes of text the chunk holds (for sizing the outputs).
    pub fn bytes(&self) -> usize {
        match self {
            Texts::Utf8(a) => a.values().len(),
            Texts::Large(a) => a.values().len(),
            Texts::View(a) => a.total_bytes_len(),
            Texts::Binary(a) => a.values().len(),
            Texts::LargeBinary(a) => a.values().len(),
            Texts::BinaryView(a) => a.total_bytes_len(),
        }
    }

    /// The rows, `None` for a null or a row that is not UTF-8.
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a str>> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The rows.
    pub fn cells(&self) -> impl Iterator<Item = Cell<'a>> + '_ {
        (0..self.len()).map(|i| self.cell(i))
    }

    /// The chunk's data buffers, which a string view column can point
    /// into (shared, not copied); `None` when a buffer is too large for
    /// a view's 32-bit offset.
    pub fn blocks(&self) -> Option<Vec<Buffer>> {
        let one = |b: &Buffer| (b.len() < u32::MAX as usize).then(|| vec![b.clone()]);
        match self {
            Texts::Utf8(a) => one(a.values()),
            Texts::Large(a) => one(a.values()),
            Texts::Binary(a) => one(a.values()),
            Texts::LargeBinary(a) => one(a.values()),
            Texts::View(a) => Some(a.data_buffers().to_vec()),
            Texts::BinaryView(a) => Some(a.data_buffers().to_vec()),
        }
    }

    /// Where row `i`'s bytes are in [`Texts::blocks`].
    #[inline]
    pub fn place(&self, i: usize) -> Place {
        let view = |v: u128| {
            let len = v as u32;
            (len > 12).then_some(((v >> 64) as u32, (v >> 96) as u32))
        };
        match self {
            Texts::Utf8(a) => Some((0, a.value_offsets()[i] as u32)),
            Texts::Large(a) => Some((0, a.value_offsets()[i] as u32)),
            Texts::Binary(a) => Some((0, a.value_offsets()[i] as u32)),
            Texts::LargeBinary(a) => Some((0, a.value_offsets()[i] as u32)),
            Texts::View(a) => view(a.views()[i]),
            Texts::BinaryView(a) => view(a.views()[i]),
        }
    }
}

/// A builder of a text column: 32-bit offsets, or 64-bit when the input
/// is large (see [`LARGE`]).
pub enum TextBuilder {
    /// `utf8`.
    Small(StringBuilder),
    /// `large_utf8`.
    Large(LargeStringBuilder),
}

impl TextBuilder {
    /// A builder for `rows` answers to an input of `bytes` bytes, with
    /// room for `bytes` bytes of text.
    pub fn new(rows: usize, bytes: usize) -> TextBuilder {
        if bytes >= LARGE {
            TextBuilder::Large(LargeStringBuilder::with_capacity(rows, bytes))
        } else {
            TextBuilder::Small(StringBuilder::with_capacity(rows, bytes))
        }
    }

    /// Append a row.
    pub fn push(&mut self, v: Option<&str>) {
        match self {
            TextBuilder::Small(b) => b.append_option(v),
            TextBuilder::Large(b) => b.append_option(v),
        }
    }

    /// The column built.
    pub fn finish(self) -> ArrayRef {
        match self {
            TextBuilder::Small(mut b) => Arc::new(b.finish()),
            TextBuilder::Large(mut b) => Arc::new(b.finish()),
        }
    }
}

/// Map each text of a chunk to an optional text.
pub fn map_texts<F>(t: &Texts<'_>, f: F) -> ArrayRef
where
    F: Fn(&str) -> Option<String>,
{
    let mut b = TextBuilder::new(t.len(), t.bytes() + t.len());
    for v in t.iter() {
        match v.map(&f) {
            Some(Some(s)) => b.push(Some(&s)),
            _ => b.push(None),
        }
    }
    b.finish()
}

impl Column {
    /// The column `obj`: an Arrow array or stream (PyCapsule interface),
    /// or a sequence of `str` and `None`.
    pub fn new(obj: &Bound<'_, PyAny>) -> PyResult<Column> {
        let py = obj.py();
        let (chunks, chunked) = if obj.hasattr(pyo3::intern!(py, "__arrow_c_array__"))?
            || obj.hasattr(pyo3::intern!(py, "__arrow_c_stream__"))?
        {
            match obj.extract::<AnyArray>()? {
                AnyArray::Array(a) => (vec![a.into_inner().0], false),
                AnyArray::Stream(s) => {
                    let reader = s.into_reader()?;
                    let chunks = reader
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| PyValueError::new_err(e.to_string()))?;
                    (chunks, true)
                }
            }
        } else if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "expected a column of URLs (an Arrow array, a Series, a list), got one str; use uriscope.Uri for one URL",
            ));
        } else {
            (vec![sequence(obj)?], false)
        };
        let chunks = chunks
            .into_iter()
            .map(as_strings)
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Column { chunks, chunked })
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    /// The column as one chunk (concatenated when it has several).
    pub fn single(mut self) -> PyResult<ArrayRef> {
        if self.chunks.len() == 1 {
            return Ok(self.chunks.pop().expect("one chunk"));
        }
        if self.chunks.is_empty() {
            return Ok(Arc::new(StringArray::from(Vec::<Option<&str>>::new())));
        }
        let refs: Vec<&dyn Array> = self.chunks.iter().map(|c| c.as_ref()).collect();
        arrow_select::concat::concat(&refs).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Call `f` on each chunk (for the timing loop).
    pub fn each_chunk(&self, mut f: impl FnMut(&Texts<'_>)) {
        for c in &self.chunks {
            f(&Texts::of_array(c));
        }
    }

    /// Apply `f` to each chunk with the GIL released; the answers as an
    /// Arrow array (or chunked array) Python object.
    pub fn map<F>(self, py: Python<'_>, f: F) -> PyResult<Py<PyAny>>
    where
        F: Fn(&Texts<'_>) -> ArrayRef + Send + Sync,
    {
        let Column {
            mut chunks,
            chunked,
        } = self;
        if chunks.is_empty() {
            // The output type comes from an answer: answer no rows.
            chunks.push(Arc::new(StringArray::from(Vec::<Option<&str>>::new())));
        }
        let out: Vec<ArrayRef> =
            py.detach(|| chunks.iter().map(|c| f(&Texts::of_array(c))).collect());
        wrap(py, out, chunked)
    }
}

/// A sequence of `str` and `None` as a column: a string array, or a
/// binary array (each `str` as its UTF-8 bytes) when some `str` is not
/// UTF-8 (a lone surrogate, kept as its `surrogatepass` bytes), so that
/// such a row is read as bytes that are not UTF-8, as in a binary column.
fn sequence(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let not_texts = || {
        PyTypeError::new_err(
            "expected a column of URLs: an object with __arrow_c_array__ or __arrow_c_stream__, or a sequence of str and None",
        )
    };
    let mut rows = BinaryBuilder::with_capacity(obj.len().unwrap_or(0), 0);
    let mut all_utf8 = true;
    for item in obj.try_iter().map_err(|_| not_texts())? {
        let item = item?;
        if item.is_none() {
            rows.append_null();
        } else if let Ok(s) = item.cast::<PyString>() {
            match s.to_str() {
                Ok(t) => rows.append_value(t),
                Err(_) => {
                    all_utf8 = false;
                    let py = obj.py();
                    let bytes = s.call_method1(
                        pyo3::intern!(py, "encode"),
                        (
                            pyo3::intern!(py, "utf-8"),
                            pyo3::intern!(py, "surrogatepass"),
                        ),
                    )?;
                    rows.append_value(bytes.cast::<PyBytes>()?.as_bytes());
                }
            }
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected str or None in the column, got {}",
                item.get_type().name()?
            )));
        }
    }
    let binary = rows.finish();
    if all_utf8 {
        // Every row was a `str` that is UTF-8: the same buffers as text.
        let (offsets, values, nulls) = binary.into_parts();
        let strings = StringArray::try_new(offsets, values, nulls)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Arc::new(strings))
    } else {
        Ok(Arc::new(binary))
    }
}

/// Answers as a Python object: one array, or a chunked array.
pub fn wrap(py: Python<'_>, mut out: Vec<ArrayRef>, chunked: bool) -> PyResult<Py<PyAny>> {
    if chunked || out.len() != 1 {
        let field = Arc::new(Field::new("", out[0].data_type().clone(), true));
        let c = PyChunkedArray::try_new(out, field)?;
        Ok(c.into_pyobject(py)?.into_any().unbind())
    } else {
        let a = PyArray::from_array_ref(out.pop().expect("one chunk"));
        Ok(a.into_pyobject(py)?.into_any().unbind())
    }
}

/// `a` as a string or binary array: as it is when it is one, else cast
/// (a dictionary to its values' type, fixed-size binary to binary).
fn as_strings(a: ArrayRef) -> PyResult<ArrayRef> {
    let to = match a.data_type() {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView => return Ok(a),
        DataType::Null => DataType::Utf8,
        DataType::FixedSizeBinary(_) => DataType::Binary,
        DataType::Dictionary(_, v) => match v.as_ref() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => DataType::Utf8,
            DataType::Binary | DataType::LargeBinary | DataType::BinaryView => DataType::Binary,
            DataType::FixedSizeBinary(_) => DataType::Binary,
            t => {
                return Err(not_strings(&DataType::Dictionary(
                    Box::new(DataType::Int32),
                    Box::new(t.clone()),
                )))
            }
        },
        t => return Err(not_strings(t)),
    };
    arrow_cast::cast(&a, &to).map_err(|e| PyTypeError::new_err(e.to_string()))
}

fn not_strings(t: &DataType) -> PyErr {
    PyTypeError::new_err(format!("expected a column of strings, got {t}"))
}
