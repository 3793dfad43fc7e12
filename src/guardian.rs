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
//!   and stops its whole process group as vim and less do (`cat big |
//!   uriscope --print | wc -l`: the job is the pipeline, and the shell
//!   sees it stopped only when every process of it is; without job
//!   control, itself alone); once continued
//!   (`fg`), it continues the child, which enters its modes again and
//!   redraws;
//! - when the child exits, the guardian removes the files it was given
//!   ([`run`]'s `leftovers`: `--print`'s answer file, which the caller
//!   still holds open), puts its signal mask back and returns the child's
//!   status; when a signal ends the child, the guardian restores the
//!   terminal if it is not restored (raw mode still on: the child did not
//!   get to do it), removes the leftovers and the child's engine folders,
//!   and ends by the same signal with its default action, so the shell
//!   sees the true status, and never before the terminal is back;
//! - the child asks the kernel for SIGHUP when the guardian dies
//!   (`PR_SET_PDEATHSIG`, [`guarded_child`]): a guardian killed with
//!   SIGKILL takes the explorer with it, which restores the terminal as
//!   on a hang-up, instead of leaving it drawing over the shell.
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
/// the signals the guardian blocks are unblocked here (a child inherits
/// its parent's signal mask, and the explorer must see them), and the
/// process asks for SIGHUP when the guardian dies (Linux; elsewhere the
/// hang-up of the terminal ends it). A guardian that died before the
/// request was made leaves this process to another parent: it then ends
/// at once, as the SIGHUP would have ended it.
pub fn guarded_child() -> bool {
    static GUARDED_CHILD: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *GUARDED_CHILD.get_or_init(|| {
        let guardian = std::env::var(GUARDED)
            .ok()
            .and_then(|v| v.parse::<u32>().ok());
        let guarded = guardian.is_some_and(|pid| pid == std::os::unix::process::parent_id());
        if guarded {
            let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
            #[cfg(target_os = "linux")]
            {
                let _ = nix::sys::prctl::set_pdeathsig(Signal::SIGHUP);
                if guardian != Some(std::os::unix::process::parent_id()) {
                    die_by(Signal::SIGHUP);
                }
            }
        }
        guarded
    })
}

/// Run the explorer in a guarded child: its exit status, or this process
/// ends by the signal that ended it. `None` when the child could not be
/// started (the caller runs the explorer itself). The files in
/// `leftovers` are removed whichever way the child ends, before this
/// returns or ends by a signal (a caller that holds one open still reads
/// it); the signal mask is the caller's again when this returns.
pub fn run(leftovers: &[std::path::PathBuf]) -> Option<i32> {
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
                if let Some(code) = reap(child, saved.as_ref(), leftovers) {
                    // Signals take effect again: a TERM while the caller
                    // writes a long answer to a pipe that is not read
                    // ends it, as it would end any other program.
                    let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&before), None);
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
/// while it runs (after stopping and continuing with it). `leftovers`
/// are removed once it has ended.
fn reap(child: Pid, saved: Option<&Termios>, leftovers: &[std::path::PathBuf]) -> Option<i32> {
    let flags = WaitPidFlag::WNOHANG | WaitPidFlag::WUNTRACED;
    loop {
        match waitpid(child, Some(flags)) {
            Ok(WaitStatus::Exited(_, code)) => {
                restore(saved);
                remove(leftovers);
                return Some(code);
            }
            Ok(WaitStatus::Signaled(_, sig, _)) => {
                restore(saved);
                remove(leftovers);
                crate::confuse::engines::remove_folders_of(
                    child.as_raw() as u32,
                    &std::env::temp_dir(),
                );
                die_by(sig);
            }
            Ok(WaitStatus::Stopped(_, _)) => {
                restore(saved);
                stop_the_job();
                // Continued with the job (`fg` continues the group; `kill
                // -CONT` this one alone), it continues the child, which
                // redraws.
                let _ = kill(child, Signal::SIGCONT);
            }
            Ok(WaitStatus::StillAlive) => return None,
            Ok(_) => {}
            // No child any more (it was reaped): nothing to wait for.
            Err(nix::errno::Errno::ECHILD) => {
                remove(leftovers);
                return Some(1);
            }
            Err(_) => return None,
        }
    }
}

/// Stop every process of this one's group (the shell's job: the whole
/// pipeline this program sits in), this one with them, as vim does on
/// Ctrl-Z; returns once continued. Only when a job-control shell made
/// the group (the parent is in another one): a parent in the same group
/// (a script, a shell without job control) has no job to stop and would
/// be stopped with it, so then this process stops alone, as SIGTSTP's
/// default action would.
fn stop_the_job() {
    use nix::unistd::getpgid;
    let parent = getpgid(Some(nix::unistd::getppid()));
    let own = getpgid(None);
    let job = matches!((parent, own), (Ok(p), Ok(o)) if p != o);
    if !job || kill(Pid::from_raw(0), Signal::SIGSTOP).is_err() {
        let _ = raise(Signal::SIGSTOP);
    }
}

/// Remove `files`, those already gone aside.
fn remove(files: &[std::path::PathBuf]) {
    for f in files {
        let _ = std::fs::remove_file(f);
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
