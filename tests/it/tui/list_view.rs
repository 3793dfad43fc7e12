//! The list view's counts and groups against an independent computation:
//! each line parsed and normalized on its own, then counted and grouped
//! with a plain map, in the test. The view must show the same numbers
//! and the same groups (its own come from `collection`'s tally, hash
//! table and member links).

use std::collections::HashMap;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use uriscope::collection::{Loader, Plan};
use uriscope::explorer::list::{update, Entry, Grouped, ListAction, ListView};
use uriscope::uri::{normalize, parse, NormalizeOptions, ParseOptions, UriRef};

/// A list with exact copies, case and percent-encoding variants, default
/// ports, dot segments, query variants, IRIs, relative references, blank
/// and invalid lines.
pub const LIST: &str = "http://Example.com/a/%7euser
HTTP://example.COM/a/~user
http://example.com:80/a/~user
http://example.com/a/./b/../~user
https://shop.example/item?id=1&lang=en
https://shop.example/item?id=7&lang=de
https://shop.example/item?lang=fr&id=9#top
https://shop.example/item?id=2
http://evil.com\\@good.com/

mailto:someone@example.org
/relative/path
../up
#frag
http://例え.テスト/パス
a b c
http://[::1]/
http://user:pass@host.example/
ftp://ftp.example.org/file.txt
http://Example.com/a/%7euser
";

/// The view of `input`, loaded and searched to the end.
pub fn view_of(input: &str) -> ListView {
    let plan = Plan {
        threads: 2,
        ..Plan::default()
    };
    let reader = std::io::Cursor::new(input.as_bytes().to_vec());
    let mut v = ListView::new(Loader::from_reader(reader, plan), plan);
    v.finish();
    v
}

/// The view drawn into a `w`x`h` TestBackend, as text.
pub fn screen(v: &ListView, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| f.render_widget(v, f.area())).expect("draw");
    t.backend().to_string()
}

/// The rows of [`screen`], without the quotes and notes TestBackend puts
/// around them.
pub fn rows(v: &ListView, w: u16, h: u16) -> Vec<String> {
    screen(v, w, h)
        .lines()
        .map(|l| {
            let l = l.strip_prefix('"').unwrap_or(l);
            l.rfind('"').map_or(l, |i| &l[..i]).to_string()
        })
        .collect()
}

/// Apply `actions` in order.
pub fn act(v: &mut ListView, actions: impl IntoIterator<Item = ListAction>) {
    for a in actions {
        update(v, a);
        v.finish();
    }
}

/// Type `text` into the filter.
pub fn type_in(v: &mut ListView, text: &str) {
    act(v, text.chars().map(ListAction::Insert));
}

fn lines(input: &str) -> Vec<&str> {
    input.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// The header's numbers, worked out line by line: a URI parses as one
/// and has a scheme, an IRI parses only as an IRI and has one, a
/// relative reference parses either way without one.
fn naive_header(input: &str) -> String {
    let (mut uri, mut iri, mut rel, mut bad) = (0, 0, 0, 0);
    for l in lines(input) {
        match (
            parse(l),
            UriRef::parse_with(l, ParseOptions::new().iri(true)),
        ) {
            (Ok(u), _) if u.scheme().is_some() => uri += 1,
            (Ok(_), _) => rel += 1,
            (Err(_), Ok(u)) if u.scheme().is_some() => iri += 1,
            (Err(_), Ok(_)) => rel += 1,
            (Err(_), Err(_)) => bad += 1,
        }
    }
    let blank = input.lines().count() - lines(input).len();
    format!(
        "{} lines: {uri} URI · {iri} IRI · {rel} relative · {bad} invalid · {blank} blank",
        lines(input).len()
    )
}

/// Lines grouped by their normal form (the line itself when it has
/// none), groups in the order of their first line: line numbers.
fn naive_groups(input: &str, key: impl Fn(&str) -> String) -> Vec<Vec<usize>> {
    let mut order: Vec<String> = Vec::new();
    let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, l) in lines(input).into_iter().enumerate() {
        let k = key(l);
        if !groups.contains_key(&k) {
            order.push(k.clone());
        }
        groups.entry(k).or_default().push(i);
    }
    order
        .into_iter()
        .map(|k| groups.remove(&k).unwrap())
        .collect()
}

fn normal_key(l: &str) -> String {
    match normalize(l, NormalizeOptions::default()) {
        Ok(n) => format!("n {n}"),
        Err(_) => format!("raw {l}"),
    }
}

