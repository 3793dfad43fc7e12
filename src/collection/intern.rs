//! Names kept once: the schemes, hosts and finding codes of a collection
//! as small ids, and the sets of codes lines have, so that a line costs a
//! few integers and a count or a filter term compares integers.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

/// An id that stands for no name (a line without a scheme or host).
pub const NONE: u32 = u32::MAX;

/// Strings, each kept once, numbered in the order they were first seen.
#[derive(Clone, Debug, Default)]
pub struct Names {
    names: Vec<Box<str>>,
    // (hash, id): the hash kept so the table grows without hashing again.
    table: HashTable<(u64, u32)>,
    hasher: DefaultHashBuilder,
}

impl Names {
    /// The id of `name`, added when it is new.
    pub fn id(&mut self, name: &str) -> u32 {
        let hash = self.hasher.hash_one(name);
        let names = &self.names;
        if let Some(&(_, id)) = self
            .table
            .find(hash, |&(h, id)| h == hash && *names[id as usize] == *name)
        {
            return id;
        }
        // Ids stay below NONE: a collection holds fewer lines than that,
        // so fewer names.
        let id = self.names.len().min(NONE as usize - 1) as u32;
        self.names.push(name.into());
        self.table.insert_unique(hash, (hash, id), |&(h, _)| h);
        id
    }

    /// The id of `name` if it was seen.
    pub fn find(&self, name: &str) -> Option<u32> {
        let hash = self.hasher.hash_one(name);
        self.table
            .find(hash, |&(h, id)| {
                h == hash && *self.names[id as usize] == *name
            })
            .map(|&(_, id)| id)
    }

    /// The name of `id` (empty for [`NONE`] or an unknown id).
    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("", |n| n)
    }

    /// How many names.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// Sets of code ids, each kept once: the lines of a log share a handful
/// of them. Set 0 is the empty set.
#[derive(Clone, Debug)]
pub struct CodeSets {
    sets: Vec<Box<[u32]>>,
    table: HashTable<(u64, u32)>,
    hasher: DefaultHashBuilder,
}

impl Default for CodeSets {
    fn default() -> Self {
        let mut s = CodeSets {
            sets: Vec::new(),
            table: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        };
        s.id(&[]);
        s
    }
}

impl CodeSets {
    /// The id of the set `codes` (sorted ids, each once), added when new.
    pub fn id(&mut self, codes: &[u32]) -> u32 {
        let hash = self.hasher.hash_one(codes);
        let sets = &self.sets;
        if let Some(&(_, id)) = self
            .table
            .find(hash, |&(h, id)| h == hash && *sets[id as usize] == *codes)
        {
            return id;
        }
        let id = self.sets.len().min(NONE as usize - 1) as u32;
        self.sets.push(codes.into());
        self.table.insert_unique(hash, (hash, id), |&(h, _)| h);
        id
    }

    /// The code ids of set `id`.
    pub fn codes(&self, id: u32) -> &[u32] {
        self.sets.get(id as usize).map_or(&[], |s| s)
    }

    /// How many sets.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether there is none (never: the empty set is set 0).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_its_id() {
        let mut n = Names::default();
        let a = n.id("a.example");
        let b = n.id("b.example");
        assert_eq!((a, b), (0, 1));
        assert_eq!(n.id("a.example"), a);
        assert_eq!(n.find("b.example"), Some(b));
        assert_eq!(n.find("c"), None);
        assert_eq!(n.name(b), "b.example");
        assert_eq!(n.name(NONE), "");
        // Many names: the table grows and keeps finding them.
        for i in 0..10_000 {
            assert_eq!(n.id(&i.to_string()), i + 2);
        }
        assert_eq!(n.find("9999"), Some(10_001));
    }

    #[test]
    fn the_empty_set_is_set_zero() {
        let mut s = CodeSets::default();
        assert_eq!(s.id(&[]), 0);
        assert_eq!(s.id(&[1, 2]), 1);
        assert_eq!(s.id(&[1, 2]), 1);
        assert_eq!(s.id(&[2]), 2);
        assert_eq!(s.codes(1), &[1, 2]);
    }
}
