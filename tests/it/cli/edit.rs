//! `uriscope edit` as the real binary: the examples of trurl's manual
//! (written as our own table; where uriscope follows RFC 3986 rather than
//! libcurl the row says so and DIFFERENCES.md lists it), trurl's exit
//! codes, streaming, and errors that name the URL and the component.

use crate::support::run_uriscope;

fn edit(args: &[&str]) -> (i32, String, String) {
    let mut a = vec!["edit"];
    a.extend_from_slice(args);
    run_uriscope(&a, b"")
}

#[track_caller]
fn out(args: &[&str], want: &str) {
    let (code, o, e) = edit(args);
    assert_eq!(code, 0, "{args:?}: {e}");
    assert_eq!(o, format!("{want}\n"), "{args:?}");
}

/// trurl's manual examples; the comment names the row's difference.
#[test]
fn trurl_manual_examples() {
    // trurl adds a "/" path (libcurl); RFC 3986 keeps the empty path.
    out(
        &["--url", "https://curl.se", "--set", "host=example.com"],
        "https://example.com",
    );
    out(
        &["--set", "host=example.com", "--set", "scheme=ftp"],
        "ftp://example.com",
    );
    out(
        &[
            "--url",
            "https://curl.se/we/are.html",
            "--redirect",
            "here.html",
        ],
        "https://curl.se/we/here.html",
    );
    // trurl removes the dot segments of every input; uriscope edits only
    // what it is told to (--curl-normalize does what trurl does).
    out(
        &[
            "--url",
            "https://curl.se/we/../are.html",
            "--set",
            "port=8080",
        ],
        "https://curl.se:8080/we/../are.html",
    );
    out(
        &[
            "--url",
            "https://curl.se/we/../are.html",
            "--set",
            "port=8080",
            "--curl-normalize",
        ],
        "https://curl.se:8080/are.html",
    );
    out(
        &["--url", "https://curl.se/we/are.html", "--get", "{path}"],
        "/we/are.html",
    );
    out(
        &[
            "--url",
            "https://curl.se/we/are.html",
            "--get",
            "{default:port}",
        ],
        "443",
    );
    out(
        &["https://curl.se/hello", "--append", "path=you"],
        "https://curl.se/hello/you",
    );
    out(
        &[
            "https://curl.se?name=hello",
            "--append",
            "query=search=string",
        ],
        "https://curl.se?name=hello&search=string",
    );
    out(
        &[
            "https://curl.se?search=hey&utm_source=tracker",
            "--trim",
            "query=utm_*",
        ],
        "https://curl.se?search=hey",
    );
    out(
        &[
            "https://example.com?a=home&here=now&thisthen",
            "-g",
            "{query:a}",
        ],
        "home",
    );
    out(
        &["https://example.com?b=a&c=b&a=c", "--sort-query"],
        "https://example.com?a=c&b=a&c=b",
    );
    out(
        &[
            "https://curl.se?search=fool;page=5",
            "--trim",
            "query=search",
            "--query-separator",
            ";",
        ],
        "https://curl.se?page=5",
    );
    out(
        &[
            "https://curl.se/this has space/index.html",
            "--accept-space",
        ],
        "https://curl.se/this%20has%20space/index.html",
    );
    out(
        &[
            "http://alpha?one=real&two=fake",
            "--replace",
            "two=alsoreal",
        ],
        "http://alpha?one=real&two=alsoreal",
    );
    out(
        &[
            "http://alpha?one=real&two=fake",
            "--replace-append",
            "three=alsoreal",
        ],
        "http://alpha?one=real&two=fake&three=alsoreal",
    );
    out(
        &[
            "https://example.com?a12=hej&a23=moo&b12=foo",
            "--trim",
            "query=a*",
        ],
        "https://example.com?b12=foo",
    );
    out(
        &["http://twelve/three?hello", "--append", "path=four"],
        "http://twelve/three/four?hello",
    );
    out(&["http://horse?elephant", "-g", "{query}"], "elephant");
    out(&["http://horse#elephant", "-g", "{fragment}"], "elephant");
    out(
        &["https://user%3a%40:secret@odd/", "-g", "{user}"],
        "user:@",
    );
    out(
        &["https://user:secr%65t@odd/", "-g", "{password}"],
        "secret",
    );
    out(
        &["ftps://example.com:2021/p%61th", "-g", "{url}"],
        "ftps://example.com:2021/p%61th",
    );
    out(&["ftps://example.com:2021/p%61th", "-g", "{path}"], "/path");
    out(
        &["ftps://example.com:2021/p%61th", "-g", "{:path}"],
        "/p%61th",
    );
    out(&["http://åäö/", "--punycode"], "http://xn--4cab6c/");
    out(&["http://xn--4cab6c/", "--as-idn"], "http://åäö/");
    out(
        &[
            "http://[2001:9b1::f358:1ba4:7b97:364b%25enp3s0]/",
            "-g",
            "{zoneid}",
        ],
        "enp3s0",
    );
    // A '#' set into a fragment is encoded; trurl writes hex in lower case.
    out(
        &["http://horse#elephant", "-s", "fragment=#zebra"],
        "http://horse#%23zebra",
    );
    // RFC 3986 §3.4 allows '?' in a query: it stays.
    out(
        &["http://horse?elephant", "-s", "query=?elephant"],
        "http://horse??elephant",
    );
    out(&["http://hello", "-s", "path=pony"], "http://hello/pony");
    out(&["http://hello", "-s", "path=/pony"], "http://hello/pony");
    out(&["http:/a:80", "--curl-normalize"], "http:/a:80");
    out(&["http://a:80/", "--curl-normalize"], "http://a/");
    out(
        &["http://a:80/", "--curl-normalize", "--keep-port"],
        "http://a:80/",
    );
    out(&["http://a", "--default-port"], "http://a:80");
}

