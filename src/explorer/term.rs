//! The terminal: raw mode, the alternate screen, bracketed paste and mouse
//! capture, entered together and restored together on every exit path
//! this process can see: normal return, error, a panic of the main thread
//! (the hook from [`install_panic_hook`]), and every signal whose default
//! action ends or stops the process and that can be caught ([`Signals`]).
//! Deaths no process can see coming in itself (a fault, an abort, SIGKILL)
//! are the guardian's (`guardian.rs`), which restores the terminal from
//! the parent process.
//!
//! A panic on another thread (a background task) does not touch the
//! terminal: it is kept for the main loop to show ([`take_worker_panic`]).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

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
/// The thread that entered the terminal: only its panic restores and ends.
static MAIN: OnceLock<std::thread::ThreadId> = OnceLock::new();
/// What must be undone before the process ends (see [`on_exit`]).
static ON_EXIT: OnceLock<fn()> = OnceLock::new();
/// Panics of other threads, for the main loop to show.
static WORKER_PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Restores the terminal when dropped.
#[derive(Debug)]
pub struct TermGuard(());

impl Drop for TermGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Enter raw mode, the alternate screen and bracketed paste, and capture
/// the mouse unless `mouse` is false. The guard restores all of it. The
/// calling thread is the main thread from now on (see [`install_panic_hook`]).
pub fn enter(mouse: bool) -> io::Result<TermGuard> {
    let _ = MAIN.set(std::thread::current().id());
    choose_tty();
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

/// Register what must be undone before the process ends, whatever ends
/// it (the explorer kills its engines' processes and removes their
/// folders): run by [`die_by`] and by the main thread's panic hook, before
/// the terminal is restored. The first registration holds.
pub fn on_exit(f: fn()) {
    let _ = ON_EXIT.set(f);
}

fn run_on_exit() {
    if let Some(f) = ON_EXIT.get() {
        f();
    }
}

/// Whether the current thread is the one that entered the terminal (or
/// none has yet).
fn on_main_thread() -> bool {
    MAIN.get()
        .is_none_or(|id| *id == std::thread::current().id())
}

/// Chain a panic hook. On the main thread it undoes what [`on_exit`]
/// registered and restores the terminal before the panic message is
/// printed, so the message is readable and the shell usable; the panic
/// then ends the program. On any other thread, while the terminal is in
/// explorer mode, the message is kept for [`take_worker_panic`] instead
/// of being written over the screen, and the explorer goes on.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if on_main_thread() || !ACTIVE.load(Ordering::SeqCst) {
                if on_main_thread() {
                    run_on_exit();
                    restore();
                }
                previous(info);
                return;
            }
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let thread = std::thread::current()
                .name()
                .map(|n| format!(" (thread {n})"))
                .unwrap_or_default();
            if let Ok(mut kept) = WORKER_PANICS.lock() {
                kept.push(format!("{what}{at}{thread}"));
            }
            wake();
        }));
    });
}

/// The oldest panic of another thread not yet taken: its message, where
/// it was raised and the thread's name.
pub fn take_worker_panic() -> Option<String> {
    let mut kept = WORKER_PANICS.lock().ok()?;
    (!kept.is_empty()).then(|| kept.remove(0))
}

/// End the process as signal `sig` would: undo what [`on_exit`]
/// registered, restore the terminal, then raise `sig` with its default
/// action, so whoever waits for the process sees it ended by that signal
/// (a shell reports 128 + the number). Exits with 128 + `sig` should the
/// signal not end it.
pub fn die_by(sig: i32) -> ! {
    run_on_exit();
    restore();
    let _ = signal_hook::low_level::emulate_default_handler(sig);
    std::process::exit(128 + sig)
}

/// The signals caught so that the terminal is restored before the
/// program ends or stops: every one whose default action ends the
/// process and that can be handled and returned from ([`Signals::ENDING`]),
/// SIGTSTP and SIGCONT. Faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE), SIGTRAP
/// and SIGSYS are not: returning from their handler would run the
/// faulting instruction again; the guardian restores the terminal after
/// them.
///
/// A thread records each signal; the main loop asks [`Signals::take`]
/// between events (it waits for events in short slices) and acts in its
/// own thread, so a signal does not write to the terminal in the middle of
/// a frame (the thread acts itself only when the loop does not answer):
///
/// - an ending signal: [`restore`], then [`die_by`] it.
/// - SIGTSTP: [`restore`], then stop as the default action would
///   ([`suspend`]); on SIGCONT the modes are entered again and the screen
///   redrawn.
/// - SIGCONT on its own (after a SIGSTOP, which cannot be caught): enter
///   the modes again and redraw, in case the shell reset the terminal.
#[derive(Debug)]
pub struct Signals {
    pending: Arc<AtomicUsize>,
    resized: Arc<AtomicBool>,
}

/// How long the main loop has to take a signal that ends the program
/// before the signal thread ends it.
pub const EXIT_GRACE: std::time::Duration = std::time::Duration::from_millis(200);

