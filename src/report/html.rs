//! The HTML report (`--format html` on `parse`, `resolve --trace`,
//! `normalize --trace` and `stats`, and the explorer's copy chooser): one
//! self-contained page to open in a browser or attach to a ticket. No
//! script, no request: the style sheet is inline, with a light and a dark
//! palette (`prefers-color-scheme`), and `stats`' charts are inline SVG.
//!
//! It holds what the Markdown report holds ([`super::markdown`], the same
//! structure): for a parsed input the coloured breakdown and the
//! underbrace diagram (laid out by [`crate::text::diagram`], as the
//! explorer's), the components, the findings with the RFC paragraphs that
//! explain them, segments, query pairs, host, site and scheme, and what a
//! browser does; the resolution and normalization steps. A password in a
//! userinfo is masked everywhere (RFC 3986 §7.5), as in Markdown. User
//! text is escaped (`<`, `>`, `&`, `"`, `'`) after its control, bidi and
//! invisible characters are made visible ([`visible`]), so no byte of the
//! input acts on the page.

use std::io::{self, Write};

use super::analysis::{Analysis, JsonSpan};
use super::markdown::{Trace, LIST_LIMIT};
use crate::text::mask::{hide_passwords, mask_password};
use crate::text::plain::visible;
use crate::uri::lint::Linted;
use crate::uri::trace::Normalization;

/// The style sheet: a light palette, a dark one, the component colours.
const STYLE: &str = "\
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--dim:#59636e;--line:#d1d9e0;--code:#f6f8fa;\
--scheme:#0550ae;--authority:#8250df;--userinfo:#953800;--host:#8250df;--port:#bc4c00;--path:#116329;\
--query:#9a6700;--fragment:#cf222e;--error:#d1242f;--warning:#9a6700;--note:#0969da;--bar:#0969da}\
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--dim:#9198a1;--line:#3d444d;\
--code:#151b23;--scheme:#79c0ff;--authority:#d2a8ff;--userinfo:#ffa657;--host:#d2a8ff;--port:#ffa657;\
--path:#7ee787;--query:#e3b341;--fragment:#ff7b72;--error:#ff7b72;--warning:#e3b341;--note:#79c0ff;\
--bar:#388bfd}}\
body{background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif;margin:2em auto;\
max-width:72em;padding:0 1em}\
h1{font-size:1.4em}h2{font-size:1.2em;border-bottom:1px solid var(--line);margin-top:2em}\
h3{font-size:1.05em}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;\
background:var(--code);border-radius:4px}code{padding:0 .25em;overflow-wrap:anywhere}\
pre{padding:.75em;overflow-x:auto;line-height:1.25}\
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid var(--line);padding:.25em .6em;\
text-align:left;vertical-align:top}th{background:var(--code)}.dim{color:var(--dim)}\
.scheme{color:var(--scheme)}.authority{color:var(--authority)}.userinfo{color:var(--userinfo)}\
.host{color:var(--host)}.port{color:var(--port)}.path{color:var(--path)}.query{color:var(--query)}\
.fragment{color:var(--fragment)}.error{color:var(--error);font-weight:600}\
.warning{color:var(--warning);font-weight:600}.note{color:var(--note)}\
details{margin:.25em 0}details pre{white-space:pre-wrap}\
svg text{fill:var(--fg);font:12px ui-monospace,monospace}svg rect{fill:var(--bar)}\
footer{margin-top:3em;color:var(--dim);font-size:.85em}";

/// `s` for the page: control, bidi and invisible characters made visible
/// (`\x1b`, `\u{202e}`), then `&`, `<`, `>`, `"` and `'` escaped.
///
/// ```
/// use uriscope::report::html::escape;
/// assert_eq!(escape("<a href=\"x\">&'\u{1b}"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\\x1b");
/// ```
pub fn escape(s: &str) -> String {
    let v = visible(s);
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The page's beginning: the document, its title and the style sheet.
pub fn page_start<W: Write>(out: &mut W, title: &str) -> io::Result<()> {
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"uriscope {}\">\n<title>{}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        env!("CARGO_PKG_VERSION"),
        escape(title),
        escape(title)
    )
}

/// The page's end.
pub fn page_end<W: Write>(out: &mut W) -> io::Result<()> {
    writeln!(
        out,
        "<footer>Written by uriscope {}. Passwords in a userinfo are masked (RFC 3986 §7.5).</footer>\n</body>\n</html>",
        env!("CARGO_PKG_VERSION")
    )
}

