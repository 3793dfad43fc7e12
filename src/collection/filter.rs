//! The filter language of a collection: terms separated by spaces, a line
//! shown when it matches every term.
//!
//! | term | a line matches when |
//! |---|---|
//! | `text` | its text contains `text`; without an uppercase letter in `text`, ignoring ASCII case (smart case) |
//! | `"a b"` | its text contains `a b`, as typed: the quotes make any text plain |
//! | `host:part` | its host contains `part` (hosts are compared lowercase); `host:=name` the host is `name`; `host:` it has a host |
//! | `site:name` | its host's site is `name` (the registrable domain, as `stats` counts sites; an IDN site typed in Unicode or A-labels); `site:` its host has a site |
//! | `scheme:name` | its scheme is `name` (lowercase); `scheme:` it has one |
//! | `code:name` | it has a finding with the code `name`; `code:` it has a finding |
//! | `flag:class` | it has the confusion flag `class` (`backslash`, `encoded-delimiter`, …); `flag:` it has one |
//! | `is:uri`, `is:iri`, `is:relative`, `is:invalid`, or `invalid` | it is of that kind (the header's counts) |
//! | `!term` | it does not match `term` |
//!
//! A filter that is being typed is always a filter: an empty value is
//! "has one", a lone `!` or `""` is nothing. Only an unknown `is:` or
//! `flag:` name is an error, with the names it could be.

use crate::confuse::flags::Class;

use super::line::{FlagSet, Kind};

/// A parsed filter: every term must match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    terms: Vec<Term>,
}

/// One term, maybe negated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// `!term`: the line must not match.
    pub negated: bool,
    /// What it tests.
    pub test: Test,
}

/// What a term tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Test {
    /// The text contains `needle`; with `fold`, ignoring ASCII case
    /// (`needle` is then lowercase).
    Text {
        /// What to find.
        needle: String,
        /// Whether ASCII case is ignored.
        fold: bool,
    },
    /// The host (lowercase) contains `needle`, or with `exact` is it.
    Host {
        /// What to find, lowercase (empty: any host).
        needle: String,
        /// Whether the host must be `needle`.
        exact: bool,
    },
    /// The host's site ([`crate::uri::site::site_name`]) is this, or
    /// with `None` the host has a site.
    Site(Option<String>),
    /// The scheme (lowercase) is this, or with `None` there is one.
    Scheme(Option<String>),
    /// A finding has this code, or with `None` there is a finding.
    Code(Option<String>),
    /// The line has this flag, or with `None` any flag.
    Flag(Option<Class>),
    /// The line is of this kind.
    Kind(Kind),
}

/// Why a filter does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError {
    /// Byte offset of the term in the filter's text.
    pub at: usize,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FilterError {}

impl Filter {
    /// Parse `text`.
    ///
    /// ```
    /// use uriscope::collection::{Filter, Test};
    /// let f = Filter::parse(r#"host:example !"a b" flag:backslash"#).unwrap();
    /// assert_eq!(f.terms().len(), 3);
    /// assert!(f.terms()[1].negated);
    /// assert!(Filter::parse("flag:bakslash").unwrap_err().message.contains("backslash"));
    /// assert_eq!(Filter::parse("Login").unwrap().terms()[0].test,
    ///            Test::Text { needle: "Login".into(), fold: false });
    /// ```
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        let mut terms = Vec::new();
        for (at, token) in tokens(text) {
            let (negated, body) = match token.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            if let Some(test) = test_of(body, at + usize::from(negated))? {
                terms.push(Term { negated, test });
            }
        }
        Ok(Filter { terms })
    }

    /// Its terms.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// Whether it has no term (every line matches).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether every line that matches `self` matches `wider` too (so
    /// `self`'s matches are found among `wider`'s): each of `wider`'s
    /// terms follows from one of `self`'s. What typing at the end of a
    /// filter makes: `host:exa` → `host:exam`, `http` → `http code:`.
    pub fn narrows(&self, wider: &Filter) -> bool {
        wider
            .terms
            .iter()
            .all(|w| self.terms.iter().any(|n| implies(n, w)))
    }
}

