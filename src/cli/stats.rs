//! `uriscope stats [--json] [--top N] [FILE ...]`: the counts of a list of
//! URLs, one per line (stdin when no file is named): how many are URIs,
//! IRIs, relative references and invalid, and the top schemes, hosts,
//! sites (registrable domains, [`crate::collection::sites`]), finding
//! codes and confusion flags. The counts are a
//! [`crate::collection::Tally`], the collection view's own.
//!
//! The output is an explanation: names from the input are quoted with
//! control and invisible characters visible ([`crate::text::answer::quote`]).

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::flags::StatsFormat;
use crate::collection::sites::SiteIndex;
use crate::collection::{counts, Event, Kind, Loader, Plan, Ranked, Source, Tally};
use crate::text::answer::quote;
use crate::text::diag::{say, Place};
use crate::text::lines::{too_long_message, MAX_LINE};

/// Arguments of `uriscope stats`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object"#),
])))]
pub struct StatsArgs {
    /// `--json` and `--format` (text, json or html).
    #[command(flatten)]
    pub output: super::flags::ChartOutput,
    /// Rows in each table; 0 lists them all.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: usize,
    /// The files to read, one URI-reference per line (`-` is stdin); with
    /// none, stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Count every line of `sources`: the tally, and whether every source
/// could be read (each one that could not is reported on stderr).
pub fn tally(sources: Vec<Source>, threads: usize) -> (Tally, bool) {
    let plan = Plan {
        facts: true,
        keys: [false, false],
        threads,
        ..Plan::default()
    };
    let mut tally = Tally::default();
    let mut ok = true;
    for event in Loader::spawn(sources, plan) {
        match event {
            Event::Batch(b) => {
                tally.blank += b.blank;
                for (text, a) in b.iter() {
                    match &a.facts {
                        Some(f) => tally.add(text, f),
                        None => tally.add(text, &crate::collection::Facts::not_utf8()),
                    };
                }
            }
            Event::Failed { source, error } => {
                ok = false;
                say(
                    "stats",
                    Place::Nowhere,
                    Some(source.as_bytes()),
                    &quote(&error),
                );
            }
            Event::Skipped(s) => {
                ok = false;
                let why = too_long_message(MAX_LINE, s.length);
                say("stats", Place::Line(s.number), Some(&s.head), &why);
            }
        }
    }
    (tally, ok)
}

/// Run `uriscope stats`; returns the exit status.
pub fn run(args: &StatsArgs) -> io::Result<i32> {
    let (tally, ok) = tally(Source::from_args(&args.files), super::batches::threads());
    let mut out = io::BufWriter::new(super::output::stdout());
    let format = args.output.pick();
    if format == StatsFormat::Html {
        let mut sites = SiteIndex::default();
        sites.update(&tally.hosts);
        super::stats_html::write_stats(&mut out, &tally, &sites, args.top)?;
    } else if format == StatsFormat::Json {
        let mut sites = SiteIndex::default();
        sites.update(&tally.hosts);
        crate::text::json::write(&mut out, &JsonStats::new(&tally, &sites, args.top))?;
        out.write_all(b"\n")?;
    } else {
        write_text(&mut out, &tally, args.top)?;
    }
    out.flush()?;
    Ok(if ok {
        super::EXIT_OK
    } else {
        super::EXIT_FAILED
    })
}

/// The text report.
fn write_text<W: Write>(out: &mut W, t: &Tally, top: usize) -> io::Result<()> {
    let c = &t.counts;
    let mut sites = SiteIndex::default();
    sites.update(&t.hosts);
    let width = c.lines.max(t.blank).to_string().len();
    writeln!(out, "{:>width$}  lines", c.lines)?;
    for k in Kind::ALL {
        writeln!(out, "{:>width$}  {}", c.kind(k), k.name())?;
    }
    writeln!(out, "{:>width$}  blank (not counted)", t.blank)?;
    let tables = [
        ("schemes", t.top_schemes(top), t.schemes.len()),
        ("hosts", t.top_hosts(top), t.hosts.len()),
        ("sites", sites.top(&c.hosts, top), sites.distinct(&c.hosts)),
        ("finding codes", t.top_codes(top), t.codes.len()),
        (
            "confusion flags",
            counts::top_flags(c),
            counts::top_flags(c).len(),
        ),
    ];
    for (title, rows, distinct) in tables {
        let rows = if top > 0 && rows.len() > top {
            &rows[..top]
        } else {
            &rows[..]
        };
        let shown = if rows.len() < distinct {
            format!(", top {}", rows.len())
        } else {
            String::new()
        };
        writeln!(out, "\n{title} ({distinct} distinct{shown})")?;
        for r in rows {
            writeln!(out, "{:>width$}  {}", r.count, quote(r.name))?;
        }
    }
    Ok(())
}

/// The JSON object `stats --json` prints.
#[derive(Debug, Serialize)]
pub struct JsonStats<'a> {
    /// Lines counted (blank lines are not).
    pub lines: u64,
    /// URIs (RFC 3986 §3).
    pub uri: u64,
    /// IRIs with a scheme that are not URIs (RFC 3987).
    pub iri: u64,
    /// Relative references, URI or IRI (RFC 3986 §4.2).
    pub relative: u64,
    /// Neither a URI-reference nor an IRI-reference.
    pub invalid: u64,
    /// Blank lines, not counted.
    pub blank: u64,
    /// The schemes, lowercase.
    pub schemes: JsonTable<'a>,
    /// The hosts, lowercase.
    pub hosts: JsonTable<'a>,
    /// The sites: each host's registrable domain from the Public Suffix
    /// List (lowercase, Unicode labels), or the host itself when it has
    /// none (an IP address, a single label, a public suffix).
    pub sites: JsonTable<'a>,
    /// The finding codes (lines with each).
    pub codes: JsonTable<'a>,
    /// The confusion flags (lines with each).
    pub flags: JsonTable<'a>,
}

