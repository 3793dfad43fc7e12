//! Reports of one analysed input, for every medium that shows one: the
//! plain-text breakdown ([`text`]: `uriscope URI | cat`, `uriscope parse`,
//! the explorer's Ctrl-Y) and the JSON object ([`json`]: `parse --json`).
//! The CLI and the explorer both write them from here; the findings come
//! merged from the core ([`crate::uri::lint::Linted`]).

pub mod analysis;
pub mod html;
pub mod json;
pub mod json_line;
pub mod markdown;
pub mod text;
pub mod trace;
