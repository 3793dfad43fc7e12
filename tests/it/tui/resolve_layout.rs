//! The Resolve pane and `resolve --trace` lay out and number the §5.2.4
//! table the same way: RFC 3986's own columns (STEP,
//! OUTPUT BUFFER, INPUT BUFFER) and step labels (`1 :`, then `2E:` ...),
//! both read from `DotSegmentsTrace::table`. Before, `--trace` printed the
//! output buffer first and the pane the input buffer first, numbering its
//! rows from 0.

use crate::support::run_uriscope;
use crate::tui::screen::screen;
use uriscope::explorer::app::{update, Action, App, Pane};
use uriscope::uri::{trace, ResolveOptions};

const BASE: &str = "http://a/b/c/d;p?q";

/// Whitespace runs as one space, no quotes of the screen's text rows.
fn collapsed(line: &str) -> String {
    line.trim_matches('"')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The table's header and rows in `text`: the lines from the STEP header
/// on, as many as `n` rows, collapsed.
fn table(text: &str, n: usize) -> Vec<String> {
    let lines: Vec<String> = text.lines().map(collapsed).collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("STEP OUTPUT"))
        .unwrap_or_else(|| panic!("no table in {text}"));
    lines[at..=at + n].to_vec()
}

#[test]
fn regression_the_pane_and_the_trace_lay_out_the_dot_table_alike() {
    for reference in [
        "../../../g",
        "g/./h/../i",
        "./a/b/../c/./",
        "mid/content=5/../6",
        "/./x/../../y/.",
    ] {
        let r = trace::resolve(BASE, reference, ResolveOptions::default()).expect("resolves");
        let rows: Vec<String> = r
            .dot_segments()
            .expect("a table")
            .table()
            .map(|row| collapsed(&format!("{} {} {}", row.label(), row.output, row.input)))
            .collect();

        let (_, trace, _) = run_uriscope(&["resolve", "--base", BASE, "--trace", reference], b"");
        let mut a = App::new(reference, Some(BASE));
        update(&mut a, Action::FocusField(Pane::Resolve));
        let pane = screen(&a, 140, 60);

        for (surface, text) in [("--trace", &trace), ("the pane", &pane)] {
            let t = table(text, rows.len());
            assert!(
                t[0].starts_with("STEP OUTPUT BUFFER INPUT BUFFER"),
                "{surface}: {}",
                t[0]
            );
            for (k, want) in rows.iter().enumerate() {
                assert!(
                    t[k + 1].starts_with(want.as_str()),
                    "{reference}, {surface}, row {k}: {:?} is not {want:?}",
                    t[k + 1]
                );
            }
        }
    }
}
