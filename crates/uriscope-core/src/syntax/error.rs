//! Parse errors (small, `Copy`) and findings (every problem, with a message).

use crate::Code;
use std::fmt;

use crate::Span;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input does not match the grammar.
    Error,
    /// Legal, but risky or probably not what was meant.
    Warning,
    /// Legal but surprising, worth knowing.
    Note,
}

impl Severity {
    /// `"error"`, `"warning"` or `"note"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The ABNF rule (RFC 3986 Appendix A) being parsed when a problem was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` as a whole (§3.2.2).
    Host,
    /// `reg-name` (§3.2.2).
    RegName,
    /// `IPv4address` (§3.2.2).
    Ipv4,
    /// `IP-literal` brackets (§3.2.2).
    IpLiteral,
    /// `IPv6address` (§3.2.2).
    Ipv6,
    /// `ZoneID` (RFC 6874 §2).
    ZoneId,
    /// `IPvFuture` (§3.2.2).
    IpFuture,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `segment-nz-nc`, the first segment of a relative path (§3.3, §4.2).
    FirstSegment,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
    /// `URI-reference` as a whole (§4.1), for limits on the entire input.
    UriReference,
    /// `IRI-reference` as a whole (RFC 3987 §2.2), for the note that the
    /// whole input is an IRI.
    IriReference,
}

impl Rule {
    /// The ABNF rule name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::Userinfo => "userinfo",
            Rule::Host => "host",
            Rule::RegName => "reg-name",
            Rule::Ipv4 => "IPv4address",
            Rule::IpLiteral => "IP-literal",
            Rule::Ipv6 => "IPv6address",
            Rule::ZoneId => "ZoneID",
            Rule::IpFuture => "IPvFuture",
            Rule::Port => "port",
            Rule::Path => "path",
            Rule::FirstSegment => "segment-nz-nc",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::UriReference => "URI-reference",
            Rule::IriReference => "IRI-reference",
        }
    }

    /// The section of RFC 3986 (or RFC 6874) that defines the rule.
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            Rule::Scheme => "RFC 3986 §3.1",
            Rule::Userinfo => "RFC 3986 §3.2.1",
            Rule::Host | Rule::RegName | Rule::Ipv4 | Rule::IpLiteral | Rule::Ipv6 => {
                "RFC 3986 §3.2.2"
            }
            Rule::IpFuture => "RFC 3986 §3.2.2",
            Rule::ZoneId => "RFC 6874 §2",
            Rule::Port => "RFC 3986 §3.2.3",
            Rule::Path => "RFC 3986 §3.3",
            Rule::FirstSegment => "RFC 3986 §3.3, §4.2",
            Rule::Query => "RFC 3986 §3.4",
            Rule::Fragment => "RFC 3986 §3.5",
            Rule::UriReference => "RFC 3986 §4.1",
            Rule::IriReference => "RFC 3987 §2.2",
        }
    }

    /// What the grammar allows in this rule, in words.
    #[must_use]
    pub fn allowed(self) -> &'static str {
        match self {
            Rule::Scheme => "a letter, then letters, digits, \"+\", \"-\" or \".\"",
            Rule::Userinfo => "unreserved, sub-delims, \":\" or %XX escapes",
            Rule::Host | Rule::RegName => "unreserved, sub-delims or %XX escapes",
            Rule::Ipv4 => "four decimal octets 0-255 separated by \".\"",
            Rule::IpLiteral => "an IPv6 address or IPvFuture between \"[\" and \"]\"",
            Rule::Ipv6 => "hex digits, \":\" and a trailing IPv4 address",
            Rule::ZoneId => "unreserved or %XX escapes",
            Rule::IpFuture => "\"v\" hex digits \".\" then unreserved, sub-delims or \":\"",
            Rule::Port => "digits only",
            Rule::Path => "pchar (unreserved, sub-delims, \":\", \"@\", %XX) and \"/\"",
            Rule::FirstSegment => {
                "unreserved, sub-delims, \"@\" or %XX escapes (no \":\" before the first \"/\")"
            }
            Rule::Query | Rule::Fragment => "pchar, \"/\" and \"?\"",
            Rule::UriReference => "at most 4 GiB - 1 bytes (offsets are 32-bit)",
            Rule::IriReference => "the URI grammar plus ucschar (and iprivate in the query)",
        }
    }
}

/// The first error found by the fast validator: where, what kind (a stable
/// code), and in which rule. Small and `Copy`; [`analyze`](crate::analyze)
/// gives every finding with a full message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the offending input.
    pub at: usize,
    /// The stable finding code, such as `invalid-char` or `ipv6-syntax`.
    pub code: Code,
    /// The rule being parsed.
    pub rule: Rule,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {} in {} ({})",
            self.code,
            self.at,
            self.rule.name(),
            self.rule.section()
        )
    }
}

impl std::error::Error for ParseError {}

/// One problem or remark about an input, with its position and a message
/// that names what was found, what was expected and where the rule is defined.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// The bytes of the input the finding is about.
    pub span: Span,
    /// Error, warning or note.
    pub severity: Severity,
    /// A stable, kebab-case code (`invalid-char`, `bad-percent`, …).
    pub code: Code,
    /// A human-readable explanation.
    pub message: String,
}

impl Finding {
    /// A finding from its parts.
    #[must_use]
    pub fn new(span: Span, severity: Severity, code: Code, message: String) -> Finding {
        Finding {
            span,
            severity,
            code,
            message,
        }
    }
}

/// Describe the character at byte `at` of `input` for a message:
/// `'x'`, `' ' (U+0020)`, `U+001B (control)`, `'€' (U+20AC)`.
pub(crate) fn describe_char(input: &str, at: usize) -> String {
    CharAt(input, at).to_string()
}

/// The character of `input` at byte `at`, described as in
/// [`describe_char`], written without an allocation of its own.
pub(crate) struct CharAt<'a>(pub &'a str, pub usize);

impl std::fmt::Display for CharAt<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.get(self.1..).and_then(|s| s.chars().next()) {
            Some(c) if c.is_control() => write!(f, "U+{:04X} (a control character)", c as u32),
            Some(' ') => f.write_str("a space (U+0020)"),
            Some(c) if c.is_ascii() => write!(f, "'{c}'"),
            Some(c) => write!(f, "'{c}' (U+{:04X})", c as u32),
            None => f.write_str("the end of the input"),
        }
    }
}
