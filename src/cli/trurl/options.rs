//! trurl's command line, read as trurl reads it: options start with `-`
//! until a `--`, a long option takes its value after `=` or as the next
//! argument, a short one right after its letter (`-sscheme=http`) or as
//! the next argument; anything else is a URL. Errors stop at once with
//! trurl's message and exit status, and `-h` or `-v` win where they
//! stand. Values are bytes, as the shell gives them. The options are
//! trurl's flag table's ([`crate::cli::edit_flags`]).

use std::ops::Range;

use super::{Stop, EXIT_ARG, EXIT_FILE, EXIT_FLAG, EXIT_REPLACE, EXIT_TRIM};
use crate::cli::edit_flags::{Flag, Spec, Takes, FLAGS};
use crate::cli::get_template::{Dialect, Piece, Template};
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
    /// `--get` read once: its fields are where they stand in `format`.
    pub template: Option<Template<Range<usize>>>,
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

/// One option (`getarg`), found in trurl's flag table.
fn option(o: &mut Options, flag: &[u8], next: Option<&[u8]>) -> Result<Step, Stop> {
    if flag == b"--" {
        return Ok(Step::EndOfOptions);
    }
    let Some((spec, glued)) = find(flag) else {
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
    };
    match spec.takes {
        Takes::Nothing => {
            switch(o, spec.flag)?;
            Ok(match spec.flag {
                Flag::Help => Step::Help,
                Flag::Version => Step::Version,
                _ => Step::Done { used_next: false },
            })
        }
        Takes::NextValue { .. } => {
            let Some(v) = next else {
                return Err(error(EXIT_REPLACE, "No data passed to replace component"));
            };
            o.replaces.push(assign_escaped(v));
            o.replace_append |= spec.flag != Flag::Replace;
            Ok(Step::Done { used_next: true })
        }
        Takes::Value { .. } => {
            let Some(v) = glued.or(next) else {
                let name = match spec.short {
                    Some(c) if flag.get(1) != Some(&b'-') => format!("-{c}"),
                    _ => format!("--{}", spec.long),
                };
                return Err(error(EXIT_ARG, format!("Missing argument for {name}")));
            };
            value(o, spec.flag, v)?;
            Ok(Step::Done {
                used_next: glued.is_none(),
            })
        }
    }
}

/// The flag of trurl's table that `flag` names, with the value glued to
/// it: a switch by its exact name (`--json`, `-h`), an option that takes
/// its value glued by its long name exactly or before `=` or by its
/// short letter with the value after it (`checkoptarg`), an option that
/// takes the next argument by its exact name or alias.
fn find(flag: &[u8]) -> Option<(&'static Spec, Option<&[u8]>)> {
    let long = flag.strip_prefix(b"--");
    FLAGS.iter().filter(|s| s.in_trurl()).find_map(|s| {
        let named = |name: &str| long == Some(name.as_bytes());
        let short =
            |c: char| flag.len() >= 2 && flag[0] == b'-' && u32::from(flag[1]) == u32::from(c);
        match s.takes {
            Takes::Nothing => (named(s.long)
                || s.short.is_some_and(|c| short(c) && flag.len() == 2))
            .then_some((s, None)),
            Takes::NextValue { .. } => {
                (named(s.long) || s.alias.is_some_and(named)).then_some((s, None))
            }
            Takes::Value { .. } => {
                if let Some(l) = long {
                    let l = l.strip_prefix(s.long.as_bytes())?;
                    return match l {
                        [] => Some((s, None)),
                        [b'=', v @ ..] => Some((s, Some(v))),
                        _ => None,
                    };
                }
                let c = s.short?;
                short(c).then(|| (s, (flag.len() > 2).then(|| &flag[2..])))
            }
        }
    })
}

/// A switch.
fn switch(o: &mut Options, flag: Flag) -> Result<(), Stop> {
    match flag {
        Flag::Json => {
            if o.format.is_some() {
                return Err(error(EXIT_FLAG, "--json is mutually exclusive with --get"));
            }
            o.json = true;
        }
        Flag::Verify => o.verify = true,
        Flag::AcceptSpace => o.accept_space = true,
        Flag::Curl => o.curl = true,
        Flag::DefaultPort => o.default_port = true,
        Flag::KeepPort => o.keep_port = true,
        Flag::Punycode => {
            if o.as_idn {
                return Err(error(
                    EXIT_FLAG,
                    "--punycode is mutually exclusive with --as-idn",
                ));
            }
            o.punycode = true;
        }
        Flag::AsIdn => {
            if o.punycode {
                return Err(error(
                    EXIT_FLAG,
                    "--as-idn is mutually exclusive with --punycode",
                ));
            }
            o.as_idn = true;
        }
        Flag::NoGuessScheme => o.no_guess_scheme = true,
        Flag::SortQuery => o.sort_query = true,
        Flag::Urlencode => o.urlencode = true,
        Flag::Quiet => o.quiet = true,
        Flag::Explain => o.explain = true,
        Flag::Raw => o.raw = true,
        _ => {}
    }
    Ok(())
}

