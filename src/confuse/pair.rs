//! The SSRF question for a pair of engines: an allowlist check parses the
//! URL with one engine (the *checker*), the request goes out through
//! another (the *fetcher*). One URL is dangerous when the host the check
//! sees is not the host the fetcher connects to. Hosts are compared as
//! hosts ([`host_identity`]): `EXAMPLE.com` and `example.com`, `0x7f.1`
//! and `127.0.0.1` are one host.

use std::borrow::Cow;

use serde::Serialize;

use super::engines::{Engine, Outcome};
use crate::text::plain::visible;
use crate::uri::host::identity as host_identity;

/// How the checker's and a fetcher's readings of one URL compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Agreement {
    /// Both parse it and read the same host (or both no host).
    SameHost,
    /// Both parse it and read different hosts: the check is about one
    /// host, the request goes to another.
    DifferentHosts,
    /// The checker rejects it and the fetcher parses it: a check that
    /// fails open (an exception caught and ignored, a `null` host compared
    /// loosely) lets it through.
    CheckerRejects,
    /// The checker parses it and the fetcher rejects it: nothing is
    /// fetched.
    FetcherRejects,
    /// Both reject it.
    BothReject,
    /// One of them gave no answer (timed out, crashed, not found): the
    /// pair is not judged.
    NoAnswer,
}

impl Agreement {
    /// Whether the two read the URL differently: a host, or whether it is a
    /// URL at all. This is what the filter keeps.
    pub fn disagrees(self) -> bool {
        matches!(
            self,
            Agreement::DifferentHosts | Agreement::CheckerRejects | Agreement::FetcherRejects
        )
    }
}

/// One side of a pair: an engine and what it made of the URL.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    /// The engine.
    pub engine: Engine,
    /// Its outcome for the URL.
    pub outcome: &'a Outcome,
}

/// The checker against one fetcher, for one URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// How they compare.
    pub agreement: Agreement,
    /// The host the check sees (`None`: no host, or it rejects the URL).
    pub checked: Option<String>,
    /// The host the fetcher connects to (`None`: no host, or it rejects
    /// the URL).
    pub fetched: Option<String>,
    /// One sentence that says it, hosts quoted visibly:
    /// `different hosts: the check sees "good.com", libcurl connects to
    /// "evil.com"`.
    pub message: String,
}

/// A host as compared: its identity ([`host_identity`]), a final `.` left
/// out (`good.com.` is the same name in DNS; the allowlist checks of
/// [`super::allow::host_allowed`] leave it out too).
fn identity(host: Option<&str>) -> Option<Cow<'_, str>> {
    host.map(|h| host_identity(h.strip_suffix('.').unwrap_or(h)))
}

fn quoted(host: Option<&str>) -> String {
    match host {
        Some(h) => format!("\"{}\"", visible(h)),
        None => "no host".to_owned(),
    }
}

/// Judge the pair `check` / `fetch` on one URL.
///
/// ```
/// use uriscope::confuse::engines::{Engine, Outcome, Reading};
/// use uriscope::confuse::pair::{judge, Agreement, Side};
/// let read = |h: &str| Outcome::Parsed(Reading { host: Some(h.into()), ..Reading::default() });
/// let (good, evil, upper) = (read("good.com"), read("evil.com"), read("GOOD.com"));
/// let side = |engine, outcome| Side { engine, outcome };
/// let j = judge(side(Engine::PythonUrllib, &good), side(Engine::Libcurl, &evil));
/// assert_eq!(j.agreement, Agreement::DifferentHosts);
/// assert!(j.message.contains("libcurl connects to \"evil.com\""));
/// let j = judge(side(Engine::PythonUrllib, &good), side(Engine::Libcurl, &upper));
/// assert_eq!(j.agreement, Agreement::SameHost);
/// ```
pub fn judge(check: Side<'_>, fetch: Side<'_>) -> Judgement {
    let checked = check.outcome.host();
    let fetched = fetch.outcome.host();
    let fetcher = fetch.engine.name();
    let (agreement, message) = match (check.outcome, fetch.outcome) {
        (Outcome::Failed(e), _) => (
            Agreement::NoAnswer,
            format!("no answer from {}: {e}", check.engine.name()),
        ),
        (_, Outcome::Failed(e)) => (Agreement::NoAnswer, format!("no answer from {fetcher}: {e}")),
        (Outcome::Rejected(_), Outcome::Rejected(_)) => {
            (Agreement::BothReject, "both reject it".to_owned())
        }
        (Outcome::Rejected(_), Outcome::Parsed(_)) => (
            Agreement::CheckerRejects,
            format!(
                "the check's parser rejects it, {fetcher} connects to {}: a check that fails open lets it through",
                quoted(fetched)
            ),
        ),
        (Outcome::Parsed(_), Outcome::Rejected(_)) => (
            Agreement::FetcherRejects,
            format!(
                "{fetcher} rejects it (nothing is fetched); the check sees {}",
                quoted(checked)
            ),
        ),
        (Outcome::Parsed(_), Outcome::Parsed(_)) if identity(checked) == identity(fetched) => {
            let spelled = if checked == fetched {
                String::new()
            } else {
                format!(" (spelled {} by {fetcher})", quoted(fetched))
            };
            (
                Agreement::SameHost,
                format!("same host: {}{spelled}", quoted(checked)),
            )
        }
        (Outcome::Parsed(_), Outcome::Parsed(_)) => (
            Agreement::DifferentHosts,
            match fetched {
                Some(_) => format!(
                    "DIFFERENT HOSTS: the check sees {}, {fetcher} connects to {}",
                    quoted(checked),
                    quoted(fetched)
                ),
                None => format!(
                    "DIFFERENT HOSTS: the check sees {}, {fetcher} finds no host (nothing is fetched)",
                    quoted(checked)
                ),
            },
        ),
    };
    Judgement {
        agreement,
        checked: checked.map(str::to_owned),
        fetched: fetched.map(str::to_owned),
        message,
    }
}
