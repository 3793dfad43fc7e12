//! An idle program sleeps: the explorer and the list view, with nothing
//! loading, computing or animating, block on the terminal, the signals and
//! the background answers, with no timer. Counted as context switches of
//! every thread of the explorer's process (`/proc/PID/task/*/status`)
//! over a window of two seconds: a count, not a timing (a loop that woke
//! 40 times a second switches about 80 times in it).

use std::time::Duration;

use super::tmux::{explorer_pid, tmux_available, Tmux};

/// The context switches, voluntary and not, of every thread of `pid`.
fn switches(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("status")).ok())
        .flat_map(|status| {
            status
                .lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .collect::<Vec<_>>()
        })
        .sum()
}

/// The switches of the explorer of `t` over two seconds with no input.
fn idle_switches(t: &Tmux) -> u64 {
    let pid = explorer_pid(t);
    let before = switches(pid);
    // The window the count is taken over (no input arrives in it).
    std::thread::sleep(Duration::from_secs(2));
    switches(pid) - before
}

#[test]
fn the_idle_explorer_does_not_wake() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/a?b=c#d"], &[], 100, 30);
    t.wait_text("valid URI");
    // Something to answer first: typing, then nothing.
    t.type_text("x");
    t.wait_text("#dx");
    let n = idle_switches(&t);
    assert!(n <= 4, "{n} context switches in 2 s while idle");
    // It still answers at once.
    t.type_text("y");
    t.wait_text("#dxy");
    t.key("C-c");
    t.expect_restored_exit(0);
}

#[test]
fn the_idle_list_view_does_not_wake() {
    if !tmux_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uriscope-idle-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let list = dir.join("list.txt");
    let lines: String = (0..2000)
        .map(|i| format!("https://h{i}.example/p?id={i}\n"))
        .collect();
    std::fs::write(&list, lines).expect("write");
    let l = list.display().to_string();
    let t = Tmux::start(&["--list", &l], &[], 100, 30);
    t.wait_text("2,000 of 2,000");
    t.type_text("h1");
    t.wait_for("the filter applied", |s| {
        s.contains("> h1") && s.contains(" of 2,000") && !s.contains("2,000 of 2,000")
    });
    let n = idle_switches(&t);
    assert!(n <= 4, "{n} context switches in 2 s while idle");
    t.key("C-q");
    t.expect_restored_exit(0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_list_view_on_a_quiet_stream_does_not_wake() {
    if !tmux_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uriscope-idle-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fifo = dir.join("stream");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success(), "mkfifo");
    // A stream that writes three lines, then stays open and quiet (as
    // `tail -f` on a log nobody writes to). Opening a fifo to write waits
    // for its reader: the writer is a shell of its own.
    let mut writer = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec 3>'{0}'; printf 'http://a/\\nhttp://b/\\nhttp://c/\\n' >&3; exec sleep 60",
            fifo.display()
        ))
        .spawn()
        .expect("writer");
    let f = fifo.display().to_string();
    let t = Tmux::start(&["--list", &f], &[], 100, 30);
    t.wait_text("3 of 3");
    let n = idle_switches(&t);
    assert!(n <= 4, "{n} context switches in 2 s on a quiet stream");
    t.key("C-q");
    let (code, stty, s) = t.wait_exit();
    let _ = writer.kill();
    let _ = writer.wait();
    assert_eq!(code, 0, "{s}");
    t.assert_restored(&stty, &s);
    let _ = std::fs::remove_dir_all(&dir);
}