/// Whether a line matching `n` surely matches `w`.
fn implies(n: &Term, w: &Term) -> bool {
    if n == w {
        return true;
    }
    if n.negated != w.negated {
        return false;
    }
    // Containing a longer needle means containing the shorter one; not
    // containing a shorter one means not containing any longer one.
    let contains = |long: &str, short: &str| {
        if n.negated {
            short.contains(long)
        } else {
            long.contains(short)
        }
    };
    match (&n.test, &w.test) {
        (
            Test::Text {
                needle: a,
                fold: fa,
            },
            Test::Text {
                needle: b,
                fold: fb,
            },
        ) => fa == fb && contains(a, b),
        (
            Test::Host {
                needle: a,
                exact: ea,
            },
            Test::Host {
                needle: b,
                exact: false,
            },
        ) => !n.negated && contains(a, b) || n.negated && !ea && contains(a, b),
        (Test::Scheme(Some(_)), Test::Scheme(None))
        | (Test::Site(Some(_)), Test::Site(None))
        | (Test::Code(Some(_)), Test::Code(None))
        | (Test::Flag(Some(_)), Test::Flag(None)) => !n.negated,
        _ => false,
    }
}

/// The site a `site:` term names, in the form
/// [`crate::uri::site::site_name`] gives (lowercase, A-labels as
/// Unicode), or `None` for an empty value (any site). A name that is not
/// a site of its own (`www.example.com`, whose site is `example.com`) is
/// kept lowercase as typed, so that it matches no line's site.
fn site_needle(value: &str) -> Option<String> {
    if value.is_empty() {
        return None;
    }
    let typed = value.strip_suffix('.').unwrap_or(value);
    let labels = |s: &str| s.split('.').count();
    Some(match crate::uri::site::site_name(value) {
        Some(site) if labels(&site) == labels(typed) => site.into_owned(),
        _ => value.to_lowercase(),
    })
}

/// The terms of `text` with their offsets: runs of non-space bytes, a
/// double quote starting a run that ends at the next quote, spaces
/// included (the quotes kept, for [`test_of`] to see).
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut quoted = false;
        while i < bytes.len() && (quoted || !bytes[i].is_ascii_whitespace()) {
            if bytes[i] == b'"' {
                quoted = !quoted;
            }
            i += 1;
        }
        out.push((start, &text[start..i]));
    }
    out
}

/// The test of one term's text (after any `!`), at byte `at`; `None`
/// for a term that says nothing yet (empty).
fn test_of(body: &str, at: usize) -> Result<Option<Test>, FilterError> {
    if let Some(quoted) = body.strip_prefix('"') {
        let inner = quoted.strip_suffix('"').unwrap_or(quoted);
        return Ok(text_test(&inner.replace('"', "")));
    }
    if body == "invalid" {
        return Ok(Some(Test::Kind(Kind::Invalid)));
    }
    let Some((key, value)) = body.split_once(':') else {
        return Ok(text_test(body));
    };
    let lower = value.to_ascii_lowercase();
    let some = |v: String| (!v.is_empty()).then_some(v);
    Ok(Some(match key {
        "host" => match lower.strip_prefix('=') {
            Some(name) => Test::Host {
                needle: name.to_string(),
                exact: true,
            },
            None => Test::Host {
                needle: lower,
                exact: false,
            },
        },
        "site" => Test::Site(site_needle(value)),
        "scheme" => Test::Scheme(some(lower)),
        "code" => Test::Code(some(lower)),
        "flag" if lower.is_empty() => Test::Flag(None),
        "flag" => match FlagSet::class_named(&lower) {
            Some(c) => Test::Flag(Some(c)),
            None => {
                let names: Vec<&str> = FlagSet::CLASSES.iter().map(|c| c.name()).collect();
                return Err(FilterError {
                    at,
                    message: format!(
                        "no confusion flag is called \"{}\"; flags: {}",
                        crate::text::plain::visible(value),
                        names.join(", ")
                    ),
                });
            }
        },
        "is" => match Kind::ALL.into_iter().find(|k| k.name() == lower) {
            Some(k) => Test::Kind(k),
            None if lower.is_empty() => return Ok(None),
            None => {
                return Err(FilterError {
                    at,
                    message: format!(
                        "\"is:{}\" is not a kind; kinds: is:uri, is:iri, is:relative, is:invalid",
                        crate::text::plain::visible(value)
                    ),
                })
            }
        },
        // `http://…` or `a:b`: text with a colon in it.
        _ => return Ok(text_test(body)),
    }))
}

