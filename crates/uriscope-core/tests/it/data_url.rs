//! `data:` URIs (RFC 2397) as a user brings them: the §4 examples, images
//! built byte by byte, charsets, located errors, bounds on time and on
//! findings, and properties (no panic, spans on char boundaries, base64
//! round trips).

use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
use base64::Engine as _;
use proptest::prelude::*;
use uriscope_core::data_url::{
    analyze, decode_payload, decode_prefix, hex_dump, preview, visible_controls, DataUrl,
    Dimensions, ImageKind, Preview, PreviewOptions, MAX_FINDINGS,
};
use uriscope_core::{Severity, Span};

/// Analyze a data URL that must have a `,`.
fn ok(s: &str) -> DataUrl {
    analyze(s)
        .expect("a data: URI")
        .unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn codes(d: &DataUrl) -> Vec<&'static str> {
    d.findings.iter().map(|f| f.code.as_str()).collect()
}

fn show(s: &str) -> Preview {
    preview(&ok(s), s, &PreviewOptions::default())
}

fn b64_url(media: &str, bytes: &[u8]) -> String {
    format!("data:{media};base64,{}", STANDARD.encode(bytes))
}

fn image(s: &str) -> (ImageKind, Option<Dimensions>, bool) {
    match show(s) {
        Preview::Image {
            kind,
            dimensions,
            mismatch,
        } => (kind, dimensions, mismatch),
        other => panic!("{s}: not an image: {other:?}"),
    }
}

fn dims(width: u32, height: u32) -> Option<Dimensions> {
    Some(Dimensions { width, height })
}

fn text_of(p: Preview) -> (String, &'static str, bool) {
    match p {
        Preview::Text {
            text,
            charset,
            lossy,
            ..
        } => (text, charset, lossy),
        other => panic!("not text: {other:?}"),
    }
}

// ---- RFC 2397 §4, the examples.

#[test]
fn rfc_2397_brief_note() {
    let s = "data:,A%20brief%20note";
    let d = ok(s);
    assert_eq!(d.scheme.slice(s), "data");
    assert!(d.media_type.defaulted);
    assert_eq!(d.essence(), "text/plain");
    assert_eq!(d.media_type.span, Span::new(5, 5));
    let cs = d.charset.as_ref().unwrap();
    assert!(cs.defaulted);
    assert_eq!(cs.label, "US-ASCII");
    assert_eq!(cs.encoding, Some("windows-1252"));
    assert!(!d.is_base64());
    assert_eq!(d.comma, 5);
    assert_eq!(d.data.slice(s), "A%20brief%20note");
    assert_eq!(d.fragment, None);
    assert_eq!(d.decoded_len, 12);
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    assert_eq!(decode_payload(&d, s).bytes, b"A brief note");
    let (text, charset, lossy) = text_of(show(s));
    assert_eq!(
        (text.as_str(), charset, lossy),
        ("A brief note", "windows-1252", false)
    );
}

const RFC_GIF: &str = "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7";

#[test]
fn rfc_2397_gif() {
    let s = RFC_GIF;
    let d = ok(s);
    assert_eq!(d.media_type.span.slice(s), "image/gif");
    assert_eq!(d.media_type.type_span.slice(s), "image");
    assert_eq!(d.media_type.subtype_span.unwrap().slice(s), "gif");
    assert_eq!(d.essence(), "image/gif");
    assert!(!d.media_type.defaulted);
    assert_eq!(d.charset, None);
    assert_eq!(d.base64.unwrap().slice(s), "base64");
    assert!(d.data.slice(s).starts_with("R0lGODdh"));
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    let p = decode_payload(&d, s);
    assert_eq!(p.error, None);
    assert!(p.bytes.starts_with(b"GIF87a"));
    assert_eq!(p.bytes.len(), d.decoded_len);
    assert_eq!(p.bytes.len(), 273);
    assert_eq!(image(s), (ImageKind::Gif, dims(48, 48), false));
}

