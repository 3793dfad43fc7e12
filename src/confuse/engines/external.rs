//! The out-of-process engines: running one child per engine per batch
//! under the protocol described in the module above (finding them is
//! `probe.rs`; their processes and folders, `processes.rs`).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use super::launch::{launch, Launch, GO, JAVA};
use super::processes::{capture, read_tail, spawn_detached, Failure, Group, TempDir, GRACE};
use super::{Engine, Outcome, Reading};

/// How many times a batch may be handed to a fresh child after a crash.
pub(super) const RESTARTS: usize = 16;

/// One out-of-process engine's part of a batch.
#[derive(Clone, Debug)]
pub(super) struct Job {
    pub(super) engine: Engine,
    /// The program found on `PATH`, or `None` when missing.
    pub(super) program: Option<PathBuf>,
    /// Why it is missing, when it is.
    pub(super) missing: String,
    /// The JSON lines for stdin.
    pub(super) input: Arc<Vec<u8>>,
    /// How many URLs (lines) there are.
    pub(super) count: usize,
    pub(super) deadline: Instant,
    pub(super) timeout: Duration,
}

impl Job {
    /// The outcomes, one per URL, and the time taken.
    pub(super) fn run(&self) -> (Vec<Outcome>, Duration) {
        let start = Instant::now();
        let outcomes = if self.count == 0 {
            Vec::new()
        } else {
            match &self.program {
                None => all_failed(
                    self.count,
                    &format!("{} not found: {}", self.engine.name(), self.missing),
                ),
                Some(program) => self.run_program(program),
            }
        };
        (outcomes, start.elapsed())
    }

    /// This batch through the commands `make` builds (one per child).
    fn exchange(&self, make: &dyn Fn() -> Command) -> Vec<Outcome> {
        exchange(
            make,
            Arc::clone(&self.input),
            self.count,
            self.deadline,
            self.timeout,
        )
    }

    fn run_program(&self, program: &Path) -> Vec<Outcome> {
        if self.engine.in_process() {
            return all_failed(
                self.count,
                &format!("{} runs in process", self.engine.name()),
            );
        }
        match launch(self.engine) {
            Launch::Args(args) => self.exchange(&|| {
                let mut c = Command::new(program);
                c.args(&args);
                c
            }),
            Launch::JavaSource(mode) => {
                let dir = match TempDir::new() {
                    Ok(d) => d,
                    Err(e) => return all_failed(self.count, &format!("no temporary folder: {e}")),
                };
                let source = dir.0.join("JavaNet.java");
                if let Err(e) = std::fs::write(&source, JAVA) {
                    return all_failed(self.count, &format!("could not write the script: {e}"));
                }
                self.exchange(&|| {
                    let mut c = Command::new(program);
                    c.args([
                        "-XX:+IgnoreUnrecognizedVMOptions",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:-UsePerfData",
                        "-Xshare:auto",
                    ])
                    .arg(&source)
                    .arg(mode)
                    .current_dir(&dir.0);
                    c
                })
            }
            Launch::GoBuild => self.run_go(program),
        }
    }

    /// `go build` in a temporary module, then the binary: one process that
    /// can be killed (`go run` would leave its child running).
    fn run_go(&self, go: &Path) -> Vec<Outcome> {
        let dir = match TempDir::new() {
            Ok(d) => d,
            Err(e) => return all_failed(self.count, &format!("no temporary folder: {e}")),
        };
        let written = std::fs::write(dir.0.join("go_url.go"), GO).and_then(|()| {
            std::fs::write(dir.0.join("go.mod"), "module uriscopeengine\n\ngo 1.13\n")
        });
        if let Err(e) = written {
            return all_failed(self.count, &format!("could not write the script: {e}"));
        }
        let binary = dir.0.join(if cfg!(windows) {
            "go_url.exe"
        } else {
            "go_url"
        });
        let mut build = Command::new(go);
        build
            .args(["build", "-o"])
            .arg(&binary)
            .arg(".")
            .current_dir(&dir.0)
            .env("GOTOOLCHAIN", "local")
            .env("GOWORK", "off")
            .env("GOFLAGS", "-mod=mod");
        match capture(build, self.deadline) {
            Err(Failure::TimedOut) => return all_failed(self.count, &timed_out(self.timeout)),
            Err(Failure::Other(e)) => {
                return all_failed(self.count, &format!("go build failed: {e}"))
            }
            Ok(out) if !out.status.success() => {
                return all_failed(
                    self.count,
                    &format!("go build failed: {}; {}", out.status, out.stderr),
                )
            }
            Ok(_) => {}
        }
        self.exchange(&|| {
            let mut c = Command::new(&binary);
            c.current_dir(&dir.0);
            c
        })
    }
}

