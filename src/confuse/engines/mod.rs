//! The engines: real URL parsers, run on the same inputs so that their
//! readings can be set side by side. Never imitated: every answer here
//! comes from the parser itself.
//!
//! # The engines
//!
//! In process (always there):
//!
//! - [`Engine::Rfc3986`]: uriscope's own RFC 3986 parser
//!   ([`crate::uri::parse`](fn@crate::uri::parse), then [`UriRef::parse_with`](crate::uri::UriRef::parse_with) with `.iri(true)` when that fails).
//! - [`Engine::Whatwg`]: the WHATWG URL Standard, as the `url` crate
//!   implements it (what Servo and much of the Rust ecosystem use).
//! - [`Engine::HttpUri`]: `http::Uri`, the request target a Rust HTTP server
//!   (hyper, axum, …) sees.
//!
//! Out of process, when the program (and for some the library) is there
//! (see [`available`]; each engine's script says which version answers):
//!
//! - [`Engine::PythonUrllib`]: `urllib.parse.urlsplit` (`python3`).
//! - [`Engine::PythonUrllib3`]: `urllib3.util.parse_url`, what `requests`
//!   connects to (`python3` with urllib3 installed).
//! - [`Engine::Libcurl`]: libcurl's URL API (`curl_url_set` with the flags
//!   a transfer parses with, then `curl_url_get` for each part), through
//!   Python's `ctypes` on the system libcurl (`python3`, libcurl 7.62 or
//!   later).
//! - [`Engine::NodeWhatwg`]: Node's `new URL()` (`node`).
//! - [`Engine::NodeLegacy`]: Node's legacy `url.parse()` (`node`).
//! - [`Engine::JavaUri`], [`Engine::JavaUrl`]: `java.net.URI` and
//!   `java.net.URL` (`java`, 11 or later: it runs a single-file source).
//! - [`Engine::GoNetUrl`]: Go's `net/url` (`go`: built with `go build`,
//!   then run).
//! - [`Engine::PhpParseUrl`], [`Engine::PhpFilterVar`]: `parse_url`, and
//!   `filter_var(…, FILTER_VALIDATE_URL)` then `parse_url` (`php`).
//! - [`Engine::RubyUri`], [`Engine::RubyRfc2396`]: `URI.parse` and the RFC
//!   2396 parser as the installed Ruby names it (`ruby`).
//! - [`Engine::PerlUri`]: `URI->new` (`perl` with the URI module).
//!
//! # Left out: ada
//!
//! ada (the C++ WHATWG parser inside Node.js since 18.17) is not run on its
//! own: it is a C++ library, so running it in process means a C++ build
//! (a compiler and CMake at build time) and `unsafe` FFI, which this crate
//! forbids, and there is no crate we accept for it (the bindings build the
//! C++ sources). Its readings are nevertheless here: [`Engine::NodeWhatwg`]
//! *is* ada, as the Node on `PATH` ships it. See [`LEFT_OUT`].
//!
//! # The protocol with an out-of-process engine
//!
//! Each engine is a tiny script embedded in the binary (the files in
//! `src/confuse/engines/scripts/`), run once per call for the whole batch:
//!
//! - **stdin**: one line per URL, the URL encoded as a JSON string
//!   (`"http://a/\n"` arrives as `"http://a/\\n"`), so any character, a
//!   newline, a quote or NUL included, survives. The URLs are data: they are
//!   never spliced into code.
//! - **stdout**: one JSON object per input line, in order:
//!   `{"ok":true,"scheme":…,"userinfo":…,"host":…,"port":…,"path":…,"query":…,"fragment":…}`
//!   (each a string or `null`) or `{"ok":false,"error":"…"}`.
//! - **time**: all the children of a call start before any is waited for,
//!   so they run at the same time; at the deadline a child still running is
//!   killed and every result of its batch left is an [`Outcome::Failed`]
//!   saying `timed out`.
//! - **a crash**: a child that ends before answering every URL has the URL
//!   it stopped at answered `Failed("engine gave no answer: it ended (…) at
//!   this URL; stderr: …")`, and the rest of the batch goes to a fresh
//!   child, up to 16 times a batch (not when the
//!   first child answered nothing: that engine is broken, not the URL).
//! - **processes**: each child leads a process group of its own, and the
//!   whole group is killed when the child is (or once it has exited), so
//!   nothing it started outlives it; [`cleanup`] kills every live group
//!   and removes every temporary folder when the program ends.
//!
//! Python, Node, PHP, Ruby and Perl get their script as an argument (`-c`,
//! `-e`, `-r`), followed by the word that picks the engine; Java and Go get
//! it as a file in a fresh temporary folder (`uriscope-engine-PID-…`),
//! removed afterwards.
//!
//! In-process engines are run directly and are not subject to the timeout
//! (they cannot be killed; they are bounded by their input).
//!
//! ```
//! use std::time::Duration;
//! use uriscope::confuse::engines::{run_with, Engine};
//!
//! let results = run_with(&[Engine::Rfc3986, Engine::Whatwg], &["HTTP://EXAMPLE.com:0080/"], Duration::from_secs(5));
//! assert_eq!(results[0].outcomes[0].host(), Some("EXAMPLE.com"));
//! assert_eq!(results[1].outcomes[0].host(), Some("example.com"));
//! ```

