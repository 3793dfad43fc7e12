//! Encode sets: for each URI component, the bytes that may stand for
//! themselves there (RFC 3986 §2.1, §2.4, Appendix A). Every other byte is
//! percent-encoded.
//!
//! Each set is built at compile time from the class bits of
//! the syntax's byte classes, so it follows the component's ABNF rule
//! instead of a hand-written list; the tests check every set against an
//! independent reading of the RFC's character lists.

use crate::syntax::chars as c;

/// The class table, as a constant so the sets can be built at compile time.
const CLASSES: [u16; 256] = c::build();

/// A named set of the bytes that stay literal when text is percent-encoded
/// for one component.
///
/// ```
/// use uriscope_core::percent::{encode_set, encode};
/// assert!(encode_set::QUERY.keeps(b'?'));
/// assert!(!encode_set::QUERY_PARAM.keeps(b'&'));
/// assert_eq!(encode("a&b=c d", &encode_set::QUERY_PARAM), "a%26b%3Dc%20d");
/// ```
#[derive(Debug)]
pub struct EncodeSet {
    /// The short name (`--set NAME`, the TUI's chooser).
    pub name: &'static str,
    /// A one-line description.
    pub title: &'static str,
    /// The ABNF rule the set comes from.
    pub abnf: &'static str,
    /// Where that rule is defined.
    pub section: &'static str,
    keep: [bool; 256],
    space_as_plus: bool,
}

impl EncodeSet {
    /// Whether byte `b` is written as itself (not percent-encoded).
    #[inline(always)]
    #[must_use]
    pub fn keeps(&self, b: u8) -> bool {
        self.keep[b as usize]
    }

    /// Whether a space is written as `+` (only the form set).
    #[inline]
    #[must_use]
    pub fn space_as_plus(&self) -> bool {
        self.space_as_plus
    }
}

/// The bytes in any class of `mask`, minus the bytes of `minus`.
const fn keep_set(mask: u16, minus: &[u8]) -> [bool; 256] {
    let mut keep = [false; 256];
    let mut i = 0;
    while i < 256 {
        keep[i] = CLASSES[i] & mask != 0;
        i += 1;
    }
    let mut j = 0;
    while j < minus.len() {
        keep[minus[j] as usize] = false;
        j += 1;
    }
    keep
}

/// The bytes of `keep` plus the bytes of `plus`.
const fn with(mut keep: [bool; 256], plus: &[u8]) -> [bool; 256] {
    let mut j = 0;
    while j < plus.len() {
        keep[plus[j] as usize] = true;
        j += 1;
    }
    keep
}

/// `userinfo` (§3.2.1): unreserved, sub-delims and `:` stay.
pub const USERINFO: EncodeSet = EncodeSet {
    name: "userinfo",
    title: "userinfo (user:password before @)",
    abnf: "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )",
    section: "RFC 3986 §3.2.1",
    keep: keep_set(c::USERINFO, &[]),
    space_as_plus: false,
};

/// `reg-name` (§3.2.2): unreserved and sub-delims stay.
pub const REG_NAME: EncodeSet = EncodeSet {
    name: "reg-name",
    title: "registered host name",
    abnf: "reg-name = *( unreserved / pct-encoded / sub-delims )",
    section: "RFC 3986 §3.2.2",
    keep: keep_set(c::REG_NAME, &[]),
    space_as_plus: false,
};

/// One path `segment` (§3.3): `pchar` stays, `/` is encoded.
pub const SEGMENT: EncodeSet = EncodeSet {
    name: "segment",
    title: "one path segment (/ encoded)",
    abnf: "segment = *pchar; pchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\"",
    section: "RFC 3986 §3.3",
    keep: keep_set(c::PCHAR, &[]),
    space_as_plus: false,
};

/// The first segment of a relative-path reference (§3.3, §4.2):
/// `segment-nz-nc`, so `:` is encoded too (it would read as a scheme).
pub const SEGMENT_NZ_NC: EncodeSet = EncodeSet {
    name: "segment-nz-nc",
    title: "first segment of a relative path (: and / encoded)",
    abnf: "segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )",
    section: "RFC 3986 §3.3, §4.2",
    keep: keep_set(c::SEGMENT_NC, &[]),
    space_as_plus: false,
};

/// A whole `path` (§3.3): `pchar` and `/` stay.
pub const PATH: EncodeSet = EncodeSet {
    name: "path",
    title: "a whole path (/ kept)",
    abnf: "path-abempty = *( \"/\" segment ); segment = *pchar",
    section: "RFC 3986 §3.3",
    keep: keep_set(c::PATH, &[]),
    space_as_plus: false,
};

