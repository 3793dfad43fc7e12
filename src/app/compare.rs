//! The Normalize & compare pane's model: the input's RFC 3986 §6.2.2 /
//! §6.2.3 normalization ladder, and its comparison with the text of a
//! second field up the §6.2 ladder. Drawn by `ui::compare`.

use super::{App, CopyEntry};
use crate::uri::{
    equivalence, normalize, normalize_str, Equivalence, Normalization, NormalizeError,
    NormalizeOptions,
};

/// The input's normalization, rung by rung.
pub fn normalization(app: &App) -> Result<Normalization, NormalizeError> {
    normalize(app.input.text(), NormalizeOptions::default())
}

/// The comparison of the input with the compare field, or `None` while
/// that field is empty.
pub fn comparison(app: &App) -> Option<Result<Equivalence, NormalizeError>> {
    let other = app.compare.text();
    (!other.is_empty()).then(|| equivalence(app.input.text(), other))
}

/// The syntax-based (§6.2.2 only) normal form of `s`.
pub fn syntax_normal(s: &str) -> Option<String> {
    normalize_str(
        s,
        NormalizeOptions {
            syntax_only: true,
            ..NormalizeOptions::default()
        },
    )
    .ok()
}

/// The normalized input (the fast path, equal to the ladder's result;
/// an input that does not parse offers nothing, without building the
/// error's findings).
pub fn copy_entries(app: &App) -> Vec<CopyEntry> {
    let input = app.input.text();
    if crate::uri::parse(input).is_err() {
        return Vec::new();
    }
    match normalize_str(input, NormalizeOptions::default()) {
        Ok(text) => vec![CopyEntry {
            label: "normalized".into(),
            text,
        }],
        Err(_) => Vec::new(),
    }
}
