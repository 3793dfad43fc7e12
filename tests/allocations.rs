//! What uriscope allocates: one line of `uriscope parse` (lint
//! and the WHATWG column pay only for what they find, no allocation per
//! line when there is nothing to say), and the most memory any subcommand
//! holds per byte of its input, `edit --iterate`
//! included.
//!
//! Its own test binary: the allocation counter (dhat, in testing mode) is
//! the global allocator here, and it counts every thread's allocations,
//! so its tests take turns ([`ONE_AT_A_TIME`]). A subcommand is measured
//! in a child process, this binary run again on [`measure_child`] alone,
//! so its stdin and stdout can be files and nothing else allocates beside
//! it.

use uriscope::cli::format::Format;
use uriscope::cli::parse::write_answer;
use uriscope::report::json::JsonWhatwg;
use uriscope::uri::lint::Linted;
use uriscope::uri::{analyze, ParseOptions, Report};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Allocations made so far, by every thread.
fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

/// Whether `r`'s host is one the lint decodes to look at (an IDNA label,
/// an escape, a non-ASCII character): it has something to inspect.
fn host_to_inspect(r: &Report<'_>) -> bool {
    r.uri.host().is_some_and(|h| {
        !h.is_ascii() || h.contains('%') || h.to_ascii_lowercase().contains("xn--")
    })
}

/// Whether the text answer has nothing to say beyond the components: a
/// valid reference, no finding, no host to inspect.
fn nothing_to_say(r: &Report<'_>) -> bool {
    r.is_valid() && Linted::new(r).is_empty() && !host_to_inspect(r)
}

/// Whether the JSON answer has nothing to say either: every segment, key
/// and value decodes to itself (no `%` or `+`), the WHATWG column is known
/// without the `url` crate, and there is no `data:` payload to take apart.
fn nothing_to_say_in_json(r: &Report<'_>) -> bool {
    nothing_to_say(r)
        && !r.input.contains(['%', '+'])
        && !matches!(JsonWhatwg::of(r), JsonWhatwg::Parsed(_))
        && r.uri.scheme() != Some("data")
}

/// The allocations of each answer in `format` to `lines`, after one
/// warm-up answer of each (the thread's JSON buffer grows once).
fn allocations(lines: &[&str], format: Format) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << 20);
    for l in lines {
        write_answer(&mut out, l, ParseOptions::default(), format).expect("a Vec takes it");
        out.clear();
    }
    lines
        .iter()
        .map(|l| {
            let before = blocks();
            write_answer(&mut out, l, ParseOptions::default(), format).expect("a Vec takes it");
            let n = blocks() - before;
            out.clear();
            n
        })
        .collect()
}

/// Serializes the tests of this binary: dhat counts every thread, so a
/// test that counts must not run beside one that allocates.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// In a child: the subcommand to measure, its arguments separated by
/// U+001F.
const CHILD_ARGS: &str = "URISCOPE_MEASURE_ARGS";
/// In a child: the file the peak number of bytes is written to.
const CHILD_PEAK: &str = "URISCOPE_MEASURE_PEAK";