/// What a caught signal asks of the main loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalAction {
    /// Restore the terminal and end by this signal ([`die_by`]).
    Exit(i32),
    /// Restore the terminal and stop (SIGTSTP).
    Suspend,
    /// Enter the modes again and redraw (SIGCONT).
    Redraw,
    /// Draw again at the terminal's new size (SIGWINCH).
    Resize,
}

impl Signals {
    /// The signals whose default action ends the process and that are
    /// caught: those `kill` sends by name (TERM, HUP, INT, QUIT, USR1,
    /// USR2, ALRM, ABRT) and those the system sends on a limit (XCPU,
    /// XFSZ, VTALRM, PROF) or an event (IO).
    pub const ENDING: &'static [i32] = {
        use signal_hook::consts::signal::*;
        &[
            SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGABRT, SIGXCPU, SIGXFSZ,
            SIGVTALRM, SIGPROF, SIGIO,
        ]
    };

    /// Catch [`Signals::ENDING`], SIGTSTP and SIGCONT (and SIGWINCH, for
    /// the wake-up alone).
    ///
    /// A thread waits for them, records each for the main loop and wakes
    /// it ([`wake`]: the loop sleeps in [`wait`] until something
    /// happens). For
    /// those that end the program it also keeps a deadline: if the main
    /// loop has not taken the signal within [`EXIT_GRACE`] (it is busy, or
    /// the terminal is gone and its reader spins), the thread ends the
    /// program itself ([`die_by`]), so a `kill` or a closed terminal
    /// always ends it.
    pub fn catch() -> io::Result<Signals> {
        use signal_hook::consts::signal::{SIGCONT, SIGTSTP, SIGWINCH};
        let pending = Arc::new(AtomicUsize::new(0));
        let resized = Arc::new(AtomicBool::new(false));
        let mut caught: Vec<i32> = Self::ENDING.to_vec();
        caught.extend([SIGTSTP, SIGCONT, SIGWINCH]);
        let mut signals = signal_hook::iterator::Signals::new(caught)?;
        let shared = Arc::clone(&pending);
        let shared_resized = Arc::clone(&resized);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for sig in signals.forever() {
                    if sig == SIGWINCH {
                        shared_resized.store(true, Ordering::SeqCst);
                        wake();
                        continue;
                    }
                    // The signal number itself is the recorded value (never 0).
                    shared.store(sig as usize, Ordering::SeqCst);
                    wake();
                    if sig == SIGTSTP || sig == SIGCONT {
                        continue;
                    }
                    std::thread::sleep(EXIT_GRACE);
                    if shared.load(Ordering::SeqCst) == sig as usize {
                        die_by(sig);
                    }
                }
            })?;
        Ok(Signals { pending, resized })
    }

    /// The last signal caught since the previous call, as an action (a
    /// change of size after the others).
    pub fn take(&self) -> Option<SignalAction> {
        use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
        match self.pending.swap(0, Ordering::SeqCst) {
            0 if self.resized.swap(false, Ordering::SeqCst) => Some(SignalAction::Resize),
            0 => None,
            s if s == SIGTSTP as usize => Some(SignalAction::Suspend),
            s if s == SIGCONT as usize => Some(SignalAction::Redraw),
            s => Some(SignalAction::Exit(s as i32)),
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
        // Still in explorer mode (a SIGCONT without a suspend of ours,
        // after a SIGSTOP): the shell, or the guardian, may have reset the
        // terminal meanwhile, and crossterm would take raw mode for on. It
        // is left (back to the mode from before the explorer) and entered
        // again.
        let _ = terminal::disable_raw_mode();
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

/// Whether the terminal the explorer reads is gone: hung up, or its other
/// end closed (a window closed under a program started with `setsid`,
/// which gets no SIGHUP). Reads on it would fail or find nothing at once,
/// forever, so the main loop ends when this says so.
#[cfg(unix)]
pub fn terminal_gone() -> bool {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    use std::os::fd::AsFd;
    let stdin = io::stdin();
    let fd = match TTY.get() {
        Some(Tty::Stdin) => stdin.as_fd(),
        Some(Tty::Other(Some(f))) => f.as_fd(),
        Some(Tty::Other(None)) | None => return false,
    };
    let mut fds = [PollFd::new(fd, PollFlags::empty())];
    match poll(&mut fds, PollTimeout::ZERO) {
        Ok(_) => fds[0].revents().is_some_and(|r| {
            r.intersects(PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL)
        }),
        Err(_) => false,
    }
}

/// The terminal crossterm reads: stdin when it is one, else `/dev/tty`
/// (a list on stdin), opened to be watched. Chosen when the terminal is
/// entered: once it is hung up, stdin no longer says it is a terminal.
#[cfg(unix)]
enum Tty {
    Stdin,
    Other(Option<std::fs::File>),
}

#[cfg(unix)]
static TTY: OnceLock<Tty> = OnceLock::new();

#[cfg(unix)]
fn choose_tty() {
    use std::io::IsTerminal;
    TTY.get_or_init(|| {
        if io::stdin().is_terminal() {
            Tty::Stdin
        } else {
            Tty::Other(std::fs::File::open("/dev/tty").ok())
        }
    });
}

#[cfg(not(unix))]
fn choose_tty() {}

#[cfg(not(unix))]
pub fn terminal_gone() -> bool {
    false
}

/// The loop's alarm clock: a pipe whose reading end [`wait`] watches
/// beside the terminal, and whose writing end (non-blocking) [`wake`]
/// writes a byte to. `None` when no pipe could be made.
#[cfg(unix)]
static WAKE: OnceLock<Option<(std::os::fd::OwnedFd, std::os::fd::OwnedFd)>> = OnceLock::new();

#[cfg(unix)]
fn wake_pipe() -> Option<&'static (std::os::fd::OwnedFd, std::os::fd::OwnedFd)> {
    use nix::fcntl::{fcntl, FcntlArg, FdFlag, OFlag};
    WAKE.get_or_init(|| {
        let (r, w) = nix::unistd::pipe().ok()?;
        for end in [&r, &w] {
            fcntl(end, FcntlArg::F_SETFL(OFlag::O_NONBLOCK)).ok()?;
            fcntl(end, FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC)).ok()?;
        }
        Some((r, w))
    })
    .as_ref()
}

