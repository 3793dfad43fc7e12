//! RFC 3986 §5.2 resolution with a trace: the types the explorer's
//! resolution stepper renders, and [`resolve`], which fills them.

use crate::resolution::dot_segments::{remove_dot_segments_traced, DotSegmentsTrace};
use crate::resolution::target::{
    compat_drops_scheme, merge_prefix, parse_base, parse_reference, ResolveError, ResolveOptions,
    Subject,
};
use crate::Code;
use crate::{Finding, Parts, Severity, Span, UriRef};

/// The five components as owned text, each `None` when undefined (§5.3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// Scheme, without `:`.
    pub scheme: Option<String>,
    /// Authority, without `//`.
    pub authority: Option<String>,
    /// Path (always defined).
    pub path: String,
    /// Query, without `?`.
    pub query: Option<String>,
    /// Fragment, without `#`.
    pub fragment: Option<String>,
}

impl Components {
    /// The components of a parsed reference.
    pub fn of(u: &UriRef<'_>) -> Components {
        Components {
            scheme: u.scheme().map(str::to_string),
            authority: u.authority().map(str::to_string),
            path: u.path().to_string(),
            query: u.query().map(str::to_string),
            fragment: u.fragment().map(str::to_string),
        }
    }

    /// Borrowed view, for [`Parts::recompose`].
    #[must_use]
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            scheme: self.scheme.as_deref(),
            authority: self.authority.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
    }
}

/// The branch of the §5.2.2 pseudocode that produced the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// `if defined(R.scheme)`: the reference is absolute.
    ReferenceScheme,
    /// `if defined(R.authority)`: a network-path reference.
    ReferenceAuthority,
    /// `if (R.path == "")`: the base's path (and maybe query) is kept.
    EmptyPath,
    /// `if (R.path starts-with "/")`: an absolute-path reference.
    AbsolutePath,
    /// Otherwise: `merge(Base.path, R.path)` (§5.2.3).
    Merge,
}

impl Branch {
    /// A short kebab-case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Branch::ReferenceScheme => "reference-scheme",
            Branch::ReferenceAuthority => "reference-authority",
            Branch::EmptyPath => "empty-path",
            Branch::AbsolutePath => "absolute-path",
            Branch::Merge => "merge",
        }
    }

    /// The condition of the branch, quoted from the §5.2.2 pseudocode.
    #[must_use]
    pub fn condition(self) -> &'static str {
        match self {
            Branch::ReferenceScheme => "if defined(R.scheme) then",
            Branch::ReferenceAuthority => "if defined(R.authority) then",
            Branch::EmptyPath => "if (R.path == \"\") then",
            Branch::AbsolutePath => "if (R.path starts-with \"/\") then",
            Branch::Merge => "else (R.path is relative): T.path = merge(Base.path, R.path)",
        }
    }
}

/// The §5.2.2 pseudocode as RFC 3986 prints it (its six-space margin
/// removed), one line each, for [`Branch::quote`].
pub(crate) const PSEUDOCODE: [&str; 31] = [
    "if defined(R.scheme) then",
    "   T.scheme    = R.scheme;",
    "   T.authority = R.authority;",
    "   T.path      = remove_dot_segments(R.path);",
    "   T.query     = R.query;",
    "else",
    "   if defined(R.authority) then",
    "      T.authority = R.authority;",
    "      T.path      = remove_dot_segments(R.path);",
    "      T.query     = R.query;",
    "   else",
    "      if (R.path == \"\") then",
    "         T.path = Base.path;",
    "         if defined(R.query) then",
    "            T.query = R.query;",
    "         else",
    "            T.query = Base.query;",
    "         endif;",
    "      else",
    "         if (R.path starts-with \"/\") then",
    "            T.path = remove_dot_segments(R.path);",
    "         else",
    "            T.path = merge(Base.path, R.path);",
    "            T.path = remove_dot_segments(T.path);",
    "         endif;",
    "         T.query = R.query;",
    "      endif;",
    "      T.authority = Base.authority;",
    "   endif;",
    "   T.scheme = Base.scheme;",
    "endif;",
];