#[test]
fn rfc_2397_greek_with_a_malformed_escape() {
    let s = "data:text/plain;charset=iso-8859-7,%be%fg%be";
    let d = ok(s);
    assert_eq!(d.media_type.span.slice(s), "text/plain;charset=iso-8859-7");
    assert_eq!(d.parameters.len(), 1);
    let p = &d.parameters[0];
    assert_eq!(p.attribute, "charset");
    assert_eq!(p.attribute_span.slice(s), "charset");
    assert_eq!(p.value.as_deref(), Some("iso-8859-7"));
    assert_eq!(p.value_span.unwrap().slice(s), "iso-8859-7");
    assert_eq!(p.span.slice(s), "charset=iso-8859-7");
    let cs = d.charset.as_ref().unwrap();
    assert_eq!(cs.label, "iso-8859-7");
    assert!(!cs.defaulted);
    assert_eq!(cs.encoding, Some("ISO-8859-7"));

    assert_eq!(codes(&d), ["data-bad-percent"]);
    let f = &d.findings[0];
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(f.span, Span::new(38, 41));
    assert_eq!(f.span.slice(s), "%fg");
    assert!(f.message.contains("%fg"), "{}", f.message);
    assert!(!d.is_valid());

    let pay = decode_payload(&d, s);
    assert_eq!(pay.bytes, [0xBE, b'%', b'f', b'g', 0xBE]);
    assert_eq!(pay.malformed, [Span::new(38, 41)]);
    assert_eq!(d.decoded_len, 5);
    let (text, charset, lossy) = text_of(show(s));
    assert_eq!(text, "Ύ%fgΎ");
    assert_eq!(charset, "ISO-8859-7");
    assert!(!lossy);
}

#[test]
fn rfc_2397_vendor_type_is_binary() {
    let s = "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local";
    let d = ok(s);
    assert_eq!(d.essence(), "application/vnd-xxx-query");
    assert_eq!(d.charset, None);
    assert_eq!(d.data.slice(s), "select_vcount,fcol_from_fieldtable/local");
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    let Preview::Binary {
        lines,
        shown,
        total,
    } = show(s)
    else {
        panic!("binary expected")
    };
    assert_eq!((shown, total), (40, 40));
    assert_eq!(
        lines,
        [
            "00000000  73 65 6c 65 63 74 5f 76  63 6f 75 6e 74 2c 66 63  |select_vcount,fc|",
            "00000010  6f 6c 5f 66 72 6f 6d 5f  66 69 65 6c 64 74 61 62  |ol_from_fieldtab|",
            "00000020  6c 65 2f 6c 6f 63 61 6c                           |le/local|",
        ]
    );
}

// ---- Images from their headers.

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
    v.extend_from_slice(&13u32.to_be_bytes());
    v.extend_from_slice(b"IHDR");
    v.extend_from_slice(&width.to_be_bytes());
    v.extend_from_slice(&height.to_be_bytes());
    v.extend_from_slice(&[8, 6, 0, 0, 0]); // depth, RGBA, compression, filter, interlace
    v.extend_from_slice(&[0xDE, 0xAD, 0xBE, 0xEF]); // CRC (not checked)
    v
}

fn jpeg(width: u16, height: u16) -> Vec<u8> {
    let mut v = vec![0xFF, 0xD8];
    // APP0 JFIF, 16 bytes with its length.
    v.extend_from_slice(&[0xFF, 0xE0, 0x00, 0x10]);
    v.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    // SOF0: length 17, precision 8, height, width, 3 components.
    v.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08]);
    v.extend_from_slice(&height.to_be_bytes());
    v.extend_from_slice(&width.to_be_bytes());
    v.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    v
}

fn riff(chunk: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut v = b"RIFF".to_vec();
    v.extend_from_slice(&(4 + 8 + body.len() as u32).to_le_bytes());
    v.extend_from_slice(b"WEBP");
    v.extend_from_slice(chunk);
    v.extend_from_slice(&(body.len() as u32).to_le_bytes());
    v.extend_from_slice(body);
    v
}

fn webp_vp8(width: u16, height: u16) -> Vec<u8> {
    let mut body = vec![0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A]; // frame tag, start code
    body.extend_from_slice(&width.to_le_bytes());
    body.extend_from_slice(&height.to_le_bytes());
    body.extend_from_slice(&[0; 8]);
    riff(b"VP8 ", &body)
}

fn webp_vp8l(width: u32, height: u32) -> Vec<u8> {
    let mut body = vec![0x2F];
    let bits = (width - 1) | (height - 1) << 14;
    body.extend_from_slice(&bits.to_le_bytes());
    body.extend_from_slice(&[0; 7]);
    riff(b"VP8L", &body)
}

fn webp_vp8x(width: u32, height: u32) -> Vec<u8> {
    let mut body = vec![0x10, 0, 0, 0]; // flags: alpha
    body.extend_from_slice(&(width - 1).to_le_bytes()[..3]);
    body.extend_from_slice(&(height - 1).to_le_bytes()[..3]);
    riff(b"VP8X", &body)
}

#[test]
fn png_from_its_ihdr() {
    let s = b64_url("image/png", &png(640, 480));
    assert_eq!(image(&s), (ImageKind::Png, dims(640, 480), false));
    assert!(ok(&s).findings.is_empty(), "{:?}", ok(&s).findings);
}

