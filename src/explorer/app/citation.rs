//! What the RFC key (F8) opens: the RFC passages for what is under the
//! cursor or selected, pane by pane. The passages themselves come from
//! [`crate::spec`]; this module decides which ones on the input line, and
//! each pane in its
//! [`Component::citation`](super::component::Component::citation):
//!
//! - the input line: the URI Template expression under the cursor (its
//!   operator's section of RFC 6570), else the finding under the cursor —
//!   a template error, a `data:` finding, the parser's (its ABNF rule,
//!   then its code's sections) or the lint's (the shipped sections its
//!   message names, then its code's) — else the component under the
//!   cursor (then its scheme's own RFC); the first error only when the
//!   cursor is on nothing more specific (a delimiter, the line's end);
//! - Breakdown: the selected component's rule;
//! - Resolve: the remove_dot_segments rule (2A–2E) of the current row,
//!   else the §5.2.2 branch taken; the RFC 2396 step in that view;
//! - Compare: the rung the two URIs meet at (§6.2.x), else the ladder;
//! - Encode: the encode set's ABNF rule and section;
//! - Query: the rule of a query pair.

use super::{App, Focus};
use crate::spec::{self, Cite};
use crate::uri::data_url;
use crate::uri::template::{self, Variables};
use crate::uri::{self, Finding, ParseOptions, Span};

/// The passages for the current place: what it is about, an ABNF rule to
/// show first (RFC and name), and the sections, the most specific first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Citation {
    /// What the passages explain (`"the finding invalid-char at byte 9"`).
    pub about: String,
    /// An ABNF rule whose definition is shown above the sections.
    pub rule: Option<&'static str>,
    /// The sections, deduplicated, in order.
    pub cites: Vec<Cite>,
    /// A line of the first section to open at (its first line starting
    /// with this text, indentation aside): the rule 2E paragraph, the
    /// branch's condition, the RFC 2396 step.
    pub find: Option<String>,
}

impl Citation {
    /// No passage yet, about `about`.
    pub fn new(about: impl Into<String>) -> Citation {
        Citation {
            about: about.into(),
            ..Citation::default()
        }
    }

    /// Add the sections a citation string names.
    pub fn cite(mut self, text: &str) -> Citation {
        for c in spec::cite(text) {
            if !self.cites.contains(&c) {
                self.cites.push(c);
            }
        }
        self
    }

    /// Add the sections a finding's message names, those shipped only: the
    /// message cites the passage of this very case (`RFC 8089 Appendix
    /// E.2.2` for a `C|` drive), where the code's citation is general; and
    /// an RFC the message names only in passing (RFC 4648 for base64) has
    /// no text to open.
    fn cite_shipped(mut self, text: &str) -> Citation {
        for c in spec::cite(text) {
            if c.exists() && !self.cites.contains(&c) {
                self.cites.push(c);
            }
        }
        self
    }

    /// Show ABNF rule `name`'s definition (and cite its section first).
    pub fn rule(mut self, name: &'static str) -> Citation {
        if let Some(r) = spec::rule(None, name) {
            self.rule = Some(r.name);
            let c = Cite {
                rfc: r.rfc,
                section: r.section.to_string(),
            };
            if !self.cites.contains(&c) {
                self.cites.insert(0, c);
            }
        }
        self
    }
}

