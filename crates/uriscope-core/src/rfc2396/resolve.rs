//! RFC 2396 §5.2: resolving a relative reference against a base, steps 1–7,
//! with step 6 done on a string buffer ([`super::step6`]), every step traced.
//!
//! The 1998 algorithm is followed as written, quirks included: a query-only
//! reference drops the base's last segment (`?y` → `http://a/b/c/?y`), an
//! absolute-path reference keeps its dot segments (`/./g` → `http://a/./g`),
//! and `..` above the root is kept by default (`../../../g` → `http://a/../g`).

use std::fmt;

use super::step6::{self, NoTrace, Record};
use crate::resolution::excerpt::excerpt;
use crate::{split, Parts, Split};

/// What step 6g does when the merged path still begins with `..`
/// segments: RFC 2396 calls the reference "in error" and lets an
/// implementation keep them, remove them or refuse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AboveRoot {
    /// Retain them in the resolved path, as Appendix C does: `http://a/../g`.
    #[default]
    Keep,
    /// Discard the levels above the root: `http://a/g` (what RFC 3986 does).
    Remove,
    /// Avoid traversal: [`resolve`] returns a [`ResolveError`].
    Error,
}

/// Resolution options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The step 6g policy.
    pub above_root: AboveRoot,
}

/// One step of the §5.2 algorithm, ready to render as one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step: `"1"` to `"7"`, or `"6a"` to `"6h"`.
    pub rule: &'static str,
    /// What the step did, in the RFC's words.
    pub description: String,
    /// For steps 6a–6h, the string buffer after the step. For the other
    /// steps, the target's components so far (`scheme="http" authority=…
    /// path=… query=undefined …`; undefined and empty differ), and after
    /// step 7 (or a step that ends early) the result.
    pub buffer: String,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} -> {}", self.rule, self.description, self.buffer)
    }
}

/// A resolved reference and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The absolute form of the reference.
    pub target: String,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Step 2 found a reference to the current document (empty, or only a
    /// fragment): the target is the base (without its fragment) plus the
    /// reference's fragment, and no retrieval is implied (§4.2).
    pub same_document: bool,
    /// Where this resolution meets a known quirk of the 1998 algorithm, in words.
    pub notes: Vec<String>,
}

/// Why a reference could not be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveErrorKind {
    /// The base has no scheme (§5.2: "only the scheme component is required").
    BaseWithoutScheme,
    /// Step 6g under [`AboveRoot::Error`]: the merged path (the `String`)
    /// still begins with `..`.
    AboveRoot(String),
}

/// A failed resolution: what failed, and the steps up to the failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    /// What failed.
    pub kind: ResolveErrorKind,
    /// The base as given.
    pub base: String,
    /// The reference as given.
    pub reference: String,
    /// The steps taken before the failure.
    pub steps: Vec<Step>,
}

