//! tmux's side of a copy. Inside tmux (`$TMUX` set), OSC 52 written by a
//! program reaches a clipboard only when tmux's `set-clipboard` is `on`;
//! with the default, `external`, tmux ignores it (and with `off` too), so
//! an OSC 52 copy went nowhere while the status line said it was done.
//! Then the text goes to tmux's own paste buffer (`tmux load-buffer -w`),
//! and tmux itself sends it on to the terminal's clipboard when its
//! `set-clipboard` and the terminal outside allow (`external`, and a
//! client whose features include `clipboard`).
//!
//! The tmux commands of one copy share one deadline, the X clipboard's
//! ([`super::X_WAIT`]), off the main loop (the clipboard's thread). Each
//! runs as the leader of a process group of its own, registered while it
//! runs: at the deadline, and when the explorer ends ([`stop_helpers`]),
//! the whole group is killed, so a `tmux` that hangs (or a wrapper script
//! that started one) is never left behind.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The process groups of the tmux commands running now.
static HELPERS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kill every tmux command still running, with its group (the explorer
/// is ending). Safe from any thread, more than once.
pub fn stop_helpers() {
    let groups = std::mem::take(&mut *HELPERS.lock().unwrap_or_else(|e| e.into_inner()));
    for g in groups {
        kill_group(g);
    }
}

#[cfg(unix)]
fn kill_group(leader: i32) {
    use nix::sys::signal::{killpg, Signal};
    let _ = killpg(nix::unistd::Pid::from_raw(leader), Signal::SIGKILL);
}

#[cfg(not(unix))]
fn kill_group(_leader: i32) {}

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

/// tmux's `set-clipboard`, or `None` when tmux does not say by `until`.
pub(super) fn set_clipboard(until: Instant) -> Option<Mode> {
    let out = run(&["show-options", "-s", "-v", "set-clipboard"], None, until).ok()?;
    match out.trim() {
        "on" => Some(Mode::On),
        "external" => Some(Mode::External),
        "off" => Some(Mode::Off),
        _ => None,
    }
}

/// Whether a terminal attached to tmux takes clipboard sequences (its
/// client features name `clipboard`): then tmux sends its buffer on.
pub(super) fn client_takes_clipboard(until: Instant) -> bool {
    run(
        &["list-clients", "-F", "#{client_termfeatures}"],
        None,
        until,
    )
    .is_ok_and(|out| out.split([',', '\n']).any(|f| f.trim() == "clipboard"))
}

/// Put `text` in a new tmux paste buffer, asking tmux to send it on to
/// the terminal's clipboard too (`-w`, tmux 3.2 and later; without it on
/// an older tmux).
pub(super) fn load_buffer(text: &str, until: Instant) -> Result<(), String> {
    run(&["load-buffer", "-w", "-"], Some(text.as_bytes()), until)
        .or_else(|e| {
            if Instant::now() >= until {
                return Err(e);
            }
            run(&["load-buffer", "-"], Some(text.as_bytes()), until)
        })
        .map(|_| ())
}

/// Run `tmux ARGS` with `input` on stdin; its stdout, or why it failed.
/// Killed with its process group at `until`.
fn run(args: &[&str], input: Option<&[u8]>, until: Instant) -> Result<String, String> {
    let mut command = Command::new("tmux");
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut helpers = HELPERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut child = command
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
    let leader = child.id() as i32;
    helpers.push(leader);
    drop(helpers);
    let done = || {
        HELPERS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&g| g != leader);
    };
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
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < until => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                kill_group(leader);
                let _ = child.wait();
                done();
                return Err("tmux did not answer in time".to_string());
            }
        }
    };
    // Whatever it started goes with it.
    kill_group(leader);
    done();
    let (out, err) = reader.join().unwrap_or_default();
    if status.success() {
        Ok(out)
    } else {
        Err(format!("tmux {}: {}", args.join(" "), err.trim()))
    }
}
