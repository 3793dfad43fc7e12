//! URI Templates (RFC 6570): the RFC's examples, written as our own.
//!
//! Every example of §1.2 (levels 1 to 4) and of §3.2.1 to §3.2.9 with the
//! variables of §3.2, as (template, expansion) rows. Where the RFC lets a
//! map expand in any order, the row has the insertion order of `keys`
//! (semi, dot, comma). Then errors with their positions, and properties:
//! nothing panics, a template without expressions expands to its text
//! pct-encoded as needed, prefixes count characters.

use proptest::prelude::*;
use uriscope_core::template::{
    expand, expand_parts, parse, ExpandErrorKind, Modifier, Operator, Part, TemplateErrorKind,
    Value, ValueKind, Variables,
};

fn list(items: &[&str]) -> Value {
    Value::List(items.iter().map(|s| s.to_string()).collect())
}

fn map(pairs: &[(&str, &str)]) -> Value {
    Value::Map(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

/// The variables of §3.2 (a superset of those of §1.2, with the same
/// values); `undef` is absent, so undefined.
fn rfc_vars() -> Variables {
    let mut v = Variables::new();
    v.insert("count", list(&["one", "two", "three"]));
    v.insert("dom", list(&["example", "com"]));
    v.insert("dub", "me/too");
    v.insert("hello", "Hello World!");
    v.insert("half", "50%");
    v.insert("var", "value");
    v.insert("who", "fred");
    v.insert("base", "http://example.com/home/");
    v.insert("path", "/foo/bar");
    v.insert("list", list(&["red", "green", "blue"]));
    v.insert("keys", map(&[("semi", ";"), ("dot", "."), ("comma", ",")]));
    v.insert("v", "6");
    v.insert("x", "1024");
    v.insert("y", "768");
    v.insert("empty", "");
    v.insert("empty_keys", map(&[]));
    v
}

/// §1.2: the examples of each level.
const LEVELS: &[(&str, &str)] = &[
    // Level 1: simple string expansion.
    ("{var}", "value"),
    ("{hello}", "Hello%20World%21"),
    // Level 2: reserved and fragment expansion.
    ("{+var}", "value"),
    ("{+hello}", "Hello%20World!"),
    ("{+path}/here", "/foo/bar/here"),
    ("here?ref={+path}", "here?ref=/foo/bar"),
    ("X{#var}", "X#value"),
    ("X{#hello}", "X#Hello%20World!"),
    // Level 3: multiple variables, the other operators.
    ("map?{x,y}", "map?1024,768"),
    ("{x,hello,y}", "1024,Hello%20World%21,768"),
    ("{+x,hello,y}", "1024,Hello%20World!,768"),
    ("{+path,x}/here", "/foo/bar,1024/here"),
    ("{#x,hello,y}", "#1024,Hello%20World!,768"),
    ("{#path,x}/here", "#/foo/bar,1024/here"),
    ("X{.var}", "X.value"),
    ("X{.x,y}", "X.1024.768"),
    ("{/var}", "/value"),
    ("{/var,x}/here", "/value/1024/here"),
    ("{;x,y}", ";x=1024;y=768"),
    ("{;x,y,empty}", ";x=1024;y=768;empty"),
    ("{?x,y}", "?x=1024&y=768"),
    ("{?x,y,empty}", "?x=1024&y=768&empty="),
    ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("{&x,y,empty}", "&x=1024&y=768&empty="),
    // Level 4: value modifiers.
    ("{var:3}", "val"),
    ("{var:30}", "value"),
    ("{list}", "red,green,blue"),
    ("{list*}", "red,green,blue"),
    ("{keys}", "semi,%3B,dot,.,comma,%2C"),
    ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
    ("{+path:6}/here", "/foo/b/here"),
    ("{+list}", "red,green,blue"),
    ("{+list*}", "red,green,blue"),
    ("{+keys}", "semi,;,dot,.,comma,,"),
    ("{+keys*}", "semi=;,dot=.,comma=,"),
    ("{#path:6}/here", "#/foo/b/here"),
    ("{#list}", "#red,green,blue"),
    ("{#list*}", "#red,green,blue"),
    ("{#keys}", "#semi,;,dot,.,comma,,"),
    ("{#keys*}", "#semi=;,dot=.,comma=,"),
    ("X{.var:3}", "X.val"),
    ("X{.list}", "X.red,green,blue"),
    ("X{.list*}", "X.red.green.blue"),
    ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    ("{/var:1,var}", "/v/value"),
    ("{/list}", "/red,green,blue"),
    ("{/list*}", "/red/green/blue"),
    ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    ("{;hello:5}", ";hello=Hello"),
    ("{;list}", ";list=red,green,blue"),
    ("{;list*}", ";list=red;list=green;list=blue"),
    ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    ("{?var:3}", "?var=val"),
    ("{?list}", "?list=red,green,blue"),
    ("{?list*}", "?list=red&list=green&list=blue"),
    ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
    ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
    ("{&var:3}", "&var=val"),
    ("{&list}", "&list=red,green,blue"),
    ("{&list*}", "&list=red&list=green&list=blue"),
    ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
];

/// §3.2.1 to §3.2.9.
const SECTIONS: &[(&str, &str, &str)] = &[
    // §3.2.1 Variable Expansion.
    ("3.2.1", "{count}", "one,two,three"),
    ("3.2.1", "{count*}", "one,two,three"),
    ("3.2.1", "{/count}", "/one,two,three"),
    ("3.2.1", "{/count*}", "/one/two/three"),
    ("3.2.1", "{;count}", ";count=one,two,three"),
    ("3.2.1", "{;count*}", ";count=one;count=two;count=three"),
    ("3.2.1", "{?count}", "?count=one,two,three"),
    ("3.2.1", "{?count*}", "?count=one&count=two&count=three"),
    ("3.2.1", "{&count*}", "&count=one&count=two&count=three"),
    // §3.2.2 Simple String Expansion.
    ("3.2.2", "{var}", "value"),
    ("3.2.2", "{hello}", "Hello%20World%21"),
    ("3.2.2", "{half}", "50%25"),
    ("3.2.2", "O{empty}X", "OX"),
    ("3.2.2", "O{undef}X", "OX"),
    ("3.2.2", "{x,y}", "1024,768"),
    ("3.2.2", "{x,hello,y}", "1024,Hello%20World%21,768"),
    ("3.2.2", "?{x,empty}", "?1024,"),
    ("3.2.2", "?{x,undef}", "?1024"),
    ("3.2.2", "?{undef,y}", "?768"),
    ("3.2.2", "{var:3}", "val"),
    ("3.2.2", "{var:30}", "value"),
    ("3.2.2", "{list}", "red,green,blue"),
    ("3.2.2", "{list*}", "red,green,blue"),
    ("3.2.2", "{keys}", "semi,%3B,dot,.,comma,%2C"),
    ("3.2.2", "{keys*}", "semi=%3B,dot=.,comma=%2C"),
    // §3.2.3 Reserved Expansion.
    ("3.2.3", "{+var}", "value"),
    ("3.2.3", "{+hello}", "Hello%20World!"),
    ("3.2.3", "{+half}", "50%25"),
    (
        "3.2.3",
        "{base}index",
        "http%3A%2F%2Fexample.com%2Fhome%2Findex",
    ),
    ("3.2.3", "{+base}index", "http://example.com/home/index"),
    ("3.2.3", "O{+empty}X", "OX"),
    ("3.2.3", "O{+undef}X", "OX"),
    ("3.2.3", "{+path}/here", "/foo/bar/here"),
    ("3.2.3", "here?ref={+path}", "here?ref=/foo/bar"),
    ("3.2.3", "up{+path}{var}/here", "up/foo/barvalue/here"),
    ("3.2.3", "{+x,hello,y}", "1024,Hello%20World!,768"),
    ("3.2.3", "{+path,x}/here", "/foo/bar,1024/here"),
    ("3.2.3", "{+path:6}/here", "/foo/b/here"),
    ("3.2.3", "{+list}", "red,green,blue"),
    ("3.2.3", "{+list*}", "red,green,blue"),
    ("3.2.3", "{+keys}", "semi,;,dot,.,comma,,"),
    ("3.2.3", "{+keys*}", "semi=;,dot=.,comma=,"),
    // §3.2.4 Fragment Expansion.
    ("3.2.4", "{#var}", "#value"),
    ("3.2.4", "{#hello}", "#Hello%20World!"),
    ("3.2.4", "{#half}", "#50%25"),
    ("3.2.4", "foo{#empty}", "foo#"),
    ("3.2.4", "foo{#undef}", "foo"),
    ("3.2.4", "{#x,hello,y}", "#1024,Hello%20World!,768"),
    ("3.2.4", "{#path,x}/here", "#/foo/bar,1024/here"),
    ("3.2.4", "{#path:6}/here", "#/foo/b/here"),
    ("3.2.4", "{#list}", "#red,green,blue"),
    ("3.2.4", "{#list*}", "#red,green,blue"),
    ("3.2.4", "{#keys}", "#semi,;,dot,.,comma,,"),
    ("3.2.4", "{#keys*}", "#semi=;,dot=.,comma=,"),
    // §3.2.5 Label Expansion with Dot-Prefix.
    ("3.2.5", "{.who}", ".fred"),
    ("3.2.5", "{.who,who}", ".fred.fred"),
    ("3.2.5", "{.half,who}", ".50%25.fred"),
    ("3.2.5", "www{.dom*}", "www.example.com"),
    ("3.2.5", "X{.var}", "X.value"),
    ("3.2.5", "X{.empty}", "X."),
    ("3.2.5", "X{.undef}", "X"),
    ("3.2.5", "X{.var:3}", "X.val"),
    ("3.2.5", "X{.list}", "X.red,green,blue"),
    ("3.2.5", "X{.list*}", "X.red.green.blue"),
    ("3.2.5", "X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    ("3.2.5", "X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    ("3.2.5", "X{.empty_keys}", "X"),
    ("3.2.5", "X{.empty_keys*}", "X"),
    // §3.2.6 Path Segment Expansion.
    ("3.2.6", "{/who}", "/fred"),
    ("3.2.6", "{/who,who}", "/fred/fred"),
    ("3.2.6", "{/half,who}", "/50%25/fred"),
    ("3.2.6", "{/who,dub}", "/fred/me%2Ftoo"),
    ("3.2.6", "{/var}", "/value"),
    ("3.2.6", "{/var,empty}", "/value/"),
    ("3.2.6", "{/var,undef}", "/value"),
    ("3.2.6", "{/var,x}/here", "/value/1024/here"),
    ("3.2.6", "{/var:1,var}", "/v/value"),
    ("3.2.6", "{/list}", "/red,green,blue"),
    ("3.2.6", "{/list*}", "/red/green/blue"),
    ("3.2.6", "{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    ("3.2.6", "{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    ("3.2.6", "{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    // §3.2.7 Path-Style Parameter Expansion.
    ("3.2.7", "{;who}", ";who=fred"),
    ("3.2.7", "{;half}", ";half=50%25"),
    ("3.2.7", "{;empty}", ";empty"),
    ("3.2.7", "{;v,empty,who}", ";v=6;empty;who=fred"),
    ("3.2.7", "{;v,bar,who}", ";v=6;who=fred"),
    ("3.2.7", "{;x,y}", ";x=1024;y=768"),
    ("3.2.7", "{;x,y,empty}", ";x=1024;y=768;empty"),
    ("3.2.7", "{;x,y,undef}", ";x=1024;y=768"),
    ("3.2.7", "{;hello:5}", ";hello=Hello"),
    ("3.2.7", "{;list}", ";list=red,green,blue"),
    ("3.2.7", "{;list*}", ";list=red;list=green;list=blue"),
    ("3.2.7", "{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    ("3.2.7", "{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    // §3.2.8 Form-Style Query Expansion.
    ("3.2.8", "{?who}", "?who=fred"),
    ("3.2.8", "{?half}", "?half=50%25"),
    ("3.2.8", "{?x,y}", "?x=1024&y=768"),
    ("3.2.8", "{?x,y,empty}", "?x=1024&y=768&empty="),
    ("3.2.8", "{?x,y,undef}", "?x=1024&y=768"),
    ("3.2.8", "{?var:3}", "?var=val"),
    ("3.2.8", "{?list}", "?list=red,green,blue"),
    ("3.2.8", "{?list*}", "?list=red&list=green&list=blue"),
    ("3.2.8", "{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
    ("3.2.8", "{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
    // §3.2.9 Form-Style Query Continuation.
    ("3.2.9", "{&who}", "&who=fred"),
    ("3.2.9", "{&half}", "&half=50%25"),
    ("3.2.9", "?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("3.2.9", "{&x,y,empty}", "&x=1024&y=768&empty="),
    ("3.2.9", "{&x,y,undef}", "&x=1024&y=768"),
    ("3.2.9", "{&var:3}", "&var=val"),
    ("3.2.9", "{&list}", "&list=red,green,blue"),
    ("3.2.9", "{&list*}", "&list=red&list=green&list=blue"),
    ("3.2.9", "{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    ("3.2.9", "{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
];

/// Expand `template` with the RFC's variables, both ways, and check that
/// the parts join to the same string.
fn expand_rfc(template: &str) -> String {
    let vars = rfc_vars();
    let t = parse(template).unwrap_or_else(|e| panic!("{template}: {e}"));
    let whole = expand(&t, &vars).unwrap_or_else(|e| panic!("{template}: {e}"));
    let joined: String = expand_parts(&t, &vars)
        .into_iter()
        .map(|p| p.text)
        .collect();
    assert_eq!(joined, whole, "{template}: parts joined");
    whole
}

#[test]
fn rfc_6570_section_1_2_levels() {
    let mut failures = Vec::new();
    for &(template, expected) in LEVELS {
        let got = expand_rfc(template);
        if got != expected {
            failures.push(format!("{template}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(LEVELS.len(), 66);
}

#[test]
fn rfc_6570_section_3_2_examples() {
    let mut failures = Vec::new();
    for &(section, template, expected) in SECTIONS {
        let got = expand_rfc(template);
        if got != expected {
            failures.push(format!(
                "§{section} {template}: expected {expected:?}, got {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every subsection has its rows.
    for n in 1..=9 {
        let s = format!("3.2.{n}");
        assert!(SECTIONS.iter().any(|r| r.0 == s), "§{s} has no rows");
    }
}

#[test]
fn levels_of_the_examples() {
    // The §1.2 rows, by the lowest level each needs.
    let level = |t: &str| parse(t).unwrap().level();
    assert_eq!(level("{hello}"), 1);
    assert_eq!(level("X{#var}"), 2);
    assert_eq!(level("{&x,y,empty}"), 3);
    assert_eq!(level("{/list*,path:4}"), 4);
}

#[test]
fn parts_name_operator_variables_and_expansion() {
    let t = parse("/x{?x,undef,y}{#keys*}").unwrap();
    let parts = expand_parts(&t, &rfc_vars());
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[0].text, "/x");
    assert!(parts[0].expression().is_none());
    let e = parts[1].expression().unwrap();
    assert_eq!(e.operator, Operator::Query);
    assert_eq!((parts[1].span().start, parts[1].span().end), (2, 14));
    let names: Vec<_> = parts[1]
        .vars
        .iter()
        .map(|v| v.varspec.name.as_str())
        .collect();
    assert_eq!(names, ["x", "undef", "y"]);
    let kinds: Vec<_> = parts[1].vars.iter().map(|v| v.value).collect();
    assert_eq!(
        kinds,
        [Some(ValueKind::String), None, Some(ValueKind::String)]
    );
    let texts: Vec<_> = parts[1].vars.iter().map(|v| v.text.as_str()).collect();
    assert_eq!(texts, ["x=1024", "", "y=768"]);
    assert_eq!(parts[1].text, "?x=1024&y=768");
    assert_eq!(parts[2].expression().unwrap().operator, Operator::Fragment);
    assert_eq!(parts[2].vars[0].varspec.modifier, Modifier::Explode);
    assert_eq!(parts[2].text, "#semi=;,dot=.,comma=,");
}

#[test]
fn prefix_on_a_composite_is_an_error_with_its_position() {
    let vars = rfc_vars();
    for (template, position, kind) in [
        ("{list:1}", 1, ValueKind::List),
        ("{+keys:1}", 2, ValueKind::Map),
        ("{;var,list:1,keys:2}", 6, ValueKind::List),
        ("a{?x}{&count:3}", 7, ValueKind::List),
    ] {
        let t = parse(template).unwrap();
        let e = expand(&t, &vars).unwrap_err();
        assert_eq!(e.position, position, "{template}");
        assert!(
            matches!(e.kind, ExpandErrorKind::PrefixOnComposite { value, .. } if value == kind),
            "{template}: {e}"
        );
        assert!(e.to_string().starts_with(&format!("position {position}: ")));
    }
    // An empty map is undefined, so its prefix is no error.
    assert_eq!(
        expand(&parse("X{.empty_keys:3}").unwrap(), &vars).unwrap(),
        "X"
    );
    // expand_parts skips the varspec and keeps the rest.
    let t = parse("{;var,list:1,who}").unwrap();
    let parts = expand_parts(&t, &vars);
    assert_eq!(parts[0].text, ";var=value;who=fred");
    assert_eq!(parts[0].errors().count(), 1);
}

#[test]
fn parse_errors_name_position_found_and_expected() {
    use TemplateErrorKind as K;
    let cases: &[(&str, usize, Option<char>, TemplateErrorKind)] = &[
        ("{var", 4, None, K::Unclosed { open: 0 }),
        ("/a/{b}/{c,d", 11, None, K::Unclosed { open: 7 }),
        ("x{", 2, None, K::Unclosed { open: 1 }),
        ("{a:", 3, None, K::Unclosed { open: 0 }),
        ("{a%4", 4, None, K::Unclosed { open: 0 }),
        ("a}b", 1, Some('}'), K::StrayClose),
        ("{a}}", 3, Some('}'), K::StrayClose),
        ("/{}", 2, Some('}'), K::EmptyExpression),
        ("{=a}", 1, Some('='), K::ReservedOperator),
        ("{,a}", 1, Some(','), K::ReservedOperator),
        ("{!a}", 1, Some('!'), K::ReservedOperator),
        ("{@a}", 1, Some('@'), K::ReservedOperator),
        ("{|a}", 1, Some('|'), K::ReservedOperator),
        ("{+}", 2, Some('}'), K::VarnameExpected),
        ("{a,,b}", 3, Some(','), K::VarnameExpected),
        ("{ a}", 1, Some(' '), K::VarnameExpected),
        ("{a b}", 2, Some(' '), K::InvalidVarnameChar),
        ("{a-b}", 2, Some('-'), K::InvalidVarnameChar),
        ("{a{b}}", 2, Some('{'), K::InvalidVarnameChar),
        ("{ä}", 1, Some('ä'), K::VarnameExpected),
        ("é{aé}", 4, Some('é'), K::InvalidVarnameChar),
        ("{a.}", 3, Some('}'), K::VarcharAfterDot),
        ("{a..b}", 3, Some('.'), K::VarcharAfterDot),
        ("{a%g0}", 3, Some('g'), K::HexDigitExpected),
        ("{a%0}", 4, Some('}'), K::HexDigitExpected),
        ("{a:0}", 3, Some('0'), K::PrefixLengthExpected),
        ("{a:x}", 3, Some('x'), K::PrefixLengthExpected),
        ("{a:-1}", 3, Some('-'), K::PrefixLengthExpected),
        ("{a:10000}", 7, Some('0'), K::PrefixTooLong),
        ("{a:12x}", 5, Some('x'), K::SeparatorExpected),
        ("{a**}", 3, Some('*'), K::SeparatorExpected),
        ("{a*:1}", 3, Some(':'), K::SeparatorExpected),
    ];
    for &(template, position, found, kind) in cases {
        let e = parse(template).unwrap_err();
        assert_eq!(
            (e.position, e.found, e.kind),
            (position, found, kind),
            "{template}: {e}"
        );
        assert!(e.to_string().starts_with(&format!("position {position}: ")));
    }
}

#[test]
fn error_messages() {
    let msg = |t: &str| parse(t).unwrap_err().to_string();
    assert_eq!(
        msg("{var"),
        "position 4: `}` expected, found end of template (the `{` at position 0 is not closed)"
    );
    assert_eq!(
        msg("a}"),
        "position 1: `}` outside an expression (a literal `}` must be written %7D, RFC 6570 §2.1)"
    );
    assert_eq!(
        msg("{}"),
        "position 1: an operator or a varname expected, found `}` (empty expression)"
    );
    assert!(msg("{@x}").contains("reserved for future extensions (RFC 6570 §2.2)"));
    assert_eq!(
        msg("{a:10000}"),
        "position 7: prefix length above 9999 (RFC 6570 §2.4.1: at most 4 digits), found a fifth digit `0`"
    );
    assert_eq!(
        msg("{a%zz}"),
        "position 3: a hex digit after `%` in a varname expected, found `z`"
    );
    assert_eq!(
        msg("{a\tb}"),
        "position 2: a varname character, `:`, `*`, `,` or `}` expected, found U+0009"
    );
}

#[test]
fn varnames_are_case_sensitive_and_keep_escapes() {
    let mut vars = Variables::new();
    vars.insert("Var", "upper");
    vars.insert("a%2Eb", "escaped");
    vars.insert("a.b", "dotted");
    let t = parse("{var}{Var}|{a%2Eb}|{a.b}|{;a%2Eb}").unwrap();
    assert_eq!(
        expand(&t, &vars).unwrap(),
        "upper%7Cescaped%7Cdotted%7C;a%2Eb=escaped"
    );
}

#[test]
fn literals_outside_the_literals_rule_are_encoded() {
    let vars = Variables::new();
    let cases = [
        ("a b", "a%20b"),
        ("\"<>\\^`|", "%22%3C%3E%5C%5E%60%7C"),
        // `'` is a sub-delim: §3.1 copies it.
        ("it's", "it's"),
        ("100%", "100%25"),
        ("%41%4g", "%41%254g"),
        ("/caf\u{e9}", "/caf%C3%A9"),
        ("http://h/p?q=1#f", "http://h/p?q=1#f"),
        ("[::1]!$&()*+,;=@~", "[::1]!$&()*+,;=@~"),
    ];
    for (template, expected) in cases {
        let t = parse(template).unwrap();
        assert_eq!(expand(&t, &vars).unwrap(), expected, "{template:?}");
    }
    let t = parse("a b{x}'").unwrap();
    let non: Vec<_> = t.non_literals().collect();
    assert_eq!(non, [(1, ' '), (6, '\'')]);
}

#[test]
fn explode_and_modifiers_on_edge_values() {
    let mut vars = Variables::new();
    vars.insert("l", list(&["", "a"]));
    vars.insert("m", map(&[("k", ""), ("a b", "c/d")]));
    vars.insert("s", "x");
    vars.insert("u", "日本語テキスト");
    let cases = [
        ("{?l*}", "?l=&l=a"),
        ("{;l*}", ";l;l=a"),
        ("{?m*}", "?k=&a%20b=c%2Fd"),
        ("{;m*}", ";k;a%20b=c%2Fd"),
        ("{m*}", "k=,a%20b=c%2Fd"),
        ("{+m}", "k,,a%20b,c/d"),
        ("{s*}", "x"),
        ("{u:2}", "%E6%97%A5%E6%9C%AC"),
        ("{;u:1}", ";u=%E6%97%A5"),
    ];
    for (template, expected) in cases {
        let t = parse(template).unwrap();
        assert_eq!(expand(&t, &vars).unwrap(), expected, "{template}");
    }
}

#[test]
fn spans_cover_the_template() {
    let t = parse("é/{a,b:3}x{+c*}").unwrap();
    let mut at = 0;
    for p in t.parts() {
        assert_eq!(p.span().start, at);
        at = p.span().end;
    }
    assert_eq!(at, t.as_str().len());
    let Part::Expression(e) = &t.parts()[1] else {
        panic!("expression expected")
    };
    assert_eq!(e.varspecs[1].span.slice(t.as_str()), "b:3");
}

// ---- Properties.

/// Variables of every shape for the property tests.
fn prop_vars() -> Variables {
    let mut v = Variables::new();
    v.insert("a", "x y/é%");
    v.insert("b", "");
    v.insert("l", list(&["1", "", "%zz"]));
    v.insert("m", map(&[("k", "v"), ("", "")]));
    v.insert("e", list(&[]));
    v
}

/// A naive §3.1 oracle: copy unreserved, reserved and `%HH`; encode the
/// rest byte by byte.
fn oracle_literal(s: &str) -> String {
    const KEEP: &str =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=";
    let b = s.as_bytes();
    let mut out = String::new();
    for (i, &c) in b.iter().enumerate() {
        let triplet = c == b'%'
            && b.len() > i + 2
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit();
        if (c.is_ascii() && KEEP.contains(c as char)) || triplet {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        if let Ok(t) = parse(&s) {
            let vars = prop_vars();
            let _ = expand(&t, &vars);
            let _ = expand_parts(&t, &vars);
        }
    }

    #[test]
    fn template_alphabet_never_panics(s in "[{}+#./;?&=,!@|:*%0-9abelmAF_ é\u{10FFFF}-]{0,40}") {
        let vars = prop_vars();
        match parse(&s) {
            Ok(t) => {
                let parts = expand_parts(&t, &vars);
                let joined: String = parts.iter().map(|p| p.text.as_str()).collect();
                if let Ok(whole) = expand(&t, &vars) {
                    prop_assert_eq!(joined, whole);
                }
                let mut at = 0;
                for p in t.parts() {
                    prop_assert_eq!(p.span().start, at);
                    at = p.span().end;
                }
                prop_assert_eq!(at, s.len());
            }
            Err(e) => {
                prop_assert!(e.position <= s.len());
                prop_assert!(s.is_char_boundary(e.position));
                prop_assert_eq!(e.found, s[e.position..].chars().next());
            }
        }
    }

    #[test]
    fn no_expressions_expands_to_the_encoded_text(s in "[^{}]*") {
        let t = parse(&s).unwrap();
        prop_assert!(t.expressions().next().is_none());
        let out = expand(&t, &Variables::new()).unwrap();
        prop_assert_eq!(&out, &oracle_literal(&s));
        prop_assert!(out.is_ascii());
    }

    #[test]
    fn prefix_takes_the_first_n_characters(value in any::<String>(), n in 1u16..=9999) {
        let mut vars = Variables::new();
        vars.insert("v", value.clone());
        let t = parse(&format!("{{v:{n}}}")).unwrap();
        let out = expand(&t, &vars).unwrap();
        let decoded = percent_encoding::percent_decode_str(&out).decode_utf8().unwrap();
        let expected: String = value.chars().take(usize::from(n)).collect();
        prop_assert_eq!(decoded.as_ref(), expected.as_str());
    }

    #[test]
    fn simple_expansion_round_trips(value in any::<String>()) {
        let mut vars = Variables::new();
        vars.insert("v", value.clone());
        let out = expand(&parse("{v}").unwrap(), &vars).unwrap();
        prop_assert!(out.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
        let decoded = percent_encoding::percent_decode_str(&out).decode_utf8().unwrap();
        prop_assert_eq!(decoded.as_ref(), value.as_str());
    }
}

#[test]
fn large_inputs_stay_linear() {
    // 100 000 expressions and a long value: done in well under a second
    // even unoptimized, and every output byte accounted for.
    let template = "{a:3}".repeat(100_000);
    let mut vars = Variables::new();
    vars.insert("a", "x".repeat(1_000_000));
    let t = parse(&template).unwrap();
    assert_eq!(expand(&t, &vars).unwrap().len(), 300_000);
    let unclosed = "{".to_owned() + &"a,".repeat(200_000);
    assert!(parse(&unclosed).is_err());
}
