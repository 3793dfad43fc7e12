//! Where the validator reports problems: the fast path stops at the first
//! error and allocates nothing; the analysis path collects every finding
//! with a full message.

use std::fmt::{self, Write as _};

use super::error::{CharAt, Finding, ParseError, Rule, Severity};
use super::Span;

/// Extra context for a message.
#[derive(Clone, Copy, Debug)]
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
    pub code: &'static str,
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

/// The analysis path: every issue becomes a [`Finding`] with a message.
///
/// A run of the same error on the same character, byte after byte (100,000
/// pasted spaces), becomes one finding whose span covers the whole run and
/// whose message counts it: every offending byte is still reported, and a
/// hostile input costs one finding per run instead of one per byte.
#[derive(Default)]
pub(crate) struct Collect {
    /// The findings so far, in the order reported.
    pub found: Vec<Finding>,
    /// The run being extended: its first issue, its span and its length.
    run: Option<(Issue, Span, usize)>,
}

impl Collect {
    /// The findings, the last run included.
    pub(crate) fn finish(mut self, input: &str) -> Vec<Finding> {
        self.flush(input);
        self.found
    }

    fn flush(&mut self, input: &str) {
        if let Some((issue, span, count)) = self.run.take() {
            self.found.push(finding(input, &issue, span, count));
        }
    }
}

impl Sink for Collect {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        if let Some((first, span, count)) = &mut self.run {
            if same_run(input, first, *span, &issue) {
                span.end = issue.span.end;
                *count += 1;
                return Ok(());
            }
        }
        self.flush(input);
        if runs(&issue) {
            self.run = Some((issue, issue.span, 1));
        } else {
            let message = message(input, &issue);
            self.found.push(Finding::new(
                issue.span,
                issue.severity,
                issue.code,
                message,
            ));
        }
        Ok(())
    }
}

/// The finding of a run of `count` issues like `issue` over `span`.
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
            "invalid-char" | "whitespace" | "control-char" | "non-ascii" | "bidi-control"
        )
}

/// Whether `next` continues the run that `first` began and `span` covers.
fn same_run(input: &str, first: &Issue, span: Span, next: &Issue) -> bool {
    runs(next)
        && next.span.start == span.end
        && next.code == first.code
        && next.rule == first.rule
        && matches!((first.detail, next.detail), (Detail::None, Detail::None))
        && next.span.slice(input) == first.span.slice(input)
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

/// The first error only (a run of it coalesced as [`Collect`] does), with
/// its message, while the parser still steps over every error (so the
/// components are delimited as [`Collect`] would): for callers that need
/// the recovered components and one message, not the whole report.
#[derive(Default)]
pub(crate) struct FirstFinding {
    run: Option<(Issue, Span, usize)>,
    /// The first run has ended: later errors only matter if they start
    /// before it.
    ended: bool,
}

impl FirstFinding {
    /// The first error, if any.
    pub(crate) fn finish(self, input: &str) -> Option<Finding> {
        self.run
            .map(|(issue, span, count)| finding(input, &issue, span, count))
    }
}

impl Sink for FirstFinding {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        if issue.severity != Severity::Error {
            return Ok(());
        }
        match &mut self.run {
            Some((first, span, count)) if !self.ended && same_run(input, first, *span, &issue) => {
                span.end = issue.span.end;
                *count += 1;
            }
            Some((_, span, _)) if issue.span.start >= span.start => self.ended = true,
            _ => {
                self.run = Some((issue, issue.span, 1));
                self.ended = !runs(&issue);
            }
        }
        Ok(())
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
        "invalid-char" | "whitespace" | "control-char" | "non-ascii" | "bidi-control"
        | "port-not-digits" => write!(
            m,
            "{ch} at byte {at} is not allowed in {}; expected {}{context} ({})",
            rule.name(),
            rule.allowed(),
            rule.section()
        ),
        "bad-percent" => write!(
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
            quoted(issue.span.slice(input)),
            rule.name()
        ),
        _ => write!(
            m,
            "\"{}\":{context} ({}, {})",
            quoted(issue.span.slice(input)),
            rule.section(),
            rule.name()
        ),
    };
    m
}

/// The text a note is about, escaped, and cut after 40 characters so a
/// long input does not fill the message.
fn quoted(text: &str) -> String {
    let mut q: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .collect();
    if text.chars().nth(40).is_some() {
        q.push('…');
    }
    q
}

fn describe_escape_tail(input: &str, at: usize) -> String {
    let tail: String = input[at + 1..].chars().take(2).collect();
    if tail.is_empty() {
        "the end of the input".to_string()
    } else {
        format!("\"{}\"", tail.escape_debug())
    }
}
