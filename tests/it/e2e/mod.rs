//! The release binary in a real terminal: tmux send-keys / capture-pane, signals.

mod faults;
pub mod tmux;
mod tmux_panes;
pub(crate) mod tmux_signals;
pub(crate) mod x11_clipboard;
