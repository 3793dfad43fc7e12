//! Crashes found by the fuzz targets (fuzz/), each pinned by a test named
//! after the bug, with the input that found it.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::explorer::app::App;
use uriscope::uri::{analyze, parse, ParseOptions};

/// Every finding's span lies on character boundaries and can be sliced.
#[track_caller]
fn spans_slice(s: &str) {
    for iri in [false, true] {
        for f in analyze(s, ParseOptions::new().iri(iri)).findings() {
            assert!(
                s.get(f.span.start..f.span.end).is_some(),
                "{:?} cuts a character of {s:?} ({})",
                f.span,
                f.code
            );
        }
    }
}

/// fuzz/parse, crash-671e3b32: `http://[::f例:192.0.2.1]/`. The IPv6 error
/// at the non-ASCII byte had a one-byte span, cutting '例' (3 bytes) in
/// half; slicing it (as the explorer does to underline it) panicked.
#[test]
fn regression_ipv6_error_span_cut_a_multibyte_char() {
    let s = "http://[::f例:192.0.2.1]/";
    spans_slice(s);
    let e = parse(s).unwrap_err();
    assert_eq!((e.code.as_str(), e.at), ("ipv6-syntax", 11));
    let a = analyze(s, Default::default());
    let f = a.errors().next().unwrap();
    assert_eq!(f.span.slice(s), "例");
    for s in [
        "http://[例]/",
        "http://[::1例]/",
        "http://[v例.x]/",
        "http://[v1.例]/",
        "http://[::%25例]/",
    ] {
        spans_slice(s);
    }
    let app = App::new(s, None);
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| f.render_widget(&app, f.area())).unwrap();
}

/// fuzz/parse, crash-372a1821: `h>ttp://[d[v7.x\\...]\u{E000}`. The
/// "only ':' may follow ']'" error had a one-byte span on the non-ASCII
/// character after the IP literal.
#[test]
fn regression_ip_literal_trailing_char_span_cut_a_multibyte_char() {
    let s = "h>ttp://[d[v7.x\\ead:beef:cafe:5417:affe:8FA3:deaf:feed]\u{e000}";
    spans_slice(s);
    for s in [
        "http://[::1]é/",
        "http://[::1]例:80/",
        "//[v7.x]\u{10000}",
        "http://[::1]\u{e000}",
    ] {
        spans_slice(s);
        let a = analyze(s, Default::default());
        assert!(!a.is_valid(), "{s:?}");
    }
}

/// fuzz/extract (via .ci/fuzz.sh), timeout-19c8d37d: extraction never
/// returned on text holding U+000B. `is_break` (ASCII whitespace) does not
/// list U+000B, U+0085, U+00A0 or U+3000, but `token_end` stops at any
/// Unicode whitespace, so the scanner took an empty token and did not move.
#[test]
fn regression_extract_looped_forever_on_vertical_tab_and_unicode_spaces() {
    use uriscope::uri::extract::extract;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut found = Vec::new();
        for text in [
            "s\u{b}\u{b}3:0 see http://a/b",
            "x\u{a0}http://a/",
            "\u{85}http://a/\u{3000}",
            "http://a/\u{2003}http://b/",
        ] {
            found.push(extract(text).into_iter().map(|e| e.uri).collect::<Vec<_>>());
        }
        tx.send(found).unwrap();
    });
    let found = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("extract returned");
    assert_eq!(found[0], ["http://a/b"]);
    assert_eq!(found[1], ["http://a/"]);
    assert_eq!(found[2], ["http://a/"]);
    assert_eq!(found[3], ["http://a/", "http://b/"]);
}

/// Found by the `resolve` fuzz target in CI: base `http://a/b/c/d;p?q`,
/// reference `hTtp://5x7f.1/`. make_relative answers `//5x7f.1/`, which
/// resolves to `http://5x7f.1/`: the same target up to the case of the
/// scheme (RFC 3986 §3.1, §6.2.2.1), which is what it promises.
#[test]
fn regression_make_relative_of_a_mixed_case_scheme_target() {
    use crate::support::same_up_to_scheme_and_host_case;
    use uriscope::uri::relative::make_relative;
    use uriscope::uri::{resolve, ResolveOptions};
    let base = "http://a/b/c/d;p?q";
    let target = resolve(base, "hTtp://5x7f.1/", ResolveOptions::default()).unwrap();
    let rel = make_relative(base, &target, Default::default()).unwrap();
    let back = resolve(base, &rel.reference, ResolveOptions::default()).unwrap();
    assert!(
        same_up_to_scheme_and_host_case(&back, &target),
        "{back} vs {target}"
    );
    assert!(same_up_to_scheme_and_host_case(&rel.proof.target, &target));
    assert!(rel.reference.len() <= target.len());
}

