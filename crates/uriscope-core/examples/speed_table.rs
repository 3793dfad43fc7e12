//! The speed table of docs/BENCHMARKS.md in one run: parse, resolve and
//! normalize by uriscope and each peer present as a dev-dependency
//! (fluent-uri, oxiri, iri-string, url, ada-url), over the benchmark corpus
//! (benches/uris.txt), as ns per URI, MB/s and instructions per URI.
//!
//! `cargo run --release -p uriscope-core --example speed_table [ROUNDS]`
//! (default 15). Times: each round runs one pass of every engine of an
//! operation in rotating order (a slow spell of a busy machine hits all
//! alike); the median pass is given. Instructions: the example runs
//! itself under `valgrind --tool=callgrind` (when valgrind is on `PATH`)
//! once per engine (`count OP ENGINE`: three passes) and once with the
//! loop alone (`count OP none`), and gives the difference per URI, as
//! `parse_count` does.
//!
//! What each operation takes: parse, the corpus lines; resolve, the lines
//! against `http://a/b/c/d;p?q`, each parsed inside the loop (the base
//! once, outside it); normalize, the resolved targets (the lines that
//! resolve), each parsed inside the loop. url and ada-url (ada's C++
//! through its bindings) parse and join the WHATWG way, normalizing as
//! they go: their normalize row is a WHATWG parse and its `href`, not RFC
//! 3986 normalization; ada-url's join takes the base as text and parses
//! it again each call (its API has no join against a parsed URL).

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use iri_string::format::ToDedicatedString;

const BASE: &str = "http://a/b/c/d;p?q";
const PASSES: usize = 3;

/// The parsed bases, made once.
struct Bases {
    uriscope: uriscope_core::UriRef<'static>,
    fluent: fluent_uri::Uri<&'static str>,
    oxiri: oxiri::Iri<&'static str>,
    iri_string: &'static iri_string::types::UriAbsoluteStr,
    url: url::Url,
}

