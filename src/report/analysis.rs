//! The whole analysis of one input, for `parse --json` (beside today's
//! component fields) and the Markdown report: every component's span,
//! the path's segments decoded, the query's pairs with their RFC 3986 and
//! form decodings, the host's details (kind, IPv4 octets, IPv6 pieces and
//! RFC 5952 form, zone, IDNA forms), the scheme's facts, and where each
//! finding is explained. `assets/parse.schema.json` documents the shape.
//!
//! Everything here costs what the input has: segments and pairs are made
//! as they are read ([`SegmentList`], [`PairList`]), a segment or a pair
//! without `%` or `+` is not copied, IDNA runs only on a host with
//! non-ASCII or `xn--` labels.

use std::borrow::Cow;

use serde::Serialize;

use crate::uri::percent::{decode_bytes, DecodeOptions};
use crate::uri::{component::HostKind, Report, Span};

/// A byte range `[start, end)` of the input.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct JsonSpan {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl From<Span> for JsonSpan {
    fn from(s: Span) -> JsonSpan {
        JsonSpan {
            start: s.start,
            end: s.end,
        }
    }
}

/// Where each component is (null when undefined).
#[derive(Debug, Serialize, Default)]
pub struct Spans {
    /// `scheme`.
    pub scheme: Option<JsonSpan>,
    /// `authority` (without `//`).
    pub authority: Option<JsonSpan>,
    /// `userinfo` (without `@`).
    pub userinfo: Option<JsonSpan>,
    /// `host` (brackets included).
    pub host: Option<JsonSpan>,
    /// `port` (without `:`).
    pub port: Option<JsonSpan>,
    /// `path` (always present; may be empty).
    pub path: JsonSpan,
    /// `query` (without `?`).
    pub query: Option<JsonSpan>,
    /// `fragment` (without `#`).
    pub fragment: Option<JsonSpan>,
}

/// One path segment.
#[derive(Debug, Serialize)]
pub struct Segment<'a> {
    /// Where it is.
    #[serde(flatten)]
    pub span: JsonSpan,
    /// As written.
    pub raw: &'a str,
    /// Percent-decoded (null when the bytes are not UTF-8).
    pub decoded: Option<Cow<'a, str>>,
    /// `"."` or `".."` when the decoded segment is a dot segment (§5.2.4).
    pub dot: Option<&'static str>,
}

/// One `key[=value]` pair of the query (split on `&`; §3.4 gives the
/// query no structure, HTML forms do).
#[derive(Debug, Serialize)]
pub struct Pair<'a> {
    /// The whole pair.
    #[serde(flatten)]
    pub span: JsonSpan,
    /// The key as written.
    pub key: &'a str,
    /// The value as written (null without `=`).
    pub value: Option<&'a str>,
    /// The key percent-decoded (RFC 3986; `+` stays `+`).
    pub key_rfc: Option<Cow<'a, str>>,
    /// The value percent-decoded (RFC 3986).
    pub value_rfc: Option<Cow<'a, str>>,
    /// The key as a form field (`+` is a space, then percent-decoded).
    pub key_form: Option<Cow<'a, str>>,
    /// The value as a form field.
    pub value_form: Option<Cow<'a, str>>,
}

/// The host, taken apart.
#[derive(Debug, Serialize)]
pub struct HostDetails<'a> {
    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    pub kind: &'static str,
    /// The host as written.
    pub text: &'a str,
    /// An IPv4address's four octets.
    pub ipv4: Option<[u8; 4]>,
    /// An IPv6address's eight 16-bit pieces (as numbers).
    pub ipv6_pieces: Option<[u16; 8]>,
    /// Its RFC 5952 §4 text form.
    pub ipv6_canonical: Option<String>,
    /// The RFC 6874 zone ID (after `%25`), as written.
    pub zone: Option<&'a str>,
    /// An IPvFuture's version (the hex digits after `v`).
    pub ipvfuture_version: Option<&'a str>,
    /// A reg-name with non-ASCII or `xn--` labels: its IDNA forms.
    pub idna: Option<Idna>,
}

/// A host's IDNA forms (UTS #46 through the `idna` crate), or why not.
#[derive(Debug, Serialize)]
pub struct Idna {
    /// ToASCII (punycode), or null.
    pub ascii: Option<String>,
    /// ToUnicode, or null.
    pub unicode: Option<String>,
    /// Why a form could not be made.
    pub error: Option<String>,
}

