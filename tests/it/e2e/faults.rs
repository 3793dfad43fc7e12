//! End to end, in tmux: hostile input on the release binary. Every exit restores
//! the terminal (raw mode, the alternate screen, mouse reporting and
//! bracketed paste all off: `Tmux::assert_restored`) with the true status;
//! the loop reads every byte that has arrived, never blocks on the
//! clipboard, and ends when its terminal is gone.

use std::path::Path;
use std::time::{Duration, Instant};

use super::tmux::{
    children_of, explorer_pid, kill, proc_state, program_pid, tmux_available, Tmux, DEADLINE,
};
use super::tmux_signals::{has_flag, killed_by, stty_of_pane};

// Point 1: every signal whose default action ends the process restores
// the terminal first, then ends it by that signal (128 + its number).
// Sent to the process the shell started (the guardian).

#[test]
fn kill_usr1_restores_and_exits_138() {
    killed_by("USR1", 10);
}

#[test]
fn kill_usr2_restores_and_exits_140() {
    killed_by("USR2", 12);
}

#[test]
fn kill_alrm_restores_and_exits_142() {
    killed_by("ALRM", 14);
}

#[test]
fn kill_abrt_restores_and_exits_134() {
    killed_by("ABRT", 6);
}

#[test]
fn kill_xcpu_restores_and_exits_152() {
    killed_by("XCPU", 24);
}

#[test]
fn kill_segv_restores_and_exits_139() {
    killed_by("SEGV", 11);
}

#[test]
fn kill_bus_restores_and_exits_135() {
    killed_by("BUS", 7);
}

/// Whether `program` is on PATH; under CI=true its absence is a failure,
/// elsewhere the test says it skipped.
pub(super) fn have(program: &str) -> bool {
    let found = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{program} is required for this test under CI=true"
        );
        crate::support::skipped(&format!("{program} not found"));
    }
    found
}

/// Whether `pid` has ended (gone, or a zombie not yet reaped).
pub(super) fn ended(pid: u32) -> bool {
    proc_state(pid).is_none_or(|c| c == 'Z')
}

/// A SIGSEGV in the explorer's own process cannot be caught there: the
/// guardian restores the terminal, then ends by SIGSEGV itself. (The Rust
/// runtime takes the first SIGSEGV sent with `kill` and puts the default
/// action back: it is sent until it takes.)
#[test]
fn a_segv_of_the_explorer_process_is_restored_by_the_guardian() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let explorer = explorer_pid(&t);
    let start = Instant::now();
    while !ended(explorer) {
        kill("SEGV", explorer);
        assert!(start.elapsed() < DEADLINE, "SIGSEGV never ended {explorer}");
        std::thread::sleep(Duration::from_millis(100));
    }
    t.expect_restored_exit(139);
}

/// `prlimit --as=…` and pastes of 10 MB until an allocation fails
/// ("memory allocation of … bytes failed", then abort): the guardian
/// restores the terminal and the status is SIGABRT's.
#[test]
fn an_allocation_failure_restores_the_terminal() {
    if !tmux_available() || !have("prlimit") {
        return;
    }
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_WRAP", "prlimit --as=250000000")],
        100,
        30,
    );
    t.wait_text("valid URI");
    let file = t.dir().join("paste");
    std::fs::write(&file, "a".repeat(10_000_000)).expect("write the paste");
    let out = t.tmux(&["load-buffer", &file.display().to_string()]);
    assert!(out.status.success(), "{out:?}");
    let start = Instant::now();
    'pastes: while !t.exited() {
        t.tmux(&["paste-buffer", "-p", "-t", "t"]);
        // Each paste is taken in before the next is sent.
        let pasted = Instant::now();
        while pasted.elapsed() < Duration::from_secs(5) {
            if t.exited() {
                break 'pastes;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "no allocation failed"
        );
    }
    t.expect_restored_exit(134);
}