#[test]
fn declared_type_that_disagrees_with_the_bytes() {
    let s = b64_url("image/jpeg", &png(3, 2));
    assert_eq!(image(&s), (ImageKind::Png, dims(3, 2), true));
    let s = b64_url("image/x-icon", &png(16, 16));
    assert_eq!(image(&s), (ImageKind::Png, dims(16, 16), true));
    // jpg is an alias, not a mismatch.
    let s = b64_url("image/JPG", &jpeg(5, 7));
    assert_eq!(image(&s), (ImageKind::Jpeg, dims(5, 7), false));
}

#[test]
fn jpeg_from_its_sof0() {
    let s = b64_url("image/jpeg", &jpeg(1920, 1080));
    assert_eq!(image(&s), (ImageKind::Jpeg, dims(1920, 1080), false));
}

#[test]
fn webp_lossy_lossless_and_extended() {
    let s = b64_url("image/webp", &webp_vp8(320, 200));
    assert_eq!(image(&s), (ImageKind::Webp, dims(320, 200), false));
    let s = b64_url("image/webp", &webp_vp8l(1000, 16384));
    assert_eq!(image(&s), (ImageKind::Webp, dims(1000, 16384), false));
    let s = b64_url("image/webp", &webp_vp8x(70000, 3));
    assert_eq!(image(&s), (ImageKind::Webp, dims(70000, 3), false));
}

#[test]
fn image_header_cut_short_or_unknown() {
    // The PNG signature without a whole IHDR: the kind, no size.
    let s = b64_url("image/png", &png(1, 1)[..14]);
    assert_eq!(image(&s), (ImageKind::Png, None, false));
    // image/* that is no known format: a hex dump.
    let s = b64_url("image/bmp", b"BM\x00\x00not really a bitmap");
    assert!(matches!(show(&s), Preview::Binary { shown: 23, .. }));
    // Image bytes under a non-image type are not sniffed.
    let s = b64_url("application/octet-stream", &png(1, 1));
    assert!(matches!(show(&s), Preview::Binary { .. }));
}

#[test]
fn image_preview_reads_only_the_header() {
    // A 1 MiB "PNG": the preview decodes the first image_bytes only.
    let mut bytes = png(4000, 3000);
    bytes.resize(1 << 20, 0xAB);
    let s = b64_url("image/png", &bytes);
    let d = ok(&s);
    assert_eq!(d.decoded_len, 1 << 20);
    let head = decode_prefix(&d, &s, 100);
    assert_eq!(head.bytes, bytes[..100]);
    assert!(head.truncated);
    assert_eq!(head.total_len, 1 << 20);
    assert_eq!(image(&s), (ImageKind::Png, dims(4000, 3000), false));
}

// ---- Located errors.

#[test]
fn malformed_base64_is_located_by_byte() {
    let s = "data:;base64,SGVs!bG8=";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-invalid"]);
    assert_eq!(d.findings[0].span, Span::new(17, 18));
    assert!(
        d.findings[0].message.contains("'!'"),
        "{}",
        d.findings[0].message
    );
    let p = decode_payload(&d, s);
    let e = p.error.as_ref().unwrap();
    assert_eq!(e.span, Span::new(17, 18));
    assert_eq!(e.byte, Some(b'!'));
    assert_eq!(e.code, "data-base64-invalid");
    assert!(
        e.message.contains("byte 17") && e.message.contains("'!'"),
        "{}",
        e.message
    );
    assert_eq!(e.finding().span, e.span);
    assert_eq!(p.bytes, b"Hel", "what decodes before the error");
    assert!(!p.truncated);

    // A character of several bytes: the span covers all of it.
    let s = "data:;base64,QUJD\u{20ac}RA==";
    let d = ok(s);
    assert_eq!(d.findings[0].span.slice(s), "€");
    let e = decode_payload(&d, s).error.unwrap();
    assert_eq!(e.span.slice(s), "€");
    assert!(e.message.contains("'€' (U+20AC)"), "{}", e.message);

    // A byte from an escape: the span covers the escape.
    let s = "data:;base64,QU%2aD";
    let d = ok(s);
    let e = decode_payload(&d, s).error.unwrap();
    assert_eq!(e.span.slice(s), "%2a");
    assert_eq!(e.byte, Some(b'*'));
    assert!(codes(&d).contains(&"data-base64-invalid"));
}

