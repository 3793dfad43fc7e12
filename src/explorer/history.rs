//! The input history across runs: `$XDG_STATE_HOME/uriscope/history`
//! (the platform's state directory through `dirs`), one input per line,
//! newest last.
//!
//! Several explorers may run at once, so the file is never rewritten from
//! one session's memory: an input kept with Enter is **appended**, under a
//! lock (`history.lock` beside it), as shells do; every entry of every
//! instance stays. The file is read at start; a line ending is `\n`,
//! `\r\n` or a lone `\r`, so a file written elsewhere is read as its lines.
//!
//! The bounds, so that neither a key nor an Enter costs more than a
//! history of ordinary inputs:
//!
//! - an input over [`MAX_ENTRY`] bytes, or with a password in its
//!   userinfo (the file is read by other programs and backed up like any
//!   other), stays in the session only, and the status line says so;
//! - once the file passes [`COMPACT_AT`] bytes, the next append rewrites
//!   it (under the lock, through a temporary file of its own) with the
//!   newest copy of each line, at most [`MAX`] lines and [`COMPACT_TO`]
//!   bytes. Lines are kept as they were read, those the session does not
//!   load included (a password written by hand, an over-long line): only
//!   older copies and the oldest lines go;
//! - a file over [`MAX_FILE`] bytes (not one this module wrote) is read
//!   from its newest [`MAX_FILE`] bytes and never written; neither is a
//!   file that is not UTF-8 text, nor anything that is not a regular file.
//!
//! The inputs may hold tokens and private hosts: the file (and its lock)
//! is created readable by its owner alone (0600), its folder 0700 when
//! it is created here, as bash, zsh and less keep theirs. A compaction
//! keeps the file's mode, and writes through a symbolic link to the file
//! it names (the link stays a link).
//!
//! A file that cannot be read or written never stops the explorer, which
//! says so on its status line.

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::explorer::config::{read_regular, Read};

/// At most this many entries are loaded, and kept by a compaction.
pub const MAX: usize = 1000;

/// An input longer than this (in bytes) is kept for the session only;
/// such a line in the file is not loaded.
pub const MAX_ENTRY: usize = 64 * 1024;

/// The file is compacted by the append that finds it longer than this.
pub const COMPACT_AT: u64 = 2 << 20;

/// A compaction keeps the newest lines up to this many bytes.
pub const COMPACT_TO: usize = 1 << 20;

/// The most of the file that is read; a longer file is read-only.
pub const MAX_FILE: u64 = 4 << 20;

/// Where the history file is.
pub fn default_path() -> Option<PathBuf> {
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|d| d.join("uriscope").join("history"))
}

/// The lines of `text`, split at `\n`, `\r\n` or a lone `\r`, without
/// their endings; empty lines dropped.
fn lines(text: &str) -> impl DoubleEndedIterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.split('\r'))
        .filter(|l| !l.is_empty())
}

/// The entries of `text` (a history file) for the session: one per line,
/// empty lines, lines over [`MAX_ENTRY`] and repeats dropped (the newest
/// copy stays), the newest [`MAX`] kept.
///
/// ```
/// use uriscope::explorer::history::entries;
/// assert_eq!(entries("a\n\nb\na\n"), ["b", "a"]);
/// assert_eq!(entries("a\rb\r\nc"), ["a", "b", "c"]);
/// ```
pub fn entries(text: &str) -> Vec<String> {
    dedup_newest(
        lines(text)
            .filter(|l| l.len() <= MAX_ENTRY)
            .map(str::to_string),
    )
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

/// Why `entry` may not be written to the file, if it may not: empty, a
/// line break, over [`MAX_ENTRY`] bytes, or a password in its userinfo
/// (RFC 3986 §7.5).
///
/// ```
/// use uriscope::explorer::history::not_storable;
/// assert_eq!(not_storable("https://h/p"), None);
/// assert!(not_storable("https://u:secret@h/p").unwrap().contains("password"));
/// assert!(not_storable("a\nb").is_some());
/// ```
pub fn not_storable(entry: &str) -> Option<String> {
    if entry.is_empty() {
        Some("it is empty".to_string())
    } else if entry.contains(['\n', '\r']) {
        Some("it holds a line break".to_string())
    } else if entry.len() > MAX_ENTRY {
        Some(format!(
            "it is {} bytes, over the {MAX_ENTRY} an entry of the file may hold",
            entry.len()
        ))
    } else if matches!(
        crate::text::mask::mask_password(entry),
        std::borrow::Cow::Owned(_)
    ) {
        Some("it holds a password".to_string())
    } else {
        None
    }
}

/// Whether `entry` may be written to the file ([`not_storable`]).
pub fn storable(entry: &str) -> bool {
    not_storable(entry).is_none()
}

/// The history as read at start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// The entries for the session, oldest first.
    pub entries: Vec<String>,
    /// Why kept inputs will not be appended to the file, when they will
    /// not (it is over [`MAX_FILE`]).
    pub read_only: Option<String>,
}