/// Found by the `analyzers` fuzz target in the campaign: the host
/// `xn--inhlll…` (a 1,500-byte label) took 13 ms per input in the fuzz build,
/// because punycode decoding is quadratic. A DNS label has at most 63 octets
/// (RFC 1034 §3.1), so a longer `xn--` label is no A-label (RFC 5890
/// §2.3.2.1): refused before decoding, with the reason.
#[test]
fn regression_overlong_xn_label_is_refused_before_decoding() {
    use uriscope::uri::lint::lint;
    let label = format!("xn--inh{}", "l".repeat(1500));
    let host = format!("a.{label}.example");
    let e = uriscope::uri::host::to_unicode(&host).unwrap_err();
    assert_eq!(e.label, label);
    // ToASCII refuses it too (the `codec` target's iri_to_uri found it
    // slow as well); the error names the same label.
    let e = uriscope::uri::host::to_ascii(&host).unwrap_err();
    assert_eq!(e.label, label);
    assert_eq!((e.span.start, e.span.end), (2, 2 + label.len()));
    let findings = lint(&format!("http://{host}/"));
    let f = findings
        .iter()
        .find(|f| f.code == "punycode-invalid")
        .expect("the long label is reported");
    assert!(f.message.contains("1507 octets long"), "{}", f.message);
    assert_eq!((f.span.start, f.span.end), (9, 9 + label.len()));
    // At the limit, the label is still decoded as before.
    let at_limit = format!("xn--{}", "a".repeat(59));
    assert_eq!(at_limit.len(), 63);
    let near = lint(&format!("http://{at_limit}/"));
    assert!(near.iter().all(|f| !f.message.contains("octets long")));
    assert_eq!(
        uriscope::uri::host::to_unicode("xn--bcher-kva.example").unwrap(),
        "bücher.example"
    );
}

/// Found by the `tui` fuzz target in the campaign (the input below,
/// replayed by the same little program the target runs). A word of a
/// wrapped message (here the Breakdown's WHATWG section, which wraps with
/// the Resolve pane's helper) began with a lone combining mark (U+0618), which is
/// drawn as `<U+0618>` on its own, so the drawn form of a piece was not a
/// prefix of the text and the word wrap cut inside a character (a panic).
/// The wrap now cuts on glyph boundaries of the text itself.
#[test]
fn regression_word_wrap_of_a_word_that_starts_with_a_combining_mark() {
    use ratatui::{backend::TestBackend, Terminal};
    let input: &[u8] = b"\
        \xf4\x52\xff\xaa\x2f\x2e\x2e\x2f\x00\x76\x20\x20\xd8\x98\x00\x00\x00\x00\x00\x00\x00\x00\
        \x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x25\x00\x26\x9a\
        \x00\x00\x00\x2c\x9c\x25\x30\x78\x7f\x00\x00\x94\x94\x94\x94\x94\x00\x00\x00\x00\x00\x00\
        \x00\x00\x00\x00\x00\x32\x35\x65\xc5\x0a\x00\x00\x00\x00";
    let (app, w, h) = crate::tui::tui_program::run(input);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
    let screen = format!("{:?}", t.backend().buffer());
    // The program ran as when it crashed: one paste, the Breakdown drawn
    // down to its WHATWG section, whose message is the text being wrapped.
    assert!(
        screen.contains("pasted 76 characters as one edit"),
        "{screen}"
    );
}

/// Found by the `codec` fuzz target in the campaign: a URI whose IPv6 zone
/// ID holds `%E1%A5%9F` (legal: `ZoneID = 1*( unreserved / pct-encoded )`,
/// RFC 6874 §2). uri_to_iri decoded it to U+195F inside the brackets, and
/// the result was no IRI: RFC 3987's `IP-literal` is ASCII only (§2.2).
/// Escapes inside an IP literal now stay encoded; the rest still decodes.
#[test]
fn regression_uri_to_iri_keeps_escapes_in_an_ipv6_zone() {
    use uriscope::uri::iri::uri_to_iri;
    use uriscope::uri::{parse, ParseOptions, UriRef};
    let uri = "http://[fe80::1%25ethx%E1%A5%9Fx]:8080/%E1%A5%9F?%E1%A5%9F#%E1%A5%9F";
    assert!(parse(uri).is_ok());
    let iri = uri_to_iri(uri).unwrap();
    assert_eq!(
        iri,
        "http://[fe80::1%25ethx%E1%A5%9Fx]:8080/\u{195f}?\u{195f}#\u{195f}"
    );
    assert!(
        UriRef::parse_with(&iri, ParseOptions::new().iri(true)).is_ok(),
        "{iri}"
    );
}

