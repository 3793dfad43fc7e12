//! Each of RFC 2396 §5.2 steps 6a–6h on its own, and step 6 c–g checked
//! against a naive segment-list oracle.

use super::resolve::{AboveRoot, Step};
use super::step6::*;
use proptest::prelude::*;

/// Run one buffer operation on `input`; return the buffer and the steps.
fn run(input: &str, op: impl Fn(&mut String, &mut Vec<Step>)) -> (String, Vec<Step>) {
    let mut buf = input.to_string();
    let mut steps = Vec::new();
    op(&mut buf, &mut steps);
    (buf, steps)
}

#[track_caller]
fn check(op: impl Fn(&mut String, &mut Vec<Step>), rule: &str, table: &[(&str, &str, usize)]) {
    for &(input, want, n_steps) in table {
        let (got, steps) = run(input, &op);
        assert_eq!(got, want, "{rule} on {input:?}");
        assert_eq!(steps.len(), n_steps, "{rule} on {input:?}: {steps:#?}");
        assert!(steps.iter().all(|s| s.rule == rule), "{steps:#?}");
        assert_eq!(steps.last().map(|s| s.buffer.as_str()), Some(want));
    }
}

#[test]
fn step_6a_copies_all_but_the_last_segment() {
    for (base, want) in [
        ("/b/c/d;p", "/b/c/"),
        ("/b/c/", "/b/c/"),
        ("/", "/"),
        ("", ""),      // no path: nothing copied (RFC 3986 App. D.2)
        ("x", ""),     // opaque
        ("a/b", "a/"), // rootless
        ("/a/b;x/y", "/a/b;x/"),
    ] {
        let mut steps = Vec::new();
        assert_eq!(copy_base_directory(base, &mut steps), want, "{base:?}");
        assert_eq!(steps.len(), 1);
        assert_eq!((steps[0].rule, steps[0].buffer.as_str()), ("6a", want));
    }
}

#[test]
fn step_6b_appends_the_reference_path() {
    let (got, steps) = run("/b/c/", |b, s| append_reference_path(b, "../g", s));
    assert_eq!(got, "/b/c/../g");
    assert_eq!(
        steps[0].description,
        "appended the reference's path \"../g\""
    );
    let (got, steps) = run("/b/c/", |b, s| append_reference_path(b, "", s));
    assert_eq!(got, "/b/c/");
    assert!(steps[0].description.contains("empty"));
}

#[test]
fn step_6c_removes_dot_slash_segments() {
    check(
        remove_dot_slash_segments,
        "6c",
        &[
            ("/b/c/./g", "/b/c/g", 1),
            ("/b/c/././g", "/b/c/g", 2),
            ("./g", "g", 1),
            ("/b/c/g./x", "/b/c/g./x", 1), // "g." is not "."
            ("/b/c/.g/x", "/b/c/.g/x", 1),
            ("/b/c/../g", "/b/c/../g", 1), // "../" is not "./"
            ("/b/c/g/.", "/b/c/g/.", 1),   // no slash after: that is 6d
            ("./../g", "../g", 1),
            (".//g", "/g", 1),
            ("", "", 1),
        ],
    );
    let (_, steps) = run("/a/./b", remove_dot_slash_segments);
    assert_eq!(steps[0].description, "removed \"./\" segment at byte 3");
}

#[test]
fn step_6d_removes_a_trailing_dot_segment() {
    check(
        remove_trailing_dot_segment,
        "6d",
        &[
            ("/b/c/.", "/b/c/", 1),
            (".", "", 1),
            ("/b/c/g.", "/b/c/g.", 1),
            ("/b/c/..", "/b/c/..", 1),
            ("/b/c/", "/b/c/", 1),
            ("", "", 1),
        ],
    );
}

#[test]
fn step_6e_removes_segment_dotdot_slash_leftmost_first() {
    check(
        remove_segment_dotdot_slash,
        "6e",
        &[
            ("/b/c/../g", "/b/g", 1),
            ("/b/c/../../g", "/g", 2),
            ("/b/c/../../../g", "/../g", 2), // the root is no segment
            ("/../g", "/../g", 1),
            ("../../g", "../../g", 1), // ".." never cancels ".."
            ("a/../b/../c", "c", 2),
            ("/b/c/../..", "/b/..", 1), // no slash after: that is 6f
            ("/b//../g", "/b/g", 1),    // an empty segment is a complete segment
            ("/b/c;x=1/../y", "/b/y", 1),
            ("/b/c/..g/x", "/b/c/..g/x", 1),
        ],
    );
    let (_, steps) = run("/b/c/../../g", remove_segment_dotdot_slash);
    assert_eq!(steps[0].description, "removed \"c/../\" at byte 3");
    assert_eq!(steps[0].buffer, "/b/../g");
    assert_eq!(steps[1].description, "removed \"b/../\" at byte 1");
}

