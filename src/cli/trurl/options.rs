//! trurl's command line, read as trurl reads it: options start with `-`
//! until a `--`, a long option takes its value after `=` or as the next
//! argument, a short one right after its letter (`-sscheme=http`) or as
//! the next argument; anything else is a URL. Errors stop at once with
//! trurl's message and exit status, and `-h` or `-v` win where they
//! stand. Values are bytes, as the shell gives them.

use super::{Stop, EXIT_ARG, EXIT_FILE, EXIT_FLAG, EXIT_REPLACE, EXIT_TRIM};
use crate::curl::{escape, lossy};

/// Where `--url-file` reads.
#[derive(Debug)]
pub enum UrlFile {
    /// `-`.
    Stdin,
    /// A file, opened when the option was read.
    File(std::fs::File),
}

/// Everything the command line asks for.
#[derive(Debug, Default)]
pub struct Options {
    /// URLs given as arguments or with `--url`.
    pub urls: Vec<Vec<u8>>,
    /// `-f`: read the URLs from here instead.
    pub url_file: Option<UrlFile>,
    /// `--append path=`: segments, encoded.
    pub append_path: Vec<Vec<u8>>,
    /// `--append query=`: pairs, each side encoded.
    pub append_query: Vec<Vec<u8>>,
    /// `--set` lines, as given.
    pub sets: Vec<Vec<u8>>,
    /// `--trim query=` and `--qtrim` patterns.
    pub trims: Vec<Vec<u8>>,
    /// `--iterate` lines, as given.
    pub iterate: Vec<Vec<u8>>,
    /// `--replace` and `--replace-append` pairs, each side encoded.
    pub replaces: Vec<Vec<u8>>,
    /// `--replace-append` was given (for every replace).
    pub replace_append: bool,
    /// `--redirect`.
    pub redirect: Option<Vec<u8>>,
    /// `--query-separator` (default `&`).
    pub qsep: Option<u8>,
    /// `--get`.
    pub format: Option<Vec<u8>>,
    /// `--json`.
    pub json: bool,
    /// `--verify`.
    pub verify: bool,
    /// `--accept-space`.
    pub accept_space: bool,
    /// `--curl`: only schemes libcurl has a protocol for.
    pub curl: bool,
    /// `--default-port`.
    pub default_port: bool,
    /// `--keep-port`.
    pub keep_port: bool,
    /// `--punycode`.
    pub punycode: bool,
    /// `--as-idn`.
    pub as_idn: bool,
    /// `--sort-query`.
    pub sort_query: bool,
    /// `--no-guess-scheme`.
    pub no_guess_scheme: bool,
    /// `--urlencode`.
    pub urlencode: bool,
    /// `--quiet`.
    pub quiet: bool,
    /// `--explain` (uriscope's): each change and why, on stderr.
    pub explain: bool,
    /// `--raw` (uriscope's): answers holding control or bidi characters
    /// written as they are instead of refused.
    pub raw: bool,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Work on URLs.
    Run(Box<Options>),
    /// `-h`, `--help`.
    Help,
    /// `-v`, `--version`.
    Version,
}

/// Read trurl's arguments (without the program name).
pub fn parse(args: &[Vec<u8>]) -> Result<Parsed, Stop> {
    let mut o = Options::default();
    let mut end_of_options = false;
    let mut i = 0;
    while i < args.len() {
        let flag = &args[i];
        let next = args.get(i + 1).map(Vec::as_slice);
        if end_of_options || flag.first() != Some(&b'-') {
            o.urls.push(flag.clone());
            i += 1;
            continue;
        }
        match option(&mut o, flag, next)? {
            Step::Done { used_next } => i += 1 + usize::from(used_next),
            Step::EndOfOptions => {
                end_of_options = true;
                i += 1;
            }
            Step::Help => return Ok(Parsed::Help),
            Step::Version => return Ok(Parsed::Version),
        }
    }
    Ok(Parsed::Run(Box::new(o)))
}

enum Step {
    Done { used_next: bool },
    EndOfOptions,
    Help,
    Version,
}

/// The option names that take a value, short and long forms.
const WITH_VALUE: &[(&str, &str)] = &[
    ("", "--url"),
    ("-f", "--url-file"),
    ("-a", "--append"),
    ("-s", "--set"),
    ("", "--iterate"),
    ("", "--redirect"),
    ("", "--query-separator"),
    ("", "--trim"),
    ("", "--qtrim"),
    ("-g", "--get"),
];

