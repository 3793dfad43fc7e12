//! The list view's state: the collection as it loads, the filter and its
//! search, the rows shown (the matching lines, or their groups), the
//! selection and scroll, the focus (the filter or the bar charts), the
//! copy chooser and the status line. Nothing here draws or touches the
//! terminal; the counts and groups are the collection's own.

use std::time::Duration;

use crate::collection::sites::SiteIndex;
use crate::collection::{Collection, GroupBy, Loader, Plan, Poll, Searches};
use crate::explorer::app::Editor;

use super::rows::{self, Entries, Entry};

/// The time a tick gives the loading, the search and the grouping
/// together: under half a frame, so that with the key's update (a new
/// search copies the lines a narrowed one starts from) and the draw a
/// key is answered within a frame (16 ms) however long the list is.
pub const TICK: Duration = Duration::from_millis(6);

/// How the list is shown: every matching line, or the lines grouped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grouped {
    /// One row a line, in input order.
    #[default]
    Off,
    /// Lines with the same normal form together (RFC 3986 §6.2.2–§6.2.3).
    Normal,
    /// Lines that differ only in query values together.
    Keys,
    /// Lines whose hosts are on the same site together.
    Site,
}

impl Grouped {
    /// The next grouping of the toggle: off → normal form → keys → site
    /// → off.
    pub fn next(self) -> Grouped {
        match self {
            Grouped::Off => Grouped::Normal,
            Grouped::Normal => Grouped::Keys,
            Grouped::Keys => Grouped::Site,
            Grouped::Site => Grouped::Off,
        }
    }

    /// The model's grouping, when grouped.
    pub fn by(self) -> Option<GroupBy> {
        match self {
            Grouped::Off => None,
            Grouped::Normal => Some(GroupBy::Normal),
            Grouped::Keys => Some(GroupBy::Keys),
            Grouped::Site => Some(GroupBy::Site),
        }
    }

    /// How the filter line names it.
    pub fn label(self) -> &'static str {
        match self {
            Grouped::Off => "ungrouped",
            Grouped::Normal => "grouped by normal form",
            Grouped::Keys => "grouped by query keys",
            Grouped::Site => "grouped by site",
        }
    }
}

/// Where the keys go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Focus {
    /// The filter field (and the list's movement keys).
    #[default]
    Filter,
    /// The bar charts: a bar is chosen to filter by it.
    Bars,
}

/// The four bar charts, in the order they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    /// Schemes (`scheme:` terms).
    Schemes,
    /// Hosts (`host:=` terms).
    Hosts,
    /// Finding codes (`code:` terms).
    Codes,
    /// Confusion flags (`flag:` terms).
    Flags,
}

impl Chart {
    /// Every chart, left to right.
    pub const ALL: [Chart; 4] = [Chart::Schemes, Chart::Hosts, Chart::Codes, Chart::Flags];

    /// Its title.
    pub fn title(self) -> &'static str {
        match self {
            Chart::Schemes => "schemes",
            Chart::Hosts => "hosts",
            Chart::Codes => "finding codes",
            Chart::Flags => "confusion flags",
        }
    }

    /// The filter term that selects the lines of the bar `name`.
    pub fn term(self, name: &str) -> String {
        let name = if name.contains(' ') || name.contains('"') {
            format!("\"{}\"", name.replace('"', ""))
        } else {
            name.to_string()
        };
        match self {
            Chart::Schemes => format!("scheme:{name}"),
            Chart::Hosts => format!("host:={name}"),
            Chart::Codes => format!("code:{name}"),
            Chart::Flags => format!("flag:{name}"),
        }
    }
}

/// What the copy chooser offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyWhat {
    /// The selected URL.
    Selected,
    /// Every line the filter shows, one a line.
    Filtered,
    /// The normal forms of the lines the filter shows, each once.
    NormalForms,
}

impl CopyWhat {
    /// The chooser's rows, in order.
    pub const ALL: [CopyWhat; 3] = [
        CopyWhat::Selected,
        CopyWhat::Filtered,
        CopyWhat::NormalForms,
    ];

    /// How the chooser and the status line name it.
    pub fn label(self) -> &'static str {
        match self {
            CopyWhat::Selected => "the selected URL",
            CopyWhat::Filtered => "the filtered list",
            CopyWhat::NormalForms => "the unique normal forms",
        }
    }
}

/// A status line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// What it says.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

