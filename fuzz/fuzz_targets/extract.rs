//! Extraction of URIs from free text: no panic, spans inside the text on
//! character boundaries, and every URI found is the span's text with only
//! whitespace removed (or a guess with a scheme put in front, an email
//! autolink with `mailto:`, an HTML attribute with its character
//! references decoded).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope_core::extract::{extract, line_col, Delimiter};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut last_end = 0;
    for e in extract(text) {
        let sp = e.span;
        assert!(sp.start <= sp.end && sp.end <= text.len(), "span {sp:?}");
        assert!(text.is_char_boundary(sp.start) && text.is_char_boundary(sp.end));
        assert!(sp.start >= last_end, "overlapping or unordered spans");
        last_end = sp.end;
        let squeezed: String = sp
            .slice(text)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if e.delimiter == Delimiter::Html {
            // Character references decoded: the URI is never longer.
            assert!(e.uri.len() <= sp.slice(text).len(), "{:?}", e.uri);
        } else if e.guess {
            assert!(
                e.uri.ends_with(&squeezed),
                "guess {:?} from {squeezed:?}",
                e.uri
            );
        } else {
            assert!(
                squeezed.contains(&e.uri) || e.uri.contains(&squeezed),
                "uri {:?} vs span text {squeezed:?}",
                e.uri
            );
        }
        let _ = line_col(text, sp.start);
    }
});
