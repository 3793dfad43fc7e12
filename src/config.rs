//! The explorer's config file: `$XDG_CONFIG_HOME/uriscope/config.toml`
//! (the platform's config directory through `dirs`), or `--config FILE`;
//! `--no-config` skips it. A bad file is an error naming its line and
//! column; the explorer then starts with the defaults and says so.
//!
//! ```toml
//! base = "https://example.com/docs/"   # the Resolve pane's base
//! theme = "auto"                        # "auto", "dark" or "light"
//! mouse = true                          # false leaves the mouse to the terminal
//! encode_set = "unreserved"             # the Encode pane's first set
//! history = true                        # false keeps the history in memory only
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::uri::percent::encode_set;

/// The keys a config file may hold.
pub const KEYS: [&str; 5] = ["base", "theme", "mouse", "encode_set", "history"];

/// What the config file says; every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The base URI the Resolve pane starts with.
    pub base: Option<String>,
    /// The palette.
    pub theme: Option<ThemeChoice>,
    /// Whether the explorer captures the mouse.
    pub mouse: Option<bool>,
    /// The Encode pane's first encode set (a name of `uriscope encode --set`).
    pub encode_set: Option<String>,
    /// Whether kept inputs are written to the history file (default yes).
    pub history: Option<bool>,
}

/// The palette asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// Detected from the terminal (`COLORFGBG`), dark when it says nothing.
    #[default]
    Auto,
    /// Colours for a dark background.
    Dark,
    /// Colours for a light background.
    Light,
}

/// A config file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line and column of the problem, when the parser knows it.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// Where the config file is looked for by default.
pub fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("uriscope").join("config.toml"))
}

/// Read the config: `explicit` (`--config FILE`, which must exist), else
/// the default file when there is one. No file at the default place is
/// the default config.
pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
    let (path, must) = match explicit {
        Some(p) => (p.to_path_buf(), true),
        None => match default_path() {
            Some(p) => (p, false),
            None => return Ok(Config::default()),
        },
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => parse(&text, &path),
        Err(e) if !must && e.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
        Err(e) => Err(ConfigError {
            path,
            at: None,
            message: e.to_string(),
        }),
    }
}

/// The 1-based line and column of byte `at` of `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Parse and check a config file's `text` (read from `path`).
///
/// ```
/// use uriscope::config::parse;
/// let c = parse("theme = \"light\"\nmouse = false\n", "c.toml".as_ref()).unwrap();
/// assert_eq!(c.mouse, Some(false));
/// let e = parse("colour = 1\n", "c.toml".as_ref()).unwrap_err();
/// assert_eq!(e.at, Some((1, 1)));
/// assert!(e.message.contains("`encode_set`"));
/// ```
pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
    let err = |at: Option<(usize, usize)>, message: String| ConfigError {
        path: path.to_path_buf(),
        at,
        message,
    };
    let c: Config = toml::from_str(text).map_err(|e| {
        let at = e.span().map(|s| line_col(text, s.start));
        // An unknown key's message lists the known ones (serde's).
        err(at, e.message().trim().to_string())
    })?;
    // The values are checked too, where the line is easy to find.
    let line_of = |key: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(key))
            .map(|i| (i + 1, 1))
    };
    if let Some(name) = &c.encode_set {
        if encode_set::by_name(name).is_none() {
            return Err(err(
                line_of("encode_set"),
                format!(
                    "encode_set {name:?} is not a set; the sets are {}",
                    encode_set::NAMES.join(", ")
                ),
            ));
        }
    }
    if let Some(base) = &c.base {
        if let Err(e) = crate::uri::parse_iri(base) {
            return Err(err(
                line_of("base"),
                format!("base {base:?} is not a URI: {e}"),
            ));
        }
    }
    Ok(c)
}

/// Whether the terminal's background is light, from `COLORFGBG` (set by
/// rxvt, Konsole and others as `FG;BG` or `FG;X;BG`): background 7 or 15
/// (white, light grey) is light. `None` when the variable says nothing.
///
/// ```
/// use uriscope::config::light_from_colorfgbg;
/// assert_eq!(light_from_colorfgbg("0;15"), Some(true));
/// assert_eq!(light_from_colorfgbg("15;0"), Some(false));
/// assert_eq!(light_from_colorfgbg("default;default"), None);
/// ```
pub fn light_from_colorfgbg(value: &str) -> Option<bool> {
    let bg: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
    Some(matches!(bg, 7 | 15))
}

/// The palette to draw with and why: the config's choice, or detected.
pub fn resolve_theme(
    choice: ThemeChoice,
    ask_terminal: impl FnOnce() -> Option<bool>,
) -> (bool, &'static str) {
    match choice {
        ThemeChoice::Dark => (false, "dark (config)"),
        ThemeChoice::Light => (true, "light (config)"),
        ThemeChoice::Auto => {
            let colorfgbg = std::env::var("COLORFGBG")
                .ok()
                .and_then(|v| light_from_colorfgbg(&v));
            match colorfgbg {
                Some(true) => (true, "light (detected: COLORFGBG)"),
                Some(false) => (false, "dark (detected: COLORFGBG)"),
                None => match ask_terminal() {
                    Some(true) => (true, "light (detected: the terminal's background)"),
                    Some(false) => (false, "dark (detected: the terminal's background)"),
                    None => (
                        false,
                        "dark (the default: no COLORFGBG, the terminal did not say)",
                    ),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<Config, ConfigError> {
        parse(text, Path::new("config.toml"))
    }

    #[test]
    fn every_key() {
        let c =
            p("base = \"https://x/y/\"\ntheme = \"dark\"\nmouse = false\nencode_set = \"path\"\n")
                .unwrap();
        assert_eq!(
            c,
            Config {
                base: Some("https://x/y/".into()),
                theme: Some(ThemeChoice::Dark),
                mouse: Some(false),
                encode_set: Some("path".into()),
                history: None,
            }
        );
        assert_eq!(p("").unwrap(), Config::default());
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let e = p("theme = \"dark\"\nmouse = maybe\n").unwrap_err();
        assert_eq!(e.at.map(|a| a.0), Some(2), "{e}");
        assert!(e.to_string().starts_with("config.toml:2:"), "{e}");
        let e = p("theme = \"blue\"\n").unwrap_err();
        assert_eq!(e.at.map(|a| a.0), Some(1));
        assert!(
            e.message.contains("auto") || e.message.contains("unknown variant"),
            "{e}"
        );
        let e = p("\n\ncolour = true\n").unwrap_err();
        assert_eq!(e.at, Some((3, 1)));
        for k in KEYS {
            assert!(e.message.contains(&format!("`{k}`")), "{e}");
        }
        let e = p("mouse = true\nencode_set = \"nope\"\n").unwrap_err();
        assert_eq!(e.at, Some((2, 1)));
        assert!(e.message.contains("unreserved"), "{e}");
        let e = p("base = \"not a uri\"\n").unwrap_err();
        assert!(e.message.contains("is not a URI"), "{e}");
    }

    #[test]
    fn a_missing_default_file_is_the_default_and_a_missing_explicit_one_an_error() {
        let e = load(Some(Path::new("/nonexistent/uriscope.toml"))).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/uriscope.toml"), "{e}");
    }
}
