//! What the payload looks like: text in its charset, an image's kind and
//! size, or a hex dump. Each decodes only the prefix it needs.

use std::borrow::Cow;
use std::fmt::Write as _;

use encoding_rs::{CoderResult, Encoding, UTF_8};

use super::payload::decode_prefix;
use super::{DataUrl, MediaType};

/// How much of the payload a preview decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewOptions {
    /// Bytes shown in a hex dump (16 a line). Default 256.
    pub hex_bytes: usize,
    /// Bytes decoded for a text preview. Default 16 KiB.
    pub text_bytes: usize,
    /// Bytes an image header is looked for in (a JPEG's size may come
    /// after its metadata). Default 64 KiB.
    pub image_bytes: usize,
}

impl Default for PreviewOptions {
    fn default() -> Self {
        PreviewOptions {
            hex_bytes: 256,
            text_bytes: 16 * 1024,
            image_bytes: 64 * 1024,
        }
    }
}

/// An image format recognized from its header bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageKind {
    /// PNG: the 8-byte signature, then IHDR.
    Png,
    /// GIF87a or GIF89a.
    Gif,
    /// JPEG: `FF D8 FF`, size from the first SOFn marker.
    Jpeg,
    /// WebP: RIFF/WEBP with a VP8, VP8L or VP8X chunk.
    Webp,
}

impl ImageKind {
    /// `PNG`, `GIF`, `JPEG` or `WebP`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ImageKind::Png => "PNG",
            ImageKind::Gif => "GIF",
            ImageKind::Jpeg => "JPEG",
            ImageKind::Webp => "WebP",
        }
    }

    /// The media type, such as `image/png`.
    #[must_use]
    pub fn media_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Gif => "image/gif",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Webp => "image/webp",
        }
    }

    /// The kind an `image/…` subtype names (lower case), with the common
    /// aliases `jpg`, `pjpeg`, `apng`, `x-png`.
    #[must_use]
    pub fn from_subtype(subtype: &str) -> Option<ImageKind> {
        match subtype {
            "png" | "apng" | "x-png" => Some(ImageKind::Png),
            "gif" => Some(ImageKind::Gif),
            "jpeg" | "jpg" | "pjpeg" => Some(ImageKind::Jpeg),
            "webp" => Some(ImageKind::Webp),
            _ => None,
        }
    }

    /// The kind of image `header` starts with, if one of these four.
    #[must_use]
    pub fn sniff(header: &[u8]) -> Option<ImageKind> {
        match imagesize::image_type(header).ok()? {
            imagesize::ImageType::Png => Some(ImageKind::Png),
            imagesize::ImageType::Gif => Some(ImageKind::Gif),
            imagesize::ImageType::Jpeg => Some(ImageKind::Jpeg),
            imagesize::ImageType::Webp => Some(ImageKind::Webp),
            _ => None,
        }
    }
}

/// An image's size in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dimensions {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// What the payload looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preview {
    /// Text decoded by its charset. Controls are left in `text`: show it
    /// through [`visible_controls`].
    Text {
        /// The decoded text (of the first `text_bytes` bytes at most).
        text: String,
        /// The WHATWG name of the encoding used (after BOM sniffing);
        /// UTF-8 when no charset applies or the label is unknown.
        charset: &'static str,
        /// Whether bytes that are not text in that charset became U+FFFD.
        lossy: bool,
        /// Whether only the first bytes were decoded.
        truncated: bool,
        /// Whether [`visible_controls`] would change the text.
        controls: bool,
    },
    /// An image recognized from its header.
    Image {
        /// The format the bytes are in.
        kind: ImageKind,
        /// The size from the header; `None` when the header is cut short.
        dimensions: Option<Dimensions>,
        /// Whether the declared `image/…` subtype names another format (or
        /// one this preview does not know) than the bytes are.
        mismatch: bool,
    },
    /// Anything else, as a hex dump (see [`hex_dump`]).
    Binary {
        /// The dump lines.
        lines: Vec<String>,
        /// How many bytes the dump shows.
        shown: usize,
        /// The size of the whole payload.
        total: usize,
    },
}

