//! Time one keystroke and one frame on a hostile input, in every pane:
//! `cargo run --release --example keystroke -- KIND SIZE [W H]` where KIND is
//! `spaces`, `html`, `ctl`, `base64`, `pairs` (a query of SIZE pairs
//! `kN=vN`) or `amps` (a query of SIZE empty pairs, `?&&&…`); prints
//! microseconds per keystroke (best of `ROUNDS`, 5 by default);
//! `PANE=resolve` (or `breakdown`, `compare`, `encode`, `query`) times one
//! pane. The Query pane is timed on ↓ with the focus on its table, the
//! others on a character typed on the input line. Each figure is the
//! best wall-clock time and the best CPU time of the thread (the figure
//! to read on a busy machine); for the Resolve pane on a long input, also
//! how long after the key the WHATWG join and the traced resolution
//! (computed on threads of their own) are there to draw; for the Query
//! pane, its first frame (which finds the pairs) and the table of pairs
//! alone. `W H` is the terminal's size (80 24 by default; the figures of
//! docs/BENCHMARKS.md are taken at 80×24 and 200×60).
use std::time::Instant;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::background::FROM_BYTES;
use uriscope::explorer::app::{update, Action, App, Pane};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map(String::as_str).unwrap_or("spaces");
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let w: u16 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(80);
    let h: u16 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(24);
    let input = match kind {
        "spaces" => format!("http://h/{}", " ".repeat(size)),
        "ctl" => {
            let mut s = String::from("http://h/");
            while s.len() < size {
                s.push_str("\u{1b}[31m\u{7}x");
            }
            s
        }
        "pairs" => {
            let mut s = String::from("http://h/?");
            for i in 0..size {
                if i > 0 {
                    s.push('&');
                }
                s.push_str(&format!("k{i}=v{i}"));
            }
            s
        }
        "amps" => format!("http://h/?{}", "&".repeat(size.saturating_sub(1))),
        "html" => {
            let mut s = String::from("data:text/html,");
            while s.len() < size {
                s.push_str("<p>hello world </p>");
            }
            s
        }
        _ => {
            let mut s = String::from("data:text/plain;base64,");
            while s.len() < size {
                s.push_str("QUJD");
            }
            s
        }
    };
    for pane in [
        None,
        Some(Pane::Resolve),
        Some(Pane::Compare),
        Some(Pane::Encode),
        Some(Pane::Query),
    ] {
        // PANE=breakdown|resolve|compare|encode times that pane alone.
        if let Ok(only) = std::env::var("PANE") {
            let name = pane.map_or("breakdown".to_string(), |p| format!("{p:?}").to_lowercase());
            if name != only {
                continue;
            }
        }
        let mut app = App::new(&input, None);
        let query = pane == Some(Pane::Query);
        if let Some(p) = pane {
            update(&mut app, Action::FocusPane(p));
            if !query {
                update(&mut app, Action::FocusInput);
            }
        }
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        let t0 = Instant::now();
        t.draw(|f| f.render_widget(&app, f.area())).unwrap();
        if query {
            // The first frame builds the table of pairs, once per state
            // of the input; then the table alone, timed again.
            let first = t0.elapsed().as_secs_f64() * 1e6;
            println!("{kind} {size} {pane:?}: first frame {first:.0} us");
            let t1 = Instant::now();
            let c1 = thread_cpu_us();
            let n = uriscope::explorer::app::query::Pairs::of(app.input.text()).len();
            println!(
                "table of {n} pairs: {:.0} us ({:.0} us of CPU)",
                t1.elapsed().as_secs_f64() * 1e6,
                thread_cpu_us() - c1
            );
        }
        let mut best = f64::MAX;
        let mut best_cpu = f64::MAX;
        let mut joined = f64::MAX;
        let rounds: usize = std::env::var("ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(5);
        for i in 0..rounds {
            let t0 = Instant::now();
            let c0 = thread_cpu_us();
            let _ = i;
            update(
                &mut app,
                if query {
                    Action::ListDown
                } else {
                    Action::Insert('x')
                },
            );
            t.draw(|f| {
                f.render_widget(&app, f.area());
                if let Some(p) = uriscope::explorer::ui::cursor(&app, f.area()) {
                    f.set_cursor_position(p);
                }
            })
            .unwrap();
            best = best.min(t0.elapsed().as_secs_f64() * 1e6);
            best_cpu = best_cpu.min(thread_cpu_us() - c0);
            // The browser's join and the traced resolution of a long
            // input come from threads of their own: how long after the key
            // the pane has them (and the next key waits for them, so no
            // round competes with the last one's).
            if pane == Some(Pane::Resolve) && input.len() >= FROM_BYTES {
                app.background_arrived();
                while app.background_pending() {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                    app.background_arrived();
                }
                joined = joined.min(t0.elapsed().as_secs_f64() * 1e6);
            }
        }
        println!("{kind} {size} {pane:?}: {best:.0} us ({best_cpu:.0} us of CPU)");
        if joined < f64::MAX {
            println!(
                "{kind} {size} {pane:?}: the WHATWG join and the resolution there {joined:.0} us after the key"
            );
        }
    }
}

/// The CPU time this thread has used, in microseconds: on a machine busy
/// with other work, what a key costs without the time spent waiting for
/// a core.
fn thread_cpu_us() -> f64 {
    use nix::sys::resource::{getrusage, UsageWho};
    let u = getrusage(UsageWho::RUSAGE_THREAD).expect("getrusage");
    let us = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 * 1e6 + t.tv_usec() as f64;
    us(u.user_time()) + us(u.system_time())
}
