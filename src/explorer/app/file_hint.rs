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
    files
        .iter()
        .filter(|f| f.as_os_str() != "-")
        .find_map(|f| match std::fs::File::open(f) {
            Ok(_) if f.is_dir() => Some(format!(
                "{}: is a directory",
                crate::text::plain::visible(&f.to_string_lossy())
            )),
            Ok(_) => None,
            Err(e) => Some(format!(
                "{}: {e}",
                crate::text::plain::visible(&f.to_string_lossy())
            )),
        })
}
