//! The RFC texts uriscope cites, compiled into the binary and indexed by
//! section and by ABNF rule at build time (`build.rs` reads `assets/rfc/`).
//! Nothing is read or parsed at run time.
//!
//! - [`section`]: a section's own text (up to its first subsection), and
//!   the titles of its subsections.
//! - [`rule`]: an ABNF rule's definition lines and the section holding it.
//! - [`cite`]: a citation as the code writes them (`"RFC 3986 §3.3, §4.2"`,
//!   `"RFC 3986 Appendix C"`) into the sections it names;
//!   [`for_code`] the citation of a finding code, [`for_scheme`] the
//!   passages of a scheme's own RFC.
//!
//! ```
//! use uriscope::spec;
//! let s = spec::section(3986, "5.2.4").unwrap();
//! assert_eq!(s.title, "Remove Dot Segments");
//! assert!(s.text.contains("2.  While the input buffer is not empty"));
//! let r = spec::rule(None, "path-abempty").unwrap();
//! assert_eq!((r.rfc, r.section), (3986, "3.3"));
//! assert!(r.definition.contains("*( \"/\" segment )"));
//! ```

mod codes;

pub use codes::{CODES, NOT_SHIPPED, SCHEMES};

/// One RFC: its number, title, cleaned text and indexes.
#[derive(Debug)]
pub struct Doc {
    /// The RFC number.
    pub rfc: u32,
    /// Its title.
    pub title: &'static str,
    /// The text without page breaks, headers and footers.
    pub text: &'static str,
    /// Every section, in order.
    pub sections: &'static [SectionRange],
    /// Every ABNF rule definition, in order (a rule may be defined twice:
    /// in its section and in the collected ABNF appendix).
    pub rules: &'static [RuleRange],
}

/// Where a section is in [`Doc::text`].
#[derive(Debug)]
pub struct SectionRange {
    /// `"5.2.4"`, `"A"`, `"D.1"`.
    pub id: &'static str,
    /// The heading's title.
    pub title: &'static str,
    /// Byte offset of the heading.
    pub start: usize,
    /// Byte offset of the next heading (or the end).
    pub end: usize,
}

/// Where an ABNF rule definition is in [`Doc::text`].
#[derive(Debug)]
pub struct RuleRange {
    /// The rule name as written (`path-abempty`).
    pub name: &'static str,
    /// The id of the section holding this definition.
    pub section: &'static str,
    /// Byte offset of the definition's first line.
    pub start: usize,
    /// Byte offset after its last line.
    pub end: usize,
}

/// Every RFC shipped, by number.
pub static DOCS: &[Doc] = include!(concat!(env!("OUT_DIR"), "/rfc_index.rs"));

/// The RFC numbered `rfc`, if shipped.
pub fn doc(rfc: u32) -> Option<&'static Doc> {
    DOCS.iter().find(|d| d.rfc == rfc)
}

/// A section's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The RFC number.
    pub rfc: u32,
    /// The section id (`"5.2.4"`, `"A"`).
    pub id: &'static str,
    /// The section's title.
    pub title: &'static str,
    /// Its text, heading included, up to the next heading.
    pub text: &'static str,
    /// Its direct subsections: id and title.
    pub subsections: Vec<(&'static str, &'static str)>,
}

/// Section `id` of RFC `rfc` (`"5.2.4"`; an appendix as `"A"` or
/// `"Appendix A"`; a trailing dot or `§` is ignored).
pub fn section(rfc: u32, id: &str) -> Option<Section> {
    let d = doc(rfc)?;
    let id = id.trim().trim_start_matches('§').trim();
    let id = id
        .strip_prefix("Appendix ")
        .unwrap_or(id)
        .trim_end_matches('.');
    let s = d.sections.iter().find(|s| s.id.eq_ignore_ascii_case(id))?;
    let depth = s.id.split('.').count();
    let subsections = d
        .sections
        .iter()
        .filter(|c| {
            c.id.len() > s.id.len()
                && c.id[..s.id.len()].eq_ignore_ascii_case(s.id)
                && c.id.as_bytes()[s.id.len()] == b'.'
                && c.id.split('.').count() == depth + 1
        })
        .map(|c| (c.id, c.title))
        .collect();
    Some(Section {
        rfc,
        id: s.id,
        title: s.title,
        text: &d.text[s.start..s.end],
        subsections,
    })
}

/// An ABNF rule's definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleDef {
    /// The RFC defining it.
    pub rfc: u32,
    /// The rule name as the RFC writes it.
    pub name: &'static str,
    /// The id of the section holding the definition shown.
    pub section: &'static str,
    /// The definition's lines.
    pub definition: &'static str,
    /// Every section that defines the rule (its own, the collected ABNF).
    pub defined_in: Vec<&'static str>,
}

/// The generic syntax RFCs, searched first for a rule named without its
/// RFC: their rules (`host`, `unreserved`) are the ones the scheme RFCs
/// import.
const GENERIC: [u32; 5] = [3986, 6874, 3987, 5952, 2396];

