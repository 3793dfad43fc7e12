//! Parse the benchmark corpus with one parser, for instruction counting
//! under `valgrind --tool=callgrind` (repeatable on a busy machine, unlike
//! wall-clock time): `cargo build --release --example parse_count` then
//! `valgrind --tool=callgrind target/release/examples/parse_count uriscope`.

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "uriscope".into());
    // Passes over the corpus: 3 by default (enough for instruction
    // counts); more for wall-clock timing with hyperfine.
    let passes: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let corpus = include_str!("../benches/uris.txt");
    let mut ok = 0usize;
    for _ in 0..passes {
        for l in corpus.lines() {
            ok += match which.as_str() {
                "fluent-uri" => fluent_uri::UriRef::parse(std::hint::black_box(l)).is_ok(),
                "iri-string" => {
                    iri_string::types::UriReferenceStr::new(std::hint::black_box(l)).is_ok()
                }
                "none" => std::hint::black_box(l).is_empty(),
                _ => uriscope::uri::parse(std::hint::black_box(l)).is_ok(),
            } as usize;
        }
    }
    println!("{which}: {ok} ok");
}
