//! Marks that cannot be misread, labels that say
//! what a key does now, and the editing habits of a pager where no text
//! field has focus. Each test fails on the code before the fix.

use crossterm::event::{KeyCode, KeyModifiers};
use uriscope::explorer::app::{encode, keymap, update, Action, App, Effect, Focus, Pane};
use uriscope::uri::percent::encode_set;
use uriscope::uri::{self, rfc2396, trace, ResolveOptions};

use crate::support::run_uriscope;
use crate::tui::screen::{press, screen};

fn on(input: &str, pane: Pane) -> App {
    let mut a = App::new(input, None);
    update(&mut a, Action::FocusPane(pane));
    a
}

fn ctrl(app: &mut App, c: char) {
    press(app, KeyCode::Char(c), KeyModifiers::CONTROL);
}

/// The screen's line that starts (after the snapshot quote) with `label`.
fn line_of<'s>(s: &'s str, label: &str) -> Vec<&'s str> {
    s.lines()
        .map(|l| l.trim_matches('"'))
        .filter(|l| l.trim_start().starts_with(label))
        .collect()
}

/// Point 8: a deletion marker never sits inside a value; the value is
/// exactly the text a user would copy, the marker on the line under it.
#[test]
fn deletion_marks_sit_under_the_value_not_in_it() {
    // Compare: remove_dot_segments deletes "./" and "../b/".
    let a = on("example://a/./b/../b/c", Pane::Compare);
    let s = screen(&a, 80, 40);
    assert!(!s.contains("/‸"), "a marker inside a value:\n{s}");
    let rows: Vec<&str> = s.lines().map(|l| l.trim_matches('"')).collect();
    let at = rows
        .iter()
        .position(|l| l.trim_start().starts_with("after") && l.contains("example://a/b/c"))
        .unwrap_or_else(|| panic!("no after row:\n{s}"));
    let after = rows[at];
    let marks = rows[at + 1];
    assert!(marks.contains('‸'), "no marks line under {after:?}:\n{s}");
    // The marker points at the column where the text went: after "a/".
    let col = after.find("example://a/").unwrap() + "example://a/".len();
    assert_eq!(marks.chars().position(|c| c == '‸'), Some(col), "{s}");
    // Resolve, RFC 2396 view: the RFC 3986 target is drawn as it is.
    let mut r = on("../../../g", Pane::Resolve);
    ctrl(&mut r, 'r');
    let s = screen(&r, 80, 60);
    let t = line_of(&s, "RFC 3986");
    assert!(
        t.iter()
            .any(|l| l.contains("http://a/g ") && !l.contains('‸')),
        "{s}"
    );
}

/// Point 9: each RFC 2396 step's text is drawn whole (wrapped), never cut
/// with `…`.
#[test]
fn rfc2396_step_text_is_wrapped_not_cut() {
    let mut a = on("../../../g", Pane::Resolve);
    ctrl(&mut a, 'r');
    let steps = rfc2396::resolve("http://a/b/c/d;p?q", "../../../g", Default::default())
        .expect("resolves")
        .steps;
    for w in [80u16, 100] {
        let s = screen(&a, w, 80);
        // The drawn words, in order, with the wrapping undone.
        let drawn: String = s
            .lines()
            .map(|l| l.trim_matches('"').trim_end_matches(['▲', '▼', '█', '║']))
            .collect::<Vec<_>>()
            .join(" ");
        let drawn: Vec<&str> = drawn.split_whitespace().collect();
        for st in &steps {
            // Every word, in order (the buffer's wrapped cells may stand
            // between the lines of the text), none cut.
            let want: Vec<&str> = st.description.split_whitespace().collect();
            let mut at = drawn.iter();
            let whole = want.iter().all(|w| at.any(|d| d == w));
            assert!(
                whole,
                "step {} not drawn whole at width {w}: {want:?}\n{s}",
                st.rule
            );
        }
    }
}