/// A text term, smart case; `None` for empty text.
fn text_test(needle: &str) -> Option<Test> {
    if needle.is_empty() {
        return None;
    }
    let fold = !needle.bytes().any(|b| b.is_ascii_uppercase());
    Some(Test::Text {
        needle: needle.to_string(),
        fold,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Vec<Term> {
        Filter::parse(s).unwrap().terms
    }

    fn text(needle: &str, fold: bool) -> Test {
        Test::Text {
            needle: needle.into(),
            fold,
        }
    }

    #[test]
    fn terms_split_on_spaces_and_quotes_keep_them() {
        let t = parse(r#"  a  "b c" !"d:e" host:X scheme:HTTPS"#);
        let tests: Vec<_> = t.iter().map(|t| (t.negated, t.test.clone())).collect();
        assert_eq!(
            tests,
            [
                (false, text("a", true)),
                (false, text("b c", true)),
                (true, text("d:e", true)),
                (
                    false,
                    Test::Host {
                        needle: "x".into(),
                        exact: false
                    }
                ),
                (false, Test::Scheme(Some("https".into()))),
            ]
        );
    }

    #[test]
    fn a_site_term_names_the_site_in_its_listed_form() {
        assert_eq!(parse("site:")[0].test, Test::Site(None));
        let site = |t: &str| parse(t)[0].test.clone();
        let de = Test::Site(Some("münchen.de".into()));
        assert_eq!(site("site:xn--mnchen-3ya.DE"), de);
        assert_eq!(site("site:MÜNCHEN.de"), de);
        assert_eq!(
            site("site:example.co.uk."),
            Test::Site(Some("example.co.uk".into()))
        );
        // Not a site of its own: kept as typed, so it matches no site.
        assert_eq!(
            site("site:www.Example.com"),
            Test::Site(Some("www.example.com".into()))
        );
    }

    #[test]
    fn a_filter_being_typed_is_a_filter() {
        assert!(parse("!").is_empty());
        assert!(parse(r#""""#).is_empty());
        assert!(parse("is:").is_empty());
        assert_eq!(parse("flag:")[0].test, Test::Flag(None));
        assert_eq!(parse("code:")[0].test, Test::Code(None));
        assert_eq!(parse(r#""unclosed x"#)[0].test, text("unclosed x", true));
        assert_eq!(parse("http://a")[0].test, text("http://a", true));
        assert_eq!(parse("invalid")[0].test, Test::Kind(Kind::Invalid));
        assert_eq!(parse("is:relative")[0].test, Test::Kind(Kind::Relative));
        let e = Filter::parse("x is:urn").unwrap_err();
        assert_eq!(e.at, 2);
        assert!(e.message.contains("is:iri"), "{}", e.message);
    }

    #[test]
    fn typing_at_the_end_narrows() {
        let n = |a: &str, b: &str| {
            Filter::parse(a)
                .unwrap()
                .narrows(&Filter::parse(b).unwrap())
        };
        assert!(n("host:exam", "host:exa"));
        assert!(n("site:example.com", "site:"));
        assert!(!n("site:example.com", "site:example.co"));
        assert!(n("host:=example.com", "host:exa"));
        assert!(n("exam", "exa") && n("exa b", "exa") && n("scheme:http", "scheme:"));
        assert!(n("anything", ""));
        assert!(n("!ab", "!abc"));
        assert!(!n("exa", "exam"));
        assert!(!n("Exam", "exa"), "a different case rule");
        assert!(!n("host:=a", "host:=ab"));
        assert!(!n("!host:=a", "!host:a"));
        assert!(!n("scheme:https", "scheme:http"));
    }
}
