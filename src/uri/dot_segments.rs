//! RFC 3986 §5.2.4: `remove_dot_segments`, fast and traced.
//!
//! The fast version walks the path once with an index, never rewriting the
//! input; the traced version runs the RFC's two string buffers literally and
//! records one [`DotStep`] per loop iteration, the same rows as the two tables
//! printed in §5.2.4.

use std::fmt;

use super::Span;

/// The rule of §5.2.4 step 2 that one loop iteration applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotRule {
    /// 2A: remove a leading `../` or `./` from the input buffer.
    A,
    /// 2B: replace a leading `/./` or `/.` (complete segment) with `/`.
    B,
    /// 2C: replace a leading `/../` or `/..` (complete segment) with `/` and
    /// remove the last segment and its preceding `/` from the output buffer.
    C,
    /// 2D: remove an input buffer that is only `.` or `..`.
    D,
    /// 2E: move the first path segment (with its leading `/`, if any) to the
    /// end of the output buffer.
    E,
}

impl DotRule {
    /// The letter of the rule, as in the RFC's tables (`"A"` to `"E"`).
    pub fn letter(self) -> &'static str {
        match self {
            DotRule::A => "A",
            DotRule::B => "B",
            DotRule::C => "C",
            DotRule::D => "D",
            DotRule::E => "E",
        }
    }

    /// The rule's condition and action, quoted from §5.2.4 step 2.
    pub fn text(self) -> &'static str {
        match self {
            DotRule::A => {
                "If the input buffer begins with a prefix of \"../\" or \"./\", then remove that \
                 prefix from the input buffer"
            }
            DotRule::B => {
                "if the input buffer begins with a prefix of \"/./\" or \"/.\", where \".\" is a \
                 complete path segment, then replace that prefix with \"/\" in the input buffer"
            }
            DotRule::C => {
                "if the input buffer begins with a prefix of \"/../\" or \"/..\", where \"..\" is \
                 a complete path segment, then replace that prefix with \"/\" in the input buffer \
                 and remove the last segment and its preceding \"/\" (if any) from the output buffer"
            }
            DotRule::D => {
                "if the input buffer consists only of \".\" or \"..\", then remove that from the \
                 input buffer"
            }
            DotRule::E => {
                "move the first path segment in the input buffer to the end of the output buffer, \
                 including the initial \"/\" character (if any) and any subsequent characters up \
                 to, but not including, the next \"/\" character or the end of the input buffer"
            }
        }
    }
}

impl fmt::Display for DotRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "2{}", self.letter())
    }
}

/// One iteration of the §5.2.4 loop: the rule applied and both buffers after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotStep {
    /// The rule applied.
    pub rule: DotRule,
    /// The prefix of the input buffer *before* this step that the rule
    /// matched: removed (A, D), replaced by `/` (B, C) or moved (E).
    pub matched: Span,
    /// For rule C: the span of the *previous* output buffer that was removed
    /// (the last segment and its preceding `/`; empty when there was none).
    pub popped: Option<Span>,
    /// For rule E: where the moved segment sits in the output buffer after this step.
    pub appended: Option<Span>,
    /// The input buffer after this step.
    pub input: String,
    /// The output buffer after this step.
    pub output: String,
}

/// The full trace of `remove_dot_segments` on one path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotSegmentsTrace {
    /// The path the input buffer was initialised with (step 1).
    pub input: String,
    /// One row per loop iteration (step 2).
    pub steps: Vec<DotStep>,
    /// The output buffer returned (step 3).
    pub output: String,
}

/// RFC 3986 §5.2.4 `remove_dot_segments`.
///
/// ```
/// use uriscope::uri::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/.."), "/");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// Append `remove_dot_segments(path)` to `out`. Rule C never removes text
/// that `out` held on entry, so a scheme and authority may already be there.
///
/// ```
/// let mut s = String::from("http://a");
/// uriscope::uri::remove_dot_segments_into("/b/../../g", &mut s);
/// assert_eq!(s, "http://a/g");
/// ```
pub fn remove_dot_segments_into(path: &str, out: &mut String) {
    let start = out.len();
    let b = path.as_bytes();
    let n = b.len();
    let mut i = 0;
    // The input buffer is always `path[i..]`: rules B and C replace a prefix
    // ending in `/` by `/`, which is the same as skipping to that `/`. Only
    // the end-of-input forms `/.` and `/..` leave a lone `/`, pushed directly.
    while i < n {
        let rest = &b[i..];
        match rest {
            [b'.', b'.', b'/', ..] => i += 3,
            [b'.', b'/', ..] => i += 2,
            [b'/', b'.', b'/', ..] => i += 2,
            [b'/', b'.'] => {
                out.push('/');
                return;
            }
            [b'/', b'.', b'.', b'/', ..] => {
                pop_segment(out, start);
                i += 3;
            }
            [b'/', b'.', b'.'] => {
                pop_segment(out, start);
                out.push('/');
                return;
            }
            [b'.'] | [b'.', b'.'] => return,
            _ => {
                let from = usize::from(rest[0] == b'/');
                let len = rest[from..]
                    .iter()
                    .position(|&c| c == b'/')
                    .map_or(rest.len(), |k| k + from);
                out.push_str(&path[i..i + len]);
                i += len;
            }
        }
    }
}

