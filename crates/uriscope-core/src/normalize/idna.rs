//! The IDNA rung of scheme-based normalization (RFC 3987 §5.3.3, RFC 3986
//! §6.2.3): for a scheme whose host is a DNS name (the scheme table's
//! [`dns_host`](crate::scheme::SchemeInfo::dns_host)), a registered name
//! and its IDNA A-label form name one host, so the host is written in that
//! form ([`dns_form`](crate::host::dns_form), the conversion `iri2uri`
//! writes). `résumé.example.org`, `r%C3%A9sum%C3%A9.example.org` and
//! `xn--rsum-bpad.example.org` all become the last; fullwidth
//! `Ｅｘａｍｐｌｅ.com` becomes `example.com` (UTS #46 mapping). A host
//! that IDNA refuses is kept as it is, and the refusal is the answer's.

use std::borrow::Cow;

use crate::host::{dns_form, IdnaError};
use crate::{parse_with, HostKind, ParseOptions, Span};

/// Whether the rung may rewrite `host` (a component of kind `kind`, after
/// the syntax-based rungs) under the lowercase `scheme`: a registered name
/// of a DNS scheme holding a non-ASCII character, an escape or an `xn--`
/// label. A plain lowercase ASCII name is its own A-label form (or one
/// IDNA refuses, which the rung would keep anyway): no IDNA is run for it.
pub(crate) fn may_fold(scheme: &str, kind: HostKind, host: &str) -> bool {
    kind == HostKind::RegName
        && suspect(host.as_bytes())
        && (!host.is_ascii() || host.contains('%') || has_ace_label(host))
        && crate::scheme::has_dns_host(scheme)
}

/// Whether `host` holds a non-ASCII byte, a `%` or a `--` (which an
/// `xn--` label holds): the few hosts the precise test of [`may_fold`]
/// is run on. One pass without an early exit, which the compiler
/// vectorizes; the scheme's table lookup and the `xn--` search per label
/// cost more than this test on the corpus's hosts, nearly all plain.
fn suspect(host: &[u8]) -> bool {
    let odd = |c: u8| (c >= 0x80) | (c == b'%');
    let [first, rest @ ..] = host else {
        return false;
    };
    odd(*first)
        | host.iter().zip(rest).fold(false, |any, (&x, &y)| {
            any | odd(y) | ((x == b'-') & (y == b'-'))
        })
}

/// Whether a label of `host` starts with the ACE prefix `xn--` (any case).
fn has_ace_label(host: &str) -> bool {
    host.split('.')
        .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"))
}

/// The host's A-label form when it differs from `host`, `None` when it is
/// the same, or why IDNA refuses it.
pub(crate) fn fold_host(host: &str) -> Result<Option<Cow<'_, str>>, IdnaError> {
    let ascii = dns_form(host)?;
    Ok((ascii != host).then_some(ascii))
}

/// A host the rung could not fold: where it is in the normal form, and
/// why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refused {
    /// The host's span in the normal form.
    pub(crate) host: Span,
    /// What IDNA said.
    pub(crate) error: IdnaError,
}

impl Refused {
    /// The sentence that says so, the host quoted from `normal`.
    pub(crate) fn message(&self, normal: &str) -> String {
        format!(
            "the host \"{}\" is kept as written: it has no IDNA A-label form to compare \
             (RFC 3987 §5.3.3): {}",
            crate::quote::cut(self.host.slice(normal)),
            self.error
        )
    }
}

/// `normal` (a normal form of the syntax-based and scheme-based rungs)
/// with its host folded, or kept with the reason IDNA refused it.
pub(crate) fn fold(normal: String, iri: bool) -> (String, Option<Refused>) {
    let Ok(u) = parse_with(&normal, ParseOptions { iri }) else {
        return (normal, None);
    };
    let (Some(scheme), Some(a)) = (u.scheme(), u.authority_parts()) else {
        return (normal, None);
    };
    let span = a.host.span;
    let host = span.slice(&normal);
    if !may_fold(scheme, a.host.kind, host) {
        return (normal, None);
    }
    match fold_host(host) {
        Ok(None) => (normal, None),
        Ok(Some(ascii)) => {
            let mut out = String::with_capacity(normal.len() + ascii.len());
            out.push_str(&normal[..span.start]);
            out.push_str(&ascii);
            out.push_str(&normal[span.end..]);
            (out, None)
        }
        Err(error) => (normal, Some(Refused { host: span, error })),
    }
}

#[cfg(test)]
mod tests {
    use super::may_fold;
    use crate::HostKind;
    use proptest::prelude::*;

    /// The rule as [`may_fold`]'s doc says it, without the pre-test.
    fn as_said(scheme: &str, kind: HostKind, host: &str) -> bool {
        kind == HostKind::RegName
            && !host.is_empty()
            && crate::scheme::has_dns_host(scheme)
            && (!host.is_ascii()
                || host.contains('%')
                || host
                    .split('.')
                    .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")))
    }

    #[test]
    fn may_fold_only_hosts_with_non_ascii_escapes_or_ace_labels() {
        for (host, yes) in [
            ("example.com", false),
            ("xn--nxasmq6b.com", true),
            ("a.XN--b", true),
            ("a--b.com", false),
            ("ex%41mple", true),
            ("é", true),
            ("", false),
            ("-", false),
        ] {
            assert_eq!(may_fold("http", HostKind::RegName, host), yes, "{host}");
        }
        assert!(!may_fold("urn", HostKind::RegName, "xn--a"));
        assert!(!may_fold("http", HostKind::Ipv4, "é"));
    }

    proptest! {
        #[test]
        fn may_fold_is_the_rule_as_said(
            host in "[aXxNn.%é-]{0,20}",
            scheme in "(http|https|ftp|urn|mailto|ws)",
        ) {
            for kind in [HostKind::RegName, HostKind::Ipv4] {
                prop_assert_eq!(may_fold(&scheme, kind, &host), as_said(&scheme, kind, &host));
            }
        }
    }
}
