//! Inputs for a subcommand: the command-line arguments, or one line at a
//! time from stdin through the one line reader
//! ([`crate::text::lines`]), in constant memory; and [`Outcome`], how a
//! subcommand says what became of each input under the output contract
//! (docs/GUIDE.md, "Output contract").

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use crate::text::answer::{write_answer, Diagnostic};
use crate::text::diag::{self, Place};
use crate::text::lines::{too_long_message, Line, LineReader, MAX_LINE};

/// One input.
#[derive(Debug)]
pub enum Input<'a> {
    /// Text (a command-line argument or a UTF-8 line without its line ending).
    Text(&'a str),
    /// A stdin line that gives no text: bytes that are not UTF-8, or a
    /// line past the cap.
    Unreadable {
        /// Its bytes (of a line past the cap, the first ones).
        bytes: &'a [u8],
        /// Why it gives no text (`not valid UTF-8`).
        why: String,
    },
}

impl Input<'_> {
    /// The input as text: a line that is not UTF-8 with U+FFFD for its
    /// bad bytes (for JSON's `input` field; never an answer).
    pub fn lossy(&self) -> Cow<'_, str> {
        match self {
            Input::Text(s) => Cow::Borrowed(s),
            Input::Unreadable { bytes, .. } => String::from_utf8_lossy(bytes),
        }
    }

    /// Its bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(s) => s.as_bytes(),
            Input::Unreadable { bytes, .. } => bytes,
        }
    }
}

/// Call `f` for each input with its place: every element of `args`
/// (`argument N`), or, when `args` is empty, every line of stdin
/// (`line N`, without `\n` or `\r\n`; a line past the cap is given as
/// [`Input::Unreadable`], and the stream goes on). Output written to
/// `out` is flushed whenever stdin has nothing more buffered, so a
/// pipeline sees answers as soon as their inputs arrive.
pub fn for_each<W: Write>(
    args: &[String],
    out: &mut W,
    f: impl FnMut(Place, Input<'_>, &mut W) -> io::Result<()>,
) -> io::Result<()> {
    let stdin = io::stdin();
    let reader = io::BufReader::with_capacity(64 * 1024, stdin.lock());
    for_each_in(args, reader, MAX_LINE, out, f)
}

/// [`for_each`] on the lines of `reader`, each at most `cap` bytes.
pub fn for_each_in<W: Write, R: BufRead + crate::text::lines::Buffered>(
    args: &[String],
    reader: R,
    cap: usize,
    out: &mut W,
    mut f: impl FnMut(Place, Input<'_>, &mut W) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        for (i, a) in args.iter().enumerate() {
            f(Place::Argument(i + 1), Input::Text(a), out)?;
        }
        return out.flush();
    }
    let mut lines = LineReader::new(reader).with_cap(cap);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let Some(line) = lines.next_into(&mut buf)? else {
            break;
        };
        let place = Place::Line(lines.number());
        f(place, line_input(&buf, line, cap), out)?;
        if lines.nothing_buffered() {
            out.flush()?;
        }
    }
    out.flush()
}

/// The input a line read into `buf` makes.
pub(crate) fn line_input(buf: &[u8], line: Line, cap: usize) -> Input<'_> {
    match line {
        Line::Text(r) => match std::str::from_utf8(&buf[r.clone()]) {
            Ok(s) => Input::Text(s),
            Err(_) => Input::Unreadable {
                bytes: &buf[r],
                why: "not valid UTF-8".to_string(),
            },
        },
        Line::TooLong { head, length } => Input::Unreadable {
            bytes: &buf[head],
            why: too_long_message(cap, length),
        },
    }
}

/// What became of a subcommand's inputs, and the one way each is told:
/// an answer on stdout (exact, [`write_answer`]), or, for an input
/// without one, its message on stderr in the contract's format
/// ([`crate::text::diag`]) and, with `--aligned`, an empty line on
/// stdout in its place.
#[derive(Debug)]
pub struct Outcome {
    /// The subcommand, for the message's prefix.
    pub command: &'static str,
    /// `--aligned`: an empty line for an input without an answer.
    pub aligned: bool,
    /// Whether an input gave no answer (exit status 1).
    pub failed: bool,
}

impl Outcome {
    /// Nothing told yet.
    pub fn new(command: &'static str, aligned: bool) -> Self {
        Outcome {
            command,
            aligned,
            failed: false,
        }
    }

    /// The input at `place` gives no answer: `message` on stderr (after
    /// what `out` holds, so a terminal shows them in order), an empty
    /// line with `--aligned`.
    pub fn refuse<W: Write>(
        &mut self,
        out: &mut W,
        place: Place,
        input: &[u8],
        message: &str,
    ) -> io::Result<()> {
        self.failed = true;
        out.flush()?;
        diag::say(self.command, place, Some(input), message);
        if self.aligned {
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// A note about the input at `place` on stderr (after what `out`
    /// holds); the input keeps its answer.
    pub fn note<W: Write>(
        &self,
        out: &mut W,
        place: Place,
        input: &[u8],
        message: &str,
    ) -> io::Result<()> {
        out.flush()?;
        diag::say(self.command, place, Some(input), message);
        Ok(())
    }

    /// `answer` (what it is: `what`) to the input `input` at `place`,
    /// written exactly, or refused when it holds a character a terminal
    /// acts on (`hint` says how to have it anyway).
    pub fn answer<W: Write>(
        &mut self,
        out: &mut W,
        place: Place,
        input: &str,
        answer: &str,
        (what, hint): (&str, &str),
    ) -> io::Result<()> {
        let why = Diagnostic {
            command: self.command,
            what,
            input,
            hint,
            place,
        };
        if !write_answer(out, &mut io::stderr(), answer, why)? {
            self.failed = true;
            if self.aligned {
                out.write_all(b"\n")?;
            }
        }
        Ok(())
    }

    /// The exit status once every input is done (a write error is left
    /// to [`super::exit_status_of`]; a closed pipe is quiet).
    pub fn status(&self, result: io::Result<()>) -> io::Result<i32> {
        match result {
            Ok(()) if self.failed => Ok(super::EXIT_FAILED),
            Ok(()) => Ok(super::EXIT_OK),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(super::EXIT_OK),
            Err(e) => Err(e),
        }
    }
}
