//! The allowlist tester: the checks people write to keep a URL on an
//! allowed host, run against a URL, beside the host each real parser
//! would connect to. A check is *fooled* when it lets the URL through
//! while a parser's host is not the allowed one (nor a subdomain of it).

use serde::Serialize;

/// Whether `host` is `allowed` or a subdomain of it (ASCII
/// case-insensitive, a final `.` ignored): the check to write.
///
/// ```
/// use uriscope::confuse::allow::host_allowed;
/// assert!(host_allowed("Example.COM.", "example.com"));
/// assert!(host_allowed("api.example.com", "example.com"));
/// assert!(!host_allowed("evilexample.com", "example.com"));
/// assert!(host_allowed("xn--mnchen-3ya.de", "münchen.de"));
/// ```
pub fn host_allowed(host: &str, allowed: &str) -> bool {
    // Compared as hosts: case, IDNA and IP address spellings do not count.
    let identity = |h: &str| crate::uri::host::identity(h.trim_end_matches('.')).into_owned();
    let h = identity(host);
    let a = identity(allowed);
    !a.is_empty() && (h == a || h.ends_with(&format!(".{a}")))
}

/// Whether `host` is on the same site as `allowed`: the two hosts'
/// registrable domains from the Public Suffix List are one
/// ([`crate::uri::site::site_name`]: case, IDNA and a final `.` do not
/// count), a host without one (an IP address, a single label) being a
/// site of its own.
///
/// ```
/// use uriscope::confuse::allow::site_allowed;
/// assert!(site_allowed("login.example.co.uk", "www.example.co.uk"));
/// assert!(site_allowed("EXAMPLE.com.", "example.com"));
/// assert!(!site_allowed("example.co.uk.evil.net", "example.co.uk"));
/// assert!(!site_allowed("other.github.io", "mine.github.io"));
/// ```
pub fn site_allowed(host: &str, allowed: &str) -> bool {
    let site =
        |h: &str| crate::uri::site::site_name(h.trim_end_matches('.')).map(|s| s.into_owned());
    let s = site(host);
    s.is_some() && s == site(allowed)
}

/// What an engine's host must be for a check to be right: the allowed
/// host (or a subdomain of it), or any host of the same site.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// [`host_allowed`]: the host or a subdomain of it.
    #[default]
    Host,
    /// [`site_allowed`]: the same registrable domain.
    Site,
}

impl Scope {
    /// Whether `host` is within the scope of `allowed`.
    pub fn allows(self, host: &str, allowed: &str) -> bool {
        match self {
            Scope::Host => host_allowed(host, allowed),
            Scope::Site => site_allowed(host, allowed),
        }
    }
}

/// One naive check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Naive {
    /// A short name.
    pub name: &'static str,
    /// The code it stands for.
    pub code: &'static str,
}

/// The naive checks, as people write them.
pub const NAIVE: &[Naive] = &[
    Naive {
        name: "prefix",
        code: "url.startsWith(\"https://\" + allowed) || url.startsWith(\"http://\" + allowed)",
    },
    Naive {
        name: "substring",
        code: "url.contains(allowed)",
    },
    Naive {
        name: "split",
        code:
            "url.split(\"://\")[1].split(\"/\")[0].split(\"@\").last().split(\":\")[0] == allowed",
    },
    Naive {
        name: "split-slash",
        code: "url.split(\"/\")[2] == allowed",
    },
    Naive {
        name: "suffix",
        code: "host_by_split.endsWith(allowed)  (no dot boundary)",
    },
];

/// The host the `split` check takes: after `://`, before `/`, after the
/// last `@`, before `:`.
fn split_host(url: &str) -> Option<&str> {
    let rest = url.split("://").nth(1)?;
    let auth = rest.split('/').next()?;
    let host = auth.rsplit('@').next()?;
    host.split(':').next()
}

/// Whether naive check `n` lets `url` through for `allowed`.
pub fn passes(n: &Naive, url: &str, allowed: &str) -> bool {
    match n.name {
        "prefix" => {
            url.starts_with(&format!("https://{allowed}"))
                || url.starts_with(&format!("http://{allowed}"))
        }
        "substring" => url.contains(allowed),
        "split" => split_host(url) == Some(allowed),
        "split-slash" => url.split('/').nth(2) == Some(allowed),
        "suffix" => split_host(url).is_some_and(|h| h.ends_with(allowed)),
        _ => false,
    }
}

/// A check's verdict on a URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The check.
    pub check: Naive,
    /// Whether it lets the URL through.
    pub passes: bool,
    /// The engines whose host is not allowed although the check passed:
    /// the check is fooled for each of them.
    pub fooled_for: Vec<String>,
}

