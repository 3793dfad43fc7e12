//! Copying text out of the explorer, never blocking its loop.
//!
//! The routes, in order:
//!
//! 1. the system clipboard through arboard (one handle kept for the
//!    program's life, since on X11 the copied text is served by that
//!    handle), unless the session is remote (`SSH_TTY` / `SSH_CONNECTION`
//!    set: that clipboard is on the wrong machine);
//! 2. inside tmux whose `set-clipboard` is not `on`, tmux's paste buffer
//!    (`tmux.rs`: tmux ignores OSC 52 from programs then);
//! 3. OSC 52 through the terminal (crossterm).
//!
//! A copy runs on a thread of its own ([`SystemClipboard::copy`] answers
//! [`Destination::Pending`] at once; [`Clipboard::settled`] waits for it
//! at most [`FIRST_WAIT`], then only looks), so an X server that
//! accepts and never answers (a hung Xorg, a stuck forwarded socket) or a
//! slow tmux never freezes the explorer: the loop asks
//! [`Clipboard::settled`] between events. An X clipboard that has not
//! answered within [`X_WAIT`] is given up for the session, and the copy
//! goes on by the terminal routes, saying so. The OSC 52 sequence itself
//! is written by the loop's thread, between frames.
//!
//! At exit [`SystemClipboard::keep_after_exit`] hands an X11 copy to a
//! process that outlives the explorer (`serve.rs`).

mod serve;
mod tmux;

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use serve::serve;
pub use tmux::stop_helpers;
pub use tmux::Mode as TmuxMode;

/// Where copied text went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// The system clipboard (arboard).
    System,
    /// The terminal's clipboard, via an OSC 52 escape sequence.
    Osc52,
    /// OSC 52 through tmux, whose `set-clipboard` is `on`.
    Osc52ThroughTmux,
    /// tmux's paste buffer: tmux ignores OSC 52 from programs.
    TmuxBuffer {
        /// tmux's `set-clipboard` (`external` or `off`).
        mode: TmuxMode,
        /// Whether tmux sends its buffers on to the terminal's clipboard
        /// (`external`, and a terminal attached that takes them).
        passed_on: bool,
    },
    /// On its way: where it went comes from [`Clipboard::settled`].
    Pending,
}

impl Destination {
    /// How the status line names it, after "copied … to ".
    pub fn describe(self) -> String {
        match self {
            Destination::System => "the clipboard".into(),
            Destination::Osc52 => "the terminal clipboard (OSC 52)".into(),
            Destination::Osc52ThroughTmux => "the terminal clipboard (OSC 52) through tmux".into(),
            Destination::TmuxBuffer {
                passed_on: true, ..
            } => "tmux's paste buffer (prefix ]), which tmux sent on to the terminal's clipboard"
                .into(),
            Destination::TmuxBuffer {
                mode: TmuxMode::Off,
                ..
            } => "tmux's paste buffer only (prefix ]): tmux's set-clipboard is off; `set -s \
                  set-clipboard on` lets copies reach the system clipboard"
                .into(),
            Destination::TmuxBuffer { .. } => "tmux's paste buffer only (prefix ]): tmux drops \
                 OSC 52 from programs (set-clipboard external); for the system clipboard: tmux \
                 show-buffer | xclip -sel c"
                .into(),
            Destination::Pending => "the clipboard (on its way)".into(),
        }
    }
}

/// Something that can take copied text.
pub trait Clipboard {
    /// Copy `text`; say where it went (or that it is on its way), or why
    /// it could not be copied.
    fn copy(&mut self, text: &str) -> Result<Destination, String>;

    /// A copy that was on its way has ended: how the status line says
    /// where it went (after "copied … to "), or why it failed. `None`
    /// while none is on its way or it has not ended yet.
    fn settled(&mut self) -> Option<Result<String, String>> {
        None
    }
}

/// Whether this looks like a remote session, where the system clipboard
/// (if any) is on the wrong machine.
pub fn remote_session() -> bool {
    std::env::var_os("SSH_TTY").is_some() || std::env::var_os("SSH_CONNECTION").is_some()
}

/// OSC 52 payloads larger than this are refused by many terminals.
pub const OSC52_LIMIT: usize = 100_000;

/// How long the X clipboard may take to answer before it is given up
/// for the session.
pub const X_WAIT: Duration = Duration::from_millis(1500);

/// How long a copy waits for its answer before the loop goes on (most
/// answer within it, and the status line says where the text went at once).
pub const FIRST_WAIT: Duration = Duration::from_millis(50);