/// An option's value.
fn value(o: &mut Options, flag: Flag, v: &[u8]) -> Result<(), Stop> {
    match flag {
        Flag::Url => o.urls.push(v.to_vec()),
        Flag::UrlFile => {
            if o.url_file.is_some() {
                return Err(error(EXIT_FLAG, "only one --url-file is supported"));
            }
            o.url_file =
                Some(if v == b"-" {
                    UrlFile::Stdin
                } else {
                    UrlFile::File(std::fs::File::open(lossy(v)).map_err(|_| {
                        error(EXIT_FILE, format!("--url-file {} not found", lossy(v)))
                    })?)
                });
        }
        Flag::Append => append(o, v)?,
        Flag::Set => o.sets.push(v.to_vec()),
        Flag::Iterate => o.iterate.push(v.to_vec()),
        Flag::Redirect => {
            if o.redirect.is_some() {
                return Err(error(EXIT_FLAG, "only one --redirect is supported"));
            }
            o.redirect = Some(v.to_vec());
        }
        Flag::QuerySeparator => {
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
        Flag::Trim => {
            let Some(pattern) = v.strip_prefix(b"query=") else {
                return Err(error(
                    EXIT_TRIM,
                    format!("Unsupported trim component: {}", lossy(v)),
                ));
            };
            o.trims.push(pattern.to_vec());
        }
        Flag::Qtrim => o.trims.push(v.to_vec()),
        Flag::Get => {
            if o.format.is_some() {
                return Err(error(EXIT_FLAG, "only one --get is supported"));
            }
            if o.json {
                return Err(error(EXIT_FLAG, "--get is mutually exclusive with --json"));
            }
            o.format = Some(v.to_vec());
            // trurl's dialect refuses nothing: a field's name is read for
            // each URL, as trurl reads it.
            o.template = Some(
                Template::read(v, Dialect::Trurl, |at| Ok::<_, String>(at.span))
                    .unwrap_or_else(|_| Template(vec![Piece::Text(v.to_vec())])),
            );
        }
        _ => {}
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(argv: &[&str]) -> Result<Parsed, Stop> {
        let args: Vec<Vec<u8>> = argv.iter().map(|a| a.as_bytes().to_vec()).collect();
        parse(&args)
    }

    fn unknown(r: &Result<Parsed, Stop>) -> bool {
        matches!(r, Err(Stop::Error { message, .. }) if message.starts_with("unknown option"))
    }

    /// Every flag of the table that trurl mode reads is an option here,
    /// by its long name, its letter and its alias; the table's `edit`
    /// flags alone are unknown options.
    #[test]
    fn trurl_mode_reads_each_trurl_flag_of_the_table_and_no_other() {
        for s in FLAGS {
            let value = match s.flag {
                Flag::UrlFile => "-",
                Flag::Append => "path=a",
                Flag::Trim => "query=a",
                Flag::QuerySeparator => ";",
                _ => "a=b",
            };
            let names = std::iter::once(format!("--{}", s.long))
                .chain(s.short.map(|c| format!("-{c}")))
                .chain(s.alias.map(|a| format!("--{a}")));
            for name in names {
                let mut argv = vec![name.as_str()];
                if s.takes != Takes::Nothing {
                    argv.push(value);
                }
                let r = parsed(&argv);
                assert_eq!(unknown(&r), !s.in_trurl(), "{argv:?}: {r:?}");
                assert!(r.is_ok() || !s.in_trurl(), "{argv:?}: {r:?}");
            }
        }
    }

    /// trurl's ways of giving a value: glued to the letter, after `=`,
    /// or next; `--replace` only next; a switch only by its exact name.
    #[test]
    fn values_come_glued_after_equals_or_next_as_trurl_reads_them() {
        for argv in [
            &["-g{host}"][..],
            &["--get={host}"],
            &["--get", "{host}"],
            &["-g", "{host}"],
        ] {
            let Ok(Parsed::Run(o)) = parsed(argv) else {
                panic!("{argv:?}")
            };
            assert_eq!(o.format.as_deref(), Some(&b"{host}"[..]), "{argv:?}");
        }
        assert!(unknown(&parsed(&["--replace=a=b"])));
        assert!(unknown(&parsed(&["--json=1"])));
        assert!(unknown(&parsed(&["-hx"])));
        assert!(unknown(&parsed(&["--urlencodex"])));
        let Ok(Parsed::Run(o)) = parsed(&["--url=", "--", "-x"]) else {
            panic!()
        };
        assert_eq!(o.urls, [b"".to_vec(), b"-x".to_vec()]);
        let Err(Stop::Error { code, message }) = parsed(&["-f"]) else {
            panic!()
        };
        assert_eq!(
            (code, message.as_str()),
            (EXIT_ARG, "Missing argument for -f")
        );
        let Err(Stop::Error { message, .. }) = parsed(&["--url-file"]) else {
            panic!()
        };
        assert_eq!(message, "Missing argument for --url-file");
    }
}
