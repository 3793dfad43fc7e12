//! RFC 3986 §5.2.4: `remove_dot_segments`, fast and traced.
//!
//! The fast version walks the path once with an index, never rewriting the
//! input; the traced version runs the RFC's two string buffers literally and
//! records one [`DotStep`] per loop iteration, the same rows as the two tables
//! printed in §5.2.4.

use std::fmt;

use crate::resolution::excerpt::{excerpt, ROW_LIMIT};
use crate::Span;

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
    #[must_use]
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
    #[must_use]
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
///
/// Spans and lengths are exact; the buffers and texts are recorded whole up
/// to [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes and elided in the middle past it (see
/// [`crate::resolution::excerpt::excerpt`]), so a trace costs O(n) for an n-byte path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotStep {
    /// The rule applied.
    pub rule: DotRule,
    /// The prefix of the input buffer *before* this step that the rule
    /// matched: removed (A, D), replaced by `/` (B, C) or moved (E).
    pub matched: Span,
    /// The text of `matched` (for E, the segment moved).
    pub matched_text: String,
    /// For rule C: the span of the *previous* output buffer that was removed
    /// (the last segment and its preceding `/`; empty when there was none).
    pub popped: Option<Span>,
    /// For rule C: the text of `popped`.
    pub popped_text: Option<String>,
    /// For rule E: where the moved segment sits in the output buffer after this step.
    pub appended: Option<Span>,
    /// The input buffer after this step (elided past [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes).
    pub input: String,
    /// The length in bytes of the input buffer after this step.
    pub input_len: usize,
    /// The output buffer after this step (elided past [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes).
    pub output: String,
    /// The length in bytes of the output buffer after this step.
    pub output_len: usize,
}

/// The full trace of `remove_dot_segments` on one path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotSegmentsTrace {
    /// The path the input buffer was initialised with (step 1).
    pub input: String,
    /// One row per loop iteration (step 2), the first [`ROW_LIMIT`] of them.
    pub steps: Vec<DotStep>,
    /// How many loop iterations ran after the last recorded row.
    pub omitted: usize,
    /// The output buffer returned (step 3), whole.
    pub output: String,
}

/// The columns of the §5.2.4 table, in the order of RFC 3986's own
/// example (§5.2.4): the step, the output buffer, the input buffer. Every
/// surface lays the table out this way, `resolve --trace` and the Resolve
/// pane alike, from [`DotSegmentsTrace::table`].
pub const DOT_TABLE_COLUMNS: [&str; 3] = ["STEP", "OUTPUT BUFFER", "INPUT BUFFER"];

/// One row of the §5.2.4 table as it is laid out: step 1 (the input buffer
/// initialised with the path), then one row per loop iteration of step 2
/// with its rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DotTableRow<'a> {
    /// The row's place: 0 for step 1, k for the k-th iteration of step 2
    /// (the Resolve pane's "row k of n").
    pub number: usize,
    /// The output buffer after the row.
    pub output: &'a str,
    /// The input buffer after the row.
    pub input: &'a str,
    /// The iteration, or `None` for step 1.
    pub step: Option<&'a DotStep>,
}

impl DotTableRow<'_> {
    /// The STEP cell as RFC 3986 §5.2.4 writes it: `1 :` for step 1,
    /// `2E:` for step 2 by rule E.
    ///
    /// ```
    /// let t = uriscope_core::trace::remove_dot_segments_traced("/a/./b");
    /// let labels: Vec<String> = t.table().map(|r| r.label()).collect();
    /// assert_eq!(labels, ["1 :", "2E:", "2B:", "2E:"]);
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        match self.step {
            None => "1 :".to_string(),
            Some(s) => format!("{}:", s.rule),
        }
    }
}