#[test]
fn step_6f_removes_a_trailing_segment_dotdot() {
    check(
        remove_trailing_segment_dotdot,
        "6f",
        &[
            ("/b/c/..", "/b/", 1),
            ("/b/..", "/", 1),
            ("/..", "/..", 1), // the root is no segment
            ("a/..", "", 1),
            ("../..", "../..", 1),
            ("/b/c/g..", "/b/c/g..", 1),
            ("..", "..", 1),
            ("", "", 1),
        ],
    );
}

#[test]
fn step_6g_policies_on_dotdot_above_the_root() {
    let keep =
        |b: &mut String, s: &mut Vec<Step>| assert!(above_root(b, AboveRoot::Keep, s).is_ok());
    check(
        keep,
        "6g",
        &[
            ("/../g", "/../g", 1),
            ("/../../g", "/../../g", 1),
            ("/g", "/g", 1),
        ],
    );
    let remove =
        |b: &mut String, s: &mut Vec<Step>| assert!(above_root(b, AboveRoot::Remove, s).is_ok());
    check(
        remove,
        "6g",
        &[
            ("/../g", "/g", 1),
            ("/../../g", "/g", 1),
            ("/..", "/", 1),
            ("../g", "g", 1),
            ("/..g", "/..g", 1),
            ("/g/../..", "/g/../..", 1), // only leading ".." segments
        ],
    );
    let (_, steps) = run("/../../g", |b, s| {
        let _ = above_root(b, AboveRoot::Remove, s);
    });
    assert!(
        steps[0].description.contains("removed 2 leading"),
        "{}",
        steps[0].description
    );
    let mut buf = "/../g".to_string();
    let mut steps = Vec::new();
    assert_eq!(above_root(&mut buf, AboveRoot::Error, &mut steps), Err(()));
    assert_eq!(buf, "/../g");
    let mut buf = "/g".to_string();
    assert_eq!(above_root(&mut buf, AboveRoot::Error, &mut steps), Ok(()));
}

#[test]
fn step_6h_the_buffer_is_the_new_path() {
    let mut steps = Vec::new();
    assert_eq!(take_path("/b/c/g".to_string(), &mut steps), "/b/c/g");
    assert_eq!((steps[0].rule, steps[0].buffer.as_str()), ("6h", "/b/c/g"));
}

/// The oracle: the same rules on a list of segments, obviously and slowly.
/// As in the string buffer, a leading "/" is the root (the list starts with
/// ""), not a segment, and whether there is one is decided on the current
/// buffer: `.//..` becomes `/..` in 6c, and its `..` is then above the root.
fn oracle(buf: &str, policy: AboveRoot) -> Option<String> {
    fn first(segs: &[&str]) -> usize {
        usize::from(segs.len() > 1 && segs[0].is_empty())
    }
    let mut segs: Vec<&str> = buf.split('/').collect();
    // 6c: every "." followed by "/" (not the last segment).
    let mut i = 0;
    while i + 1 < segs.len() {
        if i >= first(&segs) && segs[i] == "." {
            segs.remove(i);
        } else {
            i += 1;
        }
    }
    // 6d
    if segs.len() > first(&segs) && segs.last() == Some(&".") {
        *segs.last_mut()? = "";
    }
    // 6e: leftmost "<seg>/../" (".." not last), repeatedly.
    while let Some(i) = (first(&segs)..segs.len().saturating_sub(2))
        .find(|&i| segs[i] != ".." && segs[i + 1] == "..")
    {
        segs.drain(i..i + 2);
    }
    // 6f
    let n = segs.len();
    if n >= first(&segs) + 2 && segs[n - 1] == ".." && segs[n - 2] != ".." {
        segs.truncate(n - 2);
        segs.push("");
    }
    // 6g
    let f = first(&segs);
    if segs.get(f) == Some(&"..") {
        match policy {
            AboveRoot::Keep => {}
            AboveRoot::Error => return None,
            AboveRoot::Remove => {
                while segs.get(f) == Some(&"..") {
                    if f + 1 == segs.len() {
                        segs[f] = "";
                    } else {
                        segs.remove(f);
                    }
                }
            }
        }
    }
    Some(segs.join("/"))
}