/// The normal form without userinfo, fragment and query values, the
/// query's keys sorted, each once.
fn keys_key(l: &str) -> String {
    let Ok(n) = normalize(l, NormalizeOptions::default()) else {
        return format!("raw {l}");
    };
    let n = n.split('#').next().unwrap_or("");
    let (base, query) = n.split_once('?').unwrap_or((n, ""));
    let base = match base.split_once("://") {
        Some((scheme, rest)) => {
            let (auth, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = auth.rsplit_once('@').map_or(auth, |(_, h)| h);
            format!("{scheme}://{host}{path}")
        }
        None => base.to_string(),
    };
    let mut keys: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split('=').next().unwrap_or(""))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    format!("n {base}?{}", keys.join("&"))
}

/// The groups the view shows, as line numbers.
fn shown_groups(v: &ListView) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in 0..v.row_count() {
        match v.row(i).expect("a row") {
            Entry::Line(l) => out.push(vec![l as usize]),
            Entry::Group { shown, .. } => out.push(Vec::with_capacity(shown as usize)),
            Entry::Member { line, .. } => out.last_mut().expect("a head").push(line as usize),
        }
    }
    out
}

#[test]
fn the_header_shows_the_counts_worked_out_line_by_line() {
    let v = view_of(LIST);
    let s = screen(&v, 120, 40);
    let first = s.lines().next().unwrap();
    assert!(
        first.contains(&naive_header(LIST)),
        "{first}\n{}",
        naive_header(LIST)
    );
}

#[test]
fn the_scheme_and_host_bars_are_the_counts_of_each_line() {
    let v = view_of(LIST);
    let s = rows(&v, 120, 40).join("\n");
    // A scheme as Appendix B splits it: what comes before the first `:`
    // when no `/`, `?` or `#` comes before it (valid or not).
    let mut schemes: HashMap<String, usize> = HashMap::new();
    for l in lines(LIST) {
        let Some(i) = l.find(':') else { continue };
        if i > 0 && !l[..i].contains(['/', '?', '#']) {
            *schemes.entry(l[..i].to_ascii_lowercase()).or_default() += 1;
        }
    }
    for (name, n) in [("http", schemes["http"]), ("https", schemes["https"])] {
        let bar = s
            .lines()
            .find_map(|row| {
                let cell = row.split('│').nth(1)?;
                cell.trim_start()
                    .starts_with(&format!("{name} "))
                    .then_some(cell)
            })
            .unwrap_or_else(|| panic!("no {name} bar:\n{s}"));
        assert!(
            bar.trim_end().ends_with(&format!(" {n}")),
            "{name}: {bar} (want {n})"
        );
    }
}

#[test]
fn grouping_by_normal_form_shows_the_groups_of_a_naive_normalize_then_group() {
    let mut v = view_of(LIST);
    act(&mut v, [ListAction::ToggleGrouping]);
    assert_eq!(v.grouped, Grouped::Normal);
    assert_eq!(shown_groups(&v), naive_groups(LIST, normal_key));
    // The model's number of groups is the one the view shows.
    let c = &v.collection;
    assert_eq!(
        c.grouping(uriscope::collection::GroupBy::Normal).len(),
        shown_groups(&v).len()
    );
}

#[test]
fn grouping_by_keys_shows_the_groups_of_a_naive_keys_form() {
    let mut v = view_of(LIST);
    act(
        &mut v,
        [ListAction::ToggleGrouping, ListAction::ToggleGrouping],
    );
    assert_eq!(v.grouped, Grouped::Keys);
    assert_eq!(shown_groups(&v), naive_groups(LIST, keys_key));
}

#[test]
fn a_filtered_grouping_keeps_only_the_matching_members() {
    let mut v = view_of(LIST);
    type_in(&mut v, "example.com");
    act(&mut v, [ListAction::ToggleGrouping]);
    let want: Vec<Vec<usize>> = naive_groups(LIST, normal_key)
        .into_iter()
        .map(|g| {
            g.into_iter()
                .filter(|&i| lines(LIST)[i].to_ascii_lowercase().contains("example.com"))
                .collect::<Vec<_>>()
        })
        .filter(|g| !g.is_empty())
        .collect();
    assert_eq!(shown_groups(&v), want);
}

#[test]
fn each_member_shows_the_rung_that_made_it_equal_to_the_first() {
    let mut v = view_of(LIST);
    act(&mut v, [ListAction::ToggleGrouping]);
    let s = rows(&v, 120, 40).join("\n");
    let row = |text: &str| {
        s.lines()
            .find(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text}:\n{s}"))
            .to_string()
    };
    assert!(
        row("HTTP://example.COM/a/~user")
            .trim_end()
            .ends_with("syntax-based"),
        "{s}"
    );
    assert!(
        row("http://example.com:80/a/~user")
            .trim_end()
            .ends_with("scheme-based"),
        "{s}"
    );
    assert!(row("▾ 5× http://example.com/a/~user").contains("5×"), "{s}");
}
