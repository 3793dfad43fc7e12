//! The template grammar (RFC 6570 §2): literals and expressions, each with
//! its byte span, and errors that name the position, the character found
//! and what the grammar expected there.

use std::fmt;
use std::str::FromStr;

use super::operator::{is_reserved_operator, Operator};
use crate::syntax::chars::{is_hexdig, is_iprivate, is_pct_encoded_at, is_ucschar};
use crate::Span;

/// The largest prefix length, `max-length = %x31-39 0*3DIGIT` (§2.4.1).
pub const MAX_PREFIX: u16 = 9999;

/// A parsed URI Template: the source text and its parts, in order.
///
/// Parsing is lenient about one thing only: characters in literals that
/// the `literals` rule of §2.1 leaves out (space, `"`, `'`, `<`, `>`,
/// `\`, `^`, `` ` ``, `|`, controls, a `%` that starts no `%HH`, ...)
/// are accepted and pct-encoded on expansion as §3.1 says; see
/// [`Template::non_literals`] to report them. `{` and `}` outside an
/// expression, and every mistake inside one, are errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    source: String,
    parts: Vec<Part>,
}

/// One part of a template: literal text or a `{...}` expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text copied (pct-encoded where needed) to the expansion.
    Literal(Literal),
    /// A `{...}` expression.
    Expression(Expression),
}

/// A run of literal text between expressions (§2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Literal {
    /// Where the text is in the template.
    pub span: Span,
    /// The text as written.
    pub text: String,
}

/// A `{...}` expression (§2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expression {
    /// Where the expression is in the template, braces included.
    pub span: Span,
    /// The operator (the character after `{`, if any).
    pub operator: Operator,
    /// The variables, in order (at least one).
    pub varspecs: Vec<VarSpec>,
}

/// One `varspec` of an expression: a variable name and its modifier (§2.3, §2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSpec {
    /// The variable name as written (case-sensitive; pct-triplets kept as
    /// written, and looked up that way).
    pub name: String,
    /// Where the varspec (name and modifier) is in the template.
    pub span: Span,
    /// Its value modifier.
    pub modifier: Modifier,
}

/// A value modifier (§2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier.
    None,
    /// `:N`: at most the first N characters (Unicode scalar values) of a
    /// string value, `1..=9999` (§2.4.1).
    Prefix(u16),
    /// `*`: explode a list or map into one item per member (§2.4.2).
    Explode,
}

impl Modifier {
    /// The RFC 6570 section defining the modifier: `2.4.1` for a prefix,
    /// `2.4.2` for explode, none without one.
    #[must_use]
    pub const fn section(self) -> Option<&'static str> {
        match self {
            Modifier::None => None,
            Modifier::Prefix(_) => Some("2.4.1"),
            Modifier::Explode => Some("2.4.2"),
        }
    }
}

/// Why a template does not parse: the byte position, the character found
/// there (`None` at the end of the template) and what was wrong.
///
/// ```
/// use uriscope_core::template::{parse, TemplateErrorKind};
///
/// let e = parse("/users/{id").unwrap_err();
/// assert_eq!(e.position, 10);
/// assert_eq!(e.found, None);
/// assert_eq!(e.kind, TemplateErrorKind::Unclosed { open: 7 });
/// assert_eq!(
///     e.to_string(),
///     "position 10: `}` expected, found end of template (the `{` at position 7 is not closed)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    /// Byte offset of the offending character (the template's length when
    /// the template ended too soon).
    pub position: usize,
    /// The offending character; `None` for the end of the template.
    pub found: Option<char>,
    /// What was wrong.
    pub kind: TemplateErrorKind,
}

