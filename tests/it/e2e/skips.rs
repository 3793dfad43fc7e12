//! A test that skips for want of a tool says so in a plain `cargo test`
//! run: it printed "ok" and its `eprintln!` went
//! nowhere, so a contributor could not tell what did not run.

/// This very test binary, run again on one tmux test with a PATH that
/// holds no tmux, as `cargo test` runs it (output captured).
#[test]
fn regression_a_test_skipped_for_want_of_tmux_says_so_without_nocapture() {
    if std::env::var_os("URISCOPE_SKIP_CHILD").is_some() {
        return;
    }
    let empty = std::env::temp_dir().join(format!("uriscope-no-tools-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("a temp dir");
    let out = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args(["e2e::tmux::type_a_uri_and_read_the_breakdown", "--exact"])
        .env("PATH", &empty)
        .env("URISCOPE_SKIP_CHILD", "1")
        .env_remove("CI")
        .output()
        .expect("the test binary runs");
    let _ = std::fs::remove_dir_all(&empty);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "SKIPPED (in part) e2e::tmux::type_a_uri_and_read_the_breakdown: tmux not found"
        ),
        "{text}"
    );
}
