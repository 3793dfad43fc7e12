//! Where the validator reports problems: the fast path stops at the first
//! error and allocates nothing; the analysis path collects every finding
//! with a full message.

use crate::Code;
use std::fmt::{self, Write as _};

use crate::quote::brief;
use crate::syntax::error::{CharAt, Finding, ParseError, Rule, Severity};
use crate::Span;

/// Extra context for a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Detail {
    /// Nothing beyond the rule.
    None,
    /// A fixed sentence.
    Text(&'static str),
    /// In `IPv6address`, how many `h16` pieces came before, and a sentence.
    Pieces(usize, &'static str),
}

/// One problem as the validator sees it, before it becomes a [`Finding`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Issue {
    pub span: Span,
    pub severity: Severity,
    pub code: Code,
    pub rule: Rule,
    pub detail: Detail,
}

/// Returned by a sink to stop validation.
#[derive(Debug)]
pub(crate) struct Stop;

/// Receives issues from the validator.
pub(crate) trait Sink {
    /// Whether notes and warnings are wanted, and whether to keep going after errors.
    const FULL: bool;
    /// Take one issue; `Err(Stop)` ends validation.
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop>;

    /// From byte `pos` on (the path's start), issues come in order of
    /// their start: a sink that has all it needs before a position may
    /// stop there.
    #[inline]
    fn in_order_from(&mut self, _pos: usize) {}

    /// From byte `pos` on, under `rule`, the one-byte errors of each
    /// [`SIMPLE`] code that this sink only counts (none are kept), for the
    /// parser to count them in bulk ([`Sink::counted`]); `None` when it
    /// counts none of them.
    #[inline]
    fn counts_only(&mut self, _pos: usize, _rule: Rule) -> Option<Counting> {
        None
    }

    /// Take the findings counted in bulk since [`Sink::counts_only`].
    #[inline]
    fn counted(&mut self, _counting: Counting) {}
}

/// The codes of the errors on one ASCII byte that the parser may count in
/// bulk: what `blank_or_control` and `bad_char` give a space or tab, an
/// ASCII control and any other ASCII byte a rule does not allow (outside
/// `%` and the first segment's `:`), always with [`Detail::None`].
pub(crate) const SIMPLE: [Code; 3] = [Code::Whitespace, Code::ControlChar, Code::InvalidChar];

/// One-byte errors counted in bulk for a sink that keeps none of them
/// ([`Sink::counts_only`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counting {
    /// For each code of [`SIMPLE`], the index of its kind when only
    /// counted.
    pub kinds: [Option<u16>; 3],
    /// How many new findings of each code of [`SIMPLE`] were counted.
    pub counts: [usize; 3],
    /// The last finding (given by the sink, then as counted): the next
    /// error extends it when it repeats its byte right after it.
    pub last: Option<Diag>,
    /// Where the sink's last finding now ends, when the first errors
    /// counted extended its run.
    pub grown: Option<u32>,
}

/// The fast path: remembers the first error and stops.
#[derive(Default)]
pub(crate) struct FirstError(pub Option<ParseError>);

impl Sink for FirstError {
    const FULL: bool = false;
    #[inline]
    fn report(&mut self, _input: &str, issue: Issue) -> Result<(), Stop> {
        if issue.severity == Severity::Error {
            self.0 = Some(ParseError {
                at: issue.span.start,
                code: issue.code,
                rule: issue.rule,
            });
            Err(Stop)
        } else {
            Ok(())
        }
    }
}

/// The analysis path: every issue is kept in 10 bytes ([`Diag`]), its
/// kind (code, severity, rule, detail) once in a small table with its
/// count, and its message is written only when asked for
/// ([`Compact::finding`]): a 64 KB input full of errors has 17,000
/// findings and the explorer shows a hundred. A bounded report
/// ([`Compact::bounded`]) keeps only some of them and counts the rest.
///
/// A run of the same error on the same character, byte after byte (100,000
/// pasted spaces), becomes one finding whose span covers the whole run and
/// whose message counts it: every offending byte is still reported, and a
/// hostile input costs one finding per run instead of one per byte.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compact {
    /// The findings, in the order reported (sorted by [`Compact::sort`]).
    pub diags: Vec<Diag>,
    /// The kinds the findings point into, each with how many findings it
    /// has (what a verdict and a grouping count, without a pass over the
    /// findings).
    pub kinds: Vec<Counted>,
    /// Whether `diags` is out of input order (found while reporting, so
    /// that [`Compact::sort`] needs no pass to tell).
    unsorted: bool,
    /// For a bounded report, which findings it keeps and where it is.
    bounded: Option<Box<Bounded>>,
}

