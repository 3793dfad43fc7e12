//! Differential: uriscope against fluent-uri 0.4 and iri-string 0.7 on
//! validity and every component. A disagreement not explained by a section
//! of DIFFERENCES.md (tests/it/peers.rs) is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/uriscope-core/tests/it/peers/crates.rs"]
#[allow(dead_code)]
mod peers;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for iri in [false, true] {
        for peer in peers::Peer::ALL {
            if let Some(d) = peers::compare(s, iri, peer) {
                assert!(d.explained_by.is_some(), "unexplained disagreement: {d:#?}");
            }
        }
    }
});
