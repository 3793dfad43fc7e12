//! `uriscope edit`: change URLs from scripts with trurl's flags and
//! trurl's meaning (`--set`, `--get`, `--append`, `--iterate`, `--trim`,
//! `--replace`, `--redirect`, `--json`, ...), on the core's
//! [`Editable`]. Where trurl follows libcurl rather than RFC 3986
//! (guessing `http://`, re-encoding every component, dropping default
//! ports, adding a `/` path), uriscope follows the RFC and offers trurl's
//! way behind `--guess-scheme` and `--curl-normalize`; DIFFERENCES.md
//! lists each difference with the input that shows it.

use std::io::{self, BufRead, Write};

pub use super::edit_args::EditArgs;
use super::edit_flags::Flag;
use super::edit_get::{Format, Want};
use crate::text::diag::Place;
use crate::text::lines::{too_long_message, Line, LineReader, MAX_LINE};
use crate::text::plain::visible;
use crate::uri::edit::{query, Component, EditError, Editable};
use crate::uri::{self, ParseOptions, ResolveOptions};

/// trurl's exit status for a problem with --url-file.
pub const EXIT_URL_FILE: i32 = 1;
/// ... with --append.
pub const EXIT_APPEND: i32 = 2;
/// ... an option mistake or an illegal combination.
pub const EXIT_OPTION: i32 = 4;
/// ... with --set.
pub const EXIT_SET: i32 = 5;
/// ... a URL that cannot be output valid.
pub const EXIT_OUTPUT: i32 = 7;
/// ... with --trim.
pub const EXIT_TRIM: i32 = 8;
/// ... --verify and a URL that does not parse.
pub const EXIT_VERIFY: i32 = 9;
/// ... with --get.
pub const EXIT_GET: i32 = 10;
/// ... with --iterate.
pub const EXIT_ITERATE: i32 = 11;
/// ... with --replace or --replace-append.
pub const EXIT_REPLACE: i32 = 12;

/// trurl's exit status for a usage error clap found in `uriscope edit`'s
/// command line: 3 for an option without its value, 4 for an unknown
/// option or another mistake (clap's own is 2, trurl's `--append`
/// status). `None` for help and version, which are not errors.
pub fn usage_status(kind: clap::error::ErrorKind) -> Option<i32> {
    use clap::error::ErrorKind as K;
    match kind {
        K::DisplayHelp | K::DisplayVersion | K::DisplayHelpOnMissingArgumentOrSubcommand => None,
        K::InvalidValue | K::NoEquals | K::WrongNumberOfValues | K::TooFewValues => {
            Some(EXIT_MISSING_VALUE)
        }
        _ => Some(EXIT_OPTION),
    }
}

/// ... an option without its value.
pub const EXIT_MISSING_VALUE: i32 = 3;

/// What ends a run early.
#[derive(Debug)]
pub enum Fatal {
    /// A problem with the options or a URL, with trurl's exit status.
    Edit {
        /// The exit status.
        code: i32,
        /// What to print on stderr.
        message: String,
    },
    /// Writing the output failed: reported by the CLI's one rule for
    /// every subcommand (a closed pipe is quiet), not as an edit error.
    Output(io::Error),
}

fn fatal(code: i32, message: impl Into<String>) -> Fatal {
    Fatal::Edit {
        code,
        message: message.into(),
    }
}

impl From<io::Error> for Fatal {
    fn from(e: io::Error) -> Fatal {
        Fatal::Output(e)
    }
}

/// One `--set`: the component, the value, and how to apply it.
#[derive(Debug, Clone)]
struct SetOp {
    component: Component,
    value: String,
    encoded: bool,
    only_if_unset: bool,
}

/// The plan's edits, checked and read once before any URL.
struct Edits {
    sets: Vec<SetOp>,
    appends: Vec<(Component, String)>,
    trims: Vec<String>,
    replaces: Vec<(String, bool)>,
    iterate: Vec<(Component, Vec<String>)>,
    format: Option<Format>,
    sep: char,
}

fn component(name: &str, code: i32) -> Result<Component, Fatal> {
    if name == "options" {
        return Err(fatal(
            code,
            "'options' is a libcurl component, not RFC 3986's: it is part of the userinfo \
             (set user or password)",
        ));
    }
    Component::by_name(name).ok_or_else(|| fatal(code, format!("unknown component {name:?}")))
}

