//! End-to-end tests: the RELEASE binary in a real terminal (tmux).
//!
//! The binary is `$URISCOPE_BIN` when set; otherwise
//! `target/release/uriscope`, rebuilt first with `cargo build --release
//! --bin uriscope` when it is missing or older than any file under `src/`,
//! `assets/`, `Cargo.toml` or `Cargo.lock`.
//!
//! Each test runs its own tmux server (`tmux -L <unique>`), types with
//! `send-keys`, reads the screen with `capture-pane`, and polls with a
//! deadline (no fixed sleeps). The binary runs under a wrapper that, after
//! it exits, prints its exit code, `stty -a` and a sentinel line, then
//! echoes what is typed with `cat -v` (so a paste shows whether bracketed
//! paste is still on). `URISCOPE_WRAP` in the environment is a command
//! the binary runs under (`prlimit --as=…`, `setsid`).
//!
//! Without tmux these tests are skipped with a `SKIPPED` line on stderr
//! that a plain `cargo test` shows (`support::skipped`), except under
//! `CI=true`, where they fail.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

const SENTINEL: &str = "__URISCOPE_DONE__";
pub(crate) const DEADLINE: Duration = Duration::from_secs(30);

fn newest_mtime(path: &Path) -> SystemTime {
    let Ok(meta) = std::fs::metadata(path) else {
        return SystemTime::UNIX_EPOCH;
    };
    let mut newest = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
            newest = newest.max(newest_mtime(&entry.path()));
        }
    }
    newest
}

/// The release binary (see the module docs).
fn binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(p) = std::env::var_os("URISCOPE_BIN") {
            return PathBuf::from(p);
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"));
        let bin = target.join("release").join("uriscope");
        let sources = ["src", "crates", "assets", "Cargo.toml", "Cargo.lock"]
            .iter()
            .map(|p| newest_mtime(&root.join(p)))
            .max()
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let built = std::fs::metadata(&bin)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        if built < sources {
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let status = Command::new(cargo)
                .args(["build", "--release", "--bin", "uriscope"])
                .current_dir(root)
                .status()
                .expect("run cargo build --release");
            assert!(status.success(), "cargo build --release failed");
        }
        bin
    })
}

/// The fields of `/proc/PID/stat` after the command name ("state ppid
/// ..."), or `None` when the process is gone; and its command name.
pub(crate) fn proc_stat(pid: u32) -> Option<(String, String)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (head, rest) = stat.rsplit_once(')')?;
    let comm = head.split_once('(').map_or("", |(_, c)| c).to_string();
    Some((comm, rest.trim_start().to_string()))
}

/// The process state letter (R, S, T, Z, ...).
pub(crate) fn proc_state(pid: u32) -> Option<char> {
    proc_stat(pid)?.1.chars().next()
}

/// The pid the shell started: the child of the wrapper shell in the pane
/// (the guardian, which runs the explorer in a child of its own).
pub(crate) fn program_pid(t: &Tmux) -> u32 {
    let shell: u32 = t.format("#{pane_pid}").parse().expect("pane pid");
    let start = Instant::now();
    loop {
        for entry in std::fs::read_dir("/proc").expect("read /proc").flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Some((comm, fields)) = proc_stat(pid) else {
                continue;
            };
            let ppid = fields
                .split_whitespace()
                .nth(1)
                .and_then(|p| p.parse().ok());
            if ppid == Some(shell) && comm == "uriscope" {
                return pid;
            }
        }
        assert!(start.elapsed() < DEADLINE, "no uriscope under the pane");
        std::thread::sleep(Duration::from_millis(25));
    }
}

pub(crate) fn kill(sig: &str, pid: u32) {
    let st = Command::new("kill")
        .args([&format!("-{sig}"), &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(st.success(), "kill -{sig} {pid}");
}

/// The pid of the explorer itself: the guardian's child, which exists
/// once the explorer has drawn (else the program itself: a binary without
/// a guardian).
pub(crate) fn explorer_pid(t: &Tmux) -> u32 {
    let program = program_pid(t);
    children_of(program).into_iter().next().unwrap_or(program)
}

/// The pids whose parent is `parent`.
pub(crate) fn children_of(parent: u32) -> Vec<u32> {
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("read /proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Some((_, fields)) = proc_stat(pid) else {
            continue;
        };
        let ppid = fields
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(parent) {
            pids.push(pid);
        }
    }
    pids
}

/// Whether tmux can run here; under CI=true its absence is a failure.
pub(crate) fn tmux_available() -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "tmux is required for the end-to-end tests under CI=true"
        );
        crate::support::skipped("tmux not found");
    }
    ok
}

