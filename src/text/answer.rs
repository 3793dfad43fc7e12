//! Answers and explanations: the one rule for what the CLI writes as it
//! is. Every line a subcommand writes is one of two kinds, and each
//! writer names which by calling [`write_answer`] (or [`check`]) or
//! [`quote`]:
//!
//! - An **answer** is the result itself: the URI, IRI, target, normal
//!   form, encoded or decoded text, extracted link, `edit --get` output.
//!   It is written exactly, byte for byte, whether stdout is a terminal
//!   or a pipe: a script that reads it gets the data, a ZWJ inside an
//!   emoji and a variation selector included.
//! - An **explanation** quotes user text inside words about it: the
//!   breakdown, findings, traces, error messages, the `--explain` table.
//!   There user text is shown with control and invisible characters
//!   made visible ([`quote`], the syntax of [`super::plain`]).
//!
//! Terminal safety of answers comes from what *can* be one: no URI or IRI
//! holds a C0 or C1 control, DEL or a bidirectional formatting character
//! (RFC 3986 §2, RFC 3987 §2.2 and §4.1), and those are what a terminal
//! acts on (ESC starts a sequence that can retitle the window or switch
//! screens; RLO reverses what follows). An answer that would hold one is
//! not written: [`check`] gives the [`Refused`] character, and the CLI
//! writes a diagnostic on stderr instead ([`write_answer`]). JSON output
//! needs no such rule: its escapes are exact ([`super::json`]).

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};

/// Why an answer was not written: the first character in it that no URI
/// or IRI may hold and a terminal acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Byte offset of the character in the answer.
    pub at: usize,
    /// The character.
    pub ch: char,
}

impl fmt::Display for Refused {
    /// `ESC (U+001B), a control character, at byte 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.ch.is_control() {
            "a control character"
        } else {
            "a bidirectional formatting character"
        };
        match name(self.ch) {
            Some(n) => write!(
                f,
                "{n} (U+{:04X}), {kind}, at byte {}",
                self.ch as u32, self.at
            ),
            None => write!(f, "U+{:04X}, {kind}, at byte {}", self.ch as u32, self.at),
        }
    }
}

/// Whether `c` may not be in an answer: a C0 control, DEL, a C1 control
/// or a bidi formatting character (RFC 3987 §4.1, with the later
/// isolates and ALM).
pub fn is_refused(c: char) -> bool {
    c.is_control() || crate::uri::iri::is_bidi_control(c)
}

/// `text` when it may be written as an answer, exactly; otherwise the
/// first character that keeps it from being one.
///
/// ```
/// use uriscope::text::answer::check;
/// // A ZWJ sequence and a variation selector are data: written as they are.
/// assert_eq!(check("https://i❤\u{fe0f}.ws/👨\u{200d}👩"), Ok("https://i❤\u{fe0f}.ws/👨\u{200d}👩"));
/// let r = check("a\u{1b}]2;x").unwrap_err();
/// assert_eq!((r.at, r.ch), (1, '\u{1b}'));
/// assert_eq!(r.to_string(), "ESC (U+001B), a control character, at byte 1");
/// assert!(check("x\u{202e}y").is_err() && check("tab\there").is_err());
/// ```
pub fn check(text: &str) -> Result<&str, Refused> {
    // Answers are mostly ASCII: only bytes below 0x20, DEL and the lead
    // bytes of C1 (0xC2), ALM (0xD8) and the other bidi controls (0xE2)
    // can start a refused character.
    let b = text.as_bytes();
    let first = b
        .iter()
        .position(|&c| c < 0x20 || matches!(c, 0x7f | 0xc2 | 0xd8 | 0xe2))
        .map(|i| {
            text[i..]
                .char_indices()
                .find(|&(_, c)| is_refused(c))
                .map(|(k, c)| (i + k, c))
        });
    match first.flatten() {
        None => Ok(text),
        Some((at, ch)) => Err(Refused { at, ch }),
    }
}

/// User text quoted inside an explanation: control, bidi and invisible
/// characters written as visible escapes (`\x1b`, `\u{202e}`,
/// `\u{200b}`). Never for an answer.
///
/// ```
/// assert_eq!(uriscope::text::answer::quote("a\u{1b}b"), "a\\x1bb");
/// ```
pub fn quote(text: &str) -> Cow<'_, str> {
    super::plain::visible(text)
}

/// What a refusal says, and where: the subcommand, what the answer is,
/// and how to get it anyway.
#[derive(Clone, Copy, Debug)]
pub struct Diagnostic<'a> {
    /// The subcommand (`decode`), for the `uriscope decode:` prefix.
    pub command: &'a str,
    /// What the answer is, as a noun phrase (`the decoded text`).
    pub what: &'a str,
    /// The input it came from, quoted in the message.
    pub input: &'a str,
    /// How to have it anyway (`--json escapes it`), or empty.
    pub hint: &'a str,
    /// Where the input came from.
    pub place: super::diag::Place,
}

