//! The RFC example tables, typed out once in the sample sets of `assets/`
//! and read by the core crate's test reader, shared here; the explorer's
//! own reader of those sets (its F2 examples) is held to it.

#[path = "../../crates/uriscope-core/tests/it/rfc_tables.rs"]
mod shared;

pub use shared::{rfc2396_appendix_c, rfc3986_abnormal, rfc3986_normal, BASE};

/// The explorer reads the sets as the tables do: the same rows, under
/// the §5.4 base, each note starting with its target.
#[test]
fn the_explorer_reads_the_tables_row_for_row() {
    use uriscope::explorer::app::examples::parse_set;
    let sets = [
        (
            include_str!("../../assets/rfc3986-normal.txt"),
            rfc3986_normal(),
        ),
        (
            include_str!("../../assets/rfc3986-abnormal.txt"),
            rfc3986_abnormal(),
        ),
        (
            include_str!("../../assets/rfc2396-appendix-c.txt"),
            rfc2396_appendix_c(),
        ),
    ];
    for (text, table) in sets {
        let rows: Vec<(&str, &str)> = parse_set(text)
            .into_iter()
            .map(|e| {
                assert_eq!(e.base, BASE, "{}: {:?}", e.set, e.input);
                let target = e
                    .note
                    .strip_prefix("= ")
                    .and_then(|t| t.split_whitespace().next());
                (e.input, target.unwrap_or(""))
            })
            .collect();
        assert_eq!(rows, table);
    }
}
