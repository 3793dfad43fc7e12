//! `uriscope confuse --check ENGINE [--fetch ENGINE]… [--allow HOST]`: the
//! pair view. For each URL, the host the check's parser sees and, for each
//! fetcher, the host it connects to and whether the two differ
//! ([`crate::confuse::pair::judge`]); with `--allow`, each naive check on
//! the checker's host and the fetchers a passing URL would send elsewhere.
//! URLs given as arguments are all answered; over stdin only those where
//! the pair disagrees (or an engine gave no answer) are written: a filter.

use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;

use super::ConfuseArgs;
use crate::confuse::allow;
use crate::confuse::engines::{self, Engine, Outcome};
use crate::confuse::pair::{judge, Agreement, Judgement, Side};
use crate::text::mask::hide_passwords;
use crate::text::plain::visible;

/// The checker, the fetchers, and the versions that answer for them.
pub(super) struct Pairing {
    check: Engine,
    fetch: Vec<Engine>,
    /// The version of each engine of the pair, checker first.
    versions: Vec<Option<String>>,
}

impl Pairing {
    /// The pair `check` / `fetch` (every engine found but the checker when
    /// `fetch` is empty); an engine that is not found here is an error
    /// (a filter that ran without it would say nothing of it).
    pub(super) fn new(check: Engine, fetch: &[Engine]) -> Result<Pairing, String> {
        let available = engines::available();
        let of = |e: Engine| available.iter().find(|a| a.engine == e);
        let missing = |flag: &str, e: Engine| {
            let detail = of(e).map_or("", |a| a.detail.as_str());
            format!(
                "{flag} {}: {} is not found here: {detail}",
                e.id(),
                e.name()
            )
        };
        if !of(check).is_some_and(|a| a.found) {
            return Err(missing("--check", check));
        }
        let mut fetchers: Vec<Engine> = Vec::new();
        if fetch.is_empty() {
            fetchers.extend(
                available
                    .iter()
                    .filter(|a| a.found && a.engine != check)
                    .map(|a| a.engine),
            );
        }
        for &e in fetch {
            if !of(e).is_some_and(|a| a.found) {
                return Err(missing("--fetch", e));
            }
            if !fetchers.contains(&e) {
                fetchers.push(e);
            }
        }
        let versions = std::iter::once(check)
            .chain(fetchers.iter().copied())
            .map(|e| of(e).and_then(|a| a.version.clone()))
            .collect();
        Ok(Pairing {
            check,
            fetch: fetchers,
            versions,
        })
    }

    /// Answer one batch of URLs.
    pub(super) fn answer<W: Write>(
        &self,
        urls: &[String],
        args: &ConfuseArgs,
        timeout: Duration,
        out: &mut W,
        confused: &mut bool,
    ) -> io::Result<()> {
        let refs: Vec<&str> = urls.iter().map(String::as_str).collect();
        let mut asked = vec![self.check];
        asked.extend(&self.fetch);
        let results = engines::run_with(&asked, &refs, timeout);
        // Arguments are questions, each answered; stdin is a list to filter.
        let filter = args.urls.is_empty();
        for (i, url) in urls.iter().enumerate() {
            let outcome = |k: usize| &results[k].outcomes[i];
            let check = Side {
                engine: self.check,
                outcome: outcome(0),
            };
            let judged: Vec<Judgement> = self
                .fetch
                .iter()
                .enumerate()
                .map(|(k, &engine)| {
                    judge(
                        check,
                        Side {
                            engine,
                            outcome: outcome(k + 1),
                        },
                    )
                })
                .collect();
            let disagrees = judged.iter().any(|j| j.agreement.disagrees());
            let unjudged = judged.iter().any(|j| j.agreement == Agreement::NoAnswer);
            let allow = args.allow.as_deref().map(|host| {
                let fetched: Vec<(String, Option<String>)> = self
                    .fetch
                    .iter()
                    .zip(&judged)
                    .map(|(e, j)| (e.name().to_owned(), j.fetched.clone()))
                    .collect();
                super::JsonAllow {
                    host,
                    scope: super::scope(args),
                    checks: allow::host_verdicts_within(
                        check.outcome.host(),
                        host,
                        &fetched,
                        super::scope(args),
                    ),
                }
            });
            let fooled = allow
                .as_ref()
                .is_some_and(|a| a.checks.iter().any(|c| !c.fooled_for.is_empty()));
            *confused |= disagrees || unjudged || fooled;
            if filter && !(disagrees || unjudged) {
                continue;
            }
            let shown = Shown {
                url,
                pairing: self,
                outcomes: (0..asked.len()).map(outcome).collect(),
                judged: &judged,
                disagrees,
                allow: allow.as_ref(),
            };
            if args.json.on {
                shown.write_json(out)?;
            } else {
                shown.write_text(out)?;
            }
        }
        Ok(())
    }
}

