//! The collection model on a million lines:
//!
//! - `cargo run --release --example collection_scale -- generate FILE [PASSES]`
//!   writes the benchmark corpus 14 times (1,037,442 lines), each pass
//!   varied as a log varies a URL: the scheme or host in capitals, a
//!   default port, an encoded letter, another query value, a fragment,
//!   other hosts. With PASSES (70: 5,187,210 lines, 287 MB), every 14
//!   passes after the first 14 repeat them on other hosts (`s1.`, `s2.`…;
//!   a relative reference under `s1/`…): new groups, as a longer log of
//!   more sites has.
//! - `… -- load FILE` loads FILE into a `Collection` as a view would
//!   (a loader thread, batches absorbed on this thread) and prints the
//!   load time, the longest absorb of one batch (what a frame pays while
//!   loading), the groups, the collection's own heap count and the peak
//!   resident memory; then the time to regroup every line, to list the
//!   groups of a filtered list, and the filter: each filter of a list run
//!   to the end, and a filter typed key by key and deleted again, with
//!   what each key costs in its frame (the search's `set` plus one slice
//!   of at most 8 ms, the rest spread over the frames that follow).
//!
//! `benches/collections.sh` times the subcommands on the same file beside
//! `parse`, `normalize | sort -u` and `benches/dedupe_urllib.py`.

use std::time::{Duration, Instant};

use uriscope::collection::{Collection, Event, GroupBy, Loader, Plan, Poll, Searches, Source};
use uriscope::uri::NormalizeOptions;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate", file] => generate(file, 14),
        ["generate", file, passes] => generate(file, passes.parse().unwrap_or(14)),
        ["load", file] => load(file),
        _ => eprintln!("usage: collection_scale generate FILE [PASSES] | load FILE"),
    }
}

/// The corpus `passes` times, pass `r` varied by `vary` as pass `r % 14`,
/// on other hosts from the 15th pass on.
fn generate(file: &str, passes: usize) {
    let corpus = include_str!("../benches/uris.txt");
    let mut out = String::with_capacity(corpus.len() * (passes + 1));
    let mut line_out = String::new();
    for r in 0..passes {
        for line in corpus.lines() {
            line_out.clear();
            vary(line, r % 14, &mut line_out);
            match (r / 14, line_out.find("://")) {
                (0, _) => out.push_str(&line_out),
                (site, Some(at)) => {
                    out.push_str(&line_out[..at + 3]);
                    out.push_str(&format!("s{site}."));
                    out.push_str(&line_out[at + 3..]);
                }
                (site, None) => out.push_str(&format!("s{site}/{line_out}")),
            }
            out.push('\n');
        }
    }
    std::fs::write(file, &out).expect("the file is written");
    println!("{} lines, {} bytes", out.lines().count(), out.len());
}

/// `line` as pass `r` writes it.
fn vary(line: &str, r: usize, out: &mut String) {
    let Some(colon) = line.find("://") else {
        out.push_str(line);
        if r > 0 {
            // A relative reference: another query value.
            out.push_str(if line.contains('?') { "&v=" } else { "?v=" });
            out.push_str(&r.to_string());
        }
        return;
    };
    let auth = colon + 3;
    let end = line[auth..]
        .find(['/', '?', '#'])
        .map_or(line.len(), |i| auth + i);
    let (scheme, host, rest) = (&line[..colon], &line[auth..end], &line[end..]);
    match r {
        // Equal on the syntax-based rung: case.
        1 => out.push_str(&format!("{}://{host}{rest}", scheme.to_ascii_uppercase())),
        2 => out.push_str(&format!("{scheme}://{}{rest}", host.to_ascii_uppercase())),
        // Equal on the scheme-based rung: a default port.
        3 if scheme == "http" && !host.contains(':') => {
            out.push_str(&format!("{scheme}://{host}:80{rest}"))
        }
        3 if scheme == "https" && !host.contains(':') => {
            out.push_str(&format!("{scheme}://{host}:443{rest}"))
        }
        // Syntax-based: an encoded unreserved letter in the path.
        4 => match rest.find('e').filter(|&i| !rest[..i].contains(['?', '#'])) {
            Some(i) => out.push_str(&format!(
                "{}://{host}{}%65{}",
                scheme,
                &rest[..i],
                &rest[i + 1..]
            )),
            None => out.push_str(line),
        },
        // Same keys, another value.
        5 | 6 => {
            out.push_str(line);
            if !line.contains('#') {
                out.push_str(if line.contains('?') {
                    "&page="
                } else {
                    "?page="
                });
                out.push_str(&r.to_string());
            }
        }
        // A fragment: another normal form, the same keys.
        7 if !line.contains('#') => out.push_str(&format!("{line}#top")),
        // Other hosts: new groups.
        0 | 3 | 7 => out.push_str(line),
        _ => out.push_str(&format!("{scheme}://m{r}.{host}{rest}")),
    }
}

/// The peak and current resident memory of this process, in KiB.
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// The time this thread has spent on a CPU (`/proc/thread-self/schedstat`,
/// nanoseconds): on a machine other builds load, wall-clock time counts
/// the waits for a core as well, and this does not.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns = stat
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Duration::from_nanos(ns)
}

