//! An edit that changes nothing changes nothing: opening a component of
//! the Breakdown, a pair of the Query pane or the whole query and
//! pressing Enter leaves the input byte for byte; typing one character
//! changes the value at that character's place only. The field shows the
//! value decoded but for the escapes that carry meaning (`%2F` in a path,
//! `%26 %3D %2B %23` in a pair), and a `+` in a pair stays a `+`.

use crossterm::event::{KeyCode, KeyModifiers};
use proptest::prelude::*;
use uriscope::explorer::app::edit::{apply, open_field, Target, TARGETS};
use uriscope::explorer::app::{update, Action, App, Overlay, Pane};
use uriscope::uri::edit::{query, Editable};
use uriscope::uri::ParseOptions;

use crate::tui::screen::press;

fn key(a: &mut App, code: KeyCode) {
    press(a, code, KeyModifiers::NONE);
}

fn field_text(a: &App) -> String {
    match &a.overlay {
        Some(Overlay::Edit(e)) => e.field.text().to_string(),
        o => panic!("no field: {o:?}"),
    }
}

/// The input after `t`'s field is opened on `uri` and `keys` are typed
/// (at the field's end), then Enter; `None` when Enter was refused.
fn after(uri: &str, t: Target, keys: &str) -> (String, Option<String>) {
    let mut a = App::new(uri, None);
    open_field(&mut a, t);
    let shown = field_text(&a);
    for c in keys.chars() {
        update(&mut a, Action::Insert(c));
    }
    apply(&mut a);
    let out = a.overlay.is_none().then(|| a.input.text().to_string());
    (shown, out)
}

fn editable(uri: &str) -> Option<Editable> {
    Editable::parse_with(uri, ParseOptions::new().iri(true)).ok()
}

/// Every field a user can open on `uri`: the component rows, the whole
/// query, each pair.
fn targets(u: &Editable) -> Vec<Target> {
    let n = u
        .query
        .as_deref()
        .map_or(0, |q| query::pairs(q, '&').count());
    TARGETS
        .into_iter()
        .chain((0..n).map(Target::Pair))
        .collect()
}

/// `u`'s value of `t` as written, with `x` after it, recomposed.
fn with_x_after(u: &Editable, t: Target) -> Option<String> {
    let mut u = u.clone();
    match t {
        Target::Userinfo => match &mut u.password {
            Some(p) => p.push('x'),
            None => u.user.get_or_insert_with(String::new).push('x'),
        },
        Target::Host => u.host.as_mut().filter(|h| !h.starts_with('['))?.push('x'),
        Target::Query => u.query.get_or_insert_with(String::new).push('x'),
        Target::Fragment => u.fragment.get_or_insert_with(String::new).push('x'),
        Target::Pair(i) => {
            let mut list: Vec<String> = query::pairs(u.query.as_deref()?, '&')
                .map(str::to_string)
                .collect();
            list[i].push('x');
            u.query = Some(list.join("&"));
        }
        _ => return None,
    }
    Some(u.recompose())
}

/// Open + Enter is the identity on every field of `uri`, and `x` typed at
/// the end of a field lands right after the value's last byte.
fn check_round_trips(uri: &str) -> Result<(), TestCaseError> {
    let Some(u) = editable(uri) else {
        return Ok(());
    };
    for t in targets(&u) {
        let (shown, out) = after(uri, t, "");
        prop_assert_eq!(out.as_deref(), Some(uri), "{:?} shown as {:?}", t, shown);
        if let Some(want) = with_x_after(&u, t) {
            // A userinfo or host added to a reference without an
            // authority is no longer the same kind of reference.
            if u.host.is_some() {
                let (_, out) = after(uri, t, "x");
                prop_assert_eq!(out.as_deref(), Some(want.as_str()), "{:?} of {}", t, uri);
            }
        }
    }
    Ok(())
}

#[test]
fn an_unchanged_edit_of_a_segment_keeps_its_encoded_slash() {
    let uri = "http://h/a%2Fb/c%3Fd";
    let (shown, out) = after(uri, Target::Path, "");
    assert_eq!(shown, "/a%2Fb/c?d");
    assert_eq!(out.as_deref(), Some(uri));
}

