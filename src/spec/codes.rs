//! Where each finding code, rung and resolution step is explained: a
//! citation string per stable code, read by [`cite`](super::cite).

/// The stable codes that are not findings (normalization rungs, the
/// comparison ladder, reference kinds and resolution branches, the
/// delimiters of extracted URIs), with the sections that explain each.
/// The codes of findings, and their citations, are the core's
/// [`Code`](crate::uri::Code)s; [`for_code`](super::for_code) reads both.
/// The first citation is the one the explorer's RFC overlay opens.
pub const CODES: &[(&str, &str)] = &[
    // Normalization rungs and the comparison ladder.
    ("case", "RFC 3986 §6.2.2.1"),
    ("ipv6", "RFC 5952 §4"),
    ("percent-encoding", "RFC 3986 §6.2.2.2"),
    ("path-segments", "RFC 3986 §6.2.2.3, §5.2.4"),
    ("scheme-based", "RFC 3986 §6.2.3"),
    ("idna", "RFC 3987 §5.3.3, RFC 5891 §5"),
    ("simple-string", "RFC 3986 §6.2.1"),
    ("syntax-based", "RFC 3986 §6.2.2"),
    // Reference kinds and resolution branches.
    ("absolute-path", "RFC 3986 §4.2"),
    ("network-path", "RFC 3986 §4.2"),
    ("relative-path", "RFC 3986 §4.2"),
    ("same-document", "RFC 3986 §4.4"),
    ("empty-path", "RFC 3986 §5.2.2"),
    ("reference-scheme", "RFC 3986 §5.2.2"),
    ("reference-authority", "RFC 3986 §5.2.2"),
    // Delimiters of URIs in text (Appendix C).
    ("angle-brackets", "RFC 3986 Appendix C"),
    ("url-prefix", "RFC 3986 Appendix C"),
];

/// The RFCs cited but not shipped in the binary: number and title. A
/// citation of one is shown by its number and section, without the text.
/// RFC 9110 has no plain-text edition at hand (see `assets/rfc/README.md`).
pub const NOT_SHIPPED: &[(u32, &str)] = &[(9110, "HTTP Semantics")];

/// The passages that define a scheme's own syntax, for the schemes whose
/// RFC is shipped: cited after RFC 3986's when the explorer's RFC overlay
/// opens on a component of such a URI.
pub const SCHEMES: &[(&str, &str)] = &[
    ("data", "RFC 2397 §3, §2"),
    ("file", "RFC 8089 §2"),
    ("mailto", "RFC 6068 §2"),
    ("tel", "RFC 3966 §3"),
    ("urn", "RFC 8141 §2"),
    ("ws", "RFC 6455 §3"),
    ("wss", "RFC 6455 §3"),
];
