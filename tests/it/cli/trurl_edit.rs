//! trurl mode's edits and outputs, row by row from the manual: `--set`,
//! `--append`, `--qtrim`, `--replace`, `--sort-query`, `--iterate`,
//! `--redirect`, `--get`, `--json` and `--url-file`. Our own rows.

use super::trurl::prints;
use crate::support::run_trurl;

#[test]
fn set_encodes_takes_encoded_sets_if_unset_and_clears() {
    let rows: &[(&[&str], &str)] = &[
        (
            &["https://curl.se", "-s", "host=example.com"],
            "https://example.com/",
        ),
        (
            &["-s", "host=example.com", "-s", "scheme=ftp"],
            "ftp://example.com/",
        ),
        (
            &["https://curl.se/we/../are.html", "-s", "port=8080"],
            "https://curl.se:8080/are.html",
        ),
        (
            &["https://curl.se/hello", "-s", "user=:hej:"],
            "https://%3ahej%3a@curl.se/hello",
        ),
        (
            &["https://curl.se/hello", "-s", "query=user=me"],
            "https://curl.se/hello?user%3dme",
        ),
        (
            &["https://curl.se/hello", "-s", "query:=user=me"],
            "https://curl.se/hello?user=me",
        ),
        (
            &["http://horse?elephant", "-s", "query=?elephant"],
            "http://horse/?%3felephant",
        ),
        (
            &["http://horse#elephant", "-s", "fragment=#zebra"],
            "http://horse/#%23zebra",
        ),
        (
            &["https://curl.se/hello", "-s", "fragment:=%20hello"],
            "https://curl.se/hello#%20hello",
        ),
        (
            &["-s", "scheme:=http", "-s", "host:=h", "-s", "path:=/A%5C"],
            "http://h/A%5c",
        ),
        (&["example.com", "-s", "host=[::1]"], "http://[::1]/"),
        (
            &["example.com:88", "-s", "port?=99"],
            "http://example.com:88/",
        ),
        (&["example.com", "-s", "port?=99"], "http://example.com:99/"),
        (
            &["https://daniel@curl.se:22/", "-s", "port=", "-s", "user="],
            "https://curl.se/",
        ),
        (
            &[
                "https://u:p@h/?q#f",
                "-s",
                "password=",
                "-s",
                "query=",
                "-s",
                "fragment=",
            ],
            "https://u@h/",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn append_adds_a_path_segment_or_a_query_pair_encoded() {
    let rows: &[(&[&str], &str)] = &[
        (
            &["http://twelve/three?hello", "-a", "path=four"],
            "http://twelve/three/four?hello",
        ),
        (
            &["https://curl.se/hello", "-a", "path=you index.html"],
            "https://curl.se/hello/you%20index.html",
        ),
        (
            &["https://curl.se/hello/", "-a", "path=a/b"],
            "https://curl.se/hello/a%2fb",
        ),
        (&["https://e/one", "-a", "path=%61"], "https://e/one/%2561"),
        (
            &["http://host?name=hello", "-a", "query=search=life"],
            "http://host/?name=hello&search=life",
        ),
        (
            &["localhost", "-a", "query=a b=c&d"],
            "http://localhost/?a+b=c%26d",
        ),
        (
            &["example.com", "-a", "path=add", "-a", "path=two"],
            "http://example.com/add/two",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn qtrim_removes_pairs_by_key_or_prefix_ignoring_case() {
    let rows: &[(&[&str], &str)] = &[
        (
            &[
                "https://example.com?a12=hej&a23=moo&b12=foo",
                "--qtrim",
                "a*",
            ],
            "https://example.com/?b12=foo",
        ),
        (
            &[
                "https://curl.se?search=hey&utm_source=tracker",
                "--qtrim",
                "utm_*",
            ],
            "https://curl.se/?search=hey",
        ),
        (
            &[
                "https://curl.se?search=hey&utm_source=tracker",
                "--trim",
                "query=UTM_*",
            ],
            "https://curl.se/?search=hey",
        ),
        (
            &["https://curl.se?utm_source=x", "--qtrim", "utm_*"],
            "https://curl.se/",
        ),
        (
            &["https://c.se/?*=moo&user=many", "--qtrim", "\\*"],
            "https://c.se/?user=many",
        ),
        (
            &["https://c.se/?ab=1&a=2", "--qtrim", "a"],
            "https://c.se/?ab=1",
        ),
        (
            &[
                "https://curl.se?search=fool;page=5",
                "--qtrim",
                "search",
                "--query-separator",
                ";",
            ],
            "https://curl.se/?page=5",
        ),
        // Trimmed before appended: a pair appended with the trimmed key stays.
        (
            &[
                "--qtrim",
                "a",
                "-a",
                "query=a=ciao",
                "-a",
                "query=b=salve",
                "https://e.org/f?a=hi&b=hello&x=y",
            ],
            "https://e.org/f?b=hello&x=y&a=ciao&b=salve",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn replace_gives_the_first_pair_the_value_and_removes_the_others() {
    let rows: &[(&[&str], &str)] = &[
        (
            &[
                "http://alpha?one=real&two=fake",
                "--replace",
                "two=alsoreal",
            ],
            "http://alpha/?one=real&two=alsoreal",
        ),
        (
            &["https://e.com?a=123&b=321&b=987", "--replace", "b=foo"],
            "https://e.com/?a=123&b=foo",
        ),
        (
            &["http://t.org/?that=thing&key", "--replace", "key=foo"],
            "http://t.org/?that=thing&key=foo",
        ),
        (
            &["http://t.org/?that=thing&key=foo", "--replace", "key"],
            "http://t.org/?that=thing&key",
        ),
        (
            &["http://t.org/?that=thing", "--replace", "key=foo"],
            "http://t.org/?that=thing",
        ),
        (
            &[
                "http://alpha?one=real&two=fake",
                "--replace-append",
                "three=alsoreal",
            ],
            "http://alpha/?one=real&two=fake&three=alsoreal",
        ),
        (
            &["http://t.org/?that=thing", "--force-replace", "key=foo"],
            "http://t.org/?that=thing&key=foo",
        ),
        (
            &["http://t.org/?q=1", "--replace", "q=a b&c"],
            "http://t.org/?q=a+b%26c",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn sort_query_ignores_case_and_takes_the_separator() {
    let rows: &[(&[&str], &str)] = &[
        (
            &[
                "http://alpha/?one=real&two=fake&three=alsoreal",
                "--sort-query",
            ],
            "http://alpha/?one=real&three=alsoreal&two=fake",
        ),
        (
            &[
                "https://curl.se?b=name:a=age",
                "--sort-query",
                "--query-separator",
                ":",
            ],
            "https://curl.se/?a=age:b=name",
        ),
        (
            &["https://e.com?B=1&a=2&C=3", "--sort-query"],
            "https://e.com/?a=2&B=1&C=3",
        ),
        (
            &["https://e.com?a=b&c=d&", "--sort-query"],
            "https://e.com/?a=b&c=d",
        ),
        (
            &[
                "-a",
                "query=c=moo",
                "--sort-query",
                "https://e.org/foo?x=hi#rye",
            ],
            "https://e.org/foo?c=moo&x=hi#rye",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn iterate_writes_every_combination_in_order() {
    prints(
        &["example.com", "--iterate=scheme=ftp https", "--iterate=port=22 80"],
        "ftp://example.com:22/\nftp://example.com:80/\nhttps://example.com:22/\nhttps://example.com:80/\n",
    );
    prints(
        &["https://curl.se/path/index.html", "--iterate", "scheme=http ftp sftp"],
        "http://curl.se/path/index.html\nftp://curl.se/path/index.html\nsftp://curl.se/path/index.html\n",
    );
    prints(
        &[
            "hello@localhost",
            "--iterate",
            "host=one two",
            "-g",
            "{host} {user}",
        ],
        "one hello\ntwo hello\n",
    );
    prints(
        &[
            "example.com",
            "-a",
            "query=add",
            "--iterate",
            "scheme=http ftp",
        ],
        "http://example.com/?add\nftp://example.com/?add\n",
    );
    prints(
        &[
            "--keep-port",
            "https://curl.se",
            "--iterate",
            "port=80 81 443",
        ],
        "https://curl.se:80/\nhttps://curl.se:81/\nhttps://curl.se:443/\n",
    );
}

#[test]
fn redirect_resolves_against_each_url_as_libcurl_does() {
    let rows: &[(&[&str], &str)] = &[
        (
            &[
                "--url",
                "https://curl.se/we/are.html",
                "--redirect",
                "here.html",
            ],
            "https://curl.se/we/here.html",
        ),
        (
            &[
                "--url",
                "https://curl.se/we/are.html",
                "--redirect",
                "../here.html",
            ],
            "https://curl.se/here.html",
        ),
        (
            &["https://curl.se/we/are.html?x=1", "--redirect", "?y=2"],
            "https://curl.se/we/are.html?y=2",
        ),
        (
            &[
                "https://curl.se/we/are.html",
                "--redirect",
                "//other.example/x",
            ],
            "https://other.example/x",
        ),
        (
            &["https://curl.se/we/are.html", "--redirect", "ftp://x/y"],
            "ftp://x/y",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
}

#[test]
fn get_formats_components_and_query_keys() {
    let q = "https://example.com?utm_source=tra%20cker&address%20=home&q=rfc+3986&n=mr%00smith";
    let rows: &[(&[&str], &str)] = &[
        (
            &["https://curl.se/we/are.html", "-g", "{path}"],
            "/we/are.html",
        ),
        (
            &["https://curl.se/we/are.html", "-g", "{default:port}"],
            "443",
        ),
        (
            &[
                "https://curl.se/we/are.html?user=many#more",
                "-g",
                "{query}|{fragment}",
            ],
            "user=many|more",
        ),
        (&["https://curl.se/%2e%61%13", "-g", "{:path}"], "/.a%13"),
        (
            &["ftps://example.com:2021/p%61th", "-g", "{url}"],
            "ftps://example.com:2021/path",
        ),
        (&["localhost", "-g", "{scheme} {host"], "http {host"),
        (&["localhost", "-g", "[scheme] [host"], "http [host"),
        (&["localhost", "-g", "{{x}} [scheme]"], "{x}} [scheme]"),
        (
            &["localhost", "-g", "\\{{scheme}\\[\\t\\n|\\q"],
            "{http[\t\n|\\q",
        ),
        (
            &[
                "https://u:s@foo?moo",
                "-g",
                "[scheme][user][password][query]",
            ],
            "httpsusmoo",
        ),
        (&[q, "-g", "{query:utm_source}"], "tra cker"),
        (&[q, "-g", "{:query:utm_source}"], "tra+cker"),
        (
            &[q, "-g", "{query:address }|{:query:address+}"],
            "home|home",
        ),
        (&[q, "-g", "{query:q}|{:query:q}"], "rfc 3986|rfc+3986"),
        (&[q, "-g", "{query:n}"], "mr.smith"),
        (&[q, "-g", "{query:UTM_SOURCE}"], ""),
        (&["hej?a=b&a=c&a=d&b=a", "-g", "{query-all:a}"], "b c d"),
        (&["-g", "{query:}", "http://localhost/?=bar"], "bar"),
        (&["https://example.com/?", "-g", "{must:query}"], ""),
        (
            &[
                "imap://example.com/",
                "-g",
                "port: {port}, default:port: {default:port}",
            ],
            "port: , default:port: 143",
        ),
    ];
    for (args, want) in rows {
        prints(args, &format!("{want}\n"));
    }
    prints(
        &[
            "-g",
            "{query:b}\\t{query-all:a}\\n{:query:b}\\t{:query-all:a}",
            "https://example.org/foo?a=1&b=%23&a=%26#hello",
        ],
        "#\t1 &\n%23\t1 %26\n",
    );
    prints(
        &[
            "--urlencode",
            "-s",
            "path=\\\\",
            "-g",
            "{path}",
            "localhost",
        ],
        "/%5c%5c\n",
    );
}

#[test]
fn json_is_laid_out_as_trurl_lays_it_out() {
    let (code, out, _) = run_trurl(
        &["https://fake.host/search?q=answers&user=me#frag", "--json"],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        r#"[
  {
    "url": "https://fake.host/search?q=answers&user=me#frag",
    "parts": {
      "scheme": "https",
      "host": "fake.host",
      "path": "/search",
      "query": "q=answers&user=me",
      "fragment": "frag"
    },
    "params": [
      {
        "key": "q",
        "value": "answers"
      },
      {
        "key": "user",
        "value": "me"
      }
    ]
  }
]
"#
    );
    let (_, out, _) = run_trurl(&["example.com", "other.com", "--json"], b"");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v[1]["url"], "http://other.com/");
    assert!(v[0].get("params").is_none(), "no params without a query");
    let (_, out, _) = run_trurl(&["imap://u:p;o@[ff00::1%z]:1/p?a=b%20c+d", "--json"], b"");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let parts = &v[0]["parts"];
    assert_eq!(parts["options"], "o");
    assert_eq!(parts["host"], "[ff00::1]");
    assert_eq!(parts["zoneid"], "z");
    assert_eq!(parts["query"], "a=b c d");
    assert_eq!(v[0]["params"][0]["value"], "b c d");
    let (_, out, _) = run_trurl(&["http://e/?q=mr%00s", "--json", "--urlencode"], b"");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v[0]["parts"]["query"], "q=mr%00s");
    assert_eq!(v[0]["params"][0]["value"], "mr\u{0}s");
}

#[test]
fn json_of_no_url_is_an_empty_array_on_one_line() {
    let (code, out, _) = run_trurl(&["-f", "-", "--json"], b"\n  \n");
    assert_eq!((code, out.as_str()), (0, "[]\n"));
}

#[test]
fn url_file_lines_are_trimmed_skipped_and_streamed() {
    let input = b"https://curl.se/\n\nhttps://docs.python.org/   \r\n   \n\tgit://g/c.git\t \nxyz://hello/?hi";
    let (code, out, err) = run_trurl(&["-f", "-"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "https://curl.se/\nhttps://docs.python.org/\nxyz://hello/?hi\n"
    );
    assert_eq!(
        err,
        "trurl note: Malformed input to a URL function [\\tgit://g/c.git]\n"
    );
    let long = format!("https://{}/\nhttp://example.org\n", "a".repeat(4090));
    let (_, out, err) = run_trurl(&["-f", "-"], long.as_bytes());
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("http://example.org/\n", "trurl note: skipping long line\n")
    );
    let fits = format!("https://{}/\n", "a".repeat(4085));
    let (_, out, _) = run_trurl(&["-f", "-"], fits.as_bytes());
    assert_eq!(out.len(), fits.len(), "a line of 4094 bytes is read");
    // URLs on the command line are not read with --url-file.
    let (_, out, _) = run_trurl(&["ignored.example", "-f", "-"], b"http://x/\n");
    assert_eq!(out, "http://x/\n");
}
