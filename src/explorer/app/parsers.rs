//! The Parsers overlay's model (F9): the URL at the time it
//! opened, the allowlist host being typed, the external engines' readings
//! once they arrive, and the pair chosen for the SSRF question (the
//! engine of the allowlist check and the engine that fetches). Opening it
//! asks the main loop to run the external engines
//! ([`Effect::RunEngines`](super::Effect::RunEngines)) in the background;
//! their answer comes back as [`Action::EnginesDone`]. The in-process
//! engines' readings ([`Live`]) are made here too, when the overlay opens
//! and (through the memo) once per input for the Breakdown's Parsers
//! section: drawing only reads them.

use std::time::Duration;

use super::{Action, Editor};
use crate::confuse::engines::{run_with, whatwg_against, Engine, EngineResults};
use crate::uri::{self, ParseOptions, Report};

/// The engines read in process, on every keystroke.
pub const LIVE: [Engine; 3] = [Engine::Rfc3986, Engine::Whatwg, Engine::HttpUri];

/// The in-process engines' readings of one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    /// One reading per engine of [`LIVE`], in that order.
    pub results: Vec<EngineResults>,
    /// The base the WHATWG parser read a reference without a scheme
    /// against (the explorer's base then), as the Breakdown's WHATWG
    /// section reads it: one reading on one screen.
    pub against: Option<String>,
    /// For such a reference, whether RFC 3986 §5.2 resolved it against
    /// that base: the other engines then read the target, so every row
    /// is of the reference resolved (like is compared with like); when
    /// it did not, they read the reference as it is.
    pub resolved: bool,
}

impl Live {
    /// The readings of `url`, a reference without a scheme read by the
    /// WHATWG parser against `base`.
    pub fn of(url: &str, base: &str) -> Live {
        // In-process engines only: nothing is spawned and the timeout,
        // for external engines, never applies.
        if has_scheme(&uri::analyze(url, ParseOptions::new().iri(true))) {
            return Live {
                results: run_with(&LIVE, &[url], Duration::from_secs(1)),
                against: None,
                resolved: false,
            };
        }
        // A reference: every engine reads it resolved against the base,
        // RFC 3986's and http::Uri's rows the §5.2 target, WHATWG's its
        // own join.
        let (read, resolved) = engines_read(url, base);
        let read = read.as_str();
        let mut results = run_with(&LIVE, &[read], Duration::from_secs(1));
        for r in results.iter_mut().filter(|r| r.engine == Engine::Whatwg) {
            r.outcomes = vec![whatwg_against(url, Some(base))];
        }
        Live {
            results,
            against: Some(base.to_string()),
            resolved,
        }
    }
}

/// What the engines read for the input `url`: the input itself when it
/// has a scheme; for a reference, its RFC 3986 §5.2 target against `base`
/// (and `true`), so that every engine's reading is of the same URL, or the
/// reference as it is when it cannot be resolved (and `false`).
pub fn engines_read(url: &str, base: &str) -> (String, bool) {
    if has_scheme(&uri::analyze(url, ParseOptions::new().iri(true))) {
        return (url.to_string(), false);
    }
    let options = uri::ResolveOptions::new()
        .mode(uri::relative::Mode::Strict)
        .iri(true);
    match uri::trace::resolve(base, url, options) {
        Ok(r) => (r.target, true),
        Err(_) => (url.to_string(), false),
    }
}

/// Whether the input starts with a scheme the WHATWG parser reads as one
/// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, the same grammar as
/// RFC 3986 §3.1); otherwise it is parsed as relative to a base.
pub fn has_scheme(a: &Report<'_>) -> bool {
    a.split.scheme.is_some_and(|s| {
        let t = s.slice(a.input).as_bytes();
        t.first().is_some_and(u8::is_ascii_alphabetic)
            && t.iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    })
}

/// The overlay's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsersView {
    /// The URL the engines read (the input when the overlay opened).
    pub url: String,
    /// What the external engines are given: the input, or for a
    /// reference its target against the base ([`engines_read`]).
    pub read: String,
    /// The host to test the naive allowlist checks against.
    pub allow: Editor,
    /// The in-process engines' readings of [`Self::url`].
    pub live: Live,
    /// The external engines' answers, once the main loop has them.
    pub external: Option<Vec<EngineResults>>,
    /// The row the cursor is on, an index into [`Self::engines`].
    pub selected: usize,
    /// The engine the allowlist check parses the URL with.
    pub check: Option<Engine>,
    /// The engine that fetches the URL.
    pub fetch: Option<Engine>,
}