/// A top-N table.
#[derive(Debug, Serialize)]
pub struct JsonTable<'a> {
    /// How many different names there are.
    pub distinct: usize,
    /// The most frequent, most first, ties by name.
    pub top: Vec<JsonRow<'a>>,
}

/// A row of a table.
#[derive(Debug, Serialize)]
pub struct JsonRow<'a> {
    /// The scheme, host, code or flag.
    pub name: &'a str,
    /// How many lines carry it.
    pub count: u64,
}

impl<'a> JsonStats<'a> {
    /// The object for `t` whose hosts' sites `sites` holds (updated for
    /// `t`), tables cut to `top` rows (0: all).
    pub fn new(t: &'a Tally, sites: &'a SiteIndex, top: usize) -> JsonStats<'a> {
        let c = &t.counts;
        let table = |rows: Vec<Ranked<'a>>, distinct: usize| JsonTable {
            distinct,
            top: rows
                .into_iter()
                .take(if top == 0 { usize::MAX } else { top })
                .map(|r| JsonRow {
                    name: r.name,
                    count: r.count,
                })
                .collect(),
        };
        let flags = counts::top_flags(c);
        let flags_distinct = flags.len();
        JsonStats {
            lines: c.lines,
            uri: c.kind(Kind::Uri),
            iri: c.kind(Kind::Iri),
            relative: c.kind(Kind::Relative),
            invalid: c.kind(Kind::Invalid),
            blank: t.blank,
            schemes: table(t.top_schemes(top), t.schemes.len()),
            hosts: table(t.top_hosts(top), t.hosts.len()),
            sites: table(sites.top(&c.hosts, top), sites.distinct(&c.hosts)),
            codes: table(t.top_codes(top), t.codes.len()),
            flags: table(flags, flags_distinct),
        }
    }
}
