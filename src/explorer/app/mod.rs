//! The explorer's state and its pure update (the Elm split: state, update,
//! view). Nothing here touches the terminal or the clipboard: [`update`](fn@update)
//! returns an [`Effect`] that the main loop carries out.
//!
//! Each pane is a [`component::Component`]: the shared code asks the
//! shown pane, or every pane in [`Pane::ALL`], through
//! [`Pane::component`], and names none of them.

pub mod action;
pub mod background;
pub mod binding;
pub mod breakdown;
pub mod breakdown_pane;
pub mod citation;
pub mod compare;
pub mod component;
pub mod edit;
pub mod editor;
pub mod encode;
pub mod examples;
pub mod file_hint;
pub mod follow;
pub mod key_table;
pub mod keymap;
pub mod markdown;
pub mod memo;
pub mod offload;
pub mod panes;
pub mod parsers;
pub mod query;
pub mod resolve;
pub mod role;
pub mod update;

pub use action::{Action, CopySource, Effect};
pub use breakdown_pane::BreakdownView;
pub use editor::Editor;
pub use update::update;

use std::rc::Rc;

use crate::uri::{self, ParseOptions, Report};

/// The default base URI: RFC 3986 §5.4's `http://a/b/c/d;p?q`.
pub const DEFAULT_BASE: &str = "http://a/b/c/d;p?q";

/// The result panes, in tab order. The views below the input line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pane {
    /// The components of the input, colored, with the RFC-style diagram.
    #[default]
    Breakdown,
    /// The input resolved against the base (RFC 3986 §5.2, RFC 2396 §5.2).
    Resolve,
    /// The normalization ladder and the comparison (RFC 3986 §6.2).
    Compare,
    /// Percent-encoding and decoding (RFC 3986 §2.1, §2.4).
    Encode,
    /// The query as a table of pairs (RFC 3986 §3.4; HTML forms).
    Query,
}

impl Pane {
    /// Every pane, in tab order.
    pub const ALL: &'static [Pane] = &[
        Pane::Breakdown,
        Pane::Resolve,
        Pane::Compare,
        Pane::Encode,
        Pane::Query,
    ];

    /// The pane's implementation of [`component::Component`]: what the
    /// shared code asks it.
    pub fn component(self) -> &'static dyn component::Component {
        match self {
            Pane::Breakdown => &breakdown_pane::BreakdownPane,
            Pane::Resolve => &resolve::ResolvePane,
            Pane::Compare => &compare::ComparePane,
            Pane::Encode => &encode::EncodePane,
            Pane::Query => &query::QueryPane,
        }
    }

    /// The pane's place in [`Pane::ALL`].
    pub fn index(self) -> usize {
        Pane::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }

    /// The tab title.
    pub fn title(self) -> &'static str {
        self.component().title()
    }
}

/// What has keyboard focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The input line (a text field).
    Input,
    /// A result pane's view: it scrolls (↑ ↓ ← →, as a pager), and Enter
    /// opens its row whole.
    Pane(Pane),
    /// A pane's own text field (Resolve's base, Compare's second URI,
    /// Encode's text): one Tab after the pane's view.
    Field(Pane),
}

impl Focus {
    /// The pane this focus is in, if any.
    pub fn pane(self) -> Option<Pane> {
        match self {
            Focus::Input => None,
            Focus::Pane(p) | Focus::Field(p) => Some(p),
        }
    }
}

/// A text that can be copied, with its label in the chooser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyEntry {
    /// What it is ("input", "host (decoded)", …).
    pub label: String,
    /// The text itself.
    pub text: String,
}

/// One row of the copy chooser: an entry's label and the first line of
/// its text, known without computing the whole text (the breakdown of a
/// 2 KB input full of errors is a 200 KB text, and the chooser opens after
/// every edit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The entry's label.
    pub label: String,
    /// The first line of the entry's text.
    pub preview: String,
    /// Whether the text has more lines.
    pub more: bool,
}