/// What uriscope knows of the scheme (its registry entry).
#[derive(Debug, Serialize)]
pub struct SchemeFacts<'a> {
    /// The scheme, lower-cased (§3.1: case-insensitive); borrowed from
    /// the input when it already is.
    pub name: Cow<'a, str>,
    /// Whether uriscope's scheme table knows it.
    pub known: bool,
    /// Its default port.
    pub default_port: Option<u16>,
    /// Whether its URIs are hierarchical.
    pub hierarchical: Option<bool>,
    /// Whether an authority is required, allowed or forbidden.
    pub authority: Option<&'static str>,
    /// The specification that defines it.
    pub spec: Option<&'static str>,
}

/// The path's segments, each made (and decoded) as it is read: the list
/// is never held, so a line's JSON costs no allocation for it.
///
/// ```
/// let r = uriscope::uri::analyze("/a/%2e%2E/b%20c", Default::default());
/// let a = uriscope::report::analysis::Analysis::new(&r);
/// let decoded: Vec<_> = a.segments.iter().map(|s| s.decoded.unwrap()).collect();
/// assert_eq!(decoded, ["a", "..", "b c"]);
/// assert_eq!(a.segments.iter().nth(1).unwrap().dot, Some(".."));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SegmentList<'a> {
    input: &'a str,
    path: Span,
    /// Whether the input holds a `%` (without one, nothing decodes).
    escapes: bool,
}

impl<'a> SegmentList<'a> {
    /// The segments, in order.
    pub fn iter(&self) -> impl Iterator<Item = Segment<'a>> + 'a {
        let escapes = self.escapes;
        crate::uri::component::segments(self.input, self.path).map(move |(span, raw)| {
            let decoded = if escapes {
                pct(raw)
            } else {
                Some(Cow::Borrowed(raw))
            };
            let dot = match decoded.as_deref() {
                Some(".") => Some("."),
                Some("..") => Some(".."),
                _ => None,
            };
            Segment {
                span: span.into(),
                raw,
                decoded,
                dot,
            }
        })
    }

    /// Whether the path has no segment.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

impl Serialize for SegmentList<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.iter())
    }
}

/// The query's `&`-separated pairs, each made (and decoded) as it is
/// read, like [`SegmentList`].
///
/// ```
/// let r = uriscope::uri::analyze("?a=1+2&b", Default::default());
/// let a = uriscope::report::analysis::Analysis::new(&r);
/// let p: Vec<_> = a.query_pairs.iter().map(|p| (p.key, p.value_form)).collect();
/// assert_eq!(p, [("a", Some("1 2".into())), ("b", None)]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PairList<'a> {
    input: &'a str,
    query: Option<Span>,
    /// Whether the input holds a `%` or a `+` (without either, nothing
    /// decodes).
    escapes: bool,
}

impl<'a> PairList<'a> {
    /// The pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = Pair<'a>> + 'a {
        let (s, escapes) = (self.input, self.escapes);
        let decode = move |t: &'a str, f: fn(&'a str) -> Option<Cow<'a, str>>| {
            if escapes {
                f(t)
            } else {
                Some(Cow::Borrowed(t))
            }
        };
        crate::uri::component::query_pairs(s, self.query, b'&').map(move |p| {
            let key = p.key_str(s);
            let value = p.value_str(s);
            Pair {
                span: p.span.into(),
                key,
                value,
                key_rfc: decode(key, pct),
                value_rfc: value.and_then(|v| decode(v, pct)),
                key_form: decode(key, form),
                value_form: value.and_then(|v| decode(v, form)),
            }
        })
    }

    /// Whether there is no pair (no query).
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

impl Serialize for PairList<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(self.iter())
    }
}

/// The analysis beyond the components, for one valid-or-not input.
#[derive(Debug, Serialize)]
pub struct Analysis<'a> {
    /// The ABNF rule the path matched (§3.3); null for invalid input.
    pub path_kind: Option<&'static str>,
    /// Every component's span.
    pub spans: Spans,
    /// The path's segments.
    pub segments: SegmentList<'a>,
    /// The query's pairs (empty without a query).
    pub query_pairs: PairList<'a>,
    /// The host's details (null without a host, or for invalid input).
    pub host_details: Option<HostDetails<'a>>,
    /// The scheme's facts (null without a scheme).
    pub scheme_facts: Option<SchemeFacts<'a>>,
    /// A `data:` URI taken apart (RFC 2397); absent for other schemes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<DataJson>,
}

