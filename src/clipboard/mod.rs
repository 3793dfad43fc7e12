//! Copying text out of the explorer: the system clipboard through arboard
//! (one handle kept for the program's life, since on X11 the copied text is
//! served by that handle), or OSC 52 through the terminal (crossterm) when
//! arboard is unavailable or the session is remote (`SSH_TTY` /
//! `SSH_CONNECTION` set), so copying works over SSH and inside tmux
//! (with `set -s set-clipboard on`).
//!
//! On X11 the clipboard's text lives in the process that copied it. So
//! that a copy survives the explorer, [`SystemClipboard::keep_after_exit`]
//! hands the last text to a small process of our own
//! (`uriscope serve-clipboard`, hidden), which holds the selection until
//! another program copies something (arboard's `wait`), then exits.

use std::io::{self, Write};

/// Where copied text went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// The system clipboard (arboard).
    System,
    /// The terminal's clipboard, via an OSC 52 escape sequence.
    Osc52,
}

impl Destination {
    /// How the status line names it.
    pub fn describe(self) -> &'static str {
        match self {
            Destination::System => "the clipboard",
            Destination::Osc52 => "the terminal clipboard (OSC 52)",
        }
    }
}

/// Something that can take copied text.
pub trait Clipboard {
    /// Copy `text`; say where it went, or why it could not be copied.
    fn copy(&mut self, text: &str) -> Result<Destination, String>;
}

/// The real clipboard: arboard, or OSC 52 written to stdout.
#[derive(Default)]
pub struct SystemClipboard {
    arboard: Option<arboard::Clipboard>,
    arboard_failed: Option<String>,
    /// The last text that went to the system clipboard.
    last: Option<String>,
}

impl std::fmt::Debug for SystemClipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SystemClipboard")
            .field("arboard", &self.arboard.is_some())
            .field("arboard_failed", &self.arboard_failed)
            .field("last", &self.last.as_ref().map(String::len))
            .finish()
    }
}

/// Whether this looks like a remote session, where the system clipboard
/// (if any) is on the wrong machine.
pub fn remote_session() -> bool {
    std::env::var_os("SSH_TTY").is_some() || std::env::var_os("SSH_CONNECTION").is_some()
}

/// OSC 52 payloads larger than this are refused by many terminals.
pub const OSC52_LIMIT: usize = 100_000;

impl SystemClipboard {
    /// A clipboard; arboard is connected on the first copy.
    pub fn new() -> SystemClipboard {
        SystemClipboard::default()
    }

    fn osc52(text: &str) -> Result<Destination, String> {
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
        .map_err(|e| format!("writing OSC 52 failed: {e}"))?;
        Ok(Destination::Osc52)
    }
}

/// What a serving process prints once it holds the selection.
const SERVING: &str = "serving";

/// How long the explorer waits, at exit, for the serving process to take
/// the selection.
const HAND_OVER_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

impl SystemClipboard {
    /// At exit: if the last copy went to an X11 clipboard, start a process
    /// that keeps serving it after this one ends, and wait (briefly) until
    /// it holds the selection. Nothing to do for OSC 52 copies (the
    /// terminal keeps those) or when nothing was copied. Returns why the
    /// hand-over failed, if it did.
    pub fn keep_after_exit(&mut self) -> Result<(), String> {
        let Some(text) = self.last.take() else {
            return Ok(());
        };
        if !cfg!(all(unix, not(target_os = "macos"))) {
            return Ok(()); // the system keeps the text on macOS and Windows
        }
        // Another program copied since: nothing of ours to keep.
        if let Some(cb) = self.arboard.as_mut() {
            if cb.get_text().ok().as_deref() != Some(text.as_str()) {
                return Ok(());
            }
        }
        let result = spawn_server(&text);
        // Our own handle goes only after the server holds the text.
        self.arboard = None;
        result
    }
}

/// Start `uriscope serve-clipboard` in its own process group, give it
/// `text` on stdin and wait for its word that it serves the selection.
fn spawn_server(text: &str) -> Result<(), String> {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().map_err(|e| format!("cannot find uriscope: {e}"))?;
    let mut child = Command::new(exe)
        .arg("serve-clipboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // Its own group: a Ctrl-C or hang-up meant for the explorer's
        // group does not end it.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start the clipboard server: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    stdin
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot hand the text over: {e}"))?;
    drop(stdin);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    match rx.recv_timeout(HAND_OVER_WAIT) {
        Ok(line) if line.trim_end() == SERVING => Ok(()),
        Ok(line) if line.is_empty() => Err("the clipboard server ended early".to_string()),
        Ok(line) => Err(format!("the clipboard server: {}", line.trim_end())),
        Err(_) => Err("the clipboard server did not answer in time".to_string()),
    }
}

/// The hidden `serve-clipboard` subcommand: read the text on stdin, take
/// the X11 clipboard with it, say so on stdout, and serve it until another
/// program copies something. A hang-up (the terminal closing) is ignored.
pub fn serve() -> io::Result<i32> {
    use std::io::Read;
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    let hangups = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGHUP, hangups)?;
    let mut out = io::stdout();
    let mut cb = match arboard::Clipboard::new() {
        Ok(cb) => cb,
        Err(e) => {
            writeln!(out, "{e}")?;
            return Ok(1);
        }
    };
    if let Err(e) = cb.set_text(text.clone()) {
        writeln!(out, "{e}")?;
        return Ok(1);
    }
    writeln!(out, "{SERVING}")?;
    out.flush()?;
    serve_until_replaced(&mut cb, text);
    Ok(0)
}

#[cfg(all(unix, not(target_os = "macos")))]
fn serve_until_replaced(cb: &mut arboard::Clipboard, text: String) {
    use arboard::SetExtLinux;
    let _ = cb.set().wait().text(text);
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn serve_until_replaced(_cb: &mut arboard::Clipboard, _text: String) {}

impl Clipboard for SystemClipboard {
    fn copy(&mut self, text: &str) -> Result<Destination, String> {
        if remote_session() {
            return Self::osc52(text);
        }
        if self.arboard.is_none() && self.arboard_failed.is_none() {
            match arboard::Clipboard::new() {
                Ok(c) => self.arboard = Some(c),
                Err(e) => self.arboard_failed = Some(e.to_string()),
            }
        }
        if let Some(cb) = self.arboard.as_mut() {
            match cb.set_text(text.to_string()) {
                Ok(()) => {
                    self.last = Some(text.to_string());
                    return Ok(Destination::System);
                }
                Err(e) => self.arboard_failed = Some(e.to_string()),
            }
        }
        Self::osc52(text)
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