#[test]
fn base64_error_is_the_first_one() {
    // The base64 crate checks the last quantum apart, so its offset can
    // be a later bad byte; the payload names the first.
    let s = "data:;base64,QUJD!QUJDQUJD\"";
    let d = ok(s);
    let p = decode_payload(&d, s);
    let e = p.error.unwrap();
    assert_eq!((e.span, e.byte), (Span::new(17, 18), Some(b'!')));
    assert_eq!(p.bytes, b"ABC");
    assert_eq!(
        decode_prefix(&d, s, 2).error,
        None,
        "the error is past the prefix"
    );
    assert_eq!(decode_prefix(&d, s, 4).error.unwrap().span, e.span);
    // Found by proptest: full and prefix decoding agree.
    let s = "DaTA:;base64,Atext/plain\u{cca}\u{3a3};image/png;%e2%82;%4image/png;;A\"#";
    let d = ok(s);
    let full = decode_payload(&d, s);
    let head = decode_prefix(&d, s, 7);
    assert_eq!(full.error.unwrap().span, Span::new(24, 27));
    assert_eq!(head.bytes, full.bytes);
    let s = "dAta:;base64,text/plain==%";
    let d = ok(s);
    let full = decode_payload(&d, s);
    let head = decode_prefix(&d, s, 7);
    assert_eq!(full.error.as_ref().unwrap().code, "data-base64-padding");
    assert_eq!(head.error, full.error);
    assert_eq!(head.bytes, full.bytes);
}

#[test]
fn base64_padding_and_length() {
    // Padding in the middle.
    let s = "data:;base64,QQ==QUJD";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-padding"]);
    assert_eq!(d.findings[0].span.slice(s), "==");
    let e = decode_payload(&d, s).error.unwrap();
    assert_eq!(e.span, Span::new(15, 16));
    assert_eq!(e.code, "data-base64-padding");
    // One symbol alone at the end.
    let s = "data:;base64,QUJDR";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-length"]);
    assert_eq!(d.findings[0].span.slice(s), "R");
    let p = decode_payload(&d, s);
    assert_eq!(p.error.unwrap().code, "data-base64-length");
    assert_eq!(p.bytes, b"ABC");
    // Missing padding is accepted (a note), partial padding warned.
    let s = "data:;base64,QQ";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-unpadded"]);
    assert_eq!(d.findings[0].severity, Severity::Note);
    assert_eq!(decode_payload(&d, s).bytes, b"A");
    let s = "data:;base64,QQ=";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-partial-padding"]);
    assert_eq!(decode_payload(&d, s).bytes, b"A");
    // Non-zero trailing bits are ignored (a note).
    let s = "data:;base64,QR==";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-trailing-bits"]);
    assert_eq!(decode_payload(&d, s).bytes, b"A");
}

#[test]
fn whitespace_and_escapes_in_base64() {
    let s = "data:;base64,SGVs bG8%3D";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-whitespace", "data-base64-escapes"]);
    assert_eq!(d.findings[0].span.slice(s), " ");
    assert_eq!(d.findings[0].severity, Severity::Warning);
    assert_eq!(d.findings[1].span.slice(s), "%3D");
    assert_eq!(d.decoded_len, 5);
    assert_eq!(decode_payload(&d, s).bytes, b"Hello");
    // Escaped whitespace, as a browser would have sent it.
    let s = "data:;base64,SGVs%0AbG8=";
    let d = ok(s);
    assert!(codes(&d).contains(&"data-base64-whitespace"));
    assert_eq!(decode_payload(&d, s).bytes, b"Hello");
}

#[test]
fn missing_comma() {
    let s = "data:text/plain;base64";
    let e = analyze(s).unwrap().unwrap_err();
    assert_eq!(e.at, 22);
    assert_eq!(e.header.slice(s), "text/plain;base64");
    assert!(e.expected.contains('`'));
    assert!(e.to_string().contains("byte 22"), "{e}");
    assert!(e.to_string().contains("`,`"), "{e}");
    let f = e.finding();
    assert_eq!(
        (f.code.as_str(), f.span, f.severity),
        ("data-missing-comma", Span::empty(22), Severity::Error)
    );

    // The only `,` is in the fragment.
    let s = "data:text/plain#a,b";
    let e = analyze(s).unwrap().unwrap_err();
    assert_eq!((e.at, e.comma_in_fragment), (15, Some(17)));
    assert!(e.to_string().contains("fragment"), "{e}");

    assert_eq!(analyze("data:").unwrap().unwrap_err().at, 5);
}

#[test]
fn only_the_data_scheme() {
    assert!(analyze("http://example.com/,x").is_none());
    assert!(analyze("dat:,x").is_none());
    assert!(analyze("data").is_none());
    assert!(analyze("").is_none());
    assert!(analyze("xdata:,x").is_none());
    let s = "DaTa:,x";
    assert_eq!(ok(s).scheme.slice(s), "DaTa");
}