mod engine;
mod external;
mod in_process;
mod launch;
mod probe;
mod processes;
pub use engine::Engine;
pub use in_process::whatwg_against;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde::Serialize;

pub use external::run_command;
pub use processes::{clean_up_on_signals, cleanup, remove_folders_of, TEMP_PREFIX};

/// What one engine read in one URL: each component as that engine reports
/// it. `None` means the engine has no such component (or leaves it
/// undefined); how each engine's API maps here:
///
/// - **rfc3986** (ours): the raw components of [`crate::uri::UriRef`]; the
///   host keeps the brackets of an IP literal; the path is always there.
/// - **whatwg-url** (`url` crate): `scheme()`; `username()` and
///   `password()` joined by `:` when either is there; `host_str()`;
///   `port()` (explicit and not the default: the parser drops a default
///   port); `path()`; `query()`; `fragment()`.
/// - **http::Uri**: `scheme_str()`; the userinfo cut from `authority()` at
///   its last `@`; `host()`; `port_u16()`; `path()`; `query()`; no fragment
///   (`http::Uri` discards it), so always `None`.
/// - **python urllib** (`urlsplit`): the scheme, query and fragment, with
///   `''` (urlsplit's "none", which cannot tell an empty query from none)
///   read as `None`; the userinfo is `netloc` before its last `@`, as
///   urlsplit itself splits it; the host is `.hostname` (lowercased, `None`
///   when empty: that is urlsplit's reading); the port is `.port` (a
///   number; when it raises `ValueError` the outcome is an error).
/// - **node URL** (`new URL()`): `protocol` without `:`; `username` and
///   `password` joined by `:`; `hostname`; `port`; `pathname`; `search`
///   and `hash` without their `?`/`#`. The getters give `""` for "none":
///   an empty host, port, query or fragment reads as `None`.
/// - **node url.parse**: `protocol`, `auth` (which url.parse
///   percent-decodes), `hostname`, `port`, `pathname`, `search`, `hash`;
///   `null` and `""` read as `None`.
/// - **java.net.URI**: `getScheme`, `getRawUserInfo`, `getHost` (`null`
///   for a registry-based authority that is not a server name, and for an
///   opaque URI), `getPort` (-1 is `None`), `getRawPath` (`null` for an
///   opaque URI such as `javascript:alert(1)`), `getRawQuery`,
///   `getRawFragment`.
/// - **go net/url**: `Scheme`, `User.String()` (re-escaped: Go keeps no raw
///   userinfo), `Hostname()`, `Port()`, `Opaque` when set and otherwise
///   `EscapedPath()`, `RawQuery` (defined when non-empty or `ForceQuery`),
///   `EscapedFragment()`; `""` reads as `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The scheme, without `:`.
    pub scheme: Option<String>,
    /// The userinfo, without `@`.
    pub userinfo: Option<String>,
    /// The host.
    pub host: Option<String>,
    /// The port, without `:`.
    pub port: Option<String>,
    /// The path.
    pub path: Option<String>,
    /// The query, without `?`.
    pub query: Option<String>,
    /// The fragment, without `#`.
    pub fragment: Option<String>,
    /// A remark beside the components, not one of them (leave it out of
    /// comparisons): for ours, `"RFC 3987 IRI"` when only the IRI grammar
    /// accepted the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Reading {
    /// The seven components by name, in order: `scheme`, `userinfo`,
    /// `host`, `port`, `path`, `query`, `fragment`.
    pub fn components(&self) -> [(&'static str, Option<&str>); 7] {
        [
            ("scheme", self.scheme.as_deref()),
            ("userinfo", self.userinfo.as_deref()),
            ("host", self.host.as_deref()),
            ("port", self.port.as_deref()),
            ("path", self.path.as_deref()),
            ("query", self.query.as_deref()),
            ("fragment", self.fragment.as_deref()),
        ]
    }

    /// Whether the seven components are the same (the note aside).
    pub fn same_components(&self, other: &Reading) -> bool {
        self.components() == other.components()
    }
}

