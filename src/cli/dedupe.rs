//! `uriscope dedupe [--by normal|keys|site] [--json] [FILE ...]`: the first URL
//! of each group of equivalent lines, in input order, streamed as the
//! lines come. `--by normal` (the default) groups by normal form (RFC 3986
//! §6.2.2 and §6.2.3, as `uriscope normalize`); `--by keys` by scheme,
//! host, port, path and the set of query keys (URLs that differ only in
//! query values); `--by site` by the host's registrable domain (the
//! Public Suffix List's eTLD+1). A line without a normal form is equal to its exact
//! copies only. A line that is not UTF-8 is no text to compare: it is
//! never grouped with another (two lines whose bad bytes differ would
//! both read as U+FFFD); it has no answer, its message goes to stderr
//! with its line number (in `--json`, an object with `group: null` and
//! its `error`), and the exit status is 1.
//!
//! Memory: one entry per group (its key; with `--json --by normal`, its
//! first line's text too, for the rungs), whatever the number of lines.
//!
//! The text output is answers, exact ([`crate::text::answer`]); `--json`
//! writes one object per line, naming its group and, by normal form, the
//! rung of the §6.2 ladder that made it equal to the group's first line.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::input::Outcome;
use crate::collection::{rung, site_key, Event, GroupBy, Grouping, Keep, Loader, Plan, Source};
use crate::text::answer::quote;
use crate::text::diag::{say, Place};
use crate::text::lines::{too_long_message, MAX_LINE};
use crate::uri::NormalizeOptions;

/// How `dedupe` groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum By {
    /// By normal form (RFC 3986 §6.2.2, §6.2.3), as `uriscope normalize`.
    Normal,
    /// By scheme, host, port, path and the set of query keys.
    Keys,
    /// By site: the host's registrable domain from the Public Suffix
    /// List (`a.example.co.uk` and `b.example.co.uk` are one site); a
    /// host without one (an IP address, a single label) is a site of its
    /// own, and a line without a host is grouped only with its copies.
    Site,
}

impl By {
    /// The collection's grouping the lines are placed in (by site, the
    /// keys are this module's own, placed as keys forms are).
    fn grouping(self) -> GroupBy {
        match self {
            By::Normal => GroupBy::Normal,
            By::Keys | By::Site => GroupBy::Keys,
        }
    }
}