// ---- The header.

#[test]
fn charset_without_type() {
    let s = "data:;charset=utf-8,caf%C3%A9";
    let d = ok(s);
    assert!(d.media_type.defaulted);
    assert_eq!(d.essence(), "text/plain");
    assert_eq!(d.media_type.span.slice(s), ";charset=utf-8");
    let cs = d.charset.as_ref().unwrap();
    assert_eq!((cs.label.as_str(), cs.defaulted), ("utf-8", false));
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    assert_eq!(text_of(show(s)).0, "café");
}

#[test]
fn parameter_findings() {
    let s = "data:text/plain;foo,x";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-param-no-value"]);
    assert_eq!(d.findings[0].span.slice(s), "foo");
    assert_eq!(d.parameters[0].value, None);

    // `;base64` not last: a parameter, and the data is not base64.
    let s = "data:text/plain;base64;charset=utf-8,SGk=";
    let d = ok(s);
    assert!(!d.is_base64());
    assert_eq!(codes(&d), ["data-base64-not-last"]);
    assert_eq!(d.findings[0].span.slice(s), "base64");
    assert_eq!(decode_payload(&d, s).bytes, b"SGk=");

    // Empty parameter and empty attribute.
    let s = "data:text/plain;;=x,y";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-param-empty", "data-attribute-empty"]);
    assert_eq!(d.findings[0].span.slice(s), ";");

    // Duplicate and unknown charsets.
    let s = "data:text/plain;charset=nope;charset=utf-8,x";
    let d = ok(s);
    assert_eq!(
        codes(&d),
        ["data-unknown-charset", "data-duplicate-charset"]
    );
    assert_eq!(d.findings[0].span.slice(s), "nope");
    assert_eq!(d.charset.as_ref().unwrap().encoding, None);
    assert_eq!(text_of(show(s)).1, "UTF-8");

    // Percent-decoded values, case-insensitive attributes.
    let s = "data:text/plain;CharSet=utf%2D8;name=a%20b,x";
    let d = ok(s);
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    assert_eq!(d.charset.as_ref().unwrap().label, "utf-8");
    assert_eq!(d.parameter("NAME").unwrap().value.as_deref(), Some("a b"));
    assert_eq!(d.parameters[1].value_span.unwrap().slice(s), "a%20b");

    // Upper-case BASE64 is base64, with a note.
    let s = "data:text/plain;BASE64,SGk=";
    let d = ok(s);
    assert_eq!(codes(&d), ["data-base64-case"]);
    assert_eq!(decode_payload(&d, s).bytes, b"Hi");
}

#[test]
fn quoted_string_values() {
    let s = r#"data:text/plain;charset="utf-8";title="a;b\"c",x"#;
    let d = ok(s);
    assert_eq!(
        codes(&d),
        [
            "data-quoted-value",
            "data-quoted-value",
            "data-invalid-char"
        ]
    );
    assert_eq!(d.findings[0].span.slice(s), "\"utf-8\"");
    assert_eq!(d.charset.as_ref().unwrap().label, "utf-8");
    let t = d.parameter("title").unwrap();
    assert!(t.quoted);
    assert_eq!(t.value.as_deref(), Some("a;b\"c"));
    assert_eq!(d.data.slice(s), "x");

    // A `,` inside quotes still ends the header.
    let s = r#"data:text/plain;title="a,b",x"#;
    let d = ok(s);
    assert!(codes(&d).contains(&"data-unterminated-quote"));
    assert_eq!(d.data.slice(s), "b\",x");
}

#[test]
fn media_type_findings() {
    for (s, code, at) in [
        ("data:/plain,x", "data-type-empty", "/"),
        ("data:text/,x", "data-subtype-empty", "/"),
        ("data:text,x", "data-no-subtype", "text"),
        ("data:charset=utf-8,x", "data-type-missing", "charset=utf-8"),
        ("data:te(t/plain,x", "data-type-token", "("),
    ] {
        let d = ok(s);
        assert_eq!(codes(&d), [code], "{s}");
        assert_eq!(d.findings[0].span.slice(s), at, "{s}");
        assert_eq!(d.findings[0].severity, Severity::Error, "{s}");
        assert!(d.media_type.defaulted, "{s}");
        assert_eq!(d.essence(), "text/plain", "{s}");
    }
    let s = "data:Text/HTML,<b>";
    let d = ok(s);
    assert_eq!(d.essence(), "text/html");
    assert_eq!(d.media_type.essence.slice(s), "Text/HTML");
    assert!(d.media_type.is("TEXT", "html"));
    assert_eq!(d.charset, None, "only text/plain defaults to US-ASCII");
    assert_eq!(codes(&d), ["data-invalid-char", "data-invalid-char"]);
}

