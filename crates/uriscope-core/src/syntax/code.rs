//! The stable codes of findings, each with the RFC sections that define
//! the rule it is about.

use std::fmt;

/// Declare [`Code`] from `Variant = "kebab-name", "citation";` rows.
macro_rules! codes {
    ($( $variant:ident = $name:literal, $cites:literal; )*) => {
        /// What a finding is about: a stable code whose [`as_str`](Code::as_str)
        /// form (`invalid-char`, `ipv6-syntax`, …) is what JSON output and the
        /// documentation use, and which [`cites`](Code::cites) the RFC
        /// sections that define the rule.
        ///
        /// Compare a code with its name directly:
        ///
        /// ```
        /// use uriscope_core::Code;
        /// let r = uriscope_core::analyze("http://h/a b", Default::default());
        /// let f = r.finding(0);
        /// assert_eq!(f.code, Code::Whitespace);
        /// assert_eq!(f.code, "whitespace");
        /// assert_eq!(f.code.cites(), "RFC 3986 Appendix C, §2");
        /// assert_eq!(Code::from_name("whitespace"), Some(Code::Whitespace));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $(
                #[doc = concat!("`", $name, "` (", $cites, ").")]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in the order of the documentation.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable kebab-case name, as JSON output writes it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// The RFC sections that define the rule, most specific first:
            /// `"RFC 3986 §3.2.3, §6.2.3"`.
            pub const fn cites(self) -> &'static str {
                match self {
                    $(Code::$variant => $cites,)*
                }
            }
        }
    };
}

