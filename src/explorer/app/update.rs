//! `update(&mut App, Action) -> Effect`: where every key and paste
//! changes the state, with the pane functions it calls (`panes`, which
//! asks each pane's `Component::handle`; the editors). Outside it, the main
//! loop changes the state only to report what an [`Effect`] did
//! (`App::copied`) and, once at start, to unwrap a link given as the
//! argument; drawing and the memo's caches never change it.

use super::{examples, follow, panes, Action, App, Drawn, Effect, Focus, Overlay, StatusKind};

/// Apply `action` to `app`; return what the main loop must do.
pub fn update(app: &mut App, action: Action) -> Effect {
    // A status message lives until the next action: what it said is about
    // the state before it ("pasted …" after typing on, a row count after
    // Tab). The engines' answer is no action of the user's.
    let quit_asked = if matches!(action, Action::EnginesDone(..)) {
        false
    } else {
        app.status = None;
        std::mem::take(&mut app.quit_asked)
    };
    if app.overlay.is_some() {
        if let Some(effect) = overlay_update(app, &action) {
            return effect;
        }
    }
    if panes::pane_action(app, &action) {
        return Effect::None;
    }
    match action {
        Action::Quit => return Effect::Quit,
        Action::QuitAsking => {
            if quit_asked || !app.input_unkept() {
                return Effect::Quit;
            }
            app.quit_asked = true;
            app.say(
                StatusKind::Info,
                format!(
                    "the input was typed and not kept: {} again quits without it; {} then {} keeps it",
                    super::keymap::key(Action::QuitAsking),
                    super::keymap::key(Action::FocusInput),
                    super::keymap::key(Action::Commit),
                ),
            );
        }
        Action::TypeIntoInput(c) => {
            set_focus(app, Focus::Input);
            return update(app, Action::Insert(c));
        }
        Action::Help => app.overlay = Some(Overlay::Help { scroll: 0 }),
        Action::OpenWhole => app.overlay = Some(Overlay::Whole { scroll: 0 }),
        Action::Parsers => {
            let url = app.input.text().to_string();
            let view = super::parsers::ParsersView::new(&url, app.base());
            let read = view.read.clone();
            app.overlay = Some(Overlay::Parsers(Box::new(view)));
            return Effect::RunEngines(read);
        }
        Action::EnginesDone(_, _) => {}
        Action::Rfc => {
            let citation = super::citation::current(app);
            let scroll = super::citation::anchor(&citation);
            app.overlay = Some(Overlay::Rfc {
                citation,
                which: 0,
                scroll,
            })
        }
        Action::Examples => {
            let current = examples::all()
                .iter()
                .position(|e| e.input == app.input.text())
                .unwrap_or(0);
            app.overlay = Some(Overlay::Examples { selected: current });
        }
        // Written when the effect runs: see `Effect::Copy`.
        Action::CopyFocused => return Effect::Copy(super::CopySource::Focused),
        Action::CopyChooser => app.overlay = Some(Overlay::Copy { selected: 0 }),
        Action::FocusNext | Action::FocusPrev => {
            let ring = app.focus_ring();
            let at = ring.iter().position(|f| *f == app.focus).unwrap_or(0);
            let n = ring.len();
            let next = if action == Action::FocusNext {
                (at + 1) % n
            } else {
                (at + n - 1) % n
            };
            set_focus(app, ring[next]);
        }
        Action::FocusInput => set_focus(app, Focus::Input),
        Action::FocusPane(p) => set_focus(app, Focus::Pane(p)),
        Action::FocusField(p) if p.component().field(app).is_some() => {
            set_focus(app, Focus::Field(p));
        }
        Action::FocusField(p) => set_focus(app, Focus::Pane(p)),
        Action::RevealPasswords => {
            app.reveal_passwords = !app.reveal_passwords;
            let (what, key) = (
                if app.reveal_passwords {
                    "passwords are shown in every pane for this session"
                } else {
                    "passwords are masked again"
                },
                super::keymap::key_name(&Action::RevealPasswords).unwrap_or_default(),
            );
            app.say(StatusKind::Info, format!("{what} ({key} toggles)"));
        }
        Action::Close => {}
        Action::Commit => {
            let text = app.input.text().to_string();
            app.history.push(&text);
            let search = super::keymap::key(Action::HistorySearch);
            app.say(
                StatusKind::Info,
                format!("kept in the history (↑/↓ to walk it, {search} to search it)"),
            );
            if app.history_file.is_some() {
                return Effect::SaveHistory(text);
            }
        }
        Action::LoadLikely => load_likely(app),
        Action::HistorySearch => {
            // With a list from stdin, the search is over that list.
            app.overlay = Some(Overlay::History {
                filter: super::Editor::new(""),
                selected: 0,
                stdin: !app.list.is_empty(),
            });
        }
        Action::HistoryPrev | Action::HistoryNext if app.focus == Focus::Input => {
            history_walk(app, action == Action::HistoryPrev);
            follow::edited(app, Focus::Input);
        }
        Action::HistoryPrev | Action::HistoryNext => {}
        Action::Paste(text) => {
            // The Encode field takes text as it is; the URI fields unwrap a
            // pasted link (RFC 3986 Appendix C).
            let in_field = app.overlay_takes_text();
            let raw = matches!(app.focus, Focus::Field(p) if p.component().pastes_raw());
            let unwrap = !raw && !in_field;
            if let Some(ed) = app.focused_editor_mut() {
                let start = ed.cursor();
                let r = ed.paste(&text);
                let end = ed.cursor();
                let unwrapped = unwrap
                    .then(|| crate::uri::extract::unwrap_link(&text))
                    .flatten()
                    .filter(|u| ed.replace_range(start, end, &u.uri));
                let mut msg = if r.removed > 0 {
                    format!(
                        "pasted {} characters as one edit; removed {} line break(s)/tab(s)",
                        r.inserted, r.removed
                    )
                } else {
                    format!("pasted {} characters as one edit", r.inserted)
                };
                if let Some(u) = unwrapped {
                    msg.push_str(&format!(
                        "; took off {} (RFC 3986 Appendix C) — {} brings the paste back as it was",
                        u.removed,
                        crate::explorer::app::keymap::key(crate::explorer::app::Action::Undo)
                    ));
                }
                app.say(StatusKind::Info, msg);
                if !in_field {
                    follow::edited(app, app.focus);
                }
            }
        }
        Action::ScrollUp
        | Action::ScrollDown
        | Action::PageUp
        | Action::PageDown
        | Action::Top
        | Action::Bottom => scroll(app, &action),
        Action::ScrollLeft => app.scroll_mut().x = app.scroll_mut().x.saturating_sub(8),
        Action::ScrollRight => {
            // Not past what the last frame could show: the way back
            // starts at once.
            let max = app.drawn.get().view_max_x.unwrap_or(usize::MAX);
            let x = app.scroll_mut().x.min(max);
            app.scroll_mut().x = x.saturating_add(8).min(max);
        }
        Action::ListUp | Action::ListDown | Action::ListPick => {}
        edit => edit_update(app, edit),
    }
    Effect::None
}