impl Branch {
    /// The lines of [`PSEUDOCODE`] this branch runs: the conditions
    /// that lead to it and its body, with the bodies it skips.
    fn lines(self) -> &'static [usize] {
        match self {
            Branch::ReferenceScheme => &[0, 1, 2, 3, 4],
            Branch::ReferenceAuthority => &[5, 6, 7, 8, 9, 28, 29],
            Branch::EmptyPath => &[5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 26, 27, 28, 29],
            Branch::AbsolutePath => &[5, 6, 10, 11, 18, 19, 20, 21, 24, 25, 26, 27, 28, 29],
            Branch::Merge => &[5, 6, 10, 11, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29],
        }
    }

    /// The branch's own lines of the pseudocode (its condition and body,
    /// not the conditions around it) on one line, single-spaced: the
    /// compact quote a narrow view wraps.
    ///
    /// ```
    /// use uriscope_core::trace::Branch;
    /// assert_eq!(
    ///     Branch::ReferenceAuthority.body(),
    ///     "if defined(R.authority) then T.authority = R.authority; \
    ///      T.path = remove_dot_segments(R.path); T.query = R.query;"
    /// );
    /// assert!(Branch::Merge.body().starts_with("else (R.path is relative): T.path = merge"));
    /// ```
    #[must_use]
    pub fn body(self) -> String {
        let own: &[usize] = match self {
            Branch::ReferenceScheme => &[0, 1, 2, 3, 4],
            Branch::ReferenceAuthority => &[6, 7, 8, 9],
            Branch::EmptyPath => &[11, 12, 13, 14, 15, 16, 17],
            Branch::AbsolutePath => &[19, 20, 25],
            Branch::Merge => &[22, 23, 25],
        };
        let mut out = String::new();
        if self == Branch::Merge {
            out.push_str("else (R.path is relative):");
        }
        let mut prev: Option<usize> = None;
        for &i in own {
            if prev.is_some_and(|p| i > p + 1) {
                out.push_str(" …");
            }
            prev = Some(i);
            for word in PSEUDOCODE[i].split_whitespace() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(word);
            }
        }
        out
    }

    /// The whole branch of the §5.2.2 pseudocode, quoted line by line as
    /// the RFC indents it: the conditions that lead to it, its body, and
    /// the assignments after it; `…` (indented like the line it stands
    /// before) for a body the branch skips.
    ///
    /// ```
    /// use uriscope_core::trace::Branch;
    /// let q = Branch::ReferenceAuthority.quote();
    /// assert_eq!(q[0], "else");
    /// assert_eq!(q[1], "   if defined(R.authority) then");
    /// assert_eq!(q[2], "      T.authority = R.authority;");
    /// assert_eq!(q.last().unwrap(), "   T.scheme = Base.scheme;");
    /// ```
    #[must_use]
    pub fn quote(self) -> Vec<String> {
        let mut out = Vec::new();
        let mut prev: Option<usize> = None;
        for &i in self.lines() {
            let line = PSEUDOCODE[i];
            if prev.is_some_and(|p| i > p + 1) {
                let indent = line.len() - line.trim_start().len();
                out.push(format!("{}…", " ".repeat(indent)));
            }
            out.push(line.to_string());
            prev = Some(i);
        }
        out
    }
}

/// One assignment of §5.2.2: a target component, the pseudocode that set it, and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The pseudocode line, such as `T.query = Base.query`.
    pub rule: &'static str,
    /// The value assigned (`None` = undefined).
    pub value: Option<String>,
}

/// The §5.2.3 merge of the base path with a relative reference path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeStep {
    /// Base.path.
    pub base_path: String,
    /// R.path.
    pub reference_path: String,
    /// Whether the first rule applied: the base has an authority and an
    /// empty path, so the result is `"/"` + R.path.
    pub authority_and_empty_path: bool,
    /// The part of Base.path kept: all but its last segment (empty if it has no `/`).
    pub kept: String,
    /// The merged path.
    pub merged: String,
}

