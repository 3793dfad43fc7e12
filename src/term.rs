//! The terminal: raw mode, the alternate screen, bracketed paste and mouse
//! capture, entered together and restored together on every exit path
//! (normal return, error, and panic through the hook from [`install_panic_hook`]).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};

/// Whether the terminal is in explorer mode (so restoring twice is harmless).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether mouse capture was turned on.
static MOUSE: AtomicBool = AtomicBool::new(false);

/// Restores the terminal when dropped.
#[derive(Debug)]
pub struct TermGuard(());

impl Drop for TermGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Enter raw mode, the alternate screen and bracketed paste, and capture
/// the mouse unless `mouse` is false. The guard restores all of it.
pub fn enter(mouse: bool) -> io::Result<TermGuard> {
    install_panic_hook();
    terminal::enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let guard = TermGuard(());
    let mut out = io::stdout();
    execute!(out, EnterAlternateScreen, EnableBracketedPaste)?;
    if mouse {
        MOUSE.store(true, Ordering::SeqCst);
        execute!(out, EnableMouseCapture)?;
    }
    Ok(guard)
}

/// Leave every mode [`enter`] turned on. Safe to call more than once and
/// from a panic hook; errors are ignored (there is nowhere to report them).
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = io::stdout();
    if MOUSE.swap(false, Ordering::SeqCst) {
        let _ = execute!(out, DisableMouseCapture);
    }
    let _ = execute!(
        out,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
    let _ = out.flush();
}

/// Chain a panic hook that restores the terminal before the panic message
/// is printed, so the message is readable and the shell usable.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
