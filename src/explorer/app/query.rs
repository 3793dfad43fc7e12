//! The Query pane: the input's query as a table of pairs (key, value,
//! their RFC 3986 and form decodings, repeated keys marked), reached by
//! Tab or from the Breakdown's query row. Add, edit, delete, move and sort
//! pairs, and write a pair's spaces as `+` or `%20` — trurl's `--append`,
//! `--replace`, `--trim` and `--sort-query` by hand. Each change
//! recomposes the URI into the input line as one undo step. Drawn by
//! `ui::query`.

use std::borrow::Cow;
use std::rc::Rc;

use hashbrown::HashMap;

use super::citation::{self, Citation};
use super::component::Component as PaneComponent;
use super::edit::{open_field, Target};
use super::keymap::Context;
use super::{follow, memo, Action, App, CopyEntry, Drawn, Focus, Pane, StatusKind, ViewScroll};
use crate::uri::edit::{query, Component, Editable};
use crate::uri::ParseOptions;

/// The Query pane's own state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryView {
    /// The selected pair (clamped to the pairs there are when read).
    pub selected: usize,
    /// Scroll of the view (the selected pair is kept in view).
    pub scroll: ViewScroll,
}

/// The input's query read as pairs, once per state of the input: where
/// each pair starts and how many pairs share its key. Every key of the
/// pane and every frame read it, and only the pairs in view are drawn,
/// so a key costs what the visible pairs cost, not what the query does.
#[derive(Debug, Default)]
pub struct Pairs {
    /// Where the query is in the input (after its `?`), when it has one.
    query: Option<(usize, usize)>,
    /// Why the input does not parse, when it does not.
    error: Option<String>,
    /// Where each pair starts in the query (a longer query than 4 GiB is
    /// not listed).
    starts: Vec<u32>,
    /// Each pair's key, numbered in the order met, read as a form field
    /// (as a server reads it: `a+b` and `a%20b` are one key).
    groups: Vec<u32>,
    /// How many pairs have each key.
    sizes: Vec<u32>,
}

impl Pairs {
    /// The pairs of `input`.
    pub fn of(input: &str) -> Pairs {
        let u = match crate::uri::UriRef::parse_with(
            input,
            crate::uri::ParseOptions::new().iri(true),
        ) {
            Ok(u) => u,
            Err(e) => {
                return Pairs {
                    error: Some(not_parsed(&e.to_string())),
                    ..Pairs::default()
                }
            }
        };
        let Some(span) = u.query_span() else {
            return Pairs::default();
        };
        let q = &input[span.start..span.end];
        if u32::try_from(q.len()).is_err() {
            return Pairs {
                error: Some("the query is longer than 4 GiB: its pairs are not listed".into()),
                ..Pairs::default()
            };
        }
        let mut starts = Vec::with_capacity(memchr::memchr_iter(b'&', q.as_bytes()).count() + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'&', q.as_bytes()).map(|i| (i + 1) as u32));
        let mut out = Pairs {
            query: Some((span.start, span.end)),
            error: None,
            starts,
            groups: Vec::new(),
            sizes: Vec::new(),
        };
        // Each pair's key numbered in the order met (the map, borrowing
        // the keys that need no decoding, is dropped here).
        let mut by_key: HashMap<Cow<'_, str>, u32> = HashMap::new();
        let mut groups = Vec::with_capacity(out.len());
        for i in 0..out.len() {
            let next = out.sizes.len() as u32;
            let g = *by_key
                .entry(query::form_key_value(out.pair(input, i)).0)
                .or_insert(next);
            if g == next {
                out.sizes.push(0);
            }
            out.sizes[g as usize] += 1;
            groups.push(g);
        }
        out.groups = groups;
        out
    }

    /// How many pairs there are (none without a query).
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Pair `i` of `input` (the text these pairs were found in), as written.
    pub fn pair<'a>(&self, input: &'a str, i: usize) -> &'a str {
        let Some((q0, q1)) = self.query else {
            return "";
        };
        let start = q0 + self.starts[i] as usize;
        let end = self.starts.get(i + 1).map_or(q1, |&s| q0 + s as usize - 1);
        &input[start..end]
    }

    /// How many pairs have pair `i`'s key (as a form reads it).
    pub fn count(&self, i: usize) -> usize {
        self.groups
            .get(i)
            .and_then(|&g| self.sizes.get(g as usize))
            .map_or(0, |&n| n as usize)
    }

    /// Why the input's pairs cannot be read or edited, if they cannot.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// The input's pairs ([`Pairs`]), found once per state of the input.