/// A step that quotes a 64 KB reference is cut after its first lines,
/// marked `…`; the short steps before it stay whole.
#[test]
fn rfc2396_step_text_of_a_long_input_is_cut_and_marked() {
    let long = format!("g{}", "/seg".repeat(16 * 1024));
    let mut a = on(&long, Pane::Resolve);
    ctrl(&mut a, 'r');
    let s = screen(&a, 80, 300);
    let ends = |l: &str| {
        l.trim_matches('"')
            .trim_end_matches(['▲', '▼', '█', '║', ' '])
            .ends_with('…')
    };
    // The last line of the step's text is marked once, not twice.
    assert!(s.lines().any(ends), "{s}");
    assert!(!s.contains("……"), "{s}");
    // Nowhere near the 16,000 segments: at most 16 lines a step, its
    // buffer and its text side by side.
    let segs = s.matches("/seg").count();
    assert!(segs < 2 * 16 * 80, "{segs} segments drawn\n{s}");
}

/// Point 9: after Ctrl-R the hint says what Ctrl-R does now, and
/// strict/compat (RFC 3986 only) is not offered on the RFC 2396 steps.
#[test]
fn resolve_hints_follow_the_view() {
    let mut a = on("../g", Pane::Resolve);
    let hints = |a: &App| -> Vec<String> {
        keymap::hints(a)
            .into_iter()
            .map(|(k, h)| format!("{k} {h}"))
            .collect()
    };
    let h = hints(&a);
    assert!(h.contains(&"Ctrl-R 2396".to_string()), "{h:?}");
    assert!(h.contains(&"Ctrl-T compat".to_string()), "{h:?}");
    ctrl(&mut a, 'r');
    let h = hints(&a);
    assert!(h.contains(&"Ctrl-R 3986".to_string()), "{h:?}");
    assert!(!h.iter().any(|x| x.contains("compat")), "{h:?}");
    // Ctrl-T there changes nothing and says where it applies.
    let before = a.resolve.compat;
    ctrl(&mut a, 't');
    assert_eq!(a.resolve.compat, before);
    let status = a
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(status.contains("RFC 3986 steps"), "{status}");
    let s = screen(&a, 80, 24);
    assert!(s.contains("Ctrl-R 3986"), "{s}");
}

/// Point 9: the branch line quotes the whole §5.2.2 branch. Every
/// assignment the trace reports for the scheme, authority and query is a
/// line of the quoted branch, for each example of §5.4.1 and §5.4.2.
#[test]
fn branch_quote_holds_the_assignments_it_made() {
    let base = "http://a/b/c/d;p?q";
    let refs = [
        "g:h",
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "?y",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "",
        ".",
        "./",
        "..",
        "../g",
        "../..",
        "../../g",
        "../../../g",
        "/./g",
        "g.",
        "./g/.",
        "g;x=1/../y",
    ];
    let squash = |t: &str| t.split_whitespace().collect::<String>().replace(';', "");
    let mut seen = std::collections::HashSet::new();
    for r in refs {
        let res = uri::trace::resolve(base, r, ResolveOptions::default()).expect("resolves");
        seen.insert(res.branch);
        let quote: Vec<String> = res.branch.quote().iter().map(|l| squash(l)).collect();
        let body = squash(&res.branch.body());
        for st in &res.steps {
            if let trace::Step::Target {
                scheme,
                authority,
                query,
                ..
            } = st
            {
                for asg in [scheme, authority, query] {
                    let rule = squash(asg.rule);
                    assert!(
                        quote.contains(&rule),
                        "{r:?}: {} not in the quote {:?}",
                        asg.rule,
                        res.branch.quote()
                    );
                    // The TUI's one-line form holds what the branch itself
                    // assigns (the inherited scheme/authority come after it).
                    if !rule.contains("Base.scheme") && !rule.contains("Base.authority") {
                        assert!(body.contains(&rule), "{r:?}: {rule} not in {body}");
                    }
                }
            }
        }
    }
    assert_eq!(seen.len(), 5, "every branch exercised: {seen:?}");
    // The CLI prints it under the branch line, for the terse references.
    let (code, out, _) = run_uriscope(&["resolve", "--trace", "--base", base, "//g", "?y#s"], b"");
    assert_eq!(code, 0);
    assert!(
        out.contains("    |       T.authority = R.authority;"),
        "{out}"
    );
    assert!(
        out.contains("    |             T.query = Base.query;"),
        "{out}"
    );
    // And the JSON trace carries it.
    let (_, json, _) = run_uriscope(
        &["resolve", "--trace", "--json", "--base", base, "//g"],
        b"",
    );
    assert!(json.contains("\"pseudocode\":[\"else\""), "{json}");
    let _ = trace::Branch::Merge;
}