/// The kinds of [`TemplateError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemplateErrorKind {
    /// The template ended inside an expression; `open` is the `{`.
    Unclosed {
        /// Byte offset of the unclosed `{`.
        open: usize,
    },
    /// A `}` outside any expression.
    StrayClose,
    /// `{}`: an expression needs at least one variable.
    EmptyExpression,
    /// `=`, `,`, `!`, `@` or `|` after `{`: operators reserved for future
    /// extensions (§2.2).
    ReservedOperator,
    /// A varname was expected (after `{`, the operator or a `,`): `ALPHA`,
    /// `DIGIT`, `_` or `%HH`.
    VarnameExpected,
    /// A `.` in a varname must be followed by a varname character (§2.3).
    VarcharAfterDot,
    /// `%` in a varname must be followed by two hex digits.
    HexDigitExpected,
    /// After `:`, a prefix length `1..=9999` without leading zero (§2.4.1).
    PrefixLengthExpected,
    /// The prefix length has a fifth digit (the limit is 9999).
    PrefixTooLong,
    /// After a varname: a varname character, `:`, `*`, `,` or `}`.
    InvalidVarnameChar,
    /// After a modifier: `,` or `}`.
    SeparatorExpected,
}

impl TemplateErrorKind {
    /// What the grammar expected at the position, in words.
    #[must_use]
    pub const fn expected(self) -> &'static str {
        match self {
            TemplateErrorKind::Unclosed { .. } => "`}`",
            TemplateErrorKind::StrayClose => "a literal character or `{`",
            TemplateErrorKind::EmptyExpression => "an operator or a varname",
            TemplateErrorKind::ReservedOperator => "an operator (`+ # . / ; ? &`) or a varname",
            TemplateErrorKind::VarnameExpected => "a varname (ALPHA, DIGIT, `_` or %HH)",
            TemplateErrorKind::VarcharAfterDot => "a varname character after `.`",
            TemplateErrorKind::HexDigitExpected => "a hex digit after `%` in a varname",
            TemplateErrorKind::PrefixLengthExpected => "a prefix length from 1 to 9999 after `:`",
            TemplateErrorKind::PrefixTooLong => "at most 4 prefix digits",
            TemplateErrorKind::InvalidVarnameChar => "a varname character, `:`, `*`, `,` or `}`",
            TemplateErrorKind::SeparatorExpected => "`,` or `}` after the modifier",
        }
    }

    /// A stable short name (`unclosed`, `stray-close`, ...), for JSON.
    #[must_use]
    pub const fn code(self) -> crate::Code {
        match self {
            TemplateErrorKind::Unclosed { .. } => crate::Code::Unclosed,
            TemplateErrorKind::StrayClose => crate::Code::StrayClose,
            TemplateErrorKind::EmptyExpression => crate::Code::EmptyExpression,
            TemplateErrorKind::ReservedOperator => crate::Code::ReservedOperator,
            TemplateErrorKind::VarnameExpected => crate::Code::VarnameExpected,
            TemplateErrorKind::VarcharAfterDot => crate::Code::VarcharAfterDot,
            TemplateErrorKind::HexDigitExpected => crate::Code::HexDigitExpected,
            TemplateErrorKind::PrefixLengthExpected => crate::Code::PrefixLengthExpected,
            TemplateErrorKind::PrefixTooLong => crate::Code::PrefixTooLong,
            TemplateErrorKind::InvalidVarnameChar => crate::Code::InvalidVarnameChar,
            TemplateErrorKind::SeparatorExpected => crate::Code::SeparatorExpected,
        }
    }
}

/// How a found character is named in messages: `` `x` ``, or its code
/// point for spaces, controls and other invisible characters.
fn found_text(found: Option<char>) -> String {
    match found {
        None => "end of template".to_owned(),
        Some(' ') => "a space".to_owned(),
        Some(c) if c.is_control() || c.is_whitespace() || is_invisible(c) => {
            format!("U+{:04X}", c as u32)
        }
        Some('`') => "a backtick".to_owned(),
        Some(c) => format!("`{c}`"),
    }
}

/// Format characters that draw nothing (soft hyphen, zero-width,
/// bidirectional controls, word joiners, the byte-order mark): named by
/// code point so a message shows them.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
    ) || crate::iri::is_bidi_control(c)
}

