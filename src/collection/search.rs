//! Filtering a collection a slice at a time, so that a key in a view of a
//! million lines costs one frame: a [`Search`] tests at most the lines it
//! is given per [`Search::step`] and keeps its place, the view drawing what
//! it has found so far; it goes on with lines that arrive while the list
//! loads. A filter that narrows the one before (typing at the end) tests
//! only the lines that matched before, and [`Searches`] keeps the last few
//! so that deleting what was typed finds them again.

use std::time::{Duration, Instant};

use super::counts::{Counts, Row, Tally};
use super::filter::{Filter, Test};
use super::intern::NONE;
use super::Collection;

/// A filter compiled against a collection's names, with what it learned
/// about each host and code set (a log has far fewer than lines).
#[derive(Clone, Debug)]
struct Matcher {
    filter: Filter,
    // Per term: per host id or code set id, 0 unknown, 1 no, 2 yes.
    seen: Vec<Vec<u8>>,
}

impl Matcher {
    fn new(filter: Filter) -> Matcher {
        let seen = vec![Vec::new(); filter.terms().len()];
        Matcher { filter, seen }
    }

    /// Whether the line `text` with `row` matches every term.
    fn matches(&mut self, row: &Row, text: &str, tally: &Tally) -> bool {
        let Matcher { filter, seen } = self;
        filter.terms().iter().zip(seen).all(|(term, seen)| {
            let yes = match &term.test {
                Test::Text { needle, fold } => contains(text, needle, *fold),
                Test::Host { needle, exact } => {
                    row.host != NONE
                        && remember(seen, row.host, || {
                            let host = tally.hosts.name(row.host);
                            if *exact {
                                host == needle
                            } else {
                                host.contains(needle.as_str())
                            }
                        })
                }
                Test::Site(name) => {
                    row.host != NONE
                        && remember(seen, row.host, || {
                            let site = crate::uri::site::site_name(tally.hosts.name(row.host));
                            site.is_some_and(|site| {
                                !site.is_empty() && name.as_deref().is_none_or(|n| site == n)
                            })
                        })
                }
                Test::Scheme(name) => {
                    row.scheme != NONE
                        && name
                            .as_deref()
                            .is_none_or(|n| tally.schemes.name(row.scheme) == n)
                }
                Test::Code(None) => row.codes != 0,
                Test::Code(Some(code)) => remember(seen, row.codes, || {
                    let codes = tally.code_sets.codes(row.codes);
                    codes.iter().any(|&c| tally.codes.name(c) == code)
                }),
                Test::Flag(None) => !row.flags.is_empty(),
                Test::Flag(Some(class)) => row.flags.contains(*class),
                Test::Kind(kind) => row.kind == *kind,
            };
            yes != term.negated
        })
    }
}

/// `seen[id]`, worked out by `test` the first time.
fn remember(seen: &mut Vec<u8>, id: u32, test: impl FnOnce() -> bool) -> bool {
    let i = id as usize;
    if seen.len() <= i {
        seen.resize(i + 1, 0);
    }
    if seen[i] == 0 {
        seen[i] = if test() { 2 } else { 1 };
    }
    seen[i] == 2
}

/// Whether `text` contains `needle` (non-empty), ignoring ASCII case with
/// `fold` (`needle` is then lowercase).
fn contains(text: &str, needle: &str, fold: bool) -> bool {
    if !fold {
        return memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
    }
    let (hay, pin) = (text.as_bytes(), needle.as_bytes());
    let first = pin[0];
    let mut from = 0;
    while from + pin.len() <= hay.len() {
        let Some(i) = memchr::memchr2(first, first.to_ascii_uppercase(), &hay[from..]) else {
            return false;
        };
        let at = from + i;
        match hay.get(at..at + pin.len()) {
            Some(w) if w.eq_ignore_ascii_case(pin) => return true,
            Some(_) => from = at + 1,
            None => return false,
        }
    }
    false
}

/// The lines of a collection that match a filter, found a slice at a time.
#[derive(Clone, Debug)]
pub struct Search {
    matcher: Matcher,
    /// Lines to test first (the matches of a wider search), from `next`.
    candidates: Vec<u32>,
    next: usize,
    /// Then every line from this one on.
    scan_from: u32,
    matches: Vec<u32>,
    counts: Counts,
}

