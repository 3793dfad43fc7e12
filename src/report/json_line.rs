//! The `parse --json` object written field by field: the bytes
//! [`crate::text::json::write`] writes for a [`JsonParse`], with each
//! key and its punctuation one constant (`,"host":`), not serde's three
//! writes and a look at the key for each of a line's eighty keys. The
//! input is checked for bytes to escape once: when it has none, every
//! component, segment and pair cut from it is copied without a look.
//! The IDNA forms and a `data:` payload, rare or long, still go through
//! serde. A test holds the two writers to the same bytes.

use std::cell::RefCell;
use std::io::{self, Write};

use serde::Serialize;

use super::analysis::{HostDetails, JsonSpan, Pair, SchemeFacts, Segment, Spans};
use super::json::{JsonFinding, JsonFindings, JsonParse};
use crate::text::json::{is_plain, write as write_value, write_string};
use crate::whatwg::Whatwg;

/// A line's bytes gather in a buffer that is handed to the writer at
/// once: a write to a `Vec` is a bounds check and a copy the compiler
/// sees whole, where each of a line's ~140 writes through a generic
/// writer was a call (13% of `parse --json`'s time). A long answer (a
/// finding per byte of a 64 KB garbage line) goes out whenever the buffer
/// holds [`SPILL`] bytes, so it is never held whole.
const SPILL: usize = 16 * 1024;

/// A buffer that grew past this for one huge line is not kept for the
/// next.
const KEEP: usize = 256 * 1024;

