//! `cargo bench --bench parse`: the benchmark corpus (benches/uris.txt, 74k
//! real URI-references) validated by uriscope, fluent-uri 0.4,
//! iri-string 0.7, oxiri 0.3 (as IRIs, beside uriscope's IRI parse) and
//! url 2 (WHATWG, for scale) in one run. Each iteration parses the whole corpus; divide
//! by the line count for ns per URI.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn corpus() -> Vec<&'static str> {
    include_str!("../../../benches/uris.txt").lines().collect()
}

fn parse(c: &mut Criterion) {
    let lines = corpus();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("uriscope", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += uriscope_core::parse(black_box(l)).is_ok() as usize;
            }
            ok
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += fluent_uri::UriRef::parse(black_box(*l)).is_ok() as usize;
            }
            ok
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += iri_string::types::UriReferenceStr::new(black_box(*l)).is_ok() as usize;
            }
            ok
        })
    });
    // oxiri parses IRI-references (RFC 3987): beside uriscope's IRI parse.
    g.bench_function("uriscope-iri", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += uriscope_core::UriRef::parse_with(
                    black_box(l),
                    uriscope_core::ParseOptions::new().iri(true),
                )
                .is_ok() as usize;
            }
            ok
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += oxiri::IriRef::parse(black_box(*l)).is_ok() as usize;
            }
            ok
        })
    });
    // url (WHATWG) takes absolute URLs only and normalizes as it parses:
    // not the same job, shown for scale.
    g.bench_function("url", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += url::Url::parse(black_box(l)).is_ok() as usize;
            }
            ok
        })
    });
    // ada (C++, WHATWG, through the ada-url bindings): the same job as url.
    g.bench_function("ada-url", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for l in &lines {
                ok += ada_url::Url::parse(black_box(l), None).is_ok() as usize;
            }
            ok
        })
    });
    g.bench_function("uriscope-analyze", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                n += uriscope_core::analyze(black_box(l), Default::default())
                    .findings()
                    .count();
            }
            n
        })
    });
    g.finish();
    println!(
        "corpus: {} URIs, {} bytes (divide the time per iteration by {} for ns per URI)",
        lines.len(),
        bytes,
        lines.len()
    );
}

criterion_group!(benches, parse);
criterion_main!(benches);