/// One step of a traced resolution, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// §5.2.1: the base pre-parsed into components (fragment already dropped).
    Base(Components),
    /// The reference parsed into components (R).
    Reference(Components),
    /// Compat mode (§5.4.2): the reference's scheme equals the base's, so it was
    /// treated as undefined.
    CompatSchemeDropped {
        /// The scheme ignored.
        scheme: String,
    },
    /// §5.2.2: the branch taken, with its quoted condition ([`Branch::condition`]).
    Branch(Branch),
    /// §5.2.3: the merge (only on [`Branch::Merge`]).
    Merge(MergeStep),
    /// §5.2.4: remove_dot_segments, row by row (absent when the path is copied as is).
    DotSegments(DotSegmentsTrace),
    /// §5.2.2: the five target components and where each came from.
    Target {
        /// T.scheme.
        scheme: Assignment,
        /// T.authority.
        authority: Assignment,
        /// T.path.
        path: Assignment,
        /// T.query.
        query: Assignment,
        /// T.fragment.
        fragment: Assignment,
    },
    /// A remark or hazard found at this point, and which input its span is in.
    Finding {
        /// The string the finding's span points into.
        subject: Subject,
        /// The finding.
        finding: Finding,
    },
    /// §5.3: the recomposed target.
    Recomposed(String),
}

/// The result of a traced resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The target URI, recomposed (§5.3).
    pub target: String,
    /// The target's components (after the `//` hazard fix, if any).
    pub components: Components,
    /// The branch of §5.2.2 taken.
    pub branch: Branch,
    /// Every step, in order.
    pub steps: Vec<Step>,
}

impl Resolution {
    /// The findings recorded along the way.
    pub fn findings(&self) -> impl Iterator<Item = (Subject, &Finding)> {
        self.steps.iter().filter_map(|s| match s {
            Step::Finding { subject, finding } => Some((*subject, finding)),
            _ => None,
        })
    }

    /// The dot-segment table, when remove_dot_segments ran.
    #[must_use]
    pub fn dot_segments(&self) -> Option<&DotSegmentsTrace> {
        self.steps.iter().find_map(|s| match s {
            Step::DotSegments(t) => Some(t),
            _ => None,
        })
    }
}

fn own(s: Option<&str>) -> Option<String> {
    s.map(str::to_string)
}