impl DotSegmentsTrace {
    /// The table's rows in order: step 1, then every recorded iteration
    /// (the first [`ROW_LIMIT`];
    /// [`DotSegmentsTrace::omitted`] says how many more ran).
    pub fn table(&self) -> impl Iterator<Item = DotTableRow<'_>> {
        let first = DotTableRow {
            number: 0,
            output: "",
            input: &self.input,
            step: None,
        };
        std::iter::once(first).chain(self.steps.iter().enumerate().map(|(k, s)| DotTableRow {
            number: k + 1,
            output: &s.output,
            input: &s.input,
            step: Some(s),
        }))
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`.
///
/// ```
/// use uriscope_core::relative::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/.."), "/");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// Append `remove_dot_segments(path)` to `out`. Rule C never removes text
/// that `out` held on entry, so a scheme and authority may already be there.
pub(crate) fn remove_dot_segments_into(path: &str, out: &mut String) {
    let start = out.len();
    remove_from(path, out, start);
}

/// `remove_dot_segments(dir + path)` appended to `out`, for §5.2.3's
/// merge, without writing the merged path first: `dir` is the base path's
/// directory (empty, or ending in `/`; with `slash`, a `/` goes before
/// it) and holds no dot segment, so rule E alone moves it, and the loop
/// starts at its last `/`, which is read as if it were `path`'s first
/// byte.
pub(crate) fn remove_dot_segments_merged(dir: &str, slash: bool, path: &str, out: &mut String) {
    let start = out.len();
    let Some(dir) = (if slash {
        Some("")
    } else {
        dir.strip_suffix('/')
    }) else {
        return remove_from(path, out, start);
    };
    out.push_str(dir);
    // The input is "/" + `p` until rule E moves a segment.
    let mut p = path;
    loop {
        match p.as_bytes() {
            [b'.'] => return out.push('/'),
            [b'.', b'/', ..] => p = &p[2..],
            [b'.', b'.'] => {
                pop_segment(out, start);
                return out.push('/');
            }
            [b'.', b'.', b'/', ..] => {
                pop_segment(out, start);
                p = &p[3..];
            }
            _ => {
                let len = p.find('/').unwrap_or(p.len());
                out.push('/');
                out.push_str(&p[..len]);
                return remove_from(&p[len..], out, start);
            }
        }
    }
}

/// The loop of [`remove_dot_segments_into`], rule C never removing
/// `out[..start]`.
fn remove_from(path: &str, out: &mut String, start: usize) {
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
pub(crate) fn has_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    // A dot segment starts the path or follows a `/`: said first in one
    // pass without an early exit, which the compiler vectorizes (the byte
    // loop below cost 4 instructions a byte of every resolved path).
    // Each byte against the one before it, as two aligned slices.
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ))]
    let maybe = if b.len() >= 16 {
        crate::syntax::sixteen::dot_after_slash(b)
    } else {
        dot_after_slash(b)
    };
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    )))]
    let maybe = dot_after_slash(b);
    if !maybe {
        return false;
    }
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

/// Whether a `.` starts `b` or follows a `/` in it: where a dot segment
/// can start.
#[inline]
fn dot_after_slash(b: &[u8]) -> bool {
    match b {
        [] => false,
        [first, rest @ ..] => {
            *first == b'.'
                || b[..b.len() - 1]
                    .iter()
                    .zip(rest)
                    .fold(false, |any, (&x, &y)| any | ((x == b'/') & (y == b'.')))
        }
    }
}

