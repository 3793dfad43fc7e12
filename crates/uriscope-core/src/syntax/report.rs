//! Every finding of an analysis, kept small: 12 bytes a finding, the
//! message written only when it is asked for. What the explorer and the
//! CLI use on inputs that may hold a finding on every other byte;
//! [`analyze`](crate::analyze) is this with every message written.

use crate::syntax::error::{Finding, Severity};
use crate::syntax::parse::{Analysis, ParseOptions};
use crate::syntax::sink::{Compact, Diag};
use crate::syntax::split::Split;
use crate::syntax::uri_ref::UriRef;
use crate::Code;
use crate::Span;

/// Where a finding is and what it is, without its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The bytes of the input it is about.
    pub span: Span,
    /// Error, warning or note.
    pub severity: Severity,
    /// Its stable code.
    pub code: Code,
}

/// An analysis whose findings are written out one at a time, on demand.
///
/// ```
/// let r = uriscope_core::analyze("http://h/a b<c", Default::default());
/// assert!(!r.is_valid());
/// assert_eq!(r.len(), 2);
/// assert_eq!(r.mark(1).code, "invalid-char");
/// assert!(r.finding(0).message.starts_with("a space (U+0020) at byte 10"));
/// ```
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The input.
    pub input: &'a str,
    /// The RFC 3986 Appendix B split (always succeeds).
    pub split: Split,
    /// The components as the strict parser delimited them (errors stepped
    /// over).
    pub uri: UriRef<'a>,
    found: Found,
    options: ParseOptions,
}

/// The findings: compact, or (for an input too long to parse) one written
/// out.
#[derive(Clone, Debug)]
enum Found {
    Compact(Compact),
    Written(Vec<Finding>),
}

impl<'a> Report<'a> {
    pub(crate) fn compact(
        input: &'a str,
        split: Split,
        uri: UriRef<'a>,
        mut c: Compact,
        options: ParseOptions,
    ) -> Self {
        c.sort();
        Report {
            input,
            split,
            uri,
            found: Found::Compact(c),
            options,
        }
    }

    pub(crate) fn written(a: Analysis<'a>, options: ParseOptions) -> Self {
        Report {
            input: a.input,
            split: a.split,
            uri: a.uri,
            found: Found::Written(a.findings),
            options,
        }
    }

    /// The grammar the input was read with (URI or IRI).
    pub fn options(&self) -> ParseOptions {
        self.options
    }

    /// The first error finding with its message, if any.
    pub fn first_error(&self) -> Option<Finding> {
        let i = self.marks().position(|m| m.severity == Severity::Error)?;
        Some(self.finding(i))
    }

    /// How many findings.
    pub fn len(&self) -> usize {
        match &self.found {
            Found::Compact(c) => c.diags.len(),
            Found::Written(v) => v.len(),
        }
    }

    /// Whether there is no finding.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the input is valid (no finding of severity error).
    pub fn is_valid(&self) -> bool {
        !self.marks().any(|m| m.severity == Severity::Error)
    }

    /// Finding `i` without its message (in input order). Panics past
    /// [`Report::len`].
    pub fn mark(&self, i: usize) -> Mark {
        match &self.found {
            Found::Compact(c) => {
                let issue = c.issue(c.diags[i]);
                Mark {
                    span: issue.span,
                    severity: issue.severity,
                    code: issue.code,
                }
            }
            Found::Written(v) => Mark {
                span: v[i].span,
                severity: v[i].severity,
                code: v[i].code,
            },
        }
    }

    /// The ABNF rule being parsed when finding `i` was found, when the
    /// parser recorded it (the syntax findings; not lint). Panics past
    /// [`Report::len`].
    pub fn rule(&self, i: usize) -> Option<crate::Rule> {
        match &self.found {
            Found::Compact(c) => Some(c.issue(c.diags[i]).rule),
            Found::Written(_) => None,
        }
    }

    /// Every finding without its message, in input order.
    pub fn marks(&self) -> impl Iterator<Item = Mark> + '_ {
        (0..self.len()).map(|i| self.mark(i))
    }

    /// Finding `i` with its message, written now. Panics past
    /// [`Report::len`].
    pub fn finding(&self, i: usize) -> Finding {
        match &self.found {
            Found::Compact(c) => c.finding(self.input, c.diags[i]),
            Found::Written(v) => v[i].clone(),
        }
    }

    /// Every finding with its message, each written as it is reached.
    pub fn findings(&self) -> impl Iterator<Item = Finding> + '_ {
        (0..self.len()).map(|i| self.finding(i))
    }

    /// The findings of severity error, each written as it is reached.
    ///
    /// ```
    /// let r = uriscope_core::analyze("http://h:8x/a b", Default::default());
    /// let codes: Vec<_> = r.errors().map(|f| (f.span.start, f.code.as_str())).collect();
    /// assert_eq!(codes, [(10, "port-not-digits"), (13, "whitespace")]);
    /// ```
    pub fn errors(&self) -> impl Iterator<Item = Finding> + '_ {
        (0..self.len())
            .filter(|&i| self.mark(i).severity == Severity::Error)
            .map(|i| self.finding(i))
    }

    /// The analysis with every message written.
    pub(crate) fn into_analysis(self) -> Analysis<'a> {
        let findings = match &self.found {
            Found::Compact(c) => c
                .diags
                .iter()
                .map(|&d: &Diag| c.finding(self.input, d))
                .collect(),
            Found::Written(v) => v.clone(),
        };
        Analysis {
            input: self.input,
            split: self.split,
            uri: self.uri,
            findings,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::parse::analysis_with;
    use crate::{analyze, ParseOptions};
    use proptest::prelude::*;

    proptest! {
        /// The compact report lists what the written analysis lists,
        /// finding by finding, its marks agreeing with the written findings.
        #[test]
        fn report_agrees_with_the_written_analysis(s in "[a-zA-Z/<> %:@?#\\[\\]é.0-9]{0,48}", iri in any::<bool>()) {
            let options = ParseOptions { iri };
            let a = analysis_with(&s, options);
            let r = analyze(&s, options);
            prop_assert_eq!(r.len(), a.findings.len());
            prop_assert_eq!(r.is_valid(), a.is_valid());
            for (i, f) in a.findings.iter().enumerate() {
                let m = r.mark(i);
                prop_assert_eq!((m.span, m.severity, m.code), (f.span, f.severity, f.code));
                prop_assert_eq!(&r.finding(i), f);
            }
        }
    }
}