fn edits(args: &EditArgs) -> Result<Edits, Fatal> {
    let mut sets = Vec::new();
    for s in &args.sets {
        let (lhs, value) = s
            .split_once('=')
            .ok_or_else(|| fatal(EXIT_SET, format!("--set {s:?}: expected COMP=VALUE")))?;
        let (mut name, mut encoded, mut only_if_unset) = (lhs, false, false);
        if let Some(n) = name.strip_suffix(':') {
            (name, encoded) = (n, true);
        }
        if let Some(n) = name.strip_suffix('?') {
            (name, only_if_unset) = (n, true);
        }
        if let Some(n) = name.strip_suffix(':') {
            (name, encoded) = (n, true);
        }
        sets.push(SetOp {
            component: component(name, EXIT_SET)?,
            value: value.to_string(),
            encoded,
            only_if_unset,
        });
    }
    let mut appends = Vec::new();
    for a in &args.appends {
        let (name, data) = a
            .split_once('=')
            .ok_or_else(|| fatal(EXIT_APPEND, format!("--append {a:?}: expected COMP=DATA")))?;
        let c = component(name, EXIT_APPEND)?;
        if !matches!(c, Component::Path | Component::Query) {
            return Err(fatal(EXIT_APPEND, "--append works on path and query only"));
        }
        appends.push((c, data.to_string()));
    }
    let of = |flag: Flag| args.trims.iter().filter(move |(f, _)| *f == flag);
    let mut trims: Vec<String> = of(Flag::Qtrim).map(|(_, t)| t.clone()).collect();
    for (_, t) in of(Flag::Trim) {
        match t.split_once('=') {
            Some(("query", pat)) => trims.push(pat.to_string()),
            _ => {
                return Err(fatal(
                    EXIT_TRIM,
                    format!("--trim {t:?}: only query=PATTERN"),
                ))
            }
        }
    }
    // The --replace pairs first, then the --replace-append ones.
    let mut replaces: Vec<(String, bool)> = args
        .replaces
        .iter()
        .map(|(f, r)| (r.clone(), *f == Flag::ReplaceAppend))
        .collect();
    replaces.sort_by_key(|&(_, append)| append);
    if replaces.iter().any(|(r, _)| r.is_empty()) {
        return Err(fatal(EXIT_REPLACE, "--replace needs KEY or KEY=VALUE"));
    }
    let mut iterate = Vec::new();
    for it in &args.iterate {
        let (name, items) = it.split_once('=').ok_or_else(|| {
            fatal(
                EXIT_ITERATE,
                format!("--iterate {it:?}: expected COMP=ITEMS"),
            )
        })?;
        let c = component(name, EXIT_ITERATE)?;
        if iterate.iter().any(|(d, _)| *d == c) || sets.iter().any(|s| s.component == c) {
            return Err(fatal(
                EXIT_ITERATE,
                format!("--iterate {name}: that component is already set or iterated"),
            ));
        }
        iterate.push((c, items.split(' ').map(str::to_string).collect()));
    }
    let sep = match args.query_separator.as_deref() {
        None => '&',
        Some(s) if s.chars().count() == 1 => s.chars().next().unwrap_or('&'),
        Some(s) => {
            return Err(fatal(
                EXIT_OPTION,
                format!("--query-separator {s:?}: one character"),
            ))
        }
    };
    if args.on(Flag::Punycode) && args.on(Flag::AsIdn) {
        return Err(fatal(
            EXIT_OPTION,
            "--punycode and --as-idn cannot be combined",
        ));
    }
    if args.get.is_some() && args.on(Flag::Json) {
        return Err(fatal(EXIT_OPTION, "--get and --json cannot be combined"));
    }
    let format = match &args.get {
        Some(g) => Some(Format::parse(g).map_err(|e| fatal(EXIT_GET, format!("--get: {e}")))?),
        None => None,
    };
    Ok(Edits {
        sets,
        appends,
        trims,
        replaces,
        iterate,
        format,
        sep,
    })
}