/// Wake the loop sleeping in [`wait`]: a signal came, a background task
/// has an answer. From any thread; never blocks (a full pipe is awake
/// already).
pub fn wake() {
    #[cfg(unix)]
    if let Some((_, w)) = wake_pipe() {
        let _ = nix::unistd::write(w, &[1]);
    }
}

/// Whether this process can sleep in [`wait`] until something happens
/// (a terminal to watch and a wake-up pipe); without, [`wait`] waits in
/// slices.
#[cfg(unix)]
fn can_sleep() -> bool {
    matches!(TTY.get(), Some(Tty::Stdin | Tty::Other(Some(_)))) && wake_pipe().is_some()
}

/// Wait until the terminal has input (then `true`: an event is ready for
/// `crossterm::event::read`), or [`wake`] is called, a signal caught by
/// [`Signals`] comes, or `timeout` passes (`None`: no timeout at all),
/// then `false`. Nothing runs while it waits: the idle loop takes no CPU
/// and no wake-ups.
///
/// Call it only when crossterm holds no input it has read and not yet
/// handed out: after `crossterm::event::poll` with a timeout above zero
/// said there is none, as the loops' bursts end.
pub fn wait(timeout: Option<std::time::Duration>) -> io::Result<bool> {
    #[cfg(unix)]
    if can_sleep() {
        use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
        use std::os::fd::AsFd;
        let stdin = io::stdin();
        let tty = match TTY.get() {
            Some(Tty::Other(Some(f))) => f.as_fd(),
            _ => stdin.as_fd(),
        };
        let Some((r, _)) = wake_pipe() else {
            return Ok(false);
        };
        let mut fds = [
            PollFd::new(tty, PollFlags::POLLIN),
            PollFd::new(r.as_fd(), PollFlags::POLLIN),
        ];
        let t = match timeout {
            None => PollTimeout::NONE,
            Some(d) => PollTimeout::try_from(d).unwrap_or(PollTimeout::MAX),
        };
        match poll(&mut fds, t) {
            Ok(0) => return Ok(false),
            Ok(_) => {}
            Err(nix::errno::Errno::EINTR) => return Ok(false),
            Err(e) => return Err(io::Error::from(e)),
        }
        if fds[1].any().unwrap_or(false) {
            let mut buf = [0u8; 64];
            while nix::unistd::read(r, &mut buf).is_ok_and(|n| n > 0) {}
        }
        // Input, a hang-up or an error of the terminal: crossterm reads it
        // (a hang-up reads as nothing; the loop then asks whether the
        // terminal is gone).
        if fds[0].any().unwrap_or(false) {
            return poll_events(std::time::Duration::from_millis(1));
        }
        return Ok(false);
    }
    poll_events(timeout.unwrap_or(std::time::Duration::from_millis(25)))
}

/// Whether an event is waiting (crossterm's poll); a wait cut short by
/// a signal is "no".
pub fn poll_events(timeout: std::time::Duration) -> io::Result<bool> {
    match crossterm::event::poll(timeout) {
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(false),
        r => r,
    }
}

/// How long the explorer waits for the terminal to tell its background
/// colour. Terminals that cannot answer are recognised at once (the
/// device-attributes reply comes first); this bounds a slow link.
pub const BACKGROUND_QUERY_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(300);

/// Ask the terminal for its background and foreground colours (OSC 11 and
/// OSC 10, through terminal-colorsaurus, which enters and leaves raw mode
/// itself and sends nothing to `TERM=dumb`): `Some(true)` for a light
/// background, `None` when the terminal does not answer in
/// [`BACKGROUND_QUERY_TIMEOUT`]. A reply that comes later reaches the
/// explorer's input and is dropped there (`event_batch::Replies`).
pub fn background_is_light() -> Option<bool> {
    let mut options = terminal_colorsaurus::QueryOptions::default();
    options.timeout = BACKGROUND_QUERY_TIMEOUT;
    terminal_colorsaurus::color_palette(options)
        .ok()
        .map(|p| p.theme_mode() == terminal_colorsaurus::ThemeMode::Light)
}
