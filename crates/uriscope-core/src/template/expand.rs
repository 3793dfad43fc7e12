//! Expansion (RFC 6570 §3): literals (§3.1) and expressions (§3.2, the
//! algorithm of Appendix A), as one string or part by part.

use std::fmt;

use super::operator::Operator;
use super::parse::{Expression, Modifier, Part, Template, VarSpec};
use super::value::{Value, ValueKind, Variables};
use crate::percent::escape;
use crate::syntax::chars::{is_pct_encoded_at, is_reserved, is_unreserved};
use crate::Span;

/// Why a template cannot be expanded with some variables: a prefix
/// modifier on a list or map (§2.4.1; §3.2.1 calls such templates
/// invalid). Only the values decide it, so [`parse`](fn@super::parse) cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandError {
    /// Byte offset of the varspec in the template.
    pub position: usize,
    /// The varspec, name and modifier.
    pub span: Span,
    /// The variable's name.
    pub name: String,
    /// What was wrong.
    pub kind: ExpandErrorKind,
}

/// The kinds of [`ExpandError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpandErrorKind {
    /// `:N` on a variable whose value is a list or a map.
    PrefixOnComposite {
        /// The prefix length written.
        length: u16,
        /// The kind of the value (list or map).
        value: ValueKind,
    },
}

impl ExpandErrorKind {
    /// A stable short name, for JSON: `prefix-on-composite`.
    #[must_use]
    pub const fn code(self) -> crate::Code {
        match self {
            ExpandErrorKind::PrefixOnComposite { .. } => crate::Code::PrefixOnComposite,
        }
    }
}

impl ExpandError {
    /// The message without the `position N: ` prefix.
    #[must_use]
    pub fn message(&self) -> String {
        match self.kind {
            ExpandErrorKind::PrefixOnComposite { length, value } => format!(
                "prefix modifier `:{length}` applies to strings only, and `{}` is a {} \
                 (RFC 6570 §2.4.1)",
                self.name,
                value.name()
            ),
        }
    }
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}: {}", self.position, self.message())
    }
}

impl std::error::Error for ExpandError {}

/// One part of a template with its expansion, for showing a template
/// expression by expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandedPart<'t> {
    /// The part of the template.
    pub part: &'t Part,
    /// Its expansion: the pct-encoded literal, or the expression's text
    /// (empty when no variable of it is defined).
    pub text: String,
    /// For an expression, one entry per varspec, in order; empty for a
    /// literal.
    pub vars: Vec<ExpandedVar<'t>>,
}

/// One varspec of an expression and what it contributed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandedVar<'t> {
    /// The varspec in the template.
    pub varspec: &'t VarSpec,
    /// The kind of its value; `None` when the variable is absent.
    pub value: Option<ValueKind>,
    /// Whether the variable is defined in the sense of §2.3 (present, and
    /// not an empty list or map). Undefined variables are skipped.
    pub defined: bool,
    /// What it contributed, without the `first` or `sep` string before it
    /// (`x=1024` in `{?x,y}`); empty when skipped.
    pub text: String,
    /// Why it was skipped although defined (a prefix on a list or map).
    pub error: Option<ExpandError>,
}

impl ExpandedPart<'_> {
    /// Where the part is in the template.
    #[must_use]
    pub fn span(&self) -> Span {
        self.part.span()
    }

    /// The expression, or `None` for a literal.
    #[must_use]
    pub fn expression(&self) -> Option<&Expression> {
        match self.part {
            Part::Expression(e) => Some(e),
            Part::Literal(_) => None,
        }
    }

    /// The errors of this part's varspecs, in order.
    pub fn errors(&self) -> impl Iterator<Item = &ExpandError> + '_ {
        self.vars.iter().filter_map(|v| v.error.as_ref())
    }
}

