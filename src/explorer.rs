//! The explorer's main loop: read an event, turn it into an [`Action`]
//! through the key table, [`update`](fn@crate::app::update) the app, carry out the [`Effect`]
//! (quit, copy), draw. Nothing blocks but the wait for the next event.

use std::io;

use crossterm::event::{self, Event, MouseButton, MouseEventKind};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use crate::app::{keymap, update, Action, App, Effect};
use crate::clipboard::{Clipboard, SystemClipboard};
use crate::term;

/// How the explorer starts.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The first input.
    pub uri: String,
    /// The base URI (default RFC 3986 §5.4's).
    pub base: Option<String>,
    /// Leave the mouse to the terminal.
    pub no_mouse: bool,
}

/// The event's action, if it has one. `area` is the screen, for clicks.
pub fn action_for_event(app: &App, ev: &Event, area: Rect) -> Option<Action> {
    match ev {
        Event::Key(k) => keymap::action_for(app, k),
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => crate::ui::click(app, area, m.column, m.row),
            MouseEventKind::ScrollUp => Some(Action::ScrollUp),
            MouseEventKind::ScrollDown => Some(Action::ScrollDown),
            _ => None,
        },
        _ => None,
    }
}

/// Apply an effect; `true` means quit.
pub fn run_effect(app: &mut App, effect: Effect, clipboard: &mut dyn Clipboard) -> bool {
    match effect {
        Effect::None => false,
        Effect::Quit => true,
        Effect::Copy(entry) => {
            let outcome = clipboard.copy(&entry.text).map(|d| d.describe());
            app.copied(&entry.label, outcome);
            false
        }
    }
}

/// Run the explorer on the terminal until the user quits.
pub fn run(options: Options) -> io::Result<()> {
    let mut app = App::new(&options.uri, options.base.as_deref());
    app.no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let panic_after_draw = std::env::var_os("URISCOPE_TEST_PANIC").is_some_and(|v| v == "1");
    let mut clipboard = SystemClipboard::new();

    let _guard = term::enter(!options.no_mouse)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    loop {
        let mut area = Rect::default();
        terminal.draw(|f| {
            area = f.area();
            f.render_widget(&app, area);
            if let Some(p) = crate::ui::cursor(&app, area) {
                f.set_cursor_position(p);
            }
        })?;
        if panic_after_draw {
            panic!("URISCOPE_TEST_PANIC=1: forced panic after the first draw");
        }
        // Handle everything already queued before drawing again, so a burst
        // of keys (or an unbracketed paste) costs one frame.
        let mut ev = event::read()?;
        loop {
            if let Some(action) = action_for_event(&app, &ev, area) {
                let effect = update(&mut app, action);
                if run_effect(&mut app, effect, &mut clipboard) {
                    return Ok(());
                }
            }
            if !event::poll(std::time::Duration::ZERO)? {
                break;
            }
            ev = event::read()?;
        }
    }
}
