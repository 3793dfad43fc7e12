//! The out-of-process engines: finding them, and running one child per
//! engine per batch under the protocol described in the module above.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use serde_json::{Map, Value};

use super::{Availability, Engine, Outcome, Probe, Reading, PROBE_TIMEOUT};

const PYTHON: &str = include_str!("scripts/python_urllib.py");
const NODE: &str = include_str!("scripts/node_url.js");
const JAVA: &str = include_str!("scripts/JavaUri.java");
const GO: &str = include_str!("scripts/go_url.go");

/// How long a child that has answered (or closed its stdout) may take to
/// exit before it is killed.
const GRACE: Duration = Duration::from_secs(1);

/// How much of a child's stderr is kept for messages.
const STDERR_TAIL: usize = 2000;

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
                None => all_rejected(
                    self.count,
                    &format!("{} not found: {}", self.engine.name(), self.missing),
                ),
                Some(program) => self.run_program(program),
            }
        };
        (outcomes, start.elapsed())
    }

    /// This batch through `command`.
    fn exchange(&self, command: Command) -> Vec<Outcome> {
        exchange(
            command,
            Arc::clone(&self.input),
            self.count,
            self.deadline,
            self.timeout,
        )
    }

    fn run_program(&self, program: &Path) -> Vec<Outcome> {
        match self.engine {
            Engine::PythonUrllib => {
                let mut c = Command::new(program);
                // -I: isolated, no PYTHON* variables, no user site.
                c.args(["-I", "-c", PYTHON]);
                self.exchange(c)
            }
            Engine::NodeWhatwg | Engine::NodeLegacy => {
                let mode = if self.engine == Engine::NodeLegacy {
                    "legacy"
                } else {
                    "whatwg"
                };
                let mut c = Command::new(program);
                c.args(["--no-deprecation", "-e", NODE, "--", mode]);
                self.exchange(c)
            }
            Engine::JavaUri => {
                let dir = match TempDir::new() {
                    Ok(d) => d,
                    Err(e) => {
                        return all_rejected(self.count, &format!("no temporary folder: {e}"))
                    }
                };
                let source = dir.0.join("JavaUri.java");
                if let Err(e) = std::fs::write(&source, JAVA) {
                    return all_rejected(self.count, &format!("could not write the script: {e}"));
                }
                let mut c = Command::new(program);
                c.args([
                    "-XX:+IgnoreUnrecognizedVMOptions",
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-XX:-UsePerfData",
                    "-Xshare:auto",
                ])
                .arg(&source)
                .current_dir(&dir.0);
                self.exchange(c)
            }
            Engine::GoNetUrl => self.run_go(program),
            Engine::Rfc3986 | Engine::Whatwg | Engine::HttpUri => all_rejected(
                self.count,
                &format!("{} runs in process", self.engine.name()),
            ),
        }
    }

    /// `go build` in a temporary module, then the binary: one process that
    /// can be killed (`go run` would leave its child running).
    fn run_go(&self, go: &Path) -> Vec<Outcome> {
        let dir = match TempDir::new() {
            Ok(d) => d,
            Err(e) => return all_rejected(self.count, &format!("no temporary folder: {e}")),
        };
        let written = std::fs::write(dir.0.join("go_url.go"), GO).and_then(|()| {
            std::fs::write(dir.0.join("go.mod"), "module uriscopeengine\n\ngo 1.13\n")
        });
        if let Err(e) = written {
            return all_rejected(self.count, &format!("could not write the script: {e}"));
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
            Err(Failure::TimedOut) => return all_rejected(self.count, &timed_out(self.timeout)),
            Err(Failure::Other(e)) => {
                return all_rejected(self.count, &format!("go build failed: {e}"))
            }
            Ok(out) if !out.status.success() => {
                return all_rejected(
                    self.count,
                    &format!("go build failed: {}; {}", out.status, out.stderr),
                )
            }
            Ok(_) => {}
        }
        let mut c = Command::new(&binary);
        c.current_dir(&dir.0);
        self.exchange(c)
    }
}