/// Write `text` and a line feed to `out` as an answer; or, when [`check`]
/// refuses it, write nothing there and a diagnostic on `err` (after
/// flushing `out`, so that on a terminal the two streams keep their
/// order). Returns whether the answer was written: a refusal is a failed
/// input, for the exit status.
pub fn write_answer<W: Write + ?Sized, E: Write + ?Sized>(
    out: &mut W,
    err: &mut E,
    text: &str,
    why: Diagnostic<'_>,
) -> io::Result<bool> {
    write_answer_within(out, err, ["", text, ""], why)
}

/// [`write_answer`] for a line whose answer stands between explanations:
/// `[before, answer, after]`, where `before` and `after` are already
/// quoted (`3:7  ` and `  (angle brackets)` around an extracted link).
/// The whole line is written, or none of it.
pub fn write_answer_within<W: Write + ?Sized, E: Write + ?Sized>(
    out: &mut W,
    err: &mut E,
    [before, text, after]: [&str; 3],
    why: Diagnostic<'_>,
) -> io::Result<bool> {
    match check(text) {
        Ok(t) => {
            out.write_all(before.as_bytes())?;
            out.write_all(t.as_bytes())?;
            out.write_all(after.as_bytes())?;
            out.write_all(b"\n")?;
            Ok(true)
        }
        Err(r) => {
            out.flush()?;
            writeln!(err, "{}", message(&r, why))?;
            Ok(false)
        }
    }
}

/// The sentence a refusal writes on stderr, in the one format of the
/// CLI's messages ([`super::diag::line`]).
///
/// ```
/// use uriscope::text::answer::{check, message, Diagnostic};
/// use uriscope::text::diag::Place;
/// let r = check("\u{1b}]2;x").unwrap_err();
/// let d = Diagnostic {
///     command: "decode",
///     what: "the decoded text",
///     input: "%1b]2;x",
///     hint: "--json escapes it",
///     place: Place::Argument(1),
/// };
/// assert_eq!(
///     message(&r, d),
///     "uriscope decode: argument 1: '%1b]2;x': the decoded text holds ESC (U+001B), a control \
///      character, at byte 0, which no URI or IRI may hold and a terminal acts on; it is not \
///      written (--json escapes it)"
/// );
/// ```
pub fn message(r: &Refused, why: Diagnostic<'_>) -> String {
    let hint = if why.hint.is_empty() {
        String::new()
    } else {
        format!(" ({})", why.hint)
    };
    super::diag::line(
        why.command,
        why.place,
        Some(why.input.as_bytes()),
        &format!(
            "{} holds {r}, which no URI or IRI may hold and a terminal acts on; it is not \
             written{hint}",
            why.what
        ),
    )
}

/// The usual name of a refused character, where it has a short one.
fn name(c: char) -> Option<&'static str> {
    const C0: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
        "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
        "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    Some(match c {
        '\0'..='\u{1f}' => C0[c as usize],
        '\u{7f}' => "DEL",
        '\u{85}' => "NEL",
        '\u{9b}' => "CSI",
        '\u{9d}' => "OSC",
        '\u{200e}' => "LRM",
        '\u{200f}' => "RLM",
        '\u{061c}' => "ALM",
        '\u{202a}' => "LRE",
        '\u{202b}' => "RLE",
        '\u{202c}' => "PDF",
        '\u{202d}' => "LRO",
        '\u{202e}' => "RLO",
        '\u{2066}' => "LRI",
        '\u{2067}' => "RLI",
        '\u{2068}' => "FSI",
        '\u{2069}' => "PDI",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte prefilter of `check` misses no refused character: every
    /// scalar value, alone and after text.
    #[test]
    fn check_refuses_exactly_the_refused_characters() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for pad in ["", "ab", "é"] {
                let s = format!("{pad}{c}z");
                let want = is_refused(c).then_some(Refused {
                    at: pad.len(),
                    ch: c,
                });
                assert_eq!(check(&s).err(), want, "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn a_refusal_flushes_the_answers_before_it_and_writes_none() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let d = Diagnostic {
            command: "normalize",
            what: "the normal form",
            input: "x",
            hint: "",
            place: crate::text::diag::Place::Line(2),
        };
        assert!(write_answer(&mut out, &mut err, "http://a/é", d).unwrap());
        assert!(!write_answer(&mut out, &mut err, "a\u{9b}b", d).unwrap());
        assert_eq!(out, "http://a/é\n".as_bytes());
        let err = String::from_utf8(err).unwrap();
        assert_eq!(
            err,
            "uriscope normalize: line 2: 'x': the normal form holds CSI (U+009B), a control \
             character, at byte 1, which no URI or IRI may hold and a terminal acts on; it is \
             not written\n"
        );
    }
}
