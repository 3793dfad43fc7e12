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
use crate::cli::edit_plan::{Given, Plan};
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

/// The command line read: the edit's plan, and what trurl makes of it
/// before any URL.
#[derive(Debug)]
pub struct Ready {
    /// The edit, its values as given.
    pub plan: Plan<Vec<u8>>,
    /// `-f`: read the URLs from here instead.
    pub url_file: Option<UrlFile>,
    /// `--append path=`: segments, encoded.
    pub append_path: Vec<Vec<u8>>,
    /// `--append query=`: pairs, each side encoded.
    pub append_query: Vec<Vec<u8>>,
    /// `--trim query=` and `--qtrim` patterns, in argv order.
    pub trims: Vec<Vec<u8>>,
    /// `--replace` and `--replace-append` pairs, each side encoded.
    pub replaces: Vec<Vec<u8>>,
    /// `--replace-append` was given (for every replace).
    pub replace_append: bool,
    /// `--query-separator` (default `&`).
    pub qsep: Option<u8>,
    /// `--get` read once: its fields are where they stand in the plan's
    /// template.
    pub template: Option<Template<Range<usize>>>,
}

impl Ready {
    /// What trurl makes of `plan` (checked as it was read) before any
    /// URL.
    fn new(plan: Plan<Vec<u8>>, url_file: Option<UrlFile>) -> Ready {
        let (mut append_path, mut append_query) = (Vec::new(), Vec::new());
        for a in &plan.appends {
            if let Some(seg) = a.strip_prefix(b"path=") {
                append_path.push(escape(seg));
            } else if let Some(pair) = a.strip_prefix(b"query=") {
                append_query.push(assign_escaped(pair));
            }
        }
        let trims = plan
            .trims
            .iter()
            .map(|(f, t)| match f {
                Flag::Trim => t.strip_prefix(b"query=").unwrap_or(t).to_vec(),
                _ => t.clone(),
            })
            .collect();
        // trurl's dialect refuses nothing: a field's name is read for
        // each URL, as trurl reads it.
        let template = plan.get.as_ref().map(|v| {
            Template::read(v, Dialect::Trurl, |at| Ok::<_, String>(at.span))
                .unwrap_or_else(|_| Template(vec![Piece::Text(v.clone())]))
        });
        Ready {
            append_path,
            append_query,
            trims,
            replaces: plan
                .replaces
                .iter()
                .map(|(_, r)| assign_escaped(r))
                .collect(),
            replace_append: plan.replaces.iter().any(|(f, _)| *f != Flag::Replace),
            qsep: plan
                .query_separator
                .as_ref()
                .and_then(|q| q.first().copied()),
            template,
            url_file,
            plan,
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Work on URLs.
    Run(Box<Ready>),
    /// `-h`, `--help`.
    Help,
    /// `-v`, `--version`.
    Version,
}

/// Read trurl's arguments (without the program name): each item is
/// checked against the plan so far, in argv order, then added to it.
pub fn parse(args: &[Vec<u8>]) -> Result<Parsed, Stop> {
    let mut plan = Plan::default();
    let mut url_file = None;
    let mut end_of_options = false;
    let mut i = 0;
    while i < args.len() {
        let flag = &args[i];
        let next = args.get(i + 1).map(Vec::as_slice);
        if end_of_options || flag.first() != Some(&b'-') {
            plan.add(Given::Url(flag.clone()));
            i += 1;
            continue;
        }
        let (given, used_next) = match option(flag, next)? {
            Step::Given(given, used_next) => (given, used_next),
            Step::EndOfOptions => {
                end_of_options = true;
                i += 1;
                continue;
            }
        };
        match given {
            Given::Switch(Flag::Help) => return Ok(Parsed::Help),
            Given::Switch(Flag::Version) => return Ok(Parsed::Version),
            _ => {}
        }
        check(&plan, &given, &mut url_file)?;
        plan.add(given);
        i += 1 + usize::from(used_next);
    }
    Ok(Parsed::Run(Box::new(Ready::new(plan, url_file))))
}

enum Step {
    Given(Given<Vec<u8>>, bool),
    EndOfOptions,
}

/// One option (`getarg`), found in trurl's flag table: what it gives,
/// and whether its value was the next argument.
fn option(flag: &[u8], next: Option<&[u8]>) -> Result<Step, Stop> {
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
        Takes::Nothing => Ok(Step::Given(Given::Switch(spec.flag), false)),
        Takes::NextValue { .. } => {
            let Some(v) = next else {
                return Err(error(EXIT_REPLACE, "No data passed to replace component"));
            };
            Ok(Step::Given(Given::Value(spec.flag, v.to_vec()), true))
        }
        Takes::Value { .. } => {
            let Some(v) = glued.or(next) else {
                let name = match spec.short {
                    Some(c) if flag.get(1) != Some(&b'-') => format!("-{c}"),
                    _ => format!("--{}", spec.long),
                };
                return Err(error(EXIT_ARG, format!("Missing argument for {name}")));
            };
            Ok(Step::Given(
                Given::Value(spec.flag, v.to_vec()),
                glued.is_none(),
            ))
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

/// trurl's checks of `given` against the plan read so far, with its
/// messages and exit statuses; `--url-file`'s file is opened here, so a
/// missing one stops the reading where it stands.
fn check(
    plan: &Plan<Vec<u8>>,
    given: &Given<Vec<u8>>,
    url_file: &mut Option<UrlFile>,
) -> Result<(), Stop> {
    let (flag, v) = match given {
        Given::Url(_) => return Ok(()),
        Given::Switch(flag) => {
            let clash = match flag {
                Flag::Json if plan.get.is_some() => "--json is mutually exclusive with --get",
                Flag::Punycode if plan.on(Flag::AsIdn) => {
                    "--punycode is mutually exclusive with --as-idn"
                }
                Flag::AsIdn if plan.on(Flag::Punycode) => {
                    "--as-idn is mutually exclusive with --punycode"
                }
                _ => return Ok(()),
            };
            return Err(error(EXIT_FLAG, clash));
        }
        Given::Value(flag, v) => (*flag, v.as_slice()),
    };
    let once = |given: bool, name: &str| {
        if given {
            Err(error(EXIT_FLAG, format!("only one --{name} is supported")))
        } else {
            Ok(())
        }
    };
    match flag {
        Flag::UrlFile => {
            once(plan.url_file.is_some(), "url-file")?;
            *url_file =
                Some(if v == b"-" {
                    UrlFile::Stdin
                } else {
                    UrlFile::File(std::fs::File::open(lossy(v)).map_err(|_| {
                        error(EXIT_FILE, format!("--url-file {} not found", lossy(v)))
                    })?)
                });
        }
        Flag::Append if !(v.starts_with(b"path=") || v.starts_with(b"query=")) => {
            return Err(error(
                super::EXIT_APPEND,
                format!("--append unsupported component: {}", lossy(v)),
            ));
        }
        Flag::Redirect => once(plan.redirect.is_some(), "redirect")?,
        Flag::QuerySeparator => {
            once(plan.query_separator.is_some(), "query-separator")?;
            if v.len() != 1 {
                return Err(error(
                    EXIT_FLAG,
                    "only single-letter query separators are supported",
                ));
            }
        }
        Flag::Trim if !v.starts_with(b"query=") => {
            return Err(error(
                EXIT_TRIM,
                format!("Unsupported trim component: {}", lossy(v)),
            ));
        }
        Flag::Get => {
            once(plan.get.is_some(), "get")?;
            if plan.on(Flag::Json) {
                return Err(error(EXIT_FLAG, "--get is mutually exclusive with --json"));
            }
        }
        _ => {}
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
            assert_eq!(o.plan.get.as_deref(), Some(&b"{host}"[..]), "{argv:?}");
        }
        assert!(unknown(&parsed(&["--replace=a=b"])));
        assert!(unknown(&parsed(&["--json=1"])));
        assert!(unknown(&parsed(&["-hx"])));
        assert!(unknown(&parsed(&["--urlencodex"])));
        let Ok(Parsed::Run(o)) = parsed(&["--url=", "--", "-x"]) else {
            panic!()
        };
        let urls: Vec<&[u8]> = o.plan.urls.iter().map(|i| i.url.as_slice()).collect();
        assert_eq!(urls, [&b""[..], b"-x"]);
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
