//! The Markdown report of one input, for an issue or a pull request
//! (`parse --format markdown`, `resolve`/`normalize --format markdown
//! [--trace]`, and the explorer's copy chooser): the breakdown table, the
//! findings with the sections that explain them, the resolution trace and
//! the normalization ladder.
//!
//! A report is for pasting where others read it: a password in a
//! userinfo is masked everywhere in it (RFC 3986 §7.5), as the explorer
//! draws it. User text is shown in code spans with control characters made visible
//! ([`visible`]) and table pipes escaped, so a pasted report renders as it
//! reads and carries no raw escape sequence.

use std::io::{self, Write};

use super::analysis::Analysis;
use super::trace;
use crate::text::plain::visible;
use crate::uri::lint::Linted;
use crate::uri::rfc2396;
use crate::uri::trace::Normalization;
use crate::uri::trace::Resolution;

/// At most this many findings, segments or pairs are listed (the count
/// of the rest is said): a report is for a person to read.
pub const LIST_LIMIT: usize = 200;

/// `s` as an inline code span: visible controls, a fence longer than
/// any run of backticks inside.
pub fn code(s: &str) -> String {
    span(&visible(s))
}

/// [`code`] for a table cell: pipes escaped too (GitHub's tables read
/// `\|` inside a code span as a pipe).
pub fn cell_code(s: &str) -> String {
    span(&visible(s).replace('|', "\\|"))
}

fn span(v: &str) -> String {
    if v.is_empty() {
        return "(empty)".to_string();
    }
    let mut longest = 0;
    let mut run = 0;
    for c in v.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    let pad = if v.starts_with('`') || v.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{v}{pad}{fence}")
}

/// At most this many characters of a URI are shown in a heading (the
/// table below has each component whole).
pub const HEADING_CHARS: usize = 200;

/// `s` for a heading: its first [`HEADING_CHARS`] characters, and how
/// many bytes follow.
fn head(s: &str) -> String {
    let masked = crate::text::mask::mask_password(s);
    match masked.char_indices().nth(HEADING_CHARS) {
        None => code(&masked),
        Some((cut, _)) => format!(
            "{}… ({} bytes more)",
            code(&masked[..cut]),
            masked.len() - cut
        ),
    }
}

/// The first line of [`write_parse`]'s report.
pub fn parse_heading(input: &str) -> String {
    format!("### {}", head(input))
}

/// The first line of [`write_resolve`]'s report.
pub fn resolve_heading(base: &str, reference: &str) -> String {
    format!("### Resolving {} against {}", head(reference), head(base))
}

/// The first line of [`write_normalize`]'s report.
pub fn normalize_heading(input: &str) -> String {
    format!("### Normalizing {}", head(input))
}

/// Prose in a table cell: visible controls, pipes escaped, one line.
fn cell(s: &str) -> String {
    visible(s).replace('|', "\\|").replace('\n', " ")
}

