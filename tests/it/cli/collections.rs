//! `uriscope stats` and `uriscope dedupe` end to end: their output on a
//! small list, their agreement with `parse --iri --json` and with the
//! collection model on the sample list, streaming, files, and answers
//! that a terminal would act on.

use std::collections::BTreeMap;

use serde_json::Value;
use uriscope::collection::{GroupBy, Plan};

use crate::collection::{kept, load, sample};
use crate::support::run_uriscope;

const SMALL: &str = "http://a/%7e\nHTTP://A/~\n\nhttp://b/x?id=1\nhttp://b/x?id=2\na b\nhttps://ü.example/\n//h/p\n";

#[test]
fn stats_counts_kinds_and_tables() {
    let (code, out, err) = run_uriscope(&["stats"], SMALL.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("7  lines\n4  uri\n1  iri\n1  relative\n1  invalid\n1  blank (not counted)\n\nschemes (2 distinct)\n4  http\n1  https\n"),
        "{out}"
    );
    assert!(
        out.contains("\nhosts (4 distinct)\n2  a\n2  b\n1  h\n1  ü.example\n"),
        "{out}"
    );
    let (_, out, _) = run_uriscope(&["stats", "--top", "1"], SMALL.as_bytes());
    assert!(
        out.contains("\nhosts (4 distinct, top 1)\n2  a\n\n"),
        "{out}"
    );
}

#[test]
fn stats_quotes_names_with_controls_visibly() {
    // An invalid line's scheme comes from the Appendix B split, as in
    // `parse --json`, so it may hold anything but ':', '/', '?', '#'.
    let (code, out, _) = run_uriscope(&["stats"], b"a\x1b[31mb:x y\n");
    assert_eq!(code, 0);
    assert!(out.contains("a\\x1b[31mb"), "{out}");
    assert!(!out.contains('\u{1b}'));
}

/// The counts `parse --iri --json` gives the same lines, one object each.
fn counts_from_parse(input: &str) -> BTreeMap<String, BTreeMap<String, u64>> {
    let lines = kept(input).join("\n") + "\n";
    let (_, out, _) = run_uriscope(&["parse", "--iri", "--json"], lines.as_bytes());
    let mut c: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    let mut bump = |table: &str, name: &str| {
        *c.entry(table.into())
            .or_default()
            .entry(name.into())
            .or_default() += 1;
    };
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).expect("parse --json writes JSON");
        let kind = match (v["verdict"].as_str(), v["kind"].as_str()) {
            (Some("invalid"), _) => "invalid",
            (Some(verdict), Some("uri")) => verdict,
            _ => "relative",
        };
        bump("kinds", kind);
        for table in ["scheme", "host"] {
            if let Some(name) = v[table].as_str() {
                bump(table, &name.to_ascii_lowercase());
            }
        }
        let mut codes: Vec<&str> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| f["code"].as_str().expect("a code"))
            .collect();
        codes.sort_unstable();
        codes.dedup();
        for code in codes {
            bump("codes", code);
        }
    }
    c
}

/// The same tables read off `stats --json --top 0`.
fn counts_from_stats(v: &Value) -> BTreeMap<String, BTreeMap<String, u64>> {
    let mut c: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    for kind in ["uri", "iri", "relative", "invalid"] {
        let n = v[kind].as_u64().expect("a count");
        if n > 0 {
            c.entry("kinds".into()).or_default().insert(kind.into(), n);
        }
    }
    for (table, key) in [("schemes", "scheme"), ("hosts", "host"), ("codes", "codes")] {
        let rows = v[table]["top"].as_array().expect("a table");
        assert_eq!(
            rows.len() as u64,
            v[table]["distinct"].as_u64().expect("distinct")
        );
        for row in rows {
            let name = row["name"].as_str().expect("a name");
            c.entry(key.into())
                .or_default()
                .insert(name.into(), row["count"].as_u64().expect("n"));
        }
    }
    c
}

