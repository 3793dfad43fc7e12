//! One keystroke in the explorer: `update` (which re-analyses for the
//! boundaries it needs), then analysis plus drawing one frame into a
//! TestBackend at 80x24 - for a 2 KB URI, a 64 KB `data:` URI and a
//! 10 MB paste in each pane (goal: 100 ms).
//! Goals: under 1 ms and under 16 ms (one frame at 60 Hz).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::{update, Action, App, Pane};

fn uri_2k() -> String {
    let mut s = String::from("https://user:pw@www.example.com:8443/");
    let mut i = 0;
    while s.len() < 1900 {
        s.push_str(&format!("seg{i}/%E4%BE%8B/"));
        i += 1;
    }
    s.push_str("?a=1&b=%20two&c");
    while s.len() < 2048 {
        s.push_str("&k=v");
    }
    s.push_str("#frag");
    s
}

fn uri_64k() -> String {
    let mut s = String::from("data:text/plain;base64,");
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut i = 0usize;
    while s.len() < 64 * 1024 {
        s.push(alphabet[i % 64] as char);
        i = i.wrapping_mul(31).wrapping_add(7);
    }
    s
}

/// The worst case beside the friendly one: a 64 KB `data:text/html,`
/// URI left unencoded (about 17,000 errors: `<`, `>`, spaces).
fn html_64k() -> String {
    let mut s = String::from("data:text/html,");
    while s.len() < 64 * 1024 {
        s.push_str("<p>hello world </p>");
    }
    s
}

/// 100 KB of spaces pasted after `http://h/`, then a character typed
/// (the run of spaces is one finding).
fn spaces_100k() -> String {
    format!("http://h/{}x", " ".repeat(100_000))
}

/// 64 KB of controls and the bytes of an escape sequence: an error on
/// nearly every byte, drawn as control pictures.
fn controls_64k() -> String {
    let mut s = String::from("http://h/");
    while s.len() < 64 * 1024 {
        s.push_str("\u{1b}[31m\u{7}x");
    }
    s
}

/// 64 KB of base64 that is all wrong (`!`): a data finding on every byte
/// (1,000 kept, the rest counted), the preview of nothing.
fn bad_base64_64k() -> String {
    let mut s = String::from("data:;base64,");
    while s.len() < 64 * 1024 {
        s.push('!');
    }
    s
}

/// A 64 KB URI Template: thousands of expressions of every operator,
/// each listed (the first 40) and expanded in the Breakdown.
fn template_64k() -> String {
    let mut s = String::from("http://example.com");
    let ops = ["", "+", "#", ".", "/", ";", "?", "&"];
    let mut i = 0;
    while s.len() < 64 * 1024 {
        s.push_str(&format!("/{{{}v{i},w:3,x*}}", ops[i % ops.len()]));
        i += 1;
    }
    s
}

/// A 2 KB relative reference full of dot segments, so the Resolve pane's
/// remove_dot_segments table has hundreds of rows.
fn reference_2k() -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < 2000 {
        s.push_str(&format!("s{i}/./x/../"));
        i += 1;
    }
    s.push_str("../g?q=1#f");
    s
}

fn keystroke_frame(c: &mut Criterion, name: &str, uri: &str) {
    keystroke_frame_on(c, name, uri, None);
}

/// One keystroke in the input line and one frame, with `pane` shown.
fn keystroke_frame_on(c: &mut Criterion, name: &str, uri: &str, pane: Option<Pane>) {
    let mut app = App::new(uri, None);
    if let Some(p) = pane {
        update(&mut app, Action::FocusPane(p));
        update(&mut app, Action::FocusInput);
    }
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    let mut flip = false;
    c.bench_function(name, |b| {
        b.iter(|| key_and_frame(&mut app, &mut terminal, &mut flip))
    });
}

/// One key and the frame after it: a character typed, then taken back
/// on the next iteration (`flip`), so the input length stays put.
fn key_and_frame(app: &mut App, terminal: &mut Terminal<TestBackend>, flip: &mut bool) {
    let action = if *flip {
        Action::Backspace
    } else {
        Action::Insert('x')
    };
    *flip = !*flip;
    update(app, action);
    terminal
        .draw(|f| f.render_widget(&*app, f.area()))
        .expect("draw");
    black_box(terminal.backend().buffer().area);
}

/// The parts, to see where a frame's time goes.
fn parts(c: &mut Criterion, name: &str, uri: &str) {
    let app = App::new(uri, None);
    c.bench_function(&format!("report_with(iri)/{name}"), |b| {
        b.iter(|| black_box(app.analysis().len()))
    });
    let theme = uriscope::explorer::ui::theme::Theme::default();
    c.bench_function(&format!("breakdown lines/{name}"), |b| {
        b.iter(|| {
            let a = app.analysis();
            black_box(uriscope::explorer::ui::breakdown::build(&a, &theme, 0, 79).len())
        })
    });
    // The WHATWG section the Breakdown adds to each frame (computed once).
    c.bench_function(&format!("whatwg section/{name}"), |b| {
        b.iter(|| {
            let a = app.analysis();
            let w = uriscope::explorer::ui::whatwg::parse(&a, app.resolve.base.text());
            black_box(uriscope::explorer::ui::whatwg::section(&w, None, &[], &theme, 79).len())
        })
    });
}

