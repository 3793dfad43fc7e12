//! The collection's counts and groups are those of the naive computation
//! (`naive.rs`), on the sample list, on any thread count and batch size.

use std::collections::BTreeMap;

use uriscope::collection::{
    counts::top_flags, Collection, FlagSet, GroupBy, Kind, Loader, Plan, Ranked, Searches,
};
use uriscope::uri::NormalizeOptions;

use super::naive::{self, NaiveCounts};
use super::{kept, load, sample};

fn map(rows: Vec<Ranked<'_>>) -> BTreeMap<String, u64> {
    rows.into_iter()
        .map(|r| (r.name.to_string(), r.count))
        .collect()
}

/// The collection's counts in the naive computation's shape.
pub fn counts_of(c: &Collection) -> NaiveCounts {
    let t = c.tally();
    NaiveCounts {
        lines: t.counts.lines,
        kinds: Kind::ALL
            .into_iter()
            .map(|k| (k.name(), t.counts.kind(k)))
            .filter(|&(_, n)| n > 0)
            .collect(),
        schemes: map(t.top_schemes(0)),
        hosts: map(t.top_hosts(0)),
        codes: map(t.top_codes(0)),
        flags: map(top_flags(&t.counts)),
    }
}

/// The collection's groups by `by` in the naive computation's shape.
fn groups_of(c: &Collection, by: GroupBy) -> Vec<naive::NaiveGroup> {
    (0..c.grouping(by).len())
        .map(|g| naive::NaiveGroup {
            key: c.key(by, g).map(|k| k.into_owned()),
            members: c.members(by, g).map(|l| l as usize).collect(),
        })
        .collect()
}

#[test]
fn groups_by_site_are_the_naive_sites_of_the_hosts() {
    let mut input = sample();
    input.push_str(
        "http://a.example.co.uk/\nhttps://B.EXAMPLE.co.uk/x\nhttp://www.xn--mnchen-3ya.de/\n\
         http://münchen.de/\nhttp://co.uk/\nfile:///etc/passwd\nfile:///etc/passwd\n",
    );
    let lines = kept(&input);
    let mut c = load(&input, Plan::default());
    assert_eq!(
        c.grouping(GroupBy::Site).len(),
        0,
        "not grouped until asked"
    );
    c.group_by_site();
    let want = naive::groups_by_site(&lines);
    let got = groups_of(&c, GroupBy::Site);
    // Asked before the lines come: each placed as it comes, the same groups.
    let mut early = Collection::new(Plan::default());
    early.group_by_site();
    for event in Loader::from_reader(std::io::Cursor::new(input.clone()), Plan::default()) {
        early.apply(event);
    }
    assert_eq!(groups_of(&early, GroupBy::Site), got);
    // Built a few lines at a time while more lines come: the same groups.
    let plan = Plan {
        threads: 1,
        ..Plan::default()
    };
    let mut sliced = Collection::new(plan);
    for event in Loader::from_reader(std::io::Cursor::new(input.clone()), plan) {
        sliced.apply(event);
        sliced.group_by_site_for(3);
    }
    assert!(!sliced.grouped_by_site(), "three lines a batch is behind");
    while !sliced.group_by_site_for(3) {}
    assert!(sliced.grouped_by_site());
    assert_eq!(groups_of(&sliced, GroupBy::Site), got);
    assert_eq!(got.len(), want.len());
    for (g, (a, b)) in got.iter().zip(&want).enumerate() {
        assert_eq!(a, b, "group {g}: {:?}", lines[b.members[0]]);
    }
    let at = |line: &str| lines.iter().position(|l| *l == line).expect("a line") as u32;
    let site_of = |line: &str| c.group_of(GroupBy::Site, at(line));
    assert_eq!(
        site_of("http://a.example.co.uk/"),
        site_of("https://B.EXAMPLE.co.uk/x")
    );
    assert_eq!(
        site_of("http://münchen.de/"),
        site_of("http://www.xn--mnchen-3ya.de/")
    );
    assert_ne!(site_of("http://co.uk/"), site_of("http://a.example.co.uk/"));
    let g = site_of("http://münchen.de/").expect("a group");
    assert_eq!(c.key(GroupBy::Site, g).as_deref(), Some("münchen.de"));
    // Fewer groups than hosts: the sample's subdomains fold.
    assert!(want.len() < naive::groups(&lines, false, NormalizeOptions::default()).len());
}

#[test]
fn counts_are_the_naive_counts_of_parse_json() {
    let input = sample();
    let c = load(&input, Plan::default());
    let lines = kept(&input);
    assert_eq!(c.len(), lines.len());
    assert_eq!(c.tally().blank, 2);
    let want = naive::counts(lines.iter().copied());
    assert_eq!(counts_of(&c), want);
    // The sample exercises every kind and every flag.
    assert_eq!(want.kinds.len(), 4, "{:?}", want.kinds);
    assert_eq!(want.flags.len(), FlagSet::CLASSES.len(), "{:?}", want.flags);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(c.text(i as u32), *line);
    }
}

