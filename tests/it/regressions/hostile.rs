//! The second hostile pass on what is not the explorer's
//! screen: the thread count, the config and history files, the engines'
//! processes and folders, the editor's undo. The explorer's own points
//! are driven in tmux (`tests/it/e2e/faults.rs`).

use crate::support::run_uriscope_env;

/// `URISCOPE_THREADS=30000 uriscope parse` aborted (thousands of helper
/// threads, each a stack): the count is capped at the machine's cores,
/// and the cap is said on stderr.
#[test]
fn uriscope_threads_30000_is_capped_at_the_cores() {
    let input: String = (0..2000).map(|i| format!("http://h/{i}\n")).collect();
    let (code, out, err) = run_uriscope_env(
        &["parse"],
        input.as_bytes(),
        &[("URISCOPE_THREADS", "30000")],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("http://h/")).count(),
        2000,
        "{out}"
    );
    assert!(
        err.contains("URISCOPE_THREADS=30000 is more than the"),
        "{err}"
    );
    let (n, _) = uriscope::cli::batches::thread_count(Some("30000"), 2);
    assert_eq!(n, 2);
}

/// A link over 8 MiB pasted into the input is two edits (the paste, then
/// the brackets taken off): the first Ctrl-Z brought the raw paste back,
/// the second said "nothing to undo" and the text before the paste was
/// gone. Each Ctrl-Z now takes back one of them.
#[test]
fn a_9_mib_link_pasted_and_unwrapped_undoes_back_to_the_text_before_it() {
    use uriscope::explorer::app::{update, Action, App};
    let mut app = App::new("http://before/", None);
    let link = format!("<http://x/{}>", "a".repeat(9 << 20));
    update(&mut app, Action::Paste(link.clone()));
    assert!(app.input.text().starts_with("http://before/http://x/aaa"));
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text().len(), "http://before/".len() + link.len());
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), "http://before/");
    // Typing after the paste: the paste is still one Ctrl-Z further back.
    update(&mut app, Action::Paste("b".repeat(9 << 20)));
    update(&mut app, Action::Insert('z'));
    update(&mut app, Action::Undo);
    update(&mut app, Action::Undo);
    assert_eq!(app.input.text(), "http://before/");
}

mod history {
    use uriscope::explorer::app::{update, Action, App};
    use uriscope::explorer::clipboard::FakeClipboard;
    use uriscope::explorer::{open_history, run_effect};

    fn dir(name: &str) -> std::path::PathBuf {
        let d =
            std::env::temp_dir().join(format!("uriscope-hostile-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// An explorer as `explorer::run` opens it, its history in `path`.
    fn explorer(path: &std::path::Path) -> App {
        let mut app = App::new("", None);
        open_history(&mut app, path);
        assert_eq!(app.history_file.as_deref(), Some(path));
        app
    }

    /// Enter on `text` in the input line, and the effect carried out.
    fn keep(app: &mut App, text: &str) {
        app.input.set_text(text);
        let effect = update(app, Action::Commit);
        run_effect(app, effect, &mut FakeClipboard::default());
    }

    /// Two explorers keeping inputs each wrote the file from their own
    /// memory: the last writer won, the other's entries were lost.
    #[test]
    fn two_explorers_keeping_inputs_keep_both_sides() {
        let dir = dir("two");
        let path = dir.join("history");
        let (mut a, mut b) = (explorer(&path), explorer(&path));
        for i in 0..5 {
            keep(&mut a, &format!("http://a/{i}"));
            keep(&mut b, &format!("http://b/{i}"));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for i in 0..5 {
            assert!(text.contains(&format!("http://a/{i}\n")), "{text}");
            assert!(text.contains(&format!("http://b/{i}\n")), "{text}");
        }
        // A third explorer started now sees them all.
        assert_eq!(explorer(&path).history.entries.len(), 10);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An input typed (with its token), then replaced by an example, was
    /// written to the file at the next Enter with everything else of the
    /// session: only inputs kept with Enter reach it.
    #[test]
    fn an_input_replaced_by_an_example_never_reaches_the_history_file() {
        let dir = dir("example");
        let path = dir.join("history");
        let mut app = explorer(&path);
        app.input.set_text("https://api.example/?token=SECRET");
        update(&mut app, Action::Examples);
        update(&mut app, Action::ListPick);
        assert_ne!(app.input.text(), "https://api.example/?token=SECRET");
        assert!(app.history.entries.len() >= 2, "the session still has both");
        keep(&mut app, "http://kept/");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "http://kept/\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A history file over the cap is loaded from its newest lines and
    /// left as it was; an input over the entry cap stays in the session,
    /// and the status line says why.
    #[test]
    fn a_history_over_the_caps_is_never_rewritten() {
        let dir = dir("caps");
        let path = dir.join("history");
        std::fs::create_dir_all(&dir).unwrap();
        let huge: String = (0..uriscope::explorer::history::MAX_FILE / 32 + 1)
            .map(|i| format!("http://h/{i:022}\n"))
            .collect();
        std::fs::write(&path, &huge).unwrap();
        let mut app = App::new("", None);
        open_history(&mut app, &path);
        assert_eq!(app.history_file, None);
        assert!(app.status.as_ref().unwrap().text.contains("over the"));
        assert_eq!(app.history.entries.len(), uriscope::explorer::history::MAX);
        std::fs::write(&path, "http://small/\n").unwrap();
        let mut app = explorer(&path);
        let long = format!(
            "http://h/{}",
            "x".repeat(uriscope::explorer::history::MAX_ENTRY)
        );
        keep(&mut app, &long);
        let status = app.status.as_ref().unwrap().text.clone();
        assert!(status.contains("this session only"), "{status}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "http://small/\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

mod engines {
    use std::process::Command;
    use std::time::{Duration, Instant};

    /// Whether process `pid` is gone (or a zombie waiting to be reaped).
    fn gone(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |s| {
            s.rsplit_once(')')
                .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
        })
    }

    fn wait_gone(pid: u32) {
        let start = Instant::now();
        while !gone(pid) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "grandchild {pid} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// An engine (here a shell standing for a wrapper script) that starts
    /// a grandchild: `run_command` kills the whole group, at the timeout
    /// and after a normal answer alike. Killing the child alone left the
    /// grandchild running.
    #[test]
    fn a_timed_out_or_finished_engine_leaves_no_grandchild() {
        let dir = std::env::temp_dir().join(format!("uriscope-grandchild-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, then) in [
            ("hangs", "sleep 600"),
            ("answers", "read l; echo '{\"ok\":false,\"error\":\"no\"}'"),
        ] {
            let pidfile = dir.join(name);
            let script = format!("sleep 600 & echo $! > '{}'; {then}", pidfile.display());
            let mut c = Command::new("sh");
            c.args(["-c", &script]);
            let out =
                uriscope::confuse::engines::run_command(c, &["http://h/"], Duration::from_secs(2));
            assert_eq!(out.len(), 1);
            if name == "hangs" {
                assert!(out[0].error().unwrap().contains("timed out"), "{out:?}");
            } else {
                assert_eq!(out[0].error(), Some("no"));
            }
            let pid: u32 = std::fs::read_to_string(&pidfile)
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            wait_gone(pid);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