#[test]
fn fragment_is_kept_apart() {
    let s = "data:,hello#frag,ment";
    let d = ok(s);
    assert_eq!(d.data.slice(s), "hello");
    assert_eq!(d.fragment.unwrap().slice(s), "frag,ment");
    assert_eq!(codes(&d), ["data-fragment"]);
    assert_eq!(d.findings[0].span.slice(s), "#frag,ment");
    assert_eq!(decode_payload(&d, s).bytes, b"hello");
    // `?` is data, not a query.
    let s = "data:,a?b=c";
    assert_eq!(decode_payload(&ok(s), s).bytes, b"a?b=c");
}

#[test]
fn characters_not_allowed_in_a_uri() {
    let s = "data:,a b  c\u{e9}<";
    let d = ok(s);
    let found: Vec<&str> = d.findings.iter().map(|f| f.span.slice(s)).collect();
    assert_eq!(found, [" ", "  ", "\u{e9}<"]);
    assert_eq!(codes(&d), ["data-invalid-char"; 3]);
    assert_eq!(d.findings[0].severity, Severity::Warning);
    assert!(
        d.findings[0].message.contains("a space"),
        "{}",
        d.findings[0].message
    );
    assert!(
        d.findings[2].message.contains("2 characters"),
        "{}",
        d.findings[2].message
    );
    // The bytes are what a browser would send: UTF-8.
    assert_eq!(decode_payload(&d, s).bytes, "a b  c\u{e9}<".as_bytes());
    assert_eq!(d.decoded_len, "a b  c\u{e9}<".len());
}

// ---- Charsets and text.

#[test]
fn charset_decoding() {
    let (t, cs, lossy) = text_of(show("data:text/plain;charset=utf-8,caf%C3%A9%20%E2%82%AC"));
    assert_eq!((t.as_str(), cs, lossy), ("café €", "UTF-8", false));
    let (t, cs, lossy) = text_of(show("data:text/plain;charset=ISO-8859-1,caf%E9"));
    // The WHATWG Encoding Standard reads ISO-8859-1 as windows-1252.
    assert_eq!((t.as_str(), cs, lossy), ("café", "windows-1252", false));
    let (t, _, lossy) = text_of(show("data:text/plain;charset=utf-8,a%FFb"));
    assert_eq!((t.as_str(), lossy), ("a\u{fffd}b", true));
    // application/json without a charset: UTF-8.
    let (t, cs, _) = text_of(show("data:application/json,%7B%22k%22:%22%C3%A9%22%7D"));
    assert_eq!((t.as_str(), cs), ("{\"k\":\"é\"}", "UTF-8"));
    // A BOM overrides the label.
    let (t, cs, _) = text_of(show("data:text/plain;charset=utf-8,%FF%FEh%00i%00"));
    assert_eq!((t.as_str(), cs), ("hi", "UTF-16LE"));
    // Shift_JIS from base64.
    let s = format!(
        "data:text/plain;charset=shift_jis;base64,{}",
        STANDARD.encode(b"\x83e\x83X\x83g")
    );
    let (t, cs, _) = text_of(show(&s));
    assert_eq!((t.as_str(), cs), ("テスト", "Shift_JIS"));
    // image/svg+xml is text.
    assert!(matches!(
        show("data:image/svg+xml,%3Csvg%2F%3E"),
        Preview::Text { .. }
    ));
}

#[test]
fn controls_in_text_are_flagged_and_rendered_visible() {
    let s = "data:text/plain;charset=utf-8,a%09b%00c%1B%5B31m%E2%80%AEd%0D%0Ae%7F%C2%85";
    let Preview::Text { text, controls, .. } = show(s) else {
        panic!()
    };
    assert!(controls);
    assert_eq!(text, "a\tb\0c\u{1b}[31m\u{202e}d\r\ne\u{7f}\u{85}");
    assert_eq!(visible_controls(&text), "a␉b␀c␛[31m\\u{202e}d␍\ne␡\\u{85}");
    let Preview::Text { controls, .. } = show("data:,plain%0Atext") else {
        panic!()
    };
    assert!(!controls);
}

#[test]
fn long_text_preview_decodes_a_prefix() {
    let body = "line of text%0A".repeat(70_000); // ~1 MiB
    let s = format!("data:text/plain;charset=utf-8,{body}");
    let d = ok(&s);
    assert_eq!(d.decoded_len, 13 * 70_000);
    let opts = PreviewOptions {
        text_bytes: 1300,
        ..PreviewOptions::default()
    };
    let Preview::Text {
        text, truncated, ..
    } = preview(&d, &s, &opts)
    else {
        panic!()
    };
    assert!(truncated);
    assert_eq!(text.lines().count(), 100);
    assert_eq!(text.len(), 1300);
}

