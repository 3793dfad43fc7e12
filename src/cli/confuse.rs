//! `uriscope confuse [--json] [--allow HOST] URL...`: the same URL through
//! the real parsers of common stacks ([`crate::confuse::engines`]),
//! engines × components with the cells that differ marked, a verdict on
//! the host, the confusion flags, and with `--allow` the naive allowlist
//! checks and which engines fool them. Without URLs on the command line,
//! one per stdin line, run through each engine in batches (one process
//! per engine per batch).

use std::io::{self, BufRead, Write};
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use crate::confuse::{allow, compare, engines, flags};
use crate::text::mask::{hide_passwords, mask_userinfo};
use crate::text::plain::visible;

/// Arguments of `uriscope confuse`.
#[derive(Debug, Args)]
pub struct ConfuseArgs {
    /// One JSON object per URL.
    #[arg(long)]
    pub json: bool,
    /// Test the naive allowlist checks for this host against each engine.
    #[arg(long, value_name = "HOST")]
    pub allow: Option<String>,
    /// How long an external engine may take for a batch, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 20_000)]
    pub timeout: u64,
    /// The URLs; with none, one per stdin line.
    pub urls: Vec<String>,
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
    checks: Vec<allow::Verdict>,
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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let timeout = Duration::from_millis(args.timeout);
    let mut confused = false;
    let mut result = Ok(());
    if args.urls.is_empty() {
        let stdin = io::stdin();
        let mut batch = Vec::new();
        for line in stdin.lock().lines() {
            let line = line?;
            let line = line.trim_end_matches('\r').to_string();
            if line.is_empty() {
                continue;
            }
            batch.push(line);
            if batch.len() == BATCH {
                result = answer(&batch, args, timeout, &mut out, &mut confused);
                batch.clear();
                if result.is_err() {
                    break;
                }
            }
        }
        if result.is_ok() && !batch.is_empty() {
            result = answer(&batch, args, timeout, &mut out, &mut confused);
        }
    } else {
        result = answer(&args.urls, args, timeout, &mut out, &mut confused);
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
        let t = compare::table(&outcomes);
        let fl = flags::flags(url);
        let allow = args.allow.as_deref().map(|host| {
            let hosts: Vec<(String, Option<String>)> = t
                .rows
                .iter()
                .map(|r| (r.engine.clone(), r.cells[0].clone()))
                .collect();
            JsonAllow {
                host,
                checks: allow::verdicts(url, host, &hosts),
            }
        });
        *confused |= t.confused()
            || allow
                .as_ref()
                .is_some_and(|a| a.checks.iter().any(|c| !c.fooled_for.is_empty()));
        if args.json {
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
            writeln!(out, "  {} rejects it: {}", r.engine, hide(e))?;
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
        writeln!(out, "  allowlist for {}:", visible(a.host))?;
        for c in &a.checks {
            let verdict = match (c.passes, c.fooled_for.is_empty()) {
                (false, _) => "blocks it".to_string(),
                (true, true) => "lets it through, and every engine's host is allowed".to_string(),
                (true, false) => format!(
                    "FOOLED: lets it through, but {} connect elsewhere",
                    c.fooled_for.join(", ")
                ),
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