/// A chooser row shows at most this many characters of its entry's first
/// line (a row is one screen line; the text copied is whole).
pub const PREVIEW_CHARS: usize = 200;

/// The first [`PREVIEW_CHARS`] characters of `line`.
pub fn preview_of(line: &str) -> String {
    match line.char_indices().nth(PREVIEW_CHARS) {
        Some((cut, _)) => line[..cut].to_string(),
        None => line.to_string(),
    }
}

impl Choice {
    /// The row of an entry whose text is at hand.
    pub fn of(e: &CopyEntry) -> Choice {
        let mut lines = e.text.lines();
        Choice {
            label: e.label.clone(),
            preview: preview_of(lines.next().unwrap_or("")),
            more: lines.next().is_some(),
        }
    }
}

/// An overlay drawn above the panes; it takes the keys while open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key table.
    Help {
        /// First help line shown.
        scroll: usize,
    },
    /// What to copy.
    Copy {
        /// The highlighted row of [`App::copy_choices`] (computed when
        /// drawn, or when a move needs their count: opening the chooser
        /// computes nothing); Enter copies the entry of that row
        /// ([`App::copy_entry`]).
        selected: usize,
    },
    /// The sample sets of `assets/`.
    Examples {
        /// The highlighted example (index into [`examples::all`]).
        selected: usize,
    },
    /// A component of the input being edited (Breakdown, Enter).
    Edit(edit::EditField),
    /// The history, or the inputs read from stdin, filtered as you type.
    History {
        /// The filter (a case-insensitive substring).
        filter: Editor,
        /// The highlighted match (0 is the first shown).
        selected: usize,
        /// The list from stdin ([`App::list`]) rather than the history.
        stdin: bool,
    },
    /// The RFC's text for what was under the cursor (F8).
    Rfc {
        /// The passages: what they explain, a rule, the sections.
        citation: citation::Citation,
        /// Which section is shown (Enter shows the next).
        which: usize,
        /// First line shown.
        scroll: usize,
    },
    /// Every parser's reading of the input, and the allowlist tester (F9).
    Parsers(Box<parsers::ParsersView>),
    /// The shown pane's rows whole, wrapped to the overlay's width (Enter
    /// in a pane's view): a row cut at the screen's edge read in full.
    Whole {
        /// First line shown.
        scroll: usize,
    },
}

/// How the status line should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    /// Something happened as asked.
    Info,
    /// Something could not be done.
    Error,
}

/// The status line's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The message.
    pub text: String,
    /// Info or error.
    pub kind: StatusKind,
}

/// Inputs typed since the program started, walked with Up/Down.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Oldest first.
    pub entries: Vec<String>,
    /// Which entry is shown while walking; `None` when editing the draft.
    pub pos: Option<usize>,
    /// The text being edited before the walk started.
    pub draft: String,
}

impl History {
    /// Remember `text` as the newest entry (not empty; an older copy of
    /// it goes; at most [`crate::explorer::history::MAX`] entries).
    pub fn push(&mut self, text: &str) {
        if !text.is_empty() && self.entries.last().map(String::as_str) != Some(text) {
            self.entries.retain(|e| e != text);
            self.entries.push(text.to_string());
            let over = self
                .entries
                .len()
                .saturating_sub(crate::explorer::history::MAX);
            self.entries.drain(..over);
        }
        self.pos = None;
    }
}

/// What the last frame drew, for the keys that move by a page or to an
/// end: how many lines the shown view and the open overlay had, and the
/// last first line the view could scroll to. The draw writes it, as the
/// memo's caches are written (a layout fact, no answer depends on it);
/// [`update`](fn@update) reads it, since a page is the view's height less
/// one line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drawn {
    /// Lines of the shown pane's scrolling part (0 before the first frame).
    pub view_rows: usize,
    /// The first line of the shown pane drawn.
    pub view_first: usize,
    /// The last first line the shown pane could scroll to.
    pub view_max_y: usize,
    /// The last first column the shown pane could scroll to, for a pane
    /// whose rows scroll sideways by this measure (`None`: no limit known).
    pub view_max_x: Option<usize>,
    /// Lines inside the open overlay's frame.
    pub overlay_rows: usize,
    /// The last line the open overlay's text can scroll to (the help).
    pub overlay_max: usize,
}

