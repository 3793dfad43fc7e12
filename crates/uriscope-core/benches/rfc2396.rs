//! `cargo bench --bench rfc2396`: the RFC 2396 validator next to the RFC 3986
//! analysis (both collect every finding with its message), and the traced
//! RFC 2396 §5.2 resolution, on the benchmark corpus (benches/uris.txt).
//! Each iteration covers the whole corpus; divide by the line count for ns
//! per URI.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use uriscope_core::{analyze, rfc2396};

const BASE: &str = "http://a/b/c/d;p?q";

fn corpus() -> Vec<&'static str> {
    include_str!("../../../benches/uris.txt").lines().collect()
}

fn validate(c: &mut Criterion) {
    let lines = corpus();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut g = c.benchmark_group("validate-all-findings");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("rfc2396::validate", |b| {
        b.iter(|| {
            lines
                .iter()
                .map(|l| rfc2396::validate(black_box(l)).len())
                .sum::<usize>()
        })
    });
    g.bench_function("uri::analyze (RFC 3986)", |b| {
        b.iter(|| {
            lines
                .iter()
                .map(|l| analyze(black_box(l), Default::default()).findings().count())
                .sum::<usize>()
        })
    });
    g.finish();
}

fn resolve(c: &mut Criterion) {
    let lines = corpus();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut g = c.benchmark_group("rfc2396-resolve-traced");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("rfc2396::resolve", |b| {
        b.iter(|| {
            let options = rfc2396::Options::default();
            lines
                .iter()
                .filter_map(|l| rfc2396::resolve(BASE, black_box(l), options).ok())
                .map(|r| r.steps.len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, validate, resolve);
criterion_main!(benches);