pub fn table(app: &App) -> Rc<Pairs> {
    memo::kept(app, || Pairs::of(app.input.text()))
}

/// The input's query pairs as written (empty when there is no query),
/// for an edit of the list.
fn owned_pairs(app: &App) -> Vec<String> {
    let t = table(app);
    let input = app.input.text();
    (0..t.len()).map(|i| t.pair(input, i).to_string()).collect()
}

/// Show the pane with the focus on its first pair (the Breakdown's Enter
/// on its query row), or say why the input has no pairs to edit.
pub fn open(app: &mut App) {
    match Editable::parse_with(app.input.text(), ParseOptions::new().iri(true)) {
        Ok(_) => {
            app.focus = Focus::Pane(Pane::Query);
            app.pane = Pane::Query;
            app.query.selected = 0;
        }
        Err(e) => app.say(StatusKind::Error, not_parsed(&e.to_string())),
    }
}

/// Why the pairs cannot be edited.
fn not_parsed(e: &str) -> String {
    format!("the input does not parse ({e}): correct it on the input line first")
}

/// The selected pair of `n`, clamped to the pairs there are.
pub fn selected(app: &App, n: usize) -> usize {
    app.query.selected.min(n.saturating_sub(1))
}

/// Put `list` back as the query, recomposed into the input line (one
/// undo step), and select `select`.
fn commit(app: &mut App, list: Vec<String>, select: usize, what: &str) {
    let mut u = match Editable::parse_with(app.input.text(), ParseOptions::new().iri(true)) {
        Ok(u) => u,
        Err(e) => return app.say(StatusKind::Error, not_parsed(&e.to_string())),
    };
    u.query = (!list.is_empty()).then(|| list.join("&"));
    match u.to_uri() {
        Ok(new) => {
            let len = app.input.text().len();
            if app.input.replace_range(0, len, &new) {
                follow::edited(app, Focus::Input);
            }
            app.query.selected = select;
            let undo = super::keymap::key(Action::Undo);
            app.say(StatusKind::Info, format!("{what}; {undo} undoes"));
        }
        Err(e) => app.say(StatusKind::Error, e.to_string()),
    }
}

/// A pair's spaces written the other way: `+` (HTML forms) becomes
/// `%20` (RFC 3986), or `%20` becomes `+`.
pub fn toggle_plus(pair: &str) -> String {
    if pair.contains('+') {
        pair.replace('+', "%20")
    } else {
        pair.replace("%20", "+")
    }
}

