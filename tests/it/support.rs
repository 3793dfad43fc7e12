//! Helpers shared by the integration tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// Run the `uriscope` binary with `args` and `stdin`; returns
/// (exit code, stdout, stderr). Output that is not UTF-8 is shown lossy.
pub fn run_uriscope(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run_uriscope_env(args, stdin, &[])
}

/// [`run_uriscope`] with the environment variables `env` set.
pub fn run_uriscope_env(
    args: &[&str],
    stdin: &[u8],
    env: &[(&str, &str)],
) -> (i32, String, String) {
    run_program(
        std::path::Path::new(env!("CARGO_BIN_EXE_uriscope")),
        args,
        stdin,
        env,
    )
}

/// Run the `uriscope` binary with `args`, no stdin, and `stdout` as its
/// standard output (`/dev/full`, a pipe whose reader is gone); returns
/// (exit code, stderr).
pub fn run_uriscope_to(args: &[&str], stdout: Stdio) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_uriscope"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A standard output that fails every write with "no space left on device".
pub fn dev_full() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens")
        .into()
}

/// A standard output whose reader has already gone: every write is a
/// broken pipe, as after `| head -1` has read its line.
pub fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer.into()
}

/// Say that the running test skipped a part, or all of itself, for want of
/// a tool (`why`: "tmux not found"), where a person running `cargo test`
/// sees it. Written straight to the process's stderr, with the test's
/// name: libtest keeps a passing test's `eprintln!` to itself unless
/// `--nocapture` is given, so a skip read as a plain "ok". Under
/// `CI=true` the callers fail instead (`.ci/run` installs every tool).
pub fn skipped(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    // Not captured by libtest (its capture takes print! and eprint!).
    let _ = writeln!(
        std::io::stderr().lock(),
        "SKIPPED (in part) {test}: {why}; install it to run this"
    );
}

/// Run the binary under the name `trurl` (a symlink to it, made once in
/// the target's temporary directory), as a user who installed the link
/// runs it; returns (exit code, stdout, stderr).
pub fn run_trurl(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run_program(trurl_link(), args, stdin, &[])
}

/// A link named `trurl` to the binary, made once in the target's
/// temporary directory.
pub fn trurl_link() -> &'static std::path::Path {
    static LINK: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    LINK.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("trurl-link");
        std::fs::create_dir_all(&dir).expect("the link's directory");
        let link = dir.join(if cfg!(windows) { "trurl.exe" } else { "trurl" });
        let _ = std::fs::remove_file(&link);
        #[cfg(unix)]
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_uriscope"), &link).expect("the link");
        #[cfg(not(unix))]
        std::fs::copy(env!("CARGO_BIN_EXE_uriscope"), &link).expect("the copy");
        link
    })
}

/// Run `program` with `args` through `sh`, which applies the shell
/// redirections `redirect` (`>&-`, `<&-`, `2>&-`, `>/dev/null`) and then
/// runs it in its place: `std::process::Command` cannot start a child
/// with a descriptor closed. `stdin` is written to the child unless
/// `redirect` takes its standard input away; returns (exit code, stdout,
/// stderr), lossy.
pub fn run_redirected(
    program: &std::path::Path,
    args: &[&str],
    redirect: &str,
    stdin: &[u8],
) -> (i32, String, String) {
    let mut sh = Command::new("sh");
    sh.arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(program)
        .args(args);
    run_command(sh, stdin)
}

/// Run `program` with `args`, `stdin` and the environment `env`; returns
/// (exit code, stdout, stderr), lossy.
fn run_program(
    program: &std::path::Path,
    args: &[&str],
    stdin: &[u8],
    env: &[(&str, &str)],
) -> (i32, String, String) {
    let mut cmd = Command::new(program);
    cmd.args(args).envs(env.iter().copied());
    run_command(cmd, stdin)
}

/// Run `cmd` with `stdin` written to it; returns (exit code, stdout,
/// stderr), lossy.
fn run_command(mut cmd: Command, stdin: &[u8]) -> (i32, String, String) {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from a thread: a streaming subcommand answers while it
    // reads, and would block on a full stdout pipe while we block on stdin.
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A command that does not read stdin may exit before it is written.
    let writer = std::thread::spawn(move || match pipe.write_all(&input) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer
        .join()
        .expect("the writer thread")
        .expect("stdin takes the input");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[path = "../../crates/uriscope-core/tests/it/same_case.rs"]
mod same_case;
pub use same_case::same_up_to_scheme_and_host_case;
