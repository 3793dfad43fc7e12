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
#[derive(Default)]
pub(crate) struct Collect(pub Vec<Finding>);

impl Sink for Collect {
    const FULL: bool = true;
    fn report(&mut self, input: &str, issue: Issue) -> Result<(), Stop> {
        let message = message(input, &issue);
        self.0.push(Finding::new(
            issue.span,
            issue.severity,
            issue.code,
            message,
        ));
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
