//! The `parse --json` object written field by field: the bytes
//! [`crate::text::json::write`] writes for a [`JsonParse`], with each
//! key and its punctuation one constant (`,"host":`), not serde's three
//! writes and a look at the key for each of a line's eighty keys. The
//! findings, the IDNA forms and a `data:` payload, rare or long, still
//! go through serde. A test holds the two writers to the same bytes.

use std::io::{self, Write};

use serde::Serialize;

use super::analysis::{HostDetails, JsonSpan, Pair, SchemeFacts, Segment, Spans};
use super::json::JsonParse;
use crate::text::json::{write as write_value, write_string};
use crate::whatwg::Whatwg;

impl JsonParse<'_> {
    /// Write the object and nothing after it, byte for byte as
    /// [`crate::text::json::write`] writes it, in about half the time.
    pub fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(br#"{"input":"#)?;
        write_string(out, self.input)?;
        out.write_all(if self.valid {
            br#","valid":true,"kind":"#
        } else {
            br#","valid":false,"kind":"#
        })?;
        opt_str(out, self.kind)?;
        out.write_all(br#","scheme":"#)?;
        opt_str(out, self.scheme)?;
        out.write_all(br#","authority":"#)?;
        opt_str(out, self.authority)?;
        out.write_all(br#","userinfo":"#)?;
        opt_str(out, self.userinfo)?;
        out.write_all(br#","host":"#)?;
        opt_str(out, self.host)?;
        out.write_all(br#","host_kind":"#)?;
        opt_str(out, self.host_kind)?;
        out.write_all(br#","port":"#)?;
        opt_str(out, self.port)?;
        out.write_all(br#","path":"#)?;
        write_string(out, self.path)?;
        out.write_all(br#","query":"#)?;
        opt_str(out, self.query)?;
        out.write_all(br#","fragment":"#)?;
        opt_str(out, self.fragment)?;
        out.write_all(br#","findings":"#)?;
        write_value(out, &self.findings)?;
        out.write_all(br#","whatwg":"#)?;
        whatwg(out, &self.whatwg)?;
        if let Some(a) = &self.analysis {
            out.write_all(br#","path_kind":"#)?;
            opt_str(out, a.path_kind)?;
            out.write_all(br#","spans":"#)?;
            spans(out, &a.spans)?;
            out.write_all(br#","segments":["#)?;
            for (i, s) in a.segments.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                segment(out, s)?;
            }
            out.write_all(br#"],"query_pairs":["#)?;
            for (i, p) in a.query_pairs.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                pair(out, p)?;
            }
            out.write_all(br#"],"host_details":"#)?;
            match &a.host_details {
                Some(h) => host_details(out, h)?,
                None => out.write_all(b"null")?,
            }
            out.write_all(br#","scheme_facts":"#)?;
            match &a.scheme_facts {
                Some(f) => scheme_facts(out, f)?,
                None => out.write_all(b"null")?,
            }
            if let Some(d) = &a.data {
                out.write_all(br#","data":"#)?;
                write_value(out, d)?;
            }
        }
        out.write_all(b"}")
    }
}

/// A string, or `null`.
fn opt_str<W: Write>(out: &mut W, s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => write_string(out, s),
        None => out.write_all(b"null"),
    }
}

/// An unsigned integer in decimal, as serde_json writes it (with itoa,
/// as serde_json does).
fn number<W: Write>(out: &mut W, v: u64) -> io::Result<()> {
    out.write_all(itoa::Buffer::new().format(v).as_bytes())
}

/// `true` or `false`.
fn boolean<W: Write>(out: &mut W, b: bool) -> io::Result<()> {
    out.write_all(if b { b"true" } else { b"false" })
}

/// Anything else, through serde.
fn value<W: Write, T: Serialize + ?Sized>(out: &mut W, v: &T) -> io::Result<()> {
    write_value(out, v)
}

fn whatwg<W: Write>(out: &mut W, w: &Whatwg) -> io::Result<()> {
    out.write_all(if w.valid {
        br#"{"valid":true,"href":"#
    } else {
        br#"{"valid":false,"href":"#
    })?;
    opt_str(out, w.href.as_deref())?;
    out.write_all(br#","differences":["#)?;
    for (i, d) in w.differences.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_string(out, d)?;
    }
    out.write_all(b"]}")
}

/// `{"start":…,"end":…`, the object left open for more fields.
fn open_span<W: Write>(out: &mut W, s: JsonSpan) -> io::Result<()> {
    out.write_all(br#"{"start":"#)?;
    number(out, s.start as u64)?;
    out.write_all(br#","end":"#)?;
    number(out, s.end as u64)
}

/// `{"start":…,"end":…}`.
fn span<W: Write>(out: &mut W, s: JsonSpan) -> io::Result<()> {
    open_span(out, s)?;
    out.write_all(b"}")
}

fn opt_span<W: Write>(out: &mut W, s: Option<JsonSpan>) -> io::Result<()> {
    match s {
        Some(s) => span(out, s),
        None => out.write_all(b"null"),
    }
}

fn spans<W: Write>(out: &mut W, s: &Spans) -> io::Result<()> {
    out.write_all(br#"{"scheme":"#)?;
    opt_span(out, s.scheme)?;
    out.write_all(br#","authority":"#)?;
    opt_span(out, s.authority)?;
    out.write_all(br#","userinfo":"#)?;
    opt_span(out, s.userinfo)?;
    out.write_all(br#","host":"#)?;
    opt_span(out, s.host)?;
    out.write_all(br#","port":"#)?;
    opt_span(out, s.port)?;
    out.write_all(br#","path":"#)?;
    span(out, s.path)?;
    out.write_all(br#","query":"#)?;
    opt_span(out, s.query)?;
    out.write_all(br#","fragment":"#)?;
    opt_span(out, s.fragment)?;
    out.write_all(b"}")
}

fn segment<W: Write>(out: &mut W, s: &Segment<'_>) -> io::Result<()> {
    open_span(out, s.span)?;
    out.write_all(br#","raw":"#)?;
    write_string(out, s.raw)?;
    out.write_all(br#","decoded":"#)?;
    opt_str(out, s.decoded.as_deref())?;
    out.write_all(br#","dot":"#)?;
    opt_str(out, s.dot)?;
    out.write_all(b"}")
}

fn pair<W: Write>(out: &mut W, p: &Pair<'_>) -> io::Result<()> {
    open_span(out, p.span)?;
    out.write_all(br#","key":"#)?;
    write_string(out, p.key)?;
    out.write_all(br#","value":"#)?;
    opt_str(out, p.value)?;
    out.write_all(br#","key_rfc":"#)?;
    opt_str(out, p.key_rfc.as_deref())?;
    out.write_all(br#","value_rfc":"#)?;
    opt_str(out, p.value_rfc.as_deref())?;
    out.write_all(br#","key_form":"#)?;
    opt_str(out, p.key_form.as_deref())?;
    out.write_all(br#","value_form":"#)?;
    opt_str(out, p.value_form.as_deref())?;
    out.write_all(b"}")
}

fn host_details<W: Write>(out: &mut W, h: &HostDetails<'_>) -> io::Result<()> {
    out.write_all(br#"{"kind":"#)?;
    write_string(out, h.kind)?;
    out.write_all(br#","text":"#)?;
    write_string(out, h.text)?;
    out.write_all(br#","ipv4":"#)?;
    value(out, &h.ipv4)?;
    out.write_all(br#","ipv6_pieces":"#)?;
    value(out, &h.ipv6_pieces)?;
    out.write_all(br#","ipv6_canonical":"#)?;
    opt_str(out, h.ipv6_canonical.as_deref())?;
    out.write_all(br#","zone":"#)?;
    opt_str(out, h.zone)?;
    out.write_all(br#","ipvfuture_version":"#)?;
    opt_str(out, h.ipvfuture_version)?;
    out.write_all(br#","idna":"#)?;
    value(out, &h.idna)?;
    out.write_all(b"}")
}

fn scheme_facts<W: Write>(out: &mut W, f: &SchemeFacts) -> io::Result<()> {
    out.write_all(br#"{"name":"#)?;
    write_string(out, &f.name)?;
    out.write_all(br#","known":"#)?;
    boolean(out, f.known)?;
    out.write_all(br#","default_port":"#)?;
    match f.default_port {
        Some(p) => number(out, u64::from(p))?,
        None => out.write_all(b"null")?,
    }
    out.write_all(br#","hierarchical":"#)?;
    match f.hierarchical {
        Some(h) => boolean(out, h)?,
        None => out.write_all(b"null")?,
    }
    out.write_all(br#","authority":"#)?;
    opt_str(out, f.authority)?;
    out.write_all(br#","spec":"#)?;
    opt_str(out, f.spec)?;
    out.write_all(b"}")
}