#[test]
fn iterate_makes_every_combination() {
    let (code, o, _) = edit(&[
        "https://curl.se/path/index.html",
        "--iterate",
        "scheme=http ftp",
        "--iterate",
        "port=1 2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        o,
        "http://curl.se:1/path/index.html\nhttp://curl.se:2/path/index.html\n\
         ftp://curl.se:1/path/index.html\nftp://curl.se:2/path/index.html\n"
    );
    // The same component set and iterated: trurl's exit 11.
    let (code, _, e) = edit(&["http://h", "--set", "port=1", "--iterate", "port=2 3"]);
    assert_eq!(code, 11, "{e}");
}

#[test]
fn get_formats() {
    let u = "https://us%20er:pw@example.com:8443/a%2Fb?x=1&y=%E2%82%AC&x=2#f";
    out(
        &[
            u,
            "-g",
            "{scheme}|{user}|{password}|{host}|{port}|{path}|{fragment}",
        ],
        "https|us er|pw|example.com|8443|/a/b|f",
    );
    out(&[u, "-g", "[host]:[port]"], "example.com:8443");
    out(&[u, "-g", "{query:y} {query-all:x}"], "€ 1 2");
    out(&[u, "-g", "{url:path} {:user}"], "/a%2Fb us%20er");
    out(&[u, "--urlencode", "-g", "{path}"], "/a%2Fb");
    out(&[u, "-g", "\\{host} {{host} a\\tb"], "{host} {host} a\tb");
    out(&["http://xn--4cab6c/", "-g", "{idn:host}"], "åäö");
    out(&["http://åäö/", "-g", "{puny:host}"], "xn--4cab6c");
    // must: a missing component is an error (exit 10).
    let (code, _, e) = edit(&["http://h/", "-g", "{must:query}"]);
    assert_eq!(code, 10, "{e}");
    assert!(e.contains("query") && e.contains("must:"), "{e}");
    // A component that does not decode to text: a warning, or strict: an error.
    let (code, o, e) = edit(&["http://h/%FF", "-g", "{path}"]);
    assert_eq!((code, o.as_str()), (0, "/\u{fffd}\n"));
    assert!(e.contains("warning") && e.contains("path"), "{e}");
    let (code, _, _) = edit(&["http://h/%FF", "-g", "{strict:path}"]);
    assert_eq!(code, 10);
    let (_, _, e) = edit(&["http://h/%FF", "-g", "{path}", "--quiet"]);
    assert_eq!(e, "");
    // Unknown components, mixed brackets, options.
    for bad in ["{nope}", "{host] [path}", "{host", "{options}"] {
        let (code, _, e) = edit(&["http://h/", "-g", bad]);
        assert_eq!(code, 10, "{bad}: {e}");
    }
}

#[test]
fn json_has_trurls_shape() {
    let (code, o, _) = edit(&["https://fake.host/search?q=answers&user=me#frag", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&o).expect("a JSON array");
    let obj = &v[0];
    assert_eq!(
        obj["url"],
        "https://fake.host/search?q=answers&user=me#frag"
    );
    assert_eq!(obj["parts"]["host"], "fake.host");
    assert_eq!(obj["parts"]["query"], "q=answers&user=me");
    assert_eq!(obj["params"][1]["key"], "user");
    assert_eq!(obj["params"][1]["value"], "me");
    assert!(obj["parts"].get("port").is_none());
    // Two URLs, and none: still arrays.
    let (_, o, _) = edit(&["http://a/", "http://b/", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o).expect("array");
    assert_eq!(v.as_array().unwrap().len(), 2);
    let (_, o, _) = run_uriscope(&["edit", "-f", "-", "--json"], b"");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&o).unwrap(),
        serde_json::json!([])
    );
}

#[test]
fn a_stream_goes_on_past_a_bad_url_unless_verify() {
    let input = b"http://a/b\nnot a url\n\nhttp://c/  \n";
    let (code, o, e) = run_uriscope(&["edit", "-f", "-", "-g", "{host}"], input);
    // The stream goes on; the bad line is named by its number, and the
    // run exits 1 (an input gave no URL).
    assert_eq!((code, o.as_str()), (1, "a\nc\n"));
    assert!(
        e.starts_with("uriscope edit: line 2: 'not a url': ") && e.contains("byte 3"),
        "{e}"
    );
    let (code, o, e) = run_uriscope(&["edit", "-f", "-", "--verify"], input);
    assert_eq!(code, 9, "{e}");
    assert_eq!(o, "http://a/b\n");
    // A file that cannot be read: exit 1.
    let (code, _, e) = edit(&["-f", "/nonexistent/file"]);
    assert_eq!(code, 1, "{e}");
}

#[test]
fn errors_name_the_url_the_component_and_why() {
    let (code, _, e) = edit(&["http://h/", "--set", "port=8x"]);
    assert_eq!(code, 5);
    assert!(
        e.contains("http://h/") && e.contains("port") && e.contains("§3.2.3"),
        "{e}"
    );
    let (code, _, e) = edit(&["http://h/", "--set", "scheme=1x"]);
    assert_eq!(code, 5, "{e}");
    let (code, _, e) = edit(&["http://h/", "--set", "options=x"]);
    assert_eq!(code, 5);
    assert!(e.contains("libcurl"), "{e}");
    // A host removed from under a port cannot be output (exit 7).
    let (code, _, e) = edit(&["http://h:8/", "--set", "host="]);
    assert_eq!(code, 7);
    assert!(e.contains("needs a host"), "{e}");
    let (code, _, _) = edit(&["http://h/", "--append", "fragment=x"]);
    assert_eq!(code, 2);
    let (code, _, _) = edit(&["http://h/", "--trim", "path=x"]);
    assert_eq!(code, 8);
    let (code, _, _) = edit(&[]);
    assert_eq!(code, 4);
}

#[test]
fn set_only_if_unset_and_encoded() {
    out(
        &["http://h/?q", "--set", "query?=x", "--set", "fragment?=f"],
        "http://h/?q#f",
    );
    out(&["http://h/", "--set", "path:=/a%2Fb"], "http://h/a%2Fb");
    out(&["http://h/", "--set", "path=/a%2Fb"], "http://h/a%252Fb");
    out(
        &["http://h/", "--set", "host=[fe80::1%eth0]"],
        "http://[fe80::1%25eth0]/",
    );
    out(&["http://h/", "--guess-scheme"], "http://h/");
    out(&["example.com/x", "--guess-scheme"], "http://example.com/x");
}

/// RFC 3986 §3's example and the §1.1.2 examples: every component read
/// back as the RFC names it, and each URI unchanged by an edit that sets
/// a component to its own value.
#[test]
fn rfc3986_examples() {
    let u = "foo://example.com:8042/over/there?name=ferret#nose";
    out(
        &[u, "-g", "{scheme}|{host}|{port}|{path}|{query}|{fragment}"],
        "foo|example.com|8042|/over/there|name=ferret|nose",
    );
    out(
        &["urn:example:animal:ferret:nose", "-g", "{scheme}|{path}"],
        "urn|example:animal:ferret:nose",
    );
    for u in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ] {
        out(&[u], u);
        for c in ["scheme", "host", "port", "path", "query"] {
            let (_, v, _) = edit(&[u, "-g", &format!("{{:{c}}}")]);
            let v = v.trim_end_matches('\n');
            if v.is_empty() {
                continue;
            }
            out(&[u, "--set", &format!("{c}:={v}")], u);
        }
    }
}