impl ParsersView {
    /// The overlay for `url` (a reference without a scheme read against
    /// `base`), the in-process engines read, the external ones pending.
    pub fn new(url: &str, base: &str) -> ParsersView {
        ParsersView {
            url: url.to_string(),
            read: engines_read(url, base).0,
            allow: Editor::new(""),
            live: Live::of(url, base),
            external: None,
            selected: 0,
            check: None,
            fetch: None,
        }
    }

    /// The engines with a row, in the order they are drawn: the
    /// in-process ones, then the external ones that answered.
    pub fn engines(&self) -> Vec<Engine> {
        let mut engines: Vec<Engine> = Engine::ALL.into_iter().filter(|e| e.in_process()).collect();
        if let Some(ext) = &self.external {
            engines.extend(ext.iter().map(|r| r.engine));
        }
        engines
    }

    /// The pair keys: ↑ and ↓ (and the first and last row keys) move the
    /// cursor over the rows; Enter gives
    /// the row's engine a role, the check's first, then the fetcher's (a
    /// third engine takes the fetcher's), and takes it off one that has a
    /// role. Other actions are not the pair's.
    pub fn choose(&mut self, action: &Action) {
        let engines = self.engines();
        let last = engines.len().saturating_sub(1);
        match action {
            Action::ListUp => self.selected = self.selected.saturating_sub(1),
            Action::ListDown => self.selected = (self.selected + 1).min(last),
            Action::Top => self.selected = 0,
            Action::Bottom => self.selected = last,
            Action::ListPick => {
                let Some(&e) = engines.get(self.selected.min(last)) else {
                    return;
                };
                if self.check == Some(e) {
                    self.check = None;
                } else if self.fetch == Some(e) {
                    self.fetch = None;
                } else if self.check.is_none() {
                    self.check = Some(e);
                } else {
                    self.fetch = Some(e);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enter_makes_the_check_then_the_fetcher_and_takes_a_role_off() {
        let mut v = ParsersView::new("http://a/", super::super::DEFAULT_BASE);
        v.choose(&Action::ListPick);
        assert_eq!((v.check, v.fetch), (Some(Engine::Rfc3986), None));
        v.choose(&Action::ListDown);
        v.choose(&Action::ListPick);
        assert_eq!(
            (v.check, v.fetch),
            (Some(Engine::Rfc3986), Some(Engine::Whatwg))
        );
        // A third engine takes the fetcher's role.
        v.choose(&Action::ListDown);
        v.choose(&Action::ListPick);
        assert_eq!(v.fetch, Some(Engine::HttpUri));
        // The cursor stops at the last row (the external ones pending).
        v.choose(&Action::ListDown);
        assert_eq!(v.selected, 2);
        v.choose(&Action::ListPick);
        assert_eq!(v.fetch, None);
        v.choose(&Action::Top);
        assert_eq!(v.selected, 0);
        v.choose(&Action::ListPick);
        assert_eq!(v.check, None);
        v.choose(&Action::Bottom);
        assert_eq!(v.selected, 2);
    }

    #[test]
    fn scheme_or_relative() {
        let has = |s: &str| has_scheme(&uri::analyze(s, Default::default()));
        assert!(has("http://a/"));
        assert!(has("a+b.c-d:x"));
        assert!(!has("../g"));
        assert!(!has("1a:b"));
        assert!(!has(""));
    }

    #[test]
    fn a_reference_without_a_scheme_is_read_against_the_base() {
        let live = Live::of("../g?q", "http://a/b/c/d;p?q");
        assert_eq!(live.against.as_deref(), Some("http://a/b/c/d;p?q"));
        let whatwg = live.results.iter().find(|r| r.engine == Engine::Whatwg);
        let host = whatwg
            .and_then(|r| r.outcomes.first())
            .and_then(|o| o.host());
        assert_eq!(host, Some("a"));
        let absolute = Live::of("http://h/", "http://a/");
        assert_eq!(absolute.against, None);
        let engines: Vec<Engine> = absolute.results.iter().map(|r| r.engine).collect();
        assert_eq!(engines, LIVE);
    }
}
