//! End to end, in tmux: nothing left behind, nothing half-given. The
//! guardian hands `--print`'s answer over only when the list view
//! succeeded, takes signals again once it has, removes the answer's file
//! on every death it sees, takes the explorer with it when it is killed,
//! and stops the whole job on SIGTSTP; `confuse` kills its engines' groups
//! and removes their folders when a signal ends it; a `tmux` that hangs
//! holds a copy no longer than the X clipboard may, and leaves nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::faults::{ended, fake_program, have, Scratch};
use super::tmux::{
    children_of, explorer_pid, kill, proc_state, program_pid, tmux_available, Tmux, DEADLINE,
};

/// The files and folders in `dir` whose names start with `prefix`.
fn named(dir: &Path, prefix: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(prefix))
                .collect()
        })
        .unwrap_or_default()
}

/// Wait until `pred` holds, failing with `what` at the deadline.
fn wait_until(what: &str, pred: impl Fn() -> bool) {
    let start = Instant::now();
    while !pred() {
        assert!(start.elapsed() < DEADLINE, "{what}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// A scratch folder with `list.txt` of `n` URLs and an empty `tmp/`.
fn list_scratch(name: &str, n: usize) -> (Scratch, PathBuf, PathBuf) {
    let scratch = Scratch::new(name);
    let list = scratch.0.join("list.txt");
    let lines: String = (0..n)
        .map(|i| format!("https://h{i}.example.com/p/{i}?q={i}\n"))
        .collect();
    std::fs::write(&list, lines).expect("write the list");
    let tmp = scratch.0.join("tmp");
    std::fs::create_dir_all(&tmp).expect("tmp");
    (scratch, list, tmp)
}

/// A wrapper for `URISCOPE_WRAP`: `script` runs with the command as
/// `"$@"`.
fn wrapper(dir: &Path, script: &str) -> String {
    let path = dir.join("wrap.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).expect("write the wrapper");
    format!("sh {}", path.display())
}

/// `--print` whose answer cannot be written whole (a file size limit of
/// 100 bytes: the child's write fails): nothing reaches stdout, and the
/// status is not 0. The guardian handed over the part written.
#[test]
fn a_print_that_fails_hands_over_nothing_and_exits_non_zero() {
    if !tmux_available() || !have("prlimit") {
        return;
    }
    let (scratch, list, tmp) = list_scratch("print-fails", 50);
    let out = scratch.0.join("out.txt");
    let wrap = wrapper(
        &scratch.0,
        &format!(
            "TMPDIR='{}' exec prlimit --fsize=100 \"$@\" > '{}'",
            tmp.display(),
            out.display()
        ),
    );
    let l = list.display().to_string();
    let t = Tmux::start(
        &["--list", &l, "--print"],
        &[("URISCOPE_WRAP", wrap.as_str())],
        100,
        30,
    );
    t.wait_text("50 of 50");
    t.key("C-x");
    let (code, stty, s) = t.wait_exit();
    t.assert_restored(&stty, &s);
    assert_ne!(code, 0, "{s}");
    let written = std::fs::read(&out).unwrap_or_default();
    assert!(
        written.is_empty(),
        "a half answer was handed over: {:?}",
        String::from_utf8_lossy(&written)
    );
    assert_eq!(named(&tmp, "uriscope-print-"), Vec::<String>::new());
}

/// `uriscope FILE --list --print | sleep 1000`, Ctrl-X: the answer is
/// larger than the pipe holds, so the guardian waits on its write once the
/// list view has ended; SIGTERM then ends it (it kept every signal
/// blocked, and the TERM stayed pending for ever).
#[test]
fn sigterm_ends_the_guardian_writing_to_a_pipe_nobody_reads() {
    if !tmux_available() {
        return;
    }
    let (scratch, list, tmp) = list_scratch("print-blocked", 20_000);
    let pid_file = scratch.0.join("guardian.pid");
    let wrap = wrapper(
        &scratch.0,
        &format!(
            "TMPDIR='{}' sh -c 'echo $$ > {}; exec \"$@\"' sh \"$@\" | sleep 1000",
            tmp.display(),
            pid_file.display()
        ),
    );
    let l = list.display().to_string();
    let t = Tmux::start(
        &["--list", &l, "--print"],
        &[("URISCOPE_WRAP", wrap.as_str())],
        100,
        30,
    );
    t.wait_text("20,000 of 20,000");
    let guardian: u32 = std::fs::read_to_string(&pid_file)
        .expect("the guardian's pid")
        .trim()
        .parse()
        .expect("a pid");
    t.key("C-x");
    // The list view has ended; the guardian writes (and waits).
    wait_until("the list view never ended", || {
        children_of(guardian).is_empty()
    });
    wait_until("the guardian is not waiting on its write", || {
        proc_state(guardian) == Some('S')
    });
    kill("TERM", guardian);
    wait_until("SIGTERM did not end the guardian", || ended(guardian));
    assert_eq!(named(&tmp, "uriscope-print-"), Vec::<String>::new());
}

/// `--list --print > out`, then `sig` sent to the guardian (or to the
/// list view's process): the answer's file is gone after the death.
fn print_file_gone_after(sig: &str, to_child: bool) {
    let (scratch, list, tmp) = list_scratch("print-death", 10);
    let out = scratch.0.join("out.txt");
    let wrap = wrapper(
        &scratch.0,
        &format!(
            "TMPDIR='{}' exec \"$@\" > '{}'",
            tmp.display(),
            out.display()
        ),
    );
    let l = list.display().to_string();
    let t = Tmux::start(
        &["--list", &l, "--print"],
        &[("URISCOPE_WRAP", wrap.as_str())],
        100,
        30,
    );
    t.wait_text("10 of 10");
    assert_eq!(named(&tmp, "uriscope-print-").len(), 1, "the answer's file");
    let pid = if to_child {
        explorer_pid(&t)
    } else {
        program_pid(&t)
    };
    kill(sig, pid);
    let (code, stty, s) = t.wait_exit();
    assert!(code > 128, "{sig}: {s}");
    t.assert_restored(&stty, &s);
    assert_eq!(
        named(&tmp, "uriscope-print-"),
        Vec::<String>::new(),
        "left behind after {sig} to the {}",
        if to_child { "list view" } else { "guardian" }
    );
    assert_eq!(std::fs::read(&out).unwrap_or_default(), b"");
}

#[test]
fn every_death_of_a_print_leaves_no_answer_file() {
    if !tmux_available() {
        return;
    }
    for sig in ["TERM", "HUP", "INT", "QUIT", "USR1"] {
        print_file_gone_after(sig, false);
    }
    for sig in ["TERM", "HUP", "INT", "KILL", "ABRT"] {
        print_file_gone_after(sig, true);
    }
}

/// SIGKILL to the guardian: the explorer ends with it (the kernel sends
/// it SIGHUP) and restores the terminal, instead of drawing over the
/// shell until the next key.
#[test]
fn sigkill_of_the_guardian_ends_the_explorer_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["http://example.com/"], &[], 80, 24);
    t.wait_text("valid URI");
    let guardian = program_pid(&t);
    let explorer = explorer_pid(&t);
    assert_ne!(guardian, explorer, "no guarded child");
    kill("KILL", guardian);
    wait_until("the explorer outlived its guardian", || ended(explorer));
    wait_until("the alternate screen is still on", || {
        t.format("#{alternate_on}") == "0"
    });
    assert_eq!(t.format("#{mouse_any_flag}"), "0");
}

/// `cat list | uriscope --print | wc -l` in an interactive shell:
/// SIGTSTP to the guardian stops the whole job (the shell says so and has
/// the terminal back); `fg` continues it, and Ctrl-X prints to `wc`.
#[test]
fn sigtstp_to_the_guardian_in_a_pipeline_stops_the_whole_job() {
    if !tmux_available() || !have("bash") {
        return;
    }
    let (_scratch, list, _tmp) = list_scratch("print-tstp", 7);
    let t = Tmux::start_command("bash --norc --noprofile -i", &[], 100, 30);
    t.wait_text("bash");
    t.type_text(&format!(
        "PS1='$ '; cat '{}' | \"$URISCOPE\" --print | wc -l",
        list.display()
    ));
    t.key("Enter");
    t.wait_text("7 of 7");
    kill("TSTP", program_pid(&t));
    t.wait_text("Stopped");
    assert_eq!(t.format("#{alternate_on}"), "0");
    t.type_text("fg");
    t.key("Enter");
    wait_until("fg did not bring the list back", || {
        t.format("#{alternate_on}") == "1"
    });
    t.wait_text("7 of 7");
    t.key("C-x");
    t.wait_for("wc's count", |s| s.lines().any(|l| l.trim() == "7"));
}

/// A `java` that starts a grandchild and hangs, ignoring SIGTERM, for both
/// Java engines of `uriscope confuse`; the pids of the engine and its
/// grandchild are written to `pids/`.
fn hanging_java(bin: &Path, pids: &Path) {
    fake_program(
        bin,
        "java",
        &format!(
            "if [ \"$1\" = -version ]; then echo 'openjdk version \"17.0.1\" 2021-10-19' >&2; exit 0; fi\n\
             trap '' TERM\n\
             /bin/sleep 600 & echo $! >> '{p}/grandchild'\n\
             echo $$ >> '{p}/engine'\n\
             while :; do /bin/sleep 1; done",
            p = pids.display()
        ),
    );
}

/// The pids in the file `name` of `pids`, one a line.
fn pids_in(pids: &Path, name: &str) -> Vec<u32> {
    std::fs::read_to_string(pids.join(name))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// `uriscope confuse URL` ended by the signal `how` while its engines
/// run (INT as Ctrl-C sends it: the engines lead groups of their own, so
/// the terminal's SIGINT reaches only `confuse`): their groups are killed
/// and their folders removed.
fn confuse_ended_by(how: &str) {
    let scratch = Scratch::new(&format!("confuse-{how}"));
    let root = &scratch.0;
    let (bin, tmp, pids) = (root.join("bin"), root.join("tmp"), root.join("pids"));
    for d in [&bin, &tmp, &pids] {
        std::fs::create_dir_all(d).expect("test dirs");
    }
    hanging_java(&bin, &pids);
    let wrap = format!("env PATH={} TMPDIR={}", bin.display(), tmp.display());
    let t = Tmux::start(
        &["confuse", "http://example.com/"],
        &[("URISCOPE_WRAP", &wrap)],
        120,
        30,
    );
    wait_until("the engines never ran", || {
        pids_in(&pids, "engine").len() == 2
            && pids_in(&pids, "grandchild").len() == 2
            && named(&tmp, "uriscope-engine-").len() == 2
    });
    kill(how, program_pid(&t));
    let (code, _, s) = t.wait_exit();
    assert!(code > 128, "{how}: {s}");
    let all: Vec<u32> = pids_in(&pids, "engine")
        .into_iter()
        .chain(pids_in(&pids, "grandchild"))
        .collect();
    wait_until(&format!("{how}: engines left running: {all:?}"), || {
        all.iter().all(|&p| ended(p))
    });
    assert_eq!(named(&tmp, "uriscope-engine-"), Vec::<String>::new());
}

#[test]
fn confuse_ended_by_a_signal_kills_its_engines_and_removes_their_folders() {
    if !tmux_available() {
        return;
    }
    for how in ["TERM", "HUP", "INT"] {
        confuse_ended_by(how);
    }
}

/// Ctrl-Y inside tmux with a `tmux` on PATH that never answers (and
/// starts a process of its own): the copy ends within the X clipboard's
/// time, by OSC 52, and no tmux command or child of one is left running,
/// then or after quitting.
#[test]
fn a_hung_tmux_command_holds_a_copy_briefly_and_leaves_nothing() {
    if !tmux_available() {
        return;
    }
    let scratch = Scratch::new("hung-tmux");
    let root = &scratch.0;
    let (bin, pids) = (root.join("bin"), root.join("pids"));
    for d in [&bin, &pids] {
        std::fs::create_dir_all(d).expect("test dirs");
    }
    fake_program(
        &bin,
        "tmux",
        &format!(
            "trap '' TERM\n/bin/sleep 600 & echo $! >> '{p}/child'\necho $$ >> '{p}/tmux'\n\
             while :; do /bin/sleep 1; done",
            p = pids.display()
        ),
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let wrap = format!("env PATH={path}");
    let t = Tmux::start(
        &["http://example.com/"],
        &[("URISCOPE_WRAP", &wrap), ("SSH_TTY", "/dev/pts/99")],
        200,
        30,
    );
    t.wait_text("valid URI");
    t.key("C-y");
    t.wait_text("copied input to the terminal clipboard (OSC 52) through tmux");
    let all: Vec<u32> = pids_in(&pids, "tmux")
        .into_iter()
        .chain(pids_in(&pids, "child"))
        .collect();
    assert!(!all.is_empty(), "the fake tmux never ran");
    wait_until(&format!("tmux commands left running: {all:?}"), || {
        all.iter().all(|&p| ended(p))
    });
    // A copy on its way at quit: its tmux command goes with the explorer.
    t.type_text("2");
    t.key("C-y");
    wait_until("the second copy's tmux never ran", || {
        pids_in(&pids, "tmux").len() > all.len() / 2
            && pids_in(&pids, "child").len() > all.len() / 2
    });
    t.key("C-c");
    t.expect_restored_exit(0);
    let all: Vec<u32> = pids_in(&pids, "tmux")
        .into_iter()
        .chain(pids_in(&pids, "child"))
        .collect();
    wait_until(&format!("orphaned at quit: {all:?}"), || {
        all.iter().all(|&p| ended(p))
    });
}
