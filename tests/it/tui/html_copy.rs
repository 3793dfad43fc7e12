//! The copy chooser's last row: the input's HTML report, one page with
//! the password masked.

use uriscope::explorer::app::App;

#[test]
fn the_chooser_ends_with_the_html_report_of_the_input() {
    let app = App::new("https://user:s3cret@a.example.co.uk/p?q=1", None);
    let choices = app.copy_choices();
    let last = choices.len() - 1;
    assert_eq!(choices[last].label, "HTML report (Breakdown view)");
    let entry = app.copy_entry(last).expect("the last row copies");
    assert!(
        entry.text.starts_with("<!DOCTYPE html>\n"),
        "{}",
        entry.text
    );
    assert!(entry.text.contains("<pre class=\"diagram\">"));
    assert!(entry.text.contains("example.co.uk"));
    assert!(!entry.text.contains("s3cret"));
    assert!(app.copy_entry(last + 1).is_none());
}
