//! The counts of a collection: how many lines of each kind, and how many
//! lines carry each scheme, host, finding code and confusion flag, with
//! their top-N tables. [`Tally`] keeps the names and the counts of every
//! line added; `uriscope stats` is a tally and nothing more.

use super::intern::{CodeSets, Names, NONE};
use super::line::{Facts, FlagSet, Kind};
use crate::confuse::flags::Class;

/// One line as the collection keeps it: its facts as ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The verdict's kind.
    pub kind: Kind,
    /// Its confusion classes.
    pub flags: FlagSet,
    /// The scheme's id in [`Tally::schemes`], or [`NONE`].
    pub scheme: u32,
    /// The host's id in [`Tally::hosts`], or [`NONE`].
    pub host: u32,
    /// The id of its set of codes in [`Tally::code_sets`] (0: none).
    pub codes: u32,
}

/// How many lines of each kind, and how many lines carry each scheme,
/// host, code and flag (a line with a code twice counts once).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Lines counted (blank lines are not).
    pub lines: u64,
    /// Lines of each kind, by [`Kind::index`].
    pub kinds: [u64; 4],
    /// Lines with each scheme, by id.
    pub schemes: Vec<u64>,
    /// Lines with each host, by id.
    pub hosts: Vec<u64>,
    /// Lines with each code, by id.
    pub codes: Vec<u64>,
    /// Lines with each confusion class, in [`FlagSet::CLASSES`] order.
    pub flags: [u64; 8],
}

impl Counts {
    /// Count `row`, whose code set is in `sets`.
    pub fn add(&mut self, row: &Row, sets: &CodeSets) {
        self.lines += 1;
        self.kinds[row.kind.index()] += 1;
        bump(&mut self.schemes, row.scheme);
        bump(&mut self.hosts, row.host);
        for &c in sets.codes(row.codes) {
            bump(&mut self.codes, c);
        }
        if !row.flags.is_empty() {
            for (i, c) in FlagSet::CLASSES.into_iter().enumerate() {
                self.flags[i] += u64::from(row.flags.contains(c));
            }
        }
    }

    /// Lines of `kind`.
    pub fn kind(&self, kind: Kind) -> u64 {
        self.kinds[kind.index()]
    }

    /// Lines with the confusion class `class`.
    pub fn flag(&self, class: Class) -> u64 {
        FlagSet::CLASSES
            .iter()
            .position(|&c| c == class)
            .map_or(0, |i| self.flags[i])
    }
}

/// Add one to `counts[id]`, growing it as new ids come.
fn bump(counts: &mut Vec<u64>, id: u32) {
    if id == NONE {
        return;
    }
    let i = id as usize;
    if counts.len() <= i {
        counts.resize(i + 1, 0);
    }
    counts[i] += 1;
}

/// A name and how many lines carry it: a bar of a top-N table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked<'a> {
    /// The scheme, host, code or flag.
    pub name: &'a str,
    /// How many lines carry it.
    pub count: u64,
}

/// The `n` names with the most lines (all of them when `n` is 0), most
/// first, ties by name: the same table whatever the order of the lines.
/// Costs the number of names, not of lines.
pub fn top<'a>(counts: &[u64], names: &'a Names, n: usize) -> Vec<Ranked<'a>> {
    let mut all: Vec<Ranked<'a>> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(id, &count)| Ranked {
            name: names.name(id as u32),
            count,
        })
        .collect();
    let order = |a: &Ranked<'_>, b: &Ranked<'_>| b.count.cmp(&a.count).then(a.name.cmp(b.name));
    if n > 0 && all.len() > n {
        all.select_nth_unstable_by(n - 1, order);
        all.truncate(n);
    }
    all.sort_unstable_by(order);
    all
}

/// The flags table: every class some line carries, most first, ties in
/// class order.
pub fn top_flags(counts: &Counts) -> Vec<Ranked<'static>> {
    let mut all: Vec<Ranked<'static>> = FlagSet::CLASSES
        .into_iter()
        .zip(counts.flags)
        .filter(|&(_, c)| c > 0)
        .map(|(class, count)| Ranked {
            name: class.name(),
            count,
        })
        .collect();
    all.sort_by_key(|r| std::cmp::Reverse(r.count));
    all
}

