//! The explorer without a terminal: update and draw into a TestBackend, insta snapshots.

mod edit_rows;
mod explorer;
mod explorer_panes;
mod explorer_props;
mod habits;
mod history_search;
mod labels;
mod large;
mod notation;
mod panes_complete;
mod parsers_overlay;
mod password;
mod query_pane;
mod query_rows;
mod render;
mod render_panes;
mod render_whatwg;
mod resolve_layout;
mod rfc_overlay;
mod rfc_overlay_schemes;
mod room;
pub mod screen;
mod sections;
mod shape;
pub mod tui_program;
mod unwrap;