/// The definition of ABNF rule `name` (case-insensitive, as ABNF names
/// are), in RFC `rfc` or, without one, the first RFC defining it in the
/// order RFC 3986, 6874, 3987, 5952, 2396, then the other RFCs shipped by
/// number (RFC 2397's `dataurl`, RFC 6570's `varspec`). The definition
/// shown is the one in the rule's own section, not in a collected-ABNF
/// appendix.
pub fn rule(rfc: Option<u32>, name: &str) -> Option<RuleDef> {
    let rfcs: Vec<u32> = match rfc {
        Some(r) => vec![r],
        None => GENERIC
            .into_iter()
            .chain(DOCS.iter().map(|d| d.rfc).filter(|r| !GENERIC.contains(r)))
            .collect(),
    };
    for r in rfcs {
        let Some(d) = doc(r) else { continue };
        let defs: Vec<&RuleRange> = d
            .rules
            .iter()
            .filter(|x| x.name.eq_ignore_ascii_case(name))
            .collect();
        let Some(first) = defs
            .iter()
            .find(|x| !is_appendix(x.section))
            .or(defs.first())
        else {
            continue;
        };
        let mut defined_in: Vec<&'static str> = Vec::new();
        for x in &defs {
            if !defined_in.contains(&x.section) {
                defined_in.push(x.section);
            }
        }
        return Some(RuleDef {
            rfc: r,
            name: first.name,
            section: first.section,
            definition: &d.text[first.start..first.end],
            defined_in,
        });
    }
    None
}

fn is_appendix(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_uppercase())
}

/// One section a citation names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cite {
    /// The RFC number.
    pub rfc: u32,
    /// The section id (`"3.3"`, `"A"`).
    pub section: String,
}

impl Cite {
    /// Whether the RFC is shipped and has this section.
    pub fn exists(&self) -> bool {
        section(self.rfc, &self.section).is_some()
    }
}

impl std::fmt::Display for Cite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if is_appendix(&self.section) {
            write!(f, "RFC {} Appendix {}", self.rfc, self.section)
        } else {
            write!(f, "RFC {} §{}", self.rfc, self.section)
        }
    }
}

/// The sections a citation written the house's way names:
/// `"RFC 3986 §3.3, §4.2"`, `"RFC 3986 §7.3, Appendix C"`,
/// `"RFC 2396 §2.3, RFC 3986 §2.3"`, `"RFC 3986 §5.2.2 (…)"`, and a range
/// `"RFC 2397 §2–§3"` as its two ends. Text that is not a citation is
/// skipped.
///
/// ```
/// use uriscope::spec::cite;
/// let c: Vec<String> = cite("RFC 3986 §3.3, §4.2; RFC 6874 §2").iter().map(|c| c.to_string()).collect();
/// assert_eq!(c, ["RFC 3986 §3.3", "RFC 3986 §4.2", "RFC 6874 §2"]);
/// ```
pub fn cite(text: &str) -> Vec<Cite> {
    let mut out = Vec::new();
    let mut rfc: Option<u32> = None;
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",;()[]\"`".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if w == "RFC" {
            rfc = words.get(i + 1).and_then(|n| n.parse().ok());
            i += 2;
            continue;
        }
        if let (Some(r), Some(id)) = (rfc, w.strip_prefix('§')) {
            // A range, `§2–§3` or `§6.2.2.2-6.2.2.3`, names its two ends.
            for id in id.split(['–', '-']) {
                let id = section_id(id.trim_start_matches('§'));
                if !id.is_empty() {
                    out.push(Cite {
                        rfc: r,
                        section: id.to_string(),
                    });
                }
            }
        } else if let (Some(r), "Appendix") = (rfc, w) {
            if let Some(id) = words.get(i + 1) {
                out.push(Cite {
                    rfc: r,
                    section: section_id(id).to_string(),
                });
                i += 1;
            }
        }
        i += 1;
    }
    out
}

/// The section id a word starts with: letters, digits and dots, without
/// a final dot (`3.2.2` of `3.2.2's`, `3` of `3:` or `3"`).
fn section_id(word: &str) -> &str {
    let end = word
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .unwrap_or(word.len());
    word[..end].trim_end_matches('.')
}

/// The citation of a stable code: a finding's (the core's
/// [`Code::cites`](crate::uri::Code::cites)), or a rung's, a path kind's…
/// (see [`CODES`]).
pub fn for_code(code: &str) -> Option<&'static str> {
    crate::uri::Code::from_name(code)
        .map(crate::uri::Code::cites)
        .or_else(|| CODES.iter().find(|(c, _)| *c == code).map(|(_, s)| *s))
}

/// Every stable code with its citation: the findings' first, then
/// [`CODES`].
pub fn all_codes() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::uri::Code::ALL
        .iter()
        .map(|c| (c.as_str(), c.cites()))
        .chain(CODES.iter().copied())
}

/// The passages defining scheme `name`'s own syntax (ASCII
/// case-insensitive), when its RFC is shipped: see [`SCHEMES`].
///
/// ```
/// assert_eq!(uriscope::spec::for_scheme("MAILTO"), Some("RFC 6068 §2"));
/// assert_eq!(uriscope::spec::for_scheme("http"), None);
/// ```
pub fn for_scheme(name: &str) -> Option<&'static str> {
    SCHEMES
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(name))
        .map(|(_, c)| *c)
}

/// The title of an RFC cited but not shipped.
pub fn not_shipped(rfc: u32) -> Option<&'static str> {
    NOT_SHIPPED.iter().find(|(r, _)| *r == rfc).map(|(_, t)| *t)
}