/// The list view (see the [module documentation](super)).
#[derive(Debug)]
pub struct ListView {
    /// The lines, their counts and groups: the model `stats` and `dedupe`
    /// print from.
    pub collection: Collection,
    /// The lines still loading, until the input ends.
    pub loader: Option<Loader>,
    /// The filter's current search and the last few.
    pub searches: Searches,
    /// The filter as typed.
    pub filter: Editor,
    /// Why the filter does not parse (the search keeps the last filter
    /// that did).
    pub filter_error: Option<String>,
    /// The grouping shown.
    pub grouped: Grouped,
    /// The grouped rows, built for the search and grouping they were
    /// built from (see [`ListView::refresh`]).
    pub entries: Entries,
    /// What `entries` was built from: (grouping, lines, lines tested,
    /// matches).
    built: Option<(Grouped, usize, usize, usize)>,
    /// The build of `entries` under way.
    building: Option<rows::Build>,
    /// The selected row.
    pub selected: usize,
    /// The first row shown.
    pub scroll: usize,
    /// How many list rows the last frame showed (set by the view, for
    /// page keys and keeping the selection in sight).
    pub page: std::cell::Cell<usize>,
    /// Where the keys go.
    pub focus: Focus,
    /// The chosen bar: its chart and its row.
    pub bar: (usize, usize),
    /// How many bars each chart shows (set by the view).
    pub bars_shown: std::cell::Cell<[usize; 4]>,
    /// Whether the hosts chart shows sites (registrable domains) instead.
    pub by_site: bool,
    /// The site of each host seen, kept up to date while `by_site` is on
    /// ([`ListView::update_sites`]).
    pub sites: SiteIndex,
    /// The copy chooser, open at its selected row.
    pub chooser: Option<usize>,
    /// The status line.
    pub status: Option<Status>,
    /// Whether `--print` is on (the hint bar says how to quit printing).
    pub print: bool,
}

impl ListView {
    /// A view of the lines `loader` reads, grouped with `plan`'s
    /// normalization.
    pub fn new(loader: Loader, plan: Plan) -> ListView {
        ListView {
            collection: Collection::new(plan),
            loader: Some(loader),
            searches: Searches::default(),
            filter: Editor::new(""),
            filter_error: None,
            grouped: Grouped::Off,
            entries: Entries::default(),
            built: None,
            building: None,
            selected: 0,
            scroll: 0,
            page: std::cell::Cell::new(10),
            focus: Focus::Filter,
            bar: (0, 0),
            bars_shown: std::cell::Cell::new([0; 4]),
            by_site: false,
            sites: SiteIndex::default(),
            chooser: None,
            status: None,
            print: false,
        }
    }

    /// Whether lines are still loading.
    pub fn loading(&self) -> bool {
        self.loader.is_some()
    }

    /// Whether the filter's search has tested every line loaded.
    pub fn searched(&self) -> bool {
        self.searches.current().is_done(&self.collection)
    }

    /// Take in what the loader has handed over, then search, then build
    /// the grouped rows if they are out of date, all three within about
    /// `budget` (each does at least a slice). `true` when anything
    /// changed.
    pub fn tick(&mut self, budget: Duration) -> bool {
        let mut changed = false;
        let start = std::time::Instant::now();
        while let Some(loader) = &self.loader {
            match loader.poll() {
                Poll::Event(e) => {
                    let failed = match &e {
                        crate::collection::Event::Failed { source, error } => {
                            Some((source.clone(), error.clone()))
                        }
                        crate::collection::Event::Skipped(s) => Some((s.place(), s.message())),
                        crate::collection::Event::Batch(_) => None,
                    };
                    if let Some((source, error)) = failed {
                        self.status = Some(Status {
                            text: format!(
                                "{}: {}",
                                crate::text::visible(&source),
                                crate::text::visible(&error)
                            ),
                            error: true,
                        });
                    }
                    self.collection.apply(e);
                    changed = true;
                }
                Poll::Pending => break,
                Poll::Ended => {
                    self.loader = None;
                    self.collection.shrink_to_fit();
                    changed = true;
                }
            }
            if start.elapsed() >= budget {
                break;
            }
        }
        self.update_sites();
        // One budget for the three: a frame pays for it once.
        let left = budget.saturating_sub(start.elapsed());
        if !self.searched() {
            self.searches.run_for(&self.collection, left);
            changed = true;
        }
        let left = budget.saturating_sub(start.elapsed());
        changed | self.refresh_for(Some(left))
    }

    /// Load everything and search it all (tests, `--print` without a
    /// terminal).
    pub fn finish(&mut self) {
        while let Some(loader) = &self.loader {
            match loader.next_event() {
                Some(e) => self.collection.apply(e),
                None => {
                    self.loader = None;
                    self.collection.shrink_to_fit();
                }
            }
        }
        while !self.searched() {
            self.searches.step(&self.collection, usize::MAX);
        }
        self.refresh(true);
        self.update_sites();
    }

    /// Look up the sites of the hosts loaded since the last call, when
    /// the chart shows sites: the cost is the new distinct hosts.
    pub fn update_sites(&mut self) {
        if self.by_site {
            self.sites.update(&self.collection.tally().hosts);
        }
    }

