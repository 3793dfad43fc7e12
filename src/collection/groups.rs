//! Groups of equivalent lines: each line is placed in the group of the
//! first line with the same key ([`super::key_of`]), groups numbered in
//! the order their first lines came. A group keeps one entry: its first
//! line's index, its size, and its key only when the key is not that
//! line's own text (the collection keeps the text; `uriscope dedupe`,
//! which keeps no lines, keeps each group's first text instead).

use std::hash::{BuildHasher, Hash, Hasher};

use hashbrown::{DefaultHashBuilder, HashTable};

use super::line::{GroupBy, Key};
use crate::uri::compare::equivalence;
use crate::uri::{compare::ComparisonRung, NormalizeOptions};

/// What each group keeps beside its first line's index and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Its key when that is not its first line's text, which the caller
    /// keeps and gives [`Grouping::place`].
    Nothing,
    /// Its key.
    Keys,
    /// Its first line's text, and its key when that is not the text.
    Texts,
}

/// A group as [`Grouping::group`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The index of its first line (in the order lines were placed).
    pub first: u64,
    /// How many lines it has.
    pub len: u64,
    /// Whether its lines have no normal form (their key is their text).
    pub raw: bool,
}

/// The entry kept for a group.
#[derive(Clone, Copy, Debug)]
struct Slot {
    first: u64,
    len: u64,
    /// Where its key is: [`SAME`], [`RAW`] or its number in `keys`.
    key: u64,
}

/// The key is the first line's text.
const SAME: u64 = u64::MAX;
/// The lines have no normal form: the key is the first line's text.
const RAW: u64 = u64::MAX - 1;

/// Strings one after another in one buffer: no allocation, and no
/// pointer, per string.
#[derive(Clone, Debug, Default)]
struct Arena {
    text: String,
    ends: Vec<usize>,
}

impl Arena {
    /// Add `s`; returns its number.
    fn push(&mut self, s: &str) -> u64 {
        self.text.push_str(s);
        self.ends.push(self.text.len());
        self.ends.len() as u64 - 1
    }

    /// String number `i` (empty past the end).
    fn get(&self, i: u64) -> &str {
        let Ok(i) = usize::try_from(i) else {
            return "";
        };
        let Some(&end) = self.ends.get(i) else {
            return "";
        };
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..end]
    }

    fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.ends.capacity() * std::mem::size_of::<usize>()
    }
}

/// Where [`Grouping::place`] put a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The group's number (0 for the first group).
    pub group: usize,
    /// Whether the line is the group's first.
    pub new: bool,
}

/// The groups of one grouping, and the table that finds a key's group.
#[derive(Clone, Debug)]
pub struct Grouping {
    by: GroupBy,
    keep: Keep,
    slots: Vec<Slot>,
    /// The keys that are not a first line's text.
    keys: Arena,
    /// With [`Keep::Texts`], each group's first line's text.
    texts: Arena,
    // (hash of the key, group): the hash kept so that the table grows
    // without reading the keys again (scattered in memory, some only the
    // caller has: reading a million of them at one growth is slow).
    table: HashTable<(u64, usize)>,
    hasher: DefaultHashBuilder,
}

