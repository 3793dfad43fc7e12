//! Semantic roles mapped to styles. Colors are the 16 ANSI colors, so the
//! terminal's own palette (light or dark) decides the exact shade. Under
//! NO_COLOR (<https://no-color.org>) roles become bold / underline /
//! reverse / italic, and the breakdown adds a role-letter ruler.

use ratatui::style::{Color, Modifier, Style};

use crate::explorer::app::role::Role;
use crate::uri::Severity;

/// The styles of one run of the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    /// No colors, modifiers only.
    pub no_color: bool,
    /// Colours for a light background: no yellow or cyan text (both fade
    /// on white in most palettes), black and blue instead.
    pub light: bool,
}

impl Theme {
    /// The style of a role.
    pub fn role(&self, role: Role) -> Style {
        let s = Style::new();
        if self.no_color {
            return match role {
                Role::Scheme => s.add_modifier(Modifier::BOLD),
                Role::Userinfo => s.add_modifier(Modifier::ITALIC | Modifier::UNDERLINED),
                Role::Host => s.add_modifier(Modifier::REVERSED),
                Role::Port => s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                Role::Path => s,
                Role::Query => s.add_modifier(Modifier::UNDERLINED),
                Role::Fragment => s.add_modifier(Modifier::ITALIC),
                Role::Delimiter => s.add_modifier(Modifier::DIM),
                Role::Error => s.add_modifier(Modifier::BOLD | Modifier::REVERSED),
            };
        }
        if self.light {
            return match role {
                Role::Scheme => s.fg(Color::Magenta),
                Role::Userinfo => s.fg(Color::Blue).add_modifier(Modifier::UNDERLINED),
                Role::Host => s.fg(Color::Green),
                Role::Port => s.fg(Color::Black).add_modifier(Modifier::BOLD),
                Role::Path => s.fg(Color::Blue),
                Role::Query => s.fg(Color::Black).add_modifier(Modifier::UNDERLINED),
                Role::Fragment => s.fg(Color::Magenta).add_modifier(Modifier::UNDERLINED),
                Role::Delimiter => s,
                Role::Error => s.fg(Color::Red).add_modifier(Modifier::BOLD),
            };
        }
        match role {
            Role::Scheme => s.fg(Color::Magenta),
            // Red belongs to errors alone; underline tells userinfo from
            // the port and the fragment from the scheme (same hues).
            Role::Userinfo => s.fg(Color::Cyan).add_modifier(Modifier::UNDERLINED),
            Role::Host => s.fg(Color::Green),
            Role::Port => s.fg(Color::Cyan),
            Role::Path => s.fg(Color::Blue),
            Role::Query => s.fg(Color::Yellow),
            Role::Fragment => s.fg(Color::Magenta).add_modifier(Modifier::UNDERLINED),
            Role::Delimiter => s,
            Role::Error => s.fg(Color::Red).add_modifier(Modifier::BOLD),
        }
    }

    /// The style of a finding's caret and label.
    pub fn severity(&self, sev: Severity) -> Style {
        match sev {
            Severity::Error => self.role(Role::Error),
            Severity::Warning if self.no_color => Style::new().add_modifier(Modifier::BOLD),
            Severity::Warning if self.light => {
                Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD)
            }
            Severity::Warning => Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Severity::Note => self.dim(),
        }
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// Headings and labels.
    pub fn heading(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A key name in the hint bar and help.
    pub fn key(&self) -> Style {
        if self.no_color {
            Style::new().add_modifier(Modifier::BOLD)
        } else if self.light {
            Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
        }
    }

    /// The selected entry of a list, the focused tab.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// A good outcome ("valid").
    pub fn good(&self) -> Style {
        if self.no_color {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)
        }
    }

    /// What a step changed or moved (normalization rungs, the segment
    /// remove_dot_segments moved): highlighted.
    pub fn changed(&self) -> Style {
        if self.no_color {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new().fg(Color::Black).bg(Color::Yellow)
        }
    }

    /// What a step removed: struck through.
    pub fn removed(&self) -> Style {
        if self.no_color {
            Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD)
        } else {
            // Not red: the error colour belongs to errors alone.
            Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM)
        }
    }

    /// The row reached by stepping.
    pub fn current(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    /// Every style the theme gives, named.
    fn all(t: &Theme) -> Vec<(String, Style)> {
        let mut out: Vec<(String, Style)> = Role::LEGEND
            .iter()
            .chain([Role::Delimiter].iter())
            .map(|&r| (format!("{r:?}"), t.role(r)))
            .collect();
        for sev in [Severity::Error, Severity::Warning, Severity::Note] {
            out.push((format!("{sev:?}"), t.severity(sev)));
        }
        out.extend([
            ("dim".to_string(), t.dim()),
            ("heading".to_string(), t.heading()),
            ("key".to_string(), t.key()),
            ("selected".to_string(), t.selected()),
            ("good".to_string(), t.good()),
            ("changed".to_string(), t.changed()),
            ("removed".to_string(), t.removed()),
            ("current".to_string(), t.current()),
        ]);
        out
    }

    /// Readable on a dark and on a light 16-colour palette: text colours
    /// are the six normal ANSI hues (1-6), which palettes of either kind
    /// keep readable on their own background; never white, black, grey or
    /// a bright variant on the terminal's background (each vanishes on one
    /// kind); a background only with a foreground chosen for it. Red is
    /// the errors' alone. With NO_COLOR there is no colour at all.
    #[test]
    fn styles_read_on_dark_and_light_palettes() {
        let hues = [
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
        ];
        for (name, st) in all(&Theme {
            no_color: false,
            light: false,
        }) {
            match (st.fg, st.bg) {
                (None, None) => {}
                (Some(fg), None) => assert!(hues.contains(&fg), "{name}: {fg:?}"),
                (Some(Color::Black), Some(Color::Yellow)) => {}
                other => panic!("{name}: {other:?}"),
            }
            if st.fg == Some(Color::Red) {
                assert!(name == "Error", "{name} is drawn in the error colour");
            }
        }
        // The light palette: no yellow or cyan text (they fade on white),
        // black allowed (it is that palette's foreground).
        let light_hues = [
            Color::Red,
            Color::Green,
            Color::Blue,
            Color::Magenta,
            Color::Black,
        ];
        for (name, st) in all(&Theme {
            no_color: false,
            light: true,
        }) {
            match (st.fg, st.bg) {
                (None, None) => {}
                (Some(fg), None) => assert!(light_hues.contains(&fg), "light {name}: {fg:?}"),
                (Some(Color::Black), Some(Color::Yellow)) => {}
                other => panic!("light {name}: {other:?}"),
            }
            if st.fg == Some(Color::Red) {
                assert!(
                    name == "Error",
                    "light: {name} is drawn in the error colour"
                );
            }
        }
        // NO_COLOR wins over either palette.
        for light in [false, true] {
            for (name, st) in all(&Theme {
                no_color: true,
                light,
            }) {
                assert_eq!((st.fg, st.bg), (None, None), "{name} with NO_COLOR");
            }
        }
        // The roles stay apart in every palette and without colour.
        for (no_color, light) in [(true, false), (false, false), (false, true)] {
            let t = Theme { no_color, light };
            let mut seen = std::collections::HashSet::new();
            for r in Role::LEGEND {
                assert!(seen.insert(t.role(r)), "{r:?} looks like another role");
            }
        }
    }
}