/// Read the history at `path`; no file is an empty history. An error
/// means the file is not to be written either.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let shown = path.display();
    let (bytes, read_only) = match read_regular(path, MAX_FILE) {
        Ok(Read::Missing) => return Ok(Loaded::default()),
        Ok(Read::Whole(bytes)) => (bytes, None),
        Ok(Read::TooLarge { len, mut tail }) => {
            // The first line of the tail is a piece of one: skipped.
            let cut = tail
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map_or(tail.len(), |i| i + 1);
            tail.drain(..cut);
            let why = format!(
                "history {shown} is {len} bytes, over the {MAX_FILE} read: its newest entries are \
                 loaded, and it is not written"
            );
            (tail, Some(why))
        }
        Err(e) => return Err(format!("history {shown} is {e}")),
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Loaded {
            entries: entries(&text),
            read_only,
        }),
        Err(_) => Err(format!("history {shown} is not UTF-8 text: not read")),
    }
}

/// What [`append`] did with an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Appended to the file.
    Written,
    /// Not written, for this reason; it stays in the session's history.
    SessionOnly(String),
}

/// Append `entry` to the history at `path`, under the lock, unless it
/// may not be stored ([`not_storable`]); compact the file first when it
/// has grown past [`COMPACT_AT`].
pub fn append(path: &Path, entry: &str) -> Result<Saved, String> {
    if let Some(why) = not_storable(entry) {
        return Ok(Saved::SessionOnly(why));
    }
    let fail = |e: &dyn std::fmt::Display| format!("history {} not written: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| fail(&e))?;
    }
    let _lock = Lock::take(path).map_err(|e| fail(&e))?;
    // Checked under the lock: what is there now is what is appended to.
    let len = match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => return Err(fail(&"it is not a regular file")),
        Ok(m) => m.len(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
        Err(e) => return Err(fail(&e)),
    };
    if len > MAX_FILE {
        return Ok(Saved::SessionOnly(format!(
            "the file is {len} bytes, over the {MAX_FILE} read"
        )));
    }
    if len > COMPACT_AT {
        compact(path).map_err(|e| fail(&e))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| fail(&e))?;
    // A last line without its ending (a file written elsewhere) is ended
    // first, so the entry is a line of its own.
    let mut line = String::with_capacity(entry.len() + 2);
    if !ends_a_line(&file).map_err(|e| fail(&e))? {
        line.push('\n');
    }
    line.push_str(entry);
    line.push('\n');
    file.write_all(line.as_bytes()).map_err(|e| fail(&e))?;
    Ok(Saved::Written)
}

/// Whether `file` is empty or its last byte ends a line.
fn ends_a_line(file: &std::fs::File) -> std::io::Result<bool> {
    use std::os::unix::fs::FileExt;
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(true);
    }
    let mut last = [0u8];
    file.read_exact_at(&mut last, len - 1)?;
    Ok(matches!(last[0], b'\n' | b'\r'))
}

/// Rewrite the file at `path` (the lock held) with the newest copy of
/// each of its lines, at most [`MAX`] lines and [`COMPACT_TO`] bytes,
/// through a temporary file of this process, with the file's mode,
/// renamed over it; when `path` is a symbolic link, over the file it
/// names, beside it (a link whose file cannot be found is an error). A
/// file that is not UTF-8 is left as it is.
fn compact(path: &Path) -> Result<(), String> {
    let text = match read_regular(path, MAX_FILE)? {
        Read::Whole(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => return Ok(()),
        },
        Read::Missing | Read::TooLarge { .. } => return Ok(()),
    };
    let mut seen = std::collections::HashSet::new();
    let mut bytes = 0;
    let mut keep: Vec<&str> = lines(&text)
        .rev()
        .filter(|l| seen.insert(*l))
        .take(MAX)
        .take_while(|l| {
            bytes += l.len() + 1;
            bytes <= COMPACT_TO
        })
        .collect();
    keep.reverse();
    let mut out = keep.join("\n");
    out.push('\n');
    let target = if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        std::fs::canonicalize(path).map_err(|e| {
            format!("it is a link to a file that cannot be found ({e}); not compacted")
        })?
    } else {
        path.to_path_buf()
    };
    let mode = std::fs::metadata(&target)
        .map_err(|e| e.to_string())?
        .permissions()
        .mode()
        & 0o7777;
    let tmp = target.with_file_name(format!(
        "{}.{}.tmp",
        target
            .file_name()
            .map_or("history".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(out.as_bytes())?;
            // The mode is set on the open file: the umask does not apply.
            f.set_permissions(std::fs::Permissions::from_mode(mode))
        });
    written
        .and_then(|()| std::fs::rename(&tmp, &target))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            e.to_string()
        })
}