fn policy() -> impl Strategy<Value = AboveRoot> {
    prop_oneof![
        Just(AboveRoot::Keep),
        Just(AboveRoot::Remove),
        Just(AboveRoot::Error)
    ]
}

proptest! {
    #[test]
    fn step_6_matches_the_segment_oracle(buf in "[./ag;é]{0,24}", p in policy()) {
        let mut steps = Vec::new();
        prop_assert_eq!(merge_buffer(buf.clone(), p, &mut steps), oracle(&buf, p), "{:?}", buf);
    }

    #[test]
    fn step_6_on_dot_heavy_paths(segs in prop::collection::vec(prop_oneof!["\\.", "\\.\\.", "a", "", "b;x"], 0..10), root: bool, p in policy()) {
        let buf = format!("{}{}", if root { "/" } else { "" }, segs.join("/"));
        let mut steps = Vec::new();
        prop_assert_eq!(merge_buffer(buf.clone(), p, &mut steps), oracle(&buf, p), "{:?}", buf);
    }
}

/// The 1998 text run literally: rescan and cut one match per pass (the
/// quadratic version step 6c and 6e replaced), as an oracle for the
/// one-pass versions, row by row.
fn literal_6c_6e(input: &str) -> (String, Vec<(String, String)>) {
    let start = |b: &[u8], s: usize| {
        if s == 0 {
            b.first().is_some_and(|&c| c != b'/')
        } else {
            b.get(s - 1) == Some(&b'/')
        }
    };
    let mut buf = input.to_string();
    let mut rows = Vec::new();
    let mut i = 0;
    while i + 1 < buf.len() {
        let b = buf.as_bytes();
        if b[i] == b'.' && b[i + 1] == b'/' && start(b, i) {
            buf.replace_range(i..i + 2, "");
            rows.push((format!("removed \"./\" segment at byte {i}"), buf.clone()));
        } else {
            i += 1;
        }
    }
    'scan: loop {
        let b = buf.as_bytes();
        for i in 0..b.len() {
            if !start(b, i) {
                continue;
            }
            let Some(j) = b[i..].iter().position(|&c| c == b'/').map(|j| i + j) else {
                break;
            };
            if &b[i..j] != b".." && b[j..].starts_with(b"/../") {
                let seg = buf[i..j].to_string();
                buf.replace_range(i..j + 4, "");
                rows.push((format!("removed \"{seg}/../\" at byte {i}"), buf.clone()));
                continue 'scan;
            }
        }
        break;
    }
    (buf, rows)
}

#[test]
fn one_pass_6c_6e_match_the_literal_rescan_row_by_row() {
    let parts = ["a", "..", ".", "/", "é", "./", "../"];
    let mut bufs = vec![String::new()];
    for _ in 0..5 {
        let mut next = Vec::new();
        for p in &bufs {
            for q in parts {
                next.push(format!("{p}{q}"));
            }
        }
        bufs.extend(next.drain(..).filter(|s| s.len() <= 12));
        bufs.sort();
        bufs.dedup();
    }
    for input in &bufs {
        let (want, want_rows) = literal_6c_6e(input);
        let mut buf = input.clone();
        let mut steps = Vec::new();
        remove_dot_slash_segments(&mut buf, &mut steps);
        remove_segment_dotdot_slash(&mut buf, &mut steps);
        assert_eq!(buf, want, "{input:?}");
        let rows: Vec<(String, String)> = steps
            .iter()
            .filter(|s| s.description.starts_with("removed"))
            .map(|s| (s.description.clone(), s.buffer.clone()))
            .collect();
        assert_eq!(rows, want_rows, "{input:?}");
        let mut fast = input.clone();
        remove_dot_slash_segments(&mut fast, &mut NoTrace);
        remove_segment_dotdot_slash(&mut fast, &mut NoTrace);
        assert_eq!(fast, want, "untraced {input:?}");
    }
}
