//! `uri::edit` on arbitrary input: `reference '\n' op '\n' op ...`, each
//! op a selector byte (component and kind: set, set encoded, clear,
//! query append, replace, trim, sort, path append) and its value; then a
//! `--get` format from the last line. No panic; whatever `to_uri` accepts
//! parses and reads back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriscope::cli::edit_get::{Format, Want};
use uriscope::uri::edit::{query, Component, Editable};
use uriscope::uri::{ParseOptions, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = s.split('\n');
    let Some(first) = lines.next() else { return };
    let Ok(mut u) = Editable::parse_with(first, ParseOptions::new().iri(true)) else {
        return;
    };
    let mut last = "";
    for line in lines {
        last = line;
        let Some(sel) = line.bytes().next() else { continue };
        let value = line.get(1..).unwrap_or("");
        let c = Component::ALL[usize::from(sel) % Component::ALL.len()];
        match (sel / 16) % 8 {
            0 => drop(u.set(c, value)),
            1 => drop(u.set_encoded(c, value)),
            2 => u.clear(c),
            3 => query::append(&mut u, value, '&'),
            4 => drop(query::replace(&mut u, value, '&', sel % 2 == 0)),
            5 => drop(query::trim(&mut u, value, ';')),
            6 => query::sort(&mut u, '&'),
            _ => query::append_path(&mut u, value),
        }
        if let Ok(out) = u.to_uri() {
            assert!(UriRef::parse_with(&out, ParseOptions::new().iri(true)).is_ok(), "{out:?}");
            let back = Editable::parse_with(&out, ParseOptions::new().iri(true)).expect("parses");
            assert_eq!(back.to_uri().as_deref(), Ok(out.as_str()));
        }
    }
    if let Ok(f) = Format::parse(last) {
        let mut out = Vec::new();
        let _ = f.expand(&u, &u.recompose(), Want { sep: '&', ..Want::default() }, &mut out);
    }
});
