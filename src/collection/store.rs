//! The collection itself: every line's text and facts, the tally, and
//! the three groupings with each group's members linked line to line.

use std::borrow::Cow;

use super::counts::{Row, Tally};
use super::intern::NONE;
use super::line::{key_of, keys_of, Facts, GroupBy, Key};
use super::linked::{LineGroups, Texts, END};
use super::load::{Batch, Event, Plan};
use super::packed::{Ends, Rows};
use super::sites::SiteIndex;
use crate::uri::{compare::ComparisonRung, NormalizeOptions};

/// The most lines a collection holds: line numbers are 32-bit. Lines past
/// it are counted in [`Collection::dropped`], not kept.
const MAX_LINES: usize = u32::MAX as usize - 1;

/// A list of URLs analysed, counted and grouped (see the [module
/// documentation](super)).
#[derive(Clone, Debug)]
pub struct Collection {
    plan: Plan,
    text: String,
    ends: Ends,
    rows: Rows,
    tally: Tally,
    /// By normal form, by query keys, by site ([`GroupBy`]'s order).
    groups: [LineGroups; 3],
    /// Each host's site, looked up once per distinct host, once grouped
    /// by site.
    sites: SiteIndex,
    /// Whether the grouping by site is kept ([`Collection::group_by_site`]).
    by_site: bool,
    bytes_read: u64,
    total_bytes: Option<u64>,
    failures: Vec<(String, String)>,
    dropped: u64,
    /// The bytes of the lines that were not UTF-8, by line, in line order.
    raw: Vec<(u32, Box<[u8]>)>,
}

impl Collection {
    /// An empty collection; `plan.normalize` is the normalization its
    /// groups use (a batch analysed with another plan is completed here).
    pub fn new(plan: Plan) -> Collection {
        Collection {
            plan,
            text: String::new(),
            ends: Ends::default(),
            rows: Rows::default(),
            tally: Tally::default(),
            groups: [
                LineGroups::new(GroupBy::Normal),
                LineGroups::new(GroupBy::Keys),
                LineGroups::new(GroupBy::Site),
            ],
            sites: SiteIndex::default(),
            by_site: false,
            bytes_read: 0,
            total_bytes: None,
            failures: Vec::new(),
            dropped: 0,
            raw: Vec::new(),
        }
    }

