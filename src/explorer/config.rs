//! The explorer's config file: `$XDG_CONFIG_HOME/uriscope/config.toml`
//! (the platform's config directory through `dirs`), or `--config FILE`;
//! `--no-config` skips it. A bad file is an error naming its line and
//! column; the explorer then starts with the defaults and says so. Only a
//! regular file of at most [`MAX_CONFIG_BYTES`] is read: `--config
//! /dev/zero` or a FIFO is refused at once, with the reason, never read
//! without end or waited on.
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

/// The most bytes a config file may hold (five short keys need far less).
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

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
    let fail = |message: String| ConfigError {
        path: path.clone(),
        at: None,
        message,
    };
    let bytes = match read_regular(&path, MAX_CONFIG_BYTES) {
        Ok(Read::Whole(bytes)) => bytes,
        Ok(Read::Missing) if !must => return Ok(Config::default()),
        Ok(Read::Missing) => return Err(fail("no such file".to_string())),
        Ok(Read::TooLarge { len, .. }) => {
            return Err(fail(format!(
                "{len} bytes, more than the {MAX_CONFIG_BYTES} a config file may hold: not read"
            )))
        }
        Err(e) => return Err(fail(e)),
    };
    match String::from_utf8(bytes) {
        Ok(text) => parse(&text, &path),
        Err(_) => Err(fail("not UTF-8 text".to_string())),
    }
}

/// What [`read_regular`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// No file there.
    Missing,
    /// The whole file.
    Whole(Vec<u8>),
    /// A file longer than the cap: its length, and its last `cap` bytes.
    TooLarge {
        /// The file's length in bytes.
        len: u64,
        /// Its last bytes, as many as the cap.
        tail: Vec<u8>,
    },
}

/// Read the regular file at `path` (a link to one is followed), at most
/// `cap` bytes of it. Anything else there (a FIFO, `/dev/zero`, a
/// directory) is refused with the reason, without reading or waiting: it
/// is opened without blocking, and what was opened is checked again.
pub fn read_regular(path: &Path, cap: u64) -> Result<Read, String> {
    use std::io::{Read as _, Seek, SeekFrom};
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Read::Missing),
        Err(e) => return Err(e.to_string()),
    };
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let mut file = open_nonblocking(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let len = meta.len();
    if len > cap {
        file.seek(SeekFrom::Start(len - cap))
            .map_err(|e| e.to_string())?;
    }
    let mut bytes = Vec::with_capacity(len.min(cap) as usize);
    // A file that grows while it is read is still read to the cap only.
    file.take(cap)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(if len > cap {
        Read::TooLarge { len, tail: bytes }
    } else {
        Read::Whole(bytes)
    })
}

/// Open `path` for reading without waiting (a FIFO without a writer
/// would block the open itself).
#[cfg(unix)]
pub(crate) fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(path)
}

#[cfg(not(unix))]
pub(crate) fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Why a file that is not a regular one is not read.
fn not_regular(meta: &std::fs::Metadata) -> String {
    let ft = meta.file_type();
    #[cfg(unix)]
    let kind = {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            "a FIFO"
        } else if ft.is_char_device() {
            "a character device"
        } else if ft.is_block_device() {
            "a block device"
        } else if ft.is_socket() {
            "a socket"
        } else if ft.is_dir() {
            "a directory"
        } else {
            "not a regular file"
        }
    };
    #[cfg(not(unix))]
    let kind = if ft.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    };
    format!("{kind}, not a regular file: not read")
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
/// use uriscope::explorer::config::parse;
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
        if let Err(e) =
            crate::uri::UriRef::parse_with(base, crate::uri::ParseOptions::new().iri(true))
        {
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
/// use uriscope::explorer::config::light_from_colorfgbg;
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

    /// `--config /dev/zero` read without end (1.45 GB in half a
    /// second), and a FIFO hung the start before the screen came up:
    /// both are refused at once with the reason, and a regular file over
    /// the cap is refused too.
    #[test]
    fn config_dev_zero_a_fifo_or_a_huge_file_is_refused_at_once() {
        for dev in ["/dev/zero", "/dev/null"] {
            let e = load(Some(Path::new(dev))).unwrap_err();
            assert!(e.message.contains("a character device"), "{e}");
        }
        let dir = std::env::temp_dir().join(format!("uriscope-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo.toml");
        let _ = std::fs::remove_file(&fifo);
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let at = fifo.clone();
        std::thread::spawn(move || tx.send(load(Some(&at))));
        let e = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("loading a FIFO config returns at once")
            .unwrap_err();
        assert!(e.message.contains("a FIFO"), "{e}");
        let big = dir.join("big.toml");
        std::fs::write(&big, "#".repeat(MAX_CONFIG_BYTES as usize + 1)).unwrap();
        let e = load(Some(&big)).unwrap_err();
        assert!(e.message.contains("more than the 65536"), "{e}");
        let link = dir.join("link.toml");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(load(Some(&link)).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_default_file_is_the_default_and_a_missing_explicit_one_an_error() {
        let e = load(Some(Path::new("/nonexistent/uriscope.toml"))).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/uriscope.toml"), "{e}");
    }
}