/// A vertical move of the shown view, within what the last frame could
/// show: a page is the view's height less one line, and a move past an
/// end stays at it (so the way back starts at once).
fn scroll(app: &mut App, action: &Action) {
    let drawn = app.drawn.get();
    // Before the first frame nothing is known of the view: no limit.
    let max = if drawn.view_rows == 0 {
        usize::MAX
    } else {
        drawn.view_max_y
    };
    let page = Drawn::page(drawn.view_rows);
    let y = app.scroll_mut().y.min(max);
    app.scroll_mut().y = match action {
        Action::ScrollUp => y.saturating_sub(1),
        Action::ScrollDown => y.saturating_add(1).min(max),
        Action::PageUp => y.saturating_sub(page),
        Action::PageDown => y.saturating_add(page).min(max),
        Action::Top => 0,
        _ => max,
    };
}

/// Replace the input by the URI its shape most likely means, as one edit.
fn load_likely(app: &mut App) {
    let found = {
        let r = app.analysis();
        crate::uri::shape::recognize(&r).map(|s| (s.kind.name(), s.likely(r.input)))
    };
    let undo = super::keymap::key(Action::Undo);
    match found {
        Some((what, likely)) => {
            let len = app.input.text().len();
            if app.input.replace_range(0, len, &likely) {
                app.say(
                    StatusKind::Info,
                    format!(
                        "loaded the URI {what} most likely means — {undo} brings the input back"
                    ),
                );
                follow::edited(app, Focus::Input);
            }
        }
        None => app.say(
            StatusKind::Info,
            "nothing to load: the input is none of the shapes that stand for a URI (a Windows \
             or UNC path, an scp address, a Markdown, HTML or wrapped link, a URL with spaces, \
             a host without a scheme)",
        ),
    }
}

