//! uriscope's trurl mode: the binary run as `trurl` (a symlink or hard
//! link), or `uriscope edit --trurl ARGS`, behaves as trurl 0.16.1 does:
//! its command line, libcurl's reading of URLs ([`crate::curl`]),
//! its output (`--get`, `--json`), its notes and errors on stderr and its
//! exit statuses. `--explain` (uriscope's own) adds, on stderr, each
//! change made to a URL with libcurl's reason and RFC 3986's, and how
//! RFC 3986 reads the same input. DIFFERENCES.md lists what is left
//! different from trurl, and why.

pub mod explain;
mod file;
mod get;
mod help;
mod json;
mod options;
mod query;
#[cfg(test)]
mod same_plan;
mod single;

use crate::cli::edit_flags::Flag;
use std::ffi::OsString;
use std::io::{self, Write};

use crate::curl::{CurlUrl, Flags, Part, Trace, UrlCode};
use crate::text::answer::Refused;
use crate::text::plain::visible;
pub use explain::{rfc_reading, trurl_reading};
use options::{Parsed, Ready, UrlFile};

/// trurl's exit status: a problem with `--url-file`.
pub const EXIT_FILE: i32 = 1;
/// … with `--append`.
pub const EXIT_APPEND: i32 = 2;
/// … an option misses its value.
pub const EXIT_ARG: i32 = 3;
/// … an option mistake or an illegal combination.
pub const EXIT_FLAG: i32 = 4;
/// … with `--set`.
pub const EXIT_SET: i32 = 5;
/// … no URL could be made of the components set.
pub const EXIT_URL: i32 = 7;
/// … with `--trim` or `--qtrim`.
pub const EXIT_TRIM: i32 = 8;
/// … `--verify` and a URL that does not parse.
pub const EXIT_BADURL: i32 = 9;
/// … with `--get`.
pub const EXIT_GET: i32 = 10;
/// … with `--iterate`.
pub const EXIT_ITER: i32 = 11;
/// … with `--replace` or `--replace-append`.
pub const EXIT_REPLACE: i32 = 12;

/// What ends a run early.
#[derive(Debug)]
pub enum Stop {
    /// trurl's error: its message and exit status.
    Error {
        /// The exit status.
        code: i32,
        /// The message, after `trurl error: `.
        message: String,
    },
    /// Writing the output failed (the CLI's one rule reports it).
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Io(e)
    }
}

fn error(code: i32, message: impl Into<String>) -> Stop {
    Stop::Error {
        code,
        message: message.into(),
    }
}

/// The arguments for trurl mode, when the command line asks for it: the
/// program is called `trurl` (any directory, `.exe` or not), or the
/// arguments start `edit --trurl`. `None` otherwise.
pub fn invoked(argv: &[OsString]) -> Option<Vec<Vec<u8>>> {
    let bytes = |a: &[OsString]| -> Vec<Vec<u8>> {
        a.iter().map(|s| s.clone().into_encoded_bytes()).collect()
    };
    let name = std::path::Path::new(argv.first()?).file_stem()?;
    if name == "trurl" {
        return Some(bytes(&argv[1..]));
    }
    if argv.get(1).is_some_and(|a| a == "edit") && argv.get(2).is_some_and(|a| a == "--trurl") {
        return Some(bytes(&argv[3..]));
    }
    None
}

/// Run trurl mode on `args` (without the program name); returns the exit
/// status.
pub fn run(args: &[Vec<u8>]) -> io::Result<i32> {
    // Both streams buffered: a million URLs with a note each are not two
    // million system calls. They are flushed together at the end and
    // before each read of --url-file that would wait.
    let mut out = io::BufWriter::with_capacity(64 * 1024, crate::cli::output::stdout());
    let mut err = io::BufWriter::with_capacity(16 * 1024, io::stderr().lock());
    let code = run_to(args, &mut out, &mut err);
    let flushed = out.flush();
    err.flush()?;
    match code.and_then(|c| flushed.map(|()| c)) {
        // trurl's own prefix on every error, a failed write's too; a
        // closed pipe (`| head -1`) stays quiet.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(io::stderr(), "trurl error: {e}");
            Ok(super::EXIT_FAILED)
        }
        r => r,
    }
}