#[test]
fn a_line_with_nothing_to_say_allocates_nothing() {
    let _one = ONE_AT_A_TIME.lock();
    if std::env::var_os(CHILD_ARGS).is_some() {
        return;
    }
    let _counting = dhat::Profiler::builder().testing().build();
    let corpus: Vec<&str> = include_str!("../benches/uris.txt").lines().collect();
    // Lines that once allocated with nothing to say: an escape the lint
    // decoded to look for a dot segment, a userinfo without a password,
    // a `tel:` number, a `mailto:` address and header, a relative
    // reference and a plain http URI in the WHATWG column.
    // The JSON answer of the first four still pays for decoding escapes
    // or for the url crate (not an http(s) URI).
    let crafted = [
        ("http://h/a%20b/c%C3%A9", false),
        ("ssh://user@git.example/repo", false),
        ("tel:+1-201-555-0123", false),
        ("mailto:a@b.example?subject=hello", false),
        ("../a/b?c=d#e", true),
        ("https://example.com/a/b?c=d&e#f", true),
    ];
    let lines: Vec<&str> = corpus
        .iter()
        .copied()
        .chain(crafted.iter().map(|c| c.0))
        .collect();
    let reports: Vec<Report<'_>> = lines
        .iter()
        .map(|l| analyze(l, Default::default()))
        .collect();

    for format in [Format::Text, Format::Json] {
        let counts = allocations(&lines, format);
        let mut quiet = 0;
        for ((r, l), n) in reports.iter().zip(&lines).zip(&counts) {
            let quiet_here = match format {
                Format::Json => nothing_to_say_in_json(r),
                _ => nothing_to_say(r),
            };
            if quiet_here {
                quiet += 1;
                assert_eq!(*n, 0, "{format:?} answer to {l:?}: {n} allocations");
            }
        }
        // The crafted lines are taken, and allocate nothing.
        for (c, in_json) in crafted {
            let i = lines.iter().position(|l| *l == c).expect("crafted");
            if format == Format::Text || in_json {
                assert_eq!(counts[i], 0, "{format:?} answer to {c:?}");
                let taken = match format {
                    Format::Json => nothing_to_say_in_json(&reports[i]),
                    _ => nothing_to_say(&reports[i]),
                };
                assert!(taken, "{format:?}: {c:?} not taken");
            }
        }
        // Not vacuous: most of a crawl has nothing to say (97% of the
        // corpus in text, 91% in JSON when this test was written).
        let share = quiet * 100 / lines.len();
        println!(
            "{format:?}: {quiet} of {} lines with nothing to say, none allocating",
            lines.len()
        );
        assert!(share >= 90, "{format:?}: only {share}% of the lines taken");
    }

    // And a line with something to say pays for it: a finding's message,
    // the url crate's serialization.
    let counts = allocations(&["HTTP://Example.COM:80/%7e"], Format::Json);
    assert!(counts[0] > 0);
}

/// The child's side of [`peak_bytes`]: run the subcommand in
/// [`CHILD_ARGS`] on this process's stdin and stdout and write the most
/// bytes it held at once to [`CHILD_PEAK`]. Does nothing in a plain run.
#[test]
fn measure_child() {
    let Ok(args) = std::env::var(CHILD_ARGS) else {
        return;
    };
    let _one = ONE_AT_A_TIME.lock();
    let argv = std::iter::once("uriscope").chain(args.split('\u{1f}'));
    let cli = uriscope::cli::args::parse(argv).expect("the arguments parse");
    let command = cli.command.expect("a subcommand");
    let profiler = dhat::Profiler::builder().testing().build();
    let _ = uriscope::cli::run(command);
    let peak = dhat::HeapStats::get().max_bytes;
    drop(profiler);
    let file = std::env::var(CHILD_PEAK).expect("where to write the peak");
    std::fs::write(file, peak.to_string()).expect("the peak is written");
}