/// Run `uriscope edit`; returns the exit status.
pub fn run(args: &EditArgs) -> io::Result<i32> {
    let stderr = io::stderr();
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut err = stderr.lock();
    match run_to(args, &mut out, &mut err) {
        Ok(code) => {
            out.flush()?;
            Ok(code)
        }
        Err(Fatal::Output(e)) => Err(e),
        Err(Fatal::Edit { code, message }) => {
            out.flush()?;
            writeln!(err, "uriscope edit: {}", visible(&message))?;
            Ok(code)
        }
    }
}

/// `uriscope edit` writing to `out` and `err`: what [`run`] does, for
/// tests and benchmarks.
pub fn run_to<W: Write, E: Write>(args: &EditArgs, out: &mut W, err: &mut E) -> Result<i32, Fatal> {
    if args.on(Flag::Trurl) {
        return Err(fatal(
            EXIT_OPTION,
            "--trurl comes first, with trurl's arguments after it: uriscope edit --trurl ARGS",
        ));
    }
    let edits = edits(args)?;
    let mut state = Run {
        args,
        edits: &edits,
        first_json: true,
        place: Place::Nowhere,
        skipped: false,
    };
    if args.on(Flag::Json) {
        out.write_all(b"[")?;
    }
    // The --url ones first, then the arguments.
    let by = |flag: bool| args.urls.iter().filter(move |i| i.by_flag == flag);
    let mut inputs: Vec<&String> = by(true).chain(by(false)).map(|i| &i.url).collect();
    let from_sets = inputs.is_empty() && args.url_file.is_none();
    if from_sets {
        if edits.sets.is_empty() {
            return Err(fatal(
                EXIT_OPTION,
                "no URL: give one, --url, --url-file, or --set",
            ));
        }
        state.one(None, out, err)?;
    }
    for (i, u) in inputs.drain(..).enumerate() {
        state.place = Place::Argument(i + 1);
        state.one(Some(u), out, err)?;
    }
    if let Some(f) = &args.url_file {
        let reader: Box<dyn BufRead> = if f == "-" {
            Box::new(io::BufReader::with_capacity(64 * 1024, io::stdin()))
        } else {
            let file = std::fs::File::open(f)
                .map_err(|e| fatal(EXIT_URL_FILE, format!("--url-file {f:?}: {e}")))?;
            Box::new(io::BufReader::with_capacity(64 * 1024, file))
        };
        for_each_line(reader, |place, line| {
            state.place = place;
            match line {
                Ok(line) => state.one(Some(line), out, err),
                Err((bytes, why)) => {
                    state.skipped = true;
                    if !args.on(Flag::Quiet) {
                        out.flush()?;
                        let _ = writeln!(
                            err,
                            "{}",
                            crate::text::diag::line("edit", place, Some(bytes), &why)
                        );
                    }
                    Ok(())
                }
            }
        })?;
    }
    if args.on(Flag::Json) {
        // trurl's "[]" for no URL at all.
        out.write_all(if state.first_json { b"]\n" } else { b"\n]\n" })?;
    }
    Ok(if state.skipped {
        super::EXIT_FAILED
    } else {
        super::EXIT_OK
    })
}

/// Each line of `reader` with its place (trailing `\r`, spaces and tabs
/// trimmed; empty lines skipped), read by the one line reader
/// ([`crate::text::lines`]): a line that is not UTF-8 or is past the cap
/// is given as its bytes and why it gives no URL.
fn for_each_line(
    reader: Box<dyn BufRead>,
    mut f: impl FnMut(Place, Result<&str, (&[u8], String)>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    let mut lines = LineReader::new(reader);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let line = lines
            .next_into(&mut buf)
            .map_err(|e| fatal(EXIT_URL_FILE, format!("--url-file: {e}")))?;
        let place = Place::Line(lines.number());
        match line {
            None => return Ok(()),
            Some(Line::TooLong { head, length }) => {
                f(place, Err((&buf[head], too_long_message(MAX_LINE, length))))?;
            }
            Some(Line::Text(t)) => {
                let mut text = &buf[t];
                while let [rest @ .., b' ' | b'\t' | b'\r'] = text {
                    text = rest;
                }
                if text.is_empty() {
                    continue;
                }
                match std::str::from_utf8(text) {
                    Ok(s) => f(place, Ok(s))?,
                    Err(_) => f(place, Err((text, "not valid UTF-8".to_string())))?,
                }
            }
        }
    }
}

