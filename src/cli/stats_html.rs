//! The HTML page of `stats --format html`: the counts and each table
//! (schemes, hosts, sites, finding codes, confusion flags) as a bar chart
//! in inline SVG, with the numbers beside the bars, and the table itself
//! for a reader without graphics. Names from the input are escaped
//! ([`crate::report::html::escape`]).

use std::io::{self, Write};

use crate::collection::{counts, sites::SiteIndex, Kind, Ranked, Tally};
use crate::report::html::escape;

/// Height of one bar's row in the chart, in pixels.
const ROW: usize = 22;
/// Width of the bars' area, in pixels.
const BARS: usize = 360;
/// Width given to the names, in pixels.
const NAMES: usize = 260;
/// At most this many characters of a name are drawn in a chart.
const NAME_CHARS: usize = 36;

/// One horizontal bar chart of `rows` as an inline `<svg>`.
fn chart<W: Write>(out: &mut W, title: &str, rows: &[Ranked<'_>]) -> io::Result<()> {
    let max = rows.iter().map(|r| r.count).max().unwrap_or(1).max(1);
    let width = NAMES + BARS + 80;
    let height = rows.len() * ROW + 4;
    writeln!(
        out,
        "<svg class=\"chart\" role=\"img\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"><title>{}</title>",
        escape(title)
    )?;
    for (i, r) in rows.iter().enumerate() {
        let y = i * ROW + 2;
        let w = ((r.count as f64 / max as f64) * BARS as f64)
            .round()
            .max(1.0) as usize;
        let name: String = if r.name.chars().count() > NAME_CHARS {
            r.name.chars().take(NAME_CHARS - 1).chain(['…']).collect()
        } else {
            r.name.to_string()
        };
        let name = if name.is_empty() {
            "(empty)".to_string()
        } else {
            name
        };
        writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><rect x=\"{NAMES}\" y=\"{}\" width=\"{w}\" height=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
            NAMES - 6,
            y + 15,
            escape(&name),
            y + 3,
            ROW - 6,
            NAMES + w + 6,
            y + 15,
            r.count
        )?;
    }
    writeln!(out, "</svg>")
}

/// One table with its chart: a heading, the SVG, and the rows folded.
fn table<W: Write>(
    out: &mut W,
    title: &str,
    rows: &[Ranked<'_>],
    distinct: usize,
) -> io::Result<()> {
    let shown = if rows.len() < distinct {
        format!(", top {}", rows.len())
    } else {
        String::new()
    };
    writeln!(
        out,
        "<section class=\"table\"><h2>{} ({distinct} distinct{shown})</h2>",
        escape(title)
    )?;
    if rows.is_empty() {
        return writeln!(out, "<p class=\"dim\">none</p></section>");
    }
    chart(out, title, rows)?;
    writeln!(
        out,
        "<details><summary>as a table</summary><table><tr><th>lines</th><th>{}</th></tr>",
        escape(title)
    )?;
    for r in rows {
        writeln!(
            out,
            "<tr><td>{}</td><td><code>{}</code></td></tr>",
            r.count,
            escape(r.name)
        )?;
    }
    writeln!(out, "</table></details></section>")
}

/// The whole `stats` page for `t`, whose hosts' sites are `sites`, each
/// table cut to `top` rows (0: all).
pub fn write_stats<W: Write>(
    out: &mut W,
    t: &Tally,
    sites: &SiteIndex,
    top: usize,
) -> io::Result<()> {
    crate::report::html::page_start(out, "uriscope stats")?;
    let c = &t.counts;
    writeln!(
        out,
        "<table class=\"counts\"><tr><th>lines</th><td>{}</td></tr>",
        c.lines
    )?;
    for k in Kind::ALL {
        writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", k.name(), c.kind(k))?;
    }
    writeln!(
        out,
        "<tr><th>blank (not counted)</th><td>{}</td></tr></table>",
        t.blank
    )?;
    fn cut(mut rows: Vec<Ranked<'_>>, top: usize) -> Vec<Ranked<'_>> {
        if top > 0 {
            rows.truncate(top);
        }
        rows
    }
    let flags = counts::top_flags(c);
    let flags_distinct = flags.len();
    table(
        out,
        "schemes",
        &cut(t.top_schemes(top), top),
        t.schemes.len(),
    )?;
    table(out, "hosts", &cut(t.top_hosts(top), top), t.hosts.len())?;
    table(
        out,
        "sites",
        &cut(sites.top(&c.hosts, top), top),
        sites.distinct(&c.hosts),
    )?;
    table(
        out,
        "finding codes",
        &cut(t.top_codes(top), top),
        t.codes.len(),
    )?;
    table(out, "confusion flags", &cut(flags, top), flags_distinct)?;
    crate::report::html::page_end(out)
}