codes! {
    // The generic syntax: parse errors and notes (RFC 3986, RFC 3987, RFC 6874).
    InvalidChar = "invalid-char", "RFC 3986 §2, §3";
    Whitespace = "whitespace", "RFC 3986 Appendix C, §2";
    ControlChar = "control-char", "RFC 3986 §2, §7.3";
    NonAscii = "non-ascii", "RFC 3986 §2, RFC 3987 §3.1";
    BidiControl = "bidi-control", "RFC 3987 §4.1";
    BadPercent = "bad-percent", "RFC 3986 §2.1";
    BadEscape = "bad-escape", "RFC 2396 §2.4.1";
    LowercasePercentHex = "lowercase-percent-hex", "RFC 3986 §2.1, §6.2.2.1";
    PercentEncodedUnreserved = "percent-encoded-unreserved", "RFC 3986 §2.3, §6.2.2.2";
    ColonInFirstSegment = "colon-in-first-segment", "RFC 3986 §4.2, §3.3";
    ColonInRelSegment = "colon-in-rel-segment", "RFC 2396 §5";
    PortNotDigits = "port-not-digits", "RFC 3986 §3.2.3";
    EmptyPort = "empty-port", "RFC 3986 §3.2.3, §6.2.3";
    EmptyHost = "empty-host", "RFC 3986 §3.2.2";
    RegNameNotIpv4 = "reg-name-not-ipv4", "RFC 3986 §3.2.2";
    UppercaseHost = "uppercase-host", "RFC 3986 §3.2.2, §6.2.2.1";
    UppercaseScheme = "uppercase-scheme", "RFC 3986 §3.1, §6.2.2.1";
    IpLiteralSyntax = "ip-literal-syntax", "RFC 3986 §3.2.2";
    Ipv6Syntax = "ipv6-syntax", "RFC 3986 §3.2.2, RFC 5952 §4";
    IpvfutureSyntax = "ipvfuture-syntax", "RFC 3986 §3.2.2";
    ZoneIdSyntax = "zone-id-syntax", "RFC 6874 §2";
    TooLong = "too-long", "RFC 3986 §4.1";
    DoubleSlashPathWithoutAuthority = "double-slash-path-without-authority", "RFC 3986 §3.3, §5.2.2";
    Iri = "iri", "RFC 3987 §3.1";
    // Given by the surfaces that read bytes (a stdin line, a binary column),
    // never by the core, whose input is a `&str`.
    NotUtf8 = "not-utf8", "RFC 3986 §2.5";
    // Lint: the security considerations of RFC 3986 §7 and host checks.
    UserinfoPassword = "userinfo-password", "RFC 3986 §7.5, §3.2.1";
    UserinfoLooksLikeHost = "userinfo-looks-like-host", "RFC 3986 §7.6";
    NonDefaultPort = "non-default-port", "RFC 3986 §7.2, §3.2.3";
    PortOutOfRange = "port-out-of-range", "RFC 3986 §3.2.3";
    EncodedControlChar = "encoded-control-char", "RFC 3986 §7.3, §7.2, RFC 6068 §5";
    EncodedSlash = "encoded-slash", "RFC 3986 §7.3, §2.2";
    EncodedDotSegment = "encoded-dot-segment", "RFC 3986 §7.3, §6.2.2.3";
    EncodedDotSegmentKept = "encoded-dot-segment-kept", "RFC 3986 §6.2.2.3, §6.2.2.2";
    HostNotIdna = "host-not-idna", "RFC 3987 §5.3.3, RFC 5891 §5.4";
    Backslash = "backslash", "RFC 3986 §7.3, Appendix C";
    JavascriptScheme = "javascript-scheme", "RFC 3986 §7.2";
    DataScheme = "data-scheme", "RFC 2397 §6, §2, RFC 3986 §7.2";
    Ipv4RareForm = "ipv4-rare-form", "RFC 3986 §7.4";
    MixedScriptLabel = "mixed-script-label", "RFC 3986 §7.6, RFC 3987 §8";
    WholeScriptConfusable = "whole-script-confusable", "RFC 3987 §8, RFC 3986 §7.6";
    ConfusableName = "confusable-name", "RFC 3986 §7.6, RFC 3987 §8";
    MissingSchemeColon = "missing-scheme-colon", "RFC 3986 §3.1, §4.2";
    PunycodeInvalid = "punycode-invalid", "RFC 3492 §6.2, RFC 5891 §5.3, §5.4, RFC 3987 §3.1";
    // Scheme checks: each cites its scheme's RFC first.
    SchemeNeedsAuthority = "scheme-needs-authority", "RFC 3986 §3.2, RFC 9110 §4.2.1, RFC 6455 §3";
    SchemeForbidsAuthority = "scheme-forbids-authority", "RFC 3986 §3.2, §3.3";
    SchemeEmptyHost = "scheme-empty-host", "RFC 3986 §3.2.2, RFC 9110 §4.2.1, RFC 6455 §3, §4.1";
    SchemeFragmentForbidden = "scheme-fragment-forbidden", "RFC 6455 §3, RFC 3986 §3.5";
    MailtoAddress = "mailto-address", "RFC 6068 §2, RFC 3986 §3.3";
    MailtoHfield = "mailto-hfield", "RFC 6068 §2, §5, RFC 3986 §3.4";
    MailtoNoRecipient = "mailto-no-recipient", "RFC 6068 §2, RFC 3986 §3.3";
    UrnSyntax = "urn-syntax", "RFC 8141 §2, RFC 3986 §1.1.3";
    UrnNid = "urn-nid", "RFC 8141 §2, §2.1, §5.1";
    UrnNssEmpty = "urn-nss-empty", "RFC 8141 §2, §2.2";
    UrnQuery = "urn-query", "RFC 8141 §2.3, §2, RFC 3986 §3.4";
    DataSyntax = "data-syntax", "RFC 2397 §3, §2, RFC 3986 §3.3";
    DataMediaType = "data-media-type", "RFC 2397 §3, §2";
    DataParameter = "data-parameter", "RFC 2397 §3";
    DataBase64 = "data-base64", "RFC 2397 §3, §2";
    DataPayload = "data-payload", "RFC 2397 §2, §3, RFC 3986 §2.1";
    FileDriveInAuthority = "file-drive-in-authority", "RFC 8089 Appendix E.2, §2";
    FileRemoteHost = "file-remote-host", "RFC 8089 §2, §3, RFC 3986 §3.2.2";
    FileDriveLetter = "file-drive-letter", "RFC 8089 Appendix E.2, Appendix E.2.2, Appendix D.2";
    FileRelativePath = "file-relative-path", "RFC 8089 §2, Appendix B";
    TelNumber = "tel-number", "RFC 3966 §3, §5.1.4, §5.1.5";
    TelParameter = "tel-parameter", "RFC 3966 §3, §5.1.5, §5.4";
    TelPhoneContext = "tel-phone-context", "RFC 3966 §5.1.5, §3";
    PhoneContext = "phone-context", "RFC 3966 §5.1.5, §3";
    // Resolution (RFC 3986 §5) and relative references.
    BaseFragmentDropped = "base-fragment-dropped", "RFC 3986 §5.2.2, §5.1";
    BaseNotAbsolute = "base-not-absolute", "RFC 3986 §5.2.1, §4.3";
    InvalidBase = "invalid-base", "RFC 3986 §5.2.1";
    InvalidReference = "invalid-reference", "RFC 3986 §4.1";
    InvalidTarget = "invalid-target", "RFC 3986 §5.3";
    TargetNotAbsolute = "target-not-absolute", "RFC 3986 §4.3, §5.1";
    UnreachableTarget = "unreachable-target", "RFC 3986 §5.2.2, §4.2";
    // Shapes that are not URIs.
    WindowsPath = "windows-path", "RFC 3986 §3.1, RFC 8089 Appendix E.2";
    UncPath = "unc-path", "RFC 3986 §3.2.2, RFC 8089 Appendix E.3.1";
    ScpAddress = "scp-address", "RFC 3986 §3.2, §3.1";
    MarkdownLink = "markdown-link", "RFC 3986 Appendix C";
    HtmlLink = "html-link", "RFC 3986 Appendix C";
    WrappedLink = "wrapped-link", "RFC 3986 Appendix C";
    UrlWithSpaces = "url-with-spaces", "RFC 3986 Appendix C, §2.1";
    HostWithoutScheme = "host-without-scheme", "RFC 3986 §4.5, §4.2";
    // The RFC 2396 grammar and its differences from RFC 3986.
    DelimsChar = "delims-char", "RFC 2396 §2.4.3";
    UnwiseChar = "unwise-char", "RFC 2396 §2.4.3";
    EmptyOpaquePart = "empty-opaque-part", "RFC 2396 §3";
    MissingPath = "missing-path", "RFC 2396 §3";
    EscapedUnreserved = "escaped-unreserved", "RFC 2396 §2.3, RFC 3986 §2.3";
    InvalidInBoth = "invalid-in-both", "RFC 2396 Appendix A, RFC 3986 Appendix A";
    Ipv4Differs = "ipv4-differs", "RFC 2396 §3.2.2, RFC 3986 §3.2.2";
    MarkNowReserved = "mark-now-reserved", "RFC 3986 Appendix D.2, §2.2";
    OpaqueQuery = "opaque-query", "RFC 2396 §3, RFC 3986 Appendix D.2";
    PathParams = "path-params", "RFC 2396 §3.3, RFC 3986 Appendix D.2";
    RegNameAuthority = "reg-name-authority", "RFC 2396 §3.2.1, RFC 3986 §3.2.2";
    Rfc2396Only = "rfc2396-only", "RFC 3986 Appendix D.2";
    Rfc3986Only = "rfc3986-only", "RFC 3986 Appendix D.1";
    // The `data:` analysis (RFC 2397).
    DataMissingComma = "data-missing-comma", "RFC 2397 §3, §2";
    DataBadPercent = "data-bad-percent", "RFC 2397 §2, RFC 3986 §2.1";
    DataInvalidChar = "data-invalid-char", "RFC 2397 §3, RFC 3986 §2";
    DataFragment = "data-fragment", "RFC 2397 §3, RFC 3986 §3.5";
    DataTypeMissing = "data-type-missing", "RFC 2397 §3, §2";
    DataNoSubtype = "data-no-subtype", "RFC 2397 §3, §2";
    DataTypeEmpty = "data-type-empty", "RFC 2397 §3, §2";
    DataSubtypeEmpty = "data-subtype-empty", "RFC 2397 §3, §2";
    DataTypeToken = "data-type-token", "RFC 2397 §3";
    DataParamEmpty = "data-param-empty", "RFC 2397 §3";
    DataParamNoValue = "data-param-no-value", "RFC 2397 §3";
    DataAttributeEmpty = "data-attribute-empty", "RFC 2397 §3";
    DataAttributeToken = "data-attribute-token", "RFC 2397 §3";
    DataQuotedValue = "data-quoted-value", "RFC 2397 §3";
    DataUnterminatedQuote = "data-unterminated-quote", "RFC 2397 §3";
    DataDuplicateCharset = "data-duplicate-charset", "RFC 2397 §2";
    DataUnknownCharset = "data-unknown-charset", "RFC 2397 §2";
    DataBase64Case = "data-base64-case", "RFC 2397 §3";
    DataBase64NotLast = "data-base64-not-last", "RFC 2397 §3";
    DataBase64Invalid = "data-base64-invalid", "RFC 2397 §2, §3";
    DataBase64Length = "data-base64-length", "RFC 2397 §2, §3";
    DataBase64Padding = "data-base64-padding", "RFC 2397 §2, §3";
    DataBase64PartialPadding = "data-base64-partial-padding", "RFC 2397 §2, §3";
    DataBase64TrailingBits = "data-base64-trailing-bits", "RFC 2397 §2, §3";
    DataBase64Unpadded = "data-base64-unpadded", "RFC 2397 §2, §3";
    DataBase64Whitespace = "data-base64-whitespace", "RFC 2397 §3, §2";
    DataBase64Escapes = "data-base64-escapes", "RFC 2397 §2, §3";
    // URI Template errors (RFC 6570).
    Unclosed = "unclosed", "RFC 6570 §2.2, §2";
    StrayClose = "stray-close", "RFC 6570 §2.1";
    EmptyExpression = "empty-expression", "RFC 6570 §2.2, §2.3";
    ReservedOperator = "reserved-operator", "RFC 6570 §2.2";
    VarnameExpected = "varname-expected", "RFC 6570 §2.3";
    VarcharAfterDot = "varchar-after-dot", "RFC 6570 §2.3";
    HexDigitExpected = "hex-digit-expected", "RFC 6570 §2.3, RFC 3986 §2.1";
    PrefixLengthExpected = "prefix-length-expected", "RFC 6570 §2.4.1";
    PrefixTooLong = "prefix-too-long", "RFC 6570 §2.4.1";
    InvalidVarnameChar = "invalid-varname-char", "RFC 6570 §2.3, §2.4";
    SeparatorExpected = "separator-expected", "RFC 6570 §2.3, §2.4";
    PrefixOnComposite = "prefix-on-composite", "RFC 6570 §2.4.1, §3.2.1";
}

impl Code {
    /// The code with this kebab-case name, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn names_are_unique_kebab_case_and_found_again() {
        let mut seen = std::collections::HashSet::new();
        for &c in Code::ALL {
            let n = c.as_str();
            assert!(seen.insert(n), "{n} twice");
            assert!(
                n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{n}"
            );
            assert_eq!(Code::from_name(n), Some(c));
            assert!(c.cites().starts_with("RFC "), "{n}: {}", c.cites());
        }
        assert_eq!(Code::from_name("no-such-code"), None);
    }
}
