//! What a pasted thing is when it is not a URI (`uri::shape`): one
//! finding naming the shape, with the URI it most likely means, the same
//! in every surface.

use uriscope::uri::lint::Linted;
use uriscope::uri::{analyze, ParseOptions};

/// The same finding and the same likely URI in `parse`, `parse --json`,
/// `parse --format markdown` and the plain breakdown.
#[test]
fn every_surface_says_the_same() {
    for (input, code, likely) in [
        (
            r"C:\Users\x\My Docs\a.txt",
            "windows-path",
            "file:///C:/Users/x/My%20Docs/a.txt",
        ),
        (
            "git@github.com:org/repo.git",
            "scp-address",
            "ssh://git@github.com/org/repo.git",
        ),
        (
            "[docs](https://a.example/x)",
            "markdown-link",
            "https://a.example/x",
        ),
        (
            "example.com/a/b",
            "host-without-scheme",
            "http://example.com/a/b",
        ),
    ] {
        let r = analyze(input, ParseOptions::new().iri(true));
        let l = Linted::new(&r);
        let message = l.findings().next().expect("a finding").message;
        let (_, json, _) = crate::support::run_uriscope(&["parse", "--json", input], b"");
        let v: serde_json::Value = serde_json::from_str(json.trim()).expect("JSON");
        assert_eq!(v["shape"]["code"], code, "{input}");
        assert_eq!(v["shape"]["likely"], likely, "{input}");
        assert_eq!(v["findings"][0]["code"], code, "{input}");
        assert_eq!(v["findings"][0]["message"], message.as_str(), "{input}");
        for args in [
            &["parse", input][..],
            &["parse", "--format", "markdown", input][..],
            &[input][..],
        ] {
            let (_, out, err) = crate::support::run_uriscope(args, b"");
            assert!(out.contains(code), "{args:?}: {out}{err}");
            assert!(out.contains(likely), "{args:?}: {out}");
            assert!(!out.contains("invalid-char"), "{args:?}: {out}");
        }
    }
}

/// The shape's message masks a password as every explanation does, with
/// the one mask; the likely URI itself, an answer, keeps it.
#[test]
fn a_password_in_the_likely_uri_is_masked_in_the_message() {
    assert_eq!(
        uriscope::uri::shape::PASSWORD_MASK,
        uriscope::text::mask::MASK
    );
    let input = "<http://user:hunter2secret@host.example/a>";
    let r = analyze(input, Default::default());
    let l = Linted::new(&r);
    let f = l.findings().next().expect("the shape's finding");
    assert!(!f.message.contains("hunter2secret"), "{}", f.message);
    assert!(
        f.message.contains("http://user:****@host.example/a"),
        "{}",
        f.message
    );
    assert_eq!(
        l.shape().expect("a shape").likely(input),
        "http://user:hunter2secret@host.example/a"
    );
}
