//! The guardian: the explorer runs in a child process, and the process the
//! shell started waits for it, so that the terminal is restored after
//! *any* death of the explorer, also one that no code of its own can see
//! coming: a fault (SIGSEGV, SIGBUS), an abort (an allocation that
//! failed), SIGKILL, or a signal sent to the guardian's pid.
//!
//! The guardian blocks every signal it can (so that none ends it on its
//! own: it takes them one at a time with `sigwait`, as tini does) and
//! starts the same binary again with the same arguments, marked by
//! [`GUARDED`] (the child unblocks the signals first thing:
//! [`guarded_child`]). Then:
//!
//! - every signal it receives is passed on to the child, SIGCHLD and
//!   SIGWINCH aside (the terminal sends SIGWINCH to both);
//! - when the child stops (SIGTSTP: it has restored the terminal itself;
//!   SIGSTOP), the guardian restores the terminal if the child could not,
//!   and stops itself, so the shell sees the job stopped; once continued
//!   (`fg`), it continues the child, which enters its modes again and
//!   redraws;
//! - when the child exits, the guardian exits with its status; when a
//!   signal ends it, the guardian restores the terminal if it is not
//!   restored (raw mode still on: the child did not get to do it), removes
//!   the child's engine folders, and ends by the same signal with its
//!   default action, so the shell sees the true status, and never before
//!   the terminal is back.
//!
//! The terminal counts as restored when its settings are those the
//! guardian read before starting the child: the child leaves raw mode last.

use std::io::{self, Write};
use std::process::Command;

use nix::sys::signal::{kill, raise, sigprocmask, SigSet, SigmaskHow, Signal};
use nix::sys::termios::{tcgetattr, tcsetattr, SetArg, Termios};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;

/// The variable that marks the explorer's process: the guardian's pid.
pub const GUARDED: &str = "URISCOPE_GUARDED";

/// Whether this process is the explorer a guardian started. If it is,
/// the signals the guardian blocks are unblocked here: a child inherits
/// its parent's signal mask, and the explorer must see them.
pub fn guarded_child() -> bool {
    let guarded = std::env::var(GUARDED)
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|pid| pid == std::os::unix::process::parent_id());
    if guarded {
        let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
    }
    guarded
}

/// Run the explorer in a guarded child: its exit status, or this process
/// ends by the signal that ended it. `None` when the child could not be
/// started (the caller runs the explorer itself).
pub fn run() -> Option<i32> {
    let saved = terminal_settings();
    let mut blocked = SigSet::empty();
    for sig in Signal::iterator() {
        if !matches!(sig, Signal::SIGKILL | Signal::SIGSTOP) {
            blocked.add(sig);
        }
    }
    let mut before = SigSet::empty();
    sigprocmask(SigmaskHow::SIG_BLOCK, Some(&blocked), Some(&mut before)).ok()?;
    let child = std::env::current_exe().and_then(|exe| {
        Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env(GUARDED, std::process::id().to_string())
            .spawn()
    });
    let child = match child {
        Ok(c) => Pid::from_raw(c.id() as i32),
        Err(_) => {
            let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&before), None);
            return None;
        }
    };
    loop {
        let Ok(sig) = blocked.wait() else {
            continue;
        };
        match sig {
            Signal::SIGCHLD => {
                if let Some(code) = reap(child, saved.as_ref()) {
                    return Some(code);
                }
            }
            Signal::SIGWINCH => {}
            fault @ (Signal::SIGSEGV | Signal::SIGBUS | Signal::SIGILL | Signal::SIGFPE) => {
                pass_fault_on(child, fault)
            }
            other => {
                let _ = kill(child, other);
            }
        }
    }
}

/// Pass a fault signal sent to the guardian (`kill -SEGV`) on to the
/// child until it ends by it, for at most a second. The Rust runtime's
/// own SIGSEGV and SIGBUS handler (it tells a stack overflow) takes the
/// first one sent with `kill`, puts the default action back and returns:
/// the next one ends the process.
fn pass_fault_on(child: Pid, fault: Signal) {
    use nix::sys::wait::{waitid, Id};
    let ended = || {
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        !matches!(waitid(Id::Pid(child), flags), Ok(WaitStatus::StillAlive))
    };
    for _ in 0..50 {
        if kill(child, fault).is_err() || ended() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        if ended() {
            return;
        }
    }
}

/// The terminal's settings now (stdin's terminal, else stdout's).
fn terminal_settings() -> Option<Termios> {
    tcgetattr(io::stdin())
        .or_else(|_| tcgetattr(io::stdout()))
        .ok()
}

/// Whether the terminal's settings are still `saved`'s (the flags that
/// raw mode changes, and the control characters).
fn unchanged(saved: &Termios) -> bool {
    terminal_settings().is_some_and(|now| {
        now.input_flags == saved.input_flags
            && now.output_flags == saved.output_flags
            && now.local_flags == saved.local_flags
            && now.control_flags == saved.control_flags
            && now.control_chars == saved.control_chars
    })
}

/// Put the terminal back as the explorer found it, unless it is: leave
/// mouse reporting, bracketed paste and the alternate screen, show the
/// cursor, and set the saved settings. The sequences are written only
/// when the settings say the explorer did not restore it (a second "leave
/// the alternate screen" would move the cursor).
fn restore(saved: Option<&Termios>) {
    let Some(saved) = saved else {
        return;
    };
    if unchanged(saved) {
        return;
    }
    let mut out = io::stdout();
    let _ = crossterm::execute!(
        out,
        crossterm::event::DisableMouseCapture,
        crossterm::event::DisableBracketedPaste,
        crossterm::terminal::LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = out.flush();
    if tcsetattr(io::stdin(), SetArg::TCSADRAIN, saved).is_err() {
        let _ = tcsetattr(io::stdout(), SetArg::TCSADRAIN, saved);
    }
}

/// Look at the child after a SIGCHLD: its exit status when it has ended
/// (after ending this process by its signal, when one ended it); `None`
/// while it runs (after stopping and continuing with it).
fn reap(child: Pid, saved: Option<&Termios>) -> Option<i32> {
    let flags = WaitPidFlag::WNOHANG | WaitPidFlag::WUNTRACED;
    loop {
        match waitpid(child, Some(flags)) {
            Ok(WaitStatus::Exited(_, code)) => {
                restore(saved);
                return Some(code);
            }
            Ok(WaitStatus::Signaled(_, sig, _)) => {
                restore(saved);
                crate::confuse::engines::remove_folders_of(
                    child.as_raw() as u32,
                    &std::env::temp_dir(),
                );
                die_by(sig);
            }
            Ok(WaitStatus::Stopped(_, _)) => {
                restore(saved);
                // Stopped as the child is; continued with the job (`fg`
                // continues both; `kill -CONT` this one alone), it
                // continues the child, which redraws.
                let _ = raise(Signal::SIGSTOP);
                let _ = kill(child, Signal::SIGCONT);
            }
            Ok(WaitStatus::StillAlive) => return None,
            Ok(_) => {}
            // No child any more (it was reaped): nothing to wait for.
            Err(nix::errno::Errno::ECHILD) => return Some(1),
            Err(_) => return None,
        }
    }
}

/// End this process by `sig` with its default action (no core file of
/// the guardian's own: the child's, if any, is the one that tells).
fn die_by(sig: Signal) -> ! {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    if let Ok((_, hard)) = getrlimit(Resource::RLIMIT_CORE) {
        let _ = setrlimit(Resource::RLIMIT_CORE, 0, hard);
    }
    let _ = signal_hook::low_level::emulate_default_handler(sig as i32);
    std::process::exit(128 + sig as i32)
}