/// One URL's answer, to be written.
struct Shown<'a> {
    url: &'a str,
    pairing: &'a Pairing,
    /// The checker's outcome, then each fetcher's.
    outcomes: Vec<&'a Outcome>,
    judged: &'a [Judgement],
    disagrees: bool,
    allow: Option<&'a super::JsonAllow<'a>>,
}

/// One engine of the pair in JSON.
#[derive(Debug, Serialize)]
struct JsonSide<'a> {
    engine: &'static str,
    id: &'static str,
    version: Option<&'a str>,
    host: Option<&'a str>,
    error: Option<&'a str>,
    failed: bool,
}

/// A fetcher in JSON: its side, and how it compares with the check.
#[derive(Debug, Serialize)]
struct JsonFetch<'a> {
    engine: &'static str,
    id: &'static str,
    version: Option<&'a str>,
    host: Option<&'a str>,
    error: Option<&'a str>,
    failed: bool,
    agreement: Agreement,
    disagrees: bool,
    verdict: &'a str,
}

#[derive(Debug, Serialize)]
struct JsonPair<'a> {
    url: &'a str,
    check: JsonSide<'a>,
    fetch: Vec<JsonFetch<'a>>,
    disagrees: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    allow: Option<&'a super::JsonAllow<'a>>,
}

impl Shown<'_> {
    fn engine(&self, k: usize) -> Engine {
        if k == 0 {
            self.pairing.check
        } else {
            self.pairing.fetch[k - 1]
        }
    }

    fn version(&self, k: usize) -> Option<&str> {
        self.pairing.versions.get(k).and_then(Option::as_deref)
    }

    fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let side = |k: usize| {
            let e = self.engine(k);
            let o = self.outcomes[k];
            JsonSide {
                engine: e.name(),
                id: e.id(),
                version: self.version(k),
                host: o.host(),
                error: o.error(),
                failed: o.is_failed(),
            }
        };
        let fetch = self
            .judged
            .iter()
            .enumerate()
            .map(|(k, j)| {
                let s = side(k + 1);
                JsonFetch {
                    engine: s.engine,
                    id: s.id,
                    version: s.version,
                    host: s.host,
                    error: s.error,
                    failed: s.failed,
                    agreement: j.agreement,
                    disagrees: j.agreement.disagrees(),
                    verdict: &j.message,
                }
            })
            .collect();
        let v = JsonPair {
            url: self.url,
            check: side(0),
            fetch,
            disagrees: self.disagrees,
            allow: self.allow,
        };
        crate::text::json::write(&mut *out, &v)?;
        out.write_all(b"\n")
    }

    /// `name (version)`.
    fn label(&self, k: usize) -> String {
        let e = self.engine(k);
        match self.version(k) {
            Some(v) => format!("{} ({v})", e.name()),
            None => e.name().to_owned(),
        }
    }

    fn write_text<W: Write>(&self, out: &mut W) -> io::Result<()> {
        // The URL line as typed (as the table view prints it); every other
        // line hides the passwords the engines read (RFC 3986 §7.5).
        writeln!(out, "{}", visible(self.url))?;
        let secrets: Vec<String> = self
            .outcomes
            .iter()
            .filter_map(|o| o.reading()?.userinfo.as_deref()?.split_once(':'))
            .map(|(_, pw)| pw.to_owned())
            .filter(|pw| !pw.is_empty())
            .collect();
        let hide = |text: &str| hide_passwords(&visible(text), &secrets).into_owned();
        let check = self.outcomes[0];
        let sees = match check {
            Outcome::Parsed(r) => match &r.host {
                Some(h) => format!("sees \"{}\"", hide(h)),
                None => "sees no host".to_owned(),
            },
            Outcome::Rejected(e) => format!("rejects it: {}", hide(e)),
            Outcome::Failed(e) => format!("gave no answer: {}", hide(e)),
        };
        writeln!(out, "  check {} {sees}", self.label(0))?;
        for (k, j) in self.judged.iter().enumerate() {
            writeln!(out, "  fetch {}: {}", self.label(k + 1), hide(&j.message))?;
        }
        if let Some(a) = self.allow {
            let host = check
                .host()
                .map_or("no host".to_owned(), |h| format!("\"{}\"", hide(h)));
            let within = match a.scope {
                allow::Scope::Host => "",
                allow::Scope::Site => " (same site)",
            };
            writeln!(
                out,
                "  allowlist for {}{within}, on the check's host {host}:",
                visible(a.host)
            )?;
            for c in &a.checks {
                let verdict = match (c.passes, c.fooled_for.is_empty()) {
                    (false, _) => "blocks it".to_owned(),
                    (true, true) => {
                        "lets it through, and every fetcher's host is allowed".to_owned()
                    }
                    (true, false) => format!("FOOLED: lets it through, but {}", c.elsewhere()),
                };
                writeln!(
                    out,
                    "    {:<12} {verdict}   [{}]",
                    c.check.name, c.check.code
                )?;
            }
        }
        writeln!(out)
    }
}