#[test]
fn multibyte_text_cut_at_the_limit_is_not_lossy() {
    let s = "data:text/plain;charset=utf-8,%E2%82%AC%E2%82%AC";
    let opts = PreviewOptions {
        text_bytes: 4,
        ..PreviewOptions::default()
    };
    let Preview::Text {
        text,
        lossy,
        truncated,
        ..
    } = preview(&ok(s), s, &opts)
    else {
        panic!()
    };
    assert_eq!((text.as_str(), lossy, truncated), ("€", false, true));
}

#[test]
fn hex_dump_layout() {
    assert_eq!(
        hex_dump(b"Hello, World!\nabcdefghijkl", 0x100),
        [
            "00000100  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 0a 61 62  |Hello, World!.ab|",
            "00000110  63 64 65 66 67 68 69 6a  6b 6c                    |cdefghijkl|",
        ]
    );
    assert!(hex_dump(b"", 0).is_empty());
    let s = b64_url("application/octet-stream", &(0..=255u8).collect::<Vec<_>>());
    let opts = PreviewOptions {
        hex_bytes: 32,
        ..PreviewOptions::default()
    };
    let Preview::Binary {
        lines,
        shown,
        total,
    } = preview(&ok(&s), &s, &opts)
    else {
        panic!()
    };
    assert_eq!((lines.len(), shown, total), (2, 32, 256));
    assert_eq!(
        lines[1],
        "00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  |................|"
    );
}

// ---- Linear time, bounded findings.

#[test]
fn sixty_four_kib_inputs_keep_findings_bounded() {
    let n = 64 * 1024;
    let bytes: Vec<u8> = (0..n).map(|i| (i * 31 % 251) as u8).collect();
    let inputs = [
        b64_url("application/octet-stream", &bytes),
        format!("data:;base64,{}", "!".repeat(n)),
        format!("data:;base64,{}", "QQ= ".repeat(n / 4)),
        format!("data:,{}", "%41".repeat(n / 3)),
        format!("data:,{}", "%".repeat(n)),
        format!("data:,{}", "% %G".repeat(n / 4)),
        format!("data:{},x", ";a".repeat(n / 2)),
        format!("data:text/plain;charset=\"{}", "\\\"".repeat(n / 2)),
    ];
    // What each costs is measured by `cargo bench --bench frame` (never a
    // timing in a test); here: every input is analysed, decoded and
    // previewed, and the findings kept stay within the cap.
    for s in &inputs {
        let Some(r) = analyze(s) else { panic!() };
        if let Ok(d) = r {
            assert!(d.findings.len() <= MAX_FINDINGS);
            let p = decode_payload(&d, s);
            assert!(p.bytes.len() <= s.len());
            let _ = preview(&d, s, &PreviewOptions::default());
        }
    }
    let d = ok(&inputs[1]);
    assert_eq!(d.findings.len(), MAX_FINDINGS);
    assert_eq!(d.findings.len() + d.findings_omitted, n);
    let d = ok(&inputs[4]);
    assert_eq!(d.findings.len() + d.findings_omitted, n);
    let d = ok(&inputs[0]);
    assert!(d.findings.is_empty());
    assert_eq!(decode_payload(&d, &inputs[0]).bytes, bytes);
}

// ---- Properties.

/// Every span a `DataUrl` holds.
fn spans(d: &DataUrl) -> Vec<Span> {
    let m = &d.media_type;
    let mut v = vec![d.scheme, d.header, d.data, m.span, m.essence, m.type_span];
    v.extend(m.subtype_span);
    v.extend(d.base64);
    v.extend(d.fragment);
    v.extend(d.charset.as_ref().and_then(|c| c.span));
    v.push(Span::new(d.comma, d.comma + 1));
    for p in &d.parameters {
        v.push(p.span);
        v.push(p.attribute_span);
        v.extend(p.value_span);
    }
    v.extend(d.findings.iter().map(|f| f.span));
    v
}

fn fits(s: &str, span: Span) -> bool {
    span.start <= span.end
        && span.end <= s.len()
        && s.is_char_boundary(span.start)
        && s.is_char_boundary(span.end)
}

