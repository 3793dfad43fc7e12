//! The RFC 2396 grammar rules (Appendix A) a finding can be about: name,
//! section and what the rule allows, for messages.

/// One rule of the RFC 2396 grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `scheme` (§3.1).
    Scheme,
    /// `opaque_part` (§3): `uric_no_slash *uric`.
    OpaquePart,
    /// `reg_name` (§3.2.1), also the character set of any `authority`.
    RegName,
    /// `userinfo` (§3.2.2).
    Userinfo,
    /// `hostname` (§3.2.2).
    Hostname,
    /// `IPv4address` (§3.2.2).
    Ipv4address,
    /// `port` (§3.2.2).
    Port,
    /// `path_segments` of an `abs_path` (§3.3): segments with `;` params.
    PathSegments,
    /// `rel_segment`, the first segment of a `rel_path` (§5).
    RelSegment,
    /// `relativeURI` (§5).
    RelativeUri,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§4.1).
    Fragment,
}

impl Rule {
    /// The rule name as RFC 2396 spells it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::OpaquePart => "opaque_part",
            Rule::RegName => "reg_name",
            Rule::Userinfo => "userinfo",
            Rule::Hostname => "hostname",
            Rule::Ipv4address => "IPv4address",
            Rule::Port => "port",
            Rule::PathSegments => "path_segments",
            Rule::RelSegment => "rel_segment",
            Rule::RelativeUri => "relativeURI",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
        }
    }

    /// The section of RFC 2396 that defines the rule.
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            Rule::Scheme => "RFC 2396 §3.1",
            Rule::OpaquePart => "RFC 2396 §3",
            Rule::RegName => "RFC 2396 §3.2.1",
            Rule::Userinfo | Rule::Hostname | Rule::Ipv4address | Rule::Port => "RFC 2396 §3.2.2",
            Rule::PathSegments => "RFC 2396 §3.3",
            Rule::RelSegment | Rule::RelativeUri => "RFC 2396 §5",
            Rule::Query => "RFC 2396 §3.4",
            Rule::Fragment => "RFC 2396 §4.1",
        }
    }

    /// What the rule allows, in words.
    #[must_use]
    pub fn allowed(self) -> &'static str {
        match self {
            Rule::Scheme => "alpha, then alpha, digit, \"+\", \"-\" or \".\"",
            Rule::OpaquePart => {
                "uric (reserved, unreserved or %XX escaped), not starting with \"/\""
            }
            Rule::RegName => "unreserved, escaped, \"$\" \",\" \";\" \":\" \"@\" \"&\" \"=\" \"+\"",
            Rule::Userinfo => "unreserved, escaped, \";\" \":\" \"&\" \"=\" \"+\" \"$\" \",\"",
            Rule::Hostname => {
                "domainlabels of alphanum and \"-\" separated by \".\", \
                 the last (toplabel) starting with alpha"
            }
            Rule::Ipv4address => "1*digit \".\" 1*digit \".\" 1*digit \".\" 1*digit",
            Rule::Port => "digits only",
            Rule::PathSegments => {
                "pchar (unreserved, escaped, \":\" \"@\" \"&\" \"=\" \"+\" \"$\" \",\"), \
                 \";\" params and \"/\""
            }
            Rule::RelSegment => {
                "unreserved, escaped, \";\" \"@\" \"&\" \"=\" \"+\" \"$\" \",\" (no \":\")"
            }
            Rule::RelativeUri => "net_path, abs_path or rel_path, then an optional \"?\" query",
            Rule::Query | Rule::Fragment => "uric (reserved, unreserved or %XX escaped)",
        }
    }
}