/// A kind of finding in a [`Compact`] report, and its findings' numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counted {
    pub kind: Kind,
    /// How many findings it has.
    pub count: usize,
    /// How many of them are kept (all, unless the report is bounded).
    pub kept: usize,
}

/// What a bounded [`Compact`] needs beside the findings it keeps.
#[derive(Clone, Debug)]
struct Bounded {
    keep: Keep,
    /// The last finding reported when it was not kept (a run may extend
    /// it).
    dropped: Option<Diag>,
    /// Where findings start coming in order ([`Sink::in_order_from`]).
    in_order_from: usize,
    /// How many findings from there on were reported.
    in_order: usize,
}

/// Which findings a bounded [`Compact`] keeps to be read one by one:
/// those that start before `before`, the first `first` in input order,
/// the first `per_kind` of each kind; the rest are counted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keep {
    pub before: usize,
    pub first: usize,
    pub per_kind: usize,
}

/// One finding of a [`Compact`] report: its byte span and its kind, in
/// ten bytes (packed: an input with a finding on every byte holds one of
/// these per byte, the largest part of what `parse` keeps of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, packed(2))]
pub(crate) struct Diag {
    pub start: u32,
    pub end: u32,
    pub kind: u16,
}

/// What a [`Diag`] is, shared by every finding of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kind {
    pub severity: Severity,
    pub code: Code,
    pub rule: Rule,
    pub detail: Detail,
}

impl Compact {
    /// A report that keeps every finding.
    pub(crate) fn new() -> Compact {
        Compact::default()
    }

    /// A report that keeps the findings `keep` asks for and counts the
    /// rest.
    pub(crate) fn bounded(keep: Keep) -> Compact {
        Compact {
            bounded: Some(Box::new(Bounded {
                keep,
                dropped: None,
                in_order_from: usize::MAX,
                in_order: 0,
            })),
            ..Compact::new()
        }
    }

    /// Whether the new finding `d` is kept. Before the path (where
    /// findings may come out of order) every one is.
    fn keeps(&mut self, d: &Diag) -> bool {
        let Some(b) = &mut self.bounded else {
            return true;
        };
        let start = d.start as usize;
        if start < b.in_order_from {
            return true;
        }
        b.in_order += 1;
        start < b.keep.before
            || b.in_order <= b.keep.first
            || self.kinds[usize::from(d.kind)].kept < b.keep.per_kind
    }

    /// [`Sink::counts_only`] once the place and the order keep nothing
    /// more: the kinds of [`SIMPLE`] under `rule` that have all they keep.
    #[cold]
    fn counts_only_kinds(&mut self, rule: Rule) -> Option<Counting> {
        let per_kind = self.bounded.as_ref()?.keep.per_kind;
        let mut kinds = [None; 3];
        for (slot, code) in kinds.iter_mut().zip(SIMPLE) {
            let kind = Kind {
                severity: Severity::Error,
                code,
                rule,
                detail: Detail::None,
            };
            *slot = self
                .kinds
                .iter()
                .position(|k| k.kind == kind && k.kept >= per_kind)
                .and_then(|i| u16::try_from(i).ok());
        }
        if kinds.iter().all(Option::is_none) {
            return None;
        }
        let last = match self.dropped() {
            Some(d) => Some(*d),
            None => self.diags.last().copied(),
        };
        Some(Counting {
            kinds,
            counts: [0; 3],
            last,
            grown: None,
        })
    }

    /// The finding not kept that a run may still extend.
    fn dropped(&mut self) -> Option<&mut Diag> {
        self.bounded.as_mut().and_then(|b| b.dropped.as_mut())
    }