impl TemplateError {
    /// The message without the `position N: ` prefix.
    #[must_use]
    pub fn message(&self) -> String {
        let found = found_text(self.found);
        match self.kind {
            TemplateErrorKind::Unclosed { open } => {
                format!("`}}` expected, found {found} (the `{{` at position {open} is not closed)")
            }
            TemplateErrorKind::StrayClose => {
                "`}` outside an expression (a literal `}` must be written %7D, RFC 6570 §2.1)"
                    .to_owned()
            }
            TemplateErrorKind::EmptyExpression => {
                format!("an operator or a varname expected, found {found} (empty expression)")
            }
            TemplateErrorKind::ReservedOperator => format!(
                "operator {found} is reserved for future extensions (RFC 6570 §2.2); \
                 expected one of `+ # . / ; ? &` or a varname"
            ),
            TemplateErrorKind::PrefixTooLong => format!(
                "prefix length above 9999 (RFC 6570 §2.4.1: at most 4 digits), \
                 found a fifth digit {found}"
            ),
            kind => format!("{} expected, found {found}", kind.expected()),
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}: {}", self.position, self.message())
    }
}

impl std::error::Error for TemplateError {}

/// Parse a URI Template (RFC 6570 §2, levels 1 to 4).
///
/// Linear in the length of the template; never panics.
///
/// ```
/// use uriscope_core::template::{parse, Modifier, Operator, Part};
///
/// let t = parse("/search{?q,lang:2}").unwrap();
/// let Part::Expression(e) = &t.parts()[1] else { unreachable!() };
/// assert_eq!(e.operator, Operator::Query);
/// assert_eq!((e.span.start, e.span.end), (7, 18));
/// assert_eq!(e.varspecs[1].name, "lang");
/// assert_eq!(e.varspecs[1].modifier, Modifier::Prefix(2));
///
/// let err = parse("{=x}").unwrap_err();
/// assert_eq!(err.position, 1);
/// assert!(err.to_string().contains("reserved for future extensions"));
/// ```
pub fn parse(template: &str) -> Result<Template, TemplateError> {
    let bytes = template.as_bytes();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // A literal: up to the next brace (ASCII, so never inside a
        // multi-byte character).
        let start = i;
        while i < bytes.len() && bytes[i] != b'{' && bytes[i] != b'}' {
            i += 1;
        }
        if i > start {
            parts.push(Part::Literal(Literal {
                span: Span::new(start, i),
                text: template[start..i].to_owned(),
            }));
        }
        match bytes.get(i) {
            None => break,
            Some(b'}') => {
                return Err(TemplateError {
                    position: i,
                    found: Some('}'),
                    kind: TemplateErrorKind::StrayClose,
                })
            }
            Some(_) => {
                let (e, end) = expression(template, i)?;
                parts.push(Part::Expression(e));
                i = end;
            }
        }
    }
    Ok(Template {
        source: template.to_owned(),
        parts,
    })
}

/// A varname character that can start a varname or follow a `.`: `ALPHA`,
/// `DIGIT`, `_`, or the `%` of a pct-triplet.
fn is_varchar_start(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'%'
}

