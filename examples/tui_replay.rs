//! Replay `tui` fuzz inputs in a plain release build (no coverage
//! instrumentation) and list the slowest: the same program
//! (tests/it/tui_program.rs) and the same final draw as
//! fuzz/fuzz_targets/tui.rs, each input timed best of `rounds`.
//!
//! ```text
//! cargo run --release --example tui_replay -- fuzz/corpus/tui [rounds] [top]
//! ```
//!
//! `fuzz/slowest.sh tui` gives the same list in the instrumented fuzz
//! build, where every edge and comparison is also recorded.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::Terminal;

#[path = "../tests/it/tui_program.rs"]
mod tui_program;

/// One input through the harness: the program, then one draw.
fn run_once(data: &[u8]) {
    if data.len() > 4096 {
        return;
    }
    let (app, w, h) = tui_program::run(data);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    std::hint::black_box(t.backend());
}

fn best_of(data: &[u8], rounds: usize) -> Duration {
    (0..rounds.max(1))
        .map(|_| {
            let t0 = Instant::now();
            run_once(data);
            t0.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn files(path: &Path) -> Vec<PathBuf> {
    if path.is_dir() {
        let mut v: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("read the corpus directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        v.sort();
        v
    } else {
        vec![path.to_path_buf()]
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().unwrap_or_else(|| "fuzz/corpus/tui".into()));
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let top: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let inputs: Vec<(PathBuf, Vec<u8>)> = files(&path)
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|d| (p, d)))
        .collect();
    // One pass at one round each to rank, then the slowest `top` again.
    let t0 = Instant::now();
    let mut timed: Vec<(Duration, usize)> = inputs
        .iter()
        .enumerate()
        .map(|(i, (_, d))| (best_of(d, 1), i))
        .collect();
    let total = t0.elapsed();
    timed.sort();
    println!(
        "{} inputs in {:.2} s ({:.1} us each on average); the slowest, best of {rounds}:",
        inputs.len(),
        total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / inputs.len().max(1) as f64
    );
    for &(_, i) in timed.iter().rev().take(top) {
        let (p, d) = &inputs[i];
        let best = best_of(d, rounds);
        println!(
            "  {:>8.3} ms  {} ({} bytes)",
            best.as_secs_f64() * 1e3,
            p.display(),
            d.len()
        );
    }
}