/// `remove_dot_segments` with one [`DotStep`] per loop iteration, the RFC's
/// two string buffers run literally (the input buffer is always a suffix of
/// the path, or the lone `/` that 2B and 2C leave at its end).
///
/// Linear in the path: the first [`ROW_LIMIT`] rows are recorded, with
/// buffers past [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes elided; later iterations are only
/// counted in [`DotSegmentsTrace::omitted`].
///
/// ```
/// use uriscope_core::trace::{remove_dot_segments_traced, DotRule};
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
#[must_use]
pub fn remove_dot_segments_traced(path: &str) -> DotSegmentsTrace {
    let n = path.len();
    // The input buffer: `path[i..]`, or "/" when `lone`.
    let mut i = 0;
    let mut lone = false;
    let mut output = String::with_capacity(n);
    let mut steps = Vec::new();
    let mut omitted = 0;
    loop {
        let input: &str = if lone { "/" } else { &path[i..] };
        if input.is_empty() {
            break;
        }
        let mut popped = None;
        let mut appended = None;
        let (rule, len) = match input.as_bytes() {
            [b'.', b'.', b'/', ..] => (DotRule::A, 3),
            [b'.', b'/', ..] => (DotRule::A, 2),
            [b'/', b'.', b'/', ..] => (DotRule::B, 3),
            [b'/', b'.'] => (DotRule::B, 2),
            [b'/', b'.', b'.', b'/', ..] => (DotRule::C, 4),
            [b'/', b'.', b'.'] => (DotRule::C, 3),
            [b'.'] | [b'.', b'.'] => (DotRule::D, input.len()),
            rest => {
                let from = usize::from(rest[0] == b'/');
                let len = rest[from..]
                    .iter()
                    .position(|&c| c == b'/')
                    .map_or(rest.len(), |k| k + from);
                (DotRule::E, len)
            }
        };
        let recording = steps.len() < ROW_LIMIT;
        let matched_text = if recording {
            excerpt(&input[..len]).into_owned()
        } else {
            String::new()
        };
        let mut popped_text = None;
        match rule {
            DotRule::A | DotRule::D => i += len,
            // "/./" -> "/" is `path[i + 2..]`; "/." at the end leaves a lone "/".
            DotRule::B | DotRule::C => {
                if rule == DotRule::C {
                    let cut = output.rfind('/').unwrap_or(0);
                    if recording {
                        popped_text = Some(excerpt(&output[cut..]).into_owned());
                    }
                    popped = Some(Span::new(cut, output.len()));
                    output.truncate(cut);
                }
                if input.as_bytes()[len - 1] == b'/' {
                    i += len - 1;
                } else {
                    lone = true;
                    i = n;
                }
            }
            DotRule::E => {
                let at = output.len();
                output.push_str(&input[..len]);
                appended = Some(Span::new(at, output.len()));
                if lone {
                    lone = false;
                } else {
                    i += len;
                }
            }
        }
        if !recording {
            omitted += 1;
            continue;
        }
        let after: &str = if lone { "/" } else { &path[i..] };
        steps.push(DotStep {
            rule,
            matched: Span::new(0, len),
            matched_text,
            popped,
            popped_text,
            appended,
            input: excerpt(after).into_owned(),
            input_len: after.len(),
            output: excerpt(&output).into_owned(),
            output_len: output.len(),
        });
    }
    DotSegmentsTrace {
        input: path.to_string(),
        steps,
        omitted,
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

    /// The RFC's two string buffers, rewritten on every step: the oracle
    /// for the index-based traced version (rule, both buffers, spans).
    fn literal(path: &str) -> Vec<(DotRule, String, String, Span, Option<Span>)> {
        let mut input = path.to_string();
        let mut output = String::new();
        let mut rows = Vec::new();
        while !input.is_empty() {
            let mut popped = None;
            let (rule, len) = if input.starts_with("../") || input.starts_with("./") {
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
                output.push_str(&input[..len]);
                input.replace_range(..len, "");
                (DotRule::E, len)
            };
            rows.push((
                rule,
                input.clone(),
                output.clone(),
                Span::new(0, len),
                popped,
            ));
        }
        rows
    }

    #[test]
    fn traced_matches_the_literal_two_buffer_oracle() {
        let parts = ["", ".", "..", "/", "a", "é", "/.", "/..", "./", "../", "//"];
        // Every concatenation of up to four parts.
        let mut paths = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for p in &paths {
                for q in parts {
                    next.push(format!("{p}{q}"));
                }
            }
            paths = next;
        }
        for p in &paths {
            let t = remove_dot_segments_traced(p);
            let got: Vec<_> = t
                .steps
                .iter()
                .map(|s| {
                    (
                        s.rule,
                        s.input.clone(),
                        s.output.clone(),
                        s.matched,
                        s.popped,
                    )
                })
                .collect();
            assert_eq!(got, literal(p), "{p:?}");
            assert_eq!(t.output, remove_dot_segments(p), "{p:?}");
            for s in &t.steps {
                assert_eq!((s.input.len(), s.output.len()), (s.input_len, s.output_len));
            }
        }
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

/// The examples of the crate-private items above.
#[cfg(test)]
mod examples {
    #[test]
    fn has_dot_segments_example() {
        use crate::resolution::dot_segments::has_dot_segments;
        assert!(has_dot_segments("/a/./b"));
        assert!(has_dot_segments(".."));
        assert!(!has_dot_segments("/a/.b/c../"));
    }

    #[test]
    fn remove_dot_segments_into_example() {
        let mut s = String::from("http://a");
        crate::remove_dot_segments_into("/b/../../g", &mut s);
        assert_eq!(s, "http://a/g");
    }

    proptest::proptest! {
        /// The merge written through remove_dot_segments in one buffer,
        /// against the merged path's.
        #[test]
        fn merged_in_one_buffer_is_remove_dot_segments_of_the_merge(
            dir in "(/|a|\\.a|a\\.|%2E){0,6}",
            slash in proptest::bool::ANY,
            path in "(/|\\.|\\.\\.|a|\\.a){1,10}",
        ) {
            let dir = match dir.rfind('/') {
                _ if slash => "",
                Some(k) => &dir[..=k],
                None => "",
            };
            use crate::resolution::dot_segments::{has_dot_segments, remove_dot_segments_merged};
            proptest::prop_assume!(!has_dot_segments(dir));
            let merged = format!("{}{dir}{path}", if slash { "/" } else { "" });
            let mut out = String::from("s://h");
            remove_dot_segments_merged(dir, slash, &path, &mut out);
            proptest::prop_assert_eq!(out, format!("s://h{}", crate::remove_dot_segments(&merged)));
        }

        /// The fast test for a dot segment against splitting at `/`.
        #[test]
        fn has_dot_segments_agrees_with_splitting(path in "(/|\\.|\\.\\.|a|%2E|\\.a|a\\.){0,24}") {
            let has = path.split('/').any(|s| s == "." || s == "..");
            proptest::prop_assert_eq!(crate::resolution::dot_segments::has_dot_segments(&path), has);
        }
    }
}