/// `s` (user text) in a `<code>` element with the class `class`.
fn code(s: &str, class: &str) -> String {
    if s.is_empty() {
        return "<span class=\"dim\">(empty)</span>".to_string();
    }
    if class.is_empty() {
        format!("<code>{}</code>", escape(s))
    } else {
        format!("<code class=\"{class}\">{}</code>", escape(s))
    }
}

/// The top components and their CSS classes, where the diagram braces.
fn top_components(a: &Analysis<'_>) -> Vec<(JsonSpan, &'static str)> {
    let s = &a.spans;
    [
        (s.scheme, "scheme"),
        (s.authority, "authority"),
        (Some(s.path), "path"),
        (s.query, "query"),
        (s.fragment, "fragment"),
    ]
    .into_iter()
    .filter_map(|(sp, c)| sp.filter(|sp| sp.end > sp.start).map(|sp| (sp, c)))
    .collect()
}

/// The class of byte `b`: the innermost component holding it.
fn class_at(a: &Analysis<'_>, b: usize) -> &'static str {
    let s = &a.spans;
    let inside = |sp: Option<JsonSpan>| sp.is_some_and(|sp| sp.start <= b && b < sp.end);
    for (sp, c) in [
        (s.userinfo, "userinfo"),
        (s.host, "host"),
        (s.port, "port"),
        (s.scheme, "scheme"),
        (s.authority, "authority"),
        (Some(s.path), "path"),
        (s.query, "query"),
        (s.fragment, "fragment"),
    ] {
        if inside(sp) {
            return c;
        }
    }
    ""
}

/// The URI coloured by component and the underbrace diagram under it, as
/// a `<pre>`: `shown` is the input with its password masked, analysed.
fn diagram<W: Write>(out: &mut W, shown: &str, a: &Analysis<'_>) -> io::Result<()> {
    use crate::text::diagram::Cells;
    use crate::text::{glyphs, Columns};
    let cols = Columns::new(shown);
    let mut line = String::new();
    let mut run: (&str, String) = ("", String::new());
    let flush = |line: &mut String, run: &mut (&str, String)| {
        if run.1.is_empty() {
            return;
        }
        if run.0.is_empty() {
            line.push_str(&run.1);
        } else {
            line.push_str(&format!("<span class=\"{}\">{}</span>", run.0, run.1));
        }
        run.1.clear();
    };
    for g in glyphs(shown) {
        let class = class_at(a, g.byte);
        if class != run.0 {
            flush(&mut line, &mut run);
            run.0 = class;
        }
        // A glyph the screen shows escaped keeps its columns: the escape
        // is what the columns count.
        run.1.push_str(&escape(&g.text));
    }
    flush(&mut line, &mut run);
    let mut cells: Cells<&'static str> = Cells::new();
    let items: Vec<(usize, usize, &str, &'static str)> = top_components(a)
        .into_iter()
        .map(|(sp, class)| {
            let (c0, c1) = cols.cols(sp.start, sp.end);
            (c0, c1, class, class)
        })
        .collect();
    cells.underbraces(0, &items);
    writeln!(out, "<pre class=\"diagram\">{line}")?;
    for r in 0..cells.height() {
        let mut row = String::new();
        let mut cur: Option<&str> = None;
        for cell in cells.row(r) {
            let (ch, class) = cell.map_or((' ', None), |(ch, c)| (ch, Some(c)));
            if class != cur {
                if cur.is_some() {
                    row.push_str("</span>");
                }
                if let Some(c) = class {
                    row.push_str(&format!("<span class=\"{c}\">"));
                }
                cur = class;
            }
            row.push(ch);
        }
        if cur.is_some() {
            row.push_str("</span>");
        }
        writeln!(out, "{}", row.trim_end())?;
    }
    writeln!(out, "</pre>")
}

/// The report of one parsed input, as a `<section>`: heading, verdict,
/// diagram, components, findings with their RFC paragraphs, segments,
/// query pairs, host and site, scheme, what a browser does.
pub fn write_parse<W: Write>(out: &mut W, l: &Linted<'_>) -> io::Result<()> {
    let r = l.report;
    let json = super::json::JsonParse::new(l);
    let passwords: Vec<String> = crate::text::mask::password_span(r)
        .map(|s| s.slice(r.input).to_string())
        .into_iter()
        .collect();
    let hide = |t: &str| hide_passwords(t, &passwords).into_owned();
    let shown = mask_password(r.input);
    let shown_report = crate::uri::analyze(&shown, crate::uri::ParseOptions::new().iri(true));
    let a = Analysis::new(&shown_report);
    writeln!(out, "<section class=\"parse\">")?;
    writeln!(out, "<h2>{}</h2>", code(&shown, ""))?;
    diagram(out, &shown, &a)?;
    let verdict_class = match json.verdict {
        "invalid" => "error",
        _ => "note",
    };
    let mut verdict = format!(
        "<p class=\"verdict\"><span class=\"{verdict_class}\">{}</span>",
        escape(&json.label)
    );
    match (json.verdict, &json.uri_form) {
        ("iri", Some(form)) => {
            verdict.push_str(&format!("; URI form: {}", code(&hide(form), "")));
        }
        ("invalid", _) => verdict.push_str("; the components below are the Appendix B split"),
        _ => {}
    }
    writeln!(out, "{verdict}</p>")?;
    writeln!(
        out,
        "<table class=\"components\">\n<tr><th>component</th><th>value</th><th>bytes</th><th>defined in</th></tr>"
    )?;
    let own = Analysis::new(r);
    let rows: [(&str, Option<&str>, Option<JsonSpan>, &str); 8] = [
        ("scheme", json.scheme, own.spans.scheme, "RFC 3986 §3.1"),
        (
            "authority",
            json.authority,
            own.spans.authority,
            "RFC 3986 §3.2",
        ),
        (
            "userinfo",
            json.userinfo,
            own.spans.userinfo,
            "RFC 3986 §3.2.1",
        ),
        ("host", json.host, own.spans.host, "RFC 3986 §3.2.2"),
        ("port", json.port, own.spans.port, "RFC 3986 §3.2.3"),
        (
            "path",
            Some(json.path),
            Some(own.spans.path),
            "RFC 3986 §3.3",
        ),
        ("query", json.query, own.spans.query, "RFC 3986 §3.4"),
        (
            "fragment",
            json.fragment,
            own.spans.fragment,
            "RFC 3986 §3.5",
        ),
    ];
    for (name, value, span, section) in rows {
        let shown = match name {
            "userinfo" => value.map(crate::text::mask::mask_userinfo),
            "authority" => value.map(crate::text::mask::mask_authority),
            _ => value.map(std::borrow::Cow::Borrowed),
        };
        let (value, bytes) = match (shown, span) {
            (Some(v), Some(s)) => (code(&v, name), format!("{}..{}", s.start, s.end)),
            _ => (
                "<em class=\"dim\">undefined</em>".to_string(),
                String::new(),
            ),
        };
        let kind = match name {
            "host" => json
                .host_kind
                .map(|k| format!(" ({k})"))
                .unwrap_or_default(),
            "path" => own.path_kind.map(|k| format!(" ({k})")).unwrap_or_default(),
            _ => String::new(),
        };
        writeln!(
            out,
            "<tr><td class=\"{name}\">{name}{kind}</td><td>{value}</td><td>{bytes}</td><td>{section}</td></tr>"
        )?;
    }
    writeln!(out, "</table>")?;
    if let Some(suffix) = &json.public_suffix {
        let registrable = json.registrable_domain.as_deref().map_or(
            "none (the host is a single label or a public suffix)".to_string(),
            |d| code(d, "host"),
        );
        writeln!(
            out,
            "<p class=\"site\"><strong>Site</strong> (Public Suffix List): registrable domain {registrable}, public suffix {}</p>",
            code(suffix, "host")
        )?;
    }
    findings(out, l, &hide)?;
    details(out, &own, &hide)?;
    let w = &json.whatwg;
    writeln!(
        out,
        "<p class=\"whatwg\"><strong>WHATWG URL Standard</strong> (what browsers do): {}</p>",
        match w.href() {
            Some(h) => format!("href {}", code(&mask_password(h), "")),
            None => "rejects it".to_string(),
        }
    )?;
    let diffs: Vec<&str> = w.differences().collect();
    if !diffs.is_empty() {
        writeln!(out, "<ul class=\"differences\">")?;
        for d in diffs {
            writeln!(out, "<li>{}</li>", escape(&hide(d)))?;
        }
        writeln!(out, "</ul>")?;
    }
    writeln!(out, "</section>")
}

/// The findings, grouped by kind, each with the paragraphs of the
/// sections that explain it (folded, in `<details>`).
fn findings<W: Write>(
    out: &mut W,
    l: &Linted<'_>,
    hide: &dyn Fn(&str) -> String,
) -> io::Result<()> {
    let n = l.len();
    if n == 0 {
        return Ok(());
    }
    let groups = l.groups();
    writeln!(out, "<h3>Findings ({n})</h3>\n<table class=\"findings\">")?;
    writeln!(
        out,
        "<tr><th>severity</th><th>code</th><th>count</th><th>bytes</th><th>message and sections</th></tr>"
    )?;
    for g in groups.iter().take(LIST_LIMIT) {
        let f = &g.first;
        let severity = f.severity.as_str();
        let mut sections = String::new();
        for c in crate::spec::cite(f.code.cites()) {
            if let Some(s) = crate::spec::section(c.rfc, &c.section) {
                sections.push_str(&format!(
                    "<details class=\"rfc\"><summary>{}</summary><pre>{}</pre></details>",
                    escape(&c.to_string()),
                    escape(s.text.trim_end())
                ));
            } else {
                sections.push_str(&format!(
                    "<div class=\"dim\">{}</div>",
                    escape(&c.to_string())
                ));
            }
        }
        writeln!(
            out,
            "<tr class=\"finding\"><td class=\"{severity}\">{severity}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}{sections}</td></tr>",
            escape(f.code.as_str()),
            g.count,
            escape(&g.positions_text()),
            escape(&hide(&f.message)),
        )?;
    }
    writeln!(out, "</table>")?;
    if groups.len() > LIST_LIMIT {
        let rest: usize = groups[LIST_LIMIT..].iter().map(|g| g.count).sum();
        writeln!(out, "<p>…and {rest} more findings.</p>")?;
    }
    Ok(())
}

/// Segments, query pairs, host and scheme facts.
fn details<W: Write>(
    out: &mut W,
    a: &Analysis<'_>,
    hide: &dyn Fn(&str) -> String,
) -> io::Result<()> {
    if !a.segments.is_empty() {
        writeln!(out, "<h3>Path segments</h3>\n<table class=\"segments\">")?;
        writeln!(
            out,
            "<tr><th>#</th><th>raw</th><th>decoded</th><th></th></tr>"
        )?;
        for (i, s) in a.segments.iter().enumerate().take(LIST_LIMIT) {
            let decoded = s
                .decoded
                .as_deref()
                .map_or("<em>not UTF-8</em>".to_string(), |d| code(&hide(d), "path"));
            let dot = s.dot.map_or(String::new(), |d| {
                format!("dot segment <code>{d}</code> (§5.2.4)")
            });
            writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{decoded}</td><td>{dot}</td></tr>",
                i + 1,
                code(&hide(s.raw), "path")
            )?;
        }
        writeln!(out, "</table>")?;
    }
    if !a.query_pairs.is_empty() {
        writeln!(
            out,
            "<h3>Query pairs</h3>\n<p class=\"dim\">Split on <code>&amp;</code>; §3.4 gives the query no structure.</p>\n<table class=\"pairs\">"
        )?;
        writeln!(
            out,
            "<tr><th>key</th><th>value</th><th>key (form)</th><th>value (form)</th></tr>"
        )?;
        for p in a.query_pairs.iter().take(LIST_LIMIT) {
            let opt = |v: &Option<std::borrow::Cow<'_, str>>| {
                v.as_deref()
                    .map_or("<em>none</em>".to_string(), |v| code(&hide(v), "query"))
            };
            writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                code(&hide(p.key), "query"),
                p.value
                    .map_or("<em>no =</em>".to_string(), |v| code(&hide(v), "query")),
                opt(&p.key_form),
                opt(&p.value_form)
            )?;
        }
        writeln!(out, "</table>")?;
    }
    if let Some(h) = &a.host_details {
        let mut facts = Vec::new();
        if let Some(c) = &h.ipv6_canonical {
            facts.push(format!("RFC 5952 form {}", code(c, "host")));
        }
        if let Some(z) = h.zone {
            facts.push(format!("zone {} (RFC 6874)", code(z, "host")));
        }
        if let Some(i) = &h.idna {
            if let Some(x) = &i.ascii {
                facts.push(format!("ASCII (IDNA) {}", code(x, "host")));
            }
            if let Some(u) = &i.unicode {
                facts.push(format!("Unicode {}", code(u, "host")));
            }
            if let Some(e) = &i.error {
                facts.push(format!("IDNA error: {}", escape(e)));
            }
        }
        if !facts.is_empty() {
            writeln!(
                out,
                "<p class=\"host-details\"><strong>Host</strong> ({}): {}</p>",
                h.kind,
                facts.join("; ")
            )?;
        }
    }
    if let Some(s) = a.scheme_facts.as_ref().filter(|s| s.known) {
        let port = s
            .default_port
            .map_or(String::new(), |p| format!(", default port {p}"));
        writeln!(
            out,
            "<p class=\"scheme-facts\"><strong>Scheme</strong> {}: {}{port}, authority {}</p>",
            code(&s.name, "scheme"),
            escape(s.spec.unwrap_or("")),
            s.authority.unwrap_or("?")
        )?;
    }
    Ok(())
}

