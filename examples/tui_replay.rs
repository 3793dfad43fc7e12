//! Replay `tui` fuzz inputs in a plain release build (no coverage
//! instrumentation) and list the slowest: the same program
//! (tests/it/tui/tui_program.rs) and the same final draw as
//! fuzz/fuzz_targets/tui.rs, each input timed best of `rounds`.
//!
//! ```text
//! cargo run --release --example tui_replay -- fuzz/corpus/tui [rounds] [top]
//! cargo run --release --example tui_replay -- --crafted [rounds] [top]
//! cargo run --release --example tui_replay -- --write-crafted DIR
//! cargo run --release --example tui_replay -- --large [rounds] [top]
//! cargo run --release --example tui_replay -- --show FILE...
//! cargo run --release --example tui_replay -- --steps FILE...
//! ```
//!
//! `--steps` times each step of the programs and lists those over 200 µs
//! with the action they took (the action is looked up after the step, so
//! a key that changed the state may show as what it does next).
//!
//! `--show` prints the state each program leaves (pane, focus, overlay,
//! the sizes of the three text fields), to see what makes it slow.
//!
//! `--large` runs key programs on an explorer that already holds a 64 KB
//! or 1 MB input (errors on every few bytes, spaces, controls, or valid
//! base64) and prints the time per key.
//!
//! `--crafted` replays worst cases built here instead of a corpus: seven
//! 1.5 KB inputs (errors on every byte, controls, lone combining marks,
//! dot segments, non-ASCII, ...), pasted, then each of 17 keys or key
//! sequences repeated up to the fuzzer's 2 KB, with each of the 5 fields
//! or panes focused (595 programs); and twelve 64 KB inputs grown the
//! fuzzer's way (a unit pasted, then repeated by op 6: lone combining
//! marks, a password of marks or spaces, controls, ZWJ, ...; and two valid
//! ones to compare with), each with the same keys eight times in each
//! pane (1,190 programs). `--write-crafted` saves them as files, to
//! seed the fuzz corpus or to replay them in the instrumented build.
//!
//! `fuzz/slowest.sh tui` gives the same list in the instrumented fuzz
//! build, where every edge and comparison is also recorded.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::Terminal;

#[path = "../tests/it/tui/tui_program.rs"]
mod tui_program;

/// One input through the harness: the program, then one draw. A name
/// starting `large:` is a program run on an explorer that already holds a
/// 64 KB or 1 MB input ([`large_crafted`]).
fn run_once(data: &[u8]) {
    if data.len() > 4096 {
        return;
    }
    let (app, w, h) = tui_program::run(data);
    draw(app, w, h);
}