/// Apply a key of the table; `false` when `action` is not one of its.
pub fn action(app: &mut App, action: &Action) -> bool {
    let n = table(app).len();
    let i = selected(app, n);
    let page = Drawn::page(app.drawn.get().view_rows);
    match action {
        Action::PairAdd => {
            // The new pair is the last: selected once it is there.
            app.query.selected = usize::MAX;
            open_field(app, Target::NewPair)
        }
        Action::PairEditAll => open_field(app, Target::Query),
        Action::ListPick if n > 0 => open_field(app, Target::Pair(i)),
        Action::ListPick => {
            app.query.selected = usize::MAX;
            open_field(app, Target::NewPair)
        }
        Action::PairDelete if n > 0 => {
            let mut list = owned_pairs(app);
            let gone = list.remove(i);
            commit(app, list, i, &format!("deleted {gone:?}"));
        }
        Action::PairMoveUp | Action::PairMoveDown if n > 1 => {
            let j = if *action == Action::PairMoveUp {
                i.saturating_sub(1)
            } else {
                (i + 1).min(n - 1)
            };
            let mut list = owned_pairs(app);
            list.swap(i, j);
            commit(app, list, j, "moved the pair");
        }
        Action::PairSort if n > 1 => {
            let mut u = Editable {
                query: Some(owned_pairs(app).join("&")),
                ..Editable::default()
            };
            query::sort(&mut u, '&');
            let sorted = u
                .get(Component::Query)
                .map(|q| query::pairs(&q, '&').map(str::to_string).collect())
                .unwrap_or_default();
            commit(app, sorted, 0, "sorted the pairs (case-insensitive)");
        }
        Action::PairTogglePlus if n > 0 => {
            let mut list = owned_pairs(app);
            list[i] = toggle_plus(&list[i]);
            let how = if list[i].contains('+') { "+" } else { "%20" };
            commit(
                app,
                list,
                i,
                &format!("spaces of the pair written as {how}"),
            );
        }
        Action::ListUp => app.query.selected = i.saturating_sub(1),
        Action::ListDown => app.query.selected = (i + 1).min(n.saturating_sub(1)),
        Action::PageUp => app.query.selected = i.saturating_sub(page),
        Action::PageDown => app.query.selected = (i + page).min(n.saturating_sub(1)),
        Action::Top => app.query.selected = 0,
        Action::Bottom => app.query.selected = n.saturating_sub(1),
        Action::PairDelete
        | Action::PairMoveUp
        | Action::PairMoveDown
        | Action::PairSort
        | Action::PairTogglePlus => {}
        _ => return false,
    }
    true
}

/// The Query pane as the shared code sees it.
pub struct QueryPane;

impl PaneComponent for QueryPane {
    fn title(&self) -> &'static str {
        "Query"
    }

    fn scroll_mut<'a>(&self, app: &'a mut App) -> &'a mut ViewScroll {
        &mut app.query.scroll
    }

    fn input_edited(&self, app: &mut App) {
        app.query.scroll = ViewScroll::default();
    }

    fn contexts(&self, app: &App) -> Option<&'static [Context]> {
        (app.focus == Focus::Pane(Pane::Query)).then_some(&[
            Context::Query,
            Context::View,
            Context::Global,
        ])
    }

    fn hint_contexts(&self) -> &'static [Context] {
        &[Context::Query, Context::Global]
    }

    /// The table's keys, while the pane has focus (the pair keys come
    /// only from its own key context).
    fn handle(&self, app: &mut App, act: &Action, _shown: bool) -> bool {
        let pair_key = matches!(
            act,
            Action::PairAdd
                | Action::PairDelete
                | Action::PairMoveUp
                | Action::PairMoveDown
                | Action::PairSort
                | Action::PairTogglePlus
                | Action::PairEditAll
        );
        let move_key = matches!(
            act,
            Action::ListUp
                | Action::ListDown
                | Action::ListPick
                | Action::PageUp
                | Action::PageDown
                | Action::Top
                | Action::Bottom
        );
        // Checked before the pairs are read (a parse of the input): every
        // key passes here.
        let focused = app.focus == Focus::Pane(Pane::Query) && app.overlay.is_none();
        (pair_key || (move_key && focused)) && action(app, act)
    }

    /// The rule of a query pair (and the query's section).
    fn citation(&self, app: &App) -> Citation {
        citation::component(
            Target::Pair(selected(app, table(app).len())),
            app.input.text(),
        )
    }

    /// The input's report, the Breakdown's, whose "Query pairs" table is
    /// this pane's: offered once, as that pane's.
    fn offers_report(&self) -> bool {
        false
    }

    /// Nothing of its own in the chooser: the query is the Breakdown's
    /// entry.
    fn copy_entries(&self, _app: &App) -> Vec<CopyEntry> {
        Vec::new()
    }

    /// The selected pair as written.
    fn focused_copy(&self, app: &App, _pane: Pane) -> Option<CopyEntry> {
        let t = table(app);
        let i = selected(app, t.len());
        (i < t.len()).then(|| CopyEntry {
            label: "query pair".into(),
            text: t.pair(app.input.text(), i).to_string(),
        })
    }
}