/// The X clipboard, shared with the copy threads.
#[derive(Default)]
struct X {
    arboard: Option<arboard::Clipboard>,
    failed: Option<String>,
    /// The last text that went to the system clipboard.
    last: Option<String>,
}

/// What a copy thread found; the loop finishes it.
enum Route {
    /// Done.
    Done(Destination),
    /// Write OSC 52 (on the loop's thread, between frames).
    Osc52(Destination),
    /// Failed, with the reason.
    Failed(String),
}

/// A copy on its way.
struct Pending {
    text: String,
    answer: Receiver<Route>,
    since: Instant,
    /// Whether it tries the X clipboard (and so may hang there).
    with_x: bool,
}

/// The real clipboard: arboard, tmux's buffer, or OSC 52 written to stdout.
#[derive(Default)]
pub struct SystemClipboard {
    x: Arc<Mutex<X>>,
    /// Why the X clipboard is not tried any more (it did not answer).
    x_given_up: Option<String>,
    pending: Option<Pending>,
}

impl std::fmt::Debug for SystemClipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SystemClipboard")
            .field("x_given_up", &self.x_given_up)
            .field("pending", &self.pending.as_ref().map(|p| p.text.len()))
            .finish()
    }
}

impl SystemClipboard {
    /// A clipboard; arboard is connected on the first copy.
    pub fn new() -> SystemClipboard {
        SystemClipboard::default()
    }

    /// Whether a copy is on its way (the loop looks at it again soon:
    /// [`Clipboard::settled`] gives the X clipboard up on a deadline).
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Start copying `text` on a thread of its own.
    fn start(&self, text: &str, with_x: bool) -> Pending {
        let (tx, answer) = mpsc::channel();
        let x = Arc::clone(&self.x);
        let owned = text.to_string();
        let spawned = std::thread::Builder::new()
            .name("clipboard copy".into())
            .spawn(move || {
                let _ = tx.send(route(&owned, with_x, &x));
                crate::explorer::term::wake();
            });
        if let Err(e) = spawned {
            // No thread: the terminal routes are tried on the loop (OSC 52
            // needs no process).
            let (tx, answer) = mpsc::channel();
            let _ = tx.send(Route::Failed(format!("could not start a thread: {e}")));
            return Pending {
                text: text.to_string(),
                answer,
                since: Instant::now(),
                with_x,
            };
        }
        Pending {
            text: text.to_string(),
            answer,
            since: Instant::now(),
            with_x,
        }
    }

    /// Finish a copy the thread answered: write OSC 52 when that is the
    /// route, and add why the X clipboard was not used, when it was given up.
    fn finish(&self, route: Route, text: &str) -> Result<String, String> {
        let note = self
            .x_given_up
            .as_ref()
            .map(|why| format!(" ({why})"))
            .unwrap_or_default();
        match route {
            Route::Done(d) => Ok(format!("{}{note}", d.describe())),
            Route::Osc52(d) => osc52(text).map(|()| format!("{}{note}", d.describe())),
            Route::Failed(e) => Err(format!("{e}{note}")),
        }
    }

    /// At exit: if the last copy went to an X11 clipboard, start a process
    /// that keeps serving it after this one ends, and wait (briefly) until
    /// it holds the selection. Nothing to do for the terminal routes (the
    /// terminal or tmux keep those), when nothing was copied, or when the
    /// X clipboard was given up. Returns why the hand-over failed, if it
    /// did; never waits much longer than the hand-over itself.
    pub fn keep_after_exit(&mut self) -> Result<(), String> {
        if self.x_given_up.is_some() || !cfg!(all(unix, not(target_os = "macos"))) {
            // The system keeps the text on macOS and Windows.
            return Ok(());
        }
        let x = Arc::clone(&self.x);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let Ok(mut x) = x.lock() else {
                let _ = tx.send(Ok(()));
                return;
            };
            let Some(text) = x.last.take() else {
                let _ = tx.send(Ok(()));
                return;
            };
            // Another program copied since: nothing of ours to keep.
            if let Some(cb) = x.arboard.as_mut() {
                if cb.get_text().ok().as_deref() != Some(text.as_str()) {
                    let _ = tx.send(Ok(()));
                    return;
                }
            }
            let result = serve::spawn_server(&text);
            // Our own handle goes only after the server holds the text.
            x.arboard = None;
            let _ = tx.send(result);
        });
        rx.recv_timeout(serve::HAND_OVER_WAIT + X_WAIT)
            .unwrap_or_else(|_| Err("the X clipboard did not answer in time".to_string()))
    }
}