/// Run `command`, a program that speaks the engines' protocol (one JSON
/// string per stdin line in, one JSON object per stdout line out), over
/// `urls`: one child for the whole batch, killed when `timeout` passes, in
/// which case every outcome left is `Failed("timed out …")`. A child that
/// ends early has the URL it stopped at answered `Failed("engine gave no
/// answer: …")` with how it ended and the tail of its stderr, and the rest
/// go to a fresh child (the command run again). stdin, stdout and stderr
/// are set here.
///
/// This is what runs each out-of-process engine; it is public so that any
/// other parser can be run the same way (and the timeout tested).
pub fn run_command(command: Command, urls: &[&str], timeout: Duration) -> Vec<Outcome> {
    let deadline = Instant::now()
        .checked_add(timeout)
        .unwrap_or_else(super::far_future);
    // The same program, arguments, folder and environment for every child.
    let make = || {
        let mut c = Command::new(command.get_program());
        c.args(command.get_args());
        if let Some(dir) = command.get_current_dir() {
            c.current_dir(dir);
        }
        for (k, v) in command.get_envs() {
            match v {
                Some(v) => c.env(k, v),
                None => c.env_remove(k),
            };
        }
        c
    };
    exchange(&make, Arc::new(encode(urls)), urls.len(), deadline, timeout)
}

/// The stdin of a batch: each URL as a JSON string, one a line.
pub(super) fn encode(urls: &[&str]) -> Vec<u8> {
    let mut out = Vec::with_capacity(urls.iter().map(|u| u.len() + 3).sum());
    for url in urls {
        // Writing a string into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut out, url);
        out.push(b'\n');
    }
    out
}

/// `count` copies of `Failed(message)`.
pub(super) fn all_failed(count: usize, message: &str) -> Vec<Outcome> {
    vec![Outcome::Failed(message.to_owned()); count]
}

fn timed_out(timeout: Duration) -> String {
    format!(
        "timed out after {} ms: the engine was killed",
        timeout.as_millis()
    )
}

/// How one child's run over (the rest of) a batch ended.
enum Run {
    /// Every URL answered.
    Done(Vec<Outcome>),
    /// The child ended early: the answers it gave, and why it ended.
    Ended(Vec<Outcome>, String),
    /// Killed at the deadline, or never started: the answers it gave, and
    /// the message for the rest.
    Stopped(Vec<Outcome>, String),
}

/// A batch through children made by `make`: one child, and after a crash
/// a fresh one for the URLs after the one it stopped at.
fn exchange(
    make: &dyn Fn() -> Command,
    input: Arc<Vec<u8>>,
    count: usize,
    deadline: Instant,
    timeout: Duration,
) -> Vec<Outcome> {
    let mut outcomes = Vec::with_capacity(count);
    let mut input = input;
    let mut restarts = 0;
    while outcomes.len() < count {
        let left = count - outcomes.len();
        match exchange_once(make(), Arc::clone(&input), left, deadline, timeout) {
            Run::Done(answers) => outcomes.extend(answers),
            Run::Stopped(answers, why) => {
                outcomes.extend(answers);
                outcomes.resize(count, Outcome::Failed(why));
            }
            Run::Ended(answers, why) => {
                let answered = answers.len();
                outcomes.extend(answers);
                // The first child answered nothing: the engine is broken,
                // not the URL. After RESTARTS crashes, the rest is left.
                let again = (answered > 0 || restarts > 0) && restarts < RESTARTS;
                if !again {
                    outcomes.resize(count, Outcome::Failed(why));
                    break;
                }
                outcomes.push(Outcome::Failed(format!("{why} (at this URL)")));
                restarts += 1;
                input = Arc::new(lines_after(&input, answered + 1).to_vec());
            }
        }
    }
    outcomes.truncate(count);
    outcomes
}

