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

/// Record one step.
fn record(steps: &mut Vec<Step>, rule: &'static str, description: String, buffer: &str) {
    steps.push(Step {
        rule,
        description,
        buffer: buffer.to_string(),
    });
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
pub fn copy_base_directory(base_path: &str, steps: &mut Vec<Step>) -> String {
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
pub fn append_reference_path(buf: &mut String, reference_path: &str, steps: &mut Vec<Step>) {
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
pub fn remove_dot_slash_segments(buf: &mut String, steps: &mut Vec<Step>) {
    let mut i = 0;
    let mut removed = false;
    while i + 1 < buf.len() {
        let b = buf.as_bytes();
        if b[i] == b'.' && b[i + 1] == b'/' && is_segment_start(b, i) {
            buf.replace_range(i..i + 2, "");
            removed = true;
            record(
                steps,
                "6c",
                format!("removed \"./\" segment at byte {i}"),
                buf,
            );
        } else {
            i += 1;
        }
    }
    if !removed {
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
pub fn remove_trailing_dot_segment(buf: &mut String, steps: &mut Vec<Step>) {
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

/// 6e: "All occurrences of "<segment>/../", where <segment> is a complete
/// path segment not equal to "..", are removed from the buffer string.
/// Removal of these path segments is performed iteratively, removing the
/// leftmost matching pattern on each iteration, until no matching pattern
/// remains." One step per removal.
pub fn remove_segment_dotdot_slash(buf: &mut String, steps: &mut Vec<Step>) {
    let mut i = 0;
    let mut removed = false;
    while i < buf.len() {
        let b = buf.as_bytes();
        if !is_segment_start(b, i) {
            i += 1;
            continue;
        }
        let Some(j) = b[i..].iter().position(|&c| c == b'/').map(|j| i + j) else {
            break;
        };
        if &b[i..j] != b".." && b[j..].starts_with(b"/../") {
            let segment = buf[i..j].to_string();
            buf.replace_range(i..j + 4, "");
            removed = true;
            record(
                steps,
                "6e",
                format!("removed \"{segment}/../\" at byte {i}"),
                buf,
            );
            // Only a match starting at the previous segment can be new.
            i = if i == 0 {
                0
            } else {
                buf[..i - 1].rfind('/').map_or(0, |p| p + 1)
            };
        } else {
            i = j + 1;
        }
    }
    if !removed {
        record(
            steps,
            "6e",
            "no \"<segment>/../\" with <segment> a complete segment other than \"..\": nothing removed"
                .to_string(),
            buf,
        );
    }
}

/// 6f: "If the buffer string ends with "<segment>/..", where <segment> is a
/// complete path segment not equal to "..", that "<segment>/.." is removed."
pub fn remove_trailing_segment_dotdot(buf: &mut String, steps: &mut Vec<Step>) {
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
pub fn begins_with_dotdot(buf: &str) -> bool {
    let rest = buf.strip_prefix('/').unwrap_or(buf);
    rest == ".." || rest.starts_with("../")
}

/// 6g: "If the resulting buffer string still begins with one or more
/// complete path segments of "..", then the reference is considered to be
/// in error." The policy picks one of the handlings the RFC allows.
/// Returns `Err(())` under [`AboveRoot::Error`] when `..` remains.
#[allow(clippy::result_unit_err)]
pub fn above_root(buf: &mut String, policy: AboveRoot, steps: &mut Vec<Step>) -> Result<(), ()> {
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
            loop {
                if buf[root..].starts_with("../") {
                    buf.replace_range(root..root + 3, "");
                } else if &buf[root..] == ".." {
                    buf.truncate(root);
                } else {
                    break;
                }
                n += 1;
            }
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
pub fn take_path(buf: String, steps: &mut Vec<Step>) -> String {
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
pub fn merge_buffer(mut buf: String, policy: AboveRoot, steps: &mut Vec<Step>) -> Option<String> {
    remove_dot_slash_segments(&mut buf, steps);
    remove_trailing_dot_segment(&mut buf, steps);
    remove_segment_dotdot_slash(&mut buf, steps);
    remove_trailing_segment_dotdot(&mut buf, steps);
    above_root(&mut buf, policy, steps).ok()?;
    Some(buf)
}
