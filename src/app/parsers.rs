//! The Parsers overlay's model (issue 17, F9): the URL at the time it
//! opened, the allowlist host being typed, the external engines' readings
//! once they arrive, and the pair chosen for the SSRF question (the
//! engine of the allowlist check and the engine that fetches). Opening it
//! asks the main loop to run the external engines
//! ([`Effect::RunEngines`](super::Effect::RunEngines)) in the background;
//! their answer comes back as [`Action::EnginesDone`]. The in-process
//! engines are read when drawing (`ui::parsers`).

use super::{Action, Editor};
use crate::confuse::engines::{Engine, EngineResults};

/// The overlay's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsersView {
    /// The URL the engines read (the input when the overlay opened).
    pub url: String,
    /// The host to test the naive allowlist checks against.
    pub allow: Editor,
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
    /// The overlay for `url`, external engines pending.
    pub fn new(url: &str) -> ParsersView {
        ParsersView {
            url: url.to_string(),
            allow: Editor::new(""),
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
        let mut v = ParsersView::new("http://a/");
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
}
