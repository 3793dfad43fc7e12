//! Where a keystroke's time goes on a large input, part by part:
//! `cargo run --release --example frame_parts -- KIND SIZE` (KIND as in
//! `keystroke`: `spaces`, `html`, `ctl`, `base64`); prints milliseconds per
//! part (best of 3).
use std::time::Instant;

use uriscope::explorer::app::{update, Action, App};
use uriscope::explorer::ui::theme::Theme;

fn time(name: &str, mut f: impl FnMut()) {
    // PART=name: time only that part (for a profiler).
    if std::env::var("PART").is_ok_and(|p| !name.starts_with(&p)) {
        return;
    }
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("{name:<28} {best:>8.1} ms");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map(String::as_str).unwrap_or("base64");
    let size: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let mut input = String::from(match kind {
        "spaces" => "http://h/",
        "ctl" => "http://h/",
        "html" => "data:text/html,",
        _ => "data:text/plain;base64,",
    });
    let unit = match kind {
        "spaces" => " ",
        "ctl" => "\u{1b}[31m\u{7}x",
        "html" => "<p>hello world </p>",
        _ => "QUJD",
    };
    while input.len() < size {
        input.push_str(unit);
    }
    let mut app = App::new(&input, None);
    let theme = Theme::default();
    time("update Insert+Backspace", || {
        update(&mut app, Action::Insert('x'));
        update(&mut app, Action::Backspace);
    });
    time("analysis", || {
        std::hint::black_box(app.analysis().len());
    });
    time("columns", || {
        std::hint::black_box(uriscope::text::Columns::new(app.input.text()).width());
    });
    time("breakdown body", || {
        let a = app.analysis();
        std::hint::black_box(uriscope::explorer::ui::breakdown::build(&a, &theme, 0, 79).len());
    });
    time("template section", || {
        std::hint::black_box(
            uriscope::explorer::ui::template::section(
                app.input.text(),
                &app.template_vars,
                &theme,
                79,
            )
            .len(),
        );
    });
    time("data_url section", || {
        std::hint::black_box(
            uriscope::explorer::ui::data_url::section(app.input.text(), &theme, 79).len(),
        );
    });
    time("parsers section", || {
        std::hint::black_box(uriscope::explorer::ui::parsers::section(&app, &theme, 79).len());
    });
    time("whatwg parse+section", || {
        let a = app.analysis();
        let w = uriscope::explorer::ui::whatwg::parse(&a, app.resolve.base.text());
        std::hint::black_box(
            uriscope::explorer::ui::whatwg::section(&w, None, &[], &theme, 79).len(),
        );
    });
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    time("whole frame", || {
        t.draw(|f| f.render_widget(&app, f.area())).unwrap();
    });
}
