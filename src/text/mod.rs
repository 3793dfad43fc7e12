//! Terminal-safe text: the one room for how user text is shown. Text
//! from a user (a URI, a pasted line) may hold control characters, bidi
//! controls and invisible format characters; none reaches a terminal raw.
//! Each medium has one escaping syntax:
//!
//! | medium | module | ESC | U+202E | why this syntax |
//! |---|---|---|---|---|
//! | the explorer's screen | [`screen`] | `␛` | `<U+202E>` | one cell a control, readable at a glance |
//! | plain CLI output | [`plain`] | `\x1b` | `\u{202e}` | survives copy and paste, can be typed back |
//! | JSON output | [`json`] | `\u001b` | `\u202e` | JSON's own escapes; every reader decodes them |
//!
//! Which of the two kinds of output a line is — an *answer*, written
//! exactly, or an *explanation* that quotes user text visibly — is
//! decided in one place, [`answer`].
//!
//! Beside escaping: display width and the byte-to-column map
//! ([`screen::Columns`], the one place offsets become columns), fitting
//! and wrapping to a width ([`wrap`]), and password masking ([`mask`],
//! RFC 3986 §7.5).

pub mod answer;
pub mod diag;
pub mod diagram;
pub mod json;
pub mod lines;
pub mod mask;
pub mod plain;
pub mod quote;
pub mod quoted;
pub mod screen;
pub mod wrap;

mod boundary;
mod columns_edit;

pub use boundary::{glyph_after, glyph_before, glyph_start_at};
pub use screen::{
    clip, fit, glyphs, is_invisible_format, visible, width, Columns, Glyph, Glyphs, MAX_GLYPH,
};
