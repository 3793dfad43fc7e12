#[path = "/tmp/probe/tui_program.rs"]
mod tui_program;
fn main() {
    let data = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let t0 = std::time::Instant::now();
    let (app, w, h) = tui_program::run(&data);
    eprintln!(
        "program {:?} final input {} {w}x{h}",
        t0.elapsed(),
        app.input.text().len()
    );
    let t0 = std::time::Instant::now();
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(&app, f.area())).unwrap();
    eprintln!(
        "draw {:?} pane {:?} focus {:?} overlay {}",
        t0.elapsed(),
        app.pane,
        app.focus,
        app.overlay.is_some()
    );
}
