//! The facts about a `data:` payload that every surface states: its media
//! type, encoding, decoded size and what the bytes are (text, an image of
//! some size, binary). Computed once from the header and the first bytes;
//! the explorer's `data:` section, the plain breakdown, Markdown and
//! `parse --json` all read them from here.

use super::{preview, DataUrl, Dimensions, ImageKind, Preview, PreviewOptions};

/// What the payload's bytes are, judged from its media type and header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payload {
    /// Text, in a charset.
    Text,
    /// An image recognised from its header.
    Image {
        /// The format the bytes are in.
        kind: ImageKind,
        /// Its size, when the header holds it.
        dimensions: Option<Dimensions>,
        /// Whether the declared `image/…` type names another format.
        mismatch: bool,
    },
    /// Anything else.
    Binary,
}

/// The facts of one `data:` URI.
///
/// ```
/// use uriscope_core::data_url::{analyze, Facts};
/// let s = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
/// let f = Facts::of(&analyze(s).unwrap().unwrap(), s);
/// assert_eq!(f.summary(), "image/gif · base64 · 14 bytes · GIF image, 1×1 pixels");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The media type's essence (`type/subtype`).
    pub media_type: String,
    /// Whether the media type was omitted (RFC 2397 §2: `text/plain`).
    pub defaulted: bool,
    /// Whether the data is base64 (`;base64`, RFC 2397 §3).
    pub base64: bool,
    /// The size of the decoded payload in bytes.
    pub decoded_len: usize,
    /// The length of the data as written, in bytes.
    pub data_len: usize,
    /// What the bytes are.
    pub payload: Payload,
}

impl Facts {
    /// The facts of `url`, analysed from `input`: only the header bytes an
    /// image needs are decoded.
    #[must_use]
    pub fn of(url: &DataUrl, input: &str) -> Facts {
        let options = PreviewOptions {
            text_bytes: 0,
            hex_bytes: 0,
            ..PreviewOptions::default()
        };
        let payload = match preview(url, input, &options) {
            Preview::Text { .. } => Payload::Text,
            Preview::Binary { .. } => Payload::Binary,
            Preview::Image {
                kind,
                dimensions,
                mismatch,
            } => Payload::Image {
                kind,
                dimensions,
                mismatch,
            },
        };
        Facts {
            media_type: url.essence(),
            defaulted: url.media_type.defaulted,
            base64: url.is_base64(),
            decoded_len: url.decoded_len,
            data_len: url.data.len(),
            payload,
        }
    }

    /// The payload's kind in one word: `text`, `image` or `binary`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self.payload {
            Payload::Text => "text",
            Payload::Image { .. } => "image",
            Payload::Binary => "binary",
        }
    }

    /// The media type as shown: `text/plain (the default: none given)`
    /// when it was omitted.
    #[must_use]
    pub fn media_type_text(&self) -> String {
        if self.defaulted {
            format!("{} (the default: none given)", self.media_type)
        } else {
            self.media_type.clone()
        }
    }

    /// How the data is encoded, with the section that says so.
    #[must_use]
    pub fn encoding_text(&self) -> &'static str {
        if self.base64 {
            "base64 (;base64, RFC 2397 §3)"
        } else {
            "percent-encoded octets (RFC 3986 §2.1)"
        }
    }

    /// The decoded size: `14 bytes (from 20 characters of data)`.
    #[must_use]
    pub fn size_text(&self) -> String {
        format!(
            "{} bytes (from {} characters of data)",
            self.decoded_len, self.data_len
        )
    }

    /// For an image: `GIF image, 1×1 pixels`; `None` otherwise.
    #[must_use]
    pub fn image_text(&self) -> Option<String> {
        let Payload::Image {
            kind, dimensions, ..
        } = self.payload
        else {
            return None;
        };
        let size = match dimensions {
            Some(d) => format!("{}×{} pixels", d.width, d.height),
            None => "size unknown: the header is cut short".to_string(),
        };
        Some(format!("{} image, {size}", kind.as_str()))
    }

    /// For an image whose bytes are not the declared format, what to say.
    #[must_use]
    pub fn mismatch_text(&self) -> Option<String> {
        match self.payload {
            Payload::Image {
                kind,
                mismatch: true,
                ..
            } => Some(format!(
                "the bytes are {}, not what the media type {} says",
                kind.media_type(),
                self.media_type
            )),
            _ => None,
        }
    }

    /// The facts in one line: media type, encoding, decoded size, and what
    /// the bytes are.
    #[must_use]
    pub fn summary(&self) -> String {
        let encoding = if self.base64 {
            "base64"
        } else {
            "percent-encoded"
        };
        let what = self.image_text().unwrap_or_else(|| self.kind().to_string());
        format!(
            "{} · {encoding} · {} bytes · {what}",
            self.media_type, self.decoded_len
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_url::analyze;

    fn facts(s: &str) -> Facts {
        Facts::of(&analyze(s).expect("data:").expect("valid"), s)
    }

    #[test]
    fn text_binary_and_defaulted_payloads() {
        let f = facts("data:,A%20brief%20note");
        assert_eq!(f.kind(), "text");
        assert!(f.defaulted);
        assert_eq!(f.media_type_text(), "text/plain (the default: none given)");
        assert_eq!(
            f.summary(),
            "text/plain · percent-encoded · 12 bytes · text"
        );
        let f = facts("data:application/octet-stream;base64,AAEC");
        assert_eq!(f.kind(), "binary");
        assert_eq!(f.size_text(), "3 bytes (from 4 characters of data)");
        assert_eq!(f.encoding_text(), "base64 (;base64, RFC 2397 §3)");
    }

    #[test]
    fn an_image_in_another_format_than_declared_says_so() {
        let f = facts("data:image/png;base64,R0lGODlhAQABAAAAACw=");
        assert_eq!(f.image_text().as_deref(), Some("GIF image, 1×1 pixels"));
        assert_eq!(
            f.mismatch_text().as_deref(),
            Some("the bytes are image/gif, not what the media type image/png says")
        );
    }
}
