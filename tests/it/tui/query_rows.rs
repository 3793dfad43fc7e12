//! The Breakdown's path segments and query pairs: decoded columns that
//! say what changed, form decoding beside the RFC 3986 one, empty keys and
//! empty pairs named.

use uriscope::explorer::app::App;

use crate::tui::screen::screen;

fn rows(uri: &str) -> Vec<String> {
    let s = screen(&App::new(uri, None), 140, 60);
    s.lines()
        .map(|l| l.trim_matches('"').trim_end().to_string())
        .skip_while(|l| !l.starts_with("segments"))
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn query_pairs_decode_without_repeating_the_key_and_name_empties() {
    let r = rows("http://h/a%20b/c?subject=Hello%20World+x&&=x&k");
    assert!(r[0].contains("[a%20b] [c]"), "{r:?}");
    assert!(r[1].contains("decoded: [a b] [c]"), "{r:?}");
    let q = r
        .iter()
        .position(|l| l.starts_with("query"))
        .expect("query rows");
    assert!(
        r[q].contains("subject = Hello%20World+x  → \"subject\" = \"Hello World+x\" · form: \"subject\" = \"Hello World x\" (what http servers read)"),
        "{r:?}"
    );
    assert!(r[q + 1].ends_with("(empty pair)"), "{r:?}");
    assert!(r[q + 2].ends_with("(empty key) = x"), "{r:?}");
    assert!(r[q + 3].ends_with("k (no value)"), "{r:?}");
}

#[test]
fn a_pair_that_decodes_to_itself_has_no_decoded_column() {
    let r = rows("foo://h/p?a=b");
    let q = r
        .iter()
        .find(|l| l.starts_with("query"))
        .expect("query row");
    assert!(q.ends_with("a = b"), "{q}");
    // No form mark for a scheme whose servers are not known to read forms.
    let r = rows("foo://h/p?a=b+c");
    let q = r
        .iter()
        .find(|l| l.starts_with("query"))
        .expect("query row");
    assert!(
        q.contains("form: \"a\" = \"b c\"") && !q.contains("http servers"),
        "{q}"
    );
}