#[test]
fn an_unchanged_edit_of_the_whole_query_keeps_its_pairs() {
    let mut a = App::new("http://h/?q=a%26b%3Dc", None);
    update(&mut a, Action::FocusPane(Pane::Query));
    key(&mut a, KeyCode::Char('e'));
    assert_eq!(field_text(&a), "q=a%26b%3Dc");
    key(&mut a, KeyCode::Enter);
    assert!(a.overlay.is_none());
    assert_eq!(a.input.text(), "http://h/?q=a%26b%3Dc");
}

#[test]
fn an_unchanged_edit_of_a_form_pair_keeps_its_plus() {
    let mut a = App::new("http://h/?r=a+b", None);
    update(&mut a, Action::FocusPane(Pane::Query));
    key(&mut a, KeyCode::Enter);
    assert_eq!(field_text(&a), "r=a+b");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.input.text(), "http://h/?r=a+b");
    // A `+` typed in a pair is a form space too; a plus is typed `%2B`.
    let (_, out) = after("http://h/?r=a+b", Target::Pair(0), "+c%2B");
    assert_eq!(out.as_deref(), Some("http://h/?r=a+b+c%2B"));
}

#[test]
fn an_unchanged_empty_pair_or_empty_query_stays() {
    for (uri, t) in [
        ("http://h/?a&&b", Target::Pair(1)),
        ("http://h/?", Target::Query),
        ("http://h/#", Target::Fragment),
        ("http://@h/", Target::Userinfo),
        ("http://u:@h/", Target::Userinfo),
    ] {
        assert_eq!(after(uri, t, "").1.as_deref(), Some(uri), "{t:?}");
    }
}

#[test]
fn typed_text_is_encoded_and_the_rest_kept() {
    let (shown, out) = after("http://h/a%2Fb%c3%a9", Target::Path, " /é");
    assert_eq!(shown, "/a%2Fb%c3%a9");
    assert_eq!(out.as_deref(), Some("http://h/a%2Fb%c3%a9%20/%C3%A9"));
    let (shown, out) = after("http://h/?q=%E2%82%AC%26", Target::Pair(0), "&=");
    assert_eq!(shown, "q=€%26");
    assert_eq!(out.as_deref(), Some("http://h/?q=%E2%82%AC%26%26%3D"));
}

/// The corpus of real URIs the benchmarks read, a sample of it.
fn corpus() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/uris.txt");
    let text = std::fs::read_to_string(path).expect("benches/uris.txt");
    text.lines()
        .step_by(97)
        .filter(|l| editable(l).is_some())
        .map(str::to_string)
        .collect()
}

#[test]
fn open_and_enter_is_the_identity_on_every_field_of_corpus_uris() {
    let uris = corpus();
    assert!(uris.len() > 300, "{} URIs", uris.len());
    for uri in &uris {
        if let Err(e) = check_round_trips(uri) {
            panic!("{uri}: {e}");
        }
    }
}

/// A piece of a value full of encoded delimiters.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a",
        "%2F",
        "%3F",
        "%23",
        "%26",
        "%3D",
        "%2B",
        "%3B",
        "%25",
        "%20",
        "%2f",
        "%41",
        "%C3%A9",
        "%E2%82%AC",
        "%FF",
        "%0A",
        "+",
        "=",
        ":",
        "@",
        "!",
        "é",
        "~",
    ])
}

fn value(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..max).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn open_and_enter_is_the_identity_on_uris_full_of_encoded_delimiters(
        user in value(4),
        host in prop::collection::vec(prop::sample::select(vec!["h", "%2E", "%41", "x-1"]), 1..4),
        segs in prop::collection::vec(value(5), 0..4),
        pairs in prop::collection::vec((value(4), prop::option::of(value(4))), 0..5),
        frag in prop::option::of(value(5)),
    ) {
        let mut uri = format!("http://{}@{}", user.replace(['@', '/'], ""), host.concat());
        for s in &segs {
            uri.push('/');
            uri.push_str(&s.replace('/', ""));
        }
        if !pairs.is_empty() {
            let q: Vec<String> = pairs
                .iter()
                .map(|(k, v)| match v {
                    Some(v) => format!("{k}={v}"),
                    None => k.clone(),
                })
                .collect();
            uri.push('?');
            uri.push_str(&q.join("&"));
        }
        if let Some(f) = frag {
            uri.push('#');
            uri.push_str(&f);
        }
        prop_assume!(editable(&uri).is_some());
        check_round_trips(&uri)?;
    }
}
