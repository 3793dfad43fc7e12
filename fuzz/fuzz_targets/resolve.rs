//! Resolution with an arbitrary base and reference: RFC 3986 §5.2 (strict
//! and compat), the traced and the fast paths, RFC 2396 §5.2, and
//! make_relative. Input: `base '\n' reference`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/uriscope-core/tests/it/peers/crates.rs"]
#[allow(dead_code)]
mod peers;
#[path = "../../crates/uriscope-core/tests/it/same_case.rs"]
mod same_case;
use same_case::same_up_to_scheme_and_host_case;
use uriscope_core::rfc2396::{self, AboveRoot};
use uriscope_core::{relative::make_relative, normalize, parse, resolve, trace, NormalizeOptions, ResolveOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (base, reference) = s.split_once('\n').unwrap_or((s, ""));
    for options in [ResolveOptions::default(), ResolveOptions::compat()] {
        let traced = trace::resolve(base, reference, options);
        let fast = resolve(base, reference, options);
        match (&traced, &fast) {
            (Ok(t), Ok(f)) => {
                assert_eq!(&t.target, f, "traced vs fast on {base:?} {reference:?}");
                // The target reparses to the same components, with a scheme.
                let u = parse(f).unwrap_or_else(|e| panic!("target {f:?} does not parse: {e}"));
                assert!(u.scheme().is_some());
                assert_eq!(trace::Components::of(&u), t.components, "components of {f:?}");
                // Resolving the target again is idempotent: once the target
                // went through remove_dot_segments (§5.2.4) it is a fixpoint.
                // (The first pass may keep the base's dot-segments when the
                // reference is empty: T.path = Base.path, §5.2.2.)
                let t2 = resolve(base, f, ResolveOptions::default());
                let t2 = t2.unwrap_or_else(|e| panic!("target {f:?} does not resolve: {e}"));
                let t3 = resolve(base, &t2, ResolveOptions::default());
                assert_eq!(t3.as_deref(), Ok(t2.as_str()), "resolution not idempotent");
                // make_relative round-trips (strict mode only).
                if options == ResolveOptions::default() {
                    metamorphic(base, reference, f);
                }
            }
            (Err(a), Err(b)) => assert_eq!(a.code, b.code),
            _ => panic!("traced {traced:?} vs fast {fast:?}"),
        }
    }
    // Differential: every disagreement with fluent-uri 0.4 and iri-string
    // 0.7 is one of the explained differences of DIFFERENCES.md.
    let ours = resolve(base, reference, ResolveOptions::default()).ok();
    for peer in peers::Peer::ALL {
        let theirs = peers::peer_resolve(peer, base, reference);
        if ours != theirs {
            assert!(
                peers::explain_resolution(peer, base, reference, &ours, &theirs).is_some(),
                "unexplained: {} base {base:?} reference {reference:?}: ours {ours:?} theirs {theirs:?}",
                peer.name()
            );
        }
    }
    for above_root in [AboveRoot::Keep, AboveRoot::Remove, AboveRoot::Error] {
        if let Ok(r) = rfc2396::resolve(base, reference, rfc2396::Options { above_root }) {
            let _ = r.target.len();
        }
    }
});

fn metamorphic(base: &str, reference: &str, target: &str) {
    let rel = match make_relative(base, target, Default::default()) {
        Ok(rel) => rel,
        // Only a target that kept a dot-segment (from the base, when the
        // reference is empty: T.path = Base.path, §5.2.2) is unreachable.
        Err(e) => {
            assert_eq!(
                e.code, "unreachable-target",
                "make_relative({base:?}, {target:?}, Default::default()): {e}"
            );
            let path = parse(target).map(|u| u.path()).unwrap_or_default();
            assert!(
                path.split('/').any(|s| s == "." || s == ".."),
                "unreachable target {target:?} without a dot-segment"
            );
            return;
        }
    };
    // "Resolves back" means equal up to the case of scheme and host
    // (RFC 3986 §6.2.2.1), as make_relative documents.
    assert!(rel.verified, "make_relative({base:?}, {target:?}): not verified");
    assert!(
        same_up_to_scheme_and_host_case(&rel.proof.target, target),
        "make_relative({base:?}, {target:?}, Default::default()): proof {:?}",
        rel.proof.target
    );
    let back = resolve(base, &rel.reference, ResolveOptions::default())
        .expect("the reference resolves");
    assert!(
        same_up_to_scheme_and_host_case(&back, target),
        "make_relative({base:?}, {target:?}, Default::default()) = {:?} resolves to {back:?}",
        rel.reference
    );
    assert!(rel.reference.len() <= target.len());
    let _ = reference;
    let _ = normalize(target, NormalizeOptions::default());
}