/// [`run`] writing to `out` and `err`, for tests and benchmarks.
pub fn run_to<W: Write, E: Write>(args: &[Vec<u8>], out: &mut W, err: &mut E) -> io::Result<i32> {
    let o = match options::parse(args) {
        Ok(Parsed::Run(o)) => o,
        Ok(Parsed::Help) => {
            out.write_all(help::help().as_bytes())?;
            return Ok(super::EXIT_OK);
        }
        Ok(Parsed::Version) => {
            out.write_all(help::version().as_bytes())?;
            return Ok(super::EXIT_OK);
        }
        Err(stop) => return finish(Err(stop), out, err),
    };
    let mut r = Runner::new(&o, out, err);
    let result = r.main();
    let Runner { out, err, .. } = r;
    finish(result, out, err)
}

/// The exit status of a run that ended with `result`, its error written.
fn finish<W: Write, E: Write>(
    result: Result<(), Stop>,
    out: &mut W,
    err: &mut E,
) -> io::Result<i32> {
    match result {
        Ok(()) => Ok(super::EXIT_OK),
        Err(Stop::Io(e)) => Err(e),
        Err(Stop::Error { code, message }) => {
            out.flush()?;
            writeln!(err, "trurl error: {}", visible(&message))?;
            writeln!(err, "trurl error: Try trurl -h for help")?;
            Ok(code)
        }
    }
}

/// The `{…}` qualifiers of `--get` that change how a part is read.
#[derive(Clone, Copy, Debug, Default)]
struct Mods {
    /// `url:` or `:`: as written (encoded).
    encoded: bool,
    /// `default:`: the scheme's default port when there is none.
    default: bool,
    /// `puny:`.
    puny: bool,
    /// `idn:`.
    idn: bool,
    /// `must:`: an empty query or fragment counts as there.
    empty: bool,
}

/// One run over the URLs, with trurl's state: how many URLs were
/// written (for JSON's commas), whether `--verify` holds (it is forced
/// when the URL is made from `--set` alone), whether `--as-idn` still
/// holds (a failed conversion turns it off, with a note).
struct Runner<'a, W: Write, E: Write> {
    o: &'a Ready,
    out: &'a mut W,
    err: &'a mut E,
    qsep: u8,
    urls: u64,
    verify: bool,
    puny2idn: bool,
    trace: Trace,
    /// A URL written out, kept to be written again without a new buffer.
    buf: Vec<u8>,
}

impl<'a, W: Write, E: Write> Runner<'a, W, E> {
    fn new(o: &'a Ready, out: &'a mut W, err: &'a mut E) -> Self {
        Runner {
            o,
            out,
            err,
            qsep: o.qsep.unwrap_or(b'&'),
            urls: 0,
            verify: o.plan.on(Flag::Verify),
            puny2idn: o.plan.on(Flag::AsIdn),
            trace: if o.plan.on(Flag::Explain) {
                Trace::on()
            } else {
                Trace::off()
            },
            buf: Vec::with_capacity(256),
        }
    }

    /// Every URL: from the file, else the arguments, else one made from
    /// the `--set` components.
    fn main(&mut self) -> Result<(), Stop> {
        if self.o.plan.on(Flag::Json) {
            self.out.write_all(b"[")?;
        }
        if let Some(f) = &self.o.url_file {
            let reader: Box<dyn io::Read> = match f {
                UrlFile::Stdin => Box::new(io::stdin()),
                UrlFile::File(file) => Box::new(file.try_clone()?),
            };
            file::each_line(reader, self)?;
        } else if self.o.plan.urls.is_empty() {
            self.verify = true;
            self.one(None)?;
        } else {
            for u in &self.o.plan.urls {
                self.one(Some(&u.url))?;
            }
        }
        if self.o.plan.on(Flag::Json) {
            self.close_json()?;
        }
        Ok(())
    }

