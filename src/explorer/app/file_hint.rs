//! What the command line's files say before the explorer opens: the note
//! when the argument taken as a URI names a file, and the file `--list`
//! cannot read.

use std::path::{Path, PathBuf};

/// The note for an argument `uri` that names an existing file: the
/// explorer opens on the text, and says how to open the file as a list.
///
/// ```
/// use uriscope::explorer::app::file_hint::file_note;
/// assert!(file_note("Cargo.toml").unwrap().starts_with("a file of this name exists"));
/// assert_eq!(file_note("http://example.com/"), None);
/// ```
pub fn file_note(uri: &str) -> Option<String> {
    (!uri.is_empty() && Path::new(uri).is_file()).then(|| {
        format!(
            "a file of this name exists: `uriscope {} --list` opens it as a list",
            crate::text::plain::visible(uri)
        )
    })
}

/// The first of `files` that cannot be opened for reading, with why
/// (`missing.txt: No such file or directory`); `-` is stdin.
///
/// ```
/// use std::path::PathBuf;
/// use uriscope::explorer::app::file_hint::unreadable;
/// assert_eq!(unreadable(&[PathBuf::from("Cargo.toml")]), None);
/// let e = unreadable(&[PathBuf::from("no/such/file.txt")]).unwrap();
/// assert!(e.starts_with("no/such/file.txt: "), "{e}");
/// ```
pub fn unreadable(files: &[PathBuf]) -> Option<String> {
    let said = |f: &PathBuf, why: &dyn std::fmt::Display| {
        Some(format!(
            "{}: {why}",
            crate::text::plain::visible(&f.to_string_lossy())
        ))
    };
    files
        .iter()
        .filter(|f| f.as_os_str() != "-")
        .find_map(|f| match std::fs::metadata(f) {
            Err(e) => said(f, &e),
            Ok(m) if m.is_dir() => said(f, &"is a directory"),
            // A regular file opens at once; a fifo or a terminal is not
            // opened here: opening a fifo waits for its writer, and closing
            // it again would end the stream (`--list <(tail -f log)`).
            Ok(m) if m.is_file() => std::fs::File::open(f).err().and_then(|e| said(f, &e)),
            Ok(_) => None,
        })
}