/// trurl trims before it appends, so a pair appended
/// with a trimmed key stays (before, the appended a=ciao went too).
#[test]
fn qtrim_a_then_append_query_a_ciao_keeps_the_appended_pair() {
    out(
        &[
            "--qtrim",
            "a",
            "-a",
            "query=a=ciao",
            "-a",
            "query=b=salve",
            "https://example.org/foo?a=hi&b=hello&x=y",
        ],
        "https://example.org/foo?b=hello&x=y&a=ciao&b=salve",
    );
    // --replace-append too comes before the appends.
    out(
        &["--replace-append", "k=1", "-a", "query=k=2", "https://h/?x"],
        "https://h/?x&k=1&k=2",
    );
}

/// `{:query:KEY}` is the value as written (before, it
/// was decoded as `{query:KEY}` is: `#` for `%23`).
#[test]
fn get_colon_query_b_gives_percent_23_still_encoded() {
    out(
        &[
            "-g",
            "{query:b}\\t{:query:b}\\t{:query-all:a}",
            "https://example.org/foo?a=1&b=%23&a=%26#hello",
        ],
        "#\t%23\t1 %26",
    );
    out(
        &["--urlencode", "-g", "{query:b}", "https://h/?b=%23"],
        "%23",
    );
}

/// `{query:KEY}` reads the pairs as an HTML form sends
/// them, `+` a space, as trurl does (before: `rfc+3986`); JSON's params
/// too. The query as a whole keeps RFC 3986's reading.
#[test]
fn get_query_q_reads_rfc_plus_3986_with_a_space() {
    out(
        &[
            "https://h/?q=rfc+3986&a+b=1",
            "-g",
            "{query:q}|{:query:q}|{query:a b}|{query}",
        ],
        "rfc 3986|rfc+3986|1|q=rfc+3986&a+b=1",
    );
    let (_, o, _) = edit(&["https://h/?q=rfc+3986", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o).expect("JSON");
    assert_eq!(v[0]["params"][0]["value"], "rfc 3986");
    assert_eq!(v[0]["parts"]["query"], "q=rfc+3986");
}

/// `--json` with no URL prints `[]` on one line, as
/// trurl does (before: `[` and `]` on two lines).
#[test]
fn json_of_no_url_is_brackets_on_one_line() {
    let (code, o, _) = run_uriscope(&["edit", "-f", "-", "--json"], b"\n  \n");
    assert_eq!((code, o.as_str()), (0, "[]\n"));
    let (_, o, _) = edit(&["http://a/", "--json"]);
    assert!(o.starts_with("[\n  {\"url\":\"http://a/\""), "{o}");
    assert!(o.ends_with("}\n]\n"), "{o}");
}

/// A usage error clap finds in `edit` exits with
/// trurl's status (before: clap's 2, trurl's `--append` status).
#[test]
fn usage_errors_exit_3_for_a_missing_value_and_4_for_an_unknown_option() {
    let (code, _, e) = edit(&["http://h/", "--set"]);
    assert_eq!(code, 3, "{e}");
    let (code, _, e) = edit(&["http://h/", "--bogus"]);
    assert_eq!(code, 4, "{e}");
    let (code, o, _) = edit(&["--help"]);
    assert_eq!((code, o.contains("--trurl")), (0, true));
    // Other subcommands keep clap's usage status.
    let (code, _, _) = run_uriscope(&["parse", "--bogus"], b"");
    assert_eq!(code, 2);
}

/// `--explain` says on stderr what RFC 3986's
/// normalization changed, rung by rung, what trurl would change and why,
/// and where the two readings part; the answer on stdout is unchanged.
#[test]
fn explain_shows_both_readings_and_where_they_part() {
    let url = "HTTP://ex%61mple:80/a/../b?%2e%FF";
    let (code, o, e) = edit(&[url, "--curl-normalize", "--explain"]);
    assert_eq!((code, o.as_str()), (0, "http://example/b?.%FF\n"));
    for want in [
        "uriscope edit: argument 1: 'HTTP://ex%61mple:80/a/../b?%2e%FF': explain",
        "uriscope edit (RFC 3986) wrote: http://example/b?.%FF",
        "RFC 3986 §6.2.2.1 case:",
        "RFC 3986 §6.2.3 scheme-based:",
        "trurl (libcurl) would change:",
        "query: \"%2e%FF\" -> \".%ff\"",
        "the readings part at character 20: trurl \"ff\", RFC 3986 \"FF\"",
        "trurl 0.16.1 prints for this command line: http://example/b?.%ff",
    ] {
        assert!(e.contains(want), "no {want:?} in\n{e}");
    }
    // The command line's result is explained, edits included.
    let (code, o, e) = edit(&[
        "--explain",
        "http://a:80/x",
        "--set",
        "host=b",
        "--set",
        "path=/y",
    ]);
    assert_eq!((code, o.as_str()), (0, "http://b:80/y\n"));
    assert!(
        e.contains("trurl 0.16.1 prints for this command line: http://b/y\n"),
        "{e}"
    );
    assert!(!e.contains("prints: http://a/x"), "{e}");
    // A long URL is quoted once, cut: not four copies of itself.
    let long = format!("http://a/{}", "b".repeat(100_000));
    let (code, o, e) = edit(&["--explain", &long]);
    assert_eq!((code, o.len()), (0, long.len() + 1));
    assert!(e.len() < 4000, "{} bytes of explanation", e.len());
    assert!(e.contains("bbb…"), "{e}");
    let (_, _, e) = edit(&["example.com/x", "--explain"]);
    assert!(
        e.contains("no normalization: an edit changes only what it is told to"),
        "{e}"
    );
    assert!(e.contains("scheme: \"\" -> \"http\""), "{e}");
    let (_, _, quiet) = edit(&[url, "--curl-normalize"]);
    assert_eq!(quiet, "");
}

#[test]
fn trurl_elsewhere_than_first_is_a_usage_error() {
    let (code, o, e) = edit(&["http://h/", "--trurl"]);
    assert_eq!((code, o.as_str()), (4, ""));
    assert!(e.contains("--trurl comes first"), "{e}");
}
