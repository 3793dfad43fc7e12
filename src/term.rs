//! The terminal: raw mode, the alternate screen, bracketed paste and mouse
//! capture, entered together and restored together on every exit path
//! (normal return, error, panic through the hook from [`install_panic_hook`],
//! and the signals `kill` sends: [`Signals`]).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};

/// Whether the terminal is in explorer mode (so restoring twice is harmless).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether mouse capture was turned on.
static MOUSE: AtomicBool = AtomicBool::new(false);
/// Whether mouse capture is wanted (kept across a suspend).
static WANT_MOUSE: AtomicBool = AtomicBool::new(false);

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
    WANT_MOUSE.store(mouse, Ordering::SeqCst);
    enter_modes()?;
    Ok(TermGuard(()))
}

/// Turn every mode on (again, after a suspend).
fn enter_modes() -> io::Result<()> {
    terminal::enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let mut out = io::stdout();
    execute!(out, EnterAlternateScreen, EnableBracketedPaste)?;
    if WANT_MOUSE.load(Ordering::SeqCst) {
        MOUSE.store(true, Ordering::SeqCst);
        execute!(out, EnableMouseCapture)?;
    }
    Ok(())
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

/// The signals `kill` sends to a terminal program, caught so that the
/// terminal is restored before the program ends or stops.
///
/// A thread records each signal; the main loop asks [`Signals::take`]
/// between events (it waits for events in short slices) and acts in its
/// own thread, so a signal does not write to the terminal in the middle of
/// a frame (the thread acts itself only when the loop does not answer):
///
/// - SIGTERM, SIGHUP, SIGINT, SIGQUIT: [`restore`], then exit with status
///   128 + the signal number, as a shell reports a death by that signal.
/// - SIGTSTP: [`restore`], then stop as the default action would
///   ([`suspend`]); on SIGCONT the modes are entered again and the screen
///   redrawn.
/// - SIGCONT on its own (after a SIGSTOP, which cannot be caught): enter
///   the modes again and redraw, in case the shell reset the terminal.
#[derive(Debug)]
pub struct Signals(Arc<AtomicUsize>);

/// How long the main loop has to take a signal that ends the program
/// before the signal thread ends it.
pub const EXIT_GRACE: std::time::Duration = std::time::Duration::from_millis(200);

/// What a caught signal asks of the main loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalAction {
    /// Restore the terminal and exit with this status (128 + signal).
    Exit(i32),
    /// Restore the terminal and stop (SIGTSTP).
    Suspend,
    /// Enter the modes again and redraw (SIGCONT).
    Redraw,
}

impl Signals {
    /// Catch SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP and SIGCONT.
    ///
    /// A thread waits for them and records each for the main loop. For the
    /// four that end the program it also keeps a deadline: if the main
    /// loop has not taken the signal within [`EXIT_GRACE`] (it is busy, or
    /// the terminal is gone and its reader spins), the thread restores the
    /// terminal and exits itself, so a `kill` or a closed terminal always
    /// ends the program.
    pub fn catch() -> io::Result<Signals> {
        use signal_hook::consts::signal::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
        let pending = Arc::new(AtomicUsize::new(0));
        let mut signals = signal_hook::iterator::Signals::new([
            SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT,
        ])?;
        let shared = Arc::clone(&pending);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for sig in signals.forever() {
                    // The signal number itself is the recorded value (never 0).
                    shared.store(sig as usize, Ordering::SeqCst);
                    if sig == SIGTSTP || sig == SIGCONT {
                        continue;
                    }
                    std::thread::sleep(EXIT_GRACE);
                    if shared.load(Ordering::SeqCst) == sig as usize {
                        restore();
                        std::process::exit(128 + sig);
                    }
                }
            })?;
        Ok(Signals(pending))
    }

    /// The last signal caught since the previous call, as an action.
    pub fn take(&self) -> Option<SignalAction> {
        use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
        match self.0.swap(0, Ordering::SeqCst) {
            0 => None,
            s if s == SIGTSTP as usize => Some(SignalAction::Suspend),
            s if s == SIGCONT as usize => Some(SignalAction::Redraw),
            s => Some(SignalAction::Exit(128 + s as i32)),
        }
    }
}

/// Restore the terminal and stop the process as SIGTSTP's default action
/// does; returns once the process is continued (SIGCONT), with every mode
/// entered again. The caller redraws.
pub fn suspend() -> io::Result<()> {
    restore();
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::signal::SIGTSTP)?;
    resume()
}

/// Enter the modes again after the process was stopped and continued.
pub fn resume() -> io::Result<()> {
    if ACTIVE.load(Ordering::SeqCst) {
        // Still in explorer mode (a SIGCONT without a suspend of ours):
        // turn raw mode on again, in case the shell reset the terminal.
        terminal::enable_raw_mode()?;
        let mut out = io::stdout();
        execute!(out, EnterAlternateScreen, EnableBracketedPaste)?;
        if MOUSE.load(Ordering::SeqCst) {
            execute!(out, EnableMouseCapture)?;
        }
        return Ok(());
    }
    enter_modes()
}

/// How long the explorer waits for the terminal to tell its background
/// colour. Terminals that cannot answer are recognised at once (the
/// device-attributes reply comes first); this bounds a slow link.
pub const BACKGROUND_QUERY_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(300);

/// Ask the terminal for its background and foreground colours (OSC 11 and
/// OSC 10, through terminal-colorsaurus, which enters and leaves raw mode
/// itself and sends nothing to `TERM=dumb`): `Some(true)` for a light
/// background, `None` when the terminal does not answer in
/// [`BACKGROUND_QUERY_TIMEOUT`].
pub fn background_is_light() -> Option<bool> {
    let mut options = terminal_colorsaurus::QueryOptions::default();
    options.timeout = BACKGROUND_QUERY_TIMEOUT;
    terminal_colorsaurus::color_palette(options)
        .ok()
        .map(|p| p.theme_mode() == terminal_colorsaurus::ThemeMode::Light)
}