/// Write `text` to the terminal as OSC 52.
fn osc52(text: &str) -> Result<(), String> {
    if text.len() > OSC52_LIMIT {
        return Err(format!(
            "{} bytes is too long for OSC 52 (limit {OSC52_LIMIT})",
            text.len()
        ));
    }
    let mut out = io::stdout();
    crossterm::execute!(
        out,
        crossterm::clipboard::CopyToClipboard::to_clipboard_from(text)
    )
    .and_then(|()| out.flush())
    .map_err(|e| format!("writing OSC 52 failed: {e}"))
}

/// Copy `text` by the first route that takes it (see the module's
/// documentation); on a copy thread, never the loop's.
fn route(text: &str, with_x: bool, x: &Mutex<X>) -> Route {
    if with_x && !remote_session() {
        if let Ok(mut x) = x.lock() {
            if x.arboard.is_none() && x.failed.is_none() {
                match arboard::Clipboard::new() {
                    Ok(c) => x.arboard = Some(c),
                    Err(e) => x.failed = Some(e.to_string()),
                }
            }
            if let Some(cb) = x.arboard.as_mut() {
                match cb.set_text(text.to_string()) {
                    Ok(()) => {
                        x.last = Some(text.to_string());
                        return Route::Done(Destination::System);
                    }
                    Err(e) => x.failed = Some(e.to_string()),
                }
            }
        }
    }
    if !tmux::inside() {
        return Route::Osc52(Destination::Osc52);
    }
    // tmux is given the X clipboard's time, all its commands together.
    let until = Instant::now() + X_WAIT;
    match tmux::set_clipboard(until) {
        Some(TmuxMode::On) | None => Route::Osc52(Destination::Osc52ThroughTmux),
        Some(mode) => match tmux::load_buffer(text, until) {
            Ok(()) => Route::Done(Destination::TmuxBuffer {
                mode,
                passed_on: mode == TmuxMode::External && tmux::client_takes_clipboard(until),
            }),
            Err(e) => Route::Failed(e),
        },
    }
}

impl Clipboard for SystemClipboard {
    fn copy(&mut self, text: &str) -> Result<Destination, String> {
        // A copy still on its way is superseded: its answer is dropped.
        self.pending = Some(self.start(text, self.x_given_up.is_none()));
        Ok(Destination::Pending)
    }

    /// Waits for a copy younger than [`FIRST_WAIT`] until it is that old
    /// (most copies answer within it, so the next frame says where the
    /// text went); otherwise only looks.
    fn settled(&mut self) -> Option<Result<String, String>> {
        let p = self.pending.as_ref()?;
        let answer = match FIRST_WAIT.checked_sub(p.since.elapsed()) {
            Some(left) => p.answer.recv_timeout(left).map_err(|e| match e {
                mpsc::RecvTimeoutError::Timeout => TryRecvError::Empty,
                mpsc::RecvTimeoutError::Disconnected => TryRecvError::Disconnected,
            }),
            None => p.answer.try_recv(),
        };
        match answer {
            Ok(route) => {
                let p = self.pending.take()?;
                Some(self.finish(route, &p.text))
            }
            // Without X the copy thread answers within X_WAIT (tmux has
            // that long); twice that is a thread that will not answer.
            Err(TryRecvError::Empty)
                if p.since.elapsed() < X_WAIT || (!p.with_x && p.since.elapsed() < 2 * X_WAIT) =>
            {
                None
            }
            Err(_) => {
                let p = self.pending.take()?;
                if !p.with_x {
                    return Some(self.finish(
                        Route::Failed("the copy did not finish".to_string()),
                        &p.text,
                    ));
                }
                // The X clipboard did not answer: given up for the
                // session, and this copy goes on by the terminal routes.
                // Shown on the status line: printable ASCII only.
                let display: String = std::env::var("DISPLAY")
                    .unwrap_or_default()
                    .chars()
                    .filter(char::is_ascii_graphic)
                    .collect();
                self.x_given_up = Some(format!(
                    "the X server at DISPLAY={display} gave no answer in {:.1} s",
                    X_WAIT.as_secs_f32()
                ));
                self.pending = Some(self.start(&p.text, false));
                None
            }
        }
    }
}

/// A clipboard for tests: records what was copied.
#[derive(Clone, Debug, Default)]
pub struct FakeClipboard {
    /// Every text copied, oldest first.
    pub copied: Vec<String>,
    /// When set, every copy fails with this reason.
    pub fail: Option<String>,
}

impl Clipboard for FakeClipboard {
    fn copy(&mut self, text: &str) -> Result<Destination, String> {
        if let Some(why) = &self.fail {
            return Err(why.clone());
        }
        self.copied.push(text.to_string());
        Ok(Destination::Osc52)
    }
}
