//! `uriscope._core`: the uriscope core (RFC 3986 URI-references, their
//! normal forms, resolution and percent-encoding) over Arrow columns for
//! Python. Each function takes a column (an Arrow array or stream through
//! the PyCapsule interface, or a sequence of `str`), runs the core on
//! every row with the GIL released, and returns an Arrow array (a chunked
//! array for a stream). A row the core has no answer for is null; nothing
//! raises in the middle of a column.
//!
//! The Python package `uriscope` (python/uriscope) wraps these in pyarrow
//! types and adds the Polars, DuckDB and Spark surfaces.

mod bits;
mod column;
mod ops;
mod parsed;
mod timing;
mod uri;
mod views;

use pyo3::prelude::*;

/// The module `uriscope._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ops::parse, m)?)?;
    m.add_function(wrap_pyfunction!(ops::findings, m)?)?;
    m.add_function(wrap_pyfunction!(ops::component, m)?)?;
    m.add_function(wrap_pyfunction!(ops::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(ops::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(ops::equivalence_key, m)?)?;
    m.add_function(wrap_pyfunction!(ops::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(ops::relative, m)?)?;
    m.add_function(wrap_pyfunction!(ops::encode, m)?)?;
    m.add_function(wrap_pyfunction!(ops::decode, m)?)?;
    m.add_function(wrap_pyfunction!(ops::encode_sets, m)?)?;
    m.add_function(wrap_pyfunction!(timing::core_seconds, m)?)?;
    m.add_class::<uri::Uri>()?;
    Ok(())
}