    /// The index of `issue`'s kind, added to the table when new (a table of
    /// a few dozen at most; the last kind used is looked at first).
    fn kind_of(&mut self, issue: &Issue) -> u16 {
        let kind = Kind {
            severity: issue.severity,
            code: issue.code,
            rule: issue.rule,
            detail: issue.detail,
        };
        if let Some(last) = self.diags.last() {
            if self.kinds[usize::from(last.kind)].kind == kind {
                return last.kind;
            }
        }
        // A kind is a report site's code and detail with the rule it
        // checks: a few hundred are possible in all, far below u16::MAX.
        let index = |i: usize| u16::try_from(i).unwrap_or(u16::MAX);
        match self.kinds.iter().position(|k| k.kind == kind) {
            Some(i) => index(i),
            None => {
                self.kinds.push(Counted {
                    kind,
                    count: 0,
                    kept: 0,
                });
                index(self.kinds.len() - 1)
            }
        }
    }

    /// Input order: by start, errors before warnings before notes at the
    /// same byte, otherwise as reported. The validator reports in input
    /// order almost always (each report is compared with the one before
    /// it), so a stable sort, which takes a scratch buffer as large as
    /// the list, is rarely needed.
    pub(crate) fn sort(&mut self) {
        if self.unsorted {
            let kinds = &self.kinds;
            self.diags
                .sort_by_key(|d: &Diag| (d.start, kinds[usize::from(d.kind)].kind.severity));
            self.unsorted = false;
        }
    }

    /// Whether any finding is an error.
    pub(crate) fn has_error(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| k.kind.severity == Severity::Error)
    }

    /// The issue of finding `d`, with the span of its whole run.
    pub(crate) fn issue(&self, d: Diag) -> Issue {
        let k = self.kinds[usize::from(d.kind)].kind;
        Issue {
            span: Span::new(d.start as usize, d.end as usize),
            severity: k.severity,
            code: k.code,
            rule: k.rule,
            detail: k.detail,
        }
    }

    /// Finding `d` with its message, written now.
    pub(crate) fn finding(&self, input: &str, d: Diag) -> Finding {
        let issue = self.issue(d);
        run_finding(input, &issue, issue.span)
    }
}

impl Sink for Compact {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        // Only an issue that starts where the last ends may extend it.
        let last = match self.dropped() {
            Some(d) => Some(*d),
            None => self.diags.last().copied(),
        };
        let adjacent = last.filter(|l| l.end as usize == issue.span.start && runs(&issue));
        if let Some(last) = adjacent {
            let first = self.issue(last);
            let one = Span::new(first.span.start, first.span.start + issue.span.len());
            if one.end <= first.span.end
                && same_run(input, &Issue { span: one, ..first }, first.span, &issue)
            {
                let end = issue.span.end as u32;
                if let Some(d) = self.dropped() {
                    d.end = end;
                } else if let Some(d) = self.diags.last_mut() {
                    d.end = end;
                }
                return Ok(());
            }
        }
        let kind = self.kind_of(&issue);
        self.kinds[usize::from(kind)].count += 1;
        let d = Diag {
            start: issue.span.start as u32,
            end: issue.span.end as u32,
            kind,
        };
        if !self.keeps(&d) {
            if let Some(b) = &mut self.bounded {
                b.dropped = Some(d);
            }
            return Ok(());
        }
        if let Some(b) = &mut self.bounded {
            b.dropped = None;
        }
        if let Some(last) = self.diags.last() {
            let severity = |d: &Diag| self.kinds[usize::from(d.kind)].kind.severity;
            self.unsorted |= (d.start, issue.severity) < (last.start, severity(last));
        }
        self.kinds[usize::from(kind)].kept += 1;
        self.diags.push(d);
        Ok(())
    }

    fn in_order_from(&mut self, pos: usize) {
        if let Some(b) = &mut self.bounded {
            b.in_order_from = pos;
        }
    }

    /// Past the findings it keeps by place and by order, a bounded report
    /// only counts a kind that already has its `per_kind` kept.
    #[inline]
    fn counts_only(&mut self, pos: usize, rule: Rule) -> Option<Counting> {
        let b = self.bounded.as_deref()?;
        if pos < b.in_order_from || pos < b.keep.before || b.in_order < b.keep.first {
            return None;
        }
        self.counts_only_kinds(rule)
    }

    fn counted(&mut self, counting: Counting) {
        let mut new = 0;
        for (kind, n) in counting.kinds.iter().zip(counting.counts) {
            if let Some(k) = kind {
                self.kinds[usize::from(*k)].count += n;
                new += n;
            }
        }
        if let Some(end) = counting.grown {
            if let Some(d) = self.dropped() {
                d.end = end;
            } else if let Some(d) = self.diags.last_mut() {
                d.end = end;
            }
        }
        if new > 0 {
            if let Some(b) = &mut self.bounded {
                b.in_order += new;
                b.dropped = counting.last;
            }
        }
    }
}

