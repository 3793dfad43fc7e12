//! Step tables of a resolution and a normalization: `--trace` (aligned
//! text), `"steps"` (JSON), and the Markdown report's trace blocks. Used by
//! the resolve and normalize subcommands and by the explorer's Markdown
//! copy.

use std::io::{self, Write};

use serde_json::{json, Value};
use unicode_width::UnicodeWidthStr;

use crate::text::plain::visible;
use crate::uri::trace::Normalization;
use crate::uri::trace::Resolution;
use crate::uri::trace::{excerpt, ROW_LIMIT};
use crate::uri::trace::{Components, Step};
use crate::uri::trace::{DotRule, DotSegmentsTrace, DOT_TABLE_COLUMNS};
use crate::uri::{rfc2396, Span};

/// Write rows as aligned columns (display width), each line indented.
pub fn write_table<W: Write>(out: &mut W, indent: &str, rows: &[Vec<String>]) -> io::Result<()> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; cols];
    for r in rows {
        for (k, c) in r.iter().enumerate() {
            widths[k] = widths[k].max(c.width());
        }
    }
    for r in rows {
        let mut line = String::from(indent);
        for (k, c) in r.iter().enumerate() {
            line.push_str(c);
            if k + 1 < r.len() {
                line.push_str(&" ".repeat(widths[k] - c.width() + 2));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn opt(v: &Option<String>) -> String {
    match v {
        Some(s) => format!("\"{}\"", visible(s)),
        None => "undefined".to_string(),
    }
}

fn components_line(c: &Components) -> String {
    format!(
        "scheme {}, authority {}, path \"{}\", query {}, fragment {}",
        opt(&c.scheme),
        opt(&c.authority),
        visible(&c.path),
        opt(&c.query),
        opt(&c.fragment)
    )
}

/// The §5.2.4 table in the RFC's layout ([`DOT_TABLE_COLUMNS`], the rows
/// of [`DotSegmentsTrace::table`], as the Resolve pane draws them), with
/// what each row did.
pub fn write_dot_table<W: Write>(
    out: &mut W,
    indent: &str,
    t: &DotSegmentsTrace,
) -> io::Result<()> {
    let mut head: Vec<String> = DOT_TABLE_COLUMNS.iter().map(|c| c.to_string()).collect();
    head.push(String::new());
    let mut rows = vec![head];
    for row in t.table() {
        let note = match row.step {
            None => String::new(),
            Some(s) => match (&s.popped_text, s.rule) {
                (Some(p), _) => format!(
                    "\"{}\" -> \"/\", removed \"{}\" from output",
                    visible(&s.matched_text),
                    visible(p)
                ),
                (_, DotRule::E) => format!("moved \"{}\"", visible(&s.matched_text)),
                (_, DotRule::B) => format!("\"{}\" -> \"/\"", visible(&s.matched_text)),
                _ => format!("removed \"{}\"", visible(&s.matched_text)),
            },
        };
        // Step 1's input buffer is the whole path: elided like the rows.
        let input = match row.step {
            None => excerpt(row.input),
            Some(_) => std::borrow::Cow::Borrowed(row.input),
        };
        rows.push(vec![
            row.label(),
            visible(row.output).into_owned(),
            visible(&input).into_owned(),
            note,
        ]);
    }
    if t.omitted > 0 {
        rows.push(vec![
            "...".into(),
            String::new(),
            String::new(),
            format!(
                "{} more rows not recorded (a trace keeps the first {ROW_LIMIT}); output \"{}\"",
                t.omitted,
                visible(&excerpt(&t.output))
            ),
        ]);
    }
    write_table(out, indent, &rows)
}

/// The plain `--trace` of a resolution.
pub fn write_resolution_trace<W: Write>(out: &mut W, r: &Resolution) -> io::Result<()> {
    for step in &r.steps {
        match step {
            Step::Base(c) => writeln!(out, "  base (§5.2.1)   {}", components_line(c))?,
            Step::Reference(c) => writeln!(out, "  reference (R)   {}", components_line(c))?,
            Step::CompatSchemeDropped { scheme } => writeln!(
                out,
                "  compat (§5.4.2) R.scheme \"{}\" equals Base.scheme: treated as undefined",
                visible(scheme)
            )?,
            Step::Branch(b) => {
                writeln!(out, "  branch (§5.2.2) {}: {}", b.name(), b.condition())?;
                for line in b.quote() {
                    writeln!(out, "    | {line}")?;
                }
            }
            Step::Merge(m) => writeln!(
                out,
                "  merge (§5.2.3)  {}: \"{}\" + \"{}\" = \"{}\"",
                if m.authority_and_empty_path {
                    "base has an authority and an empty path, so \"/\" + R.path"
                } else {
                    "all but the last segment of Base.path, then R.path"
                },
                visible(if m.authority_and_empty_path {
                    "/"
                } else {
                    &m.kept
                }),
                visible(&m.reference_path),
                visible(&m.merged)
            )?,
            Step::DotSegments(t) => {
                writeln!(out, "  remove_dot_segments (§5.2.4)")?;
                write_dot_table(out, "    ", t)?;
            }
            Step::Target {
                scheme,
                authority,
                path,
                query,
                fragment,
            } => {
                let rows: Vec<Vec<String>> = [scheme, authority, path, query, fragment]
                    .iter()
                    .map(|a| vec![a.rule.to_string(), opt(&a.value)])
                    .collect();
                writeln!(out, "  target (§5.2.2)")?;
                write_table(out, "    ", &rows)?;
            }
            Step::Finding { subject, finding } => writeln!(
                out,
                "  {} {} ({} {}..{}): {}",
                finding.severity,
                finding.code,
                subject.as_str(),
                finding.span.start,
                finding.span.end,
                finding.message
            )?,
            Step::Recomposed(t) => writeln!(out, "  recomposed (§5.3) {}", visible(t))?,
        }
    }
    Ok(())
}

fn span_json(s: Span) -> Value {
    json!([s.start, s.end])
}

fn components_json(c: &Components) -> Value {
    json!({"scheme": c.scheme, "authority": c.authority, "path": c.path, "query": c.query, "fragment": c.fragment})
}

/// The `"steps"` array of `resolve --json --trace`.
pub fn resolution_steps_json(r: &Resolution) -> Value {
    let steps: Vec<Value> = r
        .steps
        .iter()
        .map(|step| match step {
            Step::Base(c) => json!({"step": "base", "components": components_json(c)}),
            Step::Reference(c) => json!({"step": "reference", "components": components_json(c)}),
            Step::CompatSchemeDropped { scheme } => {
                json!({"step": "compat-scheme-dropped", "scheme": scheme})
            }
            Step::Branch(b) => json!({
                "step": "branch", "branch": b.name(), "condition": b.condition(),
                "pseudocode": b.quote(),
            }),
            Step::Merge(m) => json!({
                "step": "merge", "base_path": m.base_path, "reference_path": m.reference_path,
                "authority_and_empty_path": m.authority_and_empty_path, "merged": m.merged,
            }),
            Step::DotSegments(t) => json!({
                "step": "remove-dot-segments", "input": t.input, "output": t.output,
                "omitted_rows": t.omitted,
                "rows": t.steps.iter().map(|s| json!({
                    "rule": s.rule.letter(), "output": s.output, "input": s.input,
                    "output_len": s.output_len, "input_len": s.input_len,
                    "matched": span_json(s.matched),
                    "popped": s.popped.map(span_json), "appended": s.appended.map(span_json),
                })).collect::<Vec<_>>(),
            }),
            Step::Target {
                scheme,
                authority,
                path,
                query,
                fragment,
            } => {
                let assignments: Vec<Value> = [scheme, authority, path, query, fragment]
                    .iter()
                    .map(|a| json!({"rule": a.rule, "value": a.value}))
                    .collect();
                json!({"step": "target", "assignments": assignments})
            }
            Step::Finding { subject, finding } => json!({
                "step": "finding", "subject": subject.as_str(), "severity": finding.severity.as_str(),
                "code": finding.code.as_str(), "message": finding.message, "span": span_json(finding.span),
            }),
            Step::Recomposed(t) => json!({"step": "recomposed", "target": t}),
        })
        .collect();
    Value::Array(steps)
}

/// The plain `--trace` of an RFC 2396 resolution: one row per step (rule,
/// the buffer after it, elided when long, what it did), then the notes and
/// the target.
pub fn write_rfc2396_trace<W: Write>(out: &mut W, r: &rfc2396::Resolution) -> io::Result<()> {
    let mut rows = vec![vec![
        "STEP".to_string(),
        "BUFFER".to_string(),
        "RFC 2396 §5.2".to_string(),
    ]];
    for s in &r.steps {
        rows.push(vec![
            s.rule.to_string(),
            // Elided past EXCERPT_MAX bytes: the column is padded to its
            // widest cell on every row. The target follows whole.
            visible(&excerpt(&s.buffer)).into_owned(),
            visible(&s.description).into_owned(),
        ]);
    }
    write_table(out, "  ", &rows)?;
    for n in &r.notes {
        writeln!(out, "  note: {n}")?;
    }
    writeln!(out, "  target {}", visible(&r.target))
}

/// The `"steps"` array of `resolve --rfc2396 --json --trace`.
pub fn rfc2396_steps_json(r: &rfc2396::Resolution) -> Value {
    let mut steps: Vec<Value> = r
        .steps
        .iter()
        .map(|s| json!({"step": s.rule, "description": s.description, "buffer": s.buffer}))
        .collect();
    steps.extend(
        r.notes
            .iter()
            .map(|n| json!({"step": "note", "message": n})),
    );
    Value::Array(steps)
}

/// The plain `--trace` of a normalization: one row per rung with carets
/// under what changed. Each row is written as it is made: the names and
/// sections are the only columns measured ahead, so the trace holds no
/// copy of the URI per rung.
pub fn write_normalization_trace<W: Write>(out: &mut W, n: &Normalization) -> io::Result<()> {
    let names = n.rungs.iter().map(|r| r.kind.name().width());
    let name_w = names
        .chain(["RUNG".width(), "input".width()])
        .max()
        .unwrap_or(0);
    let sections = n.rungs.iter().map(|r| r.kind.section().width());
    let sec_w = sections.chain(["SECTION".width()]).max().unwrap_or(0);
    let pad = " ".repeat(2 + name_w + 2 + sec_w + 2);
    let row = |out: &mut W, name: &str, section: &str, text: &str| {
        writeln!(
            out,
            "  {name}{}  {section}{}  {text}",
            " ".repeat(name_w - name.width()),
            " ".repeat(sec_w - section.width()),
        )
    };
    row(out, "RUNG", "SECTION", "AFTER")?;
    row(out, "input", "", &visible(&n.input))?;
    for r in &n.rungs {
        let after = visible(&r.after);
        row(out, r.kind.name(), r.kind.section(), &after)?;
        if after.len() == r.after.len() && !r.changed.is_empty() {
            let marks = caret_line(&r.after, &r.changed, &mut |s| s.width());
            writeln!(out, "{pad}{marks}")?;
        }
        for f in &r.findings {
            writeln!(out, "{pad}{} {}: {}", f.severity, f.code, f.message)?;
        }
    }
    Ok(())
}

/// The carets under `after` that mark the `changed` spans, one `^` a
/// display column (at least one for an empty span), measured with
/// `width`. Each byte of `after` is measured once: the columns are
/// carried from one span to the next (spans come in order; one that
/// starts before the last is measured from the start), never measured
/// again from the start of the text, which made 144 KB take 17 s.
fn caret_line(after: &str, changed: &[Span], width: &mut dyn FnMut(&str) -> usize) -> String {
    let mut marks = String::new();
    let mut marks_width = 0;
    // The column at byte `at` of `after`.
    let (mut at, mut col) = (0, 0);
    for s in changed {
        let (start, end) = (s.start, s.end);
        if start < at {
            (at, col) = (0, 0);
        }
        col += width(&after[at..start]);
        if marks_width < col {
            marks.extend(std::iter::repeat_n(' ', col - marks_width));
            marks_width = col;
        }
        let w = width(&after[start..end]);
        marks.extend(std::iter::repeat_n('^', w.max(1)));
        marks_width += w.max(1);
        (at, col) = (end, col + w);
    }
    marks
}

/// The `"steps"` array of `normalize --json --trace`.
pub fn normalization_steps_json(n: &Normalization) -> Value {
    Value::Array(
        n.rungs
            .iter()
            .map(|r| {
                json!({
                    "rung": r.kind.name(), "section": r.kind.section(), "before": &*r.before,
                    "after": &*r.after, "changed": r.changed.iter().map(|s| span_json(*s)).collect::<Vec<_>>(),
                    "findings": r.findings.iter().map(|f| json!({
                        "severity": f.severity.as_str(), "code": f.code.as_str(), "message": f.message,
                        "span": span_json(f.span),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive carets: each span's column measured from the start.
    fn naive(after: &str, changed: &[Span]) -> String {
        let mut marks = String::new();
        for s in changed {
            let (start, end) = (s.start, s.end);
            let col = after[..start].width();
            while marks.width() < col {
                marks.push(' ');
            }
            marks.push_str(&"^".repeat(after[start..end].width().max(1)));
        }
        marks
    }

    fn spans(v: &[(usize, usize)]) -> Vec<Span> {
        v.iter().map(|&(a, b)| Span::new(a, b)).collect()
    }

    #[test]
    fn carets_agree_with_measuring_each_prefix() {
        for (after, changed) in [
            ("http://a/%7E/b", &[(9, 12)][..]),
            ("http://é.example/日本/x", &[(7, 9), (18, 24), (25, 26)]),
            ("abc", &[(0, 0), (1, 1), (3, 3)]),
            ("a%41b%42c", &[(1, 4), (0, 2), (5, 8)]),
        ] {
            let changed = spans(changed);
            assert_eq!(
                caret_line(after, &changed, &mut |s| s.width()),
                naive(after, &changed),
                "{after:?}"
            );
        }
    }

    /// The carets under a 144 KB normal form measure each byte once, not
    /// the whole prefix again for every change. Counted in bytes
    /// measured, never timed.
    #[test]
    fn regression_carets_measure_each_byte_once() {
        let after = "%41".repeat(48_000);
        let changed: Vec<Span> = (0..48_000usize)
            .map(|k| Span::new(3 * k, 3 * k + 3))
            .collect();
        let mut measured = 0;
        let marks = caret_line(&after, &changed, &mut |s| {
            measured += s.len();
            s.width()
        });
        assert_eq!(marks, "^".repeat(after.len()));
        assert!(measured <= after.len(), "{measured} bytes measured");
    }
}