#[test]
fn groups_are_the_naive_normalize_then_group() {
    let input = sample();
    let lines = kept(&input);
    let o = NormalizeOptions::default();
    let c = load(&input, Plan::default());
    for (by, keys) in [(GroupBy::Normal, false), (GroupBy::Keys, true)] {
        let want = naive::groups(&lines, keys, o);
        let got = groups_of(&c, by);
        assert_eq!(got.len(), want.len(), "{by:?}");
        for (g, (a, b)) in got.iter().zip(&want).enumerate() {
            assert_eq!(a, b, "{by:?} group {g}: {:?}", lines[b.members[0]]);
        }
        // Each line's group is the one that lists it.
        for (g, group) in want.iter().enumerate() {
            for &m in &group.members {
                assert_eq!(c.group_of(by, m as u32), Some(g));
            }
        }
    }
    // The variations were grouped: fewer groups than lines, and every
    // rung of the ladder is met.
    let normal = naive::groups(&lines, false, o);
    assert!(
        normal.len() < lines.len() * 9 / 10,
        "{} groups",
        normal.len()
    );
    let mut rungs = BTreeMap::new();
    for group in &normal {
        let first = lines[group.members[0]];
        for &m in &group.members {
            let want = naive::rung(first, lines[m], o);
            let got = c.rung(m as u32).map(|r| r.name());
            assert_eq!(got, want, "{first:?} and {:?}", lines[m]);
            *rungs.entry(want).or_insert(0) += 1;
        }
    }
    assert_eq!(rungs.len(), 3, "{rungs:?}");
    assert!(!rungs.contains_key(&None));
}

#[test]
fn any_thread_count_and_batch_gives_the_same_collection() {
    let input = sample();
    let one = load(
        &input,
        Plan {
            threads: 1,
            ..Plan::default()
        },
    );
    let many = load(
        &input,
        Plan {
            threads: 5,
            ..Plan::default()
        },
    );
    assert_eq!(counts_of(&one), counts_of(&many));
    for by in GroupBy::ALL {
        assert_eq!(groups_of(&one, by), groups_of(&many, by));
    }
    // Line by line, as a pipe that delivers one line at a time would.
    let mut c = Collection::new(Plan::default());
    let plan = Plan {
        threads: 1,
        ..Plan::default()
    };
    for line in input.lines().take(300) {
        for e in uriscope::collection::Loader::from_reader(
            std::io::Cursor::new(format!("{line}\n")),
            plan,
        ) {
            c.apply(e);
        }
    }
    let head: String = input.lines().take(300).map(|l| format!("{l}\n")).collect();
    let whole = load(&head, Plan::default());
    assert_eq!(counts_of(&c), counts_of(&whole));
    for by in GroupBy::ALL {
        assert_eq!(groups_of(&c, by), groups_of(&whole, by));
    }
}

#[test]
fn a_batch_without_analysis_is_analysed_on_arrival() {
    let input = sample();
    let bare = Plan {
        facts: false,
        keys: [false, false],
        ..Plan::default()
    };
    let mut c = Collection::new(Plan::default());
    for e in uriscope::collection::Loader::from_reader(std::io::Cursor::new(input.clone()), bare) {
        c.apply(e);
    }
    let full = load(&input, Plan::default());
    assert_eq!(counts_of(&c), counts_of(&full));
    for by in GroupBy::ALL {
        assert_eq!(groups_of(&c, by), groups_of(&full, by));
    }
}

#[test]
fn regrouping_with_other_options_is_grouping_with_them_from_the_start() {
    let input =
        "http://a/%2E/b\nhttp://a/b\nhttp://a/./b\nhttps://ü.example/\nhttps://%C3%BC.example/\n";
    let lines = kept(input);
    let mut c = load(input, Plan::default());
    c.group_by_site();
    let o = NormalizeOptions::new().keep_encoded_dots(true).iri(true);
    c.regroup(o);
    let started = load(
        input,
        Plan {
            normalize: o,
            ..Plan::default()
        },
    );
    for (by, keys) in [(GroupBy::Normal, false), (GroupBy::Keys, true)] {
        assert_eq!(groups_of(&c, by), groups_of(&started, by));
        assert_eq!(groups_of(&c, by), naive::groups(&lines, keys, o));
    }
    // The sites do not depend on the normalization: kept as they were.
    assert_eq!(groups_of(&c, GroupBy::Site), naive::groups_by_site(&lines));
    // %2E kept encoded: not the same as the dot segment any more.
    assert_eq!(c.group_of(GroupBy::Normal, 0), Some(0));
    assert_eq!(c.group_of(GroupBy::Normal, 1), Some(1));
    assert_eq!(c.group_of(GroupBy::Normal, 2), Some(1));
}

#[test]
fn the_groups_of_a_filtered_list_come_in_the_order_of_their_first_match() {
    let input = "http://a/1\nhttp://b/\nHTTP://A/1\nhttp://B/\nhttp://c/\n";
    let c = load(input, Plan::default());
    let mut s = Searches::default();
    s.set("!/1").expect("a filter");
    assert!(s.step(&c, usize::MAX));
    let lines = s.current().matches().expect("a filter").to_vec();
    assert_eq!(lines, [1, 3, 4]);
    assert_eq!(c.groups_among(GroupBy::Normal, lines), [1, 2]);
    assert_eq!(c.groups_among(GroupBy::Normal, [2, 0, 1]), [0, 1]);
}

/// Memory: the groups keep their key only when it is not their first
/// line's text, which the collection keeps anyway.
#[test]
fn a_group_whose_key_is_its_first_line_keeps_no_copy() {
    let normal: String = (0..2000).map(|i| format!("http://h/{i}\n")).collect();
    let odd: String = (0..2000).map(|i| format!("HTTP://h/{i}\n")).collect();
    let a = load(&normal, Plan::default());
    let b = load(&odd, Plan::default());
    let (ga, gb) = (a.grouping(GroupBy::Normal), b.grouping(GroupBy::Normal));
    assert_eq!((ga.len(), gb.len()), (2000, 2000));
    // Each of b's keys ("http://h/N", 10 bytes or so) is kept; none of a's.
    assert!(
        gb.heap_bytes() >= ga.heap_bytes() + 2000 * 10,
        "{} {}",
        ga.heap_bytes(),
        gb.heap_bytes()
    );
}
