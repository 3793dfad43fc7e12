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

/// The grouped rows of `search`'s matches in `c`, grouped `by`. Costs the
/// matching lines and their groups' members once each, and a bit a line.
pub fn grouped(c: &Collection, search: &Search, by: GroupBy) -> Vec<Entry> {
    let all = search.matches().is_none();
    // Which lines match, one bit each (every line for an empty filter).
    let mut matched = Vec::new();
    if !all {
        matched = vec![0u64; c.len().div_ceil(64)];
        for &l in search.matches().unwrap_or(&[]) {
            matched[l as usize / 64] |= 1 << (l % 64);
        }
    }
    let is_match = |l: u32| all || matched[l as usize / 64] & (1 << (l % 64)) != 0;
    let lines: Box<dyn Iterator<Item = u32>> = match search.matches() {
        Some(m) => Box::new(m.iter().copied()),
        None => Box::new(0..c.len() as u32),
    };
    let groups = c.groups_among(by, lines);
    let mut out = Vec::with_capacity(groups.len());
    let mut members = Vec::new();
    for g in groups {
        members.clear();
        members.extend(c.members(by, g as usize).filter(|&l| is_match(l)));
        match members[..] {
            [] => {}
            [one] => out.push(Entry::Line(one)),
            [first, ..] => {
                out.push(Entry::Group {
                    group: g,
                    shown: members.len() as u32,
                    first,
                });
                out.extend(members.iter().map(|&line| Entry::Member { line, group: g }));
            }
        }
    }
    out
}