fn draw(app: uriscope::explorer::app::App, w: u16, h: u16) {
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

/// The large worst cases: 64 KB and 1 MB inputs full of errors (an
/// unencoded HTML `data:` URI, spaces, controls) or valid (base64), each
/// with a key repeated 8 times in each pane; timed from a fresh explorer
/// holding the input to the final draw, so the first analysis counts.
fn large_crafted() -> Vec<(String, String, Vec<u8>)> {
    let units: [(&str, &str, &str); 4] = [
        ("html", "data:text/html,", "<p>hello world </p>"),
        ("spaces", "http://h/", " "),
        ("ctl", "http://h/", "\u{1b}[31m\u{7}x"),
        ("base64", "data:text/plain;base64,", "QUJD"),
    ];
    let keys: [(&str, &[u8]); 5] = [
        ("type", &[0x00, b'a']),
        ("backspace", &[0x02, 0]),
        ("chooser+esc", &[0x20, b'o', 0x02, 14]),
        ("boundary", &[0x40, b'b']),
        ("stepnext", &[0x20, b'n']),
    ];
    let mut out = Vec::new();
    for size in [64 * 1024, 1 << 20] {
        for (name, head, unit) in units {
            let mut text = String::from(head);
            while text.len() < size {
                text.push_str(unit);
            }
            for pane in 0..5 {
                for (key, bytes) in keys {
                    let mut p = Vec::new();
                    for _ in 0..pane {
                        p.extend_from_slice(&[0x02, 10]);
                    }
                    for _ in 0..8 {
                        p.extend_from_slice(bytes);
                    }
                    let label = format!("large:{name}_{}K_p{pane}_{key}", size / 1024);
                    out.push((label, text.clone(), p));
                }
            }
        }
    }
    out
}

fn large_best_of(text: &str, program: &[u8], rounds: usize) -> Duration {
    (0..rounds.max(1))
        .map(|_| {
            let app = uriscope::explorer::app::App::new(text, None);
            let t0 = Instant::now();
            let (app, w, h) = tui_program::run_on(app, program);
            draw(app, w, h);
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

/// The worst cases described in the module comment, named
/// `input_pane_key`.
fn crafted() -> Vec<(PathBuf, Vec<u8>)> {
    let inputs: [(&str, &str); 7] = [
        ("ctl", "http://h/\u{1b}[31m\u{7}\u{0}\u{7f}%zz"),
        ("mark", "\u{301}\u{301}x\u{618} "),
        ("bad", "http://h/[]{}%zz "),
        ("badpath", "[]{}%zz "),
        ("uni", "http://例.jp/e\u{301}😀例%E2%82/"),
        ("dots", "a/./../b/"),
        ("ok", "p%E2%82%AC/"),
    ];
    // Op bytes of tests/it/tui/tui_program.rs: 0x00 c = the key c, 0x20 c =
    // Ctrl-c, 0x40 c = Alt-c, 0x02 n = the nth named key (9 PgDn, 10 Tab).
    // 14 Esc. The last two alternate an edit with a key that needs
    // results of the new text.
    let keys: [(&str, &[u8]); 17] = [
        ("homeright", &[0x02, 6, 0x02, 3]),
        ("backspace", &[0x02, 0]),
        ("chooser", &[0x20, b'o']),
        ("ctrly", &[0x20, b'y']),
        ("boundary", &[0x40, b'b']),
        ("killw", &[0x20, b'w']),
        ("stepnext", &[0x20, b'n']),
        ("toggle", &[0x20, b'r']),
        ("type", &[0x00, b'a']),
        ("undo", &[0x20, b'z']),
        ("examples", &[0x20, b'x']),
        ("help", &[0x20, b'7']),
        ("home", &[0x20, b'a']),
        ("pgdn", &[0x02, 9]),
        ("none", &[0x06, 0x06]),
        ("edit+chooser", &[0x00, b'a', 0x20, b'o', 0x02, 14]),
        ("edit+ctrly+tab", &[0x00, b'a', 0x20, b'y', 0x02, 10]),
    ];
    let mut out = repeated_crafted(&keys);
    for (name, unit) in inputs {
        // 1.5 KB of the unit, cut on a character boundary.
        let mut text = unit.repeat(1500 / unit.len() + 1);
        let mut cut = 1500;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        for pane in 0..5 {
            for (key, bytes) in keys {
                let mut p = tui_program::pasted(text.as_bytes());
                for _ in 0..pane {
                    p.extend_from_slice(&[0x02, 10]);
                }
                while p.len() + bytes.len() <= 2048 {
                    p.extend_from_slice(bytes);
                }
                out.push((PathBuf::from(format!("{name}_p{pane}_{key}")), p));
            }
        }
    }
    out
}

/// The 64 KB worst cases built the fuzzer's way: a head pasted, a short
/// unit pasted and repeated by op 6 (4^7 times, up to the field's 64 KB),
/// a tail pasted, then a key eight times, in each pane; named
/// `big_unit_pane_key`. Each program is a few dozen bytes, so they also
/// seed the corpus (`--write-crafted`).
fn repeated_crafted(keys: &[(&str, &[u8])]) -> Vec<(PathBuf, Vec<u8>)> {
    let units: [(&str, &str, &str, &str); 14] = [
        // Valid, for comparison: a base64 `data:` URI, an IRI path.
        ("base64", "data:text/plain;base64,", "QUJD", ""),
        ("iri", "http://例.jp/", "ü/", ""),
        ("mark", "", "\u{301}", ""),
        ("emark", "http://h/", "e\u{301}\u{302}", ""),
        ("pwmark", "http://u:", "\u{301}", "@h/"),
        ("pwspace", "http://u:", " ", "@h/"),
        ("pwwide", "http://u:", "例", "@h/"),
        ("space", "http://h/", " ", ""),
        ("pct", "http://h/", "%zz", ""),
        ("ctl", "http://h/", "\u{1b}[31m\u{7}", ""),
        ("zwj", "http://h/", "\u{200d}\u{202e}", ""),
        ("emoji", "http://h/?", "😀\u{fe0f}", ""),
        ("brackets", "", "[]{}", ""),
        ("dots", "http://h/", "a/./../", ""),
    ];
    let mut out = Vec::new();
    for (name, head, unit, tail) in units {
        let mut base = Vec::new();
        for text in [head, unit] {
            if !text.is_empty() {
                base.extend(tui_program::pasted(text.as_bytes()));
            }
        }
        // Op 6 with high bits 7: the last paste 4^7 times, within 64 KB;
        // four times, so that one-byte units fill the 64 KB too.
        base.extend_from_slice(&[0xE6; 4]);
        if !tail.is_empty() {
            base.extend(tui_program::pasted(tail.as_bytes()));
        }
        for pane in 0..5 {
            for (key, bytes) in keys {
                let mut p = base.clone();
                for _ in 0..pane {
                    p.extend_from_slice(&[0x02, 10]);
                }
                for _ in 0..8 {
                    p.extend_from_slice(bytes);
                }
                out.push((PathBuf::from(format!("big_{name}_p{pane}_{key}")), p));
            }
        }
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next().unwrap_or_else(|| "fuzz/corpus/tui".into());
    if first == "--write-crafted" {
        let dir = PathBuf::from(args.next().expect("a directory to write to"));
        std::fs::create_dir_all(&dir).expect("create the directory");
        for (name, p) in crafted() {
            std::fs::write(dir.join(name), p).expect("write a program");
        }
        return;
    }
    if first == "--steps" {
        // Each step's time (over 200 µs), with the action it took.
        for path in args {
            let data = std::fs::read(&path).expect("read the program");
            let mut last = Instant::now();
            let mut total = Duration::ZERO;
            let mut slow = Vec::new();
            let (app, w, h) = tui_program::run_traced(
                uriscope::explorer::app::App::new("", None),
                &data,
                &mut |app, step| {
                    let t = last.elapsed();
                    total += t;
                    if t > Duration::from_micros(200) {
                        let what = match step {
                            tui_program::Step::Key(k) => {
                                uriscope::explorer::app::keymap::action_for(app, &k)
                                    .map_or(format!("{k:?}"), |a| {
                                        format!("{:.60}", format!("{a:?}"))
                                    })
                            }
                            other => format!("{other:?}"),
                        };
                        slow.push((t, what, app.input.text().len()));
                    }
                    last = Instant::now();
                },
            );
            let t1 = Instant::now();
            draw(app, w, h);
            println!(
                "{path}: steps {:.3} ms, draw {:.3} ms; the steps over 200 µs:",
                total.as_secs_f64() * 1e3,
                t1.elapsed().as_secs_f64() * 1e3
            );
            for (t, what, len) in slow {
                println!(
                    "  {:>8.3} ms  {what} (input then {len} bytes)",
                    t.as_secs_f64() * 1e3
                );
            }
        }
        return;
    }
    if first == "--show" {
        // The state a program leaves, to see why it is slow.
        for path in args {
            let data = std::fs::read(&path).expect("read the program");
            let t0 = Instant::now();
            let (app, w, h) = tui_program::run(&data);
            let steps = t0.elapsed();
            let t1 = Instant::now();
            draw(app.clone(), w, h);
            let drawn = t1.elapsed();
            let t2 = Instant::now();
            let copied = uriscope::explorer::app::breakdown::main_result(&app)
                .text
                .len();
            println!(
                "{path}: steps {:.3} ms, draw {:.3} ms, the breakdown text {copied} bytes in {:.3} ms",
                steps.as_secs_f64() * 1e3,
                drawn.as_secs_f64() * 1e3,
                t2.elapsed().as_secs_f64() * 1e3
            );
            // `DUMP_INPUT=FILE` keeps the whole input, to try it in the CLI.
            if let Ok(file) = std::env::var("DUMP_INPUT") {
                std::fs::write(file, app.input.text()).expect("write the input");
            }
            let head: String = app.input.text().chars().take(60).collect();
            println!(
                "{path}: draw {w}x{h}, pane {:?}, focus {:?}, overlay {}, input {} bytes {head:?}, base {} bytes, encode field {} bytes",
                app.pane,
                app.focus,
                app.overlay.as_ref().map_or("none".to_string(), |o| format!("{:.40}", format!("{o:?}"))),
                app.input.text().len(),
                app.resolve.base.text().len(),
                app.encode.text.text().len(),
            );
        }
        return;
    }
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let top: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    if first == "--large" {
        // Each program of 8 keys, best of `rounds`, per key.
        let mut rows: Vec<(Duration, String)> = large_crafted()
            .into_iter()
            .map(|(label, text, p)| (large_best_of(&text, &p, rounds) / 8, label))
            .collect();
        rows.sort();
        println!("{} large programs; per key, the slowest first:", rows.len());
        for (t, label) in rows.iter().rev().take(top) {
            println!("  {:>8.3} ms  {label}", t.as_secs_f64() * 1e3);
        }
        return;
    }
    let inputs: Vec<(PathBuf, Vec<u8>)> = if first == "--crafted" {
        crafted()
    } else {
        files(&PathBuf::from(first))
            .into_iter()
            .filter_map(|p| std::fs::read(&p).ok().map(|d| (p, d)))
            .collect()
    };
    // One pass at one round each to rank.
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
    // The first pass is one noisy run each: re-time three times as many
    // candidates, best of `rounds`, and list the slowest of those.
    let mut best: Vec<(Duration, usize)> = timed
        .iter()
        .rev()
        .take(top * 3)
        .map(|&(_, i)| (best_of(&inputs[i].1, rounds), i))
        .collect();
    best.sort();
    for &(t, i) in best.iter().rev().take(top) {
        let (p, d) = &inputs[i];
        println!(
            "  {:>8.3} ms  {} ({} bytes)",
            t.as_secs_f64() * 1e3,
            p.display(),
            d.len()
        );
    }
}