/// Whether a media type is shown as text: `text/*`, an omitted (defaulted)
/// type, `+json` and `+xml` types, the usual textual `application/*`
/// types, or any type with a `charset` parameter.
pub(super) fn is_text(mt: &MediaType, has_charset: bool) -> bool {
    if mt.defaulted || has_charset || mt.type_name == "text" || mt.type_name == "message" {
        return true;
    }
    let sub = mt.subtype.as_str();
    if sub.ends_with("+json") || sub.ends_with("+xml") {
        return true;
    }
    mt.type_name == "application"
        && matches!(
            sub,
            "json"
                | "json5"
                | "x-ndjson"
                | "xml"
                | "javascript"
                | "x-javascript"
                | "ecmascript"
                | "x-ecmascript"
                | "x-www-form-urlencoded"
                | "sql"
                | "graphql"
                | "toml"
                | "yaml"
                | "x-yaml"
                | "x-sh"
                | "x-shellscript"
                | "x-tex"
                | "x-latex"
                | "csv"
        )
}

/// A preview of the payload of `url` (analyzed from `input`), decoding
/// only what it shows.
///
/// - Text for `text/*` and `message/*`, an omitted or invalid type, `+json`
///   and `+xml` types (`image/svg+xml` too), the textual `application/*`
///   types (`json`, `xml`, `javascript`, `x-www-form-urlencoded`, `sql`,
///   `yaml`, `toml`, …) and any type with a `charset` parameter; decoded in
///   the charset of [`DataUrl::charset`] (US-ASCII is read as
///   windows-1252, as browsers do), else UTF-8; a BOM overrides. At most
///   `text_bytes` are decoded.
/// - An image for `image/*` when the first `image_bytes` are a PNG, GIF,
///   JPEG or WebP header (read by `imagesize`).
/// - A hex dump of the first `hex_bytes` otherwise.
///
/// ```
/// use uriscope_core::data_url::{analyze, preview, Preview, PreviewOptions};
/// let s = "data:,A%20brief%20note";
/// let d = analyze(s).unwrap().unwrap();
/// let Preview::Text { text, .. } = preview(&d, s, &PreviewOptions::default()) else { panic!() };
/// assert_eq!(text, "A brief note");
/// ```
#[must_use]
pub fn preview(url: &DataUrl, input: &str, options: &PreviewOptions) -> Preview {
    let mt = &url.media_type;
    let has_charset = url.charset.as_ref().is_some_and(|c| !c.defaulted);
    if is_text(mt, has_charset) {
        let payload = decode_prefix(url, input, options.text_bytes);
        let encoding = url
            .charset
            .as_ref()
            .and_then(|c| Encoding::for_label(c.label.trim().as_bytes()))
            .unwrap_or(UTF_8);
        let (text, charset, lossy) = decode_text(encoding, &payload.bytes, !payload.truncated);
        let controls = matches!(visible_controls(&text), Cow::Owned(_));
        return Preview::Text {
            text,
            charset,
            lossy,
            truncated: payload.truncated,
            controls,
        };
    }
    let limit = if mt.type_name == "image" {
        options.image_bytes.max(options.hex_bytes)
    } else {
        options.hex_bytes
    };
    let payload = decode_prefix(url, input, limit);
    if mt.type_name == "image" {
        if let Some(kind) = ImageKind::sniff(&payload.bytes) {
            let dimensions = imagesize::blob_size(&payload.bytes)
                .ok()
                .map(|s| Dimensions {
                    width: u32::try_from(s.width).unwrap_or(u32::MAX),
                    height: u32::try_from(s.height).unwrap_or(u32::MAX),
                });
            return Preview::Image {
                kind,
                dimensions,
                mismatch: ImageKind::from_subtype(&mt.subtype) != Some(kind),
            };
        }
    }
    let shown = payload.bytes.len().min(options.hex_bytes);
    Preview::Binary {
        lines: hex_dump(&payload.bytes[..shown], 0),
        shown,
        total: url.decoded_len,
    }
}

