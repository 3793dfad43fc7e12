//! The Parsers overlay's model (issue 17, F9): the URL at the time it
//! opened, the allowlist host being typed, and the external engines'
//! readings once they arrive. Opening it asks the main loop to run the
//! external engines ([`Effect::RunEngines`](super::Effect::RunEngines)) in
//! the background; their answer comes back as
//! [`Action::EnginesDone`](super::Action::EnginesDone). The in-process
//! engines are read when drawing (`ui::parsers`).

use super::Editor;
use crate::confuse::engines::EngineResults;

/// The overlay's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsersView {
    /// The URL the engines read (the input when the overlay opened).
    pub url: String,
    /// The host to test the naive allowlist checks against.
    pub allow: Editor,
    /// The external engines' answers, once the main loop has them.
    pub external: Option<Vec<EngineResults>>,
}

impl ParsersView {
    /// The overlay for `url`, external engines pending.
    pub fn new(url: &str) -> ParsersView {
        ParsersView {
            url: url.to_string(),
            allow: Editor::new(""),
            external: None,
        }
    }
}