impl Search {
    /// A search for `filter` over all lines.
    pub fn new(filter: Filter) -> Search {
        Search {
            matcher: Matcher::new(filter),
            candidates: Vec::new(),
            next: 0,
            scan_from: 0,
            matches: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// A search for `filter` that starts from `wider`'s state when
    /// `filter` [narrows](Filter::narrows) `wider`'s filter: only the
    /// lines it matched, and those it has not tested yet, are tested.
    pub fn within(filter: Filter, wider: &Search) -> Search {
        if wider.matcher.filter == filter {
            return wider.clone();
        }
        let mut s = Search::new(filter);
        if s.filter().narrows(wider.filter()) && !wider.filter().is_empty() {
            s.candidates =
                Vec::with_capacity(wider.matches.len() + wider.candidates.len() - wider.next);
            s.candidates.extend_from_slice(&wider.matches);
            s.candidates
                .extend_from_slice(&wider.candidates[wider.next..]);
            s.scan_from = wider.scan_from;
        }
        s
    }

    /// Its filter.
    pub fn filter(&self) -> &Filter {
        &self.matcher.filter
    }

    /// Test at most `budget` lines of `c`; returns whether every line of
    /// `c` has now been tested.
    pub fn step(&mut self, c: &Collection, budget: usize) -> bool {
        if self.filter().is_empty() {
            return true;
        }
        let mut left = budget;
        while left > 0 && self.next < self.candidates.len() {
            let line = self.candidates[self.next];
            self.next += 1;
            left -= 1;
            self.test(c, line);
        }
        if self.next == self.candidates.len() && !self.candidates.is_empty() {
            self.candidates = Vec::new();
            self.next = 0;
        }
        let end = c.len() as u32;
        while left > 0 && self.scan_from < end {
            let line = self.scan_from;
            self.scan_from += 1;
            left -= 1;
            self.test(c, line);
        }
        self.is_done(c)
    }

    /// Step until every line is tested or `budget` has passed (checked
    /// every thousand lines); returns whether every line is tested.
    pub fn run_for(&mut self, c: &Collection, budget: Duration) -> bool {
        let start = Instant::now();
        loop {
            if self.step(c, 1024) {
                return true;
            }
            if start.elapsed() >= budget {
                return false;
            }
        }
    }

    fn test(&mut self, c: &Collection, line: u32) {
        let row = c.row(line);
        if self.matcher.matches(&row, c.text(line), c.tally()) {
            self.matches.push(line);
            self.counts.add(&row, &c.tally().code_sets);
        }
    }

    /// Whether every line of `c` has been tested.
    pub fn is_done(&self, c: &Collection) -> bool {
        self.filter().is_empty()
            || (self.next == self.candidates.len() && self.scan_from as usize == c.len())
    }

    /// How many lines have been tested, of `c.len()`: the progress a view
    /// shows.
    pub fn tested(&self, c: &Collection) -> usize {
        if self.filter().is_empty() {
            return c.len();
        }
        // The candidates stand for the lines before `scan_from` that a
        // wider search has not ruled out.
        let pending = self.candidates.len() - self.next;
        (self.scan_from as usize).saturating_sub(pending)
    }

    /// How many lines matched so far.
    pub fn len(&self, c: &Collection) -> usize {
        if self.filter().is_empty() {
            c.len()
        } else {
            self.matches.len()
        }
    }

    /// Whether none did.
    pub fn is_empty(&self, c: &Collection) -> bool {
        self.len(c) == 0
    }

    /// The `i`-th line that matched, in input order (the matches of a
    /// narrowed search come in order too: a wider search's matches
    /// precede the lines it had not reached).
    pub fn line(&self, c: &Collection, i: usize) -> Option<u32> {
        if self.filter().is_empty() {
            return (i < c.len()).then_some(i as u32);
        }
        self.matches.get(i).copied()
    }

    /// The lines matched so far, or `None` for an empty filter (all lines).
    pub fn matches(&self) -> Option<&[u32]> {
        (!self.filter().is_empty()).then_some(&self.matches[..])
    }

    /// The counts of the lines matched so far (an empty filter's are the
    /// collection's).
    pub fn counts<'a>(&'a self, c: &'a Collection) -> &'a Counts {
        if self.filter().is_empty() {
            &c.tally().counts
        } else {
            &self.counts
        }
    }
}

/// How many searches [`Searches`] keeps beside the current one.
pub const KEPT: usize = 4;

/// The view's filter: the current search and the last few, so that a key
/// that widens the filter again (Backspace) finds its search done.
#[derive(Clone, Debug)]
pub struct Searches {
    current: Search,
    kept: Vec<Search>,
}

impl Default for Searches {
    fn default() -> Self {
        Searches {
            current: Search::new(Filter::default()),
            kept: Vec::new(),
        }
    }
}

impl Searches {
    /// Filter by `text`: a search kept for the same filter, or one
    /// narrowed from the current or a kept search it narrows, or a new
    /// one. The search is not stepped: [`Searches::step`] does that.
    pub fn set(&mut self, text: &str) -> Result<(), super::FilterError> {
        let filter = Filter::parse(text)?;
        if *self.current.filter() == filter {
            return Ok(());
        }
        let same = self.kept.iter().position(|s| *s.filter() == filter);
        let next = match same {
            Some(i) => self.kept.remove(i),
            None => {
                let base = std::iter::once(&self.current)
                    .chain(&self.kept)
                    .filter(|s| !s.filter().is_empty() && filter.narrows(s.filter()))
                    .min_by_key(|s| s.matches.len() + s.candidates.len() - s.next);
                match base {
                    Some(b) => Search::within(filter, b),
                    None => Search::new(filter),
                }
            }
        };
        let old = std::mem::replace(&mut self.current, next);
        if !old.filter().is_empty() {
            self.kept.insert(0, old);
            self.kept.truncate(KEPT);
        }
        Ok(())
    }

    /// The current search.
    pub fn current(&self) -> &Search {
        &self.current
    }

    /// [`Search::step`] on the current search.
    pub fn step(&mut self, c: &Collection, budget: usize) -> bool {
        self.current.step(c, budget)
    }

    /// [`Search::run_for`] on the current search.
    pub fn run_for(&mut self, c: &Collection, budget: Duration) -> bool {
        self.current.run_for(c, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_finds_any_case_and_stops_at_the_end() {
        assert!(contains("HTTP://Example.COM/", "example.com", true));
        assert!(contains("aaB", "ab", true));
        assert!(!contains("aaB", "ab", false));
        assert!(!contains("ab", "abc", true));
        assert!(contains("xéx", "é", true));
        assert!(!contains("", "a", true));
    }
}
