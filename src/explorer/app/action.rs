//! What a key means ([`Action`]) and what the main loop must do about it
//! ([`Effect`]). The app layer never touches the terminal or clipboard.

use super::Pane;

/// One user intention, produced by the key table (or by a paste, a click,
/// a resize) and consumed by [`update`](super::update::update).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Leave the program.
    Quit,
    /// Leave the program from a bare key (`q` in a result view), which is
    /// easily typed by mistake: when a typed input was not kept, the
    /// first press asks and the second quits.
    QuitAsking,
    /// Open (or close) the help overlay.
    Help,
    /// Open the examples picker.
    Examples,
    /// Open (or close) the RFC's text for what is under the cursor or
    /// selected ([`citation`](super::citation)).
    Rfc,
    /// Open the Parsers overlay: every engine's reading of the input and
    /// the allowlist tester ([`parsers`](super::parsers)).
    Parsers,
    /// The external engines' readings of this URL arrived.
    EnginesDone(String, Vec<crate::confuse::engines::EngineResults>),
    /// Copy the focused result.
    CopyFocused,
    /// Open the copy chooser (every result the panes offer).
    CopyChooser,
    /// Move focus to the next field or pane.
    FocusNext,
    /// Move focus to the previous field or pane.
    FocusPrev,
    /// Focus the input line (a click on it).
    FocusInput,
    /// Focus and show a pane's view (a click on its tab).
    FocusPane(Pane),
    /// Focus a pane's text field and show the pane (a click on the
    /// field); its view when it has none.
    FocusField(Pane),
    /// Open the shown pane's rows whole, wrapped (Enter in its view).
    OpenWhole,
    /// Close the open overlay (Esc).
    Close,
    /// Commit the input to the history (Enter in the input line).
    Commit,
    /// Replace the input by the URI it most likely means, when it is a
    /// shape that is not a URI (a Windows path, a Markdown link, …:
    /// [`crate::uri::shape`]); one undo brings the input back.
    LoadLikely,

    /// Insert one typed character at the cursor.
    Insert(char),
    /// A printable key that is no command of the focused result view:
    /// focus the input line and type it there (as fzf and telescope do).
    TypeIntoInput(char),
    /// Insert pasted text as one edit (bracketed paste).
    Paste(String),
    /// Cursor one glyph left.
    Left,
    /// Cursor one glyph right.
    Right,
    /// Cursor to the previous component boundary.
    BoundaryLeft,
    /// Cursor to the next component boundary.
    BoundaryRight,
    /// Cursor to the start.
    Home,
    /// Cursor to the end.
    End,
    /// Delete the glyph before the cursor.
    Backspace,
    /// Delete the glyph under the cursor.
    Delete,
    /// Delete from the start to the cursor.
    KillToStart,
    /// Delete from the cursor to the end.
    KillToEnd,
    /// Delete back to the previous component boundary.
    KillBoundary,
    /// Undo the last edit.
    Undo,
    /// Redo the last edit undone.
    Redo,
    /// Show passwords in every pane for this session, or mask them again.
    RevealPasswords,
    /// List the Breakdown's findings every one, or grouped by kind again.
    ToggleFindings,
    /// The previous input from the history.
    HistoryPrev,
    /// The next input from the history.
    HistoryNext,
    /// Search the history: a list filtered as you type.
    HistorySearch,

    /// Scroll the view one line up.
    ScrollUp,
    /// Scroll the view one line down.
    ScrollDown,
    /// Scroll the view one page up.
    PageUp,
    /// Scroll the view one page down.
    PageDown,
    /// Go to the first row of the view or list (the first step of the
    /// Resolve pane's table).
    Top,
    /// Go to the last row of the view or list (every step of the Resolve
    /// pane's table).
    Bottom,
    /// Scroll the view left.
    ScrollLeft,
    /// Scroll the view right.
    ScrollRight,

    /// Resolve pane: show one more row of the stepped table.
    StepNext,
    /// Resolve pane: show one row less.
    StepPrev,
    /// Resolve pane: RFC 2396 §5.2 steps instead of RFC 3986's.
    ToggleRfc2396,
    /// Resolve pane: strict or compat (§5.4.2) for `http:g`.
    ToggleCompat,
    /// Encode pane: the next encode set.
    NextEncodeSet,
    /// Encode pane: the previous encode set.
    PrevEncodeSet,
    /// Breakdown: select the component row above.
    RowUp,
    /// Breakdown: select the component row below.
    RowDown,
    /// Breakdown: edit the selected component.
    EditRow,
    /// Query pairs: append a pair.
    PairAdd,
    /// Query pairs: delete the selected pair.
    PairDelete,
    /// Query pairs: move the selected pair up.
    PairMoveUp,
    /// Query pairs: move the selected pair down.
    PairMoveDown,
    /// Query pairs: sort them case-insensitively.
    PairSort,
    /// Query pairs: write the selected pair's spaces as `+` or `%20`.
    PairTogglePlus,
    /// Query pairs: edit the whole query as text.
    PairEditAll,

    /// Previous entry of the open list overlay.
    ListUp,
    /// Next entry of the open list overlay.
    ListDown,
    /// Take the selected entry of the open list overlay.
    ListPick,
}

/// What an [`Effect::Copy`] copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopySource {
    /// The focused result (Ctrl-Y): see [`App::focused_copy`](super::App::focused_copy).
    Focused,
    /// Row `n` of the copy chooser: see [`App::copy_entry`](super::App::copy_entry).
    Row(usize),
}

/// What the main loop must do after an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond redrawing.
    None,
    /// Restore the terminal and exit with status 0.
    Quit,
    /// Put the text of `source` on the clipboard, then report where it
    /// went with [`App::copied`](super::App::copied). The text is written
    /// when the effect runs ([`App::copy_of`](super::App::copy_of)), not
    /// when the key is read: a key costs what the state change costs, and a
    /// copy what it copies.
    Copy(CopySource),
    /// Append this input, kept with Enter, to the history file (only
    /// such inputs reach it).
    SaveHistory(String),
    /// Run the external parser engines on this URL in the background and
    /// answer with [`Action::EnginesDone`].
    RunEngines(String),
}
