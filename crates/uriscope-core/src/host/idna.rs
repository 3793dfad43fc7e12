//! Internationalized domain names: the Unicode and the ASCII (punycode)
//! form of a host, both ways (`bücher.example` ⇄ `xn--bcher-kva.example`).
//!
//! The work is done by the `idna` crate's UTS #46 processing with the
//! options RFC 3987 §3.1 asks of ToASCII (RFC 3490 §4.1): `UseSTD3ASCIIRules`
//! (letters, digits and hyphen only; no hyphen first or last), and labels
//! of 1 to 63 octets. On failure the error names the first label at fault.

use std::borrow::Cow;
use std::fmt;

#[cfg(feature = "idna")]
use ::idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::Span;

/// Why a host has no IDNA form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdnaError {
    /// The label at fault (the whole host when no single label is).
    pub span: Span,
    /// The label's text.
    pub label: String,
    /// Which conversion failed: `"ToASCII"` or `"ToUnicode"`.
    pub operation: &'static str,
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "IDNA {} fails on \"{}\" (bytes {}..{}): not a valid internationalized domain \
             label (UTS #46 with STD3 rules: letters, digits, hyphens, 1-63 octets)",
            self.operation, self.label, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for IdnaError {}

#[cfg(feature = "idna")]
fn ascii_step(s: &str) -> Option<Cow<'_, str>> {
    // ToASCII would decode an `xn--` label to check it, and then refuse it
    // for its length anyway (DnsLength::VerifyAllowRootDot).
    if s.split('.').any(is_overlong_ace_label) {
        return None;
    }
    Uts46::new()
        .to_ascii(
            s.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::VerifyAllowRootDot,
        )
        .ok()
}

/// The longest DNS label, in octets (RFC 1034 §3.1; RFC 5890 §2.3.2.1
/// holds A-labels to it).
pub const MAX_LABEL_LEN: usize = 63;

/// Whether `label` starts with the ACE prefix `xn--` (any case) yet is
/// longer than a DNS label may be: no A-label, and not worth decoding,
/// since punycode decoding takes time quadratic in the length.
pub(crate) fn is_overlong_ace_label(label: &str) -> bool {
    label.len() > MAX_LABEL_LEN && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
}

#[cfg(feature = "idna")]
fn unicode_step(s: &str) -> Option<Cow<'_, str>> {
    if s.split('.').any(is_overlong_ace_label) {
        return None;
    }
    let (out, result) =
        Uts46::new().to_unicode(s.as_bytes(), AsciiDenyList::STD3, Hyphens::CheckFirstLast);
    result.ok().map(|()| out)
}

/// Without IDNA: an ASCII host of STD3 labels (letters, digits, hyphens
/// inside, 1 to 63 octets; a final root dot allowed), lowercased. A
/// non-ASCII label has no ASCII form.
#[cfg(not(feature = "idna"))]
fn ascii_step(s: &str) -> Option<Cow<'_, str>> {
    let labels = s.strip_suffix('.').unwrap_or(s);
    let std3 = |l: &str| {
        (1..=MAX_LABEL_LEN).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    labels.split('.').all(std3).then(|| {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    })
}

/// Without IDNA: the host as ToASCII accepts it; `xn--` labels are kept
/// (there is no punycode decoder).
#[cfg(not(feature = "idna"))]
fn unicode_step(s: &str) -> Option<Cow<'_, str>> {
    ascii_step(s)
}

/// The first label of `host` on which `convert` fails, or the whole host.
fn fault(host: &str, operation: &'static str, convert: impl Fn(&str) -> bool) -> IdnaError {
    if !host.contains('.') {
        // One label, which the whole conversion just refused: not
        // converted again (a long label costs milliseconds each time).
        return IdnaError {
            span: Span::new(0, host.len()),
            label: host.to_owned(),
            operation,
        };
    }
    let mut start = 0;
    for label in host.split('.') {
        let end = start + label.len();
        // The empty label after a final dot is the DNS root, not a fault.
        let root = label.is_empty() && end == host.len() && end > 0;
        if !root && !convert(label) {
            return IdnaError {
                span: Span::new(start, end),
                label: label.to_owned(),
                operation,
            };
        }
        start = end + 1;
    }
    IdnaError {
        span: Span::new(0, host.len()),
        label: host.to_owned(),
        operation,
    }
}

/// The ASCII form of a host name (IDNA ToASCII): each non-ASCII label as
/// `xn--` punycode, mapped (lowercased, NFC) per UTS #46. Without the
/// `idna` feature, an ASCII host of valid labels lowercased, and an error
/// for any other.
///
/// ```
/// use uriscope_core::host::to_ascii;
/// assert_eq!(to_ascii("bücher.example").unwrap(), "xn--bcher-kva.example");
/// assert_eq!(to_ascii("Bücher.Example").unwrap(), "xn--bcher-kva.example");
/// let e = to_ascii("ok.exa mple").unwrap_err();
/// assert_eq!(e.label, "exa mple");
/// ```
pub fn to_ascii(host: &str) -> Result<Cow<'_, str>, IdnaError> {
    convert(host, &LAST_ASCII, "ToASCII", ascii_step)
}