    /// Whether the grouped rows are being built.
    pub fn grouping(&self) -> bool {
        self.building.is_some()
    }

    /// Build the grouped rows when the grouping, the matches or the lines
    /// changed, for about `budget` (`None`: to the end). While lines load
    /// or the search runs, a build starts only once the search has caught
    /// up (or with no budget): a build costs every matching line. `true`
    /// when the rows changed.
    pub fn refresh_for(&mut self, budget: Option<Duration>) -> bool {
        // The grouping by site is built the first time it is shown, a
        // slice at a time; no rows until it is.
        let start = std::time::Instant::now();
        if self.grouped == Grouped::Site && !self.collection.grouped_by_site() {
            while !self.collection.group_by_site_for(16 * 1024) {
                if budget.is_some_and(|b| start.elapsed() >= b) {
                    self.building = None;
                    self.built = None;
                    self.entries.clear();
                    return true;
                }
            }
        }
        let budget = budget.map(|b| b.saturating_sub(start.elapsed()));
        let Some(by) = self.grouped.by() else {
            self.building = None;
            self.built = None;
            if self.entries.is_empty() {
                return false;
            }
            self.entries.clear();
            return true;
        };
        let c = &self.collection;
        let search = self.searches.current();
        let now = (self.grouped, c.len(), search.tested(c), search.len(c));
        if self.built != Some(now) {
            if budget.is_some() && !self.searched() {
                return false;
            }
            self.entries.clear();
            self.building = Some(rows::Build::new(c, search, by));
            self.built = Some(now);
        }
        let Some(build) = &mut self.building else {
            return false;
        };
        let start = std::time::Instant::now();
        loop {
            if build.step(c, search, &mut self.entries, 4096) {
                self.building = None;
                break;
            }
            if budget.is_some_and(|b| start.elapsed() >= b) {
                break;
            }
        }
        self.keep_in_range();
        true
    }

    /// [`ListView::refresh_for`] a tick's time, or to the end with `force`.
    pub fn refresh(&mut self, force: bool) -> bool {
        self.refresh_for((!force).then_some(TICK))
    }

    /// How many rows the list has.
    pub fn row_count(&self) -> usize {
        match self.grouped {
            Grouped::Off => self.searches.current().len(&self.collection),
            _ => self.entries.len(),
        }
    }

    /// The row `i`.
    pub fn row(&self, i: usize) -> Option<Entry> {
        match self.grouped {
            Grouped::Off => self
                .searches
                .current()
                .line(&self.collection, i)
                .map(Entry::Line),
            _ => self.entries.get(i),
        }
    }

    /// The line of the selected row (a group's first line for a group).
    pub fn selected_line(&self) -> Option<u32> {
        self.row(self.selected).map(Entry::line)
    }

    /// The selected URL's text.
    pub fn selected_text(&self) -> Option<&str> {
        self.selected_line().map(|l| self.collection.text(l))
    }

    /// Keep the selection on a row and in sight.
    pub fn keep_in_range(&mut self) {
        let n = self.row_count();
        self.selected = self.selected.min(n.saturating_sub(1));
        let page = self.page.get().max(1);
        if self.selected < self.scroll {
            self.scroll = self.selected;
        } else if self.selected >= self.scroll + page {
            self.scroll = self.selected + 1 - page;
        }
        self.scroll = self.scroll.min(n.saturating_sub(1));
    }

    /// The lines the filter shows, in input order (all lines for an empty
    /// filter).
    pub fn filtered_lines(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self.searches.current().matches() {
            Some(m) => Box::new(m.iter().copied()),
            None => Box::new(0..self.collection.len() as u32),
        }
    }

    /// The text a copy of `what` copies (and `--print` prints): exact
    /// bytes, a line each.
    pub fn text_of(&self, what: CopyWhat) -> Option<String> {
        let c = &self.collection;
        match what {
            CopyWhat::Selected => self.selected_text().map(str::to_string),
            CopyWhat::Filtered => {
                let mut out = String::new();
                for l in self.filtered_lines() {
                    out.push_str(c.text(l));
                    out.push('\n');
                }
                (!out.is_empty()).then_some(out)
            }
            CopyWhat::NormalForms => {
                let mut out = String::new();
                for g in c.groups_among(GroupBy::Normal, self.filtered_lines()) {
                    let g = g as usize;
                    let first = c.first_of(GroupBy::Normal, g).unwrap_or(0);
                    out.push_str(
                        c.key(GroupBy::Normal, g)
                            .as_deref()
                            .unwrap_or(c.text(first)),
                    );
                    out.push('\n');
                }
                (!out.is_empty()).then_some(out)
            }
        }
    }
}