    /// Take in what a [`super::Loader`] handed over.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::Batch(b) => self.absorb(b),
            Event::Failed { source, error } => self.failures.push((source, error)),
            Event::Skipped(s) => self.failures.push((s.place(), s.message())),
        }
    }

    /// Add a batch's lines: their text, facts, counts and groups.
    pub fn absorb(&mut self, batch: Batch) {
        self.reserve(&batch);
        self.bytes_read = batch.bytes_read;
        self.total_bytes = batch.total_bytes;
        self.tally.blank += batch.blank;
        for (text, a) in batch.iter() {
            if self.rows.len() >= MAX_LINES {
                self.dropped += 1;
                continue;
            }
            let line = self.rows.len() as u32;
            let row = match &a.facts {
                Some(f) => self.tally.add(text, f),
                None if a.not_utf8 => self.tally.add(text, &Facts::not_utf8()),
                None => self.tally.add(text, &Facts::of(text)),
            };
            self.rows.push(row);
            if a.not_utf8 {
                self.raw.push((line, batch.bytes(text, a).into()));
            }
            self.text.push_str(text);
            self.ends.push(self.text.len());
            let texts = Texts {
                text: &self.text,
                ends: &self.ends,
            };
            for (by, linked) in GroupBy::ALL.into_iter().zip(&mut self.groups) {
                let i = by as usize;
                let computed;
                let key = match &a.keys[i] {
                    Some(k) => k,
                    None => {
                        computed = if a.not_utf8 {
                            Key::Raw
                        } else {
                            key_of(text, by, self.plan.normalize)
                        };
                        &computed
                    }
                };
                linked.place(line, key, &texts);
            }
            // Placed here once the grouping by site has caught up (until
            // then, by `group_by_site_for`).
            if self.by_site && self.groups[GroupBy::Site as usize].placed() == line as usize {
                // A host's site is looked up once, when the host first comes.
                self.sites.update(&self.tally.hosts);
                self.place_by_site(line);
            }
        }
    }

    /// Place line `line` in the grouping by site, under its host's site
    /// (with its exact copies when it has no host, or an empty one).
    fn place_by_site(&mut self, line: u32) {
        let texts = Texts {
            text: &self.text,
            ends: &self.ends,
        };
        let host = self.rows.get(line).map_or(NONE, |r| r.host);
        let site = (host != NONE)
            .then(|| self.sites.site_of(host))
            .flatten()
            .filter(|s| !s.is_empty());
        let by_site = &mut self.groups[GroupBy::Site as usize];
        match site {
            Some(s) => by_site.place_text(line, false, s, &texts),
            None => by_site.place_text(line, true, texts.get(line), &texts),
        }
    }

    /// Group the lines by site ([`GroupBy::Site`]) from now on: the lines
    /// so far placed now (a step per line: each distinct host's site is
    /// looked up once), the lines to come as they come. Until then the
    /// grouping by site is empty and no host's site is looked up: it
    /// costs 8 bytes a line and a lookup per distinct host, which a view
    /// spends only when it is asked to group by site.
    pub fn group_by_site(&mut self) {
        self.group_by_site_for(usize::MAX);
    }

    /// [`Collection::group_by_site`] a slice at a time: place at most
    /// `lines` more of the lines so far; `true` once every line is placed
    /// (a view spreads the work over frames).
    pub fn group_by_site_for(&mut self, lines: usize) -> bool {
        if !self.by_site {
            self.by_site = true;
            self.groups[GroupBy::Site as usize].reserve(self.rows.len());
        }
        self.sites.update(&self.tally.hosts);
        let from = self.groups[GroupBy::Site as usize].placed();
        let to = from.saturating_add(lines).min(self.rows.len());
        for line in from..to {
            self.place_by_site(line as u32);
        }
        to == self.rows.len()
    }

    /// Whether every line is grouped by site
    /// ([`Collection::group_by_site`]).
    pub fn grouped_by_site(&self) -> bool {
        self.by_site && self.groups[GroupBy::Site as usize].placed() == self.rows.len()
    }

    /// Room for the whole input at its first batch when its size is
    /// known (files): what doubling a vector as it grows would leave
    /// unused is up to half of it.
    fn reserve(&mut self, batch: &Batch) {
        let (Some(total), true) = (batch.total_bytes, self.rows.is_empty()) else {
            return;
        };
        if batch.is_empty() || batch.bytes_read == 0 {
            return;
        }
        // Lines as many as the first batch has per byte, a tenth more.
        let ratio = total as f64 / batch.bytes_read as f64;
        let lines = ((batch.len() as f64 * ratio * 1.1) as usize).min(MAX_LINES);
        self.text.reserve(usize::try_from(total).unwrap_or(0));
        self.ends.reserve(lines);
        self.rows.reserve(lines);
        for l in &mut self.groups[..GroupBy::ALL.len()] {
            l.reserve(lines);
        }
        if self.by_site {
            self.groups[GroupBy::Site as usize].reserve(lines);
        }
    }

    /// The number of lines kept (blank lines are not).
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The text of line `line` (0-based among the lines kept; empty past
    /// the end).
    pub fn text(&self, line: u32) -> &str {
        if line as usize >= self.ends.len() {
            return "";
        }
        Texts {
            text: &self.text,
            ends: &self.ends,
        }
        .get(line)
    }

    /// The bytes of line `line` as they were read: its text, or, for a
    /// line that was not UTF-8, the bytes its U+FFFD text stands for.
    pub fn bytes(&self, line: u32) -> &[u8] {
        match self.raw.binary_search_by_key(&line, |(l, _)| *l) {
            Ok(i) => &self.raw[i].1,
            Err(_) => self.text(line).as_bytes(),
        }
    }

    /// Whether line `line` was not UTF-8 in the input: its text is then
    /// shown with U+FFFD, and its bytes were not the text's.
    pub fn not_utf8(&self, line: u32) -> bool {
        let Some(row) = self.rows.get(line) else {
            return false;
        };
        let Some(id) = self.tally.codes.find(super::line::NOT_UTF8) else {
            return false;
        };
        self.tally.code_sets.codes(row.codes).contains(&id)
    }

    /// The facts of line `line`, as ids into [`Collection::tally`].
    ///
    /// # Panics
    /// Past the end.
    pub fn row(&self, line: u32) -> Row {
        self.rows.get(line).expect("a line of the collection")
    }

    /// The names and counts.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The grouping `by` (by site: empty until
    /// [`Collection::group_by_site`]).
    pub fn grouping(&self, by: GroupBy) -> &LineGroups {
        &self.groups[by as usize]
    }

    /// The group of line `line` in the grouping `by`.
    pub fn group_of(&self, by: GroupBy, line: u32) -> Option<usize> {
        self.groups[by as usize].group_of(line)
    }

    /// The first line of group `g`.
    pub fn first_of(&self, by: GroupBy, g: usize) -> Option<u32> {
        self.groups[by as usize].first_of(g)
    }

    /// The key of group `g` (its normal form, keys form or site), `None`
    /// when its lines have none. Borrowed from the collection's text
    /// when the key is a line's text or a slice of it.
    pub fn key(&self, by: GroupBy, g: usize) -> Option<Cow<'_, str>> {
        let first = self.first_of(by, g)?;
        self.groups[by as usize].key(g, self.text(first))
    }

    /// The lines of group `g`, in input order: each costs one step.
    pub fn members(&self, by: GroupBy, g: usize) -> Members<'_> {
        let groups = &self.groups[by as usize];
        Members {
            groups,
            at: groups.first_of(g).unwrap_or(END),
            last: groups.last_of(g).unwrap_or(END),
        }
    }

    /// The rung of the §6.2 ladder on which line `line` became equal to
    /// the first line of its group by normal form (`simple-string` for
    /// the first itself), as `uriscope equiv` finds it.
    pub fn rung(&self, line: u32) -> Option<ComparisonRung> {
        let g = self.group_of(GroupBy::Normal, line)?;
        let first = self.first_of(GroupBy::Normal, g)?;
        super::rung(self.text(first), self.text(line), self.plan.normalize)
    }

    /// The groups that `lines` (in input order) fall in, each once, in
    /// the order of its first line among them: the grouped view of a
    /// filtered list. Costs the lines and a bit per group.
    pub fn groups_among(&self, by: GroupBy, lines: impl IntoIterator<Item = u32>) -> Vec<u32> {
        let linked = &self.groups[by as usize];
        let mut seen = vec![0u64; linked.len().div_ceil(64)];
        let mut out = Vec::new();
        for line in lines {
            let Some(g) = linked.group_of(line) else {
                continue;
            };
            let g = g as u32;
            let (word, bit) = (g as usize / 64, 1u64 << (g % 64));
            if seen[word] & bit == 0 {
                seen[word] |= bit;
                out.push(g);
            }
        }
        out
    }

    /// Group every line again with the normalization `options` (a view
    /// that changes how it normalizes): both keys of every line computed
    /// on the plan's threads, then placed in order. The grouping by site
    /// does not depend on the normalization and is kept.
    pub fn regroup(&mut self, options: NormalizeOptions) {
        self.plan.normalize = options;
        let n = self.rows.len();
        let texts = Texts {
            text: &self.text,
            ends: &self.ends,
        };
        let threads = self.plan.threads.max(1);
        // A slice of lines at a time, so the keys in flight stay a slice's.
        const SLICE: usize = 64 * 1024;
        let mut groups = [
            LineGroups::new(GroupBy::Normal),
            LineGroups::new(GroupBy::Keys),
        ];
        for from in (0..n).step_by(SLICE) {
            let to = (from + SLICE).min(n);
            let per = (to - from).div_ceil(threads);
            let keys: Vec<[Option<Key>; 2]> = std::thread::scope(|s| {
                let texts = &texts;
                let parts: Vec<_> = (from..to)
                    .step_by(per)
                    .map(|a| {
                        let b = (a + per).min(to);
                        s.spawn(move || {
                            (a..b)
                                .map(|l| keys_of(texts.get(l as u32), [true, true], options))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                parts
                    .into_iter()
                    .flat_map(|p| p.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
            for (l, k) in (from..to).zip(keys) {
                for (linked, key) in groups.iter_mut().zip(k) {
                    linked.place(l as u32, &key.unwrap_or(Key::Raw), &texts);
                }
            }
        }
        let [normal, keys] = groups;
        self.groups[GroupBy::Normal as usize] = normal;
        self.groups[GroupBy::Keys as usize] = keys;
    }

    /// Give back what its vectors hold beyond what they use: once the
    /// input has ended, the room reserved for lines that did not come.
    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.rows.shrink_to_fit();
        self.raw.shrink_to_fit();
        for g in &mut self.groups {
            g.shrink_to_fit();
        }
    }

    /// Bytes of input read so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// The bytes of all sources, when they are files.
    pub fn total_bytes(&self) -> Option<u64> {
        self.total_bytes
    }

    /// The sources that could not be read, and why.
    pub fn failures(&self) -> &[(String, String)] {
        &self.failures
    }

    /// Lines read past the most a collection holds (line numbers are
    /// 32-bit: 4,294,967,294 lines), not kept.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The bytes the collection holds on the heap (its vectors' capacity
    /// and the groups' entries): what a view of it costs.
    pub fn heap_bytes(&self) -> usize {
        let linked: usize = self.groups.iter().map(LineGroups::heap_bytes).sum();
        self.text.capacity() + self.ends.heap_bytes() + self.rows.heap_bytes() + linked
    }
}

/// The lines of a group, in input order ([`Collection::members`]).
#[derive(Clone, Debug)]
pub struct Members<'a> {
    groups: &'a LineGroups,
    at: u32,
    last: u32,
}

impl Iterator for Members<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.at == END {
            return None;
        }
        let line = self.at;
        self.at = if line == self.last {
            END
        } else {
            self.groups.ring_next(line)
        };
        Some(line)
    }
}
