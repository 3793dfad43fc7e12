//! Findings grouped for a person to read: every finding of one severity and
//! code is one group, with a count, the first few positions and the first
//! finding's message. A `data:` URI with a dozen spaces and brackets reads
//! as two lines, not eighteen. The Breakdown, the plain breakdown and the
//! Markdown report list groups; `parse --json` keeps one object a finding.
//!
//! Grouping costs one pass over the marks and one written message a group:
//! an input with a finding on every other byte costs what its marks cost,
//! never a message each.

use super::{Item, Linted};
use crate::syntax::report::GROUP_POSITIONS;
use crate::Code;
use crate::{Finding, Mark, Severity, Span};

/// The findings of one severity and code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The first finding, its message written.
    pub first: Finding,
    /// How many findings the group holds.
    pub count: usize,
    /// Where the first [`GROUP_POSITIONS`] of them are, in input order.
    pub spans: Vec<Span>,
}

impl Group {
    /// The severity every finding of the group has.
    #[must_use]
    pub fn severity(&self) -> Severity {
        self.first.severity
    }

    /// The code every finding of the group has.
    #[must_use]
    pub fn code(&self) -> Code {
        self.first.code
    }

    /// The positions as a person reads them: `15..16, 17..18 and 3 more`.
    ///
    /// ```
    /// let r = uriscope_core::analyze("http://h/a b c|", Default::default());
    /// let l = uriscope_core::lint::Linted::new(&r);
    /// let g = &l.groups()[0];
    /// assert_eq!((g.code(), g.count), (uriscope_core::Code::Whitespace, 2));
    /// assert_eq!(g.positions_text(), "10..11, 12..13");
    /// ```
    #[must_use]
    pub fn positions_text(&self) -> String {
        let mut out = self
            .spans
            .iter()
            .map(|s| format!("{}..{}", s.start, s.end))
            .collect::<Vec<_>>()
            .join(", ");
        if self.count > self.spans.len() {
            out.push_str(&format!(" and {} more", self.count - self.spans.len()));
        }
        out
    }
}

impl Linted<'_> {
    /// The findings grouped by severity and code, groups in the order of
    /// their first finding. Only each group's first message is written.
    ///
    /// ```
    /// let r = uriscope_core::analyze("http://h/<a> <b>", Default::default());
    /// let l = uriscope_core::lint::Linted::new(&r);
    /// let g: Vec<_> = l.groups().iter().map(|g| (g.code().as_str(), g.count)).collect();
    /// assert_eq!(g, [("invalid-char", 4), ("whitespace", 1)]);
    /// ```
    ///
    /// Of the parser's findings, only the first [`GROUP_POSITIONS`] of each code
    /// are read ([`Report::tally`](crate::Report::tally) counts the rest):
    /// an input with millions of findings of a few kinds groups in a few
    /// dozen steps.
    #[must_use]
    pub fn groups(&self) -> Vec<Group> {
        let tally = self.report.tally(GROUP_POSITIONS);
        let mut firsts: Vec<usize> = tally.iter().flat_map(|t| t.first.iter().copied()).collect();
        firsts.sort_unstable();
        let parsed = firsts
            .into_iter()
            .map(|i| (self.report.mark(i), Item::Report(i)));
        let mut groups = gather(self.merged(parsed), |item| match item {
            Item::Shape(s) => s.finding(self.report.input),
            Item::Report(i) => self.report.finding(i),
            Item::Lint(f) => f.clone(),
        });
        // Each group holds every lint finding of its code, and the first
        // of the parser's: the parser's others are added by count.
        for g in groups.iter_mut().filter(|_| self.lists_the_rest()) {
            let unread = tally
                .iter()
                .filter(|t| t.severity == g.severity() && t.code == g.code())
                .map(|t| t.count - t.first.len());
            g.count += unread.sum::<usize>();
        }
        groups
    }
}

