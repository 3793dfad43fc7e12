//! `uriscope confuse [--json] [--allow HOST] URL...`: the same URL through
//! the real parsers of common stacks ([`crate::confuse::engines`]),
//! engines × components with the cells that differ marked, a verdict on
//! the host, the confusion flags, and with `--allow` the naive allowlist
//! checks and which engines fool them. Without URLs on the command line,
//! one per stdin line, run through each engine in batches (one process
//! per engine per batch).
//!
//! With `--check ENGINE [--fetch ENGINE]…`, the pair view
//! ([`crate::confuse::pair`], written by `confuse/pair.rs`): the host the
//! check sees against the host each fetcher connects to; over stdin, only
//! the URLs where they disagree. `--engines` lists the engines and their
//! versions.

mod pair;

use std::io::{self, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use crate::confuse::engines::{Availability, Engine};
use crate::confuse::{allow, compare, engines, flags};
use crate::text::diag::{say, Place};
use crate::text::lines::{too_long_message, Line, LineReader, MAX_LINE};
use crate::text::mask::{hide_passwords, mask_userinfo};
use crate::text::plain::visible;

/// Arguments of `uriscope confuse`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object per URL"#),
])))]
pub struct ConfuseArgs {
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// Test the naive allowlist checks for this host: on the URL's text,
    /// or with --check on the checker's host.
    #[arg(long, value_name = "HOST")]
    pub allow: Option<String>,
    /// With --allow, a check is right when every engine's host is on the
    /// same site as HOST (the same registrable domain from the Public
    /// Suffix List), not only HOST or a subdomain of it.
    #[arg(long, requires = "allow")]
    pub same_site: bool,
    /// The engine an allowlist check parses the URL with: the pair view,
    /// the host it sees against the host each --fetch engine connects to.
    #[arg(long, value_name = "ENGINE", value_parser = EngineParser)]
    pub check: Option<Engine>,
    /// The engine that fetches the URL (repeat for several; without it,
    /// every engine found but the checker). Needs --check.
    #[arg(long, value_name = "ENGINE", value_parser = EngineParser, requires = "check")]
    pub fetch: Vec<Engine>,
    /// List every engine, found or not, with its identifier and version,
    /// and exit.
    #[arg(long)]
    pub engines: bool,
    /// How long an external engine may take for a batch, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 20_000)]
    pub timeout: u64,
    /// The URLs; with none, one per stdin line.
    pub urls: Vec<String>,
}

/// An engine by its identifier (`php-parse-url`) or name.
fn parse_engine(s: &str) -> Result<Engine, String> {
    Engine::from_id(s).ok_or_else(|| {
        let ids: Vec<&str> = Engine::ALL.iter().map(|e| e.id()).collect();
        format!("no engine {s:?}; the engines are {}", ids.join(", "))
    })
}

/// [`parse_engine`] with the engines' identifiers as its possible values,
/// which the help lists and the shell completions offer.
#[derive(Clone, Copy, Debug)]
struct EngineParser;

impl clap::builder::TypedValueParser for EngineParser {
    type Value = Engine;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Engine, clap::Error> {
        clap::builder::TypedValueParser::parse_ref(&parse_engine, cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            Engine::ALL
                .iter()
                .map(|e| clap::builder::PossibleValue::new(e.id())),
        ))
    }
}

/// URLs per batch when reading stdin (one process per engine per batch).
const BATCH: usize = 5_000;

/// The JSON object for one URL.
#[derive(Debug, Serialize)]
struct JsonConfuse<'a> {
    url: &'a str,
    engines: &'a [compare::Row],
    hosts: &'a [Option<String>],
    spellings: &'a [String],
    verdict: &'a str,
    flags: Vec<flags::Flag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allow: Option<JsonAllow<'a>>,
    missing: Vec<JsonMissing>,
}

#[derive(Debug, Serialize)]
struct JsonAllow<'a> {
    host: &'a str,
    /// `"site"` when an engine's host needs only be on the same site.
    #[serde(skip_serializing_if = "is_host_scope")]
    scope: allow::Scope,
    checks: Vec<allow::Verdict>,
}

fn is_host_scope(s: &allow::Scope) -> bool {
    *s == allow::Scope::Host
}

/// The scope `args` asks an allowlist check to be judged in.
fn scope(args: &ConfuseArgs) -> allow::Scope {
    if args.same_site {
        allow::Scope::Site
    } else {
        allow::Scope::Host
    }
}

#[derive(Debug, Serialize)]
struct JsonMissing {
    engine: &'static str,
    detail: String,
}

