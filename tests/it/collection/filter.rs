//! The filter language on a known list, and incremental filtering (a
//! slice at a time, narrowed from the search before, while lines still
//! arrive) against a naive filter of every line, written here from the
//! language's table.

use proptest::prelude::*;

use uriscope::collection::{Collection, Filter, Loader, Plan, Searches, Test};

use super::naive::{self, NaiveFacts};
use super::{kept, load, sample, CRAFTED};

/// Whether `line` with `facts` matches `filter`, by the table of the
/// language.
fn naive_match(filter: &Filter, line: &str, f: &NaiveFacts) -> bool {
    filter.terms().iter().all(|t| {
        let yes = match &t.test {
            Test::Text { needle, fold: true } => {
                line.to_ascii_lowercase().contains(needle.as_str())
            }
            Test::Text {
                needle,
                fold: false,
            } => line.contains(needle.as_str()),
            Test::Host {
                needle,
                exact: true,
            } => f.host.as_deref() == Some(needle.as_str()),
            Test::Host {
                needle,
                exact: false,
            } => f.host.as_ref().is_some_and(|h| h.contains(needle.as_str())),
            Test::Site(s) => {
                let site = f.host.as_deref().and_then(uriscope_core::site::site_name);
                site.is_some_and(|site| !site.is_empty() && s.as_ref().is_none_or(|s| site == *s))
            }
            Test::Scheme(s) => {
                f.scheme.is_some() && s.as_ref().is_none_or(|s| f.scheme.as_ref() == Some(s))
            }
            Test::Code(None) => !f.codes.is_empty(),
            Test::Code(Some(c)) => f.codes.contains(c.as_str()),
            Test::Flag(None) => !f.flags.is_empty(),
            Test::Flag(Some(c)) => f.flags.contains(c.name()),
            Test::Kind(k) => f.kind == k.name(),
        };
        yes != t.negated
    })
}

/// The lines of `lines` matching `text`, naively.
fn naive_matches(lines: &[&str], facts: &[NaiveFacts], text: &str) -> Vec<u32> {
    let filter = Filter::parse(text).expect("the filter parses");
    (0..lines.len())
        .filter(|&i| naive_match(&filter, lines[i], &facts[i]))
        .map(|i| i as u32)
        .collect()
}

/// The matches of `text` found by `Searches`, run to the end.
fn matches(c: &Collection, text: &str) -> Vec<u32> {
    let mut s = Searches::default();
    s.set(text).expect("the filter parses");
    assert!(s.step(c, usize::MAX));
    (0..s.current().len(c))
        .filter_map(|i| s.current().line(c, i))
        .collect()
}