fn frame(c: &mut Criterion) {
    keystroke_frame(c, "keystroke+frame/2KB URI", &uri_2k());
    keystroke_frame(c, "keystroke+frame/64KB data: URI", &uri_64k());
    // The worst cases, each beside the valid 64 KB data: URI above.
    keystroke_frame(
        c,
        "keystroke+frame/64KB html data: URI, 17k errors",
        &html_64k(),
    );
    keystroke_frame(c, "keystroke+frame/100KB of spaces", &spaces_100k());
    keystroke_frame(c, "keystroke+frame/64KB of controls", &controls_64k());
    keystroke_frame(
        c,
        "keystroke+frame/64KB data: base64 all wrong",
        &bad_base64_64k(),
    );
    keystroke_frame(c, "keystroke+frame/64KB URI Template", &template_64k());
    for (name, pane) in [
        ("Resolve", Pane::Resolve),
        ("Compare", Pane::Compare),
        ("Encode", Pane::Encode),
    ] {
        keystroke_frame_on(
            c,
            &format!("keystroke+frame/{name} pane, 64KB data: URI"),
            &uri_64k(),
            Some(pane),
        );
        keystroke_frame_on(
            c,
            &format!("keystroke+frame/{name} pane, 64KB html, 17k errors"),
            &html_64k(),
            Some(pane),
        );
    }
    keystroke_frame_on(
        c,
        "keystroke+frame/Resolve pane, 2KB reference",
        &reference_2k(),
        Some(Pane::Resolve),
    );
    // The WHATWG join row the Resolve pane adds to each frame.
    let reference = reference_2k();
    c.bench_function("whatwg join/2KB reference", |b| {
        b.iter(|| {
            black_box(
                uriscope::whatwg::join(uriscope::explorer::app::DEFAULT_BASE, &reference).valid,
            )
        })
    });
    parts(c, "2KB", &uri_2k());
    parts(c, "64KB", &uri_64k());
    large(c);
}

/// A paste of 10 MB (a key at most 100 ms), a key and
/// a frame at 80x24 in each pane: the valid `data:` URI, the
/// `data:text/html,` one with an error every few bytes, controls and
/// escape sequences, and a run of spaces. Ten samples: each iteration is
/// tens of milliseconds. (The Resolve pane's WHATWG join of such an input
/// runs on a thread of its own, asked for at every key: the other core
/// is busy with it while the keys are timed.)
fn large(c: &mut Criterion) {
    let mut g = c.benchmark_group("keystroke+frame/10MB");
    g.sample_size(10);
    // A paste is trimmed of the blanks around it: the spaces end in `x`.
    for (name, unit, prefix, end) in [
        ("data: URI", "QUJD", "data:text/plain;base64,", ""),
        (
            "html data: URI, errors",
            "<p>hello world </p>",
            "data:text/html,",
            "",
        ),
        ("controls", "\u{1b}[31m\u{7}x", "http://h/", ""),
        ("spaces", " ", "http://h/", "x"),
    ] {
        let mut uri = String::from(prefix);
        while uri.len() < 10_000_000 {
            uri.push_str(unit);
        }
        uri.push_str(end);
        for pane in [Pane::Breakdown, Pane::Resolve, Pane::Compare, Pane::Encode] {
            let mut app = App::new("", None);
            update(&mut app, Action::Paste(uri.clone()));
            update(&mut app, Action::FocusPane(pane));
            update(&mut app, Action::FocusInput);
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
            let mut flip = false;
            g.bench_function(format!("{pane:?}/{name}"), |b| {
                b.iter(|| key_and_frame(&mut app, &mut terminal, &mut flip))
            });
        }
    }
    g.finish();
}

/// The Query pane on a query of 500,000 pairs (7.8 MB) and on 2 million
/// empty pairs (`?&&&…`): a move down or up the table (alternately, so
/// the selection stays put) and the frame after it, with the focus on the
/// table (goal: 16 ms, what the visible pairs cost).
fn query_pane(c: &mut Criterion) {
    let mut g = c.benchmark_group("query pane");
    g.sample_size(10);
    let mut pairs = String::from("http://h/?");
    for i in 0..500_000 {
        if i > 0 {
            pairs.push('&');
        }
        pairs.push_str(&format!("k{i}=v{i}"));
    }
    let amps = format!("http://h/?{}", "&".repeat(1_999_999));
    for (name, uri) in [("500k pairs", pairs), ("2M empty pairs", amps)] {
        let mut app = App::new("", None);
        update(&mut app, Action::Paste(uri));
        update(&mut app, Action::FocusPane(Pane::Query));
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
        let mut down = true;
        g.bench_function(format!("down+frame/{name}"), |b| {
            b.iter(|| {
                update(
                    &mut app,
                    if down {
                        Action::ListDown
                    } else {
                        Action::ListUp
                    },
                );
                down = !down;
                terminal
                    .draw(|f| f.render_widget(&app, f.area()))
                    .expect("draw");
                black_box(terminal.backend().buffer().area);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, frame);
criterion_group!(query, query_pane);
criterion_main!(benches, query);
