//! Differential checks against fluent-uri 0.4 on the benchmark corpus.

use uriscope_core::{normalize, resolve, NormalizeOptions, ResolveOptions};

/// The schemes whose default port the scheme-based rung drops (RFC 3986
/// §6.2.3): the ones its own table names.
fn rung_default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

const BASE: &str = "http://a/b/c/d;p?q";

fn corpus() -> impl Iterator<Item = &'static str> {
    include_str!("../../../../../benches/uris.txt").lines()
}

#[test]
fn resolution_agrees_with_fluent_uri_on_the_corpus() {
    let base = fluent_uri::Uri::parse(BASE).unwrap();
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for l in corpus() {
        let ours = resolve(BASE, l, ResolveOptions::default());
        let theirs = fluent_uri::UriRef::parse(l)
            .ok()
            .and_then(|r| r.resolve_against(&base).ok());
        // fluent-uri also reads %2E as a dot in dot segments; RFC 3986 §5.2.4 does not.
        if l.to_ascii_lowercase().contains("%2e") {
            continue;
        }
        match (ours, theirs) {
            (Ok(a), Some(b)) => {
                compared += 1;
                if a != b.as_str() {
                    mismatches.push((l, a, b.as_str().to_string()));
                }
            }
            (Err(_), None) => {}
            (a, b) => mismatches.push((l, format!("{a:?}"), format!("{b:?}"))),
        }
    }
    assert!(compared > 70_000, "{compared}");
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(5)]
    );
}

#[test]
fn normalization_agrees_with_fluent_uri_on_the_corpus() {
    let options = NormalizeOptions::new()
        .ipv6_rfc5952(true)
        .keep_encoded_dots(false)
        .iri(false)
        .syntax_only(false);
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for l in corpus() {
        let Ok(t) = resolve(BASE, l, ResolveOptions::default()) else {
            continue;
        };
        let Ok(u) = fluent_uri::Uri::parse(t.as_str()) else {
            continue;
        };
        // fluent-uri knows more default ports (gopher 70, telnet 23, ...) than
        // the five schemes of our scheme-based rung.
        let ours_known = rung_default_port(&u.scheme().as_str().to_ascii_lowercase()).is_some();
        if !ours_known && u.authority().and_then(|a| a.port()).is_some() {
            continue;
        }
        let theirs = u.normalize();
        let theirs = with_slash_path(theirs.as_str());
        let ours = normalize(&t, options).unwrap();
        compared += 1;
        if ours != theirs && !differ_by_the_idna_fold(&ours, &theirs) {
            mismatches.push((t.clone(), ours, theirs));
        }
    }
    assert!(compared > 70_000, "{compared}");
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(5)]
    );
}

/// fluent-uri leaves an empty path empty; §6.2.3 makes it "/" for http(s),
/// ws(s) and ftp, as uriscope does. Apply that to fluent-uri's output.
fn with_slash_path(s: &str) -> String {
    let u = uriscope_core::parse(s).unwrap();
    let known = u.scheme().and_then(rung_default_port).is_some();
    if known && u.authority().is_some() && u.path().is_empty() {
        let mut p = u.parts();
        p.path = "/";
        p.recompose()
    } else {
        s.to_string()
    }
}

/// Whether `ours` is `theirs` with the host in its IDNA A-label form: the
/// `idna` rung (RFC 3987 §5.3.3), which fluent-uri does not climb.
fn differ_by_the_idna_fold(ours: &str, theirs: &str) -> bool {
    let (Ok(a), Ok(b)) = (uriscope_core::parse(ours), uriscope_core::parse(theirs)) else {
        return false;
    };
    let (Some(ha), Some(hb)) = (a.host(), b.host()) else {
        return false;
    };
    let rest = |u: &uriscope_core::UriRef<'_>| {
        [
            u.scheme(),
            u.userinfo(),
            u.port(),
            Some(u.path()),
            u.query(),
            u.fragment(),
        ]
        .map(|c| c.map(str::to_owned))
    };
    rest(&a) == rest(&b) && uriscope_core::host::dns_form(hb).is_ok_and(|f| f == ha)
}