/// The reference, the base and the buffer are quoted whole up to
/// [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes and
/// elided in the middle past it, as the trace's rows are.
impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ResolveErrorKind::BaseWithoutScheme => write!(
                f,
                "cannot resolve \"{}\": the base \"{}\" has no scheme, and RFC 2396 §5.2 \
                 requires at least the base's scheme",
                excerpt(&self.reference).escape_debug(),
                excerpt(&self.base).escape_debug()
            ),
            ResolveErrorKind::AboveRoot(buf) => write!(
                f,
                "cannot resolve \"{}\" against \"{}\": the merged path \"{}\" still begins with \
                 \"..\", above the root; RFC 2396 §5.2 step 6g calls the reference in error \
                 (policy AboveRoot::Error)",
                excerpt(&self.reference).escape_debug(),
                excerpt(&self.base).escape_debug(),
                excerpt(buf).escape_debug()
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Why `base` or `reference` is not a valid RFC 3986 URI-reference (the
/// check `resolve --rfc2396` makes before the 1998 algorithm runs): "the
/// base is not a valid URI-reference: " and the first error's message.
/// Only the first error is recorded, so an input of 10 MB with an error
/// on every other byte costs what it weighs, not a report of five
/// million findings.
///
/// ```
/// use uriscope_core::rfc2396::check_rfc3986;
/// assert!(check_rfc3986("http://a/b", "../c").is_ok());
/// let e = check_rfc3986("http://a/b", "x y").unwrap_err();
/// assert!(e.starts_with("the reference is not a valid URI-reference: a space"), "{e}");
/// ```
pub fn check_rfc3986(base: &str, reference: &str) -> Result<(), String> {
    use crate::syntax::parse::{first_errors, parse, ParseOptions};
    for (what, s) in [("base", base), ("reference", reference)] {
        if parse(s).is_err() {
            let why = first_errors(s, ParseOptions::default(), 1)
                .first()
                .map_or(String::new(), |f| format!(": {}", f.message));
            return Err(format!("the {what} is not a valid URI-reference{why}"));
        }
    }
    Ok(())
}

/// Resolve `reference` against `base` by RFC 2396 §5.2, steps 1–7.
///
/// ```
/// use uriscope_core::rfc2396::{resolve, AboveRoot, Options};
/// let base = "http://a/b/c/d;p?q";
/// let r = resolve(base, "?y", Options::default()).unwrap();
/// assert_eq!(r.target, "http://a/b/c/?y"); // RFC 3986: http://a/b/c/d;p?y
/// let r = resolve(base, "../../../g", Options::default()).unwrap();
/// assert_eq!(r.target, "http://a/../g");
/// let remove = Options { above_root: AboveRoot::Remove };
/// assert_eq!(resolve(base, "../../../g", remove).unwrap().target, "http://a/g");
/// let error = Options { above_root: AboveRoot::Error };
/// assert!(resolve(base, "../../../g", error).is_err());
/// ```
pub fn resolve(base: &str, reference: &str, options: Options) -> Result<Resolution, ResolveError> {
    resolve_recorded(base, reference, options, Vec::new())
}

/// [`resolve`] without the trace: only the target (steps 6c and 6e in one
/// pass each, no rows built). On error, [`ResolveError::steps`] is empty.
///
/// ```
/// use uriscope_core::rfc2396::{resolve_target, Options};
/// let t = resolve_target("http://a/b/c/d;p?q", "g;x=1/../y", Options::default()).unwrap();
/// assert_eq!(t, "http://a/b/c/y");
/// ```
pub fn resolve_target(
    base: &str,
    reference: &str,
    options: Options,
) -> Result<String, ResolveError> {
    resolve_recorded(base, reference, options, NoTrace).map(|r| r.target)
}

/// How many steps [`resolve`]'s trace has (on error, the steps of the
/// error), without writing them: the explorer's stepped table needs its
/// length at each Ctrl-N after an edit.
///
/// ```
/// use uriscope_core::rfc2396::{resolve, trace_len, Options};
/// let base = "http://a/b/c/d;p?q";
/// let n = resolve(base, "../g", Options::default()).unwrap().steps.len();
/// assert_eq!(trace_len(base, "../g", Options::default()), n);
/// ```
#[must_use]
pub fn trace_len(base: &str, reference: &str, options: Options) -> usize {
    let mut count = super::step6::Count::default();
    let _ = resolve_recorded(base, reference, options, &mut count);
    count.0
}

/// Steps 1–7, the steps kept by `steps`.
fn resolve_recorded<R: Record>(
    base: &str,
    reference: &str,
    options: Options,
    mut steps: R,
) -> Result<Resolution, ResolveError> {
    let b = split(base);
    let r = split(reference);
    let base_parts = parts(base, &b);
    let ref_parts = parts(reference, &r);
    let mut notes = Vec::new();
    let fail = |kind, steps| ResolveError {
        kind,
        base: base.to_string(),
        reference: reference.to_string(),
        steps,
    };

    steps.push_with(|| Step {
        rule: "1",
        description: "parsed the reference into its four components and fragment (§4.3)"
            .to_string(),
        buffer: show(&ref_parts),
    });
    if base_parts.scheme.is_none() {
        return Err(fail(
            ResolveErrorKind::BaseWithoutScheme,
            steps.into_steps(),
        ));
    }

    // Step 2.
    if ref_parts.path.is_empty()
        && ref_parts.scheme.is_none()
        && ref_parts.authority.is_none()
        && ref_parts.query.is_none()
    {
        let current = Parts {
            fragment: ref_parts.fragment,
            ..base_parts
        };
        let target = current.recompose();
        steps.push_with(|| Step {
            rule: "2",
            description: "the path is empty and scheme, authority and query are undefined: \
                          a reference to the current document; done"
                .to_string(),
            buffer: target.clone(),
        });
        return Ok(Resolution {
            target,
            steps: steps.into_steps(),
            same_document: true,
            notes,
        });
    }
    steps.push_with(|| Step {
        rule: "2",
        description: "the query and fragment are the reference's own, not inherited from the base"
            .to_string(),
        buffer: show(&ref_parts),
    });

    // Step 3.
    if ref_parts.scheme.is_some() {
        let target = ref_parts.recompose();
        steps.push_with(|| Step {
            rule: "3",
            description: "the scheme is defined: the reference is an absolute URI; done"
                .to_string(),
            buffer: target.clone(),
        });
        return Ok(Resolution {
            target,
            steps: steps.into_steps(),
            same_document: false,
            notes,
        });
    }
    let mut t = Parts {
        scheme: base_parts.scheme,
        ..ref_parts
    };
    steps.push_with(|| Step {
        rule: "3",
        description: format!(
            "the scheme is undefined: inherited \"{}\" from the base",
            base_parts.scheme.unwrap_or_default()
        ),
        buffer: show(&t),
    });

    // Step 4.
    let path: String;
    let mut skip_to_7 = true;
    if ref_parts.authority.is_some() {
        steps.push_with(|| Step {
            rule: "4",
            description: "the authority is defined: a network-path reference; skip to step 7"
                .to_string(),
            buffer: show(&t),
        });
    } else {
        t.authority = base_parts.authority;
        let description = match base_parts.authority {
            Some(a) => format!("the authority is undefined: inherited \"{a}\" from the base"),
            None => "the authority is undefined, and undefined in the base too".to_string(),
        };
        steps.push_with(|| Step {
            rule: "4",
            description,
            buffer: show(&t),
        });
        // Step 5.
        if ref_parts.path.starts_with('/') {
            steps.push_with(|| Step {
                rule: "5",
                description:
                    "the path begins with \"/\": an absolute-path reference; skip to step 7"
                        .to_string(),
                buffer: show(&t),
            });
        } else {
            steps.push_with(|| Step {
                rule: "5",
                description: "the path does not begin with \"/\": a relative-path reference, \
                              merged with the base path in step 6"
                    .to_string(),
                buffer: show(&t),
            });
            skip_to_7 = false;
        }
    }
    if skip_to_7 {
        if has_dot_segment(ref_parts.path) {
            notes.push(
                "the path's \".\" / \"..\" segments stay: RFC 2396 only removes them from \
                 relative-path references (step 6); RFC 3986 removes them from every path"
                    .to_string(),
            );
        }
    } else {
        path = step_6(&base_parts, &ref_parts, options, &mut steps, &mut notes)
            .map_err(|buf| fail(ResolveErrorKind::AboveRoot(buf), steps.kept()))?;
        t.path = &path;
    }

    // Step 7.
    let target = t.recompose();
    steps.push_with(|| Step {
        rule: "7",
        description: "recombined scheme, authority, path, query and fragment".to_string(),
        buffer: target.clone(),
    });
    Ok(Resolution {
        target,
        steps: steps.into_steps(),
        same_document: false,
        notes,
    })
}

/// Step 6, a–h; on a 6g failure, the buffer.
fn step_6(
    base: &Parts<'_>,
    reference: &Parts<'_>,
    options: Options,
    steps: &mut impl Record,
    notes: &mut Vec<String>,
) -> Result<String, String> {
    if base.authority.is_none() && !base.path.starts_with('/') {
        notes.push(
            "the base is not hierarchical (opaque_part): RFC 2396 §5 says relative references \
             cannot be used with it; the steps were followed anyway"
                .to_string(),
        );
    } else if base.path.is_empty() {
        notes.push(
            "the base has an empty path: step 6a copies nothing, so the reference's path follows \
             the authority without a \"/\" (fixed in RFC 3986, Appendix D.2)"
                .to_string(),
        );
    }
    if reference.path.is_empty() {
        notes.push(
            "a reference with an empty path and a query drops the base's last segment in RFC 2396; \
             RFC 3986 keeps the whole base path (Appendix D.2)"
                .to_string(),
        );
    }
    let mut buf = step6::copy_base_directory(base.path, steps);
    step6::append_reference_path(&mut buf, reference.path, steps);
    step6::remove_dot_slash_segments(&mut buf, steps);
    step6::remove_trailing_dot_segment(&mut buf, steps);
    step6::remove_segment_dotdot_slash(&mut buf, steps);
    step6::remove_trailing_segment_dotdot(&mut buf, steps);
    if step6::begins_with_dotdot(&buf) && options.above_root == AboveRoot::Keep {
        notes.push("\"..\" above the root is kept (Appendix C); RFC 3986 removes it".to_string());
    }
    if step6::above_root(&mut buf, options.above_root, steps).is_err() {
        return Err(buf);
    }
    Ok(step6::take_path(buf, steps))
}

/// The components of an Appendix B split (§5.2: "parsed into the four main
/// components"; RFC 2396 Appendix B is the same expression).
fn parts<'a>(s: &'a str, p: &Split) -> Parts<'a> {
    Parts {
        scheme: p.scheme.map(|x| x.slice(s)),
        authority: p.authority.map(|x| x.slice(s)),
        path: p.path.slice(s),
        query: p.query.map(|x| x.slice(s)),
        fragment: p.fragment.map(|x| x.slice(s)),
    }
}