/// `query` (§3.4): `pchar`, `/` and `?` stay.
pub const QUERY: EncodeSet = EncodeSet {
    name: "query",
    title: "a whole query",
    abnf: "query = *( pchar / \"/\" / \"?\" )",
    section: "RFC 3986 §3.4",
    keep: keep_set(c::QUERY, &[]),
    space_as_plus: false,
};

/// A key or value inside a `key=value&...` query (§3.4 plus the HTML
/// form convention): the query set without `&`, `=`, `+` and `;`, which
/// delimit pairs or stand for a space there.
pub const QUERY_PARAM: EncodeSet = EncodeSet {
    name: "query-param",
    title: "a query key or value (& = + ; encoded)",
    abnf: "query = *( pchar / \"/\" / \"?\" ), minus \"&\" \"=\" \"+\" \";\"",
    section: "RFC 3986 §3.4",
    keep: keep_set(c::QUERY, b"&=+;"),
    space_as_plus: false,
};

/// `fragment` (§3.5): the same characters as a query.
pub const FRAGMENT: EncodeSet = EncodeSet {
    name: "fragment",
    title: "a fragment (after #)",
    abnf: "fragment = *( pchar / \"/\" / \"?\" )",
    section: "RFC 3986 §3.5",
    keep: keep_set(c::QUERY, &[]),
    space_as_plus: false,
};

/// Only `unreserved` stays (§2.3): the output is valid in every component.
pub const UNRESERVED: EncodeSet = EncodeSet {
    name: "unreserved",
    title: "everything but unreserved (valid anywhere)",
    abnf: "unreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\"",
    section: "RFC 3986 §2.3",
    keep: keep_set(c::UNRESERVED, &[]),
    space_as_plus: false,
};

/// `application/x-www-form-urlencoded` (WHATWG URL §5.2, HTML forms):
/// ALPHA, DIGIT, `*`, `-`, `.`, `_` stay and a space becomes `+`.
pub const FORM: EncodeSet = EncodeSet {
    name: "form",
    title: "application/x-www-form-urlencoded (space as +)",
    abnf: "ALPHA / DIGIT / \"*\" / \"-\" / \".\" / \"_\"; SP as \"+\"",
    section: "WHATWG URL §5.2 (urlencoded serializer)",
    keep: with(keep_set(c::ALPHA | c::DIGIT, &[]), b"*-._"),
    space_as_plus: true,
};

/// RFC 2396 `uric` (§2): reserved and unreserved of 1998. Unlike RFC 3986
/// it has no `[`, `]` or `#`.
pub const URIC: EncodeSet = EncodeSet {
    name: "uric",
    title: "RFC 2396 uric (reserved | unreserved, no [ ] #)",
    abnf:
        "uric = reserved | unreserved | escaped; reserved = \";\" | \"/\" | \"?\" | \":\" | \"@\" \
           | \"&\" | \"=\" | \"+\" | \"$\" | \",\"; unreserved = alphanum | mark",
    section: "RFC 2396 §2",
    keep: keep_set(c::UNRESERVED | c::SUB_DELIM | c::GEN_DELIM, b"[]#"),
    space_as_plus: false,
};

/// The set a text is encoded with when none is chosen, in the CLI
/// (`uriscope encode`) and the explorer's Encode pane alike: `unreserved`,
/// whose output is valid in every component.
///
/// ```
/// use uriscope_core::percent::encode_set;
/// assert_eq!(encode_set::DEFAULT.name, "unreserved");
/// ```
pub const DEFAULT: &EncodeSet = &UNRESERVED;

/// Every set, in the order the chooser lists them.
pub static ALL: [&EncodeSet; 11] = [
    &USERINFO,
    &REG_NAME,
    &SEGMENT,
    &SEGMENT_NZ_NC,
    &PATH,
    &QUERY,
    &QUERY_PARAM,
    &FRAGMENT,
    &UNRESERVED,
    &FORM,
    &URIC,
];

/// The names of every set, in [`ALL`] order.
pub const NAMES: [&str; 11] = [
    USERINFO.name,
    REG_NAME.name,
    SEGMENT.name,
    SEGMENT_NZ_NC.name,
    PATH.name,
    QUERY.name,
    QUERY_PARAM.name,
    FRAGMENT.name,
    UNRESERVED.name,
    FORM.name,
    URIC.name,
];

/// The set called `name`.
///
/// ```
/// use uriscope_core::percent::encode_set;
/// assert_eq!(encode_set::by_name("query").unwrap().section, "RFC 3986 §3.4");
/// assert!(encode_set::by_name("nope").is_none());
/// ```
#[must_use]
pub fn by_name(name: &str) -> Option<&'static EncodeSet> {
    ALL.iter().copied().find(|s| s.name == name)
}