/// The report of one parsed input: heading, verdict, breakdown table,
/// the host's site, findings, segments, query pairs, host, what a
/// browser does.
pub fn write_parse<W: Write>(out: &mut W, l: &Linted<'_>) -> io::Result<()> {
    let r = l.report;
    let a = Analysis::new(r);
    let json = super::json::JsonParse::new(l);
    let passwords: Vec<String> = crate::text::mask::password_span(r)
        .map(|s| s.slice(r.input).to_string())
        .into_iter()
        .collect();
    let hide = |t: &str| crate::text::mask::hide_passwords(t, &passwords).into_owned();
    writeln!(out, "{}\n", parse_heading(r.input))?;
    // The verdict every surface prints, its first word in bold.
    let (word, rest) = json.label.split_once(' ').unwrap_or((&json.label, ""));
    let mut verdict = format!("**{word}** {rest}");
    match (json.verdict, &json.uri_form) {
        ("iri", Some(form)) => verdict.push_str(&format!("; URI form: {}", code(&hide(form)))),
        ("invalid", _) => verdict.push_str("; the components below are the Appendix B split"),
        _ => {}
    }
    writeln!(out, "{verdict}\n")?;
    writeln!(out, "| component | value | bytes | defined in |")?;
    writeln!(out, "|---|---|---|---|")?;
    let rows: [(&str, Option<&str>, Option<super::analysis::JsonSpan>, &str); 8] = [
        ("scheme", json.scheme, a.spans.scheme, "RFC 3986 §3.1"),
        (
            "authority",
            json.authority,
            a.spans.authority,
            "RFC 3986 §3.2",
        ),
        (
            "userinfo",
            json.userinfo,
            a.spans.userinfo,
            "RFC 3986 §3.2.1",
        ),
        ("host", json.host, a.spans.host, "RFC 3986 §3.2.2"),
        ("port", json.port, a.spans.port, "RFC 3986 §3.2.3"),
        ("path", Some(json.path), Some(a.spans.path), "RFC 3986 §3.3"),
        ("query", json.query, a.spans.query, "RFC 3986 §3.4"),
        ("fragment", json.fragment, a.spans.fragment, "RFC 3986 §3.5"),
    ];
    for (name, value, span, section) in rows {
        let shown = match name {
            // The report is for pasting: a password is never in it.
            "userinfo" => value.map(crate::text::mask::mask_userinfo),
            "authority" => value.map(crate::text::mask::mask_authority),
            _ => value.map(std::borrow::Cow::Borrowed),
        };
        let (value, bytes) = match (shown, span) {
            (Some(v), Some(s)) => (cell_code(&v), format!("{}..{}", s.start, s.end)),
            _ => ("*undefined*".to_string(), String::new()),
        };
        let kind = match name {
            "host" => json
                .host_kind
                .map(|k| format!(" ({k})"))
                .unwrap_or_default(),
            "path" => a.path_kind.map(|k| format!(" ({k})")).unwrap_or_default(),
            _ => String::new(),
        };
        writeln!(out, "| {name}{kind} | {value} | {bytes} | {section} |")?;
    }
    // The host's site, as `parse --json`, the HTML report and the
    // Breakdown give it (the core's `site`).
    if let Some(suffix) = &json.public_suffix {
        let registrable = json.registrable_domain.as_deref().map_or(
            "none (the host is a single label or a public suffix)".to_string(),
            code,
        );
        writeln!(
            out,
            "\n**Site** (Public Suffix List): registrable domain {registrable}, public suffix {}",
            code(suffix)
        )?;
    }
    if let Some(Ok(d)) = crate::uri::data_url::analyze(r.input) {
        let facts = crate::uri::data_url::Facts::of(&d, r.input);
        writeln!(out, "\n#### data: payload (RFC 2397)\n")?;
        writeln!(out, "| media type | encoding | decoded | content |")?;
        writeln!(out, "|---|---|---|---|")?;
        let content = facts
            .image_text()
            .unwrap_or_else(|| facts.kind().to_string());
        writeln!(
            out,
            "| {} | {} | {} | {} |",
            cell(&facts.media_type_text()),
            facts.encoding_text(),
            facts.size_text(),
            cell(&content)
        )?;
        if let Some(m) = facts.mismatch_text() {
            writeln!(out, "\n**warning**: {}", cell(&m))?;
        }
    }
    let n = l.len();
    if n > 0 {
        // Repeated findings of one kind are one row: the count and the
        // first positions (`parse --json` lists every one).
        let groups = l.groups();
        writeln!(out, "\n#### Findings ({n})\n")?;
        writeln!(out, "| severity | code | count | bytes | message | see |")?;
        writeln!(out, "|---|---|---|---|---|---|")?;
        for g in groups.iter().take(LIST_LIMIT) {
            let f = &g.first;
            writeln!(
                out,
                "| {} | `{}` | {} | {} | {} | {} |",
                f.severity,
                f.code,
                g.count,
                g.positions_text(),
                cell(&hide(&f.message)),
                f.code.cites()
            )?;
        }
        if groups.len() > LIST_LIMIT {
            let rest: usize = groups[LIST_LIMIT..].iter().map(|g| g.count).sum();
            writeln!(out, "\n…and {rest} more findings.")?;
        }
    }
    if a.segments
        .iter()
        .any(|s| s.decoded.as_deref() != Some(s.raw) || s.dot.is_some())
    {
        writeln!(out, "\n#### Path segments\n")?;
        writeln!(out, "| # | raw | decoded | |")?;
        writeln!(out, "|---|---|---|---|")?;
        for (i, s) in a.segments.iter().enumerate().take(LIST_LIMIT) {
            let decoded = s
                .decoded
                .as_deref()
                .map_or("*not UTF-8*".to_string(), cell_code);
            let dot = s
                .dot
                .map_or(String::new(), |d| format!("dot segment `{d}` (§5.2.4)"));
            writeln!(
                out,
                "| {} | {} | {} | {dot} |",
                i + 1,
                cell_code(s.raw),
                decoded
            )?;
        }
    }
    if !a.query_pairs.is_empty() {
        writeln!(
            out,
            "\n#### Query pairs (split on `&`; §3.4 gives the query no structure)\n"
        )?;
        writeln!(out, "| key | value | key (form) | value (form) |")?;
        writeln!(out, "|---|---|---|---|")?;
        for p in a.query_pairs.iter().take(LIST_LIMIT) {
            let opt = |v: &Option<std::borrow::Cow<'_, str>>| {
                v.as_deref().map_or("*none*".to_string(), cell_code)
            };
            writeln!(
                out,
                "| {} | {} | {} | {} |",
                cell_code(p.key),
                p.value.map_or("*no `=`*".to_string(), cell_code),
                opt(&p.key_form),
                opt(&p.value_form)
            )?;
        }
    }
    if let Some(h) = &a.host_details {
        let mut facts = Vec::new();
        if let Some(c) = &h.ipv6_canonical {
            facts.push(format!("RFC 5952 form {}", code(c)));
        }
        if let Some(z) = h.zone {
            facts.push(format!("zone {} (RFC 6874)", code(z)));
        }
        if let Some(i) = &h.idna {
            if let Some(x) = &i.ascii {
                facts.push(format!("ASCII (IDNA) {}", code(x)));
            }
            if let Some(u) = &i.unicode {
                facts.push(format!("Unicode {}", code(u)));
            }
            if let Some(e) = &i.error {
                facts.push(format!("IDNA error: {}", cell(e)));
            }
        }
        if !facts.is_empty() {
            writeln!(out, "\n**Host** ({}): {}", h.kind, facts.join("; "))?;
        }
    }
    if let Some(s) = &a.scheme_facts {
        if s.known {
            let port = s
                .default_port
                .map_or(String::new(), |p| format!(", default port {p}"));
            writeln!(
                out,
                "\n**Scheme** `{}`: {}{port}, authority {}",
                s.name,
                s.spec.unwrap_or(""),
                s.authority.unwrap_or("?")
            )?;
        }
    }
    let w = &json.whatwg;
    writeln!(
        out,
        "\n**WHATWG URL Standard** (what browsers do): {}",
        match w.href() {
            Some(h) => format!("href {}", code(&crate::text::mask::mask_password(h))),
            None => "rejects it".to_string(),
        }
    )?;
    for d in w.differences() {
        writeln!(out, "- {}", visible(&hide(d)))?;
    }
    writeln!(out)
}