/// Run `command`, a program that speaks the engines' protocol (one JSON
/// string per stdin line in, one JSON object per stdout line out), over
/// `urls`: one child for the whole batch, killed when `timeout` passes, in
/// which case every outcome is `Rejected("timed out …")`. Answers missing
/// because the child stopped early are `Rejected("engine gave no answer: …")`
/// with the tail of its stderr. stdin, stdout and stderr are set here.
///
/// This is what runs each out-of-process engine; it is public so that any
/// other parser can be run the same way (and the timeout tested).
pub fn run_command(command: Command, urls: &[&str], timeout: Duration) -> Vec<Outcome> {
    let deadline = Instant::now()
        .checked_add(timeout)
        .unwrap_or_else(super::far_future);
    exchange(
        command,
        Arc::new(encode(urls)),
        urls.len(),
        deadline,
        timeout,
    )
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

/// `count` copies of `Rejected(message)`.
pub(super) fn all_rejected(count: usize, message: &str) -> Vec<Outcome> {
    vec![Outcome::Rejected(message.to_owned()); count]
}

fn timed_out(timeout: Duration) -> String {
    format!(
        "timed out after {} ms: the engine was killed",
        timeout.as_millis()
    )
}

/// One child over a batch: spawn, feed, read, and kill at the deadline.
fn exchange(
    mut command: Command,
    input: Arc<Vec<u8>>,
    count: usize,
    deadline: Instant,
    timeout: Duration,
) -> Vec<Outcome> {
    if count == 0 {
        return Vec::new();
    }
    let name = command.get_program().to_string_lossy().into_owned();
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match command.spawn() {
        Ok(c) => c,
        Err(e) => return all_rejected(count, &format!("could not start {name}: {e}")),
    };
    let cap = answer_cap(&input);
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
        kill(&mut child);
        return all_rejected(count, &format!("could not start a thread: {e}"));
    }
    let left = deadline.saturating_duration_since(Instant::now());
    match answers.recv_timeout(left) {
        Ok(mut outcomes) => {
            let status = wait_until(&mut child, Instant::now() + GRACE);
            if outcomes.len() < count {
                let why = match status {
                    Some(s) => s.to_string(),
                    None => "it closed its output and was killed".to_owned(),
                };
                let stderr = tail.recv_timeout(GRACE).unwrap_or_default();
                let message = if stderr.is_empty() {
                    format!("engine gave no answer: {why}")
                } else {
                    format!("engine gave no answer: {why}; stderr: {stderr}")
                };
                outcomes.resize(count, Outcome::Rejected(message));
            }
            outcomes
        }
        Err(_) => {
            kill(&mut child);
            all_rejected(count, &timed_out(timeout))
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

fn spawn_detached(name: &str, f: impl FnOnce() + Send + 'static) -> io::Result<()> {
    thread::Builder::new()
        .name(name.to_owned())
        .spawn(f)
        .map(|_| ())
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
            Ok(Line::TooLong) => outcomes.push(Outcome::Rejected(format!(
                "engine gave an answer longer than {cap} bytes"
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

/// The last [`STDERR_TAIL`] bytes of a stream, as one trimmed line.
fn read_tail(stream: Option<impl Read>) -> String {
    let Some(mut stream) = stream else {
        return String::new();
    };
    let mut kept: Vec<u8> = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > 2 * STDERR_TAIL {
                    kept.drain(..kept.len() - STDERR_TAIL);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let start = kept.len().saturating_sub(STDERR_TAIL);
    let text = String::from_utf8_lossy(&kept[start..]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// Wait for `child` until `until`; kill it then. `None` when killed.
fn wait_until(child: &mut Child, until: Instant) -> Option<ExitStatus> {
    let mut nap = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) => {}
            Err(_) => {
                kill(child);
                return None;
            }
        }
        let now = Instant::now();
        if now >= until {
            kill(child);
            return None;
        }
        thread::sleep(nap.min(until - now));
        nap = (nap * 2).min(Duration::from_millis(20));
    }
}

enum Failure {
    TimedOut,
    Other(String),
}

struct Captured {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Run `command` with no input to its end (or kill it at `deadline`),
/// keeping the tails of its output.
fn capture(mut command: Command, deadline: Instant) -> Result<Captured, Failure> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .map_err(|e| Failure::Other(format!("could not start: {e}")))?;
    let (out_tx, out_rx) = mpsc::channel();
    let (err_tx, err_rx) = mpsc::channel();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let started = spawn_detached("engine probe stdout", move || {
        let _ = out_tx.send(read_tail(stdout));
    })
    .and_then(|()| {
        spawn_detached("engine probe stderr", move || {
            let _ = err_tx.send(read_tail(stderr));
        })
    });
    if let Err(e) = started {
        kill(&mut child);
        return Err(Failure::Other(format!("could not start a thread: {e}")));
    }
    let status = wait_until(&mut child, deadline).ok_or(Failure::TimedOut)?;
    Ok(Captured {
        status,
        stdout: out_rx.recv_timeout(GRACE).unwrap_or_default(),
        stderr: err_rx.recv_timeout(GRACE).unwrap_or_default(),
    })
}

/// A fresh folder under the system's temporary one, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> io::Result<TempDir> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let mut last = None;
        for _ in 0..16 {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!(
                "uriscope-engine-{}-{n}-{nanos:x}",
                std::process::id()
            ));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(TempDir(dir)),
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free name")))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Look for `name` on `PATH`: an executable file, nothing run.
pub(super) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .flat_map(|dir| {
            let plain = dir.join(name);
            let exe = cfg!(windows).then(|| dir.join(format!("{name}.exe")));
            std::iter::once(plain).chain(exe)
        })
        .find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
}

/// What probing one program found: its path and version line, or why not.
type Found = Result<(PathBuf, String), String>;

/// Probe every engine: the programs on `PATH`, their versions at once.
pub(super) fn probe_all() -> Vec<Probe> {
    let programs: Vec<&'static str> = {
        let mut p: Vec<_> = Engine::ALL.iter().filter_map(|e| e.program()).collect();
        p.dedup();
        p
    };
    let deadline = Instant::now() + PROBE_TIMEOUT;
    let found: Vec<(&str, Found)> = thread::scope(|scope| {
        let handles: Vec<_> = programs
            .iter()
            .map(|&name| {
                let handle = thread::Builder::new()
                    .name(format!("probe {name}"))
                    .spawn_scoped(scope, move || probe(name, deadline));
                (name, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(name, handle)| {
                let found = match handle {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|_| Err("the probe failed".to_owned())),
                    Err(_) => probe(name, deadline),
                };
                (name, found)
            })
            .collect()
    });
    Engine::ALL
        .iter()
        .map(|&engine| {
            let Some(name) = engine.program() else {
                return Probe {
                    availability: Availability {
                        engine,
                        found: true,
                        detail: in_process_detail(engine).to_owned(),
                    },
                    program: None,
                };
            };
            let result = found
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, f)| f.clone())
                .unwrap_or_else(|| Err(format!("{name} was not probed")));
            match result {
                Ok((path, version)) => Probe {
                    availability: Availability {
                        engine,
                        found: true,
                        detail: format!("{version} ({})", path.display()),
                    },
                    program: Some(path),
                },
                Err(why) => Probe {
                    availability: Availability {
                        engine,
                        found: false,
                        detail: why,
                    },
                    program: None,
                },
            }
        })
        .collect()
}

fn in_process_detail(engine: Engine) -> &'static str {
    match engine {
        Engine::Rfc3986 => concat!("in process: uriscope ", env!("CARGO_PKG_VERSION")),
        Engine::Whatwg => "in process: the `url` crate (2.x)",
        Engine::HttpUri => "in process: the `http` crate (1.x)",
        _ => "out of process",
    }
}

fn probe(name: &str, deadline: Instant) -> Found {
    let path = find_on_path(name).ok_or_else(|| format!("{name} is not on PATH"))?;
    let mut command = Command::new(&path);
    let shown = match name {
        "java" => "java -version",
        "go" => "go version",
        _ => "--version",
    };
    match name {
        "java" => command.arg("-version"),
        "go" => command.arg("version").env("GOTOOLCHAIN", "local"),
        _ => command.arg("--version"),
    };
    let at = path.display();
    let out = match capture(command, deadline) {
        Ok(out) => out,
        Err(Failure::TimedOut) => {
            return Err(format!("{name} at {at}: `{shown}` timed out"));
        }
        Err(Failure::Other(e)) => return Err(format!("{name} at {at}: `{shown}`: {e}")),
    };
    if !out.status.success() {
        return Err(format!(
            "{name} at {at}: `{shown}` failed ({}): {} {}",
            out.status, out.stdout, out.stderr
        ));
    }
    let text = format!("{} {}", out.stdout, out.stderr);
    let version = version_line(name, &text);
    if let Some(why) = unusable(name, &version) {
        return Err(format!("{name} at {at} is {version}: {why}"));
    }
    Ok((path, version))
}

/// The interesting part of a version output (already one line).
fn version_line(name: &str, text: &str) -> String {
    let text = text.trim();
    let short = match name {
        // `openjdk version "17.0.15" 2025-04-15 OpenJDK Runtime …`.
        // Every offset is into `text`: the closing quote's is found in
        // the rest and moved back, and a missing one ends the line.
        "java" => text
            .find("version \"")
            .map(|i| {
                let start = text[..i].trim_end().rfind(' ').map_or(0, |j| j + 1);
                let after = i + "version \"".len();
                let end = text[after..]
                    .find('"')
                    .map_or(text.len(), |j| after + j + 1);
                &text[start..end]
            })
            .unwrap_or(text),
        _ => text,
    };
    let short: String = short.chars().take(120).collect();
    if short.is_empty() {
        format!("{name} (no version given)")
    } else {
        short
    }
}

/// Why a found program cannot run its engine, if it cannot.
fn unusable(name: &str, version: &str) -> Option<&'static str> {
    match name {
        "python3" if !version.contains("Python 3") => Some("not a Python 3"),
        "java" => {
            let quoted = version.split('"').nth(1)?;
            let major: u32 = if let Some(rest) = quoted.strip_prefix("1.") {
                rest.split('.').next()?.parse().ok()?
            } else {
                quoted
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()?
            };
            (major < 11).then_some("java 11 or later is needed to run a single-file source")
        }
        _ => None,
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

    #[test]
    fn java_versions() {
        let v = version_line(
            "java",
            "openjdk version \"17.0.15\" 2025-04-15 OpenJDK Runtime",
        );
        assert_eq!(v, "openjdk version \"17.0.15\"");
        assert_eq!(unusable("java", &v), None);
        let old = version_line("java", "Picked up X java version \"1.8.0_392\" Java(TM)");
        assert_eq!(old, "java version \"1.8.0_392\"");
        assert!(unusable("java", &old).is_some());
        assert_eq!(unusable("python3", "Python 2.7.18"), Some("not a Python 3"));
        assert_eq!(unusable("node", "v20.1.0"), None);
    }

    /// A `java -version` whose quote never closes, after a long word
    /// (`x yyyyyyyyyy version "1`), cut the text at a `begin > end`
    /// slice and panicked the probe thread.
    #[test]
    fn java_version_without_a_closing_quote_does_not_panic() {
        let v = version_line("java", "x yyyyyyyyyy version \"1");
        assert_eq!(v, "yyyyyyyyyy version \"1");
        assert!(unusable("java", &v).is_some());
        for text in [
            "version \"",
            "a version \"17",
            "version \"17\"",
            "\"version \"",
        ] {
            let _ = version_line("java", text);
        }
    }
}
