//! The core's own time for a column function's per-row work, measured in
//! Rust on the column's texts: the same rows the column function reads,
//! with no output built and no Python per row. The benchmark script
//! compares the Python call's time with this to give the cost of the
//! boundary. Not a test: nothing asserts on it.

use std::hint::black_box;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uriscope_core::lint::Linted;
use uriscope_core::{analyze, NormalizeOptions, ParseOptions};

use crate::column::{Column, Texts};
use crate::ops::row;
use crate::parsed::{first_finding, Row};

/// Seconds the core takes to do `op`'s per-row work (`parse`,
/// `normalize`, `is_valid`, `analyze`: the core's `analyze` alone) over
/// the column `urls`, the best of `repeat` runs; the GIL is released
/// while it runs. `clock` is `"cpu"` (the thread's CPU time,
/// `time.thread_time`: what a loaded machine disturbs least) or `"wall"`.
#[pyfunction]
#[pyo3(signature = (urls, op, repeat = 3, clock = "cpu"))]
pub fn core_seconds(
    py: Python<'_>,
    urls: &Bound<'_, PyAny>,
    op: &str,
    repeat: usize,
    clock: &str,
) -> PyResult<f64> {
    let work: fn(&str) -> usize = match op {
        "is_valid" => |s| row::is_valid(s, ParseOptions::default()) as usize,
        "normalize" => |s| row::normalize(s, NormalizeOptions::default()).map_or(0, |n| n.len()),
        "analyze" => |s| analyze(s, ParseOptions::default()).is_valid() as usize,
        "parse" => |s| {
            let r = analyze(s, ParseOptions::default());
            let row = black_box(Row::of(&r));
            let l = Linted::new(&r);
            let first = black_box(first_finding(&l));
            row.parts.path.len() + first.map_or(0, |f| f.span.start)
        },
        _ => return Err(PyValueError::new_err(format!("no timed op {op:?}"))),
    };
    let cpu = match clock {
        "cpu" => true,
        "wall" => false,
        _ => {
            return Err(PyValueError::new_err(format!(
                "no clock {clock:?}: cpu or wall"
            )))
        }
    };
    let thread_time = py.import("time")?.getattr("thread_time")?;
    let column = Column::new(urls)?;
    let mut best = f64::INFINITY;
    for _ in 0..repeat.max(1) {
        let c0: f64 = thread_time.call0()?.extract()?;
        let elapsed = py.detach(|| {
            let t = Instant::now();
            let mut n = 0usize;
            column.each_chunk(|chunk: &Texts<'_>| {
                for s in chunk.iter().flatten() {
                    n = n.wrapping_add(work(black_box(s)));
                }
            });
            black_box(n);
            t.elapsed().as_secs_f64()
        });
        let c1: f64 = thread_time.call0()?.extract()?;
        best = best.min(if cpu { c1 - c0 } else { elapsed });
    }
    Ok(best)
}