impl Grouping {
    /// An empty grouping by `by`, its groups keeping what `keep` says.
    pub fn new(by: GroupBy, keep: Keep) -> Grouping {
        Grouping {
            by,
            keep,
            slots: Vec::new(),
            keys: Arena::default(),
            texts: Arena::default(),
            table: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// Which grouping it is.
    pub fn by(&self) -> GroupBy {
        self.by
    }

    /// Place line number `index`, whose text is `text` and key `key`, in
    /// its group. `first_text` gives the text of a group's first line by
    /// its index (asked only with [`Keep::Nothing`]).
    pub fn place<'t>(
        &mut self,
        index: u64,
        text: &str,
        key: &Key,
        first_text: impl Fn(u64) -> &'t str,
    ) -> Placed {
        let (raw, key_text) = (key.is_raw(), key.text(text));
        let hash = hash(&self.hasher, raw, key_text);
        let Grouping {
            slots,
            keys,
            texts,
            table,
            ..
        } = self;
        let kept = Kept {
            slots,
            keys,
            texts,
            first_text: &first_text,
        };
        if let Some(&(_, g)) = table.find(hash, |&(h, g)| {
            h == hash && kept.with_key(g, |r, k| r == raw && k == key_text)
        }) {
            slots[g].len += 1;
            return Placed {
                group: g,
                new: false,
            };
        }
        let g = slots.len();
        let stored = match (key, self.keep) {
            (Key::Owned(k), _) => keys.push(k),
            (Key::Same | Key::Raw, Keep::Keys) => keys.push(text),
            (Key::Raw, _) => RAW,
            (Key::Same, _) => SAME,
        };
        // A raw line's key kept as text still says it is raw.
        let stored = if raw && stored != RAW {
            raw_bit(stored)
        } else {
            stored
        };
        slots.push(Slot {
            first: index,
            len: 1,
            key: stored,
        });
        if self.keep == Keep::Texts {
            texts.push(text);
        }
        table.insert_unique(hash, (hash, g), |&(h, _)| h);
        Placed {
            group: g,
            new: true,
        }
    }

    /// The number of groups.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Group number `g`.
    pub fn group(&self, g: usize) -> Option<Group> {
        let s = self.slots.get(g)?;
        Some(Group {
            first: s.first,
            len: s.len,
            raw: is_raw(s.key),
        })
    }

    /// The first line's text of group `g` when the grouping keeps it.
    pub fn first_text(&self, g: usize) -> Option<&str> {
        (self.keep == Keep::Texts && g < self.slots.len()).then(|| self.texts.get(g as u64))
    }

    /// The key of group `g`, whose first line's text is `first`: its
    /// normal form (by [`GroupBy::Normal`]) or keys form, or `None` when
    /// its lines have no normal form.
    pub fn key<'a>(&'a self, g: usize, first: &'a str) -> Option<&'a str> {
        let s = self.slots.get(g)?;
        match s.key {
            k if is_raw(k) => None,
            SAME => Some(first),
            k => Some(self.keys.get(k)),
        }
    }

    /// The bytes the groups hold on the heap: an entry each, the table,
    /// and the keys and texts kept.
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.table.capacity() * (std::mem::size_of::<(u64, usize)>() + 1)
            + self.keys.heap_bytes()
            + self.texts.heap_bytes()
    }
}

/// The top bit of a kept key's number marks a raw group's.
const RAW_BIT: u64 = 1 << 63;

fn raw_bit(key: u64) -> u64 {
    key | RAW_BIT
}

/// Whether a slot's key says its lines have no normal form.
fn is_raw(key: u64) -> bool {
    key == RAW || (key != SAME && key & RAW_BIT != 0)
}

/// The hash of a key.
fn hash(hasher: &DefaultHashBuilder, raw: bool, key: &str) -> u64 {
    let mut h = hasher.build_hasher();
    raw.hash(&mut h);
    key.hash(&mut h);
    h.finish()
}

/// What a grouping keeps, and where the caller keeps the rest.
struct Kept<'a, 't, F: Fn(u64) -> &'t str> {
    slots: &'a [Slot],
    keys: &'a Arena,
    texts: &'a Arena,
    first_text: &'a F,
}

impl<'t, F: Fn(u64) -> &'t str> Kept<'_, 't, F> {
    /// `f(raw, key)` with group `g`'s key, wherever it is kept.
    fn with_key<R>(&self, g: usize, f: impl FnOnce(bool, &str) -> R) -> R {
        let s = self.slots[g];
        let raw = is_raw(s.key);
        match s.key {
            RAW | SAME if !self.texts.ends.is_empty() => f(raw, self.texts.get(g as u64)),
            RAW | SAME => f(raw, (self.first_text)(s.first)),
            k => f(raw, self.keys.get(k & !RAW_BIT)),
        }
    }
}

