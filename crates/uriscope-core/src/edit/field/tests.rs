use proptest::prelude::*;

use super::*;

#[test]
fn escapes_that_carry_meaning_stay_visible_and_the_others_are_decoded() {
    let cases: [(&str, &FieldRules, &str); 12] = [
        ("/a%2Fb/c%3Fd", &PATH, "/a%2Fb/c?d"),
        ("q=a%26b%3Dc", &QUERY, "q=a%26b%3Dc"),
        ("q=a%26b%3Dc%2B%3B%23%20", &PAIR, "q=a%26b%3Dc%2B%3B%23 "),
        ("r=a+b", &PAIR, "r=a+b"),
        ("50%25", &PATH, "50%25"),
        ("a%0Ab%09", &PATH, "a%0Ab%09"),
        ("%41%7e", &PATH, "%41%7e"),
        ("%3f%3F", &PATH, "%3f?"),
        ("%C3%A9%E2%82%AC", &FRAGMENT, "é€"),
        ("%C3%a9%C3", &FRAGMENT, "%C3%a9%C3"),
        ("%FF%C3%5B", &FRAGMENT, "%FF%C3["),
        ("u%3Ap:w%40", &USERINFO, "u%3Ap:w@"),
    ];
    for (raw, rules, want) in cases {
        assert_eq!(shown(raw, rules), want, "{raw}");
    }
}

#[test]
fn a_value_without_decodable_escapes_is_borrowed() {
    assert!(matches!(shown("/a%2Fb", &PATH), Cow::Borrowed(_)));
}

#[test]
fn an_unchanged_field_gives_the_value_back() {
    for (raw, rules) in [
        ("/a%2Fb/c%3Fd", &PATH),
        ("q=a%26b%3Dc", &QUERY),
        ("r=a+b", &PAIR),
        ("%c3%a9", &FRAGMENT),
    ] {
        let s = shown(raw, rules);
        assert_eq!(written(raw, &s, &s, rules), raw);
    }
}

#[test]
fn only_the_typed_text_is_encoded() {
    // A space typed in a form pair's value: the `+` and the escapes
    // around it are kept.
    assert_eq!(
        written("r=a+b%2B", "r=a+b%2B", "r=a+b %2B", &PAIR),
        "r=a+b%20%2B"
    );
    // A typed `+` in a pair stays a form space; a typed `=` after the
    // pair's first is data.
    assert_eq!(written("k=v", "k=v", "k=v+w=", &PAIR), "k=v+w%3D");
    // The pair's `=` typed into a pair that had none.
    assert_eq!(written("k", "k", "k=v", &PAIR), "k=v");
    // A slash typed in a path is a segment break; the encoded one stays.
    assert_eq!(written("/a%2Fb", "/a%2Fb", "/a%2Fb/c", &PATH), "/a%2Fb/c");
    // A letter typed next to a decoded character keeps its escapes.
    assert_eq!(written("%C3%A9", "é", "éx", &FRAGMENT), "%C3%A9x");
    // An escape typed in full is an escape; a lone `%` is data.
    assert_eq!(written("a", "a", "a%2F%", &PATH), "a%2F%25");
}

#[test]
fn an_escape_broken_by_an_edit_is_written_as_its_text() {
    // Deleting the `F` of a visible `%2F`: the `%` left is data.
    assert_eq!(written("a%2Fx", "a%2Fx", "a%2x", &PATH), "a%252x");
}

#[test]
fn an_escape_typed_before_hex_text_takes_its_digits() {
    // `%` typed before the `41` already there: the field shows `%41`,
    // the URI has the escape.
    assert_eq!(written("a41", "a41", "a%41", &PATH), "a%41");
}

#[test]
fn an_emptied_field_writes_an_empty_value() {
    assert_eq!(written("/a%2Fb", "/a%2Fb", "", &PATH), "");
}

