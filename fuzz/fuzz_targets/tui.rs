//! The explorer's pure update fed arbitrary key and paste sequences,
//! followed by a draw into a TestBackend of arbitrary size: no panic.
//!
//! The input bytes are a little program (tests/it/tui/tui_program.rs, shared
//! with the regression tests): each op byte picks a key (with modifiers),
//! a paste of the following bytes, or the size of the final draw. One
//! draw, at the end: drawing reads the state and never changes it, so a
//! draw in the middle of a sequence is the final draw of a shorter input,
//! which the fuzzer tries anyway. `examples/tui_replay.rs` replays the
//! same program and draw in a plain release build, to find slow inputs
//! without the instrumentation's overhead (README, Fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

#[path = "../../tests/it/tui/tui_program.rs"]
mod tui_program;

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 {
        return;
    }
    let (app, w, h) = tui_program::run(data);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
});