impl Drawn {
    /// One page of `rows` lines: the height less one line, so the line at
    /// the bottom stays in view at the top (less, more and vim do the
    /// same); 10 before anything was drawn.
    pub fn page(rows: usize) -> usize {
        if rows == 0 {
            10
        } else {
            rows.saturating_sub(1).max(1)
        }
    }
}

/// Scroll position of a result view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ViewScroll {
    /// First line shown.
    pub y: usize,
    /// First column shown of the URI-wide lines.
    pub x: usize,
}

/// The whole state of the explorer.
#[derive(Clone, Debug)]
pub struct App {
    /// The URI-reference being explored.
    pub input: Editor,
    /// What has keyboard focus.
    pub focus: Focus,
    /// The pane shown below the input line.
    pub pane: Pane,
    /// The open overlay.
    pub overlay: Option<Overlay>,
    /// Inputs typed this session (and, when kept in a file, before).
    pub history: History,
    /// The history file kept inputs are appended to (the main loop does
    /// it on [`Effect::SaveHistory`]); `None` keeps the history in memory.
    pub history_file: Option<std::path::PathBuf>,
    /// The inputs read from stdin (`grep -o 'https\?://[^ ]*' log | uriscope`),
    /// offered as a list to pick from; empty otherwise.
    pub list: Vec<String>,
    /// The status line.
    pub status: Option<Status>,
    /// The Breakdown's scroll and selected row.
    pub breakdown: BreakdownView,
    /// The Resolve pane's step and toggles.
    pub resolve: resolve::ResolveView,
    /// The Compare pane's second URI and scroll.
    pub compare: compare::CompareView,
    /// The Encode pane's text and encode set.
    pub encode: encode::EncodeView,
    /// The Query pane's selected pair.
    pub query: query::QueryView,
    /// NO_COLOR: styles by bold/underline/reverse and a role-letter ruler.
    pub no_color: bool,
    /// The light palette (config `theme`, or detected from COLORFGBG).
    pub light: bool,
    /// Which palette and why, for the help overlay.
    pub theme_name: &'static str,
    /// Passwords drawn as typed in every pane (the reveal key); masked by
    /// default.
    pub reveal_passwords: bool,
    /// Results derived from the texts, kept until one changes
    /// ([`memo`]).
    pub memo: memo::Memo,
    /// The browser's joins of a long input, computed on a thread of
    /// their own ([`background`]).
    pub joins: background::Joins,
    /// The traced resolutions of a long input, computed on a thread of
    /// their own ([`background`]).
    pub resolutions: background::Resolutions,
    /// The copy of a long input its off-path jobs share.
    pub snapshot: background::Snapshot,
    /// The Compare pane's ladders of a long input, computed on a thread
    /// of their own ([`compare::kept_ladder`]).
    pub ladders: compare::Ladders,
    /// The Breakdown's sections of a long input, drawn on a thread of
    /// their own (`ui::sections`).
    pub sections: offload::Offload<background::SectionsKey, background::SectionLines>,
    /// The URI Template variables (`uriscope --vars FILE.json`) the
    /// Breakdown expands a template with.
    pub template_vars: crate::uri::template::Variables,
    /// The external parser engines and whether each is on `PATH` (the
    /// Parsers section names them; looked up once at start).
    pub engines: Vec<(&'static str, bool)>,
    /// What the last frame drew ([`Drawn`]).
    pub drawn: std::cell::Cell<Drawn>,
    /// The text the last frame's rows-whole overlay ([`Overlay::Whole`])
    /// drew, unwrapped: what Ctrl-Y copies there. The draw writes it, as
    /// it writes [`App::drawn`].
    pub whole_text: std::cell::RefCell<String>,
    /// The input the explorer started with (the argument): it is in the
    /// shell's history already, so quitting loses nothing of it.
    pub started_with: String,
    /// The last action was a quit key that asked first (an input was
    /// typed and not kept): the same key again quits.
    pub quit_asked: bool,
    /// What a copy on its way to the clipboard copies (its label), until
    /// the main loop hears where it went.
    pub copying: Option<String>,
}

impl App {
    /// The explorer on `input` with `base` (default [`DEFAULT_BASE`]).
    pub fn new(input: &str, base: Option<&str>) -> App {
        App {
            input: Editor::new(input),
            focus: Focus::Input,
            pane: Pane::Breakdown,
            overlay: None,
            history: History::default(),
            history_file: None,
            list: Vec::new(),
            status: None,
            breakdown: BreakdownView::default(),
            resolve: resolve::ResolveView {
                base: Editor::new(base.unwrap_or(DEFAULT_BASE)),
                ..Default::default()
            },
            compare: compare::CompareView::default(),
            encode: encode::EncodeView::new(input),
            query: query::QueryView::default(),
            no_color: false,
            light: false,
            theme_name: "dark (the default)",
            reveal_passwords: false,
            memo: memo::Memo::default(),
            joins: background::Joins::default(),
            resolutions: background::Resolutions::default(),
            snapshot: background::Snapshot::default(),
            ladders: compare::Ladders::default(),
            sections: background::sections(),
            template_vars: Default::default(),
            engines: Vec::new(),
            drawn: Default::default(),
            whole_text: Default::default(),
            started_with: input.to_string(),
            quit_asked: false,
            copying: None,
        }
    }

