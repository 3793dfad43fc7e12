//! The second hostile pass (issue 38) on what is not the explorer's
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
    use uriscope::app::{update, Action, App};
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