/// The expression whose `{` is at `open`; returns it and the offset just
/// past its `}`.
fn expression(s: &str, open: usize) -> Result<(Expression, usize), TemplateError> {
    let bytes = s.as_bytes();
    let err = |position: usize, kind: TemplateErrorKind| TemplateError {
        position,
        found: s[position..].chars().next(),
        kind,
    };
    // The end of the template inside an expression is always "unclosed".
    let unclosed = || TemplateError {
        position: s.len(),
        found: None,
        kind: TemplateErrorKind::Unclosed { open },
    };
    let mut i = open + 1;
    let operator = match bytes.get(i) {
        None => return Err(unclosed()),
        Some(b'}') => return Err(err(i, TemplateErrorKind::EmptyExpression)),
        Some(&b) => match Operator::from_char(b as char) {
            Some(op) => {
                i += 1;
                op
            }
            None if is_reserved_operator(b as char) => {
                return Err(err(i, TemplateErrorKind::ReservedOperator))
            }
            None => Operator::Simple,
        },
    };
    let mut varspecs = Vec::new();
    loop {
        let start = i;
        match bytes.get(i) {
            None => return Err(unclosed()),
            Some(&b) if is_varchar_start(b) => {}
            Some(_) => return Err(err(i, TemplateErrorKind::VarnameExpected)),
        }
        // varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
        loop {
            match bytes.get(i) {
                Some(&b) if b.is_ascii_alphanumeric() || b == b'_' => i += 1,
                Some(b'%') => {
                    for k in 1..=2 {
                        match bytes.get(i + k) {
                            None => return Err(unclosed()),
                            Some(&h) if is_hexdig(h) => {}
                            Some(_) => return Err(err(i + k, TemplateErrorKind::HexDigitExpected)),
                        }
                    }
                    i += 3;
                }
                Some(b'.') => {
                    i += 1;
                    match bytes.get(i) {
                        None => return Err(unclosed()),
                        Some(&b) if is_varchar_start(b) => {}
                        Some(_) => return Err(err(i, TemplateErrorKind::VarcharAfterDot)),
                    }
                }
                _ => break,
            }
        }
        let name = s[start..i].to_owned();
        let modifier = match bytes.get(i) {
            Some(b':') => {
                i += 1;
                match bytes.get(i) {
                    None => return Err(unclosed()),
                    Some(b'1'..=b'9') => {}
                    Some(_) => return Err(err(i, TemplateErrorKind::PrefixLengthExpected)),
                }
                let digits = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    if i - digits == 4 {
                        return Err(err(i, TemplateErrorKind::PrefixTooLong));
                    }
                    i += 1;
                }
                // 1 to 4 ASCII digits, the first non-zero: always fits.
                let n = s[digits..i].parse::<u16>().unwrap_or(MAX_PREFIX);
                Modifier::Prefix(n)
            }
            Some(b'*') => {
                i += 1;
                Modifier::Explode
            }
            _ => Modifier::None,
        };
        varspecs.push(VarSpec {
            name,
            span: Span::new(start, i),
            modifier,
        });
        match bytes.get(i) {
            None => return Err(unclosed()),
            Some(b',') => i += 1,
            Some(b'}') => {
                i += 1;
                break;
            }
            Some(_) if modifier == Modifier::None => {
                return Err(err(i, TemplateErrorKind::InvalidVarnameChar))
            }
            Some(_) => return Err(err(i, TemplateErrorKind::SeparatorExpected)),
        }
    }
    Ok((
        Expression {
            span: Span::new(open, i),
            operator,
            varspecs,
        },
        i,
    ))
}

/// Whether `c` is in the `literals` rule of §2.1, ignoring `%` (whose
/// validity depends on what follows it).
fn is_literal_char(c: char) -> bool {
    match c {
        '\u{21}' | '\u{23}'..='\u{24}' | '\u{26}' | '\u{28}'..='\u{3B}' | '\u{3D}' => true,
        '\u{3F}'..='\u{5B}' | '\u{5D}' | '\u{5F}' | '\u{61}'..='\u{7A}' | '\u{7E}' => true,
        c if c.is_ascii() => false,
        c => is_ucschar(c) || is_iprivate(c),
    }
}

/// Whether `name` is a valid `varname` (§2.3): `varchar *( ["."] varchar )`
/// with `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
///
/// ```
/// use uriscope_core::template::is_varname;
/// assert!(is_varname("a.b_2"));
/// assert!(is_varname("caf%C3%A9"));
/// assert!(!is_varname("a..b") || !is_varname(".a") || !is_varname(""));
/// assert!(!is_varname("a-b"));
/// ```
#[must_use]
pub fn is_varname(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = 0;
    let mut after_dot = true; // At the start a varchar is required, as after a dot.
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_alphanumeric() || c == b'_' => i += 1,
            b'%' if is_pct_encoded_at(b, i) => i += 3,
            b'.' if !after_dot => {
                i += 1;
                after_dot = true;
                continue;
            }
            _ => return false,
        }
        after_dot = false;
    }
    !after_dot
}

impl Literal {
    /// The characters of this literal outside the `literals` rule of §2.1,
    /// with their byte offsets in the template: a `%` not starting `%HH`,
    /// space, controls, `"`, `'`, `<`, `>`, `\`, `^`, `` ` ``, `|`, and
    /// non-ASCII characters that are neither `ucschar` nor `iprivate`.
    /// [`parse`] accepts them; expansion pct-encodes them (§3.1), except
    /// `'`, which is a URI sub-delim and so is copied as it is.
    pub fn non_literals(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        let b = self.text.as_bytes();
        self.text.char_indices().filter_map(move |(i, c)| {
            let ok = if c == '%' {
                is_pct_encoded_at(b, i)
            } else {
                is_literal_char(c)
            };
            (!ok).then_some((self.span.start + i, c))
        })
    }
}