/// Point 9: the encode set has no ◀ ▶ (the arrows do not change it), its
/// keys come from the table, and the explorer starts on the CLI's set.
#[test]
fn encode_set_row_and_the_shared_default() {
    let mut a = on("a b/c?d&e", Pane::Encode);
    let s = screen(&a, 100, 20);
    assert!(!s.contains('◀') && !s.contains('▶'), "{s}");
    let set = line_of(&s, "set");
    assert!(set[0].contains("Ctrl-N next, Ctrl-P previous"), "{s}");
    assert_eq!(a.encode.encode_set().name, encode_set::DEFAULT.name);
    let (code, out, _) = run_uriscope(&["encode", "a b/c?d&e"], b"");
    assert_eq!(code, 0);
    assert_eq!(out.trim_end(), encode::encoded(&a));
    // ←/→ in the view scroll; they never change the set.
    update(&mut a, Action::FocusField(Pane::Encode));
    let before = a.encode.set;
    press(&mut a, KeyCode::Right, KeyModifiers::NONE);
    press(&mut a, KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(a.encode.set, before);
}

/// With the default set: a password with characters the
/// default set encodes (`&`, `:`) is masked in the encoded row too.
#[test]
fn an_encoded_password_is_masked() {
    let a = on("http://u:p%26w&x@h/", Pane::Encode);
    let s = screen(&a, 100, 20);
    let enc = line_of(&s, "encoded");
    assert!(enc[0].contains("u%3A****%40h"), "{s}");
    assert!(
        !enc[0].contains("p%2526w") && !enc[0].contains("%26x"),
        "{s}"
    );
    // The copy chooser's preview of that row as well.
    let mut a = a;
    update(&mut a, Action::CopyChooser);
    let s = screen(&a, 120, 30);
    assert!(!s.contains("p%2526w%26x"), "{s}");
}

/// Point 10: where no text field has focus, `q`, `?`, `/` and `hjkl` are
/// commands, named in the key table's help; in a text field they are
/// typed.
#[test]
fn pager_keys_where_no_text_field_has_focus() {
    let long: String = (0..200).map(|i| format!("/s{i}")).collect();
    let mut a = App::new(&format!("http://h{long}"), None);
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    assert!(!a.text_focused());
    press(&mut a, KeyCode::Char('j'), KeyModifiers::NONE);
    press(&mut a, KeyCode::Char('j'), KeyModifiers::NONE);
    let after_j = screen(&a, 80, 24);
    press(&mut a, KeyCode::Char('k'), KeyModifiers::NONE);
    press(&mut a, KeyCode::Char('k'), KeyModifiers::NONE);
    let after_k = screen(&a, 80, 24);
    assert_ne!(after_j, after_k, "j/k move through the rows");
    assert_eq!(a.breakdown.row, 0);
    press(&mut a, KeyCode::Char('?'), KeyModifiers::NONE);
    assert!(a.overlay.is_some(), "? opens the help");
    update(&mut a, Action::Close);
    press(&mut a, KeyCode::Char('/'), KeyModifiers::NONE);
    assert_eq!(a.focus, Focus::Input, "/ goes back to the input line");
    // On the input line the same keys are text.
    let before = a.input.text().to_string();
    for c in ['q', '?', '/', 'j', 'k'] {
        press(&mut a, KeyCode::Char(c), KeyModifiers::NONE);
    }
    assert_eq!(a.input.text(), format!("{before}q?/jk"));
    // q quits from a view (asking first: what was typed is not kept).
    update(&mut a, Action::FocusPane(Pane::Breakdown));
    let ev = crossterm::event::KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    let act = keymap::action_for(&a, &ev).expect("q is bound in a view");
    assert_eq!(act, Action::QuitAsking);
    assert!(matches!(update(&mut a, act.clone()), Effect::None));
    assert!(matches!(update(&mut a, act), Effect::Quit));
    // The help lists them, named as typed (`q`, not `Q`).
    let rows = keymap::help_rows();
    assert!(rows
        .iter()
        .any(|(_, k, h)| k == "q" && h.starts_with("quit")));
    assert!(rows.iter().any(|(_, k, _)| k == "↓ j"));
}

/// Point 8: in the Appendix B fallback (input that does not parse) the
/// authority is colored by the parts found the lenient way, not as one
/// host-colored run.
#[test]
fn fallback_authority_is_colored_by_its_parts() {
    use uriscope::explorer::app::breakdown::roles;
    use uriscope::explorer::app::role::Role;
    let s = "http://us er@ho st:8x0/p";
    let r = uri::analyze(s, Default::default());
    assert!(!r.is_valid());
    let roles = roles(&r);
    let at = |t: &str| {
        let i = s.find(t).unwrap();
        roles[i..i + t.len()].to_vec()
    };
    assert!(
        at("us er").iter().all(|&x| x == Role::Userinfo),
        "{roles:?}"
    );
    assert!(at("ho st").iter().all(|&x| x == Role::Host), "{roles:?}");
    assert!(at("8x0").iter().all(|&x| x == Role::Port), "{roles:?}");
    assert_eq!(at("@"), [Role::Delimiter]);
    assert_eq!(roles[s.find(":8").unwrap()], Role::Delimiter);
    // A bracketed host keeps its colons.
    let s = "http://[::1:zz]:80/";
    let roles = uriscope::explorer::app::breakdown::roles(&uri::analyze(s, Default::default()));
    let h = s.find('[').unwrap();
    assert!(
        roles[h..h + 8].iter().all(|&x| x == Role::Host),
        "{roles:?}"
    );
    assert!(
        roles[h + 9..h + 11].iter().all(|&x| x == Role::Port),
        "{roles:?}"
    );
}

/// No label in the views names a key by hand; every
/// key name comes from the key table (`keymap::key`, `keys`, `hints`), so
/// a remapped key is never shown wrongly. Reads the sources: a string
/// literal outside a comment that holds a key name fails.
#[test]
fn views_take_key_names_from_the_key_table() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("src/explorer/ui"))
        .expect("src/explorer/ui")
        .map(|e| e.expect("entry").path())
        .collect();
    files.push(root.join("src/explorer/app/update.rs"));
    files.push(root.join("src/explorer/app/panes.rs"));
    files.push(root.join("src/explorer/mod.rs"));
    let names = [
        "Ctrl-", "Alt-", "Shift-", "Esc", "Enter", "Tab ", "PgUp", "PgDn",
    ];
    let fkey = |s: &str| {
        s.as_bytes().windows(2).enumerate().any(|(i, w)| {
            w[0] == b'F'
                && w[1].is_ascii_digit()
                && (i == 0 || !s.as_bytes()[i - 1].is_ascii_alphanumeric())
        })
    };
    let mut found = Vec::new();
    for f in files {
        let src = std::fs::read_to_string(&f).expect("source");
        for (n, line) in src.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            // The string literals of the line (no escaped quotes in these).
            for (i, lit) in code.split('"').enumerate() {
                if i % 2 == 1 && (names.iter().any(|k| lit.contains(k)) || fkey(lit)) {
                    found.push(format!("{}:{}: {lit:?}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "key names typed by hand:\n{}",
        found.join("\n")
    );
}
