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

/// Each naive check on `url`, given each engine's host (`None` when the
/// engine rejects the URL or finds no host).
pub fn verdicts(url: &str, allowed: &str, hosts: &[(String, Option<String>)]) -> Vec<Verdict> {
    NAIVE
        .iter()
        .map(|n| {
            let ok = passes(n, url, allowed);
            let fooled_for = if ok {
                hosts
                    .iter()
                    .filter(|(_, h)| h.as_deref().is_some_and(|h| !host_allowed(h, allowed)))
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