impl Template {
    /// The template text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The parts, in order; adjacent literal text is one part, and the
    /// spans cover the template without gaps.
    #[must_use]
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The expressions, in order.
    pub fn expressions(&self) -> impl Iterator<Item = &Expression> + '_ {
        self.parts.iter().filter_map(|p| match p {
            Part::Expression(e) => Some(e),
            Part::Literal(_) => None,
        })
    }

    /// Every varspec of every expression, in order (a name may repeat).
    pub fn varspecs(&self) -> impl Iterator<Item = &VarSpec> + '_ {
        self.expressions().flat_map(|e| e.varspecs.iter())
    }

    /// The characters of the literals outside the `literals` rule of §2.1
    /// (see [`Literal::non_literals`]), with their byte offsets: what a
    /// strict parser would reject.
    pub fn non_literals(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        self.parts
            .iter()
            .flat_map(|p| match p {
                Part::Literal(l) => Some(l.non_literals()),
                Part::Expression(_) => None,
            })
            .flatten()
    }

    /// The lowest level of §1.2 that has every feature the template uses:
    /// 1 (simple `{var}`), 2 (`+` and `#`), 3 (several variables, the
    /// `. / ; ? &` operators), 4 (prefix and explode modifiers). A template
    /// without expressions is level 1.
    #[must_use]
    pub fn level(&self) -> u8 {
        self.expressions()
            .map(|e| {
                if e.varspecs.iter().any(|v| v.modifier != Modifier::None) {
                    4
                } else if e.varspecs.len() > 1
                    || !matches!(
                        e.operator,
                        Operator::Simple | Operator::Reserved | Operator::Fragment
                    )
                {
                    3
                } else if e.operator == Operator::Simple {
                    1
                } else {
                    2
                }
            })
            .max()
            .unwrap_or(1)
    }
}

impl Part {
    /// Where the part is in the template.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Part::Literal(l) => l.span,
            Part::Expression(e) => e.span,
        }
    }
}

impl fmt::Display for Template {
    /// The template text as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

impl FromStr for Template {
    type Err = TemplateError;

    fn from_str(s: &str) -> Result<Template, TemplateError> {
        parse(s)
    }
}

impl fmt::Display for Modifier {
    /// The modifier as written: ``, `:N` or `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modifier::None => Ok(()),
            Modifier::Prefix(n) => write!(f, ":{n}"),
            Modifier::Explode => f.write_str("*"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(t: &str) -> (usize, Option<char>, TemplateErrorKind) {
        let e = parse(t).unwrap_err();
        (e.position, e.found, e.kind)
    }

    #[test]
    fn parts_and_spans() {
        let t = parse("a{b}c{+d,e:3,f*}").unwrap();
        assert_eq!(t.parts().len(), 4);
        let spans: Vec<_> = t
            .parts()
            .iter()
            .map(|p| (p.span().start, p.span().end))
            .collect();
        assert_eq!(spans, [(0, 1), (1, 4), (4, 5), (5, 16)]);
        let Part::Expression(e) = &t.parts()[3] else {
            panic!("expression expected")
        };
        assert_eq!(e.operator, Operator::Reserved);
        let names: Vec<_> = e.varspecs.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["d", "e", "f"]);
        let mods: Vec<_> = e.varspecs.iter().map(|v| v.modifier).collect();
        assert_eq!(
            mods,
            [Modifier::None, Modifier::Prefix(3), Modifier::Explode]
        );
        assert_eq!(e.varspecs[1].span, Span::new(9, 12));
        assert_eq!(t.to_string(), "a{b}c{+d,e:3,f*}");
        assert_eq!(t.level(), 4);
    }

    #[test]
    fn empty_template_has_no_parts() {
        assert!(parse("").unwrap().parts().is_empty());
    }