/// A piece of a value as a URI writes it.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "a", "Z", "0", "-", ".", "_", "~", "/", "?", ":", "@", "!", "$", "'", "(", ")", "*",
            ",", "+", ";", "=", "&", "é",
        ])
        .prop_map(str::to_string),
        any::<u8>().prop_map(|b| escape(b).to_string()),
        any::<u8>().prop_map(|b| escape(b).to_ascii_lowercase()),
        prop::sample::select(vec![
            "%C3%A9",
            "%E2%82%AC",
            "%F0%9F%98%80",
            "%2F",
            "%26",
            "%3D",
            "%2B",
            "%23",
            "%20"
        ])
        .prop_map(str::to_string),
    ]
}

/// The rules under test, and the pieces a value under them may hold
/// (literal characters the component's syntax allows).
fn rules() -> impl Strategy<Value = &'static FieldRules> {
    prop::sample::select(vec![&PATH, &QUERY, &FRAGMENT, &PAIR, &USERINFO])
}

fn allowed(p: &str, rules: &FieldRules) -> bool {
    let b = p.as_bytes()[0];
    b == b'%' || !b.is_ascii() || rules.shown.keeps(b)
}

/// The token boundaries of `raw`: (shown offset, raw offset).
fn boundaries(raw: &str, rules: &FieldRules) -> Vec<(usize, usize)> {
    let mut out = vec![(0, 0)];
    let (mut s, mut r) = (0, 0);
    while r < raw.len() {
        let t = token_at(raw, r, rules);
        s += t.shown;
        r += t.raw;
        out.push((s, r));
    }
    out
}

proptest! {
    #[test]
    fn typing_one_character_changes_exactly_its_place(
        rules in rules(),
        pieces in prop::collection::vec(piece(), 0..12),
        at in any::<prop::sample::Index>(),
        c in prop::sample::select(vec!['x', ' ', '/', '&', '=', '+', '#', 'é']),
    ) {
        let raw: String = pieces.iter().filter(|p| allowed(p, rules)).map(String::as_str).collect();
        let old = shown(&raw, rules).into_owned();
        let b = boundaries(&raw, rules);
        let (s, r) = b[at.index(b.len())];
        prop_assume!(!old[s..].starts_with(c));
        let mut new = old.clone();
        new.insert(s, c);
        let first_eq = new.find('=') == Some(s);
        let enc = encode_typed(&c.to_string(), rules, first_eq.then_some(0));
        let want = format!("{}{enc}{}", &raw[..r], &raw[r..]);
        prop_assert_eq!(written(&raw, &old, &new, rules), want);
    }

    #[test]
    fn deleting_one_piece_removes_exactly_its_bytes(
        rules in rules(),
        pieces in prop::collection::vec(piece(), 1..12),
        at in any::<prop::sample::Index>(),
    ) {
        let raw: String = pieces.iter().filter(|p| allowed(p, rules)).map(String::as_str).collect();
        prop_assume!(!raw.is_empty());
        let old = shown(&raw, rules).into_owned();
        let b = boundaries(&raw, rules);
        let i = at.index(b.len() - 1);
        let ((s0, r0), (s1, r1)) = (b[i], b[i + 1]);
        // Which of two equal neighbours went cannot be told apart.
        prop_assume!(old[s1..].chars().next() != old[s0..].chars().next());
        let new = format!("{}{}", &old[..s0], &old[s1..]);
        let got = written(&raw, &old, &new, rules);
        // The first piece after the deleted one may be written again,
        // as the set writes it; what was before it is untouched.
        prop_assert!(got.starts_with(&raw[..r0]));
        let rest = &raw[r1..];
        let next = b.get(i + 2).map_or(0, |&(_, r2)| r2 - r1);
        prop_assert!(got.ends_with(&rest[next..]), "{got:?} from {raw:?}");
        // Read as bytes, the value lost the piece and nothing else (two
        // escapes the piece stood between may now read as one character).
        let without = format!("{}{}", &raw[..r0], &raw[r1..]);
        let bytes = |s: &str| crate::percent::decode_bytes(s.as_bytes(), Default::default()).into_owned();
        prop_assert_eq!(bytes(&got), bytes(&without));
    }

}
