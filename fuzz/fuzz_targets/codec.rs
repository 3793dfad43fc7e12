//! Percent-encoding with every encode set, decoding, the per-character
//! explanation, and the IRI <-> URI mappings (RFC 3987 §3.1, §3.2).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope_core::iri::{iri_to_uri, uri_to_iri};
use uriscope_core::percent::{
    decode, decode_bytes, encode, encode_set, encode_with, explain, DecodeOptions, EncodeOptions,
};
use uriscope_core::{parse, UriRef, ParseOptions};

fn is_escape_at(b: &[u8], i: usize) -> bool {
    b[i] == b'%' && i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        let _ = decode_bytes(data, DecodeOptions::default());
        return;
    };
    for set in encode_set::ALL {
        let plus = set.space_as_plus();
        let decode_opts = DecodeOptions {
            plus_as_space: plus,
        };
        // Encoding every '%' (the default) makes the round trip exact.
        let all = encode(s, set);
        assert_eq!(
            &*decode_bytes(all.as_bytes(), decode_opts),
            s.as_bytes(),
            "set {}",
            set.name
        );
        // Keeping escapes: the output holds only kept bytes and escapes,
        // and encoding again changes nothing.
        let keep = EncodeOptions { keep_escapes: true };
        let kept = encode_with(s, set, keep);
        let b = kept.as_bytes();
        for i in 0..b.len() {
            let ok = set.keeps(b[i])
                || is_escape_at(b, i)
                || (i >= 1 && is_escape_at(b, i - 1))
                || (i >= 2 && is_escape_at(b, i - 2))
                || (plus && b[i] == b'+');
            assert!(ok, "set {} left byte {:#x} in {kept:?}", set.name, b[i]);
        }
        // (Not for the form set: its '+' for a space is itself encoded the
        // second time, as "%2B", which is what form encoding means.)
        if !plus {
            assert_eq!(
                encode_with(&kept, set, keep),
                kept,
                "encode not idempotent, set {}",
                set.name
            );
        }
        // The explanation covers the input and spells out the encoding.
        for options in [EncodeOptions::default(), keep] {
            let rows = explain(s, set, options);
            let text: String = rows.iter().map(|r| r.text).collect();
            assert_eq!(text, s);
            let out: String = rows.iter().map(|r| &*r.encoded).collect();
            assert_eq!(
                out,
                encode_with(s, set, options),
                "explain vs encode, set {}",
                set.name
            );
        }
    }
    let d = decode(s, DecodeOptions::default());
    assert_eq!(
        d.bytes,
        decode_bytes(s.as_bytes(), DecodeOptions::default())
    );
    for m in &d.malformed {
        assert!(m.end <= s.len() && s.is_char_boundary(m.start) && s.is_char_boundary(m.end));
    }
    // An IRI-reference maps to a URI-reference (unless IDNA refuses the host).
    if UriRef::parse_with(s, ParseOptions::new().iri(true)).is_ok() {
        if let Ok(u) = iri_to_uri(s) {
            assert!(parse(&u).is_ok(), "iri_to_uri({s:?}) = {u:?} is not a URI");
        }
    }
    if parse(s).is_ok() {
        assert_eq!(iri_to_uri(s).as_deref(), Ok(s), "a URI maps to itself");
        if let Ok(i) = uri_to_iri(s) {
            assert!(
                UriRef::parse_with(&i, ParseOptions::new().iri(true)).is_ok(),
                "uri_to_iri({s:?}) = {i:?} is not an IRI"
            );
        }
    }
});