/// Rule C's "remove the last segment and its preceding "/" (if any)" on
/// `out[start..]`.
#[inline]
fn pop_segment(out: &mut String, start: usize) {
    let cut = out[start..].rfind('/').map_or(start, |k| start + k);
    out.truncate(cut);
}

/// Whether `path` holds a complete `.` or `..` segment, that is, whether
/// [`remove_dot_segments`] could change it.
///
/// ```
/// use uriscope::uri::dot_segments::has_dot_segments;
/// assert!(has_dot_segments("/a/./b"));
/// assert!(has_dot_segments(".."));
/// assert!(!has_dot_segments("/a/.b/c../"));
/// ```
pub fn has_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'.') {
        let at = i + k;
        if at == 0 || b[at - 1] == b'/' {
            if let [] | [b'/', ..] | [b'.'] | [b'.', b'/', ..] = &b[at + 1..] {
                return true;
            }
        }
        i = at + 1;
    }
    false
}

/// `remove_dot_segments` with one [`DotStep`] per loop iteration, run on the
/// RFC's two string buffers literally.
///
/// ```
/// use uriscope::uri::dot_segments::{remove_dot_segments_traced, DotRule};
/// let t = remove_dot_segments_traced("mid/content=5/../6");
/// let rows: Vec<_> = t.steps.iter().map(|s| (s.rule, s.output.as_str(), s.input.as_str())).collect();
/// assert_eq!(rows, [
///     (DotRule::E, "mid", "/content=5/../6"),
///     (DotRule::E, "mid/content=5", "/../6"),
///     (DotRule::C, "mid", "/6"),
///     (DotRule::E, "mid/6", ""),
/// ]);
/// assert_eq!(t.output, "mid/6");
/// ```
pub fn remove_dot_segments_traced(path: &str) -> DotSegmentsTrace {
    let mut input = path.to_string();
    let mut output = String::with_capacity(path.len());
    let mut steps = Vec::new();
    while !input.is_empty() {
        let mut popped = None;
        let mut appended = None;
        let (rule, matched) = if input.starts_with("../") || input.starts_with("./") {
            let len = if input.starts_with("../") { 3 } else { 2 };
            input.replace_range(..len, "");
            (DotRule::A, len)
        } else if input.starts_with("/./") || input == "/." {
            let len = input.len().min(3);
            input.replace_range(..len, "/");
            (DotRule::B, len)
        } else if input.starts_with("/../") || input == "/.." {
            let len = input.len().min(4);
            input.replace_range(..len, "/");
            let cut = output.rfind('/').unwrap_or(0);
            popped = Some(Span::new(cut, output.len()));
            output.truncate(cut);
            (DotRule::C, len)
        } else if input == "." || input == ".." {
            let len = input.len();
            input.clear();
            (DotRule::D, len)
        } else {
            let from = usize::from(input.starts_with('/'));
            let len = input[from..].find('/').map_or(input.len(), |k| k + from);
            let at = output.len();
            output.push_str(&input[..len]);
            input.replace_range(..len, "");
            appended = Some(Span::new(at, output.len()));
            (DotRule::E, len)
        };
        steps.push(DotStep {
            rule,
            matched: Span::new(0, matched),
            popped,
            appended,
            input: input.clone(),
            output: output.clone(),
        });
    }
    DotSegmentsTrace {
        input: path.to_string(),
        steps,
        output,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn same(path: &str) {
        let t = remove_dot_segments_traced(path);
        assert_eq!(remove_dot_segments(path), t.output, "path {path:?}");
    }

    #[test]
    fn fast_matches_traced_on_edge_cases() {
        for p in [
            "",
            ".",
            "..",
            "/",
            "/.",
            "/..",
            "./",
            "../",
            "/./",
            "/../",
            "a/..",
            "a/../b",
            "/a/b/..",
            "/a/b/.",
            "../../x",
            "./.././g",
            "/..a/.b/",
            "//..//.",
            "a/./b/../../..",
            "...",
            "/.../",
            ".a",
            "/a/../../..",
        ] {
            same(p);
        }
    }

    #[test]
    fn has_dot_segments_matches_a_split_oracle() {
        for p in [
            "",
            ".",
            "..",
            "...",
            "/.",
            "/..",
            "/...",
            "a/.",
            "a/..",
            "./a",
            "../a",
            ".a",
            "a.",
            "/a./b",
            "/.a/b",
            "/a/../b",
            "/a/./b",
            "a..b",
            "//./",
            "/index.html",
        ] {
            let oracle = p.split('/').any(|s| s == "." || s == "..");
            assert_eq!(has_dot_segments(p), oracle, "{p:?}");
        }
    }

    #[test]
    fn rule_b_at_end_records_two_bytes() {
        let t = remove_dot_segments_traced("/a/.");
        let last = &t.steps[1];
        assert_eq!(
            (last.rule, last.matched, last.input.as_str()),
            (DotRule::B, Span::new(0, 2), "/")
        );
        assert_eq!(t.output, "/a/");
    }
}