/// Resolve `reference` against `base` (RFC 3986 §5.2), recording every step.
///
/// ```
/// use uriscope_core::{trace::{resolve, Branch}, ResolveOptions};
/// let r = resolve("http://a/b/c/d;p?q", "../g", ResolveOptions::default()).unwrap();
/// assert_eq!(r.target, "http://a/b/g");
/// assert_eq!(r.branch, Branch::Merge);
/// assert_eq!(r.dot_segments().unwrap().output, "/b/g");
/// assert!(resolve("/no/scheme", "g", ResolveOptions::default()).is_err());
/// ```
pub fn resolve(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<Resolution, ResolveError> {
    let b = parse_base(base, options.parse_options())?;
    let r = parse_reference(reference, options.parse_options())?;
    let mut steps = Vec::new();
    let mut base_parts = Components::of(&b);
    if let (Some(f), Some(span)) = (base_parts.fragment.take(), b.fragment_span()) {
        steps.push(Step::Finding {
            subject: Subject::Base,
            finding: Finding::new(
                Span::new(span.start - 1, span.end),
                Severity::Note,
                Code::BaseFragmentDropped,
                format!(
                    "the base's fragment \"#{f}\" is not part of a base URI (RFC 3986 §5.1, \
                     §5.2.1) and was dropped"
                ),
            ),
        });
    }
    steps.push(Step::Base(base_parts));
    steps.push(Step::Reference(Components::of(&r)));
    let r_scheme = if compat_drops_scheme(options, &b, &r) {
        let s = r.scheme().unwrap_or_default().to_string();
        steps.push(Step::CompatSchemeDropped { scheme: s });
        None
    } else {
        r.scheme()
    };

    let branch = if r_scheme.is_some() {
        Branch::ReferenceScheme
    } else if r.authority().is_some() {
        Branch::ReferenceAuthority
    } else if r.path().is_empty() {
        Branch::EmptyPath
    } else if r.path().starts_with('/') {
        Branch::AbsolutePath
    } else {
        Branch::Merge
    };
    steps.push(Step::Branch(branch));

    let assign = |rule, value: Option<&str>| Assignment {
        rule,
        value: own(value),
    };
    let (scheme, authority, query) = match branch {
        Branch::ReferenceScheme => (
            assign("T.scheme = R.scheme", r_scheme),
            assign("T.authority = R.authority", r.authority()),
            assign("T.query = R.query", r.query()),
        ),
        Branch::ReferenceAuthority => (
            assign("T.scheme = Base.scheme", b.scheme()),
            assign("T.authority = R.authority", r.authority()),
            assign("T.query = R.query", r.query()),
        ),
        Branch::EmptyPath => (
            assign("T.scheme = Base.scheme", b.scheme()),
            assign("T.authority = Base.authority", b.authority()),
            if r.query().is_some() {
                assign("T.query = R.query", r.query())
            } else {
                assign("T.query = Base.query", b.query())
            },
        ),
        Branch::AbsolutePath | Branch::Merge => (
            assign("T.scheme = Base.scheme", b.scheme()),
            assign("T.authority = Base.authority", b.authority()),
            assign("T.query = R.query", r.query()),
        ),
    };

    let (path_rule, mut path) = match branch {
        Branch::EmptyPath => ("T.path = Base.path", b.path().to_string()),
        Branch::Merge => {
            let (kept, slash) = merge_prefix(&b);
            let merged = format!("{}{kept}{}", if slash { "/" } else { "" }, r.path());
            steps.push(Step::Merge(MergeStep {
                base_path: b.path().to_string(),
                reference_path: r.path().to_string(),
                authority_and_empty_path: slash,
                kept: kept.to_string(),
                merged: merged.clone(),
            }));
            let t = remove_dot_segments_traced(&merged);
            let out = t.output.clone();
            steps.push(Step::DotSegments(t));
            (
                "T.path = remove_dot_segments(merge(Base.path, R.path))",
                out,
            )
        }
        _ => {
            let t = remove_dot_segments_traced(r.path());
            let out = t.output.clone();
            steps.push(Step::DotSegments(t));
            ("T.path = remove_dot_segments(R.path)", out)
        }
    };

    let prefix_len = scheme.value.as_ref().map_or(0, |s| s.len() + 1)
        + authority.value.as_ref().map_or(0, |a| a.len() + 2);
    if authority.value.is_none() && path.starts_with("//") {
        let message = format!(
            "the target has no authority but its path \"{path}\" starts with \"//\", so the \
             recomposed string would re-parse with an authority (RFC 3986 §5.2.2 does not guard \
             this); the path was prefixed with \"/.\" as WHATWG URL and fluent-uri do, which \
             remove_dot_segments maps back to the same path"
        );
        path.insert_str(0, "/.");
        steps.push(Step::Finding {
            subject: Subject::Target,
            finding: Finding::new(
                Span::new(prefix_len, prefix_len + path.len()),
                Severity::Warning,
                Code::DoubleSlashPathWithoutAuthority,
                message,
            ),
        });
    }
    let fragment = assign("T.fragment = R.fragment", r.fragment());
    let components = Components {
        scheme: scheme.value.clone(),
        authority: authority.value.clone(),
        path: path.clone(),
        query: query.value.clone(),
        fragment: fragment.value.clone(),
    };
    steps.push(Step::Target {
        scheme,
        authority,
        path: Assignment {
            rule: path_rule,
            value: Some(path),
        },
        query,
        fragment,
    });
    let target = components.parts().recompose();
    steps.push(Step::Recomposed(target.clone()));
    Ok(Resolution {
        target,
        components,
        branch,
        steps,
    })
}
