//! Every finding of an analysis, kept small: 10 bytes a finding, counted
//! by kind, the message written only when it is asked for. What the
//! explorer and the CLI use on inputs that may hold a finding on every
//! other byte (the explorer's frame keeps only the findings its screen
//! shows: [`analyze_within`](crate::report::analyze_within)).

use crate::syntax::error::{Finding, Severity};
use crate::syntax::parse::{Analysis, ParseOptions};
use crate::syntax::sink::{Compact, Diag};
use crate::syntax::split::Split;
use crate::syntax::uri_ref::UriRef;
use crate::Code;
use crate::Span;

/// At most this many positions are kept in a lint group
/// ([`Group`](crate::lint::Group)), and of each kind in a bounded
/// analysis ([`analyze_within`](crate::report::analyze_within)); the rest are
/// counted.
pub const GROUP_POSITIONS: usize = 8;

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

/// The findings of one severity and code in a [`Report`]: how many, and
/// where the first few are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Their severity.
    pub severity: Severity,
    /// Their code.
    pub code: Code,
    /// How many there are.
    pub count: usize,
    /// The indices (for [`Report::mark`]) of the first of them, in input
    /// order: as many as asked for, or all when fewer.
    pub first: Vec<usize>,
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
    #[must_use]
    pub fn options(&self) -> ParseOptions {
        self.options
    }

    /// The first error finding with its message, if any.
    #[must_use]
    pub fn first_error(&self) -> Option<Finding> {
        let i = self.marks().position(|m| m.severity == Severity::Error)?;
        Some(self.finding(i))
    }

    /// How many findings can be read one by one ([`Report::mark`],
    /// [`Report::marks`], …): every one, except in a report of
    /// [`analyze_within`](crate::report::analyze_within), which keeps some and
    /// counts them all ([`Report::total`]).
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.found {
            Found::Compact(c) => c.diags.len(),
            Found::Written(v) => v.len(),
        }
    }

    /// How many findings there are, those kept to be read and those only
    /// counted.
    #[must_use]
    pub fn total(&self) -> usize {
        match &self.found {
            Found::Compact(c) => c.kinds.iter().map(|k| k.count).sum(),
            Found::Written(v) => v.len(),
        }
    }

    /// Whether there is no finding.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Whether the input is valid (no finding of severity error).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        match &self.found {
            Found::Compact(c) => !c.has_error(),
            Found::Written(v) => !v.iter().any(|f| f.severity == Severity::Error),
        }
    }

    /// The findings counted by kind, without their positions, in no
    /// particular order (a severity and code may come more than once,
    /// under several rules: add them up): a few dozen entries at most,
    /// counted as the findings were recorded (no pass over them).
    ///
    /// ```
    /// let r = uriscope_core::analyze("http://h/a b<c d", Default::default());
    /// let mut n: Vec<_> = r.counts().map(|(_, code, n)| (code.as_str(), n)).collect();
    /// n.sort();
    /// assert_eq!(n, [("invalid-char", 1), ("whitespace", 2)]);
    /// ```
    pub fn counts(&self) -> impl Iterator<Item = (Severity, Code, usize)> + '_ {
        let (kinds, written) = match &self.found {
            Found::Compact(c) => (&c.kinds[..], &[][..]),
            Found::Written(v) => (&[][..], &v[..]),
        };
        let kinds = kinds
            .iter()
            .map(|k| (k.kind.severity, k.kind.code, k.count));
        kinds.chain(written.iter().map(|f| (f.severity, f.code, 1)))
    }

    /// The findings grouped by severity and code, each group with its
    /// count and the indices of its first `n` findings, groups in the
    /// order of their first finding. It reads the findings only until
    /// every group has its first `n` (with `n` = 0, none): an input with
    /// a million findings of three kinds costs a few dozen steps.
    ///
    /// ```
    /// let r = uriscope_core::analyze("http://h/a b<c d", Default::default());
    /// let t = r.tally(1);
    /// let shown: Vec<_> = t.iter().map(|t| (t.code.as_str(), t.count, t.first.clone())).collect();
    /// assert_eq!(shown, [("whitespace", 2, vec![0]), ("invalid-char", 1, vec![1])]);
    /// ```
    #[must_use]
    pub fn tally(&self, n: usize) -> Vec<Tally> {
        let mut out: Vec<Tally> = Vec::new();
        let mut slot = |severity: Severity, code: Code, count: usize| {
            let at = out
                .iter()
                .position(|t| t.severity == severity && t.code == code)
                .unwrap_or_else(|| {
                    out.push(Tally {
                        severity,
                        code,
                        count: 0,
                        first: Vec::new(),
                    });
                    out.len() - 1
                });
            out[at].count += count;
            at
        };
        // Which tally each finding goes to: by kind, or one by one.
        let of: Vec<usize> = match &self.found {
            Found::Compact(c) => c
                .kinds
                .iter()
                .map(|k| slot(k.kind.severity, k.kind.code, k.count))
                .collect(),
            Found::Written(v) => v.iter().map(|f| slot(f.severity, f.code, 1)).collect(),
        };
        let group = |i: usize| match &self.found {
            Found::Compact(c) => of[usize::from(c.diags[i].kind)],
            Found::Written(_) => of[i],
        };
        // With n = 0 no group is open: no finding is read.
        let mut open = if n == 0 { 0 } else { out.len() };
        let mut i = 0;
        while open > 0 && i < self.len() {
            let t = &mut out[group(i)];
            if t.first.len() < n {
                t.first.push(i);
                if t.first.len() == n.min(t.count) {
                    open -= 1;
                }
            }
            i += 1;
        }
        if n > 0 {
            out.sort_by_key(|t| t.first.first().copied());
        }
        out
    }

    /// Finding `i` without its message (in input order). Panics past
    /// [`Report::len`].
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
    use super::Report;
    use crate::syntax::parse::analysis_with;
    use crate::{analyze, ParseOptions};
    use proptest::prelude::*;

    proptest! {
        /// A bounded report keeps what it promises, as the whole report has
        /// it (every finding before `before`, the first `first`), counts
        /// what the whole report holds, and groups as it does.
        #[test]
        fn a_bounded_report_keeps_what_it_promises(
            s in "(http://(u:p@)?[a-z\\[\\]<]{0,6}(:[0-9a]{0,3})?|data:,|C:|)[a-z/ <>\\\\%2F\\[\\]{}|\u{1}\u{7}é.]{0,80}(\\?[a-z= <%]{0,8})?(#[a-z <]{0,5})?",
            before in 0usize..90,
            first in 0usize..12,
            iri in any::<bool>(),
        ) {
            let options = ParseOptions { iri };
            let all = analyze(&s, options);
            let some = crate::report::analyze_within(&s, options, crate::report::Within { before, first });
            prop_assert_eq!(some.total(), all.total());
            prop_assert_eq!(all.total(), all.len());
            prop_assert_eq!(some.is_valid(), all.is_valid());
            prop_assert_eq!(some.uri, all.uri);
            prop_assert_eq!(some.split, all.split);
            let kept: Vec<_> = some.marks().collect();
            let every: Vec<_> = all.marks().collect();
            // In input order, each one of the whole report's.
            let mut rest = every.iter();
            for m in &kept {
                prop_assert!(rest.any(|e| e == m), "{:?} not in order in {:?}", m, every);
            }
            for (i, m) in every.iter().enumerate() {
                if m.span.start < before || i < first {
                    prop_assert!(kept.contains(m), "{:?} dropped", m);
                }
            }
            let spans = |r: &Report<'_>| -> Vec<_> {
                r.tally(super::GROUP_POSITIONS)
                    .into_iter()
                    .map(|t| (t.severity, t.code, t.count, t.first.iter().map(|&i| r.mark(i)).collect::<Vec<_>>()))
                    .collect()
            };
            prop_assert_eq!(spans(&some), spans(&all));
            prop_assert_eq!(
                crate::lint::Linted::new(&some).groups(),
                crate::lint::Linted::new(&all).groups()
            );
            prop_assert_eq!(some.first_error(), all.first_error());
        }

        /// On long inputs full of invalid bytes (past the window, where a
        /// bounded report counts the errors of one ASCII byte in bulk),
        /// the bounded report counts by code what the whole report holds,
        /// and the findings it keeps (those in the window among them) are
        /// the whole report's, runs as long.
        #[test]
        fn a_bounded_report_of_many_errors_counts_as_the_whole_report(
            s in "(http://h/|data:|x|//a:b@h|)([a-z0-9/]|[ \t\u{1}\u{1b}\u{7f}<>\"{}|\\^`]{1,3}|  +|<<+|\u{1}\u{1}+|%[0-9a-fzA-F]{0,2}|é|\u{202e}|:|\\?|#){0,300}",
            before in 0usize..400,
            first in 0usize..20,
            iri in any::<bool>(),
        ) {
            let options = ParseOptions { iri };
            let all = analyze(&s, options);
            let some = crate::report::analyze_within(&s, options, crate::report::Within { before, first });
            prop_assert_eq!(some.total(), all.total());
            let counts = |r: &Report<'_>| {
                let mut c: Vec<_> = r.counts().collect();
                c.sort();
                c
            };
            prop_assert_eq!(counts(&some), counts(&all));
            prop_assert_eq!(some.is_valid(), all.is_valid());
            let every: Vec<_> = all.marks().collect();
            let kept: Vec<_> = some.marks().collect();
            let mut rest = every.iter();
            for m in &kept {
                prop_assert!(rest.any(|e| e == m), "{:?} not in order in {:?}", m, every);
            }
            let window = |r: &Report<'_>| -> Vec<_> {
                r.findings().enumerate().filter(|(i, f)| f.span.start < before || *i < first).map(|(_, f)| f).collect()
            };
            let shown = window(&all);
            prop_assert_eq!(&some.findings().take(shown.len()).collect::<Vec<_>>(), &shown);
        }

        /// The compact report lists what the written analysis lists,
        /// finding by finding, its marks agreeing with the written findings.
        #[test]
        fn report_agrees_with_the_written_analysis(s in "[a-zA-Z/<> %:@?#\\[\\]é.0-9]{0,48}", iri in any::<bool>()) {
            let options = ParseOptions { iri };
            let a = analysis_with(&s, options);
            let r = analyze(&s, options);
            prop_assert_eq!(r.len(), a.findings.len());
            // The tally counts what the findings hold, its first indices
            // the first of each code.
            for t in r.tally(3) {
                let of = |f: &&crate::Finding| f.severity == t.severity && f.code == t.code;
                prop_assert_eq!(t.count, a.findings.iter().filter(of).count());
                let first: Vec<usize> = (0..a.findings.len()).filter(|&i| of(&&a.findings[i])).take(3).collect();
                prop_assert_eq!(&t.first, &first);
            }
            let counted: usize = r.counts().map(|(_, _, n)| n).sum();
            prop_assert_eq!(counted, a.findings.len());
            prop_assert_eq!(r.is_valid(), a.is_valid());
            for (i, f) in a.findings.iter().enumerate() {
                let m = r.mark(i);
                prop_assert_eq!((m.span, m.severity, m.code), (f.span, f.severity, f.code));
                prop_assert_eq!(&r.finding(i), f);
            }
        }
    }
}