thread_local! {
    /// The buffer of the thread's line being written, kept between lines
    /// (a fresh one per line cost an allocation and its regrowth).
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// One object being written: the buffer, the writer it goes to, and the
/// line's input with whether it was found plain ([`is_plain`]).
struct Line<'w, 'i, W> {
    buf: &'w mut Vec<u8>,
    out: &'w mut W,
    input: &'i str,
    input_plain: bool,
}

/// Whether `inner` lies within `outer`'s bytes (a slice cut from it).
fn within(outer: &str, inner: &str) -> bool {
    let (o, i) = (
        outer.as_bytes().as_ptr_range(),
        inner.as_bytes().as_ptr_range(),
    );
    o.start <= i.start && i.end <= o.end
}

impl<W: Write> Line<'_, '_, W> {
    /// Bytes as they are: keys and punctuation.
    #[inline(always)]
    fn raw(&mut self, b: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(b);
        Ok(())
    }

    /// A JSON string. A slice of a plain input needs no look: none of
    /// its bytes is escaped.
    #[inline]
    fn str(&mut self, s: &str) -> io::Result<()> {
        // A short string (a kind, a code, a name) is looked at in two
        // loads, here rather than in a call.
        if (self.input_plain && within(self.input, s)) || (s.len() <= 16 && is_plain(s)) {
            self.buf.reserve(s.len() + 2);
            self.buf.push(b'"');
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
            Ok(())
        } else {
            write_string(self.buf, s)
        }
    }

    /// A string, or `null`.
    #[inline]
    fn opt_str(&mut self, s: Option<&str>) -> io::Result<()> {
        match s {
            Some(s) => self.str(s),
            None => self.raw(b"null"),
        }
    }

    /// An unsigned integer in decimal, as serde_json writes it: the
    /// offsets of a span are mostly under a thousand, written as their
    /// digits; a larger one with itoa, as serde_json does. (itoa and the
    /// copy of its variable-length output were 11% of a line.)
    #[inline]
    fn number(&mut self, v: u64) -> io::Result<()> {
        // Each digit is below ten: the casts never cut.
        let digit = |d: u64| b'0' + (d % 10) as u8;
        match v {
            0..=9 => self.buf.push(digit(v)),
            10..=99 => self.buf.extend_from_slice(&[digit(v / 10), digit(v)]),
            100..=999 => self
                .buf
                .extend_from_slice(&[digit(v / 100), digit(v / 10), digit(v)]),
            _ => self
                .buf
                .extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
        }
        Ok(())
    }

    /// `true` or `false`.
    #[inline]
    fn boolean(&mut self, b: bool) -> io::Result<()> {
        self.raw(if b { b"true" } else { b"false" })
    }

    /// Hand what the buffer holds to the writer once it is [`SPILL`]
    /// bytes or more: called between the items of a list.
    #[inline]
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= SPILL {
            self.out.write_all(self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Anything else, through serde.
    fn value<T: Serialize + ?Sized>(&mut self, v: &T) -> io::Result<()> {
        write_value(self.buf, v)
    }
}

impl JsonParse<'_> {
    /// Write the object and nothing after it, byte for byte as
    /// [`crate::text::json::write`] writes it, in about a third of the
    /// time.
    pub fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        self.write_with_end(out, b"")
    }

    /// [`Self::write_json`] and a newline: one line of `parse --json`.
    pub fn write_json_line<W: Write>(&self, out: &mut W) -> io::Result<()> {
        self.write_with_end(out, b"\n")
    }

    /// The object and `end`, through the thread's scratch buffer.
    fn write_with_end<W: Write>(&self, out: &mut W, end: &[u8]) -> io::Result<()> {
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut buf) => {
                buf.clear();
                let done = self.write_through(&mut buf, out, end);
                if buf.capacity() > KEEP {
                    *buf = Vec::new();
                }
                done
            }
            // Not reached (nothing here writes a line while writing
            // one), but a fresh buffer is as right.
            Err(_) => self.write_through(&mut Vec::new(), out, end),
        })
    }

    /// The object and `end` gathered in `buf` and handed to `out`.
    fn write_through<W: Write>(
        &self,
        buf: &mut Vec<u8>,
        out: &mut W,
        end: &[u8],
    ) -> io::Result<()> {
        let mut line = Line {
            buf,
            out,
            input: self.input,
            input_plain: is_plain(self.input),
        };
        self.write_object(&mut line)?;
        line.raw(end)?;
        line.out.write_all(line.buf)
    }

    /// The fields, in the order serde writes them.
    fn write_object<W: Write>(&self, out: &mut Line<W>) -> io::Result<()> {
        out.raw(br#"{"input":"#)?;
        out.str(self.input)?;
        out.raw(if self.valid {
            br#","valid":true,"kind":"#
        } else {
            br#","valid":false,"kind":"#
        })?;
        out.opt_str(self.kind)?;
        out.raw(br#","scheme":"#)?;
        out.opt_str(self.scheme)?;
        out.raw(br#","authority":"#)?;
        out.opt_str(self.authority)?;
        out.raw(br#","userinfo":"#)?;
        out.opt_str(self.userinfo)?;
        out.raw(br#","host":"#)?;
        out.opt_str(self.host)?;
        out.raw(br#","host_kind":"#)?;
        out.opt_str(self.host_kind)?;
        out.raw(br#","port":"#)?;
        out.opt_str(self.port)?;
        out.raw(br#","path":"#)?;
        out.str(self.path)?;
        out.raw(br#","query":"#)?;
        out.opt_str(self.query)?;
        out.raw(br#","fragment":"#)?;
        out.opt_str(self.fragment)?;
        out.raw(br#","findings":["#)?;
        match &self.findings {
            JsonFindings::Linted(l) => {
                for (i, f) in l.findings().enumerate() {
                    finding(out, i, &JsonFinding::from(f))?;
                    out.spill()?;
                }
            }
            JsonFindings::List(v) => {
                for (i, f) in v.iter().enumerate() {
                    finding(out, i, f)?;
                    out.spill()?;
                }
            }
        }
        out.raw(br#"],"whatwg":"#)?;
        whatwg(out, &self.whatwg)?;
        if let Some(a) = &self.analysis {
            out.raw(br#","path_kind":"#)?;
            out.opt_str(a.path_kind)?;
            out.raw(br#","spans":"#)?;
            spans(out, &a.spans)?;
            out.raw(br#","segments":["#)?;
            for (i, s) in a.segments.iter().enumerate() {
                if i > 0 {
                    out.raw(b",")?;
                }
                segment(out, s)?;
                out.spill()?;
            }
            out.raw(br#"],"query_pairs":["#)?;
            for (i, p) in a.query_pairs.iter().enumerate() {
                if i > 0 {
                    out.raw(b",")?;
                }
                pair(out, p)?;
                out.spill()?;
            }
            out.raw(br#"],"host_details":"#)?;
            match &a.host_details {
                Some(h) => host_details(out, h)?,
                None => out.raw(b"null")?,
            }
            out.raw(br#","scheme_facts":"#)?;
            match &a.scheme_facts {
                Some(f) => scheme_facts(out, f)?,
                None => out.raw(b"null")?,
            }
            if let Some(d) = &a.data {
                out.raw(br#","data":"#)?;
                out.value(d)?;
            }
        }
        out.raw(b"}")
    }
}

/// One finding, the `i`th of the array.
fn finding<W: Write>(out: &mut Line<W>, i: usize, f: &JsonFinding<'_>) -> io::Result<()> {
    out.raw(if i == 0 {
        br#"{"start":"#
    } else {
        br#",{"start":"#
    })?;
    out.number(f.start as u64)?;
    out.raw(br#","end":"#)?;
    out.number(f.end as u64)?;
    out.raw(br#","severity":"#)?;
    out.str(f.severity)?;
    out.raw(br#","code":"#)?;
    out.str(f.code)?;
    out.raw(br#","message":"#)?;
    out.str(&f.message)?;
    out.raw(br#","section":"#)?;
    out.opt_str(f.section)?;
    out.raw(b"}")
}

fn whatwg<W: Write>(out: &mut Line<W>, w: &Whatwg) -> io::Result<()> {
    out.raw(if w.valid {
        br#"{"valid":true,"href":"#
    } else {
        br#"{"valid":false,"href":"#
    })?;
    // Most often the href is the input itself: written as that slice.
    let input = out.input;
    out.opt_str(
        w.href
            .as_deref()
            .map(|h| if h == input { input } else { h }),
    )?;
    out.raw(br#","differences":["#)?;
    for (i, d) in w.differences.iter().enumerate() {
        if i > 0 {
            out.raw(b",")?;
        }
        out.str(d)?;
        out.spill()?;
    }
    out.raw(b"]}")
}

/// `{"start":…,"end":…`, the object left open for more fields.
fn open_span<W: Write>(out: &mut Line<W>, s: JsonSpan) -> io::Result<()> {
    out.raw(br#"{"start":"#)?;
    out.number(s.start as u64)?;
    out.raw(br#","end":"#)?;
    out.number(s.end as u64)
}

/// `{"start":…,"end":…}`.
fn span<W: Write>(out: &mut Line<W>, s: JsonSpan) -> io::Result<()> {
    open_span(out, s)?;
    out.raw(b"}")
}

fn opt_span<W: Write>(out: &mut Line<W>, s: Option<JsonSpan>) -> io::Result<()> {
    match s {
        Some(s) => span(out, s),
        None => out.raw(b"null"),
    }
}

fn spans<W: Write>(out: &mut Line<W>, s: &Spans) -> io::Result<()> {
    out.raw(br#"{"scheme":"#)?;
    opt_span(out, s.scheme)?;
    out.raw(br#","authority":"#)?;
    opt_span(out, s.authority)?;
    out.raw(br#","userinfo":"#)?;
    opt_span(out, s.userinfo)?;
    out.raw(br#","host":"#)?;
    opt_span(out, s.host)?;
    out.raw(br#","port":"#)?;
    opt_span(out, s.port)?;
    out.raw(br#","path":"#)?;
    span(out, s.path)?;
    out.raw(br#","query":"#)?;
    opt_span(out, s.query)?;
    out.raw(br#","fragment":"#)?;
    opt_span(out, s.fragment)?;
    out.raw(b"}")
}

fn segment<W: Write>(out: &mut Line<W>, s: &Segment<'_>) -> io::Result<()> {
    open_span(out, s.span)?;
    out.raw(br#","raw":"#)?;
    out.str(s.raw)?;
    out.raw(br#","decoded":"#)?;
    out.opt_str(s.decoded.as_deref())?;
    out.raw(br#","dot":"#)?;
    out.opt_str(s.dot)?;
    out.raw(b"}")
}

fn pair<W: Write>(out: &mut Line<W>, p: &Pair<'_>) -> io::Result<()> {
    open_span(out, p.span)?;
    out.raw(br#","key":"#)?;
    out.str(p.key)?;
    out.raw(br#","value":"#)?;
    out.opt_str(p.value)?;
    out.raw(br#","key_rfc":"#)?;
    out.opt_str(p.key_rfc.as_deref())?;
    out.raw(br#","value_rfc":"#)?;
    out.opt_str(p.value_rfc.as_deref())?;
    out.raw(br#","key_form":"#)?;
    out.opt_str(p.key_form.as_deref())?;
    out.raw(br#","value_form":"#)?;
    out.opt_str(p.value_form.as_deref())?;
    out.raw(b"}")
}

fn host_details<W: Write>(out: &mut Line<W>, h: &HostDetails<'_>) -> io::Result<()> {
    out.raw(br#"{"kind":"#)?;
    out.str(h.kind)?;
    out.raw(br#","text":"#)?;
    out.str(h.text)?;
    out.raw(br#","ipv4":"#)?;
    out.value(&h.ipv4)?;
    out.raw(br#","ipv6_pieces":"#)?;
    out.value(&h.ipv6_pieces)?;
    out.raw(br#","ipv6_canonical":"#)?;
    out.opt_str(h.ipv6_canonical.as_deref())?;
    out.raw(br#","zone":"#)?;
    out.opt_str(h.zone)?;
    out.raw(br#","ipvfuture_version":"#)?;
    out.opt_str(h.ipvfuture_version)?;
    out.raw(br#","idna":"#)?;
    out.value(&h.idna)?;
    out.raw(b"}")
}

fn scheme_facts<W: Write>(out: &mut Line<W>, f: &SchemeFacts) -> io::Result<()> {
    out.raw(br#"{"name":"#)?;
    out.str(&f.name)?;
    out.raw(br#","known":"#)?;
    out.boolean(f.known)?;
    out.raw(br#","default_port":"#)?;
    match f.default_port {
        Some(p) => out.number(u64::from(p))?,
        None => out.raw(b"null")?,
    }
    out.raw(br#","hierarchical":"#)?;
    match f.hierarchical {
        Some(h) => out.boolean(h)?,
        None => out.raw(b"null")?,
    }
    out.raw(br#","authority":"#)?;
    out.opt_str(f.authority)?;
    out.raw(br#","spec":"#)?;
    out.opt_str(f.spec)?;
    out.raw(b"}")
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use super::SPILL;
    use crate::report::json::JsonParse;
    use crate::uri::lint::Linted;

    /// A writer that keeps what it is given and the largest one write.
    #[derive(Default)]
    struct Recording {
        bytes: Vec<u8>,
        writes: usize,
        largest: usize,
    }

    impl Write for Recording {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.bytes.extend_from_slice(b);
            self.writes += 1;
            self.largest = self.largest.max(b.len());
            Ok(b.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The answer to a long line full of errors (a finding per byte)
    /// reaches the writer in pieces of about [`SPILL`] bytes, never whole,
    /// and is still the bytes serde writes; a short line is one write.
    #[test]
    fn a_long_answer_goes_out_in_pieces_and_a_short_one_at_once() {
        let garbage = "%".repeat(5000);
        let r = crate::uri::report(&garbage);
        let l = Linted::new(&r);
        let v = JsonParse::new(&l);
        let mut out = Recording::default();
        v.write_json_line(&mut out).expect("recorded");
        let mut serde = Vec::new();
        crate::text::json::write(&mut serde, &v).expect("write to a Vec");
        serde.push(b'\n');
        assert_eq!(out.bytes, serde);
        assert!(out.bytes.len() > 20 * SPILL, "{} bytes", out.bytes.len());
        assert!(out.writes > 20, "{} writes", out.writes);
        assert!(out.largest < SPILL + 1024, "a write of {} bytes", out.largest);

        let r = crate::uri::report("http://example.com/a?b=c");
        let l = Linted::new(&r);
        let mut out = Recording::default();
        JsonParse::new(&l)
            .write_json_line(&mut out)
            .expect("recorded");
        assert_eq!(out.writes, 1);
        assert!(out.bytes.ends_with(b"}\n"));
    }
}