/// The names and counts of every line added: what `uriscope stats`
/// prints, and the collection's header.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// The schemes, lowercase (RFC 3986 §3.1: case-insensitive).
    pub schemes: Names,
    /// The hosts, ASCII letters lowercase (§3.2.2: case-insensitive).
    pub hosts: Names,
    /// The finding codes.
    pub codes: Names,
    /// The sets of codes lines have.
    pub code_sets: CodeSets,
    /// The counts.
    pub counts: Counts,
    /// Lines that were blank (empty or only whitespace), not counted.
    pub blank: u64,
    // Reused for each line: the code ids and a lowercase name.
    ids: Vec<u32>,
    lower: String,
}

impl Tally {
    /// Count the line `text` with its `facts`; returns its row.
    pub fn add(&mut self, text: &str, facts: &Facts) -> Row {
        let scheme = self.name_id(Which::Scheme, text, facts.scheme.clone());
        let host = self.name_id(Which::Host, text, facts.host.clone());
        self.ids.clear();
        for c in &facts.codes {
            let id = self.codes.id(c);
            self.ids.push(id);
        }
        self.ids.sort_unstable();
        self.ids.dedup();
        let row = Row {
            kind: facts.kind,
            flags: facts.flags,
            scheme,
            host,
            codes: self.code_sets.id(&self.ids),
        };
        self.counts.add(&row, &self.code_sets);
        row
    }

    /// The id of the scheme or host at `span` of `text`, lowercase.
    fn name_id(&mut self, which: Which, text: &str, span: Option<std::ops::Range<usize>>) -> u32 {
        let Some(name) = span.and_then(|s| text.get(s)) else {
            return NONE;
        };
        let names = match which {
            Which::Scheme => &mut self.schemes,
            Which::Host => &mut self.hosts,
        };
        if !name.bytes().any(|b| b.is_ascii_uppercase()) {
            return names.id(name);
        }
        self.lower.clear();
        self.lower.push_str(name);
        self.lower.make_ascii_lowercase();
        names.id(&self.lower)
    }

    /// The top-`n` schemes (all when `n` is 0).
    pub fn top_schemes(&self, n: usize) -> Vec<Ranked<'_>> {
        top(&self.counts.schemes, &self.schemes, n)
    }

    /// The top-`n` hosts.
    pub fn top_hosts(&self, n: usize) -> Vec<Ranked<'_>> {
        top(&self.counts.hosts, &self.hosts, n)
    }

    /// The top-`n` finding codes.
    pub fn top_codes(&self, n: usize) -> Vec<Ranked<'_>> {
        top(&self.counts.codes, &self.codes, n)
    }
}

/// Which names a span is looked up in.
#[derive(Clone, Copy)]
enum Which {
    Scheme,
    Host,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_broken_by_name_and_n_cuts() {
        let mut names = Names::default();
        for n in ["c", "a", "b", "d"] {
            names.id(n);
        }
        let counts = [2, 2, 5, 0];
        let t = top(&counts, &names, 0);
        let got: Vec<_> = t.iter().map(|r| (r.name, r.count)).collect();
        assert_eq!(got, [("b", 5), ("a", 2), ("c", 2)]);
        let t = top(&counts, &names, 2);
        assert_eq!(t.len(), 2);
        assert_eq!((t[1].name, t[1].count), ("a", 2));
    }

    #[test]
    fn hosts_and_schemes_are_counted_lowercase() {
        let mut t = Tally::default();
        for s in ["HTTP://A.example/", "http://a.example/x", "https://B/"] {
            t.add(s, &Facts::of(s));
        }
        let hosts: Vec<_> = t.top_hosts(0).iter().map(|r| (r.name, r.count)).collect();
        assert_eq!(hosts, [("a.example", 2), ("b", 1)]);
        let schemes: Vec<_> = t.top_schemes(1).iter().map(|r| (r.name, r.count)).collect();
        assert_eq!(schemes, [("http", 2)]);
        assert_eq!(t.counts.kind(Kind::Uri), 3);
        assert_eq!(t.counts.flag(Class::SchemeConfusion), 1);
    }
}