#[test]
fn stats_agrees_with_parse_and_with_the_model() {
    let input = sample();
    let (code, out, err) = run_uriscope(&["stats", "--json", "--top", "0"], input.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(counts_from_stats(&v), counts_from_parse(&input));
    // The model on the same input says the same, the flags included.
    let c = load(&input, Plan::default());
    let model = crate::collection::model::counts_of(&c);
    assert_eq!(v["lines"].as_u64(), Some(model.lines));
    assert_eq!(v["blank"].as_u64(), Some(c.tally().blank));
    let flags: BTreeMap<String, u64> = v["flags"]["top"]
        .as_array()
        .expect("flags")
        .iter()
        .map(|r| {
            (
                r["name"].as_str().expect("a name").into(),
                r["count"].as_u64().expect("n"),
            )
        })
        .collect();
    assert_eq!(flags, model.flags);
    assert_eq!(counts_from_stats(&v)["host"], model.hosts);
}

#[test]
fn dedupe_streams_the_first_line_of_each_group() {
    let (code, out, err) = run_uriscope(&["dedupe"], SMALL.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "http://a/%7e\nhttp://b/x?id=1\nhttp://b/x?id=2\na b\nhttps://ü.example/\n//h/p\n"
    );
    let (_, out, _) = run_uriscope(&["dedupe", "--by", "keys"], SMALL.as_bytes());
    assert_eq!(
        out,
        "http://a/%7e\nhttp://b/x?id=1\na b\nhttps://ü.example/\n//h/p\n"
    );
    // As IRIs, the two spellings of an IRI are one.
    let (_, out, _) = run_uriscope(
        &["dedupe", "--iri"],
        "https://ü.example/\nhttps://%C3%BC.example/\n".as_bytes(),
    );
    assert_eq!(out, "https://ü.example/\n");
    let (_, out, _) = run_uriscope(&["dedupe"], "http://a/%2E/b\nhttp://a/b\n".as_bytes());
    assert_eq!(out, "http://a/%2E/b\n");
    let (_, out, _) = run_uriscope(
        &["dedupe", "--keep-encoded-dots"],
        "http://a/%2E/b\nhttp://a/b\n".as_bytes(),
    );
    assert_eq!(out, "http://a/%2E/b\nhttp://a/b\n");
}

#[test]
fn dedupe_json_names_each_lines_group_and_rung() {
    let (code, out, _) = run_uriscope(&["dedupe", "--json"], SMALL.as_bytes());
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"group":1,"line":1,"uri":"http://a/%7e","first":true,"rung":null,"key":"http://a/~"}"#
    );
    assert_eq!(
        lines[1],
        r#"{"group":1,"line":2,"uri":"HTTP://A/~","first":false,"rung":"syntax-based","key":"http://a/~"}"#
    );
    assert_eq!(
        lines[4],
        r#"{"group":4,"line":6,"uri":"a b","first":true,"rung":null,"key":null}"#
    );
    let (_, out, _) = run_uriscope(&["dedupe", "--json", "--by", "keys"], SMALL.as_bytes());
    assert_eq!(
        out.lines().nth(3),
        Some(r#"{"group":2,"line":5,"uri":"http://b/x?id=2","first":false,"key":"http://b/x?id"}"#)
    );
}

