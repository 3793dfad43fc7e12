//! The Compare pane's model: the input's RFC 3986 §6.2.2 / §6.2.3
//! normalization ladder, and its comparison with the text of a second
//! field up the §6.2 ladder. Drawn by `ui::compare`.

use super::{App, CopyEntry, Editor, ViewScroll};

/// The Compare pane's own state.
#[derive(Clone, Debug, Default)]
pub struct CompareView {
    /// The second URI, compared with the input.
    pub text: Editor,
    /// Scroll of the view.
    pub scroll: ViewScroll,
}
use crate::uri::equivalence::equivalence_with;
use crate::uri::{
    normalize, normalize_str, Equivalence, Normalization, NormalizeError, NormalizeOptions,
    ParseOptions,
};

/// The options of the pane: the explorer reads its input as an
/// IRI-reference (RFC 3987), as the Breakdown does, so normalization and
/// comparison follow RFC 3987 §5.3 (which is RFC 3986 §6.2 for a URI).
pub const OPTIONS: NormalizeOptions = NormalizeOptions {
    syntax_only: false,
    ipv6_rfc5952: false,
    keep_encoded_dots: false,
    iri: true,
};

/// The input's normalization, rung by rung.
pub fn normalization(app: &App) -> Result<Normalization, NormalizeError> {
    normalize(app.input.text(), OPTIONS)
}

/// The comparison of the input with the compare field, or `None` while
/// that field is empty.
pub fn comparison(app: &App) -> Option<Result<Equivalence, NormalizeError>> {
    let other = app.compare.text.text();
    (!other.is_empty()).then(|| equivalence_with(app.input.text(), other, OPTIONS))
}

/// The syntax-based (§6.2.2 only) normal form of `s`.
pub fn syntax_normal(s: &str) -> Option<String> {
    normalize_str(
        s,
        NormalizeOptions {
            syntax_only: true,
            ..OPTIONS
        },
    )
    .ok()
}

/// The normalized input (the fast path, equal to the ladder's result;
/// an input that does not parse offers nothing, without building the
/// error's findings).
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    let input = app.input.text();
    if crate::uri::parse_with(input, ParseOptions { iri: true }).is_err() {
        return Vec::new();
    }
    match normalize_str(input, OPTIONS) {
        Ok(text) => vec![CopyEntry {
            label: "normalized".into(),
            text,
        }],
        Err(_) => Vec::new(),
    }
}
