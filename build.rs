//! Build step: index the RFC texts under `assets/rfc/` by section and by
//! ABNF rule, so `uriscope rfc` and the explorer's RFC overlay read them
//! from the binary with no I/O and no parsing at run time.
//!
//! For each `assets/rfc/rfcNNNN.txt` it writes to `OUT_DIR`:
//! - `rfcNNNN.txt`: the text without page breaks, page headers and footers
//!   (runs of blank lines left by them become one);
//! - `rfc_index.rs`: one `Doc` per RFC, with the byte ranges (into that
//!   text) of every section (a heading at column 0: `5.2.4.  Remove Dot
//!   Segments`, `Appendix A.  Collected ABNF`, `C.1.  Normal Examples`)
//!   and of every ABNF rule definition (an indented `name = …` line and
//!   the more-indented lines continuing it; `name := …` in an RFC that
//!   writes its grammar that way, as RFC 2397 does).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new("assets/rfc");
    println!("cargo:rerun-if-changed=assets/rfc");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("assets/rfc")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            (name.starts_with("rfc") && name.ends_with(".txt")).then_some(name)
        })
        .collect();
    names.sort_by_key(|n| number(n));
    let mut index = String::from("&[\n");
    for name in &names {
        println!("cargo:rerun-if-changed=assets/rfc/{name}");
        let raw = std::fs::read_to_string(dir.join(name)).expect("read an RFC");
        let text = clean(&raw);
        std::fs::write(Path::new(&out).join(name), &text).expect("write the cleaned RFC");
        let sections = sections(&text);
        // An RFC writes its grammar in one notation: ABNF's `=`, or, in
        // the older RFC 2397, BNF's `:=`. Where `=` rules exist, `:=` lines
        // are something else (RFC 6570's example variables, `var := "value"`).
        let mut found = rules(&text, &sections, "=");
        if found.is_empty() {
            found = rules(&text, &sections, ":=");
        }
        let rules = found;
        let title = title(&text);
        let _ = writeln!(
            index,
            "    Doc {{ rfc: {}, title: {title:?}, text: include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\")),",
            number(name)
        );
        index.push_str("        sections: &[\n");
        for s in &sections {
            let _ = writeln!(
                index,
                "            SectionRange {{ id: {:?}, title: {:?}, start: {}, end: {} }},",
                s.id, s.title, s.start, s.end
            );
        }
        index.push_str("        ],\n        rules: &[\n");
        for r in &rules {
            let _ = writeln!(
                index,
                "            RuleRange {{ name: {:?}, section: {:?}, start: {}, end: {} }},",
                r.name, r.section, r.start, r.end
            );
        }
        index.push_str("        ],\n    },\n");
    }
    index.push_str("]\n");
    std::fs::write(Path::new(&out).join("rfc_index.rs"), index).expect("write the index");
}

fn number(name: &str) -> u32 {
    name.trim_start_matches("rfc")
        .trim_end_matches(".txt")
        .parse()
        .expect("assets/rfc/rfcNNNN.txt")
}

/// Drop form feeds, page footers (`… [Page N]`) and page headers (`RFC NNNN
/// … date` after a form feed); collapse the blank lines around them.
///
/// A paragraph cut by a page break is joined again: across a break, the
/// blank lines go when the line before it ends mid-sentence (no `.`,
/// `:`, `!` or `?`) and the line after it is indented as it is.
fn clean(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut after_break = false;
    let mut broke = false;
    let mut blank_run = 0;
    let mut last = String::new();
    let indent = |l: &str| l.len() - l.trim_start().len();
    for line in raw.lines() {
        // Look for the form feed before trimming: it is whitespace, and a
        // page break trimmed to an empty line would leave the next page's
        // header in the text.
        if line.contains('\u{c}') {
            after_break = true;
            broke = true;
            continue;
        }
        let line = line.trim_end();
        let footer = line.ends_with(']') && line.contains("[Page ");
        let header = after_break && line.starts_with("RFC ");
        if footer || header {
            after_break = false;
            continue;
        }
        if line.is_empty() {
            blank_run += 1;
            continue;
        }
        let mid_sentence = broke
            && !last.is_empty()
            && indent(&last) == indent(line)
            && !last.ends_with(['.', ':', '!', '?']);
        if blank_run > 0 && !out.is_empty() && !mid_sentence {
            out.push('\n');
        }
        blank_run = 0;
        after_break = false;
        broke = false;
        out.push_str(line);
        out.push('\n');
        last.clear();
        last.push_str(line);
    }
    out
}

