//! The engines' processes and temporary folders.
//!
//! Each child is started as the leader of a process group of its own, and
//! is killed with its whole group: `go build` runs compilers, a `java` or
//! `python3` on `PATH` may be a wrapper script, and killing the child
//! alone left those running. A child that ends by itself has its group
//! killed too, before it is reaped (so the group's number cannot have
//! been taken by another process), in case it left something behind.
//!
//! Every live group and temporary folder is registered here, so that a
//! program ending while engines run (the explorer quitting or getting
//! SIGTERM during F9) kills the groups and removes the folders:
//! [`cleanup`]. After it, nothing new is started.

use std::io::{self, Read};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

/// How long a child that has answered (or closed its stdout) may take to
/// exit before it is killed; also how long its output threads are waited
/// for.
pub(super) const GRACE: Duration = Duration::from_secs(1);

/// How much of a child's stderr is kept for messages.
pub(super) const STDERR_TAIL: usize = 2000;

/// The prefix of every temporary folder's name, followed by the pid of
/// the process that made it (so a guardian can find a dead child's).
pub const TEMP_PREFIX: &str = "uriscope-engine-";

/// What is alive and must go when the program ends.
struct Live {
    /// Set by [`cleanup`]: nothing more is started.
    closed: bool,
    /// The process groups of running children (their leaders' pids).
    groups: Vec<i32>,
    /// The temporary folders in use.
    dirs: Vec<PathBuf>,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    closed: false,
    groups: Vec::new(),
    dirs: Vec::new(),
});

fn live() -> std::sync::MutexGuard<'static, Live> {
    // A thread that panicked while holding it left consistent lists.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kill every engine's process group and remove every temporary folder
/// still in use; start nothing after. For the explorer's exit paths (a
/// quit, a signal, a panic of the main thread); safe to call more than
/// once and from any thread.
pub fn cleanup() {
    let (groups, dirs) = {
        let mut live = live();
        live.closed = true;
        (
            std::mem::take(&mut live.groups),
            std::mem::take(&mut live.dirs),
        )
    };
    for g in groups {
        kill_group(g);
    }
    for d in dirs {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Without Unix signals: nothing to catch.
#[cfg(not(unix))]
pub fn clean_up_on_signals() -> io::Result<()> {
    Ok(())
}

/// For a program that runs engines and catches no signal of its own
/// (`uriscope confuse`): a thread that, on a signal that ends the program
/// (TERM, HUP, INT, QUIT, USR1, USR2, ALRM), runs [`cleanup`] (the engines
/// lead process groups of their own, so a Ctrl-C of the terminal does not
/// reach them) and then ends the program by that signal. The threads
/// that wait for engines stop where they are once [`cleanup`] has run
/// (`stop_here_if_ending`), so no answer is printed as if the killed
/// engines had given it. The explorer
/// has its own (its `term::Signals`) and must not call this.
#[cfg(unix)]
pub fn clean_up_on_signals() -> io::Result<()> {
    use signal_hook::consts::signal::{
        SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
    };
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
    ])?;
    thread::Builder::new()
        .name("engine signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                cleanup();
                let _ = signal_hook::low_level::emulate_default_handler(sig);
                std::process::exit(128 + sig);
            }
        })
        .map(|_| ())
}

/// Once [`cleanup`] has run the program is ending: a thread that would go
/// on with the engines (start one, or read what a killed one left) waits
/// here for the end instead, so that nothing is printed or shown as if
/// the engines had answered ("it ended (SIGKILL)") while a signal ends
/// the program.
fn stop_here_if_ending() {
    let closed = live().closed;
    if closed {
        loop {
            thread::park();
        }
    }
}