/// What one engine made of one URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The engine accepted it and read these components.
    Parsed(Reading),
    /// The engine refused it: its error message.
    Rejected(String),
    /// The engine gave no answer: it is not found, could not start, was
    /// killed at the timeout (`timed out …`) or stopped before this URL
    /// (`engine gave no answer: …`, with how it ended). Not a reading of
    /// the URL.
    Failed(String),
}

impl Outcome {
    /// The reading, when the engine accepted the URL.
    pub fn reading(&self) -> Option<&Reading> {
        match self {
            Outcome::Parsed(r) => Some(r),
            Outcome::Rejected(_) | Outcome::Failed(_) => None,
        }
    }

    /// The error message, when the engine refused the URL or gave no answer.
    pub fn error(&self) -> Option<&str> {
        match self {
            Outcome::Parsed(_) => None,
            Outcome::Rejected(e) | Outcome::Failed(e) => Some(e),
        }
    }

    /// Whether the engine gave no answer (see [`Outcome::Failed`]).
    pub fn is_failed(&self) -> bool {
        matches!(self, Outcome::Failed(_))
    }

    /// Whether the engine accepted the URL.
    pub fn is_parsed(&self) -> bool {
        matches!(self, Outcome::Parsed(_))
    }

    /// The host read, when the engine accepted the URL and read one.
    pub fn host(&self) -> Option<&str> {
        self.reading().and_then(|r| r.host.as_deref())
    }
}

/// Parsers that were considered and left out, with the reason: the view
/// can say why they are not there.
pub const LEFT_OUT: &[(&str, &str)] = &[(
    "ada",
    "Node's C++ WHATWG parser: running it in process needs a C++ build and unsafe FFI, \
     and there is no crate we accept for it; its readings come through `node URL`, \
     which is ada",
)];

/// Whether an engine can run here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Availability {
    /// The engine.
    pub engine: Engine,
    /// Whether it can run.
    pub found: bool,
    /// The version that answers, when found: `"Python 3.11.7"`,
    /// `"libcurl 7.88.1"`, `"PHP 8.2.36"`, `"uriscope 0.1.0"`.
    pub version: Option<String>,
    /// Its version and where it is, or why it is missing.
    pub detail: String,
}

/// What the probe found: the availability and the program to run.
#[derive(Clone, Debug)]
struct Probe {
    availability: Availability,
    program: Option<PathBuf>,
}

/// How long a version command may take when probing: long enough for a
/// JVM on a loaded machine; it matters only when one hangs.
const PROBE_TIMEOUT: Duration = Duration::from_secs(10);

fn probes() -> &'static [Probe] {
    static PROBES: OnceLock<Vec<Probe>> = OnceLock::new();
    PROBES.get_or_init(probe::probe_all)
}

/// Which engines can run on this machine, every engine in
/// [`Engine::ALL`] order.
///
/// The in-process ones always can. For the others the program is looked
/// for on `PATH` (an executable file, without running anything); when it is
/// there, its version command (`python3 --version`, `node --version`,
/// `java -version`, `go version`) is run, all at once, with a 3-second
/// timeout, for the detail and to check it works (a `java` older than 11
/// cannot run a source file and counts as missing). The answer is computed
/// once per process and cached.
pub fn available() -> Vec<Availability> {
    probes().iter().map(|p| p.availability.clone()).collect()
}

/// The out-of-process engines and whether their program is on `PATH`,
/// looked up without running anything (cheap enough for the explorer's
/// start; [`available`] also runs each program's version command).
pub fn on_path() -> Vec<(Engine, bool)> {
    Engine::ALL
        .iter()
        .filter(|e| !e.in_process())
        .map(|&e| {
            (
                e,
                e.program()
                    .is_some_and(|p| probe::find_on_path(p).is_some()),
            )
        })
        .collect()
}

/// One engine's answers for a batch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineResults {
    /// The engine.
    pub engine: Engine,
    /// One outcome per URL, in the order given.
    pub outcomes: Vec<Outcome>,
    /// How long the engine took over the batch (for an out-of-process one,
    /// its start-up included).
    pub elapsed: Duration,
}

/// Run every available engine over `urls`. Missing engines are not in the
/// list ([`available`] says which they are). Out-of-process engines that
/// pass `timeout` are killed, and all their outcomes say `timed out`.
pub fn run(urls: &[&str], timeout: Duration) -> Vec<EngineResults> {
    let found: Vec<Engine> = probes()
        .iter()
        .filter(|p| p.availability.found)
        .map(|p| p.availability.engine)
        .collect();
    run_with(&found, urls, timeout)
}