/// Slow `tui` programs (replayed in a release build by
/// `examples/tui_replay.rs --crafted`): on a 1.5 KB input with an error on
/// nearly every byte, 250 presses of Ctrl-O took 352 ms because each open
/// of the copy chooser analysed the input again and built every pane's
/// results. Now the chooser's rows are kept until a text changes: every
/// reopening shows the very same list (no timing is asserted; sharing the
/// allocation shows that nothing was recomputed).
#[test]
fn regression_reopening_the_copy_chooser_recomputes_nothing() {
    use std::rc::Rc;
    use uriscope::explorer::app::{update, Action, Overlay};
    let mut program = crate::tui::tui_program::pasted("[]{}%zz ".repeat(187).as_bytes());
    program.extend_from_slice(&[0x20, b'o']); // Ctrl-O: the chooser opens
    let (mut app, _, _) = crate::tui::tui_program::run(&program);
    let chooser = |app: &App| match &app.overlay {
        Some(Overlay::Copy { .. }) => app.copy_choices(),
        other => panic!("the chooser is open: {other:?}"),
    };
    let first = chooser(&app);
    assert!(first.iter().any(|e| e.label == "breakdown"));
    assert!(
        app.copy_entries()
            .iter()
            .find(|e| e.label == "breakdown")
            .is_some_and(|e| e.text.len() > 1_500),
        "the breakdown text"
    );
    // Ctrl-O while it is open closes it and opens it again: 100 times.
    for _ in 0..100 {
        update(&mut app, Action::CopyChooser);
    }
    assert!(Rc::ptr_eq(&chooser(&app), &first));
    // A changed text drops the kept list.
    update(&mut app, Action::Close);
    update(&mut app, Action::Insert('x'));
    update(&mut app, Action::CopyChooser);
    assert!(!Rc::ptr_eq(&chooser(&app), &first));
    // (A row shows the first 200 characters; the entry is the whole input.)
    assert!(app.copy_entry(0).is_some_and(|e| e.text.ends_with('x')));
}

/// Found by the `analyzers` fuzz target in CI's smoke run, after the
/// data-payload note learned to read `charset=`: a media-type parameter
/// whose eighth byte falls inside a character (`i\u{7f}\u{7f}\u{7f}j/.\u{fffe}/…`) was sliced
/// at byte 8 (a panic). The prefix is now looked at with `get`.
#[test]
fn regression_data_parameter_cut_inside_a_character() {
    let s =
        "data:/au-s1@:;i\u{7f}\u{7f}\u{7f}j/.\u{fffe}/au-s1@:;ij/./em=1&de.radHiTTTTTe,u0too1@?";
    let found = uriscope::uri::lint::lint(s);
    for f in &found {
        assert!(s.get(f.span.range()).is_some(), "{} {:?}", f.code, f.span);
    }
    // A real charset parameter is still read.
    let f = uriscope::uri::lint::lint("data:text/plain;charset=utf-8;base64,QUJD");
    assert!(
        f.iter()
            .any(|f| f.code == "data-payload" && f.message.contains("charset=utf-8")),
        "{f:?}"
    );
}

/// Found by the `normalize` fuzz target in CI's smoke run: with the IRI
/// option the normal form of `…Diffie%E2%80%93Hellman` is an IRI (the
/// en dash decoded), which the target then parsed as a URI. The normal
/// form parses under the grammar it was normalized with.
#[test]
fn regression_iri_normal_form_parses_as_an_iri() {
    use uriscope::uri::{normalize, NormalizeOptions, ParseOptions, UriRef};
    let a = "https://en.wikipedia.org/wiki/Elliptic_curve_Diffie%E2%80%93Hellman";
    let options = NormalizeOptions::new().iri(true);
    let n = normalize(a, options).expect("normalizes");
    assert_eq!(
        n,
        "https://en.wikipedia.org/wiki/Elliptic_curve_Diffie–Hellman"
    );
    assert!(UriRef::parse_with(&n, ParseOptions::new().iri(true)).is_ok());
}