fn set_focus(app: &mut App, focus: Focus) {
    app.focus = focus;
    if let Some(p) = focus.pane() {
        app.pane = p;
    }
}

/// Up/Down in the input line: walk the inputs typed this session.
fn history_walk(app: &mut App, older: bool) {
    let h = &mut app.history;
    if h.entries.is_empty() {
        return;
    }
    let next = match (h.pos, older) {
        (None, true) => {
            h.draft = app.input.text().to_string();
            Some(h.entries.len() - 1)
        }
        (None, false) => return,
        (Some(0), true) => Some(0),
        (Some(i), true) => Some(i - 1),
        (Some(i), false) if i + 1 < h.entries.len() => Some(i + 1),
        (Some(_), false) => None,
    };
    h.pos = next;
    let text = match next {
        Some(i) => h.entries[i].clone(),
        None => std::mem::take(&mut h.draft),
    };
    app.input.set_text(&text);
}

/// Editing keys, applied to the focused text field.
fn edit_update(app: &mut App, action: Action) {
    // The component boundaries are the input line's: only it gets them
    // (an overlay's field over the input line has its own text, whose
    // words Alt-B and Alt-F must not cut by the input's boundaries).
    let stops = if matches!(
        action,
        Action::BoundaryLeft | Action::BoundaryRight | Action::KillBoundary
    ) && app.focus == Focus::Input
        && !app.overlay_takes_text()
    {
        let edges = super::memo::kept(app, || super::breakdown::Edges::of(app.input.text()));
        super::breakdown::boundaries_near_in(app.input.text(), &edges, app.input.cursor())
    } else {
        Vec::new()
    };
    let before = app.input.text().len();
    let field = app.focus;
    // In a pane without a text field (the Breakdown, the Query pane),
    // undo and redo act on the input line (where an edited component or
    // pair landed).
    let view_undo = app.overlay.is_none()
        && matches!(app.focus, Focus::Pane(p) if p.component().field(app).is_none())
        && matches!(action, Action::Undo | Action::Redo);
    if view_undo {
        let done = if action == Action::Undo {
            app.input.undo()
        } else {
            app.input.redo()
        };
        if done {
            follow::edited(app, Focus::Input);
        } else {
            app.say(
                StatusKind::Info,
                "nothing to undo or redo on the input line",
            );
        }
        return;
    }
    let Some(ed) = app.focused_editor_mut() else {
        return;
    };
    // A new revision is a new text (`Editor::revision`): no copy of a
    // 10 MB input a key to compare with.
    let revision_before = ed.revision();
    match action {
        Action::Insert(c) => ed.insert(c),
        Action::Left => ed.left(),
        Action::Right => ed.right(),
        Action::BoundaryLeft => ed.jump_left(&stops),
        Action::BoundaryRight => ed.jump_right(&stops),
        Action::Home => ed.home(),
        Action::End => ed.end(),
        Action::Backspace => ed.backspace(),
        Action::Delete => ed.delete(),
        Action::KillToStart => ed.kill_to_start(),
        Action::KillToEnd => ed.kill_to_end(),
        Action::KillBoundary => ed.kill_back_to(&stops),
        Action::Undo => {
            if !ed.undo() {
                app.say(StatusKind::Info, "nothing to undo");
            }
        }
        Action::Redo => {
            if !ed.redo() {
                app.say(StatusKind::Info, "nothing to redo");
            }
        }
        _ => return,
    }
    let in_field = app.overlay_takes_text();
    if !in_field
        && app
            .focused_editor()
            .is_some_and(|ed| ed.revision() != revision_before)
    {
        follow::edited(app, field);
    }
    if app.input.text().len() != before {
        // A new input: the views start at the top, the history walk ends.
        for &p in super::Pane::ALL {
            p.component().input_replaced(app);
        }
        app.history.pos = None;
    }
}