/// The longest URL an out-of-process engine is given, in bytes. The
/// engines hold many times a URL's length (Ruby about 80 times), twelve
/// of them at once: a 20 MB URL cost about 3 GB. Browsers stop at 2 MB,
/// servers at a few KB; a URL over this is answered
/// `Failed("not run: longer than 1048576 bytes")` by every
/// out-of-process engine, and no process is started for it.
pub const MAX_URL_BYTES: usize = 1 << 20;

/// The outcome of an out-of-process engine for a URL over
/// [`MAX_URL_BYTES`].
fn not_run() -> Outcome {
    Outcome::Failed(format!("not run: longer than {MAX_URL_BYTES} bytes"))
}

/// Run `engines` over `urls`, one [`EngineResults`] per engine asked for,
/// in that order. An engine that is not available answers every URL with
/// `Failed("<engine> not found: …")`. The out-of-process engines run at
/// the same time, one child each, while the in-process ones run here;
/// they are given the URLs up to [`MAX_URL_BYTES`] only.
pub fn run_with(engines: &[Engine], urls: &[&str], timeout: Duration) -> Vec<EngineResults> {
    let start = Instant::now();
    let deadline = start.checked_add(timeout).unwrap_or_else(far_future);
    // The URLs the external engines are given: those not too long.
    let short: Vec<&str> = urls
        .iter()
        .copied()
        .filter(|u| u.len() <= MAX_URL_BYTES)
        .collect();
    // The batch as the external engines read it (nothing to encode when
    // only in-process engines are asked for, as on every explorer frame,
    // and nothing to start when every URL is too long).
    let external = engines.iter().any(|e| !e.in_process()) && !short.is_empty();
    let input = Arc::new(if external {
        external::encode(&short)
    } else {
        Default::default()
    });
    // The probe runs each program's version command (`java -version` takes
    // a tenth of a second and may take seconds): only when an
    // out-of-process engine is asked for. The explorer's Parsers section
    // asks for in-process ones on every frame; its first frame once waited
    // for the probe.
    let probes: &[Probe] = if external { probes() } else { &[] };
    let probe_of = |e: Engine| probes.iter().find(|p| p.availability.engine == e);
    std::thread::scope(|scope| {
        let mut pending = Vec::with_capacity(engines.len());
        for &engine in engines {
            if engine.in_process() {
                pending.push(None);
                continue;
            }
            let job = external::Job {
                engine,
                program: probe_of(engine).and_then(|p| p.program.clone()),
                missing: probe_of(engine)
                    .map(|p| p.availability.detail.clone())
                    .unwrap_or_default(),
                input: Arc::clone(&input),
                count: short.len(),
                deadline,
                timeout,
            };
            let spawned = std::thread::Builder::new()
                .name(format!("engine {}", engine.name()))
                .spawn_scoped(scope, {
                    let job = job.clone();
                    move || job.run()
                });
            pending.push(Some(match spawned {
                Ok(handle) => Err(handle),
                // No thread to be had: run it here, after the others start.
                Err(_) => Ok(job),
            }));
        }
        let mut results: Vec<Option<EngineResults>> = engines
            .iter()
            .map(|&engine| {
                engine.in_process().then(|| {
                    let t = Instant::now();
                    let outcomes = urls.iter().map(|u| in_process::read(engine, u)).collect();
                    EngineResults {
                        engine,
                        outcomes,
                        elapsed: t.elapsed(),
                    }
                })
            })
            .collect();
        for ((slot, job), &engine) in results.iter_mut().zip(pending).zip(engines) {
            let Some(job) = job else { continue };
            let answer = match job {
                Err(handle) => handle.join().unwrap_or_else(|_| {
                    (
                        external::all_failed(urls.len(), "the engine's runner failed"),
                        start.elapsed(),
                    )
                }),
                Ok(job) => job.run(),
            };
            *slot = Some(EngineResults {
                engine,
                outcomes: with_too_long(urls, answer.0),
                elapsed: answer.1,
            });
        }
        results.into_iter().flatten().collect()
    })
}

/// The outcomes of every URL of `urls` from `answers`, those of the URLs
/// up to [`MAX_URL_BYTES`] in order: [`not_run`] for each longer one.
fn with_too_long(urls: &[&str], answers: Vec<Outcome>) -> Vec<Outcome> {
    if urls.iter().all(|u| u.len() <= MAX_URL_BYTES) {
        return answers;
    }
    let mut answers = answers.into_iter();
    urls.iter()
        .map(|u| {
            if u.len() > MAX_URL_BYTES {
                not_run()
            } else {
                answers.next().unwrap_or_else(not_run)
            }
        })
        .collect()
}

