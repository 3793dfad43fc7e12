//! A column of texts in, a column of answers out.
//!
//! In: anything that speaks the Arrow PyCapsule interface
//! (`__arrow_c_array__`: one array; `__arrow_c_stream__`: a chunked array
//! or a stream of arrays), imported without copying the strings, or a
//! Python sequence of `str`/`None`. String, large string and string view
//! arrays are read in place; another type (a dictionary of strings, a
//! binary column) is cast to strings first.
//!
//! Out: one output array per input chunk, built while the GIL is
//! released; a single array for a single array (or a list), a chunked
//! array, chunk for chunk, for a stream.

use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder};
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
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
}

impl<'a> Texts<'a> {
    /// The texts of `a`, a string array.
    pub fn of_array(a: &'a ArrayRef) -> Texts<'a> {
        let any = a.as_any();
        if let Some(s) = any.downcast_ref::<StringArray>() {
            Texts::Utf8(s)
        } else if let Some(s) = any.downcast_ref::<LargeStringArray>() {
            Texts::Large(s)
        } else if let Some(s) = any.downcast_ref::<StringViewArray>() {
            Texts::View(s)
        } else {
            unreachable!("Column::new casts every chunk to a string type")
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        match self {
            Texts::Utf8(a) => a.len(),
            Texts::Large(a) => a.len(),
            Texts::View(a) => a.len(),
        }
    }

    /// Row `i`, `None` when null.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Texts::Utf8(a) => (!a.is_null(i)).then(|| a.value(i)),
            Texts::Large(a) => (!a.is_null(i)).then(|| a.value(i)),
            Texts::View(a) => (!a.is_null(i)).then(|| a.value(i)),
        }
    }

    /// The bytes of text the chunk holds (for sizing the outputs).
    pub fn bytes(&self) -> usize {
        match self {
            Texts::Utf8(a) => a.values().len(),
            Texts::Large(a) => a.values().len(),
            Texts::View(a) => a.total_bytes_len(),
        }
    }

    /// The rows, `None` for a null.
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a str>> + '_ {
        (0..self.len()).map(|i| self.get(i))
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
            let rows = sequence(obj)?;
            let a: ArrayRef = Arc::new(StringArray::from(rows));
            (vec![a], false)
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

/// A sequence of `str` and `None` as texts. A `str` that is not UTF-8
/// (a lone surrogate) is a null row, as a row without an answer is.
fn sequence(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    let not_texts = || {
        PyTypeError::new_err(
            "expected a column of URLs: an object with __arrow_c_array__ or __arrow_c_stream__, or a sequence of str and None",
        )
    };
    let mut rows = Vec::with_capacity(obj.len().unwrap_or(0));
    for item in obj.try_iter().map_err(|_| not_texts())? {
        let item = item?;
        if item.is_none() {
            rows.push(None);
        } else if let Ok(s) = item.cast::<PyString>() {
            rows.push(s.to_str().ok().map(str::to_owned));
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected str or None in the column, got {}",
                item.get_type().name()?
            )));
        }
    }
    Ok(rows)
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

/// `a` as a string array: as it is when it is one, else cast.
fn as_strings(a: ArrayRef) -> PyResult<ArrayRef> {
    match a.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(a),
        DataType::Null => {
            arrow_cast::cast(&a, &DataType::Utf8).map_err(|e| PyTypeError::new_err(e.to_string()))
        }
        t => {
            let to = if matches!(t, DataType::LargeBinary) {
                DataType::LargeUtf8
            } else {
                DataType::Utf8
            };
            if !arrow_cast::can_cast_types(t, &to)
                || matches!(
                    t,
                    DataType::Int8
                        | DataType::Int16
                        | DataType::Int32
                        | DataType::Int64
                        | DataType::Float32
                        | DataType::Float64
                        | DataType::Boolean
                )
            {
                return Err(PyTypeError::new_err(format!(
                    "expected a column of strings, got {t}"
                )));
            }
            arrow_cast::cast(&a, &to).map_err(|e| PyTypeError::new_err(e.to_string()))
        }
    }
}
