//! `cargo bench --bench lint`: lint (analysis + RFC 3986 §7 checks) over
//! every line of the corpus, and extraction (Appendix C) over the corpus
//! as one running text. No peer crate does either; the parse bench gives
//! the baseline. The `answer` group is one line of `uriscope parse` (text,
//! `--json`) on one thread, without reading stdin: the CLI's per-line cost.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn lint(c: &mut Criterion) {
    let text = include_str!("uris.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut g = c.benchmark_group("lint");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("analyze", |b| {
        b.iter(|| {
            lines
                .iter()
                .map(|l| {
                    uriscope::uri::analyze(black_box(l), Default::default())
                        .findings()
                        .count()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("analyze+lint", |b| {
        b.iter(|| {
            lines
                .iter()
                .map(|l| {
                    let r = uriscope::uri::analyze(black_box(l), Default::default());
                    uriscope::uri::lint::Linted::new(&r).findings().count()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("extract", |b| {
        b.iter(|| uriscope::uri::extract::extract(black_box(text)).len())
    });
    g.finish();
}

fn answer(c: &mut Criterion) {
    use uriscope::cli::format::Format;
    let text = include_str!("uris.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut g = c.benchmark_group("answer");
    g.throughput(Throughput::Elements(lines.len() as u64));
    for (name, format) in [("text", Format::Text), ("json", Format::Json)] {
        let mut out = Vec::with_capacity(1 << 20);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut written = 0;
                for l in &lines {
                    let o = Default::default();
                    uriscope::cli::parse::write_answer(&mut out, black_box(l), o, format)
                        .expect("a Vec takes it");
                    written += out.len();
                    out.clear();
                }
                written
            })
        });
    }
    g.finish();
}

criterion_group!(benches, lint, answer);
criterion_main!(benches);
