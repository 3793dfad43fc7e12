//! Semantic roles mapped to styles. Colors are the 16 ANSI colors, so the
//! terminal's own palette (light or dark) decides the exact shade. Under
//! NO_COLOR (<https://no-color.org>) roles become bold / underline /
//! reverse / italic, and the breakdown adds a role-letter ruler.

use ratatui::style::{Color, Modifier, Style};

use crate::app::breakdown::Role;
use crate::uri::Severity;

/// The styles of one run of the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    /// No colors, modifiers only.
    pub no_color: bool,
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
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::CROSSED_OUT)
        }
    }

    /// The row reached by stepping.
    pub fn current(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }
}
