//! RFC 2396 §5.2 step 6, a–h: merging a relative path into the base path
//! "using a separate string buffer", one string operation at a time, each
//! recorded as a [`Step`].
//!
//! Only the ASCII bytes `/` and `.` are matched, so every cut falls on a
//! character boundary whatever else the buffer holds.
//!
//! A "complete path segment" starts at the buffer's start (unless the
//! buffer starts with `/`, the root, which is no segment) or right after a
//! `/`, and runs to the next `/` or the end. So in `/../g` the root is not a
//! segment that `..` could cancel: Appendix C keeps `http://a/../g`.

use super::resolve::{AboveRoot, Step};
use crate::resolution::excerpt::{excerpt_concat, ROW_LIMIT};

/// Where the steps go: a `Vec<Step>` keeps them, [`NoTrace`] drops them
/// (and the step functions then skip building descriptions and buffers).
pub(super) trait Record {
    /// Whether steps are kept.
    fn on(&self) -> bool;
    /// Keep one step.
    fn push(&mut self, step: Step);
    /// Keep the step `step` builds, building it only when steps are kept.
    fn push_with(&mut self, step: impl FnOnce() -> Step) {
        if self.on() {
            self.push(step());
        }
    }
    /// The steps kept so far.
    fn kept(&self) -> Vec<Step>;
    /// The steps kept.
    fn into_steps(self) -> Vec<Step>
    where
        Self: Sized;
}

impl Record for Vec<Step> {
    fn on(&self) -> bool {
        true
    }
    fn push(&mut self, step: Step) {
        Vec::push(self, step);
    }
    fn kept(&self) -> Vec<Step> {
        self.clone()
    }
    fn into_steps(self) -> Vec<Step> {
        self
    }
}

/// A [`Record`] that keeps nothing: step 6 untraced.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct NoTrace;

impl Record for NoTrace {
    fn on(&self) -> bool {
        false
    }
    fn push(&mut self, _: Step) {}
    fn kept(&self) -> Vec<Step> {
        Vec::new()
    }
    fn into_steps(self) -> Vec<Step> {
        Vec::new()
    }
}

/// A [`Record`] that counts the steps a trace keeps and builds none that
/// it can skip (each step's buffer, formatted, is as long as the URI).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Count(pub usize);

impl Record for &mut Count {
    fn on(&self) -> bool {
        true
    }
    fn push(&mut self, _: Step) {
        self.0 += 1;
    }
    fn push_with(&mut self, _: impl FnOnce() -> Step) {
        self.0 += 1;
    }
    fn kept(&self) -> Vec<Step> {
        Vec::new()
    }
    fn into_steps(self) -> Vec<Step> {
        Vec::new()
    }
}

/// Record one step.
fn record(steps: &mut impl Record, rule: &'static str, description: String, buffer: &str) {
    steps.push_with(|| Step {
        rule,
        description,
        buffer: buffer.to_string(),
    });
}

/// Record one row of a repeated removal (6c, 6e): the first [`ROW_LIMIT`]
/// rows of a step are kept, with the buffer `head + rest` elided past
/// [`EXCERPT_MAX`](crate::resolution::excerpt::EXCERPT_MAX) bytes; `rows` counts them all.
fn record_removal(
    steps: &mut impl Record,
    rule: &'static str,
    rows: &mut usize,
    description: impl FnOnce() -> String,
    head: &str,
    rest: &str,
) {
    *rows += 1;
    if steps.on() && *rows <= ROW_LIMIT {
        steps.push(Step {
            rule,
            description: description(),
            buffer: excerpt_concat(head, rest),
        });
    }
}

/// The closing row of a repeated removal past [`ROW_LIMIT`] rows.
fn record_omitted(steps: &mut impl Record, rule: &'static str, rows: usize, what: &str, buf: &str) {
    if rows > ROW_LIMIT && steps.on() {
        let n = rows - ROW_LIMIT;
        steps.push(Step {
            rule,
            description: format!(
                "removed {n} more {what} (rows not recorded; a trace keeps the first {ROW_LIMIT})"
            ),
            buffer: excerpt_concat(buf, ""),
        });
    }
}

/// Whether a complete path segment of `b` starts at byte `s`.
#[inline]
fn is_segment_start(b: &[u8], s: usize) -> bool {
    if s == 0 {
        b.first().is_some_and(|&c| c != b'/')
    } else {
        b.get(s - 1) == Some(&b'/')
    }
}