/// Arguments of `uriscope dedupe`.
#[derive(Debug, Args)]
#[command(mut_args(super::flags::reword(&[
    ("json", r#"One JSON object per line: its group, whether it is the first, the group's key and (by normal form) the rung"#),
    ("keep_encoded_dots", r#"Normalize as `normalize --keep-encoded-dots`"#),
    ("iri", r#"Normalize IRIs as `normalize --iri` (RFC 3987 §5.3)"#),
])))]
pub struct DedupeArgs {
    /// What makes two lines the same.
    #[arg(long, value_enum, default_value = "normal")]
    pub by: By,
    /// `--json`.
    #[command(flatten)]
    pub json: super::flags::Json,
    /// `--keep-encoded-dots`.
    #[command(flatten)]
    pub encoded_dots: super::flags::EncodedDots,
    /// `--iri`.
    #[command(flatten)]
    pub iri: super::flags::Iri,
    /// The files to read, one URI-reference per line (`-` is stdin); with
    /// none, stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The JSON object `dedupe --json` prints for one line.
#[derive(Debug, Serialize)]
pub struct JsonMember<'a> {
    /// The group's number, from 1, in the order of the groups' first
    /// lines; null for a line that is not UTF-8 (never grouped).
    pub group: Option<usize>,
    /// The line's number in the input (the files one after another).
    pub line: u64,
    /// The line.
    pub uri: &'a str,
    /// Whether it is its group's first line (what `dedupe` prints).
    pub first: bool,
    /// By normal form: the rung of the RFC 3986 §6.2 ladder on which it
    /// became equal to the group's first line (`simple-string`,
    /// `syntax-based`, `scheme-based`, `idna`), null for the first line
    /// itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rung: Option<Option<&'static str>>,
    /// The group's key (its normal form, or keys form), null when the
    /// line has none.
    pub key: Option<&'a str>,
    /// Present (true) when the line is not UTF-8 (`uri` then shows it
    /// with U+FFFD).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_utf8: bool,
    /// Why the line has no group (only then present).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

/// Run `uriscope dedupe`; returns the exit status.
pub fn run(args: &DedupeArgs) -> io::Result<i32> {
    let by = args.by.grouping();
    let normalize = NormalizeOptions::new()
        .keep_encoded_dots(args.encoded_dots.keep)
        .iri(args.iri.on);
    let by_site = args.by == By::Site;
    let plan = Plan {
        facts: false,
        keys: [by == GroupBy::Normal, by == GroupBy::Keys && !by_site],
        normalize,
        threads: super::batches::threads(),
    };
    // The rungs compare each line with its group's first: kept only then.
    let keep = if args.json.on && by == GroupBy::Normal {
        Keep::Texts
    } else {
        Keep::Keys
    };
    let mut grouping = Grouping::new(by, keep);
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut told = Outcome::new("dedupe", false);
    let mut index = 0u64;
    for event in Loader::spawn(Source::from_args(&args.files), plan) {
        let batch = match event {
            Event::Batch(b) => b,
            Event::Failed { source, error } => {
                told.failed = true;
                out.flush()?;
                say(
                    "dedupe",
                    Place::Nowhere,
                    Some(source.as_bytes()),
                    &quote(&error),
                );
                continue;
            }
            Event::Skipped(s) => {
                let why = too_long_message(MAX_LINE, s.length);
                if args.json.on {
                    told.failed = true;
                    let head = String::from_utf8_lossy(&s.head);
                    write_refused(&mut out, (s.number, false), &head, &why)?;
                } else {
                    told.refuse(&mut out, Place::Line(s.number), &s.head, &why)?;
                }
                continue;
            }
        };
        for (text, a) in batch.iter() {
            if a.not_utf8 {
                let why = "not valid UTF-8; never grouped with another line";
                if args.json.on {
                    told.failed = true;
                    write_refused(&mut out, (a.number, true), text, why)?;
                } else {
                    let bytes = batch.bytes(text, a);
                    told.refuse(&mut out, Place::Line(a.number), bytes, why)?;
                }
                continue;
            }
            let computed;
            let key = match &a.keys[by as usize] {
                _ if by_site => {
                    computed = site_key(text);
                    &computed
                }
                Some(k) => k,
                None => {
                    computed = crate::collection::key_of(text, by, normalize);
                    &computed
                }
            };
            let placed = grouping.place(index, text, key, |_| unreachable!("groups keep keys"));
            index += 1;
            if args.json.on {
                let rung = (args.by == By::Normal).then(|| {
                    let first = grouping.first_text(placed.group).unwrap_or(text);
                    (!placed.new)
                        .then(|| rung(first, text, normalize).map(|r| r.name()))
                        .flatten()
                });
                let v = JsonMember {
                    group: Some(placed.group + 1),
                    line: a.number,
                    uri: text,
                    first: placed.new,
                    rung,
                    key: (!key.is_raw()).then(|| key.text(text)),
                    not_utf8: false,
                    error: None,
                };
                crate::text::json::write(&mut out, &v)?;
                out.write_all(b"\n")?;
            } else if placed.new {
                let place = Place::Line(a.number);
                told.answer(
                    &mut out,
                    place,
                    text,
                    text,
                    ("the line", "--json escapes it"),
                )?;
            }
        }
        // A batch is what the input had delivered: answer it now.
        out.flush()?;
    }
    told.status(out.flush())
}

/// The `--json` object of a line without a group: not UTF-8 (`uri` shows
/// it with U+FFFD), or past the cap (`uri` holds its first bytes).
fn write_refused<W: Write>(
    out: &mut W,
    (line, not_utf8): (u64, bool),
    uri: &str,
    why: &str,
) -> io::Result<()> {
    let v = JsonMember {
        group: None,
        line,
        uri,
        first: false,
        rung: None,
        key: None,
        not_utf8,
        error: Some(why),
    };
    crate::text::json::write(&mut *out, &v)?;
    out.write_all(b"\n")
}