struct Run<'a> {
    args: &'a EditArgs,
    edits: &'a Edits,
    first_json: bool,
    /// Where the URL being edited came from.
    place: Place,
    /// Whether an input gave no URL (exit status 1).
    skipped: bool,
}

impl Run<'_> {
    /// One input URL (or none: a URL made from the --set options).
    fn one<W: Write, E: Write>(
        &mut self,
        input: Option<&str>,
        out: &mut W,
        err: &mut E,
    ) -> Result<(), Fatal> {
        let args = self.args;
        let mut u = match input {
            None => Editable::default(),
            Some(text) => match self.read(text) {
                Ok(u) => u,
                Err(message) => {
                    if args.on(Flag::Verify) {
                        return Err(fatal(EXIT_VERIFY, message));
                    }
                    self.skipped = true;
                    if !args.on(Flag::Quiet) {
                        let line = crate::text::diag::line(
                            "edit",
                            self.place,
                            Some(text.as_bytes()),
                            &visible(&message),
                        );
                        let _ = writeln!(err, "{line}");
                    }
                    return Ok(());
                }
            },
        };
        if let Some(r) = &args.redirect {
            let base = u.recompose();
            let target = uri::resolve(&base, r, ResolveOptions::default().iri(true))
                .map_err(|e| fatal(EXIT_OUTPUT, format!("--redirect {r:?} from {base:?}: {e}")))?;
            u = Editable::parse_with(&target, ParseOptions::new().iri(true))
                .map_err(|e| fatal(EXIT_OUTPUT, format!("--redirect: {e}")))?;
        }
        self.apply(&mut u)
            .map_err(|(code, e)| fatal(code, at(self.place, input, &e.to_string())))?;
        let edits: &Edits = self.edits;
        each_combination(&edits.iterate, u, |v| self.output(v, input, out, err))
    }

    /// Parse an input line as the flags ask.
    fn read(&self, text: &str) -> Result<Editable, String> {
        let args = self.args;
        let mut t = std::borrow::Cow::Borrowed(text);
        if args.on(Flag::AcceptSpace) && t.contains(' ') {
            t = std::borrow::Cow::Owned(t.replace(' ', "%20"));
        }
        if args.on(Flag::GuessScheme) && !args.on(Flag::NoGuessScheme) {
            if let Some(g) = guess_scheme(&t) {
                t = std::borrow::Cow::Owned(g);
            }
        }
        Editable::parse_with(&t, ParseOptions::new().iri(true))
            .map_err(|e| format!("not a URI-reference: {e}"))
    }

    /// The --set, --append path=, --trim, --replace, --append query= and
    /// --sort-query options, in trurl's order.
    fn apply(&self, u: &mut Editable) -> Result<(), (i32, EditError)> {
        let p = self.edits;
        for s in &p.sets {
            if s.only_if_unset && u.get(s.component).is_some_and(|v| !v.is_empty()) {
                continue;
            }
            let r = if s.encoded {
                u.set_encoded(s.component, &s.value)
            } else {
                u.set(s.component, &s.value)
            };
            r.map_err(|e| (EXIT_SET, e))?;
        }
        for (_, data) in p.appends.iter().filter(|(c, _)| *c == Component::Path) {
            query::append_path(u, data);
        }
        // trurl's order: pairs are trimmed and replaced before the new
        // ones are appended, so `--qtrim a -a query=a=1` keeps the new a.
        for t in &p.trims {
            query::trim(u, t, p.sep);
        }
        for (r, append) in &p.replaces {
            query::replace(u, r, p.sep, *append);
        }
        for (_, data) in p.appends.iter().filter(|(c, _)| *c == Component::Query) {
            query::append(u, data, p.sep);
        }
        if self.args.on(Flag::SortQuery) {
            query::sort(u, p.sep);
        }
        Ok(())
    }

    /// The URL as the output flags want it: normalized, with its default
    /// port, its host in punycode or Unicode.
    fn finish(&self, u: &Editable) -> Result<Editable, EditError> {
        let args = self.args;
        let mut u = u.clone();
        if args.on(Flag::CurlNormalize) {
            let port = u.port.clone();
            let n = uri::normalize(&u.to_uri()?, uri::NormalizeOptions::new().iri(true)).map_err(
                |e| EditError {
                    component: Component::Url,
                    message: e.to_string(),
                },
            )?;
            u = Editable::parse_with(&n, ParseOptions::new().iri(true)).map_err(|e| EditError {
                component: Component::Url,
                message: e.to_string(),
            })?;
            if args.on(Flag::KeepPort) && u.port.is_none() {
                u.port = port;
            }
            if u.host.is_some() && u.path.is_empty() {
                u.path = "/".to_string();
            }
        }
        if let Some(v) = super::edit_get::with_forms(
            &u,
            args.on(Flag::DefaultPort),
            args.on(Flag::Punycode),
            args.on(Flag::AsIdn),
        ) {
            u = v;
        }
        Ok(u)
    }

    fn output<W: Write, E: Write>(
        &mut self,
        u: &Editable,
        input: Option<&str>,
        out: &mut W,
        err: &mut E,
    ) -> Result<(), Fatal> {
        let args = self.args;
        let place = self.place;
        let edited = args.on(Flag::Explain).then(|| u.recompose());
        let u = self
            .finish(u)
            .map_err(|e| fatal(EXIT_OUTPUT, at(place, input, &e.to_string())))?;
        let url = u
            .to_uri()
            .map_err(|e| fatal(EXIT_OUTPUT, at(place, input, &e.to_string())))?;
        if let Some(f) = &self.edits.format {
            let want = Want {
                encoded: args.on(Flag::Urlencode),
                default_port: args.on(Flag::DefaultPort),
                punycode: args.on(Flag::Punycode),
                idn: args.on(Flag::AsIdn),
                sep: self.edits.sep,
                raw: args.on(Flag::Raw),
            };
            let mut line = Vec::new();
            let warnings = f
                .expand(&u, &url, want, &mut line)
                .map_err(|e| fatal(EXIT_GET, at(place, input, &format!("--get: {e}"))))?;
            if !args.on(Flag::Quiet) {
                for w in warnings {
                    let warning = format!("warning: {}", visible(&w));
                    let line = crate::text::diag::line("edit", place, shown(input), &warning);
                    let _ = writeln!(err, "{line}");
                }
            }
            line.push(b'\n');
            out.write_all(&line)?;
        } else if args.on(Flag::Json) {
            out.write_all(if self.first_json { b"\n  " } else { b",\n  " })?;
            self.first_json = false;
            super::edit_get::json(&u, &url, args.on(Flag::Urlencode), self.edits.sep)
                .write_compact(&mut *out)?;
        } else {
            out.write_all(url.as_bytes())?;
            out.write_all(b"\n")?;
        }
        if let Some(edited) = edited {
            out.flush()?;
            let trurl = trurl_argv(args, input).map(|a| super::trurl::explain::trurl_prints(&a));
            let head = crate::text::diag::line("edit", self.place, shown(input), "explain");
            let explained = super::trurl::explain::Explained {
                head: &head,
                input,
                edited: &edited,
                written: &url,
                normalized: args.on(Flag::CurlNormalize),
                trurl: trurl.as_ref(),
            };
            super::trurl::explain::write_default(err, explained)?;
        }
        Ok(())
    }
}