/// The A-label form of a registered name as a URI or an IRI writes it
/// (RFC 3986 §3.2.2: its escapes are UTF-8, read as characters first),
/// through [`to_ascii`]: the one form `iri_to_uri` writes for an IRI's
/// host and the scheme-based normalization compares (RFC 3987 §3.1,
/// §5.3.3). Escapes that are not UTF-8 are left for ToASCII to refuse.
///
/// ```
/// use uriscope_core::host::dns_form;
/// assert_eq!(dns_form("r%C3%A9sum%C3%A9.example.org").unwrap(), "xn--rsum-bpad.example.org");
/// assert_eq!(dns_form("résumé.example.org").unwrap(), "xn--rsum-bpad.example.org");
/// assert_eq!(dns_form("example.com").unwrap(), "example.com");
/// assert!(dns_form("a%FF.example").is_err());
/// ```
pub fn dns_form(reg_name: &str) -> Result<Cow<'_, str>, IdnaError> {
    let decoded = crate::lint::host_insight::percent_decode(reg_name);
    match decoded {
        Cow::Borrowed(_) => to_ascii(reg_name),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(name) => to_ascii(&name).map(|a| Cow::Owned(a.into_owned())),
            Err(_) => to_ascii(reg_name),
        },
    }
}

/// `host` through `step` (ToASCII or ToUnicode, named `operation`), the
/// failing label found on failure; a long host's answer kept in `last`.
fn convert<'h>(
    host: &'h str,
    last: &'static std::thread::LocalKey<Remembered>,
    operation: &'static str,
    step: fn(&str) -> Option<Cow<'_, str>>,
) -> Result<Cow<'h, str>, IdnaError> {
    let whole = |h: &'h str| step(h).ok_or_else(|| fault(h, operation, |l| step(l).is_some()));
    if host.len() >= LONG_HOST {
        return last.with(|last| remembered(last, host, |_| whole(host).map(Cow::into_owned)));
    }
    whole(host)
}

/// From this length on, a host's conversions are remembered (the last
/// one of each kind, per thread): a frame of the explorer converts the
/// same host in several panes, and a 64 KB host of combining marks takes
/// milliseconds through UTS #46 mapping and NFC. Shorter hosts convert
/// in microseconds and are not kept.
const LONG_HOST: usize = 1024;

type Remembered = std::cell::RefCell<Option<(String, Result<String, IdnaError>)>>;

thread_local! {
    static LAST_ASCII: Remembered = const { std::cell::RefCell::new(None) };
    static LAST_UNICODE: Remembered = const { std::cell::RefCell::new(None) };
}

/// `convert(host)`, or what it gave the last time `host` was asked.
fn remembered<'h>(
    last: &Remembered,
    host: &'h str,
    convert: impl FnOnce(&str) -> Result<String, IdnaError>,
) -> Result<Cow<'h, str>, IdnaError> {
    if let Some((h, r)) = last.borrow().as_ref() {
        if h == host {
            return r.clone().map(Cow::Owned);
        }
    }
    let r = convert(host);
    *last.borrow_mut() = Some((host.to_owned(), r.clone()));
    r.map(Cow::Owned)
}

/// The Unicode form of a host name (IDNA ToUnicode): each `xn--` label
/// decoded from punycode. Without the `idna` feature, labels are not
/// decoded: the host as [`to_ascii`] gives it.
///
/// ```
/// use uriscope_core::host::to_unicode;
/// assert_eq!(to_unicode("xn--bcher-kva.example").unwrap(), "bücher.example");
/// assert_eq!(to_unicode("example.com").unwrap(), "example.com");
/// assert_eq!(to_unicode("a.xn--abc-.com").unwrap_err().label, "xn--abc-");
/// ```
pub fn to_unicode(host: &str) -> Result<Cow<'_, str>, IdnaError> {
    convert(host, &LAST_UNICODE, "ToUnicode", unicode_step)
}

/// Both forms of a host, each with its error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostForms {
    /// The Unicode form (ToUnicode).
    pub unicode: Result<String, IdnaError>,
    /// The ASCII form (ToASCII).
    pub ascii: Result<String, IdnaError>,
}

impl HostForms {
    /// Whether the two forms differ (the host is, or could be written as,
    /// an internationalized name).
    #[must_use]
    pub fn is_internationalized(&self) -> bool {
        match (&self.unicode, &self.ascii) {
            (Ok(u), Ok(a)) => u != a,
            _ => false,
        }
    }
}

/// The Unicode and ASCII forms of `host`.
///
/// ```
/// use uriscope_core::host::forms;
/// let f = forms("xn--bcher-kva.example");
/// assert_eq!(f.unicode.as_deref(), Ok("bücher.example"));
/// assert_eq!(f.ascii.as_deref(), Ok("xn--bcher-kva.example"));
/// assert!(f.is_internationalized());
/// ```
pub fn forms(host: &str) -> HostForms {
    HostForms {
        unicode: to_unicode(host).map(Cow::into_owned),
        ascii: to_ascii(host).map(Cow::into_owned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the two conversions give without the memory of long hosts.
    fn direct(host: &str) -> (Option<String>, Option<String>) {
        (
            ascii_step(host).map(Cow::into_owned),
            unicode_step(host).map(Cow::into_owned),
        )
    }

    #[test]
    fn long_hosts_convert_as_short_ones_do_asked_in_any_order() {
        let a = "bücher.".repeat(200) + "example"; // too long for DNS
        let b = format!("h{}", "e\u{301}".repeat(600)); // one label
        let c = "x.".repeat(600) + "y"; // ASCII, 1,201 bytes
        for host in [&a, &b, &a, &c, &b, &c, &c] {
            assert!(host.len() >= LONG_HOST);
            let (ascii, unicode) = direct(host);
            assert_eq!(to_ascii(host).ok().map(Cow::into_owned), ascii);
            assert_eq!(to_unicode(host).ok().map(Cow::into_owned), unicode);
        }
        // The fault of a one-label host is the host.
        let e = to_ascii(&b).unwrap_err();
        assert_eq!((e.span, e.label.len()), (Span::new(0, b.len()), b.len()));
        let short = to_ascii("h\u{301}x y").unwrap_err();
        assert_eq!(short.label, "h\u{301}x y");
    }
}
