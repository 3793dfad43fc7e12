//! One grouping of a collection's lines, kept compact: a collection holds
//! millions of lines and nearly as many groups, so each group costs two
//! 32-bit numbers (its last line, where its key is) and a table entry of
//! 8 bytes, and each line two (its group, the next member: the members
//! are linked in a ring, the last one's next being the first). A group's key is kept only when it is
//! not its first line's own text, and then as the length of what it
//! shares with that text plus the rest: a keys form
//! (`http://a/p?id&page`) shares everything up to its query with its line.
//!
//! The lines' texts are the collection's, passed in as `Texts`.

use std::borrow::Cow;
use std::hash::{BuildHasher, Hash, Hasher};

use hashbrown::{DefaultHashBuilder, HashTable};

use super::groups::Group;
use super::line::{GroupBy, Key};
use super::packed::Ends;

/// No next member; the key is the first line's text ([`LineGroups`]).
pub(super) const END: u32 = u32::MAX;
/// A group's key is its first line's text (a line in normal form).
const SAME: u32 = u32::MAX;
/// A group's lines have no normal form: the key is the first line's text.
const RAW: u32 = u32::MAX - 1;

/// The lines' texts, one after another in one buffer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Texts<'a> {
    /// Every line's text.
    pub text: &'a str,
    /// Where each line ends in `text`.
    pub ends: &'a Ends,
}

impl<'a> Texts<'a> {
    /// The text of line `line` (empty past the end).
    pub fn get(&self, line: u32) -> &'a str {
        let i = line as usize;
        let Some(end) = self.ends.get(i) else {
            return "";
        };
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).unwrap_or(0)
        };
        self.text.get(start..end).unwrap_or("")
    }
}

/// Keys that are not their first line's text: for each, how many of its
/// leading bytes it shares with that text, and the rest, one after
/// another in one buffer.
#[derive(Clone, Debug, Default)]
struct Keys {
    rest: String,
    /// Each key's start in `rest` (the low 40 bits) and the length of
    /// its shared prefix (the high 24 bits).
    at: Vec<u64>,
}

/// The longest shared prefix a key records (longer ones record this much
/// and keep the rest).
const MAX_SHARED: usize = (1 << 24) - 1;

impl Keys {
    /// Keep `key`, whose first line's text is `text`; returns its number.
    fn push(&mut self, key: &str, text: &str) -> u32 {
        let mut shared = key
            .bytes()
            .zip(text.bytes())
            .take_while(|(a, b)| a == b)
            .count()
            .min(MAX_SHARED);
        while !key.is_char_boundary(shared) {
            shared -= 1;
        }
        let start = self.rest.len() as u64;
        self.rest.push_str(&key[shared..]);
        self.at.push(start | (shared as u64) << 40);
        (self.at.len() - 1) as u32
    }

    /// Key `i` as (the length of the prefix shared with the first line's
    /// text, the rest).
    fn get(&self, i: u32) -> (usize, &str) {
        let i = i as usize;
        let Some(&at) = self.at.get(i) else {
            return (0, "");
        };
        let start = (at & ((1 << 40) - 1)) as usize;
        let end = self
            .at
            .get(i + 1)
            .map_or(self.rest.len(), |&n| (n & ((1 << 40) - 1)) as usize);
        ((at >> 40) as usize, &self.rest[start..end])
    }

    fn shrink_to_fit(&mut self) {
        self.rest.shrink_to_fit();
        self.at.shrink_to_fit();
    }

    fn heap_bytes(&self) -> usize {
        self.rest.capacity() + self.at.capacity() * 8
    }
}

/// Whether `key` is the key kept as `(shared, rest)` for a first line of
/// text `first`.
fn key_is(key: &str, first: &str, (shared, rest): (usize, &str)) -> bool {
    key.len() == shared + rest.len()
        && first.as_bytes().get(..shared) == key.as_bytes().get(..shared)
        && key.as_bytes()[shared..] == *rest.as_bytes()
}

/// The groups of one grouping of a collection's lines and, for each
/// line, its group and the next member of it (see the [module
/// documentation](self)). Groups are numbered in the order their first
/// lines came.
#[derive(Clone, Debug)]
pub struct LineGroups {
    by: GroupBy,
    /// Each group's last line (its first is the one after it in the
    /// ring) and key ([`SAME`], [`RAW`] or its number in `keys`).
    last: Vec<u32>,
    key: Vec<u32>,
    keys: Keys,
    /// Each line's group and the next line of its group's ring.
    group_of: Vec<u32>,
    next: Vec<u32>,
    /// (The low 32 bits of the key's hash, group): the hash kept so that
    /// the table grows without reading the keys again.
    table: HashTable<(u32, u32)>,
    hasher: DefaultHashBuilder,
}

