//! The core's own time for a column function's per-row work, measured in
//! Rust on texts already in Rust memory: no Arrow, no Python. The
//! benchmark script divides the Python call's time by this to give the
//! cost of the boundary. Not a test: nothing asserts on it.

use std::hint::black_box;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uriscope_core::lint::Linted;
use uriscope_core::{analyze, NormalizeOptions, ParseOptions};

use crate::ops::row;
use crate::parsed::{first_finding, Row};

/// Seconds the core takes to do `op`'s per-row work (`parse`,
/// `normalize`, `is_valid`, `analyze`: the core's `analyze` alone) over
/// `urls`, best of `repeat` runs; the GIL is released while it runs.
#[pyfunction]
#[pyo3(signature = (urls, op, repeat = 3))]
pub fn core_seconds(py: Python<'_>, urls: Vec<String>, op: &str, repeat: usize) -> PyResult<f64> {
    let work: fn(&str) -> usize = match op {
        "is_valid" => |s| row::is_valid(s, ParseOptions::default()) as usize,
        "normalize" => |s| row::normalize(s, NormalizeOptions::default()).map_or(0, |n| n.len()),
        "analyze" => |s| analyze(s, ParseOptions::default()).is_valid() as usize,
        "parse" => |s| {
            let r = analyze(s, ParseOptions::default());
            let row = black_box(Row::of(&r));
            let l = Linted::new(&r);
            let first = black_box(first_finding(&l));
            row.path.len() + first.map_or(0, |f| f.span.start)
        },
        _ => return Err(PyValueError::new_err(format!("no timed op {op:?}"))),
    };
    Ok(py.detach(|| {
        (0..repeat.max(1))
            .map(|_| {
                let t = Instant::now();
                let mut n = 0usize;
                for u in &urls {
                    n = n.wrapping_add(work(black_box(u)));
                }
                black_box(n);
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    }))
}
