//! The output of `uriscope edit`: trurl's `--get` format strings and its
//! `--json` shape.
//!
//! What `--get` writes is an answer ([`crate::text::answer`]): exact, so a
//! component that decodes to a control or bidi formatting character
//! (`%1b`, `%07`, `%e2%80%ae`) is refused with the reason, as libcurl
//! refuses control bytes when it decodes, unless `--raw` asks for the
//! bytes; `{:comp}` gives it encoded.

use serde::Serialize;

use super::get_template::{Dialect, Fields, Template};
use super::url_json::{Param, Parts, UrlObject};
use crate::uri::edit::{query, Component, Editable};

/// How `--get` is to show components.
#[derive(Clone, Copy, Debug, Default)]
pub struct Want {
    /// Encoded rather than decoded (`--urlencode`).
    pub encoded: bool,
    /// The scheme's default port when there is none (`--default-port`).
    pub default_port: bool,
    /// The host in punycode (`--punycode`).
    pub punycode: bool,
    /// The host in Unicode (`--as-idn`).
    pub idn: bool,
    /// The query pair separator.
    pub sep: char,
    /// Write decoded components as they are, control characters included
    /// (`--raw`); otherwise such a component is refused.
    pub raw: bool,
}

/// What one `{…}` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum What {
    Component(Component),
    QueryKey(String),
    QueryAll(String),
    /// The host's registrable domain (`{registrable}`).
    Registrable,
    /// The host's public suffix (`{suffix}`).
    Suffix,
    /// One path segment (`{path:N}`): 1-based, negative from the end.
    Segment(isize),
}

/// One `{…}` with its qualifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Field {
    what: What,
    encoded: bool,
    strict: bool,
    must: bool,
    default: bool,
    puny: bool,
    idn: bool,
}

/// A parsed `--get` format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format(Template<Field>);

impl Format {
    /// Parse `s` ([`Dialect::Strict`]): `{comp}` or `[comp]` (not both
    /// kinds in one format), qualifiers `url:` (or `:`), `strict:`,
    /// `must:`, `default:`, `puny:`, `idn:`, then a component,
    /// `query:KEY` or `query-all:KEY`; `\\`, `\t`, `\n`, `\r`, `\{`, `\[`
    /// and `{{` escapes.
    ///
    /// ```
    /// use uriscope::cli::edit_get::Format;
    /// assert!(Format::parse("{scheme} {:path} {query:a}").is_ok());
    /// assert!(Format::parse("{nope}").is_err());
    /// assert!(Format::parse("{host").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Format, String> {
        Template::read(s.as_bytes(), Dialect::Strict, |at| {
            field(&String::from_utf8_lossy(at.name))
        })
        .map(Format)
    }

    /// Expand the format for `u` (whose recomposed form is `url`) into
    /// `out`; returns warnings (a component that does not decode to
    /// UTF-8), or an error for `must:` and `strict:`.
    pub fn expand(
        &self,
        u: &Editable,
        url: &str,
        want: Want,
        out: &mut Vec<u8>,
    ) -> Result<Vec<String>, String> {
        let mut fields = EditFields {
            u,
            url,
            want,
            warnings: Vec::new(),
        };
        self.0.expand(&mut fields, out)?;
        Ok(fields.warnings)
    }
}

/// The RFC 3986 editor's reading of a format's fields.
struct EditFields<'a> {
    u: &'a Editable,
    url: &'a str,
    want: Want,
    warnings: Vec<String>,
}

impl Fields<Field> for EditFields<'_> {
    type Error = String;

    fn field(&mut self, f: &Field, line: &mut Vec<u8>) -> Result<(), String> {
        if let Some(v) = value(self.u, self.url, f, self.want, &mut self.warnings)? {
            line.extend_from_slice(v.as_bytes());
        } else if f.must {
            return Err(format!("{} is not in the URL (must:)", name(&f.what)));
        }
        Ok(())
    }
}

fn name(w: &What) -> String {
    match w {
        What::Component(c) => c.name().to_string(),
        What::QueryKey(k) => format!("query:{k}"),
        What::QueryAll(k) => format!("query-all:{k}"),
        What::Registrable => "registrable".into(),
        What::Suffix => "suffix".into(),
        What::Segment(n) => format!("path:{n}"),
    }
}

