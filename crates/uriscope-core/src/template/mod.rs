//! URI Templates (RFC 6570): parse a template with positions, expand it.
//!
//! All four levels of §1.2. [`parse`] turns a template into [`Part`]s:
//! literals and `{...}` expressions, each with its byte [`Span`](crate::Span),
//! its [`Operator`] and its [`VarSpec`]s (name, span, [`Modifier`]). A
//! template that breaks the grammar is a [`TemplateError`] naming the byte
//! position, the character found and what was expected there. [`expand`]
//! follows the algorithm of Appendix A with [`Variables`] (a variable
//! absent from them is undefined); [`expand_parts`] gives the same
//! result part by part, with each varspec's contribution, for a display.
//!
//! Decisions where the RFC leaves room:
//!
//! - Literal characters outside §2.1 `literals` (space, `"`, `<`, `>`,
//!   `\`, `^`, `` ` ``, `|`, controls, non-ASCII outside `ucschar`, a `%`
//!   not starting `%HH`) are accepted, not errors: expansion pct-encodes
//!   them as UTF-8, as §3.1 says of any literal not allowed in a URI.
//!   `'`, excluded from `literals` but a URI sub-delim, is copied as is
//!   (§3.1 copies reserved characters). [`Template::non_literals`] lists
//!   them all for a strict caller. `{` and `}` outside an expression are
//!   errors.
//! - A prefix modifier on a list or map (§2.4.1: "not applicable"; §3.2.1:
//!   such a template is invalid) is an [`ExpandError`]: [`expand`] fails,
//!   [`expand_parts`] skips that varspec and records the error.
//! - A prefix counts Unicode scalar values (`char`s), never bytes, and is
//!   taken before encoding, so an escape is never split.
//! - Maps keep insertion order; empty lists and maps are undefined (§2.3).
//!
//! Parsing and expansion are linear in the size of the template and of the
//! result, and never panic. No I/O.
//!
//! ```
//! use uriscope_core::template::{expand, parse, Value, Variables};
//!
//! let t = parse("http://example.com/{user}{/path*}{?q}").unwrap();
//! let mut vars = Variables::new();
//! vars.insert("user", "~fred");
//! vars.insert("path", Value::List(vec!["a b".into(), "c".into()]));
//! assert_eq!(expand(&t, &vars).unwrap(), "http://example.com/~fred/a%20b/c");
//! ```

mod expand;
mod operator;
mod parse;
mod value;

pub use expand::{expand, expand_parts, ExpandError, ExpandErrorKind, ExpandedPart, ExpandedVar};
pub use operator::{is_reserved_operator, Operator};
pub use parse::{
    is_varname, parse, Expression, Literal, Modifier, Part, Template, TemplateError,
    TemplateErrorKind, VarSpec, MAX_PREFIX,
};
pub use value::{Value, ValueKind, Variables};