/// The rung of the RFC 3986 §6.2 ladder on which `member` became equal to
/// `first`, the first line of its group by normal form, as `uriscope
/// equiv` finds it ([`equivalence`]); `None` if they are not
/// equivalent. Lines without a normal form are grouped with their exact
/// copies only: equal as strings (§6.2.1).
///
/// ```
/// use uriscope::collection::rung;
/// use uriscope::uri::compare::ComparisonRung::*;
/// let o = Default::default();
/// assert_eq!(rung("http://a/", "http://a/", o), Some(SimpleString));
/// assert_eq!(rung("http://a/~", "HTTP://a/%7E", o), Some(SyntaxBased));
/// assert_eq!(rung("http://a/", "http://a:80", o), Some(SchemeBased));
/// assert_eq!(rung("a b", "a b", o), Some(SimpleString));
/// assert_eq!(rung("http://a/", "http://b/", o), None);
/// ```
pub fn rung(first: &str, member: &str, options: NormalizeOptions) -> Option<ComparisonRung> {
    // The ladder's first rung without its four normalizations: a log
    // repeats lines far more often than it varies them.
    if first == member {
        return Some(ComparisonRung::SimpleString);
    }
    equivalence(first, member, options).ok()?.rung
}

#[cfg(test)]
mod tests {
    use super::super::line::key_of;
    use super::*;

    fn place_all(lines: &[&str], by: GroupBy) -> (Grouping, Vec<Placed>) {
        let mut g = Grouping::new(by, Keep::Nothing);
        let placed = lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let key = key_of(l, by, NormalizeOptions::default());
                g.place(i as u64, l, &key, |f| lines[f as usize])
            })
            .collect();
        (g, placed)
    }

    #[test]
    fn a_line_joins_the_group_of_the_first_line_with_its_key() {
        let lines = [
            "http://a/",
            "HTTP://A/",
            "http://a",
            "a b",
            "a b",
            "http://b/?x",
        ];
        let (g, placed) = place_all(&lines, GroupBy::Normal);
        let groups: Vec<_> = placed.iter().map(|p| (p.group, p.new)).collect();
        assert_eq!(
            groups,
            [
                (0, true),
                (0, false),
                (0, false),
                (1, true),
                (1, false),
                (2, true)
            ]
        );
        assert_eq!(g.len(), 3);
        assert_eq!(g.group(0).map(|x| x.len), Some(3));
        assert_eq!(g.key(0, lines[0]), Some("http://a/"));
        assert_eq!(g.key(1, lines[3]), None);
    }

    #[test]
    fn a_raw_line_never_joins_a_normal_form_equal_to_its_text() {
        // No text without a normal form is one, but the table must not
        // rely on it: a raw key and a normal form are told apart.
        for keep in [Keep::Keys, Keep::Texts] {
            let mut g = Grouping::new(GroupBy::Normal, keep);
            let a = g.place(0, "x", &Key::Raw, |_| unreachable!());
            let b = g.place(1, "x", &Key::Same, |_| unreachable!());
            let c = g.place(2, "x", &Key::Same, |_| unreachable!());
            assert!(a.new && b.new && !c.new);
            assert_eq!(g.first_text(1), (keep == Keep::Texts).then_some("x"));
        }
    }

    #[test]
    fn the_table_finds_groups_as_it_grows() {
        let lines: Vec<String> = (0..20_000)
            .map(|i| format!("http://h{}/", i % 5000))
            .collect();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let (g, placed) = place_all(&refs, GroupBy::Keys);
        assert_eq!(g.len(), 5000);
        assert!(placed[5000..].iter().all(|p| !p.new));
        assert_eq!(placed[12_345].group, 12_345 % 5000);
    }
}
