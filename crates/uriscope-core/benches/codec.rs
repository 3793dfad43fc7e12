//! Percent-encoding and decoding beside rust-url's `percent-encoding`, on
//! the corpus (one URI per line) and on a non-ASCII text.
//!
//! Both encoders get the same byte set (ours, copied into an `AsciiSet`)
//! and both encode every `%` (our default), so they do the same
//! work. Run: `cargo bench --bench codec -- --warm-up-time 1 --measurement-time 3`.

use std::borrow::Cow;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use percent_encoding::{percent_decode, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use uriscope_core::percent::encode_set::{self, EncodeSet};
use uriscope_core::percent::{decode, decode_bytes, encode_with, DecodeOptions, EncodeOptions};

fn corpus() -> Vec<String> {
    include_str!("../../../benches/uris.txt")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A text of mixed scripts, about 6 KB.
fn non_ascii() -> Vec<String> {
    let s = "Größenwahn in Zürich — 東京都渋谷区の設定ファイル, Съешь же ещё этих мягких \
             французских булок; naïve café? κόσμε & ∑ 🎉 ";
    vec![s.repeat(40)]
}

/// The `percent-encoding` set that encodes exactly what `set` encodes.
fn ascii_set(set: &EncodeSet) -> &'static AsciiSet {
    let mut a = NON_ALPHANUMERIC.add(b'%');
    for b in 0..0x80u8 {
        if set.keeps(b) {
            a = a.remove(b);
        }
    }
    Box::leak(Box::new(a))
}

fn bytes(lines: &[String]) -> u64 {
    lines.iter().map(|l| l.len() as u64).sum()
}

fn bench_encode(c: &mut Criterion, label: &str, lines: &[String], set: &'static EncodeSet) {
    let theirs = ascii_set(set);
    let all = EncodeOptions::default();
    // Same output, checked once.
    for l in lines {
        let ours = encode_with(l, set, all);
        let peer: Cow<'_, str> = utf8_percent_encode(l, theirs).into();
        assert_eq!(ours, peer, "encoders disagree on {l:?}");
    }
    let mut g = c.benchmark_group(format!("encode/{label}/{}", set.name));
    g.throughput(Throughput::Bytes(bytes(lines)));
    g.bench_function("uriscope", |b| {
        b.iter(|| {
            for l in lines {
                black_box(encode_with(black_box(l), set, all));
            }
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            for l in lines {
                let s: Cow<'_, str> = utf8_percent_encode(black_box(l), theirs).into();
                black_box(s);
            }
        })
    });
    g.finish();
}

fn bench_decode(c: &mut Criterion, label: &str, lines: &[String]) {
    let o = DecodeOptions::default();
    for l in lines {
        let peer: Cow<'_, [u8]> = percent_decode(l.as_bytes()).into();
        assert_eq!(
            decode_bytes(l.as_bytes(), o),
            peer,
            "decoders disagree on {l:?}"
        );
    }
    let mut g = c.benchmark_group(format!("decode/{label}"));
    g.throughput(Throughput::Bytes(bytes(lines)));
    g.bench_function("uriscope decode_bytes", |b| {
        b.iter(|| {
            for l in lines {
                black_box(decode_bytes(black_box(l.as_bytes()), o));
            }
        })
    });
    g.bench_function("uriscope decode (full report)", |b| {
        b.iter(|| {
            for l in lines {
                black_box(decode(black_box(l), o));
            }
        })
    });
    g.bench_function("percent-encoding", |b| {
        b.iter(|| {
            for l in lines {
                let d: Cow<'_, [u8]> = percent_decode(black_box(l.as_bytes())).into();
                black_box(d);
            }
        })
    });
    g.finish();
}

fn codec(c: &mut Criterion) {
    let corpus = corpus();
    let text = non_ascii();
    eprintln!(
        "corpus: {} lines, {} bytes; non-ASCII text: {} bytes",
        corpus.len(),
        bytes(&corpus),
        bytes(&text)
    );
    bench_encode(c, "corpus", &corpus, &encode_set::PATH);
    bench_encode(c, "corpus", &corpus, &encode_set::UNRESERVED);
    bench_encode(c, "non-ascii", &text, &encode_set::UNRESERVED);
    bench_decode(c, "corpus", &corpus);
    let encoded: Vec<String> = text
        .iter()
        .map(|t| encode_with(t, &encode_set::UNRESERVED, EncodeOptions::default()).into_owned())
        .collect();
    bench_decode(c, "non-ascii", &encoded);
}

criterion_group!(benches, codec);
criterion_main!(benches);