/// The input after its first `n` lines.
fn lines_after(input: &[u8], n: usize) -> &[u8] {
    let mut rest = input;
    for _ in 0..n {
        match memchr::memchr(b'\n', rest) {
            Some(i) => rest = &rest[i + 1..],
            None => return &[],
        }
    }
    rest
}

/// One child over `count` lines of `input`: spawn, feed, read, and kill
/// at the deadline.
fn exchange_once(
    mut command: Command,
    input: Arc<Vec<u8>>,
    count: usize,
    deadline: Instant,
    timeout: Duration,
) -> Run {
    if count == 0 {
        return Run::Done(Vec::new());
    }
    let name = command.get_program().to_string_lossy().into_owned();
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group = match Group::spawn(command) {
        Ok(g) => g,
        Err(e) => return Run::Stopped(Vec::new(), format!("could not start {name}: {e}")),
    };
    let cap = answer_cap(&input);
    let child = group.child();
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let (answers_tx, answers) = mpsc::channel();
    let (tail_tx, tail) = mpsc::channel();
    // The helper threads are detached: one stuck on a pipe that some
    // grandchild keeps open never holds the caller.
    let started = spawn_detached("engine stdin", move || {
        if let Some(mut stdin) = stdin {
            // A child that stops reading (a crash) closes the pipe: the
            // error is expected and its answers tell the rest.
            let _ = stdin.write_all(&input);
        }
    })
    .and_then(|()| {
        spawn_detached("engine stdout", move || {
            read_answers(stdout, count, cap, &answers_tx)
        })
    })
    .and_then(|()| {
        spawn_detached("engine stderr", move || {
            let _ = tail_tx.send(read_tail(stderr));
        })
    });
    if let Err(e) = started {
        // Dropping the group kills it.
        return Run::Stopped(Vec::new(), format!("could not start a thread: {e}"));
    }
    let left = deadline.saturating_duration_since(Instant::now());
    match answers.recv_timeout(left) {
        Ok(outcomes) if outcomes.len() >= count => {
            // Reaped (and its group killed) within the grace time.
            let _ = group.wait_until(Instant::now() + GRACE);
            Run::Done(outcomes)
        }
        Ok(outcomes) => {
            let status = group.wait_until(Instant::now() + GRACE);
            let why = match status {
                Some(s) => format!("it ended ({s})"),
                None => "it closed its output and was killed".to_owned(),
            };
            let stderr = tail.recv_timeout(GRACE).unwrap_or_default();
            let message = if stderr.is_empty() {
                format!("engine gave no answer: {why}")
            } else {
                format!("engine gave no answer: {why}; stderr: {stderr}")
            };
            Run::Ended(outcomes, message)
        }
        Err(_) => {
            group.kill();
            Run::Stopped(Vec::new(), timed_out(timeout))
        }
    }
}

/// The longest answer line read: well above what any engine says about
/// the longest input, and bounded.
fn answer_cap(input: &[u8]) -> usize {
    let longest = input
        .split(|&b| b == b'\n')
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0);
    longest.saturating_mul(16).saturating_add(1 << 20)
}

/// Read up to `count` answer lines, send them (at `count` or at the end of
/// the output, whichever comes first), then drain the rest.
fn read_answers(
    stdout: Option<impl Read>,
    count: usize,
    cap: usize,
    tx: &mpsc::Sender<Vec<Outcome>>,
) {
    let Some(stdout) = stdout else {
        let _ = tx.send(Vec::new());
        return;
    };
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut outcomes = Vec::with_capacity(count.min(1 << 16));
    let mut line = Vec::new();
    while outcomes.len() < count {
        line.clear();
        match read_line_capped(&mut reader, &mut line, cap) {
            Ok(Line::Eof) | Err(_) => break,
            Ok(Line::Full) => outcomes.push(parse_answer(&line)),
            // Not a reading of the URL: no answer, as a crash is.
            Ok(Line::TooLong) => outcomes.push(Outcome::Failed(format!(
                "engine gave no answer: its answer is longer than {cap} bytes"
            ))),
        }
    }
    let _ = tx.send(outcomes);
    let _ = io::copy(&mut reader, &mut io::sink());
}

enum Line {
    Eof,
    Full,
    TooLong,
}

