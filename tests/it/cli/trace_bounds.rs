//! Regression tests for the review's quadratic traces: each runs the fixed
//! code on a large input and checks the size and shape of what comes back
//! (never a timing).

use uriscope::uri::trace::{EXCERPT_MAX, ROW_LIMIT};
use uriscope::uri::{relative::make_relative, relative::remove_dot_segments, trace};

/// Run uriscope with `line` on stdin (an argument is limited to 128 KB).
fn uriscope(args: &[&str], line: &str) -> String {
    crate::support::run_uriscope(args, format!("{line}\n").as_bytes()).1
}

/// Review: `resolve --trace` on a 100 KB reference wrote 10 GB (every row
/// held both whole buffers). Now rows are capped and long buffers elided.
#[test]
fn resolve_trace_of_100kb_reference_is_bounded() {
    let reference = "a/".repeat(50_000);
    let out = uriscope(
        &["resolve", "--base", "http://a/b/c", "--trace"],
        &reference,
    );
    assert!(out.len() < 2_000_000, "{} bytes of trace", out.len());
    assert!(out.contains("bytes elided]"), "no elision marker");
    // "/b" + 50 000 × "/a" + "/": one E row each, the first ROW_LIMIT kept.
    let omitted = 50_002 - ROW_LIMIT;
    assert!(
        out.contains(&format!("{omitted} more rows not recorded")),
        "no row marker"
    );
    // The target is still printed whole.
    assert!(out.contains(&format!("recomposed (§5.3) http://a/b/{reference}")));
}

/// The same bound on the library trace of a 1 MB path, with the rows that
/// are kept still exact (lengths) and the output complete.
#[test]
fn remove_dot_segments_traced_of_1mb_path_is_bounded() {
    let path = format!("/{}{}g", "seg/".repeat(200_000), "../".repeat(100_000));
    let t = trace::remove_dot_segments_traced(&path);
    assert_eq!(t.output, remove_dot_segments(&path));
    assert_eq!(t.steps.len(), ROW_LIMIT);
    assert_eq!(t.steps.len() + t.omitted, 300_001);
    for s in &t.steps {
        assert!(s.input.len() <= EXCERPT_MAX + 40 && s.output.len() <= EXCERPT_MAX + 40);
    }
    assert_eq!(t.steps[0].input_len, path.len() - 4);
}

/// Review: `relative` on a 100 KB target took 6.4 s and 4.9 GB, and a 1 MB
/// target ran out of memory (the proof traced every dot-segment row with
/// both whole buffers). Candidates are verified untraced; the one traced
/// proof is bounded.
#[test]
fn relative_of_1mb_target_is_linear() {
    let target = format!("http://a/{}", "a/".repeat(500_000));
    let r = make_relative("http://a/b/c", &target, Default::default()).expect("relative");
    // "/a/a/…" (the absolute path) is shorter than "../a/a/…".
    assert!(
        r.reference == format!("/{}", "a/".repeat(500_000)),
        "wrong reference"
    );
    assert!(
        r.proof.target == target,
        "the proof does not give the target"
    );
    let t = r.proof.dot_segments().expect("a dot-segment table");
    assert!(t.steps.len() <= ROW_LIMIT && t.omitted > 0);
}

/// Review: `resolve --rfc2396` on `'a/'*32000 + '../'*32000 + 'g'` took
/// 1.6 s (step 6e removed one `seg/../` per pass over the whole buffer) and
/// with `--trace` 18 s and 5 GB of output (one whole buffer per removal).
#[test]
fn rfc2396_step6_on_32000_dotdot_pairs_is_linear_and_bounded() {
    use uriscope::uri::rfc2396::{resolve, resolve_target, Options};
    let reference = format!("{}{}g", "a/".repeat(32_000), "../".repeat(32_000));
    let base = "http://a/b/c/d;p?q";
    let target = resolve_target(base, &reference, Options::default()).unwrap();
    assert_eq!(target, "http://a/b/c/g");
    let traced = resolve(base, &reference, Options::default()).unwrap();
    assert_eq!(traced.target, target);
    let rows_6e = traced.steps.iter().filter(|s| s.rule == "6e").count();
    assert_eq!(rows_6e, ROW_LIMIT + 1);
    let last = traced.steps.iter().rfind(|s| s.rule == "6e").unwrap();
    assert!(last
        .description
        .contains(&format!("{} more", 32_000 - ROW_LIMIT)));
    let bytes: usize = traced
        .steps
        .iter()
        .map(|s| s.buffer.len() + s.description.len())
        .sum();
    assert!(bytes < 2_000_000, "{bytes} bytes of trace");
    let out = uriscope(
        &["resolve", "--rfc2396", "--trace", "--base", base],
        &reference,
    );
    assert!(out.len() < 2_000_000, "{} bytes of output", out.len());
    assert!(out.trim_end().ends_with("target http://a/b/c/g"));
}

/// The explorer's Resolve pane on a reference with more rows than a trace
/// keeps: it draws the kept rows and says how many were not recorded.
#[test]
fn resolve_pane_draws_a_capped_trace() {
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use uriscope::explorer::app::{update, Action, App, Pane};
    // Against http://a/b/c/d;p?q: rows "/b", "/c", 1500 × "/a", "/".
    let mut a = App::new(&"a/".repeat(1500), None);
    update(&mut a, Action::FocusField(Pane::Resolve));
    // Tall enough for the 200-row window, the marker below it and the target.
    let mut t = Terminal::new(TestBackend::new(100, 260)).expect("backend");
    t.draw(|f| f.render_widget(&a, f.area())).expect("draw");
    let s = t.backend().to_string();
    assert!(
        s.contains(&format!("row {ROW_LIMIT} of {ROW_LIMIT}")),
        "{s}"
    );
    assert!(
        s.contains(&format!("{} more row(s) not recorded", 1503 - ROW_LIMIT)),
        "no marker"
    );
}
