//! `uriscope dedupe [--by normal|keys] [--json] [FILE ...]`: the first URL
//! of each group of equivalent lines, in input order, streamed as the
//! lines come. `--by normal` (the default) groups by normal form (RFC 3986
//! §6.2.2 and §6.2.3, as `uriscope normalize`); `--by keys` by scheme,
//! host, port, path and the set of query keys (URLs that differ only in
//! query values). A line without a normal form is equal to its exact
//! copies only.
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

use crate::collection::{rung, Event, GroupBy, Grouping, Keep, Loader, Plan, Source};
use crate::text::answer::{quote, write_answer, Diagnostic};
use crate::uri::NormalizeOptions;

/// How `dedupe` groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum By {
    /// By normal form (RFC 3986 §6.2.2, §6.2.3), as `uriscope normalize`.
    Normal,
    /// By scheme, host, port, path and the set of query keys.
    Keys,
}

impl By {
    fn grouping(self) -> GroupBy {
        match self {
            By::Normal => GroupBy::Normal,
            By::Keys => GroupBy::Keys,
        }
    }
}

/// Arguments of `uriscope dedupe`.
#[derive(Debug, Args)]
pub struct DedupeArgs {
    /// What makes two lines the same.
    #[arg(long, value_enum, default_value = "normal")]
    pub by: By,
    /// One JSON object per line: its group, whether it is the first, the
    /// group's key and (by normal form) the rung.
    #[arg(long)]
    pub json: bool,
    /// Normalize as `normalize --keep-encoded-dots`.
    #[arg(long)]
    pub keep_encoded_dots: bool,
    /// Normalize IRIs as `normalize --iri` (RFC 3987 §5.3).
    #[arg(long)]
    pub iri: bool,
    /// The files to read, one URI-reference per line (`-` is stdin); with
    /// none, stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The JSON object `dedupe --json` prints for one line.
#[derive(Debug, Serialize)]
pub struct JsonMember<'a> {
    /// The group's number, from 1, in the order of the groups' first lines.
    pub group: usize,
    /// The line's number in the input (the files one after another).
    pub line: u64,
    /// The line.
    pub uri: &'a str,
    /// Whether it is its group's first line (what `dedupe` prints).
    pub first: bool,
    /// By normal form: the rung of the RFC 3986 §6.2 ladder on which it
    /// became equal to the group's first line (`simple-string`,
    /// `syntax-based`, `scheme-based`), null for the first line itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rung: Option<Option<&'static str>>,
    /// The group's key (its normal form, or keys form), null when the
    /// line has none.
    pub key: Option<&'a str>,
    /// Present (true) when the line is not UTF-8 (`uri` then shows it
    /// with U+FFFD).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_utf8: bool,
}

/// Run `uriscope dedupe`; returns the exit status.
pub fn run(args: &DedupeArgs) -> io::Result<i32> {
    let by = args.by.grouping();
    let normalize = NormalizeOptions {
        keep_encoded_dots: args.keep_encoded_dots,
        iri: args.iri,
        ..NormalizeOptions::default()
    };
    let plan = Plan {
        facts: false,
        keys: [by == GroupBy::Normal, by == GroupBy::Keys],
        normalize,
        threads: super::batches::threads(),
    };
    // The rungs compare each line with its group's first: kept only then.
    let keep = if args.json && by == GroupBy::Normal {
        Keep::Texts
    } else {
        Keep::Keys
    };
    let mut grouping = Grouping::new(by, keep);
    let mut out = io::BufWriter::with_capacity(64 * 1024, super::output::stdout());
    let mut err = io::stderr();
    let mut ok = true;
    let mut index = 0u64;
    for event in Loader::spawn(Source::from_args(&args.files), plan) {
        let batch = match event {
            Event::Batch(b) => b,
            Event::Failed { source, error } => {
                ok = false;
                out.flush()?;
                writeln!(
                    err,
                    "uriscope dedupe: {}: {}",
                    quote(&source),
                    quote(&error)
                )?;
                continue;
            }
        };
        for (text, a) in batch.iter() {
            let computed;
            let key = match &a.keys[by as usize] {
                Some(k) => k,
                None => {
                    computed = crate::collection::key_of(text, by, normalize);
                    &computed
                }
            };
            let placed = grouping.place(index, text, key, |_| unreachable!("groups keep keys"));
            index += 1;
            if args.json {
                let rung = (by == GroupBy::Normal).then(|| {
                    let first = grouping.first_text(placed.group).unwrap_or(text);
                    (!placed.new)
                        .then(|| rung(first, text, normalize).map(|r| r.name()))
                        .flatten()
                });
                let v = JsonMember {
                    group: placed.group + 1,
                    line: a.number,
                    uri: text,
                    first: placed.new,
                    rung,
                    key: (!key.is_raw()).then(|| key.text(text)),
                    not_utf8: a.not_utf8,
                };
                crate::text::json::write(&mut out, &v)?;
                out.write_all(b"\n")?;
            } else if placed.new && a.not_utf8 {
                ok = false;
                out.flush()?;
                writeln!(
                    err,
                    "uriscope dedupe: line {} is not valid UTF-8; not written",
                    a.number
                )?;
            } else if placed.new {
                let why = Diagnostic {
                    command: "dedupe",
                    what: "the line",
                    input: text,
                    hint: "--json escapes it",
                };
                ok &= write_answer(&mut out, &mut err, text, why)?;
            }
        }
        // A batch is what the input had delivered: answer it now.
        out.flush()?;
    }
    out.flush()?;
    Ok(if ok {
        super::EXIT_OK
    } else {
        super::EXIT_FAILED
    })
}