/// 6a: "All but the last segment of the base URI's path component is copied
/// to the buffer. In other words, any characters after the last
/// (right-most) slash character, if any, are excluded."
///
/// With no slash at all (an empty or opaque base path) nothing is copied:
/// the 1998 text did not account for a base with no path (RFC 3986 App. D.2).
pub(crate) fn copy_base_directory(base_path: &str, steps: &mut impl Record) -> String {
    let buf = match base_path.rfind('/') {
        Some(i) => base_path[..=i].to_string(),
        None => String::new(),
    };
    let description = match base_path.rfind('/') {
        Some(_) => format!(
            "copied all but the last segment of the base path \"{base_path}\" \
             (everything up to its right-most \"/\")"
        ),
        None => format!(
            "the base path \"{base_path}\" has no \"/\": nothing copied (RFC 2396 does not \
             account for a base without a hierarchical path; RFC 3986 App. D.2)"
        ),
    };
    record(steps, "6a", description, &buf);
    buf
}

/// 6b: "The reference's path component is appended to the buffer string."
pub(crate) fn append_reference_path(
    buf: &mut String,
    reference_path: &str,
    steps: &mut impl Record,
) {
    buf.push_str(reference_path);
    let description = if reference_path.is_empty() {
        "appended the reference's path, which is empty".to_string()
    } else {
        format!("appended the reference's path \"{reference_path}\"")
    };
    record(steps, "6b", description, buf);
}

/// 6c: "All occurrences of "./", where "." is a complete path segment, are
/// removed from the buffer string." One step per removal.
pub(crate) fn remove_dot_slash_segments(buf: &mut String, steps: &mut impl Record) {
    // One pass: `out` is the buffer before the read position `j`, with the
    // removals done; the buffer at any time is `out + src[j..]`.
    let src = std::mem::take(buf);
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let (mut j, mut copied, mut rows) = (0, 0, 0);
    while j + 1 < b.len() {
        let start = if out.len() + (j - copied) == 0 {
            b[j] != b'/'
        } else {
            b[j - 1] == b'/'
        };
        if b[j] == b'.' && b[j + 1] == b'/' && start {
            out.push_str(&src[copied..j]);
            let at = out.len();
            j += 2;
            copied = j;
            record_removal(
                steps,
                "6c",
                &mut rows,
                || format!("removed \"./\" segment at byte {at}"),
                &out,
                &src[j..],
            );
        } else {
            j += 1;
        }
    }
    out.push_str(&src[copied..]);
    *buf = out;
    record_omitted(steps, "6c", rows, "\"./\" segments", buf);
    if rows == 0 {
        record(
            steps,
            "6c",
            "no \"./\" with \".\" as a complete segment: nothing removed".to_string(),
            buf,
        );
    }
}

/// 6d: "If the buffer string ends with "." as a complete path segment, that
/// "." is removed."
pub(crate) fn remove_trailing_dot_segment(buf: &mut String, steps: &mut impl Record) {
    let n = buf.len();
    if buf.ends_with('.') && is_segment_start(buf.as_bytes(), n - 1) {
        buf.truncate(n - 1);
        record(
            steps,
            "6d",
            "removed the trailing \".\" segment".to_string(),
            buf,
        );
    } else {
        record(
            steps,
            "6d",
            "the buffer does not end with \".\" as a complete segment".to_string(),
            buf,
        );
    }
}

/// 6e: "All occurrences of "`<segment>/../`", where `<segment>` is a complete
/// path segment not equal to "..", are removed from the buffer string.
/// Removal of these path segments is performed iteratively, removing the
/// leftmost matching pattern on each iteration, until no matching pattern
/// remains." One step per removal.
///
/// Done with a stack of the segments kept so far, one pass: a `../` read
/// right after a kept segment other than `..` is the leftmost match
/// (nothing before that segment can match, or it would have been removed),
/// so the removals are the RFC's, in its order, with the same rows.
pub(crate) fn remove_segment_dotdot_slash(buf: &mut String, steps: &mut impl Record) {
    let src = std::mem::take(buf);
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    // Where each kept complete segment (with its "/") starts in `out`; the
    // root "/" is no segment.
    let mut kept: Vec<usize> = Vec::new();
    let mut j = 0;
    let mut rows = 0;
    while let Some(k) = b[j..].iter().position(|&c| c == b'/') {
        if k == 0 && out.is_empty() {
            // A "/" at the start of the buffer (also after a removal that
            // emptied `out`) is the root.
            out.push('/');
            j += 1;
            continue;
        }
        if &b[j..j + k] == b".." {
            if let Some(&top) = kept.last() {
                if &out[top..out.len() - 1] != ".." {
                    let segment = out[top..out.len() - 1].to_string();
                    out.truncate(top);
                    kept.pop();
                    j += 3;
                    record_removal(
                        steps,
                        "6e",
                        &mut rows,
                        || format!("removed \"{segment}/../\" at byte {top}"),
                        &out,
                        &src[j..],
                    );
                    continue;
                }
            }
        }
        kept.push(out.len());
        out.push_str(&src[j..=j + k]);
        j += k + 1;
    }
    out.push_str(&src[j..]);
    *buf = out;
    record_omitted(steps, "6e", rows, "\"<segment>/../\"", buf);
    if rows == 0 {
        record(
            steps,
            "6e",
            "no \"<segment>/../\" with <segment> a complete segment other than \"..\": nothing removed"
                .to_string(),
            buf,
        );
    }
}