/// The input a message shows: `None` for the URL made from `--set`.
fn shown(input: Option<&str>) -> Option<&[u8]> {
    input.map(str::as_bytes)
}

/// A fatal message about `input` at `place`, in the CLI's message format
/// (after its `uriscope edit: ` prefix): the input shown escaped and cut.
fn at(place: Place, input: Option<&str>, message: &str) -> String {
    let full = crate::text::diag::line("edit", place, shown(input), &visible(message));
    full.strip_prefix("uriscope edit: ")
        .unwrap_or(&full)
        .to_string()
}

/// trurl's command line for what `args` asks of `input` (`None`: the
/// URL made from `--set`): the same edits and output options, quiet;
/// `None` with `--iterate`, where trurl prints every combination.
fn trurl_argv(args: &EditArgs, input: Option<&str>) -> Option<Vec<Vec<u8>>> {
    if !args.iterate.is_empty() {
        return None;
    }
    use super::edit_flags::{spec, FLAGS};
    use super::edit_plan::Gave;
    let name = |flag: Flag| format!("--{}", spec(flag).long).into_bytes();
    let mut v: Vec<Vec<u8>> = vec![name(Flag::Quiet)];
    if let Some(u) = input {
        v.push(name(Flag::Url));
        v.push(u.as_bytes().to_vec());
    }
    // The flags both read, in the table's order; not those that choose
    // the input or the kind of output, nor uriscope's own.
    let passed = FLAGS.iter().filter(|s| {
        s.in_trurl()
            && !matches!(
                s.flag,
                Flag::Url
                    | Flag::UrlFile
                    | Flag::Iterate
                    | Flag::Json
                    | Flag::Verify
                    | Flag::Raw
                    | Flag::Explain
                    | Flag::Quiet
            )
    });
    for s in passed {
        let flag = name(s.flag);
        match args.gave(s.flag) {
            Gave::Switch(true) => v.push(flag),
            Gave::Values(values) => {
                for value in values {
                    v.push(flag.clone());
                    v.push(value.as_bytes().to_vec());
                }
            }
            Gave::Switch(false) => {}
        }
    }
    Some(v)
}