/// The history's lock: an exclusive `flock` on `<history>.lock`, a file
/// that is never replaced (the history itself is, by a compaction, so a
/// lock on it would be on a file no longer there). Released on drop.
struct Lock(#[allow(dead_code)] nix::fcntl::Flock<std::fs::File>);

impl Lock {
    fn take(path: &Path) -> Result<Lock, String> {
        let lock_path = path.with_file_name(format!(
            "{}.lock",
            path.file_name()
                .map_or("history".into(), |n| n.to_string_lossy())
        ));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(&lock_path)
            .map_err(|e| format!("{}: {e}", lock_path.display()))?;
        nix::fcntl::Flock::lock(file, nix::fcntl::FlockArg::LockExclusive)
            .map(Lock)
            .map_err(|(_, e)| format!("{}: {e}", lock_path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("uriscope-history-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn appended_entries_load_back_deduplicated_without_passwords() {
        let dir = dir("round");
        let path = dir.join("sub").join("history");
        for i in 0..MAX + 10 {
            assert_eq!(append(&path, &format!("http://h/{i}")), Ok(Saved::Written));
        }
        assert_eq!(append(&path, "http://h/5"), Ok(Saved::Written));
        assert!(matches!(
            append(&path, "http://u:pw@h/"),
            Ok(Saved::SessionOnly(why)) if why.contains("password")
        ));
        let back = load(&path).unwrap().entries;
        assert_eq!(back.len(), MAX);
        assert_eq!(back.last().unwrap(), "http://h/5");
        assert!(!back.iter().any(|e| e.contains("pw@")));
        assert_eq!(back.iter().filter(|e| *e == "http://h/5").count(), 1);
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert!(load(&path).unwrap_err().contains("not UTF-8"));
        assert_eq!(load(&dir.join("none")).unwrap(), Loaded::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Two explorers kept entries by rewriting the whole file from their
    /// own memory (last writer won) through one shared `history.tmp`:
    /// appends under the lock keep every entry of both, even across a
    /// compaction.
    #[test]
    fn two_instances_appending_at_once_lose_nothing() {
        let dir = dir("two");
        let path = dir.join("history");
        // Just under the compaction size: the appends below pass it.
        let filler: String = (0..COMPACT_AT / 64 - 50)
            .map(|i| format!("http://filler/{i:049}\n"))
            .collect();
        assert_eq!(filler.len() as u64, COMPACT_AT - 50 * 64);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, &filler).unwrap();
        let threads: Vec<_> = ["a", "b"]
            .into_iter()
            .map(|who| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        assert_eq!(
                            append(&path, &format!("http://{who}/{i}")),
                            Ok(Saved::Written)
                        );
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.len() as u64 <= COMPACT_AT, "compacted");
        for who in ["a", "b"] {
            for i in 0..200 {
                let e = format!("http://{who}/{i}\n");
                assert!(text.contains(&e), "{e} lost");
            }
        }
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file with CR-only line endings was one line (not storable, so
    /// the first Enter wiped it); a password line written by hand was
    /// deleted by the first Enter. Both stay, each line read as one.
    #[test]
    fn cr_only_files_and_password_lines_survive_an_append() {
        let dir = dir("cr");
        let path = dir.join("history");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, "http://a/\rhttp://u:pw@b/\rhttp://c/").unwrap();
        assert_eq!(
            load(&path).unwrap().entries,
            ["http://a/", "http://u:pw@b/", "http://c/"]
        );
        assert_eq!(append(&path, "http://d/"), Ok(Saved::Written));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "http://a/\rhttp://u:pw@b/\rhttp://c/\nhttp://d/\n"
        );
        // A compaction keeps the password line, with \n endings.
        compact(&path).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "http://a/\nhttp://u:pw@b/\nhttp://c/\nhttp://d/\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A 200 MB entry cost seconds per key and each Enter rewrote it:
    /// long entries stay in the session, a file over the cap is read from
    /// its tail and never written, and compaction bounds the file.
    #[test]
    fn entries_and_the_file_are_capped() {
        let dir = dir("cap");
        let path = dir.join("history");
        let long = format!("http://h/{}", "x".repeat(MAX_ENTRY));
        assert!(
            matches!(append(&path, &long), Ok(Saved::SessionOnly(w)) if w.contains("over the"))
        );
        assert!(!path.exists());
        std::fs::create_dir_all(&dir).unwrap();
        // A long line already there is not loaded, and not deleted.
        std::fs::write(&path, format!("{long}\nhttp://short/\n")).unwrap();
        assert_eq!(load(&path).unwrap().entries, ["http://short/"]);
        assert_eq!(append(&path, "http://next/"), Ok(Saved::Written));
        assert!(std::fs::read_to_string(&path).unwrap().starts_with(&long));
        // Over MAX_FILE: the newest lines are loaded, the file not written.
        let huge: String = (0..MAX_FILE / 32 + 10)
            .map(|i| format!("http://h/{i:022}\n"))
            .collect();
        std::fs::write(&path, &huge).unwrap();
        let l = load(&path).unwrap();
        assert!(l.read_only.is_some());
        assert_eq!(l.entries.len(), MAX);
        assert!(l
            .entries
            .last()
            .unwrap()
            .ends_with(&format!("{:022}", MAX_FILE / 32 + 9)));
        assert!(matches!(
            append(&path, "http://x/"),
            Ok(Saved::SessionOnly(_))
        ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), huge);
        // Past COMPACT_AT an append compacts: the newest MAX lines.
        let many: String = (0..COMPACT_AT / 32 + 10)
            .map(|i| format!("http://h/{i:022}\n"))
            .collect();
        std::fs::write(&path, &many).unwrap();
        assert_eq!(append(&path, "http://last/"), Ok(Saved::Written));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), MAX + 1);
        assert!(text.ends_with("http://last/\n"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The permission bits of `path`.
    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// Append enough to `path` that the next append compacts it.
    fn fill_past_compaction(path: &Path) {
        let line = format!("http://h/{}\n", "x".repeat(1000));
        let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
        for _ in 0..(COMPACT_AT as usize / line.len() + 2) {
            f.write_all(line.as_bytes()).unwrap();
        }
    }

    #[test]
    fn the_file_is_created_private_in_a_private_folder() {
        let dir = dir("private");
        let path = dir.join("state").join("history");
        assert_eq!(append(&path, "http://h/?token=1"), Ok(Saved::Written));
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&dir.join("state")), 0o700);
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("state").join("history.lock")), 0o600);
        // A folder that exists is left as it is.
        let open = dir.join("open");
        std::fs::create_dir_all(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(
            append(&open.join("history"), "http://h/"),
            Ok(Saved::Written)
        );
        assert_eq!(mode(&open), 0o755);
        assert_eq!(mode(&open.join("history")), 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compaction_keeps_the_files_mode() {
        let dir = dir("compact-mode");
        let path = dir.join("history");
        assert_eq!(append(&path, "http://h/first"), Ok(Saved::Written));
        for m in [0o600, 0o640] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(m)).unwrap();
            fill_past_compaction(&path);
            let before = std::fs::metadata(&path).unwrap().len();
            assert_eq!(append(&path, "http://h/last"), Ok(Saved::Written));
            assert!(
                std::fs::metadata(&path).unwrap().len() < before,
                "compacted"
            );
            assert_eq!(mode(&path), m);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compaction_writes_through_a_symbolic_link() {
        let dir = dir("compact-link");
        let real_dir = dir.join("dotfiles");
        std::fs::create_dir_all(&real_dir).unwrap();
        let real = real_dir.join("uriscope-history");
        std::fs::write(&real, "http://h/first\n").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        let path = dir.join("history");
        std::os::unix::fs::symlink(&real, &path).unwrap();
        fill_past_compaction(&real);
        assert_eq!(append(&path, "http://h/last"), Ok(Saved::Written));
        assert!(std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_symlink());
        let text = std::fs::read_to_string(&real).unwrap();
        assert!(text.len() as u64 <= COMPACT_TO as u64 + 100, "compacted");
        assert!(
            text.ends_with("http://h/last\n"),
            "{}",
            &text[text.len() - 40..]
        );
        assert_eq!(mode(&real), 0o600);
        // A link to nothing: the append says why, and makes no file there.
        let broken = dir.join("broken");
        std::os::unix::fs::symlink(dir.join("gone").join("x"), &broken).unwrap();
        assert!(append(&broken, "http://h/").is_err());
        assert!(!dir.join("gone").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