/// The finding of a run of `count` issues like `issue` over `span`.
/// The finding of a run that starts with `issue` and covers `span`: as
/// many of the same character as the span holds.
fn run_finding(input: &str, issue: &Issue, span: Span) -> Finding {
    let one = input
        .get(span.start..)
        .and_then(|r| r.chars().next())
        .map_or(1, char::len_utf8);
    let count = if runs(issue) && span.len() > one {
        span.len() / one
    } else {
        1
    };
    finding(input, issue, span, count)
}

fn finding(input: &str, issue: &Issue, span: Span, count: usize) -> Finding {
    let message = if count == 1 {
        message(input, issue)
    } else {
        run_message(input, issue, span, count)
    };
    Finding::new(span, issue.severity, issue.code, message)
}

/// The per-character errors that a run of the same character coalesces.
fn runs(issue: &Issue) -> bool {
    issue.severity == Severity::Error
        && matches!(
            issue.code,
            Code::InvalidChar
                | Code::Whitespace
                | Code::ControlChar
                | Code::NonAscii
                | Code::BidiControl
        )
}

/// Whether `next` continues the run that `first` began and `span` covers.
fn same_run(input: &str, first: &Issue, span: Span, next: &Issue) -> bool {
    runs(next)
        && next.span.start == span.end
        && next.code == first.code
        && next.rule == first.rule
        && matches!((first.detail, next.detail), (Detail::None, Detail::None))
        && input.as_bytes().get(next.span.range()) == input.as_bytes().get(first.span.range())
}

/// The message of a run of `count` times the character of `first` over
/// `span`: "100000 × a space (U+0020) at bytes 9..100009 are not allowed
/// in path; …".
fn run_message(input: &str, first: &Issue, span: Span, count: usize) -> String {
    let rule = first.rule;
    format!(
        "{count} × {} at bytes {}..{} are not allowed in {}; expected {}{} ({})",
        CharAt(input, first.span.start),
        span.start,
        span.end,
        rule.name(),
        rule.allowed(),
        Context(first.detail),
        rule.section()
    )
}

/// The first error only (a run of it coalesced as [`Compact`] does), with
/// its message, while the parser still steps over every error (so the
/// components are delimited as [`Compact`] would): for callers that need
/// the recovered components and one message, not the whole report.
#[derive(Default)]
pub(crate) struct FirstFinding {
    run: Option<(Issue, Span)>,
    /// The first run has ended: later errors only matter if they start
    /// before it.
    ended: bool,
}

impl FirstFinding {
    /// The first error, if any.
    pub(crate) fn finish(self, input: &str) -> Option<Finding> {
        self.run
            .map(|(issue, span)| run_finding(input, &issue, span))
    }
}

impl Sink for FirstFinding {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        if issue.severity != Severity::Error {
            return Ok(());
        }
        match &mut self.run {
            Some((first, span)) if !self.ended && same_run(input, first, *span, &issue) => {
                span.end = issue.span.end;
            }
            Some((_, span)) if issue.span.start >= span.start => self.ended = true,
            _ => {
                self.run = Some((issue, issue.span));
                self.ended = !runs(&issue);
            }
        }
        Ok(())
    }
}

/// The first `n` error runs as [`Compact`] would record them (merged the
/// same way, and in the order its sorted report lists them), in memory
/// for `n` alone: what an error that names the first few problems needs
/// of a 64 KB input with 64,000 errors, without recording them all.
pub(crate) struct FirstErrors {
    n: usize,
    /// The runs, ascending by start (ties in report order).
    runs: Vec<(Issue, Span)>,
    /// The run the last issue went into, while the next may extend it.
    last: Option<usize>,
    /// Where issues start coming in order ([`Sink::in_order_from`]).
    in_order_from: usize,
}