/// A private tmux server running the wrapped binary in one pane.
pub(crate) struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    /// Start `uriscope ARGS` in a `w`x`h` window with extra environment.
    pub(crate) fn start(args: &[&str], env: &[(&str, &str)], w: u16, h: u16) -> Tmux {
        Tmux::start_configured(args, env, w, h, "")
    }

    /// [`Tmux::start`] with lines of tmux configuration read when the
    /// server starts, before the program runs (`set -g window-style …`).
    pub(crate) fn start_configured(
        args: &[&str],
        env: &[(&str, &str)],
        w: u16,
        h: u16,
        tmux_conf: &str,
    ) -> Tmux {
        Tmux::launch(Some(args), None, env, w, h, tmux_conf)
    }

    /// A pane running `command` (an interactive shell, say) instead of
    /// the wrapped binary; `$URISCOPE` names the binary there.
    pub(crate) fn start_command(command: &str, env: &[(&str, &str)], w: u16, h: u16) -> Tmux {
        Tmux::launch(None, Some(command), env, w, h, "")
    }

    fn launch(
        args: Option<&[&str]>,
        shell: Option<&str>,
        env: &[(&str, &str)],
        w: u16,
        h: u16,
        tmux_conf: &str,
    ) -> Tmux {
        static N: AtomicUsize = AtomicUsize::new(0);
        let id = format!(
            "uriscope-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        );
        let dir = std::env::temp_dir().join(&id);
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("tmux.conf"), tmux_conf).expect("write tmux.conf");
        let script = dir.join("run.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nif [ -n \"$URISCOPE_STDIN\" ]; then exec <\"$URISCOPE_STDIN\"; fi\n$URISCOPE_WRAP \"$URISCOPE\" \"$@\"\necho \"exit=$?\"\nstty -a </dev/tty | tr '\\n' ' '\necho\necho {SENTINEL}\nexec cat -v </dev/tty\n"
            ),
        )
        .expect("write wrapper");
        let quoted: Vec<String> = args
            .unwrap_or_default()
            .iter()
            .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
            .collect();
        let command = match shell {
            Some(c) => c.to_string(),
            None => format!("sh {} {}", script.display(), quoted.join(" ")),
        };
        let t = Tmux {
            socket: id,
            dir: dir.clone(),
        };
        let mut cmd: Vec<String> = vec![
            "new-session".into(),
            "-d".into(),
            "-s".into(),
            "t".into(),
            "-x".into(),
            w.to_string(),
            "-y".into(),
            h.to_string(),
        ];
        let bin = format!("URISCOPE={}", binary().display());
        // No config or history of the machine's user is read or written:
        // the config and state directories are the test's own (empty unless
        // a test writes there; `env` can point them elsewhere).
        let mut envs = vec![
            "TERM=xterm-256color".to_string(),
            "RUST_BACKTRACE=0".to_string(),
            format!("XDG_CONFIG_HOME={}", dir.display()),
            format!("XDG_STATE_HOME={}", dir.display()),
            bin,
        ];
        envs.extend(env.iter().map(|(k, v)| format!("{k}={v}")));
        for e in envs {
            cmd.push("-e".into());
            cmd.push(e);
        }
        cmd.push(command);
        let refs: Vec<&str> = cmd.iter().map(String::as_str).collect();
        let out = t.tmux(&refs);
        assert!(out.status.success(), "tmux new-session: {out:?}");
        t
    }

    /// The test's own folder (removed with the server): files a test
    /// makes go there.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether the program has exited (the wrapper's sentinel is shown).
    pub(crate) fn exited(&self) -> bool {
        self.screen().lines().any(|l| l.trim() == SENTINEL)
    }

    pub(crate) fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f"])
            .arg(self.dir.join("tmux.conf"))
            .args(args)
            .output()
            .expect("run tmux")
    }

    /// Type text literally.
    pub(crate) fn type_text(&self, text: &str) {
        let out = self.tmux(&["send-keys", "-t", "t", "-l", text]);
        assert!(out.status.success(), "{out:?}");
    }

    /// Press a named key (`C-c`, `F1`, `Enter`).
    pub(crate) fn key(&self, key: &str) {
        let out = self.tmux(&["send-keys", "-t", "t", key]);
        assert!(out.status.success(), "{out:?}");
    }

    /// Press several named keys in one `send-keys`, so their bytes reach
    /// the program together (`Escape` then `F2`).
    pub(crate) fn key_seq(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        let out = self.tmux(&args);
        assert!(out.status.success(), "{out:?}");
    }

    pub(crate) fn screen(&self) -> String {
        let out = self.tmux(&["capture-pane", "-p", "-J", "-t", "t"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub(crate) fn format(&self, f: &str) -> String {
        let out = self.tmux(&["display-message", "-p", "-t", "t", f]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Poll the screen until `pred` holds on a settled screen; panic with
    /// the last screen at the deadline.
    ///
    /// A capture can fall in the middle of a frame being written (the top
    /// rows new, the status line still old), so a screen that satisfies
    /// `pred` is taken again a moment later: it is returned once two
    /// captures agree, or, on a screen that keeps changing, after a few
    /// tries as long as `pred` still holds.
    pub(crate) fn wait_for(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        let mut unsettled = 0;
        loop {
            let s = self.screen();
            if pred(&s) {
                std::thread::sleep(Duration::from_millis(30));
                let again = self.screen();
                if again == s || (unsettled >= 4 && pred(&again)) {
                    return again;
                }
                unsettled += 1;
                continue;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    pub(crate) fn wait_text(&self, text: &str) -> String {
        self.wait_for(text, |s| s.contains(text))
    }

    /// Wait for the wrapper's sentinel; return (exit code, stty flags, screen).
    pub(crate) fn wait_exit(&self) -> (i32, Vec<String>, String) {
        let s = self.wait_for("the program to exit", |s| {
            s.lines().any(|l| l.trim() == SENTINEL)
        });
        let code = s
            .lines()
            .find_map(|l| l.trim().strip_prefix("exit="))
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(-1);
        let stty = s
            .lines()
            .find(|l| l.contains("speed") || l.contains("icanon"))
            .unwrap_or("")
            .split(|c: char| c.is_whitespace() || c == ';')
            .map(str::to_string)
            .collect();
        (code, stty, s)
    }

    /// Waits for the program to exit, then asserts its status is `code`
    /// and the terminal is restored ([`Tmux::assert_restored`]).
    #[track_caller]
    pub(crate) fn expect_restored_exit(&self, code: i32) {
        let (got, stty, s) = self.wait_exit();
        assert_eq!(got, code, "{s}");
        self.assert_restored(&stty, &s);
    }

    /// Assert the terminal is back to normal after the program exited.
    #[track_caller]
    pub(crate) fn assert_restored(&self, stty: &[String], screen: &str) {
        for flag in ["icanon", "echo", "isig"] {
            assert!(
                stty.iter().any(|f| f == flag),
                "stty lacks {flag}: {screen}"
            );
        }
        assert_eq!(
            self.format("#{alternate_on}"),
            "0",
            "still on the alternate screen"
        );
        assert_eq!(
            self.format("#{mouse_any_flag}"),
            "0",
            "mouse still captured"
        );
        assert_eq!(
            self.format("#{mouse_button_flag}"),
            "0",
            "mouse still captured"
        );
        assert_eq!(self.format("#{cursor_flag}"), "1", "cursor still hidden");
        self.assert_paste_unbracketed();
    }

    /// Paste a probe line after the program exited: the wrapper's `cat -v`
    /// shows it, and shows the `ESC [200~` around it if bracketed paste
    /// were still on (tmux brackets a paste only for a pane that asked).
    #[track_caller]
    pub(crate) fn assert_paste_unbracketed(&self) {
        let out = self.tmux(&["set-buffer", "-b", "probe", "zz-probe\n"]);
        assert!(out.status.success(), "{out:?}");
        let out = self.tmux(&["paste-buffer", "-p", "-b", "probe", "-t", "t"]);
        assert!(out.status.success(), "{out:?}");
        let s = self.wait_text("zz-probe");
        assert!(!s.contains("200~"), "bracketed paste still on:\n{s}");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn type_a_uri_and_read_the_breakdown() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[], &[], 100, 30);
    t.wait_text(" URI ");
    assert_eq!(t.format("#{alternate_on}"), "1");
    assert_eq!(
        t.format("#{mouse_any_flag}"),
        "1",
        "the mouse is captured by default"
    );
    t.type_text("http://[fe80::1%25eth0]:8080/a/b?x=1#frag");
    let s = t.wait_text("IPv6address with zone ID");
    assert!(s.contains("valid URI"), "{s}");
    assert!(
        s.contains(r"\__/   \___________________/\__/ \_/ \__/"),
        "{s}"
    );
    assert!(s.contains("8080"), "{s}");
    // Pasting (bracketed) a line break inside: one edit, reported.
    t.key("C-u");
    t.tmux(&["set-buffer", "-b", "p", "foo://h/\nx"]);
    t.tmux(&["paste-buffer", "-p", "-b", "p", "-t", "t"]);
    t.wait_text("removed 1 line break");
    t.wait_text("foo://h/x");
    t.key("C-c");
    t.expect_restored_exit(0);
}

#[test]
fn copy_goes_through_osc52_into_tmux() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["mailto:a@example.org?subject=hi"],
        &[("SSH_TTY", "/dev/pts/99")],
        100,
        30,
    );
    let out = t.tmux(&["set-option", "-s", "set-clipboard", "on"]);
    assert!(out.status.success(), "{out:?}");
    t.wait_text("valid URI");
    t.key("C-y");
    t.wait_text("copied input to the terminal clipboard (OSC 52)");
    let start = Instant::now();
    loop {
        let out = t.tmux(&["show-buffer"]);
        if String::from_utf8_lossy(&out.stdout) == "mailto:a@example.org?subject=hi" {
            break;
        }
        assert!(start.elapsed() < DEADLINE, "buffer: {out:?}");
        std::thread::sleep(Duration::from_millis(25));
    }
    // The chooser: the query component (after the breakdown and "as
    // trurl would print it").
    t.key("C-o");
    t.wait_text("Copy which?");
    for _ in 0..9 {
        t.key("Down");
    }
    t.key("Enter");
    t.wait_text("copied query to");
    let start = Instant::now();
    loop {
        let out = t.tmux(&["show-buffer"]);
        if String::from_utf8_lossy(&out.stdout) == "subject=hi" {
            break;
        }
        assert!(start.elapsed() < DEADLINE, "buffer: {out:?}");
        std::thread::sleep(Duration::from_millis(25));
    }
    t.key("C-c");
    let (code, _, s) = t.wait_exit();
    assert_eq!(code, 0, "{s}");
}

#[test]
fn resize_to_12x4_and_back() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 100, 30);
    t.wait_text("valid URI");
    t.tmux(&["resize-window", "-t", "t", "-x", "12", "-y", "4"]);
    t.wait_text("too small");
    t.tmux(&["resize-window", "-t", "t", "-x", "40", "-y", "12"]);
    t.wait_for("the compact layout", |s| {
        s.contains("Breakdown") && !s.contains("too small")
    });
    t.tmux(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    t.wait_text("valid URI");
    t.key("C-c");
    t.expect_restored_exit(0);
}

#[test]
fn forced_panic_leaves_the_terminal_restored() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_TEST_PANIC", "1")],
        100,
        30,
    );
    let (code, stty, s) = t.wait_exit();
    assert_eq!(code, 101, "a panic exits with 101: {s}");
    assert!(s.contains("forced panic after the first draw"), "{s}");
    t.assert_restored(&stty, &s);
}

#[test]
fn ctrl_c_quits_with_status_0_and_restores() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--no-mouse", "x:y"], &[], 80, 24);
    t.wait_text("valid URI");
    assert_eq!(
        t.format("#{mouse_any_flag}"),
        "0",
        "--no-mouse must not capture"
    );
    t.key("F1");
    t.wait_text("Keys (");
    t.key("C-c");
    t.expect_restored_exit(0);
}

#[test]
fn not_a_terminal_prints_the_breakdown() {
    let (code, text, _) = crate::support::run_uriscope(&["http://h/p"], b"");
    assert_eq!(code, 0);
    assert!(text.contains("\n  valid URI (RFC 3986 §3)\n"), "{text}");
}
