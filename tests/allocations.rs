//! What one line of `uriscope parse` allocates (issue 15: lint and the
//! WHATWG column pay only for what they find, no allocation per line when
//! there is nothing to say).
//!
//! Its own test binary: the allocation counter (dhat, in testing mode) is
//! the global allocator here, and it counts every thread's allocations,
//! so this binary holds one test and nothing runs beside it.

use uriscope::cli::format::Format;
use uriscope::cli::parse::write_answer;
use uriscope::report::json::JsonWhatwg;
use uriscope::uri::lint::Linted;
use uriscope::uri::{report, ParseOptions, Report};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Allocations made so far, by every thread.
fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

/// Whether `r`'s host is one the lint decodes to look at (an IDNA label,
/// an escape, a non-ASCII character): it has something to inspect.
fn host_to_inspect(r: &Report<'_>) -> bool {
    r.uri.host().is_some_and(|h| {
        !h.is_ascii() || h.contains('%') || h.to_ascii_lowercase().contains("xn--")
    })
}

/// Whether the text answer has nothing to say beyond the components: a
/// valid reference, no finding, no host to inspect.
fn nothing_to_say(r: &Report<'_>) -> bool {
    r.is_valid() && Linted::new(r).is_empty() && !host_to_inspect(r)
}

/// Whether the JSON answer has nothing to say either: every segment, key
/// and value decodes to itself (no `%` or `+`), the WHATWG column is known
/// without the `url` crate, and there is no `data:` payload to take apart.
fn nothing_to_say_in_json(r: &Report<'_>) -> bool {
    nothing_to_say(r)
        && !r.input.contains(['%', '+'])
        && !matches!(JsonWhatwg::of(r), JsonWhatwg::Parsed(_))
        && r.uri.scheme() != Some("data")
}

/// The allocations of each answer in `format` to `lines`, after one
/// warm-up answer of each (the thread's JSON buffer grows once).
fn allocations(lines: &[&str], format: Format) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << 20);
    for l in lines {
        write_answer(&mut out, l, ParseOptions::default(), format).expect("a Vec takes it");
        out.clear();
    }
    lines
        .iter()
        .map(|l| {
            let before = blocks();
            write_answer(&mut out, l, ParseOptions::default(), format).expect("a Vec takes it");
            let n = blocks() - before;
            out.clear();
            n
        })
        .collect()
}

#[test]
fn a_line_with_nothing_to_say_allocates_nothing() {
    let _counting = dhat::Profiler::builder().testing().build();
    let corpus: Vec<&str> = include_str!("../benches/uris.txt").lines().collect();
    // Lines that once allocated with nothing to say: an escape the lint
    // decoded to look for a dot segment, a userinfo without a password,
    // a `tel:` number, a `mailto:` address and header, a relative
    // reference and a plain http URI in the WHATWG column.
    // The JSON answer of the first four still pays for decoding escapes
    // or for the url crate (not an http(s) URI).
    let crafted = [
        ("http://h/a%20b/c%C3%A9", false),
        ("ssh://user@git.example/repo", false),
        ("tel:+1-201-555-0123", false),
        ("mailto:a@b.example?subject=hello", false),
        ("../a/b?c=d#e", true),
        ("https://example.com/a/b?c=d&e#f", true),
    ];
    let lines: Vec<&str> = corpus
        .iter()
        .copied()
        .chain(crafted.iter().map(|c| c.0))
        .collect();
    let reports: Vec<Report<'_>> = lines.iter().map(|l| report(l)).collect();

    for format in [Format::Text, Format::Json] {
        let counts = allocations(&lines, format);
        let mut quiet = 0;
        for ((r, l), n) in reports.iter().zip(&lines).zip(&counts) {
            let quiet_here = match format {
                Format::Json => nothing_to_say_in_json(r),
                _ => nothing_to_say(r),
            };
            if quiet_here {
                quiet += 1;
                assert_eq!(*n, 0, "{format:?} answer to {l:?}: {n} allocations");
            }
        }
        // The crafted lines are taken, and allocate nothing.
        for (c, in_json) in crafted {
            let i = lines.iter().position(|l| *l == c).expect("crafted");
            if format == Format::Text || in_json {
                assert_eq!(counts[i], 0, "{format:?} answer to {c:?}");
                let taken = match format {
                    Format::Json => nothing_to_say_in_json(&reports[i]),
                    _ => nothing_to_say(&reports[i]),
                };
                assert!(taken, "{format:?}: {c:?} not taken");
            }
        }
        // Not vacuous: most of a crawl has nothing to say (97% of the
        // corpus in text, 91% in JSON when this test was written).
        let share = quiet * 100 / lines.len();
        println!(
            "{format:?}: {quiet} of {} lines with nothing to say, none allocating",
            lines.len()
        );
        assert!(share >= 90, "{format:?}: only {share}% of the lines taken");
    }

    // And a line with something to say pays for it: a finding's message,
    // the url crate's serialization.
    let counts = allocations(&["HTTP://Example.COM:80/%7e"], Format::Json);
    assert!(counts[0] > 0);
}