/// Job control in an interactive shell: `kill -TSTP` stops the job (the
/// shell says so and gets the terminal back), `fg` brings the explorer
/// back and it redraws, and Ctrl-C then exits 0.
#[test]
fn tstp_stops_the_job_in_a_shell_and_fg_redraws() {
    if !tmux_available() || !have("bash") {
        return;
    }
    let t = Tmux::start_command("bash --norc --noprofile -i", &[], 100, 30);
    t.wait_text("bash");
    t.type_text("PS1='$ '; \"$URISCOPE\" http://example.com/");
    t.key("Enter");
    t.wait_text("valid URI");
    kill("TSTP", program_pid(&t));
    t.wait_text("Stopped");
    // The shell has the terminal back (its line editor sets the modes
    // it reads with, so they are not checked here; tmux_signals.rs does).
    assert_eq!(t.format("#{alternate_on}"), "0");
    assert_eq!(t.format("#{mouse_any_flag}"), "0");
    t.type_text("fg");
    t.key("Enter");
    let start = Instant::now();
    while t.format("#{alternate_on}") != "1" {
        assert!(
            start.elapsed() < DEADLINE,
            "fg did not bring the explorer back"
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    t.wait_text("valid URI");
    t.type_text("x");
    t.wait_text("example.com/x");
    t.key("C-c");
    t.wait_for("the shell's prompt", |s| {
        s.lines().any(|l| l.trim() == "$") && !s.contains("Breakdown")
    });
    t.type_text("echo \"st=$?\"");
    t.key("Enter");
    t.wait_text("st=0");
}

// Point 2: a panic in a background thread is a message; the explorer
// keeps its terminal and goes on.

#[test]
fn a_background_thread_panic_is_a_message_and_the_explorer_goes_on() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_TEST_PANIC", "thread")],
        120,
        30,
    );
    t.wait_text("a background task failed");
    assert_eq!(
        t.format("#{alternate_on}"),
        "1",
        "the terminal was restored"
    );
    assert_eq!(t.format("#{mouse_any_flag}"), "1");
    assert!(!has_flag(&stty_of_pane(&t), "icanon"), "raw mode left");
    t.type_text("x");
    t.wait_text("example.com/x");
    t.key("C-c");
    t.expect_restored_exit(0);
}

/// A folder of the test's own, removed when dropped (also when the test
/// fails).
pub(super) struct Scratch(pub(super) std::path::PathBuf);