/// Expand a template (RFC 6570 §3): literals are copied, pct-encoding
/// every character that is not unreserved, reserved or part of a `%HH`
/// (§3.1); each expression follows Appendix A. Linear in the size of
/// the template and of the result; never panics.
///
/// A prefix modifier on a list or map makes the template invalid for
/// those variables (§2.4.1, §3.2.1): the first such varspec is the
/// error. [`expand_parts`] expands the rest anyway.
///
/// ```
/// use uriscope_core::template::{expand, parse, Value, Variables};
///
/// let mut vars = Variables::new();
/// vars.insert("user", "fred");
/// vars.insert("q", "50% off");
/// vars.insert("tags", Value::List(vec!["a".into(), "b".into()]));
/// let t = parse("/users/{user}/search{?q,tags*,page}").unwrap();
/// assert_eq!(expand(&t, &vars).unwrap(), "/users/fred/search?q=50%25%20off&tags=a&tags=b");
///
/// let bad = parse("{tags:1}").unwrap();
/// let e = expand(&bad, &vars).unwrap_err();
/// assert_eq!(e.position, 1);
/// assert_eq!(
///     e.to_string(),
///     "position 1: prefix modifier `:1` applies to strings only, and `tags` is a list (RFC 6570 §2.4.1)"
/// );
/// ```
pub fn expand(template: &Template, vars: &Variables) -> Result<String, ExpandError> {
    let mut out = String::with_capacity(template.as_str().len());
    for part in template.parts() {
        match part {
            Part::Literal(l) => encode_into(&mut out, &l.text, true),
            Part::Expression(e) => {
                let mut first = true;
                for spec in &e.varspecs {
                    let Some(value) = lookup(spec, vars)? else {
                        continue;
                    };
                    out.push_str(if first {
                        e.operator.first()
                    } else {
                        e.operator.separator()
                    });
                    first = false;
                    write_var(e.operator, spec, value, &mut out);
                }
            }
        }
    }
    Ok(out)
}

/// Expand a template part by part, for a display of each expression, its
/// operator, its variables and their contributions. The texts of the
/// parts joined are [`expand`]'s result when it succeeds; a varspec in
/// error is skipped (its [`ExpandedVar::error`] says why) and the rest
/// expanded.
///
/// ```
/// use uriscope_core::template::{expand_parts, parse, Variables};
///
/// let vars: Variables = [("x", "1024"), ("y", "768")].into_iter().collect();
/// let t = parse("map{?x,undef,y}").unwrap();
/// let parts = expand_parts(&t, &vars);
/// assert_eq!(parts[0].text, "map");
/// assert_eq!(parts[1].text, "?x=1024&y=768");
/// let contributed: Vec<_> = parts[1].vars.iter().map(|v| v.text.as_str()).collect();
/// assert_eq!(contributed, ["x=1024", "", "y=768"]);
/// assert!(!parts[1].vars[1].defined);
/// ```
#[must_use]
pub fn expand_parts<'t>(template: &'t Template, vars: &Variables) -> Vec<ExpandedPart<'t>> {
    template
        .parts()
        .iter()
        .map(|part| match part {
            Part::Literal(l) => {
                let mut text = String::with_capacity(l.text.len());
                encode_into(&mut text, &l.text, true);
                ExpandedPart {
                    part,
                    text,
                    vars: Vec::new(),
                }
            }
            Part::Expression(e) => {
                let mut text = String::new();
                let mut first = true;
                let mut out_vars = Vec::with_capacity(e.varspecs.len());
                for spec in &e.varspecs {
                    let present = vars.get(&spec.name);
                    let mut var = ExpandedVar {
                        varspec: spec,
                        value: present.map(Value::kind),
                        defined: present.is_some_and(Value::is_defined),
                        text: String::new(),
                        error: None,
                    };
                    match lookup(spec, vars) {
                        Err(err) => var.error = Some(err),
                        Ok(None) => {}
                        Ok(Some(value)) => {
                            write_var(e.operator, spec, value, &mut var.text);
                            text.push_str(if first {
                                e.operator.first()
                            } else {
                                e.operator.separator()
                            });
                            first = false;
                            text.push_str(&var.text);
                        }
                    }
                    out_vars.push(var);
                }
                ExpandedPart {
                    part,
                    text,
                    vars: out_vars,
                }
            }
        })
        .collect()
}

/// The value to expand for `spec`: `None` when undefined (absent, or an
/// empty list or map), an error for a prefix on a list or map.
fn lookup<'v>(spec: &VarSpec, vars: &'v Variables) -> Result<Option<&'v Value>, ExpandError> {
    let Some(value) = vars.get(&spec.name) else {
        return Ok(None);
    };
    if !value.is_defined() {
        return Ok(None);
    }
    if let Modifier::Prefix(length) = spec.modifier {
        if value.is_composite() {
            return Err(ExpandError {
                position: spec.span.start,
                span: spec.span,
                name: spec.name.clone(),
                kind: ExpandErrorKind::PrefixOnComposite {
                    length,
                    value: value.kind(),
                },
            });
        }
    }
    Ok(Some(value))
}