impl FirstErrors {
    pub(crate) fn new(n: usize) -> FirstErrors {
        FirstErrors {
            n,
            runs: Vec::with_capacity(n + 1),
            last: None,
            in_order_from: usize::MAX,
        }
    }

    /// The findings, with their messages.
    pub(crate) fn finish(self, input: &str) -> Vec<Finding> {
        self.runs
            .into_iter()
            .map(|(first, span)| run_finding(input, &first, span))
            .collect()
    }
}

impl Sink for FirstErrors {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        if issue.severity != Severity::Error {
            // Recorded by Compact, it ends the run before it.
            self.last = None;
            return Ok(());
        }
        if let Some(i) = self.last {
            let (first, span) = &mut self.runs[i];
            if same_run(input, first, *span, &issue) {
                span.end = issue.span.end;
                return Ok(());
            }
        }
        let at = self
            .runs
            .partition_point(|(f, _)| f.span.start <= issue.span.start);
        if at >= self.n {
            self.last = None;
            // Every later error starts here or after, past the n runs
            // kept, and none can extend them now: the rest of a 10 MB
            // paste of errors is not read.
            if issue.span.start >= self.in_order_from {
                return Err(Stop);
            }
            return Ok(());
        }
        self.runs.insert(at, (issue, issue.span));
        self.runs.truncate(self.n);
        self.last = Some(at);
        Ok(())
    }

    fn in_order_from(&mut self, pos: usize) {
        self.in_order_from = pos;
    }
}

/// The context a [`Detail`] adds to a message, with no trailing space.
struct Context(Detail);

impl Context {
    fn has_section(&self) -> bool {
        match self.0 {
            Detail::None => false,
            Detail::Text(t) | Detail::Pieces(_, t) => t.contains('§'),
        }
    }
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Detail::None => Ok(()),
            Detail::Text(t) if t.starts_with(';') => f.write_str(t.trim_end()),
            Detail::Text(t) if t.trim_end().is_empty() => Ok(()),
            Detail::Text(t) => write!(f, " {}", t.trim_end()),
            Detail::Pieces(n, t) => {
                let s = if n == 1 { "" } else { "s" };
                write!(f, " (in IPv6address, after {n} h16 piece{s})")?;
                match t.trim_end() {
                    "" => Ok(()),
                    t => write!(f, " {t}"),
                }
            }
        }
    }
}

/// The message of `issue`, built in one string (a 2 KB input full of
/// errors has a thousand of them, and the explorer analyses on every key).
fn message(input: &str, issue: &Issue) -> String {
    let rule = issue.rule;
    let at = issue.span.start;
    let context = Context(issue.detail);
    let ch = CharAt(input, at);
    let mut m = String::with_capacity(160);
    // Writing to a String cannot fail.
    let _ = match issue.code {
        Code::InvalidChar
        | Code::Whitespace
        | Code::ControlChar
        | Code::NonAscii
        | Code::BidiControl
        | Code::PortNotDigits => write!(
            m,
            "{ch} at byte {at} is not allowed in {}; expected {}{context} ({})",
            rule.name(),
            rule.allowed(),
            rule.section()
        ),
        Code::BadPercent => write!(
            m,
            "'%' at byte {at} must start an escape \"%\" HEXDIG HEXDIG, but is followed by {} \
             (pct-encoded, RFC 3986 §2.1); write %25 for a literal '%'",
            describe_escape_tail(input, at)
        ),
        _ if issue.severity == Severity::Error => write!(
            m,
            "found {ch} at byte {at}:{context} ({}, {})",
            rule.section(),
            rule.name()
        ),
        _ if context.has_section() => write!(
            m,
            "\"{}\":{context} ({})",
            brief(issue.span.slice(input)),
            rule.name()
        ),
        _ => write!(
            m,
            "\"{}\":{context} ({}, {})",
            brief(issue.span.slice(input)),
            rule.section(),
            rule.name()
        ),
    };
    m
}

fn describe_escape_tail(input: &str, at: usize) -> String {
    let tail: String = input[at + 1..].chars().take(2).collect();
    if tail.is_empty() {
        "the end of the input".to_string()
    } else {
        format!("\"{}\"", tail.escape_debug())
    }
}