impl Scratch {
    pub(super) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("uriscope-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Write an executable shell script `name` into `dir`.
pub(super) fn fake_program(dir: &Path, name: &str, script: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).expect("write the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// F9 with a `java` whose `-version` says `x yyyyyyyyyy version "1` (no
/// closing quote): the probe thread panicked on a slice, and the hook
/// restored the terminal under the running explorer.
#[test]
fn f9_with_a_java_of_an_odd_version_keeps_the_terminal() {
    if !tmux_available() {
        return;
    }
    let scratch = Scratch::new("oddjava");
    let bin = &scratch.0;
    fake_program(bin, "java", "echo 'x yyyyyyyyyy version \"1' >&2");
    let wrap = format!("env PATH={}", bin.display());
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_WRAP", &wrap)],
        120,
        30,
    );
    t.wait_text("valid URI");
    t.key("F9");
    // The probe has run (java is found on PATH, then found unusable).
    t.wait_for("the engines' run to end", |s| {
        s.contains("all engines that parse it agree") && !s.contains("running ")
    });
    assert_eq!(
        t.format("#{alternate_on}"),
        "1",
        "the terminal was restored"
    );
    assert!(!has_flag(&stty_of_pane(&t), "icanon"), "raw mode left");
    assert!(!t.screen().contains("a background task failed"));
    t.key("Escape");
    t.type_text("x");
    t.wait_text("example.com/x");
    t.key("C-c");
    t.expect_restored_exit(0);
}

// Point 3: the terminal gone without SIGHUP.

/// `setsid uriscope` in a window that is then closed: no SIGHUP comes (no
/// controlling terminal), and every read fails or finds nothing at once.
/// The explorer spun at 100 % of a core forever; it ends.
#[test]
fn setsid_then_closing_the_window_ends_the_explorer() {
    if !tmux_available() || !have("setsid") {
        return;
    }
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_WRAP", "setsid")],
        80,
        24,
    );
    t.wait_text("valid URI");
    let guardian = program_pid(&t);
    let explorer = explorer_pid(&t);
    t.tmux(&["kill-server"]);
    let start = Instant::now();
    while !(ended(explorer) && ended(guardian)) {
        assert!(
            start.elapsed() < DEADLINE,
            "uriscope {guardian}/{explorer} still runs after its window closed"
        );
        std::thread::sleep(Duration::from_millis(25));
    }
}

// Point 4: every byte that has arrived is handled before the loop waits.

/// 3,000 typed-ahead characters, then Ctrl-C, in one write: the reader
/// took 1 KiB and waited for another key before reading the rest.
#[test]
fn typed_ahead_input_past_1_kib_then_ctrl_c_quits_without_another_key() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let ahead = "b".repeat(3000);
    let out = t.tmux(&[
        "send-keys",
        "-t",
        "t",
        "-l",
        &ahead,
        ";",
        "send-keys",
        "-t",
        "t",
        "C-c",
    ]);
    assert!(out.status.success(), "{out:?}");
    t.expect_restored_exit(0);
}

/// The same with a paste outside bracketed mode (tmux's `paste-buffer`
/// without `-p` sends the text as typed).
#[test]
fn an_unbracketed_paste_past_1_kib_then_ctrl_c_quits() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let out = t.tmux(&[
        "set-buffer",
        "-b",
        "big",
        &format!("{}\u{3}", "c".repeat(2000)),
    ]);
    assert!(out.status.success(), "{out:?}");
    t.tmux(&["paste-buffer", "-b", "big", "-t", "t"]);
    t.expect_restored_exit(0);
}

// Point 5: replies to our own queries never become input.

#[test]
fn a_late_colour_reply_never_reaches_the_input() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://a/"], &[], 80, 24);
    t.wait_text("valid URI");
    // As a terminal answers OSC 11 and OSC 10, after the 300 ms window.
    t.type_text("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\");
    t.type_text("\u{1b}]10;rgb:0000/0000/0000\u{7}");
    t.type_text("x");
    let s = t.wait_text("http://a/x");
    let first = s.lines().next().unwrap_or("");
    assert!(!first.contains("rgb") && !first.contains("11;"), "{s}");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

// The clipboard.

/// A listening Unix socket that never answers, as an X server (a hung
/// Xorg, a stuck forwarded socket); removed when dropped.
struct HungX {
    path: std::path::PathBuf,
    _listener: std::os::unix::net::UnixListener,
    display: String,
}

impl HungX {
    fn start() -> HungX {
        let dir = Path::new("/tmp/.X11-unix");
        std::fs::create_dir_all(dir).expect("/tmp/.X11-unix");
        for n in 0..200 {
            let number = 400 + (std::process::id() % 300) + n;
            let path = dir.join(format!("X{number}"));
            if path.exists() {
                continue;
            }
            if let Ok(listener) = std::os::unix::net::UnixListener::bind(&path) {
                return HungX {
                    path,
                    _listener: listener,
                    display: format!(":{number}"),
                };
            }
        }
        panic!("no free X display number");
    }
}

impl Drop for HungX {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Ctrl-Y with `DISPLAY` on an X server that accepts and never answers
/// froze the explorer for good (Ctrl-C ignored). The copy runs off the
/// loop: keys go on, the X clipboard is given up after a while and said
/// so, and the text goes by the terminal's route (here tmux's buffer).
#[test]
fn ctrl_y_with_a_hung_x_server_never_freezes_the_explorer() {
    if !tmux_available() {
        return;
    }
    let x = HungX::start();
    let t = Tmux::start(
        &["http://example.com/hung"],
        &[("DISPLAY", &x.display)],
        220,
        30,
    );
    t.wait_text("valid URI");
    t.key("C-y");
    t.type_text("z");
    t.wait_text("example.com/hungz");
    let s = t.wait_text("gave no answer");
    assert!(s.contains(&format!("DISPLAY={}", x.display)), "{s}");
    assert!(s.contains("copied input to tmux's paste buffer"), "{s}");
    let out = t.tmux(&["show-buffer"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://example.com/hung"
    );
    t.key("C-c");
    t.expect_restored_exit(0);
}

/// Inside tmux with its default `set-clipboard external`, Ctrl-Y said
/// "copied … (OSC 52)" and nothing reached any clipboard (tmux ignores
/// OSC 52 from programs then). The text goes to tmux's paste buffer and
/// the status line says so, and how to reach the system clipboard.
#[test]
fn inside_tmux_without_set_clipboard_on_a_copy_lands_in_the_paste_buffer() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["http://example.com/buf"],
        &[("SSH_TTY", "/dev/pts/99")],
        200,
        30,
    );
    t.wait_text("valid URI");
    t.key("C-y");
    let s = t.wait_text("copied input to tmux's paste buffer");
    assert!(!s.contains("OSC 52)"), "{s}");
    assert!(
        s.contains("xclip"),
        "how to reach the system clipboard: {s}"
    );
    let out = t.tmux(&["show-buffer"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://example.com/buf"
    );
    let out = t.tmux(&["set-option", "-s", "set-clipboard", "off"]);
    assert!(out.status.success(), "{out:?}");
    t.type_text("2");
    t.key("C-y");
    let s = t.wait_text("set-clipboard is off");
    assert!(s.contains("set -s set-clipboard on"), "{s}");
    let out = t.tmux(&["show-buffer"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://example.com/buf2"
    );
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

// Point 10: a config that is not a regular file.

/// `--config FIFO` hung before the screen came up, with no message;
/// `--config /dev/zero` read without end. Both start the explorer with
/// the defaults and say why.
#[test]
fn a_config_fifo_or_dev_zero_starts_with_the_defaults_and_says_why() {
    if !tmux_available() {
        return;
    }
    let scratch = Scratch::new("config-fifo");
    let fifo = scratch.0.join("config.toml");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("mkfifo");
    for (config, kind) in [
        (fifo.display().to_string(), "a FIFO"),
        ("/dev/zero".into(), "a character device"),
    ] {
        let t = Tmux::start(&["--config", &config, "http://h/"], &[], 160, 30);
        let s = t.wait_text("config not used");
        assert!(s.contains(kind), "{s}");
        t.key("C-c");
        assert_eq!(t.wait_exit().0, 0);
    }
}

// Point 18: the engines' processes and folders, at every exit.

/// SIGTERM while F9 runs an engine (a `java` that starts a grandchild and
/// hangs, for both Java engines): the engine's whole process group is
/// killed and its temporary folder removed before the program ends. Both
/// were left behind.
#[test]
fn sigterm_during_f9_kills_the_engines_and_removes_their_folders() {
    if !tmux_available() {
        return;
    }
    let scratch = Scratch::new("f9");
    let root = &scratch.0;
    let (bin, tmp, pids) = (root.join("bin"), root.join("tmp"), root.join("pids"));
    for d in [&bin, &tmp, &pids] {
        std::fs::create_dir_all(d).expect("test dirs");
    }
    fake_program(
        &bin,
        "java",
        &format!(
            "if [ \"$1\" = -version ]; then echo 'openjdk version \"17.0.1\" 2021-10-19' >&2; exit 0; fi\n\
             /bin/sleep 600 & echo $! > '{p}/grandchild'\n\
             echo $$ > '{p}/engine'\n\
             exec /bin/sleep 600",
            p = pids.display()
        ),
    );
    let wrap = format!("env PATH={} TMPDIR={}", bin.display(), tmp.display());
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_WRAP", &wrap)],
        120,
        30,
    );
    t.wait_text("valid URI");
    t.key("F9");
    let read_pid = |name: &str| -> Option<u32> {
        std::fs::read_to_string(pids.join(name))
            .ok()?
            .trim()
            .parse()
            .ok()
    };
    let start = Instant::now();
    let (engine, grandchild) = loop {
        if let (Some(e), Some(g)) = (read_pid("engine"), read_pid("grandchild")) {
            break (e, g);
        }
        assert!(start.elapsed() < DEADLINE, "the engine never ran");
        std::thread::sleep(Duration::from_millis(25));
    };
    let folders = || -> Vec<String> {
        std::fs::read_dir(&tmp)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with("uriscope-engine-"))
                    .collect()
            })
            .unwrap_or_default()
    };
    // One folder for each Java engine (java.net.URI and java.net.URL),
    // each made as its engine starts.
    let start = Instant::now();
    while folders().len() < 2 {
        assert!(
            start.elapsed() < DEADLINE,
            "the engines' folders while they run: {:?}",
            folders()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    assert_eq!(folders().len(), 2, "{:?}", folders());
    kill("TERM", program_pid(&t));
    t.expect_restored_exit(143);
    let start = Instant::now();
    while !(ended(engine) && ended(grandchild)) {
        assert!(
            start.elapsed() < DEADLINE,
            "engine {engine} or its child {grandchild} still runs"
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    assert_eq!(folders(), Vec::<String>::new(), "folders left behind");
    assert!(children_of(engine).is_empty());
}