/// Appendix A for one defined variable, without the `first`/`sep` before it.
fn write_var(op: Operator, spec: &VarSpec, value: &Value, out: &mut String) {
    let allow = op.allows_reserved();
    let named = op.is_named();
    let explode = spec.modifier == Modifier::Explode;
    match value {
        Value::String(s) => {
            if named {
                out.push_str(&spec.name);
                out.push_str(if s.is_empty() { op.if_empty() } else { "=" });
            }
            let s = match spec.modifier {
                Modifier::Prefix(n) => prefix(s, n),
                _ => s,
            };
            encode_into(out, s, allow);
        }
        Value::List(items) if !explode => {
            if named {
                out.push_str(&spec.name);
                out.push('=');
            }
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                encode_into(out, item, allow);
            }
        }
        Value::Map(pairs) if !explode => {
            if named {
                out.push_str(&spec.name);
                out.push('=');
            }
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                encode_into(out, k, allow);
                out.push(',');
                encode_into(out, v, allow);
            }
        }
        Value::List(items) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(op.separator());
                }
                if named {
                    out.push_str(&spec.name);
                    out.push_str(if item.is_empty() { op.if_empty() } else { "=" });
                }
                encode_into(out, item, allow);
            }
        }
        Value::Map(pairs) => {
            for (i, (k, v)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push_str(op.separator());
                }
                encode_into(out, k, allow);
                out.push_str(if named && v.is_empty() {
                    op.if_empty()
                } else {
                    "="
                });
                encode_into(out, v, allow);
            }
        }
    }
}

/// The first `n` characters (Unicode scalar values, not bytes) of `s`
/// (§2.4.1).
fn prefix(s: &str, n: u16) -> &str {
    match s.char_indices().nth(usize::from(n)) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

/// Append `s` pct-encoded (§3.2.1): as UTF-8, every byte outside the
/// allowed set as `%HH`. U (`allow_reserved` false) keeps only
/// unreserved characters; U+R also keeps reserved characters and existing
/// `%HH` triplets (a `%` that starts none becomes `%25`).
fn encode_into(out: &mut String, s: &str, allow_reserved: bool) {
    let b = s.as_bytes();
    out.reserve(b.len());
    for (i, &c) in b.iter().enumerate() {
        let keep =
            is_unreserved(c) || (allow_reserved && (is_reserved(c) || is_pct_encoded_at(b, i)));
        if keep {
            out.push(char::from(c));
        } else {
            out.push_str(escape(c));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::parse;

    fn enc(s: &str, allow: bool) -> String {
        let mut out = String::new();
        encode_into(&mut out, s, allow);
        out
    }

    #[test]
    fn encoding_sets() {
        assert_eq!(enc("Hello World!", false), "Hello%20World%21");
        assert_eq!(enc("Hello World!", true), "Hello%20World!");
        assert_eq!(enc("50%", true), "50%25");
        assert_eq!(enc("%41%4", true), "%41%254");
        assert_eq!(enc("%41", false), "%2541");
        assert_eq!(enc("é/", false), "%C3%A9%2F");
        assert_eq!(enc("é/", true), "%C3%A9/");
        assert_eq!(enc("-._~", false), "-._~");
    }

    #[test]
    fn prefix_counts_characters() {
        assert_eq!(prefix("héllo", 2), "hé");
        assert_eq!(prefix("日本語", 9999), "日本語");
        assert_eq!(prefix("", 1), "");
    }

    #[test]
    fn parts_join_to_expand() {
        let vars: Variables = [("x", ""), ("y", "b")].into_iter().collect();
        for t in ["{x,y}", "{;x,y}", "{?undef,x}", "a{.x}b{/y,x}c"] {
            let t = parse(t).unwrap();
            let joined: String = expand_parts(&t, &vars)
                .into_iter()
                .map(|p| p.text)
                .collect();
            assert_eq!(joined, expand(&t, &vars).unwrap(), "{t}");
        }
    }

    #[test]
    fn error_skips_only_its_varspec() {
        let mut vars = Variables::new();
        vars.insert("l", Value::List(vec!["a".into()]));
        vars.insert("s", "text");
        vars.insert("e", Value::List(vec![]));
        let t = parse("{l:1,s:2,e:3}").unwrap();
        let parts = expand_parts(&t, &vars);
        assert_eq!(parts[0].text, "te");
        let errors: Vec<_> = parts[0].errors().map(|e| e.position).collect();
        assert_eq!(errors, [1]);
        // An empty list is undefined: no error for it.
        assert!(parts[0].vars[2].error.is_none());
        assert!(!parts[0].vars[2].defined);
        assert_eq!(expand(&t, &vars).unwrap_err().position, 1);
    }
}