/// Remove the temporary folders that the process `pid` left in `dir`
/// (it died without running [`cleanup`]: a fault, an abort).
pub fn remove_folders_of(pid: u32, dir: &std::path::Path) {
    let prefix = format!("{TEMP_PREFIX}{pid}-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if e.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

#[cfg(unix)]
fn kill_group(leader: i32) {
    use nix::sys::signal::{killpg, Signal};
    // ESRCH: the group is gone already.
    let _ = killpg(nix::unistd::Pid::from_raw(leader), Signal::SIGKILL);
}

#[cfg(not(unix))]
fn kill_group(_leader: i32) {}

/// A child leading a process group of its own, registered until it is
/// reaped; killed with its group when dropped before that.
pub(super) struct Group {
    child: Child,
    leader: i32,
    reaped: bool,
}

impl Group {
    /// Start `command` as the leader of a new process group.
    pub(super) fn spawn(mut command: Command) -> io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Registered under the lock it was started under: a cleanup on
        // another thread sees it, or refuses to let it start.
        stop_here_if_ending();
        let mut live = live();
        if live.closed {
            drop(live);
            stop_here_if_ending();
            return Err(io::Error::other("the program is ending"));
        }
        let child = command.spawn()?;
        let leader = child.id() as i32;
        live.groups.push(leader);
        Ok(Group {
            child,
            leader,
            reaped: false,
        })
    }

    /// The child, for its pipes.
    pub(super) fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Kill the group and reap the leader.
    pub(super) fn kill(&mut self) {
        if !self.reaped {
            kill_group(self.leader);
            let _ = self.child.wait();
            self.done();
        }
        stop_here_if_ending();
    }

    /// The leader is reaped: the group leaves the register.
    fn done(&mut self) {
        self.reaped = true;
        live().groups.retain(|&g| g != self.leader);
    }

    /// Whether the leader has exited, without reaping it (its pid, and so
    /// the group's number, stays taken until [`Self::reap`]).
    #[cfg(target_os = "linux")]
    fn exited(&self) -> io::Result<bool> {
        use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(nix::unistd::Pid::from_raw(self.leader)), flags) {
            Ok(WaitStatus::StillAlive) => Ok(false),
            Ok(_) => Ok(true),
            Err(e) => Err(io::Error::from(e)),
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn exited(&self) -> io::Result<bool> {
        // Without waitid's WNOWAIT the leader is reaped here; the group
        // is then killed by number at once, as close as it can be.
        let _ = &self.leader;
        Ok(false)
    }

    /// The leader exited: kill what is left of its group, then reap it.
    fn reap(&mut self) -> Option<ExitStatus> {
        kill_group(self.leader);
        let status = self.child.wait().ok();
        self.done();
        status
    }

    /// Wait for the leader until `until`; kill the group then. `None`
    /// when killed (or its state could not be read).
    pub(super) fn wait_until(&mut self, until: Instant) -> Option<ExitStatus> {
        let status = self.wait_until_inner(until);
        stop_here_if_ending();
        status
    }

    fn wait_until_inner(&mut self, until: Instant) -> Option<ExitStatus> {
        let mut nap = Duration::from_millis(1);
        loop {
            match self.exited() {
                Ok(true) => return self.reap(),
                Ok(false) => {}
                Err(_) => {
                    self.kill();
                    return None;
                }
            }
            if !cfg!(target_os = "linux") {
                if let Ok(Some(status)) = self.child.try_wait() {
                    kill_group(self.leader);
                    self.done();
                    return Some(status);
                }
            }
            let now = Instant::now();
            if now >= until {
                self.kill();
                return None;
            }
            thread::sleep(nap.min(until - now));
            nap = (nap * 2).min(Duration::from_millis(20));
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Why [`capture`] has no output.
pub(super) enum Failure {
    /// Killed at the deadline.
    TimedOut,
    /// Could not run.
    Other(String),
}

/// What a command printed, and how it ended.
pub(super) struct Captured {
    pub(super) status: ExitStatus,
    pub(super) stdout: String,
    pub(super) stderr: String,
}

/// Run `command` with no input to its end (or kill its group at
/// `deadline`), keeping the tails of its output.
pub(super) fn capture(mut command: Command, deadline: Instant) -> Result<Captured, Failure> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group =
        Group::spawn(command).map_err(|e| Failure::Other(format!("could not start: {e}")))?;
    let (out_tx, out_rx) = mpsc::channel();
    let (err_tx, err_rx) = mpsc::channel();
    let stdout = group.child().stdout.take();
    let stderr = group.child().stderr.take();
    let started = spawn_detached("engine probe stdout", move || {
        let _ = out_tx.send(read_tail(stdout));
    })
    .and_then(|()| {
        spawn_detached("engine probe stderr", move || {
            let _ = err_tx.send(read_tail(stderr));
        })
    });
    if let Err(e) = started {
        return Err(Failure::Other(format!("could not start a thread: {e}")));
    }
    let status = group.wait_until(deadline).ok_or(Failure::TimedOut)?;
    Ok(Captured {
        status,
        stdout: out_rx.recv_timeout(GRACE).unwrap_or_default(),
        stderr: err_rx.recv_timeout(GRACE).unwrap_or_default(),
    })
}

/// Start a thread that nobody joins: one stuck on a pipe that some
/// grandchild keeps open never holds the caller.
pub(super) fn spawn_detached(name: &str, f: impl FnOnce() + Send + 'static) -> io::Result<()> {
    thread::Builder::new()
        .name(name.to_owned())
        .spawn(f)
        .map(|_| ())
}

/// The last [`STDERR_TAIL`] bytes of a stream, as one trimmed line.
pub(super) fn read_tail(stream: Option<impl Read>) -> String {
    let Some(mut stream) = stream else {
        return String::new();
    };
    let mut kept: Vec<u8> = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > 2 * STDERR_TAIL {
                    kept.drain(..kept.len() - STDERR_TAIL);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let start = kept.len().saturating_sub(STDERR_TAIL);
    let text = String::from_utf8_lossy(&kept[start..]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A fresh folder under the system's temporary one, registered until it
/// is removed on drop.
pub(super) struct TempDir(pub(super) PathBuf);

impl TempDir {
    pub(super) fn new() -> io::Result<TempDir> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let mut live = live();
        if live.closed {
            drop(live);
            stop_here_if_ending();
            return Err(io::Error::other("the program is ending"));
        }
        let mut last = None;
        for _ in 0..16 {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!("{TEMP_PREFIX}{}-{n}-{nanos:x}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => {
                    live.dirs.push(dir.clone());
                    return Ok(TempDir(dir));
                }
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free name")))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        live().dirs.retain(|d| d != &self.0);
    }
}
