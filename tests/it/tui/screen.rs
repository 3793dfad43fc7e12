//! Helpers shared by the render snapshot tests: draw the explorer into a
//! TestBackend, press a key through the key table, snapshot three sizes.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::{keymap, update, App};

/// The app drawn into a `w`x`h` TestBackend, as text.
pub fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t.backend().to_string()
}

/// Press `code` with `mods`: the key table decides the action.
pub fn press(app: &mut App, code: KeyCode, mods: KeyModifiers) {
    let ev = KeyEvent::new(code, mods);
    if let Some(a) = keymap::action_for(app, &ev) {
        update(app, a);
    }
}

/// A test `$name` snapshotting `$app` at 80x24, 40x12 and 12x4 (the
/// snapshot files keep the calling module's name).
macro_rules! sizes {
    ($name:ident, $app:expr) => {
        #[test]
        fn $name() {
            let a = $app;
            insta::assert_snapshot!(
                concat!(stringify!($name), "_80x24"),
                $crate::tui::screen::screen(&a, 80, 24)
            );
            insta::assert_snapshot!(
                concat!(stringify!($name), "_40x12"),
                $crate::tui::screen::screen(&a, 40, 12)
            );
            insta::assert_snapshot!(
                concat!(stringify!($name), "_12x4"),
                $crate::tui::screen::screen(&a, 12, 4)
            );
        }
    };
}
pub(crate) use sizes;