/// 6f: "If the buffer string ends with "`<segment>/..`", where `<segment>` is a
/// complete path segment not equal to "..", that "`<segment>/..`" is removed."
pub(crate) fn remove_trailing_segment_dotdot(buf: &mut String, steps: &mut impl Record) {
    if let Some(j) = buf.len().checked_sub(3).filter(|_| buf.ends_with("/..")) {
        let s = buf[..j].rfind('/').map_or(0, |p| p + 1);
        if is_segment_start(buf.as_bytes(), s) && &buf[s..j] != ".." {
            let segment = buf[s..j].to_string();
            buf.truncate(s);
            record(
                steps,
                "6f",
                format!("removed the trailing \"{segment}/..\""),
                buf,
            );
            return;
        }
    }
    record(
        steps,
        "6f",
        "the buffer does not end with \"<segment>/..\" (<segment> a complete segment other than \"..\")"
            .to_string(),
        buf,
    );
}

/// Whether the buffer still begins with a complete `..` segment (after the root).
pub(crate) fn begins_with_dotdot(buf: &str) -> bool {
    let rest = buf.strip_prefix('/').unwrap_or(buf);
    rest == ".." || rest.starts_with("../")
}

/// 6g: "If the resulting buffer string still begins with one or more
/// complete path segments of "..", then the reference is considered to be
/// in error." The policy picks one of the handlings the RFC allows.
/// Returns `Err(())` under [`AboveRoot::Error`] when `..` remains.
#[allow(clippy::result_unit_err)]
pub(super) fn above_root(
    buf: &mut String,
    policy: AboveRoot,
    steps: &mut impl Record,
) -> Result<(), ()> {
    if !begins_with_dotdot(buf) {
        record(
            steps,
            "6g",
            "the buffer does not begin with a complete \"..\" segment".to_string(),
            buf,
        );
        return Ok(());
    }
    match policy {
        AboveRoot::Keep => {
            record(
                steps,
                "6g",
                "the buffer still begins with \"..\" (the reference is in error): kept as part \
                 of the path (policy Keep, as in Appendix C)"
                    .to_string(),
                buf,
            );
            Ok(())
        }
        AboveRoot::Remove => {
            let root = usize::from(buf.starts_with('/'));
            let mut n = 0;
            let mut end = root;
            while buf[end..].starts_with("../") {
                end += 3;
                n += 1;
            }
            if &buf[end..] == ".." {
                end += 2;
                n += 1;
            }
            buf.replace_range(root..end, "");
            let s = if n == 1 { "" } else { "s" };
            record(
                steps,
                "6g",
                format!(
                    "the buffer began with \"..\" (the reference is in error): removed {n} \
                     leading \"..\" segment{s} (policy Remove: discard levels above the root)"
                ),
                buf,
            );
            Ok(())
        }
        AboveRoot::Error => {
            record(
                steps,
                "6g",
                "the buffer still begins with \"..\": the reference is in error \
                 (policy Error: avoid traversal)"
                    .to_string(),
                buf,
            );
            Err(())
        }
    }
}

/// 6h: "The remaining buffer string is the reference URI's new path component."
pub(crate) fn take_path(buf: String, steps: &mut impl Record) -> String {
    record(
        steps,
        "6h",
        "the remaining buffer is the new path".to_string(),
        &buf,
    );
    buf
}

/// Step 6 c–g on a buffer already built by 6a and 6b (used by tests and
/// the oracle check); returns `None` when 6g fails under [`AboveRoot::Error`].
#[cfg(test)]
pub(crate) fn merge_buffer(
    mut buf: String,
    policy: AboveRoot,
    steps: &mut impl Record,
) -> Option<String> {
    remove_dot_slash_segments(&mut buf, steps);
    remove_trailing_dot_segment(&mut buf, steps);
    remove_segment_dotdot_slash(&mut buf, steps);
    remove_trailing_segment_dotdot(&mut buf, steps);
    above_root(&mut buf, policy, steps).ok()?;
    Some(buf)
}