    /// Whether quitting now would lose a typed input: it is not empty, not
    /// the one the explorer started with, and not kept in the history (nor
    /// one of the inputs from stdin).
    pub fn input_unkept(&self) -> bool {
        let text = self.input.text();
        !text.is_empty()
            && text != self.started_with
            && !self.history.entries.iter().any(|e| e == text)
            && !self.list.iter().any(|e| e == text)
    }

    /// The analysis of the input, as an IRI (RFC 3987) so non-ASCII
    /// references can be explored; a finding says when it is an IRI.
    /// The findings' messages are written only for what is drawn
    /// ([`Report`]).
    pub fn analysis(&self) -> Report<'_> {
        uri::analyze(self.input.text(), ParseOptions::new().iri(true))
    }

    /// Whether a result computed off the key's path arrived since the
    /// last look (every one is looked at: the screen then draws again).
    pub fn background_arrived(&self) -> bool {
        let joined = self.joins.arrived();
        let resolved = self.resolutions.arrived();
        let laddered = self.ladders.arrived();
        self.sections.arrived() || joined || resolved || laddered
    }

    /// Whether a result asked for off the key's path is not done yet.
    pub fn background_pending(&self) -> bool {
        self.joins.pending()
            || self.resolutions.pending()
            || self.ladders.pending()
            || self.sections.pending()
    }

    /// The base URI (the Resolve pane's field), which the other panes read
    /// too: the Parsers section and overlay, the pane strip, the copy
    /// chooser.
    pub fn base(&self) -> &str {
        self.resolve.base.text()
    }

    /// The base's revision ([`Editor::revision`]): new at every change of
    /// the base, for results kept by the texts they are of.
    pub fn base_revision(&self) -> u64 {
        self.resolve.base.revision()
    }

    /// The open edit field's editor, when the edit overlay is open.
    fn overlay_field(&self) -> Option<&Editor> {
        match &self.overlay {
            Some(Overlay::Edit(e)) => Some(&e.field),
            Some(Overlay::History { filter, .. }) => Some(filter),
            Some(Overlay::Parsers(p)) => Some(&p.allow),
            _ => None,
        }
    }

    /// Whether the open overlay has a text field (typing goes there).
    pub fn overlay_takes_text(&self) -> bool {
        self.overlay_field().is_some()
    }