    #[test]
    fn varnames() {
        for ok in ["{a.b}", "{a%20b}", "{_}", "{9}", "{a.b.c:9999}", "{A%2f.x}"] {
            assert!(parse(ok).is_ok(), "{ok}");
        }
        assert_eq!(
            kind("{a..b}"),
            (3, Some('.'), TemplateErrorKind::VarcharAfterDot)
        );
        assert_eq!(
            kind("{a.}"),
            (3, Some('}'), TemplateErrorKind::VarcharAfterDot)
        );
        assert_eq!(
            kind("{+.a}"),
            (2, Some('.'), TemplateErrorKind::VarnameExpected)
        );
        assert_eq!(
            kind("{a%2g}"),
            (4, Some('g'), TemplateErrorKind::HexDigitExpected)
        );
        assert_eq!(
            kind("{a-b}"),
            (2, Some('-'), TemplateErrorKind::InvalidVarnameChar)
        );
        assert_eq!(
            kind("{é}"),
            (1, Some('é'), TemplateErrorKind::VarnameExpected)
        );
        assert_eq!(
            kind("{a,}"),
            (3, Some('}'), TemplateErrorKind::VarnameExpected)
        );
    }

    #[test]
    fn prefixes() {
        assert!(parse("{a:1}").is_ok());
        assert!(parse("{a:9999}").is_ok());
        assert_eq!(
            kind("{a:0}"),
            (3, Some('0'), TemplateErrorKind::PrefixLengthExpected)
        );
        assert_eq!(
            kind("{a:}"),
            (3, Some('}'), TemplateErrorKind::PrefixLengthExpected)
        );
        assert_eq!(
            kind("{a:10000}"),
            (7, Some('0'), TemplateErrorKind::PrefixTooLong)
        );
        assert_eq!(
            kind("{a:3*}"),
            (4, Some('*'), TemplateErrorKind::SeparatorExpected)
        );
        assert_eq!(
            kind("{a*:3}"),
            (3, Some(':'), TemplateErrorKind::SeparatorExpected)
        );
    }

    #[test]
    fn braces_and_operators() {
        assert_eq!(kind("ab}"), (2, Some('}'), TemplateErrorKind::StrayClose));
        assert_eq!(
            kind("x{}"),
            (2, Some('}'), TemplateErrorKind::EmptyExpression)
        );
        assert_eq!(
            kind("{"),
            (1, None, TemplateErrorKind::Unclosed { open: 0 })
        );
        assert_eq!(
            kind("é{a,b"),
            (6, None, TemplateErrorKind::Unclosed { open: 2 })
        );
        assert_eq!(
            kind("{a:12"),
            (5, None, TemplateErrorKind::Unclosed { open: 0 })
        );
        assert_eq!(
            kind("{a{b}"),
            (2, Some('{'), TemplateErrorKind::InvalidVarnameChar)
        );
        for op in "=,!@|".chars() {
            let t = format!("{{{op}x}}");
            assert_eq!(kind(&t), (1, Some(op), TemplateErrorKind::ReservedOperator));
        }
    }

    #[test]
    fn messages() {
        assert_eq!(
            parse("{var:0}").unwrap_err().to_string(),
            "position 5: a prefix length from 1 to 9999 after `:` expected, found `0`"
        );
        assert_eq!(
            parse("{a b}").unwrap_err().to_string(),
            "position 2: a varname character, `:`, `*`, `,` or `}` expected, found a space"
        );
        assert_eq!(
            parse("{|x}").unwrap_err().to_string(),
            "position 1: operator `|` is reserved for future extensions (RFC 6570 §2.2); \
             expected one of `+ # . / ; ? &` or a varname"
        );
    }

    #[test]
    fn varname_predicate() {
        for ok in ["a", "a.b", "%41", "x_1.y"] {
            assert!(is_varname(ok), "{ok}");
        }
        for bad in ["", ".", ".a", "a.", "a..b", "%4", "%zz", "a b", "é"] {
            assert!(!is_varname(bad), "{bad}");
        }
    }

    #[test]
    fn non_literal_characters() {
        let t = parse("a b{x}'%%41é\u{80}").unwrap();
        let found: Vec<_> = t.non_literals().collect();
        assert_eq!(found, [(1, ' '), (6, '\''), (7, '%'), (13, '\u{80}')]);
    }

    #[test]
    fn levels() {
        let level = |t: &str| parse(t).unwrap().level();
        assert_eq!(level("x"), 1);
        assert_eq!(level("{x}"), 1);
        assert_eq!(level("{#x}"), 2);
        assert_eq!(level("{x,y}"), 3);
        assert_eq!(level("{?x}"), 3);
        assert_eq!(level("{x*}"), 4);
    }
}