/// The report of one resolution as a `<section>`: base, reference,
/// target, and with a trace the §5.2 steps.
pub fn write_resolve<W: Write>(
    out: &mut W,
    base: &str,
    reference: &str,
    outcome: Result<(&str, Trace<'_>), &str>,
) -> io::Result<()> {
    let passwords: Vec<String> = [base, reference]
        .iter()
        .filter_map(|u| {
            let r = crate::uri::analyze(u, Default::default());
            crate::text::mask::password_span(&r).map(|s| s.slice(u).to_string())
        })
        .collect();
    writeln!(out, "<section class=\"resolve\">")?;
    writeln!(
        out,
        "<h2>Resolving {} against {}</h2>",
        code(&mask_password(reference), ""),
        code(&mask_password(base), "")
    )?;
    match outcome {
        Err(e) => writeln!(
            out,
            "<p><span class=\"error\">error</span>: {}</p>",
            escape(&hide_passwords(e, &passwords))
        )?,
        Ok((target, t)) => {
            writeln!(
                out,
                "<p class=\"target\"><strong>target</strong>: {}</p>",
                code(&mask_password(target), "")
            )?;
            let mut steps = Vec::new();
            let title = match t {
                Trace::None => "",
                Trace::Rfc3986(r) => {
                    super::trace::write_resolution_trace(&mut steps, r)?;
                    "RFC 3986 §5.2"
                }
                Trace::Rfc2396(r) => {
                    super::trace::write_rfc2396_trace(&mut steps, r)?;
                    "RFC 2396 §5.2"
                }
            };
            if !title.is_empty() {
                let steps =
                    hide_passwords(&String::from_utf8_lossy(&steps), &passwords).into_owned();
                writeln!(
                    out,
                    "<h3>Steps ({title})</h3>\n<pre class=\"steps\">{}</pre>",
                    escape_lines(&steps)
                )?;
            }
        }
    }
    writeln!(out, "</section>")
}

/// Multi-line text escaped line by line (its line breaks kept).
fn escape_lines(text: &str) -> String {
    text.lines().map(escape).collect::<Vec<_>>().join("\n")
}

/// The report of one normalization as a `<section>`: the result and,
/// with the ladder, each rung with its section and findings.
pub fn write_normalize<W: Write>(
    out: &mut W,
    input: &str,
    outcome: Result<(&str, Option<&Normalization>), &str>,
) -> io::Result<()> {
    writeln!(out, "<section class=\"normalize\">")?;
    writeln!(
        out,
        "<h2>Normalizing {}</h2>",
        code(&mask_password(input), "")
    )?;
    match outcome {
        Err(e) => writeln!(
            out,
            "<p><span class=\"error\">error</span>: {}</p>",
            escape(e)
        )?,
        Ok((normalized, ladder)) => {
            writeln!(
                out,
                "<p class=\"target\"><strong>normalized</strong>: {}</p>",
                code(&mask_password(normalized), "")
            )?;
            if let Some(n) = ladder {
                writeln!(out, "<h3>Steps</h3>\n<table class=\"steps\">")?;
                writeln!(
                    out,
                    "<tr><th>rung</th><th>section</th><th>after</th><th>changed</th></tr>"
                )?;
                for r in &n.rungs {
                    let changed = if r.before == r.after { "" } else { "yes" };
                    let mut notes = String::new();
                    for f in &r.findings {
                        notes.push_str(&format!(
                            "<div><span class=\"{0}\">{0}</span> <code>{1}</code>: {2}</div>",
                            f.severity,
                            escape(f.code.as_str()),
                            escape(&f.message)
                        ));
                    }
                    writeln!(
                        out,
                        "<tr><td>{}</td><td>{}</td><td>{}{notes}</td><td>{changed}</td></tr>",
                        escape(r.kind.name()),
                        escape(r.kind.section()),
                        code(&mask_password(&r.after), "")
                    )?;
                }
                writeln!(out, "</table>")?;
            }
        }
    }
    writeln!(out, "</section>")
}
