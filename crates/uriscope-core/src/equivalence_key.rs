//! The key that groups URI-references equivalent on the RFC 3986 §6.2
//! ladder: what `uriscope dedupe` groups by and what the Python package's
//! `equivalence_key` gives each row of a column.

use crate::{normalize, NormalizeOptions};

/// The equivalence key of `text`: its normal form (RFC 3986 §6.2.2 and
/// §6.2.3, as [`normalize`] gives it under `options`), so that two
/// references with the same key are equivalent on some rung of the §6.2
/// ladder. `None` when `text` has no normal form (it is not a
/// URI-reference, or an IRI normalized as a URI): such a text is
/// equivalent only to its exact copies (§6.2.1), so a grouping keys it by
/// its own text.
///
/// ```
/// use uriscope_core::compare::equivalence_key;
/// let o = Default::default();
/// assert_eq!(equivalence_key("HTTP://Example.com:80/%7ea", o).as_deref(), Some("http://example.com/~a"));
/// assert_eq!(equivalence_key("http://example.com/~a", o), equivalence_key("http://EXAMPLE.com/%7Ea", o));
/// assert_eq!(equivalence_key("http://a b/", o), None);
/// ```
#[must_use]
pub fn equivalence_key(text: &str, options: NormalizeOptions) -> Option<String> {
    normalize(text, options).ok()
}