/// One line (without its `\n`) into `line`, or `TooLong` (and the line
/// skipped) past `cap` bytes.
fn read_line_capped(r: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    let mut any = false;
    let mut too_long = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Line::Eof,
                (true, true) => Line::TooLong,
                (true, false) => Line::Full,
            });
        }
        any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if !too_long {
            if line.len().saturating_add(chunk.len()) > cap {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = newline.map_or(buf.len(), |i| i + 1);
        r.consume(used);
        if newline.is_some() {
            return Ok(if too_long { Line::TooLong } else { Line::Full });
        }
    }
}

/// One answer line: `{"ok":true,…}` or `{"ok":false,"error":…}`.
fn parse_answer(line: &[u8]) -> Outcome {
    let unreadable = |why: &str| {
        let shown = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
        Outcome::Rejected(format!("engine gave an unreadable answer ({why}): {shown}"))
    };
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return unreadable(&e.to_string()),
    };
    let Some(object) = value.as_object() else {
        return unreadable("not an object");
    };
    match object.get("ok") {
        Some(Value::Bool(true)) => Outcome::Parsed(Reading {
            scheme: field(object, "scheme"),
            userinfo: field(object, "userinfo"),
            host: field(object, "host"),
            port: field(object, "port"),
            path: field(object, "path"),
            query: field(object, "query"),
            fragment: field(object, "fragment"),
            note: None,
        }),
        Some(Value::Bool(false)) => Outcome::Rejected(
            object
                .get("error")
                .and_then(Value::as_str)
                .unwrap_or("the engine refused it without a message")
                .to_owned(),
        ),
        _ => unreadable("no \"ok\""),
    }
}

fn field(object: &Map<String, Value>, key: &str) -> Option<String> {
    match object.get(key)? {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_keeps_every_character_on_one_line() {
        let e = encode(&["a\nb", "\"\u{0}\r\u{2028}é"]);
        let text = String::from_utf8(e).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(serde_json::from_str::<String>(lines[0]).unwrap(), "a\nb");
        assert_eq!(
            serde_json::from_str::<String>(lines[1]).unwrap(),
            "\"\u{0}\r\u{2028}é"
        );
    }

    #[test]
    fn answers_parse_or_say_why_not() {
        let o = parse_answer(br#"{"ok":true,"scheme":"http","host":null,"port":80}"#);
        let r = o.reading().unwrap();
        assert_eq!(r.scheme.as_deref(), Some("http"));
        assert_eq!(r.host, None);
        assert_eq!(r.port.as_deref(), Some("80"));
        assert_eq!(r.path, None);
        assert_eq!(
            parse_answer(br#"{"ok":false,"error":"nope"}"#),
            Outcome::Rejected("nope".into())
        );
        for bad in [&b"[1]"[..], b"{", b"", b"\"\\ud800\"", b"{\"ok\":1}"] {
            assert!(parse_answer(bad)
                .error()
                .unwrap()
                .starts_with("engine gave an unreadable answer"));
        }
    }

    #[test]
    fn an_answer_over_the_cap_is_no_answer_not_a_rejection() {
        let (tx, rx) = mpsc::channel();
        let out = format!("{}\n{{\"ok\":false,\"error\":\"nope\"}}\n", "x".repeat(64));
        read_answers(Some(io::Cursor::new(out.into_bytes())), 2, 32, &tx);
        let got = rx.recv().unwrap();
        assert!(
            matches!(&got[0], Outcome::Failed(e) if e.starts_with("engine gave no answer")),
            "{:?}",
            got[0]
        );
        assert_eq!(got[1], Outcome::Rejected("nope".into()));
    }

    #[test]
    fn lines_are_capped() {
        let mut r = io::Cursor::new(b"short\nxxxxxxxxxxxxxxxx\nlast".to_vec());
        let mut line = Vec::new();
        assert!(matches!(
            read_line_capped(&mut r, &mut line, 8),
            Ok(Line::Full)
        ));
        assert_eq!(line, b"short");
        line.clear();
        assert!(matches!(
            read_line_capped(&mut r, &mut line, 8),
            Ok(Line::TooLong)
        ));
        line.clear();
        assert!(matches!(
            read_line_capped(&mut r, &mut line, 8),
            Ok(Line::Full)
        ));
        assert_eq!(line, b"last");
        line.clear();
        assert!(matches!(
            read_line_capped(&mut r, &mut line, 8),
            Ok(Line::Eof)
        ));
    }
}
