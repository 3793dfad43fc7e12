//! The explorer's main loop: draw, wait for events (and the signals
//! [`term::Signals`] catches), read every event that has arrived as one
//! burst ([`event_batch`]: replies to our own queries dropped, Ctrl-C
//! first, escape-sequence tails mended), turn each into an [`Action`]
//! through the key table, [`update`](fn@crate::explorer::app::update) the app, carry
//! out the [`Effect`] (quit, copy), draw once. Nothing blocks but the wait
//! for the next event: the clipboard and the engines answer from threads
//! of their own, a background thread's panic becomes a message, and a
//! terminal that is gone (a read error, or hung up) ends the program.

pub mod app;
pub mod clipboard;
pub mod config;
pub mod event_batch;
pub mod history;
pub mod list;
pub mod term;
pub mod ui;

use std::io;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use crate::explorer::app::{keymap, update, Action, App, Effect};
use crate::explorer::clipboard::{Clipboard, SystemClipboard};
use term::SignalAction;

/// How long the loop waits at most while something is on its way (a
/// join computing, engines running, a copy pending, lines loading): the
/// answers wake it ([`term::wake`]), this bounds what does not.
const SIGNAL_SLICE: std::time::Duration = std::time::Duration::from_millis(25);

/// At most this many events are taken as one burst (then a frame is drawn).
const MAX_BURST: usize = 4096;

/// How long the reader is given, within a burst, for the next event:
/// crossterm's reader looks at what it has already read only with a
/// timeout above zero, and the terminal is read level-triggered, so
/// every byte that has arrived is read before the loop waits again.
const BURST_POLL: std::time::Duration = std::time::Duration::from_millis(1);

/// How the explorer starts.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The first input.
    pub uri: String,
    /// The base URI (default RFC 3986 §5.4's).
    pub base: Option<String>,
    /// Leave the mouse to the terminal.
    pub no_mouse: bool,
    /// The palette asked for (config `theme`).
    pub theme: crate::explorer::config::ThemeChoice,
    /// The Encode pane's first set (config `encode_set`).
    pub encode_set: Option<String>,
    /// A message for the status line at start (a config that could not be used).
    pub note: Option<String>,
    /// The history file to read at start and write on Enter; `None` keeps
    /// the history in memory.
    pub history: Option<std::path::PathBuf>,
    /// URI Template variables (`--vars FILE.json`).
    pub template_vars: crate::uri::template::Variables,
}

/// The event's action, if it has one. `area` is the screen, for clicks.
pub fn action_for_event(app: &App, ev: &Event, area: Rect) -> Option<Action> {
    match ev {
        Event::Key(k) => keymap::action_for(app, k),
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                crate::explorer::ui::click(app, area, m.column, m.row)
            }
            MouseEventKind::ScrollUp => Some(Action::ScrollUp),
            MouseEventKind::ScrollDown => Some(Action::ScrollDown),
            _ => None,
        },
        _ => None,
    }
}

/// The event as the key presses it stands for: an Alt key with no meaning
/// in `app`'s state ([`keymap::unbound_alt`]) is Esc typed just before the
/// plain key, so it comes back as Esc and then that key; any other event
/// comes back alone. Look the second up after applying the first.
///
/// ```
/// use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
/// use uriscope::explorer::{app::App, split_unbound_alt};
/// let app = App::new("http://h/", None);
/// let key = |c, m| Event::Key(KeyEvent::new(c, m));
/// let (esc, x) = split_unbound_alt(&app, key(KeyCode::Char('x'), KeyModifiers::ALT));
/// assert_eq!(esc, key(KeyCode::Esc, KeyModifiers::NONE));
/// assert_eq!(x, Some(key(KeyCode::Char('x'), KeyModifiers::NONE)));
/// ```
pub fn split_unbound_alt(app: &App, ev: Event) -> (Event, Option<Event>) {
    let plain = match &ev {
        Event::Key(k) => keymap::unbound_alt(app, k),
        _ => None,
    };
    match plain {
        Some(plain) => (
            Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
            Some(Event::Key(plain)),
        ),
        None => (ev, None),
    }
}

