//! The other analysers that report spans into arbitrary input: the RFC
//! 2396 grammar, the RFC 2396 / RFC 3986 comparison, and the lint. No
//! panic, and every span slices the input (on character boundaries).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope_core::lint::lint;
use uriscope_core::rfc2396;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let r2396 = rfc2396::analyze(s);
    let compared = rfc2396::compare_grammars(s);
    let linted = lint(s);
    for f in r2396.findings.iter().chain(&compared).chain(&linted) {
        let sp = f.span;
        assert!(
            s.get(sp.start..sp.end).is_some(),
            "{} span {sp:?} does not slice {s:?}",
            f.code
        );
    }
});