/// A deadline that never comes, for a timeout too large to add.
fn far_future() -> Instant {
    let now = Instant::now();
    now.checked_add(Duration::from_secs(100 * 365 * 24 * 3600))
        .or_else(|| now.checked_add(Duration::from_secs(365 * 24 * 3600)))
        .unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_in_process_engines_are_found() {
        let mut names: Vec<_> = Engine::ALL.iter().map(|e| e.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Engine::ALL.len());
        let mut ids: Vec<_> = Engine::ALL.iter().map(|e| e.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Engine::ALL.len());
        let a = available();
        assert_eq!(a.len(), Engine::ALL.len());
        for av in &a {
            assert_eq!(av.engine.in_process(), av.engine.program().is_none());
            if av.engine.in_process() {
                assert!(av.found, "{av:?}");
            }
            assert!(!av.detail.is_empty());
        }
    }

    #[test]
    fn in_process_readings() {
        let r = run_with(
            &[Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri],
            &["http://u:p@[::1]:8080/a?q#f", "//h/p", "http://例え.jp/"],
            Duration::from_secs(1),
        );
        let ours = r[0].outcomes[0].reading().unwrap();
        assert_eq!(ours.userinfo.as_deref(), Some("u:p"));
        assert_eq!(ours.host.as_deref(), Some("[::1]"));
        assert_eq!(ours.port.as_deref(), Some("8080"));
        assert_eq!(ours.fragment.as_deref(), Some("f"));
        assert_eq!(r[0].outcomes[1].host(), Some("h"));
        let iri = r[0].outcomes[2].reading().unwrap();
        assert_eq!(iri.host.as_deref(), Some("例え.jp"));
        assert!(iri.note.is_some());
        let w = r[1].outcomes[0].reading().unwrap();
        assert_eq!(
            (w.userinfo.as_deref(), w.host.as_deref(), w.port.as_deref()),
            (Some("u:p"), Some("[::1]"), Some("8080"))
        );
        assert!(r[1].outcomes[1].error().is_some());
        assert_eq!(r[1].outcomes[2].host(), Some("xn--r8jz45g.jp"));
        let h = r[2].outcomes[0].reading().unwrap();
        assert_eq!(
            (h.userinfo.as_deref(), h.host.as_deref(), h.port.as_deref()),
            (Some("u:p"), Some("[::1]"), Some("8080"))
        );
        assert_eq!(
            (h.query.as_deref(), h.fragment.as_deref()),
            (Some("q"), None)
        );
    }

    #[test]
    fn a_url_over_the_limit_is_not_given_to_an_out_of_process_engine() {
        let long = format!("http://a/{}", "x".repeat(MAX_URL_BYTES));
        let engines = [Engine::Rfc3986, Engine::PythonUrllib, Engine::NodeWhatwg];
        let r = run_with(&engines, &[&long], Duration::from_secs(5));
        assert!(r[0].outcomes[0].reading().is_some());
        for e in &r[1..] {
            assert_eq!(
                e.outcomes,
                [Outcome::Failed(format!(
                    "not run: longer than {MAX_URL_BYTES} bytes"
                ))],
                "{}",
                e.engine.name()
            );
        }
        // The others of the batch keep their places.
        let outcomes = with_too_long(&["a", &long, "b"], vec![not_run(), not_run()]);
        assert_eq!(outcomes.len(), 3);
        let o = with_too_long(
            &["a", &long, "b"],
            vec![Outcome::Rejected("1".into()), Outcome::Rejected("2".into())],
        );
        assert_eq!(
            o,
            [
                Outcome::Rejected("1".into()),
                not_run(),
                Outcome::Rejected("2".into())
            ]
        );
    }

    #[test]
    fn an_empty_batch_starts_nothing() {
        let r = run_with(&Engine::ALL, &[], Duration::from_millis(1));
        assert_eq!(r.len(), Engine::ALL.len());
        assert!(r.iter().all(|e| e.outcomes.is_empty()));
    }

    #[test]
    fn a_missing_program_rejects_every_url() {
        let mut c = std::process::Command::new("/nonexistent/uriscope-no-such-engine");
        c.arg("x");
        let o = run_command(c, &["a", "b"], Duration::from_secs(1));
        assert_eq!(o.len(), 2);
        assert!(o
            .iter()
            .all(|o| o.error().is_some_and(|e| e.contains("could not start"))));
    }
}
