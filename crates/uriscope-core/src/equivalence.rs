//! RFC 3986 §6.2: the comparison ladder. Two URIs are compared by simple
//! string comparison (§6.2.1), then after syntax-based normalization
//! (§6.2.2), then after scheme-based normalization (§6.2.3), then with
//! their hosts in IDNA A-label form where the scheme's host is a DNS name
//! (RFC 3987 §5.3.3); the first rung at which they become equal is
//! reported.

use std::fmt;

use crate::normalize::fast::normalize;
use crate::normalize::idna::{fold, Refused};
use crate::normalize::{unfolded, NormalizeError, NormalizeOptions};
use crate::{parse_with, ParseOptions};

/// A rung of the §6.2 comparison ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComparisonRung {
    /// §6.2.1: the strings are identical.
    SimpleString,
    /// §6.2.2: equal after case, percent-encoding and path segment normalization.
    SyntaxBased,
    /// §6.2.3: equal after scheme-based normalization as well.
    SchemeBased,
    /// RFC 3987 §5.3.3: equal once a DNS host is in its IDNA A-label form
    /// (`résumé.example.org` and `xn--rsum-bpad.example.org`).
    Idna,
}

impl ComparisonRung {
    /// `simple-string`, `syntax-based`, `scheme-based` or `idna`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ComparisonRung::SimpleString => "simple-string",
            ComparisonRung::SyntaxBased => "syntax-based",
            ComparisonRung::SchemeBased => "scheme-based",
            ComparisonRung::Idna => "idna",
        }
    }

    /// The section of RFC 3986 that defines the rung.
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            ComparisonRung::SimpleString => "RFC 3986 §6.2.1",
            ComparisonRung::SyntaxBased => "RFC 3986 §6.2.2",
            ComparisonRung::SchemeBased => "RFC 3986 §6.2.3",
            ComparisonRung::Idna => "RFC 3987 §5.3.3",
        }
    }
}