/// The report of one resolution: the base, the reference, the target,
/// and with a trace the §5.2 steps and the §5.2.4 table.
pub fn write_resolve<W: Write>(
    out: &mut W,
    base: &str,
    reference: &str,
    outcome: Result<(&str, Trace<'_>), &str>,
) -> io::Result<()> {
    use crate::text::mask::{hide_passwords, mask_password};
    let passwords: Vec<String> = [base, reference]
        .iter()
        .filter_map(|u| {
            let r = crate::uri::analyze(u, Default::default());
            crate::text::mask::password_span(&r).map(|s| s.slice(u).to_string())
        })
        .collect();
    writeln!(out, "{}\n", resolve_heading(base, reference))?;
    match outcome {
        Err(e) => writeln!(
            out,
            "**error**: {}\n",
            visible(&hide_passwords(e, &passwords))
        ),
        Ok((target, t)) => {
            writeln!(out, "**target**: {}\n", code(&mask_password(target)))?;
            let mut steps = Vec::new();
            let title = match t {
                Trace::None => return Ok(()),
                Trace::Rfc3986(r) => {
                    trace::write_resolution_trace(&mut steps, r)?;
                    "RFC 3986 §5.2"
                }
                Trace::Rfc2396(r) => {
                    trace::write_rfc2396_trace(&mut steps, r)?;
                    "RFC 2396 §5.2"
                }
            };
            let steps = hide_passwords(&String::from_utf8_lossy(&steps), &passwords).into_owned();
            let fence = fence_for(&steps);
            writeln!(out, "Trace ({title}):\n\n{fence}text\n{steps}{fence}\n")
        }
    }
}

/// A code fence longer than any run of backticks in `text` (so the text
/// cannot end the block early), at least three.
fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    "`".repeat((longest + 1).max(3))
}

/// What a resolution report shows of the steps.
#[derive(Clone, Copy, Debug)]
pub enum Trace<'a> {
    /// The target only.
    None,
    /// RFC 3986 §5.2, traced.
    Rfc3986(&'a Resolution),
    /// RFC 2396 §5.2, traced.
    Rfc2396(&'a rfc2396::Resolution),
}

/// The report of one normalization: the result and, with the ladder,
/// each rung as a table row.
pub fn write_normalize<W: Write>(
    out: &mut W,
    input: &str,
    outcome: Result<(&str, Option<&Normalization>), &str>,
) -> io::Result<()> {
    use crate::text::mask::mask_password;
    writeln!(out, "{}\n", normalize_heading(input))?;
    match outcome {
        Err(e) => writeln!(out, "**error**: {}\n", visible(e)),
        Ok((normalized, ladder)) => {
            writeln!(
                out,
                "**normalized**: {}\n",
                code(&mask_password(normalized))
            )?;
            if let Some(n) = ladder {
                writeln!(out, "| rung | section | after | changed |")?;
                writeln!(out, "|---|---|---|---|")?;
                for r in &n.rungs {
                    let changed = if r.before == r.after { "" } else { "yes" };
                    writeln!(
                        out,
                        "| {} | {} | {} | {changed} |",
                        r.kind.name(),
                        r.kind.section(),
                        cell_code(&mask_password(&r.after))
                    )?;
                    for f in &r.findings {
                        writeln!(
                            out,
                            "| | | {} `{}`: {} | |",
                            f.severity,
                            f.code,
                            cell(&f.message)
                        )?;
                    }
                }
                writeln!(out)?;
            }
            Ok(())
        }
    }
}