/// Keys while an overlay is open. `None` lets the action through to the
/// global handling (Ctrl-C, another overlay's key).
fn overlay_update(app: &mut App, action: &Action) -> Option<Effect> {
    if let Some(Overlay::Edit(_)) = &app.overlay {
        // The edit field: Enter applies, Esc cancels, ↑/↓ do nothing; the
        // rest goes on to the field (typing, moving, undo, copy).
        match action {
            Action::Close => {
                app.overlay = None;
                app.say(StatusKind::Info, "edit cancelled: the input is as it was");
            }
            Action::ListPick => super::edit::apply(app),
            Action::ListUp | Action::ListDown | Action::Top | Action::Bottom => {}
            // Another overlay would drop what was typed: say how to go on.
            Action::Help | Action::Examples | Action::CopyChooser | Action::HistorySearch => {
                let esc = super::keymap::key(Action::Close);
                app.say(StatusKind::Info, format!("{esc} closes the field first"));
            }
            // Quit, and typing into the field, go on.
            _ => return None,
        }
        return Some(Effect::None);
    }
    if let Some(Overlay::Parsers(view)) = &mut app.overlay {
        match action {
            Action::Close | Action::Parsers => app.overlay = None,
            Action::EnginesDone(url, results) => {
                // An answer for another URL (the overlay was reopened) is dropped.
                if *url == view.read {
                    view.external = Some(results.clone());
                }
            }
            // Another overlay's key: close this one first, as the edit field does.
            Action::Help
            | Action::Examples
            | Action::CopyChooser
            | Action::HistorySearch
            | Action::Rfc => {
                let esc = super::keymap::key(Action::Close);
                app.say(StatusKind::Info, format!("{esc} closes the parsers first"));
            }
            Action::ListPick | Action::ListUp | Action::ListDown | Action::Top | Action::Bottom => {
                view.choose(action)
            }
            // Quit, and typing into the allow field, go on.
            _ => return None,
        }
        return Some(Effect::None);
    }
    if let Some(Overlay::History { .. }) = &app.overlay {
        // The matches are searched only by a move down and a pick (and the
        // draw): typing into the filter searches nothing (each search folds
        // the case of every entry, 64 KB ones among them).
        let n = || app.history_matches().len();
        match action {
            Action::Close => app.overlay = None,
            Action::ListUp | Action::ListDown | Action::Top | Action::Bottom => {
                let down = matches!(action, Action::ListDown | Action::Bottom);
                let n = if down { n() } else { 0 };
                if let Some(Overlay::History { selected, .. }) = &mut app.overlay {
                    *selected = match action {
                        Action::ListUp => selected.saturating_sub(1),
                        Action::ListDown => (*selected + 1).min(n.saturating_sub(1)),
                        Action::Top => 0,
                        _ => n.saturating_sub(1),
                    };
                }
            }
            Action::ListPick => {
                let sel = match &app.overlay {
                    Some(Overlay::History { selected, .. }) => *selected,
                    _ => 0,
                };
                let matches = app.history_matches();
                let chosen = matches
                    .get(sel.min(matches.len().saturating_sub(1)))
                    .map(|s| s.to_string());
                app.overlay = None;
                if let Some(text) = chosen {
                    let len = app.input.text().len();
                    if app.input.replace_range(0, len, &text) {
                        follow::edited(app, Focus::Input);
                    }
                    app.focus = Focus::Input;
                    app.say(StatusKind::Info, "loaded from the history (one undo step)");
                }
            }
            // Quit, and typing into the filter, go on.
            _ => return None,
        }
        return Some(Effect::None);
    }
    if let Some(Overlay::Whole { scroll }) = &mut app.overlay {
        let drawn = app.drawn.get();
        let last = drawn.overlay_max;
        let page = Drawn::page(drawn.overlay_rows);
        match action {
            Action::Close | Action::ListPick => app.overlay = None,
            Action::ListUp => *scroll = scroll.saturating_sub(1),
            Action::ListDown => *scroll = (*scroll + 1).min(last),
            Action::PageUp => *scroll = scroll.saturating_sub(page),
            Action::PageDown => *scroll = (*scroll + page).min(last),
            Action::Top => *scroll = 0,
            Action::Bottom => *scroll = last,
            // Copy goes on (it copies the rows), as do quit and the others.
            Action::Quit | Action::CopyFocused => return None,
            Action::Help | Action::Examples | Action::CopyChooser | Action::Rfc => {
                app.overlay = None;
                return None;
            }
            _ => {}
        }
        return Some(Effect::None);
    }
    if let Some(Overlay::Rfc {
        citation,
        which,
        scroll,
    }) = &mut app.overlay
    {
        let passages = citation.cites.len().max(1);
        let last = super::citation::passage_lines(citation, *which)
            .len()
            .saturating_sub(1);
        let page = Drawn::page(app.drawn.get().overlay_rows);
        match action {
            Action::Close | Action::Rfc => app.overlay = None,
            Action::ListUp => *scroll = scroll.saturating_sub(1),
            Action::ListDown => *scroll = (*scroll + 1).min(last),
            Action::PageUp => *scroll = scroll.saturating_sub(page),
            Action::PageDown => *scroll = (*scroll + page).min(last),
            Action::Top => *scroll = 0,
            Action::Bottom => *scroll = last,
            Action::ListPick => {
                *which = (*which + 1) % passages;
                *scroll = 0;
            }
            Action::Quit | Action::Help | Action::Examples | Action::CopyChooser => {
                app.overlay = None;
                return None;
            }
            _ => {}
        }
        return Some(Effect::None);
    }
    // The chooser's rows are counted only when a move needs the count:
    // opening or closing it after an edit computes nothing.
    let moves_down = matches!(action, Action::ListDown | Action::PageDown | Action::Bottom);
    let len = match app.overlay.as_ref()? {
        Overlay::Copy { .. } if moves_down => app.copy_choices().len(),
        _ => usize::MAX,
    };
    let drawn = app.drawn.get();
    let page = Drawn::page(drawn.overlay_rows);
    let overlay = app.overlay.as_mut()?;
    let len = match overlay {
        // The help scrolls as far as its last line is at the bottom (as
        // far as anything, before it was drawn).
        Overlay::Help { .. } if drawn.overlay_rows > 0 => drawn.overlay_max + 1,
        Overlay::Help { .. } => usize::MAX,
        Overlay::Copy { .. } => len,
        Overlay::Examples { .. } => examples::all().len(),
        Overlay::Edit(_)
        | Overlay::History { .. }
        | Overlay::Parsers(_)
        | Overlay::Rfc { .. }
        | Overlay::Whole { .. } => return None,
    };
    let sel = match overlay {
        Overlay::Help { scroll } => scroll,
        Overlay::Copy { selected, .. } | Overlay::Examples { selected } => selected,
        Overlay::Edit(_)
        | Overlay::History { .. }
        | Overlay::Parsers(_)
        | Overlay::Rfc { .. }
        | Overlay::Whole { .. } => return None,
    };
    match action {
        Action::Close => app.overlay = None,
        Action::ListUp => *sel = sel.saturating_sub(1),
        Action::ListDown => *sel = (*sel + 1).min(len.saturating_sub(1)),
        Action::PageUp => *sel = sel.saturating_sub(page),
        Action::PageDown => *sel = (*sel + page).min(len.saturating_sub(1)),
        Action::Top => *sel = 0,
        Action::Bottom => *sel = len.saturating_sub(1),
        Action::ListPick => {
            let overlay = app.overlay.take()?;
            return Some(pick(app, overlay));
        }
        Action::Help if matches!(overlay, Overlay::Help { .. }) => app.overlay = None,
        Action::Quit | Action::Help | Action::Examples | Action::CopyChooser => {
            app.overlay = None;
            return None;
        }
        _ => {}
    }
    Some(Effect::None)
}

fn pick(app: &mut App, overlay: Overlay) -> Effect {
    match overlay {
        Overlay::Help { .. }
        | Overlay::Edit(_)
        | Overlay::History { .. }
        | Overlay::Parsers(_)
        | Overlay::Rfc { .. }
        | Overlay::Whole { .. } => Effect::None,
        // The rows follow the entries one for one; only the chosen
        // entry's text is written, when the effect runs.
        Overlay::Copy { selected } => Effect::Copy(super::CopySource::Row(selected)),
        Overlay::Examples { selected } => {
            if let Some(e) = examples::all().get(selected) {
                let old = app.input.text().to_string();
                app.history.push(&old);
                app.input.set_text(e.input);
                app.history.push(e.input);
                follow::edited(app, Focus::Input);
                let mut kept = false;
                for &p in super::Pane::ALL {
                    let c = p.component();
                    c.input_replaced(app);
                    kept |= c.example_loaded(app, e, app.focus == Focus::Field(p));
                }
                if !kept {
                    app.focus = Focus::Input;
                }
                app.say(
                    StatusKind::Info,
                    format!("example from {} (base {})", e.set, e.base),
                );
            }
            Effect::None
        }
    }
}