/// One engine at one operation: its name and what it does to one input
/// (a length, so that nothing is optimized away).
type Engine = (&'static str, fn(&Bases, &str) -> usize);

const PARSE: &[Engine] = &[
    ("uriscope", |_, s| uriscope_core::parse(s).is_ok() as usize),
    ("fluent-uri", |_, s| {
        fluent_uri::UriRef::parse(s).is_ok() as usize
    }),
    ("oxiri", |_, s| oxiri::IriRef::parse(s).is_ok() as usize),
    ("iri-string", |_, s| {
        iri_string::types::UriReferenceStr::new(s).is_ok() as usize
    }),
    ("url", |_, s| url::Url::parse(s).is_ok() as usize),
    ("ada-url", |_, s| {
        ada_url::Url::parse(s, None).is_ok() as usize
    }),
];

const RESOLVE: &[Engine] = &[
    ("uriscope", |b, s| {
        uriscope_core::parse(s)
            .ok()
            .and_then(|r| {
                uriscope_core::relative::resolve_ref(&b.uriscope, &r, Default::default()).ok()
            })
            .map_or(0, |t| t.len())
    }),
    ("fluent-uri", |b, s| {
        fluent_uri::UriRef::parse(s)
            .ok()
            .and_then(|r| r.resolve_against(&b.fluent).ok())
            .map_or(0, |t| t.as_str().len())
    }),
    ("oxiri", |b, s| {
        oxiri::IriRef::parse(s)
            .ok()
            .and_then(|r| b.oxiri.resolve(&r).ok())
            .map_or(0, |t| t.as_str().len())
    }),
    ("iri-string", |b, s| {
        iri_string::types::UriReferenceStr::new(s).map_or(0, |r| {
            r.resolve_against(b.iri_string)
                .to_dedicated_string()
                .as_str()
                .len()
        })
    }),
    ("url", |b, s| b.url.join(s).map_or(0, |t| t.as_str().len())),
    ("ada-url", |_, s| {
        ada_url::Url::parse(s, Some(BASE)).map_or(0, |t| t.href().len())
    }),
];

const NORMALIZE: &[Engine] = &[
    ("uriscope", |_, s| {
        uriscope_core::normalize(s, Default::default()).map_or(0, |t| t.len())
    }),
    ("fluent-uri", |_, s| {
        fluent_uri::Uri::parse(s).map_or(0, |u| u.normalize().as_str().len())
    }),
    ("iri-string", |_, s| {
        iri_string::types::UriStr::new(s)
            .map_or(0, |u| u.normalize().to_dedicated_string().as_str().len())
    }),
    ("url", |_, s| {
        url::Url::parse(s).map_or(0, |u| u.as_str().len())
    }),
    ("ada-url", |_, s| {
        ada_url::Url::parse(s, None).map_or(0, |u| u.href().len())
    }),
];

/// The loop alone: what `count OP none` runs.
const NONE: Engine = ("none", |_, s| s.len());

fn operations() -> [(&'static str, &'static [Engine]); 3] {
    [
        ("parse", PARSE),
        ("resolve", RESOLVE),
        ("normalize", NORMALIZE),
    ]
}

/// One pass of `f` over `inputs`, in seconds.
fn pass(bases: &Bases, inputs: &[&str], f: fn(&Bases, &str) -> usize) -> f64 {
    let t = Instant::now();
    let mut n = 0usize;
    for s in inputs {
        n += f(bases, black_box(s));
    }
    black_box(n);
    t.elapsed().as_secs_f64()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Instructions of `count OP ENGINE` under callgrind, or `None` without valgrind.
fn instructions(op: &str, engine: &str) -> Option<u64> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["count", op, engine])
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().find(|l| l.contains("Collected :"))?;
    line.rsplit(':')
        .next()?
        .trim()
        .replace(',', "")
        .parse()
        .ok()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let corpus: &'static str = include_str!("../../../benches/uris.txt");
    let lines: Vec<&str> = corpus.lines().collect();
    let targets: Vec<&str> = lines
        .iter()
        .filter_map(|l| uriscope_core::resolve(BASE, l, Default::default()).ok())
        .map(|t| &*Box::leak(t.into_boxed_str()))
        .collect();
    let bases = Bases {
        uriscope: uriscope_core::parse(BASE).expect("the base parses"),
        fluent: fluent_uri::Uri::parse(BASE).expect("the base parses"),
        oxiri: oxiri::Iri::parse(BASE).expect("the base parses"),
        iri_string: iri_string::types::UriAbsoluteStr::new(BASE).expect("the base parses"),
        url: url::Url::parse(BASE).expect("the base parses"),
    };
    let inputs = |op: &str| if op == "normalize" { &targets } else { &lines };
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [count, op, engine] = &args[..] {
        if count == "count" {
            let (_, engines) = operations()
                .into_iter()
                .find(|(o, _)| o == op)
                .expect("an operation: parse, resolve or normalize");
            let (_, f) = engines
                .iter()
                .chain([&NONE])
                .find(|(e, _)| e == engine)
                .expect("an engine of that operation, or none");
            for _ in 0..PASSES {
                pass(&bases, inputs(op), *f);
            }
            return;
        }
    }
    let rounds: usize = args.first().and_then(|n| n.parse().ok()).unwrap_or(15);
    let load_before = load_average();
    println!(
        "`cargo run --release -p uriscope-core --example speed_table {rounds}`: {} URIs ({} bytes), \
         {} resolved targets ({} bytes); {rounds} rounds, medians; instructions under callgrind, \
         {PASSES} passes minus the loop alone, per URI; load average {load_before} at the start\n",
        lines.len(),
        lines.iter().map(|l| l.len()).sum::<usize>(),
        targets.len(),
        targets.iter().map(|l| l.len()).sum::<usize>(),
    );
    println!("| operation | engine | ns/URI | MB/s | instructions/URI | time / uriscope's | instructions / uriscope's |");
    println!("|---|---|---|---|---|---|---|");
    for (op, engines) in operations() {
        let inputs = inputs(op);
        let bytes: usize = inputs.iter().map(|l| l.len()).sum();
        for (_, f) in engines {
            pass(&bases, inputs, *f);
        }
        let mut times = vec![Vec::with_capacity(rounds); engines.len()];
        for r in 0..rounds {
            for k in 0..engines.len() {
                let i = (r + k) % engines.len();
                times[i].push(pass(&bases, inputs, engines[i].1));
            }
        }
        let medians: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
        let none = instructions(op, "none");
        let per_uri = |engine: &str| {
            let n = (PASSES * inputs.len()) as f64;
            Some((instructions(op, engine)? as f64 - none? as f64) / n)
        };
        let counts: Vec<Option<f64>> = engines.iter().map(|(e, _)| per_uri(e)).collect();
        for (i, (engine, _)) in engines.iter().enumerate() {
            let ir = counts[i].map_or("—".into(), |c| format!("{c:.0}"));
            let ir_ratio = match (counts[i], counts[0]) {
                (Some(c), Some(u)) if i > 0 => format!("{:.2}×", c / u),
                _ => "—".into(),
            };
            let time_ratio = if i > 0 {
                format!("{:.2}×", medians[i] / medians[0])
            } else {
                "—".into()
            };
            println!(
                "| {op} | {engine} | {:.1} | {:.0} | {ir} | {time_ratio} | {ir_ratio} |",
                medians[i] * 1e9 / inputs.len() as f64,
                bytes as f64 / medians[i] / 1e6,
            );
        }
    }
    println!("\nload average at the end: {}", load_average());
}