/// The first ABNF rule name of an `abnf` text (`"segment = *pchar; …"`).
pub fn first_rule(abnf: &'static str) -> Option<&'static str> {
    let name = abnf.split(" =").next()?.trim();
    (!name.is_empty() && !name.contains(' ')).then_some(name)
}

/// What F8 opens here.
pub fn current(app: &App) -> Citation {
    match app.focus {
        Focus::Input => input(app),
        Focus::Pane(p) | Focus::Field(p) => p.component().citation(app),
    }
}

/// Whether the cursor is on `span` (on its position, for an empty one).
fn under(span: Span, cursor: usize) -> bool {
    span.start <= cursor && cursor < span.end.max(span.start + 1)
}

/// A finding of the lint, the `data:` analysis or a template: the shipped
/// sections its message names, then its code's.
fn finding(f: &Finding) -> Citation {
    Citation::new(format!("{} at byte {}", f.code, f.span.start))
        .cite_shipped(&f.message)
        .cite(f.code.cites())
}

/// What F8 opens on the input line (see the module doc).
pub fn input(app: &App) -> Citation {
    let text = app.input.text();
    let cursor = app.input.cursor();
    // The more specific grammars first: on a template's `{` or a `data:`
    // URI's payload the generic parser's finding (a `{` is no URI
    // character) says less than theirs.
    if let Some(c) = template_at(text, cursor, &app.template_vars) {
        return c;
    }
    if let Some(c) = data_at(text, cursor) {
        return c;
    }
    let report = uri::analyze(text, ParseOptions::new().iri(true));
    // The parser's finding under the cursor, else the lint's, else the
    // parser's first error.
    let under_cursor = (0..report.len()).find(|&i| under(report.mark(i).span, cursor));
    let first_error =
        || (0..report.len()).find(|&i| report.mark(i).severity == uri::Severity::Error);
    let linted = || {
        uri::lint::lint_ref(&report.uri)
            .into_iter()
            .find(|f| under(f.span, cursor))
    };
    if under_cursor.is_none() {
        if let Some(f) = linted() {
            return finding(&f);
        }
    }
    let mark = |i: usize| {
        let m = report.mark(i);
        let mut c = Citation::new(format!("{} at byte {}", m.code, m.span.start));
        if let Some(rule) = report.rule(i) {
            c = c.rule(rule.name()).cite(rule.section());
        }
        c.cite(m.code.cites())
    };
    if let Some(i) = under_cursor {
        return mark(i);
    }
    let roles = super::breakdown::roles(&report);
    let role = roles
        .get(cursor.min(roles.len().saturating_sub(1)))
        .copied();
    let target = role.and_then(target_of);
    // The component under the cursor says more than an error elsewhere;
    // the cursor past the last character is on nothing: there, the first
    // error, else the last component.
    if let (Some(t), true) = (target, cursor < text.len()) {
        return component(t, text);
    }
    if let Some(i) = first_error() {
        return mark(i);
    }
    match target {
        Some(t) => component(t, text),
        None => Citation::new("a URI-reference")
            .rule("URI-reference")
            .cite("RFC 3986 §3")
            .cite(scheme_sections(text)),
    }
}

/// The component a role of the input line stands for (none for a
/// delimiter).
fn target_of(role: super::role::Role) -> Option<super::edit::Target> {
    Some(match role {
        super::role::Role::Scheme => super::edit::Target::Scheme,
        super::role::Role::Userinfo => super::edit::Target::Userinfo,
        super::role::Role::Host => super::edit::Target::Host,
        super::role::Role::Port => super::edit::Target::Port,
        super::role::Role::Path => super::edit::Target::Path,
        super::role::Role::Query => super::edit::Target::Query,
        super::role::Role::Fragment => super::edit::Target::Fragment,
        _ => return None,
    })
}

/// The URI Template expression under the cursor (its operator's section,
/// its modifiers', then §2.2 and Appendix A), or a varspec's expansion
/// error or the template's syntax error there. Nothing when `text` is no
/// template.
fn template_at(text: &str, cursor: usize, vars: &Variables) -> Option<Citation> {
    if !text.contains('{') {
        return None;
    }
    let t = match template::parse(text) {
        Ok(t) => t,
        // As the Breakdown's template section: an error counts when the
        // braces are closed, the input looking meant as a template.
        Err(e) => {
            let f = Finding::new(
                Span::empty(e.position),
                uri::Severity::Error,
                e.kind.code(),
                e.message(),
            );
            return (text.contains('}') && under(f.span, cursor)).then(|| finding(&f));
        }
    };
    // The cursor after the last character is on it, as for the component
    // under the cursor: a template typed or pasted ends in its `}`.
    let at = if cursor == text.len() {
        cursor.saturating_sub(1)
    } else {
        cursor
    };
    let e = t.expressions().find(|e| under(e.span, at))?;
    if e.varspecs.iter().any(|v| under(v.span, at)) {
        let parts = template::expand_parts(&t, vars);
        let error = parts
            .iter()
            .flat_map(|p| p.errors())
            .find(|err| under(err.span, at));
        if let Some(err) = error {
            let f = Finding::new(
                err.span,
                uri::Severity::Error,
                err.kind.code(),
                err.message(),
            );
            return Some(finding(&f));
        }
    }
    let op = e.operator;
    let mut c = Citation::new(format!(
        "the {} expression at bytes {}..{}",
        op.name(),
        e.span.start,
        e.span.end
    ))
    .cite(&format!("RFC 6570 §{}", op.section()));
    for s in e.varspecs.iter().filter_map(|v| v.modifier.section()) {
        c = c.cite(&format!("RFC 6570 §{s}"));
    }
    Some(c.cite(op.citation()))
}

/// The `data:` finding under the cursor (RFC 2397).
fn data_at(text: &str, cursor: usize) -> Option<Citation> {
    let f = match data_url::analyze(text)? {
        Ok(d) => d.findings.into_iter().find(|f| under(f.span, cursor))?,
        Err(e) => Some(e.finding()).filter(|f| under(f.span, cursor))?,
    };
    Some(finding(&f))
}

/// The sections of the input's scheme's own RFC (`RFC 6068 §2` for a
/// `mailto:` URI), or nothing.
fn scheme_sections(text: &str) -> &'static str {
    uri::component::split(text)
        .scheme
        .and_then(|s| spec::for_scheme(s.slice(text)))
        .unwrap_or("")
}

