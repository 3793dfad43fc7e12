//! The RFC example tables, typed out once in the repository's sample sets
//! (`assets/`, which the explorer also offers as examples): each line is
//! `reference<TAB>= target` under `@base http://a/b/c/d;p?q`.

/// The base of every table (RFC 3986 §5.4, RFC 2396 Appendix C).
pub const BASE: &str = "http://a/b/c/d;p?q";

/// `(reference, target)` of a sample set; the target is the first word
/// after `= ` (the rest is the RFC's comment, `; for strict parsers`).
fn rows(text: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("# ") || line.trim().is_empty() || line.starts_with("@set ") {
            continue;
        }
        if let Some(base) = line.strip_prefix("@base ") {
            assert_eq!(base.trim(), BASE, "every table is under the §5.4 base");
            continue;
        }
        let (input, note) = line.split_once('\t').expect("reference<TAB>note");
        let input = if input == "\"\"" { "" } else { input };
        let target = note
            .trim()
            .strip_prefix("= ")
            .and_then(|t| t.split_whitespace().next())
            .unwrap_or_else(|| panic!("no target for {input:?}"));
        out.push((input, target));
    }
    out
}

/// RFC 3986 §5.4.1, the normal examples, in the RFC's order.
pub fn rfc3986_normal() -> Vec<(&'static str, &'static str)> {
    rows(include_str!("../../../../assets/rfc3986-normal.txt"))
}

/// RFC 3986 §5.4.2, the abnormal examples (strict), in the RFC's order:
/// the last is `http:g`.
pub fn rfc3986_abnormal() -> Vec<(&'static str, &'static str)> {
    rows(include_str!("../../../../assets/rfc3986-abnormal.txt"))
}

/// RFC 2396 Appendix C (C.1 and C.2), in the RFC's order; the current
/// document is written `(current`, as the RFC's `(current document)`.
pub fn rfc2396_appendix_c() -> Vec<(&'static str, &'static str)> {
    rows(include_str!("../../../../assets/rfc2396-appendix-c.txt"))
}

/// The tables are whole: the RFCs' row counts and their first and last
/// rows (a truncated or reordered asset fails here, not in a loop that
/// would check fewer rows).
#[test]
fn the_tables_are_whole() {
    let n = rfc3986_normal();
    assert_eq!(n.len(), 23);
    assert_eq!((n[0], n[22]), (("g:h", "g:h"), ("../../g", "http://a/g")));
    assert!(n.contains(&("", "http://a/b/c/d;p?q")));
    let a = rfc3986_abnormal();
    assert_eq!(a.len(), 19);
    assert_eq!(a[0], ("../../../g", "http://a/g"));
    assert_eq!(a[18], ("http:g", "http:g"));
    let c = rfc2396_appendix_c();
    assert_eq!(c.len(), 42);
    assert_eq!(c[8], ("#s", "(current"));
    assert_eq!(c[41], ("http:g", "http:g"));
}