/// Apply an effect; `true` means quit.
pub fn run_effect(app: &mut App, effect: Effect, clipboard: &mut dyn Clipboard) -> bool {
    match effect {
        Effect::None => false,
        Effect::Quit => true,
        // The main loop starts the engines itself (it holds the channel
        // their answer comes back on); elsewhere there is nothing to run.
        Effect::RunEngines(_) => false,
        Effect::SaveHistory(entry) => {
            if let Some(path) = app.history_file.clone() {
                match crate::explorer::history::append(&path, &entry) {
                    Ok(crate::explorer::history::Saved::Written) => {}
                    Ok(crate::explorer::history::Saved::SessionOnly(why)) => app.say(
                        crate::explorer::app::StatusKind::Info,
                        format!("kept in the history of this session only: {why}"),
                    ),
                    Err(e) => app.say(crate::explorer::app::StatusKind::Error, e),
                }
            }
            false
        }
        Effect::Copy(source) => {
            let Some(entry) = app.copy_of(source) else {
                app.say(
                    crate::explorer::app::StatusKind::Error,
                    "nothing to copy here",
                );
                return false;
            };
            // The real text is copied; the status line says when it holds
            // a password (the screen shows it masked).
            let outcome = clipboard.copy(&entry.text);
            let secret = matches!(
                crate::explorer::ui::mask::mask_password(&entry.text),
                std::borrow::Cow::Owned(_)
            ) || entry.text.lines().next().is_some_and(|l| {
                matches!(
                    crate::explorer::ui::mask::hide_passwords(
                        l,
                        &crate::explorer::ui::mask::passwords(app)
                    ),
                    std::borrow::Cow::Owned(_)
                )
            });
            let label = if secret {
                format!("{} (it contains a password)", entry.label)
            } else {
                entry.label.clone()
            };
            match outcome {
                Ok(crate::explorer::clipboard::Destination::Pending) => {
                    app.say(
                        crate::explorer::app::StatusKind::Info,
                        format!("copying {label}…"),
                    );
                    app.copying = Some(label);
                }
                Ok(d) => app.copied(&label, Ok(&d.describe())),
                Err(e) => app.copied(&label, Err(e)),
            }
            false
        }
    }
}

/// Read the history file at `path` into `app`, and keep `path` to append
/// kept inputs to, unless the file must not be written (it could not be
/// read whole, or is over the size read): then the status line says so
/// and the history is the session's.
pub fn open_history(app: &mut App, path: &std::path::Path) {
    match crate::explorer::history::load(path) {
        Ok(loaded) => {
            app.history.entries = loaded.entries;
            match loaded.read_only {
                None => app.history_file = Some(path.to_path_buf()),
                Some(why) => app.say(
                    crate::explorer::app::StatusKind::Error,
                    format!("{why}; new inputs are kept for this session only"),
                ),
            }
        }
        // A file that cannot be read is left as it is (not overwritten).
        Err(e) => app.say(
            crate::explorer::app::StatusKind::Error,
            format!("{e}; the history is kept for this session only"),
        ),
    }
}

/// Run the explorer on the terminal until the user quits.
pub fn run(options: Options) -> io::Result<()> {
    let mut app = new_app(&options);
    let test_panic = std::env::var("URISCOPE_TEST_PANIC").ok();
    let mut clipboard = SystemClipboard::new();

    // Whatever ends the program, the engines' processes and folders go.
    term::on_exit(crate::explorer::end_helpers);
    let signals = term::Signals::catch()?;
    let outcome = {
        let _guard = term::enter(!options.no_mouse)?;
        event_loop(
            &mut app,
            &mut clipboard,
            &signals,
            test_panic.as_deref(),
            false,
        )
    };
    end_helpers();
    // The terminal is back; an X11 copy is handed to a process that
    // outlives this one, so the text is still there to paste.
    if let Err(e) = clipboard.keep_after_exit() {
        eprintln!("uriscope: the copied text may be gone from the clipboard: {e}");
    }
    match outcome? {
        Ended::Signal(signal) => term::die_by(signal),
        Ended::Quit | Ended::Back => Ok(()),
    }
}

/// End what the explorer started and must not outlive it, whatever ends
/// it: the engines' process groups and folders, the clipboard's tmux
/// commands.
pub fn end_helpers() {
    crate::confuse::engines::cleanup();
    crate::explorer::clipboard::stop_helpers();
}

/// How the explorer's loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The user quit.
    Quit,
    /// Esc with nothing open, in an explorer opened from the list view:
    /// back to the list.
    Back,
    /// A signal ends the program.
    Signal(i32),
}

