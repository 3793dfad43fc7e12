//! Arbitrary input never panics resolution, normalization, equivalence or
//! make_relative, and the fast and traced paths agree on success or failure.

use proptest::prelude::*;
use uriscope_core::{
    compare::equivalence, normalize, relative::make_relative, resolve, trace, NormalizeOptions,
    ResolveOptions,
};

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,24}",
        "[a-z]{1,3}:(//[a-zA-Z0-9%:@\\[\\].]{0,8})?[/.a-z%2E0-9]{0,12}(\\?[a-z/.?%]{0,4})?(#[a-z/.%]{0,4})?",
        "[/.?#%:@a-fA-F0-9]{0,16}",
    ]
}

proptest! {
    #[test]
    fn resolution_never_panics_and_paths_agree(base in text(), reference in text(), compat in any::<bool>()) {
        let o = if compat { ResolveOptions::compat() } else { ResolveOptions::default() };
        let traced = trace::resolve(&base, &reference, o);
        let fast = resolve(&base, &reference, o);
        match (&traced, &fast) {
            (Ok(t), Ok(f)) => prop_assert_eq!(&t.target, f),
            (Err(a), Err(b)) => prop_assert_eq!(a.code, b.code),
            _ => prop_assert!(false, "traced {:?} vs fast {:?}", traced, fast),
        }
        if let Ok(t) = fast {
            let r = make_relative(&base, &t, Default::default()).map_err(|e| TestCaseError::fail(e.message))?;
            prop_assert_eq!(r.proof.target, t);
        }
        let _ = make_relative(&base, &reference, Default::default());
    }

    #[test]
    fn normalization_never_panics_and_paths_agree(input in text(), other in text(), a in any::<bool>(), b in any::<bool>(), c in any::<bool>()) {
        let o = NormalizeOptions::new().syntax_only(a).ipv6_rfc5952(b).keep_encoded_dots(c).iri(false);
        let traced = trace::normalize(&input, o).map(|n| n.normalized);
        let fast = normalize(&input, o);
        prop_assert_eq!(traced.is_ok(), fast.is_ok());
        if let (Ok(t), Ok(f)) = (traced, fast) {
            prop_assert_eq!(t, f);
        }
        let _ = equivalence(&input, &other, Default::default());
    }
}