/// Findings already written (a `data:` payload's, say) grouped as
/// [`Linted::groups`] groups a report's.
///
/// ```
/// use uriscope_core::{lint::group, Code, Finding, Severity, Span};
/// let f = |at| Finding::new(Span::new(at, at + 1), Severity::Warning, Code::Backslash, "\\".into());
/// let g = group(&[f(1), f(4), f(9)]);
/// assert_eq!((g.len(), g[0].count, g[0].positions_text().as_str()), (1, 3, "1..2, 4..5, 9..10"));
/// ```
pub fn group(findings: &[Finding]) -> Vec<Group> {
    let marks = findings.iter().map(|f| {
        let m = Mark {
            span: f.span,
            severity: f.severity,
            code: f.code,
        };
        (m, f)
    });
    gather(marks, Finding::clone)
}

/// Group `items` (a mark and what writes its finding) by severity and
/// code; `write` is called once a group, for its first item.
fn gather<T: Copy>(
    items: impl Iterator<Item = (Mark, T)>,
    write: impl Fn(T) -> Finding,
) -> Vec<Group> {
    struct Open<T> {
        mark: Mark,
        first: T,
        count: usize,
        spans: Vec<Span>,
    }
    let mut open: Vec<Open<T>> = Vec::new();
    // The last group hit is tried first: runs of one code are common.
    let mut last = 0;
    for (m, item) in items {
        let same = |g: &Open<T>| g.mark.code == m.code && g.mark.severity == m.severity;
        let at = if open.get(last).is_some_and(same) {
            Some(last)
        } else {
            open.iter().position(same)
        };
        match at {
            Some(i) => {
                let g = &mut open[i];
                g.count += 1;
                if g.spans.len() < GROUP_POSITIONS {
                    g.spans.push(m.span);
                }
                last = i;
            }
            None => {
                last = open.len();
                open.push(Open {
                    mark: m,
                    first: item,
                    count: 1,
                    spans: vec![m.span],
                });
            }
        }
    }
    open.into_iter()
        .map(|g| Group {
            first: write(g.first),
            count: g.count,
            spans: g.spans,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::analyze;
    use crate::lint::Linted;

    use proptest::prelude::*;

    /// The groups of `s` against a naive grouping of every finding: the
    /// same groups, counts, first messages and positions.
    fn check_against_naive(s: &str) {
        let r = analyze(s, Default::default());
        let l = Linted::new(&r);
        let mut naive: Vec<(String, Vec<crate::Finding>)> = Vec::new();
        for f in l.findings() {
            let key = format!("{}/{}", f.severity, f.code);
            match naive.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(f),
                None => naive.push((key, vec![f])),
            }
        }
        let groups = l.groups();
        assert_eq!(groups.len(), naive.len(), "{s:?}");
        for (g, (_, v)) in groups.iter().zip(&naive) {
            assert_eq!(g.first, v[0], "{s:?}");
            assert_eq!(g.count, v.len(), "{s:?}");
            let spans: Vec<_> = v
                .iter()
                .map(|f| f.span)
                .take(super::GROUP_POSITIONS)
                .collect();
            assert_eq!(g.spans, spans, "{s:?}");
        }
        assert_eq!(groups.iter().map(|g| g.count).sum::<usize>(), l.len());
    }

    proptest! {
        /// Inputs with many findings of few codes (more than the positions
        /// a group keeps), the parser's and the lint's interleaved.
        #[test]
        fn groups_read_from_the_tally_are_the_naive_grouping(
            head in "(http://(u:p@)?[a-z.]{0,6}(:[0-9]{0,3})?|data:text/html,|C:|)",
            body in "[a-z/ <>\\\\%2F0\\[\\]{}|^`\u{1}\u{7}é.]{0,60}",
            tail in "(\\?[a-z= %]{0,8})?(#[a-z <]{0,5})?",
        ) {
            check_against_naive(&format!("{head}{body}{tail}"));
        }
    }

    /// Against a naive grouping of every finding: the same groups, counts,
    /// first messages and positions.
    #[test]
    fn groups_are_the_naive_grouping_of_every_finding() {
        let long = format!("http://h/{}\\%2F", "\u{1b}[31m\u{7}x\\ ".repeat(50));
        for s in [
            long.as_str(),
            "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><rect width='1' height='1'/></svg>",
            "http://user:pw@h:99999/a b/%zz/<x>/\u{1}?q=\"y\"#{z}",
            "C:\\Users\\x\\My Docs\\a.txt",
            "",
            "http://a/",
        ] {
            check_against_naive(s);
        }
    }
}