/// Whether `path` holds a complete `.` or `..` segment.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

/// The components, undefined told apart from empty.
/// Each component longer than
/// [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes is
/// shown as an excerpt, as step 6's rows are (a trace of a 64 KB URI
/// formatted it whole at every step).
fn show(p: &Parts<'_>) -> String {
    let q = |x: Option<&str>| x.map_or("undefined".to_string(), |s| quoted(&excerpt(s)));
    format!(
        "scheme={} authority={} path={} query={} fragment={}",
        q(p.scheme),
        q(p.authority),
        quoted(&excerpt(p.path)),
        q(p.query),
        q(p.fragment)
    )
}

/// `s` as `{:?}` writes it. Printable ASCII without `"` or `\` needs
/// no escape, so it is only put in quotes: `{:?}` looks each character
/// up in the printable tables, 3 ms for a trace of a 64 KB path (found
/// by replaying the `tui` fuzz corpus).
fn quoted(s: &str) -> String {
    if s.bytes()
        .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\')
    {
        let mut out = String::with_capacity(s.len() + 2);
        out.push('"');
        out.push_str(s);
        out.push('"');
        out
    } else {
        format!("{s:?}")
    }
}

#[cfg(test)]
mod quoted_tests {
    use super::{resolve, trace_len, AboveRoot, Options};
    use proptest::prelude::*;