/// Inputs that look like data URLs: the pieces that matter, in any order.
fn data_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just(";".to_string()),
        Just(",".to_string()),
        Just("=".to_string()),
        Just("\"".to_string()),
        Just("\\".to_string()),
        Just("#".to_string()),
        Just("%".to_string()),
        Just("%4".to_string()),
        Just("%41".to_string()),
        Just("%e2%82".to_string()),
        Just("base64".to_string()),
        Just(";base64,".to_string()),
        Just("charset=".to_string()),
        Just("text/plain".to_string()),
        Just("image/png".to_string()),
        Just("/".to_string()),
        Just(" ".to_string()),
        Just("==".to_string()),
        "[A-Za-z0-9+/]{1,8}",
        "\\PC{1,3}",
        any::<char>().prop_map(String::from),
    ];
    (prop::collection::vec(piece, 0..24), "[dD][aA][tT][aA]:")
        .prop_map(|(v, head)| format!("{head}{}", v.concat()))
}

fn check_everything(s: &str) -> Result<(), TestCaseError> {
    match analyze(s) {
        None => prop_assert!(!s.to_ascii_lowercase().starts_with("data:")),
        Some(Err(e)) => {
            prop_assert!(e.at <= s.len() && s.is_char_boundary(e.at));
            prop_assert!(fits(s, e.header));
            prop_assert!(!e.header.slice(s).contains(','));
        }
        Some(Ok(d)) => {
            for span in spans(&d) {
                prop_assert!(fits(s, span), "{:?} in {:?}", span, s);
            }
            prop_assert!(d.findings.len() <= MAX_FINDINGS);
            let p = decode_payload(&d, s);
            if let Some(e) = &p.error {
                prop_assert!(fits(s, e.span), "{:?} in {:?}", e.span, s);
                prop_assert!(d.data.start <= e.span.start && e.span.end <= d.data.end);
                prop_assert!(!d.is_valid(), "a decode error the analysis missed: {:?}", e);
            } else {
                prop_assert_eq!(p.bytes.len(), d.decoded_len);
            }
            for m in &p.malformed {
                prop_assert!(fits(s, *m));
            }
            let head = decode_prefix(&d, s, 7);
            prop_assert!(head.bytes.len() <= 7);
            prop_assert!(p.bytes.starts_with(&head.bytes));
            let _ = preview(&d, s, &PreviewOptions::default());
            let _ = preview(
                &d,
                s,
                &PreviewOptions {
                    hex_bytes: 3,
                    text_bytes: 5,
                    image_bytes: 11,
                },
            );
        }
    }
    Ok(())
}

proptest! {
    // No regression file: cases that fail are written into tests here.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(1000)
    })]

    #[test]
    fn arbitrary_input_never_panics(s in any::<String>()) {
        check_everything(&s)?;
        check_everything(&format!("data:{s}"))?;
        check_everything(&format!("data:;base64,{s}"))?;
    }

    #[test]
    fn data_like_input_never_panics(s in data_like()) {
        check_everything(&s)?;
    }

    #[test]
    fn image_headers_with_random_tails_never_panic(
        magic in prop_oneof![
            Just(b"\x89PNG\r\n\x1a\n".to_vec()),
            Just(b"GIF89a".to_vec()),
            Just(b"\xff\xd8\xff".to_vec()),
            Just(b"RIFF\0\0\0\0WEBPVP8".to_vec()),
        ],
        tail in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut bytes = magic;
        bytes.extend(tail);
        let s = b64_url("image/png", &bytes);
        let d = ok(&s);
        prop_assert_eq!(decode_payload(&d, &s).bytes, bytes);
        let _ = preview(&d, &s, &PreviewOptions::default());
    }

    #[test]
    fn base64_round_trip(bytes in prop::collection::vec(any::<u8>(), 0..600), pad in any::<bool>()) {
        let encoded = if pad { STANDARD.encode(&bytes) } else { STANDARD_NO_PAD.encode(&bytes) };
        let s = format!("data:application/octet-stream;base64,{encoded}");
        let d = ok(&s);
        prop_assert!(d.is_valid(), "{:?}", d.findings);
        prop_assert_eq!(d.decoded_len, bytes.len());
        let p = decode_payload(&d, &s);
        prop_assert_eq!(p.error, None);
        prop_assert_eq!(&p.bytes, &bytes);
        let k = bytes.len() / 2;
        prop_assert_eq!(&decode_prefix(&d, &s, k).bytes, &bytes[..k]);
    }

    #[test]
    fn percent_round_trip(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let body: String = bytes.iter().map(|b| format!("%{b:02X}")).collect();
        let s = format!("data:application/octet-stream,{body}");
        let d = ok(&s);
        prop_assert!(d.findings.is_empty());
        prop_assert_eq!(d.decoded_len, bytes.len());
        prop_assert_eq!(decode_payload(&d, &s).bytes, bytes);
    }
}
