//! The list view's loop, on the terminal [`crate::explorer::term`]
//! sets up (raw mode, the alternate screen, the panic hook and the
//! signals are its, as for the explorer): tick (take in loaded lines, run
//! the search a slice at a time), draw, wait for keys, apply them, carry
//! out the effects. Enter hands the terminal to the explorer's own loop
//! on the selected URL; when Esc there brings it back, the list is as it
//! was (the state is kept: filter, selection, scroll).

use std::io;
use std::time::Duration;

use crossterm::event::{self, Event, MouseEventKind};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use crate::collection::{Loader, Plan, Source};
use crate::explorer::clipboard::{Clipboard, Destination, SystemClipboard};
use crate::explorer::term::{self, SignalAction};
use crate::explorer::{Ended, Options};

use super::keys::action_for;
use super::state::{ListView, Status};
use super::update::{update, ListEffect, Print};

pub use super::state::TICK;

/// How the loop ended.
enum Outcome {
    /// Quit, printing this (with `--print`).
    Quit(Option<Print>),
    /// A signal ends the program.
    Signal(i32),
}

/// Open the list view on the lines of `files` (`-` is stdin; stdin when
/// there is none) until the user quits; the text that `--print` prints
/// (exact bytes, a URL a line), when `print` is on and the quit asked for
/// one.
pub fn run(
    options: Options,
    files: &[std::path::PathBuf],
    print: bool,
) -> io::Result<Option<Vec<u8>>> {
    let plan = Plan::default();
    // The loader wakes the loop for each batch it hands over: a quiet
    // stream costs no timer.
    let loader = Loader::spawn(Source::from_args(files), plan).waking(term::wake);
    let mut view = ListView::new(loader, plan);
    view.print = print;
    let mut clipboard = SystemClipboard::new();
    term::on_exit(crate::explorer::end_helpers);
    let signals = term::Signals::catch()?;
    let outcome = {
        let _guard = term::enter(!options.no_mouse)?;
        list_loop(&mut view, &options, &mut clipboard, &signals)
    };
    crate::explorer::end_helpers();
    if let Err(e) = clipboard.keep_after_exit() {
        eprintln!("uriscope: the copied text may be gone from the clipboard: {e}");
    }
    match outcome? {
        Outcome::Signal(s) => term::die_by(s),
        Outcome::Quit(what) => Ok(what.filter(|_| print).and_then(|w| printed(&mut view, w))),
    }
}

/// What `--print` prints for `what`: the selected URL, or every filtered
/// one, each followed by a newline, as the bytes that were read (a line
/// that was not UTF-8 too: the list shows it with U+FFFD, but a different
/// URL must never reach a consumer such as `xargs`). The search is
/// finished first (a quit while it ran must print every match, not the
/// ones found so far).
fn printed(view: &mut ListView, what: Print) -> Option<Vec<u8>> {
    // Lines still loading are not waited for: the list printed is the one
    // the user saw.
    while !view.searched() {
        view.searches.step(&view.collection, usize::MAX);
    }
    view.refresh(true);
    let lines: Vec<u32> = match what {
        Print::Selected => view.selected_line().into_iter().collect(),
        Print::Filtered => view.filtered_lines().collect(),
    };
    let c = &view.collection;
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(c.bytes(l));
        out.push(b'\n');
    }
    (!out.is_empty()).then_some(out)
}