/// Found by the `tui` target's first campaign with the 64 KB paste step
/// (an out-of-memory input: 2.2 GB): a 250-byte paste of `[]{}%zz ` and
/// a few odd characters, repeated into a 7 MB input, then Ctrl-Y in the
/// Breakdown and a draw of the Encode pane. Three costs grew with the
/// findings or the characters rather than with the screen: the copied
/// breakdown listed every one of ~4 million findings (now at most
/// `COPIED_FINDINGS`, and a line counts the rest), the Encode pane built a
/// row of its table for every character and a line for every malformed
/// escape (now the rows it draws, and a line counts the rest), and the
/// column map kept a pair for every byte (see `display::Columns`). Replayed
/// here on a 200 KB input of the same kind (the whole program takes
/// seconds in a debug build); the memory figures are in the README.
#[test]
fn regression_copy_and_encode_pane_of_a_paste_full_of_errors() {
    use uriscope::explorer::app::breakdown::{main_result, COPIED_FINDINGS};
    use uriscope::explorer::app::{update, Action, Pane};
    let input = "[]{}%zz 例\u{0}".repeat(20_000);
    let mut app = App::new(&input, None);
    // The copied breakdown: every component, then the findings grouped by
    // kind, one line a kind, whose counts add up to every finding.
    let copied = main_result(&app).text;
    let report = app.analysis();
    let linted = uriscope::uri::lint::Linted::new(&report);
    let groups = linted.groups();
    assert!(groups.len() < COPIED_FINDINGS);
    let counted: usize = copied
        .lines()
        .filter(|l| {
            ["    error ", "    warning ", "    note "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(|l| match l.split_once(" ×") {
            Some((_, n)) => n
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a count"),
            None => 1,
        })
        .sum();
    assert_eq!(counted, linted.len());
    assert!(
        copied.len() < 20_000 + input.len() * 4,
        "{} bytes",
        copied.len()
    );
    // The Encode pane: the lines it builds are bounded by the screen's
    // needs, not by the 60,000 characters or 20,000 malformed escapes.
    update(&mut app, Action::FocusField(Pane::Encode));
    let lines = uriscope::explorer::ui::encode::build(&app, &Default::default(), 100);
    assert!(lines.len() < 320, "{} lines", lines.len());
    let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    assert!(
        text.iter()
            .any(|l| l.contains("19980 more malformed escapes")),
        "{text:?}"
    );
    let rows = uriscope::uri::percent::row_count(&input, Default::default());
    let more = format!("… {} more characters", rows - 256);
    assert!(text.iter().any(|l| l == &more), "{more}: {text:?}");
    // And it draws.
    let mut t = Terminal::new(TestBackend::new(100, 40)).expect("backend");
    t.draw(|f| f.render_widget(&app, f.area())).expect("draw");
}

/// Found by the `tui` target's campaign after the history search landed:
/// Alt-B (a jump to the previous component boundary) in the search field
/// used the *input line's* boundaries, a byte offset inside a character of
/// the field's own text: a panic in the grapheme cursor. Now only the input
/// line gets its boundaries, and the editor ignores a stop that is not a
/// character boundary of its text.
#[test]
fn regression_boundary_jump_in_an_overlay_field() {
    use crossterm::event::{KeyCode, KeyModifiers};
    use uriscope::explorer::app::{update, Action, Overlay};
    let mut app = App::new("http://h/a/b/c/d/e?x=1", None);
    update(&mut app, Action::HistorySearch);
    for c in "x\u{618} \u{301}\u{301}".chars() {
        update(&mut app, Action::Insert(c));
    }
    for (code, mods) in [
        (KeyCode::Char('b'), KeyModifiers::ALT),
        (KeyCode::Char('f'), KeyModifiers::ALT),
        (KeyCode::Backspace, KeyModifiers::ALT),
    ] {
        crate::tui::screen::press(&mut app, code, mods);
        let Some(Overlay::History { filter, .. }) = &app.overlay else {
            panic!("the search stays open")
        };
        assert!(filter.text().is_char_boundary(filter.cursor()));
    }
    // The editor itself ignores stops inside a character.
    let mut ed = uriscope::explorer::app::Editor::new("a\u{301}\u{301}b");
    ed.end();
    ed.jump_left(&[2, 4]);
    assert!(ed.text().is_char_boundary(ed.cursor()));
    ed.jump_right(&[2, 4]);
    assert!(ed.text().is_char_boundary(ed.cursor()));
}