impl Verdict {
    /// The engines the check is fooled for, as the subject of a sentence:
    /// `libcurl connects elsewhere`, `libcurl, perl URI connect elsewhere`.
    ///
    /// ```
    /// # use uriscope::confuse::allow::{Verdict, NAIVE};
    /// let v = |names: &[&str]| Verdict {
    ///     check: NAIVE[0],
    ///     passes: true,
    ///     fooled_for: names.iter().map(|n| n.to_string()).collect(),
    /// };
    /// assert_eq!(v(&["libcurl"]).elsewhere(), "libcurl connects elsewhere");
    /// assert_eq!(v(&["a", "b"]).elsewhere(), "a, b connect elsewhere");
    /// ```
    pub fn elsewhere(&self) -> String {
        let verb = if self.fooled_for.len() == 1 {
            "connects"
        } else {
            "connect"
        };
        format!("{} {verb} elsewhere", self.fooled_for.join(", "))
    }
}

/// Each naive check on `url`, given each engine's host (`None` when the
/// engine rejects the URL or finds no host).
pub fn verdicts(url: &str, allowed: &str, hosts: &[(String, Option<String>)]) -> Vec<Verdict> {
    judge(
        NAIVE,
        |n| passes(n, url, allowed),
        allowed,
        hosts,
        Scope::Host,
    )
}

/// [`verdicts`], an engine's host judged within `scope`: with
/// [`Scope::Site`] a check is fooled only when an engine connects to
/// another site.
pub fn verdicts_within(
    url: &str,
    allowed: &str,
    hosts: &[(String, Option<String>)],
    scope: Scope,
) -> Vec<Verdict> {
    judge(NAIVE, |n| passes(n, url, allowed), allowed, hosts, scope)
}

/// Each of `checks` with whether it `passes`, and when it does, the
/// engines of `hosts` that would connect to a host `allowed` does not
/// allow.
fn judge(
    checks: &[Naive],
    passes: impl Fn(&Naive) -> bool,
    allowed: &str,
    hosts: &[(String, Option<String>)],
    scope: Scope,
) -> Vec<Verdict> {
    checks
        .iter()
        .map(|n| {
            let ok = passes(n);
            let fooled_for = if ok {
                hosts
                    .iter()
                    .filter(|(_, h)| h.as_deref().is_some_and(|h| !scope.allows(h, allowed)))
                    .map(|(e, _)| e.clone())
                    .collect()
            } else {
                Vec::new()
            };
            Verdict {
                check: *n,
                passes: ok,
                fooled_for,
            }
        })
        .collect()
}

/// The naive checks on a parsed host, as people write them after parsing
/// the URL with their checker: `host` is the checker's reading.
pub const HOST_CHECKS: &[Naive] = &[
    Naive {
        name: "exact",
        code: "host == allowed",
    },
    Naive {
        name: "subdomain",
        code: "host == allowed || host.endsWith(\".\" + allowed)",
    },
    Naive {
        name: "suffix",
        code: "host.endsWith(allowed)  (no dot boundary)",
    },
    Naive {
        name: "prefix",
        code: "host.startsWith(allowed)",
    },
    Naive {
        name: "substring",
        code: "host.contains(allowed)",
    },
    Naive {
        name: "as-hosts",
        code: "host_allowed(host, allowed)  (case, IDNA and IP forms folded; subdomains)",
    },
];

/// Whether host check `n` lets a URL whose checker read `host` through for
/// `allowed`. No host (the checker rejected the URL, or found none)
/// passes none of them.
pub fn host_passes(n: &Naive, host: Option<&str>, allowed: &str) -> bool {
    let Some(h) = host else { return false };
    match n.name {
        "exact" => h == allowed,
        "subdomain" => h == allowed || h.ends_with(&format!(".{allowed}")),
        "suffix" => h.ends_with(allowed),
        "prefix" => h.starts_with(allowed),
        "substring" => h.contains(allowed),
        "as-hosts" => host_allowed(h, allowed),
        _ => false,
    }
}

/// Each host check on the checker's reading `checked`, and for each that
/// passes the fetchers (`(engine, host it connects to)`) that would send
/// the request to a host that is not allowed.
///
/// ```
/// use uriscope::confuse::allow::host_verdicts;
/// let fetchers = [("libcurl".to_string(), Some("evil.com".to_string()))];
/// let v = host_verdicts(Some("good.com"), "good.com", &fetchers);
/// let exact = v.iter().find(|v| v.check.name == "exact").unwrap();
/// assert!(exact.passes);
/// assert_eq!(exact.fooled_for, ["libcurl"]);
/// ```
pub fn host_verdicts(
    checked: Option<&str>,
    allowed: &str,
    fetchers: &[(String, Option<String>)],
) -> Vec<Verdict> {
    judge(
        HOST_CHECKS,
        |n| host_passes(n, checked, allowed),
        allowed,
        fetchers,
        Scope::Host,
    )
}

/// [`host_verdicts`], a fetcher's host judged within `scope`.
pub fn host_verdicts_within(
    checked: Option<&str>,
    allowed: &str,
    fetchers: &[(String, Option<String>)],
    scope: Scope,
) -> Vec<Verdict> {
    judge(
        HOST_CHECKS,
        |n| host_passes(n, checked, allowed),
        allowed,
        fetchers,
        scope,
    )
}