    /// The entries matching the search filter: the history newest first,
    /// or the list from stdin in its order.
    pub fn history_matches(&self) -> Vec<&str> {
        let (filter, stdin) = match &self.overlay {
            Some(Overlay::History { filter, stdin, .. }) => (Some(filter), *stdin),
            _ => (None, false),
        };
        let list: &[String] = if stdin {
            &self.list
        } else {
            &self.history.entries
        };
        let keeper = || {
            let filter = filter.map(|f| f.text().to_lowercase()).unwrap_or_default();
            move |e: &str| {
                filter.is_empty()
                    || if e.is_ascii() {
                        // The same fold for ASCII, without the Unicode tables.
                        filter.is_ascii() && e.to_ascii_lowercase().contains(&filter)
                    } else {
                        e.to_lowercase().contains(&filter)
                    }
            }
        };
        let revision = filter.map_or(0, Editor::revision);
        memo::history_matches(&self.memo, revision, stdin, list, keeper)
            .iter()
            .map(|&i| list[i].as_str())
            .collect()
    }

    /// Whether a text field has focus (printable keys are then text).
    pub fn text_focused(&self) -> bool {
        self.focused_editor().is_some()
    }

    /// The focused text field, if any.
    pub fn focused_editor(&self) -> Option<&Editor> {
        if let Some(f) = self.overlay_field() {
            return Some(f);
        }
        match self.focus {
            Focus::Input => Some(&self.input),
            Focus::Pane(_) => None,
            Focus::Field(p) => p.component().field(self),
        }
    }

    /// The focused text field, mutably.
    pub fn focused_editor_mut(&mut self) -> Option<&mut Editor> {
        if self.overlay_field().is_some() {
            return match &mut self.overlay {
                Some(Overlay::Edit(e)) => Some(&mut e.field),
                Some(Overlay::History { filter, .. }) => Some(filter),
                Some(Overlay::Parsers(p)) => Some(&mut p.allow),
                _ => None,
            };
        }
        match self.focus {
            Focus::Input => Some(&mut self.input),
            Focus::Pane(_) => None,
            Focus::Field(p) => p.component().field_mut(self),
        }
    }

    /// The focus ring: the input line, then each pane's view and, for a
    /// pane with a text field, the field after it (as gitui and helix
    /// move between a list and its input).
    pub fn focus_ring(&self) -> Vec<Focus> {
        let mut ring = vec![Focus::Input];
        for &p in Pane::ALL {
            ring.push(Focus::Pane(p));
            if p.component().field(self).is_some() {
                ring.push(Focus::Field(p));
            }
        }
        ring
    }

    /// The focused result, for Ctrl-Y: the input when the input line has
    /// focus, else the focused pane's main result.
    pub fn focused_copy(&self) -> Option<CopyEntry> {
        if let Some(Overlay::Whole { .. }) = &self.overlay {
            return Some(CopyEntry {
                label: format!("the {} pane's rows", self.pane.title()),
                text: self.whole_text.borrow().clone(),
            });
        }
        if let Some(Overlay::Edit(e)) = &self.overlay {
            // The URI as the field would make it.
            return edit::preview(self, e).ok().map(|text| CopyEntry {
                label: format!("URI with the {} edited", e.target.name()),
                text,
            });
        }
        match self.focus {
            Focus::Input => Some(CopyEntry {
                label: "input".into(),
                text: self.input.text().to_string(),
            }),
            Focus::Pane(p) | Focus::Field(p) => p.component().focused_copy(self, p),
        }
    }

    /// The entry `source` names, written now: what an [`Effect::Copy`]
    /// puts on the clipboard (`None`: nothing to copy there).
    pub fn copy_of(&self, source: CopySource) -> Option<CopyEntry> {
        match source {
            CopySource::Focused => self.focused_copy(),
            CopySource::Row(row) => self.copy_entry(row),
        }
    }

