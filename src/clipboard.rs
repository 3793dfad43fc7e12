//! Copying text out of the explorer: the system clipboard through arboard
//! (one handle kept for the program's life, since on X11 the copied text is
//! served by that handle), or OSC 52 through the terminal (crossterm) when
//! arboard is unavailable or the session is remote (`SSH_TTY` /
//! `SSH_CONNECTION` set), so copying works over SSH and inside tmux
//! (with `set -s set-clipboard on`).

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
}

impl std::fmt::Debug for SystemClipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SystemClipboard")
            .field("arboard", &self.arboard.is_some())
            .field("arboard_failed", &self.arboard_failed)
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
                Ok(()) => return Ok(Destination::System),
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