/// The CPU time of the whole process, every thread (`/proc/self/stat`'s
/// utime and stime, in clock ticks of 10 ms).
fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    // After the name: state ppid pgrp session tty_nr tpgid flags minflt
    // cminflt majflt cmajflt utime stime.
    let f: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    let ticks = field(11) + field(12);
    Duration::from_millis(ticks * 10)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn load(file: &str) {
    let (_, before) = memory();
    let plan = Plan::default();
    let start = Instant::now();
    let loader = Loader::spawn(vec![Source::File(file.into())], plan);
    let mut c = Collection::new(plan);
    let (mut longest, mut absorbing, mut batches) = (Duration::ZERO, Duration::ZERO, 0);
    let (mut longest_cpu, mut absorbing_cpu) = (Duration::ZERO, Duration::ZERO);
    loop {
        match loader.poll_for(Duration::from_millis(16)) {
            Poll::Event(Event::Batch(b)) => {
                let (t, on) = (Instant::now(), cpu());
                c.absorb(b);
                let (took, took_cpu) = (t.elapsed(), cpu() - on);
                longest = longest.max(took);
                absorbing += took;
                longest_cpu = longest_cpu.max(took_cpu);
                absorbing_cpu += took_cpu;
                batches += 1;
            }
            Poll::Event(e) => c.apply(e),
            Poll::Pending => {}
            Poll::Ended => break,
        }
    }
    let loaded = start.elapsed();
    let (peak, now) = memory();
    println!(
        "load: {} lines in {:.2} s ({:.0} lines/s; {:.2} s of CPU, all threads), {} batches; absorbing them on this thread {} in all, longest batch {} (CPU {} in all, longest {})",
        c.len(),
        loaded.as_secs_f64(),
        c.len() as f64 / loaded.as_secs_f64(),
        process_cpu().as_secs_f64(),
        batches,
        ms(absorbing),
        ms(longest),
        ms(absorbing_cpu),
        ms(longest_cpu)
    );
    println!(
        "groups: {} by normal form, {} by keys",
        c.grouping(GroupBy::Normal).len(),
        c.grouping(GroupBy::Keys).len()
    );
    println!(
        "memory: the collection counts {:.1} MiB on its heap; resident {:.1} MiB (peak {:.1} MiB, {:.1} MiB before loading); the file is {:.1} MiB",
        c.heap_bytes() as f64 / 1048576.0,
        now as f64 / 1024.0,
        peak as f64 / 1024.0,
        before as f64 / 1024.0,
        std::fs::metadata(file).map_or(0, |m| m.len()) as f64 / 1048576.0
    );
    let (t, on) = (Instant::now(), process_cpu());
    c.regroup(NormalizeOptions::default());
    println!(
        "regroup (both groupings, every line normalized again): {:.2} s ({:.2} s of CPU)",
        t.elapsed().as_secs_f64(),
        (process_cpu() - on).as_secs_f64()
    );

    for text in [
        "wikipedia",
        "host:github.com",
        "flag:",
        "code:uppercase-scheme",
        "invalid",
        "!scheme:https",
        "zzzz-nothing",
    ] {
        let mut s = Searches::default();
        s.set(text).expect("the filter parses");
        let (t, on) = (Instant::now(), cpu());
        s.step(&c, usize::MAX);
        let (full, full_cpu) = (t.elapsed(), cpu() - on);
        let matches = s.current().len(&c);
        let t = Instant::now();
        let groups = c.groups_among(
            GroupBy::Normal,
            s.current().matches().unwrap_or(&[]).iter().copied(),
        );
        println!(
            "filter {text:?}: {matches} lines in {} (CPU {}), their {} groups listed in {}",
            ms(full),
            ms(full_cpu),
            groups.len(),
            ms(t.elapsed())
        );
    }
    let t = Instant::now();
    let all = c.groups_among(GroupBy::Normal, 0..c.len() as u32);
    println!(
        "the groups of every line listed: {} in {}",
        all.len(),
        ms(t.elapsed())
    );

    // A filter typed and deleted key by key, each key's frame given 8 ms
    // of filtering at most.
    let budget = Duration::from_millis(8);
    let typed = "host:wikipedia.org";
    let mut keys: Vec<String> = (1..=typed.len()).map(|n| typed[..n].to_string()).collect();
    keys.extend((0..typed.len()).rev().map(|n| typed[..n].to_string()));
    let mut s = Searches::default();
    let (mut worst_key, mut its_set, mut worst_set) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut worst_cpu = Duration::ZERO;
    let mut most_frames = 0;
    for k in &keys {
        let (t, on) = (Instant::now(), cpu());
        s.set(k).expect("the filter parses");
        let set = t.elapsed();
        let mut frames = 1;
        let done = s.run_for(&c, budget);
        worst_cpu = worst_cpu.max(cpu() - on);
        if t.elapsed() > worst_key {
            (worst_key, its_set) = (t.elapsed(), set);
        }
        worst_set = worst_set.max(set);
        if !done {
            while !s.run_for(&c, budget) {
                frames += 1;
            }
            frames += 1;
        }
        most_frames = most_frames.max(frames);
    }
    println!(
        "typing {typed:?} and deleting it ({} keys): the longest key's frame {} (the most CPU in one {}; its set {}, the longest set {}); a filter needed at most {most_frames} frames of 8 ms to finish",
        keys.len(),
        ms(worst_key),
        ms(worst_cpu),
        ms(its_set),
        ms(worst_set)
    );
}
