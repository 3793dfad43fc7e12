//! The rows of the grouped list: each group that a matching line falls
//! in, in the order of its first matching line; a group of more than one
//! matching line as a head row followed by its matching members, a group
//! of one as that line alone. The groups and their members are the
//! collection's ([`Collection::groups_among`], [`Collection::members`]).

use crate::collection::{Collection, GroupBy, Search};

/// A row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A line on its own (ungrouped, or the only matching line of its
    /// group).
    Line(u32),
    /// The head of a group: its number, and how many of its lines match.
    Group {
        /// The group's number in the grouping.
        group: u32,
        /// Its matching lines (the rows below it).
        shown: u32,
        /// Its first matching line.
        first: u32,
    },
    /// A line of the group above, with the group's number.
    Member {
        /// The line.
        line: u32,
        /// Its group.
        group: u32,
    },
}

impl Entry {
    /// The line the row stands for: a group's first matching line.
    pub fn line(self) -> u32 {
        match self {
            Entry::Line(l) | Entry::Member { line: l, .. } => l,
            Entry::Group { first, .. } => first,
        }
    }
}

/// The rows of the grouped list, 8 bytes each (a grouped list of five
/// million lines has as many rows): a line alone as (line, `LINE`), a
/// member as (line, group), a group's head as (its matching lines,
/// `HEAD`), its group and first line being those of the member row
/// that always follows it. Group numbers stay below both marks: a
/// collection has fewer than `u32::MAX - 1` lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entries(Vec<[u32; 2]>);

/// The mark of a line alone.
const LINE: u32 = u32::MAX;
/// The mark of a group's head.
const HEAD: u32 = u32::MAX - 1;

impl Entries {
    /// Add a row.
    pub fn push(&mut self, e: Entry) {
        self.0.push(match e {
            Entry::Line(l) => [l, LINE],
            Entry::Group { shown, .. } => [shown, HEAD],
            Entry::Member { line, group } => [line, group],
        });
    }

    /// Row `i`.
    pub fn get(&self, i: usize) -> Option<Entry> {
        Some(match *self.0.get(i)? {
            [l, LINE] => Entry::Line(l),
            [shown, HEAD] => {
                let [first, group] = *self.0.get(i + 1)?;
                Entry::Group {
                    group,
                    shown,
                    first,
                }
            }
            [line, group] => Entry::Member { line, group },
        })
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// No row, and no room kept for them.
    pub fn clear(&mut self) {
        self.0 = Vec::new();
    }

    /// The bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.0.capacity() * 8
    }
}

/// The grouped rows of `search`'s matches in `c`, grouped `by`, built a
/// slice at a time ([`Build::step`]): on a million lines a whole build
/// takes several frames, and the view stays answering meanwhile, showing
/// the groups built so far (the first ones, which are the ones in sight).
/// Costs the matching lines and their groups' members once each, and a
/// bit a line.
#[derive(Clone, Debug)]
pub struct Build {
    by: GroupBy,
    /// The next match to look at, by its index among the matches.
    next: usize,
    /// Which lines match, one bit each; `None` for every line.
    matched: Option<Vec<u64>>,
    /// Which groups are out already, one bit each.
    seen: Vec<u64>,
    members: Vec<u32>,
}

/// Whether bit `i` of `bits` is set.
fn bit(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

impl Build {
    /// A build of `search`'s matches (done) grouped `by`.
    pub fn new(c: &Collection, search: &Search, by: GroupBy) -> Build {
        let matched = search.matches().map(|m| {
            let mut bits = vec![0u64; c.len().div_ceil(64)];
            for &l in m {
                bits[l as usize / 64] |= 1 << (l % 64);
            }
            bits
        });
        Build {
            by,
            next: 0,
            matched,
            seen: vec![0u64; c.grouping(by).len().div_ceil(64)],
            members: Vec::new(),
        }
    }

    /// Add the rows of the next groups to `out` until about `work` lines
    /// (matches and members) were looked at; `true` once every match has
    /// been.
    pub fn step(
        &mut self,
        c: &Collection,
        search: &Search,
        out: &mut Entries,
        work: usize,
    ) -> bool {
        let mut done = 0;
        while done < work {
            let Some(line) = search.line(c, self.next) else {
                return true;
            };
            self.next += 1;
            done += 1;
            let Some(g) = c.group_of(self.by, line) else {
                continue;
            };
            if bit(&self.seen, g) {
                continue;
            }
            if g / 64 >= self.seen.len() {
                self.seen.resize(g / 64 + 1, 0);
            }
            self.seen[g / 64] |= 1 << (g % 64);
            self.members.clear();
            let matched = &self.matched;
            self.members.extend(
                c.members(self.by, g)
                    .inspect(|_| done += 1)
                    .filter(|&l| matched.as_ref().is_none_or(|m| bit(m, l as usize))),
            );
            match self.members[..] {
                [] => {}
                [one] => out.push(Entry::Line(one)),
                [first, ..] => {
                    out.push(Entry::Group {
                        group: g as u32,
                        shown: self.members.len() as u32,
                        first,
                    });
                    for &line in &self.members {
                        out.push(Entry::Member {
                            line,
                            group: g as u32,
                        });
                    }
                }
            }
        }
        search.line(c, self.next).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_comes_back_as_it_went_in() {
        let rows = [
            Entry::Line(7),
            Entry::Group {
                group: 3,
                shown: 2,
                first: 4,
            },
            Entry::Member { line: 4, group: 3 },
            Entry::Member { line: 9, group: 3 },
            Entry::Line(u32::MAX - 2),
        ];
        let mut e = Entries::default();
        for r in rows {
            e.push(r);
        }
        let back: Vec<Entry> = (0..e.len()).filter_map(|i| e.get(i)).collect();
        assert_eq!(back, rows);
        assert_eq!(e.get(rows.len()), None);
    }
}
