//! Parse the benchmark corpus with one parser, for instruction counting
//! under `valgrind --tool=callgrind` (repeatable on a busy machine, unlike
//! wall-clock time): `cargo build --release --example parse_count` then
//! `valgrind --tool=callgrind target/release/examples/parse_count uriscope`
//! (or `fluent-uri`, `oxiri`, `iri-string`, `url`; `none` reads the corpus
//! only, the baseline to subtract).
//! `normalize`, `normalize-fluent` and `normalize-none` count the
//! normalizers over the resolved targets of benches/resolve.rs instead.

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "uriscope".into());
    // Passes over the corpus: 3 by default (enough for instruction
    // counts); more for wall-clock timing with hyperfine.
    let passes: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let corpus = include_str!("../../../benches/uris.txt");
    let mut ok = 0usize;
    if let Some(rest) = which.strip_prefix("resolve") {
        // `resolve`, `resolve-oxiri`, `resolve-none` (the parse alone, as
        // benches/resolve.rs times it: the difference is the resolution).
        let base = uriscope_core::parse("http://a/b/c/d;p?q").expect("the base parses");
        let ox_base = oxiri::Iri::parse("http://a/b/c/d;p?q").expect("the base parses");
        let options = uriscope_core::ResolveOptions::default();
        for _ in 0..passes {
            for l in corpus.lines() {
                let l = std::hint::black_box(l);
                ok += match rest {
                    "-oxiri" => oxiri::IriRef::parse(l)
                        .ok()
                        .and_then(|r| ox_base.resolve(&r).ok())
                        .map_or(0, |t| t.as_str().len()),
                    "-none" => uriscope_core::parse(l).map_or(0, |r| r.as_str().len()),
                    _ => uriscope_core::parse(l)
                        .ok()
                        .and_then(|r| uriscope_core::relative::resolve_ref(&base, &r, options).ok())
                        .map_or(0, |t| t.len()),
                };
            }
        }
        println!("{which}: {ok} bytes");
        return;
    }
    if let Some(rest) = which.strip_prefix("normalize") {
        // `normalize`, `normalize-fluent`, `normalize-none` (the baseline:
        // the resolved targets only, as benches/resolve.rs makes them; the
        // difference is the normalizer's count).
        let base = "http://a/b/c/d;p?q";
        let options = uriscope_core::ResolveOptions::default();
        let targets: Vec<String> = corpus
            .lines()
            .filter_map(|l| uriscope_core::resolve(base, l, options).ok())
            .collect();
        for _ in 0..passes {
            for t in &targets {
                let t = std::hint::black_box(t.as_str());
                ok += match rest {
                    "-fluent" => fluent_uri::Uri::parse(t)
                        .map(|u| u.normalize().as_str().len())
                        .unwrap_or(0),
                    "-none" => t.len(),
                    _ => uriscope_core::normalize(t, Default::default())
                        .map(|s| s.len())
                        .unwrap_or(0),
                };
            }
        }
        println!("{which}: {ok} bytes");
        return;
    }
    for _ in 0..passes {
        for l in corpus.lines() {
            ok += match which.as_str() {
                "fluent-uri" => fluent_uri::UriRef::parse(std::hint::black_box(l)).is_ok(),
                "iri-string" => {
                    iri_string::types::UriReferenceStr::new(std::hint::black_box(l)).is_ok()
                }
                "oxiri" => oxiri::IriRef::parse(std::hint::black_box(l)).is_ok(),
                "url" => url::Url::parse(std::hint::black_box(l)).is_ok(),
                "none" => std::hint::black_box(l).is_empty(),
                _ => uriscope_core::parse(std::hint::black_box(l)).is_ok(),
            } as usize;
        }
    }
    println!("{which}: {ok} ok");
}