/// The explorer's state as `options` start it: the input, the base, the
/// config's choices, the history, the list from stdin.
pub fn new_app(options: &Options) -> App {
    let mut app = App::new(&options.uri, options.base.as_deref());
    // A link given wrapped (`'<http://…>'`) is unwrapped as a paste is;
    // one Ctrl-Z brings the argument back as it was given.
    if let Some(u) = crate::uri::extract::unwrap_link(&options.uri) {
        let len = app.input.text().len();
        if app.input.replace_range(0, len, &u.uri) {
            app.say(
                crate::explorer::app::StatusKind::Info,
                format!(
                    "took off {} (RFC 3986 Appendix C) — {} brings the argument back",
                    u.removed,
                    crate::explorer::app::keymap::key(crate::explorer::app::Action::Undo)
                ),
            );
        }
    }
    app.template_vars = options.template_vars.clone();
    app.engines = crate::confuse::engines::on_path()
        .into_iter()
        .map(|(e, found)| (e.name(), found))
        .collect();
    app.no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    (app.light, app.theme_name) =
        crate::explorer::config::resolve_theme(options.theme, term::background_is_light);
    if let Some(set) = &options.encode_set {
        if let Some(i) = crate::uri::percent::encode_set::ALL
            .iter()
            .position(|s| s.name == set)
        {
            app.encode.set = i;
        }
    }
    if let Some(path) = &options.history {
        open_history(&mut app, path);
    }
    if let Some(note) = &options.note {
        app.say(crate::explorer::app::StatusKind::Error, note.clone());
    }
    app
}

/// `URISCOPE_TEST_PANIC=thread`: a background thread that panics, for
/// the test that the explorer goes on and shows it.
fn test_worker_panic() {
    let _ = std::thread::Builder::new()
        .name("test".into())
        .spawn(|| panic!("URISCOPE_TEST_PANIC=thread: a forced panic in a background thread"));
}

/// The error that ends the loop when the terminal is gone.
fn terminal_gone() -> io::Error {
    io::Error::new(
        io::ErrorKind::BrokenPipe,
        "the terminal is gone (hung up or closed)",
    )
}

/// Say, on the status line, what settled since the last look: a copy on
/// its way, a background thread's panic. `true` when something did.
fn look_around(app: &mut App, clipboard: &mut dyn Clipboard) -> bool {
    let mut changed = false;
    if let Some(outcome) = clipboard.settled() {
        let label = app.copying.take().unwrap_or_else(|| "the text".to_string());
        match outcome {
            Ok(to) => app.copied(&label, Ok(&to)),
            Err(e) => app.copied(&label, Err(e)),
        }
        changed = true;
    }
    if app.background_arrived() {
        changed = true;
    }
    if let Some(panic) = term::take_worker_panic() {
        app.say(
            crate::explorer::app::StatusKind::Error,
            format!("a background task failed (the explorer goes on): {panic}"),
        );
        changed = true;
    }
    changed
}