/// Run `uriscope confuse`; 0 when every engine that parses each URL
/// agrees on its host, 1 when some URL has several hosts (or fools an
/// allowlist check).
pub fn run(args: &ConfuseArgs) -> io::Result<i32> {
    let mut out = io::BufWriter::new(super::output::stdout());
    if args.engines {
        write_engines(&mut out, args.json.on)?;
        out.flush()?;
        return Ok(super::EXIT_OK);
    }
    let pairing = match &args.check {
        Some(check) => match pair::Pairing::new(*check, &args.fetch) {
            Ok(p) => Some(p),
            Err(message) => {
                crate::text::diag::say(
                    "confuse",
                    crate::text::diag::Place::Nowhere,
                    None,
                    &message,
                );
                return Ok(super::EXIT_USAGE);
            }
        },
        None => None,
    };
    let timeout = Duration::from_millis(args.timeout);
    let mut confused = false;
    let mut result = Ok(());
    let one_batch =
        |batch: &[String], out: &mut io::BufWriter<super::output::Locked>, confused: &mut bool| {
            match &pairing {
                Some(p) => p.answer(batch, args, timeout, out, confused),
                None => answer(batch, args, timeout, out, confused),
            }
        };
    if args.urls.is_empty() {
        let stdin = io::stdin();
        let mut batch = Vec::new();
        // The one line reader: a line past the cap or not UTF-8 is said
        // on stderr and skipped.
        let mut lines = LineReader::new(io::BufReader::new(stdin.lock()));
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let Some(line) = lines.next_into(&mut buf)? else {
                break;
            };
            let place = Place::Line(lines.number());
            let text = match line {
                Line::TooLong { head, length } => {
                    confused = true;
                    out.flush()?;
                    say(
                        "confuse",
                        place,
                        Some(&buf[head]),
                        &too_long_message(MAX_LINE, length),
                    );
                    continue;
                }
                Line::Text(t) => match std::str::from_utf8(&buf[t.clone()]) {
                    Ok(s) => s,
                    Err(_) => {
                        confused = true;
                        out.flush()?;
                        say("confuse", place, Some(&buf[t]), "not valid UTF-8");
                        continue;
                    }
                },
            };
            if text.is_empty() {
                continue;
            }
            batch.push(text.to_string());
            if batch.len() == BATCH {
                result = one_batch(&batch, &mut out, &mut confused);
                batch.clear();
                if result.is_err() {
                    break;
                }
            }
        }
        if result.is_ok() && !batch.is_empty() {
            result = one_batch(&batch, &mut out, &mut confused);
        }
    } else {
        result = one_batch(&args.urls, &mut out, &mut confused);
    }
    let result = result.and_then(|()| out.flush());
    super::steps::exit_status(result, confused)
}

fn answer<W: Write>(
    urls: &[String],
    args: &ConfuseArgs,
    timeout: Duration,
    out: &mut W,
    confused: &mut bool,
) -> io::Result<()> {
    let refs: Vec<&str> = urls.iter().map(String::as_str).collect();
    let results = engines::run(&refs, timeout);
    let available = engines::available();
    let missing: Vec<JsonMissing> = engines::available()
        .into_iter()
        .filter(|a| !a.found)
        .map(|a| JsonMissing {
            engine: a.engine.name(),
            detail: a.detail,
        })
        .collect();
    for (i, url) in urls.iter().enumerate() {
        let outcomes: Vec<(String, &engines::Outcome)> = results
            .iter()
            .filter_map(|r| r.outcomes.get(i).map(|o| (r.engine.name().to_string(), o)))
            .collect();
        let mut t = compare::table(&outcomes);
        for (row, r) in t.rows.iter_mut().zip(&results) {
            row.version = version_of(&available, r.engine).map(str::to_owned);
        }
        let fl = flags::flags(url);
        let allow = args.allow.as_deref().map(|host| {
            let hosts: Vec<(String, Option<String>)> = t
                .rows
                .iter()
                .map(|r| (r.engine.clone(), r.cells[0].clone()))
                .collect();
            JsonAllow {
                host,
                scope: scope(args),
                checks: allow::verdicts_within(url, host, &hosts, scope(args)),
            }
        });
        *confused |= t.confused()
            || allow
                .as_ref()
                .is_some_and(|a| a.checks.iter().any(|c| !c.fooled_for.is_empty()));
        if args.json.on {
            let v = JsonConfuse {
                url,
                engines: &t.rows,
                hosts: &t.hosts,
                spellings: &t.spellings,
                verdict: &t.verdict,
                flags: fl,
                allow,
                missing: missing
                    .iter()
                    .map(|m| JsonMissing {
                        engine: m.engine,
                        detail: m.detail.clone(),
                    })
                    .collect(),
            };
            crate::text::json::write(&mut *out, &v)?;
            out.write_all(b"\n")?;
        } else {
            write_text(out, url, &t, &fl, allow.as_ref(), &missing)?;
        }
    }
    Ok(())
}