/// A `data:` URI (RFC 2397) in the JSON output.
#[derive(Debug, Serialize)]
pub struct DataJson {
    /// Why it could not be read (no `,`), with the position; the other
    /// fields are then null or empty.
    pub error: Option<String>,
    /// The media type essence, lower-cased (`text/plain`).
    pub media_type: Option<String>,
    /// Whether the media type was omitted (`text/plain` assumed).
    pub media_type_defaulted: bool,
    /// The parameters: attribute, decoded value, span.
    pub parameters: Vec<DataParameter>,
    /// The charset label and the encoding it maps to.
    pub charset: Option<String>,
    /// The WHATWG encoding name the charset maps to (null if unknown).
    pub encoding: Option<&'static str>,
    /// Whether the data is base64.
    pub base64: bool,
    /// Where the data is.
    pub data: Option<JsonSpan>,
    /// The decoded size in bytes.
    pub decoded_len: usize,
    /// The data findings (at most 1000), with positions.
    pub findings: Vec<DataFinding>,
    /// How many more findings there were.
    pub findings_omitted: usize,
    /// `text`, `image` or `binary`.
    pub preview: Option<&'static str>,
    /// For an image: its format and size from the header.
    pub image: Option<DataImage>,
}

/// One `attribute=value` parameter of a `data:` media type.
#[derive(Debug, Serialize)]
pub struct DataParameter {
    /// Where it is.
    #[serde(flatten)]
    pub span: JsonSpan,
    /// The attribute.
    pub attribute: String,
    /// The value, percent-decoded (null without `=`).
    pub value: Option<String>,
}

/// One finding about a `data:` payload.
#[derive(Debug, Serialize)]
pub struct DataFinding {
    /// Where it is.
    #[serde(flatten)]
    pub span: JsonSpan,
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// A stable code (`data-…`).
    pub code: &'static str,
    /// What was found.
    pub message: String,
}

/// An image recognised in a `data:` payload.
#[derive(Debug, Serialize)]
pub struct DataImage {
    /// `png`, `gif`, `jpeg` or `webp`.
    pub kind: &'static str,
    /// Width in pixels (null when the header is cut short).
    pub width: Option<u32>,
    /// Height in pixels.
    pub height: Option<u32>,
    /// Whether the declared `image/…` type names another format.
    pub mismatch: bool,
}

impl DataJson {
    /// The JSON view of `input`'s `data:` analysis, if it is one.
    pub fn new(input: &str) -> Option<DataJson> {
        use crate::uri::data_url;
        let d = match data_url::analyze(input)? {
            Ok(d) => d,
            Err(e) => {
                return Some(DataJson {
                    error: Some(e.to_string()),
                    media_type: None,
                    media_type_defaulted: false,
                    parameters: Vec::new(),
                    charset: None,
                    encoding: None,
                    base64: false,
                    data: None,
                    decoded_len: 0,
                    findings: Vec::new(),
                    findings_omitted: 0,
                    preview: None,
                    image: None,
                })
            }
        };
        let facts = data_url::Facts::of(&d, input);
        let image = match facts.payload {
            data_url::PayloadKind::Image {
                kind,
                dimensions,
                mismatch,
            } => Some(DataImage {
                kind: kind.as_str(),
                width: dimensions.map(|d| d.width),
                height: dimensions.map(|d| d.height),
                mismatch,
            }),
            _ => None,
        };
        Some(DataJson {
            error: None,
            media_type: Some(facts.media_type.clone()),
            media_type_defaulted: facts.defaulted,
            parameters: d
                .parameters
                .iter()
                .map(|p| DataParameter {
                    span: p.span.into(),
                    attribute: p.attribute.clone(),
                    value: p.value.clone(),
                })
                .collect(),
            charset: d.charset.as_ref().map(|c| c.label.clone()),
            encoding: d.charset.as_ref().and_then(|c| c.encoding),
            base64: facts.base64,
            data: Some(d.data.into()),
            decoded_len: facts.decoded_len,
            findings: d
                .findings
                .iter()
                .map(|f| DataFinding {
                    span: f.span.into(),
                    severity: f.severity.as_str(),
                    code: f.code.as_str(),
                    message: f.message.clone(),
                })
                .collect(),
            findings_omitted: d.findings_omitted,
            preview: Some(facts.kind()),
            image,
        })
    }
}

/// Percent-decode `s` (borrowed when there is no `%`); null when the
/// bytes are not UTF-8.
fn pct(s: &str) -> Option<Cow<'_, str>> {
    if !s.contains('%') {
        return Some(Cow::Borrowed(s));
    }
    match decode_bytes(s.as_bytes(), DecodeOptions::default()) {
        Cow::Borrowed(b) => std::str::from_utf8(b).ok().map(Cow::Borrowed),
        Cow::Owned(v) => String::from_utf8(v).ok().map(Cow::Owned),
    }
}

