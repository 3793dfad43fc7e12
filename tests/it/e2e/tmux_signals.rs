//! End to end, in tmux: the signals `kill` sends restore the terminal,
//! Esc typed just before a function key inserts nothing, a format
//! character is drawn visibly, and Ctrl-C after a 1 MB paste exits at once.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::e2e::tmux::{kill, proc_state, program_pid, tmux_available, Tmux, DEADLINE};

/// The pane's terminal settings, read while the program runs.
pub(crate) fn stty_of_pane(t: &Tmux) -> String {
    let tty = t.format("#{pane_tty}");
    let out = Command::new("stty")
        .args(["-a", "-F", &tty])
        .output()
        .expect("run stty");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub(crate) fn has_flag(stty: &str, flag: &str) -> bool {
    stty.split(|c: char| c.is_whitespace() || c == ';')
        .any(|f| f == flag)
}

/// Poll a tmux format until it has `want`.
pub(crate) fn wait_format(t: &Tmux, f: &str, want: &str) {
    let start = Instant::now();
    while t.format(f) != want {
        assert!(start.elapsed() < DEADLINE, "{f} never became {want}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

#[track_caller]
pub(crate) fn killed_by(sig: &str, number: i32) {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    assert_eq!(t.format("#{alternate_on}"), "1");
    assert_eq!(t.format("#{mouse_any_flag}"), "1");
    kill(sig, program_pid(&t));
    let (code, stty, s) = t.wait_exit();
    assert_eq!(code, 128 + number, "kill -{sig}: {s}");
    t.assert_restored(&stty, &s);
}

#[test]
fn kill_term_restores_and_exits_143() {
    killed_by("TERM", 15);
}

#[test]
fn kill_hup_restores_and_exits_129() {
    killed_by("HUP", 1);
}

#[test]
fn kill_int_restores_and_exits_130() {
    killed_by("INT", 2);
}

#[test]
fn kill_quit_restores_and_exits_131() {
    killed_by("QUIT", 3);
}

#[test]
fn kill_tstp_restores_then_cont_redraws() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let pid = program_pid(&t);
    assert!(
        !has_flag(&stty_of_pane(&t), "icanon"),
        "raw mode while running"
    );
    kill("TSTP", pid);
    wait_format(&t, "#{alternate_on}", "0");
    wait_format(&t, "#{mouse_any_flag}", "0");
    let start = Instant::now();
    while !has_flag(&stty_of_pane(&t), "icanon") {
        assert!(start.elapsed() < DEADLINE, "cooked mode never came back");
        std::thread::sleep(Duration::from_millis(25));
    }
    // The guardian stops once its child has: the shell sees the job stopped.
    let start = Instant::now();
    while proc_state(pid) != Some('T') {
        assert!(start.elapsed() < DEADLINE, "not stopped by SIGTSTP");
        std::thread::sleep(Duration::from_millis(25));
    }

    kill("CONT", pid);
    wait_format(&t, "#{alternate_on}", "1");
    t.wait_text("valid URI");
    assert!(
        !has_flag(&stty_of_pane(&t), "icanon"),
        "raw again after SIGCONT"
    );
    t.type_text("x");
    t.wait_text("example.com/x");
    t.key("C-c");
    t.expect_restored_exit(0);
}

#[test]
fn esc_then_f2_inserts_nothing() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://h/"], &[], 100, 30);
    t.wait_text("valid URI");
    // One send-keys: the bytes ESC ESC O Q arrive together.
    t.key_seq(&["Escape", "F2"]);
    t.wait_text(" Examples");
    t.key("Escape");
    t.key_seq(&["Escape", "Up"]);
    t.key_seq(&["Escape", "F1"]);
    t.wait_text("Keys (");
    t.key("Escape");
    t.type_text("z");
    let s = t.wait_text("http://h/z");
    let first = s.lines().next().unwrap_or("");
    assert!(
        !first.contains("OQ") && !first.contains("[A") && !first.contains("OP"),
        "{s}"
    );
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

#[test]
fn zero_width_joiner_is_drawn_visibly() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://h/a\u{200d}b"], &[], 100, 30);
    let s = t.wait_text("<U+200D>");
    assert!(!s.contains("a\u{200d}b"), "{s}");
    t.key("C-c");
    assert_eq!(t.wait_exit().0, 0);
}

#[test]
fn ctrl_c_after_a_1_mb_paste_exits_promptly() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://h/"], &[], 100, 30);
    t.wait_text("valid URI");
    let file = std::env::temp_dir().join(format!("uriscope-1mb-{}", std::process::id()));
    std::fs::write(&file, " ".repeat(1 << 20)).expect("write the paste");
    let out = t.tmux(&["load-buffer", &file.display().to_string()]);
    assert!(out.status.success(), "{out:?}");
    let _ = std::fs::remove_file(&file);
    t.tmux(&["paste-buffer", "-p", "-t", "t"]);
    t.type_text("x");
    t.key("C-c");
    // Generous: the point is that it comes back, not how fast.
    t.expect_restored_exit(0);
}

/// Closing the terminal (the tmux server goes away: SIGHUP, then a reader
/// at end of file) ends the program; it once kept spinning on the closed
/// terminal at full CPU.
#[test]
fn a_closed_terminal_ends_the_program() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let pid = program_pid(&t);
    t.tmux(&["kill-server"]);
    let start = Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        if proc_state(pid).is_none_or(|c| c == 'Z') {
            break; // exited (not yet reaped, or gone)
        }
        assert!(
            start.elapsed() < DEADLINE,
            "uriscope {pid} still runs after its terminal closed"
        );
        std::thread::sleep(Duration::from_millis(25));
    }
}
