//! The input history across runs: `$XDG_STATE_HOME/uriscope/history`
//! (the platform's state directory through `dirs`), one input per line,
//! newest last, at most [`MAX`] entries, each once. An input with a
//! password in its userinfo is never written (it stays in the session's
//! history only): a history file is read by other programs and backed up
//! like any other. The file is read at start and written when an input is
//! kept (Enter); a file that cannot be read or written never stops the
//! explorer, which says so on its status line.

use std::path::{Path, PathBuf};

/// At most this many inputs are kept.
pub const MAX: usize = 1000;

/// Where the history file is.
pub fn default_path() -> Option<PathBuf> {
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|d| d.join("uriscope").join("history"))
}

/// The entries of `text` (a history file): one per line, empty lines and
/// repeats dropped (the newest copy stays), the newest [`MAX`] kept.
///
/// ```
/// use uriscope::history::entries;
/// assert_eq!(entries("a\n\nb\na\n"), ["b", "a"]);
/// ```
pub fn entries(text: &str) -> Vec<String> {
    dedup_newest(text.lines().filter(|l| !l.is_empty()).map(str::to_string))
}

/// `items` (oldest first) with only the newest copy of each, at most
/// [`MAX`] of them.
pub fn dedup_newest(items: impl DoubleEndedIterator<Item = String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<String> = items
        .rev()
        .filter(|e| seen.insert(e.clone()))
        .take(MAX)
        .collect();
    out.reverse();
    out
}

/// Whether `entry` may be written to the file: one line, and no password
/// in its userinfo (RFC 3986 §7.5).
///
/// ```
/// use uriscope::history::storable;
/// assert!(storable("https://h/p"));
/// assert!(!storable("https://u:secret@h/p"));
/// assert!(!storable("a\nb"));
/// ```
pub fn storable(entry: &str) -> bool {
    !entry.is_empty()
        && !entry.contains(['\n', '\r'])
        && matches!(
            crate::text::mask::mask_password(entry),
            std::borrow::Cow::Borrowed(_)
        )
}

/// Read the history at `path`; no file is an empty history.
pub fn load(path: &Path) -> Result<Vec<String>, String> {
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Ok(entries(&text)),
            Err(_) => Err(format!(
                "history {} is not UTF-8 text: not read",
                path.display()
            )),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("history {} not read: {e}", path.display())),
    }
}

/// Write `entries` (oldest first) to `path`: the storable ones, each
/// once, at most [`MAX`]; through a temporary file renamed over the old
/// one, so a crash never leaves half a history.
pub fn save(path: &Path, entries: &[String]) -> Result<(), String> {
    let keep = dedup_newest(entries.iter().filter(|e| storable(e)).cloned());
    let mut text = keep.join("\n");
    text.push('\n');
    let fail = |e: std::io::Error| format!("history {} not written: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_bounded_deduplicated_without_passwords() {
        let dir = std::env::temp_dir().join(format!("uriscope-history-{}", std::process::id()));
        let path = dir.join("sub").join("history");
        let mut list: Vec<String> = (0..MAX + 10).map(|i| format!("http://h/{i}")).collect();
        list.push("http://h/5".into());
        list.push("http://u:pw@h/".into());
        save(&path, &list).unwrap();
        let back = load(&path).unwrap();
        assert_eq!(back.len(), MAX);
        assert_eq!(back.last().unwrap(), "http://h/5");
        assert!(!back.iter().any(|e| e.contains("pw@")));
        assert_eq!(back.iter().filter(|e| *e == "http://h/5").count(), 1);
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert!(load(&path).unwrap_err().contains("not UTF-8"));
        assert_eq!(load(&dir.join("none")).unwrap(), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
