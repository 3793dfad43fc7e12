//! The collection model (`src/collection/`): its counts and groups
//! against a naive computation written here from the core's own calls,
//! the filter language and incremental filtering against a naive filter,
//! and loading a list progressively.

mod filter;
mod load;
pub mod model;
pub mod naive;

use uriscope::collection::{Collection, Loader, Plan};

/// A list as a triager meets one: every 25th line of the benchmark corpus,
/// each 100th also repeated with variations that normalize alike (case,
/// a default port, an encoded unreserved character, a dot segment) or
/// that differ only in a query value, and lines made to carry every
/// kind, flag and a few blank ones.
pub fn sample() -> String {
    let corpus = include_str!("../../../benches/uris.txt");
    let mut out = String::new();
    for (i, line) in corpus.lines().enumerate().filter(|(i, _)| i % 25 == 0) {
        out.push_str(line);
        out.push('\n');
        if i % 100 == 0 {
            for v in variants(line) {
                out.push_str(&v);
                out.push('\n');
            }
        }
    }
    for line in CRAFTED {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Lines with each kind and each confusion flag, and blank ones.
pub const CRAFTED: &[&str] = &[
    "http://a/%7e",
    "HTTP://A/~",
    "http://a:80/~",
    "http://a/./~",
    "",
    "   ",
    "http://b/x?id=1&s=a",
    "http://b/x?s=b&id=2",
    "http://b/x?id=3",
    "a b",
    "a b",
    "https://ü.example/ü",
    "HTTPS://ü.example/ü",
    "//h/p",
    "../up",
    "http://127.1/",
    "http://0x7f.0.0.1/",
    "http:\\\\evil.example\\x",
    "http://u@v@w.example/",
    "http://a/%2F..%2Fetc",
    "http:/one-slash",
    "http://xn--80ak6aa92e.com/",
    " http://lead.example/",
    "C:\\Users\\x\\file.txt",
    "mailto:Someone@Example.com",
    "urn:isbn:0451450523",
];

/// Variations of `line` that a triager would want grouped with it.
pub fn variants(line: &str) -> Vec<String> {
    let mut out = vec![line.to_string()];
    let Some(colon) = line.find("://") else {
        return out;
    };
    out.push(format!(
        "{}{}",
        line[..colon].to_ascii_uppercase(),
        &line[colon..]
    ));
    let auth = colon + 3;
    let path = line[auth..]
        .find(['/', '?', '#'])
        .map_or(line.len(), |i| auth + i);
    let authority = &line[auth..path];
    if line.starts_with("http://") && !authority.contains([':', '@']) && !authority.is_empty() {
        out.push(format!("{}:80{}", &line[..path], &line[path..]));
    }
    if let Some(a) = line[path..].find('a').map(|i| path + i) {
        if line[path..a].find(['?', '#']).is_none() {
            out.push(format!("{}%61{}", &line[..a], &line[a + 1..]));
        }
    }
    if let Some(eq) = line
        .find('?')
        .and_then(|q| line[q..].find('=').map(|e| q + e))
    {
        out.push(format!("{}=changed{}", &line[..eq], &line[eq + 1..]));
    }
    out
}

/// `input` loaded into a collection with `plan`.
pub fn load(input: &str, plan: Plan) -> Collection {
    let mut c = Collection::new(plan);
    for event in Loader::from_reader(std::io::Cursor::new(input.to_string()), plan) {
        c.apply(event);
    }
    c
}

/// The lines a collection keeps of `input`: the non-blank ones.
pub fn kept(input: &str) -> Vec<&str> {
    input
        .lines()
        .filter(|l| !l.bytes().all(|b| b.is_ascii_whitespace()))
        .collect()
}