#[test]
fn dedupe_agrees_with_the_model() {
    let input = sample();
    let c = load(&input, Plan::default());
    for by in GroupBy::ALL {
        let (code, out, err) =
            run_uriscope(&["dedupe", "--json", "--by", by.name()], input.as_bytes());
        assert_eq!((code, err.as_str()), (0, ""));
        let rows: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(rows.len(), c.len());
        for (i, row) in rows.iter().enumerate() {
            let line = i as u32;
            let g = c.group_of(by, line).expect("a group");
            assert_eq!(row["uri"].as_str(), Some(c.text(line)));
            assert_eq!(row["group"].as_u64(), Some(g as u64 + 1), "{row}");
            assert_eq!(
                row["first"].as_bool(),
                Some(c.first_of(by, g) == Some(line))
            );
            assert_eq!(row["key"].as_str(), c.key(by, g).as_deref());
            if by == GroupBy::Normal {
                let rung = c
                    .rung(line)
                    .map(|r| r.name())
                    .filter(|_| c.first_of(by, g) != Some(line));
                assert_eq!(row["rung"].as_str(), rung, "{row}");
            } else {
                assert!(row.get("rung").is_none());
            }
        }
        // The plain output is the first line of each group, in order.
        let (_, plain, _) = run_uriscope(&["dedupe", "--by", by.name()], input.as_bytes());
        let firsts: Vec<&str> = (0..c.grouping(by).len())
            .map(|g| c.text(c.first_of(by, g).expect("a first line")))
            .collect();
        assert_eq!(plain.lines().collect::<Vec<_>>(), firsts);
    }
}

#[test]
fn dedupe_answers_a_line_before_the_next_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_uriscope"))
        .args(["dedupe"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("a line")).is_err() {
                return;
            }
        }
    });
    for i in 0..3 {
        // A copy first: it has nothing to say, then a new one is answered.
        writeln!(stdin, "HTTP://h/{}\nhttp://h/{i}", i.max(1) - 1).expect("written");
        stdin.flush().expect("flushed");
        let answer = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an answer before the next line");
        let want = if i == 0 {
            "HTTP://h/0".to_string()
        } else {
            format!("http://h/{i}")
        };
        assert_eq!(answer, want);
    }
    drop(stdin);
    assert!(child.wait().expect("it exits").success());
}

#[test]
fn stats_and_dedupe_read_files_and_say_which_one_is_missing() {
    let dir = std::env::temp_dir().join(format!("uriscope-collections-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "http://a/\nhttp://b/\n").expect("written");
    std::fs::write(&b, "HTTP://A/\nhttp://c/\n").expect("written");
    let (a, b) = (a.to_str().expect("a path"), b.to_str().expect("a path"));
    let (code, out, err) = run_uriscope(&["dedupe", "--json", a, "missing.txt", b], b"");
    assert_eq!(code, 1);
    assert!(err.contains("uriscope dedupe: 'missing.txt': "), "{err}");
    let numbers: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("JSON")["line"]
                .as_u64()
                .expect("n")
        })
        .collect();
    assert_eq!(
        numbers,
        [1, 2, 3, 4],
        "the files' lines numbered one after another"
    );
    let (code, out, _) = run_uriscope(&["dedupe", a, "-", b], b"http://c/\nhttp://d/\n");
    assert_eq!(code, 0);
    assert_eq!(out, "http://a/\nhttp://b/\nhttp://c/\nhttp://d/\n");
    let (code, out, err) = run_uriscope(&["stats", "--json", a, "nope", b], b"");
    assert_eq!(code, 1);
    assert!(err.contains("uriscope stats: 'nope': "), "{err}");
    assert!(out.starts_with(r#"{"lines":4,"uri":4,"#), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn dedupe_refuses_an_answer_a_terminal_would_act_on() {
    let (code, out, err) = run_uriscope(&["dedupe"], b"http://a/\x1b]2;x\nhttp://b/\n\xff\n");
    assert_eq!(code, 1);
    assert_eq!(out, "http://b/\n");
    assert!(err.contains("ESC (U+001B)"), "{err}");
    assert!(
        err.contains("uriscope dedupe: line 3: '\\xff': not valid UTF-8"),
        "{err}"
    );
    // JSON escapes the line exactly; a line that is not UTF-8 has no
    // group, so the run exits 1.
    let (code, out, _) = run_uriscope(&["dedupe", "--json"], b"http://a/\x1b]2;x\n\xff\n");
    assert_eq!(code, 1);
    assert!(out.contains(r#""uri":"http://a/\u001b]2;x""#), "{out}");
    assert!(out.contains(r#""not_utf8":true"#), "{out}");
}