    proptest! {
        /// The counted trace is as long as the written one, resolved or not.
        #[test]
        fn trace_len_counts_the_trace(
            base in "(http:)?(//a)?(/[a-z.]{0,3}){0,5}(\\?q)?",
            reference in "([a-z]{1,3}:)?(//b)?(/?[a-z.;=]{0,3}){0,8}(\\?x)?(#f)?",
            policy in 0usize..3,
        ) {
            let options = Options {
                above_root: [AboveRoot::Keep, AboveRoot::Remove, AboveRoot::Error][policy],
            };
            let want = match resolve(&base, &reference, options) {
                Ok(r) => r.steps.len(),
                Err(e) => e.steps.len(),
            };
            prop_assert_eq!(trace_len(&base, &reference, options), want);
        }

        /// Past the rows a trace keeps (6c, 6e), the count still agrees.
        #[test]
        fn trace_len_counts_long_removals(n in 0usize..400, dots in 0usize..300) {
            let reference = format!("{}{}g", "x/../".repeat(n), "./".repeat(dots));
            let base = "http://a/b/c/d;p?q";
            let want = resolve(base, &reference, Options::default()).map(|r| r.steps.len());
            prop_assert_eq!(Ok(trace_len(base, &reference, Options::default())), want.map_err(|_| ()));
        }

        /// An error quotes a long reference and base elided, not whole.
        #[test]
        fn an_error_message_is_bounded(n in 300usize..20_000, c in "[\u{15}é\u{301}a]") {
            let reference = format!("../../../{}", c.repeat(n));
            let error = Options { above_root: AboveRoot::Error };
            let e = resolve("http://a/b/c/d;p?q", &reference, error).unwrap_err();
            let m = e.to_string();
            prop_assert!(m.len() < 3_000 && m.contains("bytes elided"), "{}", m);
            let e = resolve(&reference, "g", Options::default()).unwrap_err();
            prop_assert!(e.to_string().len() < 3_000);
        }

        /// The fast path writes what `{:?}` writes.
        #[test]
        fn quoted_is_debug(s in any::<String>(), a in "[ -~]{0,20}") {
            prop_assert_eq!(super::quoted(&s), format!("{s:?}"));
            prop_assert_eq!(super::quoted(&a), format!("{a:?}"));
        }
    }
}
