//! The `parse --json` object written field by field: the bytes
//! [`crate::text::json::write`] writes for a [`JsonParse`], with each
//! key, its punctuation and what follows it one constant (`,"host":"`,
//! `,"port":null`, a reg-name's six null address fields), not serde's
//! three writes and a look at the key for each of a line's eighty keys,
//! gathered in a buffer and handed to the writer once per line. The
//! input is checked for bytes to escape once: when it has none, every
//! component, segment and pair cut from it is copied without a look.
//! The IDNA forms and a `data:` payload, rare or long, still go through
//! serde. A test holds the two writers to the same bytes.

use std::cell::RefCell;
use std::io::{self, Write};

use serde::Serialize;

use super::analysis::{HostDetails, JsonSpan, Pair, SchemeFacts, Segment, Spans};
use super::json::{JsonFinding, JsonFindings, JsonParse, JsonWhatwg};
use crate::text::json::{is_plain, write as write_value, write_string};

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

/// A key (with its punctuation, `,"host":`) and an optional string: the
/// key and the opening quote are one constant, the key and `null` another.
macro_rules! opt_str {
    ($out:expr, $key:literal, $v:expr) => {
        $out.opt_str_at(
            concat!($key, "\"").as_bytes(),
            concat!($key, "null").as_bytes(),
            $v,
        )
    };
}

/// A key and a string, the key and the opening quote one constant.
macro_rules! str_field {
    ($out:expr, $key:literal, $v:expr) => {
        $out.str_at(concat!($key, "\"").as_bytes(), $v)
    };
}

/// A key and an optional span (`{"start":…,"end":…}`), the key and the
/// object's opening one constant, the key and `null` another.
macro_rules! opt_span {
    ($out:expr, $key:literal, $v:expr) => {
        $out.opt_span_at(
            concat!($key, "{\"start\":").as_bytes(),
            concat!($key, "null").as_bytes(),
            $v,
        )
    };
}

impl<W: Write> Line<'_, '_, W> {
    /// Bytes as they are: keys and punctuation.
    #[inline(always)]
    fn raw(&mut self, b: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(b);
        Ok(())
    }

    /// Whether `s` is surely written as itself: a slice of a plain
    /// input needs no look, and a short string (a kind, a code, a name)
    /// is looked at in two loads, here rather than in a call.
    #[inline(always)]
    fn plain(&self, s: &str) -> bool {
        (self.input_plain && within(self.input, s)) || (s.len() <= 16 && is_plain(s))
    }

    /// `key_quote` (a key with its punctuation and the string's opening
    /// quote, one constant) and the rest of the JSON string `s`.
    #[inline(always)]
    fn str_at(&mut self, key_quote: &[u8], s: &str) -> io::Result<()> {
        if self.plain(s) {
            self.buf.reserve(key_quote.len() + s.len() + 1);
            self.buf.extend_from_slice(key_quote);
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
            Ok(())
        } else if s.len() < SPILL {
            let key = key_quote.split_last().map_or(key_quote, |(_, k)| k);
            self.buf.extend_from_slice(key);
            write_string(self.buf, s)
        } else {
            // A long string to escape (a pasted page of controls) goes
            // straight to the writer: escaped, it may be six times its
            // size, and the buffer would hold it whole.
            let key = key_quote.split_last().map_or(key_quote, |(_, k)| k);
            self.buf.extend_from_slice(key);
            self.out.write_all(self.buf)?;
            self.buf.clear();
            write_string(self.out, s)
        }
    }

    /// A JSON string.
    #[inline]
    fn str(&mut self, s: &str) -> io::Result<()> {
        self.str_at(b"\"", s)
    }

    /// [`Self::str_at`], or `key_null` (the key and `null`, one constant).
    #[inline(always)]
    fn opt_str_at(&mut self, key_quote: &[u8], key_null: &[u8], s: Option<&str>) -> io::Result<()> {
        match s {
            Some(s) => self.str_at(key_quote, s),
            None => self.raw(key_null),
        }
    }

    /// `key_open` (a key and `{"start":`, one constant), the span's
    /// offsets, and `}`; or `key_null`.
    #[inline(always)]
    fn opt_span_at(
        &mut self,
        key_open: &[u8],
        key_null: &[u8],
        s: Option<JsonSpan>,
    ) -> io::Result<()> {
        match s {
            Some(s) => {
                self.raw(key_open)?;
                self.offsets(s)?;
                self.raw(b"}")
            }
            None => self.raw(key_null),
        }
    }

