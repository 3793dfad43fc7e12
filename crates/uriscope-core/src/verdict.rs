//! What an analysed input is, in one word and one phrase: the verdict every
//! surface prints (the explorer's Breakdown, `uriscope URI`, `parse` in
//! text, JSON and Markdown), computed here once.
//!
//! An input is a URI-reference (RFC 3986), else an IRI-reference that is
//! not a URI-reference (RFC 3987: non-ASCII characters where an IRI allows
//! them), else invalid. The verdict does not depend on the grammar the
//! report was read with: a report read as a URI that fails only for
//! non-ASCII characters is still called the IRI it is, so `parse` and the
//! explorer say the same of it (whether that counts as valid is the
//! caller's question: [`Report::is_valid`]).

use std::borrow::Cow;

use super::syntax::report::Report;
use super::{Code, RefKind, Severity};

/// The verdict on one input.
///
/// ```
/// use uriscope_core::{analyze, ParseOptions, component::RefKind, report::Verdict};
/// assert_eq!(Verdict::of(&analyze("http://a/b", Default::default())), Verdict::Uri(RefKind::Uri));
/// assert_eq!(Verdict::of(&analyze("../x", Default::default())).label(), "valid relative-path reference (RFC 3986 §4.2)");
/// // Read as a URI or as an IRI, an IRI is called an IRI.
/// let strict = analyze("http://a/é", Default::default());
/// let iri = analyze("http://a/é", ParseOptions::new().iri(true));
/// assert_eq!(Verdict::of(&strict), Verdict::Iri(RefKind::Uri));
/// assert_eq!(Verdict::of(&strict), Verdict::of(&iri));
/// assert_eq!(Verdict::of(&analyze("http://a b/<", Default::default())).label(), "invalid: 2 errors");
/// assert_eq!(Verdict::of(&analyze(r"C:\x\a b", Default::default())).label(), "invalid: a Windows path, not a URI");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A URI-reference of this kind (RFC 3986 §4.1).
    Uri(RefKind),
    /// An IRI-reference of this kind that is not a URI-reference (RFC 3987
    /// §2.2): its URI form is [`Verdict::uri_form`].
    Iri(RefKind),
    /// Neither: the grammar reports this many errors.
    Invalid {
        /// How many findings of severity error.
        errors: usize,
        /// What the input is instead, when it has a shape that stands for
        /// a URI (a Windows path, a Markdown link, …: [`super::shape`]).
        shape: Option<super::shape::ShapeKind>,
    },
}

impl Verdict {
    /// The verdict on the input of `report`, whichever grammar it was read
    /// with. Reading an invalid URI as an IRI costs a second parse, and only
    /// when every error is a non-ASCII character.
    #[must_use]
    pub fn of(report: &Report<'_>) -> Verdict {
        let mut errors = 0;
        let mut only_non_ascii = true;
        for (severity, code, n) in report.counts() {
            if severity == Severity::Error {
                errors += n;
                only_non_ascii &= code == Code::NonAscii;
            }
        }
        if errors == 0 {
            return if report.input.is_ascii() {
                Verdict::Uri(report.uri.kind())
            } else {
                Verdict::Iri(report.uri.kind())
            };
        }
        if only_non_ascii && !report.options().iri {
            if let Ok(u) = super::parse_iri(report.input) {
                return Verdict::Iri(u.kind());
            }
        }
        let shape = super::shape::recognize(report).map(|s| s.kind);
        Verdict::Invalid { errors, shape }
    }

    /// A URI-reference: what `parse` without `--iri` accepts.
    #[must_use]
    pub fn is_uri(self) -> bool {
        matches!(self, Verdict::Uri(_))
    }

    /// A URI-reference or an IRI-reference: what the explorer and
    /// `parse --iri` accept.
    #[must_use]
    pub fn is_iri(self) -> bool {
        !matches!(self, Verdict::Invalid { .. })
    }

