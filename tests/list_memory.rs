//! What the list view holds at its peak while it loads a file of URLs,
//! searches it and shows it grouped by normal form, then by query keys,
//! per byte of input: at most 3 (printed with `--nocapture`). The figure
//! is the peak on a file less the peak on its first half, over the bytes
//! between: what each further byte costs, the threads' and the first
//! batches' fixed costs left out. Counted, never timed: the global
//! allocator here adds up the bytes live, so this binary holds one test
//! and nothing runs beside it.

use uriscope::collection::{Loader, Plan, Source};
use uriscope::explorer::list::{update, ListAction, ListView};

#[path = "support/counting.rs"]
mod counting;

#[global_allocator]
static ALLOC: counting::Counting = counting::Counting;

/// The first `n` lines of the benchmark corpus three times, as a log
/// varies them: as they are, on other hosts with another query value,
/// and with a fragment and the scheme in capitals (new groups by normal
/// form, and by query keys for the first two).
fn input(n: usize) -> String {
    let corpus: Vec<&str> = include_str!("../benches/uris.txt").lines().collect();
    let mut out = String::new();
    for pass in 0..3 {
        for line in &corpus[..n.min(corpus.len())] {
            match (pass, line.split_once("://")) {
                (1, Some((scheme, rest))) => {
                    out.push_str(&format!("{scheme}://s1.{rest}"));
                    if !rest.contains('#') {
                        out.push_str(if rest.contains('?') { "&p=1" } else { "?p=1" });
                    }
                }
                (2, Some((scheme, rest))) if !rest.contains('#') => {
                    out.push_str(&format!("{}://{rest}#top", scheme.to_uppercase()));
                }
                (0, _) => out.push_str(line),
                _ => out.push_str(&format!("s{pass}/{line}")),
            }
            out.push('\n');
        }
    }
    out
}

/// The peak bytes live, beyond what was live before, while the list view
/// loads `text` from a file (as `--list FILE` reads it), searches it and
/// builds the rows grouped by normal form, then by query keys.
fn peak_for(text: &str) -> usize {
    let path = std::env::temp_dir().join(format!("uriscope-list-memory-{}", std::process::id()));
    std::fs::write(&path, text).expect("the input is written");
    let window = counting::Window::open();
    let plan = Plan::default();
    let mut v = ListView::new(Loader::spawn(vec![Source::File(path.clone())], plan), plan);
    v.finish();
    assert_eq!(
        v.collection.len(),
        text.lines().count(),
        "every line loaded"
    );
    for _ in 0..2 {
        update(&mut v, ListAction::ToggleGrouping);
        v.refresh(true);
        assert!(v.row_count() >= v.collection.len(), "the grouped rows");
    }
    let peak = window.peak();
    drop(v);
    let _ = std::fs::remove_file(&path);
    peak
}

#[test]
fn the_list_view_holds_at_most_3_bytes_per_input_byte() {
    let (half, whole) = (input(37_000), input(74_000));
    let (p_half, p_whole) = (peak_for(&half), peak_for(&whole));
    let per_byte = (p_whole as f64 - p_half as f64) / (whole.len() - half.len()) as f64;
    let report = format!(
        "{} lines, {} bytes: peak {p_whole} bytes ({:.2} a byte); its first half peaks at {p_half}; \
         each further byte {per_byte:.2}",
        whole.lines().count(),
        whole.len(),
        p_whole as f64 / whole.len() as f64
    );
    eprintln!("{report}");
    assert!(per_byte <= 3.0, "{report}");
}