#[test]
fn each_term_finds_its_lines() {
    let input = CRAFTED.join("\n");
    let c = load(&input, Plan::default());
    let lines = kept(&input);
    let shown = |text: &str| -> Vec<&str> {
        matches(&c, text)
            .into_iter()
            .map(|l| lines[l as usize])
            .collect()
    };
    assert_eq!(shown("HTTP"), ["HTTP://A/~", "HTTPS://ü.example/ü"]);
    assert_eq!(shown("HTTP:"), ["HTTP://A/~"]);
    assert!(
        shown("EXAMPLE").is_empty(),
        "smart case: an uppercase letter asks for case"
    );
    assert_eq!(shown("example").len(), 6);
    assert_eq!(shown("%2f"), ["http://a/%2F..%2Fetc"]);
    assert_eq!(
        shown("host:=b"),
        [
            "http://b/x?id=1&s=a",
            "http://b/x?s=b&id=2",
            "http://b/x?id=3"
        ]
    );
    assert_eq!(
        shown("host:b !id=3"),
        ["http://b/x?id=1&s=a", "http://b/x?s=b&id=2"]
    );
    assert_eq!(shown("scheme:mailto"), ["mailto:Someone@Example.com"]);
    assert_eq!(
        shown("code:ipv4-rare-form"),
        ["http://127.1/", "http://0x7f.0.0.1/"]
    );
    assert_eq!(shown("flag:several-at"), ["http://u@v@w.example/"]);
    // An invalid line's scheme is the Appendix B split's, as in `parse --json`.
    assert_eq!(
        shown("flag:backslash scheme:"),
        ["http:\\\\evil.example\\x", "C:\\Users\\x\\file.txt"]
    );
    assert_eq!(shown("flag:backslash scheme:c"), ["C:\\Users\\x\\file.txt"]);
    assert_eq!(
        shown("is:iri"),
        ["https://ü.example/ü", "HTTPS://ü.example/ü"]
    );
    assert_eq!(shown("is:relative"), ["//h/p", "../up"]);
    assert_eq!(shown(r#""a b""#), ["a b", "a b"]);
    assert_eq!(
        shown("invalid !flag:whitespace-or-control"),
        [
            "http:\\\\evil.example\\x",
            "http://u@v@w.example/",
            "C:\\Users\\x\\file.txt"
        ]
    );
    assert!(shown("invalid").contains(&"C:\\Users\\x\\file.txt"));
    assert_eq!(
        shown("host:").len(),
        shown("!host:").len().abs_diff(lines.len())
    );
    // Every line a filter shows is counted in its counts, and only those.
    let mut s = Searches::default();
    s.set("host:example").expect("a filter");
    s.step(&c, usize::MAX);
    assert_eq!(s.current().counts(&c).lines as usize, s.current().len(&c));
    assert_eq!(s.current().counts(&c).lines, 2, "the two ü.example lines");
}

#[test]
fn a_site_term_keeps_exactly_the_lines_of_that_site() {
    let input = "http://a.example.co.uk/x
https://B.Example.CO.UK/y
http://example.co.uk.evil.example/
http://co.uk/
http://www.xn--mnchen-3ya.de/
https://münchen.de/
mailto:x@example.co.uk
http://192.0.2.1/";
    let c = load(input, Plan::default());
    let lines = kept(input);
    let shown = |text: &str| -> Vec<&str> {
        matches(&c, text)
            .into_iter()
            .map(|l| lines[l as usize])
            .collect()
    };
    assert_eq!(
        shown("site:example.co.uk"),
        ["http://a.example.co.uk/x", "https://B.Example.CO.UK/y"]
    );
    assert_eq!(shown("site:EXAMPLE.co.uk"), shown("site:example.co.uk"));
    // A host that is a suffix is a site of its own.
    assert_eq!(shown("site:co.uk"), ["http://co.uk/"]);
    // An IDN site typed in Unicode or as A-labels.
    let idn = ["http://www.xn--mnchen-3ya.de/", "https://münchen.de/"];
    assert_eq!(shown("site:münchen.de"), idn);
    assert_eq!(shown("site:xn--mnchen-3ya.de"), idn);
    // A name that is not a site (its site is example.co.uk) is no line's.
    assert!(shown("site:a.example.co.uk").is_empty());
    assert_eq!(shown("site:192.0.2.1"), ["http://192.0.2.1/"]);
    assert_eq!(shown("site:").len(), 7, "every line with a host");
    assert_eq!(shown("!site:"), ["mailto:x@example.co.uk"]);
}

/// A filter narrowed from one that had not yet tested all the lines it
/// was narrowed from in turn ("wi" from "w", then "wik" from "wi" after
/// one slice): the lines "wi" had still to test are "wik"'s to test, and
/// "wik" starts from "wi", which has fewer left than "w".
#[test]
fn a_filter_narrowed_twice_before_the_first_finished_misses_nothing() {
    let input = sample();
    let c = load(&input, Plan::default());
    let lines = kept(&input);
    let facts: Vec<NaiveFacts> = lines.iter().map(|l| naive::facts(l)).collect();
    let mut s = Searches::default();
    s.set("w").expect("a filter");
    assert!(s.step(&c, usize::MAX));
    s.set("wi").expect("a filter");
    assert!(!s.step(&c, 50), "one slice of fifty lines");
    // What "wik" has left to test when it starts from "wi": what "wi"
    // matched and what it had not tested.
    let left = c.len() - s.current().tested(&c) + s.current().len(&c);
    assert!(left < naive_matches(&lines, &facts, "w").len());
    s.set("wik").expect("a filter");
    assert_eq!(c.len() - s.current().tested(&c), left);
    assert!(s.step(&c, usize::MAX));
    let got: Vec<u32> = s.current().matches().expect("a filter").to_vec();
    assert_eq!(got, naive_matches(&lines, &facts, "wik"));
    assert!(got.len() > 10, "{}", got.len());
}

#[test]
fn a_search_stepped_a_line_at_a_time_finds_what_one_step_finds() {
    let input = sample();
    let c = load(&input, Plan::default());
    for text in ["wiki", "host:org !code:", "flag:", "is:relative"] {
        let mut s = Searches::default();
        s.set(text).expect("a filter");
        let mut steps = 0;
        while !s.step(&c, 97) {
            steps += 1;
            assert!(s.current().tested(&c) <= c.len());
        }
        assert!(steps >= c.len() / 97 - 1, "{text}: {steps} steps");
        let stepped: Vec<u32> = s.current().matches().expect("a filter").to_vec();
        assert_eq!(stepped, matches(&c, text), "{text}");
    }
}

/// Typing a filter and deleting it again, a step of a few lines between
/// keys, while the list still loads (in `batches` parts, one after each
/// key; 0: all of it before the first key): what is shown once every
/// line is tested is what the naive filter finds, whatever was typed
/// before and however far each search had got.
fn typed(keys: &[Key], step: usize, batches: usize) -> Result<(), TestCaseError> {
    let input = sample();
    let lines = kept(&input);
    let facts: Vec<NaiveFacts> = lines.iter().map(|l| naive::facts(l)).collect();
    let all: Vec<&str> = input.lines().collect();
    let per = all.len().div_ceil(batches.max(1));
    let mut parts = all.chunks(per).map(|p| p.join("\n") + "\n");
    let plan = Plan {
        threads: 1,
        ..Plan::default()
    };
    let mut c = Collection::new(plan);
    if batches == 0 {
        for part in parts.by_ref() {
            for e in Loader::from_reader(std::io::Cursor::new(part), plan) {
                c.apply(e);
            }
        }
    }
    let mut s = Searches::default();
    let mut text = String::new();
    let mut shown = String::new();
    for key in keys {
        match key {
            Key::Type(t) => text.push_str(t),
            Key::Back => {
                text.pop();
            }
            // A frame without a key: the search goes on.
            Key::Frame => {
                s.step(&c, step);
                continue;
            }
        }
        if s.set(&text).is_ok() {
            shown.clone_from(&text);
            s.step(&c, step);
        }
        // Were the search to run to the end now, it would show the
        // naive matches of the lines loaded so far.
        let mut done = s.clone();
        while !done.step(&c, usize::MAX) {}
        let n = c.len();
        let want = naive_matches(&lines[..n], &facts[..n], &shown);
        let got: Vec<u32> = (0..done.current().len(&c))
            .filter_map(|i| done.current().line(&c, i))
            .collect();
        prop_assert!(
            got == want,
            "filter {:?} after {:?}: {}",
            shown,
            key,
            differ(&got, &want)
        );
        if let Some(part) = parts.next() {
            for e in Loader::from_reader(std::io::Cursor::new(part), plan) {
                c.apply(e);
            }
        }
    }
    for part in parts {
        for e in Loader::from_reader(std::io::Cursor::new(part), plan) {
            c.apply(e);
        }
    }
    while !s.step(&c, step) {}
    let want = naive_matches(&lines, &facts, &shown);
    let got: Vec<u32> = (0..s.current().len(&c))
        .filter_map(|i| s.current().line(&c, i))
        .collect();
    prop_assert!(got == want, "filter {:?}: {}", shown, differ(&got, &want));
    Ok(())
}

/// Where two lists of lines part, in a few words (not a million numbers).
fn differ(got: &[u32], want: &[u32]) -> String {
    let at = got
        .iter()
        .zip(want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    format!(
        "{} lines shown, {} wanted; they part at {at}: {:?} against {:?}",
        got.len(),
        want.len(),
        got.get(at),
        want.get(at)
    )
}

#[derive(Clone, Debug)]
enum Key {
    Type(&'static str),
    Back,
    Frame,
}

fn key() -> impl Strategy<Value = Key> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "h", "t", "p", "s", ":", "/", "w", "i", "k", "o", "r", "g", ".", "a", "e", "x", " ",
            "!", "host:", "site:", "code:", "flag:", "scheme:", "is:", "invalid", "\"", "A", "W", "=", "%",
            "http", "uri", "iri", "relative", "backslash", "encoded-delimiter", "3",
        ]).prop_map(Key::Type),
        1 => Just(Key::Back),
        3 => Just(Key::Frame),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn typing_and_deleting_while_loading_shows_the_naive_matches(
        keys in prop::collection::vec(key(), 1..60),
        step in 1usize..600,
        batches in 0usize..6,
    ) {
        typed(&keys, step, batches)?;
    }
}
