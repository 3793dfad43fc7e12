//! The components of an analysed input as written, for valid and invalid
//! input alike: what `uriscope parse --json` prints and what the Python
//! package's `parse` answers, read here once.

use crate::component::HostKind;
use crate::{Report, Span};

/// The components of a [`Report`]'s input, as written (RFC 3986 §3).
///
/// For a valid reference they are the grammar's; for an invalid one they
/// are the Appendix B split (scheme, authority, path, query, fragment),
/// which reads any text, and there is no userinfo, host or port: the split
/// has no sub-components, and the strict parser's, stepping over errors,
/// would name a host the input does not have.
///
/// ```
/// let r = uriscope_core::analyze("http://u@h:8/p?q#f", Default::default());
/// let c = r.components();
/// assert_eq!((c.userinfo, c.host, c.port), (Some("u"), Some("h"), Some("8")));
/// let bad = uriscope_core::analyze("http://h/a b?q", Default::default());
/// let c = bad.components();
/// assert_eq!((c.authority, c.host, c.path), (Some("h"), None, "/a b"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AsWritten<'a> {
    /// The scheme (§3.1).
    pub scheme: Option<&'a str>,
    /// The authority (§3.2), without `//`.
    pub authority: Option<&'a str>,
    /// The userinfo (§3.2.1), without `@`: valid input only.
    pub userinfo: Option<&'a str>,
    /// The host (§3.2.2), brackets included: valid input only.
    pub host: Option<&'a str>,
    /// What the host is: valid input only.
    pub host_kind: Option<HostKind>,
    /// The port (§3.2.3), possibly empty: valid input only.
    pub port: Option<&'a str>,
    /// The path (§3.3): always present, possibly empty.
    pub path: &'a str,
    /// The query (§3.4), without `?`.
    pub query: Option<&'a str>,
    /// The fragment (§3.5), without `#`.
    pub fragment: Option<&'a str>,
}

impl<'a> Report<'a> {
    /// The input's components as written: the grammar's for a valid
    /// reference, the Appendix B split for an invalid one (see
    /// [`AsWritten`]).
    #[must_use]
    pub fn components(&self) -> AsWritten<'a> {
        let s = self.input;
        let u = &self.uri;
        if !self.is_valid() {
            let p = &self.split;
            let txt = |sp: Option<Span>| sp.map(|x| x.slice(s));
            return AsWritten {
                scheme: txt(p.scheme),
                authority: txt(p.authority),
                path: p.path.slice(s),
                query: txt(p.query),
                fragment: txt(p.fragment),
                ..AsWritten::default()
            };
        }
        let auth = u.authority_parts();
        AsWritten {
            scheme: u.scheme(),
            authority: u.authority(),
            userinfo: auth.and_then(|a| a.userinfo).map(|x| x.slice(s)),
            host: auth.map(|a| a.host.span.slice(s)),
            host_kind: auth.map(|a| a.host.kind),
            port: auth.and_then(|a| a.port).map(|x| x.slice(s)),
            path: u.path(),
            query: u.query(),
            fragment: u.fragment(),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::{analyze, ParseOptions};

    proptest! {
        /// Valid or not, the components are slices of the input at the
        /// places the Appendix B split gives for the five main ones, and a
        /// valid reference's are the parsed reference's.
        #[test]
        fn the_components_are_the_splits_or_the_grammars(s in "[a-z:/?#@\\[\\]%. 0-9]{0,24}") {
            let r = analyze(&s, ParseOptions::default());
            let c = r.components();
            let at = |sp: Option<crate::Span>| sp.map(|x| x.slice(&s));
            prop_assert_eq!(c.scheme, at(r.split.scheme));
            prop_assert_eq!(c.authority, at(r.split.authority));
            prop_assert_eq!(c.path, r.split.path.slice(&s));
            prop_assert_eq!(c.query, at(r.split.query));
            prop_assert_eq!(c.fragment, at(r.split.fragment));
            if r.is_valid() {
                prop_assert_eq!(c.host, r.uri.host());
                prop_assert_eq!(c.port, r.uri.port());
                prop_assert_eq!(c.userinfo, r.uri.userinfo());
            } else {
                prop_assert_eq!((c.userinfo, c.host, c.host_kind, c.port), (None, None, None, None));
            }
        }
    }
}