/// The RFC's title: the lines after the front matter's first blank line,
/// up to the next blank line, joined.
fn title(text: &str) -> String {
    text.lines()
        .skip_while(|l| !l.is_empty())
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

struct Section {
    id: String,
    title: String,
    start: usize,
    end: usize,
}

/// `5.2.4.  Title` → ("5.2.4", "Title"); `Appendix A.  Title` → ("A",
/// …); `C.1.  Title` → ("C.1", …). Only at column 0.
fn heading(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("Appendix ").unwrap_or(line);
    let end = rest.find(' ')?;
    let id = rest[..end].trim_end_matches('.');
    let title = rest[end..].trim();
    let mut parts = id.split('.');
    let first = parts.next()?;
    let first_ok = first.chars().all(|c| c.is_ascii_digit()) && !first.is_empty()
        || (first.len() == 1 && first.chars().all(|c| c.is_ascii_uppercase()));
    let rest_ok = parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    // A title starts with a letter, lower case too (RFC 8141's
    // `2.3.1.  r-component`), or a quote or angle bracket (RFC 5952's
    // `4.2.  "::" Usage`, RFC 8089's `E.3.1.  <file> URI with Authority`).
    let title_ok = title
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '"' || c == '<')
        && !title.contains("....")
        && title.len() < 70;
    (first_ok && rest_ok && title_ok).then(|| (id.to_string(), title.to_string()))
}

fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if !line.starts_with(' ') {
            if let Some((id, title)) = heading(line.trim_end()) {
                if !out.iter().any(|s| s.id == id) {
                    if let Some(last) = out.last_mut() {
                        last.end = at;
                    }
                    out.push(Section {
                        id,
                        title,
                        start: at,
                        end: text.len(),
                    });
                }
            }
        }
        at += line.len();
    }
    // Front matter and references have no rules worth keeping, but every
    // heading found is a section.
    out
}

struct Rule {
    name: String,
    section: String,
    start: usize,
    end: usize,
}

/// An indented ABNF definition: `   name = …` or `   name =/ …` (with `op`
/// `"="`; `   name := …` with `":="`), then the lines indented deeper than
/// the name that continue it. A definition ending in `;` is a C statement
/// (RFC 3492's sample implementation), not a rule.
fn rules(text: &str, sections: &[Section], op: &str) -> Vec<Rule> {
    let lines: Vec<(usize, &str)> = {
        let mut at = 0;
        text.split_inclusive('\n')
            .map(|l| {
                let start = at;
                at += l.len();
                (start, l)
            })
            .collect()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (start, line) = lines[i];
        let indent = line.len() - line.trim_start().len();
        let body = line.trim();
        let name_end = body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(body.len());
        let name = &body[..name_end];
        let after = body[name_end..].trim_start();
        let defines = match op {
            "=" => {
                (after.starts_with("= ") || after.starts_with("=/") || after == "=")
                    && !after.starts_with("==")
            }
            _ => after.starts_with(":= "),
        };
        let is_rule = indent >= 3
            && !name.is_empty()
            && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && defines;
        if !is_rule {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < lines.len() {
            let l = lines[j].1;
            let ind = l.len() - l.trim_start().len();
            if l.trim().is_empty() || ind <= indent {
                break;
            }
            j += 1;
        }
        let end = lines.get(j).map_or(text.len(), |l| l.0);
        let last = text[start..end].trim_end();
        if last.ends_with(';') && !last.ends_with("\";\"") {
            i = j;
            continue;
        }
        let section = sections
            .iter()
            .rev()
            .find(|s| s.start <= start)
            .map(|s| s.id.clone())
            .unwrap_or_default();
        out.push(Rule {
            name: name.to_string(),
            section,
            start,
            end,
        });
        i = j;
    }
    out
}