/// Call `f` with `u` set to every combination of the --iterate
/// values, the last component's values varying fastest. One
/// combination at a time, so memory stays constant and the first
/// line goes out at once: six components of 20 values are 64 million
/// URLs, which held together asked for 12 GB.
fn each_combination(
    iterate: &[(Component, Vec<String>)],
    u: Editable,
    mut f: impl FnMut(&Editable) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    if iterate.iter().any(|(_, items)| items.is_empty()) {
        return Ok(());
    }
    // `at[k]` is the value of component k in the combination; `set[k]`
    // the URL with components 0..=k set, so moving to the next
    // combination sets again only the components from the one whose
    // value changed.
    let mut at = vec![0; iterate.len()];
    let mut set: Vec<Editable> = Vec::with_capacity(iterate.len());
    let mut changed = 0;
    loop {
        set.truncate(changed);
        for k in changed..iterate.len() {
            let (c, items) = &iterate[k];
            let mut v = set.last().unwrap_or(&u).clone();
            v.set(*c, &items[at[k]])
                .map_err(|e| fatal(EXIT_ITERATE, format!("--iterate: {e}")))?;
            set.push(v);
        }
        f(set.last().unwrap_or(&u))?;
        // The odometer: the last component that can still move moves,
        // the ones after it start again.
        let Some(k) = (0..iterate.len())
            .rev()
            .find(|&k| at[k] + 1 < iterate[k].1.len())
        else {
            return Ok(());
        };
        at[k] += 1;
        at[k + 1..].iter_mut().for_each(|a| *a = 0);
        changed = k;
    }
}

/// libcurl's scheme guess for a URL given without one (`example.com/x`):
/// `ftp.`, `dict.`, `ldap.`, `imap.`, `smtp.` and `pop3.` hosts get their
/// protocol, any other http. `None` when `t` has a scheme already.
///
/// ```
/// use uriscope::cli::edit::guess_scheme;
/// assert_eq!(guess_scheme("example.com/x").as_deref(), Some("http://example.com/x"));
/// assert_eq!(guess_scheme("ftp.example.com").as_deref(), Some("ftp://ftp.example.com"));
/// assert_eq!(guess_scheme("example.com:8080/").as_deref(), Some("http://example.com:8080/"));
/// assert_eq!(guess_scheme("mailto:a@b"), None);
/// assert_eq!(guess_scheme("https://h/"), None);
/// ```
pub fn guess_scheme(t: &str) -> Option<String> {
    // A scheme is taken as given when "://" follows it, or when it has no
    // dot (`mailto:x`); `example.com:8080/x` has none, however RFC 3986
    // reads it (scheme "example.com").
    let scheme = uri::component::split(t).scheme.map(|s| s.slice(t));
    if t.contains("://") || t.starts_with("//") || scheme.is_some_and(|s| !s.contains('.')) {
        return None;
    }
    let head = t.split(['/', '?', '#', ':']).next().unwrap_or("");
    let lower = head.to_ascii_lowercase();
    let guessed = ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]
        .into_iter()
        .find(|p| lower.starts_with(p) && lower[p.len()..].starts_with('.'))
        .unwrap_or("http");
    Some(format!("{guessed}://{t}"))
}