/// Draw, wait, apply, until the user quits, a signal ends the program,
/// or (with `back`, opened from the list view) Esc with no overlay open
/// goes back to the list. An error of the terminal (it is gone) ends it
/// too.
fn event_loop(
    app: &mut App,
    clipboard: &mut SystemClipboard,
    signals: &term::Signals,
    test_panic: Option<&str>,
    back: bool,
) -> io::Result<Ended> {
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    // The external parser engines answer here, from a thread of their own.
    let (engines_tx, engines_rx) = std::sync::mpsc::channel();
    let mut replies = event_batch::Replies::default();
    let mut engines_running = 0usize;
    let mut unread = true;
    if test_panic == Some("thread") {
        test_worker_panic();
    }
    loop {
        let mut area = Rect::default();
        terminal.draw(|f| {
            area = f.area();
            f.render_widget(&*app, area);
            if let Some(p) = crate::explorer::ui::cursor(app, area) {
                f.set_cursor_position(p);
            }
        })?;
        if test_panic == Some("1") {
            panic!("URISCOPE_TEST_PANIC=1: forced panic after the first draw");
        }
        // Wait for an event, a signal or a background answer. While
        // nothing is on its way (no join computing, no engine running, no
        // copy pending), no timer runs: the loop sleeps until woken.
        let mut redraw = false;
        loop {
            // Events crossterm may hold already (a burst cut at its most,
            // the list view's keys before this loop) are taken first.
            if std::mem::take(&mut unread) && poll(BURST_POLL)? {
                break;
            }
            let busy = app.background_pending() || engines_running > 0 || clipboard.busy();
            if term::wait(busy.then_some(SIGNAL_SLICE))? {
                break;
            }
            if term::terminal_gone() {
                return Err(terminal_gone());
            }
            if look_around(app, clipboard) {
                redraw = true;
                break;
            }
            if let Ok((url, results)) = engines_rx.try_recv() {
                engines_running = engines_running.saturating_sub(1);
                update(app, Action::EnginesDone(url, results));
                redraw = true;
                break;
            }
            match signals.take() {
                None => continue,
                Some(SignalAction::Exit(status)) => {
                    term::restore();
                    return Ok(Ended::Signal(status));
                }
                Some(SignalAction::Suspend) => term::suspend()?,
                Some(SignalAction::Redraw) => term::resume()?,
                Some(SignalAction::Resize) => {
                    redraw = true;
                    break;
                }
            }
            terminal.clear()?;
            redraw = true;
            break;
        }
        if redraw {
            continue;
        }
        // Everything that has arrived is one burst: one frame after it,
        // and a Ctrl-C in it quits before anything else is applied.
        let mut burst = vec![event::read()?];
        while burst.len() < MAX_BURST && poll(BURST_POLL)? {
            burst.push(event::read()?);
        }
        unread = burst.len() == MAX_BURST;
        let burst = replies.drop_replies(burst);
        if event_batch::quits(&burst) {
            return Ok(Ended::Quit);
        }
        for ev in event_batch::mend_escape_tails(burst) {
            let (first, then) = split_unbound_alt(app, ev);
            for ev in std::iter::once(first).chain(then) {
                if back && app.overlay.is_none() && is_esc(&ev) {
                    return Ok(Ended::Back);
                }
                // `then` is looked up in the state `first` left.
                let Some(action) = action_for_event(app, &ev, area) else {
                    continue;
                };
                let effect = update(app, action);
                if let Effect::RunEngines(url) = &effect {
                    run_engines(url.clone(), engines_tx.clone());
                    engines_running += 1;
                    continue;
                }
                if run_effect(app, effect, clipboard) {
                    return Ok(Ended::Quit);
                }
            }
        }
        look_around(app, clipboard);
    }
}

/// Whether `ev` is a press of Esc alone.
fn is_esc(ev: &Event) -> bool {
    matches!(ev, Event::Key(k) if k.code == KeyCode::Esc
        && k.modifiers.is_empty()
        && k.kind != crossterm::event::KeyEventKind::Release)
}

/// The explorer on `app`, opened from the list view on the terminal it
/// has set up: until Esc brings the list back ([`Ended::Back`]), the user
/// quits, or a signal ends the program.
pub fn explore_from_list(
    app: &mut App,
    clipboard: &mut SystemClipboard,
    signals: &term::Signals,
) -> io::Result<Ended> {
    event_loop(app, clipboard, signals, None, true)
}

/// The external parser engines found on this machine, run over `url` on a
/// thread; the answer goes to `tx` (dropped if the explorer has quit).
fn run_engines(
    url: String,
    tx: std::sync::mpsc::Sender<(String, Vec<crate::confuse::engines::EngineResults>)>,
) {
    use crate::confuse::engines::{available, run_with, EngineResults, Outcome};
    std::thread::spawn(move || {
        // A panic here is shown by the loop (the hook keeps it); the
        // overlay gets an answer all the same instead of waiting forever.
        let run = std::panic::catch_unwind(|| {
            let external: Vec<_> = available()
                .into_iter()
                .filter(|a| a.found && !a.engine.in_process())
                .map(|a| a.engine)
                .collect();
            let results = run_with(
                &external,
                &[url.as_str()],
                std::time::Duration::from_secs(20),
            );
            (external, results)
        });
        let results = match run {
            Ok((_, results)) => results,
            Err(_) => available()
                .into_iter()
                .filter(|a| a.found && !a.engine.in_process())
                .map(|a| EngineResults {
                    engine: a.engine,
                    outcomes: vec![Outcome::Rejected(
                        "the run of the engines failed (see the status line)".to_string(),
                    )],
                    elapsed: std::time::Duration::ZERO,
                })
                .collect(),
        };
        let _ = tx.send((url, results));
        term::wake();
    });
}

/// Whether an event is waiting; a wait cut short by a signal is "no".
fn poll(timeout: std::time::Duration) -> io::Result<bool> {
    term::poll_events(timeout)
}
