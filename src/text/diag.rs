//! The one format of every message the CLI writes on stderr about an
//! input — an error, a refusal or a note:
//!
//! ```text
//! uriscope SUBCOMMAND: line N: 'INPUT…': message
//! uriscope SUBCOMMAND: argument N: 'INPUT…': message
//! ```
//!
//! `line N` is the input's 1-based line on stdin (or in the files read
//! one after another), `argument N` its 1-based place among the
//! command line's inputs. The input is shown with control, bidi and
//! invisible characters escaped ([`super::plain`]), bytes that are not
//! UTF-8 as `\xff`, and cut after [`SHOWN`] characters with `…` (a
//! 100 MB URL is quoted in 60 characters, once). A message about no one
//! input (a file that cannot be opened) has no place: `uriscope
//! SUBCOMMAND: 'FILE': message`.

use std::fmt::Write as _;

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The 1-based line of stdin (or of the files, one after another).
    Line(u64),
    /// The 1-based place among the command line's inputs.
    Argument(usize),
    /// No one input (a file, the command as a whole).
    Nowhere,
}

impl std::fmt::Display for Place {
    /// `line 3`, `argument 1`, or nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::Argument(n) => write!(f, "argument {n}"),
            Place::Nowhere => Ok(()),
        }
    }
}

/// The most characters of an input a message shows.
pub const SHOWN: usize = 60;

/// `input` as a message shows it, between its quotes: escaped (control,
/// bidi and invisible characters as `\x1b`, `\u{202e}`; bytes that are
/// not UTF-8 as `\xff`) and cut after [`SHOWN`] characters with `…`.
/// Costs the characters shown, not the input's length.
///
/// ```
/// use uriscope::text::diag::shown;
/// assert_eq!(shown(b"http://a/\x1b]2;x"), "http://a/\\x1b]2;x");
/// assert_eq!(shown(b"http://a/\xff"), "http://a/\\xff");
/// assert_eq!(shown("a".repeat(100).as_bytes()), format!("{}…", "a".repeat(60)));
/// ```
pub fn shown(input: &[u8]) -> String {
    let mut out = String::new();
    let mut count = 0;
    // At most 4 bytes a character are looked at.
    let head = &input[..input.len().min(SHOWN * 4 + 4)];
    for chunk in head.utf8_chunks() {
        for c in chunk.valid().chars() {
            if count == SHOWN {
                out.push('…');
                return out;
            }
            out.push_str(&super::plain::visible(c.encode_utf8(&mut [0; 4])));
            count += 1;
        }
        for b in chunk.invalid() {
            if count == SHOWN {
                out.push('…');
                return out;
            }
            let _ = write!(out, "\\x{b:02x}");
            count += 1;
        }
    }
    if head.len() < input.len() {
        out.push('…');
    }
    out
}

/// The message line (without its line feed): `uriscope COMMAND: PLACE:
/// 'INPUT…': MESSAGE`, the place and the input left out when there is
/// none. `message` is uriscope's words; user text quoted inside it must
/// already be escaped.
///
/// ```
/// use uriscope::text::diag::{line, Place};
/// assert_eq!(
///     line("normalize", Place::Line(3), Some(b"http://a:x/"), "invalid port"),
///     "uriscope normalize: line 3: 'http://a:x/': invalid port"
/// );
/// assert_eq!(
///     line("equiv", Place::Nowhere, None, "give two URIs"),
///     "uriscope equiv: give two URIs"
/// );
/// ```
pub fn line(command: &str, place: Place, input: Option<&[u8]>, message: &str) -> String {
    let mut s = format!("uriscope {command}: ");
    if place != Place::Nowhere {
        let _ = write!(s, "{place}: ");
    }
    if let Some(input) = input {
        let _ = write!(s, "'{}': ", shown(input));
    }
    s.push_str(message);
    s
}

/// Write [`line()`] and a line feed to stderr. A stderr that cannot be
/// written (closed, full) loses the message and nothing else.
pub fn say(command: &str, place: Place, input: Option<&[u8]>, message: &str) {
    use std::io::Write as _;
    let mut text = line(command, place, input, message);
    text.push('\n');
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
