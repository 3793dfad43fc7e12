//! tmux's side of a copy. Inside tmux (`$TMUX` set), OSC 52 written by a
//! program reaches a clipboard only when tmux's `set-clipboard` is `on`;
//! with the default, `external`, tmux ignores it (and with `off` too), so
//! an OSC 52 copy went nowhere while the status line said it was done.
//! Then the text goes to tmux's own paste buffer (`tmux load-buffer -w`),
//! and tmux itself sends it on to the terminal's clipboard when its
//! `set-clipboard` and the terminal outside allow (`external`, and a
//! client whose features include `clipboard`).
//!
//! Every tmux command runs with a deadline ([`TMUX_WAIT`]), off the main
//! loop (the clipboard's thread).

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a tmux command may take.
pub(super) const TMUX_WAIT: Duration = Duration::from_secs(2);

/// tmux's `set-clipboard` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Programs' OSC 52 makes a buffer and reaches the terminal.
    On,
    /// Programs' OSC 52 is ignored; tmux's own copies reach the terminal.
    External,
    /// No clipboard at all through tmux.
    Off,
}

/// Whether this program runs inside tmux.
pub(super) fn inside() -> bool {
    std::env::var_os("TMUX").is_some_and(|v| !v.is_empty())
}

/// tmux's `set-clipboard`, or `None` when tmux does not say.
pub(super) fn set_clipboard() -> Option<Mode> {
    let out = run(&["show-options", "-s", "-v", "set-clipboard"], None).ok()?;
    match out.trim() {
        "on" => Some(Mode::On),
        "external" => Some(Mode::External),
        "off" => Some(Mode::Off),
        _ => None,
    }
}

/// Whether a terminal attached to tmux takes clipboard sequences (its
/// client features name `clipboard`): then tmux sends its buffer on.
pub(super) fn client_takes_clipboard() -> bool {
    run(&["list-clients", "-F", "#{client_termfeatures}"], None)
        .is_ok_and(|out| out.split([',', '\n']).any(|f| f.trim() == "clipboard"))
}

/// Put `text` in a new tmux paste buffer, asking tmux to send it on to
/// the terminal's clipboard too (`-w`, tmux 3.2 and later; without it on
/// an older tmux).
pub(super) fn load_buffer(text: &str) -> Result<(), String> {
    run(&["load-buffer", "-w", "-"], Some(text.as_bytes()))
        .or_else(|_| run(&["load-buffer", "-"], Some(text.as_bytes())))
        .map(|_| ())
}

/// Run `tmux ARGS` with `input` on stdin; its stdout, or why it failed.
/// Killed at [`TMUX_WAIT`].
fn run(args: &[&str], input: Option<&[u8]>) -> Result<String, String> {
    let mut child = Command::new("tmux")
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("tmux: {e}"))?;
    if let (Some(mut stdin), Some(input)) = (child.stdin.take(), input) {
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let mut err = String::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.read_to_string(&mut out);
        }
        if let Some(s) = stderr.as_mut() {
            let _ = s.read_to_string(&mut err);
        }
        (out, err)
    });
    let deadline = Instant::now() + TMUX_WAIT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err("tmux did not answer in time".to_string());
            }
        }
    };
    let (out, err) = reader.join().unwrap_or_default();
    if status.success() {
        Ok(out)
    } else {
        Err(format!("tmux {}: {}", args.join(" "), err.trim()))
    }
}