fn write_text<W: Write>(
    out: &mut W,
    url: &str,
    t: &compare::Table,
    fl: &[flags::Flag],
    allow: Option<&JsonAllow<'_>>,
    missing: &[JsonMissing],
) -> io::Result<()> {
    // The URL line as typed (as `parse` prints it); every other row masks
    // the passwords the engines read (RFC 3986 §7.5): the userinfo cells,
    // and the messages that quote them. `--json` keeps them, for programs.
    writeln!(out, "{}", visible(url))?;
    let userinfo = compare::COMPONENTS.iter().position(|c| *c == "userinfo");
    let secrets: Vec<String> = t
        .rows
        .iter()
        .filter_map(|r| userinfo.and_then(|k| r.cells[k].as_deref()))
        .filter_map(|u| u.split_once(':').map(|(_, pw)| pw.to_string()))
        .filter(|pw| !pw.is_empty())
        .collect();
    let hide = |text: &str| hide_passwords(&visible(text), &secrets).into_owned();
    let mut rows = vec![std::iter::once("ENGINE".to_string())
        .chain(compare::COMPONENTS.iter().map(|c| c.to_ascii_uppercase()))
        .collect::<Vec<_>>()];
    for r in t.rows.iter().filter(|r| r.error.is_none()) {
        let mut row = vec![r.engine.clone()];
        for (k, (cell, d)) in r.cells.iter().zip(&r.differs).enumerate() {
            let v = match cell {
                Some(v) if Some(k) == userinfo => format!("\"{}\"", visible(&mask_userinfo(v))),
                Some(v) => format!("\"{}\"", hide(v)),
                None => "-".to_string(),
            };
            row.push(if *d { format!("*{v}") } else { v });
        }
        rows.push(row);
    }
    if rows.len() > 1 {
        crate::report::trace::write_table(out, "  ", &rows)?;
    }
    for r in &t.rows {
        if let Some(e) = &r.error {
            let says = if r.failed {
                "gave no answer"
            } else {
                "rejects it"
            };
            writeln!(out, "  {} {says}: {}", r.engine, hide(e))?;
        }
    }
    let marked = t.rows.iter().any(|r| r.differs.contains(&true));
    let legend = if marked {
        "  (* differs from the other engines)"
    } else {
        ""
    };
    writeln!(out, "  {}{legend}", hide(&t.verdict))?;
    for f in fl {
        writeln!(
            out,
            "  flag {} at {}..{}: {} ({})",
            f.class.name(),
            f.start,
            f.end,
            hide(&f.message),
            f.class.sections()
        )?;
    }
    if let Some(a) = allow {
        let within = match a.scope {
            allow::Scope::Host => "",
            allow::Scope::Site => " (same site)",
        };
        writeln!(out, "  allowlist for {}{within}:", visible(a.host))?;
        for c in &a.checks {
            let verdict = match (c.passes, c.fooled_for.is_empty()) {
                (false, _) => "blocks it".to_string(),
                (true, true) => "lets it through, and every engine's host is allowed".to_string(),
                (true, false) => format!("FOOLED: lets it through, but {}", c.elsewhere()),
            };
            writeln!(
                out,
                "    {:<12} {verdict}   [{}]",
                c.check.name, c.check.code
            )?;
        }
    }
    if !missing.is_empty() {
        let names: Vec<String> = missing
            .iter()
            .map(|m| format!("{} ({})", m.engine, m.detail))
            .collect();
        writeln!(out, "  not run: {}", names.join("; "))?;
    }
    writeln!(out)
}

/// The version of `engine` that answers here, when it is found.
fn version_of(available: &[Availability], engine: Engine) -> Option<&str> {
    available
        .iter()
        .find(|a| a.engine == engine)
        .and_then(|a| a.version.as_deref())
}

/// One engine in `--engines --json`.
#[derive(Debug, Serialize)]
struct JsonEngine<'a> {
    id: &'static str,
    engine: &'static str,
    found: bool,
    version: Option<&'a str>,
    detail: &'a str,
    description: &'static str,
}

/// `--engines`: every engine, found or not, its identifier, version (or
/// why it is missing) and the stack that reads URLs its way.
fn write_engines<W: Write>(out: &mut W, json: bool) -> io::Result<()> {
    for a in engines::available() {
        let e = a.engine;
        if json {
            let v = JsonEngine {
                id: e.id(),
                engine: e.name(),
                found: a.found,
                version: a.version.as_deref(),
                detail: &a.detail,
                description: e.description(),
            };
            crate::text::json::write(&mut *out, &v)?;
            writeln!(out)?;
        } else {
            let state = if a.found { "found  " } else { "missing" };
            writeln!(
                out,
                "{:<15} {:<15} {state} {}",
                e.id(),
                e.name(),
                visible(&a.detail)
            )?;
            writeln!(out, "{:<15} {}", "", e.description())?;
        }
    }
    Ok(())
}