/// Decode as a form field: `+` is a space, then percent-decoding.
fn form(s: &str) -> Option<Cow<'_, str>> {
    if !s.contains('+') {
        return pct(s);
    }
    let spaced = s.replace('+', " ");
    pct(&spaced).map(|c| Cow::Owned(c.into_owned()))
}

impl<'a> Analysis<'a> {
    /// The analysis of a report. For invalid input the spans are those of
    /// the Appendix B split, and there are no host details.
    pub fn new(r: &Report<'a>) -> Analysis<'a> {
        let s = r.input;
        let valid = r.is_valid();
        let u = &r.uri;
        let auth = u.authority_parts().filter(|_| valid);
        let (scheme, authority, path, query, fragment) = if valid {
            (
                u.scheme_span(),
                auth.map(|a| a.span),
                u.path_span(),
                u.query_span(),
                u.fragment_span(),
            )
        } else {
            let p = &r.split;
            (p.scheme, p.authority, p.path, p.query, p.fragment)
        };
        let spans = Spans {
            scheme: scheme.map(Into::into),
            authority: authority.map(Into::into),
            userinfo: auth.and_then(|a| a.userinfo).map(Into::into),
            host: auth.map(|a| a.host.span.into()),
            port: auth.and_then(|a| a.port).map(Into::into),
            path: path.into(),
            query: query.map(Into::into),
            fragment: fragment.map(Into::into),
        };
        // One search of the input for '%' and '+': without either, every
        // segment, key and value decodes to itself, and none is searched.
        let escapes = memchr::memchr2(b'%', b'+', s.as_bytes()).is_some();
        let pct = |t: &'a str| {
            if escapes {
                pct(t)
            } else {
                Some(Cow::Borrowed(t))
            }
        };
        let segments = SegmentList {
            input: s,
            path,
            escapes,
        };
        let query_pairs = PairList {
            input: s,
            query,
            escapes,
        };
        let host_details = auth.map(|a| {
            let h = a.host;
            let text = h.span.slice(s);
            let address = h.address.slice(s);
            let mut d = HostDetails {
                kind: h.kind.as_str(),
                text,
                ipv4: None,
                ipv6_pieces: None,
                ipv6_canonical: None,
                zone: h.zone.map(|z| z.slice(s)),
                ipvfuture_version: None,
                idna: None,
            };
            match h.kind {
                HostKind::Ipv4 => {
                    let mut o = [0u8; 4];
                    for (slot, part) in o.iter_mut().zip(text.split('.')) {
                        *slot = part.parse().unwrap_or(0);
                    }
                    d.ipv4 = Some(o);
                }
                HostKind::Ipv6 => {
                    d.ipv6_pieces = crate::uri::host::ipv6_pieces(address);
                    d.ipv6_canonical = crate::uri::host::ipv6_canonical(address);
                }
                HostKind::IpFuture => {
                    d.ipvfuture_version = address
                        .strip_prefix(['v', 'V'])
                        .and_then(|v| v.split('.').next());
                }
                HostKind::RegName => {
                    // An `xn--` label holds "--": without it (nearly every
                    // host) the labels are not split and looked at.
                    let ace = || {
                        memchr::memmem::find(text.as_bytes(), b"--").is_some()
                            && text
                                .split('.')
                                .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
                    };
                    let labels_need_idna = !text.is_ascii() || ace();
                    if labels_need_idna {
                        let f = crate::uri::host::forms(&pct(text).unwrap_or(Cow::Borrowed(text)));
                        let error = match (&f.ascii, &f.unicode) {
                            (Err(e), _) | (_, Err(e)) => Some(e.to_string()),
                            _ => None,
                        };
                        d.idna = Some(Idna {
                            ascii: f.ascii.ok(),
                            unicode: f.unicode.ok(),
                            error,
                        });
                    }
                }
            }
            d
        });
        let scheme_facts = scheme.map(|sp| {
            let written = sp.slice(s);
            let name = if written.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(written.to_ascii_lowercase())
            } else {
                Cow::Borrowed(written)
            };
            match crate::uri::scheme::lookup(&name) {
                Some(info) => SchemeFacts {
                    known: true,
                    default_port: info.default_port,
                    hierarchical: Some(info.hierarchical),
                    authority: Some(info.authority.as_str()),
                    spec: Some(info.spec),
                    name,
                },
                None => SchemeFacts {
                    name,
                    known: false,
                    default_port: None,
                    hierarchical: None,
                    authority: None,
                    spec: None,
                },
            }
        });
        Analysis {
            path_kind: valid.then(|| u.path_kind().as_str()),
            spans,
            segments,
            query_pairs,
            host_details,
            scheme_facts,
            data: DataJson::new(s),
        }
    }
}
