//! The X11 clipboard for real: the release binary in
//! tmux with `DISPLAY` on a fresh Xvfb, Ctrl-Y, and the X clipboard read
//! back with `xclip -o -selection clipboard`, while the explorer runs and
//! after it has exited (a `serve-clipboard` process keeps the text until
//! another program copies).
//!
//! Without Xvfb or xclip the test is skipped with a `SKIPPED` line on
//! stderr (`support::skipped`), except under
//! `CI=true`, where it fails (`.ci/run` installs both).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::tmux::{tmux_available, Tmux, DEADLINE};

/// A private X server, killed when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// Start Xvfb on a display number it picks itself (`-displayfd`), so
    /// tests running at once never collide.
    fn start() -> Xvfb {
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-screen",
                "0",
                "640x480x24",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("read Xvfb's display number");
        let n: u32 = line.trim().parse().expect("a display number");
        Xvfb {
            child,
            display: format!(":{n}"),
        }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn have(program: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{program} is required for the X11 clipboard test under CI=true"
        );
        crate::support::skipped(&format!("{program} not found"));
    }
    found
}

/// `xclip -o -selection clipboard` on `display`; `None` when nothing
/// serves the clipboard (or xclip did not answer within 3 s).
fn clipboard(display: &str) -> Option<String> {
    let mut child = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .env("DISPLAY", display)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run xclip");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for xclip") {
            let mut out = String::new();
            std::io::Read::read_to_string(&mut child.stdout.take().expect("piped"), &mut out)
                .expect("xclip's output");
            return status.success().then_some(out);
        }
        if start.elapsed() > Duration::from_secs(3) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Poll the clipboard until it holds `want`; panic with the last reading.
fn wait_clipboard(display: &str, want: &str, when: &str) {
    let start = Instant::now();
    loop {
        let got = clipboard(display);
        if got.as_deref() == Some(want) {
            return;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "{when}: the X clipboard holds {got:?}, not {want:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The pids of `uriscope serve-clipboard` processes on `display`.
fn servers(display: &str) -> Vec<u32> {
    let want_env = format!("DISPLAY={display}");
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("read /proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let is_server = cmdline.split(|&b| b == 0).any(|a| a == b"serve-clipboard");
        let on_display = environ.split(|&b| b == 0).any(|e| e == want_env.as_bytes());
        if is_server && on_display {
            pids.push(pid);
        }
    }
    pids
}

#[test]
fn ctrl_y_fills_the_x_clipboard_and_the_text_outlives_the_explorer() {
    if !tmux_available() || !have("Xvfb") || !have("xclip") {
        return;
    }
    let x = Xvfb::start();
    // Not ASCII, so the text must survive as UTF-8 both ways.
    let uri = "http://例え.jp/ü?q=€#frag";
    let t = Tmux::start(&[uri], &[("DISPLAY", &x.display)], 100, 30);
    t.wait_text("valid IRI");
    t.key("C-y");
    let s = t.wait_text("copied input to");
    assert!(
        s.contains("copied input to the clipboard") && !s.contains("OSC 52"),
        "the copy went to the X clipboard, not OSC 52:\n{s}"
    );
    wait_clipboard(&x.display, uri, "while the explorer runs");

    t.key("C-c");
    t.expect_restored_exit(0);
    wait_clipboard(&x.display, uri, "after the explorer exited");
    assert_eq!(
        servers(&x.display).len(),
        1,
        "one serve-clipboard process holds the text"
    );

    // Another program copies: the server's work is done and it ends.
    let status = Command::new("sh")
        .args(["-c", "printf other | xclip -selection clipboard"])
        .env("DISPLAY", &x.display)
        .status()
        .expect("xclip -i");
    assert!(status.success());
    wait_clipboard(&x.display, "other", "after another program copied");
    let start = Instant::now();
    while !servers(&x.display).is_empty() {
        assert!(
            start.elapsed() < DEADLINE,
            "serve-clipboard still running after the clipboard changed hands"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