    /// Everything that can be copied: the input, then each pane's results.
    /// The copy chooser lists these; kept until a text changes ([`memo`]).
    pub fn copy_entries(&self) -> Rc<[CopyEntry]> {
        memo::all_entries(self)
    }

    /// What chooser row `row` copies: the input, the base, a view's
    /// Markdown report (written only now, for the chosen view), or the
    /// entry of [`App::copy_entries`] it stands for.
    ///
    /// Only the chosen entry is written: a pick after each edit costs what
    /// that entry costs, not every pane's results (the breakdown text of
    /// an input full of errors among them).
    pub fn copy_entry(&self, row: usize) -> Option<CopyEntry> {
        let views = markdown::views();
        let reports = views.len();
        match row {
            0 => {
                return Some(CopyEntry {
                    label: "input".into(),
                    text: self.input.text().to_string(),
                })
            }
            1 => {
                return Some(CopyEntry {
                    label: "base".into(),
                    text: self.base().to_string(),
                })
            }
            r if r < 2 + reports => {
                let pane = views[r - 2];
                return Some(CopyEntry {
                    label: markdown::label(pane),
                    text: markdown::report(self, pane),
                });
            }
            _ => {}
        }
        let mut r = row - 2 - reports;
        for &pane in Pane::ALL {
            match pane.component().copy_entry(self, pane, r) {
                Ok(e) => return Some(e),
                Err(past) => r = past,
            }
        }
        // The last row: the input's HTML report, one page for a browser.
        (r == 0).then(|| CopyEntry {
            label: markdown::HTML_LABEL.into(),
            text: markdown::html_report(self),
        })
    }

    /// The copy chooser's rows: one per entry of [`App::copy_entries`],
    /// with the three Markdown reports after the base (see
    /// [`App::copy_entry`]),
    /// without computing the breakdown text; kept until a text changes.
    pub fn copy_choices(&self) -> Rc<[Choice]> {
        memo::all_choices(self)
    }

    /// [`App::copy_entries`], computed.
    fn compute_copy_entries(&self) -> Vec<CopyEntry> {
        let mut out = vec![CopyEntry {
            label: "input".into(),
            text: self.input.text().to_string(),
        }];
        out.push(CopyEntry {
            label: "base".into(),
            text: self.base().to_string(),
        });
        for &pane in Pane::ALL {
            out.extend(memo::pane_entries(self, pane));
        }
        out
    }

    /// [`App::copy_choices`], computed: each pane's rows from
    /// [`component::Component::choices`].
    fn compute_copy_choices(&self) -> Vec<Choice> {
        let mut out = vec![
            Choice::of(&CopyEntry {
                label: "input".into(),
                text: self.input.text().to_string(),
            }),
            Choice::of(&CopyEntry {
                label: "base".into(),
                text: self.base().to_string(),
            }),
        ];
        // Written only when chosen (or when every entry is).
        out.extend(markdown::views().into_iter().map(|pane| Choice {
            label: markdown::label(pane),
            preview: preview_of(&markdown::heading_shown(self, pane)),
            more: true,
        }));
        for &pane in Pane::ALL {
            out.extend(pane.component().choices(self, pane));
        }
        out.push(Choice {
            label: markdown::HTML_LABEL.into(),
            preview: preview_of(&markdown::heading_shown(self, Pane::Breakdown)),
            more: true,
        });
        out
    }

    /// The scroll of the shown pane.
    pub fn scroll_mut(&mut self) -> &mut ViewScroll {
        self.pane.component().scroll_mut(self)
    }

    /// Set the status line.
    pub fn say(&mut self, kind: StatusKind, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            kind,
        });
    }

    /// Report the outcome of an [`Effect::Copy`]: where the text went, or
    /// why it could not be copied.
    pub fn copied(&mut self, what: &str, outcome: Result<&str, String>) {
        match outcome {
            Ok(dest) => self.say(StatusKind::Info, format!("copied {what} to {dest}")),
            Err(why) => self.say(StatusKind::Error, format!("could not copy {what}: {why}")),
        }
    }
}