    /// A span's `start` value, `,"end":` and its `end` value.
    #[inline(always)]
    fn offsets(&mut self, s: JsonSpan) -> io::Result<()> {
        self.number(s.start as u64)?;
        self.raw(br#","end":"#)?;
        self.number(s.end as u64)
    }

    /// An unsigned integer in decimal, as serde_json writes it: the
    /// offsets of a span are mostly under a thousand, written as their
    /// digits; a larger one with itoa, as serde_json does. (itoa and the
    /// copy of its variable-length output were 11% of a line.)
    #[inline(always)]
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
        str_field!(out, r#"{"input":"#, self.input)?;
        if self.valid {
            opt_str!(out, r#","valid":true,"kind":"#, self.kind)?;
        } else {
            opt_str!(out, r#","valid":false,"kind":"#, self.kind)?;
        }
        str_field!(out, r#","verdict":"#, self.verdict)?;
        str_field!(out, r#","label":"#, &self.label)?;
        opt_str!(out, r#","uri_form":"#, self.uri_form.as_deref())?;
        opt_str!(out, r#","scheme":"#, self.scheme)?;
        opt_str!(out, r#","authority":"#, self.authority)?;
        opt_str!(out, r#","userinfo":"#, self.userinfo)?;
        opt_str!(out, r#","host":"#, self.host)?;
        opt_str!(out, r#","host_kind":"#, self.host_kind)?;
        opt_str!(out, r#","public_suffix":"#, self.public_suffix.as_deref())?;
        opt_str!(
            out,
            r#","registrable_domain":"#,
            self.registrable_domain.as_deref()
        )?;
        opt_str!(out, r#","port":"#, self.port)?;
        str_field!(out, r#","path":"#, self.path)?;
        opt_str!(out, r#","query":"#, self.query)?;
        opt_str!(out, r#","fragment":"#, self.fragment)?;
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
        whatwg(out, &self.whatwg)?;
        if let Some(a) = &self.analysis {
            opt_str!(out, r#","path_kind":"#, a.path_kind)?;
            spans(out, &a.spans)?;
            out.raw(br#","segments":["#)?;
            for (i, s) in a.segments.iter().enumerate() {
                segment(out, i, &s)?;
                out.spill()?;
            }
            out.raw(br#"],"query_pairs":["#)?;
            for (i, p) in a.query_pairs.iter().enumerate() {
                pair(out, i, &p)?;
                out.spill()?;
            }
            match &a.host_details {
                Some(h) => host_details(out, h)?,
                None => out.raw(br#"],"host_details":null"#)?,
            }
            match &a.scheme_facts {
                Some(f) => scheme_facts(out, f)?,
                None => out.raw(br#","scheme_facts":null"#)?,
            }
            if let Some(d) = &a.data {
                out.raw(br#","data":"#)?;
                out.value(d)?;
            }
        }
        if let Some(sh) = &self.shape {
            str_field!(out, r#","shape":{"code":"#, sh.code)?;
            str_field!(out, r#","likely":"#, &sh.likely)?;
            out.raw(b"}")?;
        }
        out.raw(b"}")
    }
}

/// `{"start":` for the first item of an array, `,{"start":` for the
/// others.
fn item_open(i: usize) -> &'static [u8] {
    if i == 0 {
        br#"{"start":"#
    } else {
        br#",{"start":"#
    }
}

/// One finding, the `i`th of the array.
fn finding<W: Write>(out: &mut Line<W>, i: usize, f: &JsonFinding<'_>) -> io::Result<()> {
    out.raw(item_open(i))?;
    out.offsets(JsonSpan {
        start: f.start,
        end: f.end,
    })?;
    str_field!(out, r#","severity":"#, f.severity)?;
    str_field!(out, r#","code":"#, f.code)?;
    str_field!(out, r#","message":"#, &f.message)?;
    opt_str!(out, r#","section":"#, f.section)?;
    out.raw(b"}")
}

/// `],"whatwg":{…}`: the findings array closed, and the WHATWG column.
fn whatwg<W: Write>(out: &mut Line<W>, w: &JsonWhatwg<'_>) -> io::Result<()> {
    // Most often the href is the input itself: written as that slice.
    let input = out.input;
    let href = w.href().map(|h| if h == input { input } else { h });
    if w.valid() {
        opt_str!(out, r#"],"whatwg":{"valid":true,"href":"#, href)?;
    } else {
        opt_str!(out, r#"],"whatwg":{"valid":false,"href":"#, href)?;
    }
    out.raw(br#","differences":["#)?;
    for (i, d) in w.differences().enumerate() {
        if i > 0 {
            out.raw(b",")?;
        }
        out.str(d)?;
        out.spill()?;
    }
    out.raw(b"]}")
}

/// `,"spans":{…}`.
fn spans<W: Write>(out: &mut Line<W>, s: &Spans) -> io::Result<()> {
    opt_span!(out, r#","spans":{"scheme":"#, s.scheme)?;
    opt_span!(out, r#","authority":"#, s.authority)?;
    opt_span!(out, r#","userinfo":"#, s.userinfo)?;
    opt_span!(out, r#","host":"#, s.host)?;
    opt_span!(out, r#","port":"#, s.port)?;
    opt_span!(out, r#","path":"#, Some(s.path))?;
    opt_span!(out, r#","query":"#, s.query)?;
    opt_span!(out, r#","fragment":"#, s.fragment)?;
    out.raw(b"}")
}

/// The `i`th segment of the array.
fn segment<W: Write>(out: &mut Line<W>, i: usize, s: &Segment<'_>) -> io::Result<()> {
    out.raw(item_open(i))?;
    out.offsets(s.span)?;
    str_field!(out, r#","raw":"#, s.raw)?;
    opt_str!(out, r#","decoded":"#, s.decoded.as_deref())?;
    opt_str!(out, r#","dot":"#, s.dot)?;
    out.raw(b"}")
}

/// The `i`th pair of the array.
fn pair<W: Write>(out: &mut Line<W>, i: usize, p: &Pair<'_>) -> io::Result<()> {
    out.raw(item_open(i))?;
    out.offsets(p.span)?;
    str_field!(out, r#","key":"#, p.key)?;
    opt_str!(out, r#","value":"#, p.value)?;
    opt_str!(out, r#","key_rfc":"#, p.key_rfc.as_deref())?;
    opt_str!(out, r#","value_rfc":"#, p.value_rfc.as_deref())?;
    opt_str!(out, r#","key_form":"#, p.key_form.as_deref())?;
    opt_str!(out, r#","value_form":"#, p.value_form.as_deref())?;
    out.raw(b"}")
}

/// `],"host_details":{…}`: the pairs array closed, and the host.
fn host_details<W: Write>(out: &mut Line<W>, h: &HostDetails<'_>) -> io::Result<()> {
    str_field!(out, r#"],"host_details":{"kind":"#, h.kind)?;
    str_field!(out, r#","text":"#, h.text)?;
    let no_address = h.ipv4.is_none()
        && h.ipv6_pieces.is_none()
        && h.ipv6_canonical.is_none()
        && h.zone.is_none()
        && h.ipvfuture_version.is_none()
        && h.idna.is_none();
    if no_address {
        // A reg-name's: every other field null, one constant.
        return out.raw(
            br#","ipv4":null,"ipv6_pieces":null,"ipv6_canonical":null,"zone":null,"ipvfuture_version":null,"idna":null}"#,
        );
    }
    out.raw(br#","ipv4":"#)?;
    out.value(&h.ipv4)?;
    out.raw(br#","ipv6_pieces":"#)?;
    out.value(&h.ipv6_pieces)?;
    opt_str!(out, r#","ipv6_canonical":"#, h.ipv6_canonical.as_deref())?;
    opt_str!(out, r#","zone":"#, h.zone)?;
    opt_str!(out, r#","ipvfuture_version":"#, h.ipvfuture_version)?;
    out.raw(br#","idna":"#)?;
    out.value(&h.idna)?;
    out.raw(b"}")
}

/// `,"scheme_facts":{…}`.
fn scheme_facts<W: Write>(out: &mut Line<W>, f: &SchemeFacts) -> io::Result<()> {
    str_field!(out, r#","scheme_facts":{"name":"#, &f.name)?;
    match (f.known, f.default_port) {
        (true, Some(p)) => {
            out.raw(br#","known":true,"default_port":"#)?;
            out.number(u64::from(p))?;
        }
        (true, None) => out.raw(br#","known":true,"default_port":null"#)?,
        (false, Some(p)) => {
            out.raw(br#","known":false,"default_port":"#)?;
            out.number(u64::from(p))?;
        }
        (false, None) => out.raw(br#","known":false,"default_port":null"#)?,
    }
    out.raw(match f.hierarchical {
        Some(true) => br#","hierarchical":true"#,
        Some(false) => br#","hierarchical":false"#,
        None => br#","hierarchical":null"#,
    })?;
    opt_str!(out, r#","authority":"#, f.authority)?;
    opt_str!(out, r#","spec":"#, f.spec)?;
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
        let r = crate::uri::analyze(&garbage, Default::default());
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
        assert!(
            out.largest < SPILL + 1024,
            "a write of {} bytes",
            out.largest
        );

        let r = crate::uri::analyze("http://example.com/a?b=c", Default::default());
        let l = Linted::new(&r);
        let mut out = Recording::default();
        JsonParse::new(&l)
            .write_json_line(&mut out)
            .expect("recorded");
        assert_eq!(out.writes, 1);
        assert!(out.bytes.ends_with(b"}\n"));
    }
}
