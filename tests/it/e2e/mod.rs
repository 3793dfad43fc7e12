//! The release binary in a real terminal: tmux send-keys / capture-pane, signals.

mod browser;
mod faults;
mod guardian;
mod idle;
mod skips;
pub mod tmux;
mod tmux_habits;
mod tmux_list;
mod tmux_panes;
pub(crate) mod tmux_signals;
mod x11_clipboard;
