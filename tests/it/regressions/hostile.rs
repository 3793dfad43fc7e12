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
    let (code, out, err) =
        run_uriscope_env(&["parse"], input.as_bytes(), &[("URISCOPE_THREADS", "30000")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("http://h/")).count(), 2000, "{out}");
    assert!(err.contains("URISCOPE_THREADS=30000 is more than the"), "{err}");
    let (n, _) = uriscope::cli::batches::thread_count(Some("30000"), 2);
    assert_eq!(n, 2);
}
