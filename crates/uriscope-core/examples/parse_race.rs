//! The parse benchmark interleaved, for a noisy machine: each round times
//! one pass over the corpus with every parser, in rotating order, so that
//! a slow spell of the machine hits all of them alike. Prints per parser
//! the median and best pass (ns per URI, MB/s) and the median of the
//! per-round ratios against uriscope (oxiri, an IRI parser, against
//! uriscope's IRI parse).
//!
//! `cargo run --release --example parse_race [ROUNDS]` (default 200).

use std::hint::black_box;
use std::time::{Duration, Instant};

/// A name, the parse, and the index of the parser its ratio is taken
/// against.
type Parser = (&'static str, fn(&str) -> bool, usize);

const PARSERS: [Parser; 5] = [
    ("uriscope", |s| uriscope_core::parse(s).is_ok(), 0),
    ("fluent-uri", |s| fluent_uri::UriRef::parse(s).is_ok(), 0),
    (
        "iri-string",
        |s| iri_string::types::UriReferenceStr::new(s).is_ok(),
        0,
    ),
    (
        "uriscope-iri",
        |s| {
            uriscope_core::UriRef::parse_with(s, uriscope_core::ParseOptions::new().iri(true))
                .is_ok()
        },
        3,
    ),
    ("oxiri", |s| oxiri::IriRef::parse(s).is_ok(), 3),
];

fn pass(lines: &[&str], f: fn(&str) -> bool) -> Duration {
    let t = Instant::now();
    let mut ok = 0usize;
    for l in lines {
        ok += f(black_box(l)) as usize;
    }
    black_box(ok);
    t.elapsed()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let lines: Vec<&str> = include_str!("../../../benches/uris.txt").lines().collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut times = vec![Vec::with_capacity(rounds); PARSERS.len()];
    for _ in 0..3 {
        for (_, f, _) in PARSERS {
            pass(&lines, f);
        }
    }
    for r in 0..rounds {
        for k in 0..PARSERS.len() {
            let i = (r + k) % PARSERS.len();
            times[i].push(pass(&lines, PARSERS[i].1).as_secs_f64());
        }
    }
    println!(
        "{} rounds, {} URIs, {} bytes per pass",
        rounds,
        lines.len(),
        bytes
    );
    let n = lines.len() as f64;
    for (i, (name, _, against)) in PARSERS.iter().enumerate() {
        let mut t = times[i].clone();
        let med = median(&mut t);
        let best = t[0];
        let base = &times[*against];
        let mut ratios: Vec<f64> = times[i].iter().zip(base).map(|(x, u)| x / u).collect();
        println!(
            "{name:>12}: median {:6.2} ms/pass = {:6.1} ns/URI, {:6.1} MB/s; best {:6.2} ms; \
             median per-round time / {}'s = {:.3}",
            med * 1e3,
            med * 1e9 / n,
            bytes as f64 / med / 1e6,
            best * 1e3,
            PARSERS[*against].0,
            median(&mut ratios)
        );
    }
}