/// The rule and sections of component `t` of `text` (and its scheme's
/// own RFC).
pub fn component(t: super::edit::Target, text: &str) -> Citation {
    let (abnf, section) = t.rule();
    let c = Citation::new(format!("the {}", t.name()));
    let c = match first_rule(abnf) {
        Some(name) => c.rule(name),
        None => c,
    };
    c.cite(section).cite(scheme_sections(text))
}

/// The lines of passage `which` (the rule's definition first, for the
/// first passage; then the section's text and its subsections' titles),
/// each with whether it is a note rather than the RFC's text.
pub fn passage_lines(c: &Citation, which: usize) -> Vec<(String, bool)> {
    let mut body: Vec<(String, bool)> = vec![(format!("about {}", c.about), true)];
    let Some(cite) = c.cites.get(which) else {
        body.push((String::new(), false));
        body.push(("no RFC passage for this".to_string(), true));
        return body;
    };
    if which == 0 {
        if let Some(r) = c.rule.and_then(|name| spec::rule(Some(cite.rfc), name)) {
            body.push((String::new(), false));
            body.extend(r.definition.lines().map(|l| (l.to_string(), false)));
        }
    }
    body.push((String::new(), false));
    match spec::section(cite.rfc, &cite.section) {
        Some(s) => {
            body.extend(s.text.trim_end().lines().map(|l| (l.to_string(), false)));
            if !s.subsections.is_empty() {
                body.push((String::new(), false));
                body.push(("Subsections:".to_string(), true));
                for (id, t) in &s.subsections {
                    body.push((format!("  {id}  {t}"), true));
                }
            }
        }
        None => {
            let why = match spec::not_shipped(cite.rfc) {
                Some(t) => format!("RFC {} ({t}) is cited; its text is not shipped", cite.rfc),
                None => format!("{cite}: no such section"),
            };
            body.push((why, true));
        }
    }
    body
}

/// Where passage 0 opens: the line [`Citation::find`] names (one line
/// of context above it), else the top.
pub fn anchor(c: &Citation) -> usize {
    let Some(find) = &c.find else { return 0 };
    passage_lines(c, 0)
        .iter()
        .position(|(l, _)| l.trim_start().starts_with(find.as_str()))
        .map_or(0, |i| i.saturating_sub(1))
}
