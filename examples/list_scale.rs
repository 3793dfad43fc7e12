//! The list view on a million lines (the view's part),
//! driven as its loop drives it: each frame a tick (`run::TICK` for the
//! loading, the same for the search) and a draw at 120x40 into a
//! TestBackend.
//!
//! `cargo run --release --example collection_scale -- generate FILE`
//! writes the corpus (the benchmark corpus 14 times, varied); then
//! `cargo run --release --example list_scale -- FILE` prints:
//!
//! - the time until every line is loaded, the frames it took and the
//!   slowest frame meanwhile (the view is in use while it loads), the
//!   collection's heap count and the peak resident memory;
//! - for a filter typed key by key and deleted again: what each key costs
//!   in its own frame (the update, one tick, the draw), and how many
//!   frames its search took to finish;
//! - the grouping toggle: its key's frame, the frames until the grouped
//!   rows of every line are built (a slice a frame), and a frame of the
//!   grouped list.

use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::collection::{Plan, Source};
use uriscope::explorer::list::run::TICK;
use uriscope::explorer::list::{update, ListAction, ListView};

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: list_scale FILE");
        return;
    };
    let plan = Plan::default();
    let loader = uriscope::collection::Loader::spawn(vec![Source::File(file.clone().into())], plan);
    let mut term = Terminal::new(TestBackend::new(120, 40)).expect("a test backend");
    let mut frame = |v: &ListView| {
        let t = Instant::now();
        term.draw(|f| f.render_widget(v, f.area())).expect("draw");
        t.elapsed()
    };
    let start = Instant::now();
    let mut v = ListView::new(loader, plan);
    let (mut frames, mut slowest) = (0, Duration::ZERO);
    while v.loading() || !v.searched() {
        let t = Instant::now();
        v.tick(TICK);
        let _ = frame(&v);
        slowest = slowest.max(t.elapsed());
        frames += 1;
    }
    println!(
        "loaded {} lines in {:.2} s, {frames} frames, slowest frame {:.1} ms",
        v.collection.len(),
        start.elapsed().as_secs_f64(),
        ms(slowest)
    );
    let bytes = std::fs::metadata(&file).map_or(0, |m| m.len());
    println!(
        "collection heap {:.0} MB ({:.2} bytes a byte of the {:.0} MB read), peak resident {}",
        v.collection.heap_bytes() as f64 / 1e6,
        v.collection.heap_bytes() as f64 / bytes.max(1) as f64,
        bytes as f64 / 1e6,
        peak_rss()
    );
    let typed = "github.com/nodejs";
    let mut keys: Vec<ListAction> = typed.chars().map(ListAction::Insert).collect();
    keys.extend(std::iter::repeat_n(ListAction::Backspace, typed.len()));
    keys.push(ListAction::Insert('x'));
    println!("key            frame (update + tick + draw)   frames to finish   rows");
    for k in keys {
        let label = format!("{k:?}");
        let (first, n) = key_frames(&mut v, k, &mut frame);
        println!(
            "{label:<14} {:>8.2} ms {:>26} {:>12}",
            ms(first),
            n,
            v.row_count()
        );
    }
    update(&mut v, ListAction::KillToStart);
    while !v.searched() {
        v.tick(TICK);
    }
    for label in ["group by normal form", "group by keys", "ungroup"] {
        let (first, n) = key_frames(&mut v, ListAction::ToggleGrouping, &mut frame);
        let draw = frame(&v);
        println!(
            "{label:<22} key frame {:>8.2} ms, frames {n}, a frame after {:.2} ms, rows {} ({:.0} MB), peak resident {}",
            ms(first),
            ms(draw),
            v.row_count(),
            v.entries.heap_bytes() as f64 / 1e6,
            peak_rss()
        );
    }
}

/// Apply `k`, then frames until the search is done: the first frame's
/// time (the key's) and the number of frames.
fn key_frames(
    v: &mut ListView,
    k: ListAction,
    frame: &mut impl FnMut(&ListView) -> Duration,
) -> (Duration, usize) {
    let t = Instant::now();
    update(v, k);
    v.tick(TICK);
    frame(v);
    let first = t.elapsed();
    let mut n = 1;
    // The search, then the grouped rows (built once it is done).
    while !v.searched() || v.grouping() {
        v.tick(TICK);
        frame(v);
        n += 1;
    }
    (first, n)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The process's peak resident memory (Linux), as `/proc` says it.
fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}