/// Draw, wait, apply, until the user quits or a signal ends the program.
fn list_loop(
    view: &mut ListView,
    options: &Options,
    clipboard: &mut SystemClipboard,
    signals: &term::Signals,
) -> io::Result<Outcome> {
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let mut copying: Option<&'static str> = None;
    // Drawn only when something changed: a key, lines loaded, the search
    // or the grouping going on, a copy settled, a signal, a resize.
    let mut dirty = true;
    let mut unread = true;
    loop {
        let worked = view.tick(TICK);
        if worked || dirty {
            let mut area = Rect::default();
            terminal.draw(|f| {
                area = f.area();
                f.render_widget(&*view, area);
                if let Some(p) = super::view::cursor(view, area) {
                    f.set_cursor_position(p);
                }
            })?;
            dirty = false;
        }
        // While the last tick had work, look again at once; while a copy
        // is on its way, in slices; otherwise sleep until woken (the
        // loader wakes the loop for each batch, a quiet stream included).
        let wait = if worked {
            Some(Duration::from_millis(1))
        } else if clipboard.busy() {
            Some(super::super::SIGNAL_SLICE)
        } else {
            None
        };
        let ready = (std::mem::take(&mut unread) && super::super::poll(super::super::BURST_POLL)?)
            || term::wait(wait)?;
        if !ready {
            if term::terminal_gone() {
                return Err(super::super::terminal_gone());
            }
            dirty |= settle(view, clipboard, &mut copying);
            match signals.take() {
                None => {}
                Some(SignalAction::Exit(status)) => {
                    term::restore();
                    return Ok(Outcome::Signal(status));
                }
                Some(SignalAction::Suspend) => {
                    term::suspend()?;
                    terminal.clear()?;
                    dirty = true;
                }
                Some(SignalAction::Redraw) => {
                    term::resume()?;
                    terminal.clear()?;
                    dirty = true;
                }
                Some(SignalAction::Resize) => dirty = true,
            }
            continue;
        }
        dirty = true;
        let mut burst = vec![event::read()?];
        while burst.len() < super::super::MAX_BURST && super::super::poll(super::super::BURST_POLL)?
        {
            burst.push(event::read()?);
        }
        unread = burst.len() == super::super::MAX_BURST;
        if crate::explorer::event_batch::quits(&burst) {
            return Ok(Outcome::Quit(None));
        }
        for ev in crate::explorer::event_batch::mend_escape_tails(burst) {
            let action = match &ev {
                Event::Key(k) => action_for(view, k),
                Event::Paste(text) => Some(super::ListAction::Paste(text.clone())),
                Event::Mouse(m) => match m.kind {
                    MouseEventKind::ScrollUp => Some(super::ListAction::Up),
                    MouseEventKind::ScrollDown => Some(super::ListAction::Down),
                    _ => None,
                },
                _ => None,
            };
            let Some(action) = action else { continue };
            view.status = None;
            match update(view, action) {
                ListEffect::None => {}
                ListEffect::Quit(what) => return Ok(Outcome::Quit(Some(what))),
                ListEffect::Copy { label, text } => {
                    view.status = Some(match clipboard.copy(&text) {
                        Ok(Destination::Pending) => {
                            copying = Some(label);
                            Status {
                                text: format!("copying {label}…"),
                                error: false,
                            }
                        }
                        Ok(d) => Status {
                            text: format!("copied {label} to {}", d.describe()),
                            error: false,
                        },
                        Err(e) => Status {
                            text: format!("could not copy {label}: {e}"),
                            error: true,
                        },
                    });
                }
                ListEffect::Open(url) => {
                    let mut app = crate::explorer::new_app(&Options {
                        uri: url,
                        ..options.clone()
                    });
                    match crate::explorer::explore_from_list(&mut app, clipboard, signals)? {
                        // Keys of the burst after Enter were typed before
                        // the explorer showed: they are not applied to the
                        // list it comes back to.
                        Ended::Back => {
                            terminal.clear()?;
                            unread = true;
                            break;
                        }
                        Ended::Quit => return Ok(Outcome::Quit(None)),
                        Ended::Signal(s) => return Ok(Outcome::Signal(s)),
                    }
                }
            }
        }
    }
}

/// Say on the status line what settled: a copy on its way, a background
/// thread's panic. `true` when something did.
fn settle(
    view: &mut ListView,
    clipboard: &mut SystemClipboard,
    copying: &mut Option<&'static str>,
) -> bool {
    let mut changed = false;
    if let Some(outcome) = clipboard.settled() {
        changed = true;
        let label = copying.take().unwrap_or("the text");
        view.status = Some(match outcome {
            Ok(to) => Status {
                text: format!("copied {label} to {to}"),
                error: false,
            },
            Err(e) => Status {
                text: format!("could not copy {label}: {e}"),
                error: true,
            },
        });
    }
    if let Some(panic) = term::take_worker_panic() {
        view.status = Some(Status {
            text: format!("a background task failed (the list goes on): {panic}"),
            error: true,
        });
        changed = true;
    }
    changed
}