fn field(spec: &str) -> Result<Field, String> {
    let mut f = Field {
        what: What::Component(Component::Url),
        encoded: false,
        strict: false,
        must: false,
        default: false,
        puny: false,
        idn: false,
    };
    let mut rest = spec;
    loop {
        if let Some(r) = rest.strip_prefix("url:") {
            (f.encoded, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix(':') {
            (f.encoded, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix("strict:") {
            (f.strict, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix("must:") {
            (f.must, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix("default:") {
            (f.default, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix("puny:") {
            (f.puny, rest) = (true, r);
        } else if let Some(r) = rest.strip_prefix("idn:") {
            (f.idn, rest) = (true, r);
        } else {
            break;
        }
    }
    if f.puny && f.idn {
        return Err("puny: and idn: cannot be combined".into());
    }
    f.what = if let Some(k) = rest.strip_prefix("query-all:") {
        What::QueryAll(k.to_string())
    } else if let Some(k) = rest.strip_prefix("query:") {
        What::QueryKey(k.to_string())
    } else if let Some(n) = rest.strip_prefix("path:") {
        match n.parse::<isize>() {
            Ok(0) => {
                return Err("path segments count from 1 ({path:1}; {path:-1} is the last)".into())
            }
            Ok(n) => What::Segment(n),
            Err(_) => return Err(format!("{{path:N}} wants a segment number, not {n:?}")),
        }
    } else if rest == "registrable" {
        What::Registrable
    } else if rest == "suffix" {
        What::Suffix
    } else if rest == "options" {
        return Err(
            "'options' is a libcurl component, not RFC 3986's (part of the userinfo)".into(),
        );
    } else {
        What::Component(
            Component::by_name(rest).ok_or_else(|| format!("unknown component {rest:?}"))?,
        )
    };
    Ok(f)
}

fn value(
    u: &Editable,
    url: &str,
    f: &Field,
    want: Want,
    warnings: &mut Vec<String>,
) -> Result<Option<String>, String> {
    let c = match &f.what {
        // `{:query:KEY}`: the value as written, still encoded.
        What::QueryKey(k) | What::QueryAll(k) if f.encoded || want.encoded => {
            let all = query::values_as_written(u, k, want.sep);
            let n = if matches!(f.what, What::QueryKey(_)) {
                1
            } else {
                all.len()
            };
            return Ok((!all.is_empty()).then(|| all[..n].join(" ")));
        }
        What::QueryKey(k) => {
            let v = query::first_value(u, k, want.sep).map(nul_as_dot);
            return v.map(|v| safe(v, &f.what, want)).transpose();
        }
        What::QueryAll(k) => {
            let all = query::all_values(u, k, want.sep);
            let v = (!all.is_empty()).then(|| {
                all.into_iter()
                    .map(nul_as_dot)
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            return v.map(|v| safe(v, &f.what, want)).transpose();
        }
        What::Segment(n) => {
            let Some(seg) = u.path_segment(*n) else {
                return Ok(None);
            };
            if f.encoded || want.encoded {
                return Ok(Some(seg.to_string()));
            }
            let d = Editable::decode(seg);
            if d.lossy {
                let msg = format!(
                    "{} does not decode to UTF-8 text (shown with U+FFFD)",
                    name(&f.what)
                );
                if f.strict {
                    return Err(msg);
                }
                warnings.push(msg);
            }
            let text = d.text.into_owned();
            return safe(text, &f.what, want).map(Some);
        }
        What::Registrable | What::Suffix => {
            let changed = with_forms(u, false, f.puny || want.punycode, f.idn || want.idn);
            let u = changed.as_ref().unwrap_or(u);
            let Some(host) = u.host.as_deref() else {
                return Ok(None);
            };
            let Some(site) = crate::uri::site::site(host) else {
                return Ok(None);
            };
            let v = if f.what == What::Suffix {
                Some(site.suffix())
            } else {
                site.registrable()
            };
            return v.map(|v| safe(v.to_string(), &f.what, want)).transpose();
        }
        What::Component(c) => *c,
    };
    let changed = with_forms(
        u,
        f.default || want.default_port,
        f.puny || want.punycode,
        f.idn || want.idn,
    );
    let u = changed.as_ref().unwrap_or(u);
    if c == Component::Url {
        return Ok(Some(match &changed {
            None => url.to_string(),
            Some(o) => o.recompose(),
        }));
    }
    if f.encoded || want.encoded {
        return Ok(u.get(c).map(|v| v.into_owned()));
    }
    let Some(d) = u.decoded(c) else {
        return Ok(None);
    };
    if d.lossy {
        let msg = format!("{c} does not decode to UTF-8 text (shown with U+FFFD)");
        if f.strict {
            return Err(msg);
        }
        warnings.push(msg);
    }
    safe(d.text.into_owned(), &f.what, want).map(Some)
}

/// A decoded value as the answer rule lets it out: refused, with the
/// reason, when it holds a control or bidi formatting character that a
/// terminal would act on (`%1b]2;…%07` retitles it), unless `--raw`.
fn safe(v: String, what: &What, want: Want) -> Result<String, String> {
    if want.raw {
        return Ok(v);
    }
    // Query values are always decoded: the encoded form is the query's.
    let encoded = match what {
        What::Component(c) => c.name(),
        What::QueryKey(_) | What::QueryAll(_) => "query",
        What::Segment(_) => &name(what),
        What::Registrable | What::Suffix => "host",
    };
    match crate::text::answer::check(&v) {
        Ok(_) => Ok(v),
        Err(r) => Err(format!(
            "{} decodes to {r}, which a terminal would act on; it is not written \
             (--raw writes it as it is, {{:{encoded}}} gives it encoded)",
            name(what),
        )),
    }
}

/// `u` with the scheme's default port when it has none (`default`) and
/// its host in punycode (`puny`) or Unicode (`idn`); `None` when no flag
/// changes anything, so a URL is copied only when asked to. Shared by
/// `--get` and the URL `edit` prints.
pub fn with_forms(u: &Editable, default: bool, puny: bool, idn: bool) -> Option<Editable> {
    let mut out: Option<Editable> = None;
    if default && u.port.is_none() && u.host.is_some() {
        if let Some(p) = u
            .scheme
            .as_deref()
            .and_then(crate::uri::scheme::default_port)
        {
            out.get_or_insert_with(|| u.clone()).port = Some(p.to_string());
        }
    }
    if let Some(h) = u
        .host
        .as_deref()
        .filter(|h| !h.starts_with('[') && (puny || idn))
    {
        let dec = u
            .decoded(Component::Host)
            .map(|d| d.text.into_owned())
            .unwrap_or_else(|| h.to_string());
        let form = if puny {
            crate::uri::host::to_ascii(&dec).ok()
        } else {
            crate::uri::host::to_unicode(&dec).ok()
        };
        if let Some(a) = form {
            out.get_or_insert_with(|| u.clone()).host = Some(a.into_owned());
        }
    }
    out
}

/// trurl shows a decoded `%00` of a query value as `.`.
fn nul_as_dot(s: String) -> String {
    if s.contains('\0') {
        s.replace('\0', ".")
    } else {
        s
    }
}

/// The path's segments, each made (and decoded) as it is written: the
/// list is never held, so a long path costs no more than its text.
#[derive(Clone, Copy, Debug)]
pub struct JsonSegments<'a>(&'a Editable);

impl Serialize for JsonSegments<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.0.path_segments().map(|raw| {
            let decoded = crate::uri::percent::decode_bytes(raw.as_bytes(), Default::default());
            let decoded = match decoded {
                std::borrow::Cow::Borrowed(b) => {
                    std::str::from_utf8(b).ok().map(std::borrow::Cow::Borrowed)
                }
                std::borrow::Cow::Owned(v) => {
                    String::from_utf8(v).ok().map(std::borrow::Cow::Owned)
                }
            };
            JsonSegment { raw, decoded }
        }))
    }
}

/// One path segment of `edit --json`.
#[derive(Debug, Serialize)]
pub struct JsonSegment<'a> {
    /// As written (percent-encoded).
    pub raw: &'a str,
    /// Percent-decoded; null when the bytes are not UTF-8.
    pub decoded: Option<std::borrow::Cow<'a, str>>,
}

/// `u` (written `url`) in trurl's JSON shape, with its path's segments.
pub fn json<'a>(
    u: &'a Editable,
    url: &str,
    encoded: bool,
    sep: char,
) -> UrlObject<JsonSegments<'a>> {
    let get = |c: Component| -> Option<String> {
        if encoded {
            u.get(c).map(|v| v.into_owned())
        } else {
            u.decoded(c).map(|d| d.text.into_owned())
        }
    };
    let mut parts = Vec::with_capacity(9);
    for c in [
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
        Component::Zoneid,
    ] {
        match get(c) {
            Some(v) => parts.push((c.name(), v)),
            None if c == Component::Path => parts.push((c.name(), String::new())),
            None => {}
        }
    }
    let params = u.query.as_deref().map(|q| {
        query::pairs(q, sep)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = query::form_key_value(p);
                Param {
                    key: k.into_owned(),
                    value: v.map(|v| v.into_owned()).unwrap_or_default(),
                }
            })
            .collect()
    });
    UrlObject {
        url: url.to_string(),
        parts: Parts(parts),
        params,
        segments: Some(JsonSegments(u)),
    }
}