/// One option (`getarg`).
fn option(o: &mut Options, flag: &[u8], next: Option<&[u8]>) -> Result<Step, Stop> {
    // The value: glued to a short option, after '=' in a long one, or
    // the next argument.
    let (glued, value) = if flag.get(1) != Some(&b'-') && flag.len() > 2 {
        (true, Some(&flag[2..]))
    } else if flag.starts_with(b"--") {
        match flag[2..].iter().position(|&b| b == b'=') {
            Some(eq) => (true, Some(&flag[2 + eq + 1..])),
            None => (false, next),
        }
    } else {
        (false, next)
    };
    let done = Ok(Step::Done { used_next: !glued });
    match flag {
        b"--" => return Ok(Step::EndOfOptions),
        b"-v" | b"--version" => return Ok(Step::Version),
        b"-h" | b"--help" => return Ok(Step::Help),
        _ => {}
    }
    if let Some(name) = named(flag) {
        let Some(v) = value else {
            return Err(error(EXIT_ARG, format!("Missing argument for {name}")));
        };
        match name.trim_start_matches('-') {
            "url" => o.urls.push(v.to_vec()),
            "f" | "url-file" => {
                if o.url_file.is_some() {
                    return Err(error(EXIT_FLAG, "only one --url-file is supported"));
                }
                o.url_file = Some(if v == b"-" {
                    UrlFile::Stdin
                } else {
                    UrlFile::File(std::fs::File::open(lossy(v)).map_err(|_| {
                        error(EXIT_FILE, format!("--url-file {} not found", lossy(v)))
                    })?)
                });
            }
            "a" | "append" => append(o, v)?,
            "s" | "set" => o.sets.push(v.to_vec()),
            "iterate" => o.iterate.push(v.to_vec()),
            "redirect" => {
                if o.redirect.is_some() {
                    return Err(error(EXIT_FLAG, "only one --redirect is supported"));
                }
                o.redirect = Some(v.to_vec());
            }
            "query-separator" => {
                if o.qsep.is_some() {
                    return Err(error(EXIT_FLAG, "only one --query-separator is supported"));
                }
                let [c] = v else {
                    return Err(error(
                        EXIT_FLAG,
                        "only single-letter query separators are supported",
                    ));
                };
                o.qsep = Some(*c);
            }
            "trim" => {
                let Some(pattern) = v.strip_prefix(b"query=") else {
                    return Err(error(
                        EXIT_TRIM,
                        format!("Unsupported trim component: {}", lossy(v)),
                    ));
                };
                o.trims.push(pattern.to_vec());
            }
            "qtrim" => o.trims.push(v.to_vec()),
            _ => {
                // -g, --get
                if o.format.is_some() {
                    return Err(error(EXIT_FLAG, "only one --get is supported"));
                }
                if o.json {
                    return Err(error(EXIT_FLAG, "--get is mutually exclusive with --json"));
                }
                o.format = Some(v.to_vec());
            }
        }
        return done;
    }
    match flag {
        b"--json" => {
            if o.format.is_some() {
                return Err(error(EXIT_FLAG, "--json is mutually exclusive with --get"));
            }
            o.json = true;
        }
        b"--verify" => o.verify = true,
        b"--accept-space" => o.accept_space = true,
        b"--curl" => o.curl = true,
        b"--default-port" => o.default_port = true,
        b"--keep-port" => o.keep_port = true,
        b"--punycode" => {
            if o.as_idn {
                return Err(error(
                    EXIT_FLAG,
                    "--punycode is mutually exclusive with --as-idn",
                ));
            }
            o.punycode = true;
        }
        b"--as-idn" => {
            if o.punycode {
                return Err(error(
                    EXIT_FLAG,
                    "--as-idn is mutually exclusive with --punycode",
                ));
            }
            o.as_idn = true;
        }
        b"--no-guess-scheme" => o.no_guess_scheme = true,
        b"--sort-query" => o.sort_query = true,
        b"--urlencode" => o.urlencode = true,
        b"--quiet" => o.quiet = true,
        b"--explain" => o.explain = true,
        b"--raw" => o.raw = true,
        b"--replace" | b"--replace-append" | b"--force-replace" => {
            // trurl reads these only as `--replace DATA`, never glued.
            let Some(v) = next else {
                return Err(error(EXIT_REPLACE, "No data passed to replace component"));
            };
            o.replaces.push(assign_escaped(v));
            o.replace_append |= flag != b"--replace";
            return Ok(Step::Done { used_next: true });
        }
        _ => {
            // A long option is named up to its '=', a short one by its
            // first two bytes.
            let shown = if flag.starts_with(b"--") {
                flag.split(|&b| b == b'=').next().unwrap_or(flag)
            } else {
                &flag[..flag.len().min(2)]
            };
            return Err(error(
                EXIT_FLAG,
                format!("unknown option: {}", lossy(shown)),
            ));
        }
    }
    Ok(Step::Done { used_next: false })
}

/// The option of [`WITH_VALUE`] that `flag` names (`checkoptarg`): a
/// long one exactly or before `=`, a short one by its first two bytes.
fn named(flag: &[u8]) -> Option<&'static str> {
    WITH_VALUE.iter().find_map(|&(short, long)| {
        let l = long.as_bytes();
        if flag == l || (flag.starts_with(l) && flag.get(l.len()) == Some(&b'=')) {
            return Some(long);
        }
        (!short.is_empty() && flag.get(1) != Some(&b'-') && flag.starts_with(short.as_bytes()))
            .then_some(short)
    })
}

/// `--append path=SEGMENT` or `query=PAIR`.
fn append(o: &mut Options, v: &[u8]) -> Result<(), Stop> {
    if let Some(seg) = v.strip_prefix(b"path=") {
        o.append_path.push(escape(seg));
    } else if let Some(pair) = v.strip_prefix(b"query=") {
        o.append_query.push(assign_escaped(pair));
    } else {
        return Err(error(
            super::EXIT_APPEND,
            format!("--append unsupported component: {}", lossy(v)),
        ));
    }
    Ok(())
}

/// `key=value` with each side of the first `=` encoded by libcurl's
/// escape (`encodeassign`).
fn assign_escaped(v: &[u8]) -> Vec<u8> {
    match v.iter().position(|&b| b == b'=') {
        Some(eq) => {
            let mut out = escape(&v[..eq]);
            out.push(b'=');
            out.extend_from_slice(&escape(&v[eq + 1..]));
            out
        }
        None => escape(v),
    }
}

fn error(code: i32, message: impl Into<String>) -> Stop {
    Stop::Error {
        code,
        message: message.into(),
    }
}