/// The most bytes of heap `uriscope ARGS < input > /dev/null` holds at
/// once, measured in a child process (see [`measure_child`]).
fn peak_bytes(args: &[&str], input: &[u8]) -> usize {
    let dir = std::env::temp_dir().join(format!("uriscope-peak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let (stdin, peak) = (dir.join("stdin"), dir.join("peak"));
    std::fs::write(&stdin, input).expect("the input is written");
    let status = std::process::Command::new(std::env::current_exe().expect("this test"))
        .args(["measure_child", "--exact", "--test-threads=1"])
        .env(CHILD_ARGS, args.join("\u{1f}"))
        .env(CHILD_PEAK, &peak)
        .stdin(std::fs::File::open(&stdin).expect("the input opens"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("the child runs");
    assert!(status.success(), "{args:?}: the child failed");
    let n = std::fs::read_to_string(&peak).expect("the child wrote its peak");
    let _ = std::fs::remove_dir_all(&dir);
    n.parse().expect("a number")
}

/// The bound: at most this many bytes of memory per
/// byte of input, on every subcommand.
const BYTES_PER_INPUT_BYTE: usize = 16;

/// A line of about `len` bytes (a little less: a power of two leaves a
/// vector that doubles at the same point at every size) made of one unit
/// repeated: valid path segments, dot segments, and two shapes with a
/// finding on every byte or two (a control after a space or a lone `%`,
/// where no run of one error can merge with the next).
fn shapes(len: usize) -> Vec<(&'static str, String)> {
    [
        ("valid", "ab/"),
        ("dots", "a/../"),
        ("space-control", " \u{1}"),
        ("percent-control", "%%\u{1}"),
    ]
    .into_iter()
    .map(|(name, unit)| {
        let n = (len - 64) / unit.len();
        (name, format!("http://a/{}\n", unit.repeat(n)))
    })
    .collect()
}

/// `resolve --rfc2396` held 124 bytes per input byte on
/// an error-heavy line (the RFC 3986 check wrote every finding's message
/// to quote the first), `relative` 14.7. Every subcommand that reads
/// lines, on every shape, within [`BYTES_PER_INPUT_BYTE`].
#[test]
fn regression_every_subcommand_holds_at_most_16_bytes_per_input_byte() {
    let _one = ONE_AT_A_TIME.lock();
    if std::env::var_os(CHILD_ARGS).is_some() {
        return;
    }
    let base = "http://a/b/c";
    let commands: &[&[&str]] = &[
        &["parse"],
        &["parse", "--json"],
        &["encode"],
        &["decode"],
        &["decode", "--json"],
        &["iri2uri"],
        &["uri2iri"],
        &["extract"],
        &["resolve", "--base", base],
        &["resolve", "--base", base, "--rfc2396"],
        &["resolve", "--base", base, "--rfc2396", "--trace"],
        &["resolve", "--base", base, "--iri"],
        &["resolve", "--base", base, "--trace"],
        &["resolve", "--base", base, "--json"],
        &["normalize"],
        &["normalize", "--json"],
        &["normalize", "--trace"],
        &["equiv"],
        &["relative", "--base", base],
        &["relative", "--base", base, "--json"],
        &["edit", "-f", "-"],
        &["edit", "-f", "-", "--json"],
        &["stats"],
        &["dedupe"],
        &["dedupe", "--json"],
        &["dedupe", "--by", "keys"],
    ];
    let mut over = Vec::new();
    for args in commands {
        let name = args
            .iter()
            .filter(|a| *a != &base && *a != &"--base")
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        for ((shape, small), (_, large)) in shapes(1 << 17).into_iter().zip(shapes(1 << 18)) {
            // equiv reads two URIs a line.
            let input = |line: String| match args[0] {
                "equiv" => format!("http://a/ {line}"),
                _ => line,
            };
            let (small, large) = (input(small), input(large));
            let (p_small, p_large) = (
                peak_bytes(args, small.as_bytes()),
                peak_bytes(args, large.as_bytes()),
            );
            // What one more byte of input costs: the buffers of fixed size
            // (64 KB for stdin and stdout) and the trace's row cap cancel.
            let per_byte =
                p_large.saturating_sub(p_small) as f64 / (large.len() - small.len()) as f64;
            println!("{name:>40} {shape:>16} {per_byte:6.1} bytes a byte ({p_large} at 256 KB)");
            if per_byte > BYTES_PER_INPUT_BYTE as f64 {
                over.push(format!("{name} on {shape}: {per_byte:.1}"));
            }
        }
    }
    assert!(
        over.is_empty(),
        "over {BYTES_PER_INPUT_BYTE} bytes a byte: {over:#?}"
    );
}

/// `edit --iterate` built every combination before
/// writing the first (six components of 20 values asked for 12.3 GB).
/// 27,000 combinations now take what one does.
#[test]
fn regression_edit_iterate_streams_its_combinations() {
    let _one = ONE_AT_A_TIME.lock();
    if std::env::var_os(CHILD_ARGS).is_some() {
        return;
    }
    let values = |prefix: &str| {
        (1..=30)
            .map(|k| format!("{prefix}{k}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (ports, paths, queries) = (values(""), values("/p"), values("q="));
    let one = peak_bytes(&["edit", "http://a/", "--iterate", "port=1"], b"");
    let all = peak_bytes(
        &[
            "edit",
            "http://a/",
            "--iterate",
            &format!("port={ports}"),
            "--iterate",
            &format!("path={paths}"),
            "--iterate",
            &format!("query={queries}"),
        ],
        b"",
    );
    println!("edit --iterate: {one} bytes for one URL, {all} for 27,000");
    assert!(
        all < one + 16 * 1024,
        "{all} bytes for 27,000 URLs, {one} for one"
    );
}

/// The most bytes of heap `uriscope ARGS` holds at once while `len`
/// bytes of zeros and no line break come on its stdin from a generator
/// (a pipe: nothing is written to disk), measured in a child process
/// (see [`measure_child`]); and whether the child succeeded.
fn peak_bytes_on_zeros(args: &[&str], len: usize) -> (usize, bool) {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("uriscope-zeros-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let peak = dir.join("peak");
    let mut child = std::process::Command::new(std::env::current_exe().expect("this test"))
        .args(["measure_child", "--exact", "--test-threads=1"])
        .env(CHILD_ARGS, args.join("\u{1f}"))
        .env(CHILD_PEAK, &peak)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the child runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let feeder = std::thread::spawn(move || {
        let block = vec![0u8; 1 << 20];
        let mut left = len;
        while left > 0 {
            let n = left.min(block.len());
            // A reader that stops early (a capped file read) closes the pipe.
            if stdin.write_all(&block[..n]).is_err() {
                return;
            }
            left -= n;
        }
    });
    let status = child.wait().expect("the child ends");
    let _ = feeder.join();
    let n = std::fs::read_to_string(&peak).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (n.parse().unwrap_or(usize::MAX), status.success())
}

/// A stream with no line break (`/dev/zero`): every reader of lines
/// keeps at most the 64 MiB cap of one line, reports the line and goes
/// on, so 200 MB of zeros hold well under 200 MB; before, each grew a
/// buffer to the whole stream (`parse < /dev/zero` to an allocation
/// failure). `expand --vars -` reads its file up to the same cap.
#[test]
fn regression_every_line_reader_is_bounded_on_a_stream_without_a_line_break() {
    let _one = ONE_AT_A_TIME.lock();
    if std::env::var_os(CHILD_ARGS).is_some() {
        return;
    }
    const LEN: usize = 200_000_000;
    const MIB: usize = 1 << 20;
    let commands: &[(&[&str], usize)] = &[
        (&["parse"], 96 * MIB),
        (&["normalize"], 96 * MIB),
        (&["resolve", "--base", "http://a/"], 96 * MIB),
        (&["decode"], 96 * MIB),
        (&["equiv"], 96 * MIB),
        (&["stats"], 96 * MIB),
        (&["dedupe"], 96 * MIB),
        (&["edit", "-f", "-"], 96 * MIB),
        (&["confuse"], 96 * MIB),
        // read_to_end may double its buffer past the cap once.
        (&["expand", "--vars", "-", "{x}"], 160 * MIB),
    ];
    let mut over = Vec::new();
    for (args, bound) in commands {
        let (peak, _) = peak_bytes_on_zeros(args, LEN);
        println!(
            "{:>32}: {:6.1} MiB held on 200 MB without a line break",
            args.join(" "),
            peak as f64 / MIB as f64
        );
        if peak > *bound {
            over.push(format!("{}: {peak} bytes", args.join(" ")));
        }
    }
    assert!(over.is_empty(), "over the bound: {over:#?}");
}

/// The list view's loader (and `stats`', `dedupe`'s) on a stream with no
/// line break: one [`uriscope::collection::Event::Skipped`] naming line
/// 1 and its length, memory within the cap, and the lines after it read.
#[test]
fn regression_the_list_loader_skips_a_line_past_the_cap_and_goes_on() {
    use std::io::Read as _;
    use uriscope::collection::{Event, Loader, Plan};
    let _one = ONE_AT_A_TIME.lock();
    if std::env::var_os(CHILD_ARGS).is_some() {
        return;
    }
    const LEN: u64 = 200_000_000;
    let _counting = dhat::Profiler::builder().testing().build();
    let input = std::io::repeat(0).take(LEN).chain(&b"\nhttp://a/\n"[..]);
    let plan = Plan {
        threads: 1,
        ..Plan::default()
    };
    let (mut skipped, mut lines) = (Vec::new(), Vec::new());
    for event in Loader::from_reader(input, plan) {
        match event {
            Event::Skipped(s) => skipped.push((s.number, s.length)),
            Event::Batch(b) => lines.extend(b.iter().map(|(t, a)| (a.number, t.to_string()))),
            Event::Failed { source, error } => panic!("{source}: {error}"),
        }
    }
    let peak = dhat::HeapStats::get().max_bytes;
    println!(
        "list loader: {:.1} MiB held on 200 MB without a line break",
        peak as f64 / (1 << 20) as f64
    );
    assert_eq!(skipped, [(1, LEN)]);
    assert_eq!(lines, [(2, "http://a/".to_string())]);
    assert!(peak < 96 << 20, "{peak} bytes held");
}