    /// The end of the JSON array.
    fn close_json(&mut self) -> io::Result<()> {
        let end: &[u8] = if self.urls > 0 { b"\n]\n" } else { b"]\n" };
        self.out.write_all(end)
    }

    /// The flags trurl reads a URL with.
    fn read_flags(&self) -> Flags {
        let mut f = Flags::URLENCODE;
        if !self.o.plan.on(Flag::NoGuessScheme) {
            f = f | Flags::GUESS_SCHEME;
        }
        if !self.o.plan.on(Flag::Curl) {
            f = f | Flags::NON_SUPPORT_SCHEME;
        }
        if self.o.plan.on(Flag::AcceptSpace) {
            f = f | Flags::ALLOW_SPACE;
        }
        f
    }

    /// The flags trurl reads `part` with under `m` (`geturlpart`).
    fn part_flags(&self, m: Mods, part: Part) -> Flags {
        let mut f = if m.default || self.o.plan.on(Flag::DefaultPort) {
            Flags::DEFAULT_PORT
        } else if part != Part::Url || self.o.plan.on(Flag::KeepPort) {
            Flags::NONE
        } else {
            Flags::NO_DEFAULT_PORT
        };
        if m.puny || self.o.plan.on(Flag::Punycode) {
            f = f | Flags::PUNYCODE;
        }
        if m.idn || self.puny2idn {
            f = f | Flags::PUNY2IDN;
        }
        if m.empty {
            f = f | Flags::GET_EMPTY;
        }
        if !self.o.plan.on(Flag::Curl) {
            f = f | Flags::NON_SUPPORT_SCHEME;
        }
        if !(m.encoded || self.o.plan.on(Flag::Urlencode)) {
            f = f | Flags::URLDECODE;
        }
        f
    }

    /// `part` of `u` read under `m`; a host that cannot be written in
    /// Unicode is written as it is, with a note, and `--as-idn` is off
    /// from then on (as in trurl).
    fn part(&mut self, u: &CurlUrl, mut m: Mods, part: Part) -> Result<Vec<u8>, UrlCode> {
        let r = u.get(part, self.part_flags(m, part));
        if r == Err(UrlCode::BadHostname) && (self.puny2idn || m.idn) {
            m.idn = false;
            self.puny2idn = false;
            self.note(&format!(
                "Error converting url to IDN [{}]",
                UrlCode::BadHostname.message()
            ));
            return self.part(u, m, part);
        }
        r
    }

    /// The character that keeps `text` from being written as an answer
    /// ([`crate::text::answer`]: a control or bidi formatting character
    /// a terminal acts on), unless `--raw`.
    fn refused(&self, text: &[u8]) -> Option<Refused> {
        // Only these bytes can start a refused character (C0, DEL, and
        // the UTF-8 lead bytes of C1 and of the bidi controls): most
        // answers hold none and need no closer look.
        let suspect = |&b: &u8| b < 0x20 || matches!(b, 0x7f | 0xc2 | 0xd8 | 0xe2);
        if self.o.plan.on(Flag::Raw) || !text.iter().any(suspect) {
            return None;
        }
        crate::text::answer::check(&String::from_utf8_lossy(text)).err()
    }

    /// A note on stderr, unless `--quiet`.
    fn note(&mut self, message: &str) {
        if !self.o.plan.on(Flag::Quiet) {
            self.warn(message);
        }
    }

    /// A note on stderr, `--quiet` or not (trurl's `warnf`).
    fn warn(&mut self, message: &str) {
        let _ = writeln!(self.err, "trurl note: {}", visible(message));
    }

    /// A URL that does not work: a note, or with `--verify` the end of
    /// the run (the JSON array closed first).
    fn verify(&mut self, code: i32, message: String) -> Result<(), Stop> {
        if !self.verify {
            self.warn(&message);
            return Ok(());
        }
        if self.o.plan.on(Flag::Json) {
            self.close_json()?;
        }
        Err(error(code, message))
    }
}