impl fmt::Display for ComparisonRung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer of [`equivalence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equivalence {
    /// The first rung at which the two became equal, or `None` if they never did.
    pub rung: Option<ComparisonRung>,
    /// The normal forms compared on the last rung tried (scheme-based,
    /// hosts in IDNA A-label form).
    pub normalized: (String, String),
    /// The scheme-based normal forms before their hosts were put in IDNA
    /// A-label form, when that changed either (`None`: they are
    /// [`normalized`](Equivalence::normalized)).
    pub scheme_based: Option<(String, String)>,
    /// When not equivalent and the hosts differ: why a host was kept as
    /// written, IDNA having refused it (RFC 3987 §5.3.3), naming the
    /// label at fault. [`verdict`](Equivalence::verdict) says it.
    pub idna_refused: Option<String>,
    /// When not equivalent: the components that still differ after the last
    /// rung, among `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`.
    pub differs: Vec<&'static str>,
    /// When not equivalent only because `%2E` dot segments are kept encoded
    /// ([`NormalizeOptions::keep_encoded_dots`]): a sentence saying so,
    /// naming `--keep-encoded-dots`.
    pub hint: Option<String>,
}

impl Equivalence {
    /// Whether the two are equivalent on some rung.
    #[must_use]
    pub fn is_equivalent(&self) -> bool {
        self.rung.is_some()
    }

    /// The verdict as every surface says it: `equivalent (syntax-based,
    /// RFC 3986 §6.2.2)`, or `not equivalent: host and query differ`,
    /// followed by why a host was kept as written when IDNA refused it.
    ///
    /// ```
    /// use uriscope_core::compare::equivalence;
    /// let e = equivalence("http://a/x?q", "http://b/x", Default::default()).unwrap();
    /// assert_eq!(e.verdict(), "not equivalent: host and query differ");
    /// let e = equivalence("http://a/%7e", "http://a/~", Default::default()).unwrap();
    /// assert_eq!(e.verdict(), "equivalent (syntax-based, RFC 3986 §6.2.2)");
    /// ```
    #[must_use]
    pub fn verdict(&self) -> String {
        if let Some(r) = self.rung {
            return format!("equivalent ({}, {})", r.name(), r.section());
        }
        let names = match self.differs.as_slice() {
            [] => "the normal forms".to_string(),
            [one] => (*one).to_string(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        let verb = if self.differs.len() == 1 {
            "differs"
        } else {
            "differ"
        };
        match &self.idna_refused {
            Some(why) => format!("not equivalent: {names} {verb}; {why}"),
            None => format!("not equivalent: {names} {verb}"),
        }
    }
}

/// Compare `a` and `b` up the §6.2 ladder under normalization options
/// (`syntax_only` is ignored: both normal forms are computed;
/// `keep_encoded_dots`, `iri` and `ipv6_rfc5952` apply to both rungs).
///
/// ```
/// use uriscope_core::{compare::equivalence, compare::ComparisonRung, NormalizeOptions};
/// let e = equivalence("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Default::default()).unwrap();
/// assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
/// let e = equivalence("http://example.com", "http://example.com:80/", Default::default()).unwrap();
/// assert_eq!(e.rung, Some(ComparisonRung::SchemeBased));
/// let e = equivalence("http://a/x?q", "http://b/x", Default::default()).unwrap();
/// assert_eq!(e.differs, ["host", "query"]);
/// // §6.2.2.2 decodes %2E, then §6.2.2.3 removes the dot segment.
/// let e = equivalence("http://a/%2E/b", "http://a/./b", Default::default()).unwrap();
/// assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
/// let o = NormalizeOptions::new().keep_encoded_dots(true);
/// let e = equivalence("http://a/%2E/b", "http://a/./b", o).unwrap();
/// assert!(e.hint.unwrap().contains("--keep-encoded-dots"));
/// let o = NormalizeOptions::new().iri(true);
/// let e = equivalence("http://ü.example/straße", "HTTP://ü.example/stra%C3%9Fe", o).unwrap();
/// assert_eq!(e.rung, Some(ComparisonRung::SyntaxBased));
/// ```
pub fn equivalence(
    a: &str,
    b: &str,
    options: NormalizeOptions,
) -> Result<Equivalence, NormalizeError> {
    let full = NormalizeOptions {
        syntax_only: false,
        ..options
    };
    let syntax = NormalizeOptions {
        syntax_only: true,
        ..full
    };
    let (sa, sb) = (normalize(a, syntax)?, normalize(b, syntax)?);
    let (ca, fa, why_a) = scheme_based_forms(a, full)?;
    let (cb, fb, why_b) = scheme_based_forms(b, full)?;
    let rung = if a == b {
        Some(ComparisonRung::SimpleString)
    } else if sa == sb {
        Some(ComparisonRung::SyntaxBased)
    } else if ca.as_ref().unwrap_or(&fa) == cb.as_ref().unwrap_or(&fb) {
        Some(ComparisonRung::SchemeBased)
    } else if fa == fb {
        Some(ComparisonRung::Idna)
    } else {
        None
    };
    let differs = if rung.is_some() {
        Vec::new()
    } else {
        differing_components(&fa, &fb, full.iri)
    };
    let idna_refused = match (why_a, why_b) {
        _ if !differs.contains(&"host") => None,
        (Some(x), Some(y)) => Some(format!("the first host {x}; the second host {y}")),
        (Some(x), None) => Some(format!("the first host {x}")),
        (None, Some(y)) => Some(format!("the second host {y}")),
        (None, None) => None,
    };
    let scheme_based = (ca.is_some() || cb.is_some()).then(|| {
        (
            ca.unwrap_or_else(|| fa.clone()),
            cb.unwrap_or_else(|| fb.clone()),
        )
    });
    let hint = if rung.is_none() && full.keep_encoded_dots {
        let decoded = NormalizeOptions {
            keep_encoded_dots: false,
            ..full
        };
        let equal = normalize(a, decoded)? == normalize(b, decoded)?;
        equal.then(|| {
            "they differ only because --keep-encoded-dots keeps \"%2E\" dot segments \
             encoded (decoding one creates a \".\" or \"..\" segment that remove_dot_segments \
             then removes, RFC 3986 §6.2.2.2-§6.2.2.3); without it they are equivalent"
                .to_string()
        })
    } else {
        None
    };
    Ok(Equivalence {
        rung,
        normalized: (fa, fb),
        scheme_based,
        idna_refused,
        differs,
        hint,
    })
}

/// The scheme-based normal form of `input` before the IDNA rung when that
/// rung changed it, the form after it, and why the rung kept the host when
/// IDNA refused it.
fn scheme_based_forms(
    input: &str,
    options: NormalizeOptions,
) -> Result<(Option<String>, String, Option<String>), NormalizeError> {
    let (unfolded, may_fold) = unfolded(input, options)?;
    if !may_fold {
        return Ok((None, unfolded, None));
    }
    let (folded, refused): (String, Option<Refused>) = fold(unfolded.clone(), options.iri);
    let why = refused.map(|r| {
        format!(
            "has no IDNA A-label form to compare (RFC 3987 §5.3.3): {}",
            r.error
        )
    });
    if folded == unfolded {
        return Ok((None, folded, why));
    }
    Ok((Some(unfolded), folded, why))
}

/// The names of the components in which two valid URI-references (IRI-references with `iri`) differ.
fn differing_components(a: &str, b: &str, iri: bool) -> Vec<&'static str> {
    let po = ParseOptions { iri };
    let (Ok(ua), Ok(ub)) = (parse_with(a, po), parse_with(b, po)) else {
        return vec!["uri"];
    };
    let pairs = [
        ("scheme", ua.scheme(), ub.scheme()),
        ("userinfo", ua.userinfo(), ub.userinfo()),
        ("host", ua.host(), ub.host()),
        ("port", ua.port(), ub.port()),
        ("path", Some(ua.path()), Some(ub.path())),
        ("query", ua.query(), ub.query()),
        ("fragment", ua.fragment(), ub.fragment()),
    ];
    pairs
        .into_iter()
        .filter(|(_, x, y)| x != y)
        .map(|(name, _, _)| name)
        .collect()
}