/// The table's hash from the 32 bits kept: spread over 64 so that the
/// table's bucket (low bits) and tag (high bits) both vary.
fn spread(h: u32) -> u64 {
    u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl LineGroups {
    /// No group yet.
    pub(super) fn new(by: GroupBy) -> LineGroups {
        LineGroups {
            by,
            last: Vec::new(),
            key: Vec::new(),
            keys: Keys::default(),
            group_of: Vec::new(),
            next: Vec::new(),
            table: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// Which grouping it is.
    pub fn by(&self) -> GroupBy {
        self.by
    }

    /// Room for `lines` more lines.
    pub(super) fn reserve(&mut self, lines: usize) {
        self.group_of.reserve(lines);
        self.next.reserve(lines);
    }

    /// Place line `line` (the next one: every line before it is placed),
    /// whose key is `key`; `texts` holds its text and every line's before.
    pub(super) fn place(&mut self, line: u32, key: &Key, texts: &Texts<'_>) {
        let text = texts.get(line);
        self.place_text(line, key.is_raw(), key.text(text), texts);
    }

    /// Place line `line` as [`LineGroups::place`] does, its key given as
    /// text (`raw`: the line has none, and `key_text` is its own text):
    /// a key borrowed from elsewhere costs no allocation.
    pub(super) fn place_text(&mut self, line: u32, raw: bool, key_text: &str, texts: &Texts<'_>) {
        let text = texts.get(line);
        let mut h = self.hasher.build_hasher();
        raw.hash(&mut h);
        key_text.hash(&mut h);
        let h = h.finish() as u32;
        let found = self.table.find(spread(h), |&(eh, g)| {
            eh == h && {
                let g = g as usize;
                let first = texts.get(self.next[self.last[g] as usize]);
                match self.key[g] {
                    RAW => raw && key_text == first,
                    SAME => !raw && key_text == first,
                    k => !raw && key_is(key_text, first, self.keys.get(k)),
                }
            }
        });
        if let Some(&(_, g)) = found {
            // After the group's last line, before its first (a ring).
            let before = std::mem::replace(&mut self.last[g as usize], line);
            let first = std::mem::replace(&mut self.next[before as usize], line);
            self.group_of.push(g);
            self.next.push(first);
            return;
        }
        let g = self.last.len() as u32;
        let stored = if raw {
            RAW
        } else if key_text == text {
            SAME
        } else {
            self.keys.push(key_text, text)
        };
        self.key.push(stored);
        self.last.push(line);
        self.table
            .insert_unique(spread(h), (h, g), |&(eh, _)| spread(eh));
        // A ring of one.
        self.group_of.push(g);
        self.next.push(line);
    }

    /// The number of lines placed.
    pub(super) fn placed(&self) -> usize {
        self.group_of.len()
    }

    /// The number of groups.
    pub fn len(&self) -> usize {
        self.last.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.last.is_empty()
    }

    /// Group number `g` (its size is counted: it costs the group's
    /// lines).
    pub fn group(&self, g: usize) -> Option<Group> {
        let first = self.first_of(g)?;
        let mut len = 1;
        let mut at = first;
        while at != self.last[g] {
            at = self.next[at as usize];
            len += 1;
        }
        Some(Group {
            first: u64::from(first),
            len,
            raw: self.key[g] == RAW,
        })
    }

    /// The group of line `line`.
    pub fn group_of(&self, line: u32) -> Option<usize> {
        self.group_of.get(line as usize).map(|&g| g as usize)
    }

    /// The first line of group `g`.
    pub fn first_of(&self, g: usize) -> Option<u32> {
        let &last = self.last.get(g)?;
        self.next.get(last as usize).copied()
    }

    /// The key of group `g`, whose first line's text is `first`: its
    /// normal form or keys form, or `None` when its lines have none.
    /// Borrowed when it is the line's text.
    pub(super) fn key<'a>(&'a self, g: usize, first: &'a str) -> Option<Cow<'a, str>> {
        match *self.key.get(g)? {
            RAW => None,
            SAME => Some(Cow::Borrowed(first)),
            k => {
                let (shared, rest) = self.keys.get(k);
                let head = first.get(..shared).unwrap_or("");
                Some(if head.is_empty() {
                    Cow::Borrowed(rest)
                } else {
                    Cow::Owned([head, rest].concat())
                })
            }
        }
    }

    /// The last line of group `g`.
    pub(super) fn last_of(&self, g: usize) -> Option<u32> {
        self.last.get(g).copied()
    }

    /// The line after `line` in its group's ring (the first after the
    /// last).
    pub(super) fn ring_next(&self, line: u32) -> u32 {
        self.next.get(line as usize).copied().unwrap_or(END)
    }

    /// The line after `line` in its group ([`END`] after the last).
    #[cfg(test)]
    fn next(&self, line: u32) -> u32 {
        let Some(&g) = self.group_of.get(line as usize) else {
            return END;
        };
        if self.last.get(g as usize) == Some(&line) {
            return END;
        }
        self.next.get(line as usize).copied().unwrap_or(END)
    }

    /// Give back what the vectors hold beyond their length (once the
    /// input has ended).
    pub(super) fn shrink_to_fit(&mut self) {
        for v in [
            &mut self.last,
            &mut self.key,
            &mut self.group_of,
            &mut self.next,
        ] {
            v.shrink_to_fit();
        }
        self.keys.shrink_to_fit();
        self.table.shrink_to_fit(|&(eh, _)| spread(eh));
    }

    /// The bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        let per_group = self.key.capacity() + self.last.capacity();
        (per_group + self.group_of.capacity() + self.next.capacity()) * 4
            + self.keys.heap_bytes()
            + self.table.capacity() * (std::mem::size_of::<(u32, u32)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::key_of;

    fn grouped(lines: &[&str], by: GroupBy) -> LineGroups {
        let text: String = lines.concat();
        let mut ends = Ends::default();
        let mut end = 0;
        for l in lines {
            end += l.len();
            ends.push(end);
        }
        let texts = Texts {
            text: &text,
            ends: &ends,
        };
        let mut g = LineGroups::new(by);
        for (i, l) in lines.iter().enumerate() {
            let key = key_of(l, by, Default::default());
            g.place(i as u32, &key, &texts);
        }
        g
    }

    #[test]
    fn a_key_is_kept_as_what_it_shares_with_its_line_and_the_rest() {
        let lines = [
            "http://a/p?x=1&b=2",
            "http://a/p?b=3&x=4",
            "HTTP://é/",
            "http://é/",
        ];
        let g = grouped(&lines, GroupBy::Keys);
        // The two IRIs have no normal form: each is its own group.
        assert_eq!(g.len(), 3);
        assert_eq!(g.keys.get(0), (11, "b&x"));
        assert_eq!(g.key(0, lines[0]).as_deref(), Some("http://a/p?b&x"));
        assert_eq!(g.group_of(1), Some(0));
        assert_eq!(g.next(0), 1);
        assert_eq!(g.next(1), END);
        assert_eq!(g.first_of(0), Some(0));
        assert_eq!(g.group(0).map(|x| (x.first, x.len)), Some((0, 2)));
        let g = grouped(&lines, GroupBy::Normal);
        assert_eq!(g.len(), 4);
        // A raw line (an IRI normalized as a URI) keeps no key.
        assert_eq!(g.key(2, lines[2]), None);
        assert!(g.group(2).is_some_and(|x| x.raw));
    }

    #[test]
    fn a_line_placed_after_the_room_was_given_back_joins_its_group() {
        let lines = ["http://a/?x=1", "http://b/", "http://a/?x=2", "http://b/"];
        let mut g = grouped(&lines[..3], GroupBy::Keys);
        g.shrink_to_fit();
        let text = lines.concat();
        let mut ends = Ends::default();
        let mut end = 0;
        for l in lines {
            end += l.len();
            ends.push(end);
        }
        let texts = Texts {
            text: &text,
            ends: &ends,
        };
        g.place(
            3,
            &key_of(lines[3], GroupBy::Keys, Default::default()),
            &texts,
        );
        assert_eq!(g.group_of(3), Some(1));
        assert_eq!(g.next(1), 3);
        assert_eq!(g.next(3), END);
        assert_eq!(g.next(0), 2);
        assert_eq!(g.first_of(1), Some(1));
        assert_eq!(g.group(1).map(|x| x.len), Some(2));
    }

    #[test]
    fn a_shared_prefix_ends_on_a_character() {
        let mut k = Keys::default();
        // `é` and `è` share their first byte.
        let i = k.push("http://é", "http://è");
        assert_eq!(k.get(i), (7, "é"));
    }

    #[test]
    fn the_table_finds_groups_as_it_grows() {
        let lines: Vec<String> = (0..20_000)
            .map(|i| format!("http://h{}/?q={i}", i % 5000))
            .collect();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let g = grouped(&refs, GroupBy::Keys);
        assert_eq!(g.len(), 5000);
        assert_eq!(g.group_of(12_345), Some(12_345 % 5000));
        assert_eq!(g.group(7).map(|x| x.len), Some(4));
    }
}