    /// One word for programs: `uri`, `iri` or `invalid` (the `verdict` of
    /// `parse --json`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Uri(_) => "uri",
            Verdict::Iri(_) => "iri",
            Verdict::Invalid { .. } => "invalid",
        }
    }

    /// The phrase every surface prints: `valid URI (RFC 3986 §3)`, `valid
    /// relative-path reference (RFC 3986 §4.2)`, `valid IRI (RFC 3987) —
    /// not a URI`, `invalid: 3 errors`. Its first word is `valid` or
    /// `invalid`, which a surface may color.
    #[must_use]
    pub fn label(self) -> Cow<'static, str> {
        use RefKind::*;
        Cow::Borrowed(match self {
            Verdict::Uri(Uri) => "valid URI (RFC 3986 §3)",
            Verdict::Uri(NetworkPath) => "valid network-path reference (RFC 3986 §4.2)",
            Verdict::Uri(AbsolutePath) => "valid absolute-path reference (RFC 3986 §4.2)",
            Verdict::Uri(RelativePath) => "valid relative-path reference (RFC 3986 §4.2)",
            Verdict::Uri(SameDocument) => "valid same-document reference (RFC 3986 §4.4)",
            Verdict::Iri(Uri) => "valid IRI (RFC 3987) — not a URI",
            Verdict::Iri(NetworkPath) => {
                "valid IRI network-path reference (RFC 3987) — not a URI reference"
            }
            Verdict::Iri(AbsolutePath) => {
                "valid IRI absolute-path reference (RFC 3987) — not a URI reference"
            }
            Verdict::Iri(RelativePath) => {
                "valid IRI relative-path reference (RFC 3987) — not a URI reference"
            }
            Verdict::Iri(SameDocument) => {
                "valid IRI same-document reference (RFC 3987) — not a URI reference"
            }
            Verdict::Invalid { shape: Some(k), .. } => {
                return Cow::Owned(format!("invalid: {}, not a URI", k.name()))
            }
            Verdict::Invalid { errors: 1, .. } => "invalid: 1 error",
            Verdict::Invalid { errors, .. } => {
                return Cow::Owned(format!("invalid: {errors} errors"))
            }
        })
    }

    /// For an IRI, its URI form by the RFC 3987 §3.1 mapping (UTF-8
    /// escapes, the host through IDNA), or why there is none; `None` for
    /// a URI or an invalid input.
    #[must_use]
    pub fn uri_form(self, input: &str) -> Option<Result<Cow<'_, str>, super::iri::IriError>> {
        matches!(self, Verdict::Iri(_)).then(|| super::iri::iri_to_uri(input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ParseOptions};

    #[track_caller]
    fn both(input: &str) -> Verdict {
        let strict = Verdict::of(&analyze(input, Default::default()));
        let iri = Verdict::of(&analyze(input, ParseOptions { iri: true }));
        // An invalid input's error count is the grammar's own (non-ASCII
        // characters are errors of the URI grammar only).
        assert_eq!(
            strict.as_str(),
            iri.as_str(),
            "{input:?}: the grammar read changed the verdict"
        );
        if strict.is_iri() {
            assert_eq!(strict, iri, "{input:?}");
        }
        iri
    }

    #[test]
    fn every_kind_of_reference_has_its_label() {
        assert_eq!(both("http://a/b").label(), "valid URI (RFC 3986 §3)");
        assert_eq!(both("//h/p"), Verdict::Uri(RefKind::NetworkPath));
        assert_eq!(both("/p"), Verdict::Uri(RefKind::AbsolutePath));
        assert_eq!(both("p"), Verdict::Uri(RefKind::RelativePath));
        assert_eq!(both("#f"), Verdict::Uri(RefKind::SameDocument));
        assert_eq!(both("//ü/p"), Verdict::Iri(RefKind::NetworkPath));
        assert_eq!(
            both("ü").label(),
            "valid IRI relative-path reference (RFC 3987) — not a URI reference"
        );
        assert_eq!(
            both("https://he.wikipedia.org/wiki/ירושלים").label(),
            "valid IRI (RFC 3987) — not a URI"
        );
    }

    #[test]
    fn an_invalid_input_counts_its_errors_in_either_grammar() {
        assert_eq!(
            both("http://a b/<"),
            Verdict::Invalid {
                errors: 2,
                shape: None
            }
        );
        assert_eq!(both("http://a b/<").label(), "invalid: 2 errors");
        // Non-ASCII beside other errors: invalid as a URI (3 errors) and
        // as an IRI (2).
        assert_eq!(both("http://a/é b<").label(), "invalid: 2 errors");
        assert_eq!(
            Verdict::of(&analyze("http://a/é b<", Default::default())).label(),
            "invalid: 3 errors"
        );
        // A shape says what the input is instead.
        assert_eq!(
            both("http://a/é b").label(),
            "invalid: a URL with spaces, not a URI"
        );
        // A bidi control is never allowed in an IRI (RFC 3987 §4.1).
        assert!(!both("http://a/\u{202e}x").is_iri());
    }

    #[cfg(feature = "idna")] // IDNA forms of hosts
    #[test]
    fn the_uri_form_is_offered_for_an_iri_only() {
        let v = both("https://münchen.de/ü");
        assert_eq!(
            v.uri_form("https://münchen.de/ü").unwrap().unwrap(),
            "https://xn--mnchen-3ya.de/%C3%BC"
        );
        assert!(both("http://a/").uri_form("http://a/").is_none());
    }
}
