//! `cargo bench --bench resolve`: reference resolution (RFC 3986 §5.2) and
//! normalization (§6.2.2, §6.2.3) by uriscope and fluent-uri 0.4 (and, for
//! resolution, oxiri 0.3 and url 2) in one run,
//! on the benchmark corpus (benches/uris.txt): each entry is resolved against
//! `http://a/b/c/d;p?q`, then each target is normalized. Each side parses its
//! inputs inside the timed loop; the base is parsed once, outside it. Each
//! iteration covers the whole corpus; divide by the line count for ns per URI.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use uriscope_core::{normalize, NormalizeOptions};
use uriscope_core::{parse, relative::resolve_ref, ResolveOptions};

const BASE: &str = "http://a/b/c/d;p?q";

fn corpus() -> Vec<&'static str> {
    include_str!("../../../benches/uris.txt").lines().collect()
}

fn resolve(c: &mut Criterion) {
    let lines = corpus();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let options = ResolveOptions::default();
    let base = parse(BASE).expect("the base parses");
    let fluent_base = fluent_uri::Uri::parse(BASE).expect("the base parses");

    let mut g = c.benchmark_group("resolve");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("uriscope", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                if let Ok(r) = parse(black_box(l)) {
                    if let Ok(t) = resolve_ref(&base, &r, options) {
                        n += t.len();
                    }
                }
            }
            n
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                if let Ok(r) = fluent_uri::UriRef::parse(black_box(*l)) {
                    if let Ok(t) = r.resolve_against(&fluent_base) {
                        n += t.as_str().len();
                    }
                }
            }
            n
        })
    });
    // oxiri resolves IRI-references (its parse and resolve in one call).
    let ox_base = oxiri::Iri::parse(BASE).expect("the base parses");
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                if let Ok(r) = oxiri::IriRef::parse(black_box(*l)) {
                    if let Ok(t) = ox_base.resolve(&r) {
                        n += t.as_str().len();
                    }
                }
            }
            n
        })
    });
    // url joins the WHATWG way (normalizing as it goes): for scale.
    let url_base = url::Url::parse(BASE).expect("the base parses");
    g.bench_function("url", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                if let Ok(t) = url_base.join(black_box(l)) {
                    n += t.as_str().len();
                }
            }
            n
        })
    });
    // ada joins the WHATWG way too; its API takes the base as text and
    // parses it again for every reference.
    g.bench_function("ada-url", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for l in &lines {
                if let Ok(t) = ada_url::Url::parse(black_box(l), Some(BASE)) {
                    n += t.href().len();
                }
            }
            n
        })
    });
    g.finish();

    let targets: Vec<String> = lines
        .iter()
        .filter_map(|l| uriscope_core::resolve(BASE, l, options).ok())
        .collect();
    let tbytes: usize = targets.iter().map(String::len).sum();
    let mut g = c.benchmark_group("normalize");
    g.throughput(Throughput::Bytes(tbytes as u64));
    g.bench_function("uriscope", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for t in &targets {
                if let Ok(s) = normalize(black_box(t), NormalizeOptions::default()) {
                    n += s.len();
                }
            }
            n
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for t in &targets {
                if let Ok(u) = fluent_uri::Uri::parse(black_box(t.as_str())) {
                    n += u.normalize().as_str().len();
                }
            }
            n
        })
    });
    // ada's href: WHATWG normalization (a parse serializes normalized),
    // not RFC 3986's ladder; for scale.
    g.bench_function("ada-url (WHATWG href)", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for t in &targets {
                if let Ok(u) = ada_url::Url::parse(black_box(t.as_str()), None) {
                    n += u.href().len();
                }
            }
            n
        })
    });
    g.finish();
    println!(
        "corpus: {} lines, {} resolved targets (divide the time per iteration by the count for ns per URI)",
        lines.len(),
        targets.len()
    );
}

criterion_group!(benches, resolve);
criterion_main!(benches);