/// Decode `bytes` with `encoding` (BOM sniffing on); `last` when no bytes
/// follow, so a sequence cut at the end is not an error.
fn decode_text(
    encoding: &'static Encoding,
    bytes: &[u8],
    last: bool,
) -> (String, &'static str, bool) {
    let mut decoder = encoding.new_decoder();
    let cap = decoder
        .max_utf8_buffer_length(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut out = String::with_capacity(cap);
    let mut lossy = false;
    let mut rest = bytes;
    loop {
        let (result, read, replaced) = decoder.decode_to_string(rest, &mut out, last);
        lossy |= replaced;
        rest = &rest[read..];
        match result {
            CoderResult::InputEmpty => break,
            CoderResult::OutputFull => out.reserve(rest.len().saturating_mul(3).max(16)),
        }
    }
    (out, decoder.encoding().name(), lossy)
}

/// Whether `c` is shown escaped by [`visible_controls`].
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{9}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{ad}' | '\u{61c}' | '\u{180e}'
        | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}'
        | '\u{feff}' | '\u{fff9}'..='\u{fffb}'
        | '\u{e0001}' | '\u{e0020}'..='\u{e007f}')
}

/// `text` with every control and invisible formatting character made
/// visible, line feeds kept (they are line structure):
///
/// - C0 controls and DEL as Unicode Control Pictures: NUL `␀`, TAB `␉`,
///   CR `␍`, ESC `␛`, DEL `␡`;
/// - C1 controls, bidi controls, zero-width and other invisible format
///   characters (and U+2028/U+2029) as `\u{…}` escapes, such as `\u{202e}`.
///
/// Borrows when nothing changes.
///
/// ```
/// use uriscope_core::data_url::visible_controls;
/// assert_eq!(visible_controls("a\tb\r\n\u{1b}[0m\u{202e}"), "a␉b␍\n␛[0m\\u{202e}");
/// assert!(matches!(visible_controls("plain\ntext"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn visible_controls(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(is_invisible) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match c {
            '\u{0}'..='\u{1f}' if c != '\n' => {
                out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'))
            }
            '\u{7f}' => out.push('\u{2421}'),
            c if is_invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A hex dump in the classic `hexdump -C` layout, 16 bytes a line:
/// an 8-digit hex offset (counting from `offset`), the bytes in hex with
/// an extra space after the eighth, and the printable ASCII between `|`,
/// other bytes as `.`.
///
/// ```
/// use uriscope_core::data_url::hex_dump;
/// assert_eq!(
///     hex_dump(b"Hello, World!\n", 0),
///     ["00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 0a        |Hello, World!.|"]
/// );
/// ```
#[must_use]
pub fn hex_dump(bytes: &[u8], offset: usize) -> Vec<String> {
    let mut lines = Vec::with_capacity(bytes.len().div_ceil(16));
    for (n, chunk) in bytes.chunks(16).enumerate() {
        let mut line = String::with_capacity(78);
        let _ = write!(line, "{:08x}  ", offset.saturating_add(n * 16));
        for j in 0..16 {
            match chunk.get(j) {
                Some(b) => {
                    let _ = write!(line, "{b:02x} ");
                }
                None => line.push_str("   "),
            }
            if j == 7 {
                line.push(' ');
            }
        }
        line.push_str(" |");
        line.extend(chunk.iter().map(|&b| {
            if (0x20..0x7f).contains(&b) {
                b as char
            } else {
                '.'
            }
        }));
        line.push('|');
        lines.push(line);
    }
    lines
}
